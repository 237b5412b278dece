"""Measure how fast the built page starts in headless Chromium (run by `build.py bench`).

Each run loads the page twice: cold, in a fresh browser profile, then warm, a second visit
with the same profile (HTTP cache, the service worker's cache, and the saved Python start-up,
which the first visit leaves behind before it closes). Times come from the
page's own performance timeline, so they count from the start of the navigation:
- first contentful paint: the loading screen is on screen;
- ready: the `scout-ready` mark, set when Python marks the page playable (`data-ready`);
and bytes are what the network delivered (Resource Timing transfer sizes).

A bare page that only starts Pyodide is measured the same way, interleaved with the game's
page: on a shared machine the absolute times swing with its load, and the difference between
the two is what the game's own start-up costs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
READY_TIMEOUT_MS = 120_000
# No routing here: Playwright's routing turns the HTTP cache off. Chromium's own resolver
# blocks every host but this machine instead.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
MEASURE = """() => {
    const first = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    const entries = [
        ...performance.getEntriesByType("navigation"),
        ...performance.getEntriesByType("resource"),
    ];
    return {
        paint: first("first-contentful-paint"),
        ready: first("scout-ready"),
        bytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
        start: document.documentElement.getAttribute("data-python-start"),
    };
}"""


@dataclass(frozen=True)
class Load:
    paint_ms: float
    ready_ms: float
    bytes: int
    python_start: str | None  # the game's page: "fresh", or "snapshot" (the saved start-up)


BASELINE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide alone</title>
<script type="module" src="./baseline.js"></script></head><body><p>Loading</p></body></html>
"""
BASELINE_SCRIPT = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide();
performance.mark("scout-ready");
document.documentElement.setAttribute("data-ready", "");
"""


def write_baseline(folder: Path) -> Path:
    """A bare page that only starts Pyodide: the floor the game's start-up is compared with."""
    (folder / "index.html").write_text(BASELINE_PAGE)
    (folder / "baseline.js").write_text(BASELINE_SCRIPT)
    shutil.copytree(ROOT / "dist" / "pyodide", folder / "pyodide")
    return folder


@contextmanager
def served(directory: Path) -> Iterator[str]:
    """A folder served by `build.py serve` on a free port."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--no-build", "--quiet",
         "--port", "0", "--dir", str(directory)],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    assert process.stdout is not None
    line = process.stdout.readline()
    try:
        if " at http://" not in line:
            raise SystemExit(f"the site server did not start: {line!r}")
        yield line.rsplit(" at ", 1)[1].strip()
    finally:
        process.terminate()
        process.wait(timeout=10)


@dataclass(frozen=True)
class Site:
    name: str
    url: str
    is_game: bool  # the game's page: service worker, saved start-up


def load_once(context: BrowserContext, site: Site, outside: list[str]) -> Load:
    page = context.new_page()
    page.on("request", lambda r: None if "//127.0.0.1" in r.url else outside.append(r.url))
    page.goto(site.url, wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    figures = page.evaluate(MEASURE)
    if site.is_game:
        # Let the service worker finish precaching and the page save Python's start-up, as
        # they do while a player plays, so the next visit is a real warm one.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        if page.get_attribute("html", "data-python-start") == "fresh":
            page.wait_for_selector(
                "html[data-python-snapshot]", state="attached", timeout=READY_TIMEOUT_MS
            )
    page.close()
    return Load(
        figures["paint"] or float("nan"), figures["ready"], int(figures["bytes"]), figures["start"]
    )


def cold_and_warm(playwright: Playwright, chromium: str, site: Site) -> tuple[Load, Load, int]:
    """A visit with a fresh profile, then a second visit with the same profile."""
    outside: list[str] = []
    with tempfile.TemporaryDirectory(prefix="scout-bench-") as profile:
        loads = []
        for _visit in ("cold", "warm"):
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=chromium, args=CHROMIUM_ARGS
            )
            loads.append(load_once(context, site, outside))
            context.close()
    return loads[0], loads[1], len(outside)


def summary(name: str, loads: list[Load]) -> str:
    def median(values: list[float]) -> float:
        return statistics.median(values)

    readies = ", ".join(f"{load.ready_ms / 1000:.2f}" for load in loads)
    return (
        f"  {name}: first contentful paint {median([x.paint_ms for x in loads]):.0f} ms, "
        f"ready {median([x.ready_ms for x in loads]) / 1000:.2f} s (runs: {readies}), "
        f"{median([x.bytes for x in loads]) / 1e6:.2f} MB transferred" + starts(loads)
    )


def starts(loads: list[Load]) -> str:
    """How Python started on the game's page, e.g. ', Python from the saved start-up 5/5'."""
    restored = sum(load.python_start == "snapshot" for load in loads)
    if all(load.python_start is None for load in loads):
        return ""
    return f", Python from the saved start-up {restored}/{len(loads)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    results: dict[str, tuple[list[Load], list[Load]]] = {}
    outside = 0
    with (
        tempfile.TemporaryDirectory(prefix="scout-baseline-") as baseline_dir,
        served(ROOT / "dist") as game_url,
        served(write_baseline(Path(baseline_dir))) as baseline_url,
        sync_playwright() as playwright,
    ):
        sites = [
            Site("the game's page (dist/)", game_url, is_game=True),
            Site("Pyodide alone (a bare page, for comparison)", baseline_url, is_game=False),
        ]
        # Interleaved, so both pages see the same machine load.
        for _run in range(args.runs):
            for site in sites:
                cold, warm, blocked = cold_and_warm(playwright, args.chromium, site)
                results.setdefault(site.name, ([], []))[0].append(cold)
                results[site.name][1].append(warm)
                outside += blocked
    print(f"Page load, medians of {args.runs} runs:")
    for name, (cold_loads, warm_loads) in results.items():
        print(name)
        print(summary("cold", cold_loads))
        print(summary("warm", warm_loads))
    print(f"requests to other hosts: {outside}")
    # Timings on a shared 2-core machine depend on what else runs: say how busy it was.
    print(f"load average (1/5/15 min) at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
