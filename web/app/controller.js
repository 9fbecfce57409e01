// Controller: a small router. Input reports what the person did as named events ("solve",
// "tree-seek", "undo", ...); `dispatch` hands each to the route a feature registered for it
// (each feature's `routes(app)`, `app` being the app's door, app-door.js: the few things a
// feature may ask of the app, never this controller). The page state (PageState: Python's
// info, whether the solver is ready, the view, the mode; the step is the replay's) has one
// owner, `state`; after every event and every change it or the replay announces, `derive`
// computes in one place the link, the busy flags and each feature's `update`. A new feature is
// a folder whose object main.js hands in, with its routes and the hooks `announce` calls on
// every feature that has them (hooks.js lists them, with what each says; a name not listed is
// refused): never its name here. The controller routes the solver's life cycle, links and solving; its
// words come from wording.js, its facts from Python's `info`.

import * as outcome from "../solver/outcome.js";
import { jobKind, searching } from "../solver/job-kind.js";
import * as protocol from "../solver/protocol.js";
import * as wording from "../common/wording.js";
import { appDoor } from "./app-door.js";
import { hook } from "./hooks.js";

// A solve: the status line comes into view; an anytime search's best so far once it has one.
export const SOLVE = jobKind({
  name: "solve",
  reveal: true,
  progress: (p, context) => (p.best == null ? searching(p, context)
    : { status: wording.improving(p, context), outcome: outcome.improving(p, context.shown) }),
});

export class Controller {
  // `parts`: what main.js adds to the door for the features (the board's drawing, the
  // clipboard, the code runner's lane).
  constructor({ client, page, state, editor, link, choice, jobs, replay, tables, features, parts = {} }) {
    Object.assign(this, { client, page, state, editor, link, choice, jobs, replay, tables, features });
    this.door = appDoor(this, { state, page, jobs, replay, link, choice, editor, ...parts }); // what features may ask of the app
    this.handlers = {}; // event name -> its route
    for (const owner of [this, editor, choice, replay, ...features]) Object.assign(this.handlers, owner[hook("routes")]?.(this.door));
    this.opening = false; // a link's board is being read: the address is the link's until it is shown
    this.pending = null; // {push}: a derive is scheduled
    editor.on("board", (reply, push) => this.boardShown(reply, push));
    editor.on("invalid", () => { this.opening = false; this.clearSolution(); this.changed(); });
    for (const kind of ["replaced", "changed"]) replay.on(kind, () => this.changed());
    state.on((changed) => { this.announce("stateChanged", changed); this.changed(); });
  }

  routes() {
    return {
      solve: () => this.solve(),
      cancel: () => this.jobs.cancel(), // Cancel, or Stop (an anytime search answers with its best solution)
      "copy-link": () => { this.writeLink(); return this.link.copy(); },
      "open-link": (hash) => this.openLink(hash),
      connectivity: (online) => { this.state.set({ online }); this.showSolverState(); },
    };
  }

  // Call `hook` on every feature that has it.
  announce(name, ...args) {
    hook(name);
    for (const feature of this.features) feature[name]?.(...args);
  }

  // The fields every feature that has `hook` gives, in one object (what a link or a solve carries).
  gather(name) {
    hook(name);
    return Object.assign({}, ...this.features.map((feature) => feature[name]?.()));
  }

  // What every feature that has `hook` answers (null and undefined left out), in a list.
  collect(name, ...args) {
    hook(name);
    return this.features.map((feature) => feature[name]?.(...args)).filter((answer) => answer != null);
  }

  // A named event (from input, or from a feature): its route, then what derives from it.
  dispatch(name, ...args) {
    const route = this.handlers[name];
    if (!route) throw new Error(`no route for the event "${name}"`);
    const result = route(...args);
    this.changed();
    return result;
  }

  // Something the derived things depend on changed: derive them once, after this task's
  // changes (`push`: the link gets its own history entry).
  changed({ push = false } = {}) {
    if (this.pending) {
      this.pending.push = this.pending.push || push;
      return;
    }
    this.pending = { push };
    queueMicrotask(() => {
      const { push: pushed } = this.pending;
      this.pending = null;
      this.derive(pushed);
    });
  }

  // The one place where the link, the busy flags and the features' views follow the state.
  derive(push) {
    if (!this.replay.playing && !this.opening) this.writeLink({ push });
    this.page.setBusy({ ready: this.state.ready, valid: this.editor.valid, busy: Boolean(this.jobs.kind), stoppable: this.jobs.anytime });
    this.announce("update");
  }

  writeLink({ push = false } = {}) {
    const a = this.editor.analysis;
    if (!a || !this.editor.valid) return;
    const step = this.features.map((f) => f[hook("linkStep")]?.()).find((s) => s !== undefined) ?? this.replay.step;
    const size = protocol.sizeName(a.rows, a.cols);
    this.link.write({ board: a.board, goal: a.goal, size, ...this.choice.link(), step, view: this.state.view, ...this.gather("linkFields") }, { push });
  }

  // -- the solver's life cycle ---------------------------------------------------------

  start() {
    this.client.on("loading", (stage) => this.page.setSolverState(wording.solverLoading(stage), "loading"));
    this.client.on("ready", (info) => this.ready(info));
    this.client.on("failed", (reason) => {
      this.jobs.stop();
      const unsupported = this.client.unsupported;
      this.page.setSolverState(wording.solverStateFailed(reason, unsupported), "failed");
      this.page.setStatus(unsupported ? wording.browserUnsupported() : wording.solverFailed(reason));
      this.state.set({ ready: false });
    });
    this.client.on("crashed", (reason) => this.crashed(reason));
    this.client.on("memory", (bytes) => this.page.setWorkerMemory(bytes));
    this.client.on("started", (how) => this.page.setWorkerStart(how));
    this.page.setSolverState(wording.solverLoading(), "loading");
    this.page.setStatus(wording.editWhileLoading());
    this.dispatch("choose-mode", this.state.mode);
    this.openLink(this.link.hash);
    this.changed();
  }

  ready(info) {
    const again = this.state.restarted;
    this.state.set({ info, ready: true }); // the menus and fields that follow Python's info hear it
    this.showSolverState();
    // After a restart the board on screen stays as it was (Python had already checked it).
    if (!again || !this.editor.valid) this.linkReady();
  }

  // The solver's line: ready, and whether it was restarted or the page is offline.
  showSolverState() {
    const { ready, online, restarted } = this.state;
    if (ready) this.page.setSolverState(wording.solverReady({ online, restarted }), "ready");
  }

  // The worker died or hung after it was ready; the client is starting a fresh one. The board,
  // the link and a solution shown stay; the search running is lost, its tables must be loaded again.
  crashed(reason) {
    const kind = this.jobs.kind;
    this.jobs.stop();
    this.tables.forget();
    this.page.setSolverState(wording.solverRestarting(), "loading");
    this.page.setStatus(wording.solverCrashed(reason, kind));
    this.state.set({ ready: false, restarted: reason });
  }

  // -- links and boards ------------------------------------------------------------------

  openLink(hash, notes = [], from = null) {
    const asked = this.link.read(hash, notes, from);
    if (!asked) return;
    this.opening = true;
    this.announce("linkOpened", this.link); // every result of the link before goes first (a verdict, a tree, an analysis)
    this.announce("linkRead", this.link);
    this.editor.openLink(asked);
    this.clearSolution();
    if (this.state.ready) this.linkReady();
  }

  // What a link asks for that needs Python's registries (names, the goal), then its board.
  linkReady() {
    this.choice.adopt(this.link.checkNames(this.state.info));
    this.editor.analyzeLink();
  }

  // A new valid board is on screen: everything follows it (a view a link names, its feature starts).
  boardShown(reply, push) {
    const fromLink = this.opening;
    if (!fromLink) this.link.edited(); // a board the person made: what the last link opens is no longer said
    this.opening = false;
    this.replay.setGoal(reply.goal_tiles);
    this.clearSolution();
    this.state.set({ view: this.link.takeView() }); // a comparison or a tree belongs to its board; a link may ask for one
    this.choice.fill(reply);
    if (fromLink) this.link.notOffered(this.choice.unmet()); // what the link asked that this board has not
    this.page.setStatus(wording.boardStatus(reply));
    this.changed({ push });
    this.announce("boardShown", reply, this.door);
    if (this.link.waitingForStep && reply.solvability.solvable) this.solve();
    this.prepareTables();
  }

  // The menus changed: what was shown of another search goes.
  menusChanged({ solution = true } = {}) {
    if (solution) this.clearSolution();
    this.announce("menusChanged");
  }

  // While the solver is idle, load the tables the board's size and goal need (once each).
  prepareTables() {
    if (this.jobs.kind || !this.editor.valid) return;
    const { rows, cols, goal } = this.editor.analysis;
    this.tables.want(protocol.sizeName(rows, cols), goal);
  }

  // -- solving -------------------------------------------------------------------------------

  // Whether the board is valid and no search is running.
  get idle() {
    return this.editor.valid && !this.jobs.kind;
  }

  // The board on screen (Python's analysis), when valid.
  get analysis() {
    return this.editor.valid ? this.editor.analysis : null;
  }

  // Whether the board cannot reach its goal; if so, the status says why.
  refusedAsUnsolvable() {
    const { solvability } = this.editor.analysis;
    if (!solvability.solvable) this.page.setStatus(wording.unsolvable(solvability), outcome.unsolvable());
    return !solvability.solvable;
  }

  // Solve the board. An anytime search sends a solution at once and then better
  // ones: each goes to the replay (playable at once) while the search goes on.
  solve() {
    if (!this.idle) return;
    if (this.refusedAsUnsolvable()) return this.link.dropStep();
    const a = this.editor.analysis;
    const request = protocol.solve(a, this.choice.request(), this.choice.limits(), this.gather("records")); // (a trace)
    this.clearSolution();
    this.announce("solveStarted", request);
    this.state.set({ view: null }); // the link opens on the solution now
    const found = (solution) => this.replay.offer({ ...solution, start: a.tiles }, a.rows, a.cols);
    this.run(SOLVE, request, (reply) => {
      const prepared = reply.ok ? this.tables.report(request.size, request.goal, reply.result.heuristic) : null;
      this.page.setStatus(wording.solved(reply, this.state.info, prepared, this.collect("solvedNote", reply)), outcome.solved(reply));
      if (reply.ok) this.page.setResult(wording.resultRows(reply.result, this.state.info));
      this.announce("solveFinished", reply);
      if (!reply.ok || reply.result.length === null) return this.link.dropStep();
      this.replay.offer(reply.result, a.rows, a.cols, { step: this.link.takeStep(reply.result.length), final: true });
    }, { anytime: this.choice.anytime, onSolution: found, shown: () => this.replay.length, onProgress: (report) => this.announce("solveProgress", report) });
  }

  // Run a search of `kind` (a jobKind); `done(reply)` gets its answer unless an edit stopped it first.
  // `options` go to the job runner (anytime, onSolution, shown, onProgress).
  run(kind, request, done, options = {}) {
    this.jobs.run(kind, request, options).then((reply) => {
      if (!reply) return;
      done(reply);
      this.changed();
      this.prepareTables();
    });
    this.changed();
  }

  clearSolution() {
    this.replay.clear();
    this.page.setResult(null);
    this.announce("solutionCleared");
  }
}
