// Fakes the page's models take in place of their collaborators in Node tests: a clock moved by
// hand, a worker, the solver's client, and a recorder of calls. Each fake does only what the
// real collaborator's interface says, so a model that asks for something else fails.

// Time and timers that move only when the test says: `advance(ms)` runs every timer due, in order.
export class FakeClock {
  constructor() {
    this.time = 0;
    this.timers = new Map(); // id -> {at, callback, every}
    this.nextId = 1;
  }

  now() {
    return this.time;
  }

  after(callback, ms) {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback, every: 0 });
    return id;
  }

  every(callback, ms) {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback, every: ms });
    return id;
  }

  stop(id) {
    this.timers.delete(id);
  }

  advance(ms) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.time = timer.at;
      if (timer.every) timer.at += timer.every;
      else this.timers.delete(id);
      timer.callback();
    }
    this.time = end;
  }
}

// A Worker-like object: what the page posts is kept; the test answers as the worker would.
export class FakeWorker {
  constructor() {
    this.posted = [];
    this.terminated = false;
  }

  postMessage(message) {
    this.posted.push(message);
  }

  terminate() {
    this.terminated = true;
  }

  // The worker sends `data` (as its onmessage would receive it).
  send(data) {
    this.onmessage({ data });
  }

  // The worker fails with an error event (`message`), as a script that cannot load or a crash.
  fail(message = "") {
    let prevented = false;
    this.onerror({ message, preventDefault: () => { prevented = true; } });
    return prevented;
  }
}

// Let every promise callback queued so far run.
export function settle() {
  return new Promise((resolve) => setImmediate(resolve));
}

// The solver's client as the models use it: request(request, onProgress, options) -> {id,
// answer}, cancel(id). Each request waits until the test answers it (`answer(i, reply)`) or
// sends progress (`progress(i, p, solution, traceDelta)`).
export class FakeClient {
  constructor() {
    this.requests = []; // {id, request, onProgress, options, resolve}
    this.cancelled = [];
    this.nextId = 1;
    this.started = true;
  }

  request(request, onProgress = null, options = {}) {
    const id = this.nextId++;
    let resolve;
    const answer = new Promise((r) => { resolve = r; });
    this.requests.push({ id, request, onProgress, options, resolve });
    return { id, answer };
  }

  cancel(id) {
    this.cancelled.push(id);
  }

  // More for a running request (SolverClient.feed: h's values for a judge_check).
  feed(id, fed) {
    (this.fed ||= []).push({ id, ...fed });
  }

  // Given up (CodeRunner ends the worker of code no longer asked for): `reason`.
  fail(reason) {
    this.failed = reason;
  }

  // The requests of op `op` so far.
  ops(op) {
    return this.requests.filter((r) => r.request.op === op);
  }

  last() {
    return this.requests[this.requests.length - 1];
  }

  async answer(entry, reply) {
    entry.resolve(reply);
    await settle();
  }
}

// An object whose every method call is recorded in `calls` ([name, ...args]); `returns` gives
// some methods a value.
export function recorder(returns = {}) {
  const calls = [];
  const target = { calls };
  return new Proxy(target, {
    get(obj, name) {
      if (name in obj) return obj[name];
      if (typeof name !== "string") return undefined;
      return (...args) => {
        calls.push([name, ...args]);
        const value = returns[name];
        return typeof value === "function" ? value(...args) : value;
      };
    },
  });
}

// The calls of `name` a recorder got, without the name.
export function callsOf(fake, name) {
  return fake.calls.filter(([called]) => called === name).map(([, ...args]) => args);
}
