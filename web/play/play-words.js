// Play mode's words: each slide and Undo on the status line, the move counter, the goal
// reached, and the hint (`directions` is Python's `info.directions`).

// Python refused a slide: its message, as a sentence.
export function refused(message) {
  return `${message.replace(/^./, (c) => c.toUpperCase())}.`;
}

export function moveCount(moves) {
  return `Moves: ${moves}`;
}

export function slid(moves, tiles) {
  return `Moves: ${moves}. Slid ${tiles.join(", ")}.`;
}

export function solvedIn(moves) {
  return `Solved in ${moves} moves!`;
}

// The celebration under the board.
export function celebration(moves) {
  return `Solved in ${moves} moves! Well played.`;
}

export function undone(moves) {
  return `Undone. Moves: ${moves}.`;
}

export const ALREADY_GOAL = "The board is already the goal.";
export const NO_HINT_UNSOLVABLE = "No hint: this board cannot reach the goal.";

// The hint's search found nothing (`stopped`: the limit it hit, if any).
export function noHint(stopped) {
  const why = stopped ? ` (the search hit its ${stopped.replace("-", " ")})` : "";
  return `No hint this time${why}.`;
}

// The hint: the first move of Python's answer `r`.
export function hint(r, directions) {
  const optimal = r.optimal ? `${r.length} moves from the goal` : "a good move";
  return `Hint: slide tile ${r.tiles[0]} ${directions[r.moves[0]]} (${optimal}).`;
}

// An anytime hint's first move so far (`latest`, the best solution sent), while it looks on.
export function hintSoFar(latest, seconds, directions) {
  const first = `tile ${latest.tiles[0]} ${directions[latest.moves[0]]}`;
  return `Hint so far: slide ${first} (a good move). Looking for a better one, ${seconds.toFixed(1)} s: Stop keeps this hint; sliding a tile ends the search.`;
}
