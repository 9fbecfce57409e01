// Attacks on the service worker's integrity check (web/solver/service-worker.js, run in the fake
// scope of sw-harness.mjs), from a red team that had not read it: cached copies planted by any
// script of the site's origin (bytes, status, headers, URL, Vary, bodies that fail) and network
// copies that are not the build's. Each test states the property it checks. Run:
// node --test tests/js/service-worker.test.mjs
//   PIECE = 8; the fake build: py/snapshot-bbb.bin 27 bytes (3 pieces + 3), py/exact-ccc.zip 24
//   (3 pieces), pyodide/1/pyodide.asm.wasm 20, tables/t1.bin?v=111 30, t2 9, py/small-aaa.zip 8
//   (whole), scripts and the page (whole).
import test from "node:test";
import assert from "node:assert/strict";
import { readyWorld, withMeta, streamOf, flip, concat, bytesOf, SCOPE, sleep } from "./sw-harness.mjs";

const unhandled = [];
process.on("unhandledRejection", (e) => unhandled.push(String(e && e.message || e)));

const SNAP = "py/snapshot-bbb.bin";
const EXACT = "py/exact-ccc.zip";
const WASM = "pyodide/1/pyodide.asm.wasm";
const T1 = "tables/t1.bin?v=111";
const MAIN = "web-abc/app/main.js";
const OTHER = "web-abc/app/other.js";
const SMALL = "py/small-aaa.zip";

// A consumer's read is safe if it got the build's bytes or failed; never other bytes, never a hang.
const SAFE = ["good", "error", "network-error", "not-ok"];
function safe(result, what) {
  assert.ok(SAFE.includes(result.kind), `${what}: ${JSON.stringify(result)}`);
}
function good(result, what) {
  assert.equal(result.kind, "good", `${what}: ${JSON.stringify(result)}`);
  assert.equal(result.status, 200, `${what}: status ${result.status}`);
}
// A response as a script of the origin would store it.
const synthetic = (body, init) => new Response(body, init);
// A response as fetch() gives it (url and type "basic" kept by the cache).
const fetched = async (world, path, init) => world.net.fetch(SCOPE + path, init);

async function poisonThenCheck(world, path, bytes, { cache = world.build } = {}) {
  await cache.put(SCOPE + path, synthetic(bytes));
  const first = await world.get(path);
  await world.settle();
  world.net.online = false;
  const later = await world.get(path);
  return { first, later, stored: cache.bytes(SCOPE + path) };
}

// ---------------------------------------------------------------- pieces: the stored copy
for (const [name, change] of [
  ["a byte flipped in the first piece", (d) => flip(d, 0)],
  ["a byte flipped in a middle piece", (d) => flip(d, 12)],
  ["a byte flipped in the last (short) piece", (d) => flip(d, 26)],
  ["truncated mid-piece", (d) => d.slice(0, 13)],
  ["truncated at a piece boundary", (d) => d.slice(0, 16)],
  ["truncated to nothing", () => new Uint8Array(0)],
  ["extended by a byte", (d) => concat(d, [0])],
  ["extended by a whole piece and more", (d) => concat(d, new Uint8Array(11))],
  ["two pieces swapped", (d) => concat(d.slice(8, 16), d.slice(0, 8), d.slice(16))],
]) {
  test(`pieces: stored snapshot ${name}: consumer gets the build's bytes, cache repaired`, async () => {
    const world = await readyWorld();
    const { first, later, stored } = await poisonThenCheck(world, SNAP, change(world.files[SNAP]));
    good(first, "first read");
    good(later, "offline read after repair");
    assert.deepEqual(stored, world.files[SNAP]);
  });
}

test("pieces: exact-multiple file extended (extra bytes after a full last piece)", async () => {
  const world = await readyWorld();
  const { first, later } = await poisonThenCheck(world, EXACT, concat(world.files[EXACT], [1, 2, 3]));
  good(first, "first");
  good(later, "later");
});

test("pieces: stored copy in 1-byte chunks (piece boundaries across chunks) is served", async () => {
  const world = await readyWorld();
  const data = world.files[SNAP];
  world.build.rawPut(SCOPE + SNAP, { body: () => streamOf([...data].map((b) => Uint8Array.of(b))) });
  good(await world.get(SNAP), "1-byte chunks");
  assert.equal(world.fetched(SNAP), 0, "no network needed");
});

// ---------------------------------------------------------------- pieces: the network copy also bad
for (const [name, netBytes, storedChange] of [
  ["stored piece 0 bad, network piece 0 bad", (d) => flip(d, 1), (d) => flip(d, 0)],
  ["stored piece 1 bad, network piece 1 bad", (d) => flip(d, 9), (d) => flip(d, 9)],
  ["stored piece 1 bad, network piece 2 bad", (d) => flip(d, 20), (d) => flip(d, 9)],
  ["stored piece 2 bad, network shorter than the skip", (d) => d.slice(0, 10), (d) => flip(d, 20)],
  ["stored piece 2 bad, network exactly the skip", (d) => d.slice(0, 16), (d) => flip(d, 20)],
  ["stored extended, network extended by 10 (past the skip's overshoot)", (d) => concat(d, new Uint8Array(10)), (d) => concat(d, [9])],
  ["stored truncated, network truncated", (d) => d.slice(0, 20), (d) => d.slice(0, 20)],
]) {
  test(`pieces, network bad: ${name}: the body errors, never other bytes`, async () => {
    const world = await readyWorld();
    world.net.overrides.set(SNAP, async () => new Response(netBytes(world.files[SNAP])));
    await world.build.put(SCOPE + SNAP, synthetic(storedChange(world.files[SNAP])));
    const r = await world.get(SNAP);
    assert.equal(r.kind, "error", JSON.stringify(r));
    await world.settle();
    assert.equal(world.build.bytes(SCOPE + SNAP), undefined, "the bad network copy was not stored");
  });
}

test("pieces, extended stored copy of an exact-multiple file, network extended too: safe (the skip is the file's length)", async () => {
  const world = await readyWorld();
  world.net.overrides.set(EXACT, async () => new Response(concat(world.files[EXACT], [7, 7, 7])));
  await world.build.put(SCOPE + EXACT, synthetic(concat(world.files[EXACT], [9])));
  safe(await world.get(EXACT), "served");
});

test("pieces, a short last piece with extra bytes: the extra joins the last piece (mismatch at that piece, not past the end)", async () => {
  const world = await readyWorld();
  world.net.overrides.set(SNAP, async () => new Response(concat(world.files[SNAP], [7, 7, 7])));
  await world.build.put(SCOPE + SNAP, synthetic(concat(world.files[SNAP], [9])));
  safe(await world.get(SNAP), "served");
});

for (const [name, answer] of [
  ["404", () => new Response("gone", { status: 404 })],
  ["offline", () => { throw new TypeError("offline"); }],
  ["a body that errors", (w) => new Response(streamOf([w.files[SNAP].slice(0, 12)], { error: new Error("reset") }))],
  ["206 with the right bytes from 0", (w) => new Response(w.files[SNAP], { status: 206 })],
]) {
  test(`pieces, network ${name} after a bad stored piece: safe`, async () => {
    const world = await readyWorld();
    world.net.overrides.set(SNAP, async () => answer(world));
    await world.build.put(SCOPE + SNAP, synthetic(flip(world.files[SNAP], 12)));
    safe(await world.get(SNAP), name);
  });
}

// ---------------------------------------------------------------- bodies that error or never end
// (cache.put reads the whole body before storing, so these need a corrupt / evicted disk entry)
test("stored piece-file body errors midway: consumer safe, and the next request recovers (online)", async () => {
  const world = await readyWorld();
  const d = world.files[SNAP];
  world.build.rawPut(SCOPE + SNAP, { body: () => streamOf([d.slice(0, 12)], { error: new Error("disk read failed") }) });
  safe(await world.get(SNAP), "first");
  await world.settle();
  good(await world.get(SNAP), "second request, online");
});

test("stored small-file body errors: consumer safe, and the next request recovers (online)", async () => {
  const world = await readyWorld();
  world.build.rawPut(SCOPE + MAIN, { body: () => streamOf([bytesOf("cons")], { error: new Error("disk read failed") }), headers: { "Content-Type": "text/javascript" } });
  safe(await world.get(MAIN), "first");
  await world.settle();
  good(await world.get(MAIN), "second request, online");
});

// ---------------------------------------------------------------- status and headers of a stored copy
test("stored copy: build's bytes with status 404 (whole-checked script) -> consumer gets a good 200", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + MAIN, synthetic(world.files[MAIN], { status: 404, headers: { "Content-Type": "text/javascript" } }));
  const r = await world.get(MAIN);
  await world.settle();
  const again = await world.get(MAIN);
  good(r, "first read");
  good(again, "second read (online)");
});

test("stored copy: build's bytes with status 500 for a piece file (the package zip) -> good 200", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + SNAP, synthetic(world.files[SNAP], { status: 500 }));
  good(await world.get(SNAP), "status 500 copy");
});

test("stored copy: build's bytes, status 200, attacker's headers -> served with the build's headers", async () => {
  const world = await readyWorld();
  const evil = { "Content-Type": "text/plain", Refresh: "0; url=https://evil.example/", "Content-Disposition": "attachment", "X-Planted": "1" };
  await world.build.put(SCOPE + MAIN, synthetic(world.files[MAIN], { headers: evil }));
  await world.build.put(SCOPE + SNAP, synthetic(world.files[SNAP], { headers: evil }));
  for (const path of [MAIN, SNAP]) {
    const r = await world.get(path);
    assert.equal(r.kind, "good");
    assert.equal(r.headers["x-planted"], undefined, `${path} served with the planted headers: ${JSON.stringify(r.headers)}`);
  }
});

test("page offline: the cached page with the build's bytes and a planted Refresh header", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE, synthetic(world.files["./"], { headers: { "Content-Type": "text/html", Refresh: "0; url=https://evil.example/" } }));
  world.net.online = false;
  const r = await world.get("./", { mode: "navigate", headers: { Accept: "text/html" } });
  assert.equal(r.kind, "good");
  assert.equal(r.headers.refresh, undefined, `the offline page is served with ${JSON.stringify(r.headers)}`);
});

test("page offline: the cached page is the build's bytes fetched through a redirect (e.g. /app -> /app/): navigation still works", async () => {
  const world = await readyWorld();
  const viaRedirect = withMeta(new Response(world.files["./"], { headers: { "Content-Type": "text/html" } }), { url: SCOPE, type: "basic", redirected: true });
  await world.build.put(SCOPE, viaRedirect);
  world.net.online = false;
  const r = await world.get("./", { mode: "navigate" });
  assert.equal(r.kind, "good", `offline navigation: ${JSON.stringify(r)}`);
});

test("rawPut 206 with the build's bytes (cache.put refuses 206; a corrupt entry)", async () => {
  const world = await readyWorld();
  world.build.rawPut(SCOPE + SNAP, { status: 206, body: world.files[SNAP] });
  const r = await world.get(SNAP);
  good(r, "206 copy");
});

// ---------------------------------------------------------------- HEAD
test("HEAD: poisoned (wrong bytes, 200) runtime: HEAD ok, then GET gets the build's bytes", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + WASM, synthetic(bytesOf("not wasm")));
  const head = await world.request(WASM, { method: "HEAD" });
  assert.equal(head.status, 200);
  good(await world.get(WASM), "GET after HEAD");
});

test("HEAD: a stored 404 for the runtime (HEAD is the worker's go/no-go before any GET) is not answered 404 while the network has it", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + WASM, synthetic("nope", { status: 404 }));
  const head = await world.request(WASM, { method: "HEAD" });
  await world.settle();
  const head2 = await world.request(WASM, { method: "HEAD" });
  assert.equal(head.status, 200, `HEAD answered ${head.status} from the planted entry (network has the file); again: ${head2.status}`);
});

test("HEAD: a stored opaque response (status 0) for the runtime does not make HEAD a network error", async () => {
  const world = await readyWorld();
  world.build.rawPut(SCOPE + WASM, { status: 0, type: "opaque", body: null });
  let head;
  try {
    head = await world.request(WASM, { method: "HEAD" });
  } catch (error) {
    assert.fail(`HEAD is a network error (${error.message}) though the network has the file`);
  }
  assert.equal(head.status, 200);
});

test("GET: a stored opaque response (cache.put accepts one from a no-cors fetch) is not served", async () => {
  const world = await readyWorld();
  world.build.rawPut(SCOPE + WASM, { status: 0, type: "opaque", body: null });
  good(await world.get(WASM), "opaque");
});

// ---------------------------------------------------------------- which file: keys, urls, queries, Vary
test("substitution: the snapshot's key holding the fetched table (its url the table's) -> snapshot request gets table bytes?", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + SNAP, await fetched(world, T1));
  const r = await world.get(SNAP);
  await world.settle();
  const again = await world.get(SNAP);
  assert.equal(r.kind, "good", `a request for ${SNAP} got ${JSON.stringify(r)}; again: ${again.kind}`);
});

test("substitution: main.js's key holding the fetched other.js -> the page's entry script is another build module?", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + MAIN, await fetched(world, OTHER));
  const r = await world.get(MAIN);
  assert.equal(r.kind, "good", `main.js request answered with other.js (200): ${JSON.stringify(r)}`);
});

test("substitution: the page's key holding the fetched main.js, offline navigation", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE, await fetched(world, MAIN));
  world.net.online = false;
  const r = await world.get("./", { mode: "navigate" });
  safe(r, "offline page");
});

test("substitution: the table cache's key holding the fetched snapshot", async () => {
  const world = await readyWorld();
  await world.tableCache.put(SCOPE + T1, await fetched(world, SNAP));
  safe(await world.get(T1), "table");
});

// A module script's base URL (import.meta.url, its relative imports) is its response's URL; a
// worker's top-level script must be same-origin, its imports need only CORS (and the solver's
// worker has no CSP). So the build's exact bytes with a foreign URL are not harmless.
for (const [name, url, type] of [
  ["a CORS response from another origin", "https://evil.example/x/main.js", "cors"],
  ["a same-origin response from another path (another repo on the same github.io origin)", "https://site.test/other-repo/main.js", "basic"],
]) {
  test(`response URL: the build's exact bytes of main.js as ${name}: not served with that URL`, async () => {
    const world = await readyWorld();
    const foreign = withMeta(new Response(world.files[MAIN], { headers: { "Content-Type": "text/javascript" } }), { url, type });
    await world.build.put(SCOPE + MAIN, foreign);
    const response = await world.request(MAIN);
    assert.ok(response.url === "" || response.url === SCOPE + MAIN, `served with url ${response.url} (type ${response.type}): relative imports would load from there`);
  });
}

test("a URL the build does not name, its key holding a fetched build file: not served from the cache", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + "web-abc/app/not-in-build.js", await fetched(world, MAIN));
  const r = await world.get("web-abc/app/not-in-build.js");
  assert.equal(r.status, 404, `an unnamed URL was answered from the cache with a build file: ${JSON.stringify(r)}`);
});

test("a URL the build does not name, a synthetic stored copy: not served", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + "web-abc/evil.js", synthetic("alert(1)"));
  const r = await world.get("web-abc/evil.js");
  assert.equal(r.status, 404, JSON.stringify(r));
});

test("a HEAD fetch's response (url in the build, no body) stored under another file's key: not a lasting poison", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + MAIN, await fetched(world, OTHER, { method: "HEAD" }));
  const first = await world.get(MAIN);
  await world.settle();
  good(first, "first (network)");
  const log = world.net.log.slice();
  world.net.online = false;
  const offline = await world.get(MAIN);
  assert.equal(offline.kind, "good", `after the first request, main.js is still not served from the cache offline (${offline.kind}); ` +
    `the drop deleted/refetched other.js instead: ${JSON.stringify(log)}; main.js entry still planted: ${world.build.bytes(SCOPE + MAIN) === null}`);
});

test("query: a poisoned copy under snapshot?v=x does not affect the snapshot; a request with ?v=x is checked", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + SNAP + "?v=x", synthetic(bytesOf("evil")));
  good(await world.get(SNAP), "plain");
  const q = await world.get(SNAP + "?v=x");
  safe(q, "?v=x");
  assert.notEqual(q.length, 4);
});

test("query: table stored under another ?v= is dropped on activate and never served for the named one", async () => {
  const world = await readyWorld();
  await world.tableCache.put(SCOPE + "tables/t1.bin?v=999", synthetic(bytesOf("evil")));
  good(await world.get(T1), "named table");
  await world.activate();
  assert.equal(world.tableCache.bytes(SCOPE + "tables/t1.bin?v=999"), undefined);
});

test("Vary: Accept with the consumer's Accept (*/*): the poisoned entry does not outlive its drop", async () => {
  const world = await readyWorld();
  const key = new Request(SCOPE + SNAP, { headers: { Accept: "*/*" } });
  await world.build.put(key, synthetic(flip(world.files[SNAP], 3), { headers: { Vary: "Accept" } }));
  good(await world.get(SNAP), "first");
  await world.settle();
  const entries = world.build.entries.filter((e) => e.request.url === SCOPE + SNAP).length;
  world.net.log.length = 0;
  world.net.online = false;
  const offline = await world.get(SNAP);
  assert.equal(offline.kind, "good", `offline after the drop and refetch: ${JSON.stringify(offline)}; entries for the snapshot: ${entries}`);
});

test("Vary: Accept (whole-checked script): the poisoned entry does not outlive its drop", async () => {
  const world = await readyWorld();
  const key = new Request(SCOPE + MAIN, { headers: { Accept: "*/*" } });
  await world.build.put(key, synthetic("evil()", { headers: { Vary: "Accept" } }));
  good(await world.get(MAIN), "first");
  await world.settle();
  world.net.online = false;
  const offline = await world.get(MAIN);
  assert.equal(offline.kind, "good", `offline: ${JSON.stringify(offline)}`);
});

test("Vary: * cannot be stored by put (spec)", async () => {
  const world = await readyWorld();
  await assert.rejects(world.build.put(SCOPE + SNAP, synthetic("x", { headers: { Vary: "*" } })));
});

test("synthetic (url \"\") copy with the build's bytes is served (the solver's worker stores tables so); with other bytes it is not", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + SMALL, synthetic(world.files[SMALL]));
  good(await world.get(SMALL), "synthetic good");
  await world.build.put(SCOPE + SMALL, synthetic(bytesOf("PK-evil!")));
  good(await world.get(SMALL), "synthetic bad -> network");
});

// ---------------------------------------------------------------- the network copy on the whole-checked path
test("whole path: poisoned script dropped, network copy bad -> served unchecked?", async () => {
  const world = await readyWorld();
  world.net.overrides.set(MAIN, async () => new Response("evil from a bad network/CDN copy"));
  await world.build.put(SCOPE + MAIN, synthetic("evil()"));
  const r = await world.get(MAIN);
  safe(r, "script with a bad network copy");
});

test("pieces file stored non-ok (so checked whole), network copy bad -> served unchecked?", async () => {
  const world = await readyWorld();
  world.net.overrides.set(SNAP, async () => new Response(flip(world.files[SNAP], 20)));
  await world.build.put(SCOPE + SNAP, synthetic("x", { status: 404 }));
  const r = await world.get(SNAP);
  safe(r, "snapshot, non-ok stored copy, bad network");
});

// ---------------------------------------------------------------- concurrency
test("concurrent: three readers of a snapshot with a bad middle piece all get the build's bytes", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + SNAP, synthetic(flip(world.files[SNAP], 12)));
  const rs = await Promise.all([world.get(SNAP), world.get(SNAP), world.get(SNAP)]);
  rs.forEach((r, i) => good(r, `reader ${i}`));
  await world.settle();
  world.net.online = false;
  good(await world.get(SNAP), "offline afterwards");
  console.log(`# concurrent: network fetches of the snapshot for 3 readers: ${world.net.log.filter((l) => l.includes(SNAP)).length}`);
});

test("concurrent: reader arriving while the drop/refetch is under way, network slow", async () => {
  const world = await readyWorld();
  const real = world.files[SNAP];
  world.net.overrides.set(SNAP, async () => { await sleep(50); return new Response(real); });
  await world.build.put(SCOPE + SNAP, synthetic(flip(real, 20)));
  const a = world.get(SNAP, undefined, 1000);
  await sleep(15);
  const b = world.get(SNAP, undefined, 1000);
  await sleep(15);
  await world.build.put(SCOPE + SNAP, synthetic(flip(real, 0))); // re-poisoned meanwhile
  const c = world.get(SNAP, undefined, 1000);
  for (const [i, r] of (await Promise.all([a, b, c])).entries()) good(r, `reader ${i}`);
  await world.settle();
  world.net.online = false;
  good(await world.get(SNAP, undefined, 1000), "offline afterwards");
});

test("concurrent: the attacker re-poisons between a refetch's check and later reads: each read is checked again", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + MAIN, synthetic("evil()"));
  good(await world.get(MAIN), "1");
  await world.settle();
  await world.build.put(SCOPE + MAIN, synthetic("evil2()"));
  good(await world.get(MAIN), "2");
});

test("cost: one bad piece downloads the file at most twice (the rest of the stream, and the copy stored again)", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE + SNAP, synthetic(flip(world.files[SNAP], 20)));
  good(await world.get(SNAP), "read");
  await world.settle();
  const n = world.fetched(SNAP);
  assert.ok(n <= 2, `network GETs of the snapshot for one bad piece: ${n} (${world.net.log})`);
});

// ---------------------------------------------------------------- range, page, chromium
test("range: a GET with Range for a cached file gets the whole checked file (200), never a bad part", async () => {
  const world = await readyWorld();
  const r = await world.get(SNAP, { headers: { Range: "bytes=8-15" } });
  good(r, "range");
  await world.build.put(SCOPE + SNAP, synthetic(flip(world.files[SNAP], 9)));
  safe(await world.get(SNAP, { headers: { Range: "bytes=8-15" } }), "range on a poisoned copy");
});

test("page: poisoned cached page while offline -> navigation fails, nothing planted served", async () => {
  const world = await readyWorld();
  await world.build.put(SCOPE, synthetic("<script>planted()</script>", { headers: { "Content-Type": "text/html" } }));
  world.net.online = false;
  const r = await world.get("./", { mode: "navigate" });
  safe(r, "offline page");
  const r2 = await world.get("index.html?x=1", { mode: "navigate" });
  safe(r2, "offline index.html?x=1");
});

test("page: poisoned cached page, network slower than NAVIGATE_MS -> the network's page", async () => {
  const world = await readyWorld({ navigateMs: 20 });
  world.net.overrides.set("", async () => { await sleep(80); return null; });
  await world.build.put(SCOPE, synthetic("<script>planted()</script>"));
  good(await world.get("./", { mode: "navigate" }, 500), "slow network page");
});

test("page: poisoned cached page, network answers 500 -> the 500, not the planted page", async () => {
  const world = await readyWorld();
  world.net.overrides.set("", async () => new Response("server error", { status: 500 }));
  await world.build.put(SCOPE, synthetic("<script>planted()</script>"));
  const r = await world.get("./", { mode: "navigate" });
  assert.notEqual(r.kind, "good");
  assert.equal(r.status, 500);
});

test("page: the cached page's key holding index.html fetched after a new deploy (url in the build, other bytes): the planted entry is the one dropped", async () => {
  const world = await readyWorld();
  world.net.overrides.set("index.html", async () => new Response("<!doctype html>the NEXT deploy"));
  await world.build.put(SCOPE, await fetched(world, "index.html"));
  world.net.overrides.delete("index.html");
  // the navigation's network answer fails (500), so the stored page is looked at; the SW's own refetch gets the page
  world.net.overrides.set("", async (request) => ((request.headers.get("accept") || "").includes("text/html") ? new Response("down", { status: 500 }) : null));
  const r = await world.get("./", { mode: "navigate", headers: { Accept: "text/html" } });
  assert.notEqual(r.kind, "bad-bytes");
  await world.settle();
  const stored = world.build.bytes(SCOPE);
  assert.deepEqual(stored, world.files["./"], `"./" after the drop: ${stored && new TextDecoder().decode(stored)}; network log ${JSON.stringify(world.net.log)}`);
});

test("chromium: the runtime's wasm checked whole: flipped and extended copies safe and repaired", async () => {
  for (const change of [(d) => flip(d, 10), (d) => concat(d, [1])]) {
    const world = await readyWorld({ chromium: true });
    const { first, later } = await poisonThenCheck(world, WASM, change(world.files[WASM]));
    good(first, "first");
    good(later, "later");
  }
});

test("chromium: wasm substitution (its key holding the fetched snapshot)", async () => {
  const world = await readyWorld({ chromium: true });
  await world.build.put(SCOPE + WASM, await fetched(world, SNAP));
  const r = await world.get(WASM);
  assert.equal(r.kind, "good", JSON.stringify(r));
});

test("no unhandled rejections in all the above", async () => {
  await sleep(50);
  assert.deepEqual(unhandled, []);
});
