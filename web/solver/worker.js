// The solver worker: loads Pyodide and the npuzzle package, then answers
// requests by calling npuzzle.webapi.handle (JSON text in, JSON text out).
//
// Messages in:  {id, op, ...request}      any op of npuzzle.webapi
//               {id, op: "abort", target} cancel the running request `target`
// Messages out: {type: "loading", stage}  while starting
//               {type: "ready", info, startup}  once (info: webapi "info" answer; startup:
//                                          when each step of loading ended, ms of this worker's
//                                          clock, and its timeOrigin, for benchmarks)
//               {type: "fatal", message}  if loading failed, or Python broke (the
//                                          worker cannot be used again: replace it)
//               {type: "refused", message} a message without an id (ignored)
//               {id, type: "progress", progress, solution?, trace_delta?}  (solution: a
//                                          better solution an anytime search just found;
//                                          trace_delta: what its trace gained, if asked)
//               {id, type: "answer", answer, memory?}   the final webapi answer
//   (memory, on "ready", "answer" and a progress message a second: the bytes of Pyodide's WebAssembly memory then, when the
//   runtime tells: its whole heap, Python's objects, the tables, a search's state; it grows and
//   never shrinks)
//
// A search runs in slices of about 30 ms; between slices the worker yields
// to its event loop through a MessageChannel round trip (not setTimeout,
// whose clamp slows chunked work), so an abort message is seen within a slice.
import { PACKAGE_ARCHIVE, PYODIDE_URL, STDLIB_ARCHIVE, TABLE_FILES } from "../build-info.js";
// Class static blocks, which the runtime's script uses: a browser that cannot parse them stops
// here, before fetching anything of the runtime (the page's browser-support.js says why).
import "./syntax-probe.js";
import * as protocol from "./protocol.js";

// The build's web folder (web-<hash>/), where build-info.js is: its paths are relative to it.
const WEB = new URL("../", import.meta.url);

// The network, kept for this script's own fetches (the runtime, the package, the tables). In the
// worker that runs a person's code (named "code" by the page) the worker's global network APIs
// are removed once Python is loaded, so that the code (through Python's `js` module, which is
// this global scope) cannot reach the network: the page's CSP does not reach a worker loaded
// from a URL, so this is its connect-src.
const netFetch = globalThis.fetch.bind(globalThis);
const NETWORK = ["fetch", "XMLHttpRequest", "WebSocket", "EventSource", "WebTransport", "importScripts", "Worker", "SharedWorker", "BroadcastChannel"];

function closeNetwork() {
  for (const name of NETWORK) {
    try {
      Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false });
    } catch {
      // a property that cannot be replaced: left (none of these in the engines tested)
    }
  }
}

const SLICE_MS = 30;
const MEMORY_EVERY_MS = 1000; // how often progress messages carry the memory's size
let handle = null; // the Python function npuzzle.webapi.handle
let pyodide = null;
const running = new Set(); // ids of the requests being answered
const aborted = new Set(); // those of them to cancel at their next slice

const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
function nextTick() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

// npuzzle.webapi.handle answers every request, even a malformed one, with JSON: if calling it
// throws, the runtime itself is broken (a WebAssembly trap, out of memory, a fatal error),
// and this worker cannot be used again (the page replaces it).
class RuntimeFailure extends Error {}

function call(request) {
  let text;
  try {
    text = handle(JSON.stringify(request));
  } catch (error) {
    // A Python traceback's last line names the error ("MemoryError: ...").
    throw new RuntimeFailure(`Python failed: ${reason(error).trim().split("\n").pop()}`);
  }
  return JSON.parse(text);
}

const START_TIMEOUT_MS = 120_000;

// A promise that rejects with `message` if `promise` has not settled within `ms`.
function within(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// When each step of loading ended (performance.now() of this worker), for benchmarks.
const startup = { origin: performance.timeOrigin, script: performance.now() };

// Each step of loading says what failed in words a person can act on.
async function start() {
  postMessage({ type: "loading", stage: "Loading Python" });
  // The package is fetched while Python starts (it is read once Python is up).
  const fetchingPackage = netFetch(new URL(PACKAGE_ARCHIVE, WEB)).catch(() => null);
  const runtime = new URL(PYODIDE_URL, WEB);
  // loadPyodide never settles when its WebAssembly file is missing: check first (while its
  // script loads: one round trip, not two).
  const checking = netFetch(new URL("pyodide.asm.wasm", runtime), { method: "HEAD" }).catch(() => null);
  const importing = import(new URL("pyodide.mjs", runtime).href);
  importing.catch(() => {}); // a failure is reported below, after the check's
  const head = await checking;
  if (!head) throw new Error("the Python runtime could not be fetched (no network, and this site is not yet stored for offline use)");
  if (!head.ok) throw new Error(`the Python runtime is missing from the site (HTTP ${head.status} for pyodide.asm.wasm)`);
  let loadPyodide;
  try {
    ({ loadPyodide } = await importing);
  } catch (error) {
    throw new Error(`the Python runtime's script pyodide.mjs could not be loaded (${await whyNotScript(new URL("pyodide.mjs", runtime), error)})`);
  }
  try {
    pyodide = await within(
      // The standard library build.py precompiled with this same Pyodide (Python reads its
      // bytecode instead of compiling every module it imports at start).
      loadPyodide({ indexURL: runtime.href, stdLibURL: new URL(STDLIB_ARCHIVE, WEB).href }),
      START_TIMEOUT_MS,
      "the Python runtime did not start within two minutes",
    );
  } catch (error) {
    throw new Error(`the Python runtime did not start (${reason(error)})`);
  }
  startup.runtime = performance.now();
  postMessage({ type: "loading", stage: "Loading the solver" });
  const response = await fetchingPackage;
  if (!response) throw new Error("could not fetch the npuzzle package (no network, and this site is not yet stored for offline use)");
  if (!response.ok) throw new Error(`could not fetch the npuzzle package (HTTP ${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  pyodide.unpackArchive(bytes, "zip");
  const webapi = pyodide.pyimport("npuzzle.webapi");
  handle = webapi.handle;
  startup.package = performance.now();
  if (self.name === "code") closeNetwork();
  const info = call(protocol.info());
  startup.info = performance.now();
  return info;
}

// Why a module script failed to load, in words (the browser's error only says it failed).
async function whyNotScript(url, error) {
  const response = await netFetch(url, { method: "HEAD" }).catch(() => null);
  if (!response) return "it could not be fetched";
  if (!response.ok) return `HTTP ${response.status}`;
  const type = (response.headers.get("Content-Type") || "no type").split(";")[0];
  if (!/javascript/i.test(type)) return `it was served as ${type}; a script must be served as text/javascript`;
  return reason(error);
}

function reason(error) {
  return String(error && error.message ? error.message : error);
}

// The bytes of Pyodide's WebAssembly memory, or null if this runtime does not tell: `_module` is
// Pyodide's Emscripten module, private (314.0.7's makePublicAPI sets it; not in pyodide.d.ts),
// so a runtime without it changes nothing but this figure. Read anew each time (the memory's
// buffer is replaced when it grows).
function memoryBytes() {
  try {
    const bytes = pyodide._module.HEAPU8.buffer.byteLength;
    return Number.isFinite(bytes) && bytes > 0 ? bytes : null;
  } catch {
    return null;
  }
}

// A message with the memory's size added, when there is one.
function withMemory(message) {
  const memory = memoryBytes();
  return memory === null ? message : { ...message, memory };
}

// Fetch pattern-database files Python asked for into npuzzle/data/, where it
// looks for them, reporting the bytes received every PROGRESS_MS (so the page
// hears from the worker throughout a download). A file already being fetched
// for another job (a background preparation the page gave up waiting for) is
// not fetched twice: both wait for the one download. Returns what it cost.
const PROGRESS_MS = 100;
const downloads = new Map(); // file name -> {received, total, done: Promise}

function download(name) {
  let entry = downloads.get(name);
  if (entry) return entry;
  const url = TABLE_FILES[name];
  if (!url) throw new Error(`the site has no table file ${name}`);
  entry = { received: 0, total: 0 };
  entry.done = (async () => {
    const response = await netFetch(new URL(url, WEB));
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
    const folder = `${pyodide.FS.cwd()}/npuzzle/data`;
    pyodide.FS.mkdirTree(folder);
    pyodide.FS.writeFile(`${folder}/${name}`, data);
    keepForOffline(new URL(url, WEB), data);
  })();
  downloads.set(name, entry);
  // A failed download may be tried again by a later request.
  entry.done.catch(() => downloads.delete(name));
  return entry;
}

// Keep a fetched table in the cache the service worker serves tables from (service-worker.js),
// so a later visit without a network still has it. The first visit's worker is not served by the
// service worker (it starts before the service worker does), so the worker stores what it fetched.
const TABLE_CACHE = "npuzzle-tables";

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

async function fetchTables(names, report) {
  const started = performance.now();
  const entries = names.map(download);
  const count = (key) => entries.reduce((sum, entry) => sum + entry[key], 0);
  const ticker = setInterval(() => report(count("received"), count("total")), PROGRESS_MS);
  try {
    await Promise.all(entries.map((entry) => entry.done));
  } finally {
    clearInterval(ticker);
  }
  return { files: names, bytes: count("received"), download_ms: Math.round(performance.now() - started) };
}

async function run(message) {
  const { id, ...request } = message;
  let answer = call(request);
  let tables = null;
  let failedTables = false;
  if (!answer.ok && answer.error.field === "tables" && Array.isArray(answer.error.need)) {
    const stage = "Downloading pattern databases";
    postMessage({ id, type: "progress", progress: { stage } });
    tables = await fetchTables(answer.error.need, (received, total) => {
      const megabytes = (n) => (n / 1e6).toFixed(1);
      const of = total ? ` of ${megabytes(total)}` : "";
      postMessage({ id, type: "progress", progress: { stage: `${stage}: ${megabytes(received)}${of} MB` } });
    });
    postMessage({ id, type: "progress", progress: { stage: `${stage}: done` } });
    answer = call(request);
  }
  if (answer.ok && Array.isArray(answer.need)) {
    // An anytime search started without its tables (it shows a first solution and
    // waits for them): fetch them while it runs; it sees them land in npuzzle/data/.
    fetchTables(answer.need, () => {}).then(
      (report) => { tables = report; },
      () => { failedTables = true; if (running.has(id)) aborted.add(id); },
    );
  }
  if (answer.ok && Array.isArray(answer.want)) {
    // Tables the search uses if they come (a big board's 5x5 core) but does not wait for:
    // fetched while it runs; a failed download changes nothing.
    fetchTables(answer.want, () => {}).catch(() => {});
  }
  // Searches come back as progress until done; keep stepping between ticks.
  let memoryTold = performance.now();
  while (answer.ok && answer.type === "progress") {
    let message = { id, type: "progress", progress: answer.progress };
    if (performance.now() - memoryTold > MEMORY_EVERY_MS) {
      memoryTold = performance.now();
      message = withMemory(message); // (a job that keeps growing is seen while it runs)
    }
    if (answer.solution) message.solution = answer.solution;
    if (answer.trace_delta) message.trace_delta = answer.trace_delta;
    postMessage(message);
    await nextTick();
    answer = call(protocol.step(answer.job, SLICE_MS, { cancel: aborted.has(id) }));
  }
  if (tables && answer.ok) answer.tables = tables;
  if (failedTables && answer.ok) answer.tables_failed = true; // stopped: the download failed
  postMessage(withMemory({ id, type: "answer", answer }));
}

const ready = start().then(
  (info) => {
    postMessage(withMemory({ type: "ready", info, startup }));
    return true;
  },
  (error) => {
    postMessage({ type: "fatal", message: reason(error) });
    return false;
  },
);

onmessage = async (event) => {
  const message = event.data;
  if (!message || typeof message !== "object" || typeof message.id !== "number") {
    postMessage({ type: "refused", message: "the worker received a message without a numeric id; it was ignored" });
    return;
  }
  if (message.op === "abort") {
    if (running.has(message.target)) aborted.add(message.target); // a finished one has nothing to cancel
    return;
  }
  running.add(message.id); // from now on, until answered, it can be aborted
  try {
    if (!(await ready)) {
      postMessage({ id: message.id, type: "answer", answer: { ok: false, error: { field: "solver", message: "the solver failed to load" } } });
      return;
    }
    await run(message);
  } catch (error) {
    if (error instanceof RuntimeFailure) {
      postMessage({ type: "fatal", message: error.message });
      return;
    }
    postMessage({ id: message.id, type: "answer", answer: { ok: false, error: { field: "solver", message: reason(error) } } });
  } finally {
    running.delete(message.id);
    aborted.delete(message.id);
  }
};
