// Analysis: the "where were moves lost?" feature (issue 30). A game comes in from play mode
// (the slides recorded, undos as played), from the solution on the page, from pasted text in a
// notation the person names, or from a link (moves=, notation=, undos= with view=analysis).
// Python reads it first (a refusal is one sentence in the panel, and nothing else changes), then
// analyses it as the page's one job: its progress fills the chart and the table position by
// position (AnalysisModel merges what changed), Stop keeps what was found. The game goes to the
// replay, so the board shows any position (a click on the chart or the table, the chart's keys,
// or the replay's own controls) and the link opens on it; from a position, "best finish from
// here" plays Python's shortest finish and "try again from here" puts it in play mode and says
// whether the next slide was a best move. Its exports are analysis-exports.js's.

import { sameTiles } from "../common/tiles.js";
import { jobKind } from "../solver/job-kind.js";
import * as outcome from "../solver/outcome.js";
import * as protocol from "../solver/protocol.js";
import { exportTable, writeIn } from "./analysis-exports.js";
import { AnalysisModel } from "./analysis-model.js";
import * as words from "./analysis-words.js";

// The chart's keys: how far each moves the position shown.
const KEYS = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

// An analysis: the positions settled so far, its stage and its counts.
const ANALYSE = jobKind({
  name: "analyse",
  started: () => ({ status: words.ANALYSING, outcome: outcome.started() }),
  progress: (p, { seconds }) => ({ status: words.analysing(p, seconds), outcome: outcome.searching(p) }),
});

export class Analysis {
  constructor({ view }) {
    this.view = view;
    this.model = null; // the analysis shown (AnalysisModel)
    this.shown = 0; // analyses shown so far (each one's number: its panel's data-analysis)
    this.ticket = 0; // a newer request supersedes an older one still being read
    this.running = false; // its job is the page's job now
    this.loaded = null; // the sequence the replay holds for it (the game, or a best finish)
    this.trying = null; // {index, tiles, position}: "try again from here"
    this.linked = null; // the game a link carries, until its board is shown
    this.reading = false; // a link's game is being read: the address is the link's until it is shown
    this.app = null; // the app's door, from routes
  }

  // Python's info came: the notations' menu.
  stateChanged(changed) {
    if (changed.includes("info") && this.app.info()) this.view.fillNotations(this.app.info().notations);
  }

  // A slide in play mode: judged, when it is the one "try again from here" asked for.
  slid(slide) {
    this.judge(slide);
  }

  routes(app) {
    this.app = app;
    return {
      "analyse-played": () => this.analysePlayed(app),
      "analyse-solution": () => this.analyseSolution(app),
      "analyse-text": (text, notation) => this.analyseText(app, text, notation),
      "analysis-notation": (name) => this.view.aboutNotation(name),
      "analysis-undos": (undos) => this.model && this.start(app, { ...this.model.game, undos }, this.model.origin, this.model.selected),
      "analysis-select": (i) => this.select(i),
      "analysis-key": (key) => this.key(key),
      "analysis-mistake": (step) => this.toMistake(step),
      "analysis-finish": () => this.bestFinish(),
      "analysis-try": () => this.tryAgain(),
      "analysis-export": (kind) => this.export(kind),
      "analysis-write": (what, notation) => this.write(what, notation),
    };
  }

  // -- a game in ---------------------------------------------------------------------------

  // The game played in play mode (none yet: the board itself, a game without moves).
  analysePlayed(app) {
    const a = app.analysis();
    if (!a) return this.view.setError(words.NO_BOARD);
    const g = this.app.collect("playedGame")[0] ?? null;
    const game = g
      ? { board: g.start.join(","), goal: g.goal, size: protocol.sizeName(g.rows, g.cols), moves: g.tiles.join(" "), notation: "numbers", start: g.start, rows: g.rows, cols: g.cols }
      : this.fromBoard(a, "", "numbers");
    return this.start(app, game, "play", g ? g.tiles.length : 0);
  }

  // The solution on the page (the replay's), from the board it starts on.
  analyseSolution(app) {
    const a = app.analysis();
    const r = this.app.replay.solution();
    if (!a || !r || r === this.loaded || !r.start) return this.view.setError(words.NO_SOLUTION);
    const game = { ...this.fromBoard(a, r.tiles.join(" "), "numbers"), board: r.start.join(","), start: r.start };
    return this.start(app, game, "solution", this.app.replay.step() ?? 0);
  }

  // Moves pasted, played from the board on screen, in the notation the person chose (or none: Python asks).
  analyseText(app, text, notation) {
    const a = app.analysis();
    if (!a) return this.view.setError(words.NO_BOARD);
    return this.start(app, this.fromBoard(a, text, notation), "text", 0);
  }

  fromBoard(a, moves, notation) {
    return { ...protocol.boardFields(a), moves, notation, start: a.tiles, rows: a.rows, cols: a.cols };
  }

  // A link's game: kept until its board is shown.
  linkRead(link) {
    this.linked = link.takeGame();
  }

  // The board a link asked for is shown: its game is analysed (the view the link named, or none).
  boardShown(reply, app) {
    const linked = this.linked;
    this.linked = null;
    if (!linked || (this.app.view() !== null && this.app.view() !== "analysis")) return;
    const step = this.app.link.takeStep(Infinity); // (before the controller would solve to reach it)
    const game = { ...this.fromBoard(reply, linked.moves, linked.notation), undos: linked.undos };
    if (linked.times) game.times = linked.times; // a replay's: the gap before each move
    this.start(app, game, "link", step ?? 0, linked.from);
  }

  // Python reads the game first: a refusal is one sentence, and nothing else on the page changes.
  // Then the analysis runs as the page's job.
  // (`from`: where a link's game came from when it is not the link itself, "replay": its words only.)
  async start(app, game, origin, step, from = null) {
    const ticket = ++this.ticket;
    if (!app.idle()) return this.busy();
    const a = app.analysis();
    if (a && sameTiles(a.tiles, game.start) && !a.solvability.solvable) {
      return this.refuse({ field: "board", message: words.unsolvable(a.solvability) }, origin); // (Python's reason)
    }
    this.view.setError("");
    this.reading = origin === "link";
    const check = await this.app.ask(protocol.writeMoves(game, "numbers")).answer;
    if (ticket !== this.ticket) return;
    if (!check.ok) return this.refuse(check.error, origin);
    if (!app.idle()) return origin === "link" ? this.refuse({ message: words.BUSY }, origin) : this.busy();
    this.run(app, game, origin, step, ticket, from);
  }

  // A search is running: say so, and the undos menu keeps the analysis shown's choice.
  busy() {
    this.view.setError(words.BUSY);
    if (this.model) this.view.setUndos(this.model.game.undos || "as-played");
  }

  refuse(error, origin) {
    this.reading = false;
    this.view.setError(words.refused(error, origin), error);
    if (origin === "link") this.view.bringIntoView(); // the link said it opens a game: why not, in sight
    if (origin === "link" && this.app.view() === "analysis") this.app.setState({ view: null });
  }

  run(app, game, origin, step, ticket, from = null) {
    const model = new AnalysisModel(game, origin);
    const info = this.app.info();
    let shown = false;
    const show = () => {
      if (!shown) this.show(model, step);
      shown = true;
    };
    this.running = true;
    this.view.bringIntoView();
    app.run(ANALYSE, protocol.analyse(game), (reply) => {
      this.running = false;
      if (ticket !== this.ticket) return;
      if (!reply.ok) {
        this.app.status(words.refused(reply.error, origin));
        if (!shown) return this.refuse(reply.error, origin);
        model.dropped = true;
        this.view.setStatus(words.refused(reply.error, origin));
        return this.view.draw(model, info, true);
      }
      model.finish(reply.analysis);
      show();
      const said = words.analysed(reply.analysis, from || origin);
      this.view.setStatus(said);
      this.app.status(said);
      this.view.draw(model, info, true);
    }, {
      onProgress: ({ progress }) => {
        if (!progress || ticket !== this.ticket) return;
        model.apply(progress);
        if (model.known) show();
        if (!shown) return;
        this.view.setStatus(words.progressLine(model));
        this.view.draw(model, info);
      },
    });
  }

  // A game Python accepted: the panel shows it, the link carries it, the replay holds it.
  show(model, step) {
    model.number = ++this.shown;
    this.model = model;
    this.trying = null;
    this.reading = false;
    this.view.begin(model.game.undos || "as-played");
    this.app.setState({ view: "analysis" });
    if (model.origin === "link") this.app.link.gameStepPastEnd(step, model.moves); // (said, as a solution's step past its end is)
    model.select(step);
    this.loadGame(model.selected);
    this.view.draw(model, this.app.info(), true);
  }

  // -- positions ---------------------------------------------------------------------------

  // The replay holds the game (from position `step`), so that the board shows its positions.
  loadGame(step) {
    const m = this.model;
    const sequence = m && m.sequence();
    if (!sequence) return;
    this.hold(sequence, step);
    m.finishing = null;
    m.marker = null;
  }

  hold(sequence, step) {
    const a = this.app.analysis();
    sequence.detached = !a || !sameTiles(a.tiles, sequence.start);
    this.loaded = sequence;
    this.app.replay.load(sequence, this.model.game.rows, this.model.game.cols, step);
  }

  // Show position `i` on the board, the chart and the table.
  select(i) {
    const m = this.model;
    if (!m || !m.known) return false;
    m.select(i);
    this.app.setState({ view: "analysis" }); // the page shows the analysis: the link opens on it
    if (m.finishing) this.view.setNote(""); // the best finish's note was of the position it left
    if (this.loaded !== this.app.replay.solution() || m.finishing) this.loadGame(m.selected);
    else this.app.replay.seek(m.selected);
    this.view.draw(m, this.app.info(), true);
    return true;
  }

  // A key on the chart: the position before or after, ten away, the start or the end.
  key(key) {
    const m = this.model;
    if (!m || !m.known) return false;
    if (key === "Home") return this.select(0);
    if (key === "End") return this.select(m.moves);
    return key in KEYS ? this.select(m.selected + KEYS[key]) : false;
  }

  // The position before the next or previous mistake, where a better move was there.
  toMistake(step) {
    const i = this.model ? this.model.mistake(step) : null;
    if (i !== null) this.select(i);
  }

  // After every change: the position shown follows the replay, and the buttons what can be done.
  update() {
    const app = this.app;
    const m = this.model;
    if (!app) return;
    if (m && this.loaded && this.app.replay.solution() === this.loaded) this.follow(m, this.app.replay.step() ?? 0);
    const idle = app.idle();
    const done = Boolean(m && m.result);
    const solution = this.app.replay.solution();
    this.view.setButtons({
      "analyse-moves": idle, "analyse-text": idle, "analyse-solution": idle && Boolean(solution && solution.start) && solution !== this.loaded,
      // (each only while there is a mistake that way: a press that does nothing is not offered)
      "analysis-previous-mistake": Boolean(m && m.known && m.mistake(-1) !== null),
      "analysis-next-mistake": Boolean(m && m.known && m.mistake(1) !== null),
      "analysis-finish": done, "analysis-try": done, "analysis-write-finish": done,
    });
    // A job ended without an answer (an edit stopped it, the solver restarted): say so.
    if (this.running && this.app.job() !== "analyse") {
      setTimeout(() => {
        if (!this.running || this.app.job() === "analyse" || this.model !== m || !m) return;
        this.running = false;
        m.dropped = true;
        this.view.setStatus(words.DROPPED);
        this.view.draw(m, this.app.info(), true);
      }, 0);
    }
  }

  // The replay stands at `step`: a position of the game, or a step of a best finish past its position.
  follow(m, step) {
    const f = m.finishing;
    const before = [m.selected, m.marker && m.marker.x];
    if (f && step > f.from) {
      m.marker = { x: step, y: m.lower[f.from] - (step - f.from) };
      m.select(f.from);
    } else {
      m.marker = null;
      m.select(step);
    }
    if (before[0] !== m.selected || before[1] !== (m.marker && m.marker.x)) this.view.draw(m, this.app.info());
  }

  // Another link was opened: the analysis shown (or under way) was the last one's.
  linkOpened() {
    this.ticket++; // what the last one still answers is dropped
    this.model = null;
    this.loaded = null;
    this.reading = false;
    this.view.clear();
  }

  solutionCleared() {
    this.loaded = null;
    if (!this.model) return;
    this.model.finishing = null;
    this.model.marker = null;
  }

  // The link, while the analysis is the page's view: its game and the position shown.
  linkFields() {
    const m = this.model;
    if (this.app.view() !== "analysis" || !m || this.reading) return {};
    const g = m.game;
    const moves = g.notation === "numbers" ? g.moves.trim().split(/[\s,;]+/).filter(Boolean).join(",") : g.moves;
    const fields = { board: g.board, moves, notation: g.notation, undos: g.undos === "without-undos" ? g.undos : undefined };
    if (g.times) fields.times = g.times;
    return fields;
  }

  linkStep() {
    return this.app.view() === "analysis" && this.model && !this.reading ? this.model.selected || null : undefined;
  }

  // -- from a position -----------------------------------------------------------------------

  // Play Python's shortest finish from the position shown.
  bestFinish() {
    const m = this.model;
    const i = m ? m.selected : 0;
    const p = m && m.position(i);
    if (!p || !p.finish) return this.view.setNote(words.noFinish(p));
    this.hold(m.finishSequence(i), i);
    m.finishing = { from: i, length: p.finish.length };
    m.marker = null;
    this.view.setNote(words.finishing(i, p), { finishFrom: String(i), finishLength: String(p.finish.length) });
    this.view.draw(m, this.app.info(), true);
    if (p.finish.length) this.app.replay.toggle();
  }

  // Put the position shown in play mode; the next slide from it is judged.
  tryAgain() {
    const m = this.model;
    const i = m ? m.selected : 0;
    const p = m && m.position(i);
    if (!p) return this.view.setNote(words.NO_RESULT);
    this.select(i);
    this.trying = { index: i, tiles: p.board, position: p };
    this.app.chooseMode("play"); // play goes on from the board shown
    this.view.setNote(words.tryStart(i, p), { tryFrom: String(i) });
  }

  // A slide in play mode: from the position being tried again, was it a best move (Python's best)?
  judge({ before, moved, moves }) {
    const t = this.trying;
    if (!t) return;
    if (!sameTiles(before, t.tiles)) { // moved on from the position tried: its verdict no longer stands
      if (t.judged) this.view.setNote(words.tryMovedOn(t.index), { tryFrom: String(t.index) });
      t.judged = false;
      return;
    }
    t.judged = true;
    const best = t.position.best ? t.position.best.includes(moved[0]) : null;
    const text = words.judged({ best, tile: moved[0], move: moves[0], position: t.position }, this.app.info().directions);
    this.view.setNote(text, { tryFrom: String(t.index), tryTile: String(moved[0]), tryVerdict: best === null ? "unknown" : best ? "best" : "not-best" });
    this.app.status(text);
  }

  // -- exports ---------------------------------------------------------------------------------

  export(kind) {
    return exportTable(kind, { model: this.model, view: this.view, app: this.app });
  }

  write(what, to) {
    return writeIn(what, to, { model: this.model, view: this.view, app: this.app });
  }
}
