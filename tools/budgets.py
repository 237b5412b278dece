"""``expert`` with another budget, in the arena: what each of its budget's fields buys.

A level ``expert:FIELD=N,FIELD=N`` is ``expert`` with those fields of its
:class:`~scout_core.bots.MoveBudget` changed and everything else as shipped; every other
name is a level ``make`` knows. The arguments and the report are the arena's:

    python tools/budgets.py expert:rollout_moves=12 hard-2026-11 --players 5 --games 200 \\
        --rounds 1 --seed 1 --jobs 2 [--log FILE]

The same seed deals the same games, so a log of this and one of ``expert`` itself compare
game by game.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import arena  # noqa: E402
from scout_core.bots import Bot, ExpertBot, MoveBudget, make  # noqa: E402

PREFIX = "expert:"


def budget_of(level: str) -> MoveBudget:
    """The budget a level ``expert:FIELD=N,...`` names: ``expert``'s own, those fields changed.
    Raises ValueError, saying what is wrong, for anything else."""
    if not level.startswith(PREFIX):
        raise ValueError(f"{level!r} is not of the form expert:FIELD=N,FIELD=N")
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    names = [f.name for f in dataclasses.fields(MoveBudget)]
    changes: dict[str, int] = {}
    for part in level[len(PREFIX) :].split(","):
        name, equals, number = part.partition("=")
        if name not in names:
            choices = ", ".join(names)
            raise ValueError(f"no budget field {name!r} in {level!r}; choose among {choices}")
        if not equals or not number.strip().isdigit() or int(number) <= 0:
            raise ValueError(f"{name} in {level!r} needs a whole number above 0, as {name}=12")
        changes[name] = int(number)
    return dataclasses.replace(shipped.budget, **changes)


def make_bot(level: str) -> Bot:
    """``expert`` with a budget of its own for ``expert:...``; any level ``make`` knows."""
    if not level.startswith(PREFIX):
        return make(level)
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    return ExpertBot(
        level,
        budget_of(level),
        shipped.weights,
        play_to_win=shipped.play_to_win,
        distinct=shipped.distinct,
        reading=shipped.reading,
    )


if __name__ == "__main__":
    arena.main(sys.argv[1:], roster=arena.Roster(make=make_bot))
