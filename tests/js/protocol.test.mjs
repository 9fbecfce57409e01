// The worker protocol (web/solver/protocol.js): every request the page sends is built there.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as protocol from "../../web/solver/protocol.js";
import { PageState } from "../../web/app/page-state.js";

const A = { board: "8,6,7,2,5,4,3,0,1", goal: "blank-last", rows: 3, cols: 3, tiles: [8, 6, 7, 2, 5, 4, 3, 0, 1] };

test("a size is RxC; a board travels with its goal and size", () => {
  assert.equal(protocol.sizeName(3, 5), "3x5");
  assert.deepEqual(protocol.boardFields(A), { board: A.board, goal: "blank-last", size: "3x3" });
  assert.deepEqual(protocol.boardFields(A, [1, 2, 3, 4, 5, 6, 7, 8, 0]).board, "1,2,3,4,5,6,7,8,0");
});

test("a size is read back from RxC or N, and only from those", () => {
  assert.deepEqual(protocol.parseSize("4x3"), { rows: 4, cols: 3 });
  assert.deepEqual(protocol.parseSize("5X2"), { rows: 5, cols: 2 });
  assert.deepEqual(protocol.parseSize("4"), { rows: 4, cols: 4 });
  assert.deepEqual(protocol.parseSize(protocol.sizeName(2, 7)), { rows: 2, cols: 7 });
  for (const bad of ["", "x3", "3x", "0x3", "3x0", "a", "3x3x3", "-3"]) assert.equal(protocol.parseSize(bad), null, bad);
});

test("the worker's own requests: info at start, each step of a search and its cancel", () => {
  assert.deepEqual(protocol.info(), { op: "info" });
  assert.deepEqual(protocol.step(3, 30), { op: "step", job: 3, budget_ms: 30 });
  assert.deepEqual(protocol.step(3, 30, { cancel: true }), { op: "cancel", job: 3, budget_ms: 30 });
});

test("each op of the web API is built with its fields", () => {
  assert.deepEqual(protocol.analyze("1 2 3 0", "blank-first"), { op: "analyze", board: "1 2 3 0", goal: "blank-first" });
  assert.deepEqual(protocol.analyze("1 2 3 0", undefined, "1x4").size, "1x4");
  assert.deepEqual(protocol.newBoard("goal", { size: "4x4", goal: "blank-last" }), { op: "goal", size: "4x4", goal: "blank-last" });
  assert.deepEqual(protocol.newBoard("random", { size: "4x4" }), { op: "random", size: "4x4", goal: undefined });
  assert.equal(protocol.newBoard("scramble", { size: "4x4", moves: 30 }).moves, 30);
  assert.deepEqual(protocol.solve(A, { algorithm: "astar", heuristic: "manhattan" }, { max_nodes: 5 }, { trace: true }),
    { op: "solve", board: A.board, goal: "blank-last", size: "3x3", algorithm: "astar", heuristic: "manhattan", max_nodes: 5, trace: true });
  assert.equal(protocol.solve(A, {}, {}, { tree: true }).tree, true);
  assert.equal("trace" in protocol.solve(A, {}), false);
  assert.deepEqual(protocol.hint(A, { max_nodes: 9, time_limit: 2 }), { op: "solve", ...protocol.boardFields(A), max_nodes: 9, time_limit: 2 });
  assert.deepEqual(protocol.compare(A, { weight: 1.5 }), { op: "compare", ...protocol.boardFields(A), weight: 1.5 });
  assert.deepEqual(protocol.breakdown(A, A.tiles, "pdb"), { op: "breakdown", ...protocol.boardFields(A), heuristic: "pdb" });
  assert.deepEqual(protocol.move(A, { direction: "L" }), { op: "move", ...protocol.boardFields(A), direction: "L" });
  assert.deepEqual(protocol.prepare("4x4", "blank-first"), { op: "prepare", size: "4x4", goal: "blank-first" });
  assert.deepEqual(protocol.abort(7), { op: "abort", target: 7 });
});

test("the page state announces the fields that changed, and only those", () => {
  const state = new PageState();
  const heard = [];
  state.on((changed) => heard.push(changed));
  state.set({ view: "tree", mode: "edit" });
  state.set({ view: "tree" });
  assert.deepEqual(heard, [["view"]]);
  assert.equal(state.treeShown, true);
  state.set({ view: "compare" });
  assert.equal(state.treeShown, false);
  // Python's info and whether the solver answers now: one owner, announced like the rest.
  state.set({ info: { min_side: 2 }, ready: true });
  assert.deepEqual(heard.slice(-1), [["info", "ready"]]);
  state.set({ ready: false });
  assert.deepEqual(state.info, { min_side: 2 }); // a restart keeps Python's facts
});
