"""Statistics across games at this browser: games finished, won, and the scores made.

Kept as JSON under ``scout.stats``. Every schema written loads in later versions: schema 1 also
held the last game's deal number, which nothing used. Text that cannot be read is reported as
``None``, so the page can keep it aside rather than count over it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypeGuard

from scout_core import Game

from .words import HUMAN

STATS_KEY = "scout.stats"
REJECTED_PREFIX = "scout.stats.rejected."
SCHEMA = 2


@dataclass(frozen=True)
class Stats:
    """Games finished at this browser, won (alone or shared), and the scores made."""

    played: int = 0
    won: int = 0
    total_score: int = 0
    best: int | None = None

    @property
    def average(self) -> float | None:
        """Average final score, or None before the first game."""
        return self.total_score / self.played if self.played else None

    def after(self, game: Game) -> Stats:
        """These statistics plus a finished game."""
        score = game.totals[HUMAN]
        return Stats(
            self.played + 1,
            self.won + (HUMAN in game.winners),
            self.total_score + score,
            score if self.best is None else max(self.best, score),
        )

    def to_json(self) -> str:
        """The statistics as JSON text, in the current schema."""
        return json.dumps(
            {
                "schema": SCHEMA,
                "played": self.played,
                "won": self.won,
                "total_score": self.total_score,
                "best": self.best,
            }
        )


def read_stats(text: str | None) -> Stats | None:
    """Statistics from their JSON text (no text: none yet); None when it cannot be read."""
    if text is None:
        return Stats()
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("schema") not in (1, SCHEMA):
        return None
    played, won, total, best = (data.get(k) for k in ("played", "won", "total_score", "best"))
    if not (whole_number(played) and whole_number(won) and whole_number(total)):
        return None
    if not (best is None or whole_number(best)) or not 0 <= won <= played:
        return None
    return Stats(played, won, total, best)


def whole_number(value: object) -> TypeGuard[int]:
    """Whether a JSON value is a whole number (JSON's true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def rejected_key(now_ms: int) -> str:
    """Where unreadable statistics are kept aside."""
    return f"{REJECTED_PREFIX}{now_ms}"
