"""Saves that are never lost, in Chromium: saves of every released version, two tabs on one
game, a browser that keeps nothing, and game files saved and opened again."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scout_core.gamefile import read
from scout_core.moves import KEEP

from .browser_support import put_in_storage, wait_ready
from .test_table import enter, game_of, save_text, start_game, turn, wait_idle, wait_registered

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def decide(page: Page, rng: random.Random) -> tuple[int, str] | None:
    """Make the person's next decision by clicking; return (its index in the game, its text)."""
    if turn(page) == "summary":
        page.click("#summary [data-act=next-round]")
        wait_idle(page)
        return None
    game = game_of(page)
    move = rng.choice(game.legal_moves())
    enter(page, move, game)
    page.wait_for_function(f"Number(document.documentElement.dataset.moves) > {len(game.moves)}")
    wait_idle(page)
    return len(game.moves), str(move)


def saved_moves(page: Page) -> list[str]:
    return [str(m) for m in game_of(page).moves]


def writer(page: Page, yes: bool) -> None:
    expect(page.locator("html")).to_have_attribute("data-writer", "yes" if yes else "no")


# -- saves written by released versions -------------------------------------------------------


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("schema*.json")), ids=lambda p: p.stem)
def test_saves_of_every_released_version_resume_in_the_page(
    context: BrowserContext, page: Page, site_url: str, path: Path
) -> None:
    kept = json.loads(path.read_text())
    put_in_storage(context, kept)
    old = json.loads(kept["scout.save"])
    snapshot, entry = old["snapshot"], old["ui"]["entry"]
    page.goto(site_url)
    wait_ready(page)
    root = page.locator("html")
    expect(root).to_have_attribute("data-moves", str(len(old["moves"])))
    expect(page.locator("#start-message")).to_be_hidden()
    if snapshot["phase"] == "over":
        expect(page.locator("#summary-title")).to_have_text("Final standings")
        return
    expect(root).to_have_attribute("data-turn", "human")
    hand = [card.split("/")[0] for card in snapshot["hands"][0]]
    placed = entry["insert_at"] is not None
    shown = page.locator("#hand-cards button.card:not(.new) .v").all_inner_texts()
    assert shown == hand
    expect(page.locator("#hand-cards .card.new")).to_have_count(1 if placed else 0)
    expect(page.locator("#hand-cards .card.selected")).to_have_count(len(entry["selection"]))
    # The next move is saved in today's format, after the moves of the old save.
    if placed:
        page.click("#actions [data-act=cancel]")
    decide(page, random.Random(3))
    now = json.loads(save_text(page) or "")
    assert now["schema"] == 2 and now["game"]["moves"][: len(old["moves"])] == old["moves"]


# -- two tabs, one game ------------------------------------------------------------------------


def test_two_tabs_never_write_over_each_other(context: BrowserContext, site_url: str) -> None:
    rng = random.Random(31)
    first = context.new_page()
    start_game(first, site_url, seed=31)
    made = [decide(first, rng), decide(first, rng)]
    history = [saved_moves(first)]

    def check() -> None:
        # Every save extends the one before it: no move lost, none twice.
        now = saved_moves(first)
        assert now[: len(history[-1])] == history[-1]
        history.append(now)

    second = context.new_page()
    second.goto(site_url)
    wait_ready(second)
    writer(second, False)
    expect(second.locator("#elsewhere")).to_contain_text("open in another tab")
    assert second.evaluate("document.getElementById('app').inert")
    assert second.get_attribute("html", "data-thinker") is None  # it only watches: no AI worker
    # The read-only tab follows the game played in the first.
    made.append(decide(first, rng))
    check()
    second.wait_for_function(f"document.documentElement.dataset.moves === '{len(history[-1])}'")

    # Taking over: the second tab plays, the first only shows.
    first.select_option("#speed", "slow")  # the first tab's AI is mid-turn when it loses
    made.append(decide_without_waiting(first, rng))
    second.click("#elsewhere [data-act=take-over]")
    writer(second, True)
    writer(first, False)
    second.wait_for_selector("html[data-thinker=ready]", state="attached")  # it plays now
    expect(first.locator("#elsewhere")).to_contain_text("another tab")
    wait_idle(second)
    second.select_option("#speed", "instant")  # the slow pace has served: the rest at once
    made += [decide(second, rng), decide(second, rng)]
    check()

    # Reloads of both: the second keeps the game, the first stays read-only.
    first.reload()
    wait_ready(first)
    writer(first, False)
    second.reload()
    wait_ready(second)
    writer(second, True)
    wait_idle(second)
    made.append(decide(second, rng))
    check()

    # And back again.
    first.click("#elsewhere [data-act=take-over]")
    writer(first, True)
    writer(second, False)
    wait_idle(first)
    made.append(decide(first, rng))
    check()
    final = saved_moves(first)
    for index, move in (m for m in made if m is not None):
        assert final[index] == move


def test_without_web_locks_the_tab_opened_last_plays(
    context: BrowserContext, site_url: str
) -> None:
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined })"
    )
    first = context.new_page()
    start_game(first, site_url, seed=32)
    decide(first, random.Random(32))
    second = context.new_page()
    second.goto(site_url)
    wait_ready(second)
    writer(second, True)
    writer(first, False)  # told through the storage event
    wait_idle(second)
    before = saved_moves(second)
    decide(second, random.Random(33))
    assert saved_moves(first)[: len(before)] == before


def decide_without_waiting(page: Page, rng: random.Random) -> tuple[int, str]:
    """A decision whose AI replies are still being played (slow pace) when this returns."""
    game = game_of(page)
    assert turn(page) == "human"
    move = rng.choice(game.legal_moves())
    enter(page, move, game)
    page.wait_for_selector("html[data-busy]", state="attached")
    return len(game.moves), str(move)


# -- a browser that keeps nothing ---------------------------------------------------------------

NO_STORAGE = """
for (const name of ["getItem", "setItem", "removeItem", "key", "clear"]) {
  Storage.prototype[name] = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
}
"""


def test_without_storage_the_game_plays_says_so_once_and_saves_to_a_file(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    context.add_init_script(NO_STORAGE)
    page.goto(site_url)
    wait_ready(page)
    notice = page.locator("#no-storage")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("not keeping your game")
    page.click("#no-storage [data-act=close-no-storage]")
    expect(notice).to_be_hidden()
    page.select_option("#opt-speed", "instant")
    page.fill("#opt-seed", "44")  # a deal where, after the AI players' first moves, I can show
    page.click("#start-game")
    wait_idle(page)
    before = int(page.get_attribute("html", "data-moves") or 0)
    page.click("#actions [data-act=keep]")  # and a show, picked from the legal ones
    wait_registered(page, KEEP, before)
    wait_idle(page)
    page.click("#actions [data-act=suggest]")
    page.locator("#suggestions button").first.click()
    page.click("#actions [data-act=confirm]")
    wait_idle(page)
    assert int(page.get_attribute("html", "data-moves") or 0) >= 5
    expect(notice).to_be_hidden()  # said once, never again
    writer(page, True)
    page.click("#app [data-act=menu]")
    with page.expect_download() as info:
        page.click("#menu [data-act=save-file]")
    record = read(Path(info.value.path()).read_text())
    assert len(record.game.moves) == int(page.get_attribute("html", "data-moves") or 0)


# -- game files ---------------------------------------------------------------------------------


def save_to_file(page: Page) -> tuple[str, Path]:
    page.click("#app [data-act=menu]")
    with page.expect_download() as info:
        page.click("#menu [data-act=save-file]")
    return info.value.suggested_filename, Path(info.value.path())


def open_file(page: Page, path: Path) -> None:
    opener = (
        "#menu [data-act=open-file]"
        if page.locator("#start").is_hidden()
        else ("#start [data-act=open-file]")
    )
    if opener.startswith("#menu"):
        page.click("#app [data-act=menu]")
    with page.expect_file_chooser() as chooser:
        page.click(opener)
    chooser.value.set_files(str(path))


def test_a_game_saved_to_a_file_opens_again_but_never_over_a_game_without_asking(
    page: Page, site_url: str
) -> None:
    rng = random.Random(41)
    start_game(page, site_url, seed=41)
    for _ in range(3):
        decide(page, rng)
    game = game_of(page)
    name, path = save_to_file(page)
    assert name == f"scout-deal-41-move-{len(game.moves)}.json"
    assert read(path.read_text()).game == game
    assert len(path.read_bytes()) < 4000

    start_game(page, site_url, seed=42)
    other = game_of(page)
    open_file(page, path)
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("replaced by the game in the file")
    page.click("#confirm [data-act=confirm-no]")
    assert game_of(page) == other  # kept
    open_file(page, path)
    page.click("#confirm [data-act=confirm-yes]")
    wait_idle(page)
    assert game_of(page).moves[: len(game.moves)] == game.moves
    expect(page.locator("html")).to_have_attribute("data-screen", "table")


@pytest.mark.parametrize(
    ("damage", "words"),
    [("cut", "damaged: it is not readable data"), ("edited", "changed or damaged")],
)
def test_a_damaged_or_edited_game_file_is_refused_clearly(
    page: Page, site_url: str, tmp_path: Path, damage: str, words: str
) -> None:
    start_game(page, site_url, seed=43)
    _, path = save_to_file(page)
    text = path.read_text()
    if damage == "cut":
        text = text[: len(text) // 2]
    else:
        data = json.loads(text)
        data["game"]["seed"] += 1
        text = json.dumps(data)
    bad = tmp_path / "game.json"
    bad.write_text(text)
    before = save_text(page)
    open_file(page, bad)
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#confirm-title")).to_have_text("The game file cannot be opened")
    expect(dialog).to_contain_text(words)
    page.click("#confirm [data-act=confirm-yes]")
    assert save_text(page) == before
