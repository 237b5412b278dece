"""The start form's last choices (players, rounds, who plays each seat, names, pace) and
whether the sound is muted, kept across visits.

Stored as JSON under ``scout.prefs`` and read leniently: whatever a later or earlier version
wrote that this one does not know falls back to the default, so choices survive every update.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .i18n import LANGUAGES
from .session import PERSON, SPEEDS, Settings, default_level, levels
from .stats import whole_number

PREFS_KEY = "scout.prefs"
SCHEMA = 1


@dataclass(frozen=True)
class Prefs:
    """What the start form shows first; ``rounds`` 0 means as many as players (R5)."""

    players: int = 3
    rounds: int = 0
    levels: tuple[str, ...] = ()
    speed: str = "normal"
    muted: bool = False
    names: tuple[str, ...] = ()
    lang: str = ""
    """The page's language as last chosen ("": follow the browser)."""

    @classmethod
    def of(cls, settings: Settings, *, muted: bool = False, lang: str = "") -> Prefs:
        """The choices behind a new game's settings."""
        return cls(
            settings.players,
            settings.rounds or 0,
            settings.levels,
            settings.speed,
            muted,
            settings.names,
            lang,
        )

    def level(self, seat: int) -> str:
        """Who was chosen for a seat (1-based: seat 0 is the person): an AI level or a person."""
        known = [*levels(), PERSON]
        if seat - 1 < len(self.levels) and self.levels[seat - 1] in known:
            return self.levels[seat - 1]
        return default_level()

    def name(self, seat: int) -> str:
        """The name last typed for a seat, or ""."""
        return self.names[seat] if seat < len(self.names) else ""

    def to_json(self) -> str:
        """The choices as JSON text."""
        return json.dumps(
            {
                "schema": SCHEMA,
                "players": self.players,
                "rounds": self.rounds,
                "levels": list(self.levels),
                "speed": self.speed,
                "muted": self.muted,
                "names": list(self.names),
                "lang": self.lang,
            }
        )


def read_prefs(text: str | None) -> Prefs:
    """The choices from their JSON text; anything unreadable is the default."""
    try:
        data: Any = json.loads(text or "{}")
    except (ValueError, RecursionError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    default = Prefs()
    players, rounds = data.get("players"), data.get("rounds")
    names, speed, muted = data.get("levels"), data.get("speed"), data.get("muted")
    typed, lang = data.get("names"), data.get("lang")
    return Prefs(
        players if whole_number(players) and 2 <= players <= 5 else default.players,
        rounds if whole_number(rounds) and 0 <= rounds <= 5 else default.rounds,
        tuple(n for n in names if isinstance(n, str)) if isinstance(names, list) else (),
        speed if isinstance(speed, str) and speed in SPEEDS else default.speed,
        muted if isinstance(muted, bool) else default.muted,
        tuple(n[:100] if isinstance(n, str) else "" for n in typed[:5])
        if isinstance(typed, list)
        else (),
        lang if isinstance(lang, str) and lang in LANGUAGES else "",
    )
