"""A whole game of SCOUT: the deal of every round, round after round, scores and winners.

A :class:`Game` never changes: :meth:`Game.play` returns the next game, so undo, search and
replay are just keeping the old value. Every deal comes from the game's ``seed`` (R2, R3, R5).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from .cards import Card, deck_for, shuffled
from .errors import IllegalMoveError
from .history import Event
from .moves import Move, Orient, Scout, ScoutShow, Show, as_move
from .observation import observe
from .position import EndReason, GamePhase, Position, SeatScore
from .rules import Reason, scouted

if TYPE_CHECKING:
    from .observation import Observation

HAND_SIZE: Final = {2: 11, 3: 12, 4: 11, 5: 9}
"""Cards dealt to each seat per round, by player count (R3)."""
MAX_ROUNDS: Final = 5
MAX_SEED: Final = 2**53 - 1  # seeds travel through JSON in the page: keep them exact in JS

# A persistent list, newest first: (earlier, item). Appending is O(1) and shares the past.
_Chain = tuple[Any, Any] | None


def _chain_items(chain: _Chain) -> list[Any]:
    items = []
    while chain is not None:
        chain, item = chain
        items.append(item)
    items.reverse()
    return items


def _chain_of(items: list[Any] | tuple[Any, ...]) -> _Chain:
    chain: _Chain = None
    for item in items:
        chain = (chain, item)
    return chain


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one round ended and what every seat scored (R14, R15).

    ``exempt`` is the seat that paid nothing for its hand (None after ``hand_emptied``);
    ``owner`` the seat owning the active set when the round ended (the last to show: after
    ``hand_emptied``, the seat that emptied its hand); ``stuck``, after ``blocked``, the seat
    that could neither beat the active set nor scout (else None).
    """

    round: int
    scores: tuple[int, ...]
    reason: EndReason
    exempt: int | None
    breakdown: tuple[SeatScore, ...]
    owner: int
    stuck: int | None = None


def round_result(round_no: int, ended: Position) -> RoundResult:
    """The result of round ``round_no``, which ``ended`` ended."""
    end = ended.end
    assert end is not None and ended.owner is not None  # every ending follows a show
    breakdown = ended.scores()
    # After "blocked" the seat left to move is the one that could do nothing.
    stuck = ended.to_move if end.reason == "blocked" else None
    return RoundResult(
        round_no,
        tuple(s.total for s in breakdown),
        end.reason,
        end.exempt,
        breakdown,
        ended.owner,
        stuck,
    )


def default_rounds(players: int) -> int:
    """As many rounds as players (R5)."""
    return players


def deal_round(
    players: int, seed: int, round_no: int, reserve: tuple[Card, ...] | None
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...] | None]:
    """The hands of round ``round_no`` and the cards set aside for the next one (R3).

    Two players deal the reserve when there is one; otherwise a fresh deck is shuffled and,
    with two players, the half not dealt is set aside as it lies.
    """
    per = HAND_SIZE[players]
    if players == 2 and reserve:
        return (reserve[:per], reserve[per : 2 * per]), None
    cards = shuffled(deck_for(players), random.Random(f"scout:{seed}:round:{round_no}"))
    hands = tuple(cards[s * per : (s + 1) * per] for s in range(players))
    rest = cards[players * per :]
    return hands, (rest or None)


def first_starter(players: int, seed: int) -> int:
    """The seat that starts round 1, drawn from the seed (R5)."""
    return random.Random(f"scout:{seed}:starter").randrange(players)


class Game:
    """A game of SCOUT from the first deal to the final standings."""

    __slots__ = (
        "_legal",
        "_log",
        "_log_items",
        "_move_items",
        "_moves",
        "_players",
        "_position",
        "_reserve",
        "_results",
        "_round",
        "_rounds",
        "_seed",
        "_totals",
    )

    _players: int
    _rounds: int
    _seed: int
    _round: int
    _position: Position
    _totals: tuple[int, ...]
    _results: tuple[RoundResult, ...]
    _reserve: tuple[Card, ...] | None
    _moves: _Chain
    _log: _Chain
    _legal: tuple[Move, ...] | None
    _move_items: tuple[Move, ...] | None
    _log_items: tuple[Event, ...] | None

    def __init__(
        self,
        *,
        players: int,
        rounds: int,
        seed: int,
        round: int,
        position: Position,
        totals: tuple[int, ...],
        results: tuple[RoundResult, ...] = (),
        reserve: tuple[Card, ...] | None = None,
        moves: tuple[Move, ...] = (),
        log: tuple[Event, ...] = (),
    ) -> None:
        _set = object.__setattr__
        _set(self, "_players", players)
        _set(self, "_rounds", rounds)
        _set(self, "_seed", seed)
        _set(self, "_round", round)
        _set(self, "_position", position)
        _set(self, "_totals", totals)
        _set(self, "_results", results)
        _set(self, "_reserve", reserve)
        _set(self, "_moves", _chain_of(moves))
        _set(self, "_log", _chain_of(log))
        _set(self, "_legal", None)
        _set(self, "_move_items", tuple(moves))
        _set(self, "_log_items", tuple(log))

    @classmethod
    def new(cls, players: int = 3, rounds: int | None = None, seed: int | None = None) -> Game:
        """A new game, dealt and waiting for the starter's keep/rotate choice.

        Without a seed one is drawn from the operating system and recorded in the game.
        """
        check_setup(players, rounds, seed)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        rounds = default_rounds(players) if rounds is None else rounds
        hands, reserve = deal_round(players, seed, 1, None)
        position = Position.deal(hands, first_starter(players, seed))
        return cls(
            players=players,
            rounds=rounds,
            seed=seed,
            round=1,
            position=position,
            totals=(0,) * players,
            reserve=reserve,
        )

    # -- reading ------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats, 2-5."""
        return self._players

    @property
    def rounds(self) -> int:
        """Number of rounds this game lasts."""
        return self._rounds

    @property
    def seed(self) -> int:
        """The number every deal of this game comes from."""
        return self._seed

    @property
    def round(self) -> int:
        """The current round, 1-based (the last one once the game is over)."""
        return self._round

    @property
    def position(self) -> Position:
        """The current round's state."""
        return self._position

    @property
    def phase(self) -> GamePhase:
        """``orient`` (keep/rotate), ``play`` or ``over``."""
        if self._position.end is not None:
            return "over"
        return self._position.phase

    @property
    def to_move(self) -> int | None:
        """The seat whose decision is next; None once the game is over."""
        if self._position.end is not None:
            return None
        return self._position.to_move

    @property
    def starter(self) -> int:
        """The seat that started the current round."""
        return self._position.starter

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, left to right."""
        return self._position.hands

    @property
    def table(self) -> tuple[Card, ...]:
        """The active set, left to right."""
        return self._position.table

    @property
    def owner(self) -> int | None:
        """The seat that owns the active set (it may have been scouted empty)."""
        return self._position.owner

    @property
    def reserve(self) -> tuple[Card, ...] | None:
        """Two players: the cards set aside for the next round."""
        return self._reserve

    @property
    def totals(self) -> list[int]:
        """Each seat's score over the finished rounds."""
        return list(self._totals)

    @property
    def round_results(self) -> tuple[RoundResult, ...]:
        """One entry per finished round."""
        return self._results

    @property
    def winners(self) -> list[int]:
        """The seats with the highest total once the game is over (ties share, R16)."""
        if self.phase != "over":
            return []
        best = max(self._totals)
        return [s for s, t in enumerate(self._totals) if t == best]

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played in this game (since the position it was loaded from)."""
        if self._move_items is None:
            # A cache, not state: a game's moves never change.
            object.__setattr__(self, "_move_items", tuple(_chain_items(self._moves)))
        assert self._move_items is not None
        return self._move_items

    @property
    def log(self) -> tuple[Event, ...]:
        """The public history of the game (R17)."""
        if self._log_items is None:
            object.__setattr__(self, "_log_items", tuple(_chain_items(self._log)))
        assert self._log_items is not None
        return self._log_items

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves of the seat to move: one per distinct result, in a fixed order."""
        if self._legal is None:
            # A cache, not state: the same position always has the same moves.
            object.__setattr__(self, "_legal", tuple(self._position.legal_moves()))
        assert self._legal is not None
        return self._legal

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know (R17)."""
        return observe(self, seat)

    # -- playing ------------------------------------------------------------------------------

    def play(self, move: Move | str) -> Game:
        """The game after ``move`` (a move or its text); this game is unchanged.

        Raises :class:`InvalidMoveError` for text that is no move and
        :class:`IllegalMoveError` for a move the rules do not allow here.
        """
        move = as_move(move)
        before = self._position
        if before.end is not None:
            raise IllegalMoveError(
                f"illegal move '{move}': the game is over",
                move=move,
                reason=Reason("round_over"),
                position=before,
            )
        after = before.apply(move)
        log = self._log
        if before.phase == "orient":
            if after.phase == "play":
                log = self._log_choices(log, after)
        else:
            log = (log, self._public_event(before, move))
        moves = (self._moves, move)
        if after.end is None:
            return self._next(after, moves, log)
        return self._finish_round(after, moves, log)

    def _log_choices(self, log: _Chain, after: Position) -> _Chain:
        # Choices become public only once every seat has made its own (R6, R17).
        for i in range(self._players):
            seat = (after.starter + i) % self._players
            log = (log, Event(self._round, seat, "rotate" if after.choices[seat] else "keep"))
        return log

    def _public_event(self, before: Position, move: Move) -> Event:
        seat = before.to_move
        hand, table = before.hands[seat], before.table
        if isinstance(move, Show):
            return Event(
                self._round, seat, "show", shown=hand[move.start : move.stop], captured=len(table)
            )
        if isinstance(move, Scout | ScoutShow):
            scout = move if isinstance(move, Scout) else move.scout
            new_hand, _, card = scouted(hand, table, scout)
            # A lone card is both ends: record it one way, so both spellings read the same.
            end = scout.end if len(table) > 1 else "left"
            if isinstance(move, Scout):
                return Event(self._round, seat, "scout", card, end)
            return Event(
                self._round,
                seat,
                "scout_show",
                card,
                end,
                new_hand[move.show.start : move.show.stop],
                len(table) - 1,
            )
        raise AssertionError(f"not a play move: {move!r}")

    def _next(self, position: Position, moves: _Chain, log: _Chain, **changes: Any) -> Game:
        fresh = object.__new__(Game)
        _set = object.__setattr__
        _set(fresh, "_players", self._players)
        _set(fresh, "_rounds", self._rounds)
        _set(fresh, "_seed", self._seed)
        _set(fresh, "_round", changes.get("round", self._round))
        _set(fresh, "_position", position)
        _set(fresh, "_totals", changes.get("totals", self._totals))
        _set(fresh, "_results", changes.get("results", self._results))
        _set(fresh, "_reserve", changes.get("reserve", self._reserve))
        _set(fresh, "_moves", moves)
        _set(fresh, "_log", log)
        _set(fresh, "_legal", None)
        _set(fresh, "_move_items", None)
        _set(fresh, "_log_items", None)
        return fresh

    def _finish_round(self, ended: Position, moves: _Chain, log: _Chain) -> Game:
        result = round_result(self._round, ended)
        totals = tuple(t + s for t, s in zip(self._totals, result.scores, strict=True))
        results = (*self._results, result)
        if self._round == self._rounds:
            return self._next(ended, moves, log, totals=totals, results=results)
        hands, reserve = deal_round(self._players, self._seed, self._round + 1, self._reserve)
        opening = Position.deal(hands, (ended.starter + 1) % self._players)
        return self._next(
            opening,
            moves,
            log,
            round=self._round + 1,
            totals=totals,
            results=results,
            reserve=reserve,
        )

    # -- saving -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain JSON values; :meth:`from_dict` reads it back exactly."""
        from .serialize import game_to_dict  # noqa: PLC0415 - serialize imports Game

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """A game from :meth:`to_dict`'s output or from a hand-built position (see README)."""
        from .serialize import game_from_dict  # noqa: PLC0415 - serialize imports Game

        return game_from_dict(data)

    def _key(self) -> tuple[Any, ...]:
        # What to_dict holds: an ended position's seat "to move" is nobody's.
        p = self._position
        fields = tuple(getattr(p, n) for n in Position.__slots__ if n != "to_move")
        return (
            self._players,
            self._rounds,
            self._seed,
            self._round,
            self.to_move,
            fields,
            self._totals,
            self._results,
            self._reserve,
            self.moves,
            self.log,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Game is immutable: play() returns a new one")

    def __repr__(self) -> str:
        return (
            f"<Game {self._players} players, round {self._round}/{self._rounds}, "
            f"{self._position.describe()}>"
        )


def check_setup(players: object, rounds: object, seed: object) -> None:
    """Raise ``ValueError`` unless these are a valid player count, round count and seed."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise ValueError(f"players: SCOUT is played by 2 to 5 players, not {players!r}")
    if rounds is not None and (
        not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS
    ):
        raise ValueError(f"rounds: choose 1 to {MAX_ROUNDS} rounds, not {rounds!r}")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED
    ):
        raise ValueError(f"seed: a whole number from 0 to {MAX_SEED}, not {seed!r}")


__all__ = [
    "HAND_SIZE",
    "Game",
    "GamePhase",
    "Orient",
    "RoundResult",
    "deal_round",
    "first_starter",
    "round_result",
]
