// What every worker that runs npuzzle does, whoever hosts it: the solver's own worker
// (worker.js, loaded from the site) and the sandboxed worker that runs a person's code
// (custom/sandbox-worker.js, inside an opaque-origin frame). Each host says how Python gets
// there, how a table file is had and how a message reaches the page; this module loads the
// package and answers requests by calling npuzzle.webapi.handle (JSON text in, JSON text out).
//
// Messages in:  {id, op, ...request}      any op of npuzzle.webapi
//               {id, op: "abort", target} cancel the running request `target`
//               {id, op: "feed", target, feed}  more for the running request `target` (h's
//                                          values for a judge_check; an ask's answer for an
//                                          assignment_grade): its next step brings it
// Messages out: {type: "loading", stage}  while starting
//               {type: "ready", info, startup}  once (info: webapi "info" answer; startup:
//                                          when each step of loading ended, ms of this worker's
//                                          clock, and its timeOrigin, for benchmarks)
//               {type: "fatal", message}  if loading failed, or Python broke (the
//                                          worker cannot be used again: replace it)
//               {type: "refused", message} a message without an id (ignored)
//               {id, type: "progress", progress, solution?, trace_delta?}  (progress.ask: an
//                                          assignment_grade's ask for the code's side; solution: a
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

// Answer the page's messages for `host` (see the top of this file): the returned function takes
// each message in. Python starts at once.
export function serve(host) {
  const worker = new Serving(host);
  return (message) => worker.receive(message);
}

// A worker serving the page, one named step a method:
//   start        load Python and the package, answer `info`: the "ready" (or "fatal") message
//   receive      one message in: refused, an abort, a feed, or a request (`answer`)
//   answer       a request answered, whatever happens (`run`; a broken runtime is fatal)
//   run          a request run: `firstAnswer`, `fetchWhileRunning`, `stepUntilDone`, `finish`
//   call         one call into Python (npuzzle.webapi.handle): JSON in, JSON out
// and, for the tables a request needs, `download` (one file, once) and `fetchTables`.
class Serving {
  constructor(host) {
    this.host = host;
    this.handle = null; // the Python function npuzzle.webapi.handle
    this.pyodide = null;
    this.running = new Set(); // ids of the requests being answered
    this.aborted = new Set(); // those of them to cancel at their next slice
    this.fed = new Map(); // id -> what came for it since its last step ({values, final, ...}, merged)
    this.downloads = new Map(); // file name -> {received, total, done: Promise}
    this.ticks = new Ticks();
    // When each step of loading ended (performance.now() of this worker), for benchmarks.
    this.startup = { origin: performance.timeOrigin, script: performance.now() };
    this.ready = this.start().then(
      (info) => {
        host.post(this.withMemory({ type: "ready", info, startup: this.startup }));
        return true;
      },
      (error) => {
        host.post({ type: "fatal", message: reason(error) });
        return false;
      },
    );
  }

  async start() {
    const { host, startup } = this;
    this.pyodide = await host.load((stage) => host.post({ type: "loading", stage }), startup);
    startup.runtime = startup.runtime ?? performance.now();
    const webapi = this.pyodide.pyimport("npuzzle.webapi");
    this.handle = webapi.handle;
    startup.package = performance.now();
    const info = this.call(protocol.info());
    startup.info = performance.now();
    if (host.started) host.started(this.pyodide);
    return info;
  }

  // Answer one message from the page.
  async receive(message) {
    if (!message || typeof message !== "object" || typeof message.id !== "number") {
      this.host.post({ type: "refused", message: "the worker received a message without a numeric id; it was ignored" });
    } else if (message.op === "abort") {
      this.abort(message.target);
    } else if (message.op === "feed") {
      this.feed(message.target, message.feed);
    } else {
      await this.answer(message);
    }
  }

  // Cancel the running request `target` at its next slice (a finished one has nothing to cancel).
  abort(target) {
    if (this.running.has(target)) this.aborted.add(target);
  }

  // Keep `feed` for the running request `target`'s next step, after what came before it.
  feed(target, feed) {
    // (A judge_check's feeds are h's values; an assignment_grade's are its asks' answers, which
    // may bring moves or an error instead: values of one ask add up, any other feed replaces.)
    if (!this.running.has(target) || !feed || typeof feed !== "object" || Array.isArray(feed)) return;
    const before = this.fed.get(target);
    const adds = before && Array.isArray(before.values) && Array.isArray(feed.values) && before.ask === feed.ask;
    this.fed.set(target, adds ? { ...feed, values: before.values.concat(feed.values) } : feed);
  }

  // A request answered: by Python, else with why not; a runtime that broke ends the worker.
  async answer(message) {
    const { id } = message;
    this.running.add(id); // from now on, until answered, it can be aborted
    try {
      if (!(await this.ready)) {
        this.host.post({ id, type: "answer", answer: { ok: false, error: { field: "solver", message: "the solver failed to load" } } });
        return;
      }
      await this.run(message);
    } catch (error) {
      if (error instanceof RuntimeFailure) {
        this.host.post({ type: "fatal", message: error.message });
        return;
      }
      this.host.post({ id, type: "answer", answer: { ok: false, error: { field: "solver", message: reason(error) } } });
    } finally {
      this.running.delete(id);
      this.aborted.delete(id);
    }
  }

  async run(message) {
    const { id, ...request } = message;
    const job = { id, tables: null, failedTables: false };
    let answer = await this.firstAnswer(job, request);
    this.fetchWhileRunning(job, answer);
    answer = await this.stepUntilDone(id, answer);
    this.finish(job, answer);
  }

  // Python's first answer to `request`; if it refused for want of table files, they are
  // fetched (the page told of the bytes as they come) and it is asked again.
  async firstAnswer(job, request) {
    const answer = this.call(request);
    if (answer.ok || answer.error.field !== "tables" || !Array.isArray(answer.error.need)) return answer;
    const { id } = job;
    const stage = "Downloading pattern databases";
    this.host.post({ id, type: "progress", progress: { stage } });
    job.tables = await this.fetchTables(answer.error.need, (received, total) => {
      const megabytes = (n) => (n / 1e6).toFixed(1);
      const of = total ? ` of ${megabytes(total)}` : "";
      this.host.post({ id, type: "progress", progress: { stage: `${stage}: ${megabytes(received)}${of} MB` } });
    });
    this.host.post({ id, type: "progress", progress: { stage: `${stage}: done` } });
    return this.call(request);
  }

  // Tables a running job fetches meanwhile: those an anytime search needs and waits for, having
  // started without them (it shows a first solution; it sees them land in npuzzle/data/; a
  // failed download stops it), and those it uses if they come (a big board's 5x5 core; a
  // failed download changes nothing).
  fetchWhileRunning(job, answer) {
    if (answer.ok && Array.isArray(answer.need)) {
      this.fetchTables(answer.need, () => {}).then(
        (report) => { job.tables = report; },
        () => { job.failedTables = true; this.abort(job.id); },
      );
    }
    if (answer.ok && Array.isArray(answer.want)) this.fetchTables(answer.want, () => {}).catch(() => {});
  }

  // Searches come back as progress until done: each progress goes to the page, and the job is
  // stepped again after a tick (a job that waits for what the page feeds it, a little later:
  // nothing to do until then), with what was fed to it and whether to cancel. The last answer.
  async stepUntilDone(id, answer) {
    let memoryTold = performance.now();
    while (answer.ok && answer.type === "progress") {
      // (A grade's progress carries its ask for the code's side: the page needs it with the report.)
      const progress = "ask" in answer && answer.progress ? { ...answer.progress, ask: answer.ask } : answer.progress;
      let message = { id, type: "progress", progress };
      if (performance.now() - memoryTold > MEMORY_EVERY_MS) {
        memoryTold = performance.now();
        message = this.withMemory(message); // (a job that keeps growing is seen while it runs)
      }
      if (answer.solution) message.solution = answer.solution;
      if (answer.trace_delta) message.trace_delta = answer.trace_delta;
      this.host.post(message);
      if (answer.waiting && !this.fed.has(id) && !this.aborted.has(id)) await this.ticks.pause(WAIT_MS);
      else await this.ticks.next();
      const feed = this.fed.get(id) || null;
      this.fed.delete(id);
      answer = this.call(protocol.step(answer.job, SLICE_MS, { cancel: this.aborted.has(id), feed }));
    }
    return answer;
  }

  // The final answer to the page, with what fetching its tables cost (or that it failed).
  finish(job, answer) {
    if (job.tables && answer.ok) answer.tables = job.tables;
    if (job.failedTables && answer.ok) answer.tables_failed = true; // stopped: the download failed
    this.host.post(this.withMemory({ id: job.id, type: "answer", answer }));
  }

  call(request) {
    const { host, handle } = this;
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
    try {
      return JSON.parse(text);
    } catch {
      // (Python's json writes NaN and Infinity, which are not JSON: a value no answer should hold.)
      throw new RuntimeFailure("Python answered with a value that is not JSON (such as NaN or Infinity)");
    }
  }

  // The bytes of Pyodide's WebAssembly memory, or null if this runtime does not tell: `_module` is
  // Pyodide's Emscripten module, private (314.0.7's makePublicAPI sets it; not in pyodide.d.ts),
  // so a runtime without it changes nothing but this figure. Read anew each time (the memory's
  // buffer is replaced when it grows).
  memoryBytes() {
    try {
      const bytes = this.pyodide._module.HEAPU8.buffer.byteLength;
      return Number.isFinite(bytes) && bytes > 0 ? bytes : null;
    } catch {
      return null;
    }
  }

  // A message with the memory's size added, when there is one.
  withMemory(message) {
    const memory = this.memoryBytes();
    return memory === null ? message : { ...message, memory };
  }

  // Pattern-database files Python asked for, put into npuzzle/data/ where it looks for them. A
  // file already being fetched for another job (a background preparation the page gave up
  // waiting for) is not fetched twice: both wait for the one download.
  download(name) {
    let entry = this.downloads.get(name);
    if (entry) return entry;
    entry = { received: 0, total: 0 };
    entry.done = (async () => {
      const data = await this.host.table(name, entry);
      const folder = `${this.pyodide.FS.cwd()}/npuzzle/data`;
      this.pyodide.FS.mkdirTree(folder);
      this.pyodide.FS.writeFile(`${folder}/${name}`, data);
    })();
    this.downloads.set(name, entry);
    // A failed download may be tried again by a later request.
    entry.done.catch(() => this.downloads.delete(name));
    return entry;
  }

  // Fetch `names`, reporting the bytes received every PROGRESS_MS (so the page hears from the
  // worker throughout a download). Returns what it cost.
  async fetchTables(names, report) {
    const started = performance.now();
    const entries = names.map((name) => this.download(name));
    const count = (key) => entries.reduce((sum, entry) => sum + entry[key], 0);
    const ticker = setInterval(() => report(count("received"), count("total")), PROGRESS_MS);
    try {
      await Promise.all(entries.map((entry) => entry.done));
    } finally {
      clearInterval(ticker);
    }
    return { files: names, bytes: count("received"), download_ms: Math.round(performance.now() - started) };
  }
}

// The worker's turns between slices: `next()` resolves after one round trip through a
// MessageChannel (not setTimeout, whose clamp slows chunked work), `pause(ms)` after `ms`.
class Ticks {
  constructor() {
    this.waiting = [];
    this.channel = new MessageChannel();
    this.channel.port1.onmessage = () => this.waiting.shift()();
    for (const port of [this.channel.port1, this.channel.port2]) if (port.unref) port.unref(); // (Node: it keeps no test alive)
  }

  next() {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.channel.port2.postMessage(null);
    });
  }

  pause(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
