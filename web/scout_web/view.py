"""The page's controller: screens, clicks and keys, the moves they make, AI turns, hints, saves.

The table is drawn by ``render_table``, ``render_prompt``, ``render_log`` and ``summary``, over
the helpers in ``dom``. One delegated click handler and one key handler serve the whole page;
elements say what they do with ``data-act`` (and ``data-i`` for an index).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found, unused-ignore]
from pyscript import document, window  # type: ignore[import-not-found]

from scout_core import IllegalMoveError, Move
from scout_core.bots import Why, why
from scout_core.moves import KEEP, ROTATE

from . import entry as ent
from . import i18n, page_text, storage
from .animate import motion_plan, plan_json
from .dialogs import Confirm
from .dom import (
    ROOT,
    attr,
    by_id,
    clear,
    prepare_thinker,
    query,
    real,
    settle_focus,
    storage_get,
    storage_remove,
    think_elsewhere,
)
from .i18n import _
from .keeping import Keeper
from .keys import on_key
from .prefs import PREFS_KEY, read_prefs
from .render_log import news, render_log, render_scores, show_newest
from .render_prompt import render_prompt, set_message
from .render_table import render_hand, render_handover, render_seats, render_table
from .replay_view import ReplayControls
from .session import MOTION_MS, SPEEDS, Session, Settings
from .start_form import StartForm
from .stats import STATS_KEY
from .summary import fill_summary, render_summary
from .words import (
    LogLine,
    both,
    hint_line,
    hint_reason,
    reason_text,
    undo_refusal,
)

# -- the page -------------------------------------------------------------------------------


class Page:
    """The page's state beyond the session: which screen, what is highlighted, the AI task."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.ai_task: Any = None
        self.hint_task: Any = None
        self.hinting = False
        self.show_suggestions = False
        self.hint_found: tuple[Move, Why] | None = None  # the hint's move and its reason
        self.focus_key: str | None = None
        self.announced = 0
        self.log_open = bool(window.matchMedia("(min-width: 901px)").matches)
        self.muted = False
        self.hint_entry: ent.Entry | None = None
        self.drawn: Any = None  # the game last drawn, to tell what a redraw changes
        self.drawn_human_turn = False
        self.log_shown: list[LogLine] = []
        self.tutorial: Any = None
        self.keeper = Keeper(self)
        self.form = StartForm(self.keeper)
        self.confirm = Confirm()
        self.replays = ReplayControls(self)
        self.clicked: int | None = None  # the data-i of the click being handled
        self.actions = self.handlers()
        self._proxies: list[Any] = []

    # -- start-up ----------------------------------------------------------------------------

    async def start(self) -> None:
        from scout_core import __version__  # noqa: PLC0415

        prefs = read_prefs(storage_get(PREFS_KEY))
        page_text.record()  # the page's English, before anything is translated or drawn
        i18n.use(prefs.lang or i18n.choose([str(t) for t in window.navigator.languages]))
        page_text.apply()
        self.form.version = __version__
        self.form.fill(prefs)
        self.set_muted(prefs.muted)
        self.bind()
        await self.keeper.claim()
        self.load_saved(keep_bad=self.writer)
        if not self.writer:
            self.keeper.lost_game(_("This game is open in another tab. This tab only shows it."))
        by_id("loading").hidden = True
        show_newest()
        ROOT.setAttribute("data-ready", "")

    def load_saved(self, *, keep_bad: bool) -> None:
        """Show the saved game (a finished one too: its final standings stay up until a new
        game), or the start screen."""
        loaded = storage.load(storage_get(storage.SAVE_KEY))
        if loaded.problem is not None and keep_bad:
            self.keeper.keep_aside(loaded.problem)
        self.session = loaded.session
        if self.session is not None:
            self.show_table()
        else:
            self.show_start()

    @property
    def writer(self) -> bool:
        """Whether this tab plays the game (another tab may have it)."""
        return self.keeper.writer

    def use_session(self, session: Session) -> None:
        self.replays.stop_analysis()
        self.stop_ai()
        self.tutorial = None
        self.session = session
        self.hint_found = None
        self.show_suggestions = False
        self.save()
        self.show_table()
        self.focus_first()

    def background(self, work: Any) -> None:
        """Run a coroutine started by a click, keeping it referenced until it ends."""
        task = asyncio.ensure_future(work)
        TASKS.append(task)
        task.add_done_callback(TASKS.remove)

    def bind(self) -> None:
        click = create_proxy(self.on_click)
        key = create_proxy(self.on_key)
        submit = create_proxy(self.on_submit)
        change = create_proxy(self.on_change)
        stored = create_proxy(self.keeper.on_storage)
        lost = create_proxy(self.keeper.on_lost)
        self._proxies += [click, key, submit, change, stored, lost]
        document.addEventListener("click", click)
        document.addEventListener("keydown", key)
        by_id("new-game").addEventListener("submit", submit)
        by_id("opt-players").addEventListener("change", change)
        by_id("opt-levels").addEventListener("change", change)
        for node in document.querySelectorAll("select.language"):
            node.addEventListener("change", change)
        by_id("speed").addEventListener("change", change)
        by_id("file-input").addEventListener("change", change)
        window.addEventListener("storage", stored)
        window.scoutWriter.onLost(lost)

    # -- screens -------------------------------------------------------------------------------

    def show_start(self) -> None:
        self.stop_ai()
        ROOT.setAttribute("data-screen", "start")
        ROOT.removeAttribute("data-busy")
        by_id("app").hidden = True
        by_id("start").hidden = False
        resume = by_id("resume")
        resume.hidden = self.session is None
        if self.session is not None:
            resume.textContent = (
                _("See the final standings") if self.session.over else _("Resume your game")
            )
        self.form.draw_stats()
        for name in ("summary", "menu"):
            dialog = by_id(name)
            if dialog.open:
                dialog.close()

    def show_table(self) -> None:
        ROOT.setAttribute("data-screen", "table")
        by_id("start").hidden = True
        by_id("app").hidden = False
        assert self.session is not None
        by_id("speed").value = self.session.settings.speed
        settings = self.session.settings
        if self.writer and settings.people != tuple(range(settings.players)):
            prepare_thinker()  # AI players will think here (or the analysis, once it is over)
        self.announced = len(self.session.game.log)
        self.drawn = None  # a game shown afresh is drawn in place, without motion
        self.render()
        self.schedule_ai()

    def set_language(self, tag: str) -> None:
        """Speak ``tag`` from now on, remembered, without losing anything: the page's own words,
        the start form, the table, the log, and any dialog open are worded anew."""
        i18n.use(tag)
        if self.writer:
            prefs = read_prefs(storage_get(PREFS_KEY))
            self.keeper.store(PREFS_KEY, replace(prefs, lang=i18n.language()).to_json())
        page_text.apply()
        self.form.fill_levels(int(by_id("opt-players").value))
        self.form.draw_stats()
        self.set_muted(self.muted)
        if self.session is not None:
            resume = by_id("resume")
            resume.textContent = (
                _("See the final standings") if self.session.over else _("Resume your game")
            )
            clear(by_id("log"))
            self.log_shown = []
            self.render()
            if by_id("summary").open:
                fill_summary(self.session)
            self.replays.draw()

    # -- events ------------------------------------------------------------------------------

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        settings = self.form.settings(muted=self.muted)
        if settings is None:
            return
        if self.session is not None and not self.session.over and self.tutorial is None:
            self.confirm.ask(
                _("Start a new game?"),
                _(
                    "The game in progress will be lost. Save it to a file first if you want to"
                    " keep it."
                ),
                _("Start a new game"),
                _("Keep my game"),
                lambda: self.new_game(settings),
            )
            return
        self.new_game(settings)

    def new_game(self, settings: Settings) -> None:
        self.replays.stop_analysis()
        self.stop_ai()
        self.tutorial = None
        self.session = Session.new(settings)
        self.hint_found = None
        self.show_suggestions = False
        by_id("start-message").hidden = True
        ROOT.removeAttribute("data-save-problem")
        self.save()
        self.show_table()
        self.focus_first()

    def on_change(self, event: Any) -> None:
        target = event.target
        if target.id == "file-input":
            self.background(self.keeper.open_file(target))
        elif target.id == "opt-players":
            self.form.fill_levels(int(target.value))
        elif str(target.id).startswith("opt-level-"):
            self.form.show_name_fields()
        elif str(target.id).startswith("language-"):
            self.set_language(str(target.value))
        elif target.id == "speed" and self.session is not None:
            speed = str(target.value)
            if speed in SPEEDS:
                self.session.settings = replace(self.session.settings, speed=speed)
                self.save()

    def on_click(self, event: Any) -> None:
        origin = real(event.target)
        target = real(origin.closest("[data-act]")) if hasattr(origin, "closest") else None
        if target is None or target.disabled:
            return
        act = attr(target, "data-act") or ""
        index, stop = attr(target, "data-i"), attr(target, "data-j")
        self.act(act, None if index is None else int(index), None if stop is None else int(stop))

    def on_key(self, event: Any) -> None:
        on_key(event, self.act, playing=not by_id("app").hidden and self.session is not None)

    def handlers(self) -> dict[str, Callable[[], None]]:
        """What a click on ``data-act`` does, for everything but the move being entered."""
        return {
            "rules": lambda: self.open_dialog("rules"),
            "close-rules": lambda: by_id("rules").close(),
            "menu": lambda: self.open_dialog("menu"),
            "close-menu": lambda: by_id("menu").close(),
            "resume": self.resume,
            "reset-stats": self.reset_stats,
            "tutorial": self.start_tutorial,
            "new-game": self.leave_for_start,
            "log": self.toggle_log,
            "sound": self.toggle_sound,
            "take-over": lambda: self.background(self.keeper.take_over()),
            "close-no-storage": lambda: setattr(by_id("no-storage"), "hidden", True),
            "open-file": self.choose_file,
            "save-file": self.keeper.save_file,
            "confirm-yes": lambda: self.confirm.answer(True),
            "confirm-no": lambda: self.confirm.answer(False),
            "next-round": self.next_round,
            "open-summary": self.open_summary,
            "open-final": self.open_summary,
            "final-new": self.leave_for_start,
            "replay-deal": self.replay_deal,
            "undo": self.undo,
            "take-device": self.take_device,
            "keep": lambda: self.commit_if_turn(KEEP),
            "rotate": lambda: self.commit_if_turn(ROTATE),
            "confirm": self.confirm_move,
            "confirm-show": self.confirm_move,
            "hint": self.hint,
            "cancel-hint": self.cancel_hint,
            "suggest": self.toggle_suggestions,
            "replay": self.replays.open,
            "replay-event": lambda: self.replays.open_at_event(self.clicked),
            "close-replay": self.replays.close,
            "replay-start": lambda: self.replays.move("replay-start", None),
            "replay-back": lambda: self.replays.move("replay-back", None),
            "replay-forward": lambda: self.replays.move("replay-forward", None),
            "replay-end": lambda: self.replays.move("replay-end", None),
            "replay-goto": lambda: self.replays.move("replay-goto", self.clicked),
            "analyse": self.replays.start_analysis,
            "stop-analysis": self.replays.stop_analysis,
        }

    def act(self, act: str, index: int | None = None, stop: int | None = None) -> None:
        self.clicked = index
        for name in ("menu", "summary"):
            if act not in ("menu", "open-summary", "open-final") and by_id(name).open:
                by_id(name).close()
        handler = self.actions.get(act)
        if handler is not None:
            handler()
            return
        session = self.session
        if session is None or not session.human_to_move():
            return
        new = ent.step(session.entry, act, session.game.table, index, stop)
        if new is None:
            return
        if self.hinting:
            self.stop_hint()
            self.update_busy()
        if act == "cancel":
            self.hint_found = None
        if new != session.entry:
            session.entry = new
            self.focus_key = self.focus_after(act, new, index)
            self.after_change(save=True)
        else:
            self.render()

    def resume(self) -> None:
        if self.session is not None:
            self.show_table()

    def reset_stats(self) -> None:
        storage_remove(STATS_KEY)
        self.form.draw_stats()

    def leave_for_start(self) -> None:
        if self.tutorial is not None:
            self.tutorial = None
            self.session = storage.load(storage_get(storage.SAVE_KEY)).session
        self.show_start()

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.render()
        if self.log_open:
            show_newest()
            by_id("log").focus()
        else:
            by_id("log-button").focus()

    def toggle_sound(self) -> None:
        self.set_muted(not self.muted)
        prefs = read_prefs(storage_get(PREFS_KEY))
        if self.writer:
            self.keeper.store(PREFS_KEY, replace(prefs, muted=self.muted).to_json())
        self.say(_("Sound off.") if self.muted else _("Sound on."))

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        window.scoutSound.setMuted(muted)
        node = by_id("sound-button")
        node.setAttribute("aria-pressed", "false" if muted else "true")
        node.setAttribute("title", _("Sound is off") if muted else _("Sound is on"))

    def choose_file(self) -> None:
        by_id("file-input").click()

    def next_round(self) -> None:
        if self.session is not None:
            self.session.close_summary()
            self.after_change(save=True)
            self.focus_first()

    def open_summary(self) -> None:
        if self.session is not None:
            fill_summary(self.session)
            self.open_dialog("summary")

    def replay_deal(self) -> None:
        if self.session is not None:
            self.new_game(replace(self.session.settings, seed=self.session.game.seed))

    def undo(self) -> None:
        session = self.session
        if session is None:
            return
        refusal = session.undo_refusal()
        if refusal is not None:
            text = undo_refusal(refusal)
            set_message(text)
            self.say(text)
            return
        self.stop_ai()
        session.undo()
        self.hint_found = None
        self.after_change(save=True)
        self.say(_("Your last move was taken back."))

    def take_device(self) -> None:
        """The next person has the device: their hand, and play on."""
        session = self.session
        if session is None or session.handover_to() is None or not self.writer:
            return
        self.stop_hint()
        session.take_device()
        self.hint_found = None
        self.show_suggestions = False
        self.after_change(save=True)
        self.focus_first()

    def commit_if_turn(self, move: Move) -> None:
        if self.session is not None and self.session.human_to_move():
            self.commit(move)

    def confirm_move(self) -> None:
        session = self.session
        if session is None or not session.human_to_move():
            return
        move = ent.move_of(session.game, session.viewer, session.entry)
        if move is not None:
            self.commit(move)

    def cancel_hint(self) -> None:
        self.stop_hint()
        self.update_busy()
        self.render()

    def toggle_suggestions(self) -> None:
        if self.session is not None and self.session.human_to_move():
            self.show_suggestions = not self.show_suggestions
            self.render()

    def focus_after(self, act: str, entry: ent.Entry, index: int | None) -> str | None:
        if act == "card" and index is not None:
            return f"card-{index}"
        if act in ("end-left", "end-right", "flip"):
            return "gap-0" if entry.insert_at is None else "confirm"
        if act == "gap":
            return "to-show" if entry.mode == "scout_show" else "confirm"
        if act in ("scout", "scout-show"):
            return "end-left" if entry.end is None else "gap-0"
        if act == "to-show":
            return "card-0"
        return None

    def commit(self, move: Any) -> None:
        assert self.session is not None
        self.stop_hint()
        try:
            self.session.play(move)
        except IllegalMoveError as error:
            why = reason_text(error.reason) if error.reason else _("The rules do not allow it.")
            set_message(both(_("That move is not allowed."), why))
            return
        self.hint_found = None
        self.show_suggestions = False
        self.after_change(save=True)
        self.schedule_ai()

    def hint(self) -> None:
        session = self.session
        if session is None or not session.human_to_move() or self.hinting:
            return
        self.hinting = True
        self.render()
        self.update_busy()
        self.hint_task = asyncio.ensure_future(self.find_hint(session, session.game))

    def stop_hint(self) -> None:
        if self.hint_task is not None and not self.hint_task.done():
            self.hint_task.cancel()
        self.hint_task = None
        self.hinting = False

    async def find_hint(self, session: Session, game: Any) -> None:
        try:
            move = await session.advise(self.sleep, think_elsewhere)
        except asyncio.CancelledError:
            return
        finally:
            self.hinting = False
            self.update_busy()
        if session is not self.session or session.game is not game:
            return  # the position changed while thinking: the hint is stale
        entry = ent.entry_for(move)
        if entry is not None:
            session.entry = entry
        self.hint_found = (move, why(game.observation(session.viewer), move))
        self.hint_entry = session.entry
        self.focus_key = "confirm"
        self.after_change(save=True)

    def update_busy(self) -> None:
        """``data-busy`` while an AI plays or a hint is being worked out: tests wait on it."""
        session = self.session
        busy = self.hinting or (
            self.writer and session is not None and self.tutorial is None and session.ai_to_move()
        )
        if busy:
            ROOT.setAttribute("data-busy", "")
        else:
            ROOT.removeAttribute("data-busy")

    # -- AI turns ------------------------------------------------------------------------------

    def schedule_ai(self) -> None:
        session = self.session
        if session is None or self.tutorial is not None or not self.writer:
            return
        self.update_busy()
        if not session.ai_to_move():
            return
        if self.ai_task is not None and not self.ai_task.done():
            return  # the running loop sees the new turn once its pause is over
        self.ai_task = asyncio.ensure_future(self.drive_ai(session))

    async def drive_ai(self, session: Session) -> None:
        try:
            await session.run_ai(self.sleep, self.ai_moved, think_elsewhere)
        finally:
            if session is self.session:
                if self.drawn is not session.game:  # stopped before its last move was drawn
                    self.after_change(save=True)
                if not session.ai_to_move():
                    self.update_busy()
                else:
                    self.ai_task = None
                    self.schedule_ai()

    async def sleep(self, seconds: float) -> None:
        if seconds == 0:
            await asyncio.sleep(0)
            return
        # The pace's pauses are spent thinking (Session.run_ai): the seat that thinks says so.
        if self.session is not None:
            render_seats(self.session)
        await asyncio.sleep(seconds)

    def ai_moved(self) -> None:
        self.after_change(save=True)

    def stop_ai(self) -> None:
        if self.session is not None:
            self.session.epoch += 1
        if self.ai_task is not None and not self.ai_task.done():
            self.ai_task.cancel()
        self.ai_task = None
        self.stop_hint()
        self.update_busy()

    # -- saving --------------------------------------------------------------------------------

    def save(self) -> None:
        if self.session is not None and self.keeper.may_save():
            self.keeper.store(storage.SAVE_KEY, storage.dump(self.session))

    def after_change(self, save: bool) -> None:
        session = self.session
        if session is not None and session.over and not session.counted and self.keeper.may_save():
            # Statistics are a solo player's: practice games and games with friends are not
            # counted.
            if not session.settings.practice and not session.shared:
                self.keeper.store(STATS_KEY, self.keeper.stats().after(session.game).to_json())
            session.counted = True
        if session is not None and session.over and self.writer and self.tutorial is None:
            self.replays.start_analysis()
        if save:
            self.save()
        self.render()
        self.schedule_ai()

    # -- drawing -------------------------------------------------------------------------------

    def render(self) -> None:
        session = self.session
        if session is None or by_id("app").hidden:
            return
        key = self.focus_key
        if key is None:
            key = attr(real(document.activeElement), "data-key")
        self.focus_key = None
        game = session.game
        ROOT.setAttribute("data-phase", game.phase)
        ROOT.setAttribute("data-turn", self.turn_state())
        ROOT.setAttribute("data-moves", str(len(game.moves)))
        label = _("Round {round} of {rounds}").format(round=game.round, rounds=game.rounds)
        if session.settings.practice:
            label = _("{round} \u00b7 Practice").format(round=label)
        by_id("round-label").textContent = label
        moved = self.drawn is not None and self.drawn is not game
        plan = motion_plan(self.drawn, game, session.viewer) if moved else None
        window.scoutMotion.before()
        guide_cards: frozenset[int] = frozenset()
        if self.tutorial is not None:
            from .tutorial import guide_cards as tutorial_cards  # noqa: PLC0415

            guide_cards = tutorial_cards(session)
        render_seats(session)
        render_table(session)
        render_hand(session, self.show_suggestions, guide_cards)
        render_handover(session)
        hint = ""
        if self.hint_found is not None and session.entry == self.hint_entry:
            move, reason = self.hint_found
            hint = hint_line(ent.describe_move(game, session.viewer, move), hint_reason(reason))
        render_prompt(
            session,
            show_suggestions=self.show_suggestions,
            hint_text=hint,
            hinting=self.hinting,
            guided=self.tutorial is not None,
        )
        self.log_shown = render_log(session, self.log_shown, self.log_open)
        by_id("app").classList.toggle("log-open", self.log_open)
        render_scores(session)
        said = news(session, self.announced)
        self.announced = len(game.log)
        if said is not None:
            self.say(said)
        if self.writer:  # a modal dialog would hide the way to take the game back
            render_summary(session)
        settle_focus()
        if session.handover_to() is not None:
            by_id("handover-button").focus()  # the one thing to do; Enter does it
        elif key:
            node = query(f'#app [data-key="{key}"]')
            if node is not None and not node.isSameNode(real(document.activeElement)):
                node.focus()
        speed = session.settings.speed
        ms = MOTION_MS.get(speed, 300) if moved else 160
        window.scoutMotion.after(plan_json(plan, ms, first=self.drawn is None))
        if plan is not None and plan.sound and self.drawn is not None:
            window.scoutSound.play(plan.sound)
        if moved and session.human_to_move() and not self.drawn_human_turn:
            window.scoutSound.play("turn")
        self.drawn = game
        self.drawn_human_turn = session.human_to_move()

    def turn_state(self) -> str:
        session = self.session
        assert session is not None
        if session.over:
            return "over"
        if session.summary_pending:
            return "summary"
        if session.handover_to() is not None:
            return "handover"
        if session.human_to_move():
            return "human"
        return "ai"

    def say(self, text: str) -> None:
        by_id("announce").textContent = text

    def open_dialog(self, name: str) -> None:
        dialog = by_id(name)
        if not dialog.open:
            dialog.showModal()

    def focus_first(self) -> None:
        node = query("#actions .primary:not([disabled])")
        if node is None:
            node = query("#hand-cards button")
        if node is not None:
            node.focus()

    # -- the guided first hand -----------------------------------------------------------------

    def start_tutorial(self) -> None:
        from .tutorial import tutorial_session  # noqa: PLC0415 - only when asked

        self.stop_ai()
        self.session, self.tutorial = tutorial_session()
        self.show_table()


def main() -> None:
    """Start the page."""
    PAGES.append(page := Page())  # kept alive for the page's lifetime
    TASKS.append(asyncio.ensure_future(page.start()))


PAGES: list[Page] = []
TASKS: list[Any] = []
