"""The fast player with a learned correction: its price plus a weighted sum of a move's facts.

The fast player (``scout_core.bots.policy``) prices its moves one move ahead, and a search
player's rollouts are only as good as that model of how a table plays the rest of a round.
``learn_rollouts.py`` records the moves searching players make and fits, for a table size,
how much each fact below should add to the price for the fast player to choose as they do.

The fast player's own candidates are kept (a scouted card only where it joins a neighbour or
at the left end, Scout & Show only through the scouted card); three or more players only.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scout_core.bots.handeval import hand_value_sharing
from scout_core.bots.heuristic import DEFAULT_WEIGHTS, Pricer, Weights, view_at
from scout_core.bots.policy import longest_through
from scout_core.combos import hand_combos
from scout_core.moves import ENDS, SCOUTS, SHOWS, Move, ScoutShow
from scout_core.position import Position
from scout_core.rules import may_scout, may_scout_show, table_strength, take_end

FEATURES: Final = (
    "scout",
    "scout_show",
    "scout x hand size",
    "scout_show x hand size",
    "scout x smallest other hand",
    "scout_show x smallest other hand",
    "show x smallest other hand",
    "scout x table size",
    "scout_show x table size",
    "cards shown",
    "empties the hand",
    "cards captured",
    "scouted card joins a neighbour",
    "last scout of a row",
    "worth of the hand left",
    "highest value shown",
)
"""What the correction weighs, in order. The kind and its products are the same for every
move of a kind at one decision; the rest tell moves of a kind apart."""


@dataclass(frozen=True, slots=True)
class Option:
    """One of the fast player's candidate moves, with its price and its facts."""

    move: Move
    price: float
    facts: tuple[float, ...]


def options(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> list[Option]:
    """The fast player's candidates in ``position`` (three or more players, in play), each
    priced as the fast player prices it, with the facts the correction weighs."""
    view = view_at(position)
    if view.players < 3:
        raise ValueError("the learned correction covers three to five players")
    pricer = Pricer(view, weights)
    values = tuple(pricer.values)
    n = len(values)
    table = view.table
    seat = view.seat
    smallest = float(min(s for i, s in enumerate(view.hand_sizes) if i != seat))
    prefixes: list[float] = []
    found: list[Option] = []
    captured = len(table)
    show_kind = (0.0,) * 6 + (smallest, 0.0, 0.0)
    for start, stop, shown in hand_combos_beating(values, pricer.to_beat):
        left = values[:start] + values[stop:]
        if left:
            worth = hand_value_sharing(left, start, values, prefixes)
            price = pricer.show_keeping(worth, shown, captured, False)
        else:
            worth = 0.0
            price = pricer.show(left, shown, captured, False)
        facts = (
            *show_kind,
            float(stop - start),
            0.0 if left else 1.0,
            float(captured),
            0.0,
            0.0,
            worth,
            float(max(values[start:stop])),
        )
        found.append(Option(SHOWS[start][stop], price, facts))
    if not table:
        return found
    can_scout = may_scout(view.players, table, view.chips[seat])
    can_both = may_scout_show(view.players, table, view.scout_show[seat])
    last_scout = 1.0 if view.scouts_in_row + 2 == view.players else 0.0
    gift = 1.0 / (view.players - 1)
    size = float(n)
    rest_size = float(len(table) - 1)
    scout_kind = (1.0, 0.0, size, 0.0, smallest, 0.0, 0.0, float(len(table)), 0.0)
    both_kind = (0.0, 1.0, 0.0, size, 0.0, smallest, 0.0, 0.0, float(len(table)))
    for end in ENDS if len(table) > 1 else ENDS[:1]:
        card, rest = take_end(table, end)
        rest_strength = table_strength(rest)
        for flip in (False, True):
            x = card.other if flip else card.value
            scouts = SCOUTS[end, flip]
            for k in _spots(values, x):
                after = (*values[:k], x, *values[k:])
                joins = 1.0 if _joins(values, k, x) else 0.0
                if can_scout:
                    worth = hand_value_sharing(after, k, values, prefixes)
                    price = pricer.scout(after, rest_strength)
                    facts = (*scout_kind, 0.0, 0.0, 0.0, joins, last_scout, worth, 0.0)
                    found.append(Option(scouts[k], price, facts))
                if can_both:
                    for start, stop, shown in longest_through(after, k):
                        if shown <= rest_strength:
                            continue
                        left = after[:start] + after[stop:]
                        if left:
                            worth = hand_value_sharing(left, start, values, prefixes)
                            price = pricer.show_keeping(worth, shown, len(rest), True)
                        else:
                            worth = 0.0
                            price = pricer.show(left, shown, len(rest), True)
                        facts = (
                            *both_kind,
                            float(stop - start),
                            0.0 if left else 1.0,
                            rest_size,
                            joins,
                            0.0,
                            worth,
                            float(max(after[start:stop])),
                        )
                        move = ScoutShow(scouts[k], SHOWS[start][stop])
                        found.append(Option(move, price - gift, facts))
    return found


def hand_combos_beating(values: tuple[int, ...], to_beat: int) -> list[tuple[int, int, int]]:
    """The hand's shows stronger than ``to_beat``, as ``(start, stop, strength)``."""
    return [c for c in hand_combos(values) if c[2] > to_beat]


def _spots(values: Sequence[int], x: int) -> list[int]:
    """Where the fast player tries a scouted card of value ``x``: next to a card it joins
    (equal or one apart), or at the left end when it joins nothing."""
    spots = [0]
    for k, v in enumerate(values):
        if -1 <= v - x <= 1:
            if spots[-1] != k:
                spots.append(k)
            spots.append(k + 1)
    return spots


def _joins(values: Sequence[int], k: int, x: int) -> bool:
    """Whether a card of value ``x`` put in at ``k`` is equal or one apart from a neighbour."""
    return (k > 0 and -1 <= values[k - 1] - x <= 1) or (
        k < len(values) and -1 <= values[k] - x <= 1
    )


def score(option: Option, theta: Sequence[float]) -> float:
    """The corrected price of an option."""
    return option.price + sum(t * f for t, f in zip(theta, option.facts, strict=True))


def corrected_move(
    position: Position, theta: Sequence[float], weights: Weights = DEFAULT_WEIGHTS
) -> Move:
    """The corrected fast player's move: the option of best corrected price (the first of
    equals, in the order :func:`options` lists them)."""
    found = options(position, weights)
    best = found[0]
    best_score = score(best, theta)
    for option in found[1:]:
        s = score(option, theta)
        if s > best_score:
            best, best_score = option, s
    return best.move
