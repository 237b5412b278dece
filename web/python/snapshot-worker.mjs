// Starts a fresh interpreter, saves its memory image and reports back (see snapshot.mjs).

import "./no-stack-switching.mjs"; // before Pyodide: see there
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { ENGINE_WHEEL, INDEX_URL, storeSnapshot } from "./snapshot.mjs";

// The engine modules the page imports at start-up. A restored start finds them imported; the
// page still installs the same wheel (the id covers it), so their files are there as well.
const ENGINE_MODULES = ["scout_core", "scout_core.bots", "scout_core.serialize", "scout_core.gamefile"];

try {
  // In this mode Pyodide keeps Python's references to JavaScript restorable; the
  // interpreter is only imaged, never used.
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  const wheel = await fetch(ENGINE_WHEEL);
  if (!wheel.ok) throw new Error(`${ENGINE_WHEEL}: HTTP ${wheel.status}`);
  pyodide.unpackArchive(await wheel.arrayBuffer(), "wheel");
  pyodide.runPython(`import ${ENGINE_MODULES.join(", ")}`);
  await storeSnapshot(pyodide.makeMemorySnapshot());
  postMessage({ stored: true });
} catch (error) {
  postMessage({ stored: false, problem: String(error) });
}
