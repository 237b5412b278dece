"""A game file: what was decided in a game -- who plays, the deal, the moves -- as sealed JSON.

The page saves its game in this form and lets a player download it; ``python -m`` tools read
it. A file keeps only what cannot be derived: the player count, the rounds, the deal number
(``seed``), the moves in their text form, and a section the client keeps for itself
(``client``: its settings and table state, opaque here). Everything else -- hands, table,
scores, the log -- comes from replaying the moves, so no later version can find a file
"changed" because it words or shapes that derived state differently.

Integrity comes from a checksum over the content, never from comparing derived state. Every
schema that was ever written loads in every later version, through :func:`migrate`:

- schema 1 (the page's first saves): top-level ``settings``, ``seed``, ``moves``, ``ui``, plus a
  snapshot and the English log, both derived and ignored when reading;
- schema 2: ``kind``, ``schema``, ``ruleset``, ``game``, ``client`` and ``checksum``.

>>> from scout_core import Game
>>> game = Game.new(players=3, seed=7).play("keep")
>>> text = write(game, {"speed": "fast"})
>>> again = read(text)
>>> again.game == game, again.client
(True, {'speed': 'fast'})
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from .errors import IllegalMoveError, InvalidMoveError
from .game import Game, check_setup

KIND: Final = "scout-game"
SCHEMA: Final = 2
"""The schema this version writes."""
RULESET: Final = "scout-oink-2021"
"""The rules a file's moves follow (RULES.md R1-R17, Oink Games rulebook v1.1)."""

ProblemCode = Literal[
    "not_json",  # the text is not JSON at all
    "not_a_game",  # JSON, but not a game file
    "newer",  # written by a later version: facts schema
    "unknown_schema",  # a schema no version wrote: facts schema
    "other_rules",  # facts ruleset
    "checksum",  # the content does not match its checksum: damaged or edited
    "bad_value",  # facts key
    "illegal_move",  # facts number (1-based), move (its text)
]


class GameFileError(ValueError):
    """A game file that cannot be trusted: ``code`` says why, the attributes give the facts."""

    def __init__(
        self,
        code: ProblemCode,
        message: str,
        *,
        key: str | None = None,
        schema: object = None,
        number: int | None = None,
        move: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code: ProblemCode = code
        self.key = key
        self.schema = schema
        self.number = number
        self.move = move


@dataclass(frozen=True)
class GameRecord:
    """A game read from a file, and the client's own section of it (a fresh dict)."""

    game: Game
    client: dict[str, Any]
    schema: int
    """The schema the file was written in (older ones are migrated on reading)."""


def content(game: Game, client: Mapping[str, Any]) -> dict[str, Any]:
    """The document of ``game`` without its checksum: setup, deal and moves, and the client's
    section as given (it must be plain JSON values)."""
    return {
        "kind": KIND,
        "schema": SCHEMA,
        "ruleset": RULESET,
        "game": {
            "players": game.players,
            "rounds": game.rounds,
            "seed": game.seed,
            "moves": [str(m) for m in game.moves],
        },
        "client": dict(client),
    }


def checksum(document: Mapping[str, Any]) -> str:
    """The checksum of a document's content: SHA-256 of its canonical JSON, less the checksum."""
    body = {k: v for k, v in document.items() if k != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def write(game: Game, client: Mapping[str, Any], *, indent: int | None = None) -> str:
    """The game file of ``game`` as JSON text (compact unless ``indent`` is given)."""
    document = content(game, client)
    document["checksum"] = checksum(document)
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(document, indent=indent, separators=separators, ensure_ascii=False)


def read(text: str) -> GameRecord:
    """Read a game file of any schema ever written; raise :class:`GameFileError` if it cannot
    be trusted (not JSON, not a game, newer, other rules, damaged, an illegal move)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError, RecursionError):
        raise GameFileError("not_json", "not a game file: the text is not JSON") from None
    if not isinstance(data, dict):
        raise GameFileError("not_a_game", "not a game file: the JSON is not an object")
    schema = data.get("schema")
    document = migrate(data)
    game = replay(document["game"])
    client = document["client"]
    if not isinstance(client, dict):
        raise GameFileError("bad_value", "client: not an object", key="client")
    assert isinstance(schema, int)
    return GameRecord(game, client, schema)


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a document of any known schema to the current one, its checksum checked."""
    schema = data.get("schema")
    if schema == 1:
        return _from_schema_1(data)
    if schema == SCHEMA:
        _check_kind(data)
        if data.get("checksum") != checksum(data):
            raise GameFileError(
                "checksum", "checksum: the file was changed or damaged", key="checksum"
            )
        return data
    if isinstance(schema, int) and not isinstance(schema, bool) and schema > SCHEMA:
        raise GameFileError(
            "newer", f"schema: {schema} was written by a newer version", schema=schema
        )
    if "schema" not in data:
        raise GameFileError("not_a_game", "not a game file: it has no schema")
    raise GameFileError("unknown_schema", f"schema: no version wrote {schema!r}", schema=schema)


def _check_kind(data: dict[str, Any]) -> None:
    if data.get("kind") != KIND:
        raise GameFileError("not_a_game", f"kind: not {KIND!r}", key="kind")
    _check_ruleset(data)


def _check_ruleset(data: dict[str, Any]) -> None:
    ruleset = data.get("ruleset")
    if ruleset != RULESET:
        raise GameFileError(
            "other_rules", f"ruleset: {ruleset!r} is not {RULESET!r}", key="ruleset"
        )


def _from_schema_1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1, the page's first saves: no checksum (it compared a snapshot and the English log
    instead, both derived and ignored now); the settings held the game's setup."""
    _check_ruleset(data)
    settings, ui = data.get("settings"), data.get("ui")
    if not isinstance(settings, dict):
        raise GameFileError("bad_value", "settings: not an object", key="settings")
    if not isinstance(ui, dict):
        raise GameFileError("bad_value", "ui: not an object", key="ui")
    if data.get("seed") != settings.get("seed"):
        raise GameFileError("bad_value", "seed: not the deal of the settings", key="seed")
    client = {
        "levels": settings.get("levels"),
        "speed": settings.get("speed"),
        "entry": ui.get("entry"),
        "rounds_seen": ui.get("rounds_seen"),
        "counted": ui.get("counted") is True,
    }
    game = {
        "players": settings.get("players"),
        "rounds": settings.get("rounds"),
        "seed": data.get("seed"),
        "moves": data.get("moves"),
    }
    return {"kind": KIND, "schema": SCHEMA, "ruleset": RULESET, "game": game, "client": client}


def replay(record: Any) -> Game:
    """The game a ``game`` section describes: dealt from its seed, every move played again."""
    if not isinstance(record, dict):
        raise GameFileError("bad_value", "game: not an object", key="game")
    players, rounds, seed = record.get("players"), record.get("rounds"), record.get("seed")
    try:
        check_setup(players, rounds, seed)
    except ValueError as error:
        key = str(error).split(":", 1)[0]
        raise GameFileError("bad_value", f"game.{error}", key=f"game.{key}") from None
    if rounds is None or seed is None:
        missing = "rounds" if rounds is None else "seed"
        raise GameFileError("bad_value", f"game.{missing}: missing", key=f"game.{missing}")
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise GameFileError("bad_value", "game.moves: not a list", key="game.moves")
    assert isinstance(players, int)  # check_setup has made sure
    game = Game.new(players=players, rounds=rounds, seed=seed)
    for number, text in enumerate(moves, 1):
        try:
            game = game.play(text)
        except (InvalidMoveError, IllegalMoveError):
            raise GameFileError(
                "illegal_move",
                f"game.moves: move {number} ({text!r}) is not legal",
                key="game.moves",
                number=number,
                move=str(text),
            ) from None
    return game
