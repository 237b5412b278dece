"""The engine's exceptions: both are ``ValueError`` so callers may catch either broadly."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .moves import Move
    from .position import Position
    from .rules import Reason


class InvalidMoveError(ValueError):
    """Move text that does not parse (``dance``, ``show 1:0``); ``text`` is what was given."""

    def __init__(self, message: str, *, text: object = None) -> None:
        super().__init__(message)
        self.text = text


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in the current position.

    ``move`` is the move, ``reason`` why it is not allowed (a :class:`~scout_core.rules.Reason`)
    and ``position`` the position it was tried in.
    """

    def __init__(
        self,
        message: str,
        *,
        move: Move | None = None,
        reason: Reason | None = None,
        position: Position | None = None,
    ) -> None:
        super().__init__(message)
        self.move = move
        self.reason = reason
        self.position = position
