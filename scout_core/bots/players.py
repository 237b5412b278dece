"""The players that decide without searching: ``random``, ``easy`` and ``normal``."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from ..moves import Move, Orient, ScoutShow
from ..observation import Observation
from .base import Player, legal_or_raise
from .heuristic import DEFAULT_WEIGHTS, Pricer, Weights, view_of
from .odds import warm_up

STALL_MOVES = 25
"""Moves per player after which a round counts as stalled (real rounds take about 10)."""


def stall_noise(observation: Observation) -> float:
    """Extra noise for a round that goes on and on.

    Deterministic players can chase one card round the table for ever (show a single, the next
    scouts it, the next must show...). Growing noise makes someone break the cycle, as people do.
    """
    excess = len(observation.round_log()) - STALL_MOVES * observation.players
    return 0.0 if excess <= 0 else 0.05 * excess


SLICE_MOVES = 64  # moves priced between two pauses of a thinking heuristic player


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

    def __init__(
        self,
        level: str,
        noise: float = 0.0,
        scout_show_shy: float = 0.0,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        self.level = level
        self.noise = noise
        self.scout_show_shy = scout_show_shy
        self.weights = weights

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """The best move by price, after noise."""
        moves = legal_or_raise(observation)
        yield from warm_up(observation.players)
        if self.scout_show_shy and not isinstance(moves[0], Orient):
            skip = rng.random() < self.scout_show_shy
            plain = [m for m in moves if not (skip and isinstance(m, ScoutShow))]
            moves = plain or moves
        pricer = Pricer(view_of(observation), self.weights)
        noise = self.noise + stall_noise(observation)
        best, best_price = moves[0], -math.inf
        for n, move in enumerate(moves):
            if n and not n % SLICE_MOVES:
                yield None  # hundreds of moves to price: let a page draw between slices
            price = pricer.price(move)
            if noise:
                price -= noise * math.log(-math.log(1.0 - rng.random()))
            if price > best_price:
                best, best_price = move, price
        yield best
