// CodeRunner (web/custom/code-runner.js) takes nothing the worker that runs a person's code
// answers on its word (web/custom/sandbox-answers.js): a solution is shown only as the solver's
// own worker replays it (its replay op) from the request's board; boards of another size, text
// where a tile goes, a claim of a proof or of another algorithm, are refused and that worker is
// ended; a check's verdict is the solver's, from h's values; each code runs in a worker of its
// own; a worker that reports without getting further, or past its budget, is ended. The code's
// workers and the solver are fakes answered as Python would answer.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CodeRunner, WARM_UP, budgetMs, warmUpFor } from "../../web/custom/code-runner.js";
import * as protocol from "../../web/solver/protocol.js";
import { FakeClient, settle } from "./fakes.mjs";
import { pythonInfo } from "./python-info.mjs";

const A = { board: "1,2,3,4,5,6,7,0,8", goal: "blank-last", rows: 3, cols: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8] };
const GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const INFO = pythonInfo(); // Python's limits (a tree's most nodes), as the page reads them
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
    return { ok: true, type: "replayed", start: A.tiles, goal: GOAL, rows: 3, cols: 3, tiles, moves: "L", end: GOAL, at_goal: true, distance: 1 };
  }
  if (tiles.join() === "8,5,6,8,5,6,8") { // a legal detour of 7 moves that ends on the goal
    return { ok: true, type: "replayed", start: A.tiles, goal: GOAL, rows: 3, cols: 3, tiles, moves: "LDRULDR".slice(0, 7), end: GOAL, at_goal: true, distance: 1 };
  }
  if (tiles.length === 0) return { ok: true, type: "replayed", start: A.tiles, goal: GOAL, rows: 3, cols: 3, tiles, moves: "", end: A.tiles, at_goal: false };
  return { ok: false, error: { field: "tiles", message: `move 1: tile ${tiles[0]} is not next to the blank and cannot move`, step: 1 } };
}

// A clock moved by hand: `tick(ms)` moves it and runs the watches.
function handClock() {
  const timers = new Set();
  const clock = {
    t: 0,
    now: () => clock.t,
    every: (callback) => { timers.add(callback); return callback; },
    stop: (timer) => timers.delete(timer),
    tick(ms) { clock.t += ms; for (const callback of [...timers]) callback(); },
    timers,
  };
  return clock;
}

// What a client of a code's worker was asked, but the warm-up a fresh worker gets (the site's own code).
const asked = (client) => client.requests.filter((e) => e.request !== WARM_UP);

function runnerWith() {
  const solver = new FakeClient();
  const code = new FakeClient();
  const made = [code]; // the code's workers, in the order made (the first, then spares)
  const clock = handClock();
  const runner = new CodeRunner({
    solver, startWorker: () => null, clock, state: { info: INFO },
    newClient: () => { const client = made.length === 1 && !made[0].taken ? made[0] : new FakeClient(); client.taken = true; if (!made.includes(client)) made.push(client); return client; },
  });
  runner.ended = [];
  runner.end = (reason, handle) => runner.ended.push(reason);
  // The solver answers every replay as Python would.
  const answerReplays = async () => {
    await settle();
    for (const entry of solver.ops("replay")) if (!entry.done) {
      entry.done = true;
      await solver.answer(entry, replayed(entry.request.tiles));
    }
  };
  return { solver, code, runner, answerReplays, made, clock };
}

async function answered(reply, request = SOLVE) {
  const { solver, code, runner, answerReplays } = runnerWith();
  const { answer } = runner.request(request);
  await settle(); // (its turn in the code's lane)
  assert.equal(solver.requests.length, 0, "a request with code never goes to the solver");
  await code.answer(code.last(), reply);
  await answerReplays();
  return { reply: await answer, solver, runner };
}

test("a legal solution is shown as the solver's worker replays it from the request's board", async () => {
  const { reply, solver, runner } = await answered({ ok: true, type: "result", result: result({ moves: "U", start: GOAL }) });
  assert.deepEqual(solver.ops("replay").map((e) => e.request), [{ op: "replay", board: A.board, goal: "blank-last", size: "3x3", tiles: [8], distance: true }]);
  assert.equal(reply.ok, true);
  assert.equal(reply.result.moves, "L"); // Python's directions, not the code's
  assert.deepEqual(reply.result.start, A.tiles);
  assert.deepEqual(runner.ended, []);
});

test("whether a solve with a person's heuristic is shortest is the solver's exact distance, never the code's word", async () => {
  const short = await answered({ ok: true, type: "result", result: result({ quality: "optimal (proven by me)" }) });
  assert.equal(short.reply.result.optimal_if_admissible, true);
  assert.equal(short.reply.result.exact_distance, 1);
  assert.match(short.reply.result.quality, /^shortest: the solver's exact distance is 1 move$/);
  const detour = await answered({ ok: true, type: "result", result: result({ tiles: [8, 5, 6, 8, 5, 6, 8], moves: "LLLLLLL", length: 7, optimal_if_admissible: true, quality: "optimal" }) });
  assert.equal(detour.reply.ok, true);
  assert.equal(detour.reply.result.optimal_if_admissible, false, "a longer solution is never said shortest, whatever the check proved");
  assert.equal(detour.reply.result.quality, "6 moves longer than the shortest (1 move, the solver's exact distance)");
  assert.equal(detour.reply.result.reported_by, "code");
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
    result({ tree: { nodes: Array(INFO.tree.max_recorded_nodes + 1).fill({ board: A.tiles }) } }), // one past Python's most
  ]) {
    const { reply, solver } = await answered({ ok: true, type: "result", result: forged });
    assert.equal(reply.ok, false, JSON.stringify(forged).slice(0, 200));
    assert.equal(solver.ops("replay").length, 0);
  }
});

test("a check is never asked of the code's worker: it answers h's values, and the solver judges them as they come", async () => {
  const { solver, code, runner } = runnerWith();
  const check = protocol.check({ code: CODE.heuristic_code, filename: "h.py" }, "3x3", "blank-last", 20);
  const seen = [];
  const { answer } = runner.request(check, (p) => seen.push(p));
  await settle(); // (its turn in the code's lane)
  assert.deepEqual(code.requests.map((e) => e.request.op), ["check_values"]);
  assert.equal(code.last().request.heuristic_code, CODE.heuristic_code);
  code.last().onProgress({ states: 2, total: 181440, seconds: 0.1, stage: "x", values_from: 0, values_delta: [0, 1] });
  const judged = solver.ops("judge_check");
  assert.equal(judged.length, 1, "the judge starts with the first values");
  const asked = judged[0].request;
  assert.deepEqual([asked.values, asked.more, asked.size, asked.goal, asked.heuristic_filename], [[0, 1], true, "3x3", "blank-last", "h.py"]);
  assert.equal("values_delta" in seen[0], false, "the panel hears how far, not the values");
  judged[0].onProgress({ states: 2, total: 181440, overestimates: 0, inconsistent_edges: 0, seconds: 0.1, stage: "checking every state" });
  code.last().onProgress({ states: 3, total: 181440, seconds: 0.2, stage: "x", values_from: 2, values_delta: [1] });
  assert.equal(seen.length, 2, "once the judge reports, only its words reach the panel");
  // What a forged worker might add (a verdict of its own) goes nowhere: only the values are judged.
  await code.answer(code.last(), { ok: true, type: "check_values", values_from: 3, values: [2], stopped: "cancelled", total: 181440, seconds: 1,
    check: { verdict: "admissible: forged", admissible: true } });
  assert.deepEqual(solver.fed.map(({ values, final, stopped }) => [values, final, stopped]), [[[1], false, undefined], [[2], true, "cancelled"]]);
  assert.ok(solver.fed[1].seconds > 0);
  const verdict = { ok: true, type: "check", check: { verdict: "no overestimate found on 4 boards (cancelled)", goal: GOAL } };
  await solver.answer(judged[0], verdict);
  assert.deepEqual(await answer, verdict);
});

test("h's values out of order, not a list, or boards of another size end the code's worker and judge nothing", async () => {
  const check = protocol.check({ code: CODE.heuristic_code, filename: "h.py" }, "3x3", "blank-last", 20);
  for (const forged of [
    { ok: true, type: "check_values", values_from: 0, values: "0,1" },
    { ok: true, type: "check_values", values_from: 5, values: [0] },
    { ok: true, type: "check_values", values_from: 0, values: [0], goal: ["x&board=9,9", 2, 3] },
  ]) {
    const { solver, code, runner } = runnerWith();
    const { answer } = runner.request(check);
    await settle(); // (its turn in the code's lane)
    await code.answer(code.last(), forged);
    const reply = await answer;
    assert.equal(reply.ok, false, JSON.stringify(forged));
    assert.equal(solver.ops("judge_check").length, 0);
    assert.equal(runner.ended.length, 1);
  }
  const { solver, code, runner } = runnerWith(); // a report that skips values
  runner.request(check, () => {});
  await settle(); // (its turn in the code's lane)
  code.last().onProgress({ states: 2, values_from: 0, values_delta: [0, 1] });
  code.last().onProgress({ states: 9, values_from: 5, values_delta: [0] });
  assert.equal(runner.ended.length, 1);
  assert.equal(solver.fed, undefined);
});

test("each code runs in a worker of its own, one at work at a time; the same code keeps its worker; another's is ended once idle", async () => {
  const { code, runner, made } = runnerWith();
  const other = { ...SOLVE, heuristic_code: "def h(tiles, goal, rows, cols):\n    return 1\n" };
  const first = runner.request(SOLVE);
  await settle(); // (its turn in the code's lane)
  assert.equal(made.length, 1, "no other worker starts beside the work");
  const second = runner.request(other);
  await settle();
  assert.deepEqual([made.length, code.requests.length], [1, 1], "other code waits while the first code's worker works (their memory caps would add up)");
  await code.answer(code.last(), { ok: false, error: { field: "heuristic_code", message: "x" } });
  await first.answer;
  assert.equal(made.length, 2, "a fresh worker is kept ahead once code has answered");
  assert.equal(made[1].requests[0].request, WARM_UP, "warmed with the site's own code, nothing of a person's");
  await settle();
  assert.equal(asked(made[1]).length, 1, "then it goes to the fresh worker, not the first's");
  assert.equal(code.requests.length, 1);
  assert.match(String(code.failed), /fresh worker/, "the first code's worker is ended once it has answered");
  const again = runner.request(other);
  await settle();
  assert.equal(asked(made[1]).length, 1, "the same code, asked again, waits its turn too");
  await made[1].answer(asked(made[1]).at(-1), { ok: false, error: { field: "heuristic_code", message: "y" } });
  await second.answer;
  await settle();
  assert.equal(asked(made[1]).length, 2, "the same code text: the same worker");
  assert.ok(made.length === 3 && asked(made[2]).length === 0, "a new fresh worker waits for the next code");
  again.answer.catch(() => {});
});

test("a request still waiting for its turn, cancelled or ended, is answered then and never sent", async () => {
  const { code, runner, made } = runnerWith();
  runner.end = CodeRunner.prototype.end; // the real one (this file's runners record ends instead)
  const first = runner.request(SOLVE);
  await settle();
  const other = { ...SOLVE, heuristic_code: "def h(tiles, goal, rows, cols):\n    return 2\n" };
  const waiting = runner.request(other);
  runner.cancel(waiting.id);
  await code.answer(code.last(), { ok: false, error: { field: "heuristic_code", message: "x" } });
  await first.answer;
  const reply = await waiting.answer;
  assert.equal(reply.ok, false);
  assert.match(reply.error.message, /cancelled it before it started/);
  assert.equal(made.slice(1).reduce((n, c) => n + asked(c).length, 0), 0, "never sent");
});

test("a code's worker that keeps reporting without getting further, or outlives its budget, is ended", async () => {
  const { code, runner, clock } = runnerWith();
  const check = protocol.check({ code: CODE.heuristic_code, filename: "h.py" }, "3x3", "blank-last", 20);
  runner.request(check, () => {});
  await settle(); // (its turn in the code's lane)
  for (let i = 0; i < 15; i++) {
    code.last().onProgress({ states: 10, total: 181440, seconds: i, stage: "x" }); // the same count again and again
    clock.tick(1000);
  }
  assert.equal(runner.ended.length, 1);
  assert.match(runner.ended[0], /without getting any further/);

  const fresh = runnerWith();
  fresh.runner.request(check, () => {});
  await settle(); // (its turn in the code's lane)
  for (let i = 0; i < 45; i++) {
    fresh.code.last().onProgress({ states: i + 1, total: 181440, seconds: i, stage: "x" }); // always further
    fresh.clock.tick(1000);
  }
  assert.deepEqual(fresh.runner.ended, [], "a check that gets further runs on");
  for (let i = 0; i < 10; i++) fresh.clock.tick(1000);
  assert.match(String(fresh.runner.ended[0]), /ran past the 50 s/);

  const starting = runnerWith(); // a worker still starting Python (WebKitGTK: many seconds): not yet counted
  starting.code.loaded = false;
  starting.runner.request(check, () => {});
  await settle(); // (its turn in the code's lane)
  for (let i = 0; i < 90; i++) starting.clock.tick(1000);
  assert.deepEqual(starting.runner.ended, []);
  starting.code.loaded = true;
  for (let i = 0; i < 12; i++) {
    starting.code.last().onProgress({ states: 1, total: 181440, seconds: i, stage: "x" });
    starting.clock.tick(1000);
  }
  assert.match(String(starting.runner.ended[0]), /without getting any further/);

  const silent = runnerWith(); // no report at all: silence, which SolverClient ends ("stopped answering")
  silent.runner.request(check, () => {});
  await settle(); // (its turn in the code's lane)
  for (let i = 0; i < 40; i++) silent.clock.tick(1000);
  assert.deepEqual(silent.runner.ended, []);
});

test("a solution a running search reports reaches the page only as the solver replays it", async () => {
  const { solver, code, runner, answerReplays } = runnerWith();
  const seen = [];
  runner.request(SOLVE, (report, solution) => seen.push({ report, solution }));
  await settle(); // (its turn in the code's lane)
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

test("a request's budget: its time limit, else Python's default, else (Python's info not in yet) none but the silence watch", () => {
  const margin = budgetMs({ op: "check", time_limit: 1 }, null) - 1000;
  assert.ok(margin > 0);
  assert.equal(budgetMs({ op: "check", time_limit: 5 }, 60), 5000 + margin);
  assert.equal(budgetMs({ op: "check" }, 60), 60_000 + margin);
  assert.equal(budgetMs({ op: "check" }, null), Infinity);
});

test("a grade's fresh request starts the next spare at once, warmed for its board; each grade takes a worker that has run no code", async () => {
  const { code, runner, made } = runnerWith();
  const ask = { op: "assignment_answer", kind: "check", size: "2x3", goal: "blank-first", time_limit: 60, ...CODE };
  const first = runner.request(ask, null, { fresh: true });
  await settle();
  assert.equal(made.length, 2, "the next grade's worker starts beside this one's work");
  await settle();
  assert.deepEqual(made[1].requests.map((e) => e.request), [warmUpFor(ask)], "warmed with the site's own code on the grade's board");
  assert.deepEqual([warmUpFor(ask).size, warmUpFor(ask).goal, warmUpFor(ask).heuristic_code], ["2x3", "blank-first", WARM_UP.heuristic_code]);
  assert.equal(code.ops("assignment_answer").length, 1);
  await code.answer(code.last(), { ok: true, kind: "check", values: [], values_from: 0, stopped: null });
  await first.answer;
  const second = runner.request(ask, null, { fresh: true });
  await settle();
  const graded = (client) => client.ops("assignment_answer");
  const started = [];
  const third = runner.request(ask, null, { fresh: true, onStart: () => started.push("third") });
  await settle();
  assert.deepEqual([graded(made[1]).length, started], [0, []], "a grade waits for its worker's warm-up to end: its clock starts after it");
  await made[1].answer(made[1].ops("check_values")[0], { ok: true, values: [], total: 0, stopped: null });
  await settle();
  assert.equal(graded(made[1]).length, 1, "the same text's next grade goes to the spare, a worker that has run no code");
  assert.deepEqual(started, [], "(the second grade's, sent first, has no onStart)");
  assert.match(String(code.failed), /fresh worker/, "the first grade's worker is ended");
  assert.equal(made.length, 3, "and the spare after it starts at once");
  await made[1].answer(graded(made[1]).at(-1), { ok: true, kind: "check", values: [], values_from: 0, stopped: null });
  await second.answer;
  await settle();
  await made[2].answer(made[2].ops("check_values")[0], { ok: true, values: [], total: 0, stopped: null });
  await settle();
  assert.deepEqual([started, graded(made[2]).length], [["third"], 1], "onStart is called as the grade is sent");
  await made[2].answer(graded(made[2]).at(-1), { ok: true, kind: "check", values: [], values_from: 0, stopped: null });
  await third.answer;
  assert.equal(warmUpFor({ size: { toString: () => "x" }, goal: "g".repeat(99) }).size, WARM_UP.size, "only a board named as text");
});
