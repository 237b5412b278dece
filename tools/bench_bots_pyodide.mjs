// Time the AI inside Pyodide (the page's Python 3.14) under Node, on the same decisions
// `python -m scout_core.bots.timing` uses under CPython, from the built wheel:
//
//   python3 build.py build
//   node tools/bench_bots_pyodide.mjs dist/wheels/scout_core-X-py3-none-any.whl -- \
//        --level expert --players 3 --decisions 40
//
// Node and Chromium run the same WebAssembly engine (V8), but this is not the page itself:
// the page also draws, and its thread is shared with the browser's own work.

import path from "node:path";
import { loadPyodide } from "pyodide";

const [wheel, separator, ...args] = process.argv.slice(2);
if (!wheel || (separator !== undefined && separator !== "--")) {
  throw new Error("usage: bench_bots_pyodide.mjs WHEEL -- [timing arguments]");
}
const pyodide = await loadPyodide();
await pyodide.loadPackage([path.resolve(wheel)], { messageCallback: () => {} });
pyodide.globals.set("ARGS", pyodide.toPy(args));
// Pyodide's process_time() counts wall time; Node knows the process's CPU time.
pyodide.globals.set("cpu_seconds", () => process.cpuUsage().user / 1e6);
pyodide.runPython(`
import sys
from scout_core.bots import timing
timing.cpu_clock = cpu_seconds
print(f"Pyodide, Python {sys.version.split()[0]}")
timing.main(list(ARGS))
`);
