"""AI players. ``make(level)`` returns a bot; ``bot.choose(observation, rng)`` returns a move.

A bot sees only an :class:`~scout_core.observation.Observation` (its own hand and public facts)
and draws every random choice from the ``random.Random`` it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..moves import Move
from ..observation import Observation


class Bot(Protocol):
    """Anything that picks a legal move for the seat an observation belongs to."""

    level: str

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """One of ``observation.legal_moves()``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal moves (for tests and as a floor)."""

    level = "random"

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """A uniformly random legal move."""
        moves = observation.legal_moves()
        if not moves:
            raise ValueError(f"seat {observation.seat} is not to move")
        return rng.choice(moves)


_LEVELS: dict[str, Callable[[], Bot]] = {"random": RandomBot}


def levels() -> list[str]:
    """The names ``make`` accepts, weakest first."""
    return list(_LEVELS)


def make(level: str) -> Bot:
    """A bot of the named level."""
    try:
        factory = _LEVELS[level]
    except KeyError:
        raise ValueError(f"no bot level {level!r}; choose one of {', '.join(_LEVELS)}") from None
    return factory()
