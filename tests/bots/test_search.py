"""What the search aims for: the round margin, and in the last round finishing first."""

from __future__ import annotations

from scout_core import Game
from scout_core.bots.worth import rollout_worth, standing_value
from scout_core.cards import parse_cards
from scout_core.observation import Observation
from scout_core.position import Position, RoundEnd

# Seat 0 emptied its hand: 6 - mean(2 - 1, 1 - 2) = 6 points over the mean of the others.
END = Position(
    players=3,
    phase="play",
    starter=0,
    to_move=0,
    hands=tuple(parse_cards(h) for h in ["", "1/2", "3/4 5/6"]),
    captured=(6, 2, 1),
    end=RoundEnd("hand_emptied", None),
)


def _seat_zero(round_number: int, standings: tuple[int, ...]) -> Observation:
    game = Game(players=3, rounds=3, seed=1, round=round_number, position=END, totals=standings)
    return game.observation(0)


def test_outside_the_last_round_the_margin_counts() -> None:
    assert rollout_worth(_seat_zero(1, (0, 20, 10)))(END) == 6.0
    assert rollout_worth(_seat_zero(2, (10, 10, 10)))(END) == 6.0


def test_in_the_last_round_finishing_first_counts_most() -> None:
    # Same margin of the round, but only with the first standings does seat 0 finish ahead.
    ahead = rollout_worth(_seat_zero(3, (10, 10, 10)))(END)
    behind = rollout_worth(_seat_zero(3, (0, 20, 10)))(END)
    assert ahead > behind + 5.0
    assert behind == standing_value(END, 0, (0, 20, 10), rounds_left=0)


def test_every_round_can_be_played_for_the_game() -> None:
    early = rollout_worth(_seat_zero(1, (0, 20, 10)), every_round_for_the_game=True)(END)
    assert early == standing_value(END, 0, (0, 20, 10), rounds_left=2)
    assert early != 6.0
