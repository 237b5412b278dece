// The Python runtime as PyScript sees it (pyscript.json names this module as the
// interpreter): Pyodide, started from a saved memory image when there is one.

import { loadPyodide as startPyodide, version } from "../pyodide/pyodide.mjs";
import { INDEX_URL, forgetSnapshot, readSnapshot } from "./snapshot.mjs";

// PyScript reads the version to pick its Pyodide integration.
export { version };

function started(how) {
  // "snapshot" or "fresh": boot.js saves an image after a fresh start; tests read it too.
  document.documentElement.setAttribute("data-python-start", how);
  performance.mark(`scout-python-${how}`);
}

export async function loadPyodide(options) {
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
      await forgetSnapshot();
    }
  }
  const pyodide = await startPyodide(settings);
  started("fresh");
  return pyodide;
}
