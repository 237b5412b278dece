"""The fast player the search uses to finish a round: the ``normal`` pricing over fewer moves.

``normal`` prices every legal move; a rollout cannot afford that hundreds of times a second.
Here a scouted card is only tried where it can join a neighbour (equal or one apart) or at
either end of the hand, and Scout & Show only shows through the scouted card -- the moves a
good player considers anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..combos import hand_combos, run_strength, set_strength
from ..moves import ENDS, SCOUTS, SHOWS, Move, Scout, ScoutShow, Show
from ..position import Position
from ..rules import may_scout, may_scout_show, table_strength, take_end
from .handeval import hand_value_sharing
from .heuristic import DEFAULT_WEIGHTS, Pricer, Weights, choose_orient, view_at

ROLLOUT_CAP = 80
"""Moves after which a rollout stops and the round is scored as it stands (cycles happen)."""


NO_FLOOR = -1e9
"""Below every price: what a move must beat before any is kept."""


class Keeper(Protocol):
    """What a scan of the fast player's moves keeps of them."""

    def add(self, move: Move, price: float) -> float:
        """Keep ``move``, priced above the floor; return the new floor: the price the next
        move must beat to be kept (so a scan pays for this call only when a move is kept)."""
        ...


class _BestMove:
    """The best-priced move (of equal prices, the first seen)."""

    __slots__ = ("move",)

    def add(self, move: Move, price: float) -> float:
        self.move = move
        return price


class BestMoves:
    """The ``k`` best-priced moves seen so far, best first (of equal prices, the first seen)."""

    __slots__ = ("k", "moves", "prices")

    def __init__(self, k: int) -> None:
        if k < 1:
            raise ValueError(f"a list of best moves holds at least one, not {k}")
        self.k = k
        self.moves: list[Move] = []
        self.prices: list[float] = []

    def add(self, move: Move, price: float) -> float:
        """Keep ``move`` in its place; return the price the next one must beat."""
        if move not in self.moves:
            prices = self.prices
            at = len(prices)
            while at and prices[at - 1] < price:
                at -= 1
            prices.insert(at, price)
            self.moves.insert(at, move)
            del prices[self.k :], self.moves[self.k :]
        return self.prices[-1] if len(self.prices) == self.k else NO_FLOOR


def policy_move(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> Move:
    """The move the fast player makes in ``position`` (a play-phase position, round not over)."""
    best = _BestMove()
    _scan(position, weights, best)
    return best.move


def policy_moves(position: Position, weights: Weights = DEFAULT_WEIGHTS, k: int = 1) -> list[Move]:
    """The fast player's ``k`` best-priced moves in ``position``, best first (fewer if it has
    fewer); the first is :func:`policy_move`'s."""
    best = BestMoves(k)
    _scan(position, weights, best)
    return best.moves


def _scan(position: Position, weights: Weights, keeper: Keeper) -> None:
    """Price the fast player's moves in ``position`` and hand ``keeper`` each one that beats
    its floor."""
    keep = keeper.add
    view = view_at(position)
    pricer = Pricer(view, weights)
    # Tuples, so that hand_value's memo takes the rows as they are, without a copy.
    values = tuple(pricer.values)
    table = view.table
    to_beat = pricer.to_beat
    n = len(values)
    show, show_keeping = pricer.show, pricer.show_keeping
    # Every row priced below begins like the hand: they share its prefixes' worths.
    prefixes: list[float] = []
    floor = NO_FLOOR
    captured = len(table)
    for start, stop, shown in hand_combos(values):
        if shown > to_beat:
            left = values[:start] + values[stop:]
            if left:
                worth = hand_value_sharing(left, start, values, prefixes)
                price = show_keeping(worth, shown, captured, False)
            else:
                price = show(left, shown, captured, False)
            if price > floor:
                floor = keep(SHOWS[start][stop], price)
    if not table:
        return
    seat = view.seat
    can_scout = may_scout(view.players, table, view.chips[seat])
    can_both = may_scout_show(view.players, table, view.scout_show[seat])
    ends = ENDS if len(table) > 1 else ENDS[:1]
    gift = 1.0 / (view.players - 1)
    last_scout = view.players > 2 and view.scouts_in_row + 2 == view.players
    for end in ends:
        card, rest = take_end(table, end)
        rest_strength = table_strength(rest)
        rest_size = len(rest)
        # Pricer.scout, unrolled for the usual case: the same terms for every spot.
        terms = pricer.scout_terms(rest_strength) if can_scout else None
        own_cards = kept = theirs_share = 0.0
        if terms is not None:
            p_end, theirs_share = terms
            own_cards = p_end * -(n + 1)
            kept = 1.0 - p_end
        # A scout that ends the round prices the same at every spot.
        ending = -(n + 1) - pricer.round_end_share() if can_scout and last_scout else None
        for flip in (False, True):
            x = card.other if flip else card.value
            scouts = SCOUTS[end, flip]
            # A card that joins nothing is as good at one end as anywhere: try the left end.
            spots = [0]
            for k in range(n):
                if -1 <= values[k] - x <= 1:
                    if spots[-1] != k:
                        spots.append(k)
                    spots.append(k + 1)
            for k in spots:
                after = (*values[:k], x, *values[k:])
                if can_scout:
                    if terms is not None:
                        worth = hand_value_sharing(after, k, values, prefixes)
                        price = own_cards + kept * worth - theirs_share
                    elif ending is not None:
                        price = ending
                    else:
                        price = pricer.scout(after, rest_strength)
                    if price > floor:
                        floor = keep(scouts[k], price)
                if can_both:
                    # Every slice runs through the card put in at k, so start <= k and
                    # the left row still begins with the hand's first start values.
                    for start, stop, shown in longest_through(after, k):
                        if shown > rest_strength:
                            left = after[:start] + after[stop:]
                            if left:
                                worth = hand_value_sharing(left, start, values, prefixes)
                                price = show_keeping(worth, shown, rest_size, True)
                            else:
                                price = show(left, shown, rest_size, True)
                            price -= gift
                            if price > floor:
                                floor = keep(ScoutShow(scouts[k], SHOWS[start][stop]), price)


def longest_through(values: Sequence[int], k: int) -> list[tuple[int, int, int]]:
    """The longest set, rising run and falling run through ``values[k]``, as
    ``(start, stop, strength)``; the card alone when it joins nothing."""
    x = values[k]
    n = len(values)
    left = values[k - 1] if k > 0 else None
    right = values[k + 1] if k + 1 < n else None
    found = []
    for step in (0, 1, -1):
        if left != x - step and right != x + step:
            continue  # neither neighbour is of this family: x alone
        start = k
        while start > 0 and values[start - 1] == values[start] - step:
            start -= 1
        stop = k + 1
        while stop < n and values[stop] == values[stop - 1] + step:
            stop += 1
        if stop - start > 1:
            if step == 0:
                found.append((start, stop, set_strength(stop - start, x)))
            else:
                low = min(values[start], values[stop - 1])
                found.append((start, stop, run_strength(stop - start, low)))
    if not found:
        found.append((k, k + 1, set_strength(1, x)))
    return found


def play(position: Position, move: Move) -> Position:
    """``position.apply(move)`` without its legality check, for a move legal by construction:
    the fast player's, keep/rotate in the orient phase, or a searched candidate (legal in every
    re-deal, as the seat's hand and the table are the same). In a rollout the check took a
    sixth of the time; the position that results is the same."""
    if isinstance(move, Show):
        return position._show(position.hands[position.to_move], position.table, move)
    if isinstance(move, Scout):
        return position._scout(move)
    if isinstance(move, ScoutShow):
        return position._scout_show(move)
    return position._orient(move)


def finish(
    position: Position,
    weights: Weights | Sequence[Weights] = DEFAULT_WEIGHTS,
    cap: int = ROLLOUT_CAP,
) -> tuple[Position, int]:
    """Play the round out with the fast player: the last position reached and the moves it
    took (keep/rotate choices included; at most ``cap``, after which the round is left as it
    stands). ``weights`` may be one set for every seat or one per seat."""
    by_seat = (weights,) * position.players if isinstance(weights, Weights) else tuple(weights)
    moves = 0
    while position.end is None and moves < cap:
        if position.phase == "orient":
            position = play(position, choose_orient(position.hands[position.to_move]))
        else:
            position = play(position, policy_move(position, by_seat[position.to_move]))
        moves += 1
    return position, moves


def rollout(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> Position:
    """Play the round out with the fast player; return the last position reached."""
    return finish(position, weights)[0]


__all__ = [
    "ROLLOUT_CAP",
    "BestMoves",
    "Scout",
    "finish",
    "play",
    "policy_move",
    "policy_moves",
    "rollout",
]
