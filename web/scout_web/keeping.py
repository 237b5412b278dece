"""Keeping the game: which tab may save it, a browser that keeps nothing, and game files.

Of all the tabs that have the site open, one plays and saves (``writer.js`` holds the Web Lock
and the writer's id); the others show the game read-only, follow it through ``storage``
events and can take it over. The page asks :meth:`Keeper.may_save` before every write.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import window  # type: ignore[import-not-found]

from . import storage
from .dom import (
    ROOT,
    by_id,
    download,
    real,
    storage_get,
    storage_remove,
    storage_set,
    storage_works,
)
from .i18n import _
from .stats import STATS_KEY, Stats, read_stats
from .stats import rejected_key as stats_rejected_key
from .words import both

if TYPE_CHECKING:
    from .view import Page

MAX_FILE_BYTES = 1_000_000  # a whole five-round game file is about 10 kB


class Keeper:
    """The page's part that writes: the save, the statistics, the choices, game files."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.stores = True  # this browser keeps what the page stores
        self.writer = True  # this tab holds the game (see writer.js)

    async def claim(self) -> None:
        """Find out whether storage works and whether another tab already has the game."""
        self.stores = storage_works()
        if self.stores:
            # Without storage nothing is shared between tabs: every tab plays its own game.
            self.writer = bool(await window.scoutWriter.claim())
        else:
            self.storage_failed()
        ROOT.setAttribute("data-writer", "yes" if self.writer else "no")

    def may_save(self) -> bool:
        """Only the tab that holds the game writes, and it checks before every write."""
        if self.page.tutorial is not None or not self.writer:
            return False
        return not self.stores or bool(window.scoutWriter.holds())

    def store(self, key: str, text: str) -> None:
        if self.stores and not storage_set(key, text):
            self.storage_failed()

    def stats(self) -> Stats:
        """The statistics; unreadable ones are kept aside (never counted over) and start anew."""
        text = storage_get(STATS_KEY)
        stats = read_stats(text)
        if stats is None:
            assert text is not None
            if self.writer and storage_set(stats_rejected_key(int(window.Date.now())), text):
                storage_remove(STATS_KEY)
            return Stats()
        return stats

    def storage_failed(self) -> None:
        """Say once, without nagging, that this browser does not keep the game."""
        if not ROOT.hasAttribute("data-no-storage"):
            self.stores = False
            ROOT.setAttribute("data-no-storage", "")
            by_id("no-storage").hidden = False

    def keep_aside(self, problem: str) -> None:
        """A save that cannot be trusted is moved aside, never deleted, and explained."""
        text = storage_get(storage.SAVE_KEY)
        if text is not None and storage_set(storage.rejected_key(int(window.Date.now())), text):
            storage_remove(storage.SAVE_KEY)
        message = by_id("start-message")
        message.textContent = both(
            problem, _("It was kept aside, not deleted; you can start a new game.")
        )
        message.hidden = False
        ROOT.setAttribute("data-save-problem", "")

    # -- another tab ---------------------------------------------------------------------------

    def lost_game(self, text: str) -> None:
        """Another tab has the game: show it here read-only, with a way to take it back."""
        self.page.stop_ai()
        self.writer = False
        ROOT.setAttribute("data-writer", "no")
        by_id("elsewhere-text").textContent = text
        by_id("elsewhere").hidden = False
        for name in ("app", "start"):
            by_id(name).inert = True
        for name in ("summary", "menu", "confirm", "replay"):
            if by_id(name).open:
                by_id(name).close()

    def on_lost(self) -> None:
        self.lost_game(_("You went on with this game in another tab. This tab only shows it now."))

    async def take_over(self) -> None:
        if not await window.scoutWriter.takeOver():
            return
        self.writer = True
        ROOT.setAttribute("data-writer", "yes")
        by_id("elsewhere").hidden = True
        for name in ("app", "start"):
            by_id(name).inert = False
        # The other tab's last save is the game now.
        self.page.load_saved(keep_bad=True)
        self.page.focus_first()

    def on_storage(self, event: Any) -> None:
        """A read-only tab follows the game that another tab plays."""
        if not self.writer and real(event.key) == storage.SAVE_KEY:
            self.page.load_saved(keep_bad=False)

    # -- game files ----------------------------------------------------------------------------

    def save_file(self) -> None:
        session = self.page.session
        if session is None or self.page.tutorial is not None:
            return
        game = session.game
        name = f"scout-deal-{game.seed}-move-{len(game.moves)}.json"
        download(name, storage.dump(session, indent=1), "application/json")
        self.page.say(_("The game was saved to the file {name}.").format(name=name))

    async def open_file(self, node: Any) -> None:
        files = node.files
        if not files.length:
            return
        file = files.item(0)
        node.value = ""
        tell = self.page.confirm.tell
        if file.size > MAX_FILE_BYTES:
            tell(_("This file is too large to be a SCOUT game file."))
            return
        loaded = storage.load(str(await file.text()), "game file")
        if loaded.session is None:
            tell(loaded.problem or _("The game file is empty."))
            return
        opened = loaded.session
        # A game finished elsewhere never counts in this browser's statistics.
        opened.counted = opened.counted or opened.over
        current = self.page.session
        if current is not None and not current.over and self.page.tutorial is None:
            self.page.confirm.ask(
                _("Open this game file?"),
                _(
                    "The game in progress here will be replaced by the game in the file. Save it"
                    " to a file first if you want to keep it."
                ),
                _("Open the file"),
                _("Keep my game"),
                lambda: self.page.use_session(opened),
            )
            return
        self.page.use_session(opened)
