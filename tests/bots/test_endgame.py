"""``tools/endgame.py``: exact play of two-player endgames, and ``expert`` finishing its small
rollouts with it, named on the arena's command line, with its refusals."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from scout_core import Game, arena
from scout_core.bots import ExpertBot, make
from scout_core.bots.policy import finish, play
from scout_core.bots.worth import round_scores
from scout_core.position import Position

from .conftest import mid_round, scripted_game

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool and its matches are CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import endgame  # noqa: E402 - tools/ is put on the path above


def _margin(end: Position) -> int:
    first, second = round_scores(end)
    return first - second


def _minimax(position: Position) -> int:
    """Seat 0's margin when both seats play best, over every line (no pruning, no memory)."""
    if position.end is not None:
        return _margin(position)
    values = [_minimax(play(position, move)) for move in position.legal_moves()]
    return max(values) if position.to_move == 0 else min(values)


def _scout_to_go_out() -> Position:
    # Showing the 6 captures the 5, but the other seat then shows 9-8 and goes out: -1.
    # Scouting the 5 between the 4 and the 6 (a chip) and showing 4-5-6 goes out: +1.
    return scripted_game(["4/1 6/2", "9/7 8/7"], table="5/3", owner=1).position


def test_it_scouts_to_go_out_where_the_fast_player_shows() -> None:
    position = _scout_to_go_out()
    end = endgame.Solver().solve(position, 2000)
    assert end is not None and end.end is not None
    assert end.hands[0] == ()
    assert [str(c) for c in end.hands[1]] == ["9/7", "8/7"]
    assert end.chips == (2, 3) and end.captured == (0, 0)
    assert _margin(end) == 1
    assert _margin(finish(position)[0]) == -1


def test_it_finds_the_same_margin_as_every_line_searched() -> None:
    normal = make("normal")
    checked = 0
    for seed in range(30):
        game = Game.new(players=2, rounds=1, seed=seed)
        rng = random.Random(seed)
        while game.position.end is None and (
            game.position.phase == "orient" or sum(map(len, game.position.hands)) > 7
        ):
            seat = game.to_move
            assert seat is not None
            game = game.play(normal.choose(game.observation(seat), rng))
        position = game.position
        if position.end is not None:
            continue
        end = endgame.Solver().solve(position, 10**6)
        assert end is not None and end.end is not None
        assert _margin(end) == _minimax(position), position.describe()
        checked += 1
    assert checked >= 10


def test_a_search_that_would_visit_more_gives_up() -> None:
    solver = endgame.Solver()
    position = _scout_to_go_out()
    assert solver.solve(position, 1) is None
    assert solver.visited == 2
    # What it settled before giving up stays true: the full search still finds +1.
    end = solver.solve(position, 2000)
    assert end is not None and _margin(end) == 1


def test_it_solves_two_player_rounds_in_play_only() -> None:
    with pytest.raises(ValueError, match="solves two-player rounds in play"):
        endgame.Solver().solve(mid_round(3, seed=1, moves=4).position, 100)
    with pytest.raises(ValueError, match="solves two-player rounds in play"):
        endgame.Solver().solve(Game.new(players=2, rounds=1, seed=1).position, 100)


def _endgame_bot(level: str) -> endgame.EndgameExpert:
    bot = endgame.make_bot(level)
    assert isinstance(bot, endgame.EndgameExpert)
    return bot


def test_at_a_decision_with_few_cards_in_hand_every_rollout_is_played_out_exactly() -> None:
    bot = _endgame_bot("expert-endgame:cards=12,nodes=20000")
    assert (bot.cards, bot.nodes) == (12, 20000)
    game = _late(seed=5)
    seat = game.to_move
    assert seat is not None
    observation = game.observation(seat)
    first = bot.choose(observation, random.Random(7))
    assert first in game.legal_moves()
    assert bot.exact and 0 < bot.solved <= bot.rollouts_done
    assert bot.choose(observation, random.Random(7)) == first


def test_at_a_decision_with_more_cards_it_chooses_as_expert() -> None:
    bot = _endgame_bot("expert-endgame:cards=12")
    shipped = make("expert")
    game = mid_round(2, seed=3, moves=4)
    seat = game.to_move
    assert seat is not None and sum(map(len, game.position.hands)) >= 12
    observation = game.observation(seat)
    assert bot.choose(observation, random.Random(2)) == shipped.choose(
        observation, random.Random(2)
    )
    assert not bot.exact and bot.solved == 0


def test_a_rollout_played_out_exactly_ends_as_both_seats_play_best() -> None:
    bot = _endgame_bot("expert-endgame:cards=4,nodes=2000")
    bot.exact = True
    end, moves = bot.play_out(_scout_to_go_out())
    assert _margin(end) == 1 and moves == bot.solver.visited > 0


def test_a_search_that_gives_up_leaves_the_rollout_to_expert() -> None:
    bot = _endgame_bot("expert-endgame:cards=4,nodes=1")
    bot.exact = True
    small = _scout_to_go_out()
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    finished, moves = shipped.play_out(small)
    assert bot.play_out(small) == (finished, moves + 2)  # two positions visited, then given up


def _late(seed: int) -> Game:
    """A two-player game of ``normal`` players, stopped when 10 cards or fewer are in hand."""
    normal = make("normal")
    game = Game.new(players=2, rounds=1, seed=seed)
    rng = random.Random(seed)
    while game.position.phase == "orient" or sum(map(len, game.position.hands)) > 10:
        seat = game.to_move
        assert seat is not None and game.position.end is None
        game = game.play(normal.choose(game.observation(seat), rng))
    assert game.position.end is None, "the round ended first"
    return game


@pytest.mark.parametrize(
    ("level", "problem"),
    [
        ("expert-endgame:depth=3", "no field 'depth' in 'expert-endgame:depth=3'; choose among"),
        ("expert-endgame:cards=x", "cards in 'expert-endgame:cards=x' needs a whole number"),
        ("expert-endgame:nodes=0", "nodes in 'expert-endgame:nodes=0' needs a whole number 1"),
        ("expert-endgame:cards=1", "an endgame holds 2 cards or more, not 1"),
        ("expert-endgames", "'expert-endgames' is not a level expert-endgame:cards=C,nodes=N"),
    ],
)
def test_a_level_it_cannot_play_is_refused(level: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        if level.startswith("expert-endgames"):
            endgame.level_of(level)
        else:
            endgame.make_bot(level)


def test_the_tool_plays_an_arena_match_with_its_level() -> None:
    result = arena.run(
        "expert-endgame:cards=8,nodes=400",
        "normal",
        players=2,
        games=1,
        rounds=1,
        seed=2,
        roster=arena.Roster(make=endgame.make_bot),
    )
    assert result.games == 1
