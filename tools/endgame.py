"""``expert`` that plays two-player endgames out exactly in its rollouts, in the arena.

Head to head, a rollout finishes the round with the fast player in both seats. Near the end of
a round the hands are small and each Scout costs a chip, so the rest of the round is a short
game of perfect information in every deal: :class:`Solver` plays it out by alpha-beta search
over every legal move, both seats playing their best for the round margin. A level
``expert-endgame:cards=C,nodes=N`` is ``expert`` as it ships, except that at a decision whose
candidates all leave at most ``C`` cards in the two hands (default 10; a scout adds one) every
rollout is played out so. A search that would visit more than ``N`` positions (default 20000)
gives up, and that rollout is finished as ``expert`` finishes it. Each position visited counts
as one simulated move, so the budget buys fewer deals. A decision's rollouts are played out
all alike, exactly or not, because the search compares its candidates by the sums of their
rollouts on the same deals: had some been played out exactly and others by the fast player,
it would compare two measures. Every other name is a level ``make`` knows. The arguments and
the report are the arena's:

    python tools/endgame.py expert-endgame:cards=10 hard-2026-11 --players 2 --games 200 \\
        --seed 2 --jobs 1 [--log FILE]

The same seed deals the same games, so a log of this and one of ``expert`` itself compare
game by game.

At two players a rollout's worth, the round margin or the standing in the game, grows with
the margin (:mod:`scout_core.bots.worth`), so the line that is best for the margin is best for
it too, and the rollout's end is that line's last position.

Measured against ``expert`` as it ships over 400 whole games, it lost points in the first round
and gained none in the last, so ``expert`` does not play so (docs/strength.md, "Two-player
endgames played out exactly").
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import arena  # noqa: E402
from scout_core.bots import Bot, ExpertBot, make  # noqa: E402
from scout_core.bots.policy import play, policy_move  # noqa: E402
from scout_core.bots.worth import round_scores  # noqa: E402
from scout_core.moves import Move, Show  # noqa: E402
from scout_core.observation import Observation  # noqa: E402
from scout_core.position import Position  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))

from shipped import shipped_arguments  # noqa: E402

PREFIX = "expert-endgame"
DEFAULTS = {"cards": 10, "nodes": 20000}


class _OutOfNodesError(Exception):
    """The search visited as many positions as it may."""


Entry = tuple[int, Position, int, Position]
"""What the search knows of a position: a lower bound of seat 0's margin and a last position
that reaches it, then an upper bound and one that reaches it."""

LOWEST, HIGHEST = -1000, 1000
"""Margins no round reaches."""


class Solver:
    """Exact play of two-player rounds whose every hand is known: alpha-beta over all legal
    moves for seat 0's round margin (seat 1 minimises it), remembering the positions it has
    settled (they stay true across rounds and deals, as a position holds all that matters)."""

    def __init__(self) -> None:
        self.limit = 0
        self.known: dict[Position, Entry] = {}
        self.visited = 0
        """Positions the last :meth:`solve` visited (a settled one is not visited again)."""

    def solve(self, position: Position, limit: int) -> Position | None:
        """The last position of a line both seats play best from ``position`` (a two-player
        round in play), or None if finding it would visit more than ``limit`` positions."""
        if position.players != 2 or position.phase != "play":
            raise ValueError("solves two-player rounds in play")
        self.limit = limit
        self.visited = 0
        try:
            return self._search(position, LOWEST, HIGHEST)[1]
        except _OutOfNodesError:
            return None

    def _search(self, position: Position, alpha: int, beta: int) -> tuple[int, Position]:
        if position.end is not None:
            first, second = round_scores(position)
            return first - second, position
        entry = self.known.get(position)
        if entry is not None:
            low, low_end, high, high_end = entry
            if low >= beta or low == high:
                return low, low_end
            if high <= alpha:
                return high, high_end
            alpha, beta = max(alpha, low), min(beta, high)
        self.visited += 1
        if self.visited > self.limit:
            raise _OutOfNodesError
        floor, ceiling = alpha, beta
        maximising = position.to_move == 0
        best = LOWEST - 1 if maximising else HIGHEST + 1
        best_end = position
        for move in _ordered(position):
            value, end = self._search(play(position, move), alpha, beta)
            if (value > best) if maximising else (value < best):
                best, best_end = value, end
                if maximising:
                    alpha = max(alpha, best)
                else:
                    beta = min(beta, best)
                if alpha >= beta:
                    break
        low, low_end, high, high_end = entry or (LOWEST, position, HIGHEST, position)
        if best <= floor:
            high, high_end = best, best_end  # every move fails low: an upper bound
        elif best >= ceiling:
            low, low_end = best, best_end  # a move fails high: a lower bound
        else:
            low = high = best
            low_end = high_end = best_end
        self.known[position] = (low, low_end, high, high_end)
        return best, best_end


def _ordered(position: Position) -> list[Move]:
    """The legal moves, the best first as far as a guess can tell, since the search skips the
    most after a good first move: where there are many, the fast player's move (on ten-card
    endgames the search then visits less than half as many positions, docs/strength.md), then
    longer shows (they most often decide a round), then the scouts as generated."""
    moves = position.legal_moves()
    shows = sorted((m for m in moves if isinstance(m, Show)), key=lambda m: m.start - m.stop)
    ordered = shows + [m for m in moves if not isinstance(m, Show)]
    if len(ordered) > 6:
        fast = policy_move(position)
        ordered.remove(fast)
        ordered.insert(0, fast)
    return ordered


class EndgameExpert(ExpertBot):
    """``expert`` as it ships, its two-player rollouts played out exactly (:class:`Solver`)
    at decisions whose candidates leave at most ``cards`` cards in hand."""

    def __init__(self, level: str, cards: int, nodes: int) -> None:
        super().__init__(**shipped_arguments(level))
        if cards < 2:
            raise ValueError(f"an endgame holds 2 cards or more, not {cards}")
        if nodes < 1:
            raise ValueError(f"a search visits 1 position or more, not {nodes}")
        self.cards = cards
        self.nodes = nodes
        self.solver = Solver()
        self.exact = False
        """Whether the decision's rollouts are played out exactly."""
        self.solved = 0
        """Rollouts of the last decision played out exactly."""

    def think(self, observation: Observation, rng: random.Random) -> Iterator[Move | None]:
        """``expert``'s search, its rollouts played out exactly if the hands are small (a
        fresh memory of settled positions for each decision)."""
        self.solver.known = {}
        self.solved = 0
        self.exact = observation.players == 2 and sum(observation.hand_sizes) < self.cards
        return super().think(observation, rng)

    def play_out(self, position: Position) -> tuple[Position, int]:
        """Play the round out exactly at a decision that does, else as ``expert`` does."""
        if not self.exact or position.end is not None or position.phase != "play":
            return super().play_out(position)
        end = self.solver.solve(position, self.nodes)
        if end is None:
            finished, moves = super().play_out(position)
            return finished, moves + self.solver.visited
        self.solved += 1
        return end, self.solver.visited


def level_of(level: str) -> tuple[int, int]:
    """``cards`` and ``nodes`` of a level ``expert-endgame:cards=C,nodes=N``. Raises
    ValueError, saying what is wrong, for one that is not of that form."""
    name, _, fields = level.partition(":")
    if name != PREFIX:
        raise ValueError(f"{level!r} is not a level {PREFIX}:cards=C,nodes=N")
    values = dict(DEFAULTS)
    for part in filter(None, fields.split(",")):
        key, _, text = part.partition("=")
        if key not in DEFAULTS:
            raise ValueError(f"no field {key!r} in {level!r}; choose among cards, nodes")
        if not text.isdigit() or int(text) < 1:
            raise ValueError(f"{key} in {level!r} needs a whole number 1 or more, not {text!r}")
        values[key] = int(text)
    return values["cards"], values["nodes"]


def make_bot(level: str) -> Bot:
    """``expert`` playing endgames out for ``expert-endgame...``; every level ``make`` knows."""
    if level.partition(":")[0] != PREFIX:
        return make(level)
    cards, nodes = level_of(level)
    return EndgameExpert(level, cards, nodes)


if __name__ == "__main__":
    arena.main(sys.argv[1:], roster=arena.Roster(make=make_bot))
