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
from ..moves import KEEP, ROTATE, Move, Orient, Scout, ScoutShow, Show
from ..observation import Observation
from ..position import Position
from ..rules import table_strength, take_end
from .handeval import forget_hand_values, hand_value, hand_value_sharing
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
    """Two players: chance an opponent who could pay for a scout still fails to come back.
    At 0 the fast player makes about 3.9 points a round more against itself, yet ``expert``
    searching with it was no stronger (docs/strength.md); every level keeps 0.3, with which
    the ladder and ``hard-2026-11`` were measured."""


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
        tuple(map(len, p.hands)),
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


def orient_candidates(hand: Sequence[Card]) -> list[Move]:
    """Keep and rotate, the better-looking first: the choice decides the whole round, so a
    search tries both on the same deals."""
    first = choose_orient(hand)
    return [first, ROTATE if first == KEEP else KEEP]


def add_best_of_each_kind(chosen: list[Move], priced: Sequence[tuple[float, int, Move]]) -> None:
    """Append to ``chosen`` the best-priced show, scout and Scout & Show of ``priced`` (sorted,
    best first) that are not in it yet, so a search never misses a kind of move."""
    for kind in (Show, Scout, ScoutShow):
        best_of_kind = next((m for _, _, m in priced if isinstance(m, kind)), None)
        if best_of_kind is not None and best_of_kind not in chosen:
            chosen.append(best_of_kind)


class _Shared:
    """What every Pricer that sees the same other seats (hand sizes, Scout & Show chips) and
    weights works out alike: a rollout builds a Pricer per move, and most of them would
    otherwise work it out again."""

    __slots__ = ("scouts", "terms")

    def __init__(self) -> None:
        self.terms: dict[int, tuple[float, float, float, float]] = {}
        """:meth:`Pricer._show_terms` by the strength shown."""
        self.scouts: dict[tuple[tuple[int, ...], int, int, bool], float] = {}
        """Two players: :meth:`Pricer._two_player_scout` by the row it leaves, the table's
        strength and size after it, and whether it spends the seat's last chip. Across the
        re-deals of one search the searching seat meets the same rows again and again."""


_SHARED: dict[tuple[object, ...], _Shared] = {}
_SHARED_SIZE = 50_000
"""Past this many kinds of table round the seat, the shared chances start afresh."""
_SCOUTS_SIZE = 5_000
"""Past this many rows priced for one kind of table, its two-player scouts start afresh
(about 1.3 MB a kind)."""


def forget() -> None:
    """Drop what pricing has remembered (shared chances, scouts, hand worths), so that work
    timed next starts from nothing (benchmarks; the moves do not depend on it)."""
    _SHARED.clear()
    forget_hand_values()


class Pricer:
    """Prices moves for one view; built once per decision, then asked about many moves."""

    def __init__(self, view: View, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.view = view
        self.w = weights
        n = self.n = view.players
        self.values = [c.value for c in view.hand]
        self.to_beat = table_strength(view.table)
        seat = view.seat
        others = [*range(seat), *range(seat + 1, n)]
        self.others = others
        sizes = view.hand_sizes
        other_sizes = sizes[:seat] + sizes[seat + 1 :]
        self.mean_other_hand = sum(other_sizes) / len(others)
        flags = view.scout_show
        key: tuple[object, ...] = (weights, other_sizes, flags[:seat] + flags[seat + 1 :])
        if n == 2:
            # With two players, whether a show ends the round also hangs on the other's chips.
            key += (view.chips[others[0]] > 0,)
        shared = _SHARED.get(key)
        if shared is None:
            if len(_SHARED) >= _SHARED_SIZE:
                _SHARED.clear()
            shared = _SHARED[key] = _Shared()
        self._shared = shared
        self._until_owner: dict[int, tuple[float, float]] = {}
        # Two players pay for a scout and move again; with more, the last scout of a row
        # (every other seat in turn) ends the round.
        self._scout_ends = n == 2 or view.scouts_in_row + 2 == n
        self._round_end_share: float | None = None
        self.chip_worth = min(
            1.5, weights.scout_show_chip + weights.scout_show_per_card * len(view.hand)
        )

    # -- chances ----------------------------------------------------------------------------

    def hold(self, to_beat: int) -> float:
        """Chance that no other seat beats a set of strength ``to_beat`` in the coming round
        of turns (three or more players)."""
        if self.n == 2:
            return 1.0 - self.beat(self.others[0], to_beat)
        return self._show_terms(to_beat)[0]

    def _show_terms(self, shown: int) -> tuple[float, float, float, float]:
        """What pricing a show of strength ``shown`` needs besides the hand it leaves: the
        chance ``p`` that it ends the round (held all the way round, or with two players not
        beaten back), ``p`` times the chips that brings (three or more players), ``1 - p``,
        and what the others' hands then cost."""
        terms = self._shared.terms.get(shown)
        if terms is None:
            w = self.w
            if self.n == 2:
                opp = self.others[0]
                p = 1.0 - self.beat(opp, shown)
                if self.view.chips[opp] > 0:
                    p *= w.two_player_chip_holdup
                held = 0.0
            else:
                p = 1.0
                for s in self.others:
                    p *= 1.0 - self.beat(s, shown)
                held = p * (self.n - 1)
            theirs = -self.mean_other_hand * (p + (1.0 - p) * w.others_per_card)
            terms = self._shared.terms[shown] = (p, held, 1.0 - p, theirs)
        return terms

    def beat(self, seat: int, to_beat: int) -> float:
        """Chance that ``seat`` beats a set of strength ``to_beat`` on its turn."""
        size = self.view.hand_sizes[seat]
        p = beat_chance(self.n, size, to_beat)
        if self.n > 2 and self.view.scout_show[seat] and to_beat > 0:
            p += (1.0 - p) * self.w.rival_scout_show
        return p + (1.0 - p) * self.w.beat_boost

    # -- prices -----------------------------------------------------------------------------

    def show(self, left: Sequence[int], shown: int, captured: int, spent_chip: bool) -> float:
        """Price of showing a set of strength ``shown`` that leaves ``left`` in hand."""
        if not left:
            # The round ends now: everyone else pays for every card they hold.
            return captured + self.mean_other_hand - (self.chip_worth if spent_chip else 0.0)
        return self.show_keeping(hand_value(left), shown, captured, spent_chip)

    def show_keeping(self, worth: float, shown: int, captured: int, spent_chip: bool) -> float:
        """:meth:`show` for a show that leaves cards in hand, worth ``worth`` (``hand_value``)."""
        cost = self.chip_worth if spent_chip else 0.0
        _, held, beaten, theirs = self._show_terms(shown)
        # Held all the way round (three or more players): a chip per scout, and nothing to pay
        # for this hand.
        mine = beaten * worth if self.n == 2 else held + beaten * worth
        return captured + mine - theirs - cost

    def scout(self, after: Sequence[int], rest_strength: int) -> float:
        """Price of a plain scout leaving ``after`` in hand, ``rest_strength`` on the table."""
        terms = self.scout_terms(rest_strength)
        if terms is not None:
            p_end, theirs_share = terms
            mine = p_end * -len(after) + (1.0 - p_end) * hand_value(after)
            return mine - theirs_share
        if self.n == 2:
            return self._two_player_scout(after, rest_strength)
        # This scout ends the round: the owner pays nothing and takes the chip.
        return -len(after) - self.round_end_share()

    def scout_terms(self, rest_strength: int) -> tuple[float, float] | None:
        """For a plain scout that leaves ``rest_strength`` on the table and the round going
        on (three or more players, not the last scout of the row): the chance that the turn
        comes back to the owner unbeaten, and the others' share of the outcome. The price is
        then ``p_end * -len(after) + (1.0 - p_end) * hand_value(after) - share``; None for the
        other scouts."""
        if self._scout_ends:
            return None
        known = self._until_owner.get(rest_strength)
        if known is not None:
            return known
        v, w, n = self.view, self.w, self.n
        owner = v.owner
        assert owner is not None
        in_row = v.scouts_in_row + 1
        per_other = 1.0 / (n - 1)
        p_end = 1.0
        seat = (v.seat + 1) % n
        while seat != owner:
            p_end *= 1.0 - self.beat(seat, rest_strength)
            seat = (seat + 1) % n
        theirs = 0.0
        for s in self.others:
            h = v.hand_sizes[s]
            if s == owner:
                theirs += 1.0 + p_end * (n - 1 - in_row) + (1.0 - p_end) * -w.others_per_card * h
            else:
                theirs += p_end * -h + (1.0 - p_end) * -w.others_per_card * h
        # Neither depends on the hand: rollouts ask again for every spot the card may take.
        known = self._until_owner[rest_strength] = (p_end, theirs * per_other)
        return known

    def round_end_share(self) -> float:
        """Three or more players, a scout that ends the round: the others' share of it (the
        owner takes the chip and pays nothing, the rest pay for their hands)."""
        share = self._round_end_share
        if share is None:
            v = self.view
            per_other = 1.0 / (self.n - 1)
            share = self._round_end_share = (
                sum(1.0 if s == v.owner else -float(v.hand_sizes[s]) for s in self.others)
                * per_other
            )
        return share

    def _two_player_scout(self, after: Sequence[int], rest_strength: int) -> float:
        """Two players: pay a chip and move again -- so price the best show that follows."""
        v = self.view
        row = tuple(after)
        rest_size = len(v.table) - 1
        last_chip = v.chips[v.seat] == 1
        # Nothing else the price reads differs between Pricers that share ``_shared``.
        key = (row, rest_strength, rest_size, last_chip)
        memo = self._shared.scouts
        price = memo.get(key)
        if price is None:
            if len(memo) >= _SCOUTS_SIZE:
                memo.clear()
            price = memo[key] = self._best_after_scout(row, rest_strength, rest_size, last_chip)
        return price

    def _best_after_scout(
        self, row: tuple[int, ...], rest_strength: int, rest_size: int, last_chip: bool
    ) -> float:
        """:meth:`_two_player_scout`, worked out: the best show from ``row`` less the chip."""
        w = self.w
        best = None
        prefixes: list[float] = []  # shared by every row that begins like this one
        for start, stop, shown in hand_combos(row):
            if shown > rest_strength:
                left = row[:start] + row[stop:]
                if left:
                    worth = hand_value_sharing(left, start, row, prefixes)
                    price = self.show_keeping(worth, shown, rest_size, False)
                else:
                    price = self.show(left, shown, rest_size, False)
                if best is None or price > best:
                    best = price
        if best is None:
            if last_chip:
                # Blocked: the round ends and the owner pays nothing.
                return -1.0 - len(row)
            opp = self.others[0]
            best = hand_value(row) - 0.5 + w.others_per_card * self.view.hand_sizes[opp]
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
