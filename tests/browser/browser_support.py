"""Support code for the browser tests: the served site, the problem record, waiting for ready.

A plain module (not conftest.py) so test files can import from it by a name that no other
test folder uses.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Route, WebError

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
# Generous, because a busy 2-core machine can be slow; a healthy start takes a few seconds.
READY_TIMEOUT_MS = 60_000


class StaticServer:
    """`build.py serve` on a free port of 127.0.0.1, serving one folder, as a subprocess."""

    def __init__(self, directory: Path) -> None:
        if not (directory / "index.html").is_file():
            pytest.fail(f"{directory} has no index.html: run `python3 build.py` first")
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "build.py"), "serve", "--no-build", "--quiet",
             "--port", "0", "--dir", str(directory)],
            stdout=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        assert self.process.stdout is not None
        # The server prints "Serving DIR at http://127.0.0.1:PORT/" once it listens.
        line = self.process.stdout.readline()
        if " at http://127.0.0.1:" not in line:
            self.stop()
            pytest.fail(f"the site server did not start: {line!r}")
        self.url = line.rsplit(" at ", 1)[1].strip()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@dataclass
class Problems:
    """What a page did that a test must not allow."""

    outside_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def clear(self) -> None:
        self.outside_requests.clear()
        self.console_errors.clear()
        self.page_errors.clear()

    def report(self) -> str:
        parts = [
            *(f"request to another host: {url}" for url in self.outside_requests),
            *(f"console error: {text}" for text in self.console_errors),
            *(f"uncaught error: {text}" for text in self.page_errors),
        ]
        return "\n".join(parts)


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in {"data", "blob"} or parts.hostname == "127.0.0.1"


def guard(context: BrowserContext) -> Problems:
    """Record every request of the context's pages and workers to another host (and abort
    it), every console error and every uncaught page error."""
    found = Problems()

    def keep_local(route: Route) -> None:
        url = route.request.url
        if is_local(url):
            route.fallback()
        else:
            found.outside_requests.append(url)
            route.abort("blockedbyclient")

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            found.console_errors.append(f"{message.text} ({message.location.get('url', '?')})")

    def on_web_error(error: WebError) -> None:
        found.page_errors.append(str(error.error))

    # A context-level route also sees requests made by workers, service workers included.
    context.route("**/*", keep_local)
    context.on("console", on_console)
    context.on("weberror", on_web_error)
    return found


def wait_ready(page: Page) -> None:
    """Wait until Python has started the page: it sets `data-ready` on <html>.

    PyScript shows a Python error (or anything written to stderr) in a `.py-error` box;
    waiting on that too makes a broken start fail at once instead of at the timeout.
    """
    page.wait_for_selector(
        "html[data-ready], .py-error", state="attached", timeout=READY_TIMEOUT_MS
    )
    error = page.locator(".py-error")
    if error.count():
        pytest.fail(f"Python failed while starting the page:\n{error.first.text_content()}")


def put_in_storage(context: BrowserContext, kept: dict[str, str]) -> None:
    """Before the page's first load only (a reload must not write it again)."""
    context.add_init_script(
        "if (!sessionStorage.getItem('fixture-put')) {"
        " sessionStorage.setItem('fixture-put', '1');"
        f" for (const [k, v] of Object.entries({json.dumps(kept)})) localStorage.setItem(k, v); }}"
    )
