"""A one-move look-ahead that prices every legal move in points.

The price of a move is the round score it should lead to, as this player's score less the mean
of the others': cards captured now, chips, and what the hands left will cost. A hand that goes
on is worth :func:`~scout_core.bots.handeval.hand_value`; the round can also end soon -- when
nobody beats the set just shown (its owner then pays nothing for its hand and collects a chip
per scout) or when a scout is the last one before the turn comes back to the owner -- and the
chance of that, from :mod:`~scout_core.bots.odds`, weighs the two outcomes.

The same pricing drives the ``normal`` player (over all legal moves), the ``easy`` player (with
noise) and the rollouts of the search players (over a pruned list, for speed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import Card, rotated
from ..combos import hand_combos, strength
from ..moves import KEEP, ROTATE, Move, Orient, Scout, Show
from ..observation import Observation
from ..position import Position
from ..rules import table_strength, take_end
from .handeval import hand_value
from .odds import beat_chance


@dataclass(frozen=True, slots=True)
class Weights:
    """The few numbers the pricing depends on."""

    others_per_card: float = 0.45
    """What each card another player holds is expected to cost them by the round's end."""
    scout_show_chip: float = 0.45
    """Base worth of an unused Scout & Show chip (it grows with the hand)."""
    scout_show_per_card: float = 0.07
    rival_scout_show: float = 1.0
    """How much an opponent's unused Scout & Show chip raises their chance to beat a set."""
    beat_boost: float = 0.0
    """Raises every chance to be beaten (hands hold more than random deals suggest)."""
    two_player_chip_holdup: float = 0.3
    """Two players: chance an opponent who could pay for a scout still fails to come back."""


DEFAULT_WEIGHTS = Weights()


class View(NamedTuple):
    """What the pricing needs to know about the seat to move (all of it public or its own)."""

    players: int
    seat: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    owner: int | None
    scouts_in_row: int
    hand_sizes: tuple[int, ...]
    chips: tuple[int, ...]
    scout_show: tuple[bool, ...]


def view_of(observation: Observation) -> View:
    """The pricing's view of an observation."""
    o = observation
    return View(
        o.players,
        o.seat,
        o.hand,
        o.table,
        o.owner,
        o.scouts_in_row,
        o.hand_sizes,
        o.chips,
        o.scout_show,
    )


def view_at(position: Position) -> View:
    """The pricing's view of the seat to move in a (simulated) position."""
    p = position
    return View(
        p.players,
        p.to_move,
        p.hands[p.to_move],
        p.table,
        p.owner,
        p.scouts_in_row,
        tuple(len(h) for h in p.hands),
        p.chips,
        p.scout_show,
    )


def orient_value(hand: Sequence[Card]) -> tuple[float, float]:
    """How good the hand reads kept, and rotated."""
    return (
        hand_value([c.value for c in hand]),
        hand_value([c.value for c in rotated(tuple(hand))]),
    )


def choose_orient(hand: Sequence[Card]) -> Orient:
    """Keep or rotate, whichever leaves the better hand."""
    kept, turned = orient_value(hand)
    return ROTATE if turned > kept else KEEP


class Pricer:
    """Prices moves for one view; built once per decision, then asked about many moves."""

    def __init__(self, view: View, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.view = view
        self.w = weights
        self.n = view.players
        self.values = [c.value for c in view.hand]
        self.to_beat = table_strength(view.table)
        others = [s for s in range(self.n) if s != view.seat]
        self.others = others
        self.mean_other_hand = sum(view.hand_sizes[s] for s in others) / len(others)
        self._hold: dict[int, float] = {}
        self._until_owner: dict[int, tuple[float, float]] = {}
        self.chip_worth = min(
            1.5, weights.scout_show_chip + weights.scout_show_per_card * len(view.hand)
        )

    # -- chances ----------------------------------------------------------------------------

    def hold(self, to_beat: int) -> float:
        """Chance that no other seat beats a set of strength ``to_beat`` in the coming round
        of turns (three or more players)."""
        p = self._hold.get(to_beat)
        if p is None:
            p = 1.0
            for s in self.others:
                p *= 1.0 - self.beat(s, to_beat)
            self._hold[to_beat] = p
        return p

    def beat(self, seat: int, to_beat: int) -> float:
        """Chance that ``seat`` beats a set of strength ``to_beat`` on its turn."""
        size = self.view.hand_sizes[seat]
        p = beat_chance(self.n, size, to_beat)
        if self.n > 2 and self.view.scout_show[seat] and to_beat > 0:
            p += (1.0 - p) * self.w.rival_scout_show
        return p + (1.0 - p) * self.w.beat_boost

    # -- prices -----------------------------------------------------------------------------

    def show(self, left: list[int], shown: int, captured: int, spent_chip: bool) -> float:
        """Price of showing a set of strength ``shown`` that leaves ``left`` in hand."""
        v, w, n = self.view, self.w, self.n
        cost = self.chip_worth if spent_chip else 0.0
        if not left:
            # The round ends now: everyone else pays for every card they hold.
            return captured + self.mean_other_hand - cost
        if n == 2:
            opp = self.others[0]
            p_end = 1.0 - self.beat(opp, shown)
            if v.chips[opp] > 0:
                p_end *= w.two_player_chip_holdup
            mine = (1.0 - p_end) * hand_value(left)
        else:
            p_end = self.hold(shown)
            # Held all the way round: a chip per scout, and nothing to pay for this hand.
            mine = p_end * (n - 1) + (1.0 - p_end) * hand_value(left)
        theirs = -self.mean_other_hand * (p_end + (1.0 - p_end) * w.others_per_card)
        return captured + mine - theirs - cost

    def scout(self, after: list[int], rest_strength: int) -> float:
        """Price of a plain scout leaving ``after`` in hand, ``rest_strength`` on the table."""
        v, w, n = self.view, self.w, self.n
        if n == 2:
            return self._two_player_scout(after, rest_strength)
        owner = v.owner
        assert owner is not None
        in_row = v.scouts_in_row + 1
        per_other = 1.0 / (n - 1)
        if in_row == n - 1:
            # This scout ends the round: the owner pays nothing and takes the chip.
            theirs = (
                sum(1.0 if s == owner else -float(v.hand_sizes[s]) for s in self.others) * per_other
            )
            return -len(after) - theirs
        known = self._until_owner.get(rest_strength)
        if known is None:
            p_end = 1.0
            seat = (v.seat + 1) % n
            while seat != owner:
                p_end *= 1.0 - self.beat(seat, rest_strength)
                seat = (seat + 1) % n
            theirs = 0.0
            for s in self.others:
                h = v.hand_sizes[s]
                if s == owner:
                    theirs += (
                        1.0 + p_end * (n - 1 - in_row) + (1.0 - p_end) * -w.others_per_card * h
                    )
                else:
                    theirs += p_end * -h + (1.0 - p_end) * -w.others_per_card * h
            # Neither depends on the hand: rollouts ask again for every spot the card may take.
            known = self._until_owner[rest_strength] = (p_end, theirs * per_other)
        p_end, theirs_share = known
        mine = p_end * -len(after) + (1.0 - p_end) * hand_value(after)
        return mine - theirs_share

    def _two_player_scout(self, after: list[int], rest_strength: int) -> float:
        """Two players: pay a chip and move again -- so price the best show that follows."""
        v, w = self.view, self.w
        chips_left = v.chips[v.seat] - 1
        best = None
        rest_size = len(v.table) - 1
        for c in hand_combos(after):
            if c.strength > rest_strength:
                left = after[: c.start] + after[c.stop :]
                price = self.show(left, c.strength, rest_size, False)
                if best is None or price > best:
                    best = price
        if best is None:
            if chips_left == 0:
                # Blocked: the round ends and the owner pays nothing.
                return -1.0 - len(after)
            opp = self.others[0]
            best = hand_value(after) - 0.5 + w.others_per_card * v.hand_sizes[opp]
        return best - 1.0

    # -- every move -------------------------------------------------------------------------

    def price(self, move: Move) -> float:
        """The price of one legal move."""
        v = self.view
        if isinstance(move, Orient):
            kept, turned = orient_value(v.hand)
            return turned if move.rotate else kept
        if isinstance(move, Show):
            values = self.values
            left = values[: move.start] + values[move.stop :]
            shown = strength(values[move.start : move.stop])
            return self.show(left, shown, len(v.table), False)
        if isinstance(move, Scout):
            after, rest = self._scouted(move)
            return self.scout(after, table_strength(rest))
        after, rest = self._scouted(move.scout)
        left = after[: move.show.start] + after[move.show.stop :]
        shown = strength(after[move.show.start : move.show.stop])
        # The owner of what was scouted still gets a chip from us.
        gift = 1.0 / (self.n - 1) if v.owner is not None and v.owner != v.seat else 0.0
        return self.show(left, shown, len(rest), True) - gift

    def _scouted(self, scout: Scout) -> tuple[list[int], tuple[Card, ...]]:
        card, rest = take_end(self.view.table, scout.end)
        x = card.other if scout.flip else card.value
        k = scout.insert_at
        return [*self.values[:k], x, *self.values[k:]], rest
