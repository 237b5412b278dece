"""What every player offers: ``think`` in slices, and ``choose`` that runs it to the end."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..moves import Move
from ..observation import Observation


class NotToMoveError(ValueError):
    """The observation's seat has no decision to make."""


class Player:
    """Base of the bots: a subclass writes ``think``; ``choose`` runs it to the end."""

    level: str = ""

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """Yield None after each slice of work, then the chosen move."""
        raise NotImplementedError

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The move ``think`` ends with for the same ``rng`` state."""
        chosen: Move | None = None
        for step in self.think(observation, rng):
            if step is not None:
                chosen = step
        if chosen is None:
            raise AssertionError(f"{self.level} player thought of no move")
        return chosen

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.level}>"


def legal_or_raise(observation: Observation) -> list[Move]:
    """The seat's legal moves; raise :class:`NotToMoveError` when it has none."""
    moves = observation.legal_moves()
    if not moves:
        raise NotToMoveError(f"seat {observation.seat} is not to move")
    return moves
