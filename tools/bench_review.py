"""Time the analysis of a whole finished game in the page, in headless Chromium, and under
CPython (run by `build.py bench --review`).

Each game is a real three-round game of three players (the person's moves random, the AI
players `normal`), written as a game file and put into the page's storage before it loads.
The page is asked to analyse it ("Analyse my decisions" in the replay), and the time until the
analysis is kept is read, with the longest task the page ran meanwhile, from the click on (a
Long Tasks observer): the table must stay usable throughout. The analysis runs in the AI's
worker, which on this first visit starts only once Python's start-up is saved: how long it
waited for the worker is read too, and the longest task once the worker was pricing. The
same analysis is then timed under CPython, in this process.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_page import CHROMIUM_ARGS, served  # noqa: E402

from scout_core import Game  # noqa: E402
from scout_core.bots import make  # noqa: E402
from scout_core.gamefile import write  # noqa: E402
from scout_core.review import review_game  # noqa: E402

OBSERVE = """() => {
    window.tasks = [];
    window.workerReady = null;
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask" });
    const root = document.documentElement;
    const ready = () => {
        if (window.workerReady === null && root.dataset.thinker === "ready")
            window.workerReady = performance.now();
    };
    ready();
    new MutationObserver(ready).observe(root, { attributeFilter: ["data-thinker"] });
}"""
LONGEST_AFTER = """(since) => Math.max(0, ...window.tasks
    .filter(([start]) => since !== null && start >= since).map(([, duration]) => duration))"""


def finished_game(seed: int) -> Game:
    """A whole three-round game: the person (seat 0) random, the others ``normal``."""
    rng = random.Random(seed)
    bot = make("normal")
    game = Game.new(players=3, seed=seed)
    while game.phase != "over":
        seat = game.to_move
        assert seat is not None
        if seat == 0:
            game = game.play(rng.choice(game.legal_moves()))
        else:
            game = game.play(bot.choose(game.observation(seat), rng))
    return game


def in_the_page(chromium: str, url: str, game: Game) -> tuple[float, float, float, float, int]:
    """Seconds from "Analyse" to the analysis kept, the longest task (ms), seconds waited for
    the worker, the longest task once it priced (ms), decisions priced."""
    text = write(game, {"levels": ["normal", "normal"], "speed": "normal", "counted": True})
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        context = browser.new_context()
        context.add_init_script(f"localStorage.setItem('scout.save', {json.dumps(text)})")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.evaluate(OBSERVE)
        page.click("#summary [data-act=replay]")
        started = time.perf_counter()
        clicked: float = page.evaluate("performance.now()")
        page.click("#analysis-body [data-act=analyse]")
        page.wait_for_selector("html[data-analysis='done']", state="attached", timeout=600_000)
        seconds = time.perf_counter() - started
        longest: float = page.evaluate(LONGEST_AFTER, clicked)
        ready: float | None = page.evaluate("window.workerReady")
        waited = 0.0 if ready is None else max(0.0, ready - clicked) / 1000
        after: float = page.evaluate(LONGEST_AFTER, ready)
        saved = json.loads(page.evaluate("localStorage.getItem('scout.save')"))
        browser.close()
    return seconds, longest, waited, after, len(saved["client"]["review"]["decisions"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    page_times, longest, cpython = [], [], []
    with served(ROOT / "dist") as url:
        for seed in range(1, args.games + 1):
            game = finished_game(seed)
            seconds, task, waited, after, decisions = in_the_page(args.chromium, url, game)
            started = time.process_time()
            review_game(game, 0, seed=game.seed)
            cpu = time.process_time() - started
            page_times.append(seconds)
            longest.append(task)
            cpython.append(cpu)
            print(
                f"game {seed}: {decisions} decisions; page {seconds:.1f} s (longest task"
                f" {task:.0f} ms; {waited:.1f} s waiting for the worker, then longest task"
                f" {after:.0f} ms); CPython {cpu:.1f} s CPU"
            )
    print(
        f"median of {args.games}: page {statistics.median(page_times):.1f} s, longest task"
        f" {max(longest):.0f} ms; CPython {statistics.median(cpython):.1f} s CPU"
    )


if __name__ == "__main__":
    main()
