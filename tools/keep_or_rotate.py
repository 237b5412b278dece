"""What the noise of ``expert``'s keep/rotate search costs: would more simulation choose better?

For each of ``--deals`` new games, the first seat to decide plays keep and rotate on the same
``--rollouts`` re-deals, each round finished by ``expert``'s own rollouts and scored as it
scores them. Their mean difference is what the choice is worth to the search's model of the
round; its spread says how often a search of a given budget, which sees fewer re-deals, picks
the candidate that is worse by that model (normal approximation), and how many points a round
such wrong picks lose on average:

    python tools/keep_or_rotate.py --players 3 --deals 40 --rollouts 600

It measures the search's noise only, not how right the model is: the reference is the same
rollouts, many more of them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import Game  # noqa: E402
from scout_core.bots.heuristic import orient_candidates  # noqa: E402
from scout_core.bots.policy import play  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))

from shipped import shipped_expert  # noqa: E402


@dataclass(frozen=True, slots=True)
class Choice:
    """One keep/rotate decision, seen through many paired rollouts."""

    gain: float
    """Mean worth of the second candidate less the first's (the first is the pricing's pick)."""
    spread: float
    """Standard deviation of that difference over the re-deals."""
    moves: float
    """Mean moves a rollout took."""


def measure(players: int, deals: int, rollouts: int, seed: int = 1) -> list[Choice]:
    """Keep against rotate on ``rollouts`` shared re-deals, for the first decision of
    ``deals`` games (game seeds ``seed``, ``seed + 1``, ...)."""
    if players not in (2, 3, 4, 5) or deals < 1 or rollouts < 2:
        raise ValueError("needs 2-5 players, at least 1 deal and at least 2 rollouts")
    bot = shipped_expert()
    rng = random.Random(seed)
    choices = []
    for number in range(deals):
        game = Game.new(players=players, seed=seed + number)
        seat = game.to_move
        assert seat is not None and game.phase == "orient"
        observation = game.observation(seat)
        candidates = orient_candidates(observation.hand)
        source = bot.deals(observation)
        worth = bot.rollout_value(observation)
        gains: list[float] = []
        lengths: list[int] = []
        for _ in range(rollouts):
            world = source.sample(rng)
            values = []
            for candidate in candidates:
                end, used = bot.play_out(play(world, candidate))
                values.append(worth(end))
                lengths.append(used)
            gains.append(values[1] - values[0])
        choices.append(
            Choice(statistics.mean(gains), statistics.stdev(gains), statistics.mean(lengths))
        )
    return choices


def deals_bought(choice: Choice, steps: int, players: int) -> float:
    """Re-deals a keep/rotate search of ``steps`` simulated moves plays, as ``expert`` counts
    them (each deal's cost, and every move of both rollouts plus the candidate's own)."""
    budget = shipped_expert().budget
    cost = budget.two_player_cost if players == 2 else 1
    return steps / (budget.deal_steps + 2 * (choice.moves + 1) * cost)


def wrong_pick(choice: Choice, deals: float) -> float:
    """The chance a search seeing ``deals`` re-deals picks the worse of the two."""
    if choice.spread == 0.0:
        return 0.0 if choice.gain else 0.5
    return statistics.NormalDist().cdf(-abs(choice.gain) * deals**0.5 / choice.spread)


def report(choices: list[Choice], players: int, budgets: list[int]) -> str:
    """How often each budget picks wrong, and the points a round that costs."""
    worse = sum(c.gain > 0 for c in choices)
    gain = statistics.mean(abs(c.gain) for c in choices)
    spread = statistics.mean(c.spread for c in choices)
    moves = statistics.mean(c.moves for c in choices)
    lines = [
        f"{len(choices)} decisions, {players} players: the pricing's pick is the worse one in "
        f"{worse}; mean |gain| {gain:.2f} points, spread {spread:.2f}, {moves:.1f} moves a rollout"
    ]
    shipped = shipped_expert().budget.orient_steps
    for steps in budgets:
        picks = [wrong_pick(c, deals_bought(c, steps, players)) for c in choices]
        loss = statistics.mean(abs(c.gain) * p for c, p in zip(choices, picks, strict=True))
        label = " (as it ships)" if steps == shipped else ""
        lines.append(
            f"{steps} simulated moves{label}: wrong pick {statistics.mean(picks):.1%}, "
            f"{loss:.3f} points a round lost to it"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--deals", type=int, default=40, help="decisions measured")
    parser.add_argument("--rollouts", type=int, default=600, help="re-deals per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budgets", type=int, nargs="+", default=[4000, 8000, 16000], help="simulated moves"
    )
    args = parser.parse_args(argv)
    try:
        choices = measure(args.players, args.deals, args.rollouts, args.seed)
    except ValueError as error:
        parser.error(str(error))
    print(report(choices, args.players, args.budgets))


if __name__ == "__main__":
    main(sys.argv[1:])
