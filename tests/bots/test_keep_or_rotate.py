"""``tools/keep_or_rotate.py``: what the noise of the keep/rotate search costs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool is CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import keep_or_rotate  # noqa: E402 - tools/ is put on the path above
from keep_or_rotate import Choice  # noqa: E402


def test_a_measure_is_the_same_for_the_same_seed() -> None:
    first = keep_or_rotate.measure(players=3, deals=2, rollouts=4, seed=5)
    assert first == keep_or_rotate.measure(players=3, deals=2, rollouts=4, seed=5)
    assert len(first) == 2
    for choice in first:
        assert choice.spread >= 0.0
        assert 1.0 <= choice.moves <= 40.0  # a three-player round: 36 cards, few scouts


def test_the_closer_the_call_and_the_fewer_the_deals_the_likelier_a_wrong_pick() -> None:
    close, clear = (
        Choice(gain=0.5, spread=8.0, moves=20.0),
        Choice(gain=4.0, spread=8.0, moves=20.0),
    )
    assert keep_or_rotate.wrong_pick(Choice(gain=0.0, spread=8.0, moves=20.0), 100) == 0.5
    assert keep_or_rotate.wrong_pick(clear, 100) < keep_or_rotate.wrong_pick(close, 100) < 0.5
    assert keep_or_rotate.wrong_pick(close, 400) < keep_or_rotate.wrong_pick(close, 100)
    # 4.0 points apart, 8.0 spread, 100 deals: 5 standard errors.
    assert keep_or_rotate.wrong_pick(clear, 100) == pytest.approx(2.87e-7, rel=0.01)
    # 4,000 moves buy 4000 / (3 + 2 * 21) re-deals at three players.
    assert keep_or_rotate.deals_bought(clear, 4000, players=3) == pytest.approx(4000 / 45)
    assert keep_or_rotate.deals_bought(clear, 4000, players=2) == pytest.approx(4000 / 129)


def test_a_report_names_the_budget_that_ships() -> None:
    choices = [Choice(gain=-3.0, spread=8.0, moves=20.0), Choice(gain=1.0, spread=8.0, moves=20.0)]
    text = keep_or_rotate.report(choices, players=3, budgets=[4000, 16000])
    assert "the pricing's pick is the worse one in 1" in text
    assert "4000 simulated moves (as it ships): wrong pick" in text
    assert "16000 simulated moves: wrong pick" in text


@pytest.mark.parametrize(("players", "deals", "rollouts"), [(6, 1, 2), (3, 0, 2), (3, 1, 1)])
def test_impossible_measures_are_refused(players: int, deals: int, rollouts: int) -> None:
    with pytest.raises(ValueError, match="needs 2-5 players, at least 1 deal"):
        keep_or_rotate.measure(players, deals, rollouts)
