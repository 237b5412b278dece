"""The ``expert`` player: legal, deterministic, blind to hidden cards, within its move budget."""

from __future__ import annotations

import random

import pytest

from scout_core import Game
from scout_core.bots import ExpertBot, MoveBudget, make
from scout_core.bots.policy import ROLLOUT_CAP

from .conftest import varied_games
from .test_hidden_information import reshuffle_hidden

SMALL = MoveBudget(steps=300, candidates=4, orient_steps=200, slice_steps=40, first_deals=2)


def _seat(game: Game) -> int:
    seat = game.to_move
    assert seat is not None
    return seat


def test_expert_is_the_strongest_level_and_the_hint() -> None:
    bot = make("expert")
    assert isinstance(bot, ExpertBot)
    assert bot.budget.slice_steps <= 100


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_expert_plays_legal_moves_the_same_for_the_same_seed(
    players: int, games_by_players: dict[int, list[Game]]
) -> None:
    bot = ExpertBot("expert", SMALL)
    for i, game in enumerate(games_by_players[players][:8]):
        observation = game.observation(_seat(game))
        first = bot.choose(observation, random.Random(i))
        steps = list(bot.think(observation, random.Random(i)))
        assert first in game.legal_moves()
        assert steps[-1] == first
        assert all(step is None for step in steps[:-1])


@pytest.mark.parametrize("players", [2, 3, 5])
def test_expert_stays_within_its_move_budget(
    players: int, games_by_players: dict[int, list[Game]]
) -> None:
    bot = ExpertBot("expert", SMALL)
    for i, game in enumerate(games_by_players[players]):
        observation = game.observation(_seat(game))
        slices = list(bot.think(observation, random.Random(i)))
        budget = SMALL.orient_steps if game.phase == "orient" else SMALL.steps
        # A stage stops at the first deal past its share: at most one deal over, per stage.
        deal = 10 * (ROLLOUT_CAP + 1)
        assert bot.steps_done <= budget + 3 * deal
        if bot.steps_done:
            assert len(slices) - 1 >= bot.steps_done // (SMALL.slice_steps + deal)


@pytest.mark.parametrize("players", [3, 4])
def test_expert_sees_only_its_observation(players: int) -> None:
    bot = ExpertBot("expert", SMALL)
    for i, game in enumerate(varied_games(players, 6, seed=60 + players)):
        seat = _seat(game)
        other = reshuffle_hidden(game, seat, random.Random(i))
        a = bot.choose(game.observation(seat), random.Random(i))
        b = bot.choose(other.observation(seat), random.Random(i))
        assert a == b
