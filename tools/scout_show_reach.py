"""How often a seat that still holds its Scout & Show chip can beat the table with it.

The pricing takes such a seat to be sure to beat any set (``Weights.rival_scout_show`` 1.0:
its chance to beat, ``p``, becomes ``p + 1.0 (1 - p)``). Is it? This plays rounds of the fast
player against itself (:func:`~scout_core.bots.policy.policy_move` in every seat) and, at every
turn where the seat to move holds its chip and a set lies on the table, looks at the seat's
legal moves: does a show beat the table, and if none does, does a Scout & Show. Turns are
grouped by the table's size (the last group holds four cards or more).

    python tools/scout_show_reach.py --players 3 --rounds 400 [--seed 11]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core.bots.heuristic import choose_orient  # noqa: E402
from scout_core.bots.policy import ROLLOUT_CAP, play, policy_move  # noqa: E402
from scout_core.game import deal_round  # noqa: E402
from scout_core.moves import Move, ScoutShow, Show  # noqa: E402
from scout_core.position import Position  # noqa: E402

LARGEST_GROUP = 4
"""Tables of this many cards or more are counted together."""


@dataclass(frozen=True, slots=True)
class Reach:
    """The turns of one group: how many, how many a show beat, and of the others how many a
    Scout & Show beat."""

    turns: int = 0
    show: int = 0
    scout_show: int = 0

    def add(self, show: bool, scout_show: bool) -> Reach:
        """These counts with one more turn."""
        return Reach(self.turns + 1, self.show + show, self.scout_show + (scout_show and not show))

    @property
    def no_show(self) -> int:
        """Turns no show could beat the table."""
        return self.turns - self.show


def reach(position: Position) -> tuple[bool, bool]:
    """Whether the seat to move can beat the table with a show, and with a Scout & Show."""
    moves = position.legal_moves()
    return (
        any(isinstance(m, Show) for m in moves),
        any(isinstance(m, ScoutShow) for m in moves),
    )


def turns_with_the_chip(players: int, seed: int, round_no: int) -> Iterator[Position]:
    """The positions of one round of the fast player, dealt as a game of ``seed`` deals its
    round ``round_no``, where the seat to move holds its Scout & Show chip and a set lies on
    the table."""
    hands, _ = deal_round(players, seed, round_no, None)
    position = Position.deal(hands, starter=round_no % players)
    moves = 0
    while position.end is None and moves < ROLLOUT_CAP:
        move: Move
        if position.phase == "orient":
            move = choose_orient(position.hands[position.to_move])
        else:
            if position.table and position.scout_show[position.to_move]:
                yield position
            move = policy_move(position)
        position = play(position, move)
        moves += 1


def tally(players: int, rounds: int, seed: int) -> dict[int, Reach]:
    """The turns of ``rounds`` rounds, by the table's size (1 to :data:`LARGEST_GROUP`)."""
    if players not in (3, 4, 5):
        raise ValueError(f"Scout & Show is played by 3 to 5 players, not {players}")
    groups = {size: Reach() for size in range(1, LARGEST_GROUP + 1)}
    for round_no in range(1, rounds + 1):
        for position in turns_with_the_chip(players, seed, round_no):
            group = min(len(position.table), LARGEST_GROUP)
            groups[group] = groups[group].add(*reach(position))
    return groups


def report(groups: dict[int, Reach]) -> list[str]:
    """One line a group and one for every turn."""

    def line(name: str, r: Reach) -> str:
        shown = f"{r.show / r.turns:.0%}" if r.turns else "-"
        saved = f"{r.scout_show / r.no_show:.0%}" if r.no_show else "-"
        return (
            f"{name}: {r.turns} turns, a show beats it {shown}; of the {r.no_show} where "
            f"none does, a Scout & Show beats it {saved}"
        )

    lines = []
    every = Reach()
    for size, r in groups.items():
        plus = "+" if size == LARGEST_GROUP else ""
        lines.append(line(f"table of {size}{plus}", r))
        every = Reach(every.turns + r.turns, every.show + r.show, every.scout_show + r.scout_show)
    lines.append(line("every table", every))
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=3)
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds needs a whole number above 0")
    print("\n".join(report(tally(args.players, args.rounds, args.seed))))


if __name__ == "__main__":
    main()
