// The page's half of one grade (web/assign/grading.js) against fakes of the judge's and the code's
// lanes: each ask's request goes to the code's side with the code added, once per ask; a streamed
// ask's reports are fed as they come and its result last; an error of the code's worker is fed as
// an error; the first ask gets a fresh worker; Stop cancels the judge and ends the code's worker.
import assert from "node:assert/strict";
import test from "node:test";

import { figure } from "../../web/assign/assign-words.js";
import { codeField, feedFor, gradeCode } from "../../web/assign/grading.js";

function lanes({ deferStart = false } = {}) {
  const log = { judge: [], fed: [], code: [], cancelled: [], ended: [] };
  let judgeProgress = null;
  let judgeResolve = null;
  const codeReplies = [];
  const judge = {
    request(request, onProgress) {
      log.judge.push(request);
      judgeProgress = onProgress;
      return { id: 7, answer: new Promise((resolve) => { judgeResolve = resolve; }) };
    },
    feed(id, fed) { log.fed.push({ id, fed }); },
    cancel(id) { log.cancelled.push(id); },
  };
  const code = {
    request(request, onProgress, options) {
      const entry = { request, onProgress, options };
      entry.answer = new Promise((resolve) => { entry.resolve = resolve; });
      entry.start = () => options.onStart(); // the code runner calls it as it sends (its worker ready)
      if (!deferStart) entry.start();
      log.code.push(entry);
      codeReplies.push(entry);
      return { id: { n: log.code.length }, answer: entry.answer };
    },
    cancel() {},
    end(reason, handle) { log.ended.push({ reason, handle }); },
  };
  return { log, judge, code, report: (r) => judgeProgress(r), finish: (r) => judgeResolve(r) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const ASSIGNMENT = { task: "heuristic" };

test("the code's field follows the task", () => {
  assert.equal(codeField("heuristic"), "heuristic_code");
  assert.equal(codeField("search"), "search_code");
});

test("a streamed ask: deltas fed as they come, the rest last, the first ask on a fresh worker", async () => {
  const { log, judge, code, report, finish } = lanes();
  let clock = 0;
  const run = gradeCode({ judge, code, assignment: ASSIGNMENT, task: "heuristic", text: "def h(): pass", now: () => clock });
  assert.deepEqual(log.judge, [{ op: "assignment_grade", assignment: ASSIGNMENT }]);
  const ask = { id: 1, kind: "check_values", streams: true, request: { op: "assignment_answer", kind: "check", size: "2x2", time_limit: 60 } };
  report({ stage: "check", waiting: true, ask });
  report({ stage: "check", waiting: true, ask }); // the same ask again: sent once
  assert.equal(log.code.length, 1);
  const sent = log.code[0];
  assert.equal(sent.request.heuristic_code, "def h(): pass");
  assert.equal(sent.request.kind, "check");
  assert.equal(sent.options.fresh, true);
  sent.onProgress({ values_from: 0, values_delta: [1, 2] });
  sent.onProgress({ values_from: 2, values_delta: [3] });
  assert.deepEqual(log.fed.map((f) => f.fed), [{ ask: 1, values: [1, 2], final: false }, { ask: 1, values: [3], final: false }]);
  clock = 1500;
  sent.resolve({ ok: true, values_from: 3, values: [4], stopped: null });
  await tick();
  assert.deepEqual(log.fed[2].fed, { ask: 1, values: [4], stopped: null, seconds: 1.5, final: true });
  // A second ask (values) of the same grade: not fresh, a silence watch of its time limit.
  const values = { id: 2, kind: "values", streams: false, request: { op: "assignment_answer", kind: "values", time_limit: 2, boards: [[1, 2, 3, 0]] } };
  report({ stage: "astar", waiting: true, ask: values });
  assert.equal(log.code.length, 2);
  assert.equal(log.code[1].options.fresh, undefined);
  assert.equal(log.code[1].options.silenceMs, 7000);
  log.code[1].resolve({ ok: false, error: { field: "heuristic_code", message: "ZeroDivisionError at line 2" } });
  await tick();
  assert.equal(log.fed[3].fed.error, "ZeroDivisionError at line 2");
  assert.equal(log.fed[3].fed.ask, 2);
  assert.deepEqual(run.failures, ["ZeroDivisionError at line 2"]);
  finish({ ok: true, type: "grade", grade: { score: 50 } });
  assert.equal((await run.answer).grade.score, 50);
});

test("an ask's seconds count from when the code's worker starts on it, never its worker's start-up", async () => {
  const { log, judge, code, report } = lanes({ deferStart: true });
  let clock = 0;
  gradeCode({ judge, code, assignment: { task: "search" }, task: "search", text: "def search(p): return []", now: () => clock });
  report({ waiting: true, ask: { id: 1, kind: "search", streams: false, request: { kind: "search", time_limit: 1 } } });
  clock = 2400; // a fresh worker starting, then its warm-up
  log.code[0].start();
  clock = 2450;
  log.code[0].resolve({ ok: true, moves: [], stopped: null });
  await tick();
  assert.equal(log.fed[0].fed.seconds, 0.05);
});

test("values out of their order are fed as an error, never as values", async () => {
  const { log, judge, code, report } = lanes();
  gradeCode({ judge, code, assignment: ASSIGNMENT, task: "heuristic", text: "x", now: () => 0 });
  report({ waiting: true, ask: { id: 1, kind: "check_values", streams: true, request: { kind: "check" } } });
  log.code[0].onProgress({ values_from: 5, values_delta: [1] });
  log.code[0].resolve({ ok: true, values_from: 0, values: [1] });
  await tick();
  assert.equal(log.fed.length, 1);
  assert.match(log.fed[0].fed.error, /out of their order/);
});

test("a new ask while a stream runs ends the stream's worker; Stop cancels the judge", async () => {
  const { log, judge, code, report } = lanes();
  const run = gradeCode({ judge, code, assignment: { task: "search" }, task: "search", text: "def search(p): pass", now: () => 0 });
  report({ waiting: true, ask: { id: 1, kind: "check_values", streams: true, request: { kind: "check" } } });
  report({ waiting: false, ask: null });
  assert.equal(log.ended.length, 1);
  report({ waiting: true, ask: { id: 2, kind: "search", streams: false, request: { kind: "search", time_limit: 1 } } });
  assert.equal(log.code[1].request.search_code, "def search(p): pass");
  run.stop("Stopped");
  assert.deepEqual(log.cancelled, [7]);
  assert.equal(log.ended.length, 2);
  log.code[1].resolve({ ok: true, moves: ["U"] });
  await tick();
  assert.equal(log.fed.length, 0); // nothing fed after Stop
});

test("feedFor: moves for a search, values for values, an error for a failure", () => {
  assert.deepEqual(feedFor({ id: 3, kind: "search" }, { ok: true, moves: ["L"], stopped: null }, 0.5),
    { ask: 3, moves: ["L"], stopped: null, seconds: 0.5, final: true });
  assert.deepEqual(feedFor({ id: 4, kind: "values" }, { ok: true, values: [1, 2], stopped: "time-limit" }, 1),
    { ask: 4, values: [1, 2], stopped: "time-limit", seconds: 1, final: true });
  assert.equal(feedFor({ id: 5, kind: "values" }, null, 1).error, "no answer");
});

test("a class table's figure is written as its CSV writes it (six significant digits)", () => {
  assert.equal(figure(100), "100");
  assert.equal(figure(33.3333333), "33.3333");
  assert.equal(figure(0.25), "0.25");
  assert.equal(figure(1.5), "1.5");
  assert.equal(figure(null), "");
});
