// A Node harness for the site's service worker (web/solver/service-worker.js): it builds the
// constants the worker imports (from build-info.js: BUILD, FILES, TABLES, CACHE_PREFIX,
// TABLE_CACHE, PIECE; from offline-digests.js: SHA256, PIECES; build.py bundles both into sw.js)
// for a small fake build, runs the worker's source with those in place of its imports in a fake
// ServiceWorkerGlobalScope, and gives tests:
//   - world.caches: a CacheStorage with the spec's matching (ignoreSearch, ignoreMethod, Vary)
//     and the spec's put (the whole body is read before the entry exists; 206, Vary: * and
//     non-GET keys refused); rawPut() stores what put() cannot (a body that errors or never
//     ends: a corrupt or evicted disk entry), with a url and type of the test's choosing;
//   - world.net: "the network", the build's bytes by path (query ignored, like a static host),
//     Range and HEAD honoured; per-path overrides; offline switch; a log of what was fetched;
//   - world.request(path, init) dispatches a fetch event as the browser does (no respondWith:
//     the network; a rejected respondWith: a network error) and world.read(response) reads it
//     to its end with a time limit, classifying the result against the build's bytes.
//
// Usage: const world = await makeWorld(); await world.install(); await world.activate();
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createHash, webcrypto } from "node:crypto";

export const SOURCE = process.env.SW_SOURCE || fileURLToPath(new URL("../../web/solver/service-worker.js", import.meta.url));
export const SCOPE = "https://site.test/app/";
export const PIECE = 8;

const enc = new TextEncoder();
const bytesOf = (text) => enc.encode(text);
const range = (n, seed) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + seed) & 0xff);

// The fake build: paths relative to sw.js (as build.py's FILES), their bytes.
export function buildFiles() {
  const html = bytesOf("<!doctype html><title>build</title><script type=module src=web-abc/app/main.js></script>");
  return {
    "./": html,
    "index.html": html,
    "web-abc/app/main.js": bytesOf("console.log('the build main');\n"),
    "web-abc/app/other.js": bytesOf("console.log('another module of the build');\n"),
    "web-abc/solver/worker.js": bytesOf("postMessage('the build worker');\n"),
    "py/small-aaa.zip": bytesOf("PK-small"), // <= PIECE: checked whole
    "py/snapshot-bbb.bin": range(27, 1), // 3 full pieces + 3 bytes
    "py/exact-ccc.zip": range(24, 2), // exactly 3 pieces
    "pyodide/1/pyodide.asm.wasm": range(20, 3),
  };
}
export function buildTables() {
  return { "tables/t1.bin?v=111": range(30, 4), "tables/t2.bin?v=222": range(9, 5) };
}

const sha = (data) => createHash("sha256").update(data).digest("hex");
export function constants(files, tables, piece = PIECE) {
  const SHA256 = {};
  const PIECES = {};
  for (const [name, data] of Object.entries({ ...files, ...tables })) {
    SHA256[name] = sha(data);
    const path = name.split("?")[0];
    if (/\.(bin|zip|wasm)$/.test(path) && data.length > piece) {
      PIECES[name] = [];
      for (let at = 0; at < data.length; at += piece) PIECES[name].push(sha(data.subarray(at, at + piece)));
    }
  }
  return (
    `const BUILD = "abc";\n` +
    `const CACHE_PREFIX = "npuzzle-";\n` +
    `const TABLE_CACHE = "npuzzle-tables";\n` +
    `const FILES = ${JSON.stringify(Object.keys(files))};\n` +
    `const TABLES = ${JSON.stringify(Object.keys(tables))};\n` +
    `const SHA256 = ${JSON.stringify(SHA256)};\n` +
    `const PIECE = ${piece};\n` +
    `const PIECES = ${JSON.stringify(PIECES)};\n\n`
  );
}

// The worker's source without its imports (of the constants: build-info.js, offline-digests.js),
// once they are found to name exactly what `constants` defines.
const IMPORTED = ["BUILD", "CACHE_PREFIX", "FILES", "PIECE", "PIECES", "SHA256", "TABLES", "TABLE_CACHE"];
function withoutImports(source) {
  const imports = /^import \{([^}]*)\} from "[^"]+";$/gm;
  const names = [...source.matchAll(imports)].flatMap((m) => m[1].split(",").map((n) => n.trim()));
  if (names.sort().join() !== [...IMPORTED].sort().join()) throw new Error(`harness: the worker imports ${names}, not ${IMPORTED}`);
  const rest = source.replace(imports, "");
  if (/^import\b/m.test(rest)) throw new Error("harness: the worker imports something else");
  return rest;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A Response with the fields a browser's fetched / cached response has (Node's are read-only
// getters on the prototype: own properties shadow them).
export function withMeta(response, { url = "", type = "default", redirected = false } = {}) {
  Object.defineProperty(response, "url", { value: url, configurable: true });
  Object.defineProperty(response, "type", { value: type, configurable: true });
  Object.defineProperty(response, "redirected", { value: redirected, configurable: true });
  return response;
}

export function streamOf(chunks, { error = null, hang = false } = {}) {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) return controller.enqueue(chunks[i++]);
      if (error) return controller.error(error);
      if (hang) return new Promise(() => {});
      controller.close();
    },
  });
}

function asRequest(input, init = {}) {
  if (typeof input === "string" || input instanceof URL) {
    return { url: new URL(input, SCOPE).href, method: (init.method || "GET").toUpperCase(), headers: new Headers(init.headers || {}) };
  }
  return { url: input.url, method: input.method || "GET", headers: new Headers(input.headers || {}) };
}
const noSearch = (url) => { const u = new URL(url); u.search = ""; u.hash = ""; return u.href; };

// The spec's "request matches cached item" (Service Workers §Query Cache).
function matches(query, entry, options = {}) {
  if (!options.ignoreMethod && query.method !== "GET") return false;
  const a = options.ignoreSearch ? noSearch(query.url) : new URL(query.url).href.split("#")[0];
  const b = options.ignoreSearch ? noSearch(entry.request.url) : entry.request.url.split("#")[0];
  if (a !== b) return false;
  if (options.ignoreVary || !entry.stored.headers.has("vary")) return true;
  for (const field of entry.stored.headers.get("vary").split(",").map((f) => f.trim().toLowerCase())) {
    if (field === "*") return false;
    if (entry.request.headers.get(field) !== query.headers.get(field)) return false;
  }
  return true;
}

class FakeCache {
  constructor(storage, name) { Object.assign(this, { storage, name, entries: [] }); }

  fromStored(stored) {
    const body = stored.body === null ? null : stored.body instanceof Uint8Array ? stored.body.slice() : stored.body();
    const init = { status: stored.status === 0 ? 200 : stored.status, statusText: stored.statusText, headers: stored.headers };
    const response = new Response(body, init);
    if (stored.status === 0) Object.defineProperty(response, "status", { value: 0 }), Object.defineProperty(response, "ok", { value: false });
    return withMeta(response, { url: stored.url, type: stored.type, redirected: stored.redirected });
  }

  async match(request, options) {
    this.storage.ops += 1;
    const query = asRequest(request);
    const entry = this.entries.find((e) => matches(query, e, options));
    return entry ? this.fromStored(entry.stored) : undefined;
  }

  async keys() {
    return this.entries.map((e) => ({ url: e.request.url, method: "GET", headers: new Headers(e.request.headers) }));
  }

  async delete(request, options) {
    this.storage.ops += 1;
    const query = asRequest(request);
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => !matches(query, e, options));
    return this.entries.length !== before;
  }

  // The spec's put: GET keys only, no 206, no Vary: *, the whole body read first.
  async put(request, response) {
    const key = asRequest(request);
    if (key.method !== "GET") throw new TypeError("put: method must be GET");
    if (response.status === 206) throw new TypeError("put: partial response (206) unsupported");
    if ((response.headers.get("vary") || "").split(",").some((f) => f.trim() === "*")) throw new TypeError("put: Vary *");
    this.storage.puts += 1;
    const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
    this.commit(key, {
      status: response.status, statusText: response.statusText, headers: new Headers(response.headers), body,
      url: response.url || "", type: response.type || "default", redirected: Boolean(response.redirected),
    });
  }

  // What put() cannot store but a corrupt/evicted disk entry may yield: body() makes each match's stream.
  rawPut(request, { status = 200, statusText = "", headers = {}, body = null, url = "", type = "default", redirected = false }) {
    this.commit(asRequest(request), { status, statusText, headers: new Headers(headers), body, url, type, redirected });
  }

  commit(key, stored) {
    // put replaces the entries the key matches (Vary considered), appends the new one
    this.entries = this.entries.filter((e) => !matches(key, e));
    this.entries.push({ request: key, stored });
  }

  async addAll(requests) {
    const responses = await Promise.all(requests.map((r) => this.storage.world.net.fetch(r)));
    for (const r of responses) if (!r.ok) throw new TypeError("addAll: not ok");
    for (let i = 0; i < requests.length; i++) await this.put(requests[i], responses[i]);
  }

  bytes(path) { // test helper: the stored bytes for a key (first match), or undefined
    const e = this.entries.find((x) => matches(asRequest(path), x, { ignoreVary: true }));
    if (!e) return undefined;
    return e.stored.body instanceof Uint8Array ? e.stored.body : e.stored.body === null ? null : "(stream)";
  }
}

class FakeCacheStorage {
  constructor(world) { Object.assign(this, { world, map: new Map(), ops: 0, puts: 0 }); }
  async open(name) {
    if (!this.map.has(name)) this.map.set(name, new FakeCache(this, name));
    return this.map.get(name);
  }
  async keys() { return [...this.map.keys()]; }
  async delete(name) { return this.map.delete(name); }
  async has(name) { return this.map.has(name); }
  async match(request, options) {
    for (const cache of this.map.values()) {
      const r = await cache.match(request, options);
      if (r) return r;
    }
    return undefined;
  }
}

const TYPES = { html: "text/html", js: "text/javascript", wasm: "application/wasm", zip: "application/zip", bin: "application/octet-stream" };

class FakeNetwork {
  constructor(world) {
    Object.assign(this, { world, online: true, overrides: new Map(), log: [], inFlight: 0 });
  }

  // The host's bytes for a path (relative to the scope, query ignored), or null.
  served(url) {
    const { files, tables } = this.world;
    const rel = noSearch(url).slice(SCOPE.length);
    if (!url.startsWith(SCOPE)) return null;
    const name = rel === "" ? "index.html" : rel;
    if (files[name]) return files[name];
    const table = Object.keys(tables).find((t) => t.split("?")[0] === name);
    return table ? tables[table] : null;
  }

  async fetch(input, init = {}) {
    const request = asRequest(input, init);
    if (init.method) request.method = init.method.toUpperCase();
    const rel = noSearch(request.url).slice(SCOPE.length);
    this.log.push(`${request.method} ${rel}`);
    this.inFlight += 1;
    try {
      await sleep(1);
      const override = this.overrides.get(rel);
      if (override) {
        const r = await override(request);
        if (r) return r.url ? r : withMeta(r, { url: request.url, type: "basic" });
      }
      if (!this.online) throw new TypeError("Failed to fetch (offline)");
      const data = this.served(request.url);
      if (!data) return withMeta(new Response("not found", { status: 404 }), { url: request.url, type: "basic" });
      const type = TYPES[rel.split(".").pop()] || (rel === "" ? TYPES.html : "application/octet-stream");
      const m = /^bytes=(\d+)-(\d*)$/.exec(request.headers.get("range") || "");
      if (m) {
        const from = Number(m[1]);
        const to = m[2] ? Number(m[2]) + 1 : data.length;
        const part = data.slice(from, to);
        return withMeta(new Response(request.method === "HEAD" ? null : part, { status: 206, headers: { "Content-Type": type, "Content-Range": `bytes ${from}-${to - 1}/${data.length}` } }), { url: request.url, type: "basic" });
      }
      const body = request.method === "HEAD" ? null : data.slice();
      return withMeta(new Response(body, { status: 200, headers: { "Content-Type": type, "Content-Length": String(data.length) } }), { url: request.url, type: "basic" });
    } finally {
      this.inFlight -= 1;
    }
  }
}

export async function makeWorld({ chromium = false, navigateMs = 60, files = buildFiles(), tables = buildTables() } = {}) {
  const world = { files, tables, listeners: {}, unhandled: [] };
  world.caches = new FakeCacheStorage(world);
  world.net = new FakeNetwork(world);
  const self = {
    location: { href: SCOPE + "sw.js" },
    navigator: chromium ? { userAgentData: { brands: [] } } : {},
    addEventListener: (type, fn) => { world.listeners[type] = fn; },
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
  };
  // The worker's source as build.py writes it (NAVIGATE_MS shortened: the test's clock).
  let source = readFileSync(SOURCE, "utf8");
  if (!source.includes("const NAVIGATE_MS = 4000;")) throw new Error("harness: NAVIGATE_MS line moved");
  source = source.replace("const NAVIGATE_MS = 4000;", `const NAVIGATE_MS = ${navigateMs};`);
  const code = constants(files, tables) + withoutImports(source);
  // The SW's own fetch (to the network, not through itself) is counted separately.
  const swFetch = (input, init) => world.net.fetch(input, init);
  new Function("self", "caches", "fetch", "crypto", code)(self, world.caches, swFetch, webcrypto);
  world.expected = (path) => {
    const rel = noSearch(new URL(path, SCOPE).href).slice(SCOPE.length);
    return world.net.served(SCOPE + rel);
  };

  world.dispatch = async (type) => {
    const waits = [];
    world.listeners[type]({ waitUntil: (p) => waits.push(p), data: undefined });
    await Promise.all(waits);
  };
  world.install = () => world.dispatch("install");
  world.activate = () => world.dispatch("activate");

  // A fetch from a client, as the browser routes it: the SW's answer, or the network's.
  world.request = async (path, { method = "GET", mode = "cors", headers = { Accept: "*/*" } } = {}) => {
    const request = { url: new URL(path, SCOPE).href, method, mode, headers: new Headers(headers), cache: "default" };
    let answer = null;
    world.listeners.fetch({ request, respondWith: (p) => { answer = Promise.resolve(p); } });
    if (!answer) return world.net.fetch(request);
    try {
      const r = await answer;
      if (!(r instanceof Response)) throw new TypeError("respondWith: not a Response");
      // Fetch: a redirected response for a request whose redirect mode is not "follow" (a navigation's is "manual") is a network error.
      if (mode === "navigate" && r.redirected) throw new TypeError("a redirected response was used for a navigation");
      return r;
    } catch (error) {
      throw new TypeError(`network error (respondWith rejected: ${error.message})`);
    }
  };

  // Read a response to its end (as the page/worker: arrayBuffer) within `ms`, or 10 s at least: no
  // test wants a hang, so the window only has to tell a body that never ends from a slow one (a
  // machine under load hashed the 16 MB snapshot's pieces in over 400 ms, and a read was called a hang).
  world.read = async (path, response, ms = 0) => {
    const want = world.expected(path);
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(() => resolve("hang"), Math.max(ms, 10_000)); });
    const body = response.arrayBuffer().then((b) => new Uint8Array(b), (e) => ({ error: e }));
    const got = await Promise.race([body, late]).finally(() => clearTimeout(timer));
    if (got === "hang") return { kind: "hang", status: response.status };
    if (got.error) return { kind: "error", status: response.status, error: String(got.error.message || got.error) };
    const same = want && got.length === want.length && got.every((b, i) => b === want[i]);
    // A consumer checks `ok` first: other bytes in a response that is not ok are not used as the file.
    return { kind: same ? "good" : response.ok ? "bad-bytes" : "not-ok", status: response.status, ok: response.ok, length: got.length, headers: Object.fromEntries(response.headers) };
  };

  // GET and read; a network error is { kind: "network-error" }.
  world.get = async (path, init, ms) => {
    let response;
    try {
      response = await world.request(path, init);
    } catch (error) {
      return { kind: "network-error", error: error.message };
    }
    return world.read(path, response, ms);
  };

  // Wait for the SW's background work (refetch, puts) to end.
  world.settle = async (max = 3000) => {
    let quiet = 0;
    let ops = -1;
    for (let t = 0; t < max && quiet < 10; t += 10) { // (10 quiet looks: a loaded machine hashes slowly between two ops)
      await sleep(10);
      const now = world.caches.ops + world.caches.puts + world.net.log.length;
      quiet = world.net.inFlight === 0 && now === ops ? quiet + 1 : 0;
      ops = now;
    }
  };
  world.build = await world.caches.open("npuzzle-abc");
  world.tableCache = await world.caches.open("npuzzle-tables");
  world.fetched = (rel) => world.net.log.filter((l) => l.endsWith(" " + rel)).length;
  return world;
}

// A ready world: installed, activated, both tables stored (as the solver's worker stores them:
// synthetic responses, url "").
export async function readyWorld(options) {
  const world = await makeWorld(options);
  await world.install();
  await world.activate();
  for (const [name, data] of Object.entries(world.tables)) {
    await world.tableCache.put(SCOPE + name, new Response(data, { headers: { "Content-Type": "application/octet-stream" } }));
  }
  world.net.log.length = 0;
  return world;
}

export const flip = (data, at) => { const d = data.slice(); d[at] ^= 0xff; return d; };
export const concat = (...parts) => { const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0)); let at = 0; for (const p of parts) { out.set(p, at); at += p.length; } return out; };
export { bytesOf };
