"""``tools/budgets.py``: ``expert`` with fields of its budget, reading or pricing changed,
everything else as shipped, named on the arena's command line."""

from __future__ import annotations

import dataclasses
import random
import re
import sys
from pathlib import Path

import pytest

from scout_core import Game
from scout_core.bots import ExpertBot, make
from scout_core.bots.determinize import KeptHands, Knowledge, shows_made
from scout_core.bots.expert import KEPT_HANDS, Reading

from .conftest import mid_round

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool and its matches are CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import budgets  # noqa: E402 - tools/ is put on the path above


def test_a_level_changes_only_the_fields_it_names() -> None:
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    bot = budgets.make_bot("expert:rollout_moves=12,steps=3000")
    assert isinstance(bot, ExpertBot)
    assert bot.level == "expert:rollout_moves=12,steps=3000"
    assert bot.budget == dataclasses.replace(shipped.budget, rollout_moves=12, steps=3000)
    assert (bot.weights, bot.play_to_win, bot.distinct) == (
        shipped.weights,
        shipped.play_to_win,
        shipped.distinct,
    )
    assert bot.reading == shipped.reading
    assert budgets.make_bot("hard-2026-11").level == "hard-2026-11"


def test_a_reading_field_changes_at_every_table_size_that_reads() -> None:
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    bot = budgets.make_bot("expert:beat_boost=0.55,kept_weight=1,steps=3000")
    assert isinstance(bot, ExpertBot)
    assert bot.budget == dataclasses.replace(shipped.budget, steps=3000)
    assert sorted(bot.reading) == sorted(shipped.reading) == [3, 4, 5]
    for players, reading in shipped.reading.items():
        assert bot.reading[players] == dataclasses.replace(
            reading, beat_boost=0.55, kept_weight=1.0
        )
        assert bot.weights_at(players).beat_boost == 0.55
    assert bot.weights_at(2) == shipped.weights_at(2)  # two players read nothing either way
    # The three-player share of the budget is the shipped one unless it is named.
    assert bot.steps_at(3) == round(3000 * shipped.reading[3].step_share)
    # steps=N is the budget at every table size; the tree of replies stays where it grows.
    assert bot.steps_at(2) == 3000 != shipped.steps_at(2)
    assert bot.trees == shipped.trees
    unnamed = budgets.make_bot("expert:kept_weight=1")
    assert isinstance(unnamed, ExpertBot)
    assert [unnamed.steps_at(p) for p in (2, 3, 4, 5)] == [
        shipped.steps_at(p) for p in (2, 3, 4, 5)
    ]


def test_a_pricing_field_changes_the_candidates_and_every_seat_of_the_rollouts() -> None:
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    bot = budgets.make_bot("expert:two_player_chip_holdup=0,others_per_card=0.5")
    assert isinstance(bot, ExpertBot)
    changed = {"two_player_chip_holdup": 0.0, "others_per_card": 0.5}
    assert bot.weights == dataclasses.replace(shipped.weights, **changed)
    for players in (2, 3, 4, 5):
        # Where it reads kept hands, the reading's beat_boost stays on top of the change.
        assert bot.weights_at(players) == dataclasses.replace(
            shipped.weights_at(players), **changed
        )
    assert (bot.budget, bot.reading, bot.trees, bot.steps) == (
        shipped.budget,
        shipped.reading,
        shipped.trees,
        shipped.steps,
    )
    # beat_boost belongs to the reading, so it is not a pricing field too.
    assert "beat_boost" not in budgets.WEIGHT_FIELDS


def test_plain_beat_boost_raises_the_chance_of_being_beaten_where_expert_reads_nothing() -> None:
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    bot = budgets.make_bot("expert:plain_beat_boost=0.35")
    assert isinstance(bot, ExpertBot)
    assert shipped.weights_at(2).beat_boost == 0.0
    assert bot.weights_at(2) == dataclasses.replace(shipped.weights_at(2), beat_boost=0.35)
    for players in (3, 4, 5):  # the reading's own beat_boost, as shipped
        assert bot.weights_at(players) == shipped.weights_at(players)
    assert (bot.budget, bot.reading, bot.trees, bot.steps) == (
        shipped.budget,
        shipped.reading,
        shipped.trees,
        shipped.steps,
    )


def test_two_player_kept_weight_reads_at_two_players_with_the_pricing_unchanged() -> None:
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    assert 2 not in shipped.reading
    bot = budgets.make_bot("expert:two_player_kept_weight=0.6")
    assert isinstance(bot, ExpertBot)
    assert bot.reading == {**shipped.reading, 2: Reading(kept_weight=0.6, beat_boost=0.0)}
    for players in (2, 3, 4, 5):
        assert bot.weights_at(players) == shipped.weights_at(players)
        assert bot.steps_at(players) == shipped.steps_at(players)
    game = mid_round(2, seed=3, moves=6)
    seat = game.to_move
    assert seat is not None
    observation = game.observation(seat)
    assert any(shows_made(observation)), "the other seat has shown: the reading leans"
    assert isinstance(bot.deals(observation), KeptHands)
    assert isinstance(shipped.deals(observation), Knowledge)
    both = budgets.make_bot("expert:two_player_kept_weight=0.6,plain_beat_boost=0.35")
    assert isinstance(both, ExpertBot)
    assert both.reading[2] == KEPT_HANDS  # the reading of three to five players, at two
    assert both.weights_at(2).beat_boost == 0.35


def test_two_player_kept_weight_is_refused_where_expert_reads_at_two_players_already(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    arguments = shipped.arguments()
    arguments["reading"] = {2: KEPT_HANDS}
    monkeypatch.setattr(budgets, "shipped_expert", lambda: ExpertBot(**arguments))
    with pytest.raises(ValueError, match="reads kept hands at two players already"):
        budgets.make_bot("expert:two_player_kept_weight=0.6")


@pytest.mark.parametrize(
    ("level", "problem"),
    [
        (
            "expert:speed=2",
            "no budget, reading or pricing field 'speed' in 'expert:speed=2'; choose among steps",
        ),
        (
            "expert:two_player_chip_holdup=-0.1",
            "two_player_chip_holdup in 'expert:two_player_chip_holdup=-0.1' needs a number 0 or",
        ),
        ("expert:others_per_card", "others_per_card in 'expert:others_per_card' needs a number"),
        ("expert:steps=many", "steps in 'expert:steps=many' needs a whole number above 0"),
        ("expert:steps=0", "steps in 'expert:steps=0' needs a whole number above 0"),
        ("expert:steps", "steps in 'expert:steps' needs a whole number above 0"),
        ("hard:steps=1", "'hard:steps=1' is not of the form expert:FIELD=N"),
        ("expert:beat_boost=lots", "beat_boost in 'expert:beat_boost=lots' needs a number 0 or"),
        ("expert:kept_weight=-1", "kept_weight in 'expert:kept_weight=-1' needs a number 0 or"),
        ("expert:kept_weight", "kept_weight in 'expert:kept_weight' needs a number 0 or more"),
        ("expert:beat_boost=inf", "beat_boost in 'expert:beat_boost=inf' needs a number 0 or"),
        ("expert:step_share=0", "step_share in 'expert:step_share=0' needs a number above 0"),
        ("expert:step_share=nan", "step_share in 'expert:step_share=nan' needs a number above"),
        (
            "expert:two_player_kept_weight=0",
            "two_player_kept_weight in 'expert:two_player_kept_weight=0' needs a number above 0",
        ),
        (
            "expert:two_player_kept_weight",
            "two_player_kept_weight in 'expert:two_player_kept_weight' needs a number above 0",
        ),
    ],
)
def test_a_level_that_names_no_budget_is_refused(level: str, problem: str) -> None:
    with pytest.raises(ValueError, match=re.escape(problem)):
        budgets.budget_of(level)
    with pytest.raises(ValueError, match=re.escape(problem)):
        budgets.reading_of(level)


def test_short_rollouts_stop_where_the_budget_says() -> None:
    bot = budgets.make_bot("expert:rollout_moves=4,steps=400,orient_steps=200")
    assert isinstance(bot, ExpertBot)
    game = Game.new(players=5, rounds=1, seed=3)
    end, moves = bot.play_out(game.position)
    assert (moves, end.end) == (4, None)
    seat = game.to_move
    assert seat is not None
    assert bot.choose(game.observation(seat), random.Random(1)) in game.legal_moves()
