"""The measurement of re-deals against real hands (``tools/kept_hands.py``): its weighted
re-deal agrees with everything the observer knows and leans towards rich hands."""

from __future__ import annotations

import functools
import random
import statistics
import sys
from pathlib import Path

import pytest

from scout_core import Game
from scout_core.bots import make
from scout_core.bots.determinize import Knowledge
from scout_core.bots.handeval import hand_value

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool and its matches are CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import kept_hands  # noqa: E402 - tools/ is put on the path above


def _after_shows(players: int, seed: int) -> Game:
    """A game of ``normal`` players stopped once some seat other than the one to move has
    made three shows this round."""
    game = Game.new(players=players, rounds=1, seed=seed)
    bot = make("normal")
    rng = random.Random(seed)
    while game.phase != "over":
        seat = game.to_move
        assert seat is not None
        shows = kept_hands.shows_made(game.observation(seat))
        if game.phase == "play" and max(n for s, n in enumerate(shows) if s != seat) >= 3:
            return game
        game = game.play(bot.choose(game.observation(seat), rng))
    raise AssertionError(f"seed {seed}: no seat made three shows")


def test_weighted_re_deals_agree_with_what_the_observer_knows() -> None:
    for players in (3, 4, 5):
        game = _after_shows(players, seed=players)
        seat = game.to_move
        assert seat is not None
        observation = game.observation(seat)
        knowledge = Knowledge(observation)
        rng = random.Random(1)
        for _ in range(8):
            world = kept_hands.sample_kept(knowledge, rng, weight=1.0)
            assert world.hands[seat] == observation.hand
            assert tuple(len(h) for h in world.hands) == observation.hand_sizes
            assert world.table == observation.table
            pairs = [c.pair for h in world.hands for c in h] + [c.pair for c in world.table]
            assert len(pairs) == len(set(pairs)), "a card dealt twice"


def test_weighted_re_deals_give_richer_hands_to_seats_that_have_shown() -> None:
    game = _after_shows(3, seed=3)
    seat = game.to_move
    assert seat is not None
    observation = game.observation(seat)
    knowledge = Knowledge(observation)
    shows = kept_hands.shows_made(observation)
    shown = max((s for s in range(3) if s != seat), key=lambda s: shows[s])

    def mean_worth(draw: kept_hands.Sampler) -> float:
        rng = random.Random(7)
        worths = []
        for _ in range(200):
            world = draw(knowledge, rng)
            worths.append(hand_value([c.value for c in world.hands[shown]]))
        return statistics.fmean(worths)

    plain = mean_worth(Knowledge.sample)
    kept = mean_worth(functools.partial(kept_hands.sample_kept, weight=1.0))
    assert kept > plain + 0.3


def test_with_no_show_yet_a_weighted_re_deal_is_a_plain_one() -> None:
    game = Game.new(players=3, rounds=1, seed=5)
    bot = make("normal")
    while game.phase == "orient":
        seat = game.to_move
        assert seat is not None
        game = game.play(bot.choose(game.observation(seat), random.Random(0)))
    seat = game.to_move
    assert seat is not None
    knowledge = Knowledge(game.observation(seat))
    assert kept_hands.sample_kept(knowledge, random.Random(2), weight=1.0) == knowledge.sample(
        random.Random(2)
    )
