// The controller (web/app/controller.js) with fake collaborators: events routed to the route a
// feature registered, features handed the app's door (app-door.js) and never the controller,
// `derive` run once per task after any number of changes, and a solve from its request to the
// status line, the features' notes and the replay.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Controller } from "../../web/app/controller.js";
import { HOOKS, hook } from "../../web/app/hooks.js";
import { PageState } from "../../web/app/page-state.js";
import { callsOf, recorder, settle } from "./fakes.mjs";

const INFO = {
  algorithms: [{ name: "astar", label: "A*", optimal: true, options: [] }],
  heuristics: [{ name: "manhattan", label: "Manhattan distance" }],
  directions: { U: "up", D: "down", L: "left", R: "right" },
};
const A = {
  board: "1,2,3,4,5,6,7,0,8", goal: "blank-last", rows: 3, cols: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8],
  goal_tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0], is_goal: false, solvability: { solvable: true, explanation: "Even." },
};
const RESULT = {
  algorithm: "astar", heuristic: "manhattan", length: 1, quality: "optimal", optimal: true, moves: "L", tiles: [8],
  expanded: 2, generated: 3, max_frontier: 2, seconds: 0.001, bound: null, lower_bound: null, setup_seconds: 0,
};

// The controller's collaborators as fakes that record what they are asked.
function appWith({ features = [], valid = true, analysis = A } = {}) {
  const listeners = {};
  const on = (owner) => (kind, listener) => { listeners[`${owner}:${kind}`] = listener; };
  const state = new PageState();
  const editor = recorder();
  Object.assign(editor, { valid, analysis, on: on("editor") });
  const replay = recorder({ offer: "shown" });
  Object.assign(replay, { on: on("replay"), playing: false, step: null, length: null });
  const link = recorder({ takeView: null, takeStep: (length) => Math.min(4, length), read: null });
  Object.assign(link, { hash: "", waitingForStep: false });
  const choice = recorder({ unmet: [], link: { algorithm: "astar", heuristic: "manhattan" }, request: { algorithm: "astar", heuristic: "manhattan" }, limits: { time_limit: 5 } });
  choice.anytime = false;
  const jobs = recorder();
  jobs.kind = null;
  jobs.anytime = false;
  jobs.answers = [];
  jobs.run = (kind, request, options) => {
    jobs.calls.push(["run", kind, request, options]);
    jobs.kind = kind.name;
    return new Promise((resolve) => jobs.answers.push((reply) => { jobs.kind = null; resolve(reply); }));
  };
  const page = recorder();
  const tables = recorder({ report: null });
  const client = recorder();
  const controller = new Controller({ client, page, state, editor, link, choice, jobs, replay, tables, features });
  state.set({ info: INFO, ready: true });
  return { controller, state, editor, replay, link, choice, jobs, page, tables, listeners };
}

test("an event goes to the route a feature registered; the route gets the app's door, never the controller", async () => {
  const got = [];
  const feature = { routes: (app) => { got.push(app); return { poke: (n) => n * 2 }; } };
  const { controller } = appWith({ features: [feature] });
  assert.equal(controller.dispatch("poke", 21), 42);
  assert.equal(got.length, 1);
  const app = got[0];
  assert.notEqual(app, controller);
  assert.ok(Object.isFrozen(app));
  assert.deepEqual(Object.keys(app).sort(), ["analysis", "announce", "ask", "board", "changed", "choice", "chooseMode", "clearSolution", "code", "collect", "copy",
    "editor", "idle", "info", "job", "judge", "link", "linkLimits", "menusChanged", "mode", "openLink", "ready", "refusedAsUnsolvable", "replay", "run", "setState", "status", "stopJob", "treeShown", "view"]);
  for (const part of ["replay", "link", "choice", "editor", "board", "code", "judge"]) {
    assert.ok(Object.isFrozen(app[part]));
    assert.throws(() => app[part].nothing, /has no "nothing"/, `the door's ${part} refuses a name it does not have`);
  }
  assert.throws(() => app.announce("nothing"), /not a feature hook/, "a feature announces only listed hooks");
  assert.throws(() => controller.dispatch("no-such-event"), /no route for the event "no-such-event"/);
  assert.throws(() => app.jobs, /the app's door has no "jobs"/, "a name the door does not list is refused, not undefined");
  assert.throws(() => app.controller, /has no "controller"/);
  assert.equal(app.then, undefined, "the door is not taken for a promise");
  await settle();
});

test("the hooks called on features are those hooks.js lists; a name it does not list is refused", () => {
  const seen = [];
  const feature = { routes: () => ({}), solutionCleared: () => seen.push("cleared"), solutionCleard: () => seen.push("misspelt") };
  const { controller } = appWith({ features: [feature] });
  controller.clearSolution();
  assert.deepEqual(seen, ["cleared"]);
  assert.throws(() => controller.announce("solutionCleard"), /"solutionCleard" is not a feature hook/);
  assert.throws(() => controller.gather("linkfields"), /not a feature hook/);
  assert.throws(() => controller.collect("note"), /not a feature hook/);
  assert.deepEqual(seen, ["cleared"], "nothing was called for a refused name");
  for (const name of Object.keys(HOOKS)) assert.equal(hook(name), name);
});

test("the door answers from the page: the board when valid, idle unless a search runs", () => {
  let app;
  const { editor, jobs } = appWith({ features: [{ routes: (door) => { app = door; return {}; } }] });
  assert.equal(app.analysis(), A);
  assert.equal(app.idle(), true);
  jobs.kind = "solve";
  assert.equal(app.idle(), false);
  jobs.kind = null;
  editor.valid = false;
  assert.equal(app.analysis(), null);
  assert.equal(app.idle(), false);
});

test("after any number of events in one task, the link, the busy flags and the features follow once", async () => {
  let updates = 0;
  const feature = { routes: (app) => ({ poke: () => app.changed() }), update: () => { updates += 1; }, linkFields: () => ({ hcode: "abc" }) };
  const { controller, link, page } = appWith({ features: [feature] });
  await settle(); // what the start-up's state changes derived
  const before = { writes: callsOf(link, "write").length, busy: callsOf(page, "setBusy").length, updates };
  controller.dispatch("poke");
  controller.dispatch("poke");
  controller.changed({ push: true });
  await settle();
  const writes = callsOf(link, "write").slice(before.writes);
  assert.equal(writes.length, 1);
  assert.equal(callsOf(page, "setBusy").length - before.busy, 1);
  assert.equal(updates - before.updates, 1);
  const [fields, options] = writes[0];
  assert.deepEqual(options, { push: true }, "one change asked for a history entry: the link gets one");
  assert.deepEqual(fields, { board: A.board, goal: "blank-last", size: "3x3", algorithm: "astar", heuristic: "manhattan", step: null, view: null, hcode: "abc" });
  assert.deepEqual(callsOf(page, "setBusy").at(-1), [{ ready: true, valid: true, busy: false, stoppable: false }]);
});

test("the link is not written while playback runs; a feature's step (the tree's) takes the replay's place", async () => {
  const { controller, link, replay } = appWith({ features: [{ linkStep: () => 7 }] });
  await settle();
  const before = callsOf(link, "write").length;
  replay.playing = true;
  controller.changed();
  await settle();
  assert.equal(callsOf(link, "write").length, before);
  replay.playing = false;
  controller.changed();
  await settle();
  assert.equal(callsOf(link, "write").at(-1)[0].step, 7);
});

test("a board shown: the solution goes, the link's view is taken, the menus filled, every feature told with the door", async () => {
  const heard = [];
  let door;
  const feature = { routes: (app) => { door = app; return {}; }, boardShown: (reply, app) => heard.push([reply, app]), solutionCleared: () => heard.push("cleared") };
  const { link, choice, replay, page, tables, state, listeners } = appWith({ features: [feature] });
  link.takeView = () => "compare";
  listeners["editor:board"](A, true);
  assert.deepEqual(callsOf(replay, "setGoal"), [[A.goal_tiles]]);
  assert.equal(callsOf(replay, "clear").length, 1);
  assert.equal(state.view, "compare");
  assert.deepEqual(callsOf(choice, "fill"), [[A]]);
  assert.deepEqual(callsOf(page, "setStatus").at(-1), ["Press Solve for a shortest solution, or Compare all to race every algorithm."]);
  assert.deepEqual(heard, ["cleared", [A, door]]);
  assert.deepEqual(callsOf(tables, "want"), [["3x3", "blank-last"]], "the tables the board needs load meanwhile");
  await settle();
});

test("a board that cannot reach its goal is not solved: the status says why, the link's step is dropped", async () => {
  const unsolvable = { ...A, solvability: { solvable: false, explanation: "Odd inversions." } };
  const { controller, jobs, page, link } = appWith({ analysis: unsolvable });
  controller.dispatch("solve");
  assert.equal(callsOf(jobs, "run").length, 0);
  assert.deepEqual(callsOf(page, "setStatus").at(-1), ["Unsolvable: Odd inversions.", { state: "unsolvable" }]);
  assert.equal(callsOf(link, "dropStep").length, 1);
  await settle();
});

test("a solve: its request carries what features record; its answer goes to the status line with the features' notes and to the replay", async () => {
  const started = [];
  const finished = [];
  const features = [
    { records: () => ({ trace: true }), solveStarted: (request) => started.push(request), solveFinished: (reply) => finished.push(reply) },
    { solvedNote: (reply) => (reply.ok ? "A note of mine." : null) },
    { solvedNote: () => null },
  ];
  const { controller, jobs, page, replay, link } = appWith({ features });
  controller.dispatch("solve");
  const [kind, request, options] = callsOf(jobs, "run")[0];
  assert.equal(kind.name, "solve");
  assert.deepEqual(request, { op: "solve", board: A.board, goal: "blank-last", size: "3x3", algorithm: "astar", heuristic: "manhattan", time_limit: 5, trace: true });
  assert.deepEqual(started, [request]);
  assert.equal(options.anytime, false);
  controller.dispatch("solve"); // a search runs: not idle
  assert.equal(callsOf(jobs, "run").length, 1);
  const reply = { ok: true, result: RESULT };
  jobs.answers[0](reply);
  await settle();
  const [text, outcome] = callsOf(page, "setStatus").at(-1);
  assert.equal(text, "Solved: 1 moves (optimal) by A* with Manhattan distance, 2 nodes expanded in 1 ms. A note of mine. Press Play to watch.");
  assert.equal(outcome.state, "solved");
  assert.deepEqual(finished, [reply]);
  assert.deepEqual(callsOf(replay, "offer").at(-1), [RESULT, 3, 3, { step: 1, final: true }]);
  assert.deepEqual(callsOf(link, "takeStep"), [[1]]);
});

test("the menus changed: the solution goes and every feature hears it, unless only an option changed", async () => {
  let heard = 0;
  let app;
  const feature = { routes: (door) => { app = door; return {}; }, menusChanged: () => { heard += 1; } };
  const { replay } = appWith({ features: [feature] });
  app.menusChanged();
  assert.equal(callsOf(replay, "clear").length, 1);
  app.menusChanged({ solution: false });
  assert.equal(callsOf(replay, "clear").length, 1);
  assert.equal(heard, 2);
  await settle();
});

test("a board the person made takes away the words of what the last link opened; a link's own board keeps them", async () => {
  const { controller, link, listeners } = appWith();
  link.read = () => ({ board: "1,2,3,4,5,6,7,0,8" });
  controller.openLink("#board=1,2,3,4,5,6,7,0,8&view=optimal");
  listeners["editor:board"](A, true); // the link's board shown
  assert.equal(callsOf(link, "edited").length, 0);
  listeners["editor:board"]({ ...A, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8] }, true); // then one typed
  assert.equal(callsOf(link, "edited").length, 1);
  await settle();
});
