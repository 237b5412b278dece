"""The timing benchmark runs and names its figures (it asserts nothing about speed)."""

from __future__ import annotations

from scout_core.bots import timing


def test_timing_reports_think_and_hint() -> None:
    lines = timing.measure("normal", players=3, count=3, seed=2, hints=False)
    assert lines[0] == "normal, 3 players, 3 decisions"
    assert "median" in lines[1] and "longest slice" in lines[1] and "CPU" in lines[1]


def test_timing_decisions_are_fixed_by_the_seed() -> None:
    first = timing.decisions(4, 5, seed=3)
    assert first == timing.decisions(4, 5, seed=3)
    assert len(first) == 5
