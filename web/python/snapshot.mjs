// A saved image of Python's memory right after start-up, so that later visits skip starting
// the interpreter.
//
// Starting Pyodide's interpreter is most of the page's start (about 1.5 s on a small
// machine); restoring a memory image of a freshly started interpreter takes a fraction of
// that. The image is made once per runtime, in a worker after the first start (so it never
// slows a start down), kept in Cache Storage, and used by start.mjs on every later visit.
// Pyodide's snapshot options are marked private: the pinned runtime is tested with them, and
// any failure to restore falls back to a normal start.

// build.py writes here a hash of the Python runtime's files, the engine's wheel and these
// loaders: an image is only ever restored into the runtime that made it.
export const RUNTIME_ID = "@RUNTIME_ID@";
export const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
// The engine is imported into the image too (build.py writes the wheel's file name here).
export const ENGINE_WHEEL = new URL("../wheels/@WHEEL@", import.meta.url).href;

// Not named scout-…: the service worker deletes those caches when a new build arrives.
const CACHE = "python-snapshot";
const KEY = new URL(`./memory-${RUNTIME_ID}.bin`, import.meta.url).href;
// localStorage: the runtime whose image this browser could not restore. It is not made again
// for that runtime, or every visit would pay for a failed restore and a new image.
const REFUSED = "python-snapshot-refused";

function available() {
  // Cache Storage exists only in secure contexts (https, or this machine).
  return typeof caches !== "undefined";
}

/** The saved image for this runtime as a Response, or undefined. */
export async function readSnapshot() {
  if (!available()) return undefined;
  try {
    return await (await caches.open(CACHE)).match(KEY);
  } catch {
    return undefined; // storage switched off or full: a normal start follows
  }
}

/** Keep `bytes` as this runtime's image; images of other runtimes go. */
export async function storeSnapshot(bytes) {
  const cache = await caches.open(CACHE);
  await cache.put(KEY, new Response(bytes));
  for (const request of await cache.keys()) {
    if (request.url !== KEY) await cache.delete(request);
  }
}

/** Drop this runtime's image, which could not be restored, and make no other. */
export async function refuseSnapshot() {
  try {
    localStorage.setItem(REFUSED, RUNTIME_ID);
  } catch {
    // storage switched off: then no image could be kept either
  }
  if (available()) await (await caches.open(CACHE)).delete(KEY);
}

function refused() {
  try {
    return localStorage.getItem(REFUSED) === RUNTIME_ID;
  } catch {
    return true;
  }
}

/**
 * Make and store the image in a worker, off the page's thread: resolves to true when it is
 * stored, false when this browser cannot keep one.
 */
export function saveSnapshotInBackground() {
  if (!available() || typeof Worker === "undefined" || refused()) return Promise.resolve(false);
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {
      type: "module",
    });
    const finish = (stored, problem) => {
      worker.terminate();
      if (problem) console.warn("Python's start-up could not be saved:", problem);
      resolve(stored);
    };
    worker.addEventListener("message", (event) => finish(event.data.stored, event.data.problem));
    worker.addEventListener("error", (event) => finish(false, event.message));
  });
}
