// The search tree's words: the panel's line once its search ended, each node's mark and facts at
// a step, the step's counts, and the diagram's and the outline's labels. Pure functions of
// Python's tree and result (and its `info`).

import { NODE_LIMIT, stoppedBy } from "../common/stops.js";
import { ARROWS, REPORTED_BY_CODE, namesFrom } from "../common/wording.js";

// As the search for its tree starts (the status line and the panel).
export const BUILDING = "Building the search tree\u2026";


// The search tree panel's line once its search ended: what was searched and how it ended.
export function treeBuilt(result, info) {
  const names = namesFrom(info);
  const who = `${names.algorithm(result.algorithm)}${result.heuristic ? ` with ${names.heuristic(result.heuristic)}` : ""}`;
  const nodes = `${result.tree.expansions.toLocaleString("en")} expanded, ${result.tree.nodes.length.toLocaleString("en")} nodes generated`
    + (result.reported_by === "code" ? ` (the tree ${REPORTED_BY_CODE})` : "");
  if (result.length !== null) {
    return `${who}: solved in ${result.length} moves (${result.quality}); ${nodes}. The goal's row is green; step back to watch the search from the start.`;
  }
  const by = stoppedBy(result.stopped);
  const raise = result.stopped === NODE_LIMIT
    ? ` after ${result.expanded.toLocaleString("en")} expansions (raise Max nodes under Limits, up to ${info.tree.max_nodes.toLocaleString("en")})` : "";
  const why = by ? `stopped by ${by}${raise}` : "no solution";
  return `${who}: no solution yet, ${why}; ${nodes}. Step through it to see what it expanded.`;
}

// Python refused to build a tree (its message).
// The tree's Play button: what pressing it does.
export function playButton(playing) {
  return playing ? "Pause" : "Play";
}

export function noTree(message) {
  return `No search tree: ${message}.`;
}

// A row's move: its tile and arrow, and in words for its tooltip; a root's: its iteration.
export function move(node) {
  return `${node.tile}${ARROWS[node.dir]}`;
}

// (`directions`: Python's info.directions, a move letter's word.)
export function moveTitle(node, directions) {
  return `tile ${node.tile} slides ${directions[node.dir]}`;
}

export function root(node, bound, { iterative, usesHeuristic }) {
  return iterative ? `Iteration ${node.iteration + 1} (${usesHeuristic ? "f" : "depth"} \u2264 ${bound}): start` : "Start";
}

// A node's g, h and f as its row shows them.
export function counts(node) {
  return node.h === null ? `g ${node.g}` : `g ${node.g} \u00b7 h ${node.h} \u00b7 f ${node.f}`;
}

// What a node is at a step, in words (its row's mark and its facts). `atEnd`: the step is the last.
export function mark(state, node, bound, { usesHeuristic, atEnd }) {
  switch (state) {
    case "current": return `expanding now (#${node.order})`;
    case "expanded": return `expanded #${node.order}`;
    case "frontier": return atEnd ? "frontier (never expanded)" : "frontier";
    case "replaced": return "replaced (a shorter path was found)";
    case "duplicate": return "duplicate (reached before at no greater cost)";
    case "pruned": return usesHeuristic ? `pruned (f ${node.f} > ${bound})` : `cut off at depth ${bound}`;
    case "goal": return "goal";
    default: return "";
  }
}

// The line under the step controls: the step and how many nodes are what at it.
export function stepSummary(step, total, c, { iterative }) {
  const parts = [`${c.expanded} expanded`];
  if (!iterative) parts.push(`${c.frontier} on the frontier`);
  if (c.duplicate) parts.push(`${c.duplicate} duplicate${c.duplicate === 1 ? "" : "s"}`);
  if (c.replaced) parts.push(`${c.replaced} replaced by a shorter path`);
  if (c.pruned) parts.push(`${c.pruned} pruned`);
  return `Expansion ${step} of ${total}: ${parts.join(", ")}`;
}

// While the outline's rows are made, a slice at a time.
export function drawing(done, total) {
  return `Drawing the tree: ${done.toLocaleString("en")} of ${total.toLocaleString("en")} nodes\u2026`;
}

// The chosen node's facts: [term, value] pairs. `path`: the moves from the start; `now`: its mark,
// or null when it does not exist yet (it appears at expansion `appears`).
export function facts(id, node, path, { now, appears }) {
  const rows = [
    ["Node", node.parent === null ? "the start" : `#${id}, from #${node.parent}`],
    ["Path", path.length ? path.join(" ") : "none (the start)"],
    ["g", String(node.g)],
  ];
  if (node.h !== null) rows.push(["h", String(node.h)], ["f", String(node.f)]);
  rows.push(["Now", now === null ? `not generated yet (it appears at expansion ${appears})` : now]);
  return rows;
}

// A node's board, as a small grid's label and as the diagram's tooltip.
export function boardLabel(id, node) {
  return `Board of node ${id}: ${node.board.join(" ")}`;
}

export function diagramTitle(id, node, state) {
  return `Node #${id}: g ${node.g}${node.h === null ? "" : `, h ${node.h}, f ${node.f}`} (${state})`;
}

// The diagram's g, h and f under a node: g + h = f where f is that (A*, IDA*); else h and the
// search's own f (greedy, weighted A*).
export function diagramCounts(node) {
  return node.h === null ? `g ${node.g}` : node.f === node.g + node.h ? `${node.g}+${node.h}=${node.f}` : `h ${node.h} f ${node.f}`;
}

// The diagram, when a step has more nodes than it draws.
export function tooManyToDraw(step, count, most) {
  return `At expansion ${step} this tree has ${count.toLocaleString("en")} nodes: too many to draw as boards ` +
    `(the diagram draws up to ${most}). Step back, or read them in the outline.`;
}
