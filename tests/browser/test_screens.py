"""The table on every screen, measured: a 15-card hand with its gaps at five sizes, tap targets
on phones, the log's control, motion (and none under reduced motion), and the sound's switch.

Every figure is read from the page's own boxes (``getBoundingClientRect``), never judged by eye.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .big_hand import big_hand_save
from .browser_support import put_in_storage, wait_ready
from .test_table import IDLE, TIMEOUT, enter, game_of, human_play_turn, turn, wait_idle

SIZES = [(1920, 1080), (1366, 768), (1280, 800), (390, 844), (360, 740)]
PHONES = [(390, 844), (360, 740)]
FINGER = 44  # px: the smallest tap target on a phone

pytestmark = pytest.mark.motion  # what moves, and how, is part of what these measure

MEASURE = """() => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            width: r.width, height: r.height}; };
  const glyph = (n) => { const range = document.createRange();
    range.selectNodeContents(n.firstChild); return box(range); };
  const cards = [...document.querySelectorAll('#hand-cards .card')].map((n) => ({
    ...box(n), v: glyph(n.querySelector('.v')), o: glyph(n.querySelector('.o')) }));
  const gaps = [...document.querySelectorAll('#hand-cards .gap')].map(box);
  return { cards, gaps, width: innerWidth, height: innerHeight, scrollY,
           overflow: document.documentElement.scrollWidth - innerWidth };
}"""


def load_big_hand(
    context: BrowserContext, page: Page, site_url: str, speed: str = "instant"
) -> None:
    put_in_storage(context, {"scout.save": big_hand_save(15, speed)})
    page.goto(site_url)
    wait_ready(page)
    wait_idle(page)
    assert turn(page) == "human"


def test_a_15_card_hand_fits_every_screen_in_one_row(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    # One page turned through every size, as a window is resized or a phone turned: the
    # layout follows the screen, not the size the page was loaded at.
    width, height = SIZES[-1]
    page.set_viewport_size({"width": width, "height": height})
    load_big_hand(context, page, site_url)
    for width, height in SIZES:
        check_one_row_at(page, width, height)  # the cards alone
    page.click("#actions [data-act=scout]")  # a one-card table: the gaps show at once
    expect(page.locator("#hand-cards .gap")).to_have_count(16)
    for width, height in reversed(SIZES):
        check_one_row_at(page, width, height)  # and with the gaps


def check_one_row_at(page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    try:
        check_one_row(page, width, height)
    except AssertionError as error:
        raise AssertionError(f"at {width} x {height}: {error}") from error


def check_one_row(page: Page, width: int, height: int) -> None:
    """Every card and gap of the hand in sight, in one row, nothing covering a number."""
    page.evaluate("window.scrollTo(0, 0)")
    seen: dict[str, Any] = page.evaluate(MEASURE)
    cards, boxes = seen["cards"], seen["gaps"]
    assert len(cards) == 15
    assert seen["overflow"] <= 0, "the page scrolls sideways"
    for card in cards + boxes:  # nothing clipped by the screen's edges
        assert card["left"] >= 0 and card["right"] <= width, card
    # One row, in the hand's order.
    assert max(c["top"] for c in cards) - min(c["top"] for c in cards) < 1
    lefts = [c["left"] for c in cards]
    assert lefts == sorted(lefts) and len(set(lefts)) == 15
    # Both numbers of every card are in sight: the next card never covers them.
    for card, after in zip(cards, [*cards[1:], None], strict=True):
        for number in (card["v"], card["o"]):
            assert number["left"] >= card["left"] - 0.5
            if after is not None:
                assert number["right"] <= after["left"] + 0.5, (card, after)
    # Gaps never cover one another.
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5
            assert apart or a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5
    if (width, height) in PHONES:
        # Docked: the whole hand, and every gap, is on the first screen when you must move.
        for item in cards + boxes:
            assert item["bottom"] <= height, item
        for gap in boxes:
            assert min(gap["width"], gap["height"]) >= FINGER, gap


@pytest.mark.parametrize(("width", "height"), PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_every_tap_target_on_a_phone_is_a_finger_wide(
    page: Page, site_url: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    human_play_turn(page, site_url, seed=11)
    small: list[Any] = page.evaluate(
        """(finger) => [...document.querySelectorAll('#app button, #app select')]
            .filter((n) => n.offsetParent !== null && !n.classList.contains('card'))
            .map((n) => { const r = n.getBoundingClientRect();
                          return [n.textContent.trim(), r.width, r.height]; })
            .filter(([, w, h]) => Math.min(w, h) < finger)""",
        FINGER,
    )
    assert small == []
    # The cards are a finger wide too; in a crowded hand they overlap, and a finger on one
    # raises it whole (the next test).
    # Measured at rest, as a finger meets them: a card still sliding in is scaled for a moment.
    page.wait_for_function(
        "[...document.querySelectorAll('#hand-cards .card')]"
        ".every((card) => card.getAnimations().length === 0)"
    )
    sizes: list[list[float]] = page.evaluate(
        """() => [...document.querySelectorAll('#hand-cards .card')].map((n) =>
            [n.getBoundingClientRect().width, n.getBoundingClientRect().height])"""
    )
    assert all(min(w, h) >= FINGER for w, h in sizes)


TOUCH_CARDS = """() => [...document.querySelectorAll('#hand-cards button.card')].map((n) => {
  const r = n.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
          touched: n.classList.contains('touched'), pressed: n.getAttribute('aria-pressed')};
})"""


class Finger:
    """One finger on a touch screen, as Chromium gets it (one session keeps the touch going)."""

    def __init__(self, page: Page) -> None:
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


@pytest.mark.parametrize(("width", "height"), PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_a_finger_on_a_crowded_hand_raises_a_whole_card_and_picks_it_when_lifted(
    context: BrowserContext, page: Page, site_url: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    load_big_hand(context, page, site_url)
    page.evaluate("window.scrollTo(0, 0)")
    cards: list[dict[str, Any]] = page.evaluate(TOUCH_CARDS)
    pitch = cards[1]["left"] - cards[0]["left"]
    assert pitch < FINGER, "this hand is not crowded: the lens has nothing to do"
    y = cards[0]["top"] + 20
    finger = Finger(page)
    touch = finger.send

    def strip(i: int) -> float:  # the middle of the part of card i that shows
        return float(cards[i]["left"] + pitch / 2)

    # A finger lands on card 3's strip and slides to card 9: each card it crosses rises whole,
    # a finger wide, above its neighbours; nothing is picked yet.
    touch("touchStart", strip(3), y)
    for i in range(4, 10):
        touch("touchMove", strip(i), y)
    # (Chromium hands moves to the page once a frame: wait for the last one.)
    expect(page.locator("#hand-cards [data-i='9']")).to_have_class(re.compile(r"\btouched\b"))
    page.wait_for_function(
        "[...document.querySelectorAll('#hand-cards .card')]"
        ".every((card) => card.getAnimations().length === 0)"
    )
    risen: list[dict[str, Any]] = page.evaluate(TOUCH_CARDS)
    assert sum(c["touched"] for c in risen) == 1
    card = risen[9]
    assert min(card["width"], card["bottom"] - card["top"]) >= FINGER
    assert card["top"] < cards[9]["top"] - 10, "the card did not rise clear of the finger"
    # Whole: at its top corners and its middle, the card itself is what a finger meets.
    on_top: bool = page.evaluate(
        """([l, r, t]) => [[l + 3, t + 8], [r - 3, t + 8], [(l + r) / 2, t + 8]].every(([x, y]) =>
             document.elementFromPoint(x, y)?.closest('.card')?.classList.contains('touched'))""",
        [card["left"], card["right"], card["top"]],
    )
    assert on_top
    assert not any(c["pressed"] == "true" for c in risen)
    # Lifting the finger picks the risen card, and only it (the browser's own click is not a
    # second pick of card 3).
    touch("touchEnd", strip(9), y)
    expect(page.locator("#hand-cards [data-i='9']")).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(800)  # past the moment the browser's own click would arrive
    after: list[dict[str, Any]] = page.evaluate(TOUCH_CARDS)
    assert [i for i, c in enumerate(after) if c["pressed"] == "true"] == [9]
    assert not any(c["touched"] for c in after)
    # A plain tap on the next card's strip picks it too, once; a finger that leaves the hand
    # picks nothing.
    touch("touchStart", strip(10), y)
    touch("touchEnd", strip(10), y)
    expect(page.locator("#hand-cards [data-i='10']")).to_have_attribute("aria-pressed", "true")
    touch("touchStart", strip(5), y)
    touch("touchMove", strip(5), y - 200)
    touch("touchEnd", strip(5), y - 200)
    page.wait_for_timeout(800)
    after = page.evaluate(TOUCH_CARDS)
    assert [i for i, c in enumerate(after) if c["pressed"] == "true"] == [9, 10]


# -- the log's control --------------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (360, 740)])
def test_the_log_button_opens_and_closes_the_log_on_every_layout(
    page: Page, site_url: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    human_play_turn(page, site_url, seed=3)
    log = page.locator("#log-panel")
    wide = width > 900
    (expect(log).to_be_visible() if wide else expect(log).to_be_hidden())
    page.click("#log-button")
    (expect(log).to_be_hidden() if wide else expect(log).to_be_in_viewport())
    expect(page.locator("#log-button")).to_have_attribute("aria-expanded", str(not wide).lower())
    if not wide:
        page.click("#log-panel [data-act=log]")
        expect(log).to_be_hidden()


def test_after_a_reload_the_log_shows_its_newest_line(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    load_big_hand(context, page, site_url)  # a long log: it scrolls
    page.reload()
    wait_ready(page)
    wait_idle(page)
    # It scrolls in the next frame, the first one painted with the log.
    page.wait_for_function(
        """() => { const log = document.getElementById('log');
                   return log.scrollHeight > log.clientHeight
                      && log.scrollTop + log.clientHeight >= log.scrollHeight - 2; }""",
        timeout=TIMEOUT,
    )


# -- motion ---------------------------------------------------------------------------------------

COUNT_ANIMATIONS = """
  window.cardAnimations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.cardAnimations.push(this.dataset.card || this.className);
    return animate.apply(this, args);
  };
"""


def show_a_card(page: Page, site_url: str) -> None:
    """Your turn with a table to beat, at the slow pace; then a show from your hand."""
    game = human_play_turn(page, site_url, seed=3)
    page.select_option("#speed", "slow")
    move = next(m for m in game.legal_moves() if type(m).__name__ == "Show")
    enter(page, move, game)


def test_a_show_slides_from_the_hand_and_the_ai_moves_travel(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    context.add_init_script(COUNT_ANIMATIONS)
    show_a_card(page, site_url)
    # The shown card is moving now, from the hand to the table.
    page.wait_for_function(
        "[...document.querySelectorAll('#table-cards .card')]"
        ".some((n) => n.getAnimations().length > 0)",
        timeout=TIMEOUT,
    )
    page.wait_for_selector(IDLE, state="attached", timeout=TIMEOUT)
    moved: list[str] = page.evaluate("window.cardAnimations")
    assert any("/" in name for name in moved), moved  # cards, by their identity


def test_under_reduced_motion_nothing_travels_and_a_highlight_marks_the_change(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    page.emulate_media(reduced_motion="reduce")
    context.add_init_script(COUNT_ANIMATIONS)
    show_a_card(page, site_url)
    page.wait_for_selector("#table-cards .card.changed", state="attached", timeout=TIMEOUT)
    assert (
        page.evaluate("document.getAnimations().filter((a) => a.playState === 'running').length")
        == 0
    )
    page.wait_for_selector(IDLE, state="attached", timeout=TIMEOUT)
    assert page.evaluate("window.cardAnimations") == []


# -- sound ----------------------------------------------------------------------------------------


def test_no_sound_before_a_gesture_and_the_mute_is_remembered(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    # A saved game in which an AI player is to move: it plays before anyone touches the page.
    put_in_storage(context, {"scout.save": big_hand_save(15, "instant", back=1)})
    page.goto(site_url)
    wait_ready(page)
    wait_idle(page)
    assert turn(page) == "human"  # the AI player has moved, with no sound
    assert page.get_attribute("html", "data-last-sound") is None
    game = game_of(page)
    enter(page, next(m for m in game.legal_moves() if type(m).__name__ == "Scout"), game)
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("data-last-sound", re.compile(".+"))
    page.click("#sound-button")
    expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "false")
    page.reload()
    wait_ready(page)
    expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("html")).to_have_attribute("data-sound", "off")
    assert json.loads(page.evaluate("localStorage.getItem('scout.prefs')"))["muted"] is True
