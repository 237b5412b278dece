"""build.py's checks: the outside-URL scan, the PyScript config, the service worker's inputs."""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_build_script() -> ModuleType:
    # Loaded under another name: `build` is PyPA's package, installed in the same environment.
    spec = importlib.util.spec_from_file_location("scout_build_script", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


build = load_build_script()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_a_url_to_another_host_fails_the_build(tmp_path: Path) -> None:
    write(tmp_path / "index.html", '<script src="https://cdn.example.com/x.js"></script>')
    with pytest.raises(build.BuildError, match=r"index\.html: https://cdn\.example\.com/x\.js"):
        build.check_no_outside_urls(tmp_path)


def test_local_urls_and_namespaces_pass(tmp_path: Path) -> None:
    write(tmp_path / "icon.svg", '<svg xmlns="http://www.w3.org/2000/svg"></svg>')
    write(tmp_path / "boot.js", 'fetch("http://127.0.0.1:8000/x"); fetch("http://localhost/y");')
    build.check_no_outside_urls(tmp_path)


def test_an_allowed_url_is_allowed_only_in_its_own_file(tmp_path: Path) -> None:
    cdn = "https://cdn.jsdelivr.net/pyodide/v${version}/full/"
    write(tmp_path / "pyodide" / "pyodide.mjs", f"const cdnUrl = `{cdn}`;")
    build.check_no_outside_urls(tmp_path)
    write(tmp_path / "main.js", f"import(`{cdn}pyodide.mjs`);")
    assert build.outside_urls(tmp_path) == [("main.js", cdn + "pyodide.mjs")]


def test_urls_inside_the_wheel_are_scanned(tmp_path: Path) -> None:
    wheel = tmp_path / "wheels" / "scout_core-1.0.0-py3-none-any.whl"
    wheel.parent.mkdir()
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("scout_core/net.py", 'URL = "https://example.com/rules.json"\n')
    assert build.outside_urls(tmp_path) == [
        (
            "wheels/scout_core-1.0.0-py3-none-any.whl/scout_core/net.py",
            "https://example.com/rules.json",
        )
    ]


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({}, "interpreter"),
        ({"interpreter": "https://cdn.example.com/pyodide.mjs"}, "interpreter"),
        ({"interpreter": "./pyodide/pyodide.mjs"}, "interpreter"),
        ({"interpreter": build.INTERPRETER, "packages": ["numpy"]}, "micropip"),
        ({"interpreter": build.INTERPRETER, "files": {"./missing.py": ""}}, "missing"),
        ({"interpreter": build.INTERPRETER}, "not in dist"),
    ],
)
def test_unsafe_or_broken_configs_are_refused(
    tmp_path: Path, config: dict[str, object], message: str
) -> None:
    with pytest.raises(build.BuildError, match=message):
        build.check_config(config, tmp_path)


def test_the_config_gets_the_wheel_name(tmp_path: Path) -> None:
    name = "scout_core-1.2.3-py3-none-any.whl"
    write(tmp_path / "wheels" / name, "")
    write(tmp_path / build.INTERPRETER, "")
    template = {"interpreter": build.INTERPRETER, "files": {"./wheels/@WHEEL@": "./*"}}
    write(tmp_path / "pyscript.json", json.dumps(template))
    build.write_config(tmp_path, name)
    config = json.loads((tmp_path / "pyscript.json").read_text())
    assert config["files"] == {f"./wheels/{name}": "./*"}


def test_the_runtime_id_follows_the_runtime_the_engine_and_the_loaders_only(
    tmp_path: Path,
) -> None:
    template = 'const RUNTIME_ID = "@RUNTIME_ID@";\nconst WHEEL = "../wheels/@WHEEL@";\n'
    wheel = "scout_core-1.2.3-py3-none-any.whl"

    def runtime_id() -> str:
        write(tmp_path / build.SNAPSHOT_MODULE, template)
        identifier: str = build.write_runtime_id(tmp_path, wheel)
        text = (tmp_path / build.SNAPSHOT_MODULE).read_text()
        assert text == f'const RUNTIME_ID = "{identifier}";\nconst WHEEL = "../wheels/{wheel}";\n'
        return identifier

    write(tmp_path / "pyodide" / "pyodide.asm.wasm", "one")
    write(tmp_path / "wheels" / wheel, "one")
    write(tmp_path / "main.py", "one")
    first = runtime_id()
    write(tmp_path / "main.py", "two")
    assert runtime_id() == first
    seen = {first}
    for changed in ("python/start.mjs", "pyodide/pyodide.asm.wasm", f"wheels/{wheel}"):
        write(tmp_path / changed, "changed")
        identifier = runtime_id()
        assert identifier not in seen, changed
        seen.add(identifier)


@pytest.mark.parametrize("placeholder", ["@RUNTIME_ID@", "@WHEEL@"])
def test_a_missing_snapshot_placeholder_fails_the_build(tmp_path: Path, placeholder: str) -> None:
    template = 'const RUNTIME_ID = "@RUNTIME_ID@";\nconst WHEEL = "../wheels/@WHEEL@";\n'
    write(tmp_path / build.SNAPSHOT_MODULE, template.replace(placeholder, "fixed"))
    with pytest.raises(build.BuildError, match=f"placeholder {placeholder}"):
        build.write_runtime_id(tmp_path, "scout_core-1.2.3-py3-none-any.whl")


def test_build_id_follows_content_but_not_the_service_worker(tmp_path: Path) -> None:
    write(tmp_path / "index.html", "one")
    first = build.build_id(tmp_path)
    write(tmp_path / "sw.js", "anything")
    assert build.build_id(tmp_path) == first
    write(tmp_path / "index.html", "two")
    assert build.build_id(tmp_path) != first


def test_service_worker_precaches_every_file_but_itself(tmp_path: Path) -> None:
    write(tmp_path / "index.html", "")
    write(tmp_path / "pyodide" / "pyodide.mjs", "")
    template = 'const BUILD_ID = "@BUILD_ID@";\nconst PRECACHE = [/* @PRECACHE@ */];\n'
    write(tmp_path / "sw.js", template)
    identifier = build.write_service_worker(tmp_path)
    text = (tmp_path / "sw.js").read_text()
    assert f'const BUILD_ID = "{identifier}";' in text
    precache = json.loads(text.split("const PRECACHE = ", 1)[1].rstrip().rstrip(";"))
    assert precache == ["./", "./index.html", "./pyodide/pyodide.mjs"]


def test_the_server_gives_pyodide_the_types_it_needs() -> None:
    assert build.MIME_TYPES[".wasm"] == "application/wasm"
    assert build.MIME_TYPES[".mjs"] == "text/javascript"
