"""Measure how long the AI players and the hint take in the page, as a player waits for them.

Plays the opening of a few games in headless Chromium (three players unless ``--players``
says otherwise), the person against AI players of one level, at the instant pace (no pauses
between moves; ``--speed`` sets another), the person's moves chosen at random and entered by
clicks. At each of the person's turns in play it first asks for a hint and takes it back.
Reported, for the AI's worker and for the page thinking itself (the worker refused):

- each AI decision: from the move before it appearing on the table to its own (thinking, the
  request's round trip and the redraw: what a player waits);
- each hint: from the click to the hint on screen;
- every long task (over 50 ms) on the page's thread meanwhile.

    .venv/bin/python tools/bench_think.py [--games 2] [--decisions 6] [--level expert]
        [--players 3] [--speed instant|fast|normal|slow] [--dist DIR] [--only worker|sliced]
        (after python3 build.py build)

``--dist`` times another build of the site (say, one of an earlier commit), so that two can be
run in turn on the same machine; ``--only`` measures one of the two ways of thinking.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scout_core import Game  # noqa: E402
from scout_core.gamefile import read  # noqa: E402
from scout_core.review import replay  # noqa: E402
from tests.browser.browser_support import DIST, StaticServer, wait_ready  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS  # noqa: E402
from tests.browser.test_table import REFUSE_THE_THINKER, enter  # noqa: E402

WATCH = """() => {
    window.longTasks = [];
    window.moveTimes = [];
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
    }).observe({ type: "longtask" });
    const root = document.documentElement;
    new MutationObserver(() => {
        const moves = Number(root.dataset.moves);
        const last = window.moveTimes[window.moveTimes.length - 1];
        if (!last || last[0] !== moves) window.moveTimes.push([moves, performance.now()]);
    }).observe(root, { attributes: true, attributeFilter: ["data-moves"] });
}"""
HINT = """async () => {
    const root = document.documentElement;
    const start = performance.now();
    const done = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
            if (!root.hasAttribute("data-busy")) {
                observer.disconnect();
                resolve();
            }
        });
        observer.observe(root, { attributes: true, attributeFilter: ["data-busy"] });
    });
    document.querySelector("#actions [data-act=hint]").click();
    await done;
    return performance.now() - start;
}"""
IDLE = "html[data-turn]:not([data-busy])"
TIMEOUT = 120_000


def saved_game(page: Page) -> Game:
    return read(page.evaluate("localStorage.getItem('scout.save')")).game


def seats_by_move(game: Game) -> list[int | None]:
    """Who made each move of the game."""
    return [state.to_move for state in replay(game)[:-1]]


def one_game(
    page: Page,
    url: str,
    seed: int,
    decisions: int,
    *,
    players: int,
    level: str,
    speed: str,
    worker: bool,
) -> tuple[list[float], list[float], list[float], int]:
    """AI decision times, hint times, long tasks and worker answers of one game's opening."""
    page.goto(url)
    wait_ready(page)
    page.select_option("#opt-players", str(players))
    page.select_option("#opt-rounds", "1")
    page.select_option("#opt-speed", speed)
    page.fill("#opt-seed", str(seed))
    for seat in range(1, players):
        page.select_option(f"#opt-level-{seat}", level)
    page.click("#start-game")
    # The worker starts with the table (or is refused); the first moves may be thought before.
    state = "ready" if worker else "unavailable"
    page.wait_for_selector(f"html[data-thinker={state}]", state="attached", timeout=TIMEOUT)
    page.wait_for_selector(IDLE, state="attached", timeout=TIMEOUT)
    page.evaluate(WATCH)
    rng = random.Random(seed)
    hints: list[float] = []
    for _ in range(decisions):
        if page.get_attribute("html", "data-turn") != "human":
            break
        game = saved_game(page)
        if game.phase == "play":
            hints.append(page.evaluate(HINT))
            page.keyboard.press("Escape")
        enter(page, rng.choice(game.legal_moves()), game)
        page.wait_for_function(
            f"Number(document.documentElement.dataset.moves) > {len(game.moves)}", timeout=TIMEOUT
        )
        page.wait_for_selector(IDLE, state="attached", timeout=TIMEOUT)
    seats = seats_by_move(saved_game(page))
    times: list[Any] = page.evaluate("window.moveTimes")
    thinking = [
        end - start
        for (_, start), (moves, end) in itertools.pairwise(times)
        if seats[moves - 1] != 0
    ]
    tasks: list[float] = page.evaluate("window.longTasks")
    answered = int(page.evaluate("window.scoutThinker.answered"))
    return thinking, hints, tasks, answered


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) / 1000:.2f} s, 95th pct {p95 / 1000:.2f} s"


def measure(browser: Browser, url: str, args: argparse.Namespace, *, worker: bool) -> None:
    thinking: list[float] = []
    hints: list[float] = []
    tasks: list[float] = []
    answered = 0
    for seed in range(1, args.games + 1):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        if not worker:
            context.add_init_script(REFUSE_THE_THINKER)
        page = context.new_page()
        found = one_game(
            page,
            url,
            seed,
            args.decisions,
            players=args.players,
            level=args.level,
            speed=args.speed,
            worker=worker,
        )
        thinking += found[0]
        hints += found[1]
        tasks += found[2]
        answered += found[3]
        context.close()
    how = "in the AI's worker" if worker else "in the page, in slices (worker refused)"
    table = f"{args.level}, {args.players} players, {args.speed} pace"
    print(f"{table}, thinking {how}: answered by the worker {answered}")
    print(f"  AI decisions ({len(thinking)}): {spread(thinking)}")
    print(f"  hints ({len(hints)}): {spread(hints)}")
    longest = [round(t) for t in sorted(tasks, reverse=True)[:5]]
    print(f"  long tasks over 50 ms: {len(tasks)}; longest {longest} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=6, help="the person's, a game")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4, 5))
    parser.add_argument("--speed", default="instant", choices=("instant", "fast", "normal", "slow"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to time")
    parser.add_argument("--only", choices=("worker", "sliced"), help="one way of thinking")
    args = parser.parse_args()
    server = StaticServer(args.dist)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            for worker in (True, False):
                if args.only in (None, "worker" if worker else "sliced"):
                    measure(browser, server.url, args, worker=worker)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
