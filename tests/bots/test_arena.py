"""Small matches: the levels come in order, by margins far wider than the luck of 24 games."""

from __future__ import annotations

import io

import pytest

from scout_core import arena


def test_easy_beats_random() -> None:
    result = arena.run("easy", "random", players=3, games=24, seed=3)
    assert result.win_share >= 0.75  # measured over 400 games: 97%
    assert result.score_diff > 10


def test_normal_beats_easy() -> None:
    result = arena.run("normal", "easy", players=3, games=24, seed=3)
    assert result.win_share >= 0.55  # measured over 400 games: 95%
    assert result.score_diff > 5


@pytest.mark.parametrize("players", [2, 4, 5])
def test_normal_beats_random_at_every_table_size(players: int) -> None:
    result = arena.run("normal", "random", players=players, games=12, seed=4)
    assert result.win_share >= 0.75


def test_report_names_the_figures() -> None:
    result = arena.run("normal", "easy", players=2, games=4, seed=1, rounds=1)
    text = result.report()
    assert result.games == 4
    for words in ("win share", "95% CI", "mean score difference", "median", "95th percentile"):
        assert words in text
    low, high = result.interval
    assert 0.0 <= low <= result.win_share <= high <= 1.0


@pytest.mark.slow
def test_hard_beats_normal() -> None:
    result = arena.run("hard", "normal", players=3, games=9, seed=5, rounds=2)
    assert result.score_diff > 0  # measured over 30 whole games: 78% wins, +16 points


def test_a_logged_match_can_be_reported_from_its_log() -> None:
    log = io.StringIO()
    played = arena.run("normal", "easy", players=3, games=3, seed=2, rounds=1, log=log)
    lines = log.getvalue().splitlines()
    assert len(lines) == 3
    again = arena.read_log("normal", "easy", 3, lines)
    assert again.report() == played.report()
