"""The fast player of the rollouts: its unchecked ``play`` changes nothing."""

from __future__ import annotations

import random

import pytest

from scout_core import Position
from scout_core.bots.heuristic import choose_orient
from scout_core.bots.policy import ROLLOUT_CAP, finish, play, policy_move
from scout_core.moves import Move

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
