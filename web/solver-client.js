// SolverClient: the only code on the page that knows the worker exists.
// Every call returns a promise of the webapi answer ({ok, ...}); searches
// report progress through a callback, onProgress(progress, solution), where
// `solution` is a better solution an anytime search just found (else null),
// and can be cancelled.

export class SolverClient {
  constructor(workerUrl) {
    this.worker = new Worker(workerUrl, { type: "module" });
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, onProgress}
    this.info = null;
    this.listeners = { loading: [], ready: [], failed: [] };
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // failures are reported through "failed" listeners
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => this.fail(event.message || "the solver worker crashed");
  }

  on(kind, listener) {
    this.listeners[kind].push(listener);
  }

  emit(kind, value) {
    for (const listener of this.listeners[kind]) listener(value);
  }

  receive(message) {
    if (message.type === "loading") return this.emit("loading", message.stage);
    if (message.type === "ready") {
      this.info = message.info;
      this.resolveReady(message.info);
      return this.emit("ready", message.info);
    }
    if (message.type === "fatal") return this.fail(message.message);
    const entry = this.pending.get(message.id);
    if (!entry) return;
    if (message.type === "progress") {
      if (entry.onProgress) entry.onProgress(message.progress, message.solution || null);
      return;
    }
    this.pending.delete(message.id);
    entry.resolve(message.answer);
  }

  fail(reason) {
    this.rejectReady(new Error(reason));
    for (const [, entry] of this.pending) {
      entry.resolve({ ok: false, error: { field: "solver", message: reason } });
    }
    this.pending.clear();
    this.emit("failed", reason);
  }

  // Send a webapi request; resolves with its answer. Returns {id, answer}.
  request(request, onProgress = null) {
    const id = this.nextId++;
    const answer = new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
    });
    this.worker.postMessage({ id, ...request });
    return { id, answer };
  }

  cancel(id) {
    if (this.pending.has(id)) this.worker.postMessage({ id: this.nextId++, op: "abort", target: id });
  }
}
