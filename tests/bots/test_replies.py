"""The tree of replies at the start of each rollout (``scout_core.bots.replies``): how a node
chooses, what a decision grows, and its refusals."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from scout_core.bots import ExpertBot, make
from scout_core.bots.heuristic import DEFAULT_WEIGHTS
from scout_core.bots.policy import play, policy_move, policy_moves
from scout_core.bots.replies import Replies, Tree, _Node
from scout_core.bots.worth import round_margin, standing_value
from scout_core.moves import Orient
from scout_core.position import Position

from .conftest import mid_round


def _expert_with(trees: dict[int, Tree]) -> ExpertBot:
    shipped = make("expert")
    assert isinstance(shipped, ExpertBot)
    arguments = shipped.arguments()
    arguments["trees"] = trees
    arguments["steps"] = {}  # the budget's own steps, at every table size
    return ExpertBot(**arguments)


@pytest.mark.parametrize(
    ("tree", "problem"),
    [
        (lambda: Tree(c=0.0), "exploration c must be a number above 0, not 0.0"),
        (lambda: Tree(c=float("inf")), "exploration c must be a number above 0, not inf"),
        (lambda: Tree(k=1), "choose among k of 2 moves or more, not 1"),
        (lambda: Tree(depth=0), "reaches a depth of 1 move or more, not 0"),
    ],
)
def test_a_tree_that_cannot_search_is_refused(tree: object, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        tree()  # type: ignore[operator]


def test_a_node_follows_the_pricing_until_the_rewards_say_otherwise() -> None:
    game = mid_round(4, seed=5, moves=9)
    choices = policy_moves(game.position, k=4)
    assert len(choices) == 4
    replies = Replies(Tree(), 0, lambda end: round_margin(end, 0), DEFAULT_WEIGHTS, 80)
    node = _Node()
    # Untried, the pricing's order decides.
    assert replies.choose(node, choices, 0) == choices[0]
    # Tried a few times, the best-priced move keeps its place, however it did: a move not
    # yet tried counts a point less than the tried ones.
    node.stats[choices[0]] = [3, -30.0]
    assert replies.choose(node, choices, 0) == choices[0]
    # Tried often, the exploration turns to the next in the pricing's order.
    node.stats[choices[0]] = [15, -150.0]
    assert replies.choose(node, choices, 0) == choices[1]
    # A move that did better than the rest is chosen, wherever the pricing put it.
    node.stats[choices[2]] = [15, 150.0]
    assert replies.choose(node, choices, 0) == choices[2]
    assert replies.moves_in_the_tree == [4, 0, 0, 0]
    assert replies.moves_off_the_fast_player == [2, 0, 0, 0]


@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 3, 6), (3, 4, 7)])
def test_a_decision_grows_a_tree_a_candidate_and_repeats_for_a_seed(
    players: int, seed: int, moves: int
) -> None:
    game = mid_round(players, seed=seed, moves=moves)
    seat = game.to_move
    assert seat is not None
    observation = game.observation(seat)
    bot = _expert_with({players: Tree(k=3, depth=2)})
    move = bot.choose(observation, random.Random(2))
    assert move in game.legal_moves()
    assert bot.choose(observation, random.Random(2)) == move
    replies = bot.replies
    assert replies is not None
    # Every rollout went through the tree of its candidate and grew it by a node at most.
    assert len(replies.roots) >= 2
    assert replies.visits() == bot.rollouts_done
    assert 0 < replies.nodes() <= bot.rollouts_done
    first, second = replies.moves_in_the_tree
    assert first > 0 and second > 0
    assert 0 < replies.moves_off_the_fast_player[0] < first


def test_only_the_table_sizes_named_grow_trees() -> None:
    game = mid_round(3, seed=4, moves=7)
    seat = game.to_move
    assert seat is not None
    bot = _expert_with({2: Tree()})
    plain = make("expert")
    observation = game.observation(seat)
    assert bot.choose(observation, random.Random(5)) == plain.choose(observation, random.Random(5))
    assert bot.replies is None


def test_at_keep_or_rotate_a_tree_grows_only_where_play_begins_after_the_choice() -> None:
    bot = _expert_with({2: Tree()})
    game = mid_round(2, seed=3, moves=0)
    for orienting in ("first", "last"):
        seat = game.to_move
        assert seat is not None and isinstance(game.legal_moves()[0], Orient)
        move = bot.choose(game.observation(seat), random.Random(5))
        assert bot.replies is not None
        if orienting == "first":
            assert bot.replies.visits() == 0
        else:
            assert 0 < bot.replies.visits() == bot.rollouts_done
        game = game.play(move)
    assert game.position.phase == "play"


def _stats(node: _Node) -> list[tuple[str, int, float]]:
    """Every move's visits and rewards in a tree, in a fixed order."""
    found = [(repr(m), int(n), round(total, 9)) for m, (n, total) in node.stats.items()]
    for move, child in node.children.items():
        found += [(repr(move) + " " + k, n, t) for k, n, t in _stats(child)]
    return sorted(found)


def _grow(
    tree: Tree, position: Position, value: Callable[[Position], float], rollouts: int
) -> Replies:
    """A tree grown from the candidate the fast player would make at ``position``."""
    seat = position.to_move
    assert seat is not None
    replies = Replies(tree, seat, value, DEFAULT_WEIGHTS, 80)
    after = play(position, policy_move(position))
    for _ in range(rollouts):
        replies.play_out(after)
    return replies


@pytest.mark.parametrize("players", [2, 3])
def test_a_zero_sum_tree_changes_nothing_in_a_round_played_for_its_margin(players: int) -> None:
    position = mid_round(players, seed=8, moves=4).position
    seat = position.to_move
    assert seat is not None

    def margin(end: Position) -> float:
        return round_margin(end, seat)

    plain = _grow(Tree(), position, margin, 40)
    zero_sum = _grow(Tree(zero_sum=True), position, margin, 40)
    assert plain.nodes() > 3
    # Head to head the opponent's margin is the searching seat's margin negated.
    assert [_stats(r) for r in plain.roots.values()] == [_stats(r) for r in zero_sum.roots.values()]


@pytest.mark.parametrize("zero_sum", [False, True])
def test_in_a_zero_sum_tree_the_opponent_plays_for_the_searching_seats_loss(
    zero_sum: bool,
) -> None:
    position = mid_round(2, seed=6, moves=4).position
    seat = position.to_move
    assert seat is not None
    rival = 1 - seat
    after = play(position, policy_move(position))
    assert after.to_move == rival and after.end is None
    totals = (-5, 0) if seat == 0 else (0, -5)  # the searching seat 5 points behind
    scored: list[tuple[Position, float]] = []

    def standing(end: Position) -> float:
        # A last round played for the game.
        worth = standing_value(end, seat, totals, 0)
        scored.append((end, worth))
        return worth

    replies = Replies(Tree(depth=1, zero_sum=zero_sum), seat, standing, DEFAULT_WEIGHTS, 80)
    for _ in range(30):
        replies.play_out(after)
    # Each rollout made one move in the tree, the opponent's reply, and scored it.
    (root,) = replies.roots.values()
    assert sum(n for n, _ in root.stats.values()) == len(scored) == 30
    rewards = sum(total for _, total in root.stats.values())
    losses = -sum(worth for _, worth in scored)
    margins = sum(round_margin(end, rival) for end, _ in scored)
    assert abs(losses - margins) > 1  # the two rewards differ in these rounds
    assert rewards == pytest.approx(losses if zero_sum else margins)
