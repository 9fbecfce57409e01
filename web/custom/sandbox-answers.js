// What the page takes from the answers of the worker that runs a person's code: nothing on its
// word. sandbox-messages.js checks a message's form; here each answer is held against the
// request it answers (CodeRunner calls these):
//
// - every board in it (a key of BOARD_KEYS holding an array) has the request's number of cells,
//   each a whole number on the board: a 1000x1000 board, text or markup where a tile goes (a
//   link built from it), a board of another size, are refused; so is nesting past MAX_DEPTH;
// - a solution (a result's tiles and moves, a progress report's solution) is shown only as the
//   solver's own worker replays it from the request's board (its `replay` op): its start, goal
//   and size are the request's, its moves Python's directions for its tiles, and a result that
//   claims to reach the goal must (JavaScript never judges a move: Python does, in the worker
//   that runs no one's code);
// - a search's result names the request's algorithm and, with a person's heuristic, claims no
//   proof of optimality (Python never proves one from a person's heuristic).
// Anything else refuses the answer (`refusal(why)`), and CodeRunner ends the worker that sent it.

import * as protocol from "../solver/protocol.js";

const BOARD_KEYS = new Set(["board", "start", "goal", "before", "after", "end"]);
const MAX_DEPTH = 24;

// The number of cells of the request's board (its "RxC" size; a check's default is 3x3).
export function cellsOf(request) {
  const size = protocol.parseSize(request.size || "3x3");
  return size ? size.rows * size.cols : 0;
}

// Whether every board anywhere in `value` has `cells` cells, each a tile of that board.
export function boardsFit(value, cells, depth = 0) {
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => boardsFit(item, cells, depth + 1));
  if (value === null || typeof value !== "object") return true;
  for (const [key, item] of Object.entries(value)) {
    if (BOARD_KEYS.has(key) && Array.isArray(item)) {
      if (item.length !== cells || !item.every((tile) => Number.isInteger(tile) && tile >= 0 && tile < cells)) return false;
    } else if (!boardsFit(item, cells, depth + 1)) {
      return false;
    }
  }
  return true;
}

// The field a refusal of the code's answer names (the panel shows it as the code's error).
export function codeField(request) {
  return request.search_code != null && request.op === "user_search" ? "search_code" : "heuristic_code";
}

export function refusal(request, why) {
  return { ok: false, error: { field: codeField(request), message: `your code's worker answered with ${why}`, forged: true } };
}

// A solution's tiles as a replay request on the request's board, or null when they are not a list
// (`distance`: ask also for the board's exact distance, where the solver has one).
export function replayRequest(request, tiles, distance = false) {
  if (!Array.isArray(tiles)) return null;
  return { op: "replay", board: request.board, goal: request.goal, size: request.size, tiles, ...(distance ? { distance: true } : {}) };
}

// A search's result found with a person's heuristic, as the solver can vouch for it: shortest
// only if its length is the start's exact distance (the replay's `distance`, boards of at most 9
// cells), which decides `optimal_if_admissible` and the words of its quality; beyond, never
// proven. The code's own words for these are dropped (it may have searched with another h than
// the one its check judged).
export function vouched(result, distance) {
  const known = Number.isInteger(distance);
  const shortest = known && result.length === distance;
  const moves = (n) => `${n} ${n === 1 ? "move" : "moves"}`;
  return {
    ...ownBoundsDropped(result), exact_distance: known ? distance : null, optimal_if_admissible: shortest,
    optimal: result.optimal === true && shortest, lower_bound: known ? distance : null,
    quality: !known ? "not proven shortest (found in the worker that runs your code)"
      : shortest ? `shortest: the solver's exact distance is ${moves(distance)}`
        : `${moves(result.length - distance)} longer than the shortest (${moves(distance)}, the solver's exact distance)`,
    quality_short: !known ? "not proven" : shortest ? "yes (exact distance)" : `+${result.length - distance}`,
  };
}

// A result or report of the code's worker without the bounds only that worker can know (a lower
// bound, an iteration's bound, a factor): a forged one would say a longer solution is shortest.
export function ownBoundsDropped(result) {
  if (!result || typeof result !== "object" || Array.isArray(result)) return result;
  const out = { ...result };
  for (const key of ["bound", "lower_bound", "factor", "best"]) if (key in out) out[key] = null;
  return out;
}

// `solution` (result-shaped: tiles, moves, length, ...) as the solver replayed it (`replayed`,
// the replay op's answer), or a string saying why it is refused.
export function replayedSolution(solution, replayed, { final = false } = {}) {
  if (!replayed || !replayed.ok) {
    const error = replayed && replayed.ok === false ? replayed.error : null;
    // An illegal move names its step; anything else (too many moves, not a list) is not a move's fault.
    return error && !Number.isInteger(error.step) ? `moves the solver would not replay (${error.message})`
      : `moves that are not legal (${error ? error.message : "not replayed"})`;
  }
  const length = solution.length === undefined ? replayed.tiles.length : solution.length;
  if (length !== null && (length !== replayed.tiles.length || !replayed.at_goal)) {
    return `a solution of ${replayed.tiles.length} moves that does not reach the goal`;
  }
  if (length === null && final && replayed.tiles.length !== 0) return "moves for a search that found none";
  const { start, goal, rows, cols, tiles, moves } = replayed;
  const out = { ...solution, start, tiles, moves, length };
  if ("goal" in solution || "rows" in solution) Object.assign(out, { goal, rows, cols });
  if ("h_path" in solution && !(Array.isArray(solution.h_path) && solution.h_path.length === tiles.length + 1
      && solution.h_path.every(Number.isFinite))) out.h_path = null;
  return out;
}

// Why a search's result (solve, user_search) cannot be the request's, or null.
export function foreignResult(request, result) {
  if (!result || typeof result !== "object" || Array.isArray(result)) return "a result that is not one";
  // A count the page shows (as the code's own report) must be one a count can be.
  if ("expansions" in result && !(Number.isSafeInteger(result.expansions) && result.expansions >= 0)) {
    return `an expansion count that no count can be (${String(result.expansions).slice(0, 40)})`;
  }
  if (request.op === "solve" && typeof request.algorithm === "string" && result.algorithm !== request.algorithm) {
    return `a result of another algorithm (${String(result.algorithm).slice(0, 40)})`;
  }
  if (request.op === "solve" && request.heuristic_code != null && result.optimal !== false) {
    return "a result that claims to be proven optimal with your heuristic";
  }
  return null;
}
