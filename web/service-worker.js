// The shell of the terminal and the kitchen display on the tablet (docs/design.md §16),
// so a reload with no network opens them. Built into sw.js by vite.config.ts, which writes in
// the build's id and its hashed assets: a new build is a new cache, and the old one is dropped
// once the new one is in place.
// - The pages: the network first (an update is never hidden behind a stale page); the copy
//   kept when this build was installed only when the server can't be reached.
// - Hashed assets: from the cache (a hashed name never changes content), else the network.
// - Anything else, the API above all, is never touched: no answer is ever kept here.
/* global self, caches, fetch */

const BUILD = "__BUILD__";
const ASSETS = __ASSETS__;
const PAGES = ["/", "/kitchen"];
const PREFIX = "brigade-shell-";
const CACHE = PREFIX + BUILD;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...PAGES, ...ASSETS]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PAGES.includes(url.pathname)) {
    event.respondWith(
      fetch(request).catch(() =>
        caches.open(CACHE).then((cache) => cache.match(url.pathname)).then((kept) => kept || Response.error()),
      ),
    );
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (kept) =>
            kept ||
            fetch(request).then((answer) => {
              if (answer.ok) cache.put(request, answer.clone());
              return answer;
            }),
        ),
      ),
    );
  }
});
