"""The replay of a game, as a value the page draws: every state the engine had, and which of
them may be shown now.

Hands are private while a round is played (R17), so a replay reaches only as far as the last
finished round until the game is over. The steps come from ``scout_core.review``; this module
only keeps the place and moves it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scout_core import Card, Game
from scout_core.review import Step, replay_positions


def viewable(steps: list[Step]) -> int:
    """How many moves a replay may show now: all once the game is over, else up to the move
    that ended the last finished round (0: nothing may be shown yet)."""
    if steps[-1].game.phase == "over":
        return steps[-1].index
    return max((s.index for s in steps if s.ended is not None), default=0)


@dataclass(frozen=True)
class Replay:
    """A replay at step ``at`` (moves played so far), of which steps up to ``limit`` show."""

    steps: tuple[Step, ...]
    limit: int
    at: int

    @classmethod
    def of(cls, game: Game, at: int | None = None) -> Replay | None:
        """The replay of ``game`` (at its last viewable step), or None when there is nothing
        that may be shown yet."""
        every = replay_positions(game)
        limit = viewable(every)
        if limit == 0:
            return None
        steps = tuple(every[: limit + 1])
        return cls(steps, limit, limit if at is None else max(0, min(at, limit)))

    @property
    def step(self) -> Step:
        """The step shown."""
        return self.steps[self.at]

    def seen(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int | None]:
        """Every hand, the table and its owner as they were: after a move that ended a round,
        as the round ended (not the next deal)."""
        step = self.step
        position = step.ended if step.ended is not None else step.game.position
        return position.hands, position.table, position.owner

    def round_start(self) -> int:
        """The first step of the round being shown (its deal)."""
        rnd = self.step.round
        at = self.at
        while at > 0 and self.steps[at - 1].round == rnd and self.steps[at - 1].ended is None:
            at -= 1
        return at

    def moved(self, act: str, index: int | None = None) -> Replay:
        """The replay after a control: back, forward, start (of the round), end, or goto."""
        targets = {
            "replay-back": self.at - 1,
            "replay-forward": self.at + 1,
            "replay-start": self.round_start() - 1 if self.at == self.round_start() else None,
            "replay-end": self.limit,
            "replay-goto": index,
        }
        target = targets.get(act, self.at)
        if act == "replay-start" and target is None:
            target = self.round_start()
        if target is None:
            return self
        return replace(self, at=max(0, min(target, self.limit)))

    def step_of_event(self, event: int) -> int | None:
        """The step at which the ``event``-th public event (0-based) was recorded, if shown."""
        for step in self.steps:
            if len(step.game.log) > event:
                return step.index
        return None
