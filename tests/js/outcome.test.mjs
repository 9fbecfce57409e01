// What the status line reports as data (web/solver/outcome.js): tests and benchmarks read
// a search's state and result from these data-* attributes, never from the words.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as outcome from "../../web/solver/outcome.js";

const RESULT = { length: 31, optimal: true, lower_bound: 31, factor: 1, stopped: null, bound: null };

test("a solve's answer: solved with Python's length and proof, stopped without a solution, or failed", () => {
  assert.deepEqual(outcome.attributes(outcome.solved({ ok: true, result: RESULT })),
    { state: "solved", length: "31", best: "", optimal: "true", lower: "31", factor: "1", stopped: "", preparing: "", tile: "", move: "", expanded: "" });
  assert.equal(outcome.attributes(outcome.solved({ ok: true, result: { ...RESULT, expanded: 4242 } })).expanded, "4242");
  const bounded = outcome.attributes(outcome.solved({ ok: true, result: { ...RESULT, length: 52, optimal: false, lower_bound: 48, factor: 1.0834, stopped: "time-limit" } }));
  assert.deepEqual([bounded.state, bounded.length, bounded.optimal, bounded.lower, bounded.factor, bounded.stopped],
    ["solved", "52", "false", "48", "1.0834", "time-limit"]);
  const none = outcome.attributes(outcome.solved({ ok: true, result: { ...RESULT, length: null, optimal: false, stopped: "node-limit", bound: 40 } }));
  assert.deepEqual([none.state, none.length, none.stopped, none.lower], ["stopped", "", "node-limit", "40"]);
  assert.equal(outcome.solved({ ok: false, error: { field: "board", message: "no" } }).state, "failed");
});

test("while a search runs: searching, then improving with the solution shown and the best found", () => {
  assert.deepEqual(outcome.started(), { state: "searching" });
  assert.deepEqual(outcome.attributes(outcome.comparing(null)).state, "comparing");
  const watched = outcome.attributes(outcome.improving({ best: 60, lower_bound: 50, expanded: 9 }, 64));
  assert.deepEqual([watched.state, watched.length, watched.best, watched.lower, watched.preparing], ["improving", "64", "60", "50", ""]);
  assert.equal(outcome.improving({ best: 60 }).length, 60);
  assert.equal(outcome.attributes(outcome.improving({ best: 60, stage: "Downloading" })).preparing, "true");
  assert.equal(outcome.searching({ expanded: 5 }).state, "searching");
  assert.equal(outcome.attributes(outcome.searching({ expanded: 5, stage: "Loading" })).preparing, "true");
  assert.equal(outcome.comparing({ pairs: 3, pairs_done: 1 }).state, "comparing");
  assert.equal(outcome.stopping().state, "stopping");
  assert.equal(outcome.attributes(outcome.searching({ expanded: 77 })).expanded, "77");
  assert.deepEqual(outcome.unsolvable(), { state: "unsolvable" });
});

test("a hint: its tile and move letter, and whether it is proven", () => {
  const hint = outcome.attributes(outcome.hint({ length: 12, optimal: true, tiles: [5, 8], moves: "UL" }));
  assert.deepEqual([hint.state, hint.tile, hint.move, hint.length, hint.optimal], ["hint", "5", "U", "12", "true"]);
});

test("a comparison ends compared, cancelled or failed", () => {
  assert.equal(outcome.compared({ ok: true, results: [{ stopped: null }, { stopped: "node-limit" }] }).state, "compared");
  assert.equal(outcome.compared({ ok: true, results: [{ stopped: null }, { stopped: "cancelled" }] }).state, "compare-cancelled");
  assert.equal(outcome.compared({ ok: false, error: {} }).state, "failed");
});

test("no outcome clears every attribute, so none keeps an earlier search's value", () => {
  assert.deepEqual(Object.values(outcome.attributes(null)), outcome.KEYS.map(() => ""));
});
