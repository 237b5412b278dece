"""How often the fast player makes the move a searching level makes.

A search finishes each round it imagines with the fast player (``policy_move``), so the
further that player's moves are from the searcher's own, the less the rollouts look like the
games the searcher plays. This tool plays one-round games of a level against itself and, at
every decision in play with more than one legal move, compares the level's move with the
pricing's best (what ``normal`` plays: every legal move priced) and with the fast player's,
then counts the decisions by the kind of move each made.

    python tools/agreement.py --players 3 --games 60 [--level expert] [--seed 1] [--jobs 2]
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


def decisions(level: str, players: int, seed: int, index: int) -> list[tuple[Position, Move]]:
    """Every decision in play of one one-round game of ``level`` against itself: the
    position and the move the level made."""
    game = Game.new(players=players, rounds=1, seed=seed * 100_003 + index)
    bots = [make(level) for _ in range(players)]
    rngs = [random.Random(f"agreement:{seed}:{index}:{s}") for s in range(players)]
    made = []
    while (seat := game.to_move) is not None:
        move = bots[seat].choose(game.observation(seat), rngs[seat])
        if game.phase == "play":
            made.append((game.position, move))
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

    def add(self, position: Position, made: Move) -> None:
        """Count one decision (a position with more than one legal move)."""
        best = pricing_best(position)
        self.decisions += 1
        self.same_as_pricing += best == made
        self.same_as_fast += policy_move(position) == made
        self.kinds[kind(made), kind(best)] += 1

    def report(self, level: str) -> str:
        """The shares, and the level's kinds of move against the pricing's best."""
        n = self.decisions
        names = list(KINDS.values())
        lines = [
            f"{n} decisions with a choice",
            f"same move as the pricing's best: {self.same_as_pricing / n:.1%}; "
            f"as the fast player's: {self.same_as_fast / n:.1%}",
            f"{level}'s kind of move (rows) against the pricing's best (columns), "
            "share of the decisions:",
            " " * 14 + "".join(f"{name:>14}" for name in names),
        ]
        for mine in names:
            shares = "".join(f"{self.kinds[mine, best] / n:>14.1%}" for best in names)
            lines.append(f"{mine:<14}{shares}")
        return "\n".join(lines)


def measure(rows: Iterable[tuple[Position, Move]]) -> Agreement:
    """The agreement over ``rows``; positions with a single legal move are left out."""
    agreement = Agreement()
    for position, made in rows:
        if len(position.legal_moves()) > 1:
            agreement.add(position, made)
    return agreement


def _game(args: tuple[str, int, int, int]) -> list[tuple[Position, Move]]:
    return decisions(*args)


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the report."""
    parser = argparse.ArgumentParser(prog="python tools/agreement.py", description=__doc__)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        make(args.level)
    except ValueError as error:
        parser.error(str(error))
    if args.games < 1:
        parser.error("--games must be at least 1")
    tasks = [(args.level, args.players, args.seed, i) for i in range(args.games)]
    with Pool(max(1, args.jobs)) as pool:
        games = pool.map(_game, tasks)
    agreement = measure(row for game in games for row in game)
    print(f"{args.level}, {args.players} players, {args.games} one-round games")
    print(agreement.report(args.level))


if __name__ == "__main__":
    main()
