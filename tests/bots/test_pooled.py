"""``tools/pooled.py``: several seeds' paired matches reported one by one and together."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scout_core import arena

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "tools").is_dir():
    # The Pyodide layer mounts tests/ alone; the tool is CPython's.
    pytest.skip("tools/ is not here", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))

import pooled  # noqa: E402 - tools/ is put on the path above


def _logs(tmp_path: Path, seed: int) -> tuple[Path, Path]:
    after, before = tmp_path / f"after{seed}.log", tmp_path / f"before{seed}.log"
    args = ["--players", "3", "--seed", str(seed), "--games", "2"]
    arena.main(["normal", "easy", *args, "--log", str(after)])
    arena.main(["easy", "easy", *args, "--log", str(before)])
    return after, before


def test_each_pair_is_reported_then_all_of_them_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (a4, b4), (a5, b5) = _logs(tmp_path, 4), _logs(tmp_path, 5)
    capsys.readouterr()
    pooled.main([f"{a4}:{b4}", f"{a5}:{b5}"])
    text = capsys.readouterr().out
    expected = arena.pool(
        [(pooled.read(str(a4)), pooled.read(str(b4))), (pooled.read(str(a5)), pooled.read(str(b5)))]
    )
    assert text.count("paired game by game over 2 games") == 2
    assert "all together\n  paired game by game over 4 games" in text
    mean, half = expected.score_diff
    assert f"change of the mean score difference {mean:+.2f} ± {half:.2f}" in text


def test_a_bad_argument_is_refused_with_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    after, _ = _logs(tmp_path, 4)
    empty = tmp_path / "empty.log"
    empty.write_text("")
    for argument, message in [
        (str(after), "is not of the form AFTER_LOG:BEFORE_LOG"),
        (f"{after}:{tmp_path / 'none.log'}", "none.log: [Errno 2] No such file"),
        (f"{after}:{empty}", f"{after}:{empty}: the two matches share no game"),
    ]:
        with pytest.raises(SystemExit) as stopped:
            pooled.main([argument])
        assert stopped.value.code == 2
        assert message in capsys.readouterr().err
