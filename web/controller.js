// Controller: owns the page's state and decides what happens on each event.
// Every puzzle question (is this a board? solvable? which tile moves? the
// solution?) goes to Python through the solver client; the answers drive the views.

import { formatSeconds } from "./page-view.js";
import { formatFragment, readFragment } from "./url-state.js";

const DEFAULT_BOARD = "8 6 7\n2 5 4\n3 0 1";
const NAMED_GOALS = ["blank-last", "blank-first"];
const DIRECTION_WORDS = { U: "up", D: "down", L: "left", R: "right" };
const HINT_LIMITS = { max_nodes: 5_000_000, time_limit: 20 };

export class Controller {
  constructor({ client, page, board, compareView, player, history, location, clipboard }) {
    Object.assign(this, { client, page, board, compareView, player, history, location, clipboard });
    this.text = DEFAULT_BOARD;
    this.goalKind = "blank-last";
    this.goalText = "";
    this.size = null; // "RxC" for text that cannot tell its own shape
    this.analysis = null; // the last valid "analyze"-shaped answer from Python
    this.valid = false;
    this.info = null;
    this.algorithm = null; // null: the default for the board
    this.heuristic = null;
    this.weight = 1.5;
    this.mode = "edit";
    this.selected = null; // edit mode: the first tile picked for a swap
    this.solution = null;
    this.job = null; // {id, kind: "solve" | "compare" | "hint"}
    this.pendingStep = null; // a link's step, applied once its solution is found
    this.playHistory = [];
    this.playMoves = 0;
    this.sequence = 0;
    this.lastHash = null;
    this.lastPush = 0;
  }

  // -- start-up and links ----------------------------------------------------

  start() {
    this.client.on("loading", (stage) => this.page.setSolverState(`${stage}\u2026`, "loading"));
    this.client.on("ready", (info) => {
      this.info = info;
      this.page.fillSizes(info.min_side, Math.min(info.max_side, 8));
      this.page.setSolverState("Solver ready: Python in your browser", "ready");
      this.checkLinkNames();
      this.analyze({ rewrite: this.rewritePending });
    });
    this.client.on("failed", (reason) => {
      this.job = null;
      this.page.setSolverState(`The solver failed: ${reason}`, "failed");
      this.page.setStatus(`The solver failed to start: ${reason}. Reload the page to try again.`);
      this.refresh();
    });
    this.page.setSolverState("Loading the solver\u2026", "loading");
    this.page.setStatus("Loading the solver. You can edit the board meanwhile.");
    this.page.setMode(this.mode);
    this.openLink(this.location.hash);
    this.refresh();
  }

  openLink(hash) {
    // popstate and hashchange both fire for one Back; the page already shows `lastHash`.
    if (hash === this.lastHash) return;
    this.lastHash = hash;
    const { params, problems } = readFragment(hash);
    this.linkProblems = problems;
    this.page.setLinkNotice(problems.join(" "));
    if (params.board) this.text = params.board;
    this.page.setEditorText(this.text);
    if (!params.goal || NAMED_GOALS.includes(params.goal)) {
      this.goalKind = params.goal || "blank-last";
    } else {
      this.goalKind = "custom";
      this.goalText = params.goal;
    }
    this.page.setGoal(this.goalKind, this.goalText);
    this.size = params.size || null;
    this.linkAlgorithm = params.algorithm;
    this.linkHeuristic = params.heuristic;
    if (params.weight) this.weight = Number(params.weight);
    this.pendingStep = params.step ?? null;
    this.fromLink = Boolean(params.board);
    this.rewritePending = true;
    this.clearSolution();
    if (this.info) {
      this.checkLinkNames();
      this.analyze({ rewrite: true });
    }
  }

  // A link's algorithm and heuristic must be registry names.
  checkLinkNames() {
    const notes = [...(this.linkProblems || [])];
    if (this.linkAlgorithm !== undefined) {
      const known = this.info.algorithms.some((a) => a.name === this.linkAlgorithm);
      if (known) this.algorithm = this.linkAlgorithm;
      else notes.push(`The link's algorithm "${this.linkAlgorithm}" is not one of ${this.info.algorithms.map((a) => a.name).join(", ")}; the default is used.`);
    }
    if (this.linkHeuristic !== undefined) {
      const known = this.info.heuristics.some((h) => h.name === this.linkHeuristic);
      if (known) this.heuristic = this.linkHeuristic;
      else notes.push(`The link's heuristic "${this.linkHeuristic}" is not one of ${this.info.heuristics.map((h) => h.name).join(", ")}; the default is used.`);
    }
    this.linkAlgorithm = this.linkHeuristic = undefined;
    this.linkProblems = notes;
    this.page.setLinkNotice(notes.join(" "));
  }

  linkState() {
    const a = this.analysis;
    return {
      board: a.board,
      goal: a.goal,
      size: `${a.rows}x${a.cols}`,
      algorithm: this.algorithmName(),
      heuristic: this.heuristicName(),
      weight: this.algorithmName() === "wastar" ? this.weight : null,
      step: this.solution && this.player.step > 0 ? this.player.step : null,
    };
  }

  writeLink({ push = false } = {}) {
    if (!this.analysis) return;
    const fragment = formatFragment(this.linkState());
    this.lastHash = fragment;
    if (this.location.hash === fragment) return;
    if (push) this.history.pushState(null, "", fragment);
    else this.history.replaceState(null, "", fragment);
  }

  async copyLink() {
    this.writeLink();
    const href = this.location.href;
    try {
      await this.clipboard.writeText(href);
      this.page.setCopyState("Link copied.");
    } catch {
      this.page.setCopyState(`Copy this link from the address bar: ${href}`);
    }
  }

  // -- the board and the goal ---------------------------------------------------

  goalRequest() {
    return this.goalKind === "custom" ? this.goalText : this.goalKind;
  }

  editBoard(text) {
    this.text = text;
    this.size = null;
    this.fromLink = false;
    // Typing makes one history entry per pause of more than two seconds.
    const push = performance.now() - this.lastPush > 2000;
    this.lastPush = performance.now();
    this.analyze({ push });
  }

  editGoal(text) {
    this.goalText = text;
    this.analyze({ push: true });
  }

  chooseGoal(kind) {
    this.goalKind = kind;
    if (kind === "custom" && !this.goalText && this.analysis) this.goalText = this.analysis.goal_tiles.join(" ");
    this.page.setGoal(kind, this.goalText);
    this.analyze({ push: true });
  }

  async chooseSize(rows, cols) {
    await this.replaceBoard({ op: "goal", size: `${rows}x${cols}`, goal: this.namedGoal() });
  }

  namedGoal() {
    if (this.goalKind === "custom") {
      this.goalKind = "blank-last"; // a custom goal belongs to the old size
      this.page.setGoal(this.goalKind);
    }
    return this.goalKind;
  }

  shuffle() {
    const a = this.analysis;
    if (a) this.replaceBoard({ op: "random", size: `${a.rows}x${a.cols}`, goal: this.goalRequest() });
  }

  scramble(moves) {
    const a = this.analysis;
    if (a) this.replaceBoard({ op: "random", size: `${a.rows}x${a.cols}`, goal: this.goalRequest(), moves });
  }

  reset() {
    const a = this.analysis;
    if (a) this.replaceBoard({ op: "goal", size: `${a.rows}x${a.cols}`, goal: this.goalRequest() });
  }

  // Ask Python for a new board (goal, random, scrambled) and show it.
  async replaceBoard(request) {
    const reply = await this.client.request(request).answer;
    if (!reply.ok) {
      this.page.setBoardMessage(reply.error.message);
      return;
    }
    this.text = reply.grid;
    this.size = `${reply.rows}x${reply.cols}`;
    this.fromLink = false;
    this.page.setEditorText(this.text);
    this.show(reply, { push: true });
  }

  analyze(options = {}) {
    this.analyzing = this.runAnalyze(options);
    return this.analyzing;
  }

  async runAnalyze({ push = false, rewrite = false } = {}) {
    if (!this.info) return; // runs again once the solver is ready
    this.stopJob();
    const ticket = ++this.sequence;
    const request = { op: "analyze", board: this.text, goal: this.goalRequest() };
    if (this.size) request.size = this.size;
    const reply = await this.client.request(request).answer;
    if (ticket !== this.sequence) return;
    if (!reply.ok) {
      this.valid = false;
      this.clearSolution();
      // Python's goal messages start "goal: "; the others name no field.
      const where = reply.error.field === "size" ? "Size: " : "";
      const prefix = this.fromLink && reply.error.field === "board" ? "This link's board is not valid: " : "";
      const message = reply.error.message.replace(/^goal: /, "Goal: ");
      this.page.setBoardMessage(`${prefix}${where}${message}`);
      this.page.setSolvability(null);
      this.page.setStatus(this.fromLink ? "Fix the board to solve it." : "Enter a valid board to solve it.");
      this.refresh();
      return;
    }
    if (rewrite) this.page.setEditorText(reply.grid);
    this.rewritePending = false;
    this.show(reply, { push });
  }


  // Show a valid board answer (analyze, goal, random, move) everywhere.
  show(reply, { push = false, keepSolution = false } = {}) {
    this.valid = true;
    this.analysis = reply;
    this.selected = null;
    this.board.select(null);
    if (!keepSolution) this.clearSolution();
    this.page.setBoardMessage("");
    this.page.setSize(reply.rows, reply.cols);
    if (this.goalKind === "custom") this.page.setGoal("custom", reply.goal_tiles.join(" "));
    this.page.setSolvability(reply.solvability);
    this.board.render(reply.tiles, reply.rows, reply.cols);
    this.board.markHome(reply.goal_tiles);
    this.fillMenus();
    let hint = "Press Solve for a shortest solution, or Compare all to race every algorithm.";
    if (reply.is_goal) hint = "This board is the goal: Shuffle or Scramble it, or edit the tiles.";
    else if (!reply.solvability.solvable) hint = "This board cannot reach the goal, so there is nothing to solve.";
    this.page.setStatus(hint);
    this.writeLink({ push });
    this.refresh();
    if (this.pendingStep !== null && reply.solvability.solvable) this.solve();
  }

  // -- menus -------------------------------------------------------------------

  fillMenus() {
    const a = this.analysis;
    const algorithms = this.info.algorithms.filter((x) => a.applicable.algorithms.includes(x.name));
    const heuristics = this.info.heuristics.filter((x) => a.applicable.heuristics.includes(x.name));
    const algorithm = this.page.fillMenu("algorithm", algorithms, this.algorithmName());
    if (algorithm !== this.algorithmName()) this.algorithm = null;
    this.page.fillMenu("heuristic", heuristics, this.heuristicName());
    if (!heuristics.some((h) => h.name === this.heuristic)) this.heuristic = null;
    const info = this.info.algorithms.find((x) => x.name === this.algorithmName());
    this.page.setHeuristicEnabled(Boolean(info && info.uses_heuristic));
    this.page.showWeight(Boolean(info && info.weighted), this.weight);
    if (info) this.page.setNodeLimitHint(info.label, info.default_max_nodes);
  }

  algorithmName() {
    return this.algorithm || (this.analysis ? this.analysis.default_algorithm : null);
  }

  heuristicName() {
    return this.heuristic || (this.analysis ? this.analysis.default_heuristic : null);
  }

  chooseAlgorithm(name) {
    this.algorithm = name;
    this.clearSolution();
    this.fillMenus();
    this.writeLink();
    this.refresh();
  }

  chooseHeuristic(name) {
    this.heuristic = name;
    this.clearSolution();
    this.writeLink();
    this.refresh();
  }

  chooseWeight(value) {
    this.weight = Number(value);
    this.writeLink();
  }

  chooseMode(mode) {
    this.mode = mode;
    this.selected = null;
    this.board.select(null);
    this.page.setMode(mode);
    this.page.celebrate("");
    this.board.celebrate(false);
    if (mode === "play") {
      this.player.pause();
      // Play goes on from the board on screen, which may be a step of a replay.
      if (this.solution && this.player.step > 0) this.adoptTiles(this.player.states[this.player.step]);
      this.playHistory = [];
      this.playMoves = 0;
      this.page.setPlayState({ moves: 0, canUndo: false });
    }
  }

  // -- solving -----------------------------------------------------------------

  solve() {
    if (!this.valid || this.job) return;
    const a = this.analysis;
    if (!a.solvability.solvable) {
      this.page.setStatus(`Unsolvable: ${a.solvability.explanation}`);
      this.pendingStep = null;
      return;
    }
    this.clearSolution();
    const request = {
      op: "solve", board: a.board, goal: a.goal, size: `${a.rows}x${a.cols}`,
      algorithm: this.algorithmName(), ...this.page.limits(),
    };
    const info = this.info.algorithms.find((x) => x.name === request.algorithm);
    if (info && info.uses_heuristic) request.heuristic = this.heuristicName();
    if (info && info.weighted) request.weight = this.weight;
    this.run("solve", request, (reply) => this.solved(reply));
  }

  run(kind, request, done) {
    const started = performance.now();
    const { id, answer } = this.client.request(request, (p) => this.showProgress(kind, p, started));
    this.job = { id, kind };
    this.page.setStatus(kind === "compare" ? "Comparing\u2026" : "Searching\u2026");
    if (kind === "solve") this.page.revealStatus();
    this.refresh();
    answer.then((reply) => {
      if (!this.job || this.job.id !== id) return; // superseded by an edit
      this.job = null;
      this.refresh();
      done(reply);
    });
  }

  showProgress(kind, p, started) {
    if (p.stage) {
      this.page.setStatus(`${p.stage}\u2026`);
      return;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const bound = p.bound == null ? "" : `, bound ${p.bound}`;
    const frontier = p.frontier == null ? "" : `, frontier ${p.frontier.toLocaleString("en")}`;
    const counts = p.expanded == null ? "" : `${p.expanded.toLocaleString("en")} nodes expanded${frontier}${bound}, `;
    if (kind === "compare") {
      this.compareView.render(p.results, this.labels());
      const pair = this.pairName(p.pair.algorithm, p.pair.heuristic);
      this.compareView.show(`Running ${p.pairs_done + 1} of ${p.pairs}: ${pair} (${counts}${seconds} s in all)`);
      this.page.setStatus(`Comparing: ${p.pairs_done} of ${p.pairs} done`);
      return;
    }
    const what = kind === "hint" ? "Looking for a hint" : "Searching";
    this.page.setStatus(`${what}: ${counts}${seconds} s`);
  }

  solved(reply) {
    if (!reply.ok) {
      this.page.setStatus(`Could not solve: ${reply.error.message}`);
      this.pendingStep = null;
      return;
    }
    const r = reply.result;
    const method = this.pairName(r.algorithm, r.heuristic);
    this.page.setResult(r, method);
    const counts = `${r.expanded.toLocaleString("en")} nodes expanded in ${formatSeconds(r.seconds)}`;
    if (r.length === null) {
      const why = { "node-limit": "the node limit", "time-limit": "the time limit", cancelled: "you" }[r.stopped];
      const bound = r.bound == null ? "" : ` The shortest solution has at least ${r.bound} moves.`;
      const info = this.info.algorithms.find((x) => x.name === r.algorithm);
      const tip = info && info.optimal && r.stopped !== "cancelled"
        ? " For a quick solution that may not be the shortest, choose Weighted A* or Greedy best-first."
        : "";
      this.page.setStatus(`Stopped by ${why} before a solution was found (${method}, ${counts}).${bound}${tip}`);
      this.pendingStep = null;
      return;
    }
    let quality = r.optimal ? "optimal" : "not proven optimal";
    if (r.suboptimality) quality = `at most ${r.suboptimality}\u00d7 optimal`;
    const tables = reply.tables
      ? ` Pattern databases (${(reply.tables.bytes / 1e6).toFixed(1)} MB) downloaded in ${reply.tables.download_ms} ms, decoded in ${formatSeconds(r.setup_seconds)}.`
      : "";
    const tail = r.length === 0 ? " The board is already the goal." : " Press Play to watch.";
    this.page.setStatus(`Solved: ${r.length} moves (${quality}) by ${method}, ${counts}.${tables}${tail}`);
    this.solution = r;
    this.page.setMoveList(r.tiles, r.moves);
    this.player.load(r.start, r.tiles, r.moves);
    if (this.pendingStep !== null) {
      const step = Math.min(this.pendingStep, r.length);
      if (step < this.pendingStep) {
        this.page.setLinkNotice(`The link's step ${this.pendingStep} is past the end of this ${r.length}-move solution; showing the end.`);
      }
      this.pendingStep = null;
      this.board.element.classList.add("no-animation");
      this.player.seek(step);
      requestAnimationFrame(() => this.board.element.classList.remove("no-animation"));
    }
    this.writeLink();
  }

  compare() {
    if (!this.valid || this.job) return;
    const a = this.analysis;
    if (!a.solvability.solvable) {
      this.page.setStatus(`Unsolvable: ${a.solvability.explanation}`);
      return;
    }
    const request = { op: "compare", board: a.board, goal: a.goal, size: `${a.rows}x${a.cols}`, weight: this.weight };
    this.compareView.render([], this.labels());
    this.compareView.show("Starting\u2026");
    this.run("compare", request, (reply) => {
      if (!reply.ok) {
        this.compareView.show(`Could not compare: ${reply.error.message}`);
        return;
      }
      this.compareView.render(reply.results, this.labels());
      const cancelled = reply.results.some((r) => r.stopped === "cancelled");
      const finished = reply.results.filter((r) => r.length !== null).length;
      this.compareView.show(
        `${cancelled ? "Cancelled" : "Done"}: ${reply.results.length} runs, ${finished} found a solution. ` +
        "Each run had at most 100,000 nodes and 5 s.",
      );
      this.page.setStatus(`Comparison ${cancelled ? "cancelled" : "finished"}: see the table and the chart below.`);
    });
  }

  cancel() {
    if (this.job) {
      this.client.cancel(this.job.id);
      this.page.setStatus("Cancelling\u2026");
    }
  }

  stopJob() {
    if (this.job) {
      this.client.cancel(this.job.id);
      this.job = null;
    }
  }

  clearSolution() {
    this.player.pause();
    this.player.clear();
    this.solution = null;
    this.page.setMoveList([], "");
    this.page.setResult(null);
    this.playbackChanged();
  }

  labels() {
    const find = (list, name) => (list.find((x) => x.name === name) || { label: name }).label;
    return {
      algorithm: (name) => find(this.info.algorithms, name),
      heuristic: (name) => find(this.info.heuristics, name),
    };
  }

  pairName(algorithm, heuristic) {
    const labels = this.labels();
    return heuristic ? `${labels.algorithm(algorithm)} with ${labels.heuristic(heuristic)}` : labels.algorithm(algorithm);
  }

  // -- replay --------------------------------------------------------------------

  togglePlay() {
    if (!this.solution) return;
    if (this.player.playing) {
      this.player.pause();
      this.writeLink();
    } else {
      this.player.play().then(() => this.writeLink());
    }
  }

  stepForward() {
    if (!this.solution) return;
    this.player.pause();
    this.player.forward();
    this.writeLink();
  }

  stepBack() {
    if (!this.solution) return;
    this.player.pause();
    this.player.back();
    this.writeLink();
  }

  seek(step) {
    if (!this.solution) return;
    this.player.pause();
    this.player.seek(step);
    this.writeLink();
  }

  chooseSpeed(speed) {
    this.player.setSpeed(speed);
    this.page.setSpeed(speed);
  }

  // Called by the player after each change of step.
  playbackChanged() {
    const p = this.player;
    const r = this.solution;
    let lastMove = "";
    if (p.loaded && p.step > 0) {
      lastMove = `tile ${p.tilesMoved[p.step - 1]} slid ${DIRECTION_WORDS[p.moves[p.step - 1]]}`;
    }
    let ghf = {};
    if (r && r.h_path) {
      const h = r.h_path[p.step];
      ghf = { g: p.step, h, f: p.step + h, hName: this.labels().heuristic(r.h_name) };
    }
    this.page.setPlayback({ loaded: p.loaded, playing: p.playing, step: p.step, length: p.length, lastMove, ...ghf });
    if (this.analysis) {
      this.board.markHome(this.analysis.goal_tiles);
      const atGoal = p.loaded && p.step === p.length && p.length > 0;
      this.board.celebrate(atGoal && !p.playing);
    }
  }

  // -- the board as a control: swap in edit mode, slide in play mode ----------------

  tileClicked(tile) {
    if (!this.valid || this.job) return;
    if (this.mode === "play") {
      this.slide({ tile });
      return;
    }
    if (this.selected === null) {
      this.selected = tile;
      this.board.select(tile);
      this.page.setStatus(`Tile ${tile || "blank"} picked: click another tile to swap them.`);
      return;
    }
    const first = this.selected;
    this.selected = null;
    this.board.select(null);
    if (first === tile) return;
    this.adoptTiles(this.analysis.tiles.map((t) => (t === first ? tile : t === tile ? first : t)));
  }

  // Make `tiles` (row-major) the edited board, written in rows, and check it.
  adoptTiles(tiles) {
    const a = this.analysis;
    const rows = [];
    for (let r = 0; r < a.rows; r++) rows.push(tiles.slice(r * a.cols, (r + 1) * a.cols).join(" "));
    this.text = rows.join("\n");
    this.size = `${a.rows}x${a.cols}`;
    this.page.setEditorText(this.text);
    this.analyze({ push: true });
  }

  blankClicked() {
    if (this.mode === "edit") this.tileClicked(0);
  }

  swipe(direction) {
    if (this.mode === "play") this.slide({ direction });
  }

  slideByKey(direction) {
    this.slide({ direction });
  }

  // Play moves run one after another, each on the board the last one (or a pending
  // analysis, such as adopting a replay's step) left.
  slide(how) {
    const previous = (this.moving || Promise.resolve()).then(() => this.analyzing).catch(() => {});
    this.moving = previous.then(() => this.slideNow(how));
    return this.moving;
  }

  async slideNow(how) {
    if (!this.valid || this.job || !this.analysis) return;
    const a = this.analysis;
    const reply = await this.client.request({ op: "move", board: a.board, goal: a.goal, size: `${a.rows}x${a.cols}`, ...how }).answer;
    if (!reply.ok) {
      this.page.setStatus(reply.error.message.replace(/^./, (c) => c.toUpperCase()) + ".");
      return;
    }
    this.playHistory.push({ analysis: a, moves: reply.moved.length });
    this.playMoves += reply.moved.length;
    this.text = reply.grid;
    this.page.setEditorText(this.text);
    this.show(reply);
    this.page.setPlayState({ moves: this.playMoves, canUndo: true });
    const won = reply.is_goal;
    this.page.celebrate(won ? `Solved in ${this.playMoves} moves! Well played.` : "");
    this.board.celebrate(won);
    this.page.setStatus(won ? `Solved in ${this.playMoves} moves!` : `Moves: ${this.playMoves}. Slid ${reply.moved.join(", ")}.`);
  }

  undo() {
    const entry = this.playHistory.pop();
    if (!entry) return;
    this.playMoves = Math.max(0, this.playMoves - entry.moves);
    this.text = entry.analysis.grid;
    this.page.setEditorText(this.text);
    this.show(entry.analysis);
    this.page.setPlayState({ moves: this.playMoves, canUndo: this.playHistory.length > 0 });
    this.page.celebrate("");
    this.board.celebrate(false);
    this.page.setStatus(`Undone. Moves: ${this.playMoves}.`);
  }

  hint() {
    if (!this.valid || this.job) return;
    const a = this.analysis;
    if (a.is_goal) return this.page.setStatus("The board is already the goal.");
    if (!a.solvability.solvable) return this.page.setStatus("No hint: this board cannot reach the goal.");
    const request = { op: "solve", board: a.board, goal: a.goal, size: `${a.rows}x${a.cols}`, ...HINT_LIMITS };
    this.run("hint", request, (reply) => {
      const r = reply.ok ? reply.result : null;
      if (!r || !r.length) {
        const why = r && r.stopped ? ` (the search hit its ${r.stopped.replace("-", " ")})` : "";
        this.page.setStatus(`No hint this time${why}.`);
        return;
      }
      const tile = r.tiles[0];
      this.board.flash(tile);
      const optimal = r.optimal ? `${r.length} moves from the goal` : "a good move";
      this.page.setStatus(`Hint: slide tile ${tile} ${DIRECTION_WORDS[r.moves[0]]} (${optimal}).`);
    });
  }

  refresh() {
    this.page.setBusy({
      ready: Boolean(this.info), valid: this.valid,
      solving: Boolean(this.job && this.job.kind !== "compare"), comparing: Boolean(this.job && this.job.kind === "compare"),
    });
    this.playbackChanged();
  }
}
