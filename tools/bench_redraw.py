"""Measure how long the page takes to redraw the table, in headless Chromium.

On the person's turn (the default), nothing else runs meanwhile (no AI player thinks): after
keeping the dealt hand, the person picks two cards and shows and hides the list of legal shows,
over and over, by clicks. Each
redraw is timed from the moment the page notes the cards' places (``scoutMotion.before``,
the first thing a redraw does) to the moment it starts moving them (``scoutMotion.after``), and
to the end of that call. Reports the median and the 90th percentile of each run.

    .venv/bin/python tools/bench_redraw.py [--runs 3] [--dist DIR]   (after build.py build)

``--while-ai`` times the redraws of the AI players' moves instead, the ones drawn while the
next AI player thinks: the person plays one-round games against two ``normal`` players, a
random legal move at each turn, and each redraw of an AI move followed by another AI move is
timed.

``--dist`` times another build of the site (say, one of an earlier commit), so that two can be
run in turn on the same machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core.gamefile import read  # noqa: E402
from tests.browser.browser_support import DIST, StaticServer, wait_ready  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS  # noqa: E402
from tests.browser.test_table import enter  # noqa: E402

IDLE = "html[data-turn]:not([data-busy])"
"""The page waits for nothing: no AI player thinks, no redraw is on its way."""

TIME_REDRAWS = """() => {
    window.redraws = [];
    const motion = window.scoutMotion;
    const before = motion.before.bind(motion), after = motion.after.bind(motion);
    let start = 0;
    motion.before = (...args) => { start = performance.now(); return before(...args); };
    const root = document.documentElement;
    let last = root.dataset.turn;
    motion.after = (...args) => {
        const drawn = performance.now();
        const result = after(...args);
        // An AI move that another AI move follows: data-turn was, and stays, "ai".
        const turn = root.dataset.turn;
        const aiMove = last === "ai" && turn === "ai";
        window.redraws.push([drawn - start, performance.now() - start, aiMove]);
        last = turn;
        return result;
    };
}"""


def one_run(page: Page, url: str, rounds: int) -> list[list[float]]:
    page.goto(url)
    wait_ready(page)
    page.select_option("#opt-speed", "instant")
    page.fill("#opt-seed", "11")
    page.click("#start-game")
    page.wait_for_selector("html[data-turn=human]:not([data-busy])", state="attached")
    page.click("#actions [data-act=keep]")
    page.wait_for_selector(
        "html[data-phase=play][data-turn=human]:not([data-busy])", state="attached"
    )
    page.evaluate(TIME_REDRAWS)
    for _ in range(rounds):
        page.click("#hand-cards [data-i='0']")
        page.click("#hand-cards [data-i='1']")
        page.click("#actions [data-act=suggest]")
        page.click("#actions [data-act=suggest]")
    redraws: list[list[float]] = page.evaluate("window.redraws")
    return redraws


def while_ai(browser: Browser, url: str, games: int) -> list[list[float]]:
    """Redraws of AI moves, in one-round games of the person's random moves against two
    ``normal`` players (each game in a fresh browser context: no save to resume)."""
    redraws: list[list[float]] = []
    for seed in range(1, games + 1):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        page.select_option("#opt-rounds", "1")
        page.select_option("#opt-speed", "instant")
        page.fill("#opt-seed", str(seed))
        for seat in (1, 2):
            page.select_option(f"#opt-level-{seat}", "normal")
        page.click("#start-game")
        page.wait_for_selector(IDLE, state="attached")
        page.evaluate(TIME_REDRAWS)
        rng = random.Random(seed)
        while page.get_attribute("html", "data-turn") == "human":
            game = read(page.evaluate("localStorage.getItem('scout.save')")).game
            enter(page, rng.choice(game.legal_moves()), game)
            page.wait_for_function(
                f"Number(document.documentElement.dataset.moves) > {len(game.moves)}"
            )
            page.wait_for_selector(IDLE, state="attached")
        redraws += [r for r in page.evaluate("window.redraws") if r[2]]
        context.close()
    return redraws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=15, help="clicks / 4 in each run")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to time")
    parser.add_argument(
        "--while-ai", action="store_true", help="time the AI players' moves' redraws"
    )
    parser.add_argument("--games", type=int, default=3, help="games a run, with --while-ai")
    args = parser.parse_args()
    server = StaticServer(args.dist)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            for run in range(1, args.runs + 1):
                if args.while_ai:
                    redraws = while_ai(browser, server.url, args.games)
                else:
                    page = browser.new_page(viewport={"width": 1280, "height": 800})
                    redraws = one_run(page, server.url, args.rounds)
                    page.close()
                drawn = sorted(r[0] for r in redraws)
                whole = sorted(r[1] for r in redraws)
                print(
                    f"run {run}: {len(redraws)} redraws; drawn in {statistics.median(drawn):.1f} ms"
                    f" (90th percentile {drawn[int(len(drawn) * 0.9)]:.1f}), with the motion's"
                    f" start {statistics.median(whole):.1f} ms"
                )
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
