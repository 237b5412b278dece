// The AI's own Python, off the page's thread (see thinker.mjs): it starts from the saved
// start-up when there is one, installs the engine, and answers requests to think
// (scout_core.remote) one at a time, each in one go.

import "./no-stack-switching.mjs"; // before Pyodide: see there
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { ENGINE_WHEEL, INDEX_URL, readSnapshot } from "./snapshot.mjs";

async function startPython() {
  const saved = await readSnapshot();
  if (saved) {
    try {
      return await loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: saved.arrayBuffer() });
    } catch {
      // The page itself decides what becomes of an image it cannot restore; start afresh.
    }
  }
  return loadPyodide({ indexURL: INDEX_URL });
}

async function startEngine() {
  const pyodide = await startPython();
  const wheel = await fetch(ENGINE_WHEEL);
  if (!wheel.ok) throw new Error(`${ENGINE_WHEEL}: HTTP ${wheel.status}`);
  pyodide.unpackArchive(await wheel.arrayBuffer(), "wheel");
  return pyodide.pyimport("scout_core.remote").answer;
}

const answering = startEngine();
answering.then(
  () => postMessage({ ready: true }),
  (error) => postMessage({ ready: false, problem: String(error) }),
);

addEventListener("message", async ({ data }) => {
  try {
    const text = (await answering)(data.request);
    const problem = JSON.parse(text).problem;
    postMessage(problem === undefined ? { id: data.id, answer: text } : { id: data.id, problem });
  } catch (error) {
    postMessage({ id: data.id, problem: String(error) });
  }
});
