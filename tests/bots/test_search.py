"""What the search aims for: the round margin, and in the last round finishing first."""

from __future__ import annotations

from scout_core.bots.search import outcome
from scout_core.cards import parse_cards
from scout_core.position import Position, RoundEnd


def _ended(captured: tuple[int, ...], hands: list[str]) -> Position:
    return Position(
        players=3,
        phase="play",
        starter=0,
        to_move=0,
        hands=tuple(parse_cards(h) for h in hands),
        captured=captured,
        end=RoundEnd("hand_emptied", None),
    )


def test_outside_the_last_round_the_margin_counts() -> None:
    end = _ended((6, 2, 1), ["", "1/2", "3/4 5/6"])
    # 6 - mean(2 - 1, 1 - 2) = 6
    assert outcome(end, 0, None) == 6.0


def test_in_the_last_round_finishing_first_counts_most() -> None:
    # Same margin of the round, but only with the first standings does seat 0 finish ahead.
    end = _ended((6, 2, 1), ["", "1/2", "3/4 5/6"])
    ahead = outcome(end, 0, (10, 10, 10))
    behind = outcome(end, 0, (0, 20, 10))
    assert ahead > behind + 5.0
