"""``expert`` with another budget, reading or pricing, in the arena: what each of their fields
buys.

A level ``expert:FIELD=N,FIELD=N`` is ``expert`` with those fields changed and everything
else as shipped: fields of its :class:`~scout_core.bots.MoveBudget` (whole numbers; ``steps``
is then the budget at every table size, where ``expert`` has its own at two players), of
its :class:`~scout_core.bots.Reading` (numbers, changed at every table size where it reads
kept hands; ``beat_boost`` is the reading's), and of its pricing's
:class:`~scout_core.bots.heuristic.Weights` (numbers, in its candidates and in every seat of
its rollouts; ``plain_beat_boost`` is the pricing's ``beat_boost`` at the table sizes where it
does not read kept hands, two players), and ``two_player_kept_weight`` has it read kept hands
at two players too, its re-deals weighted by that much a show and its pricing unchanged.
Every other name is a level ``make`` knows. The arguments and the report are the arena's:

    python tools/budgets.py expert:rollout_moves=12 hard-2026-11 --players 5 --games 200 \\
        --rounds 1 --seed 1 --jobs 2 [--log FILE]
    python tools/budgets.py expert:beat_boost=0.55 hard-2026-11 --players 3 --games 200 \\
        --rounds 1 --seed 1 --jobs 1 [--log FILE]
    python tools/budgets.py expert:two_player_chip_holdup=0 hard-2026-11 --players 2 \\
        --games 200 --seed 2 --jobs 1 [--log FILE]

The same seed deals the same games, so a log of this and one of ``expert`` itself compare
game by game.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import arena  # noqa: E402
from scout_core.bots import Bot, ExpertBot, MoveBudget, Reading, make  # noqa: E402
from scout_core.bots.heuristic import Weights  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))

from shipped import shipped_expert  # noqa: E402

PREFIX = "expert:"


BUDGET_FIELDS = tuple(f.name for f in dataclasses.fields(MoveBudget))
READING_FIELDS = tuple(f.name for f in dataclasses.fields(Reading))
PLAIN_BEAT_BOOST = "plain_beat_boost"
"""The pricing's ``beat_boost`` where ``expert`` reads no kept hands (the reading's elsewhere)."""
WEIGHT_FIELDS = (
    *(f.name for f in dataclasses.fields(Weights) if f.name not in READING_FIELDS),
    PLAIN_BEAT_BOOST,
)
"""The pricing's fields a level may change (``beat_boost`` is the reading's)."""
TWO_PLAYER_KEPT_WEIGHT = "two_player_kept_weight"
"""Re-deals at two players weighted towards kept hands by this much a show; nothing else read."""


class Changes(NamedTuple):
    """What a level ``expert:FIELD=N,...`` changes, field by field."""

    budget: dict[str, int]
    reading: dict[str, float]
    weights: dict[str, float]
    two_player_kept_weight: float | None = None


def changes_of(level: str) -> Changes:
    """The budget, reading and pricing fields a level ``expert:FIELD=N,...`` changes. Raises
    ValueError, saying what is wrong, for anything else."""
    if not level.startswith(PREFIX):
        raise ValueError(f"{level!r} is not of the form expert:FIELD=N,FIELD=N")
    budget: dict[str, int] = {}
    reading: dict[str, float] = {}
    weights: dict[str, float] = {}
    two_player_kept_weight = None
    for part in level[len(PREFIX) :].split(","):
        name, equals, number = part.partition("=")
        if name in BUDGET_FIELDS:
            if not equals or not number.strip().isdigit() or int(number) <= 0:
                raise ValueError(f"{name} in {level!r} needs a whole number above 0, as {name}=12")
            budget[name] = int(number)
        elif name in READING_FIELDS:
            value = _number(number) if equals else None
            least = 0.0 if name != "step_share" else math.ulp(0.0)  # a share of 0 searches nothing
            if value is None or not least <= value < math.inf:
                wanted = "above 0" if least else "0 or more"
                raise ValueError(f"{name} in {level!r} needs a number {wanted}, as {name}=0.5")
            reading[name] = value
        elif name in WEIGHT_FIELDS:
            value = _number(number) if equals else None
            if value is None or not 0.0 <= value < math.inf:
                raise ValueError(f"{name} in {level!r} needs a number 0 or more, as {name}=0.5")
            weights["beat_boost" if name == PLAIN_BEAT_BOOST else name] = value
        elif name == TWO_PLAYER_KEPT_WEIGHT:
            value = _number(number) if equals else None
            if value is None or not 0.0 < value < math.inf:
                raise ValueError(f"{name} in {level!r} needs a number above 0, as {name}=0.6")
            two_player_kept_weight = value
        else:
            choices = ", ".join(
                BUDGET_FIELDS + READING_FIELDS + WEIGHT_FIELDS + (TWO_PLAYER_KEPT_WEIGHT,)
            )
            raise ValueError(
                f"no budget, reading or pricing field {name!r} in {level!r}; choose among {choices}"
            )
    return Changes(budget, reading, weights, two_player_kept_weight)


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def budget_of(level: str) -> MoveBudget:
    """The budget a level ``expert:FIELD=N,...`` names: ``expert``'s own, its budget fields
    changed. Raises ValueError, saying what is wrong, for a level that is not of that form."""
    return dataclasses.replace(shipped_expert().budget, **changes_of(level).budget)


def reading_of(level: str) -> dict[int, Reading]:
    """How a level ``expert:FIELD=N,...`` reads kept hands, by table size: ``expert``'s own
    reading, its reading fields changed at every table size where it reads."""
    return _read(shipped_expert(), changes_of(level).reading)


def _read(shipped: ExpertBot, changes: dict[str, float]) -> dict[int, Reading]:
    return {p: dataclasses.replace(r, **changes) for p, r in shipped.reading.items()}


def make_bot(level: str) -> Bot:
    """``expert`` with a budget and reading of its own for ``expert:...``; any level ``make``
    knows."""
    if not level.startswith(PREFIX):
        return make(level)
    budget, reading, weights, two_player_kept_weight = changes_of(level)
    shipped = shipped_expert()
    arguments = shipped.arguments()
    arguments["level"] = level
    arguments["budget"] = dataclasses.replace(shipped.budget, **budget)
    arguments["weights"] = dataclasses.replace(shipped.weights, **weights)
    arguments["reading"] = _read(shipped, reading)
    if two_player_kept_weight is not None:
        if 2 in shipped.reading:
            raise ValueError(f"{level!r}: expert reads kept hands at two players already")
        plain = arguments["weights"].beat_boost  # the pricing as it is there, changed or not
        arguments["reading"] = {**arguments["reading"], 2: Reading(two_player_kept_weight, plain)}
    if "steps" in budget:
        arguments["steps"] = {}  # steps=N names the moves of a decision at every table size.
    return ExpertBot(**arguments)


if __name__ == "__main__":
    arena.main(sys.argv[1:], roster=arena.Roster(make=make_bot))
