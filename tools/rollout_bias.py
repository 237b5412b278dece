"""How far ``expert``'s rollouts are from the rounds it really plays, by the kind of move.

``expert`` judges a move by the mean round margin of rollouts that start with it. This tool
plays the first round of two-round games (both players play it for its margin), ``expert`` in
one seat (seat ``index % players``) against copies of ``hard-2026-11``, and at each of
``expert``'s decisions in play that had a choice it records three margins of the move it made:

- predicted: the mean over ``--deals`` fresh re-deals of ``expert``'s own rollouts (fresh, so
  the search's luck in choosing the move does not inflate it);
- seen: the fast player's line from the real hands, the rollout ``expert`` would play if it
  could see every card;
- real: the round's real result for that seat.

At two players ``expert``'s rollouts begin in the tree of the replies its search grew
(:mod:`scout_core.bots.replies`): the predicted rollouts and the seen line go through that
tree as the search left it, so the opponent replies as the search expected it to.

A kind of move whose real result falls short of its prediction more than another kind's is
one the search overrates against it. Decisions of one game share its round, so every interval
resamples whole games (bootstrap):

    python tools/rollout_bias.py --players 4 --games 200 [--seed 7] [--deals 60] [--jobs 2]
        [--log FILE] [--report-log]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import Game  # noqa: E402
from scout_core.arena import margin  # noqa: E402
from scout_core.bots import Bot, ExpertBot, make  # noqa: E402
from scout_core.bots.policy import play  # noqa: E402
from scout_core.bots.worth import round_margin  # noqa: E402
from scout_core.moves import Move  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from agreement import KINDS, kind  # noqa: E402 - the same names for the kinds of move


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the measured seat, and three margins of the move it made."""

    game: int
    kind: str
    hand: int
    """Cards in the seat's hand before the move."""
    predicted: float
    seen: float
    real: float


def decisions(
    players: int,
    seed: int,
    index: int,
    deals: int,
    *,
    make_bot: Callable[[str], Bot] = make,
    against: str = "hard-2026-11",
) -> list[Decision]:
    """The measured seat's decisions in the first round of game ``index`` (see the module)."""
    hero = index % players
    bots = [make_bot("expert") if s == hero else make_bot(against) for s in range(players)]
    searcher = bots[hero]
    if not isinstance(searcher, ExpertBot):
        raise ValueError(f"the measured seat needs an ExpertBot, not {searcher!r}")
    # Seated and seeded as in game ``index`` of the arena's match with ``seed``.
    rngs = [random.Random(f"arena:{seed}:{index}:{s}") for s in range(players)]
    game = Game.new(players=players, rounds=2, seed=seed * 100_003 + index)
    made: list[tuple[str, int, float, float]] = []
    while not game.round_results:
        seat = game.to_move
        assert seat is not None
        observation = game.observation(seat)
        move: Move = bots[seat].choose(observation, rngs[seat])
        if seat == hero and game.phase == "play" and len(observation.legal_moves()) > 1:
            source = searcher.deals(observation)
            rng = random.Random(f"bias:{index}:{len(game.moves)}")
            predicted = statistics.fmean(
                round_margin(searcher.play_out(play(source.sample(rng), move))[0], seat)
                for _ in range(deals)
            )
            seen = round_margin(searcher.play_out(play(game.position, move))[0], seat)
            made.append((kind(move), len(observation.hand), predicted, seen))
        game = game.play(move)
    real = margin(game.round_results[0].scores, hero)
    return [Decision(index, kind, hand, p, s, real) for kind, hand, p, s in made]


Statistic = Callable[[Sequence[Decision]], float | None]
"""A figure of a set of decisions; None where it is undefined (a kind that never occurs)."""


def mean_of(kind: str, field: Callable[[Decision], float]) -> Statistic:
    """The mean of ``field`` over the decisions of ``kind``."""

    def statistic(made: Sequence[Decision]) -> float | None:
        values = [field(d) for d in made if d.kind == kind]
        return statistics.fmean(values) if values else None

    return statistic


def shortfall(d: Decision) -> float:
    """How much better the real round went than the rollouts predicted (negative: worse)."""
    return d.real - d.predicted


def difference(first: Statistic, second: Statistic) -> Statistic:
    """``first`` less ``second``."""

    def statistic(made: Sequence[Decision]) -> float | None:
        a, b = first(made), second(made)
        return None if a is None or b is None else a - b

    return statistic


def bootstrap(
    made: Sequence[Decision], statistic: Statistic, samples: int = 1000, seed: int = 1
) -> tuple[float, float, float] | None:
    """``statistic`` and its 95% interval from resampling whole games; None if undefined."""
    estimate = statistic(made)
    if estimate is None:
        return None
    by_game: dict[int, list[Decision]] = {}
    for d in made:
        by_game.setdefault(d.game, []).append(d)
    games = list(by_game.values())
    rng = random.Random(seed)
    values = []
    for _ in range(samples):
        value = statistic([d for _ in games for d in rng.choice(games)])
        if value is not None:
            values.append(value)
    values.sort()
    return estimate, values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1]


def _interval(figure: tuple[float, float, float] | None) -> str:
    if figure is None:
        return "—"
    estimate, low, high = figure
    return f"{estimate:+.2f} ({low:+.2f} .. {high:+.2f})"


def report(made: Sequence[Decision], players: int, samples: int = 1000) -> str:
    """The figures of the module's documentation, by kind of move and between kinds."""
    games = len({d.game for d in made})
    lines = [
        f"expert against hard-2026-11, {players} players, the first round of {games} games, "
        f"{len(made)} decisions; margins in points, 95% intervals over resampled games",
        "kind: decisions, predicted, real - predicted, seen - predicted, real - seen",
    ]
    for name in KINDS.values():
        count = sum(d.kind == name for d in made)
        if not count:
            continue
        mean = mean_of(name, lambda d: d.predicted)(made)
        assert mean is not None
        figures = [
            bootstrap(made, mean_of(name, field), samples)
            for field in (shortfall, lambda d: d.seen - d.predicted, lambda d: d.real - d.seen)
        ]
        lines.append(f"{name}: {count}, {mean:+.2f}, " + ", ".join(map(_interval, figures)))
    show = mean_of("show", shortfall)
    for name in ("scout & show", "scout"):
        gap = bootstrap(made, difference(mean_of(name, shortfall), show), samples)
        lines.append(f"real - predicted, {name} less show: {_interval(gap)}")
    return "\n".join(lines)


def read_log(lines: Iterable[str]) -> list[Decision]:
    """The decisions a ``--log`` file holds; ValueError for a line that is not one."""
    made = []
    for number, line in enumerate(lines, 1):
        try:
            made.append(Decision(**json.loads(line)))
        except (TypeError, ValueError) as error:
            raise ValueError(f"log line {number} is not a decision: {error}") from None
    return made


def _one_game(args: tuple[int, int, int, int]) -> list[Decision]:
    players, seed, index, deals = args
    return decisions(players, seed, index, deals)


def main(argv: list[str] | None = None) -> None:
    """Measure from the command line and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--deals", type=int, default=60, help="re-deals a prediction averages")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", help="write each decision to this file as its game ends")
    parser.add_argument("--report-log", action="store_true", help="report --log, play nothing")
    args = parser.parse_args(argv)
    if args.games < 1 or args.deals < 1 or args.jobs < 1:
        parser.error("--games, --deals and --jobs need a whole number above 0")
    if args.report_log:
        if not args.log:
            parser.error("--report-log reports the file --log names")
        try:
            with open(args.log, encoding="utf-8") as lines:
                made = read_log(lines)
        except (OSError, ValueError) as error:
            parser.error(f"{args.log}: {error}")
        print(report(made, args.players))
        return
    made = []
    log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
    work = [(args.players, args.seed, index, args.deals) for index in range(args.games)]
    with Pool(args.jobs) as pool:
        for game in pool.imap(_one_game, work):
            made.extend(game)
            if log is not None:
                log.writelines(json.dumps(asdict(d)) + "\n" for d in game)
                log.flush()
    if log is not None:
        log.close()
    print(report(made, args.players))


if __name__ == "__main__":
    main()
