"""The fast player with other pricing weights against itself: what a weight is worth a round.

Each round is dealt once and played out twice by the fast player (:mod:`scout_core.bots.policy`,
the search's model of the rest of a round): once with every seat on the base weights, once with
one seat, the hero, on the weights named. The hero's seat rotates round by round. Printed: the
hero's round margin less the base seat's on the same deal, with its 95% interval:

    python tools/pricing_duel.py two_player_chip_holdup=0 --players 2 --rounds 2000 [--seed 1]
    python tools/pricing_duel.py others_per_card=0.6 --base two_player_chip_holdup=0 ...

Weights are written ``FIELD=N,FIELD=N`` (fields of :class:`~scout_core.bots.heuristic.Weights`);
``default`` names the default weights.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scout_core import Game, arena
from scout_core.bots.heuristic import DEFAULT_WEIGHTS, Weights
from scout_core.bots.policy import finish
from scout_core.bots.worth import round_margin

FIELDS = tuple(f.name for f in dataclasses.fields(Weights))

ROUND_CAP = 200
"""Moves after which a round is scored as it stands, for both plays of a deal alike."""


def weights_of(text: str) -> Weights:
    """The weights ``FIELD=N,FIELD=N`` names over the default ones (``default``: none
    changed). Raises ValueError, saying what is wrong."""
    if text == "default":
        return DEFAULT_WEIGHTS
    changes: dict[str, float] = {}
    for part in text.split(","):
        name, equals, number = part.partition("=")
        if name not in FIELDS:
            raise ValueError(f"no pricing weight {name!r} in {text!r}; choose among {FIELDS}")
        try:
            value = float(number) if equals else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise ValueError(f"{name} in {text!r} needs a number, as {name}=0.5")
        changes[name] = value
    return dataclasses.replace(DEFAULT_WEIGHTS, **changes)


def gains(hero: Weights, base: Weights, players: int, rounds: int, seed: int) -> list[float]:
    """Round by round, the hero seat's margin less the base seat's on the same deal."""
    found = []
    for r in range(rounds):
        seat = r % players
        start = Game.new(players=players, rounds=1, seed=seed * 1_000_003 + r).position
        plain, _ = finish(start, base, ROUND_CAP)
        seats = [base] * players
        seats[seat] = hero
        mixed, _ = finish(start, seats, ROUND_CAP)
        found.append(round_margin(mixed, seat) - round_margin(plain, seat))
    return found


def main(argv: list[str] | None = None) -> None:
    """The command line (see the module documentation)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hero", help="the hero seat's weights, FIELD=N,FIELD=N")
    parser.add_argument("--base", default="default", help="every other seat's weights")
    parser.add_argument("--players", type=int, choices=range(2, 6), required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.rounds < 2:
        parser.error(f"--rounds needs 2 or more to give an interval, not {args.rounds}")
    try:
        hero, base = weights_of(args.hero), weights_of(args.base)
    except ValueError as error:
        parser.error(str(error))
    found = gains(hero, base, args.players, args.rounds, args.seed)
    print(
        f"{args.players} players, {args.rounds} rounds: {args.hero} against {args.base}, "
        f"{statistics.fmean(found):+.3f} ± {arena.half_width(found):.3f} points a round"
    )


if __name__ == "__main__":
    main()
