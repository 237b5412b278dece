"""The replay dialog's controls and the analysis that runs behind it: in the AI's worker, one
decision at a time, or here in slices when the worker cannot answer."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scout_core import Game
from scout_core.bots.analysis import DEFAULT_BUDGET
from scout_core.remote import RequestError, decision_request, read_decision
from scout_core.review import Decision, Review, decisions_of, replay, think_review

from .dom import ROOT, by_id, think_elsewhere
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
        game = session.game
        priced = await self.price_elsewhere(game)
        steps = think_review(game, HUMAN, budget=PAGE_BUDGET, seed=game.seed, resume=priced)
        try:
            for step in steps:
                if isinstance(step, Review):
                    session.review = step
                    break
                self.show_progress(step.done, step.total)
                await asyncio.sleep(0)  # the page draws and answers between slices
        finally:
            steps.close()
            self.progress = None
        ROOT.setAttribute("data-analysis", "done")
        if session is self.page.session:
            self.page.save()
            self.draw()

    async def price_elsewhere(self, game: Game) -> list[Decision]:
        """The person's decisions, priced one by one in the AI's worker while it answers;
        the rest (all of them without a worker) are priced here."""
        states = replay(game)
        wanted = decisions_of(states, HUMAN)
        priced: list[Decision] = []
        for done, i in enumerate(wanted):
            self.show_progress(done, len(wanted))
            request = decision_request(states[i], game.moves[i], i, HUMAN, game.seed)
            answer = await think_elsewhere(request, wait=True)
            if answer is None:
                break
            try:
                priced.append(read_decision(answer))
            except RequestError:  # the worker has reported it; the page prices the rest
                break
        return priced

    def show_progress(self, done: int, total: int) -> None:
        if self.progress != (done, total):
            self.progress = (done, total)
            ROOT.setAttribute("data-analysis", f"{done}/{total}")
            self.draw()

    def stop_analysis(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
            ROOT.setAttribute("data-analysis", "stopped")
        self.task = None
        self.progress = None
        self.draw()
