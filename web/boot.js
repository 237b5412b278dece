// Page start-up that must not wait for Python: progress text, the readiness mark, the
// service worker, saving Python's start-up for the next visit, and the AI's worker. Python
// marks readiness by setting `data-ready` on <html>.

import { saveSnapshotInBackground } from "./python/snapshot.mjs";
import { allowThinker } from "./python/thinker.mjs";

const root = document.documentElement;
const progress = document.getElementById("progress");

// The loading screen's words, before Python (and its catalogs) can run: the language is
// chosen as the page chooses it (the one last picked, else the browser's), and the words come
// from that language's catalog, read directly. tools/catalogs.py finds each text given to `say`.
const CATALOGS = { "zh-CN": "./scout_web/locale/zh_CN.po" };
const words = {};
let shown = "";

function bootLanguage() {
  try {
    const lang = JSON.parse(localStorage.getItem("scout.prefs") || "{}").lang;
    if (lang === "en" || lang === "zh-CN") return lang;
  } catch {
    // unreadable or no storage: follow the browser
  }
  for (const tag of navigator.languages || []) {
    if (tag.toLowerCase().startsWith("zh")) return "zh-CN";
    if (tag.toLowerCase().split("-")[0] === "en") return "en";
  }
  return "en";
}

function t(message) {
  return words[message] || message;
}

function say(message) {
  shown = message;
  if (progress && !root.hasAttribute("data-ready")) progress.textContent = t(message);
}

const language = bootLanguage();
if (CATALOGS[language]) {
  root.lang = language;
  fetch(CATALOGS[language])
    .then((response) => response.text())
    .then((text) => {
      const unquote = (s) => s.replace(/\\(["\\n])/g, (_, c) => (c === "n" ? "\n" : c));
      for (const [, id, str] of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
        if (str) words[unquote(id)] = unquote(str);
      }
      say(shown);
    })
    .catch(() => {}); // the English words stay
}

say("Loading Python (about 13 MB on the first visit)…");
// Python starts now rather than when PyScript, still loading, asks for it.
import("./python/start.mjs").then((python) => python.startEarly());
// PyScript announces that the interpreter runs; what is left is importing the game.
document.addEventListener("py:ready", () => say("Starting the game…"), { once: true });

function whenReady(callback) {
  if (root.hasAttribute("data-ready")) return callback();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute("data-ready")) return;
    observer.disconnect();
    callback();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// A new build waits until the page asks for it, so a running page never mixes old and new
// files; the page offers a reload instead.
function offerUpdate(registration) {
  const notice = document.getElementById("update");
  const button = document.getElementById("update-button");
  if (!notice || !button || !registration.waiting) return;
  root.setAttribute("data-update-ready", "");
  notice.hidden = false;
  button.addEventListener("click", () => {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), {
      once: true,
    });
    registration.waiting.postMessage({ type: "SKIP_WAITING" });
  }, { once: true });
}

function watchForUpdates(registration) {
  // Only an update when an older worker controls this page; the first install just activates.
  if (!navigator.serviceWorker.controller) return;
  const track = (worker) =>
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offerUpdate(registration);
    });
  // The browser may have found the new build before this page registered: catch up.
  if (registration.waiting) offerUpdate(registration);
  else track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));
}

async function registerServiceWorker() {
  // Unsupported (old browsers, private modes, file://): the game still works, only online.
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  try {
    const registration = await navigator.serviceWorker.register("./sw.js");
    watchForUpdates(registration);
  } catch (error) {
    console.error("Service worker registration failed:", error);
  }
}

// Registering only once the game is playable keeps the worker's precaching (13 MB) from
// competing with the first start; by then the files are in the HTTP cache anyway.
whenReady(() => {
  performance.mark("scout-ready");
  registerServiceWorker();
  // After a fresh start, the next visit can skip most of it (see python/snapshot.mjs). The
  // AI's worker starts from that image too, so it may start only once the image is made.
  if (root.getAttribute("data-python-start") === "fresh") {
    saveSnapshotInBackground().then((stored) => {
      root.setAttribute("data-python-snapshot", stored ? "saved" : "unavailable");
      allowThinker();
    });
  } else {
    allowThinker();
  }
});
