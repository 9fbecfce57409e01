// Replay: the solution being watched. It loads Python's solution into the
// player and the move list, steps through it, and after every change of step
// updates the playback controls, the step counter (the last move in words),
// the g, h, f line (its view, ReplayView) and the board's marks (tiles at home,
// the goal reached).
//
// A search that keeps improving its answer offers each better solution: it
// replaces the one shown unless the person is watching that one (playing it, or
// stopped between its start and its end); then it is held, the page says so,
// and it replaces the one shown when playback stops, when the person goes back
// to the start or the end, or when they ask for it. A person who was at the end
// of the one shown (the goal) sees the new one at its end too: both end at the
// goal, so the board stays solved. A long solution starts at a speed that plays
// it in under a minute, unless the person chose a speed.
//
// The replay owns the step shown (the link reads it here); Python's info (direction words,
// heuristic labels) is read from the page state, its one owner.
//
// It also plays a game being analysed (web/analysis/: the moves of a game, or a game up to a
// position followed by a best finish), loaded with `load`; such a sequence may start elsewhere
// than the board on screen (`detached`: a game played in play mode, whose start is behind),
// and then even its start is a board of its own (`stepBoard`).

import { Player } from "./player.js";
import * as words from "./replay-words.js";
import * as wording from "../common/wording.js";

const MINUTE_MS = 60_000;

export class Replay {
  constructor({ player, view, board, state }) {
    Object.assign(this, { player, view, board, state });
    this.solution = null; // Python's result (or a search's solution so far) being watched
    this.held = null; // {r, rows, cols, step}: a better solution waiting for playback to stop
    this.goalTiles = null; // the goal of the board on screen
    this.wasPlaying = false;
    this.chosenSpeed = 1; // the speed the person chose (or the page's default)
    this.speedPicked = false; // whether the person chose a speed for the solutions of this search
    this.listeners = { replaced: [], changed: [] }; // changed: the step or the solution shown changed
    player.on("change", () => this.changed());
  }

  on(kind, listener) {
    this.listeners[kind].push(listener);
  }

  routes() {
    return {
      "toggle-play": () => this.toggle(),
      "step-forward": () => this.forward(),
      "step-back": () => this.back(),
      seek: (step) => this.seek(step),
      "choose-speed": (speed) => this.chooseSpeed(speed),
      "take-solution": () => this.takeHeld(),
    };
  }

  // Whether playback is running (the link is written once it stops).
  get playing() {
    return this.player.playing;
  }

  setGoal(goalTiles) {
    this.goalTiles = goalTiles;
  }

  get loaded() {
    return this.solution !== null;
  }

  // The number of moves of the solution shown, or null.
  get length() {
    return this.solution ? this.solution.tiles.length : null;
  }

  // The step shown, if past the start (for the link), else null.
  get step() {
    return this.solution && this.player.step > 0 ? this.player.step : null;
  }

  // The board shown, if it is a step past the start (or any step of a detached sequence), else null.
  get stepBoard() {
    return this.step === null && !(this.solution && this.solution.detached) ? null : this.player.current;
  }

  // Whether a new solution may take the place of the one shown: nobody is watching it.
  get replaceable() {
    const p = this.player;
    return !this.solution || (!p.playing && (p.step === 0 || p.step === p.length));
  }

  // Whether the solution shown stands at its end (the goal), past its start.
  get atEnd() {
    const p = this.player;
    return this.solution !== null && p.length > 0 && p.step === p.length;
  }

  // The step a new solution opens on: the one asked for, else its end when the one it
  // replaces was at its end (the goal stays on screen), else its start.
  openingStep(r, step) {
    if (step !== null) return step;
    return this.atEnd ? r.tiles.length : null;
  }

  // Python's result `r` (with `start`) on a rows x cols board; `step` (or null) to open on, without sliding.
  load(r, rows, cols, step = null) {
    this.solution = r;
    this.view.setMoveList(r.tiles, r.moves, this.state.info.directions);
    this.player.load(r, rows, cols);
    this.fitSpeed(r.tiles.length);
    this.player.seek(step ?? 0, { jump: true });
  }

  // A solution found by the search: `r` is result-shaped ({start, tiles, moves, h_name,
  // h_path}). `final`: the search's own answer, which ends the notices unless one is held.
  // Returns "same", "shown" or "held".
  offer(r, rows, cols, { step = null, final = false } = {}) {
    const shown = this.solution;
    if (shown && shown.moves === r.moves && shown.tiles.length === r.tiles.length) {
      this.solution = { ...shown, ...r };
      if (step !== null) this.player.seek(step, { jump: true });
      if (final && !this.held) this.view.setSolutionNotice("", false);
      return "same";
    }
    if (this.replaceable) {
      this.held = null;
      const opening = this.openingStep(r, step);
      this.load(r, rows, cols, opening);
      this.view.setSolutionNotice(final ? "" : words.solutionFound(r.tiles.length, Boolean(shown)), false);
      if (shown && opening) for (const listener of this.listeners.replaced) listener();
      return "shown";
    }
    this.held = { r, rows, cols, step };
    this.view.setSolutionNotice(words.solutionHeld(r.tiles.length, this.player.playing), true);
    return "held";
  }

  // Show the held solution now (the person asked, or stopped watching the other one).
  takeHeld() {
    const held = this.held;
    if (!held) return false;
    this.held = null;
    this.player.pause();
    this.load(held.r, held.rows, held.cols, this.openingStep(held.r, held.step));
    this.view.setSolutionNotice(words.solutionReplaced(held.r.tiles.length), false);
    for (const listener of this.listeners.replaced) listener();
    return true;
  }

  clear() {
    this.player.pause();
    this.player.clear();
    this.solution = null;
    this.held = null;
    this.speedPicked = false;
    this.view.setMoveList([], "", {});
    this.view.setSolutionNotice("", false);
    this.view.setSpeedNote("");
    this.changed();
  }

  // Play or pause; resolves once playback stops (null without a solution).
  toggle() {
    if (!this.solution) return null;
    if (!this.player.playing) return this.player.play();
    this.player.pause();
    return Promise.resolve();
  }

  pause() {
    this.player.pause();
  }

  // Show step `step` (clamped to the solution); false without a solution.
  seek(step) {
    if (!this.solution) return false;
    this.player.pause();
    this.player.seek(step);
    return true;
  }

  forward() {
    return this.seek(this.player.step + 1);
  }

  back() {
    return this.seek(this.player.step - 1);
  }

  // The person chose `speed`.
  chooseSpeed(speed) {
    this.chosenSpeed = speed;
    this.speedPicked = true;
    this.useSpeed(speed);
    this.view.setSpeedNote("");
  }

  useSpeed(speed) {
    this.player.setSpeed(speed);
    this.board.setSlideMs(Player.slideMs(speed));
    this.view.setSpeed(speed);
  }

  // A solution of `moves` moves starts at the person's speed, or at the slowest on
  // the Speed menu that plays it in under a minute (and the page says so).
  fitSpeed(moves) {
    if (this.speedPicked) return;
    const fits = (speed) => Player.playingMs(moves, speed) <= MINUTE_MS;
    const speeds = this.view.speeds();
    const speed = fits(this.chosenSpeed) ? this.chosenSpeed : speeds.find(fits) || speeds[speeds.length - 1];
    this.useSpeed(speed);
    const note = speed === this.chosenSpeed ? "" : words.speedNote(moves, speed, Player.playingMs(moves, speed));
    this.view.setSpeedNote(note);
  }

  changed() {
    const p = this.player;
    const r = this.solution;
    const info = this.state.info;
    const lastMove = p.loaded && p.step > 0 ? words.slid(p.tilesMoved[p.step - 1], p.moves[p.step - 1], info.directions) : "";
    let ghf = {};
    if (r && r.h_path) {
      const h = r.h_path[p.step];
      ghf = { g: p.step, h, f: p.step + h, hName: wording.namesFrom(info).heuristic(r.h_name) };
    }
    this.view.setPlayback({ loaded: p.loaded, playing: p.playing, step: p.step, length: p.length, lastMove, ...ghf });
    for (const listener of this.listeners.changed) listener();
    const stopped = this.wasPlaying && !p.playing;
    this.wasPlaying = p.playing;
    if (this.held && (stopped || this.replaceable)) queueMicrotask(() => this.takeHeld());
    if (!this.goalTiles) return;
    this.board.markHome(this.goalTiles);
    this.board.celebrate(p.loaded && p.step === p.length && p.length > 0 && !p.playing);
  }
}
