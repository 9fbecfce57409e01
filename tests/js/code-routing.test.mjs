// Where a request goes is decided once, by the job runner (JobRunner.via, web/solver/job-runner.js):
// a request that carries a person's code to the code runner (web/custom/code-runner.js), every
// other to the solver. The code runner takes only the former and refuses the rest, so no request
// reaches the solver by a second road; the code runner asks the solver itself only to judge (a
// check's verdict, a solution's replay). The real JobRunner and CodeRunner here; the solver's
// client and the code's workers are fakes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CodeRunner, WARM_UP } from "../../web/custom/code-runner.js";
import { SOLVE } from "../../web/app/controller.js";
import { JobRunner } from "../../web/solver/job-runner.js";
import * as protocol from "../../web/solver/protocol.js";
import { FakeClient, recorder, settle } from "./fakes.mjs";
import { pythonInfo } from "./python-info.mjs";

const A = { board: "1,2,3,4,5,6,7,0,8", goal: "blank-last", rows: 3, cols: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8] };
const H = { code: "def h(tiles, goal, rows, cols):\n    return 0\n", filename: "h.py" };
const SEARCH = { code: "def search(start, goal, rows, cols, limits):\n    return None\n", filename: "s.py" };
const HEURISTIC = { heuristic_code: H.code, heuristic_filename: H.filename };
const INFO = pythonInfo();

// Requests with a person's code, as the page builds them (protocol.js), and requests without.
const WITH_CODE = {
  "a solve with their heuristic": protocol.solve(A, { algorithm: "astar", ...HEURISTIC }),
  "a breakdown of their heuristic": protocol.breakdown(A, A.tiles, HEURISTIC),
  "a comparison with their heuristic": protocol.compare(A, HEURISTIC),
  "their search": protocol.userSearch(A, SEARCH, { time_limit: 5 }),
  "a check of their heuristic": protocol.check(H, "3x3", "blank-last", 5),
};
const WITHOUT_CODE = {
  "a built-in solve": protocol.solve(A, { algorithm: "astar", heuristic: "manhattan" }),
  "a tree": protocol.solve(A, { algorithm: "astar", heuristic: "manhattan" }, {}, { tree: true }),
  "a breakdown of a built-in heuristic": protocol.breakdown(A, A.tiles, "manhattan"),
  "a slide": protocol.move(A, { tile: 8 }),
  "a comparison": protocol.compare(A, {}),
  "a judge_check": { op: "judge_check", values: [0], more: true, size: "3x3", goal: "blank-last" },
  "a replay": { op: "replay", board: A.board, goal: "blank-last", size: "3x3", tiles: [8] },
};

// A job runner over a real code runner; `made`: the code's workers (fake clients) in the order started.
function wired() {
  const client = new FakeClient();
  const made = [];
  const code = new CodeRunner({
    solver: client, startWorker: () => null, state: { info: INFO },
    newClient: () => { const worker = new FakeClient(); made.push(worker); return worker; },
    clock: { now: () => 0, every: () => 0, stop: () => {} },
  });
  const jobs = new JobRunner({ client, code, state: { info: INFO }, page: recorder(), tables: recorder() });
  const asked = () => made.flatMap((worker) => worker.requests.filter((e) => e.request !== WARM_UP));
  return { client, code, jobs, made, asked };
}

test("the code runner refuses a request without a person's code, and sends it nowhere", async () => {
  assert.equal(Object.keys(WITHOUT_CODE).length, 7);
  for (const [what, request] of Object.entries(WITHOUT_CODE)) {
    const { client, code, made } = wired();
    assert.throws(() => code.request(request, () => {}), /runs only a request that carries a person's code.*JobRunner\.via/, what);
    assert.throws(() => code.request(request), new RegExp(`not op "${request.op}"`), what);
    await settle();
    assert.deepEqual([client.requests.length, made.length, code.started], [0, 0, false], `${what}: nothing sent, no worker started`);
  }
});

test("the code panel's lane refuses a request without code as the code runner does", () => {
  const { client, jobs, made } = wired();
  assert.throws(() => jobs.codeLane.request(WITHOUT_CODE["a built-in solve"]), /carries a person's code/);
  assert.deepEqual([client.requests.length, made.length], [0, 0]);
});

test("JobRunner.via sends each request with code to the code runner and each without to the solver", () => {
  const { client, code, jobs } = wired();
  assert.equal(Object.keys(WITH_CODE).length, 5);
  for (const [what, request] of Object.entries(WITH_CODE)) assert.equal(jobs.via(request), code, what);
  for (const [what, request] of Object.entries(WITHOUT_CODE)) assert.equal(jobs.via(request), client, what);
});

test("a request with code asked beside the search reaches a code's worker, never the solver; one without, the solver alone", async () => {
  const { client, code, jobs, asked } = wired();
  const mine = WITH_CODE["a breakdown of their heuristic"];
  jobs.ask(mine);
  await settle(); // (its turn in the code's lane)
  assert.deepEqual(asked().map((e) => e.request), [mine]);
  assert.equal(client.requests.length, 0, "the solver was asked nothing");
  const slide = WITHOUT_CODE["a slide"];
  jobs.ask(slide);
  await settle();
  assert.deepEqual(client.requests.map((e) => e.request), [slide]);
  assert.equal(asked().length, 1, "the code's worker was asked nothing more");
  assert.equal(code.started, true);
});

test("a job with code runs on a code's worker; a built-in job on the solver, without starting one", async () => {
  const builtIn = wired();
  builtIn.jobs.run(SOLVE, WITHOUT_CODE["a built-in solve"]);
  await settle();
  assert.deepEqual(builtIn.client.requests.map((e) => e.request), [WITHOUT_CODE["a built-in solve"]]);
  assert.deepEqual([builtIn.made.length, builtIn.code.started], [0, false], "no code's worker was started");
  const custom = wired();
  custom.jobs.run(SOLVE, WITH_CODE["a solve with their heuristic"]);
  await settle();
  assert.deepEqual(custom.asked().map((e) => e.request), [WITH_CODE["a solve with their heuristic"]]);
  assert.equal(custom.client.requests.length, 0);
});

test("a check asks the code's worker for h's values and the solver, by the code runner's own hand, for the verdict", async () => {
  const { client, jobs, asked } = wired();
  const check = WITH_CODE["a check of their heuristic"];
  jobs.codeLane.request(check);
  await settle();
  assert.deepEqual(asked().map((e) => e.request), [{ ...check, op: "check_values" }]);
  assert.equal(client.requests.length, 0, "nothing judged before values came");
  asked()[0].onProgress({ values_from: 0, values_delta: [0, 1] });
  assert.deepEqual(client.requests.map((e) => e.request.op), ["judge_check"]);
  assert.deepEqual(client.requests[0].request.values, [0, 1]);
});
