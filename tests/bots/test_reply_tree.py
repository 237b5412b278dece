"""``tools/reply_tree.py``: ``expert`` whose rollouts begin in a tree of the seats' replies,
named on the arena's command line, with its refusals."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from scout_core.bots import ExpertBot, make
from scout_core.bots.replies import Tree

from .conftest import mid_round

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool and its matches are CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import reply_tree  # noqa: E402 - tools/ is put on the path above


def _tree_bot(level: str) -> ExpertBot:
    bot = reply_tree.make_bot(level)
    assert isinstance(bot, ExpertBot)
    return bot


def test_a_level_sets_the_tree_and_hands_the_other_fields_to_budgets() -> None:
    assert reply_tree.tree_of("expert-tree") == (Tree(), "expert")
    assert reply_tree.tree_of("expert-tree:c=2.5,k=3,depth=2,steps=8000") == (
        Tree(c=2.5, k=3, depth=2),
        "expert:steps=8000",
    )
    assert reply_tree.tree_of("expert-tree:zero_sum=1") == (Tree(zero_sum=True), "expert")
    assert reply_tree.tree_of("expert-tree:zero_sum=0") == (Tree(), "expert")
    bot = _tree_bot("expert-tree:k=3,steps=8000")
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    assert bot.trees == {players: Tree(k=3) for players in (2, 3, 4, 5)}
    assert bot.budget.steps == 8000 and bot.reading == shipped.reading
    assert reply_tree.make_bot("hard-2026-11").level == "hard-2026-11"


@pytest.mark.parametrize(
    ("level", "problem"),
    [
        ("expert-tree:", "'expert-tree:' is not of the form expert-tree:c=4"),
        ("expert-tree:c=0", "c in 'expert-tree:c=0' needs a number above 0"),
        ("expert-tree:c=much", "c in 'expert-tree:c=much' needs a number above 0"),
        ("expert-tree:k=1", "k in 'expert-tree:k=1' needs a whole number of 2 or more"),
        ("expert-tree:depth=0", "depth in 'expert-tree:depth=0' needs a whole number of 1 or"),
        ("expert-tree:zero_sum=yes", "zero_sum in 'expert-tree:zero_sum=yes' is 1 .yes. or 0"),
        ("expert-tree:stepz=9", "no budget, reading or pricing field 'stepz' in 'expert:stepz=9'"),
    ],
)
def test_a_bad_level_is_refused_with_its_reason(level: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        reply_tree.make_bot(level)


def test_only_its_own_levels_are_read_as_trees() -> None:
    with pytest.raises(ValueError, match="'expert-trees' is not of the form expert-tree:c=4"):
        reply_tree.tree_of("expert-trees")
    with pytest.raises(ValueError, match="no bot level 'expert-trees'"):
        reply_tree.make_bot("expert-trees")


def test_its_expert_grows_trees_at_every_table_size() -> None:
    game = mid_round(5, seed=6, moves=8)
    seat = game.to_move
    assert seat is not None
    bot = _tree_bot("expert-tree:depth=2")
    assert bot.choose(game.observation(seat), random.Random(3)) in game.legal_moves()
    assert bot.replies is not None and bot.replies.visits() == bot.rollouts_done
