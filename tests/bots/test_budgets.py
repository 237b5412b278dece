"""``tools/budgets.py``: ``expert`` with fields of its budget changed, everything else as
shipped, named on the arena's command line."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from scout_core import Game
from scout_core.bots import ExpertBot, make

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool and its matches are CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import budgets  # noqa: E402 - tools/ is put on the path above


def test_a_level_changes_only_the_fields_it_names() -> None:
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    bot = budgets.make_bot("expert:rollout_moves=12,steps=3000")
    assert isinstance(bot, ExpertBot)
    assert bot.level == "expert:rollout_moves=12,steps=3000"
    assert bot.budget == dataclasses.replace(shipped.budget, rollout_moves=12, steps=3000)
    assert (bot.weights, bot.play_to_win, bot.distinct) == (
        shipped.weights,
        shipped.play_to_win,
        shipped.distinct,
    )
    assert budgets.make_bot("hard-2026-11").level == "hard-2026-11"


@pytest.mark.parametrize(
    ("level", "problem"),
    [
        ("expert:speed=2", "no budget field 'speed' in 'expert:speed=2'; choose among steps"),
        ("expert:steps=many", "steps in 'expert:steps=many' needs a whole number above 0"),
        ("expert:steps=0", "steps in 'expert:steps=0' needs a whole number above 0"),
        ("expert:steps", "steps in 'expert:steps' needs a whole number above 0"),
        ("hard:steps=1", "'hard:steps=1' is not of the form expert:FIELD=N"),
    ],
)
def test_a_level_that_names_no_budget_is_refused(level: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        budgets.budget_of(level)


def test_short_rollouts_stop_where_the_budget_says() -> None:
    bot = budgets.make_bot("expert:rollout_moves=4,steps=400,orient_steps=200")
    assert isinstance(bot, ExpertBot)
    game = Game.new(players=5, rounds=1, seed=3)
    end, moves = bot.play_out(game.position)
    assert (moves, end.end) == (4, None)
    seat = game.to_move
    assert seat is not None
    assert bot.choose(game.observation(seat), random.Random(1)) in game.legal_moves()
