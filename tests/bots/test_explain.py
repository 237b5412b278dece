"""Every move has a one-line reason in a player's words; the hint is a legal move."""

from __future__ import annotations

import random

from scout_core import Game
from scout_core.bots import Why, explain, hint, think_hint, why
from scout_core.moves import parse_move

from .conftest import scripted_game


def test_every_legal_move_has_a_one_line_reason() -> None:
    game = scripted_game(["5/1 6/2 9/3 3/4", "1/2 2/3", "4/5 5/6"], table="7/1 8/2", owner=1)
    observation = game.observation(0)
    for move in observation.legal_moves():
        text = explain(observation, move)
        assert text and "\n" not in text


def test_the_reason_is_data_a_client_can_word_in_any_language() -> None:
    game = scripted_game(["5/1 6/2 9/3", "1/2 2/3", "4/5 5/6"], table="7/1 8/2", owner=1)
    observation = game.observation(0)
    extend = why(observation, parse_move("scout left 2"))
    assert extend == Why(
        "scout",
        (
            ("x", 7),
            ("how", "extend"),
            ("before", (5, 6)),
            ("made", (5, 6, 7)),
            ("costs_chip", False),
        ),
    )
    show = why(observation, parse_move("show 0:2"))
    assert show.code == "show" and show.values("shown") == [5, 6]
    assert show.values("beaten") == [7, 8] and show.number("captured") == 2
    assert show.number("left") == 1
    codes = {why(observation, move).code for move in observation.legal_moves()}
    assert codes <= {"show", "scout", "scout_show"}
    orient = Game.new(players=3, seed=4)
    seat = orient.to_move
    assert seat is not None
    for move in orient.legal_moves():
        assert why(orient.observation(seat), move).code in {
            "keep",
            "rotate",
            "keep_even",
            "rotate_even",
        }


def test_a_scout_that_extends_a_run_says_so() -> None:
    game = scripted_game(["5/1 6/2 9/3", "1/2 2/3", "4/5 5/6"], table="7/1 8/2", owner=1)
    text = explain(game.observation(0), parse_move("scout left 2"))
    assert text == "Scout the 7 to extend your run 5-6 into a run 5-6-7"


def test_a_show_names_what_it_beats_and_captures() -> None:
    game = scripted_game(["4/1 5/2 6/3 9/4", "1/2 2/3", "4/5 5/6"], table="3/1 4/2", owner=1)
    text = explain(game.observation(0), parse_move("show 0:3"))
    assert text == "Show run 4-5-6: beats the run 3-4 and captures 2 cards"


def test_emptying_the_hand_is_called_out() -> None:
    game = scripted_game(["7/1 7/2", "1/2 2/3", "4/5 5/6"], table="3/1", owner=1)
    assert "ends the round" in explain(game.observation(0), parse_move("show 0:2"))


def test_keep_or_rotate_reason() -> None:
    observation = Game.new(players=3, seed=5).observation(Game.new(players=3, seed=5).starter)
    assert explain(observation, parse_move("keep")).startswith("Keep your hand")
    assert explain(observation, parse_move("rotate")).startswith("Rotate your hand")


def test_hint_is_a_legal_move_with_its_reason() -> None:
    game = scripted_game(["5/1 6/2 9/3", "1/2 2/3", "4/5 5/6"], table="7/1 8/2", owner=1)
    observation = game.observation(0)
    move, reason = hint(observation, random.Random(3))
    assert move in observation.legal_moves()
    assert reason == explain(observation, move)


def test_think_hint_ends_with_the_hint() -> None:
    game = scripted_game(["5/1 6/2 9/3", "1/2 2/3", "4/5 5/6"], table="7/1 8/2", owner=1)
    observation = game.observation(0)
    steps = list(think_hint(observation, random.Random(3)))
    assert all(step is None for step in steps[:-1])
    assert steps[-1] == hint(observation, random.Random(3))


def test_equal_hands_still_get_a_reason() -> None:
    game = Game.new(players=3, seed=5)
    observation = game.observation(game.starter)
    for move in observation.legal_moves():
        assert explain(observation, move).split(":")[0] in ("Keep your hand", "Rotate your hand")
