// PlayMode: the person slides the tiles. It asks Python which tiles a click,
// key or swipe moves, keeps each board for Undo, counts the moves, finds a hint
// and says when the goal is reached. The controller shows each new board
// (the `adopt` callback) and runs the hint's search like any other job.

export class PlayMode {
  constructor({ client, page, board }) {
    Object.assign(this, { client, page, board });
    this.history = []; // {analysis, moves}: the board before each slide
    this.moves = 0;
  }

  // Play starts (again) from the board on screen.
  start() {
    this.history = [];
    this.moves = 0;
    this.page.setPlayState({ moves: 0, canUndo: false });
  }

  // Slide on `a` (an analyze-shaped answer) by {tile} or {direction}; `adopt(reply)`
  // shows the board Python answers.
  async slide(a, how, adopt) {
    const request = { op: "move", board: a.board, goal: a.goal, size: `${a.rows}x${a.cols}`, ...how };
    const reply = await this.client.request(request).answer;
    if (!reply.ok) {
      this.page.setStatus(reply.error.message.replace(/^./, (c) => c.toUpperCase()) + ".");
      return;
    }
    this.history.push({ analysis: a, moves: reply.moved.length });
    this.moves += reply.moved.length;
    adopt(reply);
    this.page.setPlayState({ moves: this.moves, canUndo: true });
    const won = reply.is_goal;
    this.page.celebrate(won ? `Solved in ${this.moves} moves! Well played.` : "");
    this.board.celebrate(won);
    this.page.setStatus(won ? `Solved in ${this.moves} moves!` : `Moves: ${this.moves}. Slid ${reply.moved.join(", ")}.`);
  }

  // Take back the last slide; `adopt(analysis)` shows the board before it.
  undo(adopt) {
    const entry = this.history.pop();
    if (!entry) return;
    this.moves = Math.max(0, this.moves - entry.moves);
    adopt(entry.analysis);
    this.page.setPlayState({ moves: this.moves, canUndo: this.history.length > 0 });
    this.page.celebrate("");
    this.board.celebrate(false);
    this.page.setStatus(`Undone. Moves: ${this.moves}.`);
  }

  // The search that finds a hint for `a`, under Python's hint limits, or null
  // (with the reason in the status) when there is nothing to hint.
  hintRequest(a) {
    if (a.is_goal) {
      this.page.setStatus("The board is already the goal.");
      return null;
    }
    if (!a.solvability.solvable) {
      this.page.setStatus("No hint: this board cannot reach the goal.");
      return null;
    }
    this.hinted = null;
    return { op: "solve", board: a.board, goal: a.goal, size: `${a.rows}x${a.cols}`, ...this.client.info.hint };
  }

  // A solution the hint's search found while it goes on: point at its first tile
  // (the status says the rest).
  hintSoFar(solution) {
    const tile = solution.tiles[0];
    if (tile === undefined || tile === this.hinted) return;
    this.hinted = tile;
    this.board.flash(tile);
  }

  // Show the first move of the hint search's answer.
  showHint(reply) {
    const r = reply.ok ? reply.result : null;
    if (!r || !r.length) {
      const why = r && r.stopped ? ` (the search hit its ${r.stopped.replace("-", " ")})` : "";
      this.page.setStatus(`No hint this time${why}.`);
      return;
    }
    const tile = r.tiles[0];
    this.board.flash(tile);
    const optimal = r.optimal ? `${r.length} moves from the goal` : "a good move";
    this.page.setStatus(`Hint: slide tile ${tile} ${this.client.info.directions[r.moves[0]]} (${optimal}).`);
  }
}
