// AnalysisModel: one game's analysis as the page holds it, every fact Python's: the bounds on
// each position's distance and each move's verdict as the progress reports them (only what
// changed comes in each report: they are merged here), then Python's whole result (best moves,
// finishes, totals, the table as CSV and Markdown). It also keeps the position shown, the
// mistakes to jump between, and the sequences the replay plays: the game itself, and the game
// up to a position followed by that position's best finish. No DOM, no worker: the feature
// (analysis.js) feeds it and its view draws it.

export class AnalysisModel {
  // `game`: what was asked ({board, goal, size, moves, notation, undos}) and, when the page
  // knows them, the start's tiles and shape ({start, rows, cols}); `origin`: where the game
  // came from ("play", "solution", "text", "link").
  constructor(game, origin) {
    Object.assign(this, { game, origin });
    this.positions = 0; // positions in the game analysed (its moves + 1), once Python says
    this.lower = []; // per position: a proven lower bound on its distance (null: none yet)
    this.upper = [];
    this.verdicts = []; // per move (index 0: move 1): "optimal", "mistake", "unknown", or null (not yet)
    this.tiles = null; // the game analysed (without its undone moves, if asked): the tiles moved
    this.directions = ""; // and the direction each slid (U, D, L, R)
    this.undoFlags = [];
    this.progress = null; // Python's latest progress (its counts)
    this.result = null; // Python's analysis, once done
    this.selected = 0; // the position shown
    this.number = 0; // which analysis of the page this is (1, 2, ...), once shown
    this.dropped = false; // its job ended without an answer (an edit, or the solver restarting)
    this.finishing = null; // {from, length}: the best finish from a position, while the replay holds it
    this.marker = null; // {x, y}: where that finish's playback stands on the chart (past its position)
  }

  // "analysing", "analysed" (ran to its end) or "stopped" (a limit, Stop, or an edit).
  get state() {
    if (!this.result) return this.dropped ? "stopped" : "analysing";
    return this.result.stopped ? "stopped" : "analysed";
  }

  // The moves of the game analysed.
  get moves() {
    return Math.max(0, this.positions - 1);
  }

  // Whether the tiles of the game analysed are known (from the first progress or the result).
  get known() {
    return this.tiles !== null;
  }

  // Take in a progress report (Python's: counts, `game` the first time, `changed` and `marks`).
  apply(p) {
    this.progress = p;
    if (Number.isInteger(p.positions)) this.size(p.positions);
    if (p.game) this.setGame(p.game.tiles, p.game.moves, p.game.undos);
    for (const [i, lower, upper] of p.changed || []) {
      this.lower[i] = lower;
      this.upper[i] = upper;
    }
    for (const [number, verdict] of p.marks || []) this.verdicts[number - 1] = verdict;
  }

  // Take in Python's whole analysis.
  finish(result) {
    this.result = result;
    this.size(result.positions.length);
    this.setGame(result.tiles, result.moves_text, result.moves.map((m) => m.undo));
    result.positions.forEach((p, i) => { this.lower[i] = p.lower; this.upper[i] = p.upper; });
    result.moves.forEach((m, i) => { this.verdicts[i] = m.verdict; });
  }

  size(positions) {
    if (positions === this.positions) return;
    this.positions = positions;
    for (const list of [this.lower, this.upper]) while (list.length < positions) list.push(null);
    while (this.verdicts.length < positions - 1) this.verdicts.push(null);
  }

  setGame(tiles, directions, undos) {
    if (this.tiles) return;
    Object.assign(this, { tiles: [...tiles], directions, undoFlags: [...undos] });
  }

  exact(i) {
    return this.lower[i] !== null && this.lower[i] !== undefined && this.lower[i] === this.upper[i];
  }

  // Position i's distance when exact, else null.
  distance(i) {
    return this.exact(i) ? this.lower[i] : null;
  }

  // Moves whose verdict is known.
  get marks() {
    return this.verdicts.filter((v) => v !== null && v !== undefined).length;
  }

  // Python's facts of position i once the result is in ({board, best, best_moves, finish, ...}), else null.
  position(i) {
    return this.result ? this.result.positions[i] || null : null;
  }

  // Show position `i` (clamped to the game); returns the position shown.
  select(i) {
    this.selected = Math.min(this.moves, Math.max(0, Math.round(Number(i) || 0)));
    return this.selected;
  }

  // The position before the next (`step` 1) or previous (-1) mistake from the one shown (where a
  // better move was there to be found), or null when there is none that way.
  mistake(step) {
    const before = (n) => n - 1; // move n leads from position n - 1
    if (step > 0) {
      for (let n = this.selected + 2; n <= this.moves; n++) if (this.verdicts[n - 1] === "mistake") return before(n);
    } else {
      for (let n = this.selected; n >= 1; n--) if (this.verdicts[n - 1] === "mistake" && before(n) < this.selected) return before(n);
    }
    return null;
  }

  // The chart's points: per position its bounds and the verdict of the move into it.
  points() {
    const out = [];
    for (let i = 0; i < this.positions; i++) {
      const p = this.position(i);
      out.push({ index: i, lower: this.lower[i], upper: this.upper[i], verdict: i > 0 ? this.verdicts[i - 1] : null, best: p ? p.best : null });
    }
    return out;
  }

  // The per-move table's rows: the move, its verdict, the moves it lost (Python's, once the result
  // is in), the bounds before and after it, and the best moves of the position before it.
  rows() {
    if (!this.known) return [];
    return this.tiles.map((tile, k) => {
      const move = this.result ? this.result.moves[k] : null;
      const before = this.position(k);
      return {
        number: k + 1, tile, move: this.directions[k], undo: Boolean(this.undoFlags[k]),
        verdict: this.verdicts[k] ?? null, lost: move ? move.lost : null,
        before: [this.lower[k], this.upper[k]], after: [this.lower[k + 1], this.upper[k + 1]],
        best: before ? before.best : null, bestMoves: before ? before.best_moves : null,
      };
    });
  }

  // The game as the replay plays it ({start, tiles, moves}), once its tiles and start are known.
  sequence() {
    if (!this.known || !this.game.start) return null;
    return { start: this.game.start, tiles: this.tiles, moves: this.directions };
  }

  // The game up to position i, then i's best finish: the replay plays it from i.
  finishSequence(i) {
    const p = this.position(i);
    if (!p || !p.finish || !this.game.start) return null;
    return { start: this.game.start, tiles: [...this.tiles.slice(0, i), ...p.finish], moves: this.directions.slice(0, i) + p.finish_moves };
  }
}
