"""Legal moves, generated in one place for the full game and for one seat's observation.

Order (deterministic, no two moves with the same result): shows by slice; scouts by end (left
first), then unflipped before flipped, then insertion index; Scout & Shows the same way, then by
the show's slice. Where two spellings give the same position only the first of them is listed:
a one-card table is taken from the ``left`` only; a scouted card that ends up beside a shown
slice which does not include it is put *before* the slice (``scout left 2 + show 3:5``, not
``scout left 5 + show 2:5``); and a scouted card shown on its own is put at 0
(``scout left 0 + show 0:1``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from .cards import Card
from .combos import Combo, hand_combos, run_strength, set_strength
from .moves import ENDS, KEEP, ROTATE, SCOUTS, SHOWS, Move, Orient, Scout, ScoutShow, Show
from .rules import scouted, table_strength, take_end

ORIENT_MOVES: tuple[Orient, Orient] = (KEEP, ROTATE)

_new_tuple = tuple.__new__


def play_moves(
    hand: Sequence[Card], table: Sequence[Card], can_scout: bool, can_scout_show: bool
) -> list[Move]:
    """Every legal move of a seat holding ``hand`` (R7-R11, R13).

    ``can_scout`` and ``can_scout_show`` are :func:`~scout_core.rules.may_scout` and
    :func:`~scout_core.rules.may_scout_show` for this seat; both are ignored when the table is
    empty.
    """
    values = [c.value for c in hand]
    combos = hand_combos(values)
    to_beat = table_strength(table)
    # rules.beating_shows, inlined: the combos found here serve the Scout & Shows too.
    moves: list[Move] = [SHOWS[c.start][c.stop] for c in combos if c.strength > to_beat]
    if not table:
        return moves
    n = len(values)
    ends = ENDS if len(table) > 1 else ENDS[:1]
    if can_scout:
        for end in ends:
            for flip in (False, True):
                moves.extend(SCOUTS[end, flip][: n + 1])
    if can_scout_show:
        for end in ends:
            card, rest = take_end(table, end)
            moves.extend(_scout_shows(values, combos, card, end, table_strength(rest)))
    return moves


def _scout_shows(
    values: list[int], combos: list[Combo], card: Card, end: str, to_beat: int
) -> list[ScoutShow]:
    moves: list[ScoutShow] = []
    usable = [c for c in combos if c.strength > to_beat]
    n = len(values)
    # For each insertion index k, the shows that do not use the new card: the slices wholly
    # before it, then those after it, shifted by one. A slice ending right before the card is
    # left out: it duplicates the same slice with the card put right after it. These lists do
    # not depend on which way up the card goes in, so both orientations share them.
    before: list[list[Show]] = [[] for _ in range(n + 1)]
    before_starts: list[list[int]] = [[] for _ in range(n + 1)]
    after: list[list[Show]] = [[] for _ in range(n + 1)]
    for c in usable:
        plain = SHOWS[c.start][c.stop]
        for k in range(c.stop + 1, n + 1):
            before[k].append(plain)
            before_starts[k].append(c.start)
        shifted = SHOWS[c.start + 1][c.stop + 1]
        for k in range(c.start + 1):
            after[k].append(shifted)
    for flip in (False, True):
        x = card.other if flip else card.value
        scouts = SCOUTS["left" if end == "left" else "right", flip]
        for k in range(n + 1):
            scout = scouts[k]
            through = _through(values, k, x, to_beat)
            if through:
                # Merge by start: a slice before the card sorts first at an equal start.
                shows = list(before[k])
                for offset, (start, stop) in enumerate(through):
                    at = bisect_right(before_starts[k], start) + offset
                    shows.insert(at, SHOWS[start][stop])
                shows += after[k]
            else:
                shows = before[k] + after[k]
            moves += [_new_tuple(ScoutShow, (scout, show)) for show in shows]
    return moves


def _through(values: list[int], k: int, x: int, to_beat: int) -> list[tuple[int, int]]:
    """Slices of ``values`` with ``x`` inserted at ``k`` that contain it, beat ``to_beat`` and
    form a show, ordered by (start, stop)."""
    n = len(values)
    found: list[tuple[int, int]] = []
    # A neighbour decides the family (set, rising or falling run) of every longer slice on its
    # side: left of x it must read x - step, right of x it must read x + step.
    left_step = x - values[k - 1] if k > 0 else 9
    right_step = values[k] - x if k < n else 9
    if left_step in (-1, 0, 1):
        reach_left = 1
        while k - reach_left - 1 >= 0 and values[k - reach_left - 1] == x - left_step * (
            reach_left + 1
        ):
            reach_left += 1
        reach_right = 0
        if right_step == left_step:
            while k + reach_right < n and values[k + reach_right] == x + left_step * (
                reach_right + 1
            ):
                reach_right += 1
        for start in range(k - reach_left, k):
            for stop in range(k + 1, k + 2 + reach_right):
                if _slice_strength(left_step, x, k, start, stop) > to_beat:
                    found.append((start, stop))
    if k == 0 and set_strength(1, x) > to_beat:
        # Showing the scouted card alone leaves the hand as it was, wherever it went in.
        found.append((k, k + 1))
    if right_step in (-1, 0, 1):
        stop = k + 2
        while stop <= n + 1 and values[stop - 2] == x + right_step * (stop - 1 - k):
            if _slice_strength(right_step, x, k, k, stop) > to_beat:
                found.append((k, stop))
            stop += 1
    return found


def _slice_strength(step: int, x: int, k: int, start: int, stop: int) -> int:
    """Strength of ``start:stop`` through position ``k`` holding ``x``, all in one family."""
    if step == 0:
        return set_strength(stop - start, x)
    lowest = x - (k - start) if step == 1 else x - (stop - 1 - k)
    return run_strength(stop - start, lowest)


__all__ = [
    "ORIENT_MOVES",
    "Scout",
    "ScoutShow",
    "Show",
    "play_moves",
    "scouted",
    "table_strength",
]
