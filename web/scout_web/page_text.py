"""The words of the page's own HTML, in the current language.

``index.html`` is written in English. At start-up :func:`record` notes every piece of it that
says something, the way ``tools/catalogs.py`` finds them for the catalogs: the inner HTML of
each element marked ``data-t``, every other run of text with a letter in it, the
``aria-label``, ``title``, ``placeholder`` and ``alt`` attributes, the page's title and
description. :func:`apply` then writes each in the language in use (and back, since the
English is kept). Elements marked ``translate="no"`` keep their words. What Python draws
later is worded as it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]

from .dom import query, real
from .i18n import _, has_letter, language, squeeze

ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
SKIP = "script, style, noscript, template, [data-t], [translate='no']"
MANIFESTS = {"en": "./manifest.webmanifest", "zh-CN": "./manifest.zh-CN.webmanifest"}


@dataclass
class Piece:
    """One translatable piece of the page: a text node, an element's inner HTML or one
    attribute, with its English."""

    kind: str
    node: Any
    english: str
    attribute: str = ""
    lead: str = ""
    trail: str = ""


PIECES: list[Piece] = []


def record() -> None:
    """Note the page's English, once, before anything is translated or drawn."""
    if PIECES:
        return
    walker = document.createTreeWalker(document.documentElement, window.NodeFilter.SHOW_TEXT)
    node = real(walker.nextNode())
    while node is not None:
        text = str(node.data)
        parent = real(node.parentElement)
        if parent is not None and real(parent.closest(SKIP)) is None and has_letter(text):
            lead = text[: len(text) - len(text.lstrip())]
            trail = text[len(text.rstrip()) :]
            PIECES.append(Piece("text", node, squeeze(text), lead=lead, trail=trail))
        node = real(walker.nextNode())
    for element in document.querySelectorAll("[data-t]"):
        PIECES.append(Piece("html", element, squeeze(str(element.innerHTML))))
    for name in ATTRIBUTES:
        for element in document.querySelectorAll(f"[{name}]"):
            if real(element.closest("[translate='no']")) is None:
                value = str(element.getAttribute(name))
                if has_letter(value):
                    PIECES.append(Piece("attr", element, squeeze(value), attribute=name))
    meta = query("meta[name='description']")
    if meta is not None:
        PIECES.append(Piece("attr", meta, squeeze(str(meta.content)), attribute="content"))


def apply() -> None:
    """Write the recorded pieces, the page's language and its manifest in the language in
    use."""
    for piece in PIECES:
        text = _(piece.english)
        if piece.kind == "text":
            piece.node.data = f"{piece.lead}{text}{piece.trail}"
        elif piece.kind == "html":
            piece.node.innerHTML = text  # the catalogs' own words, plain inline tags only
        else:
            piece.node.setAttribute(piece.attribute, text)
    tag = language()
    document.documentElement.lang = tag
    link = query("link[rel='manifest']")
    if link is not None:
        link.setAttribute("href", MANIFESTS.get(tag, MANIFESTS["en"]))
    for select in document.querySelectorAll("select.language"):
        select.value = tag
