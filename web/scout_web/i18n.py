"""The page's languages: every word it shows comes from a message catalog.

The catalogs are gettext ``.po`` files beside this module (``locale/en.po``,
``locale/zh_CN.po``), read directly: :func:`mo_bytes` turns one into the binary form that the
standard library's :class:`gettext.GNUTranslations` reads, so plural forms follow each
catalog's own ``Plural-Forms`` header. Messages are ``str.format`` templates with named
placeholders ("{name} showed {cards}"), so a translation can put them in its own order.

``_`` and ``ngettext`` answer in the language chosen last with :func:`use`; ``N_`` marks a
message to be translated later (a table of messages built at import time).
"""

from __future__ import annotations

import gettext
import io
import re
import struct
from collections.abc import Iterator
from pathlib import Path

LOCALE = Path(__file__).parent / "locale"
LANGUAGES: dict[str, str] = {"en": "English", "zh-CN": "简体中文"}
"""Every language of the page, by its BCP 47 tag, named in itself."""
DEFAULT = "en"
FILES = {"en": "en.po", "zh-CN": "zh_CN.po"}


class _Now:
    """The language in use and its translations (one page, one language at a time)."""

    language = DEFAULT
    translations: gettext.NullTranslations = gettext.NullTranslations()


_now = _Now()
_catalogs: dict[str, gettext.GNUTranslations] = {}


class CatalogError(ValueError):
    """A ``.po`` file that cannot be read, with the line at fault."""


def _(message: str) -> str:
    """``message`` in the current language."""
    return _now.translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` in the current language."""
    return _now.translations.ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - the name gettext's tools know
    """Mark ``message`` for the catalogs without translating it yet."""
    return message


def squeeze(text: str) -> str:
    """Runs of white space as one space, none at the ends: how the catalogs hold the page's
    own text, and how the page and ``tools/catalogs.py`` compare it."""
    return re.sub(r"\s+", " ", text).strip()


def has_letter(text: str) -> bool:
    """Whether a run of text says something (digits and signs alone are not words)."""
    return any(c.isalpha() for c in text)


def language() -> str:
    """The language in use."""
    return _now.language


def choose(preferred: list[str]) -> str:
    """The page's language for a browser's preferred ones (``navigator.languages``): the
    first that the page speaks, Chinese of any region or script written as Simplified."""
    for tag in preferred:
        lower = tag.lower()
        if lower.startswith("zh"):
            return "zh-CN"
        if lower.split("-")[0] == "en":
            return "en"
    return DEFAULT


def use(tag: str) -> str:
    """Speak ``tag`` from now on (an unknown tag: English); returns the tag in use."""
    tag = tag if tag in LANGUAGES else DEFAULT
    _now.translations = catalog(tag)
    _now.language = tag
    return tag


def catalog(tag: str) -> gettext.GNUTranslations:
    """The translations of one language, read once."""
    if tag not in _catalogs:
        text = (LOCALE / FILES[tag]).read_text(encoding="utf-8")
        _catalogs[tag] = gettext.GNUTranslations(io.BytesIO(mo_bytes(text)))
    return _catalogs[tag]


# -- reading .po files -------------------------------------------------------------------------


class Entry:
    """One message of a ``.po`` file."""

    def __init__(self) -> None:
        self.msgid = ""
        self.plural: str | None = None
        self.strings: dict[int, str] = {}
        self.line = 0

    @property
    def key(self) -> str:
        """The message as gettext looks it up (singular and plural joined by NUL)."""
        return self.msgid if self.plural is None else f"{self.msgid}\0{self.plural}"

    @property
    def value(self) -> str:
        """The translation as gettext stores it (plural forms joined by NUL)."""
        return "\0".join(self.strings[i] for i in sorted(self.strings))


def entries(text: str) -> Iterator[Entry]:
    """The messages of a ``.po`` file, the header (msgid "") first; raises
    :class:`CatalogError` naming the line of anything it cannot read."""
    entry: Entry | None = None
    field: tuple[str, int] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if entry is None or field is None:
                raise CatalogError(f"line {number}: a string continues nothing")
            _append(entry, field, _unquote(line, number))
            continue
        keyword, _space, rest = line.partition(" ")
        value = _unquote(rest.strip(), number)
        if keyword == "msgid":
            if entry is not None:
                yield entry
            entry = Entry()
            entry.line = number
            entry.msgid = value
            field = ("msgid", 0)
        elif entry is None:
            raise CatalogError(f"line {number}: {keyword} before any msgid")
        elif keyword == "msgid_plural":
            entry.plural = value
            field = ("plural", 0)
        elif keyword == "msgstr":
            entry.strings[0] = value
            field = ("msgstr", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = int(keyword[7:-1])
            entry.strings[index] = value
            field = ("msgstr", index)
        else:
            raise CatalogError(f"line {number}: unknown keyword {keyword!r}")
    if entry is not None:
        yield entry


def _append(entry: Entry, field: tuple[str, int], text: str) -> None:
    name, index = field
    if name == "msgid":
        entry.msgid += text
    elif name == "plural":
        entry.plural = (entry.plural or "") + text
    else:
        entry.strings[index] += text


ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(quoted: str, number: int) -> str:
    if len(quoted) < 2 or quoted[0] != '"' or quoted[-1] != '"':
        raise CatalogError(f"line {number}: expected a quoted string, not {quoted!r}")
    out: list[str] = []
    body = iter(quoted[1:-1])
    for char in body:
        if char == "\\":
            escaped = next(body, "")
            if escaped not in ESCAPES:
                raise CatalogError(f"line {number}: unknown escape \\{escaped}")
            out.append(ESCAPES[escaped])
        else:
            out.append(char)
    return "".join(out)


def mo_bytes(text: str) -> bytes:
    """A ``.po`` file in the binary ``.mo`` form; untranslated messages are left out (gettext
    then shows the English message)."""
    pairs = sorted(
        (e.key.encode(), e.value.encode())
        for e in entries(text)
        if e.strings and all(e.strings.values())
    )
    count = len(pairs)
    header = 7 * 4
    ids_at = header
    strs_at = ids_at + count * 8
    data_at = strs_at + count * 8
    ids, strs, data = [], [], b""
    for key, _value in pairs:
        ids.append((len(key), data_at + len(data)))
        data += key + b"\0"
    for _key, value in pairs:
        strs.append((len(value), data_at + len(data)))
        data += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, count, ids_at, strs_at, 0, data_at)
    out += b"".join(struct.pack("<2I", *pair) for pair in ids)
    out += b"".join(struct.pack("<2I", *pair) for pair in strs)
    return out + data
