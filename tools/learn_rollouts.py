"""Fit a correction of the fast player (``learned_player.py``) to searching players' moves.

Three steps, each its own command:

    python tools/learn_rollouts.py labels --players 4 --games 100 --seed 11 --jobs 2 --out L.jsonl
    python tools/learn_rollouts.py fit L.jsonl [M.jsonl ...] --out W.json [--ridge 0.001]
    python tools/learn_rollouts.py duel --players 4 --rounds 2000 --seed 5 --correction W.json

``labels`` plays one-round games of ``expert`` (one seat, rotated) against ``hard-2026-11``
and records every decision in play with more than one legal move, whoever made it: the fast
player's candidates there (price and facts) and which of them the searcher chose. A searcher
may put a scouted card that joins nothing at another spot than the left end, where the fast
player tries it; such a scout prices the same anywhere, so it counts as the left-end one. A
decision whose move is not among the candidates is skipped (counted in the report).

``fit`` fits one weight vector a table size: the chosen move's likelihood under a softmax of
a weight times the price plus weights times the facts (a conditional logit), by Newton's
method with a ridge on the facts' weights, on four decisions in five; it reports how often the
fifth had the searcher's move first, before and after, and writes the facts' weights over the
price's. Fitting on another machine gives the same numbers: the split and the arithmetic are
fixed.

``duel`` checks what the fit buys the fast player alone: one corrected seat (rotated) against
plain fast seats on the same deals, the round's margin less that of a plain seat in its place.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO, TypedDict

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import Game, arena  # noqa: E402
from scout_core.bots import Bot, make  # noqa: E402
from scout_core.bots.determinize import Knowledge  # noqa: E402
from scout_core.bots.heuristic import choose_orient  # noqa: E402
from scout_core.bots.policy import finish, play, policy_move  # noqa: E402
from scout_core.bots.worth import round_margin  # noqa: E402
from scout_core.moves import Move, Scout  # noqa: E402
from scout_core.observation import Observation  # noqa: E402
from scout_core.position import Position  # noqa: E402
from scout_core.rules import take_end  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))

from learned_player import FEATURES, corrected_move, options  # noqa: E402
from linalg import solve  # noqa: E402

RIDGE = 1e-3
"""Ridge on the facts' weights, a decision (keeps Newton's steps finite on rare facts)."""


# -- labels -------------------------------------------------------------------------------------


class Label(TypedDict):
    """One decision: the fast player's candidates there and the one the searcher chose."""

    players: int
    chosen: int
    prices: list[float]
    facts: list[list[float]]


def _as_candidate(observation: Observation, move: Move) -> Move:
    """A scout whose card joins nothing, moved to the left end where the fast player tries it
    (it prices the same at every such spot)."""
    if not isinstance(move, Scout):
        return move
    card, _ = take_end(observation.table, move.end)
    x = card.other if move.flip else card.value
    values = [c.value for c in observation.hand]
    k = move.insert_at
    near = [values[i] for i in (k - 1, k) if 0 <= i < len(values)]
    if any(-1 <= v - x <= 1 for v in near):
        return move
    return Scout(move.end, move.flip, 0)


def record(observation: Observation, move: Move, rng: random.Random) -> Label | None:
    """One decision as a label: the candidates' prices and facts, and the chosen one's index
    (None when the searcher's move is not among them)."""
    # The fast player sees only the seat's hand and the public record: any re-deal will do.
    position = Knowledge(observation).sample(rng)
    found = options(position)
    wanted = _as_candidate(observation, move)
    chosen = next((i for i, o in enumerate(found) if o.move == wanted), None)
    if chosen is None:
        return None
    return {
        "players": observation.players,
        "chosen": chosen,
        "prices": [round(o.price, 6) for o in found],
        "facts": [[round(f, 6) for f in o.facts] for o in found],
    }


def label_game(args: tuple[int, int, int]) -> tuple[list[Label], int]:
    """Play one-round game ``index`` of ``expert`` against ``hard-2026-11`` (arena seating);
    its labels, and how many decisions had a move outside the candidates."""
    players, seed, index = args
    hero = index % players
    bots: list[Bot] = [make("expert" if s == hero else "hard-2026-11") for s in range(players)]
    rngs = [random.Random(f"arena:{seed}:{index}:{s}") for s in range(players)]
    labeller = random.Random(f"labels:{seed}:{index}")
    game = Game.new(players=players, rounds=1, seed=seed * 100_003 + index)
    labels: list[Label] = []
    missed = 0
    while game.phase != "over":
        seat = game.to_move
        assert seat is not None
        observation = game.observation(seat)
        move = bots[seat].choose(observation, rngs[seat])
        if game.phase == "play" and len(observation.legal_moves()) > 1:
            label = record(observation, move, labeller)
            if label is None:
                missed += 1
            else:
                labels.append(label)
        game = game.play(move)
    return labels, missed


def labels(players: int, games: int, seed: int, jobs: int, out: TextIO) -> None:
    """Write the labels of ``games`` one-round games, one JSON line a decision."""
    tasks = [(players, seed, i) for i in range(games)]
    if jobs > 1:
        from multiprocessing import Pool  # noqa: PLC0415

        with Pool(jobs) as pool:
            _write(pool.imap(label_game, tasks, chunksize=1), games, out)
    else:
        _write(map(label_game, tasks), games, out)


def _write(results: Iterator[tuple[list[Label], int]], games: int, out: TextIO) -> None:
    kept = missed = 0
    for done, (found, skipped) in enumerate(results, 1):
        for label in found:
            out.write(json.dumps(label, separators=(",", ":")) + "\n")
        out.flush()
        kept += len(found)
        missed += skipped
        print(
            f"game {done}/{games}: {kept} decisions kept, {missed} outside the candidates",
            file=sys.stderr,
        )


# -- fit ----------------------------------------------------------------------------------------


Decision = tuple[list[float], list[list[float]], int]


def _scores(
    prices: Sequence[float], facts: Sequence[Sequence[float]], theta: Sequence[float]
) -> list[float]:
    """Corrected prices: each price plus the weighted sum of its facts."""
    return [
        p + sum(t * f for t, f in zip(theta, row, strict=True))
        for p, row in zip(prices, facts, strict=True)
    ]


def _probabilities(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def log_likelihood(decisions: Sequence[Decision], model: Sequence[float]) -> float:
    """Mean log-probability of the chosen moves under the softmax of ``model`` (the price's
    weight, then the facts')."""
    total = 0.0
    for prices, facts, chosen in decisions:
        scores = _scores([model[0] * p for p in prices], facts, model[1:])
        total += math.log(max(_probabilities(scores)[chosen], 1e-300))
    return total / len(decisions)


def agreement(decisions: Sequence[Decision], theta: Sequence[float]) -> float:
    """Share of decisions whose chosen move has the best corrected price (first of equals)."""
    hits = 0
    for prices, facts, chosen in decisions:
        scores = _scores(prices, facts, theta)
        hits += max(range(len(scores)), key=lambda i: (scores[i], -i)) == chosen
    return hits / len(decisions)


def fit(decisions: Sequence[Decision], steps: int = 30, ridge: float = RIDGE) -> list[float]:
    """The conditional logit's weights by Newton's method: a weight for the price and one a
    fact, from the plain price. The price's own weight sets how sharply the searchers choose;
    held at 1, the facts that go with a good price would be pushed up to sharpen the choice
    and would change which move is best. The correction is the facts' weights over the
    price's: the same best move, on the price's scale."""
    d = len(FEATURES) + 1
    model = [1.0] + [0.0] * (d - 1)
    ridge *= len(decisions)
    for _ in range(steps):
        grad = [0.0] + [-ridge * m for m in model[1:]]
        hess = [[ridge if i == j and i else 0.0 for j in range(d)] for i in range(d)]
        for prices, facts, chosen in decisions:
            rows = [[p, *f] for p, f in zip(prices, facts, strict=True)]
            probs = _probabilities(_scores([model[0] * p for p in prices], facts, model[1:]))
            mean = [sum(p * row[i] for p, row in zip(probs, rows, strict=True)) for i in range(d)]
            for i in range(d):
                grad[i] += rows[chosen][i] - mean[i]
            for p, row in zip(probs, rows, strict=True):
                if p < 1e-12:
                    continue
                centred = [row[i] - mean[i] for i in range(d)]
                for i in range(d):
                    ci = p * centred[i]
                    if ci:
                        hrow = hess[i]
                        for j in range(d):
                            hrow[j] += ci * centred[j]
        step = solve(hess, grad)
        # Newton's full step can overshoot far from the optimum: halve it until it gains.
        now = _objective(decisions, model, ridge)
        for _ in range(30):
            tried = [m + s for m, s in zip(model, step, strict=True)]
            if _objective(decisions, tried, ridge) >= now:
                break
            step = [s / 2 for s in step]
        model = tried
        if max(abs(s) for s in step) < 1e-6:
            break
    return model


def _objective(decisions: Sequence[Decision], model: Sequence[float], ridge: float) -> float:
    """The penalised log-likelihood that :func:`fit` climbs."""
    total = log_likelihood(decisions, model) * len(decisions)
    return total - ridge / 2 * sum(m * m for m in model[1:])


def correction_of(model: Sequence[float]) -> list[float]:
    """The facts' weights on the price's scale."""
    if model[0] <= 0:
        raise ValueError(f"the fitted price weight is {model[0]:.3f}: the labels ignore the price")
    return [m / model[0] for m in model[1:]]


def read_labels(paths: Sequence[Path]) -> dict[int, list[Decision]]:
    """Decisions with more than one candidate, by table size, in file order."""
    by_size: dict[int, list[Decision]] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            label = json.loads(line)
            if len(label["prices"]) < 2:
                continue
            decision = (label["prices"], label["facts"], label["chosen"])
            by_size.setdefault(label["players"], []).append(decision)
    return by_size


def fit_files(paths: Sequence[Path], out: Path, ridge: float = RIDGE) -> None:
    """Fit a weight vector per table size found in ``paths``; write them to ``out``."""
    weights: dict[str, list[float]] = {}
    zero = [0.0] * len(FEATURES)
    for players, decisions in sorted(read_labels(paths).items()):
        # Every fifth decision is held out: the same split wherever the fit runs.
        train = [d for i, d in enumerate(decisions) if i % 5]
        test = [d for i, d in enumerate(decisions) if not i % 5]
        plain = [1.0, *zero]
        model = fit(train, ridge=ridge)
        theta = correction_of(model)
        print(
            f"{players} players: {len(train)} decisions fitted, {len(test)} held out; "
            f"price weight {model[0]:.2f}; held out first choice "
            f"{agreement(test, zero):.1%} -> {agreement(test, theta):.1%}, log-likelihood "
            f"{log_likelihood(test, plain):.3f} -> {log_likelihood(test, model):.3f}"
        )
        weights[str(players)] = [round(t, 6) for t in theta]
    data = {"features": list(FEATURES), "weights": weights}
    out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {out}")


# -- duel ---------------------------------------------------------------------------------------


def duel_gains(players: int, rounds: int, seed: int, theta: Sequence[float]) -> list[float]:
    """Round by round, a corrected seat's margin against plain fast seats less a plain seat's
    on the same deal (the seat rotates)."""
    gains = []
    for r in range(rounds):
        hero = r % players
        start = Game.new(players=players, rounds=1, seed=seed * 100_003 + r).position
        plain = _finish(start, hero, None)
        mixed = _finish(start, hero, theta)
        gains.append(round_margin(mixed, hero) - round_margin(plain, hero))
    return gains


def duel(players: int, rounds: int, seed: int, correction: Path) -> None:
    """Print what the correction in ``correction`` gains a fast seat, with its interval."""
    weights = json.loads(correction.read_text())["weights"]
    if str(players) not in weights:
        raise SystemExit(f"{correction} has no weights for {players} players")
    gains = duel_gains(players, rounds, seed, weights[str(players)])
    half = arena.half_width(gains)
    print(
        f"{players} players, {rounds} rounds: corrected seat {statistics.fmean(gains):+.2f} "
        f"± {half:.2f} points a round"
    )


ROUND_CAP = 200
"""Moves after which a duel's round is scored as it stands, for both players alike."""


def _finish(position: Position, hero: int, theta: Sequence[float] | None) -> Position:
    """Play the round out with fast seats, ``hero`` corrected by ``theta`` (None: plain)."""
    if theta is None:
        return finish(position, cap=ROUND_CAP)[0]
    moves = 0
    while position.end is None and moves < ROUND_CAP:
        seat = position.to_move
        move: Move
        if position.phase == "orient":
            move = choose_orient(position.hands[seat])
        elif seat == hero:
            move = corrected_move(position, theta)
        else:
            move = policy_move(position)
        position = play(position, move)
        moves += 1
    return position


# -- command line -------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    """The command line (see the module documentation)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    lab = commands.add_parser("labels", help="record searchers' decisions")
    lab.add_argument("--players", type=int, choices=(3, 4, 5), required=True)
    lab.add_argument("--games", type=int, required=True)
    lab.add_argument("--seed", type=int, default=11)
    lab.add_argument("--jobs", type=int, default=1)
    lab.add_argument("--out", type=Path, required=True)
    fitting = commands.add_parser("fit", help="fit the weights to recorded labels")
    fitting.add_argument("labels", type=Path, nargs="+")
    fitting.add_argument("--out", type=Path, required=True)
    fitting.add_argument("--ridge", type=float, default=RIDGE)
    du = commands.add_parser("duel", help="a corrected fast seat against plain ones")
    du.add_argument("--players", type=int, choices=(3, 4, 5), required=True)
    du.add_argument("--rounds", type=int, default=2000)
    du.add_argument("--seed", type=int, default=5)
    du.add_argument("--correction", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.command == "labels":
        with args.out.open("a") as out:
            labels(args.players, args.games, args.seed, args.jobs, out)
    elif args.command == "fit":
        fit_files(args.labels, args.out, args.ridge)
    else:
        duel(args.players, args.rounds, args.seed, args.correction)


if __name__ == "__main__":
    main()
