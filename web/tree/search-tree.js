// SearchTree: the "Search tree" feature. It runs the chosen algorithm on the board with
// its tree recorded (Python says when it cannot: a board over 3x3, too many nodes, the
// anytime solver), hands the tree to TreeView at its last expansion or at the step a link
// asks for, steps through it, and keeps the page state's view ("tree" or "diagram") in
// step with what is shown, so that the link opens the same tree, drawn the same way (a
// board shown with that view, from a link, builds its tree).

import * as protocol from "../solver/protocol.js";
import * as wording from "../common/wording.js";

export class SearchTree {
  constructor({ view, state, link, page, choice }) {
    Object.assign(this, { view, state, link, page, choice });
  }

  routes(app) {
    return {
      tree: () => this.build(app),
      "tree-seek": (to) => this.seek(to),
      "tree-click": (id, where) => this.view.click(id, where),
      "tree-show": (mode) => this.showAs(mode),
      "tree-key": (key) => this.view.key(key),
      "tree-hide": () => this.view.hide(),
    };
  }

  // The step of the tree shown (for the link), or null.
  get step() {
    return this.view.step;
  }

  // The board shown is new: a tree belongs to its board, unless a link asks for one (built on it).
  boardShown(reply, app) {
    if (!this.state.treeShown) this.view.hide();
    else if (reply.solvability.solvable) this.build(app);
  }

  // The step the link names while the tree is shown (else undefined: the replay's).
  linkStep() {
    return this.state.treeShown ? this.view.step : undefined;
  }

  // The menus changed: the tree shown was another search's.
  menusChanged() {
    this.view.hide();
    if (this.state.treeShown) this.state.set({ view: null });
  }

  // Build the tree, at its last expansion or at the step a link asks for (the node limit
  // raised to reach it, within Python's cap).
  build(app) {
    if (!app.idle || app.refusedAsUnsolvable()) return;
    const info = this.state.info;
    const request = protocol.solve(app.analysis, this.choice.request(), this.choice.limits(), { tree: true });
    const wanted = this.link.pendingStep;
    const cap = info.tree;
    if (wanted !== null && request.max_nodes === undefined && wanted > cap.default_max_nodes) {
      request.max_nodes = Math.min(wanted, cap.max_nodes);
    }
    // As a diagram when a link asks for one, or when the person chose it before and no link asks.
    const view = this.state.view;
    const diagram = view === "diagram" || (view !== "tree" && this.view.showAs === "diagram");
    this.state.set({ view: diagram ? "diagram" : "tree" });
    this.view.show(wording.started("tree"));
    this.view.setShow(diagram ? "diagram" : "outline");
    this.view.scrollIntoView();
    app.run("tree", request, (reply) => {
      if (!reply.ok) {
        this.link.dropStep();
        this.page.setStatus(`No search tree: ${reply.error.message}.`);
        return this.view.show(`No search tree: ${reply.error.message}.`);
      }
      const r = reply.result;
      const entry = info.algorithms.find((a) => a.name === r.algorithm);
      const labels = { usesHeuristic: entry.uses_heuristic, iterative: entry.iterative, rows: r.rows, cols: r.cols };
      const step = this.link.takeStep(r.tree.expansions, { tree: true });
      this.view.show(wording.treeBuilt(r, info), { keep: true });
      this.view.render(r.tree, r, labels, step ?? r.tree.expansions);
      this.page.setStatus(wording.treeBuilt(r, info));
    });
  }

  // Show the tree at a step: a number, "back" or "forward".
  seek(to) {
    const view = this.view;
    const moved = to === "back" ? view.back() : to === "forward" ? view.forward() : view.seek(to);
    if (moved) this.state.set({ view: view.showAs === "diagram" ? "diagram" : "tree" });
  }

  // The tree as an outline or a diagram: the link says which (view=tree or view=diagram).
  showAs(mode) {
    this.view.setShow(mode);
    if (this.view.tree) this.state.set({ view: mode === "diagram" ? "diagram" : "tree" });
  }
}
