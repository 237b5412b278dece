// The AI players, the hint and the analysis think in a worker with its own Python
// (think-worker.mjs), so a search runs in one go while the page goes on drawing and
// answering. Python asks through `window.scoutThinker.think(request, wait)`, which resolves to
// the answer's text, or to null whenever the worker cannot answer (no workers in this
// browser, it failed, it may not start yet and `wait` is false, or it is not ready within a
// minute): the page then thinks itself, in slices, and plays the same move.
//
// The worker starts once the page wants it (a table with AI players is shown, or something
// asks to think) and boot.js allows it (at once, or on a first visit once Python's start-up is
// saved, since the worker starts from that): a page that only shows the start screen, the
// rules or a game of people, or a second tab that only watches, never pays for it.
//
// `data-thinker` on <html> says how it stands: starting, ready or unavailable.

const root = document.documentElement;
// Far beyond any decision (about a second) or start (a few seconds): a worker silent for this
// long is stuck.
const ANSWER_WITHIN_MS = 60_000;

let worker;
let state = "off";
let allowed = false;
let wanted = false;
let next = 0;
let answered = 0;
const waiting = new Map(); // request id -> its callback
const settling = []; // requests that wait for the worker to be ready (or to fail)

function setState(value) {
  state = value;
  root.setAttribute("data-thinker", value);
  if (value === "ready" || value === "unavailable") {
    for (const ask of settling.splice(0)) ask();
  }
}

function stop(problem) {
  console.warn("The AI's worker stopped; the page thinks for it from now on:", problem);
  worker?.terminate();
  worker = undefined;
  setState("unavailable");
  for (const finish of waiting.values()) finish(null);
  waiting.clear();
}

function receive({ data }) {
  if ("ready" in data) {
    if (data.ready) setState("ready");
    else stop(data.problem);
    return;
  }
  const finish = waiting.get(data.id);
  waiting.delete(data.id);
  if (data.problem !== undefined) console.error("The AI's worker could not answer:", data.problem);
  else answered += 1;
  finish?.(data.answer ?? null);
}

/** boot.js: the worker may start now (it does once the page wants it). */
export function allowThinker() {
  allowed = true;
  if (wanted) start();
}

/** The page will want to think: start the worker if it may start. */
function prepare() {
  wanted = true;
  if (allowed) start();
}

/** Start the worker (once); until it is ready, the page thinks itself. */
function start() {
  if (state !== "off") return;
  if (typeof Worker === "undefined") {
    setState("unavailable");
    return;
  }
  setState("starting");
  try {
    worker = new Worker(new URL("./think-worker.mjs", import.meta.url), { type: "module" });
  } catch (error) {
    stop(String(error));
    return;
  }
  worker.addEventListener("message", receive);
  worker.addEventListener("error", (event) => stop(event.message || "it failed to start"));
  setTimeout(() => {
    if (state === "starting") stop("it did not start within a minute");
  }, ANSWER_WITHIN_MS);
}

function think(request, wait = false) {
  prepare();
  // A worker that is starting is waited for: thinking here meanwhile would only compete with
  // its start for the processor. One that may not start yet (a first visit saves Python's
  // start-up first) is waited for only by long work.
  if (state === "starting" || (wait && state === "off")) {
    return new Promise((resolve) => {
      const ask = () => {
        clearTimeout(timer);
        resolve(think(request));
      };
      const timer = setTimeout(() => {
        settling.splice(settling.indexOf(ask), 1);
        resolve(null);
      }, ANSWER_WITHIN_MS);
      settling.push(ask);
    });
  }
  if (state !== "ready") return Promise.resolve(null);
  return new Promise((resolve) => {
    const id = next++;
    const timer = setTimeout(() => stop("no answer within a minute"), ANSWER_WITHIN_MS);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    worker.postMessage({ id, request });
  });
}

window.scoutThinker = {
  think,
  prepare,
  get state() {
    return state;
  },
  /** How many requests the worker has answered (tests and benchmarks read it). */
  get answered() {
    return answered;
  },
};
