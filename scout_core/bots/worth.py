"""What the end of a rollout is worth to a seat: its round margin, or its standing in the game.

``hard`` and ``expert`` score rollouts with :func:`rollout_worth`, so the two players' idea of
a good round is written once: both play the last round for first place and the others for
the margin (``ExpertBot(play_to_win=True)`` plays every round for the game).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..observation import Observation
from ..position import Position

WIN_WEIGHT = 6.0
"""What finishing the game ahead of everyone is worth, in round points."""
WIN_SCALE = 3.0
"""Points of lead over which that worth goes from half to nearly all of it, in the last round."""
ROUND_SPREAD = 6.0
"""How far apart a round can still move two seats' totals, in points, per round to come."""
MARGIN_SHARE = 0.3
"""The weight still given to the plain round margin."""


def round_scores(position: Position) -> list[int]:
    """Every seat's round score (as if the round ended now, if it goes on)."""
    if position.end is not None:
        return [s.total for s in position.scores()]
    return [
        position.captured[s] + position.chips[s] - len(position.hands[s])
        for s in range(position.players)
    ]


def round_margin(position: Position, seat: int) -> float:
    """``seat``'s round score less the mean of the others' (estimated if the round goes on)."""
    return margin_of(round_scores(position), seat)


def margin_of(scores: Sequence[float], seat: int) -> float:
    """``seat``'s score less the mean of the others' scores."""
    mine = scores[seat]
    return mine - (sum(scores) - mine) / (len(scores) - 1)


def standing_value(end: Position, seat: int, standings: tuple[int, ...], rounds_left: int) -> float:
    """What a rollout's end is worth to ``seat``: mostly its lead over the strongest rival
    once this round is added, and the more rounds remain, the less a lead is already a win."""
    return standing_of(round_scores(end), seat, standings, rounds_left)


def standing_of(
    scores: Sequence[float], seat: int, standings: tuple[int, ...], rounds_left: int
) -> float:
    """:func:`standing_value` of a round that ends with these ``scores``."""
    margin = margin_of(scores, seat)
    finals = [t + s for t, s in zip(standings, scores, strict=True)]
    lead = finals[seat] - max(f for s, f in enumerate(finals) if s != seat)
    scale = math.sqrt(WIN_SCALE * WIN_SCALE + ROUND_SPREAD * ROUND_SPREAD * rounds_left)
    return WIN_WEIGHT * math.tanh(lead / scale) + MARGIN_SHARE * margin


def rollout_worth(
    observation: Observation, *, every_round_for_the_game: bool = False
) -> Callable[[Position], float]:
    """How the deciding seat of ``observation`` scores a rollout's end: by its standing in the
    game in the last round (or in every round, if asked), else by its round margin."""
    seat = observation.seat
    rounds_left = observation.rounds - observation.round
    standings = observation.totals
    if every_round_for_the_game or rounds_left == 0:
        return lambda end: standing_value(end, seat, standings, rounds_left)
    return lambda end: round_margin(end, seat)
