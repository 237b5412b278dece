"""``expert`` whose rollouts begin in a tree: the replies to a candidate searched over the
deals, not made by the fast player alone.

Every rollout of ``expert`` finishes the round with the fast player, each seat playing its
best-priced move. Here each candidate grows a small tree across the deals of a decision
(single-observer information-set search): for the first ``depth`` moves after the candidate,
the seat to move chooses among the fast player's ``k`` best-priced moves in that deal, by
what they gave that seat in the rollouts before (its round margin; the searching seat, its
rollout's worth), with the pricing's order as a prior (PUCT, exploration ``c`` in points).
Past the tree the fast player finishes the round as before. A move reached only in some deals
is judged by the deals where it was there.

A level ``expert-tree:c=C,k=K,depth=D,FIELD=N`` sets the tree (defaults ``c=4,k=4,depth=4``)
and any field ``tools/budgets.py`` changes (say ``steps=8000``); the arguments and the report
are the arena's:

    python tools/reply_tree.py expert-tree:steps=8000 hard-2026-11 --players 3 --games 200 \\
        --rounds 1 --seed 5 --jobs 1 [--log FILE]

The same seed deals the same games, so a log of this and one of ``expert`` itself compare
game by game.
"""

from __future__ import annotations

import dataclasses
import math
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import budgets  # noqa: E402 - its sibling in tools/

from scout_core import arena  # noqa: E402
from scout_core.bots import Bot, ExpertBot  # noqa: E402
from scout_core.bots.policy import finish, play, policy_moves  # noqa: E402
from scout_core.bots.worth import round_margin  # noqa: E402
from scout_core.moves import Move  # noqa: E402
from scout_core.observation import Observation  # noqa: E402
from scout_core.position import Position  # noqa: E402

PREFIX = "expert-tree"

PRIORS = (0.6, 0.25, 0.15, 0.1)
"""The prior of the fast player's best move, its second, third, and every later one."""


@dataclass(frozen=True, slots=True)
class Tree:
    """How far the tree reaches and how it chooses."""

    c: float = 4.0
    """Exploration, in points of a seat's reward."""
    k: int = 4
    """Moves a seat chooses among at a node: the fast player's best-priced ones."""
    depth: int = 4
    """Moves after the candidate played in the tree; the fast player plays the rest."""


def tree_of(level: str) -> tuple[Tree, str]:
    """The tree a level ``expert-tree[:FIELD=N,...]`` asks for, and the level of
    ``tools/budgets.py`` holding its other fields (``expert:...``, or ``expert`` for none).
    Raises ValueError, saying what is wrong."""
    head, colon, fields = level.partition(":")
    if head != PREFIX or (colon and not fields):
        raise ValueError(f"{level!r} is not of the form {PREFIX}:c=4,k=4,depth=4,steps=8000")
    tree = Tree()
    rest = []
    for part in fields.split(",") if fields else []:
        name, _, number = part.partition("=")
        if name == "c":
            try:
                value = float(number)
            except ValueError:
                value = math.nan
            if not 0 < value < math.inf:
                raise ValueError(f"c in {level!r} needs a number above 0, as c=4")
            tree = dataclasses.replace(tree, c=value)
        elif name in ("k", "depth"):
            least = 2 if name == "k" else 1
            if not number.isdigit() or int(number) < least:
                raise ValueError(f"{name} in {level!r} needs a whole number of {least} or more")
            tree = dataclasses.replace(tree, **{name: int(number)})
        else:
            rest.append(part)
    other = "expert:" + ",".join(rest) if rest else "expert"
    if rest:
        budgets.changes_of(other)  # its refusals, before any game is played
    return tree, other


class _Node:
    """What the moves made at one point of a candidate's tree gave the seat that made them."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[Move, list[float]] = {}
        """Per move: how often it was made here, and the sum of its rewards."""
        self.children: dict[Move, _Node] = {}


class TreeExpert(ExpertBot):
    """``expert`` whose rollouts begin in a tree (see the module documentation)."""

    def __init__(self, level: str, shipped: ExpertBot, tree: Tree) -> None:
        super().__init__(
            level,
            shipped.budget,
            shipped.weights,
            play_to_win=shipped.play_to_win,
            distinct=shipped.distinct,
            reading=shipped.reading,
        )
        self.tree = tree
        self._seat = 0
        self._value: Callable[[Position], float] = lambda end: 0.0
        self._roots: dict[object, _Node] = {}
        self.moves_off_the_fast_player = [0] * tree.depth
        """At each depth of the tree, the moves made where the fast player would have made
        another (a tool reads them with :attr:`moves_in_the_tree`)."""
        self.moves_in_the_tree = [0] * tree.depth
        """At each depth, the moves made in the tree where a seat had a choice."""

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """``expert``'s search, each candidate's tree grown afresh."""
        self._seat = observation.seat
        self._value = self.rollout_value(observation)
        self._roots = {}
        return super().think(observation, rng)

    def play_out(self, position: Position) -> tuple[Position, int]:
        """Finish the round from a candidate just played: in its tree, then as the fast player."""
        # What the searching seat knows after its candidate, the same in every deal: the
        # candidate's tree.
        key = (position.hands[self._seat], position.table, position.to_move, position.scout_show)
        node = self._roots.setdefault(key, _Node())
        weights = self.weights_at(position.players)
        path: list[tuple[_Node, Move, int]] = []
        depth = 0
        while position.end is None and position.phase == "play" and depth < self.tree.depth:
            choices = policy_moves(position, weights, self.tree.k)
            move = choices[0] if len(choices) == 1 else self._choose(node, choices, depth)
            path.append((node, move, position.to_move))
            position = play(position, move)
            depth += 1
            child = node.children.get(move)
            if child is None:
                node.children[move] = _Node()
                break  # one new node a rollout
            node = child
        end, moves = finish(position, weights, self.budget.rollout_moves)
        mine = self._value(end)
        for at, move, seat in path:
            stats = at.stats.setdefault(move, [0, 0.0])
            stats[0] += 1
            stats[1] += mine if seat == self._seat else round_margin(end, seat)
        return end, moves + depth

    def _choose(self, node: _Node, choices: list[Move], depth: int) -> Move:
        """The move with the best reward so far plus its prior's share of the exploration."""
        stats = node.stats
        tried = [stats[m] for m in choices if m in stats]
        visits = sum(n for n, _ in tried)
        # A move not yet tried here is taken to be worth a point less than the tried ones.
        untried = sum(total / n for n, total in tried) / len(tried) - 1.0 if tried else 0.0
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


def make_bot(level: str) -> Bot:
    """``expert`` with a tree for ``expert-tree...``; every level ``tools/budgets.py`` knows."""
    if level.partition(":")[0] != PREFIX:
        return budgets.make_bot(level)
    tree, other = tree_of(level)
    shipped = budgets.make_bot(other)
    assert isinstance(shipped, ExpertBot)
    return TreeExpert(level, shipped, tree)


if __name__ == "__main__":
    arena.main(sys.argv[1:], roster=arena.Roster(make=make_bot))
