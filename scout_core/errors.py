"""The engine's exceptions: both are ``ValueError`` so callers may catch either broadly."""


class InvalidMoveError(ValueError):
    """Move text that does not parse (``dance``, ``show 1:0``)."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in the current position."""
