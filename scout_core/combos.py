"""What a group of values is -- a set or a run -- and how strong it is (R7, R8).

A combination's strength is one integer, so "beats" is ``>``::

    strength = 32 * count + (16 if set else 0) + lowest value

More cards always win (16 + 10 < 32); at equal count a set beats a run; then the higher lowest
value wins. Strength 0 means "not a valid show" and is also the strength of an empty table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, NamedTuple

NOTHING: Final = 0
_PER_CARD: Final = 32
_SET_BONUS: Final = 16


class Combo(NamedTuple):
    """A valid show found in a row of values: the slice ``start:stop`` and its strength."""

    start: int
    stop: int
    strength: int


def set_strength(count: int, value: int) -> int:
    """Strength of ``count`` cards all showing ``value``."""
    return count * _PER_CARD + _SET_BONUS + value


def run_strength(count: int, lowest: int) -> int:
    """Strength of a run of ``count`` cards whose lowest value is ``lowest``."""
    return count * _PER_CARD + lowest


def strength(values: Sequence[int]) -> int:
    """Strength of showing these values in this order, or ``NOTHING`` if they are no show.

    >>> strength([4, 5]) > strength([3, 4])
    True
    >>> strength([7, 7]) > strength([7, 8]), strength([2, 4])
    (True, 0)
    """
    count = len(values)
    if count == 0:
        return NOTHING
    first = values[0]
    if count == 1:
        return set_strength(1, first)
    step = values[1] - first
    if step not in (-1, 0, 1):
        return NOTHING
    for i in range(2, count):
        if values[i] - values[i - 1] != step:
            return NOTHING
    if step == 0:
        return set_strength(count, first)
    return run_strength(count, min(first, values[-1]))


class ComboName(NamedTuple):
    """What a row of values is, in words any language can build on: its kind, how many cards,
    its lowest value (0 when empty) and the values themselves."""

    kind: Literal["single", "set", "run", "none"]
    count: int  # type: ignore[assignment]  # the field shadows tuple.count on purpose
    lowest: int
    values: tuple[int, ...]


def combo_name(values: Sequence[int]) -> ComboName:
    """The name of a combination: the one vocabulary of the engine, its bots and the page.

    >>> combo_name([6, 5, 4])
    ComboName(kind='run', count=3, lowest=4, values=(6, 5, 4))
    >>> combo_name([2, 4]).kind, combo_name([]).lowest
    ('none', 0)
    """
    row = tuple(values)
    count = len(row)
    if count == 0:
        return ComboName("none", 0, 0, row)
    lowest = min(row)
    if count == 1:
        return ComboName("single", 1, lowest, row)
    if strength(row) == NOTHING:
        return ComboName("none", count, lowest, row)
    return ComboName("set" if row[0] == row[1] else "run", count, lowest, row)


def describe(values: Sequence[int]) -> str:
    """The engine's English name for a show: ``single 7``, ``pair of 7s``, ``set of 3 x 5``,
    ``run 4-5-6`` (the page words :func:`combo_name` in its own languages)."""
    name = combo_name(values)
    if name.kind == "single":
        return f"single {name.lowest}"
    if name.kind == "set" and name.count == 2:
        return f"pair of {name.lowest}s"
    if name.kind == "set":
        return f"set of {name.count} x {name.lowest}"
    dashed = "-".join(map(str, name.values))
    return "run " + dashed if name.kind == "run" else dashed


_new_tuple = tuple.__new__


def hand_combos(values: Sequence[int]) -> list[Combo]:
    """Every valid show among the contiguous slices of ``values``, ordered by (start, stop)."""
    # On the hot path of every rollout: the strengths are set_strength and run_strength
    # written out, and each Combo is made without NamedTuple's Python-level __new__.
    combos: list[Combo] = []
    append = combos.append
    n = len(values)
    for i in range(n):
        v = values[i]
        append(_new_tuple(Combo, (i, i + 1, _PER_CARD + _SET_BONUS + v)))
        if i + 1 == n:
            break
        step = values[i + 1] - v
        if step == 0:
            j = i + 1
            while j < n and values[j] == v:
                j += 1
                append(_new_tuple(Combo, (i, j, (j - i) * _PER_CARD + _SET_BONUS + v)))
        elif step == 1:
            j = i + 1
            while j < n and values[j] == v + j - i:
                j += 1
                append(_new_tuple(Combo, (i, j, (j - i) * _PER_CARD + v)))
        elif step == -1:
            j = i + 1
            while j < n and values[j] == v - (j - i):
                j += 1
                append(_new_tuple(Combo, (i, j, (j - i) * _PER_CARD + values[j - 1])))
    return combos


def best_strength(values: Sequence[int]) -> int:
    """Strength of the strongest show among the slices of ``values`` (``NOTHING`` if empty)."""
    return max((c.strength for c in hand_combos(values)), default=NOTHING)
