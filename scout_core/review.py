"""Review of a finished (or unfinished) game: replay it move by move, and price one seat's
decisions against the strongest level's preferred move.

Replay: Game values never change, so dealing the game again from its seed and playing its
moves gives every state it went through (:func:`replay`, :func:`replay_positions`), and the
game before any move (:func:`take_back`).

Analysis: for every decision of one seat, keep/rotate included, the move played and the move
the strongest level prefers are priced on the same re-deals of the cards that seat could not
see at that moment, in expected round points (the seat's less the others' mean; see
:mod:`~scout_core.bots.analysis`). Only the seat's observation and the move played are read,
never a hidden hand. A decision that gave away at least :data:`MISTAKE` points is a mistake,
at least :data:`BLUNDER` a blunder. :func:`think_review` works in slices and yields progress
between them; its :class:`Review` is plain data (``to_dict`` / ``from_dict``) that can be kept
with the saved game and recognised later (:meth:`Review.matches`).

``python -m scout_core.review GAME_FILE [--seat N]`` prints the analysis of a game file.

>>> from scout_core import Game
>>> game = Game.new(players=3, seed=7).play("keep")
>>> [step.index for step in replay_positions(game)], take_back(game, 0) == Game.new(3, seed=7)
([0, 1], True)
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import random
import sys
import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

from .bots.analysis import DEFAULT_BUDGET, AnalysisBudget, Pricing, think_price
from .bots.determinize import Knowledge
from .bots.explain import explain
from .cards import Card
from .errors import IllegalMoveError
from .game import Game
from .moves import Move, parse_move
from .observation import Observation
from .position import Position

MISTAKE: Final = 2.0
"""A decision that gave away at least this many round points is a mistake."""
BLUNDER: Final = 4.0
"""A decision that gave away at least this many round points is a blunder."""
KIND: Final = "scout-review"
SCHEMA: Final = 1

Mark = Literal["mistake", "blunder"]


def mark_of(cost: float) -> Mark | None:
    """``blunder`` from :data:`BLUNDER` points given away, ``mistake`` from :data:`MISTAKE`."""
    if cost >= BLUNDER:
        return "blunder"
    if cost >= MISTAKE:
        return "mistake"
    return None


# -- replay ------------------------------------------------------------------------------------


def _start_of(game: Game, start: Game | None) -> Game:
    if start is None:
        return Game.new(players=game.players, rounds=game.rounds, seed=game.seed)
    if game.moves[: len(start.moves)] != start.moves:
        raise ValueError("start: its moves are not the first moves of the game")
    return start


def replay(game: Game, start: Game | None = None) -> list[Game]:
    """Every state of ``game``: ``[start, after move 1, ...]``, the last equal to ``game``.

    ``start`` is where the game began (by default its deal: ``Game.new`` with its players,
    rounds and seed); a hand-built game needs its own. Raises ``ValueError`` if playing the
    game's moves from there does not give ``game``.
    """
    state = _start_of(game, start)
    states = [state]
    for number, move in enumerate(game.moves[len(state.moves) :], len(state.moves) + 1):
        try:
            state = state.play(move)
        except IllegalMoveError:
            raise ValueError(f"start: move {number} ({move}) is not legal from there") from None
        states.append(state)
    if state != game:
        raise ValueError("start: playing the game's moves from there does not give the game")
    return states


def take_back(game: Game, move_index: int, start: Game | None = None) -> Game:
    """The game just before ``game.moves[move_index]`` was played, replayed from its start."""
    first = _start_of(game, start)
    if not len(first.moves) <= move_index <= len(game.moves):
        raise ValueError(f"move_index: {len(first.moves)} to {len(game.moves)}, not {move_index!r}")
    state = first
    for move in game.moves[len(first.moves) : move_index]:
        state = state.play(move)
    return state


@dataclass(frozen=True, slots=True)
class Step:
    """One state of a replay: the game after ``index`` moves, and the move that led there.

    ``ended`` is the round's last position when that move ended a round (``game`` then holds
    the next round's deal, or the final standings).
    """

    index: int
    """Moves played so far (0: the start)."""
    game: Game
    move: Move | None = None
    seat: int | None = None
    """Who played ``move``."""
    round: int = 1
    """The round ``move`` was played in (the start's round for the start)."""
    ended: Position | None = None

    def observation(self, seat: int) -> Observation:
        """What ``seat`` could know at this step."""
        return self.game.observation(seat)

    def known_to(self, seat: int) -> dict[str, Any]:
        """What ``seat`` knew at this step, as plain data (see :func:`known_to`)."""
        return known_to(self.game, seat)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values: the move, every hand, the table, owner, totals."""
        position = self.game.position
        data: dict[str, Any] = {
            "index": self.index,
            "round": self.round,
            "move": None if self.move is None else str(self.move),
            "seat": self.seat,
            "phase": self.game.phase,
            "to_move": self.game.to_move,
            "hands": [_cards(h) for h in position.hands],
            "table": _cards(position.table),
            "owner": position.owner,
            "totals": self.game.totals,
            "ended": None,
        }
        if self.ended is not None:
            data["ended"] = {
                "hands": [_cards(h) for h in self.ended.hands],
                "table": _cards(self.ended.table),
                "scores": [s.total for s in self.ended.scores()],
            }
        return data


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def replay_positions(game: Game, start: Game | None = None) -> list[Step]:
    """Every step of ``game`` from its start (see :func:`replay`), move by move."""
    states = replay(game, start)
    first = states[0]
    steps = [Step(len(first.moves), first, round=first.round)]
    for before, after in itertools.pairwise(states):
        move = after.moves[-1]
        ended = None
        if after.round != before.round or after.phase == "over":
            ended = before.position.apply(move)
        seat = before.to_move
        steps.append(Step(len(after.moves), after, move, seat, before.round, ended))
    return steps


def known_to(game: Game, seat: int) -> dict[str, Any]:
    """What ``seat`` may know in ``game`` (R17), as plain data: its own hand and the public
    record, and what follows from it -- the cards each seat is known to hold because it scouted
    them and has not shown them since, and how many cards it could not place."""
    o = game.observation(seat)
    knowledge = Knowledge(o)
    return {
        "seat": seat,
        "round": o.round,
        "hand": _cards(o.hand),
        "hand_sizes": list(o.hand_sizes),
        "table": _cards(o.table),
        "owner": o.owner,
        "captured": list(o.captured),
        "chips": list(o.chips),
        "scout_show": list(o.scout_show),
        "totals": list(o.totals),
        "log": [{"seat": e.seat, "move": str(e)} for e in o.round_log()],
        "held": [_cards(tuple(k)) for k in knowledge.known],
        "unseen": len(knowledge.unseen),
    }


# -- analysis ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat, priced (values in expected round points)."""

    index: int
    """The move's place in ``game.moves`` (0-based; shown 1-based as the move number)."""
    round: int
    seat: int
    played: str
    preferred: str
    played_value: float
    preferred_value: float
    reason: str
    """Why the preferred move makes sense, in the hint's words."""
    options: int
    """Distinct results compared (1: the move was forced or had no rival worth trying)."""
    deals: int

    @property
    def cost(self) -> float:
        """Points given away against the preferred move (0 when the move played is it)."""
        return self.preferred_value - self.played_value

    @property
    def mark(self) -> Mark | None:
        """``mistake``, ``blunder`` or None (see :data:`MISTAKE`, :data:`BLUNDER`)."""
        return mark_of(self.cost)

    @property
    def number(self) -> int:
        """The move number, 1-based, as game files count moves."""
        return self.index + 1

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (``cost`` and ``mark`` included for readers; derived)."""
        return {
            "index": self.index,
            "round": self.round,
            "seat": self.seat,
            "played": self.played,
            "preferred": self.preferred,
            "played_value": self.played_value,
            "preferred_value": self.preferred_value,
            "cost": self.cost,
            "mark": self.mark,
            "reason": self.reason,
            "options": self.options,
            "deals": self.deals,
        }

    @classmethod
    def from_dict(cls, data: object) -> Decision:
        """Read what :meth:`to_dict` wrote; raise ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"decision: not an object: {data!r}")

        def whole(name: str) -> int:
            value = data.get(name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"decision.{name}: a whole number, not {value!r}")
            return value

        def text(name: str) -> str:
            value = data.get(name)
            if not isinstance(value, str):
                raise ValueError(f"decision.{name}: text, not {value!r}")
            return value

        def number(name: str) -> float:
            value = data.get(name)
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise ValueError(f"decision.{name}: a number, not {value!r}")
            return float(value)

        played, preferred = text("played"), text("preferred")
        parse_move(played)  # raises InvalidMoveError, a ValueError
        parse_move(preferred)
        return cls(
            index=whole("index"),
            round=whole("round"),
            seat=whole("seat"),
            played=played,
            preferred=preferred,
            played_value=number("played_value"),
            preferred_value=number("preferred_value"),
            reason=text("reason"),
            options=whole("options"),
            deals=whole("deals"),
        )


@dataclass(frozen=True, slots=True)
class Summary:
    """Points lost per decision, mistakes and blunders, and the three costliest decisions."""

    decisions: int
    points_lost: float
    mistakes: int
    blunders: int
    costliest: tuple[Decision, ...]
    """Up to three decisions that gave points away, costliest first."""

    @property
    def per_decision(self) -> float:
        """Points lost per decision (0 without decisions)."""
        return self.points_lost / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values; ``costliest`` holds move indices into the review's decisions."""
        return {
            "decisions": self.decisions,
            "points_lost": self.points_lost,
            "per_decision": self.per_decision,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
            "costliest": [d.index for d in self.costliest],
        }


def summarize(decisions: Sequence[Decision]) -> Summary:
    """The :class:`Summary` of some decisions."""
    marks = [d.mark for d in decisions]
    costly = sorted((d for d in decisions if d.cost > 0), key=lambda d: (-d.cost, d.index))
    return Summary(
        len(decisions),
        sum(d.cost for d in decisions),
        marks.count("mistake"),
        marks.count("blunder"),
        tuple(costly[:3]),
    )


def moves_digest(moves: Sequence[Move]) -> str:
    """A fingerprint of a game's moves, to recognise the game a review belongs to."""
    text = "\n".join(str(m) for m in moves)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Review:
    """The analysis of one seat's decisions in one game (plain data; see the module)."""

    seat: int
    players: int
    rounds: int
    game_seed: int
    moves: int
    """Moves of the game reviewed (its decisions are among them)."""
    digest: str
    """:func:`moves_digest` of those moves."""
    budget: AnalysisBudget
    seed: int
    """Where the re-deals' random numbers come from (with each move's index)."""
    decisions: tuple[Decision, ...]

    def summary(self) -> Summary:
        """Points lost, mistakes, blunders, the three costliest decisions."""
        return summarize(self.decisions)

    def matches(self, game: Game) -> bool:
        """Whether this is a review of ``game`` as it stands (same deal and moves)."""
        return (self.players, self.rounds, self.game_seed, self.moves) == (
            game.players,
            game.rounds,
            game.seed,
            len(game.moves),
        ) and self.digest == moves_digest(game.moves)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values; :meth:`from_dict` reads them back exactly (``summary`` is
        included for readers and ignored when reading)."""
        return {
            "kind": KIND,
            "schema": SCHEMA,
            "seat": self.seat,
            "game": {
                "players": self.players,
                "rounds": self.rounds,
                "seed": self.game_seed,
                "moves": self.moves,
                "digest": self.digest,
            },
            "budget": self.budget.to_dict(),
            "seed": self.seed,
            "thresholds": {"mistake": MISTAKE, "blunder": BLUNDER},
            "decisions": [d.to_dict() for d in self.decisions],
            "summary": self.summary().to_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> Review:
        """Read what :meth:`to_dict` wrote; raise ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise ValueError(f"not a review: kind is not {KIND!r}")
        if data.get("schema") != SCHEMA:
            raise ValueError(f"review.schema: {data.get('schema')!r} is not {SCHEMA}")
        game = data.get("game")
        if not isinstance(game, dict):
            raise ValueError("review.game: not an object")
        numbers = {
            "seat": data.get("seat"),
            "seed": data.get("seed"),
            "players": game.get("players"),
            "rounds": game.get("rounds"),
            "game_seed": game.get("seed"),
            "moves": game.get("moves"),
        }
        for name, value in numbers.items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"review.{name}: a whole number, not {value!r}")
        digest = game.get("digest")
        if not isinstance(digest, str):
            raise ValueError(f"review.game.digest: text, not {digest!r}")
        decisions = data.get("decisions")
        if not isinstance(decisions, list):
            raise ValueError("review.decisions: not a list")
        return cls(
            digest=digest,
            budget=AnalysisBudget.from_dict(data.get("budget")),
            decisions=tuple(Decision.from_dict(d) for d in decisions),
            **numbers,  # type: ignore[arg-type]
        )


class Progress(NamedTuple):
    """Decisions priced so far and in all, yielded between slices of the analysis; ``priced``
    holds those decisions, so a stopped analysis can be resumed (``think_review(resume=)``)."""

    done: int
    total: int
    priced: tuple[Decision, ...] = ()


def decisions_of(states: Sequence[Game], seat: int) -> list[int]:
    """Where in ``states`` (a :func:`replay`) ``seat`` was to move: the index of each state
    before one of its moves."""
    return [i for i, g in enumerate(states[:-1]) if g.to_move == seat]


def decision_rng(seed: int, index: int) -> random.Random:
    """The random source of the decision at move ``index``: it depends on nothing hidden."""
    return random.Random(f"scout-review:{seed}:{index}")


def think_decision(
    before: Game,
    played: Move,
    index: int,
    seat: int,
    *,
    budget: AnalysisBudget = DEFAULT_BUDGET,
    seed: int = 0,
) -> Iterator[Decision | None]:
    """Price one decision: ``seat`` played ``played`` in ``before``, move ``index`` of the
    game. None after each slice of work, then the :class:`Decision` :func:`think_review`
    makes of it (the same for the same budget and seed, however it is sliced)."""
    observation = before.observation(seat)
    pricing: Pricing | None = None
    for step in think_price(observation, played, decision_rng(seed, index), budget):
        if step is None:
            yield None
        else:
            pricing = step
    assert pricing is not None
    yield Decision(
        index=index,
        round=before.round,
        seat=seat,
        played=str(played),
        preferred=str(pricing.preferred),
        played_value=pricing.played_value,
        preferred_value=pricing.preferred_value,
        reason=explain(observation, pricing.preferred),
        options=pricing.options,
        deals=pricing.deals,
    )


def think_review(
    game: Game,
    seat: int = 0,
    *,
    budget: AnalysisBudget = DEFAULT_BUDGET,
    seed: int = 0,
    start: Game | None = None,
    resume: Sequence[Decision] = (),
) -> Generator[Progress | Review, None, None]:
    """Analyse ``seat``'s decisions in ``game``: yield :class:`Progress` between slices of work
    (a few milliseconds each), then the :class:`Review`. Stopping is closing the generator.

    ``resume`` takes decisions already priced (with the same budget and seed: a stopped
    analysis's, or a review of the game before its last moves); those are not priced again.
    """
    if not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ValueError(f"seat: 0 to {game.players - 1}, not {seat!r}")
    states = replay(game, start)
    offset = len(states[0].moves)
    known = {(d.index, d.played): d for d in resume if d.seat == seat}
    wanted = decisions_of(states, seat)
    decisions: list[Decision] = []
    priced: tuple[Decision, ...] = ()
    for done, i in enumerate(wanted):
        yield Progress(done, len(wanted), priced)
        before = states[i]
        index = offset + i
        played = game.moves[index]
        kept = known.get((index, str(played)))
        if kept is not None:
            decisions.append(kept)
            priced = tuple(decisions)
            continue
        decision: Decision | None = None
        for step in think_decision(before, played, index, seat, budget=budget, seed=seed):
            if step is None:
                yield Progress(done, len(wanted), priced)
            else:
                decision = step
        assert decision is not None
        decisions.append(decision)
        priced = tuple(decisions)
    yield Progress(len(wanted), len(wanted), priced)
    yield Review(
        seat=seat,
        players=game.players,
        rounds=game.rounds,
        game_seed=game.seed,
        moves=len(game.moves),
        digest=moves_digest(game.moves),
        budget=budget,
        seed=seed,
        decisions=tuple(decisions),
    )


def review_game(
    game: Game,
    seat: int = 0,
    *,
    budget: AnalysisBudget = DEFAULT_BUDGET,
    seed: int = 0,
    start: Game | None = None,
) -> Review:
    """:func:`think_review` run to the end."""
    for step in think_review(game, seat, budget=budget, seed=seed, start=start):
        if isinstance(step, Review):
            return step
    raise AssertionError("the review ended without a result")


# -- text --------------------------------------------------------------------------------------


def _signed(value: float) -> str:
    return f"{value:+.1f}"


def format_review(review: Review) -> list[str]:
    """The review as text lines: one per decision, then the summary."""
    header = (
        f"{'round':>5} {'move':>4}  {'played':<28} {'est':>5}  {'preferred':<28} "
        f"{'est':>5} {'cost':>5}  mark"
    )
    lines = [
        f"Review of seat {review.seat}: {review.players} players, {review.rounds} rounds, "
        f"deal {review.game_seed}; estimates in round points (yours less the others' mean), "
        f"{review.budget.deals} deals each",
        header,
    ]
    for d in review.decisions:
        same = d.preferred == d.played
        lines.append(
            f"{d.round:>5} {d.number:>4}  {d.played:<28} {_signed(d.played_value):>5}  "
            f"{'(same)' if same else d.preferred:<28} {_signed(d.preferred_value):>5} "
            f"{d.cost:>5.1f}  {d.mark or ''}".rstrip()
        )
    s = review.summary()
    lines.append(
        f"Points lost: {s.points_lost:.1f} over {s.decisions} decisions "
        f"({s.per_decision:.2f} per decision); {s.mistakes} mistake{'s' * (s.mistakes != 1)}"
        f" (at least {MISTAKE:g} points), {s.blunders} blunder{'s' * (s.blunders != 1)}"
        f" (at least {BLUNDER:g})"
    )
    if s.costliest:
        lines.append("Costliest decisions:")
    for rank, d in enumerate(s.costliest, 1):
        lines.append(
            f"  {rank}. round {d.round}, move {d.number}: {d.played} ({_signed(d.played_value)})"
            f" instead of {d.preferred} ({_signed(d.preferred_value)}), cost {d.cost:.1f}."
            f" {d.reason}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m scout_core.review GAME_FILE``: print the analysis of a game file."""
    from .gamefile import GameFileError, read  # noqa: PLC0415 - only the command needs it

    parser = argparse.ArgumentParser(
        prog="python -m scout_core.review",
        description="Price every decision of one seat in a game file against the strongest "
        "level's preferred move.",
    )
    parser.add_argument("game_file", help="a game file, as the page downloads it")
    parser.add_argument("--seat", type=int, default=0, help="the seat to review (default 0)")
    parser.add_argument(
        "--deals", type=int, default=DEFAULT_BUDGET.deals, help="deals per decision's pricing"
    )
    parser.add_argument(
        "--screen-deals",
        type=int,
        default=DEFAULT_BUDGET.screen_deals,
        help="deals per batch of screening the candidates",
    )
    parser.add_argument(
        "--candidates",
        type=int,
        default=DEFAULT_BUDGET.candidates,
        help="best-priced moves screened besides the best of each kind",
    )
    parser.add_argument("--seed", type=int, default=0, help="random source of the re-deals")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument("--time", action="store_true", help="report the time the analysis took")
    args = parser.parse_args(argv)
    try:
        with open(args.game_file, encoding="utf-8") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"error: cannot read {args.game_file}: {error}", file=sys.stderr)
        return 2
    try:
        game = read(text).game
    except GameFileError as error:
        print(f"error: {args.game_file}: {error} [{error.code}]", file=sys.stderr)
        return 2
    if not 0 <= args.seat < game.players:
        print(f"error: --seat: 0 to {game.players - 1}, not {args.seat}", file=sys.stderr)
        return 2
    for name in ("deals", "screen_deals", "candidates"):
        if getattr(args, name) < 1:
            flag = "--" + name.replace("_", "-")
            print(f"error: {flag}: at least 1, not {getattr(args, name)}", file=sys.stderr)
            return 2
    budget = AnalysisBudget(
        deals=args.deals, screen_deals=args.screen_deals, candidates=args.candidates
    )
    wall, cpu = time.perf_counter(), time.process_time()
    result = review_game(game, args.seat, budget=budget, seed=args.seed)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if args.json:
        import json  # noqa: PLC0415

        print(json.dumps(result.to_dict(), indent=1))
    else:
        print("\n".join(format_review(result)))
    if args.time:
        count = len(result.decisions)
        print(
            f"Analysed {count} decisions of {len(game.moves)} moves in {wall:.2f} s "
            f"({cpu:.2f} s CPU; {cpu / max(1, count):.3f} s CPU per decision)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
