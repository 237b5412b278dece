"""Helpers shared by the engine tests."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, settings

from scout_core import Game

# "thorough" is for a long local run. "pyodide" is what tests/pyodide/run.mjs picks: there the
# property tests prove that the wheel behaves alike in the interpreter players run, while the
# wide random search is the CPython layer's, so a quarter of the examples do.
settings.register_profile(
    "default", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "pyodide", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("SCOUT_HYPOTHESIS_PROFILE", "default"))


def position(hands: list[str], **keys: Any) -> Game:
    """A game in the play phase from hands written as text (``"3/7 4/1"``) and other keys."""
    data: dict[str, Any] = {
        "players": len(hands),
        "hands": [h.split() for h in hands],
        "starter": 0,
        "phase": "play",
    }
    if isinstance(keys.get("table"), str):
        keys["table"] = keys["table"].split()
    data.update(keys)
    return Game.from_dict(data)


def hand_text(game: Game, seat: int) -> str:
    """A seat's hand as text."""
    return " ".join(map(str, game.hands[seat]))


def table_text(game: Game) -> str:
    """The active set as text."""
    return " ".join(map(str, game.table))
