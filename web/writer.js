// One writer at a time: of all the tabs that have this site open, only the one holding the
// game may save it. The others show it read-only and may take it over.
//
// The right to write is the Web Lock "scout-game": a tab asks for it when it starts (and does
// not wait), takes it with `steal` when the player chooses to play there, and loses it when
// another tab steals it. Because a steal is only reported to the old tab asynchronously, the
// newest writer's id is also put under "scout.writer" in localStorage before it reads the save,
// and a tab checks that key, synchronously, before every save: a tab that has just lost the
// game can never write over the new writer's moves.
//
// A browser without Web Locks: the tab opened (or taken over) last plays, and an older tab
// learns it through the `storage` event on "scout.writer" and becomes read-only.

const LOCK = "scout-game";
const WRITER_KEY = "scout.writer";
const id = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;

let state = "none"; // "none" | "held" | "lost"
let lostHandler = null;
let release = null; // ends the callback that holds the lock

function storedWriter() {
  try {
    return localStorage.getItem(WRITER_KEY);
  } catch {
    return undefined; // no storage: nothing is saved, so there is nothing to guard
  }
}

function markWriter() {
  try {
    localStorage.setItem(WRITER_KEY, id);
  } catch {
    // As above: without storage every tab plays its own unsaved game.
  }
}

function lose() {
  if (state !== "held") return;
  state = "lost";
  release?.();
  release = null;
  lostHandler?.();
}

function request(options) {
  return new Promise((resolve) => {
    navigator.locks
      .request(LOCK, options, (lock) => {
        if (lock === null) {
          resolve(false);
          return undefined;
        }
        markWriter();
        state = "held";
        resolve(true);
        return new Promise((done) => {
          release = done;
        });
      })
      .catch((error) => {
        // Another tab stole the lock: that tab plays now.
        if (error?.name === "AbortError") lose();
      });
  });
}

const supported = Boolean(globalThis.navigator?.locks?.request);

addEventListener("storage", (event) => {
  if (event.key === WRITER_KEY && event.newValue !== id) lose();
});

function acquire(options) {
  if (supported) return request(options);
  markWriter();
  state = "held";
  return Promise.resolve(true);
}

globalThis.scoutWriter = {
  /** Whether this browser has Web Locks (the README says what others get). */
  supported,
  /** Become the writer if no other tab is: resolves to true, or false when another tab is. */
  claim: () => acquire({ ifAvailable: true }),
  /** Take the game from the tab that has it; that tab becomes read-only. */
  takeOver: () => acquire({ steal: true }),
  /** Whether this tab may save now (checked before every save). */
  holds() {
    if (state !== "held") return false;
    const writer = storedWriter();
    if (writer === undefined || writer === null || writer === id) return true;
    setTimeout(lose, 0); // another tab took over and its steal has not reached us yet
    return false;
  },
  /** Call `handler` once this tab has lost the game to another tab. */
  onLost(handler) {
    lostHandler = handler;
  },
};
