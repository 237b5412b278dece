"""Bots against bots: ``python -m scout_core.arena hard normal --players 3 --games 400 --seed 1``.

The first bot takes one seat against copies of the second; its seat moves on by one every
game. Whole games are played (all rounds). A win is shared among tied leaders (1/k each).
Printed: the first bot's win share with a 95% confidence interval, its mean score less the
mean of the others' (for games of several rounds, also round by round, with 95% intervals),
and the median and 95th-percentile seconds it took per decision.
``--jobs 2`` plays games in two processes; the bots themselves stay single-threaded.
``--log FILE`` records each game as it ends; ``--resume`` goes on with a match stopped early
from its log, and ``--report-log`` reports it without playing. ``--paired-with OTHER_LOG``
compares the match game by game with another one of the same games (the same seed, players
and rounds; say, another version of the first bot): what changed, with 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TextIO

from .bots import Bot, make
from .game import Game


@dataclass(frozen=True)
class Roster:
    """Where a match's bots come from. A diagnostic may add levels of its own (``make``) and
    show a bot more than its seat sees (``before_move``, given the real game before each of
    that bot's moves); a match of the shipped levels uses neither."""

    make: Callable[[str], Bot] = make
    before_move: Callable[[Game, Bot], None] | None = None


MAX_MOVES = 5000
"""A game longer than this is stopped as a bug in a bot (real games take about 100 moves)."""


def half_width(values: Sequence[float]) -> float:
    """Half the width of the 95% confidence interval of the mean of ``values`` (normal
    approximation); 0 for fewer than two values, which give no spread."""
    if len(values) < 2:
        return 0.0
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


@dataclass(frozen=True)
class GameOutcome:
    """The first bot's result in one game."""

    win: float
    score_diff: float
    seconds: tuple[float, ...]
    cpu_seconds: tuple[float, ...] = ()
    round_diffs: tuple[float, ...] = ()
    """Each round's score less the mean of the others' (empty in logs written before)."""


@dataclass
class ArenaResult:
    """All games of one match, as seen by the first bot."""

    first: str
    second: str
    players: int
    outcomes: list[GameOutcome] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.outcomes)

    @property
    def win_share(self) -> float:
        """Mean share of victories (ties shared)."""
        return sum(o.win for o in self.outcomes) / self.games

    @property
    def interval(self) -> tuple[float, float]:
        """95% confidence interval of the win share (normal approximation)."""
        wins = [o.win for o in self.outcomes]
        if len(wins) < 2:
            return (0.0, 1.0)
        half = half_width(wins)
        mean = self.win_share
        return (max(0.0, mean - half), min(1.0, mean + half))

    @property
    def score_diff(self) -> float:
        """Mean of (first bot's total minus the mean total of the others)."""
        return sum(o.score_diff for o in self.outcomes) / self.games

    def round_diffs(self) -> list[tuple[float, float]]:
        """Round by round: the mean of the first bot's score less the mean of the others',
        and the half-width of its 95% interval, over the games that recorded that round."""
        figures = []
        for number in range(max((len(o.round_diffs) for o in self.outcomes), default=0)):
            diffs = [o.round_diffs[number] for o in self.outcomes if len(o.round_diffs) > number]
            figures.append((statistics.fmean(diffs), half_width(diffs)))
        return figures

    def seconds(self, cpu: bool = False) -> list[float]:
        """Every decision time of the first bot (wall clock, or this process's CPU), sorted."""
        return sorted(s for o in self.outcomes for s in (o.cpu_seconds if cpu else o.seconds))

    def report(self) -> str:
        """The lines the command prints."""
        low, high = self.interval
        times, cpu = self.seconds(), self.seconds(cpu=True)
        lines = [
            f"{self.first} vs {self.players - 1}x {self.second}, {self.players} players, "
            f"{self.games} games",
            f"win share {self.win_share:.1%} (95% CI {low:.1%} - {high:.1%}; "
            f"fair share {1 / self.players:.1%})",
            f"mean score difference {self.score_diff:+.2f}",
        ]
        by_round = self.round_diffs()
        if len(by_round) > 1:
            lines.append("by round, with 95% intervals: " + _by_round(by_round))
        lines += [
            f"seconds per decision of {self.first}: median {_median(times):.4f}, "
            f"95th percentile {_p95(times):.4f} ({len(times)} decisions)",
            f"CPU seconds per decision: median {_median(cpu):.4f}, 95th percentile {_p95(cpu):.4f}",
        ]
        return "\n".join(lines)


@dataclass(frozen=True)
class Pairing:
    """Two matches of the same games compared game by game: each figure is the mean change
    from ``before`` to ``after`` over the games both played, with the half-width of its 95%
    interval. The same deals and seats make most of the luck cancel out, so the interval is
    far narrower than the difference of two unpaired matches would have."""

    games: int
    alike: int
    """Games that ended exactly the same (the same win, margin and rounds)."""
    score_diff: tuple[float, float]
    win_share: tuple[float, float]
    round_diffs: tuple[tuple[float, float], ...]

    def report(self) -> str:
        """The lines the command prints."""
        mean, half = self.score_diff
        win, win_half = self.win_share
        lines = [
            f"paired game by game over {self.games} games ({self.alike} ended alike):",
            f"change of the mean score difference {mean:+.2f} ± {half:.2f}",
            f"change of the win share {win * 100:+.1f} ± {win_half * 100:.1f} points",
        ]
        if len(self.round_diffs) > 1:
            lines.append("by round: " + _by_round(self.round_diffs))
        return "\n".join(lines)


def pair(after: ArenaResult, before: ArenaResult) -> Pairing:
    """Compare two matches of the same games, game by game, over the games both played;
    raise ``ValueError`` when they share none or a game has other rounds in each."""
    return pool([(after, before)])


def pool(matches: Sequence[tuple[ArenaResult, ArenaResult]]) -> Pairing:
    """Compare several pairs of matches, each ``(after, before)`` of the same games (say, one
    seed each), game by game, as one pairing over all their games; raise ``ValueError`` when
    a pair shares no game or a game has other rounds in each."""
    if not matches:
        raise ValueError("no matches to pair")
    couples: list[tuple[GameOutcome, GameOutcome]] = []
    for after, before in matches:
        shared = list(zip(after.outcomes, before.outcomes, strict=False))
        if not shared:
            raise ValueError("the two matches share no game")
        for number, (a, b) in enumerate(shared):
            if a.round_diffs and b.round_diffs and len(a.round_diffs) != len(b.round_diffs):
                raise ValueError(
                    f"game {number} has {len(a.round_diffs)} rounds in one match and "
                    f"{len(b.round_diffs)} in the other: not the same games"
                )
        couples += shared

    def change(values: list[float]) -> tuple[float, float]:
        return statistics.fmean(values), half_width(values)

    rounds = min(min(len(a.round_diffs), len(b.round_diffs)) for a, b in couples)
    return Pairing(
        games=len(couples),
        alike=sum(
            (a.win, a.score_diff, a.round_diffs) == (b.win, b.score_diff, b.round_diffs)
            for a, b in couples
        ),
        score_diff=change([a.score_diff - b.score_diff for a, b in couples]),
        win_share=change([a.win - b.win for a, b in couples]),
        round_diffs=tuple(
            change([a.round_diffs[r] - b.round_diffs[r] for a, b in couples]) for r in range(rounds)
        ),
    )


def _by_round(figures: Sequence[tuple[float, float]]) -> str:
    """Round by round, each mean with the half-width of its interval: '1: +0.30 ± 0.71, …'."""
    return ", ".join(
        f"{number}: {mean:+.2f} ± {half:.2f}" for number, (mean, half) in enumerate(figures, 1)
    )


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def _p95(values: list[float]) -> float:
    return values[min(len(values) - 1, int(0.95 * len(values)))] if values else 0.0


def play_game(
    first: str,
    second: str,
    *,
    players: int,
    rounds: int | None,
    seed: int,
    index: int,
    roster: Roster = Roster(),
) -> GameOutcome:
    """Play game ``index`` of a match; the first bot sits in seat ``index % players``."""
    hero = index % players
    bots: list[Bot] = [roster.make(first if s == hero else second) for s in range(players)]
    rngs = [random.Random(f"arena:{seed}:{index}:{s}") for s in range(players)]
    game = Game.new(players=players, rounds=rounds, seed=seed * 100_003 + index)
    seconds = []
    cpu_seconds = []
    while game.phase != "over":
        if len(game.moves) > MAX_MOVES:
            raise RuntimeError(f"game {index} of seed {seed} passed {MAX_MOVES} moves: {game!r}")
        seat = game.to_move
        assert seat is not None
        observation = game.observation(seat)
        if roster.before_move is not None:
            roster.before_move(game, bots[seat])
        start, cpu_start = time.perf_counter(), time.process_time()
        move = bots[seat].choose(observation, rngs[seat])
        if seat == hero:
            seconds.append(time.perf_counter() - start)
            cpu_seconds.append(time.process_time() - cpu_start)
        game = game.play(move)
    totals = game.totals
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    win = 1.0 / len(leaders) if hero in leaders else 0.0
    return GameOutcome(
        win,
        margin(totals, hero),
        tuple(seconds),
        tuple(cpu_seconds),
        tuple(margin(result.scores, hero) for result in game.round_results),
    )


def margin(scores: Sequence[int], seat: int) -> float:
    """``seat``'s score less the mean of the others'."""
    others = [score for s, score in enumerate(scores) if s != seat]
    return scores[seat] - sum(others) / len(others)


def _play(args: tuple[str, str, int, int | None, int, int, Roster]) -> GameOutcome:
    first, second, players, rounds, seed, index, roster = args
    return play_game(
        first, second, players=players, rounds=rounds, seed=seed, index=index, roster=roster
    )


def run(
    first: str,
    second: str,
    *,
    players: int = 3,
    games: int = 100,
    seed: int = 1,
    jobs: int = 1,
    rounds: int | None = None,
    log: TextIO | None = None,
    played: ArenaResult | None = None,
    roster: Roster = Roster(),
) -> ArenaResult:
    """Play a match and collect the first bot's outcomes (one JSON line each to ``log``, as
    games end, so a long match stopped early still says what it played). ``played``, the
    games of a stopped match (from its log), are kept and the match goes on from the next."""
    roster.make(first), roster.make(second)  # fail early on an unknown level
    result = ArenaResult(first, second, players)
    if played is not None:
        result.outcomes.extend(played.outcomes)
    tasks = [(first, second, players, rounds, seed, i, roster) for i in range(result.games, games)]
    if jobs > 1:
        # Imported here: Pyodide, where the small test matches also run, has no processes.
        from multiprocessing import Pool  # noqa: PLC0415

        with Pool(jobs) as pool:
            # In order, as each game ends: the log keeps what a stopped match played.
            for outcome in pool.imap(_play, tasks, chunksize=1):
                _record(result, outcome, log)
    else:
        for outcome in map(_play, tasks):
            _record(result, outcome, log)
    return result


def _record(result: ArenaResult, outcome: GameOutcome, log: TextIO | None) -> None:
    if log is not None:
        log.write(json.dumps({"game": result.games, **asdict(outcome)}) + "\n")
        log.flush()
    result.outcomes.append(outcome)


def read_log(first: str, second: str, players: int, lines: Iterable[str]) -> ArenaResult:
    """The result of the games a ``--log`` file records (for a match stopped early); raise
    ``ValueError`` for a line that is not the next game's outcome."""
    result = ArenaResult(first, second, players)
    for number, line in enumerate(lines, 1):
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"log line {number}: not JSON ({error.msg})") from None
        if not isinstance(data, dict) or data.get("game") != result.games:
            raise ValueError(f"log line {number}: not the outcome of game {result.games}")
        try:
            outcome = GameOutcome(
                float(data["win"]),
                float(data["score_diff"]),
                tuple(data["seconds"]),
                tuple(data["cpu_seconds"]),
                tuple(data.get("round_diffs", ())),  # not in logs written before
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"log line {number}: game {result.games} has no {error}") from None
        result.outcomes.append(outcome)
    return result


def main(argv: list[str] | None = None, roster: Roster = Roster()) -> None:
    """Run a match from the command line and print its report."""
    parser = argparse.ArgumentParser(prog="python -m scout_core.arena", description=__doc__)
    parser.add_argument("first", help="level of the bot measured (one seat)")
    parser.add_argument("second", help="level of its opponents (every other seat)")
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument("--rounds", type=int, default=None, help="rounds a game (default: R5)")
    parser.add_argument("--log", help="append each game's outcome to this file as it ends")
    parser.add_argument(
        "--report-log", action="store_true", help="report the games of --log instead of playing"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="go on with the match that --log records, from its next game (same arguments)",
    )
    parser.add_argument(
        "--paired-with",
        metavar="OTHER_LOG",
        help="compare with the match of the same games that OTHER_LOG records, game by game",
    )
    args = parser.parse_args(argv)
    if (args.report_log or args.resume) and not args.log:
        parser.error("--report-log and --resume read the games of --log FILE")

    def read_log_file(path: str) -> ArenaResult:
        try:
            with open(path, encoding="utf-8") as lines:
                return read_log(args.first, args.second, args.players, lines)
        except (OSError, ValueError) as error:
            parser.error(f"{path}: {error}")

    before = read_log_file(args.paired_with) if args.paired_with else None
    for level in (args.first, args.second):
        try:
            roster.make(level)
        except ValueError as error:
            parser.error(str(error))
    played = None
    if args.report_log or args.resume:
        played = read_log_file(args.log)
        if args.report_log:
            print(played.report())
            _print_pairing(parser, played, before)
            return
        if played.games > args.games:
            parser.error(f"{args.log} already holds {played.games} games, more than --games")
    elif args.log and os.path.exists(args.log) and os.path.getsize(args.log):
        parser.error(f"{args.log} already holds games: --resume goes on with them")
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    result = run(
        args.first,
        args.second,
        players=args.players,
        games=args.games,
        seed=args.seed,
        jobs=args.jobs,
        rounds=args.rounds,
        log=log,
        played=played,
        roster=roster,
    )
    if log is not None:
        log.close()
    print(result.report())
    _print_pairing(parser, result, before)


def _print_pairing(
    parser: argparse.ArgumentParser, result: ArenaResult, before: ArenaResult | None
) -> None:
    if before is None:
        return
    try:
        print(pair(result, before).report())
    except ValueError as error:
        parser.error(f"--paired-with: {error}")


if __name__ == "__main__":
    main()
