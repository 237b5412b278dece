"""Replay, analysis and practice in Chromium: every hand as the engine had it, the analysis
kept with the save and stoppable, log lines that lead into the replay, and take-backs."""

from __future__ import annotations

import json
import random

from playwright.sync_api import Page, expect

from scout_core.bots.analysis import DEFAULT_BUDGET
from scout_core.review import Review, replay_positions, review_game

from .browser_support import wait_ready
from .test_table import game_of, play_decision, play_until, start_game, turn, wait_idle


def seats_shown(page: Page) -> list[list[str]]:
    """The cards of every hand drawn in the replay, by their spoken names."""
    return [
        seat.locator(".card").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
        for seat in page.locator("#replay-hands .replay-seat:not(.replay-table)").all()
    ]


def test_the_replay_shows_every_hand_as_the_engine_had_it_and_the_analysis_is_kept(
    page: Page, site_url: str
) -> None:
    start_game(page, site_url, rounds=1, seed=5)
    play_until(page, lambda: turn(page) == "over", seed=5)
    page.wait_for_selector("html[data-analysis='done']", state="attached", timeout=120_000)
    game = game_of(page)
    steps = replay_positions(game)
    page.click("#summary [data-act=replay]")
    dialog = page.locator("#replay")
    expect(dialog).to_be_visible()
    for at in range(len(game.moves), -1, -1):
        expect(page.locator("#replay-where")).to_contain_text(f"Move {at} of {len(game.moves)}")
        position = steps[at].ended or steps[at].game.position
        names = [[f"{c.value} over {c.other}" for c in hand] for hand in position.hands]
        assert seats_shown(page) == names
        page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-move")).to_have_text("The deal: every hand as it was dealt.")
    # The analysis: points lost, and the costliest decisions one click away.
    analysis = page.locator("#analysis-body")
    expect(analysis).to_contain_text("points lost in all")
    costliest = analysis.locator(".costliest button")
    if costliest.count():
        costliest.first.click()
        expect(page.locator("#replay-verdict .verdict")).to_contain_text("cost")
    saved = json.loads(page.evaluate("localStorage.getItem('scout.save')"))
    assert saved["client"]["review"]["decisions"]
    # Priced in the AI's worker, decision by decision: exactly the engine's analysis.
    assert page.evaluate("window.scoutThinker.answered") >= len(
        saved["client"]["review"]["decisions"]
    )
    expected = review_game(game, 0, budget=DEFAULT_BUDGET, seed=game.seed).decisions
    assert Review.from_dict(saved["client"]["review"]).decisions == expected
    # After a reload the analysis is there at once: it is never computed twice.
    page.reload()
    wait_ready(page)
    page.click("#summary [data-act=replay]")
    expect(page.locator("#analysis-body")).to_contain_text("points lost in all")
    assert page.get_attribute("html", "data-analysis") is None


def test_the_analysis_shows_its_progress_and_can_be_stopped(page: Page, site_url: str) -> None:
    start_game(page, site_url, rounds=1, seed=6)
    play_until(page, lambda: turn(page) == "over", seed=6)
    page.click("#summary [data-act=replay]")
    body = page.locator("#analysis-body")
    stop = body.locator("[data-act=stop-analysis]")
    if stop.count():  # still running (it usually is: a round takes seconds)
        expect(body.locator("progress")).to_be_visible()
        stop.click()
        expect(page.locator("html")).to_have_attribute("data-analysis", "stopped")
    else:
        page.wait_for_selector("html[data-analysis='done']", state="attached")
        return
    page.click("#analysis-body [data-act=analyse]")
    page.wait_for_selector("html[data-analysis='done']", state="attached", timeout=120_000)
    expect(body).to_contain_text("points lost in all")


def test_a_log_line_of_a_finished_round_opens_the_replay_there(page: Page, site_url: str) -> None:
    start_game(page, site_url, rounds=2, seed=7)
    play_until(page, lambda: turn(page) == "summary", seed=7)
    page.click("#summary [data-act=next-round]")
    wait_idle(page)
    # Round 2 is being played: its lines are plain text, round 1's lead into the replay.
    jumps = page.locator("#log .log-jump")
    assert jumps.count() > 0
    expect(page.locator("#log li[data-round='2'] .log-jump")).to_have_count(0)
    line = jumps.nth(4)
    text = line.inner_text()
    line.click()
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-move")).to_have_text(text)
    # The replay stops at the end of round 1: round 2's hands are still private.
    page.keyboard.press("End")
    expect(page.locator("#replay-where")).to_contain_text("Round 1 of 2")
    page.click("#replay [data-act=close-replay]")
    expect(page.locator("#replay")).to_be_hidden()


def test_practice_takes_back_any_decision_and_is_not_counted(page: Page, site_url: str) -> None:
    start_game(page, site_url, rounds=1, seed=8, practice=True)
    expect(page.locator("#round-label")).to_contain_text("Practice")
    rng = random.Random(8)
    for _ in range(4):
        play_decision(page, rng)
    before = game_of(page).moves
    # Back over the AI players' replies, decision after decision.
    for _ in range(3):
        page.click("#actions [data-act=undo]")
        wait_idle(page)
    assert len(game_of(page).moves) < len(before) - 3
    play_until(page, lambda: turn(page) == "over", seed=9)
    expect(page.locator("#summary")).to_contain_text("A practice game")
    stats = page.evaluate("localStorage.getItem('scout.stats')")
    assert stats is None or json.loads(stats)["played"] == 0
