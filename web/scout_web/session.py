"""One game at the table: its settings, the engine's game, the move being entered, and the
turns of the AI players, paced and sliced so that the page never freezes.

No browser here: the view passes in how to sleep, and calls back when something changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field, replace
from typing import Any

from scout_core import Event, Game, Move, Orient
from scout_core import bots as bots_module
from scout_core.remote import RequestError, move_request, read_move
from scout_core.review import Review, replay

from .entry import NOTHING_PICKED, Entry
from .words import HUMAN, LogLine, line_text, log_lines, table_names

SPEEDS: dict[str, float] = {"slow": 1.8, "normal": 1.0, "fast": 0.4, "instant": 0.0}
"""Pause in seconds after each AI move, so that a person can follow it."""
DEFAULT_SPEED = "normal"
UNDO_GRACE: dict[str, float] = {"slow": 3.0, "normal": 2.0, "fast": 1.2, "instant": 0.0}
"""How long the next AI player waits before answering the person's move: the time to Undo."""
MOTION_MS: dict[str, int] = {"slow": 700, "normal": 450, "fast": 250, "instant": 160}
"""How long a card takes to travel, following the pace."""
MAX_SLICES = 100_000  # a bot that never answers is a bug, not a long think

Sleep = Callable[[float], Awaitable[Any]]
Remote = Callable[[str], Awaitable[str | None]]
"""Thinking elsewhere (the page's worker): the answer to a request as text, or None when
nothing could answer it (see :mod:`scout_core.remote`)."""


def levels() -> list[str]:
    """The AI levels a player may choose, weakest first."""
    return bots_module.levels()


def default_level() -> str:
    """A fair opponent for a first game."""
    return "normal"


PERSON = "person"
"""The "level" of a seat played by a person at this device (pass-and-play)."""


@dataclass(frozen=True)
class Settings:
    """What the host chose before the game (R5): seats, rounds, AI levels, the deal, pace.

    ``levels`` has one entry per seat after seat 0: an AI level, or :data:`PERSON` for a
    friend at the same device. ``names`` are the names people typed, by seat ("" for none).
    """

    players: int = 3
    rounds: int | None = None
    levels: tuple[str, ...] = field(default_factory=tuple)
    names: tuple[str, ...] = field(default_factory=tuple)
    seed: int | None = None
    speed: str = DEFAULT_SPEED
    practice: bool = False
    """Practice: take back to any earlier decision, and the game is not counted."""

    def resolved(self) -> Settings:
        """Fill in defaults: as many rounds as players, the default level for every AI."""
        known = [*levels(), PERSON]
        chosen = tuple(
            self.levels[i] if i < len(self.levels) and self.levels[i] in known else default_level()
            for i in range(self.players - 1)
        )
        typed = tuple(self.names[i] if i < len(self.names) else "" for i in range(self.players))
        rounds = self.players if self.rounds is None else self.rounds
        speed = self.speed if self.speed in SPEEDS else DEFAULT_SPEED
        # Taking back any decision would show one person what another held: solo only.
        practice = self.practice and PERSON not in chosen
        return replace(
            self, levels=chosen, names=typed, rounds=rounds, speed=speed, practice=practice
        )

    @property
    def people(self) -> tuple[int, ...]:
        """The seats played by people at this device; seat 0 always is."""
        return (HUMAN, *(seat for seat in range(1, self.players) if self.is_person(seat)))

    def is_person(self, seat: int) -> bool:
        """Whether a person plays the seat."""
        return seat == HUMAN or (seat - 1 < len(self.levels) and self.levels[seat - 1] == PERSON)


def since_my_turn(events: list[Event], seat: int = HUMAN) -> list[Event]:
    """Of a round's moves (oldest first), the other players' since the seat's last one:
    what happened while its person waited, kept in view until they act."""
    mine = [i for i, e in enumerate(events) if e.seat == seat]
    return events[mine[-1] + 1 :] if mine else list(events)


def bot_seed(game: Game) -> str:
    """The seed of the AI's random source for the next move: fixed by the deal and the move
    number, so a reload in the middle of a think makes the same choice."""
    return f"scout-web:{game.seed}:{len(game.moves)}"


def hint_seed(game: Game) -> str:
    """The seed of the hint's random source, fixed as :func:`bot_seed` is."""
    return f"scout-web-hint:{game.seed}:{len(game.moves)}"


def bot_rng(game: Game) -> random.Random:
    """The AI's random source for the next move."""
    return random.Random(bot_seed(game))


async def decide(
    game: Game, level: str, seed: str, sleep: Sleep, remote: Remote | None = None
) -> Move:
    """The move a bot of ``level`` chooses for the seat to move: asked of ``remote`` when it
    can answer, else thought here, one slice per event-loop turn. Both give the same move."""
    if remote is not None:
        answer = await remote(move_request(game, level, seed))
        if answer is not None:
            with contextlib.suppress(RequestError):  # the remote has reported it; think here
                return read_move(answer)
    seat = game.to_move
    assert seat is not None
    steps = bots_module.make(level).think(game.observation(seat), random.Random(seed))
    for _slice in range(MAX_SLICES):
        step = next(steps)
        if step is not None:
            return step
        await sleep(0)
    raise RuntimeError(f"the {level} AI did not choose a move")


async def think_after_a_turn(
    game: Game, level: str, sleep: Sleep, remote: Remote | None = None
) -> Move:
    """The AI's move (see :func:`decide`), after one turn of the event loop: even a bot that
    answers at once lets the page draw between two moves."""
    await sleep(0)
    return await decide(game, level, bot_seed(game), sleep, remote)


class Session:
    """A game at the table, seen by the person holding the device: seat 0 in a solo game;
    in pass-and-play, the person whose turn it is once they have taken the device."""

    def __init__(
        self,
        settings: Settings,
        game: Game,
        entry: Entry = NOTHING_PICKED,
        rounds_seen: int = 0,
        viewer: int = HUMAN,
    ) -> None:
        self.settings = settings
        self.game = game
        self.entry = entry
        self.rounds_seen = rounds_seen
        self.viewer = viewer if settings.is_person(viewer) else HUMAN
        """The person holding the device: the hand drawn is theirs."""
        self.epoch = 0  # bumped whenever the game is replaced, so a stale AI turn stops
        self.thinking: int | None = None  # the AI seat thinking right now
        self.undo_game: Game | None = None  # the game before the human's last move
        self.undo_block = "nothing"  # why nothing can be taken back: nothing, answered, round
        self.still = False  # the AI players never move (the guided hand)
        self.counted = False  # a finished game has been added to the statistics
        self._lines: tuple[Game, list[LogLine]] | None = None
        self._back: tuple[Game, Game | None] | None = None
        self.review: Review | None = None  # the analysis of the person's decisions, once made

    @classmethod
    def new(cls, settings: Settings) -> Session:
        """A freshly dealt game."""
        settings = settings.resolved()
        game = Game.new(players=settings.players, rounds=settings.rounds, seed=settings.seed)
        return cls(replace(settings, seed=game.seed), game)

    # -- whose turn ---------------------------------------------------------------------------

    @property
    def summary_pending(self) -> bool:
        """A finished round whose summary the person has not closed yet."""
        return len(self.game.round_results) > self.rounds_seen

    @property
    def over(self) -> bool:
        """The game has ended."""
        return self.game.phase == "over"

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name, in the language in use."""
        settings = self.settings
        return table_names(settings.players, settings.people, settings.names)

    @property
    def shared(self) -> bool:
        """Pass-and-play: more than one person at this device."""
        return len(self.settings.people) > 1

    def human_to_move(self) -> bool:
        """The person holding the device decides now."""
        return not self.over and not self.summary_pending and self.game.to_move == self.viewer

    def ai_to_move(self) -> bool:
        """An AI player decides now."""
        return (
            not self.over
            and not self.summary_pending
            and not self.still
            and self.game.to_move is not None
            and not self.settings.is_person(self.game.to_move)
        )

    def replayable_rounds(self) -> int:
        """How many rounds the replay may show, every hand open: the finished ones when one
        person plays (the AI players mind nothing); with friends, none before the game is over
        (R17: a hand is private to its owner)."""
        if self.over:
            return self.game.rounds
        return 0 if self.shared else len(self.game.round_results)

    def handover_to(self) -> int | None:
        """The person the device must be passed to before play goes on, or None."""
        seat = self.game.to_move
        if self.over or self.summary_pending or seat is None or seat == self.viewer:
            return None
        return seat if self.settings.is_person(seat) else None

    def take_device(self) -> None:
        """The next person has the device: from now on the table is drawn for them, and the
        last person's move can no longer be taken back."""
        seat = self.handover_to()
        if seat is None:
            raise ValueError("nobody to pass the device to")
        self.viewer = seat
        self.entry = NOTHING_PICKED
        self.undo_game = None
        self.undo_block = "answered"

    def level_of(self, seat: int) -> str:
        """The AI level of a seat (seat 0 is the person)."""
        return self.settings.levels[seat - 1]

    def close_summary(self) -> None:
        """The person has read the round summary: play on."""
        self.rounds_seen = len(self.game.round_results)

    def lines(self) -> list[LogLine]:
        """The game log, as data; worked out once per position."""
        if self._lines is None or self._lines[0] is not self.game:
            self._lines = (self.game, log_lines(self.game))
        return self._lines[1]

    def line_text(self, line: LogLine) -> str:
        """A log line in words."""
        return line_text(line, self.game, self.names)

    # -- moves ----------------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play a move for the seat to move (the engine checks it) and clear the entry."""
        before = self.game
        self.game = before.play(move)
        self.entry = NOTHING_PICKED
        ended_round = len(self.game.round_results) > len(before.round_results)
        human = before.to_move == self.viewer and not isinstance(move, Orient)
        if human:
            self.undo_game = None if ended_round else before
            self.undo_block = "round" if ended_round else "answered"

    def can_undo(self) -> bool:
        """Undo policy: the person may take back their last Show or Scout until the next
        player has moved, and never once a round has ended (a new deal is then known). In a
        practice game, any earlier decision can be taken back, one after another."""
        if self.settings.practice:
            return self.practice_back() is not None
        return self.undo_game is not None and self.game.moves[:-1] == self.undo_game.moves

    def practice_back(self) -> Game | None:
        """Practice: the game just before the person's last decision (None before the first)."""
        if self._back is None or self._back[0] is not self.game:
            states = replay(self.game)
            earlier = [g for g in states[:-1] if g.to_move == HUMAN]
            self._back = (self.game, earlier[-1] if earlier else None)
        return self._back[1]

    def undo_refusal(self) -> str | None:
        """Why Undo does nothing now ("nothing" of yours to take back, already "answered",
        the "round" ended), or None when it takes the last move back."""
        return None if self.can_undo() else self.undo_block

    def undo(self) -> None:
        """Take back the person's last move (see :meth:`can_undo`)."""
        if not self.can_undo():
            raise ValueError("nothing to take back")
        back = self.practice_back() if self.settings.practice else self.undo_game
        assert back is not None
        self.game = back
        self.undo_game = None
        self.undo_block = "nothing"
        self.entry = NOTHING_PICKED
        self.rounds_seen = min(self.rounds_seen, len(back.round_results))
        self.epoch += 1

    def think(self, sleep: Sleep, remote: Remote | None = None) -> Coroutine[Any, Any, Move]:
        """Let the AI to move think (see :func:`decide`): its move in the position as it is
        now, whenever the thinking runs."""
        game = self.game
        seat = game.to_move
        assert seat is not None and not self.settings.is_person(seat)
        return think_after_a_turn(game, self.level_of(seat), sleep, remote)

    async def run_ai(
        self, sleep: Sleep, changed: Callable[[], None], remote: Remote | None = None
    ) -> None:
        """Play AI turns until the person must act (or the game is replaced).

        ``changed`` is called after each AI move (to save and draw). The pace's pauses, after
        an AI move that others can see and after the person's own move (the time to Undo it),
        are the least time before the next AI move appears: that player thinks meanwhile, so
        its move appears once both its thinking and the pause are over.
        """
        epoch = self.epoch
        pause = UNDO_GRACE.get(self.settings.speed, 0.0) if self.can_undo() else 0.0
        while self.ai_to_move():
            self.thinking = self.game.to_move
            thinking = asyncio.ensure_future(self.think(sleep, remote))
            try:
                if pause:
                    await sleep(pause)
                    if epoch != self.epoch:
                        return
                move = await thinking
            finally:
                thinking.cancel()  # nothing once it has answered; a turn stopped, or undone
                self.thinking = None
            if epoch != self.epoch:
                return
            self.play(move)
            changed()
            # Read after each move: the pace may change mid-turn.
            pause = 0.0 if isinstance(move, Orient) else SPEEDS.get(self.settings.speed, 0.0)

    async def advise(self, sleep: Sleep, remote: Remote | None = None) -> Move:
        """A suggested move for the person: the strongest level's choice (as ``hint`` makes
        it), asked of ``remote`` or thought in slices."""
        assert self.human_to_move()
        strongest = bots_module.levels()[-1]
        return await decide(self.game, strongest, hint_seed(self.game), sleep, remote)
