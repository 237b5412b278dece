"""``expert`` whose rollouts begin in a tree of the replies at every table size, in the arena.

The tree (:mod:`scout_core.bots.replies`) searches the replies to each candidate over the
deals of a decision instead of leaving them to the fast player. A level
``expert-tree:c=C,k=K,depth=D,zero_sum=Z,FIELD=N`` sets it (defaults ``c=4,k=4,depth=4``;
``zero_sum=1`` scores the opponent's replies by the searching seat's loss) and any field
``tools/budgets.py`` changes (say ``steps=8000``); every other name is a level that tool knows.
The arguments and the report are the arena's:

    python tools/reply_tree.py expert-tree:steps=8000 hard-2026-11 --players 3 --games 200 \\
        --rounds 1 --seed 5 --jobs 1 [--log FILE]

The same seed deals the same games, so a log of this and one of ``expert`` itself compare
game by game.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import budgets  # noqa: E402 - its sibling in tools/

from scout_core import arena  # noqa: E402
from scout_core.bots import Bot, ExpertBot  # noqa: E402
from scout_core.bots.replies import Tree  # noqa: E402

PREFIX = "expert-tree"


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
        elif name == "zero_sum":
            if number not in ("0", "1"):
                raise ValueError(f"zero_sum in {level!r} is 1 (yes) or 0 (no)")
            tree = dataclasses.replace(tree, zero_sum=number == "1")
        elif name in ("k", "depth"):
            least = 2 if name == "k" else 1
            if not number.isdigit() or int(number) < least:
                raise ValueError(f"{name} in {level!r} needs a whole number of {least} or more")
            if name == "k":
                tree = dataclasses.replace(tree, k=int(number))
            else:
                tree = dataclasses.replace(tree, depth=int(number))
        else:
            rest.append(part)
    other = "expert:" + ",".join(rest) if rest else "expert"
    if rest:
        budgets.changes_of(other)  # its refusals, before any game is played
    return tree, other


def make_bot(level: str) -> Bot:
    """``expert`` with a tree for ``expert-tree...``; every level ``tools/budgets.py`` knows."""
    if level.partition(":")[0] != PREFIX:
        return budgets.make_bot(level)
    tree, other = tree_of(level)
    varied = budgets.make_bot(other)
    assert isinstance(varied, ExpertBot)
    arguments = varied.arguments()
    arguments["level"] = level
    arguments["trees"] = {players: tree for players in (2, 3, 4, 5)}
    return ExpertBot(**arguments)


if __name__ == "__main__":
    arena.main(sys.argv[1:], roster=arena.Roster(make=make_bot))
