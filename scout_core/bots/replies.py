"""The replies to a searched move, searched over the deals: a small tree at the start of
each rollout.

A rollout finishes the round with the fast player, each seat playing its best-priced move,
so the search would judge a candidate by the one reply the pricing expects. With a
:class:`Tree`, each candidate grows a tree across the deals of a decision instead
(single-observer information-set search): for the first ``depth`` moves after the candidate,
the seat to move chooses among the fast player's ``k`` best-priced moves in that deal by what
each gave that seat in the rollouts before (its round margin; the searching seat, its
rollout's worth), the pricing's order serving as a prior (PUCT); past the tree the fast
player finishes the round. A move found only in some deals is judged by those deals. Each
rollout adds one node, so with a few hundred rollouts a decision the tree reaches two or three
moves past the candidate, and mostly decides the next seat's reply. At keep/rotate a tree
grows only where play begins right after the choice (the last seat to choose).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..moves import Move
from ..position import Position
from .heuristic import Weights
from .policy import finish, play, policy_moves
from .worth import round_margin

PRIORS = (0.6, 0.25, 0.15, 0.1)
"""The prior of the fast player's best move, its second, third, and every later one."""

UNTRIED_PENALTY = 1.0
"""A move not yet tried at a node counts as worth this many points less than the mean of the
tried ones, so a seat keeps to the pricing's best until the rewards or the exploration say
otherwise."""


@dataclass(frozen=True, slots=True)
class Tree:
    """How far the tree of replies reaches and how it chooses."""

    c: float = 4.0
    """Exploration, in points of a seat's reward."""
    k: int = 4
    """Moves a seat chooses among at a node: the fast player's best-priced ones."""
    depth: int = 4
    """Moves after the candidate played in the tree; the fast player plays the rest."""
    zero_sum: bool = False
    """At two players, the opponent's reward is the searching seat's loss (its rollout's
    worth, negated) instead of the opponent's round margin. The two are the same in a round
    played for its margin; in a last round played for the game, the opponent then plays for
    the game too. Tried with ``expert`` and not kept: -0.30 +- 0.36 points a game over 600
    whole games (docs/strength.md)."""

    def __post_init__(self) -> None:
        if not 0 < self.c < math.inf:
            raise ValueError(f"a tree's exploration c must be a number above 0, not {self.c}")
        if self.k < 2:
            raise ValueError(f"a tree's seats choose among k of 2 moves or more, not {self.k}")
        if self.depth < 1:
            raise ValueError(f"a tree reaches a depth of 1 move or more, not {self.depth}")


class _Node:
    """What the moves made at one point of a candidate's tree gave the seat that made them."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[Move, list[float]] = {}
        """Per move: how often it was made here, and the sum of its rewards."""
        self.children: dict[Move, _Node] = {}


class Replies:
    """The trees of one decision, a candidate's each; :meth:`play_out` finishes a round."""

    def __init__(
        self,
        tree: Tree,
        seat: int,
        value: Callable[[Position], float],
        weights: Weights,
        cap: int,
    ) -> None:
        self.tree = tree
        self.seat = seat
        self.value = value
        """What a rollout's end is worth to the searching seat."""
        self.weights = weights
        self.cap = cap
        """Moves the fast player plays at most after the tree."""
        self.roots: dict[object, _Node] = {}
        self.moves_in_the_tree = [0] * tree.depth
        """At each depth, the moves made in the tree where a seat had a choice."""
        self.moves_off_the_fast_player = [0] * tree.depth
        """Of those, the moves the fast player would not have made."""

    def play_out(self, position: Position) -> tuple[Position, int]:
        """Finish the round from a candidate just played, in its tree and then as the fast
        player: the last position and the moves it took."""
        # What the searching seat knows after its candidate is the same in every deal: it
        # names the candidate's tree.
        key = (position.hands[self.seat], position.table, position.to_move, position.scout_show)
        node = self.roots.setdefault(key, _Node())
        path: list[tuple[_Node, Move, int]] = []
        depth = 0
        while position.end is None and position.phase == "play" and depth < self.tree.depth:
            choices = policy_moves(position, self.weights, self.tree.k)
            move = choices[0] if len(choices) == 1 else self.choose(node, choices, depth)
            path.append((node, move, position.to_move))
            position = play(position, move)
            depth += 1
            child = node.children.get(move)
            if child is None:
                node.children[move] = _Node()
                break  # one new node a rollout
            node = child
        end, moves = finish(position, self.weights, self.cap)
        mine = self.value(end)
        duel = self.tree.zero_sum and end.players == 2
        for at, move, seat in path:
            stats = at.stats.setdefault(move, [0, 0.0])
            stats[0] += 1
            if seat == self.seat:
                stats[1] += mine
            else:
                stats[1] += -mine if duel else round_margin(end, seat)
        return end, moves + depth

    def choose(self, node: _Node, choices: Sequence[Move], depth: int) -> Move:
        """The move whose rewards so far, plus its prior's share of the exploration, are
        the most (of the fast player's ``choices``, best-priced first)."""
        stats = node.stats
        tried = [stats[m] for m in choices if m in stats]
        visits = sum(n for n, _ in tried)
        untried = (
            sum(total / n for n, total in tried) / len(tried) - UNTRIED_PENALTY if tried else 0.0
        )
        reach = self.tree.c * math.sqrt(visits + 1)
        best, best_score = choices[0], -math.inf
        for rank, move in enumerate(choices):
            n, total = stats.get(move, (0, 0.0))
            worth = total / n if n else untried
            score = worth + reach * PRIORS[min(rank, len(PRIORS) - 1)] / (1 + n)
            if score > best_score:
                best, best_score = move, score
        self.moves_in_the_tree[depth] += 1
        self.moves_off_the_fast_player[depth] += best != choices[0]
        return best

    def visits(self) -> int:
        """Rollouts that made a move in a tree."""
        return sum(int(n) for root in self.roots.values() for n, _ in root.stats.values())

    def nodes(self) -> int:
        """Nodes grown below the roots."""

        def below(node: _Node) -> int:
            return sum(1 + below(child) for child in node.children.values())

        return sum(below(root) for root in self.roots.values())
