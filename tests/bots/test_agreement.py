"""The agreement measurement (``tools/agreement.py``): it compares a level's moves with the
pricing's best and the fast player's, and counts them by kind."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scout_core.bots.policy import policy_move

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool and its matches are CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import agreement  # noqa: E402 - tools/ is put on the path above


def test_normal_always_makes_the_pricings_best_move() -> None:
    rows = [row for i in range(3) for row in agreement.decisions("normal", 3, seed=4, index=i)]
    measured = agreement.measure(rows)
    assert measured.decisions > 20
    assert measured.same_as_pricing == measured.decisions
    # The fast player tries fewer scouts, so it does not always agree with normal.
    assert 0 < measured.same_as_fast <= measured.decisions
    assert sum(measured.kinds.values()) == measured.decisions
    assert all(mine == best for mine, best in measured.kinds)


def test_the_fast_players_own_moves_agree_with_it_and_are_counted_by_kind() -> None:
    rows = agreement.decisions("normal", 4, seed=2, index=0)
    own = [(position, policy_move(position), None) for position, _, _ in rows]
    measured = agreement.measure(own)
    assert measured.same_as_fast == measured.decisions
    report = measured.report("fast")
    assert f"{measured.decisions} decisions with a choice" in report
    assert "as the fast player's: 100.0%" in report
    assert "asked again" not in report


def test_a_level_asked_again_is_compared_with_itself() -> None:
    rows = agreement.decisions("normal", 3, seed=4, index=0, twice=True)
    measured = agreement.measure(rows)
    # normal has no randomness: asked again, it always makes the same move.
    assert measured.asked_again == measured.decisions > 5
    assert measured.same_again == measured.decisions
    assert f"100.0% of {measured.decisions}" in measured.report("normal")
    position = next(p for p, _, _ in rows if len(p.legal_moves()) > 1)
    one, other = position.legal_moves()[:2]
    changed = agreement.measure([(position, one, other), (position, one, None)])
    assert (changed.decisions, changed.asked_again, changed.same_again) == (2, 1, 0)
    assert "0.0% of 1" in changed.report("normal")


def test_an_unknown_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        agreement.main(["--level", "grandmaster"])
    assert "no bot level 'grandmaster'" in capsys.readouterr().err
