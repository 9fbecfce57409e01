// failFast (web/solver/worker-core.js): a Pyodide start whose WebAssembly fails to instantiate
// fails at once, as Pyodide's own loader only logs the failure and never settles.
import assert from "node:assert/strict";
import { test } from "node:test";
import { failFast } from "../../web/solver/worker-core.js";

const NOT_WASM = () => new Response(new Uint8Array([1, 2, 3, 4]), { headers: { "Content-Type": "application/wasm" } });

// What Pyodide's loader does (its instantiateWasm): the failure is caught, logged, and the
// promise it returned is never settled.
function pyodideLikeStart(response) {
  return () => new Promise(() => {
    WebAssembly.instantiateStreaming(response(), {}).catch(() => {});
  });
}

test("a start whose WebAssembly does not instantiate fails, naming why", { timeout: 30_000 }, async () => {
  const own = WebAssembly.instantiateStreaming;
  await assert.rejects(failFast(pyodideLikeStart(NOT_WASM)), /^Error: its WebAssembly could not be instantiated: .+/);
  assert.equal(WebAssembly.instantiateStreaming, own); // put back
});

test("a start that settles is passed on, and the browser's own function put back", async () => {
  const own = WebAssembly.instantiateStreaming;
  const minimal = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]); // the empty module
  const answer = await failFast(async () => {
    const { instance } = await WebAssembly.instantiateStreaming(new Response(minimal, { headers: { "Content-Type": "application/wasm" } }), {});
    return instance instanceof WebAssembly.Instance ? "started" : "no instance";
  });
  assert.equal(answer, "started");
  assert.equal(WebAssembly.instantiateStreaming, own);
  await assert.rejects(failFast(async () => { throw new Error("its own reason"); }), /its own reason/);
  assert.equal(WebAssembly.instantiateStreaming, own);
});

// serve() with a fake Python whose one job takes values as it runs (as a judge_check started with
// more: true): it waits until it has 6, then answers their sum.
function fakePython(steps) {
  let values = [];
  let final = false;
  const handle = (text) => {
    const request = JSON.parse(text);
    if (request.op === "info") return JSON.stringify({ ok: true, type: "info" });
    if (request.op === "judge_check") values = request.values.slice();
    if (request.op === "step") {
      steps.push(request.feed ? request.feed.values.length : 0);
      if (request.feed) {
        values = values.concat(request.feed.values);
        final = request.feed.final;
      }
    }
    if (final) return JSON.stringify({ ok: true, type: "check", sum: values.reduce((a, b) => a + b, 0), count: values.length });
    return JSON.stringify({ ok: true, type: "progress", job: 1, progress: { states: values.length }, waiting: true });
  };
  return { pyimport: () => ({ handle }), FS: {} };
}

test("what the page feeds a running request reaches its next step, and a waiting job is not spun", async () => {
  const { serve } = await import("../../web/solver/worker-core.js");
  const posted = [];
  const steps = [];
  const receive = serve({ load: async () => fakePython(steps), table: async () => new Uint8Array(), post: (m) => posted.push(m) });
  const answered = receive({ id: 1, op: "judge_check", values: [1, 2], more: true });
  await new Promise((r) => setTimeout(r, 200));
  const idle = steps.length;
  assert.ok(idle > 0 && idle < 30, `a waiting job is stepped now and then, not spun (${idle} steps in 200 ms)`);
  receive({ id: 2, op: "feed", target: 1, feed: { values: [3], final: false } });
  receive({ id: 3, op: "feed", target: 1, feed: { values: [4, 5, 6], final: true } });
  receive({ id: 4, op: "feed", target: 99, feed: { values: [100], final: true } }); // no such request: nothing
  await answered;
  const answer = posted.find((m) => m.type === "answer" && m.id === 1);
  assert.deepEqual([answer.answer.sum, answer.answer.count], [21, 6]);
  assert.equal(steps.filter((n) => n > 0).length, 1, "two feeds between two steps arrive together, in order");
});
