"""Every rules question a client asks, answered once, as data.

Why a move or a selection of cards is not legal (a :class:`Reason`: a code and its facts, so
that any language can word it), which shows beat the table, whether a seat may scout, what a
scout leaves, whether a move would end the round and what each seat would then score. The
game, the bots, their explanations and the page all ask here.

>>> from scout_core.cards import parse_cards
>>> hand = parse_cards("3/1 4/2 6/5")
>>> print(selection_problem(hand, [0, 2], parse_cards("2/7")))
those cards are not side by side
>>> reason = selection_problem(hand, [0, 1], parse_cards("5/1 6/2"))
>>> reason.code, reason.fact("count"), reason.fact("kind"), reason.fact("lowest")
('does_not_beat', 2, 'run', 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .cards import HIGHEST, Card, highest_value
from .combos import ComboName, combo_name, hand_combos, run_strength, set_strength, strength
from .moves import ENDS, SHOWS, End, Move, Orient, Scout, ScoutShow, Show

if TYPE_CHECKING:
    from .game import Game, RoundResult
    from .position import Position

ReasonCode = Literal[
    "round_over",
    "orient_first",
    "orient_over",
    "no_cards",
    "bad_slice",
    "not_adjacent",
    "not_a_combo",
    "does_not_beat",
    "table_empty",
    "bad_insert",
    "no_scout_chip",
    "scout_show_spent",
    "no_scout_show",
    "no_follow_up",
]
Fact = int | str | bool | tuple[int, ...]

_ENGLISH: dict[str, str] = {
    "round_over": "the round is over",
    "orient_first": "each seat first chooses keep or rotate",
    "orient_over": "keep and rotate are chosen only before the round's first turn",
    "no_cards": "no cards are selected",
    "bad_slice": "the hand has {hand_size} cards, so {start}:{stop} is not a slice of it",
    "not_adjacent": "those cards are not side by side",
    "not_a_combo": "those cards are neither a set nor a run",
    "does_not_beat": "that show does not beat the active set",
    "table_empty": "the table is empty, there is nothing to scout",
    "bad_insert": "the hand has {hand_size} cards, so the insertion index must be 0 to {hand_size}",
    "no_scout_chip": "you have no Scout chip left",
    "scout_show_spent": "your Scout & Show chip is already spent this round",
    "no_scout_show": "there is no Scout & Show with two players",
    "no_follow_up": "no show beats what remains of the active set after this scout",
}


@dataclass(frozen=True, slots=True)
class Reason:
    """Why something is not legal: a code and the facts a sentence about it needs.

    >>> Reason("bad_insert", (("hand_size", 3), ("insert_at", 5))).as_dict()
    {'hand_size': 3, 'insert_at': 5}
    """

    code: ReasonCode
    facts: tuple[tuple[str, Fact], ...] = ()

    def fact(self, name: str) -> Fact:
        """The fact called ``name``; ``KeyError`` if this reason has none of that name."""
        for key, value in self.facts:
            if key == name:
                return value
        raise KeyError(name)

    def as_dict(self) -> dict[str, Fact]:
        """The facts by name, e.g. for ``str.format(**reason.as_dict())``."""
        return dict(self.facts)

    def __str__(self) -> str:
        """The engine's own English sentence for it (used in error messages)."""
        return _ENGLISH[self.code].format(**self.as_dict())


# -- the active set ------------------------------------------------------------------------------


def table_strength(table: Sequence[Card]) -> int:
    """Strength of the active set (``NOTHING`` when the table is empty)."""
    return strength([c.value for c in table])


def take_end(table: Sequence[Card], end: End) -> tuple[Card, tuple[Card, ...]]:
    """The card at ``end`` of the active set, as it lies, and what remains (R10).

    >>> from scout_core.cards import parse_cards
    >>> card, rest = take_end(parse_cards("3/1 4/2 5/9"), "right")
    >>> str(card), [str(c) for c in rest]
    ('5/9', ['3/1', '4/2'])
    """
    if end == "left":
        return table[0], tuple(table[1:])
    return table[-1], tuple(table[:-1])


def scouted(
    hand: Sequence[Card], table: Sequence[Card], scout: Scout
) -> tuple[tuple[Card, ...], tuple[Card, ...], Card]:
    """The hand and table after ``scout``, and the card as it lay on the table."""
    card, rest = take_end(table, scout.end)
    taken = card.flipped() if scout.flip else card
    new_hand = (*hand[: scout.insert_at], taken, *hand[scout.insert_at :])
    return new_hand, rest, card


def may_scout(players: int, table: Sequence[Card], chips: int) -> bool:
    """Whether a seat holding ``chips`` Scout chips may scout now (R10, R13)."""
    return bool(table) and (players > 2 or chips > 0)


def may_scout_show(players: int, table: Sequence[Card], unspent: bool) -> bool:
    """Whether a seat whose Scout & Show chip is ``unspent`` may spend it now (R11).

    Whether a show can follow the scout is :func:`scout_show_exists`'s question.
    """
    return players > 2 and bool(table) and unspent


# -- shows -----------------------------------------------------------------------------------


def _does_not_beat(values: tuple[int, ...], table: Sequence[Card], highest: int) -> Reason:
    name = combo_name([c.value for c in table])
    kind = "run" if name.kind == "run" else "set"
    top = name.lowest if kind == "set" else name.lowest + name.count - 1
    return Reason(
        "does_not_beat",
        (
            ("values", values),
            ("table", name.values),
            ("count", name.count),
            ("kind", kind),
            ("lowest", name.lowest),
            ("higher", top < highest),
        ),
    )


def show_problem(
    hand: Sequence[Card],
    start: int,
    stop: int,
    table: Sequence[Card],
    *,
    highest: int = HIGHEST,
) -> Reason | None:
    """Why showing ``hand[start:stop]`` over ``table`` is not allowed, or None (R7-R9).

    ``highest`` is the highest value in this game's deck (9 with three players), which decides
    the ``higher`` fact of ``does_not_beat``.
    """
    if not 0 <= start < stop <= len(hand):
        return Reason("bad_slice", (("hand_size", len(hand)), ("start", start), ("stop", stop)))
    values = tuple(c.value for c in hand[start:stop])
    shown = strength(values)
    if shown == 0:
        return Reason("not_a_combo", (("values", values),))
    if shown <= table_strength(table):
        return _does_not_beat(values, table, highest)
    return None


def selection_problem(
    hand: Sequence[Card],
    selection: Sequence[int],
    table: Sequence[Card],
    *,
    highest: int = HIGHEST,
) -> Reason | None:
    """Why showing the selected cards (indexes into ``hand``, any order) is not allowed, or
    None: nothing selected, not side by side, no set or run, or not beating the table."""
    picked = tuple(sorted(set(selection)))
    if not picked:
        return Reason("no_cards")
    start, stop = picked[0], picked[-1] + 1
    if start < 0 or stop > len(hand):
        return Reason("bad_slice", (("hand_size", len(hand)), ("start", start), ("stop", stop)))
    if stop - start != len(picked):
        return Reason("not_adjacent", (("selection", picked),))
    return show_problem(hand, start, stop, table, highest=highest)


def beating_shows(hand: Sequence[Card], table: Sequence[Card]) -> tuple[Show, ...]:
    """Every show of ``hand`` that beats ``table``, by slice (the order of the legal moves)."""
    to_beat = table_strength(table)
    return tuple(
        SHOWS[c.start][c.stop] for c in hand_combos([c.value for c in hand]) if c.strength > to_beat
    )


def follow_up_shows(hand: Sequence[Card], table: Sequence[Card], scout: Scout) -> tuple[Show, ...]:
    """After ``scout``, every show that beats what remains of the table (R11), its slice
    indexing the new hand; none when the scout itself is impossible."""
    if not table or not 0 <= scout.insert_at <= len(hand):
        return ()
    new_hand, rest, _ = scouted(hand, table, scout)
    return beating_shows(new_hand, rest)


def _best_through(values: Sequence[int], k: int, x: int) -> int:
    """Strength of the strongest show through ``x`` put in at index ``k`` of ``values``."""
    n = len(values)
    best = set_strength(1, x)
    for step in (0, 1, -1):
        left = 0
        while k - left - 1 >= 0 and values[k - left - 1] == x - step * (left + 1):
            left += 1
        right = 0
        while k + right < n and values[k + right] == x + step * (right + 1):
            right += 1
        count = left + right + 1
        if count > 1:
            if step == 0:
                best = max(best, set_strength(count, x))
            else:
                low = x - left if step == 1 else x - right
                best = max(best, run_strength(count, low))
    return best


def scout_show_exists(position: Position, seat: int) -> bool:
    """Whether ``seat`` could play some Scout & Show in ``position`` now (R11)."""
    table = position.table
    if not may_scout_show(position.players, table, position.scout_show[seat]):
        return False
    values = [c.value for c in position.hands[seat]]
    own_best = max((c.strength for c in hand_combos(values)), default=0)
    for end in ENDS if len(table) > 1 else ENDS[:1]:
        card, rest = take_end(table, end)
        to_beat = table_strength(rest)
        if own_best > to_beat:
            return True  # put the card in at an end: every slice of the hand is still there
        for x in (card.value, card.other):
            if any(_best_through(values, k, x) > to_beat for k in range(len(values) + 1)):
                return True
    return False


# -- moves -----------------------------------------------------------------------------------


def move_problem(position: Position, move: Move) -> Reason | None:
    """Why ``move`` is not legal for the seat to move in ``position``, or None: the one
    legality check (``Position.apply`` raises with this reason)."""
    if position.end is not None:
        return Reason("round_over")
    if position.phase == "orient":
        return None if isinstance(move, Orient) else Reason("orient_first")
    if isinstance(move, Orient):
        return Reason("orient_over")
    seat = position.to_move
    hand = position.hands[seat]
    table = position.table
    highest = highest_value(position.players)
    if isinstance(move, Show):
        return show_problem(hand, move.start, move.stop, table, highest=highest)
    if isinstance(move, ScoutShow):
        if position.players == 2:
            return Reason("no_scout_show")
        if not position.scout_show[seat]:
            return Reason("scout_show_spent")
    scout = move if isinstance(move, Scout) else move.scout
    if not table:
        return Reason("table_empty")
    if not 0 <= scout.insert_at <= len(hand):
        return Reason("bad_insert", (("hand_size", len(hand)), ("insert_at", scout.insert_at)))
    if isinstance(move, Scout):
        if not may_scout(position.players, table, position.chips[seat]):
            return Reason("no_scout_chip")
        return None
    new_hand, rest, _ = scouted(hand, table, scout)
    problem = show_problem(new_hand, move.show.start, move.show.stop, rest, highest=highest)
    if problem is not None and not beating_shows(new_hand, rest):
        return Reason("no_follow_up")
    return problem


def round_end_after(game: Game, move: Move) -> RoundResult | None:
    """The result of the round if ``move`` (legal) ends it now, else None (R14, R15).

    The result holds only what the rules then make public: every seat's score and its parts.
    One ending depends on a hand the mover cannot see: with two players, whether a show leaves
    the opponent blocked. A client that must not tell the mover more than it knows asks only
    about the mover's own endings (an emptied hand, the last scout of a row, its last chip).
    Raises ``IllegalMoveError`` for a move that is not legal.
    """
    from .game import round_result  # noqa: PLC0415 - game imports this module's users

    if game.position.end is not None:
        return None
    ended = game.position.apply(move)
    if ended.end is None:
        return None
    return round_result(game.round, ended)


__all__ = [
    "ComboName",
    "Fact",
    "Reason",
    "ReasonCode",
    "beating_shows",
    "combo_name",
    "follow_up_shows",
    "may_scout",
    "may_scout_show",
    "move_problem",
    "round_end_after",
    "scout_show_exists",
    "scouted",
    "selection_problem",
    "show_problem",
    "table_strength",
    "take_end",
]
