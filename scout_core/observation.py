"""What one seat may know (R17): its own hand and everything public, never another hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card
from .history import Event
from .movegen import ORIENT_MOVES, play_moves
from .moves import Move
from .position import GamePhase
from .rules import may_scout, may_scout_show

if TYPE_CHECKING:
    from .game import Game, RoundResult


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the game: enough to choose a move, nothing more.

    ``chosen`` tells, during the keep/rotate phase, which seats have already chosen (not what).
    ``chips`` are Scout chips held (received, or unspent with two players); ``scout_show`` says
    whose Scout & Show chip is still unused.
    """

    seat: int
    players: int
    rounds: int
    round: int
    phase: GamePhase
    to_move: int | None
    starter: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Card, ...]
    owner: int | None
    scouts_in_row: int
    captured: tuple[int, ...]
    chips: tuple[int, ...]
    scout_show: tuple[bool, ...]
    chosen: tuple[bool, ...]
    totals: tuple[int, ...]
    round_results: tuple[RoundResult, ...]
    log: tuple[Event, ...]
    reserve_size: int

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is to move (else none), as the game lists them."""
        if self.to_move != self.seat:
            return []
        if self.phase == "orient":
            return list(ORIENT_MOVES)
        seat = self.seat
        return play_moves(self.hand, self.table, self.can_scout(seat), self.can_scout_show(seat))

    def can_scout(self, seat: int) -> bool:
        """Whether the rules let ``seat`` Scout now (R10, R13), as ``Position.can_scout``."""
        return may_scout(self.players, self.table, self.chips[seat])

    def can_scout_show(self, seat: int) -> bool:
        """Whether ``seat`` may spend its Scout & Show chip now (R11), as
        ``Position.can_scout_show``."""
        return may_scout_show(self.players, self.table, self.scout_show[seat])

    def round_log(self) -> tuple[Event, ...]:
        """The public events of the current round."""
        return tuple(e for e in self.log if e.round == self.round)


def observe(game: Game, seat: int) -> Observation:
    """Build ``seat``'s observation of ``game``."""
    if not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ValueError(f"seat: 0 to {game.players - 1}, not {seat!r}")
    position = game.position
    return Observation(
        seat=seat,
        players=game.players,
        rounds=game.rounds,
        round=game.round,
        phase=game.phase,
        to_move=game.to_move,
        starter=position.starter,
        hand=position.hands[seat],
        hand_sizes=tuple(len(h) for h in position.hands),
        table=position.table,
        owner=position.owner,
        scouts_in_row=position.scouts_in_row,
        captured=position.captured,
        chips=position.chips,
        scout_show=position.scout_show,
        chosen=tuple(c is not None for c in position.choices),
        totals=tuple(game.totals),
        round_results=tuple(game.round_results),
        log=game.log,
        reserve_size=len(game.reserve or ()),
    )
