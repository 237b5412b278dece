"""The search players count their work: never more rollouts than their budget, in slices."""

from __future__ import annotations

import random

import pytest

from scout_core import Game
from scout_core.bots import Budget, SearchBot, make
from scout_core.bots.search import SearchBot as SearchType


@pytest.mark.parametrize("players", [2, 3, 5])
def test_rollouts_stay_within_budget(players: int, games_by_players: dict[int, list[Game]]) -> None:
    budget = Budget(rollouts=30, candidates=5, slice_rollouts=3)
    bot = SearchBot("hard", budget)
    searched = 0
    for i, game in enumerate(games_by_players[players]):
        seat = game.to_move
        assert seat is not None
        steps = list(bot.think(game.observation(seat), random.Random(i)))
        assert 0 <= bot.rollouts_done <= budget.rollouts
        # A slice never holds more than slice_rollouts rollouts.
        assert len(steps) - 1 >= bot.rollouts_done // budget.slice_rollouts
        searched += bot.rollouts_done > 0
    assert searched >= 3


def test_hard_has_a_fixed_work_budget() -> None:
    bot = make("hard")
    assert isinstance(bot, SearchType)
    assert 100 <= bot.budget.rollouts <= 1000
    assert bot.budget.slice_rollouts <= 4
