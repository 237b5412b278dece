"""``expert`` as it ships, for the tools that play it with one thing changed.

A tool builds its variant from :func:`shipped_arguments` and changes only what it measures, so
that every other argument, including one added to :class:`~scout_core.bots.ExpertBot` later,
stays as the level players meet has it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core.bots import ExpertBot, make  # noqa: E402
from scout_core.bots.expert import ExpertArguments  # noqa: E402


def shipped_expert() -> ExpertBot:
    """A new ``expert``, as players meet it."""
    shipped = make("expert")
    if not isinstance(shipped, ExpertBot):
        raise TypeError(f"the level 'expert' is no longer an ExpertBot but {shipped!r}")
    return shipped


def shipped_arguments(level: str) -> ExpertArguments:
    """The arguments that build ``expert`` as it ships, under the name ``level``."""
    arguments = shipped_expert().arguments()
    arguments["level"] = level
    return arguments
