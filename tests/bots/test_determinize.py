"""Re-dealt worlds agree with everything the observer knows, and with the rules."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable

import pytest

from scout_core import Game, Position
from scout_core.bots import make
from scout_core.bots.determinize import KeptHands, Knowledge, shows_made
from scout_core.bots.handeval import hand_value
from scout_core.cards import deck_for

from .conftest import varied_games


def _play_phase_games(players: int) -> list[Game]:
    return [g for g in varied_games(players, 16, seed=70 + players) if g.phase == "play"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sampled_worlds_are_consistent(players: int) -> None:
    rng = random.Random(players)
    for game in _play_phase_games(players):
        seat = game.to_move
        assert seat is not None
        observation = game.observation(seat)
        knowledge = Knowledge(observation)
        held = Counter(e.scouted.pair for e in observation.round_log() if e.scouted is not None)
        for _ in range(5):
            world = knowledge.sample(rng)
            assert world.hands[seat] == observation.hand
            assert tuple(len(h) for h in world.hands) == observation.hand_sizes
            assert world.table == observation.table
            assert world.legal_moves() == observation.legal_moves()
            pairs = [c.pair for h in world.hands for c in h] + [c.pair for c in world.table]
            assert len(pairs) == len(set(pairs)), "a card dealt twice"
            assert set(pairs) <= {c.pair for c in deck_for(players)}
            for other in range(players):
                if other == seat:
                    continue
                # A card the other seat scouted and has not shown since is still in its hand.
                real = {c.pair for c in game.hands[other]}
                sampled = {c.pair for c in world.hands[other]}
                for pair in held:
                    if pair in real:
                        assert pair in sampled


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_unseen_card_is_dealt_when_no_cards_are_set_aside(players: int) -> None:
    for game in _play_phase_games(players):
        seat = game.to_move
        assert seat is not None
        knowledge = Knowledge(game.observation(seat))
        assert sum(knowledge.missing) == len(knowledge.unseen)


def test_the_real_hidden_cards_are_among_the_unseen() -> None:
    for players in (2, 3, 4, 5):
        for game in _play_phase_games(players):
            seat = game.to_move
            assert seat is not None
            knowledge = Knowledge(game.observation(seat))
            unseen = {c.pair for c in knowledge.unseen}
            known = {c.pair for s in range(players) for c in knowledge.known[s]}
            for other in range(players):
                if other != seat:
                    for card in game.hands[other]:
                        assert card.pair in unseen or card.pair in known


def _after_shows(players: int, seed: int) -> Game:
    """A game of ``normal`` players stopped once some seat other than the one to move has
    made three shows this round."""
    game = Game.new(players=players, rounds=1, seed=seed)
    bot = make("normal")
    rng = random.Random(seed)
    while game.phase != "over":
        seat = game.to_move
        assert seat is not None
        shows = shows_made(game.observation(seat))
        if game.phase == "play" and max(n for s, n in enumerate(shows) if s != seat) >= 3:
            return game
        game = game.play(bot.choose(game.observation(seat), rng))
    raise AssertionError(f"seed {seed}: no seat made three shows")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_weighted_re_deals_agree_with_what_the_observer_knows(players: int) -> None:
    game = _after_shows(players, seed=players)
    seat = game.to_move
    assert seat is not None
    observation = game.observation(seat)
    kept = KeptHands(Knowledge(observation), weight=1.0)
    rng = random.Random(1)
    for _ in range(8):
        world = kept.sample(rng)
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
    shows = shows_made(observation)
    shown = max((s for s in range(3) if s != seat), key=lambda s: shows[s])

    def mean_worth(draw: Callable[[random.Random], Position]) -> float:
        rng = random.Random(7)
        worths = [hand_value([c.value for c in draw(rng).hands[shown]]) for _ in range(200)]
        return statistics.fmean(worths)

    plain = mean_worth(knowledge.sample)
    kept = mean_worth(KeptHands(knowledge, weight=1.0).sample)
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
    plain = knowledge.sample(random.Random(2))
    assert KeptHands(knowledge, weight=1.0).sample(random.Random(2)) == plain
