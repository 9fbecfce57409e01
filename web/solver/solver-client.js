// SolverClient: the only code on the page that knows the worker exists.
// Every call returns a promise of the webapi answer ({ok, ...}); searches
// report progress through a callback, onProgress(progress, solution, traceDelta),
// where `solution` is a better solution an anytime search just found (else null)
// and `traceDelta` what the search's trace gained (when the request asked for one),
// and can be cancelled.
//
// A browser too old for the runtime is told so before the runtime is started, given the
// page's check (`support`, from browser-support.js: `now`, what the probes that need no
// waiting found missing, and `later`, a promise of what every probe found): when `now`
// names something, no worker is started; when `later` does, the worker is stopped (it
// fails by itself first in such a browser, before fetching the runtime). Either way the
// "failed" listeners hear that sentence, with `unsupported` set.
//
// It also watches the worker. A worker that fails to load (the runtime missing,
// served with the wrong type) is reported to the "failed" listeners with the reason in
// words. A worker that dies after it was
// ready (an uncaught error, a WebAssembly trap, out of memory) or stops answering
// (no message for HANG_MS while a request waits) is replaced by a fresh one: the
// requests waiting get an error answer, the "crashed" listeners hear why, and
// "loading" and "ready" follow as at the start. A worker that crashes again and
// again (MAX_RESTARTS within RESTART_WINDOW_MS) is given up: "failed".
//
// `started`: how the worker's Python started, "snapshot" (restored from the build's memory
// snapshot) or "fresh"; the "started" listeners hear it before "ready".
//
// `memory`: the bytes of the worker's WebAssembly memory (Pyodide's heap) at its latest
// "ready" or answer, when the worker tells (else null); the "memory" listeners hear each figure.
//
// `startWorker()` makes the worker: anything with a Worker's postMessage and terminate that
// calls its onmessage, onerror and onmessageerror (the solver's own Worker; the sandboxed one
// that runs a person's code, custom/sandbox-host.js; a fake in Node tests). `clock` is the time
// it reads and the timers it sets (the page's own; a Node test moves a clock of its own by hand).

import * as protocol from "./protocol.js";
import { workerTrouble as trouble } from "../common/wording.js";

const HANG_MS = 20_000; // a running search sends progress every ~30 ms; loading a table takes < 2 s
const LOAD_SILENCE_MS = 150_000; // while loading (the worker's own limit for Python is 120 s)
const WATCH_MS = 1000;
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
const SUPPORT_WAIT_MS = 5000; // the browser check's import, a tiny file of the site; past this it is ignored
const CLOCK = {
  now: () => performance.now(),
  after: (callback, ms) => setTimeout(callback, ms),
  every: (callback, ms) => setInterval(callback, ms),
  stop: (timer) => clearInterval(timer),
};

export class SolverClient {
  // `who`: what messages call the worker ("the solver"; the worker that runs a person's code is
  // another client of the same worker script); `maxRestarts`: crashes within a minute before it
  // gives up (that worker is ended on purpose whenever their code hangs: Infinity).
  constructor(startWorker, { hangMs = HANG_MS, support = { now: "", later: Promise.resolve("") }, who = "the solver", maxRestarts = MAX_RESTARTS, clock = CLOCK } = {}) {
    this.startWorker = startWorker;
    this.clock = clock;
    this.hangMs = hangMs;
    this.who = who;
    this.maxRestarts = maxRestarts;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, onProgress}
    // Python's info answer is not kept here: it goes to `ready` and the "ready" listeners, and
    // the page state is its one owner (the protocol needs none of it).
    this.memory = null; // bytes, the worker's latest figure
    this.listeners = { loading: [], ready: [], failed: [], crashed: [], memory: [], started: [] };
    this.restarts = []; // when the worker was replaced (for MAX_RESTARTS)
    this.failed = null; // the reason, once given up
    this.unsupported = false; // whether it gave up because this browser is too old for the runtime
    // What the full check says ("" when nothing is missing): a failure to load waits for it.
    this.support = Promise.race([
      Promise.resolve(support.later).catch(() => ""),
      new Promise((resolve) => clock.after(() => resolve(""), SUPPORT_WAIT_MS)),
    ]);
    this.support.then((lacking) => { if (lacking && !this.loaded) this.tooOld(lacking); });
    this.newReady();
    if (support.now) {
      this.worker = null;
      this.support.then((lacking) => this.tooOld(lacking || support.now));
    } else {
      this.launch();
    }
    this.watch = clock.every(() => this.checkAlive(), WATCH_MS);
  }

  launch() {
    this.loaded = false;
    this.lastHeard = this.clock.now();
    const worker = this.startWorker();
    // Before its handlers are set: a worker started early (early-worker.js) hands them, as they
    // are set, what it heard before, and each handler checks that it is this client's worker.
    this.worker = worker;
    worker.onmessage = (event) => { if (worker === this.worker) this.receive(event.data); };
    worker.onerror = (event) => {
      if (worker !== this.worker) return;
      event.preventDefault();
      const detail = event.message || "";
      if (this.loaded) this.crash(trouble.error(this.who, detail));
      else this.failToLoad(trouble.cannotStart(this.who, detail));
    };
    worker.onmessageerror = () => { if (worker === this.worker) this.crash(trouble.unreadable(this.who)); };
  }

  // `ready`: a promise of the next "info" answer (rejected if loading fails).
  newReady() {
    this.ready = new Promise((resolve, reject) => Object.assign(this, { resolveReady: resolve, rejectReady: reject }));
    this.ready.catch(() => {}); // failures are reported through "failed" listeners
  }

  on(kind, listener) {
    this.listeners[kind].push(listener);
  }

  emit(kind, value) {
    for (const listener of this.listeners[kind]) listener(value);
  }

  receive(message) {
    this.lastHeard = this.clock.now();
    if (!message || typeof message !== "object") return;
    if (Number.isFinite(message.memory) && message.memory > 0) {
      this.memory = message.memory;
      this.emit("memory", message.memory);
    }
    if (message.type === "loading") return this.emit("loading", message.stage);
    if (message.type === "ready") {
      this.loaded = true;
      this.resolveReady(message.info);
      // How Python started: restored from the build's memory snapshot, or started afresh.
      this.emit("started", message.startup && message.startup.snapshot === "restored" ? "snapshot" : "fresh");
      return this.emit("ready", message.info);
    }
    if (message.type === "fatal") return this.loaded ? this.crash(message.message) : this.failToLoad(message.message);
    const entry = this.pending.get(message.id);
    if (!entry) return;
    if (message.type === "progress") {
      if (entry.onProgress) entry.onProgress(message.progress, message.solution || null, message.trace_delta || null);
      return;
    }
    this.pending.delete(message.id);
    entry.resolve(message.answer);
  }

  // Silence: while loading, longer than the worker's own limit; once ready, longer
  // than any step of work while a request waits.
  checkAlive() {
    if (!this.worker) return;
    const silent = this.clock.now() - this.lastHeard;
    if (!this.loaded && silent > LOAD_SILENCE_MS) this.fail(trouble.notLoaded(this.who, Math.round(silent / 1000)));
    else if (this.loaded && this.pending.size > 0 && silent > this.silenceAllowed()) this.crash(trouble.silent(this.who, Math.round(silent / 1000)));
  }

  // How long the worker may be silent now: the longest any waiting request allows (a request
  // that is one long call, such as a person's search, says how long it may take).
  silenceAllowed() {
    let ms = this.hangMs;
    for (const entry of this.pending.values()) ms = Math.max(ms, entry.silenceMs || 0);
    return ms;
  }

  // The worker cannot be used: answer everything waiting with `message`.
  answerWaiting(message) {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const entry of waiting) entry.resolve({ ok: false, error: { field: "solver", message } });
  }

  stopWorker() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }

  // Loading failed: nothing more will come from this worker.
  fail(reason) {
    if (this.failed) return;
    this.failed = reason;
    this.stopWorker();
    this.clock.stop(this.watch);
    this.rejectReady(new Error(reason));
    this.emit("failed", reason);
    this.answerWaiting(trouble.unavailable(this.who, reason));
  }

  // Loading failed: once the browser check is done (a browser too old is told so instead).
  failToLoad(reason) {
    this.support.then(() => this.fail(reason));
  }

  // This browser lacks what the runtime needs (`reason` says what, and which versions work).
  tooOld(reason) {
    if (this.failed) return;
    this.unsupported = true;
    this.fail(reason);
  }

  // The worker died or hung after it was ready: replace it (unless it keeps dying).
  crash(reason) {
    this.stopWorker();
    const now = this.clock.now();
    this.restarts = this.restarts.filter((t) => now - t < RESTART_WINDOW_MS);
    if (this.restarts.length >= this.maxRestarts) {
      this.fail(trouble.again(reason, this.maxRestarts + 1));
      return;
    }
    this.restarts.push(now);
    this.memory = null;
    this.newReady();
    this.emit("crashed", reason);
    this.answerWaiting(trouble.restarted(this.who, reason));
    this.launch();
  }

  // Send a webapi request; resolves with its answer. Returns {id, answer}. `silenceMs`: how
  // long the worker may be silent while it answers (more than `hangMs` for one long call).
  request(request, onProgress = null, { silenceMs = 0 } = {}) {
    const id = this.nextId++;
    if (this.failed) return { id, answer: Promise.resolve({ ok: false, error: { field: "solver", message: trouble.unavailable(this.who, this.failed) } }) };
    const answer = new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress, silenceMs });
    });
    if (this.pending.size === 1) this.lastHeard = this.clock.now(); // silence counts from the first request
    if (this.worker) this.worker.postMessage({ id, ...request });
    return { id, answer };
  }

  cancel(id) {
    if (this.pending.has(id) && this.worker) this.worker.postMessage({ id: this.nextId++, ...protocol.abort(id) });
  }

  // More for the running request `id` (protocol.feed: h's values for a judge_check).
  feed(id, fed) {
    if (this.pending.has(id) && this.worker) this.worker.postMessage({ id: this.nextId++, ...protocol.feed(id, fed) });
  }
}
