// Speed: the speed-solver's bench. "All optimal solutions" runs Python's every-shortest-solution
// job on the board (boards up to Python's info.all_optimal.max_cells) and lists them a page at a time, fewest multi-tile
// moves first or last, each shown on the board at a click; "Shorten this solution" shortens the
// solution or game the replay holds (Python's optimize job); the move-string tools invert,
// mirror, simplify and convert what is pasted, Python reading and refusing it. Every count and
// sentence comes from Python's answer (speed-words.js words it). (The move-string tools sit in
// the analysis panel, where a game's moves are pasted; this feature runs them.) A Slidysim replay (pasted, or a
// link's replay=) is read by Python and opened as its game's link, analysed with its times; the
// solution or game shown is written as a Slidysim replay link.

import { formatFragment } from "../link/url-state.js";
import { jobKind } from "../solver/job-kind.js";
import * as protocol from "../solver/protocol.js";
import * as words from "./speed-words.js";

const PAGE = 20;
const LISTED = 1000; // the solutions Python keeps and the page lists

// Counting every shortest solution, and shortening one: the status line says what any search
// says; their panel words each report (speed-words.js).
const ALL_OPTIMAL = jobKind({ name: "all_optimal" });
const OPTIMIZE = jobKind({ name: "optimize" });

export class Speed {
  constructor({ view }) {
    this.view = view;
    this.all = null; // the last every-shortest-solution answer, for the board on screen
    this.order = "mtm";
    this.from = 0;
    this.shortened = null; // the last shortening's answer
    this.app = null;
    this.filled = false;
    this.pendingReplay = null; // a link's replay, until Python can read it
    this.opened = null; // the last replay read (its board, moves and times)
    this.written = null; // the last replay written (its link and file)
  }

  routes(app) {
    this.app = app;
    return {
      "all-optimal": () => this.start(),
      "all-optimal-sort": (order) => { this.order = order; this.from = 0; this.draw(); },
      "all-optimal-page": (delta) => { this.from = Math.max(0, this.from + delta * PAGE); this.draw(); },
      "all-optimal-show": (index) => this.show(index),
      shorten: () => this.shorten(),
      "shorten-show": () => this.showShortened(),
      "moves-transform": (fields) => this.transform(fields),
      "replay-open": (text) => this.openReplay(text),
      "replay-write": () => this.writeReplay(),
      "replay-download": () => this.written && this.view.downloadReplay("npuzzle-replay.txt", this.written.file),
    };
  }

  // A link's replay, read once Python is ready.
  linkRead(link) {
    this.pendingReplay = link.takeReplay();
    this.replacedNotes = link.takeReplaced(); // what the replay replaced of its link: said on the replay's own link
  }

  // A Slidysim replay read by Python, then opened as its game's link: the board, the analysis of
  // its moves and their times (Slidysim's goal is blank-last). A replay that cannot be read is
  // Python's one sentence; nothing else changes.
  async openReplay(text, notes = []) {
    const reply = await this.app.ask({ op: "slidysim", action: "read", text, analyse: true }).answer;
    if (!reply.ok) {
      this.view.showReplayError(reply.error.message);
      this.app.status(`The replay was not opened: ${reply.error.message}`);
      return;
    }
    this.opened = reply;
    this.view.clearReplayError();
    const fields = { board: reply.board, goal: "blank-last", size: reply.size, view: "analysis", moves: reply.moves, notation: "page" };
    if (reply.times) fields.times = reply.times;
    this.app.openLink(formatFragment(fields), notes, "replay");
  }

  // The solution or game the replay holds, written as a Slidysim replay link (with the times of
  // the replay it came from, when it is that replay's solve).
  async writeReplay() {
    const held = this.app.replay.solution();
    const a = this.app.analysis();
    if (!held || !held.tiles.length || !a) return this.view.showReplayError(words.nothingToWrite());
    const request = { op: "slidysim", action: "write", ...protocol.boardFields(a, held.start), moves: held.tiles.join(" "), notation: "numbers" };
    const opened = this.opened;
    if (opened && opened.times && opened.board === held.start.join(",") && opened.moves === held.moves) request.times = opened.times;
    const reply = await this.app.ask(request).answer;
    if (!reply.ok) return this.view.showReplayError(reply.error.message);
    this.written = reply;
    this.view.showReplayLink(reply.link, words.replayWritten(reply));
  }

  update() {
    if (this.pendingReplay && this.app.ready()) {
      const text = this.pendingReplay;
      const notes = this.replacedNotes || [];
      this.pendingReplay = null;
      this.replacedNotes = [];
      this.openReplay(text, notes);
    }
    const info = this.app.info();
    if (info && !this.filled) {
      this.view.fillNotations(info.notations);
      this.filled = true;
    }
    const a = this.app.analysis();
    const idle = this.app.idle() && this.app.ready();
    this.view.setEnabled({
      all: idle && Boolean(a) && Boolean(info) && a.rows * a.cols <= info.all_optimal.max_cells,
      shorten: idle && Boolean(this.app.replay.solution()) && this.app.replay.solution().tiles.length > 0,
    });
  }

  // A new board: what was shown of the last goes; a link that names the view "optimal" lists
  // every shortest solution of its board.
  boardShown(reply) {
    this.forget();
    if (this.app.view() === "optimal" && reply.solvability.solvable) this.start();
  }

  forget() {
    this.all = null;
    this.shortened = null;
    this.view.hide();
  }

  linkOpened() {
    this.forget();
  }

  start() {
    const app = this.app;
    if (!app.idle() || app.refusedAsUnsolvable()) return;
    const a = app.analysis();
    this.all = null;
    this.app.setState({ view: "optimal" }); // the link now opens on this list (another view closes)
    this.view.open(words.counting({ length: null, bound: null }), { running: true });
    this.view.bringIntoView();
    const request = { op: "all_optimal", ...protocol.boardFields(a), limit: LISTED };
    app.run(ALL_OPTIMAL, request, (reply) => {
      if (!reply.ok) {
        this.view.open(reply.error.message);
        this.app.status(reply.error.message, { state: "failed" });
        return;
      }
      const r = reply.all_optimal;
      this.all = { ...r, start: a.tiles, rows: a.rows, cols: a.cols };
      this.from = 0;
      this.view.open(words.counted(r));
      this.app.status(words.counted(r), { state: r.count_exact ? "solved" : "stopped", stopped: r.stopped || undefined });
      this.draw();
    }, { onProgress: ({ progress }) => { if (progress) this.view.open(words.counting(progress), { running: true }); } });
  }

  sorted() {
    const list = this.all ? [...this.all.solutions] : [];
    return this.order === "-mtm" ? list.reverse() : list;
  }

  draw() {
    if (!this.all) return;
    const list = this.sorted();
    this.from = Math.min(this.from, Math.max(0, list.length - 1 - ((list.length - 1) % PAGE)));
    this.view.showAll(this.all, list, this.from, this.from + PAGE, this.app.info().directions);
  }

  // Solution `index` of the sorted list on the board, to play and step through.
  show(index) {
    const s = this.sorted()[index];
    if (!s) return;
    const { start, rows, cols } = this.all;
    this.app.replay.load({ start, tiles: s.tiles, moves: s.moves }, rows, cols);
    this.app.status(`Showing shortest solution ${index + 1}: ${s.stm} moves, ${s.mtm} in the multi-tile metric. Press Play.`);
  }

  // The solution or game the replay holds, shortened by Python.
  shorten() {
    const app = this.app;
    const held = this.app.replay.solution();
    const a = app.analysis();
    if (!app.idle()) return;
    if (!held || !held.tiles.length || !a) {
      this.view.open(words.nothingToShorten());
      return;
    }
    const { rows, cols } = a;
    const request = { op: "optimize", ...protocol.boardFields(a, held.start), moves: held.tiles.join(" "), notation: "numbers" };
    this.view.open("Shortening\u2026", { running: true, stop: "shortening" });
    this.view.bringIntoView();
    app.run(OPTIMIZE, request, (reply) => {
      if (!reply.ok) {
        this.view.open(reply.error.message);
        this.app.status(reply.error.message, { state: "failed" });
        return;
      }
      const r = reply.optimized;
      this.shortened = { ...r, start: held.start, rows, cols };
      this.view.open(words.shortenedStatus(r));
      this.view.showShortened(r);
      this.app.status(words.shortenedStatus(r));
    }, { onProgress: ({ progress }) => { if (progress) this.view.open(words.shortening(progress), { running: true, stop: "shortening" }); } });
  }

  showShortened() {
    const r = this.shortened;
    if (!r) return;
    this.app.replay.load({ start: r.start, tiles: r.after.tiles, moves: r.after.moves }, r.rows, r.cols);
    this.app.status(`Showing the shortened solution: ${r.after.stm} moves (${r.after.mtm} MTM). Press Play.`);
  }

  // A move string transformed; with the board on screen when it is valid (tile numbers, mirror's board).
  async transform({ moves, notation, action, to }) {
    const a = this.app.analysis();
    const request = { op: "moves", action, moves, notation, to };
    if (a) Object.assign(request, protocol.boardFields(a));
    const reply = await this.app.ask(request).answer;
    if (!reply.ok) {
      // Without a board's help the letters alone can be transformed: say what Python said.
      this.view.showMovesError(reply.error.message);
      return;
    }
    this.view.showMoves(words.transformed(reply));
  }
}
