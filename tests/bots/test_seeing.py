"""The ceiling measurement (``tools/seeing.py``): its ``expert`` searches the real position
when it sees, draws other seats' weights deal by deal when it varies, and is otherwise
``expert`` itself."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from scout_core import arena
from scout_core.bots import ExpertBot, make

from .conftest import mid_round

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool and its matches are CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import seeing  # noqa: E402 - tools/ is put on the path above


def test_a_seeing_expert_searches_the_real_position() -> None:
    game = mid_round(3, seed=4, moves=7)
    seat = game.to_move
    assert seat is not None
    bot = seeing.make_bot("expert-seeing")
    seeing.show_real(game, bot)
    deals = bot.deals(game.observation(seat))  # type: ignore[attr-defined]
    assert all(deals.sample(random.Random(n)) == game.position for n in range(3))
    assert bot.choose(game.observation(seat), random.Random(1)) in game.legal_moves()


def test_a_seeing_expert_not_shown_the_game_says_so() -> None:
    game = mid_round(3, seed=4, moves=7)
    seat = game.to_move
    assert seat is not None
    bot = seeing.make_bot("expert-seeing")
    with pytest.raises(RuntimeError, match="expert-seeing was not shown the real game"):
        bot.choose(game.observation(seat), random.Random(1))


def test_varied_deals_draw_the_other_seats_weights_and_keep_the_searchers() -> None:
    game = mid_round(4, seed=5, moves=9)
    seat = game.to_move
    assert seat is not None
    observation = game.observation(seat)
    bot = seeing.make_bot("expert-varied")
    assert isinstance(bot, seeing.SeeingExpert)
    deals = bot.deals(observation)
    world = deals.sample(random.Random(3))
    assert world.hands[seat] == observation.hand
    drawn = list(bot.seat_weights)
    assert drawn[seat] == bot.weights_at(4), "the searching seat prices as expert does"
    others = [w for s, w in enumerate(drawn) if s != seat]
    assert len(set(others)) == 3, "each other seat draws its own weights"
    assert all(0.3 <= w.others_per_card <= 0.6 and 0 <= w.beat_boost <= 0.4 for w in others)
    deals.sample(random.Random(3))
    assert bot.seat_weights == drawn, "the same random source draws the same weights"


def test_without_seeing_or_varying_it_is_expert() -> None:
    game = mid_round(3, seed=6, moves=5)
    seat = game.to_move
    assert seat is not None
    plain = seeing.SeeingExpert("plain", seeing=False, varied=False)
    expert = make("expert")
    assert isinstance(expert, ExpertBot)
    assert plain.arguments() == {**expert.arguments(), "level": "plain"}
    for n in range(2):
        observation = game.observation(seat)
        assert plain.choose(observation, random.Random(n)) == expert.choose(
            observation, random.Random(n)
        )


def test_the_tool_plays_an_arena_match_with_its_levels() -> None:
    result = arena.run(
        "expert-seeing", "normal", players=3, games=1, rounds=1, seed=2, roster=seeing.ROSTER
    )
    assert result.games == 1
