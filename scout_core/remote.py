"""Thinking on request, as text: what a page's worker receives and answers.

A page can run the engine in a second interpreter (a web worker), so that a bot searches, or
the analysis prices a decision, in one go while the page goes on drawing. Two requests:

- a **move**: the game, a level and the seed of the random source; the answer is the move
  the bot chooses for the seat to move, exactly the move ``make(level).think`` ends with,
  slice by slice, for that seed;
- a **decision** to price for the review: the game before it, the move played, its index and
  seat, the review's seed; the answer is the :class:`~scout_core.review.Decision` that
  :func:`~scout_core.review.think_review` makes of it.

    answer(move_request(game, "expert", "scout-web:7:12"))   # '{"move": "show 2:5"}'
    read_move(answer(move_request(game, "expert", "s")))     # Show(start=2, stop=5)

A request that cannot be answered gets ``{"problem": "..."}`` saying what is wrong. Only the
observation of the seat deciding reaches a bot: the game is sent whole because the page holds
it, and its own hand is all the bot is shown.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from .bots import make
from .game import Game
from .moves import Move, parse_move
from .review import Decision, think_decision


class RequestError(ValueError):
    """A request or an answer that cannot be read; the message says what is wrong."""


@dataclass(frozen=True)
class MoveRequest:
    """A move to choose: the game as it stands, the level deciding, the random seed."""

    game: Game
    level: str
    seed: str


@dataclass(frozen=True)
class DecisionRequest:
    """A decision to price: ``seat`` played ``played`` in ``game``, move ``index``."""

    game: Game
    played: Move
    index: int
    seat: int
    seed: int


def move_request(game: Game, level: str, seed: str) -> str:
    """The request, as text, for the seat to move in ``game``."""
    return json.dumps({"kind": "move", "game": game.to_dict(), "level": level, "seed": seed})


def decision_request(before: Game, played: Move, index: int, seat: int, seed: int) -> str:
    """The request, as text, to price one decision of a review."""
    return json.dumps(
        {
            "kind": "decision",
            "game": before.to_dict(),
            "played": str(played),
            "index": index,
            "seat": seat,
            "seed": seed,
        }
    )


def _object(text: str, what: str) -> dict[str, Any]:
    try:
        data: Any = json.loads(text)
    except (TypeError, ValueError) as error:
        raise RequestError(f"{what} is a JSON object: {error}") from None
    if not isinstance(data, dict):
        raise RequestError(f"{what} is a JSON object, not {type(data).__name__}")
    return data


def _fields(data: dict[str, Any], types: dict[str, type]) -> None:
    missing = [key for key in types if key not in data]
    if missing:
        raise RequestError(f"the request has no {', '.join(missing)}")
    for key, kind in types.items():
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RequestError(f"{key}: {kind.__name__}, not {value!r}")


def _game(data: dict[str, Any]) -> Game:
    try:
        game = Game.from_dict(data["game"])
    except ValueError as error:
        raise RequestError(f"game: {error}") from None
    if game.to_move is None:
        raise RequestError("game: nobody is to move")
    return game


def read_request(text: str) -> MoveRequest | DecisionRequest:
    """The request ``text`` holds; raise :class:`RequestError` naming what is wrong."""
    data = _object(text, "a request")
    kind = data.get("kind")
    if kind == "move":
        _fields(data, {"game": dict, "level": str, "seed": str})
        try:
            make(data["level"])
        except ValueError as error:
            raise RequestError(f"level: {error}") from None
        return MoveRequest(_game(data), data["level"], data["seed"])
    if kind == "decision":
        _fields(data, {"game": dict, "played": str, "index": int, "seat": int, "seed": int})
        game = _game(data)
        try:
            played = parse_move(data["played"])
        except ValueError as error:
            raise RequestError(f"played: {error}") from None
        if game.to_move != data["seat"] or played not in game.legal_moves():
            raise RequestError(f"played: {played} is not a move of seat {data['seat']} here")
        return DecisionRequest(game, played, data["index"], data["seat"], data["seed"])
    raise RequestError(f"kind: 'move' or 'decision', not {kind!r}")


def answer(text: str) -> str:
    """The answer to a request, as text: ``{"move": ...}``, ``{"decision": ...}``, or
    ``{"problem": ...}`` saying why the request could not be answered."""
    try:
        request = read_request(text)
    except RequestError as error:
        return json.dumps({"problem": str(error)})
    if isinstance(request, MoveRequest):
        game = request.game
        assert game.to_move is not None
        bot = make(request.level)
        move = bot.choose(game.observation(game.to_move), random.Random(request.seed))
        return json.dumps({"move": str(move)})
    steps = think_decision(
        request.game, request.played, request.index, request.seat, seed=request.seed
    )
    decision = [step for step in steps if step is not None][-1]
    return json.dumps({"decision": decision.to_dict()})


def _answered(text: str, key: str) -> Any:
    data = _object(text, "an answer")
    if key not in data:
        if isinstance(data.get("problem"), str):
            raise RequestError(f"the request was refused: {data['problem']}")
        raise RequestError(f"an answer holds a {key} or a problem, not {text!r}")
    return data[key]


def read_move(text: str) -> Move:
    """The move an answer holds; raise :class:`RequestError` for a problem or bad text."""
    move = _answered(text, "move")
    try:
        return parse_move(move)
    except ValueError as error:
        raise RequestError(f"the answer's move: {error}") from None


def read_decision(text: str) -> Decision:
    """The priced decision an answer holds; raise :class:`RequestError` as :func:`read_move`."""
    decision = _answered(text, "decision")
    try:
        return Decision.from_dict(decision)
    except ValueError as error:
        raise RequestError(f"the answer's {error}") from None
