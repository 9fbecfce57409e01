// The service worker: the site works offline after the first visit.
//
// build.py bundles this file with what it imports into the site's root as sw.js (a classic
// script, so its scope is the whole site, even under a sub-path such as GitHub Pages' /<repo>/):
// from the build's constants module (build-info.js, which the page and the workers import too)
//   BUILD   the build's name (the hash in its web folder's name)
//   FILES   every file of the build but the tables, relative to sw.js
//   TABLES  the pattern-database tables' URLs (with their ?v=<hash>), relative to sw.js
//   CACHE_PREFIX, TABLE_CACHE  the caches' names: npuzzle-<BUILD> for the build's files, and
//           the tables' cache, which the solver's worker also fills
//   PIECE   a size in bytes
// and from the build's digests (offline-digests.js, written only into sw.js: a file cannot hold
// its own digest, and sw.js is the one file the browser keeps out of the caches' reach)
//   SHA256  the SHA-256 (hex) of each of those files and tables, by the same names
//   PIECES  for each file read as data (the memory snapshot, the zips, the tables, the runtime's
//           WebAssembly) longer than PIECE, the SHA-256 of each PIECE bytes of it in turn
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
// file itself is kept by the browser, out of reach of the caches. A file in PIECES is checked
// as it is read instead: each piece goes on once its own SHA-256 is the build's, so the worker
// reads the start of a 16 MB snapshot while the rest is checked, rather than waiting for the
// whole (every one of its readers uses the bytes only once the body has ended: a body that
// fails partway is a failed fetch). A piece that differs drops the stored copy, and the rest
// comes from the network, checked the same way. Scripts are checked whole and served as the
// cache's own response: the browser keeps their compiled code beside that response. So is the
// runtime's WebAssembly in Chromium, which keeps its compiled code the same way (a second visit
// reads it instead of compiling 9 MB); elsewhere it is checked as it is read, so the browser
// compiles the start while the rest is checked (Firefox: measured, bench/ready_ab.py).

import { BUILD, CACHE_PREFIX, FILES, PIECE, TABLE_CACHE, TABLES } from "../build-info.js";
import { PIECES, SHA256 } from "./offline-digests.js";

const CACHE = `${CACHE_PREFIX}${BUILD}`;
const NAVIGATE_MS = 4000;
const scope = new URL("./", self.location.href).href;
// The build's bytes by absolute URL (the page by its folder's URL, as it is stored).
const EXPECTED = new Map(Object.entries(SHA256).map(([file, digest]) => [new URL(file, scope).href, digest]));
const EXPECTED_PIECES = new Map(Object.entries(PIECES).map(([file, digests]) => [new URL(file, scope).href, digests]));
// Chromium (the engine with userAgentData) keeps compiled WebAssembly beside the cache's own response.
const WASM_WHOLE = Boolean(self.navigator && self.navigator.userAgentData);

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
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE && name !== TABLE_CACHE) await caches.delete(name);
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

// A HEAD request (the solver's worker asks whether the runtime is there when Python is slow to start) is answered from the
// stored copy of a file the build names, when that copy is a plain answer (no bytes are served:
// none are checked; the GET that follows checks them), with the build's own headers.
async function file(request) {
  const url = fileUrl(request.url);
  if (request.method === "HEAD") {
    const hit = await lookUp(request, { ignoreMethod: true });
    if (hit && EXPECTED.has(url) && plain(hit.response, url)) return new Response(null, { status: 200, headers: headersOf(url) });
    if (hit) await drop(hit.cache, url, EXPECTED.get(url));
    return fetch(request);
  }
  return (await stored(request)) || fromNetwork(request);
}

// The network's copy of a file the build names, checked as a stored one is (a piece file piece
// by piece, anything else whole): a copy that is not the build's fails. Anything else (a range,
// a file the build does not name, an answer that is not a 200) is passed on as it comes.
async function fromNetwork(request) {
  const url = fileUrl(request.url);
  const expected = EXPECTED.get(url);
  const response = await fetch(request);
  if (!expected || response.status !== 200 || request.headers.has("Range")) return response;
  const pieces = EXPECTED_PIECES.get(url);
  if (pieces && response.body) return checkedAsRead(response, url, pieces, null);
  const bytes = await response.arrayBuffer();
  if (expected !== await sha256(bytes)) throw new TypeError(`the network's copy of ${url} is not the build's`);
  return new Response(bytes, { status: 200, headers: headersOf(url) });
}

// The URL a request names a file by (a fragment names nothing).
function fileUrl(url) {
  return url.split("#")[0];
}

// The stored response to `request` and the cache it is in, unchecked (null if none).
async function lookUp(request, options = {}) {
  for (const name of [CACHE, TABLE_CACHE]) {
    const cache = await caches.open(name);
    const response = await cache.match(request, options);
    if (response) return { cache, response };
  }
  return null;
}

// The headers the build's files are served with, by kind: a copy served from checked bytes
// carries these, never what was stored with it (a stored copy's headers are not checked).
const TYPES = {
  html: "text/html; charset=utf-8", js: "text/javascript", mjs: "text/javascript", css: "text/css",
  json: "application/json", webmanifest: "application/manifest+json", svg: "image/svg+xml", png: "image/png",
  wasm: "application/wasm", zip: "application/zip", bin: "application/octet-stream",
};

function headersOf(url) {
  const path = new URL(url).pathname;
  const kind = path.endsWith("/") ? "html" : path.slice(path.lastIndexOf(".") + 1);
  return { "Content-Type": TYPES[kind] || "application/octet-stream" };
}

// Code the browser keeps compiled beside the cache's own response: served as that response, not
// a copy (scripts; the runtime's WebAssembly in Chromium).
function servedAsStored(url) {
  const path = new URL(url).pathname;
  return /\.m?js$/.test(path) || (WASM_WHOLE && path.endsWith(".wasm"));
}

// Whether a stored copy of `url` is a plain answer for it: a 200; and, for one served as the
// cache's own response, not redirected, of the site's own origin, for this very URL (a module's
// relative imports resolve against its response's URL) and of its kind's type. Its bytes are
// checked besides.
function plain(hit, url) {
  if (hit.status !== 200) return false;
  if (!servedAsStored(url)) return true;
  const type = (hit.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
  const wanted = headersOf(url)["Content-Type"];
  return !hit.redirected && ["basic", "default"].includes(hit.type) && (hit.url === "" || hit.url === url)
    && (type === wanted || (wanted === "text/javascript" && /^(text|application)\/(x-)?(java|ecma)script$/.test(type)));
}

// The stored response to `request` if its bytes are the build's, else null (and a copy that is
// not is dropped, then fetched again, and kept if the network gives the build's bytes). Code is
// served as the cache's own response (so the browser's compiled-code cache, keyed to it, keeps
// working), anything else as the checked bytes with the build's headers. Which file it is, and so
// which bytes it must have, is the request's URL alone. A file the build does not name (none
// should be stored) is not served.
async function stored(request) {
  const found = await lookUp(request);
  if (!found) return null;
  const { cache, response: hit } = found;
  const url = fileUrl(request.url);
  const expected = EXPECTED.get(url);
  if (expected && plain(hit, url)) {
    const pieces = servedAsStored(url) ? null : EXPECTED_PIECES.get(url);
    if (pieces && hit.body) return checkedAsRead(hit, url, pieces, () => drop(cache, url, expected));
    const bytes = await hit.clone().arrayBuffer().catch(() => null); // a copy that cannot be read is dropped too
    if (bytes && expected === await sha256(bytes)) {
      return servedAsStored(url) ? hit : new Response(bytes, { status: 200, headers: headersOf(url) });
    }
  }
  await drop(cache, url, expected);
  return null;
}

// A stored copy that is not the build's: dropped (every entry for its URL, whatever it varies
// on), and stored again from the network (once at a time).
const refetching = new Map();
async function drop(cache, url, expected) {
  await cache.delete(url, { ignoreVary: true });
  if (expected && !refetching.has(url)) refetching.set(url, refetch(cache, url, expected).finally(() => refetching.delete(url)));
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// `hit`'s body (the stored copy of `url`), passed on piece by piece, each piece once its SHA-256
// is `pieces`' (and no bytes past the last). At the first piece that differs, `dropped` is called
// and the rest comes from the network's copy, checked the same way; a body that cannot be made
// the build's fails (at once when `hit` is the network's copy: `dropped` null).
function checkedAsRead(hit, url, pieces, dropped) {
  let source = new Pieces(hit.body.getReader(), dropped === null); // no `dropped`: `hit` is the network's copy
  let index = 0;
  const body = new ReadableStream({
    async pull(controller) {
      try {
        for (;;) {
          // A stored copy that fails to read is one that differs; the network's fails the body.
          const piece = await source.next(PIECE).catch((error) => { if (source.network) throw error; return null; });
          if (piece && index === pieces.length) {
            if (piece.length === 0) return controller.close();
          } else if (piece && piece.length > 0 && await sha256(piece) === pieces[index]) {
            index += 1;
            return controller.enqueue(piece);
          }
          if (source.network) throw new TypeError(`the network's copy of ${url} is not the build's`);
          source.cancel();
          dropped();
          source = await Pieces.fromNetwork(url, index * PIECE);
        }
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() { source.cancel(); },
  });
  // The build's headers, and the stored length if it is one this file can have (progress only).
  const headers = headersOf(url);
  const length = Number(hit.headers.get("Content-Length"));
  if (length > (pieces.length - 1) * PIECE && length <= pieces.length * PIECE) headers["Content-Length"] = String(length);
  return new Response(body, { status: 200, headers });
}

// A body read in pieces of a given size (the last one shorter; an empty one at the end).
class Pieces {
  constructor(reader, network = false) {
    Object.assign(this, { reader, network, held: new Uint8Array(0) });
  }

  // The network's copy of `url`, its first `skip` bytes passed over (those already served).
  static async fromNetwork(url, skip) {
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok || !response.body) throw new TypeError(`${url} could not be fetched again (HTTP ${response.status})`);
    const pieces = new Pieces(response.body.getReader(), true);
    for (let left = skip; left > 0; left -= PIECE) await pieces.next(Math.min(PIECE, left));
    return pieces;
  }

  async next(size) {
    const piece = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      if (this.held.length === 0) {
        const { done, value } = await this.reader.read();
        if (done) break;
        this.held = value;
      }
      const take = Math.min(size - filled, this.held.length);
      piece.set(this.held.subarray(0, take), filled);
      this.held = this.held.subarray(take);
      filled += take;
    }
    return piece.subarray(0, filled);
  }

  cancel() {
    this.reader.cancel().catch(() => {});
  }
}

// Store `url` again from the network, if what comes is the build's.
async function refetch(cache, url, expected) {
  try {
    const response = await fetch(url, { cache: "no-cache" });
    if (response.ok && await sha256(await response.clone().arrayBuffer()) === expected) await cache.put(url, response);
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
