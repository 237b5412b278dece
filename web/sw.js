// Service worker: the whole site is precached so the game runs with no network after the
// first visit. build.py fills in BUILD_ID (a hash of every file) and PRECACHE (every file).

const BUILD_ID = "@BUILD_ID@";
const CACHE = `scout-${BUILD_ID}`;
const PRECACHE = [/* @PRECACHE@ */];

self.addEventListener("install", (event) => {
  // 'no-cache' revalidates with the server, so a stale HTTP-cached file never enters a new
  // build's cache, yet unchanged files cost only a 304.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  // The new build is complete in its own cache: drop every other build's cache.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("scout-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  // The page asks for this when the player accepts an update (see boot.js).
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // Cache first: precached files never change within a build. A navigation with a query
  // string (e.g. ?seed=3) still gets the cached page.
  const options = { ignoreSearch: request.mode === "navigate" };
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, options))
      .then((cached) => cached ?? fetch(request)),
  );
});
