"""Saved games: the game file of the session (``scout_core.gamefile``) and what the table adds.

A save is a game file whose ``client`` section holds the AI levels, the pace, the half-entered
move, how many round summaries the player has closed, and whether the game has been counted in
the statistics. Everything else is derived by replaying the moves. The same text is what
"Save game to file" downloads, so a file and a save are read by the same checks.

A save the engine cannot trust (not JSON, a changed checksum, an illegal move, a newer
version) is refused with a message; the table's own section is read leniently, because a game
must never be lost over a setting: an AI level this version lacks plays at the default level,
a half-entered move that does not fit is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scout_core import Game, Orient
from scout_core.gamefile import GameFileError, read, write
from scout_core.review import Review

from .entry import NOTHING_PICKED, Entry, fits
from .session import Session, Settings
from .words import HUMAN, file_problem

SAVE_KEY = "scout.save"
REJECTED_PREFIX = "scout.save.rejected."


def client_state(session: Session) -> dict[str, Any]:
    """The table's section of the save: what cannot be derived from the moves."""
    return {
        "levels": list(session.settings.levels),
        "names": list(session.settings.names),
        "viewer": session.viewer,
        "speed": session.settings.speed,
        "entry": session.entry.to_dict(),
        "rounds_seen": session.rounds_seen,
        "counted": session.counted,
        "practice": session.settings.practice,
        "review": None if session.review is None else session.review.to_dict(),
    }


def dump(session: Session, *, indent: int | None = None) -> str:
    """The save text (and game file) of a session."""
    return write(session.game, client_state(session), indent=indent)


@dataclass(frozen=True)
class Loaded:
    """The outcome of reading a save: a session, or a message (and the text to keep aside)."""

    session: Session | None
    problem: str | None = None


def load(text: str | None, what: str = "saved game") -> Loaded:
    """Read a save (or a game file: ``what`` names it in messages). No text: neither session
    nor problem. Text that cannot be trusted: the problem, for the player."""
    if text is None:
        return Loaded(None)
    try:
        record = read(text)
    except GameFileError as error:
        return Loaded(None, file_problem(error, what))
    return Loaded(session_of(record.game, record.client))


def session_of(game: Game, client: dict[str, Any]) -> Session:
    """The session a replayed game and the table's section describe."""
    chosen, speed = client.get("levels"), client.get("speed")
    typed, viewer = client.get("names"), client.get("viewer")
    # Unknown levels and paces (from another version) are played at the defaults.
    settings = Settings(
        players=game.players,
        rounds=game.rounds,
        levels=tuple(str(n) for n in chosen) if isinstance(chosen, list) else (),
        names=tuple(n if isinstance(n, str) else "" for n in typed)
        if isinstance(typed, list)
        else (),
        seed=game.seed,
        speed=str(speed),
        practice=client.get("practice") is True,
    ).resolved()
    finished = len(game.round_results)
    seen = client.get("rounds_seen")
    if not isinstance(seen, int) or isinstance(seen, bool) or not 0 <= seen <= finished:
        seen = finished
    if not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < game.players:
        viewer = HUMAN
    session = Session(settings, game, rounds_seen=seen, viewer=viewer)
    session.counted = client.get("counted") is True and game.phase == "over"
    try:
        entry = Entry.from_dict(client.get("entry"))
    except ValueError:
        entry = NOTHING_PICKED
    me = session.viewer
    if session.human_to_move() and fits(game, me, entry):
        session.entry = entry
    session.undo_game = undone(game, me)
    played = any(e.seat == me and e.action not in ("keep", "rotate") for e in game.log)
    session.undo_block = "answered" if played else "nothing"
    session.review = kept_review(client.get("review"), game)
    return session


def kept_review(data: Any, game: Game) -> Review | None:
    """The analysis kept with the save, when it is of this very game (else it is made anew)."""
    if data is None:
        return None
    try:
        review = Review.from_dict(data)
    except ValueError:
        return None
    return review if review.matches(game) else None


def undone(game: Game, seat: int = HUMAN) -> Game | None:
    """The game before the seat's last move, when that move can still be taken back: a Show
    or Scout that is the game's last move and did not end a round (see ``Session.can_undo``)."""
    moves = game.moves
    if not moves or isinstance(moves[-1], Orient) or game.log[-1].seat != seat:
        return None
    before = Game.new(players=game.players, rounds=game.rounds, seed=game.seed)
    for move in moves[:-1]:
        before = before.play(move)
    ended_round = len(game.round_results) > len(before.round_results)
    return before if before.to_move == seat and not ended_round else None


def rejected_key(now_ms: int) -> str:
    """Where a refused save is kept aside, so that nothing is silently deleted."""
    return f"{REJECTED_PREFIX}{now_ms}"
