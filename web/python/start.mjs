// The Python runtime as PyScript sees it (pyscript.json names this module as the
// interpreter): Pyodide, started from a saved memory image when there is one.

import "./no-stack-switching.mjs"; // before Pyodide: see there
import { loadPyodide as startPyodide, version } from "../pyodide/pyodide.mjs";
import { INDEX_URL, readSnapshot, refuseSnapshot } from "./snapshot.mjs";

// PyScript reads the version to pick its Pyodide integration.
export { version };

// What PyScript passes (the build refuses `packages`, which would add lock-file options).
const PYSCRIPT_OPTIONS = new Set(["indexURL", "stdout", "stderr"]);

let early; // the start begun by startEarly(), until PyScript takes it

function started(how) {
  // "snapshot" or "fresh": boot.js saves an image after a fresh start; tests read it too.
  document.documentElement.setAttribute("data-python-start", how);
  performance.mark(`scout-python-${how}`);
}

async function start(options) {
  // PyScript points indexURL at this module's folder; the runtime lives beside it.
  const settings = { ...options, indexURL: INDEX_URL };
  const saved = await readSnapshot();
  if (saved) {
    try {
      // The image is read while the runtime's files load.
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: saved.arrayBuffer() });
      started("snapshot");
      return pyodide;
    } catch (error) {
      console.warn("Python's saved start-up could not be used; starting afresh.", error);
      await refuseSnapshot();
    }
  }
  const pyodide = await startPyodide(settings);
  started("fresh");
  return pyodide;
}

/**
 * Start Python now, while PyScript is still loading its own files (about 0.1–0.2 s); the
 * first loadPyodide() call then takes over this start. boot.js calls it.
 */
export function startEarly() {
  early ??= start({});
  // A failure surfaces where PyScript awaits the start, not as an unhandled rejection here.
  early.catch(() => {});
}

export async function loadPyodide(options) {
  const unexpected = Object.keys(options).filter((name) => !PYSCRIPT_OPTIONS.has(name));
  if (early === undefined || unexpected.length) {
    if (early !== undefined) console.warn("Python is started again for options", unexpected);
    return start(options);
  }
  const pyodide = await early;
  early = undefined;
  // The output handlers PyScript would have passed to the start, line by line as there.
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
