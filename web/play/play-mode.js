// PlayMode: the board as a control. In edit mode a click picks a tile to swap
// (BoardEditor); in play mode the person slides the tiles. It asks Python which tiles a
// click, key or swipe moves, keeps each board for Undo, counts the moves, finds a hint
// (a search run like any other job) and says when the goal is reached. Each new board
// is shown by the editor (`adopt`). Its view (PlayView) writes the mode, the move
// counter, Undo and the celebration; its words (play-words.js) about each slide go to the
// status line (`page`). It records the game played (`game`: the start and every tile moved
// since play started, an Undo recorded as the tiles sliding back, as played) for "Analyse my
// moves", and tells its "slid" listeners each slide (the analysis's "try again from here").

import { sameTiles } from "../common/tiles.js";
import * as outcome from "../solver/outcome.js";
import { jobKind, searching } from "../solver/job-kind.js";
import * as protocol from "../solver/protocol.js";
import * as words from "./play-words.js";

// A hint's search: the hint so far while a better one is looked for.
const HINT = jobKind({
  name: "hint",
  progress: (p, context) => (context.latest
    ? { status: words.hintSoFar(context.latest, context.seconds, context.info.directions), outcome: outcome.searching(p) }
    : searching(p, context, "Looking for a hint")),
});

export class PlayMode {
  constructor({ view }) {
    this.view = view;
    this.app = null; // the app's door, from routes
    this.history = []; // {analysis, moves, moved}: the board before each slide, and the tiles it moved
    this.moves = 0;
    this.moving = null; // the slides under way, one after another (a promise)
    this.game = null; // {start, goal, rows, cols, tiles, end}: the game played since play started (or since its board changed)
  }

  // The game played since play started (the analysis asks: hooks.js).
  playedGame() {
    return this.game;
  }

  routes(app) {
    this.app = app;
    const playing = () => app.mode() === "play";
    return {
      "choose-mode": (mode) => this.chooseMode(mode),
      "tile-clicked": (tile) => (playing() ? this.slideBy(app, { tile }) : app.idle() && this.app.editor.pick(tile)),
      "blank-clicked": () => { if (!playing() && app.idle()) this.app.editor.pick(0); },
      swipe: (direction) => { if (playing()) this.slideBy(app, { direction }); },
      // An arrow key on the focused board: a slide in play mode. Returns whether it was used.
      "arrow-on-board": (direction) => playing() && (this.slideBy(app, { direction }), true),
      undo: () => { this.endHint(app); this.undo((analysis) => this.app.editor.adopt(analysis)); },
      hint: () => this.hint(app),
    };
  }

  chooseMode(mode) {
    this.app.setState({ mode });
    this.app.editor.unselect();
    this.view.setMode(mode);
    this.app.board.setMode(mode);
    this.view.celebrate("");
    this.app.board.celebrate(false);
    if (mode !== "play") return;
    this.app.replay.pause();
    // Play goes on from the board on screen, which may be a step of a replay.
    if (this.app.replay.stepBoard()) this.app.editor.adoptTiles(this.app.replay.stepBoard());
    this.start();
  }

  // Slides run one after another, each on the board the last one (or a pending
  // analysis, such as adopting a replay's step) left.
  slideBy(app, how) {
    this.endHint(app);
    const previous = (this.moving || Promise.resolve()).then(() => this.app.editor.analyzing()).catch(() => {});
    this.moving = previous.then(() => {
      if (app.idle() && this.app.editor.current()) return this.slide(this.app.editor.current(), how, (reply) => this.app.editor.adopt(reply));
    });
    return this.moving;
  }

  // A hint searches with Python's default algorithm for the board; an anytime one
  // shows its first move at once and goes on looking for a better one until it is
  // proven, stopped (Stop keeps it) or the person slides a tile.
  hint(app) {
    if (!app.idle()) return;
    const a = this.app.editor.current();
    const request = this.hintRequest(a);
    if (!request) return;
    const entry = this.app.info().algorithms.find((x) => x.name === a.default_algorithm);
    const anytime = Boolean(entry && entry.anytime);
    app.run(HINT, request, (reply) => this.showHint(reply), { anytime, onSolution: (s) => this.hintSoFar(s) });
  }

  // Sliding a tile ends a hint's search (the hint so far has been shown).
  endHint(app) {
    if (this.app.job() !== "hint") return;
    this.app.stopJob();
    app.changed();
  }

  // Play starts (again) from the board on screen.
  start() {
    this.history = [];
    this.game = null;
    this.moves = 0;
    this.view.setPlayState({ moves: 0, canUndo: false });
  }

  // Slide on `a` (an analyze-shaped answer) by {tile} or {direction}; `adopt(reply)`
  // shows the board Python answers.
  async slide(a, how, adopt) {
    const reply = await this.app.ask(protocol.move(a, how)).answer;
    if (!reply.ok) {
      this.app.status(words.refused(reply.error.message));
      return;
    }
    this.history.push({ analysis: a, moves: reply.moved.length, moved: reply.moved });
    this.record(a, reply.moved, reply.tiles);
    this.moves += reply.moved.length;
    adopt(reply);
    this.view.setPlayState({ moves: this.moves, canUndo: true });
    const won = reply.is_goal;
    this.view.celebrate(won ? words.celebration(this.moves) : "");
    this.app.board.celebrate(won);
    this.app.status(won ? words.solvedIn(this.moves) : words.slid(this.moves, reply.moved));
    this.app.announce("slid", { before: a.tiles, moved: reply.moved, moves: reply.moves });
  }

  // The game goes on by `moved` from board `a` to `after`; a slide from another board (or goal)
  // than where the game stands starts a new one there.
  record(a, moved, after) {
    const game = this.game;
    if (!game || game.goal !== a.goal || !sameTiles(game.end, a.tiles)) {
      this.game = { start: a.tiles, goal: a.goal, rows: a.rows, cols: a.cols, tiles: [], end: a.tiles };
    }
    this.game.tiles.push(...moved);
    this.game.end = after;
  }

  // Take back the last slide; `adopt(analysis)` shows the board before it.
  undo(adopt) {
    const entry = this.history.pop();
    if (!entry) return;
    // As played: the tiles slide back, the last first (a move undone and its undo).
    if (this.game && entry.moved) this.record({ ...entry.analysis, tiles: this.game.end }, [...entry.moved].reverse(), entry.analysis.tiles);
    this.moves = Math.max(0, this.moves - entry.moves);
    adopt(entry.analysis);
    this.view.setPlayState({ moves: this.moves, canUndo: this.history.length > 0 });
    this.view.celebrate("");
    this.app.board.celebrate(false);
    this.app.status(words.undone(this.moves));
  }

  // The search that finds a hint for `a`, under Python's hint limits, or null
  // (with the reason in the status) when there is nothing to hint.
  hintRequest(a) {
    if (a.is_goal) {
      this.app.status(words.ALREADY_GOAL);
      return null;
    }
    if (!a.solvability.solvable) {
      this.app.status(words.NO_HINT_UNSOLVABLE);
      return null;
    }
    this.hinted = null;
    return protocol.hint(a, this.app.info().hint);
  }

  // A solution the hint's search found while it goes on: point at its first tile
  // (the status says the rest).
  hintSoFar(solution) {
    const tile = solution.tiles[0];
    if (tile === undefined || tile === this.hinted) return;
    this.hinted = tile;
    this.app.board.flash(tile);
  }

  // Show the first move of the hint search's answer.
  showHint(reply) {
    const r = reply.ok ? reply.result : null;
    if (!r || !r.length) {
      this.app.status(words.noHint(r && r.stopped));
      return;
    }
    this.app.board.flash(r.tiles[0]);
    this.app.status(words.hint(r, this.app.info().directions), outcome.hint(r));
  }
}
