// Player: steps through a solution. It holds the board at every step and
// asks the view to show one; it never decides which moves are legal (the
// solution comes from Python; a step is the swap of the moved tile and the blank).
// After every change of step or state it tells its "change" listeners.

export class Player {
  constructor({ show, pauseMs = 120 }) {
    this.show = show; // (tiles, rows, cols) -> Promise settled when the slide ends
    this.listeners = { change: [] };
    this.basePauseMs = pauseMs;
    this.pauseMs = pauseMs;
    this.clear();
  }

  on(kind, listener) {
    this.listeners[kind].push(listener);
  }

  changed() {
    for (const listener of this.listeners.change) listener();
  }

  setSpeed(speed) {
    this.pauseMs = this.basePauseMs / speed;
  }

  clear() {
    this.states = [];
    this.moves = "";
    this.tilesMoved = [];
    this.rows = 0;
    this.cols = 0;
    this.step = 0;
    this.playing = false;
    this.token = 0;
  }

  // A solution ({start, tiles, moves}: Python's result) on a rows x cols board.
  load({ start, tiles, moves }, rows, cols) {
    this.clear();
    this.tilesMoved = tiles;
    this.moves = moves;
    this.rows = rows;
    this.cols = cols;
    let board = start.slice();
    this.states.push(board);
    for (const tile of tiles) {
      board = board.slice();
      const from = board.indexOf(tile);
      const blank = board.indexOf(0);
      board[blank] = tile;
      board[from] = 0;
      this.states.push(board);
    }
    this.changed();
  }

  get length() {
    return Math.max(0, this.states.length - 1);
  }

  get loaded() {
    return this.states.length > 0;
  }

  // The board at the current step (row-major tiles).
  get current() {
    return this.states[this.step];
  }

  seek(step) {
    if (!this.loaded) return Promise.resolve();
    this.step = Math.max(0, Math.min(this.length, step));
    const shown = this.show(this.current, this.rows, this.cols);
    this.changed();
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
    this.changed();
    while (this.playing && token === this.token && this.step < this.length) {
      await this.forward();
      if (this.pauseMs) await new Promise((r) => setTimeout(r, this.pauseMs));
    }
    if (token === this.token) {
      this.playing = false;
      this.changed();
    }
  }

  pause() {
    this.playing = false;
    this.token++;
    this.changed();
  }
}
