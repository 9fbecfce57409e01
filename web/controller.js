// Controller: owns the page's state and decides what happens on each event.
// Puzzle questions (is this a board? solvable? the solution?) all go to
// Python through the solver client; the answers drive the views.

import { formatFragment, readFragment } from "./url-state.js";

const DEFAULT_BOARD = "8 6 7\n2 5 4\n3 0 1";
const DIRECTION_WORDS = { U: "up", D: "down", L: "left", R: "right" };

export class Controller {
  constructor({ client, page, board, player, history, location }) {
    this.client = client;
    this.page = page;
    this.board = board;
    this.player = player;
    this.history = history;
    this.location = location;
    this.text = DEFAULT_BOARD;
    this.goal = "blank-last";
    this.size = null; // only for boards whose shape the text cannot tell
    this.analysis = null; // last valid webapi "analyze" answer
    this.valid = false;
    this.rewriteText = false;
    this.sequence = 0; // drops stale analyze answers
    this.solving = null; // request id of the running search
    this.info = null;
  }

  start() {
    this.client.on("loading", (stage) => this.page.setSolverState(`${stage}\u2026`, "loading"));
    this.client.on("ready", (info) => {
      this.info = info;
      this.page.fillSizes(info.min_side, Math.min(info.max_side, 8));
      this.page.setSolverState("Solver ready (Python in your browser)", "ready");
      this.analyze();
    });
    this.client.on("failed", (reason) => {
      this.solving = null;
      this.page.setSolverState(`The solver failed: ${reason}`, "failed");
      this.page.setStatus(`The solver failed to start: ${reason}. Reload the page to try again.`);
      this.refreshButtons();
    });
    this.page.setSolverState("Loading the solver\u2026", "loading");
    this.page.setStatus("Loading the solver. You can edit the board meanwhile.");
    this.openLink(this.location.hash);
    this.refreshButtons();
  }

  // Open the state a link describes (on load and on hashchange).
  openLink(hash) {
    const { params, problems } = readFragment(hash);
    this.page.setLinkNotice(problems.join(" "));
    if (params.board || !this.analysis) {
      this.text = params.board || this.text;
      this.page.setEditorText(this.text);
      this.rewriteText = true;
    }
    this.goal = params.goal || "blank-last";
    this.size = params.size || null;
    this.page.setGoal(this.goal, "Custom (from link)");
    this.fromLink = Boolean(params.board);
    this.analyze();
  }

  editBoard(text) {
    this.text = text;
    this.size = null;
    this.fromLink = false;
    this.analyze();
  }

  chooseGoal(goal) {
    this.goal = goal;
    this.analyze();
  }

  async chooseSize(size) {
    if (!size) return;
    // A custom goal belongs to the old size; named goals carry over.
    if (!["blank-last", "blank-first"].includes(this.goal)) {
      this.goal = "blank-last";
      this.page.setGoal(this.goal);
    }
    const reply = await this.client.request({ op: "goal", size, goal: this.goal }).answer;
    if (!reply.ok) return this.page.setBoardMessage(reply.error.message);
    this.text = reply.grid;
    this.size = null;
    this.fromLink = false;
    this.page.setEditorText(this.text);
    this.analyze();
  }

  async analyze() {
    if (!this.client.info) return; // analyze runs again once the solver is ready
    this.stopSolve();
    const ticket = ++this.sequence;
    const request = { op: "analyze", board: this.text, goal: this.goal };
    if (this.size) request.size = this.size;
    const reply = await this.client.request(request).answer;
    if (ticket !== this.sequence) return;
    this.player.pause();
    this.player.clear();
    if (!reply.ok) {
      this.valid = false;
      const where = { board: "", goal: "Goal: ", size: "Size: " }[reply.error.field] ?? "";
      const prefix = this.fromLink ? "This link's board is not valid: " : "";
      this.page.setBoardMessage(`${prefix}${where}${reply.error.message}`);
      this.page.setSolvability(null);
      this.page.setStatus(this.fromLink ? "Fix the board to solve it." : "Enter a valid board to solve it.");
      this.refreshButtons();
      return;
    }
    this.valid = true;
    this.analysis = reply;
    if (this.rewriteText) this.page.setEditorText(reply.grid);
    this.rewriteText = false;
    this.page.setBoardMessage("");
    this.page.setSize(reply.rows, reply.cols);
    this.page.setGoal(reply.goal, "Custom");
    this.page.setSolvability(reply.solvability);
    this.board.render(reply.tiles, reply.rows, reply.cols);
    this.board.markHome(reply.goal_tiles);
    let hint = "Press Solve to find the shortest solution.";
    if (reply.is_goal) hint = "This board is already the goal: edit it, or pick a size for a new one.";
    else if (!reply.solvability.solvable) hint = "This board cannot reach the goal, so there is nothing to solve.";
    this.page.setStatus(hint);
    this.writeLink();
    this.refreshButtons();
  }

  writeLink() {
    const a = this.analysis;
    const square = a.rows === a.cols;
    const fragment = formatFragment({ board: a.board, goal: a.goal, size: square ? "" : `${a.rows}x${a.cols}` });
    if (this.location.hash !== fragment) this.history.replaceState(null, "", fragment);
  }

  solve() {
    if (!this.valid || this.solving !== null) return;
    const a = this.analysis;
    if (!a.solvability.solvable) {
      this.page.setStatus(`Unsolvable: ${a.solvability.explanation}`);
      return;
    }
    this.player.pause();
    this.player.clear();
    const request = { op: "solve", board: a.board, goal: a.goal };
    if (a.rows !== a.cols) request.size = `${a.rows}x${a.cols}`;
    const started = performance.now();
    const { id, answer } = this.client.request(request, (p) => this.showProgress(p, started));
    this.solving = id;
    this.page.setStatus("Searching\u2026");
    this.refreshButtons();
    answer.then((reply) => this.solved(id, reply));
  }

  showProgress(p, started) {
    if (p.stage) {
      this.page.setStatus(`${p.stage}\u2026`);
      return;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const bound = p.bound == null ? "" : `, bound ${p.bound}`;
    this.page.setStatus(`Searching: ${p.expanded.toLocaleString("en")} nodes expanded${bound}, ${seconds} s`);
  }

  solved(id, reply) {
    if (id !== this.solving) return; // an edit cancelled this search
    this.solving = null;
    this.refreshButtons();
    if (!reply.ok) {
      this.page.setStatus(`Could not solve: ${reply.error.message}`);
      return;
    }
    const r = reply.result;
    const counts = `${r.expanded.toLocaleString("en")} nodes expanded in ${formatSeconds(r.seconds)}`;
    const method = this.methodName(r);
    if (!r.solvable) {
      this.page.setStatus(`Unsolvable: ${this.analysis.solvability.explanation}`);
    } else if (r.length === null) {
      const why = { "node-limit": "the node limit", "time-limit": "the time limit", cancelled: "you" }[r.stopped];
      const bound = r.bound == null ? "" : ` The shortest solution has at least ${r.bound} moves.`;
      this.page.setStatus(`Stopped by ${why} before a solution was found (${method}, ${counts}).${bound}`);
    } else {
      const quality = r.optimal ? "optimal" : "not proven optimal";
      const tail = r.length === 0 ? " The board is already the goal." : " Press Play to watch.";
      this.page.setStatus(`Solved: ${r.length} moves (${quality}) by ${method}, ${counts}.${tail}`);
      this.player.load(r.start, r.tiles, r.moves);
    }
  }

  methodName(result) {
    const algorithms = this.info ? this.info.algorithms : [];
    const heuristics = this.info ? this.info.heuristics : [];
    const a = algorithms.find((x) => x.name === result.algorithm);
    const h = heuristics.find((x) => x.name === result.heuristic);
    const name = a ? a.label : result.algorithm;
    return h ? `${name} with ${h.label}` : name;
  }

  cancel() {
    if (this.solving !== null) {
      this.client.cancel(this.solving);
      this.page.setStatus("Cancelling\u2026");
    }
  }

  stopSolve() {
    if (this.solving !== null) {
      this.client.cancel(this.solving);
      this.solving = null;
    }
  }

  togglePlay() {
    if (this.player.playing) this.player.pause();
    else this.player.play();
  }

  stepForward() {
    this.player.pause();
    this.player.forward();
  }

  stepBack() {
    this.player.pause();
    this.player.back();
  }

  // Called by the player after each change of step.
  playbackChanged() {
    const p = this.player;
    let lastMove = "";
    if (p.loaded && p.step > 0) {
      const tile = p.tilesMoved[p.step - 1];
      lastMove = `tile ${tile} slid ${DIRECTION_WORDS[p.moves[p.step - 1]]}`;
    }
    this.page.setPlayback({ loaded: p.loaded, playing: p.playing, step: p.step, length: p.length, lastMove });
    if (this.analysis) this.board.markHome(this.analysis.goal_tiles);
  }

  refreshButtons() {
    this.page.setSolveState({ canSolve: this.valid && Boolean(this.client.info), solving: this.solving !== null });
    this.playbackChanged();
  }
}

function formatSeconds(seconds) {
  return seconds < 1 ? `${Math.max(1, Math.round(seconds * 1000))} ms` : `${seconds.toFixed(2)} s`;
}
