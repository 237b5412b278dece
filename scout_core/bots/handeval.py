"""How good a row of values is to hold: the best way to cut it into shows.

A hand is emptied one contiguous show at a time, so its worth is mostly how few shows it
needs and how strong they are. :func:`hand_value` cuts the row into consecutive valid shows
(sets and runs) and scores the best cutting: each show costs a turn, long shows are worth
more because they beat more and are rarely beaten. Joins that appear only after a slice is
shown are ignored; that keeps it a linear dynamic programme that rollouts can afford.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

TURN: Final = 1.0
"""What each show still needed costs (a turn, and the risk of being stuck with the cards)."""
SET_CARD: Final = 0.55
"""Worth of each card of a set beyond the first."""
RUN_CARD: Final = 0.42
"""Worth of each card of a run beyond the first."""
HIGH: Final = 0.03
"""Worth of each point of a show's lowest value (high shows beat low ones)."""

# _GAIN[kind][length]: the worth of one show of that kind and length, lowest value aside.
_SET_GAIN: Final = tuple(-TURN + SET_CARD * (n - 1) for n in range(16))
_RUN_GAIN: Final = tuple(-TURN + RUN_CARD * (n - 1) for n in range(16))


def _set_gain(n: int) -> float:
    return _SET_GAIN[n] if n < 16 else -TURN + SET_CARD * (n - 1)


def _run_gain(n: int) -> float:
    return _RUN_GAIN[n] if n < 16 else -TURN + RUN_CARD * (n - 1)


_MEMO: dict[tuple[int, ...], float] = {}
_MEMO_SIZE: Final = 100_000
"""Rollouts price the same rows again and again; past this many the memo starts afresh."""


def forget_hand_values() -> None:
    """Drop every remembered worth."""
    _MEMO.clear()


def hand_value(values: Sequence[int]) -> float:
    """The worth of holding ``values`` in this order (0 for an empty hand, less for more shows).

    >>> hand_value([5, 5, 5]) > hand_value([5, 6, 7]) > hand_value([5, 9, 2])
    True
    """
    key = tuple(values)
    known = _MEMO.get(key)
    if known is not None:
        return known
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    worth = _MEMO[key] = _hand_value(key)
    return worth


def hand_value_sharing(
    row: tuple[int, ...], same: int, hand: tuple[int, ...], table: list[float]
) -> float:
    """``hand_value(row)`` for a row whose first ``same`` values are ``hand``'s (a hand with a
    card put in, or a slice shown, from index ``same`` on).

    The cutting of a row's first ``i`` values does not depend on what follows them, so the
    best worths of ``hand``'s prefixes serve every such row; ``table``, empty at first, keeps
    them between calls. Only the rest of the row is worked out, exactly as ``hand_value``
    would, so the worth is the same float.
    """
    known = _MEMO.get(row)
    if known is not None:
        return known
    if not table:
        table += _best_prefixes(hand)
    best = table[: same + 1]
    best += [0.0] * (len(row) - same)
    _fill(row, best, same)
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    worth = _MEMO[row] = best[-1]
    return worth


def _hand_value(values: tuple[int, ...]) -> float:
    return _best_prefixes(values)[-1]


def _best_prefixes(values: tuple[int, ...]) -> list[float]:
    """``best[i]``: the worth of the best cutting of ``values[:i]``."""
    best = [0.0] * (len(values) + 1)
    _fill(values, best, 0)
    return best


def _fill(values: tuple[int, ...], best: list[float], start: int) -> None:
    """Fill ``best[start + 1:]`` in, ``best[:start + 1]`` being already known."""
    n = len(values)
    set_gain, run_gain = _SET_GAIN, _RUN_GAIN
    for i in range(start + 1, n + 1):
        v = values[i - 1]
        top = best[i - 1] - TURN + HIGH * v
        if i >= 2:
            step = v - values[i - 2]
            if step == 0:
                high = HIGH * v
                j = i - 2
                while True:
                    length = i - j
                    gain = set_gain[length] if length < 16 else _set_gain(length)
                    cand = best[j] + gain + high
                    if cand > top:  # noqa: PLR1730 - max() is a call, on the hot path
                        top = cand
                    if j == 0 or values[j - 1] != v:
                        break
                    j -= 1
            elif step in (1, -1):
                j = i - 2
                while True:
                    length = i - j
                    gain = run_gain[length] if length < 16 else _run_gain(length)
                    w = values[j]
                    cand = best[j] + gain + HIGH * (v if v < w else w)
                    if cand > top:  # noqa: PLR1730 - max() is a call, on the hot path
                        top = cand
                    if j == 0 or values[j - 1] != w - step:
                        break
                    j -= 1
        best[i] = top


def best_cut(values: Sequence[int]) -> list[tuple[int, int]]:
    """The slices of the cutting :func:`hand_value` scores, left to right (for explanations)."""
    n = len(values)
    best = [0.0] * (n + 1)
    back = [0] * (n + 1)
    for i in range(1, n + 1):
        v = values[i - 1]
        best[i], back[i] = best[i - 1] - TURN + HIGH * v, i - 1
        j = i - 2
        while j >= 0:
            piece = values[j:i]
            step = piece[1] - piece[0]
            if step not in (-1, 0, 1) or values[i - 1] - values[i - 2] != step:
                break
            if values[j + 1] - values[j] != step:
                break
            gain = (
                _set_gain(i - j) + HIGH * v
                if step == 0
                else _run_gain(i - j) + HIGH * min(piece[0], piece[-1])
            )
            if best[j] + gain > best[i]:
                best[i], back[i] = best[j] + gain, j
            j -= 1
    cuts = []
    i = n
    while i > 0:
        cuts.append((back[i], i))
        i = back[i]
    cuts.reverse()
    return cuts
