#!/usr/bin/env python3
"""Build, serve, test and benchmark the SCOUT static site.

    python3 build.py              build dist/ (same as `build`)
    python3 build.py serve        build, then serve dist/ on http://127.0.0.1:8000
    python3 build.py test         set up and run every test layer
    python3 build.py bench        measure how fast the built page loads (--review: the analysis)

Standard library only, so that it runs on a fresh machine before anything is installed.
Everything it needs (npm packages, a virtual environment, Chromium) it sets up itself, and
only at set-up time does it reach the package registries.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextvars
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, ClassVar, TextIO, TypeVar

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
WORK = ROOT / "build"  # scratch space: wheel output, staging, downloaded test wheels
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_TEST_WHEELS = WORK / "pyodide-wheels"
CHROMIUM = Path(os.environ.get("SCOUT_CHROMIUM", "/usr/bin/chromium"))
CJK_FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")  # fonts-noto-cjk

# The runtime needs exactly these files of npm `pyodide` (the rest are docs, types, maps).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYSCRIPT_CONFIG = "pyscript.json"
# Our loader of the local Pyodide (it restores a saved start-up when there is one).
INTERPRETER = "./python/start.mjs"
SNAPSHOT_MODULE = "python/snapshot.mjs"
RUNTIME_ID_PLACEHOLDER = "@RUNTIME_ID@"
WHEEL_PLACEHOLDER = "@WHEEL@"
SERVICE_WORKER = "sw.js"
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".py", ".webmanifest", ".svg", ".txt"}
TEST_LAYERS = ("engine", "pyodide", "browser")

MIME_TYPES = {
    ".wasm": "application/wasm",  # required by WebAssembly.instantiateStreaming
    ".mjs": "text/javascript",  # module scripts are refused under a non-JS type
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
}


class BuildError(Exception):
    """A problem the user can act on; printed without a traceback."""


# --------------------------------------------------------------------------------------
# Small utilities


T = TypeVar("T")

OUTPUT: contextvars.ContextVar[TextIO | None] = contextvars.ContextVar("OUTPUT", default=None)
"""Where a layer that runs beside another writes (None: the terminal)."""


def log(message: str) -> None:
    print(f"[build.py] {message}", file=OUTPUT.get() or sys.stdout, flush=True)


def run(cmd: Sequence[str | Path], *, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command, echoing it; raise BuildError when it fails."""
    printable = " ".join(str(part) for part in cmd)
    log(f"$ {printable}")
    out = OUTPUT.get()
    result = subprocess.run(
        [str(part) for part in cmd],
        cwd=cwd,
        env=env,
        check=False,
        stdout=out,
        stderr=subprocess.STDOUT if out else None,
    )
    if result.returncode != 0:
        raise BuildError(f"command failed ({result.returncode}): {printable}")


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    return sha256_bytes(path.read_bytes())


def stamp_matches(stamp: Path, content: str) -> bool:
    return stamp.is_file() and stamp.read_text() == content


def files_under(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file())


@functools.cache
def pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def package_version() -> str:
    """scout_core's version, read from its source (the single place it is written)."""
    text = (ROOT / "scout_core" / "__init__.py").read_text()
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if not match:
        raise BuildError('scout_core/__init__.py: no __version__ = "..." line')
    return match.group(1)


def test_requirement(name: str) -> str:
    """The pinned requirement for `name` from the `test` extra, e.g. 'pytest==9.0.3'."""
    for requirement in pyproject()["project"]["optional-dependencies"]["test"]:
        if re.split(r"[=<>!~\[ ;]", requirement, maxsplit=1)[0].lower() == name.lower():
            return str(requirement)
    raise BuildError(f"pyproject.toml: no '{name}' in [project.optional-dependencies] test")


# --------------------------------------------------------------------------------------
# Set-up: npm packages, the virtual environment, Chromium


def ensure_node_modules() -> None:
    """`npm ci` when node_modules is missing or was installed from another lock file."""
    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".scout-lock-sha256"
    if stamp_matches(stamp, sha256_file(lock)):
        return
    if shutil.which("npm") is None:
        raise BuildError("npm is missing: install Node.js 20 or newer (it brings npm)")
    run(["npm", "ci", "--no-audit", "--no-fund"])
    stamp.write_text(sha256_file(lock))


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv(*, with_tests: bool) -> Path:
    """Create .venv and install what is asked; reinstall when pyproject.toml changes.

    The wheel is built without build isolation, so flit_core is installed here once and
    later builds need no network.
    """
    python = venv_python()
    # The editable install records the version in its metadata: a new version reinstalls.
    wanted = sha256_file(ROOT / "pyproject.toml") + " " + package_version()
    flavour = "test" if with_tests else "build"
    enough = ("test",) if with_tests else ("test", "build")  # test tools include build tools
    if python.exists() and any(stamp_matches(venv_stamp(name), wanted) for name in enough):
        return python
    if not python.exists():
        run([sys.executable, "-m", "venv", VENV])
    backend = list(pyproject()["build-system"]["requires"])
    packages = ["-e", ".[test]"] if with_tests else [test_requirement("build")]
    run([python, "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run([python, "-m", "pip", "install", "--quiet", *backend, *packages])
    venv_stamp(flavour).write_text(wanted)
    return python


def venv_stamp(flavour: str) -> Path:
    return VENV / f".scout-{flavour}-stamp"


def ensure_chromium() -> None:
    """Debian's Chromium (Playwright cannot download its own browser builds here) and the
    fonts it needs to draw the Chinese interface."""
    packages = [] if CHROMIUM.exists() else ["chromium"]
    if not CJK_FONT.exists():
        packages.append("fonts-noto-cjk")
    if not packages:
        return
    if "chromium" in packages and Path("/usr/bin/chromium") != CHROMIUM:
        raise BuildError(f"SCOUT_CHROMIUM points to {CHROMIUM}, which does not exist")
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise BuildError(
            f"The browser tests need {' and '.join(packages)}. On Debian or Ubuntu run:\n"
            f"    sudo apt-get update && sudo apt-get install -y {' '.join(packages)}\n"
            "or set SCOUT_CHROMIUM to another Chromium binary."
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update"], env=env)
    run(["apt-get", "install", "-y", *packages], env=env)


def ensure_pyodide_test_wheels(python: Path) -> Path:
    """Pure-Python wheels of pytest and hypothesis (and their dependencies) for Pyodide.

    Pyodide's npm package ships no wheels, so they come from PyPI, for Python 3.14.
    """
    requirements = [test_requirement("pytest"), test_requirement("hypothesis")]
    stamp = PYODIDE_TEST_WHEELS / ".scout-requirements"
    if stamp_matches(stamp, "\n".join(requirements)):
        return PYODIDE_TEST_WHEELS
    shutil.rmtree(PYODIDE_TEST_WHEELS, ignore_errors=True)
    PYODIDE_TEST_WHEELS.mkdir(parents=True)
    run(
        [
            python, "-m", "pip", "download", "--quiet",
            "--only-binary=:all:", "--python-version", "3.14",
            "--platform", "any", "--implementation", "py",
            "--dest", PYODIDE_TEST_WHEELS, *requirements,
        ]
    )  # fmt: skip
    stamp.write_text("\n".join(requirements))
    return PYODIDE_TEST_WHEELS


# --------------------------------------------------------------------------------------
# Build


def build_wheel(python: Path) -> Path:
    """Build the pure-Python wheel with PyPA build (pyodide-build needs the network)."""
    outdir = WORK / "wheel"
    shutil.rmtree(outdir, ignore_errors=True)
    # -P keeps the current directory off sys.path: this very file is named build.py and
    # would otherwise shadow the `build` package.
    run([python, "-P", "-m", "build", "--wheel", "--no-isolation", "--outdir", outdir, ROOT])
    wheels = list(outdir.glob("scout_core-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one pure wheel in {outdir}, found {wheels}")
    return wheels[0]


def copy_web(stage: Path) -> None:
    # Caches and hidden folders (a type checker's, an editor's) are not part of the site.
    shutil.copytree(WEB, stage, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))


def copy_runtime(stage: Path) -> None:
    pyodide = NODE_MODULES / "pyodide"
    (stage / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, stage / "pyodide" / name)
    # PyScript loads its chunks lazily by name, so all of them are copied (source maps not).
    (stage / "pyscript").mkdir()
    for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.suffix in {".js", ".css"}:
            shutil.copy2(path, stage / "pyscript" / path.name)


def write_config(stage: Path, wheel_name: str) -> None:
    """Put the wheel's file name (which carries the version) into the PyScript config."""
    path = stage / PYSCRIPT_CONFIG
    text = path.read_text().replace(WHEEL_PLACEHOLDER, wheel_name)
    check_config(json.loads(text), stage)
    path.write_text(text)


def check_config(config: dict[str, Any], stage: Path) -> None:
    """Catch the configurations that silently reach a CDN or need micropip."""
    if config.get("interpreter") != INTERPRETER:
        raise BuildError(
            f"{PYSCRIPT_CONFIG}: 'interpreter' must be '{INTERPRETER}', which starts the local "
            "Pyodide (without it PyScript loads Pyodide from a CDN)"
        )
    if config.get("packages"):
        raise BuildError(f"{PYSCRIPT_CONFIG}: 'packages' needs micropip, which is not shipped")
    for source in config.get("files", {}):
        if not (stage / source).is_file():
            raise BuildError(f"{PYSCRIPT_CONFIG}: 'files' names {source}, which is not in dist/")
    if not (stage / INTERPRETER).is_file():
        raise BuildError(f"{PYSCRIPT_CONFIG}: the interpreter {INTERPRETER} is not in dist/")


def write_runtime_id(stage: Path, wheel_name: str) -> str:
    """Name the Python runtime, so a saved start-up is only restored into the one that made it.

    The saved start-up has the engine imported, so the id hashes Pyodide's files, the wheels
    and our loaders (web/python/, before this substitution); the wheel's name goes in too.
    """
    digest = hashlib.sha256()
    for folder in ("pyodide", "python", "wheels"):
        for path in files_under(stage / folder):
            digest.update(f"{path.relative_to(stage).as_posix()}\0{sha256_file(path)}\n".encode())
    identifier = digest.hexdigest()[:16]
    path = stage / SNAPSHOT_MODULE
    template = path.read_text()
    for placeholder in (RUNTIME_ID_PLACEHOLDER, WHEEL_PLACEHOLDER):
        if placeholder not in template:
            raise BuildError(f"web/{SNAPSHOT_MODULE}: placeholder {placeholder} is missing")
    text = template.replace(RUNTIME_ID_PLACEHOLDER, identifier)
    path.write_text(text.replace(WHEEL_PLACEHOLDER, wheel_name))
    return identifier


def build_id(stage: Path) -> str:
    """A hash of every file's path and content: changes whenever the site changes."""
    digest = hashlib.sha256()
    for path in files_under(stage):
        relative = path.relative_to(stage).as_posix()
        if relative != SERVICE_WORKER:
            digest.update(f"{relative}\0{sha256_file(path)}\n".encode())
    return digest.hexdigest()[:16]


def precache_list(stage: Path) -> list[str]:
    """Every file of the site, as URLs relative to the service worker's scope."""
    urls = ["./"]  # the page is also reached as the bare folder
    for path in files_under(stage):
        relative = path.relative_to(stage).as_posix()
        if relative != SERVICE_WORKER:
            urls.append(f"./{relative}")
    return urls


def write_service_worker(stage: Path) -> str:
    """Fill in the build id and the precache list; return the build id."""
    path = stage / SERVICE_WORKER
    template = path.read_text()
    for token in ("@BUILD_ID@", "[/* @PRECACHE@ */]"):
        if token not in template:
            raise BuildError(f"web/{SERVICE_WORKER}: placeholder {token} is missing")
    identifier = build_id(stage)
    urls = json.dumps(precache_list(stage), indent=2)
    path.write_text(template.replace("@BUILD_ID@", identifier).replace("[/* @PRECACHE@ */]", urls))
    return identifier


# --------------------------------------------------------------------------------------
# The outside-URL scan

URL_PATTERN = re.compile(r"\b(?:https?|wss?)://[^\s\"'`<>()\\]+", re.IGNORECASE)
# This machine, whatever serves the site (PyScript compares location.href with 0.0.0.0).
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "0.0.0.0"}


@dataclass(frozen=True)
class AllowedUrl:
    """A URL in a written file that the page provably never fetches."""

    files: str  # glob over paths relative to dist/
    prefix: str  # the URL as written starts with this
    why: str


ALLOWED_URLS = (
    AllowedUrl("*", "http://www.w3.org/", "XML/SVG namespace identifiers, never fetched"),
    # Pyodide: the CDN is only the default base for loadPackage() of lock-file packages;
    # the page loads no packages (the build refuses 'packages' in the config).
    AllowedUrl(
        "pyodide/pyodide.mjs",
        "https://cdn.jsdelivr.net/pyodide/",
        "default package base URL, used only by loadPackage(); the page loads no packages",
    ),
    AllowedUrl(
        "pyodide/pyodide.asm.mjs",
        "https://${",
        "Emscripten sockets build a URL from a host the program names; we open no sockets",
    ),
    # PyScript: default interpreter URLs, used only when the config names no interpreter
    # (the build requires './pyodide/pyodide.mjs') or asks for MicroPython (we use `py`).
    AllowedUrl(
        "pyscript/core-*.js",
        "https://cdn.jsdelivr.net/pyodide/v${",
        "default Pyodide URL; our config sets 'interpreter' to the local copy",
    ),
    AllowedUrl(
        "pyscript/core-*.js",
        "https://cdn.jsdelivr.net/npm/@micropython/",
        "MicroPython interpreter, used only by <script type=mpy>; the page has none",
    ),
    AllowedUrl(
        "pyscript/core-*.js",
        "https://micropython.org/pi/v2",
        "package index of MicroPython's mip installer; runs only under MicroPython",
    ),
    AllowedUrl(
        "pyscript/core-*.js",
        "https://raw.githubusercontent.com/",
        "MicroPython's mip installer (github: URLs); runs only under MicroPython",
    ),
    # Text shown to people (warnings, docstrings, a help link): never requested.
    AllowedUrl("pyscript/core-*.js", "https://packages.pyscript.net/", "text of a warning"),
    AllowedUrl("pyscript/core-*.js", "https://docs.pyscript.net/", "text of an error message"),
    AllowedUrl("pyscript/core-*.js", "https://pyscript.github.io/docs/", "text of a warning"),
    AllowedUrl("pyscript/core-*.js", "https://github.com/pyscript/", "link in an error message"),
    AllowedUrl("pyscript/core-*.js", "https://developer.mozilla.org/", "Python docstrings"),
    AllowedUrl(
        "pyscript/xterm.css",
        "https://www.jsdelivr.com/using-sri-with-dynamic-files",
        "in the minifier's banner comment; the stylesheet is only for <py-terminal> anyway",
    ),
)


def is_local(url: str) -> bool:
    host = re.sub(r"^[a-z]+://", "", url, flags=re.IGNORECASE).split("/", 1)[0]
    return host.rsplit(":", 1)[0].lower() in LOCAL_HOSTS


def is_allowed(relative: str, url: str) -> bool:
    path = PurePosixPath(relative)
    return any(path.match(rule.files) and url.startswith(rule.prefix) for rule in ALLOWED_URLS)


def text_files(stage: Path) -> Iterator[tuple[str, str]]:
    """(name, text) of every text file written, including the files inside the wheels."""
    for path in files_under(stage):
        relative = path.relative_to(stage).as_posix()
        if path.suffix in TEXT_SUFFIXES:
            yield relative, path.read_text(encoding="utf-8", errors="replace")
        elif path.suffix == ".whl":
            with zipfile.ZipFile(path) as wheel:
                for member in wheel.namelist():
                    if PurePosixPath(member).suffix in TEXT_SUFFIXES:
                        text = wheel.read(member).decode("utf-8", errors="replace")
                        yield f"{relative}/{member}", text


def outside_urls(stage: Path) -> list[tuple[str, str]]:
    """(file, url) for every URL to another host that the allow-list does not explain."""
    found = []
    for relative, text in text_files(stage):
        for url in sorted(set(URL_PATTERN.findall(text))):
            if not is_local(url) and not is_allowed(relative, url):
                found.append((relative, url))
    return found


def check_no_outside_urls(stage: Path) -> None:
    found = outside_urls(stage)
    if found:
        lines = "\n".join(f"  {relative}: {url}" for relative, url in found)
        raise BuildError(
            "the site refers to other hosts (the page must load nothing from outside):\n"
            f"{lines}\nIf one of these is provably never fetched, add it to ALLOWED_URLS "
            "in build.py with the reason."
        )


# --------------------------------------------------------------------------------------
# The build command


def build() -> Path:
    """Set up, build the wheel, assemble and check the site; replace dist/ only on success."""
    ensure_node_modules()
    python = ensure_venv(with_tests=False)
    wheel = build_wheel(python)
    stage = WORK / "dist-staging"
    shutil.rmtree(stage, ignore_errors=True)
    copy_web(stage)
    copy_runtime(stage)
    (stage / "wheels").mkdir()
    shutil.copy2(wheel, stage / "wheels" / wheel.name)
    write_config(stage, wheel.name)
    write_runtime_id(stage, wheel.name)
    identifier = write_service_worker(stage)
    check_no_outside_urls(stage)
    shutil.rmtree(DIST, ignore_errors=True)
    stage.rename(DIST)
    size = sum(path.stat().st_size for path in files_under(DIST))
    log(f"built dist/ ({len(files_under(DIST))} files, {size / 1e6:.1f} MB, build {identifier})")
    return DIST / "wheels" / wheel.name


# --------------------------------------------------------------------------------------
# Serve


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide and module scripts require."""

    quiet: ClassVar[bool] = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return MIME_TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    quiet = True


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a connection mid-download (a reload, a closed tab) is normal.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int, *, quiet: bool) -> SiteServer:
    handler_class = QuietSiteHandler if quiet else SiteHandler
    handler = functools.partial(handler_class, directory=str(directory))
    return SiteServer(("127.0.0.1", port), handler)


def serve(directory: Path, port: int, *, quiet: bool) -> None:
    if not (directory / "index.html").is_file():
        raise BuildError(f"{directory} has no index.html: run `python3 build.py` first")
    try:
        server = make_server(directory, port, quiet=quiet)
    except OSError as error:
        raise BuildError(f"cannot listen on 127.0.0.1:{port} ({error}); try --port") from error
    with server:
        host, bound_port = server.server_address[:2]
        # Tests read this line to learn the port when --port 0 is given.
        print(f"Serving {directory} at http://{host!s}:{bound_port}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            log("stopped")


# --------------------------------------------------------------------------------------
# Test


@dataclass
class LayerResult:
    name: str
    ok: bool
    seconds: float


def test_dirs(*names: str) -> list[str]:
    """Test folders (relative to the repo) that exist, in the given order."""
    return [f"tests/{name}" for name in names if (ROOT / "tests" / name).is_dir()]


def run_engine_layer(python: Path, pytest_args: Sequence[str]) -> None:
    """CPython: the engine's tests and the rest (bots, page logic, build) in two processes side
    by side, then types and lint (all run, even after a failure). Two processes, because the
    Pyodide layer that runs beside this one ends long before a single process would: the
    four then keep both cores busy until about the same time."""
    pytest: list[str | Path] = [python, "-m", "pytest"]
    rest = test_dirs("bots", "web", "site_build")
    failures = [
        problem
        for problem in side_by_side(
            [[*pytest, "tests/engine", *pytest_args], [*pytest, *rest, *pytest_args]]
        )
        if "(5)" not in problem  # 5: no test chosen (a -k that picks none in one of them)
    ]
    checks: list[list[str | Path]] = [
        [python, "-m", "mypy", "scout_core", "build.py", "tools", "web/scout_web", "web/main.py",
         "tests/engine", "tests/bots", "tests/browser", "tests/site_build", "tests/web"],
        [python, "-m", "ruff", "check", "."],
    ]  # fmt: skip
    for command in checks:
        try:
            run(command)
        except BuildError as error:
            failures.append(str(error))
    if failures:
        raise BuildError("; ".join(failures))


def run_pyodide_layer(wheel: Path, test_wheels: Path, pytest_args: Sequence[str]) -> None:
    """The same engine tests inside Pyodide (Python 3.14) under Node, from the built wheel:
    the engine's and the bots' in two processes side by side, beside the CPython layer's two
    (both run, even after a failure). Tests marked ``slow`` (matches that only measure
    strength, which the same moves give in both) are left to CPython; a ``-m`` among
    ``pytest_args`` comes later and wins."""
    commands: list[list[str | Path]] = [
        ["node", "tests/pyodide/run.mjs", "--wheel", wheel, "--wheel-dir", test_wheels,
         "--", target, "-m", "not slow", *pytest_args]
        for target in test_dirs("engine", "bots")
    ]  # fmt: skip
    failures = [problem for problem in side_by_side(commands) if "(5)" not in problem]
    if failures:  # 5: no test chosen (a -k that picks none in one of the folders)
        raise BuildError("; ".join(failures))


def side_by_side(commands: Sequence[Sequence[str | Path]]) -> list[str]:
    """Run commands at the same time (see :func:`together`); what went wrong."""

    def attempt(command: Sequence[str | Path]) -> str | None:
        try:
            run(command)
        except BuildError as error:
            return str(error)
        return None

    problems = together([functools.partial(attempt, command) for command in commands])
    return [problem for problem in problems if problem is not None]


def run_browser_layer(python: Path, pytest_args: Sequence[str]) -> None:
    """Chromium: two pages at a time (each test keeps about one core busy), then the tests
    that measure the page's own timing, alone, on a quiet machine (both run, even after a
    failure). All of them share one server of dist/ and so one browser profile that has
    visited it, which the first test to need it makes (tests/browser/conftest.py)."""
    failures = []
    runs: list[list[str | Path]] = [
        [python, "-m", "pytest", "tests/browser", "-n", "2", "-m", "not alone", *pytest_args],
        [python, "-m", "pytest", "tests/browser", "-m", "alone", *pytest_args],
    ]
    with make_server(DIST, 0, quiet=True) as server, tempfile.TemporaryDirectory() as shared:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        host, port = server.server_address[:2]
        env = {
            **os.environ,
            "SCOUT_TEST_SITE_URL": f"http://{host!s}:{port}/",
            "SCOUT_TEST_PROFILE": str(Path(shared) / "visited-profile"),
        }
        for command in runs:
            try:
                run(command, env=env)
            except BuildError as error:
                if "(5)" not in str(error):  # 5: no test chosen (a -k that picks none of them)
                    failures.append(str(error))
        server.shutdown()
    if failures:
        raise BuildError("; ".join(failures))


def timed_layer(name: str, action: Callable[[], None]) -> LayerResult:
    log(f"=== layer: {name} ===")
    start = time.monotonic()
    try:
        action()
    except BuildError as error:
        log(f"layer {name} FAILED: {error}")
        return LayerResult(name, False, time.monotonic() - start)
    return LayerResult(name, True, time.monotonic() - start)


def prepare_layers(
    chosen: Sequence[str], pytest_args: Sequence[str]
) -> dict[str, Callable[[], None]]:
    """Set up what the chosen layers need (venv, site, Chromium, wheels); return their runs."""
    python = ensure_venv(with_tests=True)
    actions: dict[str, Callable[[], None]] = {}
    if "engine" in chosen:
        actions["engine"] = functools.partial(run_engine_layer, python, pytest_args)
    wheel = build() if {"pyodide", "browser"} & set(chosen) else None
    if wheel and "pyodide" in chosen:
        test_wheels = ensure_pyodide_test_wheels(python)
        actions["pyodide"] = functools.partial(run_pyodide_layer, wheel, test_wheels, pytest_args)
    if "browser" in chosen:
        ensure_chromium()
        actions["browser"] = functools.partial(run_browser_layer, python, pytest_args)
    return actions


def together(jobs: Sequence[Callable[[], T]]) -> list[T]:
    """Run jobs at the same time, each writing to a file of its own, and print each one's
    output whole, in the given order, once all have ended; their results."""

    def one(job: Callable[[], T]) -> tuple[T, str]:
        with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
            OUTPUT.set(out)
            result = job()
            out.seek(0)
            return result, out.read()

    with concurrent.futures.ThreadPoolExecutor(len(jobs)) as pool:
        futures = [pool.submit(contextvars.copy_context().run, one, job) for job in jobs]
        outcomes = [future.result() for future in futures]
    sink = OUTPUT.get() or sys.stdout
    for _result, text in outcomes:
        sink.write(text)
    sink.flush()
    return [result for result, _text in outcomes]


def beside(layers: Sequence[str], actions: dict[str, Callable[[], None]]) -> list[LayerResult]:
    """Run layers at the same time, one core each (see :func:`together`)."""
    return together([functools.partial(timed_layer, name, actions[name]) for name in layers])


def test(layers: Iterable[str], pytest_args: Sequence[str]) -> bool:
    """Run every chosen layer (all of them even when one fails) and report each. The engine
    layer and the Pyodide layer (two processes each) run side by side, sharing the two cores;
    the browser layer, which keeps both cores busy, runs alone after them."""
    chosen = [layer for layer in TEST_LAYERS if layer in set(layers)]
    actions = prepare_layers(chosen, pytest_args)
    paired = [layer for layer in chosen if layer in ("engine", "pyodide")]
    if len(paired) < 2:
        paired = []
    results = beside(paired, actions) if paired else []
    results += [timed_layer(layer, actions[layer]) for layer in chosen if layer not in paired]
    results.sort(key=lambda result: TEST_LAYERS.index(result.name))
    for result in results:
        log(f"{result.name:8} {'passed' if result.ok else 'FAILED'} in {result.seconds:.0f} s")
    return all(result.ok for result in results)


# --------------------------------------------------------------------------------------
# Bench


def bench(runs: int, *, engine: bool, review: bool) -> None:
    python = ensure_venv(with_tests=True)
    if engine:
        run([python, "-m", "scout_core.bench"])
        return
    build()
    ensure_chromium()
    if review:
        run([python, "tools/bench_review.py", "--games", str(runs), "--chromium", CHROMIUM])
        return
    run([python, "tools/bench_page.py", "--runs", str(runs), "--chromium", CHROMIUM])


# --------------------------------------------------------------------------------------
# Command line


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="build dist/ (the default)")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    serve_parser.add_argument("--no-build", action="store_true", help="serve as it is")
    serve_parser.add_argument("--dir", type=Path, default=DIST, help="folder to serve")
    serve_parser.add_argument("--quiet", action="store_true", help="do not log requests")
    test_parser = commands.add_parser(
        "test", help="set up and run the test layers; arguments after -- go to pytest"
    )
    test_parser.add_argument(
        "--layer", action="append", choices=TEST_LAYERS, help="run only this layer (repeatable)"
    )
    test_parser.add_argument("pytest_args", nargs=argparse.REMAINDER)
    bench_parser = commands.add_parser("bench", help="measure page load in headless Chromium")
    bench_parser.add_argument("--runs", type=int, default=5, help="cold and warm loads each")
    bench_parser.add_argument(
        "--engine", action="store_true", help="run `python -m scout_core.bench` instead"
    )
    bench_parser.add_argument(
        "--review",
        action="store_true",
        help="time the analysis of whole games in the page and under CPython (--runs games)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    try:
        if args.command in (None, "build"):
            build()
        elif args.command == "serve":
            if not args.no_build:
                build()
            serve(args.dir.resolve(), args.port, quiet=args.quiet)
        elif args.command == "test":
            extra = list(args.pytest_args)
            if extra[:1] == ["--"]:
                extra = extra[1:]
            return 0 if test(args.layer or TEST_LAYERS, extra) else 1
        elif args.command == "bench":
            bench(args.runs, engine=args.engine, review=args.review)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
