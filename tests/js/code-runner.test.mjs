// CodeRunner (web/custom/code-runner.js) takes nothing the worker that runs a person's code
// answers on its word (web/custom/sandbox-answers.js): a solution is shown only as the solver's
// own worker replays it (its replay op) from the request's board; boards of another size, text
// where a tile goes, a claim of a proof or of another algorithm, are refused and that worker is
// ended. The code's worker and the solver are fakes answered as Python would answer.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CodeRunner } from "../../web/custom/code-runner.js";
import * as protocol from "../../web/solver/protocol.js";
import { FakeClient, settle } from "./fakes.mjs";

const A = { board: "1,2,3,4,5,6,7,0,8", goal: "blank-last", rows: 3, cols: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8] };
const GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const CODE = { heuristic_code: "def h(tiles, goal, rows, cols):\n    return 0\n", heuristic_filename: "h.py" };
const SOLVE = protocol.solve(A, { algorithm: "astar", ...CODE }, { time_limit: 20 });

// A search's result as the code's worker sends it (Python's keys), with `overrides`.
function result(overrides = {}) {
  return {
    solvable: true, optimal: false, optimal_if_admissible: true, length: 1, tiles: [8], moves: "L", expanded: 1, algorithm: "astar",
    heuristic: "custom:h.py", start: A.tiles, goal: GOAL, rows: 3, cols: 3, quality: "optimal only if the heuristic is admissible",
    h_path: [1, 0], ...overrides,
  };
}

// Python's replay op's answer for `tiles` on A's board (only the legal ones this file uses).
function replayed(tiles) {
  if (tiles.length === 1 && tiles[0] === 8) {
    return { ok: true, type: "replayed", start: A.tiles, goal: GOAL, rows: 3, cols: 3, tiles, moves: "L", end: GOAL, at_goal: true };
  }
  if (tiles.length === 0) return { ok: true, type: "replayed", start: A.tiles, goal: GOAL, rows: 3, cols: 3, tiles, moves: "", end: A.tiles, at_goal: false };
  return { ok: false, error: { field: "tiles", message: `move 1: tile ${tiles[0]} is not next to the blank and cannot move`, step: 1 } };
}

function runnerWith() {
  const solver = new FakeClient();
  const code = new FakeClient();
  const runner = new CodeRunner({ solver, startWorker: () => null });
  runner.code = code;
  runner.ended = [];
  runner.end = (reason) => runner.ended.push(reason);
  // The solver answers every replay as Python would.
  const answerReplays = async () => {
    await settle();
    for (const entry of solver.ops("replay")) if (!entry.done) {
      entry.done = true;
      await solver.answer(entry, replayed(entry.request.tiles));
    }
  };
  return { solver, code, runner, answerReplays };
}

async function answered(reply, request = SOLVE) {
  const { solver, code, runner, answerReplays } = runnerWith();
  const { answer } = runner.request(request);
  assert.equal(solver.requests.length, 0, "a request with code never goes to the solver");
  await code.answer(code.last(), reply);
  await answerReplays();
  return { reply: await answer, solver, runner };
}

test("a legal solution is shown as the solver's worker replays it from the request's board", async () => {
  const { reply, solver, runner } = await answered({ ok: true, type: "result", result: result({ moves: "U", start: GOAL }) });
  assert.deepEqual(solver.ops("replay").map((e) => e.request), [{ op: "replay", board: A.board, goal: "blank-last", size: "3x3", tiles: [8] }]);
  assert.equal(reply.ok, true);
  assert.equal(reply.result.moves, "L"); // Python's directions, not the code's
  assert.deepEqual(reply.result.start, A.tiles);
  assert.deepEqual(runner.ended, []);
});

test("illegal moves, a solution that does not reach the goal, or no moves at all are refused and end the code's worker", async () => {
  for (const forged of [
    result({ tiles: [1, 1, 1, 5], moves: "UUDD", length: 4 }),
    result({ tiles: [], moves: "", length: 0 }),
    result({ tiles: "8", moves: "L" }),
    result({ length: 5 }),
    result({ length: null }),
  ]) {
    const { reply, runner } = await answered({ ok: true, type: "result", result: forged });
    assert.equal(reply.ok, false, JSON.stringify(forged));
    assert.equal(reply.error.field, "heuristic_code");
    assert.match(reply.error.message, /^your code's worker answered with /);
    assert.equal(runner.ended.length, 1);
  }
});

test("a result that claims a proof, another algorithm, or boards not of the request's size is refused", async () => {
  const huge = Array(1000 * 1000).fill(0);
  for (const forged of [
    result({ optimal: true }),
    result({ algorithm: "bfs" }),
    result({ start: huge, goal: huge, rows: 1000, cols: 1000 }),
    result({ tree: { nodes: [{ board: ["<img src=x>", 2, 3, 4, 5, 6, 7, 0, 8] }] } }),
    result({ tree: { nodes: Array(45_000).fill({ board: A.tiles }) } }),
  ]) {
    const { reply, solver } = await answered({ ok: true, type: "result", result: forged });
    assert.equal(reply.ok, false, JSON.stringify(forged).slice(0, 200));
    assert.equal(solver.ops("replay").length, 0);
  }
});

test("a check whose boards are markup or of another size is refused; Python's own passes", async () => {
  const check = protocol.check({ code: CODE.heuristic_code, filename: "h.py" }, "3x3", "blank-last", 20);
  const real = { goal: GOAL, worst_overestimate: { board: A.tiles, h: 5, distance: 1 }, worst_inconsistent_edge: null };
  assert.equal((await answered({ ok: true, type: "check", check: real }, check)).reply.ok, true);
  for (const forged of [
    { ...real, goal: ["x&board=9,9", 2, 3, 4, 5, 6, 7, 8, 0] },
    { ...real, worst_overestimate: { board: Array(1100 * 1000).fill(0), h: 5, distance: 1 } },
    { ...real, worst_inconsistent_edge: { before: [1, 2, 3, 4, 5, 6, 7, 0, 9], after: A.tiles } },
  ]) {
    const { reply } = await answered({ ok: true, type: "check", check: forged }, check);
    assert.equal(reply.ok, false, JSON.stringify(forged).slice(0, 200));
  }
});

test("a solution a running search reports reaches the page only as the solver replays it", async () => {
  const { solver, code, runner, answerReplays } = runnerWith();
  const seen = [];
  runner.request(SOLVE, (report, solution) => seen.push({ report, solution }));
  const entry = code.last();
  entry.onProgress({ stage: "searching" }, { tiles: [1, 1, 1, 5], moves: "UUDD", length: 4 }, null);
  await answerReplays();
  assert.deepEqual(seen.map((s) => s.solution), [null]);
  assert.equal(runner.ended.length, 1);
  entry.onProgress({ stage: "searching" }, { tiles: [8], moves: "U", length: 1, h_path: [1, 0] }, null);
  await answerReplays();
  assert.equal(seen.at(-1).solution.moves, "L");
  assert.equal(solver.ops("replay").length, 2);
  entry.onProgress({ stage: "x", board: [1, 2] }, null, null);
  assert.equal(runner.ended.length, 2);
});
