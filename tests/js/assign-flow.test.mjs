// The whole flow of one grade without a browser: grading.js (the page's half) between two real
// worker cores (web/solver/worker-core.js's `serve`), each over a Python of its own running
// npuzzle.webapi (the judge's, and the code's side's, as the solver's worker and the sandbox's
// are two). The verdicts must be those of npuzzle.assign.local's grade_locally, both halves in one
// Python: a right heuristic, an overestimating one, and one that raises.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import test from "node:test";

import { gradeCode } from "../../web/assign/grading.js";
import { CodeRunner } from "../../web/custom/code-runner.js";
import { client, PYTHON, ROOT } from "./python-pipe.mjs";
import { pythonInfo } from "./python-info.mjs";

const MANHATTAN = "def h(tiles, goal, rows, cols):\n    where = {t: divmod(i, cols) for i, t in enumerate(goal)}\n    total = 0\n"
  + "    for i, t in enumerate(tiles):\n        if t:\n            r, c = where[t]\n            total += abs(r - i // cols) + abs(c - i % cols)\n    return total\n";
const OVERESTIMATES = "def h(tiles, goal, rows, cols):\n    return 0 if list(tiles) == list(goal) else 7\n";
const RAISES = "def h(tiles, goal, rows, cols):\n    return 1 // 0\n";
const ASSIGNMENT = {
  format: "npuzzle-assignment", version: 1, title: "Flow", task: "heuristic", size: "2x3", boards: { seed: 5, count: 3 },
  criteria: [{ name: "admissible", weight: 2 }, { name: "consistent", weight: 1 }, { name: "astar_mean_nodes", weight: 1, max_mean: 200 }],
};

function localVerdicts(code, assignment = ASSIGNMENT) {
  const script = "import json, sys\nfrom npuzzle.assign import read_assignment\nfrom npuzzle.assign.local import grade_locally\n"
    + "a = read_assignment(json.loads(sys.argv[1]))\nprint(json.dumps({c.name: c.verdict for c in grade_locally(a, sys.argv[2]).criteria}))\n";
  return JSON.parse(execFileSync(PYTHON, ["-c", script, JSON.stringify(assignment), code], { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT } }));
}

test("a grade through two worker cores has grade_locally's verdicts, each code answered apart", { timeout: 120_000 }, async () => {
  const judge = client();
  const code = client();
  try {
    for (const text of [MANHATTAN, OVERESTIMATES, RAISES]) {
      const reports = [];
      const run = gradeCode({ judge, code, assignment: ASSIGNMENT, task: "heuristic", text, now: () => performance.now(), onProgress: (p) => reports.push(p) });
      const reply = await run.answer;
      assert.equal(reply.ok, true, JSON.stringify(reply));
      assert.equal(reply.type, "grade");
      const got = Object.fromEntries(reply.grade.criteria.map((c) => [c.name, c.verdict]));
      assert.deepEqual(got, localVerdicts(text), text);
      if (text === MANHATTAN) assert.equal(reply.grade.score, 100);
      if (text === OVERESTIMATES) assert.equal(got.admissible, "fail");
      assert.ok(reports.length > 0 && reports.every((p) => !("ask" in p)), "progress reaches the page without the ask");
      if (text === RAISES) assert.match(run.failures[0], /ZeroDivisionError/);
      else assert.deepEqual(run.failures, []);
    }
  } finally {
    judge.close();
    code.close();
  }
});

test("through the code runner, each grade's code runs in a fresh worker, the same text too", { timeout: 120_000 }, async () => {
  const judge = client();
  const made = [];
  const clock = { now: () => performance.now(), every: () => 0, stop: () => {} };
  const runner = new CodeRunner({ solver: judge, startWorker: () => null, state: { info: null }, clock, newClient: () => { const c = client(); made.push(c); return c; } });
  const code = { request: (r, p, o) => runner.request(r, p, o), cancel: (h) => runner.cancel(h), end: (why, h) => runner.end(why, h) };
  try {
    const scores = [];
    for (const text of [MANHATTAN, MANHATTAN, OVERESTIMATES]) {
      const reply = await gradeCode({ judge, code, assignment: ASSIGNMENT, task: "heuristic", text, now: () => performance.now() }).answer;
      assert.equal(reply.ok, true, JSON.stringify(reply));
      scores.push(reply.grade.score);
      assert.deepEqual(Object.fromEntries(reply.grade.criteria.map((c) => [c.name, c.verdict])), localVerdicts(text));
    }
    assert.deepEqual(scores.slice(0, 2), [100, 100]);
    // A worker for each grade (the spare kept ahead aside): the second MANHATTAN did not reuse the first's.
    const used = made.filter((c) => c.failed);
    assert.ok(used.length >= 2, `the workers of earlier grades were ended: ${used.length}`);
    assert.ok(made.length >= 3, `${made.length} workers for 3 grades`);
  } finally {
    judge.close();
    for (const c of made) c.close();
  }
});

test("a search's grade: its moves asked board by board, replayed by the judge", { timeout: 120_000 }, async () => {
  const judge = client();
  const code = client();
  const search = { ...ASSIGNMENT, title: "Search", task: "search", criteria: [{ name: "legal", weight: 1 }, { name: "optimal", weight: 1 }] };
  const template = pythonInfo().templates.search.code;
  try {
    for (const [text, score] of [[template, 100], ["def search(problem):\n    return ['U', 'U', 'U']\n", 0]]) {
      const reply = await gradeCode({ judge, code, assignment: search, task: "search", text, now: () => performance.now() }).answer;
      assert.equal(reply.ok, true, JSON.stringify(reply));
      assert.equal(reply.grade.score, score);
      assert.deepEqual(Object.fromEntries(reply.grade.criteria.map((c) => [c.name, c.verdict])), localVerdicts(text, search));
    }
  } finally {
    judge.close();
    code.close();
  }
});
