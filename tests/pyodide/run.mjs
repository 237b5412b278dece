// Run the engine's tests inside Pyodide (the Python 3.14 that players run) under Node,
// against the BUILT wheel, so the wheel is proven where it is used.
//
//   node tests/pyodide/run.mjs --wheel dist/wheels/scout_core-X-py3-none-any.whl \
//        --wheel-dir build/pyodide-wheels -- tests/engine [more pytest args]
//
// Only tests/ (and a copy of pyproject.toml, for pytest's settings) are visible inside
// Pyodide: the source tree is not, so `import scout_core` can only find the wheel.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadPyodide } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const MOUNT = "/scout"; // the repo's place inside Pyodide's file system

function parseCommandLine() {
  const { values, positionals } = parseArgs({
    options: { wheel: { type: "string" }, "wheel-dir": { type: "string" } },
    allowPositionals: true,
  });
  if (!values.wheel || !values["wheel-dir"]) {
    throw new Error("usage: run.mjs --wheel WHEEL --wheel-dir DIR -- PYTEST_ARGS...");
  }
  const wheelDir = path.resolve(values["wheel-dir"]);
  const testWheels = readdirSync(wheelDir)
    .filter((name) => name.endsWith(".whl"))
    .map((name) => path.join(wheelDir, name));
  return { wheels: [path.resolve(values.wheel), ...testWheels], pytestArgs: positionals };
}

// Relative test paths are given from the repo root; inside Pyodide they live under MOUNT.
function toMountedArg(arg) {
  return arg.startsWith("tests/") || arg === "tests" ? `${MOUNT}/${arg}` : arg;
}

const CHECK_WHEEL = `
import sys, sysconfig, scout_core
# sysconfig says "//lib/...": POSIX keeps a leading double slash, so strip it by hand.
site_packages = "/" + sysconfig.get_paths()["purelib"].lstrip("/")
print(f"scout_core {scout_core.__version__} from {scout_core.__file__} on Python {sys.version.split()[0]}")
assert scout_core.__file__.startswith(site_packages + "/"), (
    f"scout_core must come from the wheel in {site_packages}, not {scout_core.__file__}")
assert not scout_core.__file__.startswith("${MOUNT}/")
`;

// Pyodide is slower than CPython: Hypothesis' per-example deadline would measure the
// machine, not the engine, so it is off here. The hook runs before the tests' conftest
// files load, so a profile the project loads there still wins.
const RUN_PYTEST = `
import os, sys
import pytest
sys.dont_write_bytecode = True  # keep Python 3.14 bytecode out of the host's tests folder
os.chdir("${MOUNT}")

class NoDeadline:
    @pytest.hookimpl(tryfirst=True)
    def pytest_load_initial_conftests(self):
        from hypothesis import settings
        settings.register_profile("pyodide", deadline=None)
        settings.load_profile("pyodide")

int(pytest.main(list(ARGS), plugins=[NoDeadline()]))
`;

// The property tests' breadth: the wide random search is the CPython layer's, so here a
// quarter of it shows the same code paths run alike (tests/engine/conftest.py). Either can be
// set from outside, e.g. SCOUT_HYPOTHESIS_PROFILE=thorough for a long run.
const TEST_ENV = {
  SCOUT_HYPOTHESIS_PROFILE: process.env.SCOUT_HYPOTHESIS_PROFILE ?? "pyodide",
  SCOUT_RANDOM_GAMES: process.env.SCOUT_RANDOM_GAMES ?? "500",
};

async function main() {
  const { wheels, pytestArgs } = parseCommandLine();
  const pyodide = await loadPyodide({ env: TEST_ENV });
  await pyodide.loadPackage(wheels, { messageCallback: () => {} });
  pyodide.runPython(CHECK_WHEEL);

  pyodide.FS.mkdirTree(`${MOUNT}/tests`);
  pyodide.mountNodeFS(`${MOUNT}/tests`, path.join(REPO, "tests"));
  pyodide.FS.writeFile(`${MOUNT}/pyproject.toml`, readFileSync(path.join(REPO, "pyproject.toml")));

  const args = ["-p", "no:cacheprovider", ...pytestArgs.map(toMountedArg)];
  pyodide.globals.set("ARGS", pyodide.toPy(args));
  return pyodide.runPython(RUN_PYTEST);
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
