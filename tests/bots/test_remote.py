"""Requests to think, answered as text: the move a bot chooses in slices, the decision the
review prices, and what is wrong with a request that cannot be answered."""

from __future__ import annotations

import json
import random

import pytest

from scout_core import Game
from scout_core.bots import make
from scout_core.bots.analysis import DEFAULT_BUDGET
from scout_core.moves import KEEP, Scout, ScoutShow, Show
from scout_core.remote import (
    DecisionRequest,
    MoveRequest,
    RequestError,
    answer,
    decision_request,
    move_request,
    read_decision,
    read_move,
    read_request,
)
from scout_core.review import decisions_of, replay, review_game

from .conftest import varied_games


def sliced(level: str, game: Game, seed: str) -> object:
    """The move ``think`` ends with, as the page's sliced search plays it."""
    seat = game.to_move
    assert seat is not None
    steps = list(make(level).think(game.observation(seat), random.Random(seed)))
    return steps[-1]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_an_answer_is_the_move_the_bot_thinks_of_in_slices(players: int) -> None:
    for i, game in enumerate(varied_games(players, 6, seed=players)):
        for level in ("easy", "normal"):
            seed = f"scout-web:{game.seed}:{len(game.moves)}"
            move = read_move(answer(move_request(game, level, seed)))
            assert move == sliced(level, game, seed), (players, i, level)


def test_the_strongest_level_answers_as_it_thinks() -> None:
    game = varied_games(3, 3, seed=11)[2]
    seed = f"scout-web-hint:{game.seed}:{len(game.moves)}"
    assert read_move(answer(move_request(game, "expert", seed))) == sliced("expert", game, seed)


def test_the_keep_or_rotate_decision_is_answered_too() -> None:
    game = Game.new(players=3, seed=4)
    assert game.phase == "orient"
    move = read_move(answer(move_request(game, "normal", "s")))
    assert move == sliced("normal", game, "s")
    assert move in game.legal_moves()


def test_a_priced_decision_is_the_one_the_review_makes() -> None:
    game = Game.new(players=3, rounds=1, seed=9)
    normal = make("normal")
    rng = random.Random(9)
    for _ in range(8):
        assert game.to_move is not None
        game = game.play(normal.choose(game.observation(game.to_move), rng))
    states = replay(game)
    seat = 1
    expected = review_game(game, seat, budget=DEFAULT_BUDGET, seed=5).decisions
    answered = [
        read_decision(answer(decision_request(states[i], game.moves[i], i, seat, 5)))
        for i in decisions_of(states, seat)
    ]
    assert tuple(answered) == expected and len(expected) >= 2


def test_a_request_reads_back_as_it_was_written() -> None:
    game = varied_games(4, 2, seed=3)[1]
    request = read_request(move_request(game, "hard", "seed"))
    assert request == MoveRequest(game, "hard", "seed")
    played = game.legal_moves()[-1]
    assert game.to_move is not None
    decision = read_request(decision_request(game, played, 17, game.to_move, 3))
    assert decision == DecisionRequest(game, played, 17, game.to_move, 3)


def problem(text: str) -> str:
    data = json.loads(answer(text))
    assert list(data) == ["problem"]
    return str(data["problem"])


def test_bad_requests_are_answered_with_what_is_wrong() -> None:
    game = Game.new(players=3, seed=4).to_dict()
    assert "JSON object" in problem("{not json")
    assert problem("[1, 2]") == "a request is a JSON object, not list"
    assert problem(json.dumps({"game": game})) == "kind: 'move' or 'decision', not None"
    move = {"kind": "move", "game": game}
    assert problem(json.dumps(move)) == "the request has no level, seed"
    assert problem(json.dumps(move | {"level": 3, "seed": ""})) == "level: str, not 3"
    unknown = problem(json.dumps(move | {"level": "grandmaster", "seed": ""}))
    assert unknown.startswith("level: no bot level 'grandmaster'")
    broken = move | {"game": dict(game, players=9), "level": "easy", "seed": ""}
    assert problem(json.dumps(broken)).startswith("game: ")
    decision = {"kind": "decision", "game": game, "played": "keep", "index": 0, "seed": 1}
    assert problem(json.dumps(decision | {"seat": True})) == "seat: int, not True"
    assert (
        problem(json.dumps(decision | {"seat": 2})) == "played: keep is not a move of seat 2 here"
    )
    dance = decision | {"seat": 1, "played": "dance"}
    assert problem(json.dumps(dance)).startswith("played: not a move: 'dance'")


def test_a_finished_game_has_nobody_to_ask() -> None:
    game = Game.new(players=3, rounds=1, seed=2)
    normal = make("normal")
    rng = random.Random(0)
    while game.to_move is not None:
        game = game.play(normal.choose(game.observation(game.to_move), rng))
    assert problem(move_request(game, "normal", "")) == "game: nobody is to move"


def test_answers_are_read_back_as_moves() -> None:
    assert read_move('{"move": "keep"}') == KEEP
    assert read_move('{"move": "show 2:5"}') == Show(2, 5)
    assert read_move('{"move": "scout left flip 0 + show 1:3"}') == ScoutShow(
        Scout("left", True, 0), Show(1, 3)
    )


def test_an_answer_that_is_not_what_was_asked_is_refused_with_its_reason() -> None:
    with pytest.raises(RequestError, match="refused: kind: 'move' or 'decision'"):
        read_move(answer('{"kind": "dance"}'))
    with pytest.raises(RequestError, match="JSON object"):
        read_move("")
    with pytest.raises(RequestError, match="holds a move or a problem"):
        read_move('{"decision": {}}')
    with pytest.raises(RequestError, match="the answer's move: not a move: 'dance'"):
        read_move('{"move": "dance"}')
    with pytest.raises(RequestError, match="the answer's decision"):
        read_decision('{"decision": {"index": "one"}}')
