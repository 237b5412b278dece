"""The replay dialog's controls and the analysis that runs behind it, in slices."""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scout_core.bots.analysis import DEFAULT_BUDGET
from scout_core.review import Progress, Review, think_review

from .dom import ROOT, by_id
from .i18n import _
from .render_prompt import set_message
from .render_replay import render_replay
from .replay import Replay
from .session import Session
from .words import HUMAN

if TYPE_CHECKING:
    from .view import Page

# Smaller slices than the default: in Pyodide 16 rollouts can take over 50 ms, and the page must
# keep drawing and answering while the analysis runs. The results do not depend on it.
PAGE_BUDGET = replace(DEFAULT_BUDGET, slice_rollouts=4)


class ReplayControls:
    """Where the replay is, and the analysis of the person's decisions while it runs."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.replay: Replay | None = None
        self.task: Any = None
        self.progress: tuple[int, int] | None = None

    def open(self, at: int | None = None) -> None:
        session = self.page.session
        if session is None or self.page.tutorial is not None:
            return
        self.replay = Replay.of(session.game, at) if session.replayable_rounds() else None
        if self.replay is None and session.shared:
            set_message(
                _(
                    "With friends, the replay opens once the game is over: until then every hand"
                    " stays private."
                )
            )
            return
        if self.replay is None:
            set_message(
                _("The replay opens once a round is over: until then the hands are private.")
            )
            return
        self.draw()
        dialog = by_id("replay")
        if not dialog.open:
            dialog.showModal()
        by_id("replay-forward").focus()

    def open_at_event(self, event: int | None) -> None:
        """Open the replay where the ``event``-th public event happened (a log line)."""
        session = self.page.session
        if session is None or event is None:
            return
        whole = Replay.of(session.game)
        self.open(None if whole is None else whole.step_of_event(event))

    def move(self, act: str, index: int | None) -> None:
        if self.replay is not None:
            self.replay = self.replay.moved(act, index)
            self.draw()

    def close(self) -> None:
        by_id("replay").close()
        self.replay = None

    def draw(self) -> None:
        session = self.page.session
        if self.replay is not None and session is not None:
            render_replay(session, self.replay, self.progress, session.review)

    # -- the analysis ----------------------------------------------------------------------------

    def start_analysis(self) -> None:
        """Price the person's decisions, in slices, once the game is over; kept with the save."""
        session = self.page.session
        busy = self.task is not None and not self.task.done()
        if session is None or not session.over or session.review is not None or busy:
            return
        if session.shared:  # whose decisions? the analysis is a solo player's
            return
        self.task = asyncio.ensure_future(self.analyse(session))

    async def analyse(self, session: Session) -> None:
        steps: Generator[Progress | Review, None, None] = think_review(
            session.game, HUMAN, budget=PAGE_BUDGET, seed=session.game.seed
        )  # type: ignore[assignment]  # a generator function's iterator
        try:
            for step in steps:
                if isinstance(step, Review):
                    session.review = step
                    break
                if self.progress != (step.done, step.total):
                    self.progress = (step.done, step.total)
                    ROOT.setAttribute("data-analysis", f"{step.done}/{step.total}")
                    self.draw()
                await asyncio.sleep(0)  # the page draws and answers between slices
        finally:
            steps.close()
            self.progress = None
        ROOT.setAttribute("data-analysis", "done")
        if session is self.page.session:
            self.page.save()
            self.draw()

    def stop_analysis(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
            ROOT.setAttribute("data-analysis", "stopped")
        self.task = None
        self.progress = None
        self.draw()
