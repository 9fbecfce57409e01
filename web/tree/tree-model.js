// TreeModel: a search tree (Python's "tree", npuzzle/search/tree.py) seen at one expansion step.
// It says what each node is at a step (read off its "seen" and "order", as tree.py defines
// them), how many nodes are expanded, on the frontier, duplicates, replaced and pruned, which
// nodes a change of step touches (so the view rewrites only those rows), the node a step
// expands, and a node's path and facts. Every fact comes from Python's tree; this decides only
// what a step shows. TreeView draws it; SearchTree makes one for each tree a search returns.

import * as words from "./tree-words.js";

export class TreeModel {
  // `labels`: {usesHeuristic, iterative, rows, cols, directions} from Python's info and the result; `step`:
  // the expansion step shown first (clamped to the tree).
  constructor(tree, labels, step) {
    this.tree = tree;
    this.labels = labels;
    this.step = this.clamp(step);
    // Which nodes a step can change: those generated, expanded or replaced at it, and (the last
    // step says "never expanded") the frontier that is never expanded.
    this.touched = Array.from({ length: tree.expansions + 1 }, () => []);
    tree.nodes.forEach((node, id) => {
      for (const k of [node.seen, node.order, node.replaced]) if (k !== null && k <= tree.expansions) this.touched[k].push(id);
      if (node.status === "open" && node.order === null) this.touched[tree.expansions].push(id);
    });
    this.counts = this.countAt(this.step);
  }

  // The number of expansions in the tree.
  get expansions() {
    return this.tree.expansions;
  }

  clamp(step) {
    return Math.max(0, Math.min(this.tree.expansions, Math.round(step)));
  }

  // What node `node` is at `step`: "hidden" (not generated yet), "current" (being expanded),
  // "expanded", "frontier", "replaced", "duplicate", "pruned" or "goal". A depth-first search
  // (IDA*, IDDFS) expands a child the moment it generates it, so such a child appears with its
  // own expansion, not with the one before.
  stateAt(node, step = this.step) {
    if (node.seen > step) return "hidden";
    if (this.labels.iterative && node.parent !== null && node.order !== null && node.order > step) return "hidden";
    if (node.order !== null && node.order <= step) return node.order === step ? "current" : "expanded";
    if (node.status !== "open") return node.status;
    if (node.replaced !== null && node.replaced <= step) return "replaced";
    return "frontier";
  }

  // A node's state at a step in words (its row's mark).
  mark(state, node, step = this.step) {
    const bound = this.tree.iterations[node.iteration].bound;
    return words.mark(state, node, bound, { usesHeuristic: this.labels.usesHeuristic, atEnd: step === this.expansions });
  }

  // How many nodes are expanded, on the frontier, duplicates, replaced and pruned at a step.
  countAt(step) {
    const counts = { expanded: 0, frontier: 0, duplicate: 0, replaced: 0, pruned: 0 };
    for (const node of this.tree.nodes) {
      const state = this.stateAt(node, step);
      if (state === "current" || state === "expanded") counts.expanded += 1;
      else if (state in counts) counts[state] += 1;
    }
    return counts;
  }

  // Go to step `step` (clamped): the nodes whose state may have changed (those the steps between
  // the old and the new one touch), or null when the step stays.
  seek(step) {
    const target = this.clamp(step);
    if (target === this.step) return null;
    const [low, high] = target < this.step ? [target, this.step] : [this.step, target];
    this.step = target;
    this.counts = this.countAt(target);
    const ids = [];
    for (let k = low; k <= high; k++) ids.push(...this.touched[k]);
    return ids;
  }

  // The line under the step controls.
  summary() {
    return words.stepSummary(this.step, this.expansions, this.counts, this.labels);
  }

  // The node the step expands, or null (at step 0 of a depth-first search, its root's).
  expanding(step = this.step) {
    const id = this.tree.nodes.findIndex((n) => n.order === step);
    return id < 0 ? null : id;
  }

  goalNode() {
    const id = this.tree.nodes.findIndex((n) => n.status === "goal");
    return id < 0 ? null : id;
  }

  // The first iteration's root (the start).
  get root() {
    return this.tree.iterations[0]?.root ?? null;
  }

  // The moves from the start to node `id`, in words ("5↑").
  path(id) {
    const moves = [];
    for (let n = this.tree.nodes[id]; n.parent !== null; n = this.tree.nodes[n.parent]) moves.push(words.move(n));
    return moves.reverse();
  }

  // Node `id`'s facts at the step shown: [term, value] pairs.
  facts(id) {
    const node = this.tree.nodes[id];
    const state = this.stateAt(node);
    const appears = this.labels.iterative && node.parent !== null && node.order !== null ? node.order : node.seen;
    return words.facts(id, node, this.path(id), { now: state === "hidden" ? null : this.mark(state, node), appears });
  }
}
