"""The page's message catalogs: find every message the page uses, and bring the ``.po``
files up to date with them.

    python3 tools/catalogs.py           # rewrite web/scout_web/locale/*.po from the code
    python3 tools/catalogs.py --check   # exit 1 and say what is missing or unused

A message is found in three places:

- the page's Python (``web/scout_web/*.py``): every ``_("...")``, ``N_("...")`` and
  ``ngettext("...", "...", n)`` with literal text;
- the page's HTML (``web/index.html``): the inner HTML of every element marked ``data-t``
  (text with plain inline tags, for sentences that carry emphasis), every other run of text
  that holds a letter, and the ``aria-label``, ``title``, ``placeholder`` and ``alt``
  attributes, and the page's ``<title>`` and description;
- the web app manifest: its ``name``, ``short_name`` and ``description``;
- the loading screen's words in ``web/boot.js`` (``say("...")``), said before Python runs.

``en.po`` is English as the code has it (every msgstr is its msgid, so English wording can
be edited there without touching code); ``zh_CN.po`` keeps its translations, gains the new
messages untranslated and loses those no longer used.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
LOCALE = WEB / "scout_web" / "locale"
sys.path.insert(0, str(WEB))

from scout_web.i18n import (  # noqa: E402 - web/ is put on the path above
    FILES,
    entries,
    has_letter,
    squeeze,
)

TRANSLATED_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
INLINE_TAGS = {"strong", "em", "kbd", "b", "i", "code", "br"}
SKIPPED_TAGS = {"script", "style", "noscript", "template"}
HEADERS = {
    "en": 'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n',
    "zh-CN": 'msgid ""\nmsgstr ""\n"Language: zh_CN\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"\n',
}


@dataclass(frozen=True)
class Message:
    """One message and where it is used."""

    msgid: str
    plural: str | None
    where: str


# -- Python ------------------------------------------------------------------------------------


def code_messages(folder: Path = WEB / "scout_web") -> list[Message]:
    """Every literal message of the page's Python."""
    found: list[Message] = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name, args = node.func.id, node.args
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            literal = [
                a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            if name in ("_", "N_") and len(literal) == len(args) == 1:
                found.append(Message(literal[0], None, where))
            elif name == "ngettext" and len(literal) == 2 and len(args) == 3:
                found.append(Message(literal[0], literal[1], where))
    return found


# -- HTML --------------------------------------------------------------------------------------


class _PageText(HTMLParser):
    """Walks the page's HTML as the page's translation does (``scout_web.page_text``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # open elements, and whether they say "no"
        self.rich: list[str] | None = None  # the inner HTML of a data-t element, being read
        self.rich_depth = 0

    def quiet(self) -> bool:
        """Inside an element whose words are never translated."""
        return any(no for _tag, no in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        no = values.get("translate") == "no"
        if tag == "meta" and values.get("name") == "description" and values.get("content"):
            self.found.append(squeeze(values["content"] or ""))
        for name in TRANSLATED_ATTRIBUTES:
            value = values.get(name)
            if value and has_letter(value) and not (no or self.quiet()):
                self.found.append(squeeze(value))
        if self.rich is not None:
            if tag not in INLINE_TAGS or attrs:
                raise ValueError(f"<{tag}> inside a data-t element: only plain inline tags")
            self.rich.append(f"<{tag}>")
            if tag != "br":
                self.rich_depth += 1
            return
        if tag in ("meta", "link", "input", "br", "img"):
            return
        self.stack.append((tag, no))
        if "data-t" in values:
            self.rich, self.rich_depth = [], 0

    def handle_endtag(self, tag: str) -> None:
        if self.rich is not None:
            if self.rich_depth == 0:
                self.found.append(squeeze("".join(self.rich)))
                self.rich = None
                if self.stack:
                    self.stack.pop()
                return
            self.rich.append(f"</{tag}>")
            self.rich_depth -= 1
            return
        if self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.rich is not None:
            escaped = data.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            self.rich.append(escaped.replace("\u00a0", "&nbsp;"))
            return
        if self.quiet() or any(tag in SKIPPED_TAGS for tag, _no in self.stack):
            return
        text = squeeze(data)
        if text and has_letter(text):
            self.found.append(text)


def html_messages(path: Path = WEB / "index.html") -> list[Message]:
    """Every message of the page's HTML."""
    parser = _PageText()
    parser.feed(path.read_text(encoding="utf-8"))
    return [Message(text, None, str(path.relative_to(ROOT))) for text in parser.found]


def manifest_messages(path: Path = WEB / "manifest.webmanifest") -> list[Message]:
    """The words of the web app manifest."""
    data = json.loads(path.read_text(encoding="utf-8"))
    where = str(path.relative_to(ROOT))
    return [
        Message(data[k], None, where) for k in ("name", "short_name", "description") if k in data
    ]


def boot_messages(path: Path = WEB / "boot.js") -> list[Message]:
    """The loading screen's words, said before Python runs: ``say("...")`` in ``boot.js``."""
    text = path.read_text(encoding="utf-8")
    where = str(path.relative_to(ROOT))
    return [Message(m, None, where) for m in re.findall(r'\bsay\("((?:[^"\\]|\\.)*)"\)', text)]


def all_messages() -> dict[str, Message]:
    """Every message the page uses, once each (the first place it is used)."""
    found: dict[str, Message] = {}
    for message in code_messages() + html_messages() + manifest_messages() + boot_messages():
        key = message.msgid if message.plural is None else f"{message.msgid}\0{message.plural}"
        found.setdefault(key, message)
    return found


# -- the catalogs ------------------------------------------------------------------------------


def quote(text: str) -> str:
    """A ``.po`` string literal."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{body}"'


def catalog_text(tag: str, translations: dict[str, list[str]]) -> str:
    """A whole ``.po`` file for one language: every message in use, with its translation
    (for English, the message itself)."""
    out = [HEADERS[tag]]
    for key, message in sorted(all_messages().items(), key=lambda kv: kv[1].where):
        out.append(f"#: {message.where}")
        out.append(f"msgid {quote(message.msgid)}")
        if message.plural is None:
            strings = [message.msgid] if tag == "en" else translations.get(key, [""])
            out.append(f"msgstr {quote(strings[0])}")
        else:
            out.append(f"msgid_plural {quote(message.plural)}")
            forms = 2 if tag == "en" else 1
            strings = (
                [message.msgid, message.plural] if tag == "en" else translations.get(key, [""])
            )
            for i in range(forms):
                out.append(f"msgstr[{i}] {quote(strings[i] if i < len(strings) else '')}")
        out.append("")
    return "\n".join(out)


def read_catalog(tag: str, locale: Path = LOCALE) -> dict[str, list[str]]:
    """A catalog's translations by message key (NUL between singular and plural)."""
    path = locale / FILES[tag]
    if not path.exists():
        return {}
    return {
        e.key: [e.strings[i] for i in sorted(e.strings)]
        for e in entries(path.read_text(encoding="utf-8"))
        if e.msgid
    }


def translated_manifest(tag: str = "zh-CN") -> str:
    """The web app manifest in another language: its words from that language's catalog."""
    data = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    kept = read_catalog(tag)
    for key in ("name", "short_name", "description"):
        if key in data:
            data[key] = (kept.get(data[key]) or [data[key]])[0] or data[key]
    data["lang"] = tag
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


ZH_MANIFEST = WEB / "manifest.zh-CN.webmanifest"


def problems(locale: Path = LOCALE) -> list[str]:
    """What is wrong with the catalogs in ``locale``, one line each (nothing: all is well)."""
    used = all_messages()
    found: list[str] = []
    for tag in FILES:
        kept = read_catalog(tag, locale)
        for key in sorted(set(used) - set(kept)):
            found.append(f"{FILES[tag]}: lacks {used[key].msgid!r} ({used[key].where})")
        for key in sorted(set(kept) - set(used)):
            found.append(f"{FILES[tag]}: keeps {key.split(chr(0))[0]!r}, which nothing uses")
        for key in sorted(set(used) & set(kept)):
            source = set(re.findall(r"\{(\w+)\}", key))
            for text in kept[key]:
                if not text:
                    found.append(f"{FILES[tag]}: {used[key].msgid!r} is not translated")
                elif set(re.findall(r"\{(\w+)\}", text)) != source:
                    found.append(f"{FILES[tag]}: {used[key].msgid!r}: placeholders differ")
    if not ZH_MANIFEST.exists() or ZH_MANIFEST.read_text(encoding="utf-8") != translated_manifest():
        found.append(f"{ZH_MANIFEST.name} is not the manifest translated: run tools/catalogs.py")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report, change nothing")
    args = parser.parse_args()
    if args.check:
        found = problems()
        print("\n".join(found) or "The catalogs are complete.")
        return 1 if found else 0
    LOCALE.mkdir(parents=True, exist_ok=True)
    for tag, name in FILES.items():
        (LOCALE / name).write_text(catalog_text(tag, read_catalog(tag)), encoding="utf-8")
    ZH_MANIFEST.write_text(translated_manifest(), encoding="utf-8")
    print(f"wrote {', '.join(FILES.values())} in {LOCALE.relative_to(ROOT)}, {ZH_MANIFEST.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
