"""How likely a hand of a given size holds a show that beats a given active set.

Estimated once per player count by dealing hands at random from that count's deck (each kept
or rotated, whichever reads better, as players do) and stored as cumulative tables, so a query
is two list look-ups. A private, fixed-seed generator keeps the tables identical on every run.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from ..cards import deck_for, rotated, shuffled
from ..combos import best_strength
from .handeval import hand_value

MAX_SIZE: Final = 24
"""Hands larger than this are looked up as this size."""
MAX_STRENGTH: Final = 32 * MAX_SIZE + 27
SAMPLES: Final = 200
SLICE_SAMPLES: Final = 25  # sampled hands between two pauses of warm_up

_TABLES: dict[int, list[list[float]]] = {}


def _table(players: int) -> list[list[float]]:
    table = _TABLES.get(players)
    if table is None:
        for _ in warm_up(players):
            pass
        table = _TABLES[players]
    return table


def warm_up(players: int) -> Iterator[None]:
    """Build the table for ``players`` if it is not built yet, yielding before each hand size
    and every ``SLICE_SAMPLES`` sampled hands (a few milliseconds each in CPython, several
    times that in a browser's Python), so a page can keep drawing meanwhile."""
    if players in _TABLES:
        return
    rng = random.Random(f"scout-odds:{players}")
    deck = deck_for(players)
    table: list[list[float]] = [[0.0] * (MAX_STRENGTH + 1)]
    for size in range(1, MAX_SIZE + 1):
        yield None
        counts = [0] * (MAX_STRENGTH + 2)
        for sample in range(SAMPLES):
            if sample and not sample % SLICE_SAMPLES:
                yield None
            cards = shuffled(deck, rng)[: min(size, len(deck))]
            values = [c.value for c in cards]
            back = [c.value for c in rotated(cards)]
            if hand_value(back) > hand_value(values):
                values = back
            counts[min(best_strength(values), MAX_STRENGTH)] += 1
        # beats[s] = share of hands whose best show is stronger than s.
        beats = [0.0] * (MAX_STRENGTH + 1)
        above = 0
        for s in range(MAX_STRENGTH, -1, -1):
            beats[s] = above / SAMPLES
            above += counts[s]
        table.append(beats)
    _TABLES[players] = table


def beat_chance(players: int, size: int, to_beat: int) -> float:
    """The chance that a hand of ``size`` cards can beat an active set of strength ``to_beat``."""
    if size <= 0:
        return 0.0
    if to_beat <= 0:
        return 1.0
    return _table(players)[min(size, MAX_SIZE)][min(to_beat, MAX_STRENGTH)]
