"""``tools/rollout_bias.py``: how far ``expert``'s rollouts are from the rounds it plays."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool is CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import rollout_bias  # noqa: E402 - tools/ is put on the path above
from rollout_bias import Decision  # noqa: E402

from scout_core.bots import Bot, ExpertBot, MoveBudget, make  # noqa: E402
from scout_core.position import Position  # noqa: E402

SMALL = MoveBudget(steps=200, candidates=3, orient_steps=100, first_deals=2)


def _small(level: str) -> Bot:
    return ExpertBot("expert", SMALL) if level == "expert" else make(level)


def test_each_decision_of_a_round_shares_its_real_result_and_repeats_for_the_seed() -> None:
    made = rollout_bias.decisions(3, seed=2, index=1, deals=3, make_bot=_small, against="normal")
    assert made == rollout_bias.decisions(
        3, seed=2, index=1, deals=3, make_bot=_small, against="normal"
    )
    assert made, "the seat had no choice in a whole round"
    assert {d.game for d in made} == {1}
    assert len({d.real for d in made}) == 1
    assert {d.kind for d in made} <= {"show", "scout", "scout & show"}
    assert all(1 <= d.hand <= 13 for d in made)  # 12 dealt, one scouted at most before a show


class _Recording(ExpertBot):
    """``expert`` that counts its rollouts that began in a tree of the replies."""

    in_a_tree = 0

    def play_out(self, position: Position) -> tuple[Position, int]:
        self.in_a_tree += self.replies is not None
        return super().play_out(position)


def test_at_two_players_the_rollouts_go_through_the_tree_of_replies() -> None:
    searchers: list[_Recording] = []

    def small_expert(level: str) -> Bot:
        if level != "expert":
            return make(level)
        shipped = make("expert")
        assert isinstance(shipped, ExpertBot)
        # The shipped trees, with the small budget's steps at every table size.
        arguments = shipped.arguments()
        arguments["budget"] = SMALL
        arguments["steps"] = {}
        searchers.append(_Recording(**arguments))
        return searchers[-1]

    def measure() -> list[Decision]:
        return rollout_bias.decisions(
            2, seed=2, index=3, deals=3, make_bot=small_expert, against="normal"
        )

    made = measure()
    assert made, "the seat had no choice in a whole round"
    assert len({d.real for d in made}) == 1
    assert {d.game for d in made} == {3}
    assert searchers[0].in_a_tree > 0
    assert made == measure()


def test_the_measured_seat_must_search() -> None:
    with pytest.raises(ValueError, match="needs an ExpertBot, not <HeuristicBot normal>"):
        rollout_bias.decisions(3, seed=1, index=0, deals=1, make_bot=lambda _: make("normal"))


def _decision(game: int, kind: str, predicted: float, real: float) -> Decision:
    return Decision(game, kind, 10, predicted, predicted, real)


def test_figures_and_intervals_resample_whole_games() -> None:
    made = [
        _decision(0, "show", 2.0, 0.0),
        _decision(0, "scout & show", 3.0, 0.0),
        _decision(1, "show", 1.0, 2.0),
        _decision(1, "scout & show", 4.0, 2.0),
    ]
    shortfall = rollout_bias.mean_of("show", rollout_bias.shortfall)
    estimate, low, high = rollout_bias.bootstrap(made, shortfall) or (0, 0, 0)
    assert estimate == pytest.approx(-0.5)  # (0 - 2 + 2 - 1) / 2
    assert low == pytest.approx(-2.0)  # game 0 twice
    assert high == pytest.approx(1.0)  # game 1 twice
    gap = rollout_bias.difference(
        rollout_bias.mean_of("scout & show", rollout_bias.shortfall), shortfall
    )
    assert gap(made) == pytest.approx(-2.0)
    assert rollout_bias.mean_of("scout", rollout_bias.shortfall)(made) is None
    text = rollout_bias.report(made, players=3, samples=50)
    assert "the first round of 2 games, 4 decisions" in text
    assert "show: 2, +1.50, -0.50 (-2.00 .. +1.00)" in text
    assert "scout less show: —" in text


def test_a_log_line_that_is_not_a_decision_is_refused() -> None:
    good = '{"game": 0, "kind": "show", "hand": 9, "predicted": 1.0, "seen": 0.5, "real": 2.0}'
    assert rollout_bias.read_log([good]) == [Decision(0, "show", 9, 1.0, 0.5, 2.0)]
    with pytest.raises(ValueError, match="log line 2 is not a decision"):
        rollout_bias.read_log([good, '{"game": 1}'])
    with pytest.raises(ValueError, match="log line 1 is not a decision"):
        rollout_bias.read_log(["not json"])
