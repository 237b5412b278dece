"""The examples in the README and the engine's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import scout_core

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.skipif(not README.exists(), reason="the README is not beside these tests")
def test_readme_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_docstring_examples() -> None:
    attempted = 0
    for info in pkgutil.walk_packages(scout_core.__path__, "scout_core."):
        module = importlib.import_module(info.name)
        result = doctest.testmod(module)
        assert result.failed == 0, info.name
        attempted += result.attempted
    assert attempted > 0
