"""The table in Chromium: whole games through the interface, reloads, bad saves, AI pacing,
keyboard, phone screens and an accessibility audit.

Tests read the page's save (localStorage) to know the position, choose a move with the
engine, and enter it by clicking, as a player would. They wait on the page's own marks
(``data-ready``, ``data-busy``, ``data-turn``), never on fixed sleeps.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from scout_core import Game, Move, Orient, Scout, ScoutShow, Show, rules
from scout_core.gamefile import read
from scout_core.review import replay

from .big_hand import round_ending_scout_save
from .browser_support import put_in_storage, wait_ready

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from scout_web import storage, words  # web/ is put on the path above

IDLE = "html[data-turn]:not([data-busy])"
TIMEOUT = 60_000


def wait_idle(page: Page) -> None:
    page.wait_for_selector(IDLE, state="attached", timeout=TIMEOUT)


def save_text(page: Page) -> str | None:
    text: str | None = page.evaluate("localStorage.getItem('scout.save')")
    return text


def saved(page: Page) -> dict[str, Any]:
    text = save_text(page)
    assert text is not None, "the page saved nothing"
    data: dict[str, Any] = json.loads(text)
    return data


def game_of(page: Page) -> Game:
    text = save_text(page)
    assert text is not None, "the page saved nothing"
    return read(text).game


def turn(page: Page) -> str:
    return page.get_attribute("html", "data-turn") or ""


def start_game(
    page: Page,
    site_url: str,
    *,
    players: int = 3,
    rounds: int = 0,
    seed: int = 1,
    speed: str = "instant",
    level: str | None = None,
    practice: bool = False,
) -> None:
    page.goto(site_url)
    wait_ready(page)
    if page.locator("#start").is_hidden():
        page.click("#app [data-act=menu]")
        page.click("#menu [data-act=new-game]")
    page.select_option("#opt-players", str(players))
    page.select_option("#opt-rounds", str(rounds))
    page.select_option("#opt-speed", speed)
    page.fill("#opt-seed", str(seed))
    if practice:
        page.check("#opt-practice")
    if level is not None:
        for seat in range(1, players):
            page.select_option(f"#opt-level-{seat}", level)
    in_progress = page.get_attribute("html", "data-turn") not in (None, "over")
    page.click("#start-game")
    if in_progress:  # the page asks before it drops a game in progress
        page.click("#confirm [data-act=confirm-yes]")
    wait_idle(page)


def enter(page: Page, move: Move, game: Game) -> None:
    """Enter a move with clicks, the way a player does, and confirm it."""
    if isinstance(move, Orient):
        page.click("#actions [data-act=rotate]" if move.rotate else "#actions [data-act=keep]")
        return
    if isinstance(move, Show):
        for i in range(move.start, move.stop):
            page.click(f"#hand-cards [data-i='{i}']")
        page.click("#actions [data-act=confirm]")
        return
    scout = move if isinstance(move, Scout) else move.scout
    page.click(
        "#actions [data-act=scout]" if isinstance(move, Scout) else "#actions [data-act=scout-show]"
    )
    if len(game.table) > 1:
        page.click(f"#table-cards [data-act=end-{scout.end}]")
    if scout.flip:
        page.click("#actions [data-act=flip]")
    page.click(f"#hand-cards [data-act=gap][data-i='{scout.insert_at}']")
    if isinstance(move, ScoutShow):
        page.click("#actions [data-act=to-show]")
        for i in range(move.show.start, move.show.stop):
            page.click(f"#hand-cards [data-act=card][data-i='{i}']")
    page.click("#actions [data-act=confirm]")


def play_decision(page: Page, rng: random.Random) -> None:
    """Make the person's next decision (or close a round summary), then wait for the AIs."""
    state = turn(page)
    if state == "summary":
        page.click("#summary [data-act=next-round]")
    else:
        assert state == "human", state
        game = game_of(page)
        before = len(game.moves)
        move = rng.choice(game.legal_moves())
        enter(page, move, game)
        wait_registered(page, move, before)
    wait_idle(page)


def wait_registered(page: Page, move: Move, before: int) -> None:
    """Wait until the page has played the move just entered. Twice in this project's test
    runs (two of about eight full runs) the last click of an entry was lost: the move stood
    complete, its button enabled, and nothing happened. A person would click again; so does
    this, twice at most, and then fails saying what the page showed."""
    moved = f"Number(document.documentElement.dataset.moves) > {before}"
    act = ("rotate" if move.rotate else "keep") if isinstance(move, Orient) else "confirm"
    for attempt in range(3):
        try:
            page.wait_for_function(moved, timeout=10_000)
            return
        except PlaywrightError:
            button = page.locator(f"#actions [data-act={act}]:not([disabled])")
            if attempt == 2 or button.count() != 1:
                prompt = page.locator("#prompt").inner_text()
                actions = page.locator("#actions").inner_html()
                pytest.fail(f"{move!r} did not register after {before} moves: {prompt!r} {actions}")
            button.click()


def play_until(page: Page, done: Callable[[], bool], seed: int = 0, limit: int = 400) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if done():
            return
        play_decision(page, rng)
    pytest.fail("the game did not get there")


def expected_after_ai(data: dict[str, Any]) -> str:
    """The save the page should reach from a saved game once the AIs have played, computed
    here with the same code: what the page did must not depend on a reload."""
    loaded = storage.load(json.dumps(data))
    assert loaded.session is not None
    session = loaded.session

    async def no_sleep(_: float) -> None:
        await asyncio.sleep(0)

    # Playwright's own event loop runs in this thread: the AI players think in another.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, session.run_ai(no_sleep, lambda: None)).result()
    return str(storage.dump(session))


# -- a whole game ----------------------------------------------------------------------------


@pytest.mark.motion  # every kind of move, and the ends of rounds, with their cards travelling
def test_a_full_three_round_game_through_the_interface(page: Page, site_url: str) -> None:
    start_game(page, site_url, seed=7)
    play_until(page, lambda: turn(page) == "over", seed=7)
    game = game_of(page)
    assert game.phase == "over" and len(game.round_results) == 3
    dialog = page.locator("#summary")
    expect(dialog).to_be_visible()
    expect(page.locator("#summary-title")).to_have_text("Final standings")
    expect(dialog.locator(".standings li")).to_have_count(3)
    expect(dialog.locator(".verdict")).to_contain_text(re.compile("win|victory"))
    # Every round's score is in the score table, and the log holds every round's end.
    expect(page.locator("#log .log-end")).to_have_count(3)
    # One minus sign everywhere: the true one (U+2212).
    texts = page.locator("#scores td, #summary td").all_inner_texts()
    assert not any("-" in t for t in texts), texts
    totals = [
        int(t.replace("\u2212", "-")) for t in page.locator("#scores td.total").all_inner_texts()
    ]
    assert totals == game.totals
    stats = json.loads(page.evaluate("localStorage.getItem('scout.stats')"))
    assert stats["played"] == 1


@pytest.mark.parametrize("players", [2, 5])
def test_two_and_five_player_games_play_a_round(page: Page, site_url: str, players: int) -> None:
    start_game(page, site_url, players=players, rounds=2, seed=players)
    expect(page.locator("#seats .seat")).to_have_count(players - 1)
    play_until(page, lambda: turn(page) in ("summary", "over"), seed=players)
    game = game_of(page)
    assert game.players == players and len(game.round_results) == 1
    expect(page.locator("#summary .breakdown tr")).to_have_count(players + 1)
    page.click("#summary [data-act=next-round]")
    wait_idle(page)
    assert game_of(page).round == 2


# -- entering moves ---------------------------------------------------------------------------


def human_play_turn(page: Page, site_url: str, seed: int = 3) -> Game:
    start_game(page, site_url, seed=seed)
    play_until(
        page,
        lambda: (
            turn(page) == "human" and game_of(page).phase == "play" and bool(game_of(page).table)
        ),
        seed=seed,
    )
    return game_of(page)


def test_cards_are_buttons_named_value_first(page: Page, site_url: str) -> None:
    game = human_play_turn(page, site_url)
    hand = game.hands[0]
    first = page.locator("#hand-cards button.card").first
    # Chromium may put a space before the comma where two boxes meet; the words are what count.
    expect(first).to_have_accessible_name(
        re.compile(rf"^{hand[0].value} over {hand[0].other} ?, card 1 of {len(hand)}$")
    )


def test_the_page_says_why_a_selection_is_no_show(page: Page, site_url: str) -> None:
    human_play_turn(page, site_url)
    page.click("#hand-cards [data-i='0']")
    page.click("#hand-cards [data-i='2']")
    expect(page.locator("#message")).to_contain_text("Not adjacent")
    expect(page.locator("#actions [data-act=confirm]")).to_be_disabled()
    page.click("#actions [data-act=clear]")
    expect(page.locator("#hand-cards .selected")).to_have_count(0)


MARK_FOCUSED = """() => {
    window.focusChanges = 0;
    document.addEventListener("focusin", () => { window.focusChanges += 1; });
    document.activeElement.keptThroughRedraws = true;
}"""
FOCUSED = """() => {
    const node = document.activeElement;
    return [node.keptThroughRedraws === true, node.dataset.key, node.getAttribute("aria-pressed"),
            node.textContent, window.focusChanges];
}"""
KEYS = "(box) => [...box.children].map((node) => node.dataset.key)"


def test_a_redraw_keeps_the_focused_button_itself_in_its_place(page: Page, site_url: str) -> None:
    """The button that has the focus is redrawn in place, not replaced: the focus never moves
    (no focus event), and it reads as a fresh one would, in the same order."""
    human_play_turn(page, site_url)
    actions = page.locator("#actions")
    fresh_order = actions.evaluate(KEYS)
    page.focus("#actions [data-act=suggest]")
    page.evaluate(MARK_FOCUSED)
    page.keyboard.press("Enter")
    expect(page.locator("#suggestions [data-act=select]").first).to_be_attached()
    assert page.evaluate(FOCUSED) == [True, "suggest", "true", "Hide legal shows", 0]
    assert actions.evaluate(KEYS) == fresh_order
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) == [True, "suggest", "false", "Legal shows", 0]
    assert actions.evaluate(KEYS) == fresh_order
    # A card of the hand too: picked, it stays the focused element, now pressed.
    page.focus("#hand-cards [data-i='1']")
    page.evaluate(MARK_FOCUSED)
    page.keyboard.press("Space")
    expect(page.locator("#hand-cards [data-i='1']")).to_have_attribute("aria-pressed", "true")
    kept, key, pressed, _text, changes = page.evaluate(FOCUSED)
    assert (kept, key, pressed, changes) == (True, "card-1", "true", 0)
    hand = page.locator("#hand-cards").evaluate(KEYS)
    assert hand == [f"card-{i}" for i in range(len(game_of(page).hands[0]))]


def test_legal_shows_can_be_highlighted(page: Page, site_url: str) -> None:
    human_play_turn(page, site_url)
    page.click("#actions [data-act=suggest]")
    expect(page.locator("#suggestions")).to_contain_text(re.compile("Legal shows|No show"))
    names = page.locator("#suggestions [data-act=select]").all_inner_texts()
    # Each show is named by its cards and its place in the hand: no two look alike.
    assert len(names) == len(set(names))
    assert all(re.fullmatch(r"[0-9-]+ \(cards? [0-9\u2013]+\)", n) for n in names), names
    if names:
        # Plainly highlighted: every card of a legal show has a thick frame.
        expect(page.locator("#hand-cards .card.playable").first).to_be_visible()
        page.locator("#suggestions [data-act=select]").first.click()
        expect(page.locator("#suggestions [aria-pressed=true]")).to_have_count(1)


def test_a_scout_is_previewed_and_can_be_cancelled(page: Page, site_url: str) -> None:
    game = human_play_turn(page, site_url)
    page.click("#actions [data-act=scout]")
    if len(game.table) > 1:
        page.click("#table-cards [data-act=end-left]")
    page.click("#hand-cards [data-act=gap][data-i='0']")
    expect(page.locator("#hand-cards .card.new")).to_have_count(1)
    expect(page.locator("#hand-cards .card")).to_have_count(len(game.hands[0]) + 1)
    page.click("#actions [data-act=cancel]")
    expect(page.locator("#hand-cards button.card")).to_have_count(len(game.hands[0]))
    assert game_of(page).moves == game.moves


def test_a_scout_that_would_end_the_round_says_so_before_it_is_confirmed(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    text, scout = round_ending_scout_save()
    put_in_storage(context, {"scout.save": text})
    page.goto(site_url)
    wait_ready(page)
    wait_idle(page)
    game = game_of(page)
    result = rules.round_end_after(game, scout)
    assert result is not None
    message = page.locator("#message")
    expect(message).not_to_contain_text("ends the round")  # nothing is chosen yet
    page.click("#actions [data-act=scout]")
    if len(game.table) > 1:
        page.click(f"#table-cards [data-act=end-{scout.end}]")
    if scout.flip:
        page.click("#actions [data-act=flip]")
    page.click(f"#hand-cards [data-act=gap][data-i='{scout.insert_at}']")
    # The preview says it, with what it costs, and the button too.
    score = words.signed(result.scores[0])
    expect(message).to_contain_text("This scout ends the round.")
    expect(message).to_contain_text(f"You would score {score} this round")
    expect(page.locator("#actions [data-act=confirm]")).to_have_text(
        "Confirm scout (ends the round)"
    )
    page.click("#actions [data-act=confirm]")
    expect(page.locator("#summary")).to_be_visible()
    assert game_of(page).round_results[0].scores[0] == result.scores[0]


# -- reloads ----------------------------------------------------------------------------------


def hand_labels(page: Page) -> list[str | None]:
    cards = page.locator("#hand-cards button.card")
    return [cards.nth(i).text_content() for i in range(cards.count())]


def reload_same(page: Page) -> None:
    """Reload; the page must come back to exactly what it showed and saved."""
    before, labels, log = save_text(page), hand_labels(page), page.locator("#log").inner_text()
    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert save_text(page) == before
    assert hand_labels(page) == labels
    assert page.locator("#log").inner_text() == log


def test_reload_during_keep_or_rotate_resumes(page: Page, site_url: str) -> None:
    start_game(page, site_url, seed=2)
    assert turn(page) == "human" and game_of(page).phase == "orient"
    reload_same(page)
    expect(page.locator("#actions [data-act=keep]")).to_be_visible()


def test_reload_in_the_middle_of_an_ai_turn_plays_nothing_twice(page: Page, site_url: str) -> None:
    human_play_turn(page, site_url, seed=4)
    page.select_option("#speed", "slow")
    game = game_of(page)
    enter(page, game.legal_moves()[0], game)
    page.wait_for_selector("html[data-busy]", state="attached")
    data = saved(page)
    page.reload()
    wait_ready(page)
    wait_idle(page)
    after = saved(page)
    assert after["game"]["moves"][: len(data["game"]["moves"])] == data["game"]["moves"]
    if turn(page) == "human":
        assert save_text(page) == expected_after_ai(data)


def test_a_game_resumed_on_the_saved_python_start_plays_on(page: Page, site_url: str) -> None:
    # A later visit restores Python's saved start-up (the first visit saved it), and so does
    # a reload. The game must come back exactly, and the AI players must answer as they
    # would have.
    human_play_turn(page, site_url, seed=12)
    reload_same(page)
    expect(page.locator("html")).to_have_attribute("data-python-start", "snapshot")
    page.select_option("#speed", "slow")
    game = game_of(page)
    enter(page, game.legal_moves()[0], game)
    page.wait_for_selector("html[data-busy]", state="attached")
    data = saved(page)
    wait_idle(page)
    assert len(game_of(page).moves) > len(data["game"]["moves"]), (
        "the AI players should have played"
    )
    if turn(page) == "human":
        assert save_text(page) == expected_after_ai(data)


def test_reload_with_a_half_entered_scout_and_show_resumes_it(page: Page, site_url: str) -> None:
    start_game(page, site_url, seed=6)
    rng = random.Random(6)
    for _ in range(200):
        game = game_of(page)
        if turn(page) == "human" and any(isinstance(m, ScoutShow) for m in game.legal_moves()):
            break
        play_decision(page, rng)
    move = next(m for m in game.legal_moves() if isinstance(m, ScoutShow))
    page.click("#actions [data-act=scout-show]")
    if len(game.table) > 1:
        page.click(f"#table-cards [data-act=end-{move.scout.end}]")
    if move.scout.flip:
        page.click("#actions [data-act=flip]")
    page.click(f"#hand-cards [data-act=gap][data-i='{move.scout.insert_at}']")
    page.click("#actions [data-act=to-show]")
    page.click(f"#hand-cards [data-act=card][data-i='{move.show.start}']")
    reload_same(page)
    expect(page.locator("#hand-cards .card.new")).to_have_count(1)
    expect(page.locator("#hand-cards .card.selected")).to_have_count(1)
    for i in range(move.show.start + 1, move.show.stop):
        page.click(f"#hand-cards [data-act=card][data-i='{i}']")
    page.click("#actions [data-act=confirm]")
    wait_idle(page)
    assert game_of(page).moves[len(game.moves)] == move


def test_reload_at_a_round_summary_and_after_the_game(page: Page, site_url: str) -> None:
    start_game(page, site_url, rounds=2, seed=5)
    play_until(page, lambda: turn(page) == "summary", seed=5)
    reload_same(page)
    expect(page.locator("#summary")).to_be_visible()
    play_until(page, lambda: turn(page) == "over", seed=5)
    reload_same(page)
    expect(page.locator("#summary-title")).to_have_text("Final standings")


# -- bad saves --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        ("text", "damaged"),
        ("moves", "changed"),
        ("schema", "newer version"),
        ("ruleset", "other rules"),
    ],
)
def test_a_bad_save_shows_a_message_and_is_kept_aside(
    page: Page, site_url: str, damage: str, words: str
) -> None:
    start_game(page, site_url, seed=9)
    data = saved(page)
    if damage == "moves":
        data["game"]["moves"].append("keep")
    elif damage == "schema":
        data["schema"] = 42
    elif damage == "ruleset":
        data["ruleset"] = "scout-variant"
    bad = "{not json" if damage == "text" else json.dumps(data)
    page.evaluate("text => localStorage.setItem('scout.save', text)", bad)
    page.reload()
    wait_ready(page)
    expect(page.locator("#start-message")).to_be_visible()
    expect(page.locator("#start-message")).to_contain_text(words)
    kept: list[str] = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('scout.save.rejected.'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert kept == [bad]
    assert save_text(page) is None
    page.click("#start-game")
    wait_idle(page)
    assert save_text(page) is not None


# -- never freeze -----------------------------------------------------------------------------


REFUSE_THE_THINKER = """
    const Original = window.Worker;
    window.Worker = function (url, options) {
        if (String(url).includes("think-worker")) throw new DOMException("no", "SecurityError");
        return new Original(url, options);
    };
"""
"""A browser where the AI's worker cannot start: the page thinks itself, in slices."""

FREEZE_MS = 250
"""The longest task allowed while the AI players think. What this guards against is a freeze:
a decision thought in one go takes `expert` 0.5-1 s in Pyodide here. A healthy page has no
task near that, but on this shared 2-core machine it has tasks of 50-121 ms now and then while
it thinks in slices (seen in a fresh-clone run; what they hold was not traced), so the bound
sits between the two. The 50 ms that a smooth page aims at is a benchmark's figure
(`tools/bench_frames.py`), not a test's."""


@pytest.mark.parametrize("worker", [True, False], ids=["worker", "sliced"])
@pytest.mark.alone
@pytest.mark.motion  # the page as most players have it, cards travelling while the AI thinks
def test_no_long_task_while_the_ai_players_think(
    context: BrowserContext, page: Page, site_url: str, worker: bool
) -> None:
    """Two `expert` players, the strongest, whose slices are the longest: thinking in their
    worker, and in the page when the worker is refused."""
    players, level = 3, "expert"
    if not worker:
        context.add_init_script(REFUSE_THE_THINKER)
    start_game(page, site_url, players=players, rounds=1, seed=10, speed="fast", level=level)
    # Measured once the AI's worker has started (or was refused): its start competes with the
    # page for a 2-core machine, once per visit, before any thinking.
    settled = "ready" if worker else "unavailable"
    page.wait_for_selector(f"html[data-thinker={settled}]", state="attached", timeout=TIMEOUT)
    page.evaluate(
        """() => {
            window.longTasks = [];
            new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
            }).observe({ type: "longtask" });
        }"""
    )
    rng = random.Random(10)
    for _ in range(6):
        if turn(page) in ("summary", "over"):
            break
        play_decision(page, rng)
    moves = len(game_of(page).moves)
    assert moves >= 2 * players, "the AI players should have played"
    long_tasks: list[float] = page.evaluate("window.longTasks")
    assert max(long_tasks, default=0) <= FREEZE_MS, long_tasks


COUNT_DRAWS_AND_SAVES = """() => {
    window.drawLog = [];
    const log = window.drawLog;
    const motion = window.scoutMotion;
    const before = motion.before.bind(motion);
    motion.before = (...args) => { log.push("draw"); return before(...args); };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (key === "scout.save") log.push("save");
        return setItem.call(this, key, value);
    };
    const root = document.documentElement;
    new MutationObserver(() => log.push(Number(root.dataset.moves)))
        .observe(root, { attributes: true, attributeFilter: ["data-moves"] });
}"""


def test_each_ai_move_is_saved_and_drawn_once(page: Page, site_url: str) -> None:
    """A redraw is the page's longest piece of work while the next AI player thinks; an AI
    move costs one, and one save, also the last one before the person's turn."""
    start_game(page, site_url, seed=4, level="normal")
    page.evaluate(COUNT_DRAWS_AND_SAVES)
    shown = int(page.evaluate("Number(document.documentElement.dataset.moves)"))
    rng = random.Random(4)
    for _ in range(3):
        if turn(page) in ("summary", "over"):
            break
        play_decision(page, rng)
    seats = [state.to_move for state in replay(game_of(page))[:-1]]
    work: list[str] = []
    counted: dict[int, list[str]] = {}
    for entry in page.evaluate("window.drawLog"):
        if isinstance(entry, str):
            work.append(entry)
            continue
        if entry != shown and seats[entry - 1] != words.HUMAN:  # an AI move appeared
            counted[entry] = work
        work, shown = [], entry
    assert len(counted) >= 4, counted
    assert all(sorted(done) == ["draw", "save"] for done in counted.values()), counted


LOG_HAND_REBUILDS = """() => {
    window.handLog = [];
    const root = document.documentElement;
    new MutationObserver((records) => {
        const removed = records.some((r) => [...r.removedNodes].some((n) => n.dataset?.card));
        if (removed) window.handLog.push([Number(root.dataset.moves), root.dataset.turn]);
    }).observe(document.getElementById("hand-cards"), { childList: true });
}"""


def test_the_hand_is_drawn_again_only_when_it_changes(page: Page, site_url: str) -> None:
    """While AI players move, the person's hand stays as it is: its cards are not built again
    for each of their moves (a third of such a redraw), only for the person's own moves and
    when the turn comes back."""
    start_game(page, site_url, seed=4, level="normal")
    page.evaluate(LOG_HAND_REBUILDS)
    first = int(page.evaluate("Number(document.documentElement.dataset.moves)"))
    rng = random.Random(4)
    for _ in range(3):
        if turn(page) in ("summary", "over"):
            break
        play_decision(page, rng)
    game = game_of(page)
    seats = [state.to_move for state in replay(game)[:-1]]
    rebuilt = page.evaluate("window.handLog")
    # Each move drawn while AI players went on playing: none of them rebuilt the hand.
    while_others_play = [
        n
        for n in range(first + 1, len(game.moves))
        if seats[n - 1] != words.HUMAN and (seats[n] != words.HUMAN)
    ]
    assert len(while_others_play) >= 2, seats
    assert not [m for m, _ in rebuilt if m in while_others_play], rebuilt
    # It was rebuilt for the person's own moves and when their turn came back.
    assert any(state == "human" for _, state in rebuilt), rebuilt
    assert any(seats[m - 1] == words.HUMAN for m, _ in rebuilt), rebuilt
    expect(page.locator("#hand-cards button.card")).to_have_count(len(game.hands[0]))


# -- keyboard, guided hand, screens, accessibility ----------------------------------------------


def test_the_guided_first_hand_with_the_keyboard_alone(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.click("[data-act=tutorial]")
    expect(page.locator("#message")).to_contain_text("pick the 4")
    # The cards to pick are marked, one step at a time.
    expect(page.locator("#hand-cards .guide")).to_have_count(2)
    page.focus("#hand-cards [data-i='0']")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_contain_text("Step 2 of 4")
    expect(page.locator("#hand-cards .guide")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(page.locator("#message")).to_contain_text("4 is higher than 3")
    page.keyboard.press("s")
    expect(page.locator("#message")).to_contain_text("captured the 2 cards")
    expect(page.locator("#hand-cards button.card")).to_have_count(3)
    # It ends cleanly: nobody is left marked to play, and a real game is one click away.
    expect(page.locator("#seats .seat-status")).to_have_count(0)
    expect(page.locator("#seats .to-move")).to_have_count(0)
    expect(page.locator("#actions .primary[data-act=new-game]")).to_have_text("Start a real game")


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1366, 800)])
def test_phone_and_desktop_screens_keep_the_hand_reachable(
    page: Page, site_url: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    human_play_turn(page, site_url, seed=11)
    overflow: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    card = page.locator("#hand-cards button.card").first
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box is not None and box["width"] >= 40 and box["height"] >= 56
    card.click(position={"x": 6, "y": 20})  # a crowded hand overlaps: its left edge shows
    expect(card).to_have_attribute("aria-pressed", "true")


def test_accessibility_audit_of_start_table_and_summary(
    page: Page, site_url: str, axe_violations: Callable[[Page], list[str]]
) -> None:
    page.goto(site_url)
    wait_ready(page)
    assert axe_violations(page) == []
    start_game(page, site_url, rounds=1, seed=12)
    play_until(page, lambda: turn(page) == "human" and game_of(page).phase == "play", seed=12)
    assert axe_violations(page) == []
    play_until(page, lambda: turn(page) in ("summary", "over"), seed=12)
    assert axe_violations(page) == []


def test_undo_takes_back_my_last_move_until_the_next_player_moves(
    page: Page, site_url: str
) -> None:
    game = human_play_turn(page, site_url, seed=13)
    page.select_option("#speed", "slow")
    move = next(m for m in game.legal_moves() if isinstance(m, Scout))
    enter(page, move, game)
    page.click("#actions [data-act=undo]")
    wait_idle(page)
    assert game_of(page).moves == game.moves
    expect(page.locator("#announce")).to_contain_text("taken back")
    # Once the next player has answered, a late Undo says why it does nothing.
    page.select_option("#speed", "instant")
    enter(page, move, game)
    wait_idle(page)
    if turn(page) == "human":
        page.keyboard.press("u")
        expect(page.locator("#message")).to_contain_text("Too late to take back")


def test_a_hint_shows_a_move_ready_to_confirm_and_why(page: Page, site_url: str) -> None:
    human_play_turn(page, site_url, seed=14)
    page.click("#actions [data-act=hint]")
    # The strongest AI thinks in slices: the page says so, stays busy, and can be stopped.
    expect(page.locator("#message")).to_contain_text("Looking for a good move")
    wait_idle(page)
    expect(page.locator("#message")).to_contain_text("Hint:")
    expect(page.locator("#actions [data-act=confirm]")).to_be_enabled()
    message = page.locator("#message").inner_text()
    for word in ("beats", "captures", "scout"):  # said once, not twice
        assert message.count(word) <= 1, message


def test_statistics_are_shown_and_can_be_reset(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    stats = {"schema": 1, "played": 3, "won": 1, "total_score": 12, "best": 9, "last_seed": 1}
    page.evaluate("text => localStorage.setItem('scout.stats', text)", json.dumps(stats))
    page.reload()
    wait_ready(page)
    expect(page.locator("#stats")).to_contain_text("Games played3")
    expect(page.locator("#stats")).to_contain_text("Average score4.0")
    page.click("[data-act=reset-stats]")
    expect(page.locator("#stats")).to_contain_text("Games played0")


def test_the_rules_panel_has_drawn_examples(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.click("#start [data-act=rules]")
    rules = page.locator("#rules")
    expect(rules).to_be_visible()
    assert rules.locator(".example").count() >= 4
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()


@pytest.mark.motion  # so that reduced motion is what this page asks for itself
def test_dark_scheme_and_reduced_motion_keep_contrast(
    page: Page, site_url: str, axe_violations: Callable[[Page], list[str]]
) -> None:
    page.emulate_media(color_scheme="dark", reduced_motion="reduce")
    human_play_turn(page, site_url, seed=15)
    page.click("#hand-cards [data-i='0']")
    assert axe_violations(page) == []
    moving: str = page.evaluate(
        "getComputedStyle(document.querySelector('#hand-cards .selected')).transform"
    )
    assert moving == "none"
