"""One round of SCOUT: hands, the active set, chips, whose turn; legal moves and their effect.

A :class:`Position` never changes; :meth:`Position.apply` returns the next one. When a move ends
the round, the new position carries the :class:`RoundEnd` and :meth:`Position.scores` scores it
(R14, R15). Dealing, round after round, is the :class:`~scout_core.game.Game`'s job.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, Literal, NamedTuple

from .cards import Card, format_cards, rotated
from .combos import best_strength
from .errors import IllegalMoveError
from .movegen import ORIENT_MOVES, play_moves
from .moves import Move, Orient, Scout, ScoutShow, Show
from .rules import Reason, may_scout, may_scout_show, move_problem, scouted, table_strength

Phase = Literal["orient", "play"]
"""A round's phase: keep/rotate, then play."""
GamePhase = Literal["orient", "play", "over"]
"""A game's phase: its round's, or ``over`` once the last round has ended."""
EndReason = Literal["hand_emptied", "all_scouted", "blocked"]

TWO_PLAYER_CHIPS = 3


class RoundEnd(NamedTuple):
    """Why a round ended, and which seat (if any) pays nothing for the cards in its hand."""

    reason: EndReason
    exempt: int | None


class SeatScore(NamedTuple):
    """One seat's round score and what it is made of (R15)."""

    captured: int
    chips: int
    hand: int
    exempt: bool

    @property
    def total(self) -> int:
        """Captured cards plus chips, less the cards in hand unless exempt."""
        return self.captured + self.chips - (0 if self.exempt else self.hand)


class Position:
    """The state of one round, between two decisions.

    ``choices`` holds, during the keep/rotate phase, what each seat chose (None: not yet).
    ``chips`` are Scout chips held: received (3-5 players) or still unspent (2 players).
    """

    __slots__ = (
        "captured",
        "chips",
        "choices",
        "end",
        "hands",
        "owner",
        "phase",
        "players",
        "scout_show",
        "scouts_in_row",
        "starter",
        "table",
        "to_move",
    )

    players: int
    phase: Phase
    starter: int
    to_move: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    owner: int | None
    scouts_in_row: int
    captured: tuple[int, ...]
    chips: tuple[int, ...]
    scout_show: tuple[bool, ...]
    choices: tuple[bool | None, ...]
    end: RoundEnd | None

    def __init__(
        self,
        *,
        players: int,
        phase: Phase,
        starter: int,
        to_move: int,
        hands: tuple[tuple[Card, ...], ...],
        table: tuple[Card, ...] = (),
        owner: int | None = None,
        scouts_in_row: int = 0,
        captured: tuple[int, ...] | None = None,
        chips: tuple[int, ...] | None = None,
        scout_show: tuple[bool, ...] | None = None,
        choices: tuple[bool | None, ...] | None = None,
        end: RoundEnd | None = None,
    ) -> None:
        two = players == 2
        values = {
            "players": players,
            "phase": phase,
            "starter": starter,
            "to_move": to_move,
            "hands": hands,
            "table": table,
            "owner": owner,
            "scouts_in_row": scouts_in_row,
            "captured": captured if captured is not None else (0,) * players,
            "chips": chips if chips is not None else (TWO_PLAYER_CHIPS if two else 0,) * players,
            "scout_show": scout_show if scout_show is not None else (not two,) * players,
            "choices": choices if choices is not None else (None,) * players,
            "end": end,
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @classmethod
    def deal(cls, hands: tuple[tuple[Card, ...], ...], starter: int) -> Position:
        """The opening position of a round: hands as dealt, nobody has chosen yet."""
        return cls(
            players=len(hands), phase="orient", starter=starter, to_move=starter, hands=hands
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable: apply() returns a new one")

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        # Pickled field by field (an IllegalMoveError carries its position across processes).
        return (_from_fields, tuple(getattr(self, n) for n in Position.__slots__))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in Position.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, n) for n in Position.__slots__))

    def replace(self, **changes: object) -> Position:
        """A copy with the named fields changed; like the constructor, it checks no rule."""
        unknown = set(changes) - set(Position.__slots__)
        if unknown:
            raise TypeError(f"Position has no field {', '.join(sorted(unknown))}")
        return self._replace(**changes)

    def _replace(self, **changes: object) -> Position:
        # apply()'s copy, on the hot path: the field names are the engine's own. Every field is
        # read in one call and written through its slot, then the few changed ones again:
        # a third faster than a getattr and a setattr by name for each field.
        fresh = object.__new__(Position)
        for put, value in zip(_SLOT_SETTERS, _all_fields(self), strict=True):
            put(fresh, value)
        for name, value in changes.items():
            object.__setattr__(fresh, name, value)
        return fresh

    # -- what may be played -------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in the order described in ``movegen``."""
        if self.end is not None:
            return []
        if self.phase == "orient":
            return list(ORIENT_MOVES)
        seat = self.to_move
        return play_moves(
            self.hands[seat], self.table, self.can_scout(seat), self.can_scout_show(seat)
        )

    def can_scout(self, seat: int) -> bool:
        """Whether the rules let ``seat`` Scout now: cards on the table, and a chip with two
        players (R10, R13)."""
        return may_scout(self.players, self.table, self.chips[seat])

    def can_scout_show(self, seat: int) -> bool:
        """Whether ``seat`` may spend its Scout & Show chip now (R11); whether a show can
        follow is ``rules.scout_show_exists``."""
        return may_scout_show(self.players, self.table, self.scout_show[seat])

    # -- playing ------------------------------------------------------------------------------

    def apply(self, move: Move) -> Position:
        """The position after ``move``; raise :class:`IllegalMoveError` if it is not legal."""
        problem = move_problem(self, move)
        if problem is not None:
            raise self._illegal(move, problem)
        if isinstance(move, Orient):
            return self._orient(move)
        if isinstance(move, Show):
            return self._show(self.hands[self.to_move], self.table, move)
        if isinstance(move, Scout):
            return self._scout(move)
        return self._scout_show(move)

    def _orient(self, move: Orient) -> Position:
        seat = self.to_move
        hands = self.hands
        if move.rotate:
            hands = (*hands[:seat], rotated(hands[seat]), *hands[seat + 1 :])
        choices = (*self.choices[:seat], move.rotate, *self.choices[seat + 1 :])
        following = (seat + 1) % self.players
        if following == self.starter:
            return self._replace(hands=hands, choices=choices, phase="play", to_move=following)
        return self._replace(hands=hands, choices=choices, to_move=following)

    def _show(self, hand: tuple[Card, ...], table: tuple[Card, ...], show: Show) -> Position:
        """Show ``hand[show]`` over ``table`` (already checked): capture, own, maybe end."""
        seat = self.to_move
        left = hand[: show.start] + hand[show.stop :]
        hands = (*self.hands[:seat], left, *self.hands[seat + 1 :])
        captured = self.captured
        if table:
            captured = (*captured[:seat], captured[seat] + len(table), *captured[seat + 1 :])
        following = (seat + 1) % self.players
        after = self._replace(
            hands=hands,
            table=hand[show.start : show.stop],
            owner=seat,
            scouts_in_row=0,
            captured=captured,
            to_move=following,
        )
        if not left:
            return after._replace(end=RoundEnd("hand_emptied", None))
        if self.players == 2 and after.blocked(following):
            return after._replace(end=RoundEnd("blocked", seat))
        return after

    def _scout(self, move: Scout) -> Position:
        seat = self.to_move
        new_hand, table, _ = scouted(self.hands[seat], self.table, move)
        hands = (*self.hands[:seat], new_hand, *self.hands[seat + 1 :])
        owner = self.owner
        assert owner is not None  # a non-empty table always has an owner
        if self.players == 2:
            # R13: the scout pays one of its own chips and moves again.
            chips = (*self.chips[:seat], self.chips[seat] - 1, *self.chips[seat + 1 :])
            after = self._replace(
                hands=hands, table=table, chips=chips, scouts_in_row=self.scouts_in_row + 1
            )
            if after.blocked(seat):
                return after._replace(end=RoundEnd("blocked", owner))
            return after
        chips = (*self.chips[:owner], self.chips[owner] + 1, *self.chips[owner + 1 :])
        in_row = self.scouts_in_row + 1
        if in_row == self.players - 1:
            return self._replace(
                hands=hands,
                table=table,
                chips=chips,
                scouts_in_row=in_row,
                end=RoundEnd("all_scouted", owner),
            )
        return self._replace(
            hands=hands,
            table=table,
            chips=chips,
            scouts_in_row=in_row,
            to_move=(seat + 1) % self.players,
        )

    def _scout_show(self, move: ScoutShow) -> Position:
        seat = self.to_move
        new_hand, table, _ = scouted(self.hands[seat], self.table, move.scout)
        owner = self.owner
        assert owner is not None
        chips = (*self.chips[:owner], self.chips[owner] + 1, *self.chips[owner + 1 :])
        spent = (*self.scout_show[:seat], False, *self.scout_show[seat + 1 :])
        return self._replace(chips=chips, scout_show=spent)._show(new_hand, table, move.show)

    def blocked(self, seat: int) -> bool:
        """Two players: ``seat`` can neither beat the table nor pay for a Scout (R14 ii)."""
        if not self.table or self.can_scout(seat):
            return False
        return best_strength([c.value for c in self.hands[seat]]) <= table_strength(self.table)

    # -- scoring ------------------------------------------------------------------------------

    def scores(self) -> tuple[SeatScore, ...]:
        """Each seat's score for the round that this position ended (R15)."""
        if self.end is None:
            raise ValueError("the round has not ended")
        exempt = self.end.exempt
        return tuple(
            SeatScore(self.captured[s], self.chips[s], len(self.hands[s]), s == exempt)
            for s in range(self.players)
        )

    # -- text ---------------------------------------------------------------------------------

    def describe(self) -> str:
        """A one-line account of the position, for messages and logs."""
        hands = " | ".join(f"{s}: {format_cards(h)}" for s, h in enumerate(self.hands))
        table = format_cards(self.table) or "empty"
        owner = "" if self.owner is None else f" (owner {self.owner})"
        return f"{self.phase}, seat {self.to_move} to move; hands {hands}; table {table}{owner}"

    def _illegal(self, move: Move, reason: Reason) -> IllegalMoveError:
        return IllegalMoveError(
            f"illegal move '{move}': {reason} [{self.describe()}]",
            move=move,
            reason=reason,
            position=self,
        )

    def __repr__(self) -> str:
        return f"<Position {self.describe()}>"


_all_fields = attrgetter(*Position.__slots__)
_SLOT_SETTERS: tuple[Callable[[Position, object], None], ...] = tuple(
    Position.__dict__[name].__set__ for name in Position.__slots__
)


def _from_fields(*values: object) -> Position:
    fresh = object.__new__(Position)
    for name, value in zip(Position.__slots__, values, strict=True):
        object.__setattr__(fresh, name, value)
    return fresh
