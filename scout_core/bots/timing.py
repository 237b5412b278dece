"""How long a bot thinks: ``python -m scout_core.bots.timing --level expert --players 3``.

Plays a few games with the ``normal`` player and stops at every few decisions (keep/rotate
choices included); there it times the chosen level's ``think``, slice by slice, and the hint.
Printed: median and 95th-percentile seconds per decision and per hint, and the longest slice
between two yields (what a page waits before it can paint again), in wall-clock and in CPU
time (on a busy machine the first measures the machine, the second the player). The same
module runs inside Pyodide, so the page's interpreter can be timed on the very same decisions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator

from ..game import Game
from ..observation import Observation
from . import make
from .explain import think_hint
from .heuristic import forget

cpu_clock: Callable[[], float] = time.process_time
"""This process's CPU seconds; a host whose ``process_time`` counts wall time may set its own
(on a busy machine wall time measures the machine, CPU time the player)."""


def decisions(players: int, count: int, seed: int) -> list[Observation]:
    """``count`` observations of the seat to move, from games of ``normal`` players."""
    normal = make("normal")
    rng = random.Random(f"timing:{players}:{seed}")
    found: list[Observation] = []
    game_seed = seed * 1000
    while len(found) < count:
        game_seed += 1
        game = Game.new(players=players, seed=game_seed)
        step = 0
        while game.phase != "over" and len(found) < count:
            seat = game.to_move
            assert seat is not None
            observation = game.observation(seat)
            if step % 5 == 0:
                found.append(observation)
            game = game.play(normal.choose(observation, rng))
            step += 1
    return found


def timed(steps: Iterator[object]) -> tuple[float, float, float, float]:
    """Run a ``think`` to its end: its seconds and CPU seconds, and its longest slice in both."""
    start = last = time.perf_counter()
    cpu_start = cpu_last = cpu_clock()
    longest = cpu_longest = 0.0
    for _ in steps:
        now, cpu_now = time.perf_counter(), cpu_clock()
        longest = max(longest, now - last)
        cpu_longest = max(cpu_longest, cpu_now - cpu_last)
        last, cpu_last = now, cpu_now
    return last - start, cpu_last - cpu_start, longest, cpu_longest


def _figures(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"median {statistics.median(ordered):.3f} s, 95th percentile {p95:.3f} s, "
        f"longest {ordered[-1]:.3f} s"
    )


def _summary(label: str, runs: list[tuple[float, float, float, float]]) -> str:
    wall, cpu, slices, cpu_slices = zip(*runs, strict=True)
    return (
        f"{label}: wall {_figures(list(wall))}, longest slice {1000 * max(slices):.1f} ms; "
        f"CPU {_figures(list(cpu))}, longest slice {1000 * max(cpu_slices):.1f} ms"
    )


def measure(level: str, players: int, count: int, seed: int, hints: bool = True) -> list[str]:
    """The report lines for ``level`` on ``count`` decisions of ``players``-player games.

    The decisions, then the hints, each in turn from a pricing that remembers nothing: as in
    the page, each search finds what the searches of the game's earlier moves left behind,
    never the work of one of the same position (a hint right after the same decision would
    find much of its pricing done)."""
    bot = make(level)
    observations = decisions(players, count, seed)
    forget()
    thinks = [timed(bot.think(o, random.Random(i))) for i, o in enumerate(observations)]
    hinted = []
    if hints:
        forget()
        hinted = [timed(think_hint(o, random.Random(i))) for i, o in enumerate(observations)]
    lines = [
        f"{level}, {players} players, {len(observations)} decisions",
        _summary("think", thinks),
    ]
    if hints:
        lines.append(_summary("hint", hinted))
    return lines


def main(argv: list[str] | None = None) -> None:
    """Print the timing report."""
    parser = argparse.ArgumentParser(prog="python -m scout_core.bots.timing", description=__doc__)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-hint", action="store_true", help="time the level only")
    args = parser.parse_args(argv)
    lines = measure(args.level, args.players, args.decisions, args.seed, not args.no_hint)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
