"""The message catalogs: complete in both languages, nothing unused, every placeholder kept,
the glossary's terms used everywhere, plural forms and switching languages."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from scout_web import i18n, words

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import catalogs  # noqa: E402 - tools/ is put on the path above

GLOSSARY = json.loads((i18n.LOCALE / "glossary.json").read_text(encoding="utf-8"))["terms"]


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield None
    i18n.use("en")


def test_every_catalog_has_every_message_the_page_uses_and_no_other() -> None:
    assert catalogs.problems() == []


def test_the_check_finds_a_missing_an_unused_and_a_broken_message(tmp_path: Path) -> None:
    for name in i18n.FILES.values():
        text = (i18n.LOCALE / name).read_text(encoding="utf-8")
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert catalogs.problems(tmp_path) == []
    path = tmp_path / "zh_CN.po"
    text = path.read_text(encoding="utf-8")
    # A placeholder lost, a message missing, one nothing uses, one left untranslated.
    text = text.replace('msgstr "请把设备交给{name}"', 'msgstr "请把设备交给他"')
    text = text.replace('msgid "Your hand"\nmsgstr "你的手牌"\n', "")
    text += '\nmsgid "A message nothing uses"\nmsgstr "无用"\n'
    text = text.replace('msgstr "保持这手牌"', 'msgstr ""')
    path.write_text(text, encoding="utf-8")
    found = "\n".join(catalogs.problems(tmp_path))
    assert "zh_CN.po: lacks 'Your hand'" in found
    assert "zh_CN.po: keeps 'A message nothing uses', which nothing uses" in found
    assert "zh_CN.po: 'Pass the device to {name}': placeholders differ" in found
    assert "zh_CN.po: 'Keep this hand' is not translated" in found


def test_the_code_calls_for_messages_with_literal_text() -> None:
    found = {m.msgid for m in catalogs.code_messages()}
    assert "Pass the device to {name}" in found and "{n} card" in found
    html = {m.msgid for m in catalogs.html_messages()}
    assert "How to play SCOUT" in html  # a heading
    assert any(m.startswith("<strong>Show</strong> cards") for m in html)  # a data-t paragraph
    assert "English" not in html and "简体中文" not in html  # translate="no"


@pytest.mark.parametrize("term", GLOSSARY, ids=[t["en"] for t in GLOSSARY])
def test_the_glossary_term_is_used_in_every_translation(term: dict[str, str]) -> None:
    zh = catalogs.read_catalog("zh-CN")
    pattern = re.compile(term["pattern"])
    matched = [key for key in zh if pattern.search(key.split("\0")[0])]
    assert matched, f"no message uses {term['en']!r}"
    wrong = [key for key in matched if not all(term["zh-CN"] in s for s in zh[key])]
    assert wrong == []


def test_plural_forms_follow_each_language() -> None:
    assert words.cards_count(1) == "1 card" and words.cards_count(2) == "2 cards"
    i18n.use("zh-CN")
    assert words.cards_count(1) == "1 张牌" and words.cards_count(7) == "7 张牌"
    assert words.signed(-2) == "\u22122"  # numbers keep the true minus sign


def test_a_language_is_chosen_from_the_browsers_preferences() -> None:
    assert i18n.choose(["zh-TW", "en"]) == "zh-CN"  # any Chinese: the Simplified interface
    assert i18n.choose(["fr-FR", "en-GB"]) == "en"
    assert i18n.choose(["de"]) == "en"
    assert i18n.use("xx") == "en" and i18n.language() == "en"


def test_switching_language_changes_every_word_and_back() -> None:
    names = words.seat_names(3)
    assert names == ("You", "West", "East")
    i18n.use("zh-CN")
    assert words.seat_names(3) == ("你", "西家", "东家")
    assert words.hand_owner("你") == "你的手牌"
    i18n.use("en")
    assert words.seat_names(3) == names


def test_a_catalog_that_cannot_be_read_says_where() -> None:
    with pytest.raises(i18n.CatalogError, match="line 2"):
        list(i18n.entries('msgid "a"\nmsgstr unquoted\n'))
    with pytest.raises(i18n.CatalogError, match="line 1"):
        list(i18n.entries('"continues nothing"\n'))
