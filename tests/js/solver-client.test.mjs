// The solver's client (web/solver/solver-client.js) driven with a fake worker and a clock moved
// by hand: requests and their answers, and the rules that replace a worker that dies or hangs,
// give up on one that keeps dying, and tell a failure to load or a browser too old.
import assert from "node:assert/strict";
import { test } from "node:test";

import { EarlyWorker } from "../../web/solver/early-worker.js";
import { SolverClient } from "../../web/solver/solver-client.js";
import { FakeClock, FakeWorker, settle } from "./fakes.mjs";

const INFO = { algorithms: [], heuristics: [] };

// A client whose workers are fakes (`workers`, in the order started), on a fake clock.
function clientWith(options = {}) {
  const clock = new FakeClock();
  const workers = [];
  const heard = { loading: [], ready: [], failed: [], crashed: [], memory: [], started: [] };
  const client = new SolverClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  }, { clock, ...options });
  for (const kind of Object.keys(heard)) client.on(kind, (value) => heard[kind].push(value));
  return { client, clock, workers, heard, worker: () => workers[workers.length - 1] };
}

async function ready(setup, info = INFO) {
  setup.worker().send({ type: "ready", info });
  await settle();
}

test("a request goes to the worker with its id; its progress and answer come back to it alone", async () => {
  const setup = clientWith();
  await ready(setup);
  const progress = [];
  const first = setup.client.request({ op: "solve", board: "1,2,3,4,5,6,7,0,8" }, (...args) => progress.push(args));
  const second = setup.client.request({ op: "analyze", board: "x" });
  assert.deepEqual(setup.worker().posted, [
    { id: first.id, op: "solve", board: "1,2,3,4,5,6,7,0,8" },
    { id: second.id, op: "analyze", board: "x" },
  ]);
  setup.worker().send({ id: first.id, type: "progress", progress: { expanded: 64 }, solution: { moves: "L" }, trace_delta: { samples: [] } });
  setup.worker().send({ id: second.id, type: "answer", answer: { ok: false, error: { field: "board", message: "no" } } });
  setup.worker().send({ id: first.id, type: "answer", answer: { ok: true, result: { length: 1 } } });
  assert.deepEqual(await first.answer, { ok: true, result: { length: 1 } });
  assert.deepEqual(await second.answer, { ok: false, error: { field: "board", message: "no" } });
  assert.deepEqual(progress, [[{ expanded: 64 }, { moves: "L" }, { samples: [] }]]);
  setup.client.cancel(first.id); // answered already: nothing to cancel
  assert.equal(setup.worker().posted.length, 2);
});

test("ready: the info answer resolves `ready` and the listeners hear it; memory figures are told", async () => {
  const setup = clientWith();
  setup.worker().send({ type: "loading", stage: "Loading Python" });
  setup.worker().send({ type: "ready", info: INFO, memory: 123_456 });
  assert.equal(await setup.client.ready, INFO);
  assert.deepEqual(setup.heard.loading, ["Loading Python"]);
  assert.deepEqual(setup.heard.ready, [INFO]);
  assert.deepEqual(setup.heard.memory, [123_456]);
  assert.equal(setup.client.memory, 123_456);
  assert.deepEqual(setup.heard.started, ["fresh"]); // no word of a snapshot: started afresh
});

test("started: how Python started, restored from the snapshot or afresh, as the worker tells", async () => {
  const setup = clientWith();
  setup.worker().send({ type: "ready", info: INFO, startup: { snapshot: "restored" } });
  await settle();
  setup.worker().fail("boom");
  await settle();
  setup.worker().send({ type: "ready", info: INFO, startup: { snapshot: "not used: Snapshot build id mismatch" } });
  await settle();
  assert.deepEqual(setup.heard.started, ["snapshot", "fresh"]);
});

test("cancel sends the worker an abort naming the request", async () => {
  const setup = clientWith();
  await ready(setup);
  const { id } = setup.client.request({ op: "solve" });
  setup.client.cancel(id);
  const abort = setup.worker().posted[1];
  assert.equal(abort.op, "abort");
  assert.equal(abort.target, id);
  assert.notEqual(abort.id, id);
});

test("a worker silent for longer than hangMs while a request waits is replaced, and the request told why", async () => {
  const setup = clientWith({ hangMs: 20_000 });
  await ready(setup);
  const { answer } = setup.client.request({ op: "solve" });
  setup.clock.advance(20_000); // silent for exactly the limit: still waited for
  assert.equal(setup.workers.length, 1);
  setup.clock.advance(1000);
  assert.equal(setup.workers.length, 2, "a fresh worker is started");
  assert.equal(setup.workers[0].terminated, true);
  assert.deepEqual(setup.heard.crashed, ["the solver stopped answering for 21 s"]);
  assert.deepEqual(await answer, { ok: false, error: { field: "solver", message: "the solver was restarted: it stopped answering for 21 s" } });
  // The old worker's late messages are not heard; the new one's ready is.
  setup.workers[0].send({ type: "ready", info: { old: true } });
  assert.equal(setup.heard.ready.length, 1);
  await ready(setup);
  assert.equal(setup.heard.ready.length, 2);
});

test("silence with no request waiting is no hang, and progress keeps a long search alive", async () => {
  const setup = clientWith({ hangMs: 20_000 });
  await ready(setup);
  setup.clock.advance(120_000);
  assert.equal(setup.workers.length, 1);
  const { id } = setup.client.request({ op: "solve" });
  for (let i = 0; i < 10; i++) {
    setup.clock.advance(15_000);
    setup.worker().send({ id, type: "progress", progress: {} });
  }
  assert.equal(setup.workers.length, 1);
  assert.deepEqual(setup.heard.crashed, []);
});

test("a request that is one long call may keep the worker silent for its silenceMs", async () => {
  const setup = clientWith({ hangMs: 10_000 });
  await ready(setup);
  setup.client.request({ op: "user_search" }, null, { silenceMs: 65_000 });
  setup.clock.advance(65_000);
  assert.equal(setup.workers.length, 1);
  setup.clock.advance(1000);
  assert.equal(setup.workers.length, 2);
  assert.deepEqual(setup.heard.crashed, ["the solver stopped answering for 66 s"]);
});

test("an error after ready restarts the worker; the fourth failure within a minute gives up", async () => {
  const setup = clientWith({ maxRestarts: 3 });
  for (let crash = 1; crash <= 3; crash++) {
    await ready(setup);
    assert.equal(setup.worker().fail(`trap ${crash}`), true, "the error is handled, not reported to the console");
    setup.clock.advance(5000);
  }
  assert.equal(setup.workers.length, 4);
  assert.deepEqual(setup.heard.crashed, ["the solver stopped with an error (trap 1)", "the solver stopped with an error (trap 2)", "the solver stopped with an error (trap 3)"]);
  await ready(setup);
  setup.worker().fail("trap 4");
  await settle();
  assert.equal(setup.workers.length, 4, "no fifth worker");
  assert.deepEqual(setup.heard.failed, ["the solver stopped with an error (trap 4), the 4th failure within a minute"]);
  const late = await setup.client.request({ op: "analyze" }).answer;
  assert.deepEqual(late, { ok: false, error: { field: "solver", message: "the solver is not available: the solver stopped with an error (trap 4), the 4th failure within a minute" } });
  assert.equal(setup.clock.timers.size, 0, "the watch stops with it");
});

test("failures more than a minute apart are each restarted", async () => {
  const setup = clientWith({ maxRestarts: 1 });
  for (let crash = 1; crash <= 4; crash++) {
    await ready(setup);
    setup.worker().fail("trap");
    setup.clock.advance(61_000);
  }
  assert.equal(setup.heard.crashed.length, 4);
  assert.deepEqual(setup.heard.failed, []);
});

test("a worker that fails before it is ready is a failure to load, told once, never restarted", async () => {
  const setup = clientWith();
  const waiting = setup.client.request({ op: "analyze" });
  setup.worker().fail("");
  await settle();
  assert.deepEqual(setup.heard.failed, ["the solver's script could not be loaded (a file of the site is missing or was served with the wrong type)"]);
  assert.equal(setup.workers.length, 1);
  assert.equal(setup.client.unsupported, false);
  assert.equal((await waiting.answer).ok, false);
  await assert.rejects(setup.client.ready);
});

test("a worker still loading after 150 s of silence is given up", async () => {
  const setup = clientWith();
  setup.clock.advance(150_000);
  assert.deepEqual(setup.heard.failed, []);
  setup.clock.advance(1000);
  assert.deepEqual(setup.heard.failed, ["the solver did not finish loading in 151 s"]);
  assert.equal(setup.workers[0].terminated, true);
});

test("a browser the check finds too old starts no worker and says what it lacks", async () => {
  const setup = clientWith({ support: { now: "this browser lacks X", later: Promise.resolve("") } });
  await settle();
  assert.equal(setup.workers.length, 0);
  assert.equal(setup.client.unsupported, true);
  assert.deepEqual(setup.heard.failed, ["this browser lacks X"]);
});

test("a check that finds the browser too old later stops the worker, unless it loaded", async () => {
  let tell;
  const later = new Promise((resolve) => { tell = resolve; });
  const setup = clientWith({ support: { now: "", later } });
  assert.equal(setup.workers.length, 1);
  tell("this browser lacks Y");
  await settle();
  assert.equal(setup.workers[0].terminated, true);
  assert.deepEqual(setup.heard.failed, ["this browser lacks Y"]);
  assert.equal(setup.client.unsupported, true);
});

// A worker started early (early-worker.js) whose first events came before the client took it.
function clientTakingEarly(before) {
  const clock = new FakeClock();
  const inner = new FakeWorker();
  const early = new EarlyWorker(inner);
  before(inner);
  const heard = { ready: [], failed: [] };
  const client = new SolverClient(() => early, { clock });
  for (const kind of Object.keys(heard)) client.on(kind, (value) => heard[kind].push(value));
  return { client, heard };
}

test("a worker started early that failed before the client took it is a failure to load", async () => {
  const { client, heard } = clientTakingEarly((inner) => inner.fail(""));
  await settle();
  assert.deepEqual(heard.failed, ["the solver's script could not be loaded (a file of the site is missing or was served with the wrong type)"]);
  await assert.rejects(client.ready);
});

test("a worker started early that was ready before the client took it is ready", async () => {
  const { client, heard } = clientTakingEarly((inner) => {
    inner.send({ type: "loading", stage: "Loading Python" });
    inner.send({ type: "ready", info: INFO });
  });
  assert.deepEqual(await client.ready, INFO);
  assert.deepEqual(heard.ready, [INFO]);
});
