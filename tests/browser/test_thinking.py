"""The AI players and the hint think in a worker, off the page's thread, and play exactly the
moves the engine chooses; without a worker the page thinks itself and plays the same moves."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from scout_core import Game
from scout_core.bots import hint, make
from scout_core.review import replay

from .browser_support import Problems
from .test_table import (
    REFUSE_THE_THINKER,
    TIMEOUT,
    game_of,
    play_decision,
    start_game,
    turn,
    wait_idle,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from scout_web.session import bot_seed, hint_seed  # web/ is put on the path above

ANSWERED = "window.scoutThinker.answered"


def thinker(page: Page, state: str) -> None:
    page.wait_for_selector(f"html[data-thinker={state}]", state="attached", timeout=TIMEOUT)


def ai_moves_are_the_engines(game: Game, level: str) -> int:
    """Replay the game here; every AI move must be the one the engine's bot chooses for the
    page's seed. Returns how many AI moves there were."""
    bot = make(level)
    checked = 0
    for number, (state, move) in enumerate(zip(replay(game), game.moves, strict=False)):
        seat = state.to_move
        assert seat is not None
        if seat != 0:
            chosen = bot.choose(state.observation(seat), random.Random(bot_seed(state)))
            assert move == chosen, f"move {number} of seat {seat}: {move} instead of {chosen}"
            checked += 1
    return checked


def ai_move_count(game: Game) -> int:
    return sum(state.to_move != 0 for state in replay(game)[:-1])


def play_until_the_ai_moved(page: Page, seed: int, times: int) -> None:
    """The person's moves, chosen at random, until the AI players have moved ``times``."""
    rng = random.Random(seed)
    for _ in range(20):
        if ai_move_count(game_of(page)) >= times:
            return
        assert turn(page) in ("human", "summary"), turn(page)
        play_decision(page, rng)


STACK_SWITCHING = "['Suspending', 'promising', 'Suspender'].filter((name) => name in WebAssembly)"


def test_the_ai_players_think_in_a_worker_and_play_the_engines_moves(
    page: Page, site_url: str
) -> None:
    start_game(page, site_url, rounds=1, seed=31, level="expert")
    thinker(page, "ready")  # moves before this may have been thought in the page, in slices
    # Neither the page's Python nor the worker's was offered stack switching, which can crash
    # Chromium's tab (web/python/no-stack-switching.mjs).
    workers = [w for w in page.workers if w.url.endswith("/python/think-worker.mjs")]
    assert len(workers) == 1, [w.url for w in page.workers]
    assert page.evaluate(STACK_SWITCHING) == []
    assert workers[0].evaluate(STACK_SWITCHING) == []
    answered = page.evaluate(ANSWERED)
    before = ai_move_count(game_of(page))
    play_until_the_ai_moved(page, 31, before + 6)
    assert ai_moves_are_the_engines(game_of(page), "expert") >= before + 6
    assert page.evaluate(ANSWERED) >= answered + 6


def test_the_hint_is_worked_out_in_the_worker_and_is_the_strongest_move(
    page: Page, site_url: str
) -> None:
    start_game(page, site_url, seed=32)
    thinker(page, "ready")
    rng = random.Random(32)
    while game_of(page).phase != "play" or turn(page) != "human":
        play_decision(page, rng)
    game = game_of(page)
    answered = page.evaluate(ANSWERED)
    page.click("#actions [data-act=hint]")
    wait_idle(page)
    expect(page.locator("#message")).to_contain_text("Hint:")
    assert page.evaluate(ANSWERED) == answered + 1
    page.click("#actions [data-act=confirm]")
    page.wait_for_function(
        f"Number(document.documentElement.dataset.moves) > {len(game.moves)}", timeout=TIMEOUT
    )
    played = game_of(page).moves[len(game.moves)]
    suggested, _reason = hint(game.observation(0), random.Random(hint_seed(game)))
    assert played == suggested


def test_when_no_worker_may_start_the_page_thinks_itself_and_plays_the_same_moves(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    # PyScript needs workers itself: this browser refuses only the AI's.
    context.add_init_script(REFUSE_THE_THINKER)
    start_game(page, site_url, seed=33, level="hard")
    thinker(page, "unavailable")
    play_until_the_ai_moved(page, 33, 6)
    assert page.evaluate(ANSWERED) == 0
    assert ai_moves_are_the_engines(game_of(page), "hard") >= 6


@pytest.mark.first_visit  # on a later visit the service worker serves the worker's script
def test_a_worker_that_fails_to_start_leaves_the_thinking_to_the_page(
    context: BrowserContext, page: Page, site_url: str, problems: Problems
) -> None:
    def broken(route: Route) -> None:
        route.fulfill(content_type="text/javascript", body="throw new Error('broken worker');")

    context.route("**/python/think-worker.mjs", broken)
    start_game(page, site_url, seed=34, level="normal")
    thinker(page, "unavailable")
    play_until_the_ai_moved(page, 34, 6)
    assert ai_moves_are_the_engines(game_of(page), "normal") >= 6
    # The worker's own uncaught error is the one expected here; nothing else went wrong.
    assert all("broken worker" in text for text in problems.page_errors), problems.report()
    assert not problems.console_errors and not problems.outside_requests, problems.report()
    problems.clear()
