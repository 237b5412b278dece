// Starts a fresh interpreter, saves its memory image and reports back (see snapshot.mjs).

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { INDEX_URL, storeSnapshot } from "./snapshot.mjs";

try {
  // In this mode Pyodide keeps Python's references to JavaScript restorable; the
  // interpreter is only imaged, never used.
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  await storeSnapshot(pyodide.makeMemorySnapshot());
  postMessage({ stored: true });
} catch (error) {
  postMessage({ stored: false, problem: String(error) });
}
