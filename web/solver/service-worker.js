// The service worker: the site works offline after the first visit.
//
// build.py writes this file to the site's root as sw.js (so its scope is the whole
// site, even under a sub-path such as GitHub Pages' /<repo>/), after four constants:
//   BUILD   the build's name (the hash in its web folder's name)
//   FILES   every file of the build but the tables, relative to sw.js
//   TABLES  the pattern-database tables' URLs (with their ?v=<hash>), relative to sw.js
//   SHA256  the SHA-256 (hex) of each of those files and tables, by the same names
//
// Every file but index.html is named by its content (web-<hash>/, pyodide/<version>/,
// py/npuzzle-<hash>.zip, tables/<name>.bin?v=<hash>), so no two builds share a URL for
// different bytes and a page can never be served a mix of two builds.
//  - install: the build's files go into the cache npuzzle-<BUILD>, all or nothing;
//  - activate: older builds' caches are deleted in one step, and tables no build names
//    any more are dropped from npuzzle-tables (the tables are kept across builds: they
//    are large and change rarely; the solver's worker stores each one it fetches); the
//    open pages are claimed;
//  - fetch: the page itself from the network when it answers within NAVIGATE_MS (so a
//    new deploy is seen on the next visit), else from the cache; every other file from
//    the cache, else from the network.
//
// A stored file is served only if its bytes are the build's: its SHA-256 is checked against
// SHA256 each time it is served. A stored copy that differs (however it got there: another
// script of the site's origin can write the same caches) is dropped and fetched again; this
// file itself is kept by the browser, out of reach of the caches.

const CACHE = `npuzzle-${BUILD}`;
const TABLE_CACHE = "npuzzle-tables";
const NAVIGATE_MS = 4000;
const scope = new URL("./", self.location.href).href;
// The build's bytes by absolute URL (the page by its folder's URL, as it is stored).
const EXPECTED = new Map(Object.entries(SHA256).map(([file, digest]) => [new URL(file, scope).href, digest]));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, so a stale HTTP-cached index.html is not kept.
    await cache.addAll(FILES.map((file) => new Request(new URL(file, scope), { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

// The page asks a waiting build to take over (see app/main.js): Chromium parks a worker that
// skipped waiting if a fetch reaches the old one as it hands over; asked again, it goes on.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("npuzzle-") && name !== CACHE && name !== TABLE_CACHE) await caches.delete(name);
    }
    const tables = await caches.open(TABLE_CACHE);
    const named = new Set(TABLES.map((file) => new URL(file, scope).href));
    for (const request of await tables.keys()) {
      if (!named.has(request.url)) await tables.delete(request);
    }
  })());
  // Take over the open pages without holding activation on it: Firefox (ESR 153) never
  // settles claim() for a page that navigates away meanwhile, and a worker stuck in
  // "activating" leaves the site's next navigation waiting until Firefox gives up on it
  // (NS_ERROR_INTERCEPTION_FAILED, after 60 s).
  self.clients.claim().catch(() => {}); // a page that closed is not a page to take over
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!["GET", "HEAD"].includes(request.method) || !request.url.startsWith(scope)) return;
  event.respondWith(request.mode === "navigate" ? page(request) : file(request));
});

// A HEAD request (the solver's worker checks that the runtime is there) is answered from the
// stored file's status and headers.
async function file(request) {
  const hit = await stored(request, { ignoreMethod: true });
  if (!hit) return fetch(request);
  return request.method === "HEAD" ? new Response(null, { status: hit.status, headers: hit.headers }) : hit;
}

// The stored response to `request` if its bytes are the build's, else null (and a copy that is
// not is dropped, then fetched again, and kept if the network gives the build's bytes). The
// response given is the cache's own (not a copy), so the browser's compiled-code cache, keyed
// to it, keeps working. A file the build does not name (none should be stored) is not served.
async function stored(request, options = {}) {
  for (const name of [CACHE, TABLE_CACHE]) {
    const cache = await caches.open(name);
    const hit = await cache.match(request, options);
    if (!hit) continue;
    const expected = EXPECTED.get(hit.url || request.url) || EXPECTED.get(request.url);
    if (expected && expected === await sha256(hit.clone())) return hit;
    await cache.delete(request, options);
    if (expected) refetch(cache, request.url, expected);
    return null;
  }
  return null;
}

async function sha256(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Store `url` again from the network, if what comes is the build's.
async function refetch(cache, url, expected) {
  try {
    const response = await fetch(url, { cache: "no-cache" });
    if (response.ok && await sha256(response.clone()) === expected) await cache.put(url, response);
  } catch {
    // offline: it is fetched again on a later visit
  }
}

// The page: the network's copy if it comes within NAVIGATE_MS, else the cached one.
async function page(request) {
  const path = new URL(request.url).pathname;
  const isPage = path === new URL(scope).pathname || path === new URL("index.html", scope).pathname;
  if (!isPage) return fetch(request);
  const network = fetch(request);
  network.catch(() => {}); // its failure is handled below, if it is still wanted
  try {
    const response = await within(network, NAVIGATE_MS);
    if (response.ok) return response;
  } catch {
    // offline, or the network is too slow: the cached page
  }
  return (await stored(new Request(new URL("./", scope)))) || network; // no (good) cached page: wait for the network's
}

function within(promise, ms) {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("timeout")), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
