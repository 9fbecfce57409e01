// What every worker that runs npuzzle does, whoever hosts it: the solver's own worker
// (worker.js, loaded from the site) and the sandboxed worker that runs a person's code
// (custom/sandbox-worker.js, inside an opaque-origin frame). Each host says how Python gets
// there, how a table file is had and how a message reaches the page; this module loads the
// package and answers requests by calling npuzzle.webapi.handle (JSON text in, JSON text out).
//
// Messages in:  {id, op, ...request}      any op of npuzzle.webapi
//               {id, op: "abort", target} cancel the running request `target`
//               {id, op: "feed", target, feed}  more for the running request `target` (h's
//                                          values for a judge_check): its next step brings it
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
//
// The host (serve's argument):
//   load(report)       Python started, the package unpacked: resolves with Pyodide's API
//                      (report(stage) says what it is doing); rejects with words a person can act on
//   table(name, entry) a pattern-database file's bytes (a Uint8Array); it counts the bytes
//                      received so far in entry.received and the size, when known, in entry.total
//   post(message)      a message to the page
//   broken()           after each call into Python: a reason the worker must end (a host's limit
//                      was hit), or null
//   started(pyodide)   optional: the package imported and `info` answered, before any request
//   guard(call)        optional: runs call() (one call into Python) and returns what it returns
import * as protocol from "./protocol.js";

const SLICE_MS = 30;
const WAIT_MS = 15; // a job waiting for what the page feeds it is stepped again this much later
const MEMORY_EVERY_MS = 1000; // how often progress messages carry the memory's size
const PROGRESS_MS = 100; // how often a download reports the bytes received

// npuzzle.webapi.handle answers every request, even a malformed one, with JSON: if calling it
// throws, the runtime itself is broken (a WebAssembly trap, out of memory, a fatal error),
// and this worker cannot be used again (the page replaces it).
class RuntimeFailure extends Error {}

export function reason(error) {
  return String(error && error.message ? error.message : error);
}

// A promise that rejects with `message` if `promise` has not settled within `ms`.
export function within(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// `start()` (a call of Pyodide's loadPyodide), rejected at once if the runtime's WebAssembly
// fails to instantiate meanwhile. Pyodide's loader only logs that failure ("wasm instantiation
// failed!") and then never settles: without this, a start that failed would be seen only when
// its time limit ran out (two minutes of "Loading Python", then a second start).
export async function failFast(start) {
  const streaming = WebAssembly.instantiateStreaming;
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  WebAssembly.instantiateStreaming = function instantiateStreaming(...args) {
    const result = streaming.apply(this, args);
    result.then(null, (error) => fail(new Error(`its WebAssembly could not be instantiated: ${reason(error)}`)));
    return result;
  };
  try {
    return await Promise.race([start(), failed]);
  } finally {
    WebAssembly.instantiateStreaming = streaming;
  }
}

export function serve(host) {
  let handle = null; // the Python function npuzzle.webapi.handle
  let pyodide = null;
  const running = new Set(); // ids of the requests being answered
  const aborted = new Set(); // those of them to cancel at their next slice
  const fed = new Map(); // id -> what came for it since its last step ({values, final, ...}, merged)
  const downloads = new Map(); // file name -> {received, total, done: Promise}

  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()();
  for (const port of [channel.port1, channel.port2]) if (port.unref) port.unref(); // (Node: it keeps no test alive)
  function pause(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
  function nextTick() {
    return new Promise((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
  }

  function call(request) {
    let text;
    try {
      const json = JSON.stringify(request);
      text = host.guard ? host.guard(() => handle(json)) : handle(json);
    } catch (error) {
      // A host's limit first (its refusal may have broken Python); else a Python traceback's
      // last line names the error ("MemoryError: ...").
      const broken = host.broken ? host.broken() : null;
      throw new RuntimeFailure(broken || `Python failed: ${reason(error).trim().split("\n").pop()}`);
    }
    const broken = host.broken ? host.broken() : null;
    if (broken) throw new RuntimeFailure(broken);
    return JSON.parse(text);
  }

  // When each step of loading ended (performance.now() of this worker), for benchmarks.
  const startup = { origin: performance.timeOrigin, script: performance.now() };

  async function start() {
    pyodide = await host.load((stage) => host.post({ type: "loading", stage }), startup);
    startup.runtime = startup.runtime ?? performance.now();
    const webapi = pyodide.pyimport("npuzzle.webapi");
    handle = webapi.handle;
    startup.package = performance.now();
    const info = call(protocol.info());
    startup.info = performance.now();
    if (host.started) host.started(pyodide);
    return info;
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

  // Pattern-database files Python asked for, put into npuzzle/data/ where it looks for them. A
  // file already being fetched for another job (a background preparation the page gave up
  // waiting for) is not fetched twice: both wait for the one download.
  function download(name) {
    let entry = downloads.get(name);
    if (entry) return entry;
    entry = { received: 0, total: 0 };
    entry.done = (async () => {
      const data = await host.table(name, entry);
      const folder = `${pyodide.FS.cwd()}/npuzzle/data`;
      pyodide.FS.mkdirTree(folder);
      pyodide.FS.writeFile(`${folder}/${name}`, data);
    })();
    downloads.set(name, entry);
    // A failed download may be tried again by a later request.
    entry.done.catch(() => downloads.delete(name));
    return entry;
  }

  // Fetch `names`, reporting the bytes received every PROGRESS_MS (so the page hears from the
  // worker throughout a download). Returns what it cost.
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
      host.post({ id, type: "progress", progress: { stage } });
      tables = await fetchTables(answer.error.need, (received, total) => {
        const megabytes = (n) => (n / 1e6).toFixed(1);
        const of = total ? ` of ${megabytes(total)}` : "";
        host.post({ id, type: "progress", progress: { stage: `${stage}: ${megabytes(received)}${of} MB` } });
      });
      host.post({ id, type: "progress", progress: { stage: `${stage}: done` } });
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
    // Searches come back as progress until done; keep stepping between ticks (a job that waits
    // for what the page feeds it, a little later: nothing to do until then).
    let memoryTold = performance.now();
    while (answer.ok && answer.type === "progress") {
      let message = { id, type: "progress", progress: answer.progress };
      if (performance.now() - memoryTold > MEMORY_EVERY_MS) {
        memoryTold = performance.now();
        message = withMemory(message); // (a job that keeps growing is seen while it runs)
      }
      if (answer.solution) message.solution = answer.solution;
      if (answer.trace_delta) message.trace_delta = answer.trace_delta;
      host.post(message);
      if (answer.waiting && !fed.has(id) && !aborted.has(id)) await pause(WAIT_MS);
      else await nextTick();
      const feed = fed.get(id) || null;
      fed.delete(id);
      answer = call(protocol.step(answer.job, SLICE_MS, { cancel: aborted.has(id), feed }));
    }
    if (tables && answer.ok) answer.tables = tables;
    if (failedTables && answer.ok) answer.tables_failed = true; // stopped: the download failed
    host.post(withMemory({ id, type: "answer", answer }));
  }

  const ready = start().then(
    (info) => {
      host.post(withMemory({ type: "ready", info, startup }));
      return true;
    },
    (error) => {
      host.post({ type: "fatal", message: reason(error) });
      return false;
    },
  );

  // Answer one message from the page.
  return async function receive(message) {
    if (!message || typeof message !== "object" || typeof message.id !== "number") {
      host.post({ type: "refused", message: "the worker received a message without a numeric id; it was ignored" });
      return;
    }
    if (message.op === "abort") {
      if (running.has(message.target)) aborted.add(message.target); // a finished one has nothing to cancel
      return;
    }
    if (message.op === "feed") {
      if (running.has(message.target) && message.feed && Array.isArray(message.feed.values)) {
        const before = fed.get(message.target);
        fed.set(message.target, before ? { ...message.feed, values: before.values.concat(message.feed.values) } : message.feed);
      }
      return;
    }
    running.add(message.id); // from now on, until answered, it can be aborted
    try {
      if (!(await ready)) {
        host.post({ id: message.id, type: "answer", answer: { ok: false, error: { field: "solver", message: "the solver failed to load" } } });
        return;
      }
      await run(message);
    } catch (error) {
      if (error instanceof RuntimeFailure) {
        host.post({ type: "fatal", message: error.message });
        return;
      }
      host.post({ id: message.id, type: "answer", answer: { ok: false, error: { field: "solver", message: reason(error) } } });
    } finally {
      running.delete(message.id);
      aborted.delete(message.id);
    }
  };
}
