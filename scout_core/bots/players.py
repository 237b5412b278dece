"""The players that decide without searching: ``random``, ``easy`` and ``normal``."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from ..moves import Move, Orient, ScoutShow
from ..observation import Observation
from .base import Player, legal_or_raise
from .heuristic import Pricer, view_of


class RandomBot(Player):
    """Chooses uniformly among the legal moves (for tests and as a floor)."""

    level = "random"

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """A uniformly random legal move."""
        yield rng.choice(legal_or_raise(observation))


class HeuristicBot(Player):
    """Plays the best-priced move (see :mod:`~scout_core.bots.heuristic`).

    ``noise`` blurs the prices the way a casual player misjudges them: each price gets a
    Gumbel-distributed error of that scale, so near-equal moves are mixed up often and clearly
    worse ones rarely. ``scout_show_shy`` is the chance of not even considering Scout & Show.
    """

    def __init__(self, level: str, noise: float = 0.0, scout_show_shy: float = 0.0) -> None:
        self.level = level
        self.noise = noise
        self.scout_show_shy = scout_show_shy

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """The best move by price, after noise."""
        moves = legal_or_raise(observation)
        if self.scout_show_shy and not isinstance(moves[0], Orient):
            skip = rng.random() < self.scout_show_shy
            plain = [m for m in moves if not (skip and isinstance(m, ScoutShow))]
            moves = plain or moves
        pricer = Pricer(view_of(observation))
        best, best_price = moves[0], -math.inf
        for move in moves:
            price = pricer.price(move)
            if self.noise:
                price -= self.noise * math.log(-math.log(1.0 - rng.random()))
            if price > best_price:
                best, best_price = move, price
        yield best
