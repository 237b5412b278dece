"""``tools/pricing_duel.py``: the fast player with other weights in one seat, on the same deals."""

from __future__ import annotations

import dataclasses
import re
import statistics
import sys
from pathlib import Path

import pytest

from scout_core import Game
from scout_core.bots.heuristic import DEFAULT_WEIGHTS
from scout_core.bots.policy import finish
from scout_core.bots.worth import round_margin

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool is CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import pricing_duel  # noqa: E402 - tools/ is put on the path above


def test_weights_are_named_over_the_default_ones() -> None:
    assert pricing_duel.weights_of("default") == DEFAULT_WEIGHTS
    assert pricing_duel.weights_of("two_player_chip_holdup=0,others_per_card=0.6") == (
        dataclasses.replace(DEFAULT_WEIGHTS, two_player_chip_holdup=0.0, others_per_card=0.6)
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("speed=2", "no pricing weight 'speed' in 'speed=2'; choose among"),
        ("beat_boost=lots", "beat_boost in 'beat_boost=lots' needs a number, as beat_boost=0.5"),
        ("beat_boost", "beat_boost in 'beat_boost' needs a number"),
        ("beat_boost=nan", "beat_boost in 'beat_boost=nan' needs a number"),
    ],
)
def test_weights_that_name_nothing_are_refused(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=re.escape(problem)):
        pricing_duel.weights_of(text)


def test_the_same_weights_gain_nothing_on_any_deal() -> None:
    assert pricing_duel.gains(DEFAULT_WEIGHTS, DEFAULT_WEIGHTS, 3, 6, 1) == [0.0] * 6


def test_each_round_is_one_deal_played_twice_the_hero_seat_rotating() -> None:
    hero = dataclasses.replace(DEFAULT_WEIGHTS, two_player_chip_holdup=0.0)
    found = pricing_duel.gains(hero, DEFAULT_WEIGHTS, 2, 4, 7)
    for r, gain in enumerate(found):
        start = Game.new(players=2, rounds=1, seed=7 * 1_000_003 + r).position
        seats = [DEFAULT_WEIGHTS, DEFAULT_WEIGHTS]
        seats[r % 2] = hero
        mixed, _ = finish(start, seats, pricing_duel.ROUND_CAP)
        plain, _ = finish(start, DEFAULT_WEIGHTS, pricing_duel.ROUND_CAP)
        assert gain == round_margin(mixed, r % 2) - round_margin(plain, r % 2)
    # Two players: expecting a chip-holding opponent always to scout back wins rounds.
    assert statistics.fmean(pricing_duel.gains(hero, DEFAULT_WEIGHTS, 2, 40, 1)) > 1.0


def test_the_command_prints_the_gain_and_refuses_bad_weights(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pricing_duel.main(["default", "--players", "3", "--rounds", "4"])
    assert "3 players, 4 rounds: default against default, +0.000 ± 0.000 points a round" in (
        capsys.readouterr().out
    )
    with pytest.raises(SystemExit):
        pricing_duel.main(["speed=2", "--players", "2", "--rounds", "4"])
    assert "no pricing weight 'speed'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        pricing_duel.main(["default", "--players", "2", "--rounds", "1"])
    assert "--rounds needs 2 or more" in capsys.readouterr().err
