// Controller: coordinates. Input calls it with what the person did; it hands
// each request to the collaborator whose job it is and passes their results
// on: the board being worked on (BoardEditor), the link (LinkState), the
// solver menus (SolverChoice), the running search (JobRunner), the solution
// being watched (Replay), play mode (PlayMode), the tables loaded in the
// background while the solver is idle (TablePreparer) and the views. What it says
// comes from wording.js; every fact it shows comes from Python's `info`
// (collaborators holding the solver client read `client.info`; `ready` hands
// it to the others).

import * as wording from "./wording.js";

export class Controller {
  constructor({ client, page, board, compareView, explain, trace, treeView, editor, link, choice, jobs, replay, play, tables }) {
    Object.assign(this, { client, page, board, compareView, explain, trace, treeView, editor, link, choice, jobs, replay, play, tables });
    this.info = null; // Python's "info" answer, once the solver is ready
    this.online = true; // what the browser says (main.js passes on changes)
    this.restarted = null; // why the solver was last restarted, if it was
    this.view = null; // "compare" or "tree" while that view of the board on screen is shown
    this.mode = "edit";
    editor.on("board", (reply, push) => this.boardShown(reply, push));
    editor.on("invalid", () => { this.clearSolution(); this.refresh(); this.explainH(); });
    replay.on("replaced", () => this.writeLink());
    replay.on("changed", () => this.explainH());
    this.explaining = null; // {pending}: a breakdown request in flight, and whether another is wanted
  }

  // -- start-up and links ------------------------------------------------------------

  start() {
    this.client.on("loading", (stage) => this.page.setSolverState(`${stage}\u2026`, "loading"));
    this.client.on("ready", (info) => this.ready(info));
    this.client.on("failed", (reason) => {
      this.jobs.stop();
      this.info = null;
      const unsupported = this.client.unsupported;
      this.page.setSolverState(wording.solverStateFailed(reason, unsupported), "failed");
      this.page.setStatus(unsupported ? wording.browserUnsupported() : wording.solverFailed(reason));
      this.refresh();
    });
    this.client.on("crashed", (reason) => this.crashed(reason));
    this.client.on("memory", (bytes) => this.page.setWorkerMemory(bytes));
    this.page.setSolverState("Loading the solver\u2026", "loading");
    this.page.setStatus("Loading the solver. You can edit the board meanwhile.");
    this.page.setMode(this.mode);
    this.board.setMode(this.mode);
    this.openLink(this.link.hash);
    this.refresh();
  }

  ready(info) {
    const again = this.restarted;
    this.info = info;
    this.choice.setInfo(info);
    this.replay.setInfo(info);
    this.page.fillSizes(info.min_side, info.page_max_side);
    this.page.offerTimeLimit(info.defaults.time_limit);
    this.showSolverState();
    // After a restart the board on screen stays as it was (Python had already checked it).
    if (!again || !this.editor.valid) this.linkReady();
    this.refresh();
  }

  // The solver's line: ready, and whether it was restarted or the page is offline.
  showSolverState() {
    if (!this.info) return;
    this.page.setSolverState(wording.solverReady({ online: this.online, restarted: this.restarted }), "ready");
  }

  // The browser went offline or online (the page and the solver work either way once stored).
  connectivity(online) {
    this.online = online;
    this.showSolverState();
  }

  // The worker died or hung after it was ready; the client is starting a fresh one.
  // The board, the link and a solution already shown are kept; the search that was
  // running is lost, and the tables must be loaded into the new worker again.
  crashed(reason) {
    const kind = this.jobs.kind;
    this.jobs.stop();
    this.tables.forget();
    this.info = null;
    this.restarted = reason;
    this.page.setSolverState("Restarting the solver\u2026", "loading");
    this.page.setStatus(wording.solverCrashed(reason, kind));
    this.refresh();
  }

  openLink(hash) {
    const asked = this.link.read(hash);
    if (!asked) return;
    this.editor.openLink(asked);
    this.clearSolution();
    if (this.info) this.linkReady();
  }

  // What a link asks for that needs Python's registries (names, the goal), then its board.
  linkReady() {
    this.choice.adopt(this.link.checkNames(this.info));
    this.editor.analyzeLink();
  }

  writeLink({ push = false } = {}) {
    const a = this.editor.analysis;
    if (!a) return;
    const step = this.treeShown ? this.treeView.step : this.replay.step;
    const state = { board: a.board, goal: a.goal, size: `${a.rows}x${a.cols}`, ...this.choice.link(), step, view: this.view };
    this.link.write(state, { push });
  }

  copyLink() {
    this.writeLink();
    return this.link.copy();
  }

  // -- the board -----------------------------------------------------------------------

  editBoard(text) { this.editor.edit(text, this.link.typingPause()); }
  editGoal(text) { this.editor.editGoal(text); }
  chooseGoal(kind) { this.editor.chooseGoal(kind); }
  chooseSize(rows, cols) { return this.editor.resize(rows, cols); }
  shuffle() { this.editor.shuffle(); }
  scramble(moves) { this.editor.scramble(moves); }
  reset() { this.editor.reset(); }

  // A new valid board is on screen: everything else follows it.
  boardShown(reply, push) {
    this.replay.setGoal(reply.goal_tiles);
    this.clearSolution();
    this.view = this.link.takeView(); // a comparison or a tree belongs to its board; a link may ask for one
    if (!this.treeShown) this.treeView.hide();
    this.choice.fill(reply);
    this.page.setStatus(wording.boardStatus(reply));
    this.writeLink({ push });
    this.refresh();
    this.explainH();
    if (this.view === "compare" && reply.solvability.solvable) this.compare();
    else if (this.treeShown && reply.solvability.solvable) this.buildTree();
    else if (this.link.waitingForStep && reply.solvability.solvable) this.solve();
    this.prepareTables();
  }

  // While the solver is idle, load the tables the board's size and goal need (once each).
  prepareTables() {
    if (this.jobs.kind || !this.editor.valid) return;
    const { rows, cols, goal } = this.editor.analysis;
    this.tables.want(`${rows}x${cols}`, goal);
  }

  // -- why h says what it says -------------------------------------------------------------

  // While "Why h" is open: ask Python for the breakdown of the chosen heuristic on the board
  // shown (a replay's step, else the edited board) and show it. One request at a time: a
  // change meanwhile asks again once it is answered (so fast playback cannot pile them up).
  explainH() {
    if (!this.explain.open || !this.info || !this.editor.valid) {
      this.board.explain(null);
      if (this.explain.open) this.explain.clear(this.info ? "Enter a valid board to see its h explained." : "Loading the solver\u2026");
      return;
    }
    if (this.explaining) {
      this.explaining.pending = true;
      return;
    }
    const a = this.editor.analysis;
    const tiles = this.replay.stepBoard || a.tiles;
    const heuristic = this.choice.heuristicName;
    const request = { op: "breakdown", board: tiles.join(","), goal: a.goal, size: `${a.rows}x${a.cols}`, heuristic };
    const explaining = { pending: false };
    this.explaining = explaining;
    this.client.request(request).answer.then((reply) => {
      this.explaining = null;
      if (explaining.pending) return this.explainH();
      if (!this.explain.open) return this.board.explain(null);
      if (!reply.ok) {
        this.board.explain(null);
        return this.explain.clear(reply.error.message);
      }
      this.explain.show(reply);
      this.board.explain(reply);
    });
  }

  // -- the solver's menus ----------------------------------------------------------------

  chooseAlgorithm(name) {
    this.clearSolution();
    this.dropTree();
    this.choice.chooseAlgorithm(name);
    this.writeLink();
    this.refresh();
  }

  chooseHeuristic(name) {
    this.choice.chooseHeuristic(name);
    this.clearSolution();
    this.dropTree();
    this.writeLink();
    this.refresh();
    this.explainH();
  }

  chooseOption(name, value) {
    this.choice.setValue(name, Number(value));
    this.dropTree();
    this.writeLink();
  }

  // -- solving and comparing -------------------------------------------------------------

  // Whether the board is valid and no search is running.
  get idle() {
    return this.editor.valid && !this.jobs.kind;
  }

  // Whether the board cannot reach its goal; if so, the status says why.
  refusedAsUnsolvable() {
    const { solvability } = this.editor.analysis;
    if (!solvability.solvable) this.page.setStatus(wording.unsolvable(solvability));
    return !solvability.solvable;
  }

  // Solve the board. An anytime search sends a solution at once and then better
  // ones: each goes to the replay (playable at once) while the search goes on.
  solve() {
    if (!this.idle) return;
    if (this.refusedAsUnsolvable()) return this.link.dropStep();
    const a = this.editor.analysis;
    const { rows, cols } = a;
    const request = { op: "solve", ...this.editor.request, ...this.choice.request(), ...this.page.limits(), trace: true };
    this.clearSolution();
    this.trace.start();
    this.view = null; // the link opens on the solution now
    const found = (solution) => this.replay.offer({ ...solution, start: a.tiles }, rows, cols);
    this.run("solve", request, (reply) => {
      const prepared = reply.ok ? this.tables.report(request.size, request.goal, reply.result.heuristic) : null;
      this.page.setStatus(wording.solved(reply, this.info, prepared));
      if (reply.ok) this.page.setResult(wording.resultRows(reply.result, this.info));
      if (reply.ok) this.trace.finish(reply.result.trace);
      if (!reply.ok || reply.result.length === null) return this.link.dropStep();
      this.replay.offer(reply.result, rows, cols, { step: this.link.takeStep(reply.result.length), final: true });
      this.writeLink();
    }, { anytime: this.choice.anytime, onSolution: found, shown: () => this.replay.length, onTrace: (delta) => this.trace.add(delta) });
  }

  compare() {
    if (!this.idle || this.refusedAsUnsolvable()) return;
    const names = wording.namesFrom(this.info);
    this.view = "compare"; // the link now opens on this comparison
    this.treeView.hide();
    this.writeLink();
    this.compareView.render([], names);
    this.compareView.show("Starting\u2026");
    this.run("compare", { op: "compare", ...this.editor.request, ...this.choice.allOptions() }, (reply) => {
      const words = wording.compared(reply, this.info);
      if (reply.ok) this.compareView.render(reply.results, names);
      this.compareView.show(words.panel);
      if (words.status) this.page.setStatus(words.status);
    });
  }

  // -- the search tree ---------------------------------------------------------------------

  // Whether the view the link names is the search tree (as an outline or a diagram).
  get treeShown() {
    return this.view === "tree" || this.view === "diagram";
  }

  // Build the tree the chosen algorithm searches on the board (Python says when it cannot:
  // a board over 3x3, too many nodes, the anytime solver), shown at its last expansion,
  // or at the step a link asks for (the node limit raised to reach it, within Python's cap).
  buildTree() {
    if (!this.idle || this.refusedAsUnsolvable()) return;
    const request = { op: "solve", ...this.editor.request, ...this.choice.request(), ...this.page.limits(), tree: true };
    const wanted = this.link.pendingStep;
    const cap = this.info.tree;
    if (wanted !== null && request.max_nodes === undefined && wanted > cap.default_max_nodes) {
      request.max_nodes = Math.min(wanted, cap.max_nodes);
    }
    // As a diagram when a link asks for one, or when the person chose it before and no link asks.
    const diagram = this.view === "diagram" || (this.view !== "tree" && this.treeView.showAs === "diagram");
    this.view = diagram ? "diagram" : "tree";
    this.writeLink();
    this.treeView.show(wording.started("tree"));
    this.treeView.setShow(diagram ? "diagram" : "outline");
    this.treeView.panel.scrollIntoView?.({ block: "nearest" });
    this.run("tree", request, (reply) => {
      if (!reply.ok) {
        this.link.dropStep();
        this.page.setStatus(`No search tree: ${reply.error.message}.`);
        return this.treeView.show(`No search tree: ${reply.error.message}.`);
      }
      const r = reply.result;
      const entry = this.info.algorithms.find((a) => a.name === r.algorithm);
      const labels = { usesHeuristic: entry.uses_heuristic, iterative: entry.iterative, rows: r.rows, cols: r.cols };
      const step = this.link.takeStep(r.tree.expansions, { tree: true });
      this.treeView.show(wording.treeBuilt(r, this.info), { keep: true });
      this.treeView.render(r.tree, r, labels, step ?? r.tree.expansions);
      this.page.setStatus(wording.treeBuilt(r, this.info));
      this.writeLink();
    });
  }

  // Show the tree at a step: a number, "back" or "forward".
  treeSeek(to) {
    const view = this.treeView;
    const moved = to === "back" ? view.back() : to === "forward" ? view.forward() : view.seek(to);
    if (!moved) return;
    this.view = view.showAs === "diagram" ? "diagram" : "tree"; // the link opens on the tree at this step
    this.writeLink();
  }

  // The menus changed: the tree shown was another search's.
  dropTree() {
    this.treeView.hide();
    if (this.treeShown) this.view = null;
  }

  treeClick(target) { this.treeView.click(target); }

  // The tree as an outline or a diagram: the link says which (view=tree or view=diagram).
  treeShow(mode) {
    this.treeView.setShow(mode);
    if (!this.treeView.tree) return;
    this.view = mode === "diagram" ? "diagram" : "tree";
    this.writeLink();
  }
  treeKey(key) { return this.treeView.key(key); }

  // The comparison's table as Markdown (copied) or CSV, or its chart as SVG (downloaded).
  async exportComparison(kind) {
    const view = this.compareView;
    if (kind === "csv") return view.download("npuzzle-comparison.csv", "text/csv", view.csv());
    if (kind === "svg") return view.download("npuzzle-comparison.svg", "image/svg+xml", view.svg());
    try {
      await this.link.clipboard.writeText(view.markdown());
      view.setExportState("Table copied as Markdown.");
    } catch {
      view.setExportState("The browser refused the clipboard; use Download CSV instead.");
    }
  }

  // Run a search; `done(reply)` gets its answer unless an edit stopped it first.
  // `options` go to the job runner (anytime, onSolution, shown).
  run(kind, request, done, options = {}) {
    this.jobs.run(kind, request, options).then((reply) => {
      if (!reply) return;
      this.refresh();
      done(reply);
      this.prepareTables();
    });
    this.refresh();
  }

  // Cancel, or Stop (an anytime search answers with its best solution): the same request.
  cancel() { this.jobs.cancel(); }

  clearSolution() {
    this.replay.clear();
    this.page.setResult(null);
    this.trace.reset();
  }

  // -- replay ------------------------------------------------------------------------------

  togglePlay() {
    const stopped = this.replay.toggle();
    if (stopped) stopped.then(() => this.writeLink());
  }

  stepForward() { if (this.replay.forward()) this.writeLink(); }
  stepBack() { if (this.replay.back()) this.writeLink(); }
  seek(step) { if (this.replay.seek(step)) this.writeLink(); }
  chooseSpeed(speed) { this.replay.chooseSpeed(speed); }
  takeSolution() { this.replay.takeHeld(); }

  // -- the board as a control: swap in edit mode, slide in play mode ---------------------

  chooseMode(mode) {
    this.mode = mode;
    this.editor.unselect();
    this.page.setMode(mode);
    this.board.setMode(mode);
    this.page.celebrate("");
    this.board.celebrate(false);
    if (mode !== "play") return;
    this.replay.pause();
    // Play goes on from the board on screen, which may be a step of a replay.
    if (this.replay.stepBoard) this.editor.adoptTiles(this.replay.stepBoard);
    this.play.start();
  }

  tileClicked(tile) {
    if (this.mode === "play") this.slide({ tile });
    else if (this.idle) this.editor.pick(tile);
  }

  blankClicked() {
    if (this.mode === "edit") this.tileClicked(0);
  }

  swipe(direction) {
    if (this.mode === "play") this.slide({ direction });
  }

  // An arrow key on the focused board: a slide in play mode. Returns whether it was used.
  arrowOnBoard(direction) {
    if (this.mode !== "play") return false;
    this.slide({ direction });
    return true;
  }

  // Slides run one after another, each on the board the last one (or a pending
  // analysis, such as adopting a replay's step) left.
  slide(how) {
    this.endHint();
    const previous = (this.moving || Promise.resolve()).then(() => this.editor.analyzing).catch(() => {});
    this.moving = previous.then(() => {
      if (this.idle && this.editor.analysis) return this.play.slide(this.editor.analysis, how, (reply) => this.editor.adopt(reply));
    });
    return this.moving;
  }

  undo() {
    this.endHint();
    this.play.undo((analysis) => this.editor.adopt(analysis));
  }

  // A hint searches with Python's default algorithm for the board; an anytime one
  // shows its first move at once and goes on looking for a better one until it is
  // proven, stopped (Stop keeps it) or the person slides a tile.
  hint() {
    if (!this.idle) return;
    const a = this.editor.analysis;
    const request = this.play.hintRequest(a);
    if (!request) return;
    const entry = this.info.algorithms.find((x) => x.name === a.default_algorithm);
    const anytime = Boolean(entry && entry.anytime);
    this.run("hint", request, (reply) => this.play.showHint(reply), { anytime, onSolution: (s) => this.play.hintSoFar(s) });
  }

  // Sliding a tile ends a hint's search (the hint so far has been shown).
  endHint() {
    if (this.jobs.kind !== "hint") return;
    this.jobs.stop();
    this.refresh();
  }

  refresh() {
    const kind = this.jobs.kind;
    this.page.setBusy({
      ready: Boolean(this.info), valid: this.editor.valid,
      solving: Boolean(kind) && kind !== "compare", comparing: kind === "compare", stoppable: this.jobs.anytime,
    });
    this.replay.changed();
  }
}
