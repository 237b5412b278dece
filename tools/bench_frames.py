"""Measure the main thread while the AI players think and the cards move, in headless Chromium.

Plays the opening of a few games through the page at the normal pace (the person's moves are
chosen at random among the legal ones and entered by clicks), and records with a
PerformanceObserver every long task (a task over 50 ms on the main thread) and, through the
Web Animations API, every card animation that ran. Reports the longest tasks, how many went
over 50 ms, and how many animations ran meanwhile.

    .venv/bin/python tools/bench_frames.py [--games 3] [--decisions 6]   (after build.py build)
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core.gamefile import read  # noqa: E402
from tests.browser.browser_support import DIST, StaticServer, wait_ready  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS  # noqa: E402
from tests.browser.test_table import enter  # noqa: E402

OBSERVE = """() => {
    window.longTasks = [];
    window.animations = 0;
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
    }).observe({ type: "longtask" });
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
        window.animations += 1;
        return animate.apply(this, args);
    };
}"""
IDLE = "html[data-turn]:not([data-busy])"


def one_game(page: Page, url: str, seed: int, decisions: int) -> tuple[list[float], int, int]:
    page.goto(url)
    wait_ready(page)
    page.select_option("#opt-speed", "normal")
    page.fill("#opt-seed", str(seed))
    page.click("#start-game")
    page.wait_for_selector(IDLE, state="attached", timeout=120_000)
    # The one-off work after a first start (saving Python's start-up) is not an AI turn.
    page.wait_for_selector("html[data-python-snapshot]", state="attached", timeout=120_000)
    page.evaluate(OBSERVE)
    rng = random.Random(seed)
    ai_moves = 0
    for _ in range(decisions):
        state = page.get_attribute("html", "data-turn")
        if state != "human":
            break
        game = read(page.evaluate("localStorage.getItem('scout.save')")).game
        before = len(game.moves)
        enter(page, rng.choice(game.legal_moves()), game)
        page.wait_for_selector(IDLE, state="attached", timeout=120_000)
        after = read(page.evaluate("localStorage.getItem('scout.save')")).game
        ai_moves += len(after.moves) - before - 1
    tasks: list[float] = page.evaluate("window.longTasks")
    return tasks, int(page.evaluate("window.animations")), ai_moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=6)
    args = parser.parse_args()
    server = StaticServer(DIST)
    tasks: list[float] = []
    animations = ai_moves = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            for seed in range(1, args.games + 1):
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                found, ran, moved = one_game(page, server.url, seed, args.decisions)
                tasks += found
                animations += ran
                ai_moves += moved
                page.close()
            browser.close()
    finally:
        server.stop()
    longest = sorted(tasks, reverse=True)[:5]
    print(f"games {args.games}, AI moves {ai_moves}, card animations {animations}")
    print(f"long tasks (> 50 ms): {len(tasks)}; longest: {[round(t) for t in longest]} ms")


if __name__ == "__main__":
    main()
