"""The page in English and in 简体中文: the browser's language chosen, a whole solo game with
no English word left, switching language in the middle of a game without losing anything,
the choice remembered, and axe-core clean in both languages."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .browser_support import wait_ready
from .test_table import game_of, play_decision, play_until, start_game, turn, wait_idle

# Words that stay as they are in Chinese: the game's name, the rules engine's, the language
# picker's own label and names, and key names.
KEPT = {"SCOUT", "Language", "English", "AI", "Esc", "Enter", "Home", "End"}


SAID = """() => [document.body.innerText, ...Array.from(
    document.querySelectorAll("[title], [aria-label], [placeholder], [alt]"),
    (node) => ["title", "aria-label", "placeholder", "alt"]
        .map((name) => node.getAttribute(name) || "").join(" "),
)].join(" ")"""


def english_words(page: Page) -> list[str]:
    """Words of three or more Latin letters a person sees or hears on the page (its text, the
    tooltips, and the labels a screen reader says), apart from ``KEPT``."""
    text: str = page.evaluate(SAID)
    text = text.replace("scout_core", "")
    return sorted({w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in KEPT})


@pytest.mark.browser_context_args(locale="zh-CN")
def test_a_whole_solo_game_in_chinese_for_a_chinese_browser(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    assert page.title() == "SCOUT"
    expect(page.locator("#start-game")).to_have_text("开始游戏")
    assert english_words(page) == []
    assert page.get_attribute("link[rel=manifest]", "href") == "./manifest.zh-CN.webmanifest"
    start_game(page, site_url, rounds=1, seed=4)
    checked = 0
    rng = random.Random(4)
    for _ in range(400):
        if turn(page) == "over":
            break
        if turn(page) == "human":
            assert english_words(page) == [], f"after {len(game_of(page).moves)} moves"
            checked += 1
        play_decision(page, rng)
    assert turn(page) == "over" and checked > 3
    expect(page.locator("#summary-title")).to_have_text("最终排名")
    assert english_words(page) == []


def test_switching_language_in_the_middle_of_a_game_loses_nothing(
    page: Page, site_url: str
) -> None:
    start_game(page, site_url, rounds=2, seed=6)
    play_until(page, lambda: turn(page) == "human" and game_of(page).phase == "play", seed=6)
    page.click("#hand-cards [data-i='0']")  # a move half entered
    expect(page.locator("#hand-cards [data-i='0']")).to_have_attribute("aria-pressed", "true")
    before = json.loads(page.evaluate("localStorage.getItem('scout.save')"))
    english = page.locator("#message").inner_text()
    page.click("#app [data-act=menu]")
    page.select_option("#language-menu", "zh-CN")
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    page.click("#menu [data-act=close-menu]")
    expect(page.locator("#message")).not_to_have_text(english)
    assert english_words(page) == []
    expect(page.locator("#hand-cards [data-i='0']")).to_have_attribute("aria-pressed", "true")
    after = json.loads(page.evaluate("localStorage.getItem('scout.save')"))
    assert after["game"] == before["game"] and after["client"]["entry"] == before["client"]["entry"]
    # Remembered: a reload speaks Chinese, the game as it was.
    page.reload()
    wait_ready(page)
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    assert english_words(page) == []
    expect(page.locator("#hand-cards [data-i='0']")).to_have_attribute("aria-pressed", "true")
    # And back: every word English again, the game still the same.
    page.click("#app [data-act=menu]")
    page.select_option("#language-menu", "en")
    page.click("#menu [data-act=close-menu]")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#message")).to_have_text(english)
    expect(page.locator("#app [data-act=menu]")).to_have_text("Menu")
    assert json.loads(page.evaluate("localStorage.getItem('scout.save')"))["game"] == before["game"]


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_the_accessibility_audit_is_clean_in_both_languages(
    page: Page, site_url: str, axe_violations: Callable[[Page], list[str]], language: str
) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.select_option("#language-start", language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert axe_violations(page) == []
    start_game(page, site_url, seed=2)
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert axe_violations(page) == []
    page.click("#app [data-act=rules]")
    assert axe_violations(page) == []


@pytest.mark.browser_context_args(locale="zh-CN")
def test_the_rules_the_guided_hand_and_a_hint_speak_chinese(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.click("#start [data-act=rules]")
    expect(page.locator("#rules-title")).to_have_text("SCOUT 玩法")
    assert english_words(page) == []
    page.click("#rules [data-act=close-rules]")
    page.click("#tutorial-button")
    expect(page.locator("#message")).to_contain_text("第 1 步")
    assert english_words(page) == []
    start_game(page, site_url, seed=3)
    play_until(page, lambda: turn(page) == "human" and game_of(page).phase == "play", seed=3)
    page.click("#actions [data-act=hint]")
    expect(page.locator("#message")).to_contain_text("提示\uff1a", timeout=60_000)
    assert english_words(page) == []
