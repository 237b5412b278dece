"""Determinized Monte Carlo search: the ``hard`` and ``expert`` players.

For one decision: price every legal move with the ``normal`` pricing and keep the most
promising few; re-deal the cards this seat cannot see (:mod:`~scout_core.bots.determinize`)
many times; in each deal play every candidate and finish the round with the fast player
(:mod:`~scout_core.bots.policy`); keep the candidate whose rollouts are worth the most on
average: their round margin, or in the last round of the game mostly finishing first
(:mod:`~scout_core.bots.worth`).

All candidates are tried on the same deals with the same rollouts (common random numbers), so
their difference is measured, not drowned in the luck of the deal. Candidates are halved
after each batch of deals (successive halving), so most of the work goes to the close calls.
The work is counted in rollouts, never in seconds, so a seed always gives the same move.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..moves import Move, Orient
from ..observation import Observation
from .base import Player, legal_or_raise
from .determinize import Knowledge
from .heuristic import (
    DEFAULT_WEIGHTS,
    Pricer,
    Weights,
    add_best_of_each_kind,
    orient_candidates,
    view_of,
)
from .odds import warm_up
from .policy import play, rollout
from .worth import rollout_worth


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search player may do for one decision."""

    rollouts: int
    """Rollouts per decision, at most (a rollout finishes one round from one candidate)."""
    candidates: int
    """Moves searched, the best-priced ones (with the best show and best scout among them)."""
    orient_rollouts: int = 0
    """Rollouts for the keep/rotate decision (each plays a whole round); 0: decide by eye."""
    slice_rollouts: int = 2
    """Rollouts between two yields of ``think``."""


class SearchBot(Player):
    """Chooses by determinized rollouts; see the module documentation."""

    def __init__(self, level: str, budget: Budget, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.level = level
        self.budget = budget
        self.weights = weights
        self.rollouts_done = 0
        """Rollouts played for the last decision (tests read it to check the budget)."""

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """Yield None between slices of rollouts, then the chosen move."""
        moves = legal_or_raise(observation)
        self.rollouts_done = 0
        yield from warm_up(observation.players)
        budget = self.budget
        rollouts = budget.rollouts
        if isinstance(moves[0], Orient):
            candidates = orient_candidates(observation.hand)
            rollouts = budget.orient_rollouts
        elif len(moves) == 1:
            yield moves[0]
            return
        else:
            candidates = self._candidates(observation, moves)
        if len(candidates) == 1 or rollouts < len(candidates):
            yield candidates[0]
            return
        knowledge = Knowledge(observation)
        value = rollout_worth(observation)
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        # Successive halving: each stage gives every live candidate the same new deals.
        stages = max(1, (len(candidates) - 1).bit_length())
        per_stage = rollouts // stages
        since_yield = 0
        for stage in range(stages):
            deals = max(1, per_stage // len(alive))
            if stage == stages - 1:
                deals = max(1, (rollouts - self.rollouts_done) // len(alive))
            for _ in range(deals):
                world = knowledge.sample(rng)
                for i in alive:
                    end = rollout(play(world, candidates[i]), self.weights)
                    totals[i] += value(end)
                    self.rollouts_done += 1
                    since_yield += 1
                    if since_yield >= budget.slice_rollouts:
                        since_yield = 0
                        yield None
            if stage < stages - 1:
                # Totals of live candidates share the same deals, so they compare directly.
                alive.sort(key=lambda i: (-totals[i], i))
                alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
        best = max(alive, key=lambda i: (totals[i], -i))
        yield candidates[best]

    def _candidates(self, observation: Observation, moves: list[Move]) -> list[Move]:
        """The best-priced moves, making sure the best of each kind is among them."""
        pricer = Pricer(view_of(observation), self.weights)
        priced = sorted(
            ((pricer.price(m), i, m) for i, m in enumerate(moves)), key=lambda t: (-t[0], t[1])
        )
        chosen = [m for _, _, m in priced[: self.budget.candidates]]
        add_best_of_each_kind(chosen, priced)
        return chosen
