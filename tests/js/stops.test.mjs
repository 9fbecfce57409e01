// Why a job stopped, in the page's words (web/common/stops.js), against Python's own set of values
// (info.stop_reasons, from npuzzle/webapi.py: StopReason's early stops): every value Python sends
// has words and the page words no other; and each feature that says why something stopped says it
// with those words (a person's search at the node limit is "stopped by the node limit", never
// "found no solution").
import assert from "node:assert/strict";
import { test } from "node:test";

import { analysed } from "../../web/analysis/analysis-words.js";
import { NODE_LIMIT, WORDED, stoppedBy, unworded, wasCancelled } from "../../web/common/stops.js";
import { solved } from "../../web/common/wording.js";
import { checkFacts, searchDone } from "../../web/custom/code-words.js";
import { counted, shortenedStatus } from "../../web/speed/speed-words.js";
import { treeBuilt } from "../../web/tree/tree-words.js";
import { pythonInfo } from "./python-info.mjs";

const INFO = pythonInfo();
// A check's result, as Python's JudgedCheck.to_dict has it, sampled on a 3x3.
const CHECK = {
  rows: 3, cols: 3, goal: [1, 2, 3, 4, 5, 6, 7, 8, 0], admissible: null, consistent: null, exhaustive: false, states: 10,
  samples: "the states nearest the goal", edges: 12, overestimates: 0, inconsistent_edges: 0, h_goal: 0, exact: 4,
  exact_share: 0.4, mean_ratio: 0.8, max_distance: 3, seconds: 0.05,
};

test("every stop reason Python sends has words here, and this module words no value Python does not send", () => {
  assert.ok(INFO.stop_reasons.length >= 3, JSON.stringify(INFO.stop_reasons));
  assert.deepEqual(unworded(INFO), []);
  assert.deepEqual([...WORDED].sort(), [...INFO.stop_reasons].sort());
  assert.ok(INFO.stop_reasons.includes(NODE_LIMIT));
  assert.equal(INFO.stop_reasons.filter(wasCancelled).length, 1);
});

test("one wording, its contexts as parameters", () => {
  assert.equal(stoppedBy("node-limit"), "the node limit");
  assert.equal(stoppedBy("time-limit"), "the time limit");
  assert.equal(stoppedBy("cancelled"), "you");
  assert.equal(stoppedBy("cancelled", { cancelled: "Stop" }), "Stop");
  assert.deepEqual(["node-limit", "time-limit", "cancelled"].map((v) => stoppedBy(v, { short: true })), ["node limit", "time limit", "cancelled"]);
  // Not an early stop (or not a value at all): no words, so no sentence claims a stop.
  for (const other of [null, undefined, "solved", "unsolvable", "max-nodes", "__proto__", "constructor", 3]) {
    assert.equal(stoppedBy(other), null, String(other));
  }
  assert.deepEqual(unworded({ stop_reasons: ["node-limit", "memory-limit"] }), ["memory-limit"]);
});

test("each feature says why it stopped with those words, for every value Python sends", () => {
  for (const value of INFO.stop_reasons) {
    const by = stoppedBy(value);
    const search = solved({ ok: true, result: { length: null, stopped: value, expanded: 5, seconds: 0.1, algorithm: "astar", heuristic: "manhattan", bound: null, metric: "stm" } }, INFO);
    assert.ok(search.startsWith(`Stopped by ${by} before a solution was found`), search);
    const kept = solved({ ok: true, result: { length: 7, stopped: value, expanded: 5, seconds: 0.1, algorithm: "anytime", heuristic: "manhattan", quality: "not proven optimal", optimal: false, lower_bound: null, metric: "stm" } }, INFO);
    assert.match(kept, new RegExp(`This is the best found before ${by} stopped the search\\.`));
    const tree = treeBuilt({ algorithm: "bfs", heuristic: null, length: null, stopped: value, expanded: 5, tree: { expansions: 5, nodes: [] } }, INFO);
    assert.match(tree, new RegExp(`: no solution yet, stopped by ${by}[ ;]`));
    assert.match(analysed({ summary: "4 moves.", stopped: value, undos: "without-undos", played_moves: 4, single_tile_moves: 4, moves: [] }, "solution"),
      new RegExp(`Stopped by ${by}: what was found is kept\\.$`));
    const speedBy = stoppedBy(value, { cancelled: "Stop" });
    assert.equal(counted({ length: null, solvable: true, stopped: value }), `The shortest length was not reached: stopped by ${speedBy}.`);
    const before = { stm: 10, mtm: 8 };
    assert.match(shortenedStatus({ before, after: before, saved: { mtm: 0 }, stopped: value, seconds: 1 }), new RegExp(`stopped by ${speedBy} after`));
    const facts = Object.fromEntries(checkFacts({ ...CHECK, stopped: value }));
    assert.match(facts["Boards checked"], wasCancelled(value) ? /\(cancelled\)$/ : new RegExp(`\\(stopped by ${by}\\)$`));
  }
});

test("a person's search that hit the node limit is told so, not that it found no solution", () => {
  const said = searchDone({ name: "bfs", solved: false, stopped: "node-limit", expansions: 50, seconds: 0.2, length: null });
  assert.match(said, /^Your search was stopped by the node limit after 50 expansions/);
  assert.doesNotMatch(said, /returned None|found no solution/);
  assert.match(searchDone({ solved: false, stopped: null, expansions: 3, seconds: 0.1 }), /found no solution \(it returned None\)/);
});
