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
