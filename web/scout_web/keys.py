"""The keyboard: a letter for each action at the table, arrows along a row of cards and
through a replay. Keys are turned into the same ``data-act`` names a click gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .dom import by_id, query, real

SHORTCUTS = {
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
"""Keys at the table; a letter counts in either case."""

REPLAY_KEYS = {
    "ArrowLeft": "replay-back",
    "ArrowRight": "replay-forward",
    "Home": "replay-start",
    "End": "replay-end",
}


def on_key(event: Any, act: Callable[[str], None], *, playing: bool) -> None:
    """Route one key press to ``act``; ``playing`` when the table shows a game."""
    key = str(event.key)
    target = real(event.target)
    tag = str(target.tagName).lower() if hasattr(target, "tagName") else ""
    if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
        return
    if by_id("replay").open:
        if key in REPLAY_KEYS:
            event.preventDefault()
            act(REPLAY_KEYS[key])
        return
    if by_id("summary").open or by_id("menu").open or by_id("rules").open:
        return
    row = real(target.closest(".hand-cards, .table-cards")) if tag == "button" else None
    if key in ("ArrowLeft", "ArrowRight") and row is not None:
        move_focus(row, target, -1 if key == "ArrowLeft" else 1)
        event.preventDefault()
        return
    if not playing:
        return
    action = SHORTCUTS.get(key if key == "Escape" else key.lower())
    if action is None:
        return
    if action in ("cancel", "undo"):  # Esc clears any entry; U says why when it cannot undo
        event.preventDefault()
        act(action)
        return
    button = query(f'#app [data-act="{action}"]')
    if action == "confirm-show" and button is None:
        button = query('#app [data-act="confirm"]')
    if button is not None and not button.disabled:
        event.preventDefault()
        button.click()


def move_focus(row: Any, target: Any, step: int) -> None:
    """Focus the card ``step`` places along ``row`` from ``target``, if there is one."""
    items = list(row.querySelectorAll("button"))
    for i, item in enumerate(items):
        if item.isSameNode(target):
            j = i + step
            if 0 <= j < len(items):
                items[j].focus()
            return
