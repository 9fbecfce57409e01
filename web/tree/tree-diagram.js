// TreeDiagram: the search tree as a textbook draws it: each node a small board, its
// children in a row below it joined by the move that made them, g, h and f under each,
// the frame coloured by what the search did with it at the step shown (the states are
// TreeModel's, from Python's tree). It draws one tree: the iteration the step is in, for
// IDA* and IDDFS. The outline holds the same nodes for the keyboard and screen readers.

import { el, text } from "../common/svg.js";
import * as words from "./tree-words.js";

const MAX_DRAWN = 300; // past this many nodes at a step, the diagram asks for an earlier step
const CELL = 15; // a tile's side in a node's board
const GAP_X = 14;
const GAP_Y = 46;

export class TreeDiagram {
  constructor(doc, box) {
    this.doc = doc;
    this.box = box;
  }

  // Draw the nodes of `tree` that exist at `step` (`stateAt(node, step)` says what each is),
  // node `selected` marked; {rows, cols, usesHeuristic, iterative} say how to draw them.
  draw({ tree, step, stateAt, selected, rows, cols, usesHeuristic }) {
    const iteration = this.iterationAt(tree, step, stateAt);
    const shown = [];
    const state = new Map();
    tree.nodes.forEach((node, id) => {
      if (node.iteration !== iteration) return;
      const s = stateAt(node, step);
      if (s === "hidden") return;
      shown.push(id);
      state.set(id, s);
    });
    if (shown.length > MAX_DRAWN) {
      const p = this.doc.createElement("p");
      p.className = "notice";
      p.textContent = words.tooManyToDraw(step, shown.length, MAX_DRAWN);
      this.box.replaceChildren(p);
      return 0;
    }
    const children = new Map(shown.map((id) => [id, []]));
    for (const id of shown) {
      const parent = tree.nodes[id].parent;
      if (parent !== null && children.has(parent)) children.get(parent).push(id);
    }
    // Leaves take the next slot from the left; a parent sits over the middle of its children.
    const width = cols * CELL + 4;
    const height = rows * CELL + 4;
    const place = new Map();
    let slot = 0;
    const layout = (id, depth) => {
      const kids = children.get(id);
      if (!kids.length) {
        place.set(id, { x: slot * (width + GAP_X), y: depth * (height + GAP_Y) });
        slot += 1;
        return;
      }
      for (const kid of kids) layout(kid, depth + 1);
      const first = place.get(kids[0]);
      const last = place.get(kids[kids.length - 1]);
      place.set(id, { x: (first.x + last.x) / 2, y: depth * (height + GAP_Y) });
    };
    const root = tree.iterations[iteration].root;
    layout(root, 0);
    const depth = Math.max(...[...place.values()].map((p) => p.y)) / (height + GAP_Y);
    const pad = 24;
    const svgWidth = slot * (width + GAP_X) - GAP_X + 2 * pad;
    const svgHeight = (depth + 1) * (height + GAP_Y) - GAP_Y + 2 * pad + 14;
    const svg = el(this.doc, "svg", { viewBox: `${-pad} ${-pad} ${svgWidth} ${svgHeight}`, width: svgWidth, height: svgHeight, class: "tree-diagram-svg" });
    const edges = el(this.doc, "g", { class: "edges" });
    const nodes = el(this.doc, "g", { class: "nodes" });
    for (const id of shown) {
      const node = tree.nodes[id];
      const at = place.get(id);
      if (node.parent !== null && place.has(node.parent)) {
        const from = place.get(node.parent);
        const x1 = from.x + width / 2;
        const y1 = from.y + height + 14;
        const x2 = at.x + width / 2;
        edges.append(el(this.doc, "line", { x1, y1, x2, y2: at.y - 2 }));
        edges.append(text(this.doc, (x1 + x2) / 2 + 3, (y1 + at.y) / 2 + 3, words.move(node), "move", "start"));
      }
      nodes.append(this.node(id, node, at, state.get(id), id === selected, { cols, width, height, usesHeuristic }));
    }
    svg.append(edges, nodes);
    this.box.replaceChildren(svg);
    return shown.length;
  }

  // The iteration a step shows: that of the node being expanded, else the last one begun.
  iterationAt(tree, step, stateAt) {
    let iteration = 0;
    tree.iterations.forEach((it, index) => {
      if (stateAt(tree.nodes[it.root], step) !== "hidden") iteration = index;
    });
    return iteration;
  }

  node(id, node, at, state, selected, { cols, width, height, usesHeuristic }) {
    const g = el(this.doc, "g", { class: `dnode${selected ? " selected" : ""}`, "data-node": id, "data-state": state, transform: `translate(${at.x} ${at.y})` });
    const title = el(this.doc, "title", {});
    title.textContent = words.diagramTitle(id, node, state);
    g.append(title, el(this.doc, "rect", { x: 0, y: 0, width, height, rx: 3, class: "frame" }));
    node.board.forEach((tile, cell) => {
      if (!tile) return;
      const x = 2 + (cell % cols) * CELL;
      const y = 2 + Math.floor(cell / cols) * CELL;
      g.append(el(this.doc, "rect", { x: x + 0.5, y: y + 0.5, width: CELL - 1, height: CELL - 1, class: "dtile" }));
      g.append(text(this.doc, x + CELL / 2, y + CELL - 4, String(tile), "dnum", "middle"));
    });
    g.append(text(this.doc, width / 2, height + 11, words.diagramCounts(node), "ghf", "middle"));
    return g;
  }

  // Scroll the diagram so that node `id` is in view (if it is drawn).
  reveal(id) {
    const g = this.box.querySelector(`[data-node="${id}"]`);
    if (!g) return;
    const box = this.box.getBoundingClientRect();
    const r = g.getBoundingClientRect();
    if (r.left < box.left || r.right > box.right) this.box.scrollLeft += r.left - box.left - box.width / 2 + r.width / 2;
    if (r.top < box.top || r.bottom > box.bottom) this.box.scrollTop += r.top - box.top - box.height / 2 + r.height / 2;
  }
}
