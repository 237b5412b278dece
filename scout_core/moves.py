"""The moves and their one text form (``str`` and :func:`parse_move` round-trip).

- ``keep`` / ``rotate``: the whole-hand decision before a round (R6);
- ``show I:J``: show ``hand[I:J]`` (R7);
- ``scout left K`` / ``scout right flip K``: take that end of the active set, turned over or not
  relative to how it lay, so that it becomes ``hand[K]`` (R10);
- ``scout left K + show I:J``: Scout & Show, the slice indexing the hand after the insertion (R11).

Moves are small immutable tuples; the common ones are interned, so generating hundreds of them
costs little.
"""

from __future__ import annotations

import re
from typing import Final, Literal, NamedTuple

from .errors import InvalidMoveError

End = Literal["left", "right"]
ENDS: Final[tuple[End, End]] = ("left", "right")


class Orient(NamedTuple):
    """Keep the dealt hand, or rotate it 180 degrees (R6)."""

    rotate: bool

    def __str__(self) -> str:
        return "rotate" if self.rotate else "keep"


class Show(NamedTuple):
    """Show ``hand[start:stop]``."""

    start: int
    stop: int

    def __str__(self) -> str:
        return f"show {self.start}:{self.stop}"


class Scout(NamedTuple):
    """Take the ``end`` card of the active set, maybe flipped, and make it ``hand[insert_at]``."""

    end: End
    flip: bool
    insert_at: int

    def __str__(self) -> str:
        return f"scout {self.end}{' flip' if self.flip else ''} {self.insert_at}"


class ScoutShow(NamedTuple):
    """Scout, then show from the hand as it is after the scout (R11)."""

    scout: Scout
    show: Show

    def __str__(self) -> str:
        return f"{self.scout} + {self.show}"


Move = Orient | Show | Scout | ScoutShow

KEEP: Final = Orient(False)
ROTATE: Final = Orient(True)

# Interned moves for every hand size a round can reach (45 cards in the largest deck).
MAX_HAND: Final = 45
SHOWS: Final[tuple[tuple[Show, ...], ...]] = tuple(
    tuple(Show(i, j) for j in range(MAX_HAND + 1)) for i in range(MAX_HAND + 1)
)
"""``SHOWS[i][j]`` is ``Show(i, j)`` (entries with ``j <= i`` are never used)."""
SCOUTS: Final[dict[tuple[End, bool], tuple[Scout, ...]]] = {
    (end, flip): tuple(Scout(end, flip, k) for k in range(MAX_HAND + 1))
    for end in ENDS
    for flip in (False, True)
}
"""``SCOUTS[end, flip][k]`` is ``Scout(end, flip, k)``."""

_SHOW = r"show (\d+):(\d+)"
_SCOUT = r"scout (left|right)( flip)? (\d+)"
_PATTERN: Final = re.compile(rf"(?:(keep|rotate)|{_SHOW}|{_SCOUT}(?: \+ {_SHOW})?)")


def parse_move(text: str) -> Move:
    """Read a move from its text form; raise :class:`InvalidMoveError` if it is not one.

    >>> parse_move("scout right flip 3 + show 2:5")
    ScoutShow(scout=Scout(end='right', flip=True, insert_at=3), show=Show(start=2, stop=5))
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text, not {type(text).__name__}: {text!r}", text=text)
    normal = " ".join(text.split()).lower()
    match = _PATTERN.fullmatch(normal)
    if match is None:
        raise InvalidMoveError(
            f"not a move: {text!r} (expected keep, rotate, 'show I:J', 'scout left|right [flip] K'"
            " or 'scout ... K + show I:J')",
            text=text,
        )
    orient, i, j, end, flip, k, si, sj = match.groups()
    if orient is not None:
        return ROTATE if orient == "rotate" else KEEP
    if i is not None:
        return _show(int(i), int(j), text)
    scout = Scout("left" if end == "left" else "right", flip is not None, int(k))
    if si is None:
        return scout
    return ScoutShow(scout, _show(int(si), int(sj), text))


def _show(start: int, stop: int, text: str) -> Show:
    if start >= stop:
        raise InvalidMoveError(f"not a move: {text!r} (a show I:J needs I < J)", text=text)
    return Show(start, stop)


def as_move(move: Move | str) -> Move:
    """A move given as a move or as text, as a move."""
    if isinstance(move, Orient | Show | Scout | ScoutShow):
        return move
    return parse_move(move)
