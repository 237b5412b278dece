"""The page's controller: screens, clicks and keys, the moves they make, AI turns, hints, saves.

The table is drawn by ``render_table``, ``render_prompt``, ``render_log`` and ``summary``, over
the helpers in ``dom``. One delegated click handler and one key handler serve the whole page;
elements say what they do with ``data-act`` (and ``data-i`` for an index).
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found, unused-ignore]
from pyscript import document, window  # type: ignore[import-not-found]

from scout_core.moves import KEEP, ROTATE

from . import entry as ent
from . import storage
from .dom import ROOT, attr, by_id, clear, el, query, real, storage_get, storage_remove, storage_set
from .render_log import news, render_log, render_scores
from .render_prompt import render_prompt, set_message
from .render_table import render_hand, render_seats, render_table
from .session import SPEEDS, Session, Settings, default_level, levels
from .summary import fill_summary, render_summary
from .words import HUMAN, seat_names

# -- the page -------------------------------------------------------------------------------


class Page:
    """The page's state beyond the session: which screen, what is highlighted, the AI task."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.ai_task: Any = None
        self.hint_task: Any = None
        self.hinting = False
        self.show_suggestions = False
        self.hint_text = ""
        self.focus_key: str | None = None
        self.announced = 0
        self.log_open = False
        self.log_shown: list[tuple[int, str]] = []
        self.tutorial: Any = None
        self._proxies: list[Any] = []

    # -- start-up ----------------------------------------------------------------------------

    def start(self) -> None:
        from scout_core import __version__  # noqa: PLC0415

        by_id("status").textContent = f"Rules engine scout_core {__version__}"
        self.fill_levels(3)
        self.bind()
        loaded = storage.load(storage_get(storage.SAVE_KEY))
        if loaded.problem is not None:
            self.keep_aside(loaded.problem)
        # A finished game comes back too: its final standings stay up until a new game.
        if loaded.session is not None:
            self.session = loaded.session
            self.show_table()
        else:
            self.show_start()
        by_id("loading").hidden = True
        ROOT.setAttribute("data-ready", "")

    def keep_aside(self, problem: str) -> None:
        text = storage_get(storage.SAVE_KEY)
        if text is not None:
            storage_set(storage.rejected_key(int(window.Date.now())), text)
            storage_remove(storage.SAVE_KEY)
        message = by_id("start-message")
        message.textContent = f"{problem} It was kept aside, not deleted; you can start a new game."
        message.hidden = False
        ROOT.setAttribute("data-save-problem", "")

    def bind(self) -> None:
        click = create_proxy(self.on_click)
        key = create_proxy(self.on_key)
        submit = create_proxy(self.on_submit)
        change = create_proxy(self.on_change)
        self._proxies += [click, key, submit, change]
        document.addEventListener("click", click)
        document.addEventListener("keydown", key)
        by_id("new-game").addEventListener("submit", submit)
        by_id("opt-players").addEventListener("change", change)
        by_id("speed").addEventListener("change", change)

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
                "See the final standings" if self.session.over else "Resume your game"
            )
        self.draw_stats()
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
        self.announced = len(self.session.game.log)
        self.render()
        self.schedule_ai()

    def fill_levels(self, players: int) -> None:
        box = by_id("opt-levels")
        previous = [node.value for node in box.querySelectorAll("select")]
        for node in list(box.querySelectorAll(".level")):
            node.remove()
        names = seat_names(players)
        for seat in range(1, players):
            wrap = el("div", "level")
            ident = f"opt-level-{seat}"
            wrap.append(el("label", "", names[seat], for_=ident))
            select = el("select", "", id=ident, name=f"level{seat}")
            chosen = previous[seat - 1] if seat - 1 < len(previous) else default_level()
            for level in levels():
                option = el("option", "", level.capitalize(), value=level)
                if level == chosen:
                    option.setAttribute("selected", "")
                select.append(option)
            wrap.append(select)
            box.append(wrap)

    def draw_stats(self) -> None:
        stats = storage.Stats.from_json(storage_get(storage.STATS_KEY))
        box = clear(by_id("stats"))
        average = "—" if stats.average is None else f"{stats.average:.1f}"
        best = "—" if stats.best is None else str(stats.best)
        for term, value in (
            ("Games played", str(stats.played)),
            ("Wins", str(stats.won)),
            ("Average score", average),
            ("Best score", best),
        ):
            box.append(el("dt", "", term), el("dd", "", value))

    # -- events ------------------------------------------------------------------------------

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        form = by_id("new-game")
        players = int(form.elements.namedItem("players").value)
        rounds_value = int(form.elements.namedItem("rounds").value)
        seed_text = str(form.elements.namedItem("seed").value).strip()
        message = by_id("form-message")
        seed: int | None = None
        if seed_text:
            if not seed_text.isdigit() or len(seed_text) > 15:
                message.textContent = "The deal number is a whole number, like 1234."
                message.hidden = False
                return
            seed = int(seed_text)
        message.hidden = True
        chosen = tuple(
            str(form.elements.namedItem(f"level{seat}").value) for seat in range(1, players)
        )
        settings = Settings(
            players=players,
            rounds=rounds_value or None,
            levels=chosen,
            seed=seed,
            speed=str(form.elements.namedItem("speed").value),
        )
        self.new_game(settings)

    def new_game(self, settings: Settings) -> None:
        self.stop_ai()
        self.tutorial = None
        self.session = Session.new(settings)
        self.hint_text = ""
        self.show_suggestions = False
        by_id("start-message").hidden = True
        ROOT.removeAttribute("data-save-problem")
        self.save()
        self.show_table()
        self.focus_first()

    def on_change(self, event: Any) -> None:
        target = event.target
        if target.id == "opt-players":
            self.fill_levels(int(target.value))
        elif target.id == "speed" and self.session is not None:
            speed = str(target.value)
            if speed in SPEEDS:
                from dataclasses import replace  # noqa: PLC0415 - rarely needed

                self.session.settings = replace(self.session.settings, speed=speed)
                self.save()

    def on_click(self, event: Any) -> None:
        origin = real(event.target)
        target = real(origin.closest("[data-act]")) if hasattr(origin, "closest") else None
        if target is None or target.disabled:
            return
        act = attr(target, "data-act") or ""
        index = attr(target, "data-i")
        self.act(act, None if index is None else int(index))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        target = real(event.target)
        tag = str(target.tagName).lower() if hasattr(target, "tagName") else ""
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if by_id("summary").open or by_id("menu").open or by_id("rules").open:
            return
        row = real(target.closest(".hand-cards, .table-cards")) if tag == "button" else None
        if key in ("ArrowLeft", "ArrowRight") and row is not None:
            self.move_focus(target, -1 if key == "ArrowLeft" else 1)
            event.preventDefault()
            return
        if by_id("app").hidden or self.session is None:
            return
        shortcuts = {
            "s": "confirm-show",
            "c": "scout",
            "a": "scout-show",
            "f": "flip",
            "[": "end-left",
            "]": "end-right",
            "g": "suggest",
            "h": "hint",
            "u": "undo",
            "Escape": "cancel",
            "k": "keep",
            "r": "rotate",
        }
        act = shortcuts.get(key if key == "Escape" else key.lower())
        if act is None:
            return
        button = query(f'#app [data-act="{act}"]')
        if act in ("confirm-show",) and button is None:
            button = query('#app [data-act="confirm"]')
        if button is not None and not button.disabled:
            event.preventDefault()
            button.click()

    def move_focus(self, target: Any, step: int) -> None:
        row = target.closest(".hand-cards, .table-cards")
        items = list(row.querySelectorAll("button"))
        for i, item in enumerate(items):
            if item.isSameNode(target):
                j = i + step
                if 0 <= j < len(items):
                    items[j].focus()
                return

    def act(self, act: str, index: int | None) -> None:
        session = self.session
        if act == "rules":
            self.open_dialog("rules")
            return
        if act == "close-rules":
            by_id("rules").close()
            return
        if act == "resume":
            if session is not None:
                self.show_table()
            return
        if act == "reset-stats":
            storage_remove(storage.STATS_KEY)
            self.draw_stats()
            return
        if act == "tutorial":
            self.start_tutorial()
            return
        if act == "menu":
            self.open_dialog("menu")
            return
        if act == "close-menu":
            by_id("menu").close()
            return
        if act == "new-game":
            by_id("menu").close()
            if self.tutorial is not None:
                self.tutorial = None
                self.session = storage.load(storage_get(storage.SAVE_KEY)).session
            self.show_start()
            return
        if act == "log":
            self.log_open = not self.log_open
            self.render()
            return
        if session is None:
            return
        if act == "next-round":
            session.close_summary()
            by_id("summary").close()
            self.after_change(save=True)
            self.focus_first()
            return
        if act in ("open-summary", "open-final"):
            fill_summary(session)
            self.open_dialog("summary")
            return
        if act == "final-new":
            by_id("summary").close()
            self.show_start()
            return
        if act == "replay-deal":
            by_id("summary").close()
            self.new_game(replace_seed(session.settings, session.game.seed))
            return
        if act == "undo":
            if session.can_undo():
                self.stop_ai()
                session.undo()
                self.hint_text = ""
                self.after_change(save=True)
                self.say("Your last move was taken back.")
            return
        if not session.human_to_move():
            return
        if act == "cancel-hint" or (self.hinting and act not in ("hint", "suggest")):
            self.stop_hint()
            self.update_busy()
            if act == "cancel-hint":
                self.render()
                return
        game = session.game
        entry = session.entry
        new = entry
        if act == "keep":
            self.commit(KEEP)
            return
        if act == "rotate":
            self.commit(ROTATE)
            return
        if act == "card" and index is not None:
            if entry.mode == "show" or entry.show_step:
                new = ent.toggle(entry, index)
        elif act == "select" and index is not None:
            start, stop = divmod(index, 100)
            new = ent.select_range(ent.Entry() if entry.mode == "show" else entry, start, stop)
        elif act == "scout":
            new = ent.start_scout(entry, game.table, False)
        elif act == "scout-show":
            new = ent.start_scout(entry, game.table, True)
        elif act in ("end-left", "end-right"):
            if game.table:
                new = ent.pick_end(entry, "left" if act == "end-left" else "right")
        elif act == "flip":
            if entry.end is not None:
                new = ent.set_flip(entry, not entry.flip)
        elif act == "gap" and index is not None:
            if entry.end is not None:
                new = ent.place(entry, index)
        elif act == "to-show":
            new = ent.to_show_step(entry)
        elif act == "back":
            new = ent.back_to_scout_step(entry)
        elif act == "cancel":
            new = ent.Entry()
            self.hint_text = ""
        elif act == "clear":
            new = ent.Entry()
        elif act == "suggest":
            self.show_suggestions = not self.show_suggestions
        elif act == "hint":
            self.hint()
            return
        elif act in ("confirm", "confirm-show"):
            move = ent.move_of(game, HUMAN, entry)
            if move is not None:
                self.commit(move)
            return
        if new != entry:
            session.entry = new
            self.focus_key = self.focus_after(act, new, index)
            self.after_change(save=True)
        else:
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
        try:
            self.session.play(move)
        except ValueError as error:
            set_message(f"That move is not allowed: {error}".split(" [")[0])
            return
        self.hint_text = ""
        self.show_suggestions = False
        self.after_change(save=True)
        self.schedule_ai()

    def hint(self) -> None:
        session = self.session
        assert session is not None
        if self.hinting:
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
            move, reason = await session.advise(self.sleep)
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
        self.hint_text = f"Hint: {ent.describe_move(game, HUMAN, move)} — {reason}."
        self.focus_key = "confirm"
        self.after_change(save=True)

    def update_busy(self) -> None:
        """``data-busy`` while an AI plays or a hint is being worked out: tests wait on it."""
        session = self.session
        busy = self.hinting or (
            session is not None and self.tutorial is None and session.ai_to_move()
        )
        if busy:
            ROOT.setAttribute("data-busy", "")
        else:
            ROOT.removeAttribute("data-busy")

    # -- AI turns ------------------------------------------------------------------------------

    def schedule_ai(self) -> None:
        session = self.session
        if session is None or self.tutorial is not None:
            return
        self.update_busy()
        if not session.ai_to_move():
            return
        if self.ai_task is not None and not self.ai_task.done():
            return  # the running loop sees the new turn once its pause is over
        self.ai_task = asyncio.ensure_future(self.drive_ai(session))

    async def drive_ai(self, session: Session) -> None:
        try:
            await session.run_ai(self.sleep, self.ai_moved)
        finally:
            if session is self.session:
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
        # A thinking marker appears only when thinking takes long enough to be seen.
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
        if self.session is None or self.tutorial is not None:
            return
        storage_set(storage.SAVE_KEY, storage.dump(self.session))

    def after_change(self, save: bool) -> None:
        session = self.session
        if session is not None and session.over and not session.counted and self.tutorial is None:
            stats = storage.Stats.from_json(storage_get(storage.STATS_KEY))
            storage_set(storage.STATS_KEY, stats.after(session.game).to_json())
            session.counted = True
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
        by_id("round-label").textContent = f"Round {game.round} of {game.rounds}"
        render_seats(session)
        render_table(session)
        render_hand(session, self.show_suggestions)
        render_prompt(
            session,
            show_suggestions=self.show_suggestions,
            hint_text=self.hint_text,
            hinting=self.hinting,
            guided=self.tutorial is not None,
        )
        self.log_shown = render_log(session, self.log_shown, self.log_open)
        render_scores(session)
        said = news(session, self.announced)
        self.announced = len(game.log)
        if said is not None:
            self.say(said)
        render_summary(session)
        if key:
            node = query(f'#app [data-key="{key}"]')
            if node is not None:
                node.focus()

    def turn_state(self) -> str:
        session = self.session
        assert session is not None
        if session.over:
            return "over"
        if session.summary_pending:
            return "summary"
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


def replace_seed(settings: Settings, seed: int) -> Settings:
    from dataclasses import replace  # noqa: PLC0415

    return replace(settings, seed=seed)


def main() -> None:
    """Start the page."""
    PAGES.append(page := Page())  # kept alive for the page's lifetime
    page.start()


PAGES: list[Page] = []
