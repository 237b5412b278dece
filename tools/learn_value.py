"""Learn what the rest of a round gives each seat when searching players finish it, and let
``expert`` end its rollouts early with that estimate.

Four commands:

    python tools/learn_value.py labels --players 3 --games 600 --seed 21 --jobs 2 --out L.jsonl
    python tools/learn_value.py fit L.jsonl [M.jsonl ...] --out V.json [--ridge 1.0]
    python tools/learn_value.py score V.json L.jsonl [M.jsonl ...]
    python tools/learn_value.py play V.json [--cut 6] [--spread 0] \\
        expert-valued hard-2026-11 ARENA_ARGS...

``labels`` plays one-round games of ``hard-2026-11`` in every seat and records, before every
move in play, each seat's facts (:func:`facts`, read from the whole position, as a rollout's
deal shows them) and what the rest of the round gave that seat: its round score at the end
less its score had the round ended there. Unlike the fast player's rounds, these are rounds as
searching players finish them (``--level fast`` labels the fast player's rounds, for
comparison). A game's lines carry its index, so ``fit`` can hold games out; ``--out`` is
appended to.

``fit`` fits one linear estimate a table size (least squares with a ridge on every weight but
the constant, solved exactly), on the games whose index is not a multiple of 5; it reports
the mean squared error on those games and on the others, against the error of the mean alone.

``score`` reports how well a fitted estimate explains other labels: say, how far the fast
player's idea of the rest of a round is from how searching players finish it.

``play`` runs the arena (``python -m scout_core.arena``, the same arguments and report) with
one more level, ``expert-valued``: ``expert`` as it ships, except that each rollout stops after
``--cut`` moves and a round still going on is scored with every seat's estimate added to its
score (with ``--spread``, drawn around it); reading the estimate counts as
``EVALUATION_STEPS`` simulated moves of the budget.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TextIO, TypedDict

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import Game, arena  # noqa: E402
from scout_core.bots import Bot, ExpertBot, make  # noqa: E402
from scout_core.bots.handeval import hand_value  # noqa: E402
from scout_core.bots.heuristic import choose_orient  # noqa: E402
from scout_core.bots.policy import policy_move  # noqa: E402
from scout_core.bots.worth import margin_of, round_scores, standing_of  # noqa: E402
from scout_core.combos import best_strength, strength  # noqa: E402
from scout_core.moves import Move  # noqa: E402
from scout_core.observation import Observation  # noqa: E402
from scout_core.position import Position  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))

from linalg import solve  # noqa: E402
from shipped import shipped_arguments, shipped_expert  # noqa: E402

LABELLER = "hard-2026-11"
"""The level that plays every seat of the labelled rounds, unless told."""
FAST = "fast"
"""The labeller that is the fast player of ``expert``'s rollouts."""
RIDGE = 1.0
"""Ridge on every weight but the constant, per table size (keeps rare facts' weights small)."""
EVALUATION_STEPS = 2
"""What reading the estimate for every seat costs, in simulated moves (about what it takes)."""
HELD_OUT_EVERY = 5
"""Games whose index is a multiple of this are held out of the fit."""


# -- facts --------------------------------------------------------------------------------------


SEAT_FACTS = 9
"""Facts of one seat: see :func:`facts`."""


def facts(position: Position, seat: int) -> list[float]:
    """What the estimate reads for ``seat``: the constant, the table's size and the scouts in
    a row, then for every seat from ``seat`` on in turn order its hand's size and worth,
    whether it holds a show that beats the table, whether it is to move (and both), whether it
    owns the table, whether it still holds its Scout & Show chip, and (two players) the Scout
    chips it may still spend."""
    table = position.table
    to_beat = strength([c.value for c in table]) if table else 0
    found = [1.0, float(len(table)), float(position.scouts_in_row)]
    players = position.players
    for step in range(players):
        s = (seat + step) % players
        values = [c.value for c in position.hands[s]]
        beats = 1.0 if best_strength(values) > to_beat else 0.0
        moving = 1.0 if position.to_move == s else 0.0
        found += [
            float(len(values)),
            hand_value(values),
            beats,
            moving,
            beats * moving,
            1.0 if position.owner == s else 0.0,
            1.0 if position.scout_show[s] else 0.0,
            float(position.chips[s]) if players == 2 else 0.0,
            float(len(values)) * moving,
        ]
    return found


def width(players: int) -> int:
    """How many facts :func:`facts` reads at a table of ``players``."""
    return 3 + SEAT_FACTS * players


# -- labels -------------------------------------------------------------------------------------


Mover = Callable[[Game, int], Move]
"""How a seat chooses its move in a game."""


class Label(TypedDict):
    """One seat at one position: its facts and what the rest of the round gave it."""

    players: int
    game: int
    x: list[float]
    y: float


def movers(level: str, players: int, seed: int, index: int) -> list[Mover]:
    """Every seat's way to move: the level's bot, or with ``fast`` the fast player of
    ``expert``'s rollouts at this table size (the rounds its estimate would stand in for)."""
    if level == FAST:
        weights = shipped_expert().weights_at(players)

        def fast(game: Game, seat: int) -> Move:
            position = game.position
            if position.phase == "orient":
                return choose_orient(position.hands[seat])
            return policy_move(position, weights)

        return [fast] * players
    return [
        _bot_mover(make(level), random.Random(f"values:{seed}:{index}:{s}")) for s in range(players)
    ]


def _bot_mover(bot: Bot, rng: random.Random) -> Mover:
    return lambda game, seat: bot.choose(game.observation(seat), rng)


def label_game(args: tuple[int, int, int, str]) -> list[Label]:
    """Play one-round game ``index`` with ``level`` in every seat; its labels."""
    players, seed, index, level = args
    moving = movers(level, players, seed, index)
    game = Game.new(players=players, rounds=1, seed=seed * 100_003 + index)
    seen: list[tuple[list[list[float]], list[int]]] = []
    while game.phase != "over":
        seat = game.to_move
        assert seat is not None
        position = game.position
        if game.phase == "play":
            seen.append(([facts(position, s) for s in range(players)], round_scores(position)))
        game = game.play(moving[seat](game, seat))
    final = round_scores(game.position)
    return [
        {"players": players, "game": index, "x": x, "y": float(final[s] - now[s])}
        for every_seat, now in seen
        for s, x in enumerate(every_seat)
    ]


def labels(players: int, games: int, seed: int, *, jobs: int, out: TextIO, level: str) -> None:
    """Write the labels of ``games`` one-round games, one JSON line a seat and position."""
    tasks = [(players, seed, i, level) for i in range(games)]
    if jobs > 1:
        from multiprocessing import Pool  # noqa: PLC0415

        with Pool(jobs) as pool:
            _write(pool.imap(label_game, tasks, chunksize=1), games, out)
    else:
        _write(map(label_game, tasks), games, out)


def _write(results: Iterator[list[Label]], games: int, out: TextIO) -> None:
    written = 0
    for done, found in enumerate(results, 1):
        for label in found:
            out.write(json.dumps(label, separators=(",", ":")) + "\n")
        out.flush()
        written += len(found)
        print(f"game {done}/{games}: {written} labels", file=sys.stderr)


# -- fit ----------------------------------------------------------------------------------------


Rows = list[tuple[list[float], float]]


def fit(rows: Rows, ridge: float = RIDGE) -> list[float]:
    """Least-squares weights of ``rows`` with a ridge on all but the first (the constant)."""
    size = len(rows[0][0])
    gram = [[0.0] * size for _ in range(size)]
    moment = [0.0] * size
    for x, y in rows:
        for i, xi in enumerate(x):
            if xi == 0.0:
                continue
            moment[i] += xi * y
            row = gram[i]
            for j, xj in enumerate(x):
                row[j] += xi * xj
    for i in range(1, size):
        gram[i][i] += ridge
    return solve(gram, moment)


def estimate(weights: Sequence[float], x: Sequence[float]) -> float:
    """The estimate of a seat whose facts are ``x``."""
    return sum(w * f for w, f in zip(weights, x, strict=True))


def mean_squared_error(rows: Rows, weights: Sequence[float]) -> float:
    """The estimate's mean squared error over ``rows``."""
    return statistics.fmean((estimate(weights, x) - y) ** 2 for x, y in rows)


def read_labels(paths: Sequence[Path]) -> dict[int, tuple[Rows, Rows]]:
    """Each table size's labels, split into the fitted games and the held-out ones."""
    split: dict[int, tuple[Rows, Rows]] = {}
    for path in paths:
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                label = json.loads(line)
                fitted, held = split.setdefault(label["players"], ([], []))
                (held if label["game"] % HELD_OUT_EVERY == 0 else fitted).append(
                    (label["x"], label["y"])
                )
    return split


def fit_files(paths: Sequence[Path], out: Path, ridge: float = RIDGE) -> None:
    """Fit every table size found in ``paths``, report, and write the weights to ``out``."""
    model: dict[str, list[float]] = {}
    for players, (fitted, held) in sorted(read_labels(paths).items()):
        if not fitted or not held:
            raise SystemExit(f"{players} players: too few games to hold some out")
        weights = fit(fitted, ridge)
        mean = statistics.fmean(y for _, y in fitted)
        constant = [mean] + [0.0] * (len(weights) - 1)
        print(
            f"{players} players: {len(fitted)} labels fitted, {len(held)} held out; "
            f"mean squared error {mean_squared_error(fitted, weights):.2f} fitted, "
            f"{mean_squared_error(held, weights):.2f} held out "
            f"(the mean alone: {mean_squared_error(held, constant):.2f})"
        )
        model[str(players)] = [round(w, 6) for w in weights]
    out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")


def score_files(model_path: Path, paths: Sequence[Path]) -> None:
    """Report how well a fitted estimate explains other labels (say, other players' rounds)."""
    model = read_model(model_path)
    for players, (fitted, held) in sorted(read_labels(paths).items()):
        weights = model.get(players)
        if weights is None:
            raise SystemExit(f"{model_path} has no estimate for {players} players")
        print(
            f"{players} players: mean squared error {mean_squared_error(held, weights):.2f} "
            f"on the {len(held)} labels of the held-out games, "
            f"{mean_squared_error(fitted + held, weights):.2f} on all {len(fitted) + len(held)}"
        )


# -- play ---------------------------------------------------------------------------------------


class ValuedExpert(ExpertBot):
    """``expert`` whose rollouts stop after ``cut`` moves, the rest of the round estimated.

    With a ``spread``, each seat's estimate is drawn around the fitted one (normal, that
    standard deviation), as rounds really end: the last round's worth of a lead is not linear
    (:func:`~scout_core.bots.worth.standing_value`), so the estimate alone would take a close
    round for a sure one."""

    def __init__(
        self, level: str, model: dict[int, list[float]], cut: int, spread: float = 0.0
    ) -> None:
        arguments = shipped_arguments(level)
        arguments["budget"] = dataclasses.replace(arguments["budget"], rollout_moves=cut)
        super().__init__(**arguments)
        self.model = model
        self.spread = spread
        self.noise = random.Random(0)
        """Draws the estimates' spread; seeded from each decision's random source."""

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """``expert``'s search, the spread drawn from a source seeded by ``rng`` (without a
        spread, ``rng`` is left as ``expert`` uses it)."""
        if self.spread:
            self.noise = random.Random(rng.getrandbits(64))
        return super().think(observation, rng)

    def play_out(self, position: Position) -> tuple[Position, int]:
        """Finish or cut the round; an estimate read costs ``EVALUATION_STEPS`` moves."""
        end, used = super().play_out(position)
        return end, used if end.end is not None else used + EVALUATION_STEPS

    def rollout_value(self, observation: Observation) -> Callable[[Position], float]:
        """The shipped worth of a rollout's end, every seat's estimate added if it goes on."""
        weights = self.model.get(observation.players)
        if weights is None:
            raise SystemExit(f"the model has no estimate for {observation.players} players")
        seat = observation.seat
        rounds_left = observation.rounds - observation.round
        standings = observation.totals
        by_game = self.play_to_win or rounds_left == 0
        spread = self.spread

        def value(end: Position) -> float:
            scores: list[float] = list(map(float, round_scores(end)))
            if end.end is None:
                scores = [
                    score + estimate(weights, facts(end, s)) for s, score in enumerate(scores)
                ]
                if spread:
                    scores = [score + self.noise.gauss(0.0, spread) for score in scores]
            if by_game:
                return standing_of(scores, seat, standings, rounds_left)
            return margin_of(scores, seat)

        return value


def read_model(path: Path) -> dict[int, list[float]]:
    """The weights ``fit`` wrote, by table size."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    model = {int(players): [float(w) for w in weights] for players, weights in raw.items()}
    for players, weights in model.items():
        if len(weights) != width(players):
            raise SystemExit(
                f"{path}: {len(weights)} weights for {players} players, not {width(players)}"
            )
    return model


def play(argv: list[str]) -> None:
    """Run the arena with ``expert-valued`` among the levels."""
    parser = argparse.ArgumentParser(prog="learn_value.py play", add_help=False)
    parser.add_argument("model", type=Path)
    parser.add_argument("--cut", type=int, default=6, help="moves a rollout plays at most")
    parser.add_argument(
        "--spread", type=float, default=0.0, help="standard deviation drawn around each estimate"
    )
    known, rest = parser.parse_known_args(argv)
    if known.cut < 1:
        raise SystemExit(f"--cut is at least 1, not {known.cut}")
    if not known.spread >= 0:
        raise SystemExit(f"--spread is 0 or more, not {known.spread}")
    model = read_model(known.model)

    def make_bot(level: str) -> Bot:
        if level == "expert-valued":
            return ValuedExpert(level, model, known.cut, known.spread)
        return make(level)

    arena.main(rest, roster=arena.Roster(make=make_bot))


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and run one step."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "play":
        play(args[1:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    make_labels = steps.add_parser("labels", help="play and label one-round games")
    make_labels.add_argument("--players", type=int, default=3, choices=range(2, 6))
    make_labels.add_argument("--games", type=int, required=True)
    make_labels.add_argument("--seed", type=int, default=21)
    make_labels.add_argument("--jobs", type=int, default=1)
    make_labels.add_argument("--out", type=Path, required=True)
    make_labels.add_argument(
        "--level", default=LABELLER, help=f"who plays every seat (a level, or {FAST!r})"
    )
    fitting = steps.add_parser("fit", help="fit the estimate to label files")
    fitting.add_argument("labels", type=Path, nargs="+")
    fitting.add_argument("--out", type=Path, required=True)
    fitting.add_argument("--ridge", type=float, default=RIDGE)
    scoring = steps.add_parser("score", help="how well a fitted estimate explains labels")
    scoring.add_argument("model", type=Path)
    scoring.add_argument("labels", type=Path, nargs="+")
    steps.add_parser("play", help="the arena with expert-valued (see above)")
    parsed = parser.parse_args(args)
    if parsed.step == "labels":
        with parsed.out.open("a", encoding="utf-8") as out:
            labels(
                parsed.players,
                parsed.games,
                parsed.seed,
                jobs=parsed.jobs,
                out=out,
                level=parsed.level,
            )
    elif parsed.step == "score":
        score_files(parsed.model, parsed.labels)
    else:
        fit_files(parsed.labels, parsed.out, parsed.ridge)


if __name__ == "__main__":
    main()
