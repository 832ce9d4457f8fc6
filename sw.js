// Kennel Desk's service worker: keeps the app shell (index.html, wasm, JS, CSS of the build
// last loaded) so a reload on a tablet whose Wi-Fi or server is gone still starts the app,
// which then shows its data from IndexedDB. It never caches API answers: the app's data
// layer owns those (stale marks, validators, time-outs), and a second cache would hide them.
//
// Its scope is the build's public URL (the folder it is served from: / or, built with
// PUBLIC_URL=/kennel/, /kennel/), and every key it keeps is relative to that.
//
// One cache per build, named by the build id that scripts/build.sh writes into index.html
// (<meta name="kennel-desk:build">). A build becomes the offline copy only once its index and
// every file the index names are stored; until then the previous build stays, whole. Only the
// app's own index (it carries that meta) becomes the shell: any other page of the origin (a
// sign-in page, an intranet page) is passed through and never kept.
//
// Navigations: the network if it answers within NAVIGATION_PATIENCE_MS, else the stored index
// (a server that accepts the connection and never answers must not leave a blank page); a
// late answer still updates the copy. The build's hashed files (the content hash is in the
// name, so they never change) come from the cache first.
const BASE = new URL("./", self.location).href; // the scope: the build's public URL
const INDEX = BASE; // the key of the stored index: every route of the app is that page
const API = new URL(self.location).searchParams.get("api") || "/api";
const PREFIX = `kennel-desk-shell ${new URL(BASE).pathname} `;
const POINTER = `${PREFIX}current`; // holds the id of the complete build, under INDEX
// 3 s: a live server answers a 5 KB index in well under a second even on a tablet's weak
// Wi-Fi, so a new build is still taken online; a dead one costs 3 s before the stored app
// starts (and then its own 10 s API time-out shows the stored data), against the page's own
// 10 s "still loading" line. Most of the 10 s is left to the app, none of it wasted waiting.
const NAVIGATION_PATIENCE_MS = 3000;
const HASHED = /-[0-9a-f]{16}(?:_bg)?\.(?:js|wasm|css)$/;
const BUILD_META = /<meta name="kennel-desk:build" content="([^"]+)"/;

const buildCache = (id) => caches.open(PREFIX + id);

async function currentBuild() {
  const pointer = await caches.open(POINTER);
  const stored = await pointer.match(INDEX);
  return stored ? stored.text() : null;
}

async function storedIndex() {
  const id = await currentBuild();
  if (!id) return undefined;
  return (await buildCache(id)).match(INDEX);
}

// One download of a file for the page and the precache both: the page's request for the new
// build's wasm and the precache's are the same 240 KB.
const inflight = new Map();
function fetchShared(url) {
  let shared = inflight.get(url);
  if (!shared) {
    shared = fetch(url, { credentials: "same-origin" });
    inflight.set(url, shared);
    const forget = () => setTimeout(() => inflight.delete(url), 30000);
    shared.then(forget, () => inflight.delete(url));
  }
  return shared.then((response) => response.clone());
}

// The build of an index, when it is the app's own index; else null.
async function appIndex(response) {
  if (!response || !response.ok) return null;
  if (!(response.headers.get("content-type") || "").startsWith("text/html")) return null;
  const html = await response.clone().text();
  const build = html.match(BUILD_META);
  return build ? { id: build[1], html } : null;
}

// Keeps `response` (the app's index, see appIndex) as the offline copy once its build is
// stored whole. Also for the build already kept: its id is the wasm's name, and a deploy that
// changed only the stylesheet or a loader keeps it; its index names files not stored yet
// (`store` fetches only those).
const adopting = new Map();
async function adopt(response) {
  const index = await appIndex(response);
  if (!index) return;
  let done = adopting.get(index.id);
  if (!done) {
    done = store(index, response).finally(() => adopting.delete(index.id));
    adopting.set(index.id, done);
  }
  await done;
}

async function store(index, response) {
  const cache = await buildCache(index.id);
  const files = new Set();
  for (const m of index.html.matchAll(/(?:href|src)="([^"]+\.(?:js|wasm|css))"/g)) {
    const url = new URL(m[1], BASE);
    if (url.origin === self.location.origin) files.add(url.href);
  }
  for (const file of files) {
    if (await cache.match(file)) continue;
    // A hashed file of an earlier build with the same name is the same file.
    const kept = HASHED.test(file) ? await caches.match(file) : undefined;
    const fresh = kept || (await fetchShared(file));
    // A missing file answered with a page (a server's fallback to index.html) is no file.
    const page = (fresh.headers.get("content-type") || "").startsWith("text/html");
    if (!fresh.ok || page) throw new Error(`${file}: ${fresh.status}`); // the old build stays
    await cache.put(file, fresh);
  }
  await cache.put(INDEX, response);
  await (await caches.open(POINTER)).put(INDEX, new Response(index.id));
  for (const name of await caches.keys()) {
    // Not a build being stored at the same time (an install beside a navigation, a rolling
    // deploy): deleting its cache under it left the pointer naming a build with no files.
    const busy = adopting.has(name.slice(PREFIX.length));
    const ours = name.startsWith(PREFIX) && name !== POINTER && name !== PREFIX + index.id && !busy;
    // The first worker's single cache, from before builds had their own.
    if (ours || name === "kennel-desk-shell-v1") await caches.delete(name);
  }
}

// On install, the build that registered the worker is stored whole, so the very next start
// already works without a network.
self.addEventListener("install", (event) => {
  event.waitUntil(
    fetch(BASE, { cache: "no-cache", credentials: "same-origin" })
      .then(adopt)
      .catch(() => {}) // stored by a later navigation
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function isShell(request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(BASE)) return false;
  // The API base may be absolute (another origin: skipped above) or a path on this origin.
  const apiPath = new URL(API, self.location.origin).pathname.replace(/\/$/, "");
  if (url.pathname === apiPath || url.pathname.startsWith(apiPath + "/")) return false;
  return !url.pathname.startsWith("/__");
}

const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The app's pages (src/lib.rs's routes), under the scope. Only these are answered with the
// stored app when the network fails, is slow or errs: the scope is the whole origin in a
// root deploy, and an intranet or sign-in page there is not the app (the review).
const ROUTES = /^(?:|index\.html|board|wall|bookings|invoices|(?:bookings|invoices|animals|customers)\/[^/]+)\/?$/;
const appRoute = (request) => ROUTES.test(new URL(request.url).pathname.slice(new URL(BASE).pathname.length));

async function navigate(event) {
  const network = fetch(event.request);
  // Whenever the network answers, an index of the app updates the offline copy.
  event.waitUntil(network.then((r) => adopt(r.clone())).catch(() => {}));
  const stored = storedIndex();
  const patience = later(NAVIGATION_PATIENCE_MS).then(() => stored);
  const fallback = () => stored.then((s) => s || Promise.reject(new Error("no stored index")));
  // A server error (a proxy's 502/503/504 while the host restarts) is no page of the app:
  // the stored app starts instead and says what its API requests meet. A 4xx is passed on
  // (a sign-in wall, a page that is gone), and so is a 5xx when nothing is stored.
  const usable = (response) =>
    response.status >= 500 ? stored.then((s) => s || response) : response;
  // The network's answer, or on a failure the stored index; after the patience the stored
  // index if there is one (else the wait goes on).
  const answer = network.then(usable, fallback);
  const first = await Promise.race([answer, patience]);
  if (first) return first;
  return answer;
}

async function file(request) {
  if (HASHED.test(new URL(request.url).pathname)) {
    const cached = await caches.match(request.url);
    if (cached) return cached;
    return fetchShared(request.url);
  }
  try {
    return await fetch(request);
  } catch (e) {
    const id = await currentBuild();
    const cached = id && (await (await buildCache(id)).match(request.url));
    if (cached) return cached;
    throw e;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!isShell(request)) return;
  // Another page of the origin goes to the network untouched, as if there were no worker.
  if (request.mode === "navigate" && !appRoute(request)) return;
  const answer = request.mode === "navigate" ? navigate(event) : file(request);
  event.respondWith(answer.catch(() => Response.error()));
});
