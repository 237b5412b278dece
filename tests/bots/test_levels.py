"""Every level returns a legal move, the same one for the same seed, and ``think`` agrees."""

from __future__ import annotations

import random

import pytest

from scout_core import Game
from scout_core.bots import Budget, SearchBot, levels, make

FAST_LEVELS = ["random", "easy", "normal"]
SMALL_HARD = Budget(rollouts=24, candidates=4)


def _to_move(game: Game) -> int:
    seat = game.to_move
    assert seat is not None
    return seat


def test_levels_are_listed_weakest_first() -> None:
    assert levels()[:4] == ["random", "easy", "normal", "hard"]
    for level in levels():
        assert make(level).level == level


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="no bot level"):
        make("grandmaster")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("level", FAST_LEVELS)
def test_fast_levels_play_legal_moves(
    level: str, players: int, games_by_players: dict[int, list[Game]]
) -> None:
    bot = make(level)
    for i, game in enumerate(games_by_players[players]):
        seat = _to_move(game)
        move = bot.choose(game.observation(seat), random.Random(i))
        assert move in game.legal_moves()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_search_plays_legal_moves(players: int, games_by_players: dict[int, list[Game]]) -> None:
    bot = SearchBot("hard", SMALL_HARD)
    for i, game in enumerate(games_by_players[players]):
        seat = _to_move(game)
        move = bot.choose(game.observation(seat), random.Random(i))
        assert move in game.legal_moves()


@pytest.mark.parametrize("level", ["hard"])
def test_full_search_levels_play_legal_moves(
    level: str, games_by_players: dict[int, list[Game]]
) -> None:
    bot = make(level)
    for players in (2, 3):
        game = next(g for g in games_by_players[players] if g.phase == "play")
        move = bot.choose(game.observation(_to_move(game)), random.Random(1))
        assert move in game.legal_moves()


def test_expert_plays_a_legal_move(games_by_players: dict[int, list[Game]]) -> None:
    game = next(g for g in games_by_players[4] if g.phase == "play")
    move = make("expert").choose(game.observation(_to_move(game)), random.Random(2))
    assert move in game.legal_moves()


def test_keep_or_rotate_is_decided_by_every_level() -> None:
    game = Game.new(players=3, seed=11)
    assert game.phase == "orient"
    for level in [*FAST_LEVELS, "hard"]:
        move = make(level).choose(game.observation(_to_move(game)), random.Random(0))
        assert str(move) in ("keep", "rotate")


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("level", ["easy", "normal", "hard-small"])
def test_same_seed_same_move_and_think_ends_with_choose(
    level: str, players: int, games_by_players: dict[int, list[Game]]
) -> None:
    bot = SearchBot("hard", SMALL_HARD) if level == "hard-small" else make(level)
    for i, game in enumerate(games_by_players[players][:6]):
        observation = game.observation(_to_move(game))
        first = bot.choose(observation, random.Random(i))
        again = bot.choose(observation, random.Random(i))
        steps = list(bot.think(observation, random.Random(i)))
        assert first == again == steps[-1]
        assert all(step is None for step in steps[:-1])


def test_bots_never_touch_the_global_random(games_by_players: dict[int, list[Game]]) -> None:
    game = next(g for g in games_by_players[3] if g.phase == "play")
    observation = game.observation(_to_move(game))
    for bot in [make("random"), make("easy"), make("normal"), SearchBot("hard", SMALL_HARD)]:
        random.seed(1234)
        expected = random.random()
        random.seed(1234)
        bot.choose(observation, random.Random(5))
        assert random.random() == expected, bot.level


def test_a_seat_not_to_move_is_refused(games_by_players: dict[int, list[Game]]) -> None:
    game = next(g for g in games_by_players[3] if g.phase == "play")
    idle = (_to_move(game) + 1) % 3
    for level in FAST_LEVELS:
        with pytest.raises(ValueError, match="not to move"):
            make(level).choose(game.observation(idle), random.Random(0))
