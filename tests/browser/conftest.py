"""Shared fixtures for the browser tests: Debian Chromium, the built site, strict guards.

Every test gets a browser context (a later visit, or with the marker ``first_visit`` a
browser that has never seen the site) in which
- every request to a host other than 127.0.0.1 is aborted and recorded,
- every console error and uncaught page error is recorded,
and the test fails at teardown if anything was recorded. It asks for reduced motion unless
the test is marked ``motion``.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    BrowserContext,
    BrowserType,
    Page,
)

from .browser_support import (
    DIST,
    READY_TIMEOUT_MS,
    ROOT,
    Problems,
    StaticServer,
    guard,
    wait_ready,
)

CHROMIUM = os.environ.get("SCOUT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",  # root in a container: Chromium's sandbox cannot start
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # No traffic of Chromium's own (updates, sync, field trials) to any host.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium: Playwright cannot download its own browser here."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


SHARED_SITE = "SCOUT_TEST_SITE_URL"
"""Where a runner of several test sessions (``build.py test``) serves dist/ for all of them."""
SHARED_PROFILE = "SCOUT_TEST_PROFILE"
"""Where those sessions keep the one visited profile they share (see :func:`visited_profile`)."""


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The built site (dist/), served for the whole test run; ends with a slash."""
    shared = os.environ.get(SHARED_SITE)
    if shared:
        yield shared
        return
    server = StaticServer(DIST)
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def visited_profile(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    site_url: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> Path:
    """A browser profile that has been to the site twice and kept what visits leave: the
    service worker and its cache, Python's saved start-up, and Chromium's compiled code of the
    interpreter; its local storage is emptied, so no game, setting or statistic is left.

    The second visit, served by the service worker, with a table and its AI's worker, is what
    most players' visits are like. Chromium keeps the interpreter's compiled WebAssembly with
    the service worker's copy of it only once a page has run from that copy; a profile that
    has only made the first visit compiles it again at each start (measured here on two slow
    cores: a start with the AI's worker took 10.8 and 11.5 CPU seconds from such a profile,
    7.2 and 9.9 from this one, medians of five).

    Sessions that share one site (both workers of ``-n 2``, and the run of the ``alone``
    tests after them) share one such profile too: the first to need it makes it, the others
    wait for it. A profile holds the service worker of the site's origin, port included."""
    shared = os.environ.get(SHARED_PROFILE)
    if not shared:
        folder = tmp_path_factory.mktemp("visited-profile")
        visit_twice(folder, browser_type, browser_type_launch_args, site_url)
        return folder
    folder = Path(shared)
    made = folder.with_name(folder.name + ".made")
    with open(folder.with_name(folder.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a stopped session left
            visit_twice(folder, browser_type, browser_type_launch_args, site_url)
            made.touch()
    return folder


def visit_twice(
    folder: Path,
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    site_url: str,
) -> None:
    """Make ``folder`` a profile that has been to the site twice (see :func:`visited_profile`)."""

    @contextlib.contextmanager
    def visit() -> Iterator[Page]:
        context = browser_type.launch_persistent_context(folder, **browser_type_launch_args)
        try:
            page = context.new_page()
            page.goto(site_url)
            wait_ready(page)
            yield page
        finally:
            context.close()

    with visit() as page:
        page.wait_for_selector(
            "html[data-python-snapshot=saved]", state="attached", timeout=READY_TIMEOUT_MS
        )
        page.evaluate("navigator.serviceWorker.ready")
    with visit() as page:
        page.click("#start-game")
        page.wait_for_selector(
            "html[data-thinker=ready]", state="attached", timeout=READY_TIMEOUT_MS
        )
        wait_until_written(folder)
        page.evaluate("localStorage.clear()")


def wait_until_written(profile: Path, *, still_s: float = 3.0, limit_s: float = 30.0) -> None:
    """Wait until Chromium has stopped writing the service worker's cache and its code cache
    in ``profile`` (no file changed for ``still_s``), or ``limit_s`` has passed: then a copy
    of it holds what the visit left."""

    def files() -> dict[Path, tuple[int, int]]:
        found = {}
        for folder in ("Service Worker/CacheStorage", "Code Cache"):
            for path in (profile / "Default" / folder).rglob("*"):
                if path.is_file():
                    stat = path.stat()
                    found[path] = (stat.st_size, stat.st_mtime_ns)
        return found

    start = changed = time.monotonic()
    seen = files()
    while time.monotonic() - start < limit_s and time.monotonic() - changed < still_s:
        time.sleep(0.25)
        now = files()
        if now != seen:
            seen, changed = now, time.monotonic()


@pytest.fixture
def context(
    request: pytest.FixtureRequest,
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    browser_context_args: dict[str, Any],
) -> Iterator[BrowserContext]:
    """The test's browser. Most tests play a later visit, in a copy of
    :func:`visited_profile`: that skips Python's first start and the saving of its start-up
    (about 4 s of the two cores a test), which the tests marked ``first_visit`` play.

    It asks for reduced motion unless the test is marked ``motion``: cards that travel are
    drawn frame by frame in software here, which took about a fifth of a whole game's time,
    and only the tests of motion itself (and one whole game) need to see them travel."""
    motion = "no-preference" if request.node.get_closest_marker("motion") else "reduce"
    if request.node.get_closest_marker("first_visit"):
        yield request.getfixturevalue("new_context")(reduced_motion=motion)
        return
    marker = request.node.get_closest_marker("browser_context_args")
    options = {
        "reduced_motion": motion,
        **browser_context_args,
        **(marker.kwargs if marker else {}),
    }
    profile: Path = request.getfixturevalue("visited_profile")
    with tempfile.TemporaryDirectory(prefix="profile-") as folder:
        copy = Path(folder) / "profile"
        shutil.copytree(profile, copy)
        context = browser_type.launch_persistent_context(
            copy, **browser_type_launch_args, **options
        )
        yield context
        context.close()


@pytest.fixture
def private_server(tmp_path: Path) -> Iterator[tuple[Path, StaticServer]]:
    """A copy of dist/ served on its own port, for tests that change or stop the site."""
    copy = tmp_path / "site"
    shutil.copytree(DIST, copy)
    server = StaticServer(copy)
    yield copy, server
    server.stop()


@pytest.fixture(autouse=True)
def problems(context: BrowserContext) -> Iterator[Problems]:
    """Guard every page and worker of the test's context; fail the test on any problem."""
    found = guard(context)
    yield found
    assert not found.report(), "the page misbehaved:\n" + found.report()


AXE_SCRIPT = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def axe_violations() -> Callable[[Page], list[str]]:
    """A function that runs axe-core on a page and returns its violations, one line each."""

    def run(page: Page) -> list[str]:
        # Injected over the DevTools protocol, which the page's CSP does not govern.
        page.evaluate(AXE_SCRIPT.read_text() + "\n;0")
        violations: list[dict[str, Any]] = page.evaluate(
            "async () => (await axe.run(document)).violations"
        )
        return [
            f"{item['id']}: {item['help']} at {[node['target'] for node in item['nodes']]}"
            for item in violations
        ]

    return run
