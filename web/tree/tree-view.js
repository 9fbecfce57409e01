// TreeView: writes the search tree panel: the tree a search built on a small board
// (Python's "tree", npuzzle/search/tree.py) as an outline, one row per node with the move
// that made it, g, h and f and what the search did with it, and the board of the node
// chosen. It shows the search at one expansion step at a time: the nodes that existed
// then, the ones expanded (the one being expanded marked), the frontier, the duplicates
// and pruned children. Every fact comes from Python's tree; this only decides what a
// step shows, which is read off each node's "seen" and "order" (tree.py says how).
//
// The outline is an ARIA tree (role tree/treeitem/group) with one focusable row at a
// time: Up and Down move between rows, Right opens a row or goes to its first child, Left
// closes it or goes to its parent, Home and End go to the first and last row, Enter or
// Space shows the row's board.

import { miniBoard } from "../common/mini-board.js";
import { TreeDiagram } from "./tree-diagram.js";
import { ARROWS } from "../common/wording.js";

const SLICE_MS = 12; // the most time one slice of drawing the tree takes

export class TreeView {
  constructor(doc) {
    this.doc = doc;
    this.panel = doc.getElementById("tree-panel");
    this.status = doc.getElementById("tree-status");
    this.outline = doc.getElementById("tree-outline");
    this.diagramBox = doc.getElementById("tree-diagram");
    this.diagram = new TreeDiagram(doc, this.diagramBox);
    this.showAs = "outline"; // or "diagram"
    this.slider = doc.getElementById("tree-step");
    this.stepText = doc.getElementById("tree-step-text");
    this.buttons = {
      first: doc.getElementById("tree-first"),
      back: doc.getElementById("tree-back"),
      forward: doc.getElementById("tree-forward"),
      last: doc.getElementById("tree-last"),
    };
    this.nodeBoard = doc.getElementById("tree-node-board");
    this.nodeFacts = doc.getElementById("tree-node-facts");
    this.clear();
  }

  get shown() {
    return !this.panel.hidden;
  }

  // The number of expansions in the tree shown (0 without one).
  get expansions() {
    return this.tree ? this.tree.expansions : 0;
  }

  clear() {
    this.tree = null;
    this.drawing = null; // a tree being drawn stops
    this.rows = [];
    this.items = [];
    this.step = 0;
    this.selected = null;
    this.outline.replaceChildren();
    this.diagramBox.replaceChildren();
    this.nodeBoard.replaceChildren();
    this.nodeFacts.replaceChildren();
    this.setSteps();
  }

  hide() {
    this.panel.hidden = true;
    this.clear();
  }

  // Bring the panel into view (only as far as needed).
  scrollIntoView() {
    this.panel.scrollIntoView?.({ block: "nearest" });
  }

  // The panel, open, with `text` in its status line (and no tree while one is built).
  show(text, { keep = false } = {}) {
    this.panel.hidden = false;
    this.status.textContent = text;
    if (!keep) this.clear();
  }

  // A search's tree and result: the outline of every node, shown at `step` expansions.
  // `labels`: {usesHeuristic, iterative, rows, cols} from Python's info and the result.
  // The rows are made a slice of time at a time (a tree of thousands of nodes would
  // otherwise hold up the page), each already as the step shows it; `drawn` resolves when
  // the last is in (the step controls wait for it).
  render(tree, result, labels, step) {
    this.tree = tree;
    this.labels = labels;
    this.items = new Array(tree.nodes.length);
    this.outline.replaceChildren();
    this.selected = null;
    this.step = Math.max(0, Math.min(tree.expansions, Math.round(step)));
    // Which nodes a step can change: those generated, expanded or replaced at it, and (the
    // last step says "never expanded") the frontier that is never expanded.
    this.touched = Array.from({ length: tree.expansions + 1 }, () => []);
    tree.nodes.forEach((node, id) => {
      for (const k of [node.seen, node.order, node.replaced]) if (k !== null && k <= tree.expansions) this.touched[k].push(id);
      if (node.status === "open" && node.order === null) this.touched[tree.expansions].push(id);
    });
    const drawing = {};
    this.drawing = drawing;
    this.setSteps();
    let next = 0;
    return new Promise((resolve) => {
      const slice = () => {
        if (this.drawing !== drawing) return resolve(false); // another tree replaced this one
        const until = performance.now() + SLICE_MS;
        while (next < tree.nodes.length && (next % 64 || performance.now() < until)) this.item(next++);
        if (next < tree.nodes.length) {
          this.stepText.textContent = `Drawing the tree: ${next.toLocaleString("en")} of ${tree.nodes.length.toLocaleString("en")} nodes\u2026`;
          return setTimeout(slice, 0);
        }
        this.drawing = null;
        this.counts = this.countAt(this.step);
        this.setSteps();
        this.select(this.goalNode() ?? tree.iterations[0]?.root ?? null, { focus: false });
        const current = this.items.find((entry) => entry && entry.li.dataset.state === "current");
        if (current) this.reveal(current.li);
        this.drawDiagram();
        resolve(true);
      };
      slice();
    });
  }

  // Node `id`'s treeitem, put under its parent's (nodes come after their parents), shown
  // as the step shown has it.
  item(id) {
    const node = this.tree.nodes[id];
    const li = this.doc.createElement("li");
    li.setAttribute("role", "treeitem");
    li.dataset.node = String(id);
    li.tabIndex = -1;
    const row = this.doc.createElement("span");
    row.className = "tree-row";
    const move = this.doc.createElement("span");
    move.className = "tree-move";
    if (node.parent === null) {
      const { bound } = this.tree.iterations[node.iteration];
      move.textContent = this.labels.iterative ? `Iteration ${node.iteration + 1} (${this.labels.usesHeuristic ? "f" : "depth"} \u2264 ${bound}): start` : "Start";
    } else {
      move.textContent = `${node.tile}${ARROWS[node.dir]}`;
      move.title = `tile ${node.tile} slides ${{ U: "up", D: "down", L: "left", R: "right" }[node.dir]}`;
    }
    const counts = this.doc.createElement("span");
    counts.className = "tree-counts";
    counts.textContent = node.h === null ? `g ${node.g}` : `g ${node.g} \u00b7 h ${node.h} \u00b7 f ${node.f}`;
    const mark = this.doc.createElement("span");
    mark.className = "tree-mark";
    const toggle = this.doc.createElement("span");
    toggle.className = "tree-toggle leaf";
    toggle.setAttribute("aria-hidden", "true");
    row.append(toggle, move, " ", counts, " ", mark);
    li.append(row);
    const entry = { li, mark, toggle, node, group: null };
    this.items[id] = entry;
    this.update(entry, this.step);
    if (node.parent === null) return this.outline.append(li);
    const parent = this.items[node.parent];
    if (!parent.group) {
      parent.group = this.doc.createElement("ul");
      parent.group.setAttribute("role", "group");
      parent.li.append(parent.group);
      parent.li.setAttribute("aria-expanded", "true");
      parent.toggle.className = "tree-toggle";
    }
    parent.group.append(li);
  }

  // Show row `entry` as step `step` has it; returns its state.
  update(entry, step) {
    const state = this.stateAt(entry.node, step);
    if (entry.li.dataset.state !== state) {
      entry.li.dataset.state = state;
      entry.li.hidden = state === "hidden";
    }
    const text = this.words(state, entry.node, step);
    if (entry.mark.textContent !== text) entry.mark.textContent = text;
    return state;
  }

  // What node `node` is at the step shown: hidden (not generated yet), "current" (being
  // expanded), "expanded", "frontier", "replaced", "duplicate", "pruned" or "goal".
  // A depth-first search (IDA*, IDDFS) expands a child the moment it generates it, so
  // such a child appears with its own expansion, not with the one before.
  stateAt(node, step) {
    if (node.seen > step) return "hidden";
    if (this.labels.iterative && node.parent !== null && node.order !== null && node.order > step) return "hidden";
    if (node.order !== null && node.order <= step) return node.order === step ? "current" : "expanded";
    if (node.status !== "open") return node.status;
    if (node.replaced !== null && node.replaced <= step) return "replaced";
    return "frontier";
  }

  // Words for a node's state at a step (its row's mark and the node's facts).
  words(state, node, step = this.step) {
    const bound = this.tree.iterations[node.iteration].bound;
    switch (state) {
      case "current": return `expanding now (#${node.order})`;
      case "expanded": return `expanded #${node.order}`;
      case "frontier": return step === this.expansions ? "frontier (never expanded)" : "frontier";
      case "replaced": return "replaced (a shorter path was found)";
      case "duplicate": return "duplicate (reached before at no greater cost)";
      case "pruned": return this.labels.usesHeuristic ? `pruned (f ${node.f} > ${bound})` : `cut off at depth ${bound}`;
      case "goal": return "goal";
      default: return "";
    }
  }

  // How many nodes are expanded, on the frontier, duplicates and pruned at a step.
  countAt(step) {
    const counts = { expanded: 0, frontier: 0, duplicate: 0, replaced: 0, pruned: 0 };
    for (const node of this.tree.nodes) {
      const state = this.stateAt(node, step);
      if (state === "current" || state === "expanded") counts.expanded += 1;
      else if (state in counts) counts[state] += 1;
    }
    return counts;
  }

  // Show the search after `step` expansions (0: the start only): only the rows that steps
  // between the old and the new one touch change. Returns whether it changed.
  seek(step) {
    if (!this.tree || this.drawing) return false;
    const target = Math.max(0, Math.min(this.expansions, Math.round(step)));
    if (target === this.step) return false;
    const [low, high] = target < this.step ? [target, this.step] : [this.step, target];
    this.step = target;
    for (let k = low; k <= high; k++) for (const id of this.touched[k]) this.update(this.items[id], target);
    this.counts = this.countAt(target);
    this.setSteps();
    const current = this.items.find((entry) => entry.node.order === target && entry.li.dataset.state === "current");
    if (current) {
      this.open(current.li);
      this.reveal(current.li);
    }
    // A chosen row that this step hides hands the choice (and the keyboard's place in the
    // tree) to the node being expanded, or the start.
    const chosen = this.selected !== null ? this.items[this.selected] : null;
    if (chosen && chosen.li.hidden) {
      const fallback = current || this.items[this.tree.iterations[0].root];
      this.select(Number(fallback.li.dataset.node), { focus: this.outline.contains(this.doc.activeElement) || this.doc.activeElement === this.doc.body });
    } else if (this.selected !== null) {
      this.showNode(this.selected);
    }
    this.drawDiagram();
    return true;
  }

  // Show the tree as an outline (one row per node; the keyboard's) or as a diagram of boards.
  setShow(mode) {
    this.showAs = mode === "diagram" ? "diagram" : "outline";
    this.outline.hidden = this.showAs !== "outline";
    this.diagramBox.hidden = this.showAs !== "diagram";
    for (const radio of this.doc.querySelectorAll('input[name="tree-show"]')) radio.checked = radio.value === this.showAs;
    this.drawDiagram();
  }

  // Redraw the diagram (when it is the view shown) at the step shown, the chosen node marked
  // and the node being expanded (or the chosen one) scrolled into view.
  drawDiagram() {
    if (!this.tree || this.drawing || this.showAs !== "diagram") return;
    const { rows, cols, usesHeuristic } = this.labels;
    this.diagramCount = this.diagram.draw({
      tree: this.tree, step: this.step, stateAt: (node, step) => this.stateAt(node, step),
      selected: this.selected, rows, cols, usesHeuristic,
    });
    const current = this.tree.nodes.findIndex((n) => n.order === this.step);
    this.diagram.reveal(this.selected !== null && this.selectedMoved ? this.selected : current);
    this.selectedMoved = false;
  }

  forward() { return this.seek(this.step + 1); }
  back() { return this.seek(this.step - 1); }

  setSteps() {
    const total = this.expansions;
    const ready = Boolean(this.tree) && !this.drawing;
    this.slider.max = String(total);
    this.slider.value = String(this.step);
    this.slider.disabled = !ready || total === 0;
    this.buttons.first.disabled = this.buttons.back.disabled = !ready || this.step <= 0;
    this.buttons.forward.disabled = this.buttons.last.disabled = !ready || this.step >= total;
    if (!ready) {
      this.stepText.textContent = "";
      return;
    }
    const c = this.counts || {};
    const parts = [`${c.expanded} expanded`];
    if (!this.labels.iterative) parts.push(`${c.frontier} on the frontier`);
    if (c.duplicate) parts.push(`${c.duplicate} duplicate${c.duplicate === 1 ? "" : "s"}`);
    if (c.replaced) parts.push(`${c.replaced} replaced by a shorter path`);
    if (c.pruned) parts.push(`${c.pruned} pruned`);
    this.stepText.textContent = `Expansion ${this.step} of ${total}: ${parts.join(", ")}`;
  }

  // Open every row above `li`, so that it can be seen.
  open(li) {
    for (let up = li.parentElement.closest('[role="treeitem"]'); up; up = up.parentElement.closest('[role="treeitem"]')) {
      if (up.getAttribute("aria-expanded") === "false") up.setAttribute("aria-expanded", "true");
    }
  }

  // Scroll the outline (only the outline, not the page) so that `li`'s row is in view.
  reveal(li) {
    const row = li.firstElementChild;
    const box = this.outline.getBoundingClientRect();
    const r = row.getBoundingClientRect();
    if (r.top < box.top) this.outline.scrollTop -= box.top - r.top + 8;
    else if (r.bottom > box.bottom) this.outline.scrollTop += r.bottom - box.bottom + 8;
  }

  goalNode() {
    const id = this.tree.nodes.findIndex((n) => n.status === "goal");
    return id < 0 ? null : id;
  }

  // Choose node `id`: its row is marked (and focused, for the keyboard), its board and facts shown.
  select(id, { focus = true } = {}) {
    if (id === null || !this.items[id]) return;
    if (this.selected !== null && this.items[this.selected]) {
      const old = this.items[this.selected].li;
      old.removeAttribute("aria-selected");
      old.tabIndex = -1;
    }
    this.selected = id;
    const { li } = this.items[id];
    li.setAttribute("aria-selected", "true");
    li.tabIndex = 0;
    if (focus && !li.hidden) li.focus({ preventScroll: true });
    if (!li.hidden) this.reveal(li);
    this.showNode(id);
    this.selectedMoved = true;
    this.drawDiagram();
  }

  // The chosen node's board and what the search knew of it, at the step shown.
  showNode(id) {
    const node = this.tree.nodes[id];
    const { rows, cols } = this.labels;
    const grid = miniBoard(this.doc, node.board, rows, cols, `Board of node ${id}: ${node.board.join(" ")}`);
    this.nodeBoard.replaceChildren(grid);
    const path = [];
    for (let n = node; n.parent !== null; n = this.tree.nodes[n.parent]) path.push(`${n.tile}${ARROWS[n.dir]}`);
    const state = this.stateAt(node, this.step);
    const facts = [
      ["Node", node.parent === null ? "the start" : `#${id}, from #${node.parent}`],
      ["Path", path.length ? path.reverse().join(" ") : "none (the start)"],
      ["g", String(node.g)],
    ];
    if (node.h !== null) facts.push(["h", String(node.h)], ["f", String(node.f)]);
    const appears = this.labels.iterative && node.parent !== null && node.order !== null ? node.order : node.seen;
    facts.push(["Now", state === "hidden" ? `not generated yet (it appears at expansion ${appears})` : this.words(state, node)]);
    this.nodeFacts.replaceChildren(...facts.flatMap(([term, value]) => {
      const dt = this.doc.createElement("dt");
      dt.textContent = term;
      const dd = this.doc.createElement("dd");
      dd.textContent = value;
      return [dt, dd];
    }));
  }

  // A click on node `id` (input reports its data-node): in the diagram, chooses it (the focus
  // stays where it is); in the outline, on its row's triangle (`toggle`) opens or closes it,
  // elsewhere on its row chooses it.
  click(id, { diagram = false, toggle = false } = {}) {
    if (diagram) this.select(id, { focus: false });
    else if (toggle) this.toggle(id);
    else this.select(id);
    return true;
  }

  // A key on the outline: moves the chosen row (tree keys); returns whether it was used.
  key(name) {
    if (this.selected === null) return false;
    const visible = [...this.outline.querySelectorAll('[role="treeitem"]')].filter((li) => li.offsetParent !== null);
    const { li } = this.items[this.selected];
    const at = visible.indexOf(li);
    const go = (target) => { if (target) this.select(Number(target.dataset.node)); };
    switch (name) {
      case "ArrowDown": go(visible[at + 1]); return true;
      case "ArrowUp": go(visible[at - 1]); return true;
      case "Home": go(visible[0]); return true;
      case "End": go(visible[visible.length - 1]); return true;
      case "ArrowRight":
        if (li.getAttribute("aria-expanded") === "false") li.setAttribute("aria-expanded", "true");
        else go(visible[at + 1] && li.contains(visible[at + 1]) ? visible[at + 1] : null);
        return true;
      case "ArrowLeft":
        if (li.getAttribute("aria-expanded") === "true") li.setAttribute("aria-expanded", "false");
        else go(li.parentElement.closest('[role="treeitem"]'));
        return true;
      case "Enter":
      case " ":
        this.select(this.selected);
        return true;
      default:
        return false;
    }
  }

  // Open or close a row's children (a click on its toggle).
  toggle(id) {
    const { li } = this.items[id];
    if (!li.hasAttribute("aria-expanded")) return;
    li.setAttribute("aria-expanded", li.getAttribute("aria-expanded") === "true" ? "false" : "true");
  }
}
