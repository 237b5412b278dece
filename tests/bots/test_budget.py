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


def test_keep_or_rotate_search_uses_its_own_budget() -> None:
    game = Game.new(players=3, seed=8)
    bot = SearchBot("hard", Budget(rollouts=50, candidates=4, orient_rollouts=10))
    seat = game.to_move
    assert seat is not None
    move = bot.choose(game.observation(seat), random.Random(1))
    assert move in game.legal_moves()
    assert bot.rollouts_done == 10


def test_the_odds_table_is_built_in_slices() -> None:
    from scout_core.bots import odds  # noqa: PLC0415 - reaching into the cache on purpose

    saved = odds._TABLES.pop(4, None)
    try:
        steps = list(odds.warm_up(4))
        assert len(steps) == odds.MAX_SIZE * (odds.SAMPLES // odds.SLICE_SAMPLES)
        assert list(odds.warm_up(4)) == []
    finally:
        if saved is not None:
            odds._TABLES[4] = saved
