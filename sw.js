// Kennel Desk's service worker: keeps the app shell (index.html, wasm, JS, CSS of the build
// last loaded) so a reload on a tablet whose Wi-Fi or server is gone still starts the app,
// which then shows its data from IndexedDB. It never caches API answers: the app's data
// layer owns those (stale marks, validators, time-outs), and a second cache would hide them.
//
// Network first, cache as fallback: online, every load takes the current build (a new build
// is taken on the next load, never a mix); trunk's file names carry a content hash, so the
// index of one build only ever names that build's wasm and JS, offline as online.
const CACHE = "kennel-desk-shell-v1";
const API = new URL(self.location).searchParams.get("api") || "/api";

// On install, the build that registered the worker is cached whole: the index, and the
// files it names (trunk links the wasm, JS and CSS from it with hashed names), so the very
// next start already works without a network.
self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const index = await fetch(new URL("./", self.location), { cache: "no-cache" });
      if (!index.ok) return;
      const html = await index.clone().text();
      await cache.put("/index.html", index);
      const files = new Set();
      for (const m of html.matchAll(/(?:href|src)="([^"]+\.(?:js|wasm|css))"/g)) {
        files.add(new URL(m[1], self.location).href);
      }
      await Promise.all([...files].map((f) => cache.add(f).catch(() => {})));
    })().then(() => self.skipWaiting()),
  );
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function isShell(request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  // The API base may be absolute (another origin: skipped above) or a path on this origin.
  const apiPath = new URL(API, self.location.origin).pathname;
  if (url.pathname === apiPath || url.pathname.startsWith(apiPath + "/")) return false;
  return !url.pathname.startsWith("/__");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!isShell(request)) return;
  // Every route of the single-page app is the same index.html.
  const key = request.mode === "navigate" ? "/index.html" : request.url;
  event.respondWith(
    fetch(request)
      .then(async (response) => {
        if (response.ok) {
          const cache = await caches.open(CACHE);
          if (request.mode === "navigate") {
            // A new index: drop the previous build's files; they are fetched again as the
            // new index names them.
            for (const old of await cache.keys()) await cache.delete(old);
          }
          await cache.put(key, response.clone());
        }
        return response;
      })
      .catch(async () => {
        const cached = await caches.match(key);
        return cached || Response.error();
      }),
  );
});
