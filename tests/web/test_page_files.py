"""The PyScript config ships every module of the page: one left out fails only in the browser."""

from __future__ import annotations

import json
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def test_every_page_module_is_in_the_pyscript_files() -> None:
    config = json.loads((WEB / "pyscript.json").read_text())
    listed = {source for source, target in config["files"].items() if source == target}
    modules = {f"./{path.relative_to(WEB).as_posix()}" for path in WEB.glob("scout_web/*.py")}
    assert modules - listed == set()
