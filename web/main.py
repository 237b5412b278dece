"""Start the page: the table's code lives in the scout_web package beside this file."""

from pyscript import window  # type: ignore[import-not-found]

window.performance.mark("scout-python-start")

from scout_web.view import main  # noqa: E402 - the mark above times the imports

window.performance.mark("scout-imported")
main()
