"""Small helpers over the page's DOM and storage, shared by the view and its drawing modules.

Every piece of text goes in through ``textContent``; nothing is ever parsed as HTML.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pyodide.ffi  # type: ignore[import-not-found, unused-ignore]
from pyscript import document, window  # type: ignore[import-not-found]

from scout_core import Card

from .animate import card_id
from .i18n import _
from .words import card_name

ROOT = document.documentElement
JSNULL = getattr(pyodide.ffi, "jsnull", None)


def real(value: Any) -> Any:
    """A JavaScript value, or None for both null and undefined."""
    return None if value is None or value is JSNULL else value


def attr(node: Any, name: str) -> str | None:
    """An attribute's value, or None."""
    if real(node) is None or not hasattr(node, "getAttribute"):
        return None
    value = real(node.getAttribute(name))
    return None if value is None else str(value)


def query(selector: str) -> Any:
    """The first element matching, or None."""
    return real(document.querySelector(selector))


def el(tag: str, cls: str = "", text: str | None = None, **attrs: Any) -> Any:
    """A new element with a class, text content and attributes (never HTML)."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        node.setAttribute(name, "" if value is True else str(value))
    return node


def by_id(name: str) -> Any:
    return document.getElementById(name)


def clear(node: Any) -> Any:
    node.replaceChildren()
    return node


KEPT_FOCUS: list[tuple[Any, Any]] = []
"""Focused elements that a redraw keeps (see :func:`clear_keeping_focus`), with their
containers, until :func:`settle_focus`."""


def clear_keeping_focus(node: Any) -> Any:
    """Empty a container for a redraw, all but the element that has the focus when it is a
    child with a ``data-key``: :func:`settle_focus`, at the end of the redraw, gives that one
    the place and the look of the redrawn element with its key.

    Removing a focused element in the middle of a redraw makes Chromium bring the page's
    style up to date there and then (5-14 ms measured here, the longest step of a redraw after
    a click), and focusing its replacement does it again.
    """
    active = real(document.activeElement)
    if (
        active is None
        or not node.isSameNode(real(active.parentNode))
        or not active.hasAttribute("data-key")
    ):
        return clear(node)
    while not node.firstChild.isSameNode(active):
        node.firstChild.remove()
    while real(active.nextSibling) is not None:
        active.nextSibling.remove()
    KEPT_FOCUS.append((node, active))
    return node


def settle_focus() -> None:
    """The end of a redraw: each kept focused element takes the place and the look of the
    redrawn element with its key, which goes; one whose key was not drawn again goes itself."""
    while KEPT_FOCUS:
        box, kept = KEPT_FOCUS.pop()
        key = kept.getAttribute("data-key")
        drawn = list(box.children)
        match = next(
            (n for n in drawn if not n.isSameNode(kept) and n.getAttribute("data-key") == key),
            None,
        )
        if match is None:
            kept.remove()
            continue
        for node in drawn:  # the kept element was left first: those drawn before go before it
            if node.isSameNode(match):
                break
            if not node.isSameNode(kept):
                kept.before(node)
        adopt(kept, match)
        match.remove()


def adopt(kept: Any, drawn: Any) -> None:
    """Make ``kept`` the same element as ``drawn``: attributes (class, style, state) and
    content."""
    for name in list(kept.getAttributeNames()):
        if not drawn.hasAttribute(name):
            kept.removeAttribute(name)
    for name in list(drawn.getAttributeNames()):
        kept.setAttribute(name, drawn.getAttribute(name))
    kept.replaceChildren(*list(drawn.childNodes))


def card_node(
    card: Card, tag: str = "span", cls: str = "", label: str | None = None, **attrs: Any
) -> Any:
    """A card face: the value big at the top, the other number small and upside down.

    A card button takes its name from its content, so that what is seen is what is read:
    hidden words around the two numbers make "4 over 9, card 3 of 11". A card that is only
    a picture gets the same words as its label.
    """
    node = el(tag, f"card c{card.value} {cls}".strip(), **attrs)
    # One card is one card wherever it lies, turned or not: the motion follows this name.
    node.setAttribute("data-card", card_id(card))
    name = card_name(card)
    if tag != "button":
        node.setAttribute("role", "img")
        node.setAttribute("aria-label", name if label is None else label)
        node.append(number("v", card.value), number("o", card.other))
        return node
    node.setAttribute("type", "button")
    before, _found, after = (label or name).partition(name)
    # The card's name around its two numbers, as the language says it: "4 over 9", "4上9下".
    head, rest = _("{value} over {other}").split("{value}", 1)
    middle, tail = rest.split("{other}", 1)
    if before + head:
        node.append(el("span", "visually-hidden", before + head))
    other = number("o", card.other)
    if tail + after:
        # Inside the number's box, so that the name reads "9, card 1" with no space.
        other.append(el("span", "visually-hidden", tail + after))
    node.append(number("v", card.value), el("span", "visually-hidden", middle), other)
    return node


def number(cls: str, value: int) -> Any:
    # 6 and 9 are underlined, as on the printed cards, so that upside down they stay apart.
    # Each half carries its own number's colour, as the printed cards do.
    classes = f"{cls} b{value}" + (" u" if value in (6, 9) else "") + (" ten" if value > 9 else "")
    return el("span", classes, str(value))


def set_var(node: Any, name: str, value: float | str) -> None:
    """A CSS custom property on one element (through the CSSOM, which the CSP allows)."""
    node.style.setProperty(f"--{name}", str(value))


def button(
    text: str,
    act: str,
    *,
    primary: bool = False,
    disabled: bool = False,
    shortcut: str | None = None,
    small: bool = False,
    index: int | None = None,
    pressed: bool | None = None,
) -> Any:
    """An action button: ``data-act`` says what a click does, ``data-key`` finds it again after
    a redraw so that focus stays put; ``index`` goes into both."""
    classes = " ".join(c for c in ("primary" if primary else "", "small" if small else "") if c)
    node = el("button", classes, text, type="button", data_act=act, data_key=act)
    if index is not None:
        node.setAttribute("data-i", str(index))
        node.setAttribute("data-key", f"{act}-{index}")
    if disabled:
        node.disabled = True
    if shortcut:
        node.setAttribute("aria-keyshortcuts", shortcut if shortcut != "Esc" else "Escape")
        node.setAttribute("title", _("Shortcut: {key}").format(key=shortcut))
    if pressed is not None:
        node.setAttribute("aria-pressed", "true" if pressed else "false")
    return node


def next_frame(work: Callable[[], None]) -> None:
    """Do ``work`` in the next animation frame, before the browser lays the page out and
    paints it."""
    window.requestAnimationFrame(pyodide.ffi.create_once_callable(lambda _time: work()))


def storage_get(key: str) -> str | None:
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # storage can be disabled or full; the game still plays
        return None
    # A missing key is JavaScript's null, which Pyodide does not turn into None.
    return value if isinstance(value, str) else None


def storage_set(key: str, value: str) -> bool:
    """Store a value; False when storage is switched off or full (the game plays on)."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:
        return False
    return True


def storage_works() -> bool:
    """Whether this browser keeps what the page stores (some private windows do not)."""
    probe = "scout.probe"
    if not storage_set(probe, "1"):
        return False
    storage_remove(probe)
    return True


def storage_remove(key: str) -> None:
    with contextlib.suppress(Exception):
        window.localStorage.removeItem(key)


def download(name: str, text: str, kind: str) -> None:
    """Offer ``text`` to the player as a file called ``name``."""
    ffi = pyodide.ffi
    options = ffi.to_js({"type": kind}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(ffi.to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = el("a", "", None, href=url, download=name, hidden=True)
    document.body.append(link)
    link.click()
    link.remove()
    # The download has its own copy; revoking at once can cancel it in some browsers.
    window.setTimeout(ffi.create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


def prepare_thinker() -> None:
    """Let the AI's worker start (``python/thinker.mjs``): a table with AI players is shown."""
    thinker = real(getattr(window, "scoutThinker", None))
    if thinker is not None:
        thinker.prepare()


async def think_elsewhere(request: str, *, wait: bool = False) -> str | None:
    """The AI's worker's answer to a request (``python/thinker.mjs``, :mod:`scout_core.remote`),
    or None when it has none: the page then thinks itself. A worker that is starting is
    waited for; ``wait``: one that may not start yet too (worth it for long work only)."""
    thinker = real(getattr(window, "scoutThinker", None))
    if thinker is None:
        return None
    answer = real(await thinker.think(request, wait))
    return None if answer is None else str(answer)
