"""The fast player of the rollouts: its unchecked ``play`` changes nothing, and its best moves
are kept in order."""

from __future__ import annotations

import random

import pytest

from scout_core import Position
from scout_core.bots.heuristic import choose_orient
from scout_core.bots.policy import (
    NO_FLOOR,
    ROLLOUT_CAP,
    BestMoves,
    finish,
    play,
    policy_move,
    policy_moves,
)
from scout_core.moves import SHOWS, Move

from .conftest import varied_games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_play_gives_what_apply_gives_along_whole_rollouts(players: int) -> None:
    moves = 0
    for game in varied_games(players, 6, seed=80 + players):
        position: Position = game.position
        while position.end is None and moves < 2000:
            move: Move = (
                choose_orient(position.hands[position.to_move])
                if position.phase == "orient"
                else policy_move(position)
            )
            after = play(position, move)
            assert after == position.apply(move)
            position = after
            moves += 1
    assert moves > 50


def test_play_also_follows_any_legal_move() -> None:
    rng = random.Random(3)
    for game in varied_games(3, 6, seed=90):
        position = game.position
        while position.end is None:
            move = rng.choice(position.legal_moves())
            after = play(position, move)
            assert after == position.apply(move)
            position = after


def test_a_capped_rollout_stops_after_its_moves_and_leaves_the_round_as_it_stands() -> None:
    for game in varied_games(5, 4, seed=70):
        whole, moves = finish(game.position)
        assert whole.end is not None or moves == ROLLOUT_CAP
        assert moves > 6
        position = game.position
        for _ in range(6):
            move = (
                choose_orient(position.hands[position.to_move])
                if position.phase == "orient"
                else policy_move(position)
            )
            position = play(position, move)
        assert finish(game.position, cap=6) == (position, 6)
        assert position.end is None


def test_best_moves_keep_the_k_best_in_order_the_first_of_equal_prices_ahead() -> None:
    a, b, c, d = SHOWS[0][1], SHOWS[1][2], SHOWS[2][3], SHOWS[3][4]
    best = BestMoves(3)
    assert best.add(a, 1.0) == NO_FLOOR
    assert best.add(b, 3.0) == NO_FLOOR
    assert best.add(c, 1.0) == 1.0  # full: the next must beat the third
    assert best.moves == [b, a, c]
    assert best.add(d, 2.0) == 1.0
    assert best.moves == [b, d, a]
    assert best.add(d, 2.0) == 1.0  # a move already kept is not kept twice
    assert best.moves == [b, d, a]
    assert best.prices == [3.0, 2.0, 1.0]


def test_a_list_of_no_best_moves_is_refused() -> None:
    with pytest.raises(ValueError, match="holds at least one, not 0"):
        BestMoves(0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_fast_players_best_moves_begin_with_its_move_and_grow_by_one(players: int) -> None:
    positions = 0
    for game in varied_games(players, 4, seed=60 + players):
        position: Position = game.position
        while position.end is None:
            if position.phase == "orient":
                position = play(position, choose_orient(position.hands[position.to_move]))
                continue
            best = policy_moves(position, k=5)
            legal = position.legal_moves()
            assert best[0] == policy_move(position)
            assert len(set(best)) == len(best) and all(m in legal for m in best)
            assert [policy_moves(position, k=k) for k in (1, 2, 3, 4)] == [
                best[:k] for k in (1, 2, 3, 4)
            ]
            position = play(position, best[0])
            positions += 1
    assert positions > 20
