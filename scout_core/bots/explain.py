"""One-line reasons for moves, in a player's words, and the hint for the human player."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..cards import Card, rotated
from ..combos import combo_name, describe, strength
from ..moves import Move, Orient, Scout, ScoutShow, Show
from ..observation import Observation
from ..rules import take_end
from .handeval import best_cut
from .policy import longest_through


def _values(cards: tuple[Card, ...] | list[Card]) -> list[int]:
    return [c.value for c in cards]


def _shows_needed(values: list[int]) -> int:
    return len(best_cut(values))


def _what(values: list[int]) -> str:
    """``run 4-5-6``, ``pair of 7s``, ``set of 3 x 5``, ``single 9``."""
    name = combo_name(values)
    if name.kind == "set" and name.count == 2:
        return f"pair of {name.lowest}s"
    return describe(name.values)


def _scouted(
    observation: Observation, scout: Scout
) -> tuple[list[int], int, int, tuple[Card, ...]]:
    """The hand's values after ``scout``, where the card went, its value, and the table left."""
    card, rest = take_end(observation.table, scout.end)
    x = card.other if scout.flip else card.value
    values = _values(observation.hand)
    k = scout.insert_at
    return [*values[:k], x, *values[k:]], k, x, rest


def _show_reason(
    observation: Observation, shown: list[int], left: int, table: tuple[Card, ...]
) -> str:
    what = _what(shown)
    if left == 0:
        return f"{what}: empties your hand and ends the round"
    if not table:
        return f"{what} to open, leaving {left} card{'s' * (left != 1)}"
    captured = len(table)
    beaten = _what(_values(table))
    return f"{what}: beats the {beaten} and captures {captured} card{'s' * (captured != 1)}"


def explain(observation: Observation, move: Move) -> str:
    """Why ``move`` makes sense for the seat of ``observation``, in one line."""
    if isinstance(move, Orient):
        kept = _shows_needed(_values(observation.hand))
        turned = _shows_needed(_values(rotated(observation.hand)))
        if kept == turned:
            way = "rotated" if move.rotate else "as dealt"
            return (
                f"{'Rotate' if move.rotate else 'Keep'} your hand: {kept} shows either way, "
                f"and its sets and runs are stronger {way}"
            )
        if move.rotate:
            return f"Rotate your hand: it then splits into {turned} shows instead of {kept}"
        return f"Keep your hand: it splits into {kept} shows (rotated: {turned})"
    values = _values(observation.hand)
    if isinstance(move, Show):
        shown = values[move.start : move.stop]
        left = len(values) - len(shown)
        return "Show " + _show_reason(observation, shown, left, observation.table)
    scout = move if isinstance(move, Scout) else move.scout
    after, k, x, rest = _scouted(observation, scout)
    if isinstance(move, ScoutShow):
        shown = after[move.show.start : move.show.stop]
        left = len(after) - len(shown)
        return f"Scout & Show: take the {x} and show " + _show_reason(
            observation, shown, left, rest
        )
    joined = [c for c in longest_through(after, k) if c[1] - c[0] > 1]
    if joined:
        start, stop, _ = max(joined, key=lambda c: (c[1] - c[0], c[2]))
        before = [v for i, v in enumerate(after[start:stop]) if start + i != k]
        made = _what(after[start:stop])
        if len(before) >= 2 and strength(before) > 0:
            reason = f"to extend your {_what(before)} into a {made}"
        elif len(before) >= 2:
            reason = f"to bridge your {before[0]} and {before[-1]} into a {made}"
        else:
            reason = f"to make a {made}"
    else:
        reason = "because nothing in your hand beats the table worth breaking up"
    cost = " (it costs one of your chips)" if observation.players == 2 else ""
    return f"Scout the {x} {reason}{cost}"


def hint(observation: Observation, rng: random.Random) -> tuple[Move, str]:
    """The strongest player's move for this seat, with its reason."""
    result: tuple[Move, str] | None = None
    for step in think_hint(observation, rng):
        if step is not None:
            result = step
    assert result is not None
    return result


def think_hint(observation: Observation, rng: random.Random) -> Iterator[tuple[Move, str] | None]:
    """:func:`hint` in slices: None after each slice of work, then the move and its reason."""
    from . import levels, make  # noqa: PLC0415 - the registry imports this module

    move: Move | None = None
    for step in make(levels()[-1]).think(observation, rng):
        if step is None:
            yield None
        else:
            move = step
    assert move is not None
    yield move, explain(observation, move)
