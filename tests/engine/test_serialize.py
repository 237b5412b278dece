"""``to_dict`` / ``from_dict``: exact round trips and clear errors for bad input."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from scout_core import Game

from .conftest import position


def finished_game() -> Game:
    game = Game.new(players=3, rounds=1, seed=8)
    while game.phase != "over":
        game = game.play(game.legal_moves()[0])
    return game


@pytest.mark.parametrize(
    "game",
    [
        Game.new(players=3, seed=1),
        Game.new(players=2, seed=1).play("rotate"),
        Game.new(players=5, seed=1).play("keep").play("rotate").play("keep").play("keep"),
        finished_game(),
    ],
    ids=["orient", "two-player-orient", "five-player-play", "over"],
)
def test_round_trip_is_exact_in_every_phase(game: Game) -> None:
    data = json.loads(json.dumps(game.to_dict()))
    loaded = Game.from_dict(data)
    assert loaded == game
    assert loaded.to_dict() == data
    assert loaded.legal_moves() == game.legal_moves()
    assert loaded.phase == game.phase and loaded.to_move == game.to_move
    assert loaded.round_results == game.round_results


def test_a_finished_game_keeps_its_results_and_winners() -> None:
    game = finished_game()
    loaded = Game.from_dict(game.to_dict())
    assert loaded.phase == "over" and loaded.to_move is None
    assert loaded.winners == game.winners and loaded.totals == game.totals


def test_a_minimal_position_fills_in_sensible_defaults() -> None:
    game = Game.from_dict(
        {"players": 3, "hands": [["1/2"], ["2/3"], ["3/4"]], "starter": 1, "phase": "play"}
    )
    assert game.to_move == 1 and game.rounds == 3 and game.round == 1
    assert game.position.scout_show == (True, True, True)
    assert game.totals == [0, 0, 0] and game.table == () and game.owner is None


def test_an_orient_position_counts_the_seats_before_to_move_as_chosen() -> None:
    game = Game.from_dict(
        {
            "players": 3,
            "hands": [["1/2"], ["2/3"], ["3/4"]],
            "starter": 2,
            "phase": "orient",
            "to_move": 1,
        }
    )
    assert game.observation(1).chosen == (True, False, True)
    assert game.play("keep").phase == "play" and game.play("keep").to_move == 2


VALID: dict[str, Any] = {
    "players": 3,
    "hands": [["1/2", "3/4"], ["2/3"], ["5/6"]],
    "table": ["7/8", "8/9"],
    "owner": 2,
    "starter": 0,
    "phase": "play",
}


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"players": 6}, "players"),
        ({"players": "3"}, "players"),
        ({"rounds": 9}, "rounds"),
        ({"round": 4}, "round"),
        ({"seed": -1}, "seed"),
        ({"phase": "dance"}, "phase"),
        ({"starter": 3}, "starter"),
        ({"to_move": 5}, "to_move"),
        ({"hands": [["1/2"], ["2/3"]]}, "hands"),
        ({"hands": [["1/2", "2/1"], ["2/3"], ["5/6"]]}, "hands[0]"),
        ({"hands": [["1/2", "10/3"], ["2/3"], ["5/6"]]}, "hands[0]"),
        ({"hands": [["1/2", "3-4"], ["2/3"], ["5/6"]]}, "hands[0]"),
        ({"hands": [["1/2"], [], ["5/6"]]}, "hands"),
        ({"table": ["7/8", "9/1"]}, "table"),
        ({"table": ["1/2"]}, "table"),
        ({"owner": None}, "owner"),
        ({"owner": 3}, "owner"),
        ({"scouts_in_row": 2}, "scouts_in_row"),
        ({"captured": [0, 0]}, "captured"),
        ({"chips": [0, -1, 0]}, "chips"),
        ({"scout_show": [1, 0, 0]}, "scout_show"),
        ({"totals": [0, 0, "1"]}, "totals"),
        ({"reserve": ["9/1"]}, "reserve"),
        ({"moves": ["dance"]}, "moves"),
        ({"log": [{"round": 1}]}, "log"),
        ({"results": [{"scores": [1, 2, 3], "reason": "dance"}]}, "results[0].reason"),
        ({"format": 99}, "format"),
        ({"choices": ["keep", None, "keep"]}, "choices"),
        ({"to_move": 2}, "to_move"),
    ],
)
def test_bad_input_raises_value_error_naming_the_key(change: dict[str, Any], key: str) -> None:
    Game.from_dict(VALID)  # the base position is fine
    data = {**copy.deepcopy(VALID), **change}
    with pytest.raises(ValueError, match="^" + re.escape(key)):
        Game.from_dict(data)


def test_not_a_dict_and_missing_keys_are_reported() -> None:
    with pytest.raises(ValueError, match="JSON object"):
        Game.from_dict([1, 2, 3])
    with pytest.raises(ValueError, match=r"^players: missing"):
        Game.from_dict({"hands": []})
    with pytest.raises(ValueError, match=r"^hands: missing"):
        Game.from_dict({"players": 3, "starter": 0})


def test_a_two_player_position_that_is_already_blocked_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"^to_move"):
        position(["1/3", "5/6"], table="9/8", owner=1, chips=[0, 3])
