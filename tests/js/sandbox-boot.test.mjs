// The sandbox's frame script (web/custom/sandbox-boot.js) alone: its text run in a context of
// its own with fakes for what a frame gives it (parent, Worker, URL, Blob, performance,
// addEventListener), so each of its rules is met with nothing in front of it (no sealed
// bridge, no policy) and nothing behind it (no page reading the port). It takes one setup from
// its parent (a script and files, with exactly one port), starts the worker from a blob of that
// script, and relays the worker's messages to the port only if they are text, at most
// MAX_CHARS long, within a budget of messages and characters a second; a worker that breaks a
// rule is ended and the page told {sandbox: "violation"}. MAX_CHARS and BUDGET are read from
// the script's own text, so these tests follow them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const BOOT = readFileSync(new URL("../../web/custom/sandbox-boot.js", import.meta.url), "utf8");

// A constant of the script (`const NAME = 8 * 1024 * 1024;`, `messages: 400`) as a number.
function constant(pattern) {
  const found = BOOT.match(pattern);
  assert.ok(found, `sandbox-boot.js has no ${pattern}`);
  return found[1].split("*").reduce((product, factor) => product * Number(factor.trim()), 1);
}
const MAX_CHARS = constant(/const MAX_CHARS = ([\d\s*]+);/);
const BUDGET = { messages: constant(/messages: ([\d\s*]+)[,}]/), chars: constant(/chars: ([\d\s*]+)[,}]/) };

class FakePort {
  constructor() {
    this.posted = []; // what the frame told the page
    this.onmessage = null;
  }

  postMessage(data) {
    this.posted.push(structuredClone(data)); // a copy in this realm, as a port gives the page
  }
}

// The frame's script running in a context of its own. `from(data)` is a message the worker
// sends; `clock.now` is the frame's clock (performance.now()), moved by the test.
function frame({ workerThrows = null } = {}) {
  const parent = { posted: [], postMessage(data, target) { this.posted.push({ data, target }); } };
  const workers = [];
  const blobs = [];
  class Worker {
    constructor(url) {
      if (workerThrows) throw workerThrows;
      this.url = url;
      this.posted = [];
      this.terminated = false;
      this.onmessage = this.onerror = this.onmessageerror = null;
      workers.push(this);
    }

    postMessage(data, transfer) {
      this.posted.push({ data, transfer });
    }

    terminate() {
      this.terminated = true;
    }
  }
  class Blob {
    constructor(parts, options) {
      this.parts = parts;
      this.type = options && options.type;
      blobs.push(this);
    }
  }
  const listeners = [];
  const clock = { now: 0 };
  const context = vm.createContext({
    parent, Worker, Blob, ArrayBuffer,
    URL: { createObjectURL: (blob) => `blob:null/${blobs.indexOf(blob)}` },
    performance: { now: () => clock.now },
    addEventListener: (type, listener) => listeners.push({ type, listener }),
  });
  vm.runInContext(BOOT, context, { filename: "sandbox-boot.js" });
  const handle = (event) => listeners.filter((l) => l.type === "message").forEach((l) => l.listener(event));
  const it = {
    parent, workers, blobs, clock, listeners,
    get worker() { return workers[0]; },
    // The page's setup message, as sandbox-host.js sends it (overrides change it).
    setup(overrides = {}) {
      const port = new FakePort();
      const files = { wasm: new ArrayBuffer(8), stdlib: new ArrayBuffer(4), package: new ArrayBuffer(2) };
      handle({ source: parent, ports: [port], data: { script: "postMessage('hi')", files, lock: "{}", memoryLimit: 64 }, ...overrides });
      it.port = port;
      return port;
    },
    handle,
    from(data) {
      it.worker.onmessage({ data });
    },
  };
  return it;
}

const violation = (port) => port.posted.filter((m) => m && typeof m === "object" && m.sandbox === "violation");
const relayed = (port) => port.posted.filter((m) => typeof m === "string");

test("it tells its parent it has started, and starts the worker from a blob of the script it is given, once", () => {
  const f = frame();
  assert.equal(f.listeners.filter((l) => l.type === "message").length, 1);
  assert.deepEqual(f.parent.posted, [{ data: "npuzzle-sandbox", target: "*" }]);
  assert.equal(f.workers.length, 0, "no worker before the page's setup");
  f.setup();
  assert.equal(f.workers.length, 1);
  assert.deepEqual([...f.blobs[0].parts], ["postMessage('hi')"]);
  assert.equal(f.blobs[0].type, "text/javascript");
  assert.equal(f.worker.url, "blob:null/0");
  const [{ data, transfer }] = f.worker.posted;
  assert.equal(data.type, "files");
  assert.deepEqual(Object.keys(data.files), ["wasm", "stdlib", "package"]);
  assert.equal(data.lock, "{}");
  assert.equal(data.memoryLimit, 64);
  assert.equal(transfer.length, 3, "the files' bytes are handed over, not copied");
  // A second setup, even a proper one from the parent, changes nothing.
  f.setup({ data: { script: "other", files: {} } });
  assert.equal(f.workers.length, 1);
});

test("a setup not from its parent, or without exactly one port, or without a script and files, is ignored", () => {
  const port = () => new FakePort();
  const given = { script: "x", files: {} };
  const ignored = {
    "another window": { source: {}, ports: [port()], data: given },
    "no source": { source: null, ports: [port()], data: given },
    "no ports": { source: "parent", ports: [], data: given },
    "ports missing": { source: "parent", data: given },
    "two ports": { source: "parent", ports: [port(), port()], data: given },
    "no data": { source: "parent", ports: [port()], data: null },
    "a script that is not text": { source: "parent", ports: [port()], data: { script: ["x"], files: {} } },
    "no files": { source: "parent", ports: [port()], data: { script: "x" } },
  };
  for (const [why, event] of Object.entries(ignored)) {
    const f = frame();
    f.handle({ ...event, source: event.source === "parent" ? f.parent : event.source });
    assert.equal(f.workers.length, 0, why);
    for (const p of event.ports || []) assert.deepEqual(p.posted, [], why);
    // The frame still takes a proper setup afterwards.
    f.setup();
    assert.equal(f.workers.length, 1, why);
  }
});

test("the worker's text is relayed to the page, and the page's messages to the worker (a table's bytes handed over)", () => {
  const f = frame();
  const port = f.setup();
  f.from('{"type":"loading","stage":"Python"}');
  f.from("x".repeat(MAX_CHARS)); // at the limit: still relayed
  assert.deepEqual(port.posted.map((m) => m.length), [35, MAX_CHARS]);
  const data = new ArrayBuffer(16);
  port.onmessage({ data: { type: "table", name: "t.bin", data } });
  port.onmessage({ data: { op: "check", id: 1 } });
  const [, table, request] = f.worker.posted;
  assert.equal(table.data.name, "t.bin");
  assert.equal(table.transfer.length, 1);
  assert.equal(table.transfer[0], data);
  assert.deepEqual(request.data, { op: "check", id: 1 });
  assert.equal(request.transfer.length, 0);
  assert.equal(f.worker.terminated, false);
});

test("a message from the worker that is not text ends the worker and tells the page, and never reaches it", () => {
  for (const data of [{ type: "answer", id: 1, answer: { ok: true } }, new ArrayBuffer(4), null, undefined, 7, true,
    ["{}"], Object("{}")]) {
    const f = frame();
    const port = f.setup();
    f.from(data);
    assert.equal(f.worker.terminated, true, String(data));
    assert.equal(port.posted.length, 1, String(data));
    assert.match(violation(port)[0].message, /something other than text/);
    // The page's messages no longer go to the ended worker.
    port.onmessage({ data: { op: "check", id: 2 } });
    assert.equal(f.worker.posted.length, 1);
  }
});

test("a message over MAX_CHARS ends the worker and tells the page, and never reaches it", () => {
  const f = frame();
  const port = f.setup();
  f.from("ok");
  f.from("x".repeat(MAX_CHARS + 1));
  assert.equal(f.worker.terminated, true);
  assert.deepEqual(relayed(port), ["ok"]);
  assert.match(violation(port)[0].message, new RegExp(`a message of ${MAX_CHARS + 1} characters \\(at most ${MAX_CHARS}\\)`));
});

test("more messages in a second than the budget end the worker at the first one over it", () => {
  const f = frame();
  const port = f.setup();
  f.clock.now = 5000;
  for (let i = 0; i < BUDGET.messages; i++) f.from("{}");
  assert.equal(f.worker.terminated, false, "the budget itself is allowed");
  f.clock.now = 5999;
  f.from("{}");
  assert.equal(f.worker.terminated, true);
  assert.equal(relayed(port).length, BUDGET.messages);
  assert.match(violation(port)[0].message, new RegExp(`more than ${BUDGET.messages} messages in a second`));
});

test("more characters in a second than the budget end the worker at the message that passes it", () => {
  const f = frame();
  const port = f.setup();
  f.clock.now = 5000;
  const big = "x".repeat(MAX_CHARS);
  const fit = Math.floor(BUDGET.chars / MAX_CHARS);
  for (let i = 0; i < fit; i++) f.from(big);
  f.from("y".repeat(BUDGET.chars - fit * MAX_CHARS)); // exactly the budget: allowed
  assert.equal(f.worker.terminated, false);
  f.from("z");
  assert.equal(f.worker.terminated, true);
  assert.equal(relayed(port).length, fit + 1);
  assert.match(violation(port)[0].message, new RegExp(`more than ${BUDGET.chars} characters in a second`));
});

test("the budgets are a second's: a worker that keeps to them for many seconds is never ended", () => {
  const f = frame();
  const port = f.setup();
  const big = "x".repeat(MAX_CHARS);
  const bigs = Math.floor(BUDGET.chars / MAX_CHARS) - 1; // with the small ones, within both budgets
  for (let second = 1; second <= 4; second++) {
    f.clock.now = second * 1001;
    for (let i = 0; i < bigs; i++) f.from(big);
    for (let i = 0; i < BUDGET.messages - bigs; i++) f.from("{}");
  }
  assert.equal(f.worker.terminated, false);
  assert.deepEqual(violation(port), []);
  assert.equal(relayed(port).length, 4 * BUDGET.messages);
});

test("the worker's errors are told to the page as errors, not violations; a worker that cannot start is told too", () => {
  const f = frame();
  const port = f.setup();
  let prevented = false;
  f.worker.onerror({ message: "boom", preventDefault: () => { prevented = true; } });
  f.worker.onmessageerror({});
  assert.equal(prevented, true);
  assert.deepEqual(port.posted, [{ sandbox: "error", message: "boom" },
    { sandbox: "error", message: "a message from the worker could not be read" }]);
  const g = frame({ workerThrows: new Error("blocked by the policy") });
  const refused = g.setup();
  assert.deepEqual(refused.posted, [{ sandbox: "error", message: "the worker could not start (blocked by the policy)" }]);
});
