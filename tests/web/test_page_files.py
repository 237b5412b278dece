"""What the page's files must hold, which fails only in the browser when it is missing: every
module in the PyScript config, and no stack switching for any Pyodide the page starts."""

from __future__ import annotations

import json
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def test_every_page_module_is_in_the_pyscript_files() -> None:
    config = json.loads((WEB / "pyscript.json").read_text())
    listed = {source for source, target in config["files"].items() if source == target}
    modules = {f"./{path.relative_to(WEB).as_posix()}" for path in WEB.glob("scout_web/*.py")}
    assert modules - listed == set()


def test_every_module_that_starts_pyodide_first_takes_stack_switching_away() -> None:
    # An import of Pyodide before the guard would let it find JSPI (see the guard's comment).
    guard = 'import "./no-stack-switching.mjs";'
    starters = [
        path for path in WEB.glob("python/*.mjs") if "../pyodide/pyodide.mjs" in path.read_text()
    ]
    assert len(starters) == 3  # the page's start-up and the two workers
    for path in starters:
        imports = [line for line in path.read_text().splitlines() if line.startswith("import ")]
        assert imports[0].startswith(guard), f"{path.name}: {imports[0]}"
