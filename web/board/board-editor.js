// BoardEditor: the board being worked on. It keeps the board's text (typed,
// linked, or written from a swap or a slide) and its size, asks Python to
// analyze it against the goal (GoalChoice), asks Python for new boards (the
// goal, a shuffle, a scramble), and shows each answer: the board (BoardView), the
// editor's text, the size menus, the solvability or Python's message (EditorView),
// and a refusal's or a picked tile's words on the status line (`page`). In edit
// mode a click picks a tile and a second click swaps the two. Each valid answer
// goes to the "board" listeners, each refusal to the "invalid" ones. Python's facts (the
// sides it solves, its goals) are read from the page state's `info`, never copied here.

import * as protocol from "../solver/protocol.js";
import * as wording from "../common/wording.js";

const DEFAULT_BOARD = "8 6 7\n2 5 4\n3 0 1";

export class BoardEditor {
  // `typingPause()`: whether an edit typed now deserves its own history entry (the link's rule).
  constructor({ client, state, page, view, board, goal, jobs, typingPause = () => false }) {
    Object.assign(this, { client, state, page, view, board, goal, jobs, typingPause });
    this.text = DEFAULT_BOARD;
    this.size = null; // "RxC" for text that cannot tell its own shape
    this.fromLink = false; // whether the board came from a link (for its error message)
    this.rewrite = false; // write a link's board in rows once Python has read it
    this.analysis = null; // the last valid "analyze"-shaped answer from Python
    this.valid = false;
    this.selected = null; // edit mode: the first tile picked for a swap
    this.sequence = 0; // drops an answer that a newer request overtook
    this.analyzing = null; // the analysis under way (a promise)
    this.listeners = { board: [], invalid: [] };
    // Python's info (at each start of the solver): the size menus offer the sides it solves on the page.
    state.on((changed) => { if (changed.includes("info") && state.info) view.fillSizes(state.info.min_side, state.info.page_max_side); });
  }

  on(kind, listener) {
    this.listeners[kind].push(listener);
  }

  routes() {
    return {
      "edit-board": (text) => this.edit(text, this.typingPause()),
      "edit-goal": (text) => this.editGoal(text),
      "choose-goal": (kind) => this.chooseGoal(kind),
      "choose-size": (rows, cols) => this.resize(rows, cols),
      shuffle: () => this.shuffle(),
      scramble: (moves) => this.scramble(moves),
      reset: () => this.reset(),
    };
  }

  // The board, goal and size of a link (checked once the solver is ready: `analyzeLink`).
  openLink({ board, goal, size }) {
    if (board) this.text = board;
    this.view.setEditorText(this.text);
    this.goal.fromLink(goal);
    this.size = size || null;
    this.fromLink = Boolean(board);
    this.rewrite = true;
    if (!this.state.ready) this.preview();
  }

  // Before Python has read the board (while it loads): draw the tiles as given, marked as
  // not yet checked, and show their size in the menus. Only text that can be drawn as a
  // grid is drawn (distinct whole numbers filling it); Python still decides what it is.
  preview() {
    const grid = drawable(this.text, this.size);
    if (!grid) return this.board.dropUnchecked();
    this.view.showSize(grid.rows, grid.cols);
    this.board.renderUnchecked(grid.tiles, grid.rows, grid.cols);
  }

  analyzeLink() {
    this.goal.settle(this.state.info);
    return this.analyze({ rewrite: this.rewrite });
  }

  // The person typed `text`; `push` makes a history entry for it.
  edit(text, push) {
    Object.assign(this, { text, size: null, fromLink: false });
    if (!this.state.ready) this.preview();
    this.analyze({ push });
  }

  editGoal(text) {
    this.goal.edit(text);
    this.analyze({ push: true });
  }

  chooseGoal(kind) {
    this.goal.choose(kind, this.analysis);
    this.analyze({ push: true });
  }

  resize(rows, cols) {
    this.goal.resize(this.state.info);
    return this.replace("goal", { size: protocol.sizeName(rows, cols) });
  }

  shuffle() { return this.replace("random"); }
  scramble(moves) { return this.replace("scramble", { moves }); }
  reset() { return this.replace("goal"); }

  // Ask Python for a new board (`kind`: goal, random, scramble; of this size unless given) and show it.
  async replace(kind, { size = null, moves } = {}) {
    const a = this.analysis;
    if (!size && !a) return;
    const ticket = ++this.sequence; // supersedes an analysis under way, and is superseded by a later one
    const request = protocol.newBoard(kind, { size: size || protocol.sizeName(a.rows, a.cols), goal: this.goal.request, moves });
    const reply = await this.client.request(request).answer;
    if (ticket !== this.sequence) return;
    if (!reply.ok) return this.view.setBoardMessage(reply.error.message);
    Object.assign(this, { text: reply.grid, size: protocol.sizeName(reply.rows, reply.cols), fromLink: false });
    this.view.setEditorText(this.text);
    this.show(reply, { push: true });
  }

  analyze(options = {}) {
    this.analyzing = this.runAnalyze(options);
    return this.analyzing;
  }

  async runAnalyze({ push = false, rewrite = false } = {}) {
    if (!this.state.ready) return; // runs again once the solver is ready
    this.jobs.stop();
    const ticket = ++this.sequence;
    const reply = await this.client.request(protocol.analyze(this.text, this.goal.request, this.size)).answer;
    if (ticket !== this.sequence) return;
    if (!reply.ok) {
      this.valid = false;
      this.board.dropUnchecked(); // a preview of text Python refused
      const problem = wording.boardProblem(reply.error, this.fromLink);
      this.view.setBoardMessage(problem.message);
      this.view.setSolvability(null);
      this.page.setStatus(problem.status);
      for (const listener of this.listeners.invalid) listener();
      return;
    }
    if (rewrite) this.view.setEditorText(reply.grid);
    this.rewrite = false;
    this.show(reply, { push });
  }

  // Show a valid board answer (analyze, goal, random, move) and tell the listeners.
  show(reply, { push = false } = {}) {
    Object.assign(this, { valid: true, analysis: reply });
    this.unselect();
    this.view.setBoardMessage("");
    this.view.setSize(reply.rows, reply.cols);
    this.goal.show(reply);
    this.view.setSolvability(reply.solvability);
    this.board.render(reply.tiles, reply.rows, reply.cols);
    this.board.markHome(reply.goal_tiles);
    for (const listener of this.listeners.board) listener(reply, push);
  }

  // Python's answer for a board reached in play mode (a slide, or Undo's board before one).
  adopt(reply) {
    this.text = reply.grid;
    this.view.setEditorText(this.text);
    this.show(reply);
  }

  // Make `tiles` (row-major) the edited board, written in rows, and check it.
  adoptTiles(tiles) {
    const { rows, cols } = this.analysis;
    const lines = [];
    for (let r = 0; r < rows; r++) lines.push(tiles.slice(r * cols, (r + 1) * cols).join(" "));
    Object.assign(this, { text: lines.join("\n"), size: protocol.sizeName(rows, cols) });
    this.view.setEditorText(this.text);
    this.analyze({ push: true });
  }

  // Edit mode: the first tile clicked is picked, the second is swapped with it.
  pick(tile) {
    if (this.selected === null) {
      this.selected = tile;
      this.board.select(tile);
      this.page.setStatus(wording.tilePicked(tile));
      return;
    }
    const first = this.selected;
    this.unselect();
    if (first !== tile) this.adoptTiles(this.analysis.tiles.map((t) => (t === first ? tile : t === tile ? first : t)));
  }

  unselect() {
    this.selected = null;
    this.board.select(null);
  }
}

// `text` as a grid that can be drawn ({rows, cols, tiles}), or null: whole numbers (or _ or .
// for the blank) separated by commas or spaces, each once, 0 to n-1, filling `size` ("RxC"
// or "N") or a square. This only draws, before Python is there to ask: which sizes Python
// solves is its answer (a size it refuses is dropped once it has read the text), not a copy
// of its limits here; MAX_DRAWN only spares the page drawing a pasted wall of numbers.
const MAX_DRAWN = 1024;

function drawable(text, size) {
  const words = text.split(/[\s,]+/).filter(Boolean);
  const n = words.length;
  if (n > MAX_DRAWN || !words.every((w) => /^(\d+|_|\.)$/.test(w))) return null;
  const tiles = words.map((w) => (/\d/.test(w) ? Number(w) : 0));
  if (new Set(tiles).size !== n || tiles.some((t) => t >= n)) return null;
  const shape = size ? protocol.parseSize(size) : null;
  if (shape) return shape.rows * shape.cols === n ? { ...shape, tiles } : null;
  const side = Math.round(Math.sqrt(n));
  return side > 0 && side * side === n ? { rows: side, cols: side, tiles } : null;
}
