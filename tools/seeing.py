"""How strong ``expert`` is when it sees every hand: a ceiling on what reading the public
record could give its search.

Plays the arena (``python -m scout_core.arena``, the same arguments and report) with three
levels of its own:

- ``expert-seeing``: ``expert`` whose every deal is the real position. The fast player has no
  chance in it, so each candidate is then judged by one line of play;
- ``expert-varied``: ``expert`` whose rollouts, deal by deal, give every other seat pricing
  weights drawn at random (:func:`varied_weights`): a spread of ways to play, not one;
- ``expert-seeing-varied``: both, so that seeing every hand is judged over many lines.

    python tools/seeing.py expert-seeing-varied hard-2026-11 --players 3 --games 200 \\
        --rounds 1 --seed 1 --jobs 2 [--log FILE]

Only this tool shows a bot the real game (the arena's ``Roster.before_move``); the levels
players meet never see more than their seat.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import Game, arena  # noqa: E402
from scout_core.bots import Bot, ExpertBot, make  # noqa: E402
from scout_core.bots.expert import Deals  # noqa: E402
from scout_core.bots.heuristic import Weights  # noqa: E402
from scout_core.bots.policy import finish  # noqa: E402
from scout_core.observation import Observation  # noqa: E402
from scout_core.position import Position  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))

from shipped import shipped_arguments  # noqa: E402


def varied_weights(rng: random.Random) -> Weights:
    """Pricing weights drawn around the default ones, for one seat of one deal."""
    return Weights(
        others_per_card=rng.uniform(0.3, 0.6),
        scout_show_chip=rng.uniform(0.3, 0.8),
        scout_show_per_card=rng.uniform(0.04, 0.14),
        rival_scout_show=rng.uniform(0.5, 1.5),
        beat_boost=rng.uniform(0.0, 0.4),
    )


class RealDeal:
    """Deals that are all the real position."""

    def __init__(self, real: Position) -> None:
        self.real = real

    def sample(self, rng: random.Random) -> Position:
        """The real position, whatever ``rng`` holds."""
        return self.real


class SeeingExpert(ExpertBot):
    """``expert`` that may see every hand (``seeing``) and may vary how the other seats of
    its rollouts play (``varied``)."""

    def __init__(self, level: str, *, seeing: bool, varied: bool) -> None:
        # expert as it ships, so that only what this tool changes differs.
        super().__init__(**shipped_arguments(level))
        self.seeing = seeing
        self.varied = varied
        self.real: Position | None = None
        """The real position, set by :func:`show_real` before each move."""
        self.seat_weights: list[Weights] = []
        """Each seat's weights in the rollouts of the deal being searched."""

    def deals(self, observation: Observation) -> Deals:
        """The real position or re-deals; with ``varied``, each one draws the seats' weights."""
        if self.seeing:
            if self.real is None:
                raise RuntimeError(f"{self.level} was not shown the real game")
            source: Deals = RealDeal(self.real)
        else:
            source = super().deals(observation)
        if not self.varied:
            return source
        return _VariedDeals(source, self, observation)

    def play_out(self, position: Position) -> tuple[Position, int]:
        """Finish the round, each seat pricing with its own weights when ``varied``."""
        if not self.varied:
            return super().play_out(position)
        return finish(position, self.seat_weights)


class _VariedDeals:
    """A deal, then weights for each seat of it (the searching seat keeps the default)."""

    def __init__(self, source: Deals, bot: SeeingExpert, observation: Observation) -> None:
        self.source = source
        self.bot = bot
        self.observation = observation

    def sample(self, rng: random.Random) -> Position:
        world = self.source.sample(rng)
        weights = [varied_weights(rng) for _ in range(self.observation.players)]
        weights[self.observation.seat] = self.bot.weights_at(self.observation.players)
        self.bot.seat_weights = weights
        return world


LEVELS: dict[str, Callable[[], Bot]] = {
    "expert-seeing": lambda: SeeingExpert("expert-seeing", seeing=True, varied=False),
    "expert-varied": lambda: SeeingExpert("expert-varied", seeing=False, varied=True),
    "expert-seeing-varied": lambda: SeeingExpert("expert-seeing-varied", seeing=True, varied=True),
}


def make_bot(level: str) -> Bot:
    """This tool's levels, and every level ``make`` knows."""
    factory = LEVELS.get(level)
    return factory() if factory is not None else make(level)


def show_real(game: Game, bot: Bot) -> None:
    """Before a move: a seeing bot is given the real position."""
    if isinstance(bot, SeeingExpert):
        bot.real = game.position


ROSTER = arena.Roster(make=make_bot, before_move=show_real)

if __name__ == "__main__":
    arena.main(sys.argv[1:], roster=ROSTER)
