"""Saved games and statistics as JSON text: what is written, and the checks on reading it.

A save holds the schema version, the ruleset, the settings and seed, the engine's move list,
a snapshot of the game (``Game.to_dict``), the half-entered move and the log. Loading replays
the moves from the seed and compares the result with the snapshot and the log, so a save that
was edited, damaged or written by another version is refused, never trusted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scout_core import Game, parse_move

from .entry import Entry, fits
from .session import ENGINE_VERSION, Session, Settings
from .words import HUMAN

SAVE_KEY = "scout.save"
STATS_KEY = "scout.stats"
PREFS_KEY = "scout.prefs"
REJECTED_PREFIX = "scout.save.rejected."
SCHEMA = 1
RULESET = "scout-oink-2021"  # RULES.md R1-R17 (Oink Games rulebook v1.1)


class SaveError(ValueError):
    """A save that cannot be trusted; the message is for the player."""


def dump(session: Session) -> str:
    """The save text of a session."""
    game = session.game
    data = {
        "schema": SCHEMA,
        "ruleset": RULESET,
        "engine": ENGINE_VERSION,
        "settings": session.settings.to_dict(),
        "seed": game.seed,
        "moves": [str(m) for m in game.moves],
        "snapshot": game.to_dict(),
        "ui": {**session.ui_state(), "undo": session.can_undo()},
        "log": [text for _, text in session.lines()],
    }
    return json.dumps(data, separators=(",", ":"))


@dataclass(frozen=True)
class Loaded:
    """The outcome of reading a save: a session, or a message (and the text to keep aside)."""

    session: Session | None
    problem: str | None = None


def load(text: str | None) -> Loaded:
    """Read a save. No save: neither session nor problem. A bad save: the problem."""
    if text is None:
        return Loaded(None)
    try:
        return Loaded(_load(text))
    except SaveError as error:
        return Loaded(None, str(error))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
        return Loaded(None, f"The saved game is damaged ({_short(error)}).")


def _short(error: BaseException) -> str:
    text = str(error).split(" [", 1)[0]
    return text if len(text) < 120 else text[:117] + "..."


def _load(text: str) -> Session:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise SaveError("The saved game is damaged: it is not readable data.") from None
    if not isinstance(data, dict):
        raise SaveError("The saved game is damaged: it is not a saved game.")
    schema = data.get("schema")
    if schema != SCHEMA:
        raise SaveError(
            f"The saved game comes from another version of this page (format {schema!r}),"
            " which this page cannot read."
        )
    if data.get("ruleset") != RULESET:
        raise SaveError(
            f"The saved game was played with other rules ({data.get('ruleset')!r})"
            " and cannot be continued here."
        )
    settings = Settings.from_dict(data.get("settings"))
    seed, moves = data.get("seed"), data.get("moves")
    if seed != settings.seed:
        raise SaveError("The saved game is damaged: its deal number does not match.")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SaveError("The saved game is damaged: its list of moves is not readable.")
    game = Game.new(players=settings.players, rounds=settings.rounds, seed=settings.seed)
    previous = game
    for number, move_text in enumerate(moves, 1):
        previous = game
        try:
            game = game.play(parse_move(move_text))
        except ValueError:
            raise SaveError(
                f"The saved game is damaged: move {number} ({move_text!r}) is not legal."
            ) from None
    if data.get("snapshot") != game.to_dict():
        raise SaveError("The saved game was changed: its position does not match its moves.")
    ui = data.get("ui")
    if not isinstance(ui, dict):
        raise SaveError("The saved game is damaged: the table state is missing.")
    rounds_seen = ui.get("rounds_seen")
    if (
        not isinstance(rounds_seen, int)
        or isinstance(rounds_seen, bool)
        or not 0 <= rounds_seen <= len(game.round_results)
    ):
        raise SaveError("The saved game is damaged: the table state is not readable.")
    session = Session(settings, game, rounds_seen=rounds_seen)
    session.counted = ui.get("counted") is True and game.phase == "over"
    if data.get("log") != [line for _, line in session.lines()]:
        raise SaveError("The saved game was changed: its log does not match its moves.")
    try:
        entry = Entry.from_dict(ui.get("entry"))
    except ValueError:
        raise SaveError(
            "The saved game is damaged: the move in progress is not readable."
        ) from None
    if session.human_to_move() and fits(game, HUMAN, entry):
        session.entry = entry
    elif entry != Entry():
        raise SaveError("The saved game was changed: the move in progress does not fit.")
    if ui.get("undo") is True and moves:
        session.undo_game = previous
        if not session.can_undo():
            session.undo_game = None
    return session


def rejected_key(now_ms: int) -> str:
    """Where a refused save is kept aside, so that nothing is silently deleted."""
    return f"{REJECTED_PREFIX}{now_ms}"


# -- statistics across games ------------------------------------------------------------------


@dataclass(frozen=True)
class Stats:
    """Games finished at this browser, won (alone or shared), and the scores made."""

    played: int = 0
    won: int = 0
    total_score: int = 0
    best: int | None = None
    last_seed: int | None = None

    @property
    def average(self) -> float | None:
        """Average final score, or None before the first game."""
        return self.total_score / self.played if self.played else None

    def after(self, game: Game) -> Stats:
        """These statistics plus a finished game (counted once, by its seed)."""
        score = game.totals[HUMAN]
        return Stats(
            self.played + 1,
            self.won + (HUMAN in game.winners),
            self.total_score + score,
            score if self.best is None else max(self.best, score),
            game.seed,
        )

    def to_json(self) -> str:
        """The statistics as JSON text."""
        return json.dumps(
            {
                "schema": 1,
                "played": self.played,
                "won": self.won,
                "total_score": self.total_score,
                "best": self.best,
                "last_seed": self.last_seed,
            }
        )

    @classmethod
    def from_json(cls, text: str | None) -> Stats:
        """Read statistics; anything unreadable counts as none."""
        try:
            data = json.loads(text or "")
            values = [data[k] for k in ("played", "won", "total_score", "best", "last_seed")]
        except (ValueError, TypeError, KeyError):
            return cls()
        ints = all(isinstance(v, int) and not isinstance(v, bool) for v in values[:3])
        if data.get("schema") != 1 or not ints or values[0] < values[1] or values[1] < 0:
            return cls()
        best, last = values[3], values[4]
        if not (best is None or isinstance(best, int)) or not (
            last is None or isinstance(last, int)
        ):
            return cls()
        return cls(values[0], values[1], values[2], best, last)
