// The search tree's model (web/tree/tree-model.js): what each node of Python's tree is at a
// step, the counts, which rows a change of step touches, and a node's path and facts. The tree
// is Python's own for A* with Manhattan on 1 2 3 / 4 5 6 / 0 7 8 (solve(..., tree=True)).
import assert from "node:assert/strict";
import { test } from "node:test";

import { TreeModel } from "../../web/tree/tree-model.js";

const node = (parent, tile, dir, g, h, seen, order, status = "open") =>
  ({ parent, board: [], tile, dir, g, h, f: g + h, seen, order, status, replaced: null, iteration: 0 });
const TREE = {
  expansions: 2,
  iterations: [{ bound: null, root: 0 }],
  nodes: [
    node(null, null, null, 0, 2, 0, 1),
    node(0, 4, "D", 1, 3, 1, null),
    node(0, 7, "L", 1, 1, 1, 2),
    node(2, 5, "D", 2, 2, 2, null),
    node(2, 8, "L", 2, 0, 2, null, "goal"),
    node(2, 7, "R", 2, 2, 2, null, "duplicate"),
  ],
};
const LABELS = { usesHeuristic: true, iterative: false, rows: 3, cols: 3 };

const states = (model) => TREE.nodes.map((n) => model.stateAt(n));

test("each node's state at a step, and the counts the step line shows", () => {
  const model = new TreeModel(TREE, LABELS, 0);
  assert.deepEqual(states(model), ["frontier", "hidden", "hidden", "hidden", "hidden", "hidden"]);
  assert.equal(model.summary(), "Expansion 0 of 2: 0 expanded, 1 on the frontier");
  model.seek(1);
  assert.deepEqual(states(model), ["current", "frontier", "frontier", "hidden", "hidden", "hidden"]);
  model.seek(2);
  assert.deepEqual(states(model), ["expanded", "frontier", "current", "frontier", "goal", "duplicate"]);
  assert.equal(model.summary(), "Expansion 2 of 2: 2 expanded, 2 on the frontier, 1 duplicate");
  assert.equal(model.mark("frontier", TREE.nodes[1]), "frontier (never expanded)", "at the last step");
  assert.equal(model.mark("frontier", TREE.nodes[1], 1), "frontier");
});

test("a seek is clamped, and says which nodes it may have changed (none when the step stays)", () => {
  const model = new TreeModel(TREE, LABELS, 99);
  assert.equal(model.step, 2, "a link's step past the end shows the last");
  assert.equal(model.seek(Infinity), null);
  const touched = new Set(model.seek(0));
  assert.equal(model.step, 0);
  assert.deepEqual([...touched].sort(), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(model.seek(-5), null, "already at the start");
  assert.deepEqual(new Set(model.seek(1)), new Set([0, 1, 2]), "step 1 generates 1 and 2 and expands the start");
  assert.equal(model.expanding(), 0);
  assert.equal(model.goalNode(), 4);
});

test("a node's facts: where it comes from, its path, g, h, f and what it is at the step shown", () => {
  const model = new TreeModel(TREE, LABELS, 2);
  assert.deepEqual(model.path(4), ["7\u2190", "8\u2190"]);
  assert.deepEqual(model.facts(4), [
    ["Node", "#4, from #2"], ["Path", "7\u2190 8\u2190"], ["g", "2"], ["h", "0"], ["f", "2"], ["Now", "goal"],
  ]);
  model.seek(1);
  assert.deepEqual(model.facts(4).at(-1), ["Now", "not generated yet (it appears at expansion 2)"]);
  assert.deepEqual(model.facts(0).slice(0, 2), [["Node", "the start"], ["Path", "none (the start)"]]);
});

test("a row's tooltip words its move with Python's own direction words", async () => {
  const words = await import("../../web/tree/tree-words.js");
  const { pythonInfo } = await import("./python-info.mjs");
  const { directions } = pythonInfo();
  assert.equal(words.moveTitle({ tile: 5, dir: "L" }, directions), `tile 5 slides ${directions.L}`);
  assert.deepEqual(Object.keys(directions).sort(), ["D", "L", "R", "U"]);
});
