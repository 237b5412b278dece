"""Start the page: import the engine from the wheel and mark the page ready.

A placeholder until the game's interface lands; it keeps start-up minimal.
"""

from pyscript import document  # type: ignore[import-not-found]

import scout_core


def describe_engine() -> str:
    # The engine's Game arrives in a later change; until then show only the version.
    if not hasattr(scout_core, "Game"):
        return f"scout_core {scout_core.__version__}"
    game = scout_core.Game.new()
    moves = len(game.legal_moves())
    return f"scout_core {scout_core.__version__}: new game, {moves} legal moves"


def show_app() -> None:
    document.getElementById("status").textContent = describe_engine()
    document.getElementById("loading").hidden = True
    document.getElementById("app").hidden = False
    # Tests and the benchmark wait on this attribute: Python is running and the page is usable.
    document.documentElement.setAttribute("data-ready", "")


show_app()
