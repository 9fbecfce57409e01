// The solver's worker: loads Pyodide and the npuzzle package from the site, then answers the
// page's requests (worker-core.js: the messages in and out). It never runs a person's code:
// that runs in a sandboxed worker of its own (custom/sandbox-worker.js).
import { PACKAGE_ARCHIVE, PYODIDE_URL, RUNTIME_FILES, SNAPSHOT, SNAPSHOT_MAGIC, STDLIB_ARCHIVE, TABLE_CACHE, TABLE_FILES } from "../build-info.js";
// Class static blocks, which the runtime's script uses: a browser that cannot parse them stops
// here, before fetching anything of the runtime (the page's browser-support.js says why).
import "./syntax-probe.js";
import { whole } from "./snapshot.js";
import { unzip, writeFiles } from "./unzip.js";
import { failFast, reason, serve, within } from "./worker-core.js";

// The build's web folder (web-<hash>/), where build-info.js (the build's constants) is: its paths
// are relative to it.
const WEB = new URL("../", import.meta.url);
const START_TIMEOUT_MS = 120_000;
// loadPyodide never settles when its WebAssembly file is missing: if Python has not started by
// then, the file is asked for once (a HEAD), to say so. (Asked at every start, the HEAD was a
// second request for the file, and browsers log it as aborted.)
const MISSING_CHECK_MS = 15_000;
let pyodide = null; // the runtime, once loaded (module scope: tests/test_page_recovery.py's script reaches it)

// Python's memory once started with the package imported (build.py's snapshot, made whole again);
// null if the build has none (Python then starts as usual, as it does if this fails).
async function snapshot() {
  if (!SNAPSHOT) return null;
  const response = await fetch(new URL(SNAPSHOT, WEB));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return whole(new Uint8Array(await response.arrayBuffer()), SNAPSHOT_MAGIC);
}

// A watch on a start that does not settle: after MISSING_CHECK_MS, the runtime's WebAssembly file
// is asked for once; `found` rejects if it is missing or cannot be fetched, and never settles
// otherwise (nor once `stop()` was called: Python started).
function missingRuntime(runtime) {
  let timer = null;
  const found = new Promise((_, reject) => {
    timer = setTimeout(async () => {
      const head = await fetch(new URL(RUNTIME_FILES.wasm, runtime), { method: "HEAD" }).catch(() => null);
      if (!head) reject(new Error("the Python runtime could not be fetched (no network, and this site is not yet stored for offline use)"));
      else if (!head.ok) reject(new Error(`the Python runtime is missing from the site (HTTP ${head.status} for ${RUNTIME_FILES.wasm})`));
    }, MISSING_CHECK_MS);
  });
  found.catch(() => {});
  return { found, stop: () => clearTimeout(timer) };
}

// The package's files (unzip.js), read as soon as its zip has come; rejects with words a person
// can act on.
async function packageFiles() {
  const response = await fetch(new URL(PACKAGE_ARCHIVE, WEB)).catch(() => null);
  if (!response) throw new Error("could not fetch the npuzzle package (no network, and this site is not yet stored for offline use)");
  if (!response.ok) throw new Error(`could not fetch the npuzzle package (HTTP ${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  try {
    return await unzip(bytes);
  } catch (error) {
    throw new Error(`the npuzzle package could not be read: ${reason(error)}`);
  }
}

// The runtime's WebAssembly, fetched and compiled from the worker's first moment, beside the
// snapshot, the loader and the package (Pyodide's loader would fetch it only once loadPyodide is
// called, and compile it only once the snapshot is there: the two one after the other). Until a
// start has used it, Pyodide's own fetch of `url` is handed this same fetch (its body is the
// compiler's; Pyodide only passes it on) and its instantiateStreaming the module compiled here; a
// compile that failed fails that start as an instantiation would (failFast sees it), and a later
// start (the fallback) fetches and compiles anew, as Pyodide does. In Chromium the compiled code
// is kept beside the service worker's response all the same (a streamed compile, keyed by URL).
function compileEarly(url) {
  const nativeFetch = self.fetch;
  const nativeStreaming = WebAssembly.instantiateStreaming;
  const fetching = nativeFetch.call(self, url);
  const compiling = WebAssembly.compileStreaming(fetching);
  compiling.catch(() => {}); // a failure: the start's to report
  let used = false;
  self.fetch = function fetch(input, init) {
    const plainGet = !init || !init.method || init.method.toUpperCase() === "GET";
    if (!used && plainGet && String(input) === url.href) return fetching;
    return nativeFetch.call(this, input, init);
  };
  WebAssembly.instantiateStreaming = function instantiateStreaming(source, imports) {
    if (used) return nativeStreaming.call(this, source, imports);
    used = true;
    self.fetch = nativeFetch;
    return compiling.then(async (module) => ({ module, instance: await WebAssembly.instantiate(module, imports) }));
  };
}

// Each step of loading says what failed in words a person can act on.
async function load(report, startup) {
  report("Loading Python");
  compileEarly(new URL(RUNTIME_FILES.wasm, new URL(PYODIDE_URL, WEB)));
  // The package and the snapshot are fetched (and the package's files read) while the runtime loads.
  const unpacking = packageFiles();
  unpacking.catch(() => {}); // a failure is reported below, once Python has started
  const fetchingSnapshot = snapshot();
  fetchingSnapshot.catch(() => {}); // a missing or broken snapshot: Python starts as usual
  const runtime = new URL(PYODIDE_URL, WEB);
  const importing = import(new URL(RUNTIME_FILES.loader, runtime).href);
  importing.catch(() => {}); // a failure is reported below
  // The runtime's own script, which loadPyodide imports once it has started: imported now, beside
  // the loader (the browser's module map hands loadPyodide this same import), not after it.
  import(new URL(RUNTIME_FILES.script, runtime).href).catch(() => {}); // a failure: loadPyodide's to report
  let loadPyodide;
  try {
    ({ loadPyodide } = await importing);
  } catch (error) {
    throw new Error(`the Python runtime's script ${RUNTIME_FILES.loader} could not be loaded (${await whyNotScript(new URL(RUNTIME_FILES.loader, runtime), error)})`);
  }
  // The standard library build.py precompiled with this same Pyodide (Python reads its bytecode
  // instead of compiling every module it imports at start).
  const options = { indexURL: runtime.href, stdLibURL: new URL(STDLIB_ARCHIVE, WEB).href };
  const missing = missingRuntime(runtime);
  const start = (more) => within(Promise.race([failFast(() => loadPyodide({ ...options, ...more })), missing.found]), START_TIMEOUT_MS,
    "the Python runtime did not start within two minutes");
  // Restored from the snapshot, Python is started and the package imported already; if that
  // fails (no snapshot, another runtime's, corrupt, too big), Python starts as usual.
  // loadPyodide is handed the snapshot still coming (it waits for it only before instantiating
  // the runtime): the standard library and the lock file are fetched meanwhile; a snapshot that
  // cannot be had fails this start as one that cannot be restored does.
  try {
    if (SNAPSHOT) {
      pyodide = await start({ _loadSnapshot: fetchingSnapshot });
      startup.snapshot = "restored";
    }
  } catch (error) {
    startup.snapshot = `not used: ${reason(error)}`;
  }
  if (!pyodide) {
    try {
      pyodide = await start({});
    } catch (error) {
      throw new Error(`the Python runtime did not start (${reason(error)})`);
    }
  }
  // Pyodide only logs a standard library it could not fetch, and a restored Python starts without
  // it: a module imported later would be missing. Say so now.
  if (!pyodide.FS.readdir("/lib").some((name) => /^python\d+\.zip$/.test(name))) {
    throw new Error("the Python runtime did not start (its standard library could not be fetched)");
  }
  missing.stop();
  startup.runtime = performance.now();
  report("Loading the solver");
  // Its files written where unpackArchive would put them (the working folder, on sys.path).
  writeFiles(pyodide.FS, await unpacking, pyodide.FS.cwd());
  // A snapshot holds the build's randomness: this visitor's Python draws its own.
  if (startup.snapshot === "restored") pyodide.runPython("import random; random.seed()");
  return pyodide;
}

// Why a module script failed to load, in words (the browser's error only says it failed).
async function whyNotScript(url, error) {
  const response = await fetch(url, { method: "HEAD" }).catch(() => null);
  if (!response) return "it could not be fetched";
  if (!response.ok) return `HTTP ${response.status}`;
  const type = (response.headers.get("Content-Type") || "no type").split(";")[0];
  if (!/javascript/i.test(type)) return `it was served as ${type}; a script must be served as text/javascript`;
  return reason(error);
}

// A table file from the site, counting the bytes as they come; kept for offline use.
async function table(name, entry) {
  const path = TABLE_FILES[name];
  if (!path) throw new Error(`the site has no table file ${name}`);
  const url = new URL(path, WEB);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch ${name} (HTTP ${response.status})`);
  entry.total = Number(response.headers.get("Content-Length")) || 0;
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    entry.received += value.length;
  }
  const data = new Uint8Array(entry.received);
  let at = 0;
  for (const chunk of chunks) {
    data.set(chunk, at);
    at += chunk.length;
  }
  keepForOffline(url, data);
  return data;
}

// Keep a fetched table in the cache the service worker serves tables from (service-worker.js),
// so a later visit without a network still has it. The first visit's worker is not served by the
// service worker (it starts before the service worker does), so the worker stores what it fetched.

async function keepForOffline(url, data) {
  if (!self.caches) return; // not a secure context: no offline use
  try {
    const cache = await caches.open(TABLE_CACHE);
    if (await cache.match(url)) return;
    await cache.put(url, new Response(data, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    // storage full or refused: the table is fetched again next time
  }
}

const receive = serve({ load, table, post: (message) => postMessage(message) });
onmessage = (event) => receive(event.data);
