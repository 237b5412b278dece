"""Move text: one canonical form each, and clear errors for anything else."""

from __future__ import annotations

import pytest

from scout_core import Game, IllegalMoveError, InvalidMoveError, parse_move
from scout_core.moves import Orient, Scout, ScoutShow, Show


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("keep", Orient(False)),
        ("rotate", Orient(True)),
        ("show 0:3", Show(0, 3)),
        ("scout left 4", Scout("left", False, 4)),
        ("scout right flip 0", Scout("right", True, 0)),
        ("scout left flip 2 + show 1:4", ScoutShow(Scout("left", True, 2), Show(1, 4))),
    ],
)
def test_text_and_move_round_trip(text: str, move: object) -> None:
    assert parse_move(text) == move
    assert str(move) == text


def test_spacing_and_case_are_forgiven() -> None:
    assert parse_move("  Scout  RIGHT flip 3 +  show 1:2 ") == parse_move(
        "scout right flip 3 + show 1:2"
    )


@pytest.mark.parametrize(
    "text",
    [
        "dance",
        "show 1:0",
        "show 2:2",
        "show -1:2",
        "show 1",
        "scout middle 2",
        "scout left",
        "scout flip left 1",
        "scout left 1 + scout left 1",
        "keep rotate",
        "",
        "show 1:2 + show 2:3",
    ],
)
def test_text_that_is_no_move_raises_invalid_move_error(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="not a move"):
        parse_move(text)


def test_invalid_and_illegal_moves_are_value_errors() -> None:
    assert issubclass(InvalidMoveError, ValueError) and issubclass(IllegalMoveError, ValueError)
    game = Game.new(seed=1)
    with pytest.raises(InvalidMoveError):
        game.play("dance")
    with pytest.raises(IllegalMoveError, match=r"'show 0:1'.*keep or rotate"):
        game.play("show 0:1")
    with pytest.raises(InvalidMoveError):
        game.play(42)  # type: ignore[arg-type]


def test_a_move_out_of_the_hands_range_is_illegal_and_says_why() -> None:
    game = Game.new(seed=1).play("keep").play("keep").play("keep")
    with pytest.raises(IllegalMoveError, match="12 cards, so 0:13"):
        game.play("show 0:13")
