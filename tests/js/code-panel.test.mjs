// "Your code" (web/custom/code-panel.js) with a fake code worker, views and app door: a link's
// code is shown and runs only once the person presses Run (no check, no search, no offer in
// the menus before); the person's own code needs no consent; the heuristic joins the Heuristic
// menu and its verdict the status line through the solver's hooks.
import assert from "node:assert/strict";
import { test } from "node:test";

import { appDoor } from "../../web/app/app-door.js";
import { JobRunner } from "../../web/solver/job-runner.js";
import { PageState } from "../../web/app/page-state.js";
import { CodePanel } from "../../web/custom/code-panel.js";
import { pack } from "../../web/custom/code-link.js";
import { searchRunning } from "../../web/custom/code-words.js";
import { LinkState } from "../../web/link/link-state.js";
import { SolverChoice } from "../../web/solver/solver-choice.js";
import { FakeClient, callsOf, recorder, settle } from "./fakes.mjs";
import { pythonInfo } from "./python-info.mjs";

const TEMPLATES = {
  heuristic: { code: "def h(tiles, goal, rows, cols):\n    return 0\n", filename: "my_heuristic.py" },
  search: { code: "def search(problem):\n    return None\n", filename: "my_search.py" },
};
const INFO = {
  templates: TEMPLATES,
  algorithms: [{ name: "astar", label: "A*", description: "", uses_heuristic: true, optimal: true, options: [], default_max_nodes: 1000 }],
  heuristics: [{ name: "manhattan", label: "Manhattan distance", description: "", admissible: true, consistent: true }],
  defaults: pythonInfo().defaults, // Python's default time limit: a check runs at least that long
  user_search: pythonInfo().user_search, // Python's limits for a person's search
};
const A = {
  board: "1,2,3,4,5,6,7,0,8", goal: "blank-last", rows: 3, cols: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8], default_algorithm: "astar",
  default_heuristic: "manhattan", applicable: { algorithms: ["astar"], heuristics: ["manhattan"] }, solvability: { solvable: true, explanation: "" },
};
// Python's check result (npuzzle/custom/check.py), all of it the panel shows.
function checked(overrides) {
  return {
    rows: 3, cols: 3, goal: [1, 2, 3, 4, 5, 6, 7, 8, 0], admissible: true, consistent: true, complete: true, exhaustive: true,
    states: 181_440, samples: "every state", stopped: null, edges: 241_920, overestimates: 0, inconsistent_edges: 0, h_goal: 0,
    exact: 10, exact_share: 0.001, mean_ratio: 0.5, max_distance: 31, seconds: 2.5, worst_overestimate: null,
    worst_inconsistent_edge: null, verdict: "admissible and consistent", ...overrides,
  };
}
const LINKED = "def h(tiles, goal, rows, cols):\n    import os  # someone else's\n    return 1\n";
const LINKED_SEARCH = "def search(problem):\n    while True: pass\n";

// The panel's view: which parts are open, the editors' text (its plain text areas), the notices.
function codeView() {
  const view = recorder();
  view.opened = new Set();
  view.editors = {};
  view.size = "3x3";
  view.isOpen = (which) => view.opened.has(which);
  view.open = (which) => view.opened.add(which);
  view.host = () => ({ replaceChildren() {} });
  view.fallback = (which, text, onInput) => {
    const editor = { text, setText(next) { editor.text = next; onInput(next); }, markError() {}, clearError() {}, focus() {} };
    view.editors[which] = editor;
    return editor;
  };
  view.consent = () => callsOf(view, "setConsent").at(-1)?.[0] ?? "";
  return view;
}

function panelWith() {
  const runner = new FakeClient();
  runner.started = false;
  // Ending the code's worker answers what waits on it with an error that gives the reason (CodeRunner.end).
  runner.ended = [];
  runner.end = (reason) => {
    runner.ended.push(reason);
    for (const entry of runner.requests) entry.resolve({ ok: false, error: { field: "solver", message: reason } });
  };
  const state = new PageState();
  const features = [];
  const choiceView = recorder({ limits: () => ({ time_limit: 20 }) });
  choiceView.fillMenu = (id, entries, selected) => {
    choiceView[id] = entries.map((e) => e.name);
    return entries.some((e) => e.name === selected) ? selected : entries[0].name;
  };
  const choice = new SolverChoice({ view: choiceView, state, features });
  const view = codeView();
  const panel = new CodePanel({ view });
  features.push(panel);
  // The real door over a controller that records what the panel asks of it.
  const app = recorder({ refusedAsUnsolvable: false, announce: (name, ...args) => { if (name === "stateChanged") panel.stateChanged(...args); } });
  app.analysis = A;
  app.idle = true;
  state.on((changed) => app.announce("stateChanged", changed));
  const jobs = new JobRunner({ client: recorder(), code: runner, state, page: recorder(), tables: recorder() }); // its code lane
  const door = appDoor(app, { state, page: recorder(), jobs, replay: recorder(), link: {}, choice, editor: {}, board: {}, clipboard: {}, linkLimits: pythonInfo().link });
  const routes = panel.routes(door);
  state.set({ info: INFO, ready: true });
  choice.fill(A);
  return { runner, state, choice, choiceView, view, panel, app, routes };
}

function linkTo(fragment) {
  const link = new LinkState({ view: recorder(), history: recorder(), location: { hash: fragment, href: fragment }, clipboard: {}, limits: pythonInfo().link });
  link.read(fragment);
  return link;
}

test("a link's heuristic is shown, not run: Check, the menu and Compare all wait for Run", async () => {
  const p = panelWith();
  await p.panel.linkRead(linkTo(`#heuristic=custom&hcode=${await pack(LINKED)}`));
  await settle();
  assert.equal(p.view.editors.heuristic.text, LINKED, "the code is shown in its editor");
  assert.ok(p.view.isOpen("heuristic"));
  assert.match(p.view.consent(), /^This link carries a heuristic of 3 lines written by someone else\. It has not run/);
  assert.equal(p.runner.requests.length, 0, "nothing ran");
  p.routes["code-check"]();
  p.routes["code-use"]();
  assert.equal(p.runner.requests.length, 0, "Check refused before Run");
  assert.match(p.view.consent(), /Press Run first\.$/);
  assert.deepEqual(p.choiceView.heuristic, ["manhattan"], "not offered in the menu");
  assert.deepEqual(p.choice.compareFields(), {}, "nor in Compare all");
});

test("Run lets the linked heuristic run: it is checked, and offered and chosen in the menu as the link asked", async () => {
  const p = panelWith();
  await p.panel.linkRead(linkTo(`#heuristic=custom&hcode=${await pack(LINKED)}`));
  await settle();
  p.routes["code-consent"]();
  assert.equal(p.view.consent(), "");
  const [check] = p.runner.ops("check");
  assert.deepEqual(check.request, { op: "check", heuristic_code: LINKED, heuristic_filename: "my_heuristic.py", size: "3x3", goal: "blank-last", time_limit: pythonInfo().defaults.time_limit });
  assert.deepEqual(p.choiceView.heuristic, ["manhattan", "custom"]);
  assert.equal(p.choice.heuristicName, "custom");
  assert.deepEqual(p.choice.request(), { algorithm: "astar", heuristic_code: LINKED, heuristic_filename: "my_heuristic.py" });
  assert.equal(callsOf(p.app, "menusChanged").length, 1);
});

test("Run on a link's code before Python's info is in (the solver still loading) checks it all the same", async () => {
  const p = panelWith();
  p.state.set({ info: null, ready: false });
  await p.panel.linkRead(linkTo(`#heuristic=custom&hcode=${await pack(LINKED)}`));
  await settle();
  p.routes["code-consent"](); // threw "Cannot read properties of null (reading 'defaults')"
  const [check] = p.runner.ops("check");
  assert.equal(check.request.heuristic_code, LINKED);
  assert.equal(check.request.time_limit, 20, "the person's limit; Python keeps its own least time when it has none");
});

test("a link's search runs only after Run, and then races in Compare all and runs on the board", async () => {
  const p = panelWith();
  await p.panel.linkRead(linkTo(`#scode=${await pack(LINKED_SEARCH)}`));
  await settle();
  assert.match(p.view.consent(), /^This link carries a search of 2 lines written by someone else/);
  p.routes["code-run-search"]();
  assert.equal(p.runner.requests.length, 0);
  assert.deepEqual(p.choice.compareFields(), {});
  p.routes["code-consent"]();
  assert.deepEqual(p.choice.compareFields(), { search_code: LINKED_SEARCH, search_filename: "my_search.py" });
  p.routes["code-run-search"]();
  const [run] = p.runner.ops("user_search");
  assert.equal(run.request.search_code, LINKED_SEARCH);
  assert.equal(run.request.board, A.board);
  assert.deepEqual(p.runner.ops("check"), [], "the heuristic part was not opened: nothing checked");
  p.routes["code-cancel-search"]();
  assert.deepEqual(p.runner.ended, ["you cancelled your search"]);
  await settle();
  assert.match(callsOf(p.view, "setStatus").at(-1)[1], /^Stopped: you cancelled your search\./);
});

test("a person's search runs for the Seconds set under Limits, else for Python's own time limit for it", async () => {
  const p = panelWith();
  p.routes["code-run-search"]();
  assert.equal(p.runner.ops("user_search")[0].request.time_limit, 20);
  p.routes["code-cancel-search"]();
  await settle();
  p.choiceView.limits = () => ({ time_limit: 0 }); // Seconds left empty
  p.routes["code-run-search"]();
  assert.equal(p.runner.ops("user_search")[1].request.time_limit, pythonInfo().user_search.time_limit);
  p.routes["code-cancel-search"]();
  await settle();
});

test("a later link's code asks for consent again, even after Run", async () => {
  const p = panelWith();
  await p.panel.linkRead(linkTo(`#hcode=${await pack(LINKED)}`));
  await settle();
  p.routes["code-consent"]();
  const [first] = p.runner.ops("check");
  await p.runner.answer(first, { ok: true, check: checked({}) });
  const checks = p.runner.ops("check").length;
  await p.panel.linkRead(linkTo(`#hcode=${await pack(`${LINKED}# again\n`)}`));
  await settle();
  p.routes["code-check"]();
  assert.equal(p.runner.ops("check").length, checks);
  assert.match(p.view.consent(), /Press Run first\.$/);
});

test("the person's own code needs no consent; offered, its check's verdict goes on the status line after a solve", async () => {
  const p = panelWith();
  p.view.open("heuristic"); // the person opens "Your heuristic"
  await p.routes["code-toggle"]("heuristic");
  await settle();
  p.view.editors.heuristic.setText("def h(tiles, goal, rows, cols):\n    return 2\n");
  p.routes["code-check"]();
  const [check] = p.runner.ops("check");
  assert.equal(check.request.heuristic_code, "def h(tiles, goal, rows, cols):\n    return 2\n");
  await p.runner.answer(check, { ok: true, check: checked({ admissible: false, overestimates: 12, verdict: "not admissible" }) });
  p.routes["code-use"]();
  assert.deepEqual(p.choiceView.heuristic, ["manhattan", "custom"]);
  const [entry] = p.panel.heuristics();
  assert.equal(entry.admissible, false, "the check's finding goes with it");
  const solved = { ok: true, result: { optimal_if_admissible: true } };
  assert.equal(p.panel.solvedNote(solved), "The check found your heuristic not admissible: this solution may not be the shortest.");
  assert.equal(p.panel.solvedNote({ ok: true, result: { optimal_if_admissible: false } }), null);
  p.routes["code-use"](); // withdrawn
  assert.deepEqual(p.choiceView.heuristic, ["manhattan"]);
  assert.equal(p.panel.solvedNote(solved), null);
});

test("a verdict is only ever shown under the text it judged: a second link or an edit stops a running check and clears a shown one", async () => {
  const p = panelWith();
  const A_CODE = "def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else 1\n";
  const B_CODE = "def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else 100\n";
  await p.panel.linkRead(linkTo(`#hcode=${await pack(A_CODE)}`));
  await settle();
  p.routes["code-consent"](); // Run: A's check starts
  const [first] = p.runner.ops("check");
  assert.equal(first.request.heuristic_code, A_CODE);
  // Student B's link in the same tab, while A's check runs; then Run.
  await p.panel.linkRead(linkTo(`#hcode=${await pack(B_CODE)}`));
  await settle();
  assert.deepEqual(p.runner.ended, ["the code it was checking was replaced"], "A's check is stopped, its worker ended");
  p.routes["code-consent"]();
  const second = p.runner.ops("check")[1];
  assert.equal(second.request.heuristic_code, B_CODE, "B's Run checks B");
  await p.runner.answer(first, { ok: true, type: "check", check: checked({ verdict: "A's verdict" }) }); // late: nowhere
  assert.equal(callsOf(p.view, "showCheck").filter(([shown]) => shown).length, 0, "A's verdict is never shown");
  await p.runner.answer(second, { ok: true, type: "check", check: checked({ verdict: "B's verdict", admissible: false }) });
  const shown = callsOf(p.view, "showCheck").filter(([s]) => s);
  assert.deepEqual(shown.map(([s]) => s.verdict), ["B's verdict"]);
  // An edit: B's verdict is taken away, not left under other text.
  p.view.editors.heuristic.setText(`${B_CODE}# changed\n`);
  assert.equal(callsOf(p.view, "showCheck").at(-1)[0], null);
  assert.match(callsOf(p.view, "setStatus").at(-1)[1], /The code changed since its check/);
});

test("a link's code that cannot be read is named at the top with the link's notices, and asks no consent", async () => {
  const p = panelWith();
  const stream = new Blob([Uint8Array.from([100, 101, 102, 0xff, 0xfe])]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const notUtf8 = Buffer.from(await new Response(stream).arrayBuffer()).toString("base64url");
  const link = linkTo(`#board=1,2,3,0&hcode=${notUtf8}`);
  await p.panel.linkRead(link);
  await settle();
  assert.equal(p.view.consent(), "", "no consent box for code that cannot be read");
  assert.equal(p.runner.requests.length, 0);
  assert.deepEqual(link.problems, ["The link's heuristic could not be read (it unpacks to bytes that are not UTF-8 text); the editor keeps its code."]);
});

test("a person's search may be silent for its time limit and 5 s, and past its limit the status says when it is ended", async () => {
  const p = panelWith();
  p.routes["code-run-search"]();
  const [run] = p.runner.ops("user_search");
  assert.equal(run.request.time_limit, 20);
  assert.equal(run.options.silenceMs, 25_000, "the silence watch allows the time limit and 5 s, not 10 s");
  assert.equal(searchRunning(12.34, 20, 25), "Running your search: 12.3 s (limit 20 s)\u2026");
  assert.equal(searchRunning(21, 20, 25), "Running your search: 21.0 s, past its limit of 20 s (it has not called successors since, which stops it there); its worker is ended at 25 s unless it answers\u2026");
  p.routes["code-cancel-search"]();
  await settle();
});
