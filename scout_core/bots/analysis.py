"""Pricing a past decision from one seat's point of view: the move played against the best.

The work is the strongest level's (:mod:`~scout_core.bots.search`), pointed at one question --
how much did the move played give away? -- instead of at choosing a move:

1. The candidates are the move played, the best-priced legal moves and the best of each kind
   (keep and rotate both, before a round). Moves that lead to the same position are one
   candidate: the position they reach is compared, so two spellings of a move, or two moves
   with the same result, are never priced apart.
2. Screening: on a batch of deals, every candidate other than the move played is played and the
   round finished with the fast player; the best few go on to a second batch twice as large,
   and the best of them over both batches is the challenger.
3. Pricing: on a fresh batch of deals, the move played and the challenger are each played and
   the round finished, on the same deals with the same (deterministic) rollouts. Their means
   are the estimates, and the screening's choice does not flatter them, because those deals
   did not pick the challenger.

Deals re-deal the cards the seat could not see (:class:`~scout_core.bots.determinize.Knowledge`
of its observation), never the real hidden hands. An estimate is the seat's expected round
points less the mean of the others' (:func:`~scout_core.bots.worth.round_margin`), so a Scout
that hands the owner a chip costs what it gives away.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..moves import KEEP, ROTATE, Move, Orient, Scout, ScoutShow, Show
from ..observation import Observation
from ..position import Position
from .base import legal_or_raise
from .determinize import Knowledge
from .heuristic import DEFAULT_WEIGHTS, Pricer, Weights, choose_orient, view_of
from .odds import warm_up
from .policy import rollout
from .worth import round_margin


@dataclass(frozen=True, slots=True)
class AnalysisBudget:
    """How much work pricing one decision may take, in rollouts (never seconds)."""

    deals: int = 128
    """Deals on which the move played and the challenger are priced (one rollout each)."""
    screen_deals: int = 12
    """Deals of the first batch of screening (every candidate); the best few then get twice as
    many more."""
    candidates: int = 6
    """Best-priced moves screened, besides the move played and the best of each kind."""
    slice_rollouts: int = 16
    """Rollouts between two yields."""

    def to_dict(self) -> dict[str, int]:
        """Plain JSON values."""
        return {
            "deals": self.deals,
            "screen_deals": self.screen_deals,
            "candidates": self.candidates,
            "slice_rollouts": self.slice_rollouts,
        }

    @classmethod
    def from_dict(cls, data: object) -> AnalysisBudget:
        """Read what :meth:`to_dict` wrote; raise ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"budget: not an object: {data!r}")
        values: dict[str, int] = {}
        for name in ("deals", "screen_deals", "candidates", "slice_rollouts"):
            value = data.get(name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"budget.{name}: a whole number of at least 1, not {value!r}")
            values[name] = value
        return cls(**values)


DEFAULT_BUDGET = AnalysisBudget()
SCREEN_FINALISTS = 3
"""Candidates that a first batch of screening deals keeps for a second batch."""


@dataclass(frozen=True, slots=True)
class Pricing:
    """The move played and the preferred move, priced on the same deals."""

    played: Move
    preferred: Move
    """The challenger if it priced higher than the move played, else the move played."""
    played_value: float
    preferred_value: float
    options: int
    """Distinct results among the candidates (1: nothing else was possible or worth trying)."""
    deals: int
    rollouts: int
    """Rollouts played, screening included."""

    @property
    def cost(self) -> float:
        """Points the move played gave away against the preferred one (0 when it is preferred)."""
        return self.preferred_value - self.played_value


def candidates(observation: Observation, budget: AnalysisBudget = DEFAULT_BUDGET) -> list[Move]:
    """The moves worth comparing with the move played: the best-priced, and the best of each
    kind (before a round: keep and rotate, the better-reading first)."""
    moves = legal_or_raise(observation)
    if isinstance(moves[0], Orient):
        first = choose_orient(observation.hand)
        return [first, ROTATE if first == KEEP else KEEP]
    pricer = Pricer(view_of(observation), DEFAULT_WEIGHTS)
    priced = sorted(
        ((pricer.price(m), i, m) for i, m in enumerate(moves)), key=lambda t: (-t[0], t[1])
    )
    chosen = [m for _, _, m in priced[: budget.candidates]]
    for kind in (Show, Scout, ScoutShow):
        best_of_kind = next((m for _, _, m in priced if isinstance(m, kind)), None)
        if best_of_kind is not None and best_of_kind not in chosen:
            chosen.append(best_of_kind)
    return chosen


def think_price(
    observation: Observation,
    played: Move,
    rng: random.Random,
    budget: AnalysisBudget = DEFAULT_BUDGET,
    weights: Weights = DEFAULT_WEIGHTS,
) -> Iterator[Pricing | None]:
    """Price ``played`` against the best alternative for the observation's seat; yield None
    between slices of rollouts, then the :class:`Pricing`.

    Raises :class:`~scout_core.errors.IllegalMoveError` if ``played`` is not legal there.
    """
    yield from warm_up(observation.players)
    seat = observation.seat
    knowledge = Knowledge(observation)
    first = knowledge.sample(rng)
    # One deal tells which moves share a result: a move changes only the mover's own hand and
    # the public state, so two moves that agree on one deal agree on every deal.
    distinct: dict[Position, Move] = {first.apply(played): played}
    for move in candidates(observation, budget):
        distinct.setdefault(first.apply(move), move)
    options = list(distinct.values())
    rollouts = 0
    since_yield = 0
    # Screening picks the challenger among the other results; the move played takes no part.
    field = list(range(1, len(options)))
    totals = [0.0] * len(options)
    stage = 0
    while len(field) > 1:
        for deal in range(budget.screen_deals * (1 + stage)):
            world = first if stage == deal == 0 else knowledge.sample(rng)
            for i in field:
                totals[i] += round_margin(rollout(world.apply(options[i]), weights), seat)
                rollouts += 1
                since_yield += 1
                if since_yield >= budget.slice_rollouts:
                    since_yield = 0
                    yield None
        # Totals of the field share the same deals, so they compare directly.
        field.sort(key=lambda i: (-totals[i], i))
        field = field[: 1 if len(field) <= SCREEN_FINALISTS else SCREEN_FINALISTS]
        stage += 1
    challenger = options[field[0]] if field else None
    priced = [played] if challenger is None else [played, challenger]
    values = [0.0] * len(priced)
    for _ in range(budget.deals):
        world = knowledge.sample(rng)
        for i, move in enumerate(priced):
            values[i] += round_margin(rollout(world.apply(move), weights), seat)
            rollouts += 1
            since_yield += 1
            if since_yield >= budget.slice_rollouts:
                since_yield = 0
                yield None
    means = [v / budget.deals for v in values]
    played_value = means[0]
    if challenger is not None and means[1] > played_value:
        preferred, preferred_value = challenger, means[1]
    else:
        preferred, preferred_value = played, played_value
    yield Pricing(
        played, preferred, played_value, preferred_value, len(options), budget.deals, rollouts
    )


def price(
    observation: Observation,
    played: Move,
    rng: random.Random,
    budget: AnalysisBudget = DEFAULT_BUDGET,
) -> Pricing:
    """:func:`think_price` run to the end."""
    result: Pricing | None = None
    for step in think_price(observation, played, rng, budget):
        if step is not None:
            result = step
    assert result is not None
    return result


__all__ = ["DEFAULT_BUDGET", "AnalysisBudget", "Pricing", "candidates", "price", "think_price"]
