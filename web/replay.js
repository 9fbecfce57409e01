// Replay: the solution being watched. It loads Python's solution into the
// player and the move list, steps through it, and after every change of step
// updates the playback controls, the step counter (the last move in words),
// the g, h, f line and the board's marks (tiles at home, the goal reached).

import { namesFrom, slid } from "./wording.js";

export class Replay {
  constructor({ player, page, board }) {
    Object.assign(this, { player, page, board });
    this.info = null; // Python's info: direction words, heuristic labels
    this.solution = null; // Python's result being watched
    this.goalTiles = null; // the goal of the board on screen
    player.on("change", () => this.changed());
  }

  setInfo(info) {
    this.info = info;
  }

  setGoal(goalTiles) {
    this.goalTiles = goalTiles;
  }

  get loaded() {
    return this.solution !== null;
  }

  // The step shown, if past the start (for the link), else null.
  get step() {
    return this.solution && this.player.step > 0 ? this.player.step : null;
  }

  // The board shown, if it is a step past the start, else null.
  get stepBoard() {
    return this.step === null ? null : this.player.current;
  }

  // Python's result `r` on a rows x cols board; `step` (or null) to open on, without sliding.
  load(r, rows, cols, step) {
    this.solution = r;
    this.page.setMoveList(r.tiles, r.moves, this.info.directions);
    this.player.load(r, rows, cols);
    if (step !== null) this.board.withoutAnimation(() => this.player.seek(step));
  }

  clear() {
    this.player.pause();
    this.player.clear();
    this.solution = null;
    this.page.setMoveList([], "", {});
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

  setSpeed(speed) {
    this.player.setSpeed(speed);
    this.board.setSpeed(speed);
  }

  changed() {
    const p = this.player;
    const r = this.solution;
    const lastMove = p.loaded && p.step > 0 ? slid(p.tilesMoved[p.step - 1], p.moves[p.step - 1], this.info.directions) : "";
    let ghf = {};
    if (r && r.h_path) {
      const h = r.h_path[p.step];
      ghf = { g: p.step, h, f: p.step + h, hName: namesFrom(this.info).heuristic(r.h_name) };
    }
    this.page.setPlayback({ loaded: p.loaded, playing: p.playing, step: p.step, length: p.length, lastMove, ...ghf });
    if (!this.goalTiles) return;
    this.board.markHome(this.goalTiles);
    this.board.celebrate(p.loaded && p.step === p.length && p.length > 0 && !p.playing);
  }
}
