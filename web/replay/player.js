// Player: steps through a solution. It holds the board of the step shown and
// asks the view to show it; it never decides which moves are legal (the
// solution comes from Python; a step is the swap of the moved tile and the blank).
// After every change of step or state it tells its "change" listeners.
//
// Long solutions (thousands of moves on a 16x16 board) stay cheap: the board
// of a step is rebuilt from the nearest checkpoint (one every CHECKPOINT_EVERY
// steps) or from the step shown, never stored for every step. At speeds where
// a move takes less than FAST_MOVE_MS, playback follows the clock, one
// animation frame at a time, several moves per frame when needed, without
// waiting for each slide: the main thread does a few milliseconds per frame.

const SLIDE_MS = 160; // one slide at speed 1
const PAUSE_MS = 120; // the pause after it at speed 1
const FAST_MOVE_MS = 50; // below this time per move, playback follows the clock
const CHECKPOINT_EVERY = 128;

export class Player {
  constructor({ show }) {
    this.show = show; // (tiles, rows, cols, {jump}) -> Promise settled when the slide ends
    this.listeners = { change: [] };
    this.speed = 1;
    this.clear();
  }

  on(kind, listener) {
    this.listeners[kind].push(listener);
  }

  changed() {
    for (const listener of this.listeners.change) listener();
  }

  // How long one slide lasts at `speed` (the board view animates it).
  static slideMs(speed) {
    return SLIDE_MS / speed;
  }

  // How long `moves` moves take to play at `speed`, in milliseconds.
  static playingMs(moves, speed) {
    return (moves * (SLIDE_MS + PAUSE_MS)) / speed;
  }

  setSpeed(speed) {
    this.speed = speed;
    this.anchor = null; // a clock-driven playback restarts its clock
  }

  clear() {
    this.start = null; // the board at step 0
    this.board = null; // the board at `step`
    this.blanks = null; // the blank's cell at every step
    this.checkpoints = [];
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
    Object.assign(this, { tilesMoved: tiles, moves, rows, cols, start: start.slice(), board: start.slice() });
    const where = new Map(start.map((tile, cell) => [tile, cell]));
    const blanks = new Int32Array(tiles.length + 1);
    blanks[0] = where.get(0);
    const board = start.slice();
    this.checkpoints = [start.slice()];
    tiles.forEach((tile, i) => {
      const from = where.get(tile);
      board[blanks[i]] = tile;
      board[from] = 0;
      where.set(tile, blanks[i]);
      blanks[i + 1] = from;
      if ((i + 1) % CHECKPOINT_EVERY === 0) this.checkpoints.push(board.slice());
    });
    this.blanks = blanks;
    this.changed();
  }

  get length() {
    return this.tilesMoved.length;
  }

  get loaded() {
    return this.board !== null;
  }

  // The board at the current step (row-major tiles, a copy).
  get current() {
    return this.board ? this.board.slice() : undefined;
  }

  // Move this.board to `step`: from the step shown, or from the nearest checkpoint.
  goTo(step) {
    const nearest = Math.round(step / CHECKPOINT_EVERY);
    const fromCheckpoint = Math.abs(step - nearest * CHECKPOINT_EVERY);
    if (fromCheckpoint < Math.abs(step - this.step) && nearest < this.checkpoints.length) {
      this.board = this.checkpoints[nearest].slice();
      this.step = nearest * CHECKPOINT_EVERY;
    }
    const { board, blanks, tilesMoved } = this;
    for (; this.step < step; this.step++) {
      board[blanks[this.step]] = tilesMoved[this.step];
      board[blanks[this.step + 1]] = 0;
    }
    for (; this.step > step; this.step--) {
      board[blanks[this.step]] = tilesMoved[this.step - 1];
      board[blanks[this.step - 1]] = 0;
    }
  }

  // Show step `step`; `jump`: without sliding. Resolves when the slide ends.
  seek(step, { jump = false } = {}) {
    if (!this.loaded) return Promise.resolve();
    this.goTo(Math.max(0, Math.min(this.length, step)));
    const shown = this.show(this.current, this.rows, this.cols, { jump });
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
    this.anchor = null;
    this.changed();
    const going = () => this.playing && token === this.token && this.step < this.length;
    while (going()) {
      const moveMs = Player.playingMs(1, this.speed);
      if (moveMs >= FAST_MOVE_MS) {
        await this.forward();
        if (going()) await new Promise((r) => setTimeout(r, PAUSE_MS / this.speed));
        this.anchor = null;
        continue;
      }
      // Fast: each frame shows the step the clock has reached (none, one or several moves on).
      await new Promise((r) => requestAnimationFrame(r));
      if (!going()) break;
      const now = performance.now();
      if (!this.anchor) this.anchor = { time: now - moveMs, step: this.step };
      const due = this.anchor.step + Math.floor((now - this.anchor.time) / moveMs);
      if (due > this.step) this.seek(due, { jump: true });
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
