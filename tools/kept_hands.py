"""How the hands players hold differ from the re-deals a searching player draws.

Plays one-round games of a level against itself and, at every decision, looks at the other
seats' real hands from the mover's point of view: their worth (``hand_value``) and whether
they could beat the table. Against that: the same from re-deals of the cards the mover cannot
see, plain ones as ``hard`` and ``expert`` draw them (:meth:`Knowledge.sample`) and ones
weighted towards the hands players keep (:func:`sample_kept`), and the chance to beat that
the one-move pricing assumes (:func:`~scout_core.bots.odds.beat_chance`, from random hands of
the same size). Seats are grouped by the shows they have made this round: a player shows its
weak cards and keeps its sets and runs, so the more a seat has shown, the richer its hand is
likely to be than a random one of its size.

    python tools/kept_hands.py --players 3 --games 100 [--level hard-2026-11] [--weight 0.6]
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import Game  # noqa: E402
from scout_core.bots import make  # noqa: E402
from scout_core.bots.determinize import (  # noqa: E402
    KEPT_SHOWS,
    KeptHands,
    Knowledge,
    shows_made,
)
from scout_core.bots.handeval import hand_value  # noqa: E402
from scout_core.bots.odds import beat_chance  # noqa: E402
from scout_core.combos import best_strength  # noqa: E402
from scout_core.observation import Observation  # noqa: E402
from scout_core.position import Position  # noqa: E402
from scout_core.rules import table_strength  # noqa: E402

Decision = tuple[Position, Observation]
Sampler = Callable[[Knowledge, random.Random], Position]


def sample_kept(knowledge: Knowledge, rng: random.Random, weight: float) -> Position:
    """A re-deal weighted towards kept hands (:class:`KeptHands`, as ``expert`` draws them
    at the table sizes where it reads them)."""
    return KeptHands(knowledge, weight).sample(rng)


def decisions(task: tuple[str, int, int]) -> list[Decision]:
    """Every play-phase decision of one one-round game of ``level`` against itself."""
    level, players, index = task
    bots = [make(level) for _ in range(players)]
    rngs = [random.Random(f"kept-hands:{index}:{s}") for s in range(players)]
    game = Game.new(players=players, rounds=1, seed=31_000 + index)
    found = []
    while game.phase != "over":
        seat = game.to_move
        assert seat is not None
        observation = game.observation(seat)
        if game.phase == "play":
            found.append((game.position, observation))
        game = game.play(bots[seat].choose(observation, rngs[seat]))
    return found


class Tally:
    """Real against re-dealt hands of the other seats, by the shows each seat has made."""

    def __init__(self) -> None:
        # shows -> [hands, real worth, re-dealt worth, tables, real beats, re-dealt beats,
        #           the pricing's chance to beat]
        self.rows: dict[int, list[float]] = defaultdict(lambda: [0.0] * 7)

    def add(self, position: Position, shows_by_seat: list[int], world: Position) -> None:
        """Compare ``position``'s real hands with the re-deal ``world``."""
        to_beat = table_strength(position.table) if position.table else None
        for seat, shows in enumerate(shows_by_seat):
            real = [c.value for c in position.hands[seat]]
            if seat == position.to_move or not real:
                continue
            dealt = [c.value for c in world.hands[seat]]
            row = self.rows[min(shows, KEPT_SHOWS)]
            row[0] += 1
            row[1] += hand_value(real)
            row[2] += hand_value(dealt)
            if to_beat is not None:
                row[3] += 1
                row[4] += best_strength(real) > to_beat
                row[5] += best_strength(dealt) > to_beat
                row[6] += beat_chance(position.players, len(real), to_beat)

    def lines(self, label: str) -> Iterator[str]:
        for shows in sorted(self.rows):
            hands, real, dealt, tables, beats, dealt_beats, priced = self.rows[shows]
            more = "+" if shows == KEPT_SHOWS else ""
            shares = (
                f"{beats / tables:.0%} | {dealt_beats / tables:.0%} | {priced / tables:.0%}"
                if tables
                else "n/a | n/a | n/a"  # never a set on the table to beat
            )
            yield (
                f"| {label} | {shows}{more} | {hands:.0f} | {real / hands:.2f} | "
                f"{dealt / hands:.2f} | {shares} |"
            )


def compare(found: list[Decision], sampler: Sampler, deals: int) -> Tally:
    tally = Tally()
    rng = random.Random(3)
    for position, observation in found:
        knowledge = Knowledge(observation)
        shows = shows_made(observation)
        for _ in range(deals):
            tally.add(position, shows, sampler(knowledge, rng))
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", default="hard-2026-11")
    parser.add_argument("--weight", type=float, action="append", help="weights to compare")
    parser.add_argument("--deals", type=int, default=2, help="re-deals per decision")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    for name in ("games", "deals", "jobs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    try:
        make(args.level)  # fail early on an unknown level
    except ValueError as error:
        parser.error(str(error))
    tasks = [(args.level, args.players, i) for i in range(args.games)]
    with Pool(args.jobs) as pool:
        found = [d for game in pool.map(decisions, tasks, chunksize=1) for d in game]
    print(f"{len(found)} decisions, {args.games} one-round {args.players}-player games")
    print(
        "| re-deal | shows made | hands | worth, real | worth, re-dealt | "
        "beats the table, real | beats, re-dealt | the pricing's chance |"
    )
    print("|---|---|---|---|---|---|---|---|")
    samplers: list[tuple[str, Sampler]] = [("plain", Knowledge.sample)]
    for weight in args.weight or [0.6]:
        samplers.append((f"kept, weight {weight}", functools.partial(sample_kept, weight=weight)))
    for label, sampler in samplers:
        for line in compare(found, sampler, args.deals).lines(label):
            print(line)


if __name__ == "__main__":
    main()
