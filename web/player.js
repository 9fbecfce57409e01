// Player: steps through a solution. It holds the board at every step and
// asks the view to show one; it never decides which moves are legal (the
// solution comes from Python; a step is the swap of the moved tile and the blank).

export class Player {
  constructor({ show, onChange, pauseMs = 120 }) {
    this.show = show; // (tiles) -> Promise settled when the slide ends
    this.onChange = onChange; // () -> void, after every change of step or state
    this.basePauseMs = pauseMs;
    this.pauseMs = pauseMs;
    this.clear();
  }

  setSpeed(speed) {
    this.pauseMs = this.basePauseMs / speed;
  }

  clear() {
    this.states = [];
    this.moves = "";
    this.tilesMoved = [];
    this.step = 0;
    this.playing = false;
    this.token = 0;
  }

  load(start, tilesMoved, moves) {
    this.clear();
    this.tilesMoved = tilesMoved;
    this.moves = moves;
    let board = start.slice();
    this.states.push(board);
    for (const tile of tilesMoved) {
      board = board.slice();
      const from = board.indexOf(tile);
      const blank = board.indexOf(0);
      board[blank] = tile;
      board[from] = 0;
      this.states.push(board);
    }
    this.onChange();
  }

  get length() {
    return Math.max(0, this.states.length - 1);
  }

  get loaded() {
    return this.states.length > 0;
  }

  seek(step) {
    if (!this.loaded) return Promise.resolve();
    this.step = Math.max(0, Math.min(this.length, step));
    const shown = this.show(this.states[this.step]);
    this.onChange();
    return shown;
  }

  forward() {
    return this.seek(this.step + 1);
  }

  back() {
    return this.seek(this.step - 1);
  }

  async play() {
    if (!this.loaded || this.playing) return;
    if (this.step >= this.length) await this.seek(0);
    this.playing = true;
    const token = ++this.token;
    this.onChange();
    while (this.playing && token === this.token && this.step < this.length) {
      await this.forward();
      if (this.pauseMs) await new Promise((r) => setTimeout(r, this.pauseMs));
    }
    if (token === this.token) {
      this.playing = false;
      this.onChange();
    }
  }

  pause() {
    this.playing = false;
    this.token++;
    this.onChange();
  }
}
