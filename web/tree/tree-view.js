// TreeView: writes the search tree panel: the tree a search built on a small board (a
// TreeModel of Python's tree: what each node is at the step shown) as an outline, one row per
// node with the move that made it, g, h and f and what the search did with it, and the board
// and facts of the node chosen; or as a diagram of boards (TreeDiagram). The rows are made a
// slice of time at a time, and a change of step rewrites only the rows the model says it touched.
//
// The outline is an ARIA tree (role tree/treeitem/group) with one focusable row at a
// time: Up and Down move between rows, Right opens a row or goes to its first child, Left
// closes it or goes to its parent, Home and End go to the first and last row, Enter or
// Space shows the row's board.

import { bringIntoView } from "../common/into-view.js";
import { miniBoard } from "../common/mini-board.js";
import { TreeDiagram } from "./tree-diagram.js";
import * as words from "./tree-words.js";

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
      play: doc.getElementById("tree-play"),
    };
    this.playing = false;
    this.nodeBoard = doc.getElementById("tree-node-board");
    this.nodeFacts = doc.getElementById("tree-node-facts");
    this.clear();
  }

  get shown() {
    return !this.panel.hidden;
  }

  // Whether a tree is drawn whole (its steps can be gone through).
  get ready() {
    return this.model !== null && !this.drawing;
  }

  clear() {
    this.model = null;
    this.drawing = null; // a tree being drawn stops
    this.items = [];
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

  // The panel's top on screen (a tree was asked for).
  scrollIntoView() {
    bringIntoView(this.panel);
  }

  // The panel, open, with `text` in its status line (and no tree while one is built).
  show(text, { keep = false } = {}) {
    this.panel.hidden = false;
    this.status.textContent = text;
    if (!keep) this.clear();
  }

  // A tree (a TreeModel), shown at its step. The rows are made a slice of time at a time (a
  // tree of thousands of nodes would otherwise hold up the page), each already as the step
  // shows it; `drawn` resolves when the last is in (the step controls wait for it).
  render(model) {
    this.model = model;
    const nodes = model.tree.nodes;
    this.items = new Array(nodes.length);
    this.outline.replaceChildren();
    this.selected = null;
    const drawing = {};
    this.drawing = drawing;
    this.setSteps();
    let next = 0;
    return new Promise((resolve) => {
      const slice = () => {
        if (this.drawing !== drawing) return resolve(false); // another tree replaced this one
        const until = performance.now() + SLICE_MS;
        while (next < nodes.length && (next % 64 || performance.now() < until)) this.item(next++);
        if (next < nodes.length) {
          this.stepText.textContent = words.drawing(next, nodes.length);
          return setTimeout(slice, 0);
        }
        this.drawing = null;
        this.setSteps();
        this.select(model.goalNode() ?? model.root, { focus: false });
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
    const model = this.model;
    const node = model.tree.nodes[id];
    const li = this.doc.createElement("li");
    li.setAttribute("role", "treeitem");
    li.dataset.node = String(id);
    li.tabIndex = -1;
    const row = this.doc.createElement("span");
    row.className = "tree-row";
    const move = this.doc.createElement("span");
    move.className = "tree-move";
    if (node.parent === null) {
      move.textContent = words.root(node, model.tree.iterations[node.iteration].bound, model.labels);
    } else {
      move.textContent = words.move(node);
      move.title = words.moveTitle(node, model.labels.directions);
    }
    const counts = this.doc.createElement("span");
    counts.className = "tree-counts";
    counts.textContent = words.counts(node);
    const mark = this.doc.createElement("span");
    mark.className = "tree-mark";
    const toggle = this.doc.createElement("span");
    toggle.className = "tree-toggle leaf";
    toggle.setAttribute("aria-hidden", "true");
    row.append(toggle, move, " ", counts, " ", mark);
    li.append(row);
    const entry = { li, mark, toggle, node, group: null };
    this.items[id] = entry;
    this.update(entry);
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

  // Show row `entry` as the step shown has it.
  update(entry) {
    const state = this.model.stateAt(entry.node);
    if (entry.li.dataset.state !== state) {
      entry.li.dataset.state = state;
      entry.li.hidden = state === "hidden";
    }
    const text = this.model.mark(state, entry.node);
    if (entry.mark.textContent !== text) entry.mark.textContent = text;
  }

  // The model went to another step: the rows it touched (`touched`, node ids) change, the node
  // being expanded is opened and scrolled to, and the choice stays unless that step hides it.
  showStep(touched) {
    for (const id of touched) this.update(this.items[id]);
    this.setSteps();
    const expanding = this.model.expanding();
    const current = expanding !== null && this.items[expanding].li.dataset.state === "current" ? this.items[expanding] : null;
    if (current) {
      this.open(current.li);
      this.reveal(current.li);
    }
    // A chosen row that this step hides hands the choice (and the keyboard's place in the
    // tree) to the node being expanded, or the start.
    const chosen = this.selected !== null ? this.items[this.selected] : null;
    if (chosen && chosen.li.hidden) {
      const fallback = current || this.items[this.model.root];
      this.select(Number(fallback.li.dataset.node), { focus: this.outline.contains(this.doc.activeElement) || this.doc.activeElement === this.doc.body });
    } else if (this.selected !== null) {
      this.showNode(this.selected);
    }
    this.drawDiagram();
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
    if (!this.ready || this.showAs !== "diagram") return;
    const model = this.model;
    const { rows, cols, usesHeuristic } = model.labels;
    this.diagramCount = this.diagram.draw({
      tree: model.tree, step: model.step, stateAt: (node, step) => model.stateAt(node, step),
      selected: this.selected, rows, cols, usesHeuristic,
    });
    const current = model.expanding() ?? -1;
    this.diagram.reveal(this.selected !== null && this.selectedMoved ? this.selected : current);
    this.selectedMoved = false;
  }

  // Whether the tree plays by itself (its button then says Pause).
  setPlaying(playing) {
    this.playing = playing;
    this.buttons.play.textContent = words.playButton(playing);
    this.buttons.play.setAttribute("aria-pressed", String(playing));
  }

  setSteps() {
    const model = this.model;
    const total = model ? model.expansions : 0;
    const step = model ? model.step : 0;
    const ready = this.ready;
    this.slider.max = String(total);
    this.slider.value = String(step);
    this.slider.disabled = !ready || total === 0;
    this.buttons.first.disabled = this.buttons.back.disabled = !ready || step <= 0;
    this.buttons.forward.disabled = this.buttons.last.disabled = !ready || step >= total;
    this.buttons.play.disabled = !ready || total === 0;
    this.stepText.textContent = ready ? model.summary() : "";
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
    const node = this.model.tree.nodes[id];
    const { rows, cols } = this.model.labels;
    this.nodeBoard.replaceChildren(miniBoard(this.doc, node.board, rows, cols, words.boardLabel(id, node)));
    this.nodeFacts.replaceChildren(...this.model.facts(id).flatMap(([term, value]) => {
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
