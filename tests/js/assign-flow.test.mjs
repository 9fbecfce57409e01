// The whole flow of one grade without a browser: grading.js (the page's half) between two real
// worker cores (web/solver/worker-core.js's `serve`), each over a Python of its own running
// npuzzle.webapi (the judge's, and the code's side's, as the solver's worker and the sandbox's
// are two). The verdicts must be those of npuzzle.assign.local's grade_locally, both halves in one
// Python: a right heuristic, an overestimating one, and one that raises.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";

import { gradeCode } from "../../web/assign/grading.js";
import { CodeRunner } from "../../web/custom/code-runner.js";
import { serve } from "../../web/solver/worker-core.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PYTHON = process.env.NPUZZLE_PYTHON || (existsSync(`${ROOT}.venv/bin/python`) ? `${ROOT}.venv/bin/python` : "python3");
const LOOP = "import sys\nfrom npuzzle import webapi\nrequests = open(sys.argv[1])\nanswers = open(sys.argv[2], 'w')\n"
  + "for line in requests:\n    answers.write(webapi.handle(line) + '\\n')\n    answers.flush()\n";

// A Python answering webapi.handle synchronously, as Pyodide's is, through two named pipes.
function python() {
  const dir = mkdtempSync(join(tmpdir(), "npuzzle-assign-"));
  const [ins, outs] = [join(dir, "in"), join(dir, "out")];
  execFileSync("mkfifo", [ins, outs]);
  const child = spawn(PYTHON, ["-c", LOOP, ins, outs], { cwd: ROOT, stdio: "inherit", env: { ...process.env, PYTHONPATH: ROOT } });
  const input = openSync(ins, "w");
  const output = openSync(outs, "r");
  let pending = "";
  const handle = (text) => {
    writeSync(input, `${text.replace(/\n/g, " ")}\n`);
    const chunk = Buffer.alloc(1 << 16);
    while (!pending.includes("\n")) {
      const n = readSync(output, chunk, 0, chunk.length, null);
      if (n === 0) throw new Error("Python ended");
      pending += chunk.toString("utf8", 0, n);
    }
    const at = pending.indexOf("\n");
    const line = pending.slice(0, at);
    pending = pending.slice(at + 1);
    return line;
  };
  const close = () => { closeSync(input); closeSync(output); child.kill(); };
  return { handle, close };
}

// A client of one worker core, as SolverClient is of a worker: request, feed, cancel.
function client() {
  const py = python();
  const pending = new Map();
  let next = 1;
  const receive = serve({
    load: async () => ({ pyimport: () => ({ handle: py.handle }), FS: {} }),
    table: async () => new Uint8Array(),
    post: (message) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      if (message.type === "progress") entry.onProgress?.(message.progress);
      else if (message.type === "answer") {
        pending.delete(message.id);
        entry.resolve(message.answer);
      }
    },
  });
  return {
    request(request, onProgress = null) {
      const id = next++;
      const answer = new Promise((resolve) => pending.set(id, { resolve, onProgress }));
      receive({ id, ...request });
      return { id, answer };
    },
    feed: (target, fed) => receive({ id: next++, op: "feed", target, feed: fed }),
    cancel: (target) => receive({ id: next++, op: "abort", target }),
    end() {},
    fail() { this.failed = true; },
    crash() {},
    worker: {},
    loaded: true,
    ready: Promise.resolve({}),
    close: py.close,
  };
}

const MANHATTAN = "def h(tiles, goal, rows, cols):\n    where = {t: divmod(i, cols) for i, t in enumerate(goal)}\n    total = 0\n"
  + "    for i, t in enumerate(tiles):\n        if t:\n            r, c = where[t]\n            total += abs(r - i // cols) + abs(c - i % cols)\n    return total\n";
const OVERESTIMATES = "def h(tiles, goal, rows, cols):\n    return 0 if list(tiles) == list(goal) else 7\n";
const RAISES = "def h(tiles, goal, rows, cols):\n    return 1 // 0\n";
const ASSIGNMENT = {
  format: "npuzzle-assignment", version: 1, title: "Flow", task: "heuristic", size: "2x3", boards: { seed: 5, count: 3 },
  criteria: [{ name: "admissible", weight: 2 }, { name: "consistent", weight: 1 }, { name: "astar_mean_nodes", weight: 1, max_mean: 200 }],
};

function localVerdicts(code) {
  const script = "import json, sys\nfrom npuzzle.assign import read_assignment\nfrom npuzzle.assign.local import grade_locally\n"
    + "a = read_assignment(json.loads(sys.argv[1]))\nprint(json.dumps({c.name: c.verdict for c in grade_locally(a, sys.argv[2]).criteria}))\n";
  return JSON.parse(execFileSync(PYTHON, ["-c", script, JSON.stringify(ASSIGNMENT), code], { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT } }));
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
