// The job runner (web/solver/job-runner.js): the one search running at a time, its progress on
// the status line and to whoever runs it, its solutions, Cancel and Stop, and the answer of a
// job stopped meanwhile dropped.
import assert from "node:assert/strict";
import { test } from "node:test";

import { SOLVE } from "../../web/app/controller.js";
import { jobKind } from "../../web/solver/job-kind.js";
import { JobRunner } from "../../web/solver/job-runner.js";
import { FakeClient, callsOf, recorder, settle } from "./fakes.mjs";

const INFO = { algorithms: [], heuristics: [], directions: { U: "up", D: "down", L: "left", R: "right" } };
const REQUEST = { op: "solve", board: "1,2,3,4,5,6,7,0,8", goal: "blank-last", size: "3x3" };

function runner() {
  const client = new FakeClient();
  const page = recorder();
  const tables = recorder();
  const jobs = new JobRunner({ client, state: { info: INFO }, page, tables });
  return { client, page, tables, jobs };
}

test("a job runs through the client; the status says it started and the answer is its reply", async () => {
  const { client, page, tables, jobs } = runner();
  const running = jobs.run(SOLVE, REQUEST);
  assert.equal(jobs.kind, "solve");
  assert.equal(jobs.anytime, false);
  assert.deepEqual(client.last().request, REQUEST);
  assert.deepEqual(callsOf(tables, "giveWay"), [["3x3", "blank-last"]], "a preparation of the same tables gives way");
  const [text, outcome] = callsOf(page, "setStatus")[0];
  assert.equal(text, "Searching\u2026");
  assert.deepEqual(outcome, { state: "searching" });
  assert.equal(callsOf(page, "revealStatus").length, 1, "a solve brings the status into view");
  await client.answer(client.last(), { ok: true, result: { length: 1 } });
  assert.deepEqual(await running, { ok: true, result: { length: 1 } });
  assert.equal(jobs.kind, null);
});

test("progress goes to the status line and to onProgress; each solution to onSolution", async () => {
  const { client, page, jobs } = runner();
  const reports = [];
  const solutions = [];
  jobs.run(SOLVE, REQUEST, {
    anytime: true, onSolution: (s) => solutions.push(s), shown: () => 12, onProgress: (r) => reports.push(r),
  });
  assert.equal(jobs.anytime, true);
  const entry = client.last();
  entry.onProgress({ best: 10, lower_bound: 8, expanded: 5000 }, { moves: "LLUR", tiles: [1, 2, 3, 4] }, { samples: [1] });
  assert.deepEqual(solutions, [{ moves: "LLUR", tiles: [1, 2, 3, 4] }]);
  const [text, outcome] = callsOf(page, "setStatus").at(-1);
  assert.match(text, /^Improving: showing 12 moves while you watch; 10 moves found/);
  assert.deepEqual(outcome, { state: "improving", length: 12, best: 10, lower: 8, expanded: 5000, preparing: null });
  assert.equal(reports.length, 1);
  assert.deepEqual(reports[0].progress, { best: 10, lower_bound: 8, expanded: 5000 });
  assert.deepEqual(reports[0].traceDelta, { samples: [1] });
});

test("Cancel asks the worker to stop and says so; later progress brings no words, only the trace", async () => {
  const { client, page, jobs } = runner();
  const reports = [];
  const running = jobs.run(SOLVE, REQUEST, { anytime: true, onProgress: (r) => reports.push(r) });
  const entry = client.last();
  jobs.cancel();
  jobs.cancel(); // once
  assert.deepEqual(client.cancelled, [entry.id]);
  assert.deepEqual(callsOf(page, "setStatus").at(-1), ["Stopping: keeping the best solution found\u2026", { state: "stopping" }]);
  const said = callsOf(page, "setStatus").length;
  entry.onProgress({ expanded: 10 }, null, { samples: [2] });
  assert.equal(callsOf(page, "setStatus").length, said, "no progress words once stopping");
  assert.deepEqual(reports, [{ progress: null, words: null, traceDelta: { samples: [2] } }]);
  await client.answer(entry, { ok: true, result: { length: 7, stopped: "cancelled" } });
  assert.equal((await running).result.length, 7, "a cancelled search still answers with what it found");
});

test("a job stopped meanwhile (an edit) is cancelled and its answer and progress are dropped", async () => {
  const { client, jobs } = runner();
  const solutions = [];
  const running = jobs.run(SOLVE, REQUEST, { onSolution: (s) => solutions.push(s) });
  const entry = client.last();
  jobs.stop();
  assert.equal(jobs.kind, null);
  assert.deepEqual(client.cancelled, [entry.id]);
  entry.onProgress({ expanded: 1 }, { moves: "L", tiles: [8] }, null);
  assert.deepEqual(solutions, []);
  await client.answer(entry, { ok: true, result: { length: 1 } });
  assert.equal(await running, null);
});

test("a new job replaces the one before: the old answer is dropped, the new one kept", async () => {
  const { client, jobs } = runner();
  const first = jobs.run(SOLVE, REQUEST);
  const firstEntry = client.last();
  const second = jobs.run(jobKind({ name: "compare" }), { op: "compare" });
  assert.equal(jobs.kind, "compare");
  await client.answer(firstEntry, { ok: true });
  assert.equal(await first, null);
  assert.equal(jobs.kind, "compare", "the old answer does not end the new job");
  await client.answer(client.last(), { ok: true, results: [] });
  assert.deepEqual(await second, { ok: true, results: [] });
  await settle();
});

test("a job is run as a kind its feature describes; anything else is refused before it starts", async () => {
  const { client, page, jobs } = runner();
  await assert.rejects(jobs.run("solve", REQUEST), /a job runs as a job kind/);
  assert.deepEqual([client.requests.length, callsOf(page, "setStatus").length], [0, 0], "nothing was sent or said");
  assert.throws(() => jobKind({ name: "x", words: () => "" }), /a job kind has no field "words"/);
  assert.throws(() => jobKind({ progress: () => ({}) }), /needs its name/);
  const kind = jobKind({ name: "count", started: () => ({ status: "Counting\u2026", outcome: { state: "searching" } }),
    progress: (p, { seconds }) => ({ status: `Counted ${p.done} in ${seconds > 0 ? "some" : "no"} time`, outcome: { state: "searching", expanded: p.done } }) });
  jobs.run(kind, { op: "count" });
  assert.equal(jobs.kind, "count");
  assert.deepEqual(callsOf(page, "setStatus").at(-1), ["Counting\u2026", { state: "searching" }]);
  assert.equal(callsOf(page, "revealStatus").length, 0, "only a kind that asks brings the status into view");
  client.last().onProgress({ done: 3 }, null, null);
  assert.equal(callsOf(page, "setStatus").at(-1)[0].startsWith("Counted 3 in"), true);
  assert.deepEqual(callsOf(page, "setStatus").at(-1)[1], { state: "searching", expanded: 3 });
});

test("a built-in search goes to the solver directly; only a request that carries code goes through the code runner", async () => {
  const client = new FakeClient();
  const code = new FakeClient();
  const page = recorder();
  const jobs = new JobRunner({ client, code, state: { info: INFO }, page, tables: recorder() });
  jobs.run(SOLVE, REQUEST);
  assert.deepEqual([client.requests.length, code.requests.length], [1, 0]);
  jobs.cancel();
  assert.deepEqual([client.cancelled, code.cancelled], [[client.last().id], []]);
  const mine = { ...REQUEST, heuristic: "custom", heuristic_code: "def h(tiles, goal, rows, cols):\n    return 0\n" };
  jobs.run(SOLVE, mine);
  assert.deepEqual([client.requests.length, code.requests.length], [1, 1]);
  assert.deepEqual(code.last().request, mine);
  jobs.stop();
  assert.deepEqual(code.cancelled, [code.last().id], "it is stopped where it runs");
  const alone = new JobRunner({ client, state: { info: INFO }, page, tables: recorder() });
  await assert.rejects(alone.run(SOLVE, mine), /needs the code runner/);
});

test("the code panel's lane goes through the code runner, beside the page's one search", () => {
  const client = new FakeClient();
  const code = new FakeClient();
  code.started = true;
  code.end = (reason, handle) => code.calls.push(["end", reason, handle]);
  code.calls = [];
  const jobs = new JobRunner({ client, code, state: { info: INFO }, page: recorder(), tables: recorder() });
  jobs.run(SOLVE, REQUEST);
  const lane = jobs.codeLane;
  const { id } = lane.request({ op: "check", heuristic_code: "x" });
  assert.equal(jobs.kind, "solve", "the page's search runs on");
  lane.cancel(id);
  lane.end("why", id);
  assert.deepEqual([client.requests.length, code.requests.length, code.cancelled, code.calls], [1, 1, [id], [["end", "why", id]]]);
  assert.equal(lane.started(), true);
  assert.throws(() => new JobRunner({ client, state: {}, page: recorder(), tables: recorder() }).codeLane, /needs the code runner/);
});
