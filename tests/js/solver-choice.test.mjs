// The solver choice (web/solver/solver-choice.js): the menus from Python's registries and the
// board's answer, the requests and links they make, and what features add through its hooks
// (heuristics in the Heuristic menu, fields in Compare all) without it naming any feature.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { PageState } from "../../web/app/page-state.js";
import { SolverChoice } from "../../web/solver/solver-choice.js";
import { callsOf, recorder } from "./fakes.mjs";

const INFO = {
  defaults: { time_limit: 20 },
  caps: { max_nodes: 100_000_000, time_limit: 3600 },
  algorithms: [
    { name: "astar", label: "A*", description: "best-first", uses_heuristic: true, optimal: true, anytime: false, options: [], default_max_nodes: 1_000_000 },
    { name: "wastar", label: "Weighted A*", description: "bounded", uses_heuristic: true, bounded: true, anytime: false,
      options: [{ name: "weight", label: "Weight", default: 1.5, minimum: 1, maximum: 10, step: 0.1 }], default_max_nodes: 1_000_000 },
    { name: "bfs", label: "Breadth-first search", description: "blind", uses_heuristic: false, optimal: true, options: [], default_max_nodes: 100_000 },
    { name: "anytime", label: "Anytime", description: "improves", uses_heuristic: true, anytime: true, options: [], default_max_nodes: 10 },
  ],
  heuristics: [
    { name: "manhattan", label: "Manhattan distance", description: "sum", admissible: true, consistent: true },
    { name: "pdb", label: "Pattern database", description: "tables", admissible: true, consistent: false },
  ],
};
// Python's answer for a 3x3 board: what applies, and the defaults.
const BOARD = {
  rows: 3, cols: 3, default_algorithm: "anytime", default_heuristic: "pdb",
  applicable: { algorithms: ["astar", "wastar", "bfs", "anytime"], heuristics: ["manhattan", "pdb"] },
};

// A ChoiceView that keeps what it was told: the menus' entries and the name each shows.
function fakeView() {
  const view = recorder({ limits: () => ({ time_limit: 20 }) });
  view.menus = {};
  view.fillMenu = (id, entries, selected) => {
    view.menus[id] = entries;
    const shown = entries.some((e) => e.name === selected) ? selected : entries[0]?.name;
    view.menus[`${id}Shown`] = shown;
    return shown;
  };
  return view;
}

// A feature that offers a heuristic of its own in the menu and fields in Compare all.
function offering() {
  const feature = { offer: null, search: null };
  feature.heuristics = () => (feature.offer ? [feature.offer] : []);
  feature.compareFields = () => (feature.search ? { search_code: feature.search } : {});
  return feature;
}

const OWN = { name: "mine", label: "My heuristic", description: "mine", admissible: null, consistent: null, fields: { heuristic_code: "def h(): ...", heuristic_filename: "h.py" } };

function choiceWith(features = []) {
  const state = new PageState();
  const view = fakeView();
  const choice = new SolverChoice({ view, state, features });
  state.set({ info: INFO, ready: true });
  return { choice, view, state };
}

test("the menus offer what applies to the board, on the board's defaults, from Python's registries", () => {
  const { choice, view } = choiceWith();
  choice.fill({ ...BOARD, applicable: { algorithms: ["astar", "anytime"], heuristics: ["manhattan", "pdb"] } });
  assert.deepEqual(view.menus.algorithm.map((a) => a.name), ["astar", "anytime"]);
  assert.deepEqual(view.menus.heuristic.map((h) => h.name), ["manhattan", "pdb"]);
  assert.equal(view.menus.algorithmShown, "anytime");
  assert.equal(view.menus.heuristicShown, "pdb");
  assert.equal(choice.anytime, true, "the registry says the default improves until stopped");
  assert.deepEqual(callsOf(view, "offerTimeLimit"), [[20]]);
  assert.deepEqual(callsOf(view, "setCaps"), [[INFO.caps]], "the Limits fields' bounds are Python's caps");
  assert.deepEqual(callsOf(view, "setNodeLimitHint").at(-1), ["Leave Max nodes empty for Anytime's own limit, 10 nodes."]);
});

test("a request carries the algorithm, its heuristic only if it takes one, and its options", () => {
  const { choice } = choiceWith();
  choice.fill(BOARD);
  choice.chooseAlgorithm("wastar");
  choice.setValue("weight", 3);
  assert.deepEqual(choice.request(), { algorithm: "wastar", heuristic: "pdb", weight: 3 });
  choice.chooseAlgorithm("bfs");
  assert.deepEqual(choice.request(), { algorithm: "bfs" });
  assert.deepEqual(choice.link(), { algorithm: "bfs", heuristic: "pdb" });
  assert.deepEqual(choice.compareFields(), { weight: 3 }, "Compare all runs every algorithm with its option values");
});

test("a link's names are adopted, and a name the board does not offer falls back to its default", () => {
  const { choice, view } = choiceWith();
  choice.adopt({ algorithm: "astar", heuristic: "manhattan", options: { weight: 2 } });
  choice.fill(BOARD);
  assert.deepEqual(choice.request(), { algorithm: "astar", heuristic: "manhattan" });
  assert.equal(choice.value(INFO.algorithms[1].options[0]), 2);
  choice.fill({ ...BOARD, applicable: { algorithms: ["bfs", "anytime"], heuristics: ["pdb"] } });
  assert.equal(choice.algorithmName, "anytime");
  assert.equal(choice.heuristicName, "pdb");
  assert.equal(view.menus.heuristicShown, "pdb");
});

test("a feature's heuristic joins the Heuristic menu through its hook, and its requests carry its fields", () => {
  const feature = offering();
  const { choice, view } = choiceWith([feature]);
  choice.fill(BOARD);
  assert.deepEqual(view.menus.heuristic.map((h) => h.name), ["manhattan", "pdb"]);
  feature.offer = OWN;
  choice.refill();
  assert.deepEqual(view.menus.heuristic.map((h) => h.name), ["manhattan", "pdb", "mine"]);
  choice.chooseAlgorithm("astar");
  choice.chooseHeuristic("mine");
  assert.deepEqual(choice.request(), { algorithm: "astar", heuristic_code: "def h(): ...", heuristic_filename: "h.py" });
  assert.deepEqual(choice.heuristicFields(), OWN.fields);
  assert.deepEqual(choice.heuristicFields("manhattan"), { heuristic: "manhattan" });
  assert.deepEqual(choice.link(), { algorithm: "astar", heuristic: "mine" });
  // Its words say what is known of it: nothing proven yet.
  assert.match(callsOf(view, "setAbout").at(-1)[0], /My heuristic is not checked on every state/);
  // Withdrawn: the menu drops it and the board's default comes back.
  feature.offer = null;
  choice.refill();
  assert.deepEqual(view.menus.heuristic.map((h) => h.name), ["manhattan", "pdb"]);
  assert.deepEqual(choice.request(), { algorithm: "astar", heuristic: "pdb" });
});

test("Compare all's request gets what features add through compareFields", () => {
  const feature = offering();
  const { choice } = choiceWith([feature, {}]);
  choice.fill(BOARD);
  feature.search = "def search(problem): ...";
  assert.deepEqual(choice.compareFields(), { weight: 1.5, search_code: "def search(problem): ..." });
});

test("the menus' events go through the app's door: a new algorithm or heuristic drops the solution, an option does not", () => {
  const { choice } = choiceWith();
  choice.fill(BOARD);
  const app = recorder();
  const routes = choice.routes(app);
  routes["choose-algorithm"]("astar");
  routes["choose-heuristic"]("manhattan");
  routes["choose-option"]("weight", "4");
  assert.deepEqual(callsOf(app, "menusChanged"), [[], [], [{ solution: false }]]);
  assert.equal(choice.algorithmName, "astar");
  assert.equal(choice.heuristicName, "manhattan");
  assert.equal(choice.values.weight, 4);
});

test("SolverChoice names no feature: nothing of a person's code, the tree or the comparison", () => {
  const source = readFileSync(new URL("../../web/solver/solver-choice.js", import.meta.url), "utf8");
  for (const name of ["custom", "_code", "code-", "CodePanel", "tree", "Comparison", "Your "]) {
    assert.equal(source.includes(name), false, name);
  }
});

test("the multi-tile metric, where the board allows it: a solve asks for the metric alone, the link keeps it", () => {
  const { choice, view, state } = choiceWith();
  state.set({ info: { ...INFO, metrics: [{ name: "stm", label: "Single" }, { name: "mtm", label: "Multi" }] } });
  const threeByThree = { ...BOARD, applicable: { ...BOARD.applicable, metrics: ["stm", "mtm"] } };
  choice.fill(threeByThree);
  assert.deepEqual(view.menus.metric.map((m) => m.name), ["stm", "mtm"]);
  assert.equal(view.menus.metricShown, "stm");
  choice.adopt({ metric: "mtm" });
  choice.fill(threeByThree);
  assert.equal(view.menus.metricShown, "mtm");
  assert.deepEqual(choice.request(), { metric: "mtm" });
  assert.equal(choice.request({ metric: false }).algorithm, "anytime", "a search that counts every slide keeps its algorithm");
  assert.equal(choice.anytime, false, "a multi-tile solve is not stopped with its best");
  assert.equal(choice.link().metric, "mtm");
  assert.deepEqual(callsOf(view, "setAlgorithmEnabled").at(-1), [false]);
  // A board the metric cannot solve: the menu offers single-tile moves, and solves count them.
  choice.fill({ ...BOARD, rows: 3, cols: 4, applicable: { ...BOARD.applicable, metrics: ["stm"] } });
  assert.deepEqual(view.menus.metric.map((m) => m.name), ["stm"]);
  assert.equal(choice.request().algorithm, "anytime");
  assert.equal(choice.link().metric, undefined);
  assert.deepEqual(callsOf(view, "setAlgorithmEnabled").at(-1), [true]);
});

test("what a link asked that its board is not offered is listed once, after its board is filled in", () => {
  const { choice, state } = choiceWith();
  state.set({ info: { ...INFO, metrics: [{ name: "stm", label: "Single" }, { name: "mtm", label: "Multi" }] } });
  choice.adopt({ algorithm: "astar", heuristic: "manhattan", metric: "mtm" });
  choice.fill({ ...BOARD, rows: 6, cols: 6, applicable: { algorithms: ["bfs", "anytime"], heuristics: ["pdb"], metrics: ["stm"] } });
  assert.deepEqual(choice.unmet(), [{ kind: "metric", name: "mtm" }, { kind: "algorithm", name: "astar" }, { kind: "heuristic", name: "manhattan" }]);
  assert.deepEqual(choice.unmet(), [], "once");
  choice.adopt({ algorithm: "astar", heuristic: "manhattan" });
  choice.fill(BOARD);
  assert.deepEqual(choice.unmet(), []);
});
