"""The built site in Chromium: it starts, loads only its own files, and works offline."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Error, Page, Route, expect

from .browser_support import DIST, Problems, StaticServer, guard, wait_ready

# The site's own loading, caching and start: as a browser that has never seen it.
pytestmark = pytest.mark.first_visit

ALLOWED_CSP_SOURCES = {"'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-eval'", "data:"}


def built_version() -> str:
    (wheel,) = (DIST / "wheels").glob("scout_core-*.whl")
    return str(wheel.name.split("-")[1])


def build_id(site: Path) -> str:
    match = re.search(r'const BUILD_ID = "([0-9a-f]+)";', (site / "sw.js").read_text())
    assert match, "sw.js carries no build id"
    return match.group(1)


def expected_cache(site: Path, base_url: str) -> set[str]:
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    return {base_url} | {base_url + name for name in files - {"sw.js"}}


def runtime_id() -> str:
    match = re.search(r'RUNTIME_ID = "([0-9a-f]+)";', (DIST / "python/snapshot.mjs").read_text())
    assert match, "python/snapshot.mjs carries no runtime id"
    return match.group(1)


def site_caches(page: Page) -> dict[str, list[str]]:
    """The service worker's caches (the saved Python start-up has its own)."""
    return {name: urls for name, urls in cache_contents(page).items() if name.startswith("scout-")}


def wait_for_snapshot(page: Page) -> None:
    """After a fresh start the page saves Python's start-up in the background."""
    page.wait_for_selector("html[data-python-snapshot]", state="attached", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("data-python-snapshot", "saved")


def cache_contents(page: Page) -> dict[str, list[str]]:
    """Cache name -> URLs, for every cache of the page's origin."""
    result: dict[str, list[str]] = page.evaluate(
        """async () => {
            const result = {};
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                result[name] = (await cache.keys()).map((request) => request.url);
            }
            return result;
        }"""
    )
    return result


def wait_for_service_worker(page: Page) -> None:
    """Resolve once a service worker is active for the page (it registers after ready)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


@pytest.fixture(scope="module")
def shared_first_visit(
    browser: Browser, browser_context_args: dict[str, Any], site_url: str
) -> Iterator[tuple[Page, Problems]]:
    """One first visit, read by the checks that only look at what it shows: a first visit
    (Python's first start, then the saving of its start-up) is the dearest page load."""
    context = browser.new_context(**browser_context_args, reduced_motion="reduce")
    found = guard(context)
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    yield page, found
    context.close()


@pytest.fixture
def first_page(shared_first_visit: tuple[Page, Problems]) -> Iterator[Page]:
    """The shared first visit; the test fails if the page misbehaved while it ran."""
    page, found = shared_first_visit
    yield page
    report = found.report()
    found.clear()
    assert not report, "the page misbehaved:\n" + report


def test_page_becomes_ready_with_the_engine_from_the_wheel(first_page: Page) -> None:
    expect(first_page.locator("#loading")).to_be_hidden()
    expect(first_page.locator("#start")).to_be_visible()
    expect(first_page.locator("#status")).to_contain_text(f"scout_core {built_version()}")


def test_loading_screen_shows_before_python_starts(page: Page, site_url: str) -> None:
    # Hold back the WebAssembly runtime: until it is released Python cannot run, so what
    # is checked meanwhile is what a player sees before Python starts.
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        if released:
            route.fallback()
        else:
            held.append(route)

    page.route("**/pyodide/pyodide.asm.wasm", hold)
    page.goto(site_url, wait_until="domcontentloaded")
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#progress")).to_have_text(re.compile(r"\w"))
    expect(page.locator("html")).not_to_have_attribute("data-ready", "")
    released = True
    for route in held:
        route.fallback()
    wait_ready(page)
    expect(page.locator("#loading")).to_be_hidden()


def test_runtime_files_are_downloaded_once(first_page: Page) -> None:
    # 13 MB: a second request for any of them would double the first visit's download.
    # Counted up to the start (the worker that then saves Python's start-up loads its own).
    fetched = first_page.evaluate(
        """() => {
            const ready = performance.getEntriesByName("scout-ready")[0].startTime;
            return performance
                .getEntriesByType("resource")
                .filter((entry) => entry.startTime < ready)
                .map((entry) => entry.name);
        }"""
    )
    runtime = [url for url in fetched if "/pyodide/" in url]
    assert sorted(runtime) == sorted(set(runtime))
    assert len(runtime) == len(list((DIST / "pyodide").iterdir()))


def test_requests_to_other_hosts_are_caught(page: Page, problems: Problems) -> None:
    # The guard itself: a request to another host is aborted and recorded.
    with pytest.raises(Error):
        page.goto("http://example.invalid/")
    assert problems.outside_requests == ["http://example.invalid/"]
    problems.clear()


def test_content_security_policy_allows_only_this_site(first_page: Page) -> None:
    policy = first_page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute(
        "content"
    )
    assert policy
    for directive in filter(None, (part.strip() for part in policy.split(";"))):
        name, *sources = directive.split()
        assert set(sources) <= ALLOWED_CSP_SOURCES, f"{name} allows {sources}"
    assert "default-src 'self'" in policy


def test_manifest_makes_the_game_installable(first_page: Page, site_url: str) -> None:
    response = first_page.request.get(site_url + "manifest.webmanifest")
    assert response.ok
    assert response.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(response.text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        image = first_page.request.get(site_url + icon["src"].removeprefix("./"))
        assert image.ok, icon["src"]
        assert image.headers["content-type"] == icon["type"]


def test_service_worker_precaches_the_site_and_it_runs_offline(
    page: Page, private_server: tuple[Path, StaticServer]
) -> None:
    site, server = private_server
    page.goto(server.url)
    wait_ready(page)
    wait_for_service_worker(page)
    caches = site_caches(page)
    assert list(caches) == [f"scout-{build_id(site)}"]
    assert set(*caches.values()) == expected_cache(site, server.url)

    server.stop()
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    # A game against the AI players starts their worker, offline too: its Python and the
    # engine come from the same cache.
    assert page.get_attribute("html", "data-thinker") is None  # not before it is wanted
    page.click("#start-game")
    page.wait_for_selector("html[data-thinker=ready]", state="attached", timeout=60_000)


def test_a_new_build_replaces_the_old_cache(
    page: Page, private_server: tuple[Path, StaticServer]
) -> None:
    site, server = private_server
    page.goto(server.url)
    wait_ready(page)
    wait_for_service_worker(page)
    (old_cache,) = site_caches(page)

    # A new build: one file changes, and so does the build id in sw.js.
    old_id = build_id(site)
    new_id = old_id[::-1]
    with (site / "main.py").open("a") as main:
        main.write("# rebuilt\n")
    sw = site / "sw.js"
    sw.write_text(sw.read_text().replace(old_id, new_id))

    # The old worker keeps serving the old build until the player accepts the update.
    page.reload()
    wait_ready(page)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("html[data-update-ready]", state="attached")
    assert "# rebuilt" not in page.evaluate("fetch('./main.py').then((r) => r.text())")
    with page.expect_navigation():
        page.click("#update-button")
    wait_ready(page)

    caches = site_caches(page)
    assert old_cache not in caches
    assert list(caches) == [f"scout-{new_id}"]
    assert set(*caches.values()) == expected_cache(site, server.url)
    assert "# rebuilt" in page.evaluate("fetch('./main.py').then((r) => r.text())")


def test_page_has_no_accessibility_violations(
    first_page: Page, axe_violations: Callable[[Page], list[str]]
) -> None:
    assert axe_violations(first_page) == []


# -- the saved Python start-up ------------------------------------------------------------------


def test_a_later_visit_starts_python_from_the_saved_image(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-python-start", "fresh")
    wait_for_snapshot(page)
    images = cache_contents(page)["python-snapshot"]
    assert images == [f"{site_url}python/memory-{runtime_id()}.bin"]

    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-python-start", "snapshot")
    expect(page.locator("#status")).to_contain_text(f"scout_core {built_version()}")
    # Python runs normally: a game starts and its first deal is on the table.
    page.click("#start-game")
    expect(page.locator("#hand-cards button.card").first).to_be_visible()


def test_an_unusable_saved_image_gives_way_to_a_fresh_start(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    wait_for_snapshot(page)
    page.evaluate(
        """() => import("./python/snapshot.mjs").then((module) =>
               module.storeSnapshot(new Uint8Array(4096)))"""
    )
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)

    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-python-start", "fresh")
    assert any("could not be used" in text for text in warnings), warnings
    # The image is gone, and this browser is not asked to make another for this runtime: a
    # restore that failed once would fail on every visit.
    page.wait_for_selector("html[data-python-snapshot]", state="attached")
    expect(page.locator("html")).to_have_attribute("data-python-snapshot", "unavailable")
    assert not cache_contents(page).get("python-snapshot")
    warnings.clear()
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-python-start", "fresh")
    assert not warnings
