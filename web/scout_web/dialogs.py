"""The confirmation dialog: ask before something that cannot be undone, or tell what failed."""

from __future__ import annotations

from collections.abc import Callable

from .dom import by_id
from .i18n import _


class Confirm:
    """One question at a time; ``then`` runs when the player answers yes."""

    def __init__(self) -> None:
        self.then: Callable[[], None] | None = None

    def ask(
        self, title: str, text: str, yes: str, no: str | None, then: Callable[[], None] | None
    ) -> None:
        by_id("confirm-title").textContent = title
        by_id("confirm-text").textContent = text
        by_id("confirm-yes").textContent = yes
        by_id("confirm-no").textContent = no or ""
        by_id("confirm-no").hidden = no is None
        self.then = then
        for name in ("menu", "summary"):
            if by_id(name).open:
                by_id(name).close()
        dialog = by_id("confirm")
        if not dialog.open:
            dialog.showModal()

    def tell(self, text: str) -> None:
        """A game file that cannot be opened, and why."""
        self.ask(_("The game file cannot be opened"), text, _("OK"), None, None)

    def answer(self, yes: bool) -> None:
        by_id("confirm").close()
        then, self.then = self.then, None
        if yes and then is not None:
            then()
