// SearchTree: the "Search tree" feature. It runs the chosen algorithm on the board with
// its tree recorded (Python says when it cannot: a board over 3x3, too many nodes, the
// anytime solver), makes the tree's model (TreeModel: the tree at a step) at its first
// step or at the step a link asks for, plays it by itself at a speed, hands it to TreeView, steps it, and keeps the page
// state's view ("tree" or "diagram") in step with what is shown, so that the link opens the same
// tree, drawn the same way (a board shown with that view, from a link, builds its tree). Another
// view taking the page (a comparison) closes it.

import * as protocol from "../solver/protocol.js";
import { jobKind } from "../solver/job-kind.js";
import * as outcome from "../solver/outcome.js";
import { TreeModel } from "./tree-model.js";
import * as words from "./tree-words.js";

// The search tree's search.
const TREE = jobKind({ name: "tree", started: () => ({ status: words.BUILDING, outcome: outcome.started() }) });

export class SearchTree {
  constructor({ view, clock = globalThis }) {
    Object.assign(this, { view, clock });
    this.app = null; // the app's door, from routes
    this.model = null; // the tree shown (a TreeModel), once its search answered
    this.speed = 2; // expansions a second when it plays by itself
    this.timer = null; // while it plays
  }

  // Another view of the board took the page (the tree is "tree" or "diagram"; a solve's null leaves it).
  stateChanged(changed) {
    if (changed.includes("view") && this.app.view() !== null && !this.app.treeShown()) this.hide();
  }

  routes(app) {
    this.app = app;
    return {
      tree: () => this.build(app),
      "tree-seek": (to) => this.seek(to),
      "tree-play": () => (this.timer === null ? this.play() : this.pause()),
      "tree-speed": (speed) => this.setSpeed(speed),
      "tree-click": (id, where) => this.view.click(id, where),
      "tree-show": (mode) => this.showAs(mode),
      "tree-key": (key) => this.view.key(key),
    };
  }

  // The expansion step of the tree shown (for the link), 0 without one.
  get step() {
    return this.model ? this.model.step : 0;
  }

  hide() {
    this.pause();
    this.model = null;
    this.view.hide();
  }

  // Play the expansions one after another at the speed chosen, from the first if at the last.
  play() {
    if (!this.model || !this.view.ready) return;
    if (this.model.step >= this.model.expansions) this.seek(0);
    this.view.setPlaying(true);
    this.timer = this.clock.setInterval(() => this.tick(), 1000 / this.speed);
  }

  tick() {
    if (!this.model || this.model.step >= this.model.expansions) return this.pause();
    if (this.view.ready) this.seek("forward");
  }

  pause() {
    if (this.timer === null) return;
    this.clock.clearInterval(this.timer);
    this.timer = null;
    this.view.setPlaying(false);
  }

  setSpeed(speed) {
    if (!(speed > 0)) return;
    this.speed = speed;
    if (this.timer !== null) {
      this.pause();
      this.play();
    }
  }

  // The board shown is new: a tree belongs to its board, unless a link asks for one (built on it).
  boardShown(reply, app) {
    if (!this.app.treeShown()) this.hide();
    else if (reply.solvability.solvable) this.build(app);
  }

  // The step the link names while the tree is shown (else undefined: the replay's).
  linkStep() {
    return this.app.treeShown() ? this.step : undefined;
  }

  // Another link was opened: the tree shown was the last one's.
  linkOpened() {
    this.hide();
  }

  // The menus changed: the tree shown was another search's.
  menusChanged() {
    this.hide();
    if (this.app.treeShown()) this.app.setState({ view: null });
  }

  // Build the tree, at its first step or at the step a link asks for (the node limit
  // raised to reach it, within Python's cap).
  build(app) {
    if (!app.idle() || app.refusedAsUnsolvable()) return;
    const info = this.app.info();
    const request = protocol.solve(app.analysis(), this.app.choice.request({ metric: false }), this.app.choice.limits(), { tree: true });
    const wanted = this.app.link.pendingStep();
    const cap = info.tree;
    if (wanted !== null && request.max_nodes === undefined && wanted > cap.default_max_nodes) {
      request.max_nodes = Math.min(wanted, cap.max_nodes);
    }
    // As a diagram when a link asks for one, or when the person chose it before and no link asks.
    const view = this.app.view();
    const diagram = view === "diagram" || (view !== "tree" && this.view.showAs === "diagram");
    this.app.setState({ view: diagram ? "diagram" : "tree" });
    this.pause();
    this.model = null;
    this.view.show(words.BUILDING);
    this.view.setShow(diagram ? "diagram" : "outline");
    this.view.scrollIntoView();
    app.run(TREE, request, (reply) => {
      if (!reply.ok) {
        this.app.link.dropStep();
        this.app.status(words.noTree(reply.error.message));
        return this.view.show(words.noTree(reply.error.message));
      }
      const r = reply.result;
      const entry = info.algorithms.find((a) => a.name === r.algorithm);
      const labels = { usesHeuristic: entry.uses_heuristic, iterative: entry.iterative, rows: r.rows, cols: r.cols, directions: info.directions };
      const step = this.app.link.takeStep(r.tree.expansions, { tree: true });
      this.model = new TreeModel(r.tree, labels, step ?? 0); // at its first step, unless a link names one
      this.view.show(words.treeBuilt(r, info), { keep: true });
      this.view.render(this.model);
      this.app.status(words.treeBuilt(r, info));
    });
  }

  // Show the tree at a step: a number, "back" or "forward" (once it is drawn).
  seek(to) {
    if (!this.model || !this.view.ready) return;
    const model = this.model;
    const touched = model.seek(to === "back" ? model.step - 1 : to === "forward" ? model.step + 1 : to);
    if (!touched) return;
    this.view.showStep(touched);
    this.app.setState({ view: this.view.showAs === "diagram" ? "diagram" : "tree" });
  }

  // The tree as an outline or a diagram: the link says which (view=tree or view=diagram).
  showAs(mode) {
    this.view.setShow(mode);
    if (this.model) this.app.setState({ view: mode === "diagram" ? "diagram" : "tree" });
  }
}
