// What the page takes from the answers of the worker that runs a person's code
// (web/custom/sandbox-answers.js), each rule alone: the functions CodeRunner calls, given
// answers that break one rule each (code-runner.test.mjs drives the same rules through
// CodeRunner, where one rule can hide another's absence).
import assert from "node:assert/strict";
import { test } from "node:test";

import { boardsFit, cellsOf, codeField, foreignResult, refusal, replayRequest, replayedSolution } from "../../web/custom/sandbox-answers.js";

const NINE = [1, 2, 3, 4, 5, 6, 7, 8, 0];

test("a request's cells are its size's (a check's default 3x3), none for a size that is not one", () => {
  assert.equal(cellsOf({ size: "2x3" }), 6);
  assert.equal(cellsOf({ size: "4" }), 16);
  assert.equal(cellsOf({}), 9);
  assert.equal(cellsOf({ size: "0x3" }), 0);
  assert.equal(cellsOf({ size: "3x3; drop" }), 0);
});

test("every board has the request's cells, each a whole number on the board, however deep it sits", () => {
  assert.equal(boardsFit({ board: NINE, worst: { before: NINE, after: NINE }, history: [{ end: NINE }], note: "text" }, 9), true);
  for (const tiles of [[...NINE, 9].slice(1), [1.5, 2, 3, 4, 5, 6, 7, 8, 0], [-1, 2, 3, 4, 5, 6, 7, 8, 0],
    [9, 2, 3, 4, 5, 6, 7, 8, 0], ["1", 2, 3, 4, 5, 6, 7, 8, 0], NINE.slice(1), [...NINE, 0]]) {
    assert.equal(boardsFit({ board: tiles }, 9), false, JSON.stringify(tiles));
  }
  for (const key of ["board", "start", "goal", "before", "after", "end"]) {
    assert.equal(boardsFit({ deep: [{ [key]: [0] }] }, 9), false, key);
  }
  assert.equal(boardsFit({ tiles: [0], moves: [1, 2] }, 9), true, "only the board keys hold boards");
});

test("nesting past the limit is refused, not followed (a deep answer cannot exhaust the page's stack)", () => {
  const nest = (depth) => {
    let value = { board: NINE };
    for (let i = 0; i < depth; i++) value = { inner: value };
    return value;
  };
  assert.equal(boardsFit(nest(10), 9), true);
  assert.equal(boardsFit(nest(30), 9), false);
  let list = [NINE];
  for (let i = 0; i < 30; i++) list = [list];
  assert.equal(boardsFit(list, 9), false);
});

test("a solution is asked of the solver as a replay on the request's board, only if its tiles are a list", () => {
  const request = { op: "solve", board: "1,2,3,4,5,6,7,0,8", goal: "blank-last", size: "3x3" };
  assert.deepEqual(replayRequest(request, [8]), { op: "replay", board: request.board, goal: "blank-last", size: "3x3", tiles: [8] });
  for (const tiles of ["8", { 0: 8, length: 1 }, null, undefined, 8]) assert.equal(replayRequest(request, tiles), null, String(tiles));
});

test("a solution shown is the replay's: its start, goal and size, not what the code's worker claimed", () => {
  const start = [1, 2, 3, 4, 5, 6, 7, 0, 8];
  const replayed = { ok: true, start, goal: NINE, rows: 3, cols: 3, tiles: [8], moves: "L", end: NINE, at_goal: true };
  const claimed = { length: 1, tiles: [8], moves: "<b>", start: NINE, goal: [0], rows: 99, cols: 1, h_path: [1, 0] };
  assert.deepEqual(replayedSolution(claimed, replayed),
    { length: 1, tiles: [8], moves: "L", start, goal: NINE, rows: 3, cols: 3, h_path: [1, 0] });
  assert.equal(replayedSolution({ ...claimed, h_path: ["x", 0] }, replayed).h_path, null);
  assert.match(replayedSolution(claimed, { ok: false, error: { message: "move 1: no", step: 1 } }), /not legal \(move 1: no\)/);
  // Too many moves are not illegal ones: the words say the solver would not replay them.
  const tooMany = replayedSolution(claimed, { ok: false, error: { field: "tiles", message: "2,000,002 moves are more than 1,000,000" } });
  assert.equal(tooMany, "moves the solver would not replay (2,000,002 moves are more than 1,000,000)");
  assert.match(replayedSolution(claimed, null), /not legal/);
  assert.match(replayedSolution({ ...claimed, length: 2 }, replayed), /does not reach the goal/);
  assert.match(replayedSolution(claimed, { ...replayed, at_goal: false }), /does not reach the goal/);
  assert.match(replayedSolution({ length: null, tiles: [8] }, replayed, { final: true }), /found none/);
});

test("a search's result must be one, of the request's algorithm, and claim no proof with a person's heuristic", () => {
  const request = { op: "solve", algorithm: "astar", heuristic_code: "def h(*a): return 0" };
  assert.equal(foreignResult(request, { algorithm: "astar", optimal: false }), null);
  for (const result of [null, undefined, "result", 7, [{ algorithm: "astar", optimal: false }]]) {
    assert.equal(foreignResult(request, result), "a result that is not one", String(result));
  }
  assert.match(foreignResult(request, { algorithm: "idastar", optimal: false }), /another algorithm/);
  assert.match(foreignResult(request, { algorithm: "astar", optimal: true }), /proven optimal/);
  assert.match(foreignResult(request, { algorithm: "astar" }), /proven optimal/, "a missing claim is not a denial");
});

test("a refusal names the code's field: a person's search or heuristic", () => {
  assert.equal(codeField({ op: "user_search", search_code: "x" }), "search_code");
  assert.equal(codeField({ op: "check", heuristic_code: "x" }), "heuristic_code");
  assert.deepEqual(refusal({ op: "check" }, "garbage"),
    { ok: false, error: { field: "heuristic_code", message: "your code's worker answered with garbage", forged: true } });
});

test("a search's expansion count that no count can be is refused: negative, past safe integers, not a number", () => {
  const request = { op: "user_search", search_code: "..." };
  for (const expansions of [-5, 1e40, Number.NaN, 2.5, "7", null, true]) {
    assert.match(foreignResult(request, { expansions }) ?? "", /^an expansion count that no count can be \(/, String(expansions));
  }
  assert.equal(foreignResult(request, { expansions: 0 }), null);
  assert.equal(foreignResult(request, { expansions: 200_000 }), null);
});
