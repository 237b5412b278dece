"""``tools/reply_tree.py``: ``expert`` whose rollouts begin in a tree of the seats' replies,
named on the arena's command line, with its refusals."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from scout_core.bots import ExpertBot, make
from scout_core.bots.policy import policy_moves

from .conftest import mid_round

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool and its matches are CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import reply_tree  # noqa: E402 - tools/ is put on the path above
from reply_tree import Tree, TreeExpert  # noqa: E402


def _tree_bot(level: str) -> TreeExpert:
    bot = reply_tree.make_bot(level)
    assert isinstance(bot, TreeExpert)
    return bot


def test_a_level_sets_the_tree_and_hands_the_other_fields_to_budgets() -> None:
    assert reply_tree.tree_of("expert-tree") == (Tree(), "expert")
    assert reply_tree.tree_of("expert-tree:c=2.5,k=3,depth=2,steps=8000") == (
        Tree(c=2.5, k=3, depth=2),
        "expert:steps=8000",
    )
    bot = _tree_bot("expert-tree:k=3,steps=8000")
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    assert bot.tree == Tree(k=3)
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
        ("expert-tree:stepz=9", "no budget or reading field 'stepz' in 'expert:stepz=9'"),
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


def test_the_tree_tries_other_replies_among_the_fast_players_best_and_repeats_for_a_seed() -> None:
    game = mid_round(3, seed=4, moves=7)
    seat = game.to_move
    assert seat is not None
    observation = game.observation(seat)
    bot = _tree_bot("expert-tree:k=3,depth=2")
    move = bot.choose(observation, random.Random(2))
    assert move in game.legal_moves()
    assert bot.choose(observation, random.Random(2)) == move
    first, second = bot.moves_in_the_tree
    assert first > 0 and second > 0
    assert 0 < bot.moves_off_the_fast_player[0] < first
    # Every rollout passed through the tree of its candidate, and grew it by a node at most.
    roots = list(bot._roots.values())
    assert len(roots) >= 2
    assert sum(n for root in roots for n, _ in root.stats.values()) == bot.rollouts_done
    nodes = sum(len(root.children) for root in roots)
    assert nodes <= bot.rollouts_done
    # The replies tried are among the fast player's three best in the deals searched.
    for root in roots:
        for reply in root.stats:
            assert reply in root.children


def test_a_node_follows_the_pricing_until_the_rewards_say_otherwise() -> None:
    game = mid_round(4, seed=5, moves=9)
    choices = policy_moves(game.position, k=4)
    assert len(choices) == 4
    bot = _tree_bot("expert-tree")
    node = reply_tree._Node()
    # Untried, the pricing's order decides.
    assert bot._choose(node, choices, 0) == choices[0]
    # Tried a few times, the best-priced move keeps its place, however it did: a move not
    # yet tried counts a point less than the tried ones.
    node.stats[choices[0]] = [3, -30.0]
    assert bot._choose(node, choices, 0) == choices[0]
    # Tried often, the exploration turns to the next in the pricing's order.
    node.stats[choices[0]] = [15, -150.0]
    assert bot._choose(node, choices, 0) == choices[1]
    # A move that did better than the rest is chosen, wherever the pricing put it.
    node.stats[choices[2]] = [15, 150.0]
    assert bot._choose(node, choices, 0) == choices[2]
    assert bot.moves_in_the_tree[0] == 4 and bot.moves_off_the_fast_player[0] == 2
