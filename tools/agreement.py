"""How often the fast player makes the move a searching level makes.

A search finishes each round it imagines with the fast player (``policy_move``), so the
further that player's moves are from the searcher's own, the less the rollouts look like the
games the searcher plays. This tool plays one-round games of a level against itself and, at
every decision in play with more than one legal move, compares the level's move with the
pricing's best (what ``normal`` plays: every legal move priced) and with the fast player's,
then counts the decisions by the kind of move each made. With ``--twice`` it also asks the
level again at each of those decisions, with another random source: how often a searching
level makes the same move tells how much of its choice hangs on the deals it draws.

    python tools/agreement.py --players 3 --games 60 [--level expert] [--seed 1] [--jobs 2]
        [--twice]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import Game  # noqa: E402
from scout_core.bots import make  # noqa: E402
from scout_core.bots.heuristic import Pricer, view_at  # noqa: E402
from scout_core.bots.policy import policy_move  # noqa: E402
from scout_core.moves import Move, Scout, ScoutShow, Show  # noqa: E402
from scout_core.position import Position  # noqa: E402

KINDS = {Show: "show", Scout: "scout", ScoutShow: "scout & show"}
"""The kinds of move in play, as the report names them."""


def kind(move: Move) -> str:
    """The report's name for the kind of ``move`` (a move in play)."""
    return KINDS[type(move)]


Decision = tuple[Position, Move, Move | None]
"""A position in play, the move the level made there and, if it was asked again with another
random source, the move it then made (None when it was not asked, or had no choice)."""


def decisions(
    level: str, players: int, seed: int, index: int, *, twice: bool = False
) -> list[Decision]:
    """Every decision in play of one one-round game of ``level`` against itself."""
    game = Game.new(players=players, rounds=1, seed=seed * 100_003 + index)
    bots = [make(level) for _ in range(players)]
    rngs = [random.Random(f"agreement:{seed}:{index}:{s}") for s in range(players)]
    made: list[Decision] = []
    while (seat := game.to_move) is not None:
        observation = game.observation(seat)
        move = bots[seat].choose(observation, rngs[seat])
        if game.phase == "play":
            again = None
            if twice and len(observation.legal_moves()) > 1:
                other = random.Random(f"agreement-again:{seed}:{index}:{len(game.moves)}")
                again = make(level).choose(observation, other)
            made.append((game.position, move, again))
        game = game.play(move)
    return made


def pricing_best(position: Position) -> Move:
    """The best-priced legal move, the first of equals (as ``normal`` chooses)."""
    pricer = Pricer(view_at(position))
    return max(position.legal_moves(), key=pricer.price)


@dataclass
class Agreement:
    """What the decisions of a level had in common with the pricing and the fast player."""

    decisions: int = 0
    same_as_pricing: int = 0
    same_as_fast: int = 0
    kinds: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(the level's kind of move, the pricing's best's kind): decisions."""
    asked_again: int = 0
    same_again: int = 0
    """Of the decisions asked again, those where the level made the same move."""

    def add(self, position: Position, made: Move, again: Move | None = None) -> None:
        """Count one decision (a position with more than one legal move)."""
        best = pricing_best(position)
        self.decisions += 1
        self.same_as_pricing += best == made
        self.same_as_fast += policy_move(position) == made
        self.kinds[kind(made), kind(best)] += 1
        if again is not None:
            self.asked_again += 1
            self.same_again += again == made

    def report(self, level: str) -> str:
        """The shares, and the level's kinds of move against the pricing's best."""
        n = self.decisions
        names = list(KINDS.values())
        lines = [
            f"{n} decisions with a choice",
            f"same move as the pricing's best: {self.same_as_pricing / n:.1%}; "
            f"as the fast player's: {self.same_as_fast / n:.1%}",
        ]
        if self.asked_again:
            lines.append(
                "same move asked again with another random source: "
                f"{self.same_again / self.asked_again:.1%} of {self.asked_again}"
            )
        lines += [
            f"{level}'s kind of move (rows) against the pricing's best (columns), "
            "share of the decisions:",
            " " * 14 + "".join(f"{name:>14}" for name in names),
        ]
        for mine in names:
            shares = "".join(f"{self.kinds[mine, best] / n:>14.1%}" for best in names)
            lines.append(f"{mine:<14}{shares}")
        return "\n".join(lines)


def measure(rows: Iterable[Decision]) -> Agreement:
    """The agreement over ``rows``; positions with a single legal move are left out."""
    agreement = Agreement()
    for position, made, again in rows:
        if len(position.legal_moves()) > 1:
            agreement.add(position, made, again)
    return agreement


def _game(args: tuple[str, int, int, int, bool]) -> list[Decision]:
    level, players, seed, index, twice = args
    return decisions(level, players, seed, index, twice=twice)


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the report."""
    parser = argparse.ArgumentParser(prog="python tools/agreement.py", description=__doc__)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--twice", action="store_true", help="ask the level again, with another random source"
    )
    args = parser.parse_args(argv)
    try:
        make(args.level)
    except ValueError as error:
        parser.error(str(error))
    if args.games < 1:
        parser.error("--games must be at least 1")
    tasks = [(args.level, args.players, args.seed, i, args.twice) for i in range(args.games)]
    with Pool(max(1, args.jobs)) as pool:
        games = pool.map(_game, tasks)
    agreement = measure(row for game in games for row in game)
    print(f"{args.level}, {args.players} players, {args.games} one-round games")
    print(agreement.report(args.level))


if __name__ == "__main__":
    main()
