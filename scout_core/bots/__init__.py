"""AI players. ``make(level)`` returns a bot; ``bot.choose(observation, rng)`` returns a move.

A bot sees only an :class:`~scout_core.observation.Observation` (its own hand and public facts)
and draws every random choice from the ``random.Random`` it is given. ``bot.think`` does the
same work in slices of a few milliseconds, yielding None between them and the move at the end,
so a page can keep drawing while a bot thinks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Protocol

from ..moves import Move
from ..observation import Observation
from .expert import KEPT_HANDS, ExpertBot, MoveBudget, Reading
from .explain import Why, explain, hint, think_hint, why
from .players import HeuristicBot, RandomBot
from .replies import Tree
from .search import Budget, SearchBot


class Bot(Protocol):
    """Anything that picks a legal move for the seat an observation belongs to."""

    level: str

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """One of ``observation.legal_moves()``."""
        ...

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """None after each slice of work, then the move ``choose`` would return."""
        ...


_LEVELS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "easy": lambda: HeuristicBot("easy", noise=0.9, scout_show_shy=0.6),
    "normal": lambda: HeuristicBot("normal"),
    "hard": lambda: SearchBot("hard", Budget(rollouts=400, candidates=6, orient_rollouts=120)),
    "expert": lambda: ExpertBot(
        "expert",
        MoveBudget(steps=4000, candidates=8, orient_steps=4000, slice_steps=45),
        distinct=True,
        # At three players the reading spends 3,000 of the 4,000 moves: as long as a plain
        # decision, where four and five players afford it in full (docs/strength.md).
        reading={3: replace(KEPT_HANDS, step_share=0.75), 4: KEPT_HANDS, 5: KEPT_HANDS},
        # Head to head its rollouts begin in a tree of the replies; at three and four players
        # that gained nothing, and at five it did worse (docs/strength.md).
        trees={2: Tree()},
        # Head to head the tree gained from half as many moves again, in the page's time.
        steps={2: 6000},
    ),
}


REFERENCES: dict[str, Callable[[], Bot]] = {
    "hard-2026-11": lambda: SearchBot(
        "hard-2026-11", Budget(rollouts=400, candidates=6, orient_rollouts=120)
    ),
}
"""Fixed yardsticks for the arena, not offered to players: ``hard-2026-11`` is ``hard`` as it
played in November 2026 (``tests/bots/data/hard_2026_11.json`` pins its moves)."""


def levels() -> list[str]:
    """The levels offered to players, weakest first (``make`` also accepts ``REFERENCES``)."""
    return list(_LEVELS)


def make(level: str) -> Bot:
    """A bot of the named level."""
    factory = _LEVELS.get(level) or REFERENCES.get(level)
    if factory is None:
        names = ", ".join([*_LEVELS, *REFERENCES])
        raise ValueError(f"no bot level {level!r}; choose one of {names}")
    return factory()


__all__ = [
    "REFERENCES",
    "Bot",
    "Budget",
    "ExpertBot",
    "HeuristicBot",
    "MoveBudget",
    "RandomBot",
    "Reading",
    "SearchBot",
    "Why",
    "explain",
    "hint",
    "levels",
    "make",
    "think_hint",
    "why",
]
