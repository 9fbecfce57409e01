// The worker protocol: every request the page sends to the solver's worker is built here
// (the ops of npuzzle.webapi, documented in its docstring, and the worker's own "abort";
// worker.js lists the messages). A board travels as Python gave it back (`a`, an
// analyze-shaped answer: board, goal, rows, cols) or as the text the person typed.

// The "RxC" form of a board's size, as Python reads and writes it.
export function sizeName(rows, cols) {
  return `${rows}x${cols}`;
}

// The board part of a request about board `a` (or `tiles`, a step of a replay, on `a`'s goal and size).
export function boardFields(a, tiles = null) {
  return { board: tiles ? tiles.join(",") : a.board, goal: a.goal, size: sizeName(a.rows, a.cols) };
}

// Python's reading of typed or linked `text` against `goal`; `size` ("RxC") when the text cannot tell.
export function analyze(text, goal, size = null) {
  const request = { op: "analyze", board: text, goal };
  if (size) request.size = size;
  return request;
}

// A new board of `size` (or a's): the goal itself, a uniformly random one, or `moves` random moves from the goal.
export function newBoard(kind, { size = null, goal, moves } = {}) {
  const request = { op: kind === "goal" ? "goal" : "random", size, goal };
  if (kind === "scramble") request.moves = moves;
  return request;
}

// A search on board `a`: `choice` (algorithm, heuristic, options), `limits` (max_nodes,
// time_limit) and what to record (`trace`, `tree`).
export function solve(a, choice, limits = {}, { trace = false, tree = false } = {}) {
  const request = { op: "solve", ...boardFields(a), ...choice, ...limits };
  if (trace) request.trace = true;
  if (tree) request.tree = true;
  return request;
}

// The hint's search on `a`: Python's default algorithm under Python's hint limits.
export function hint(a, hintLimits) {
  return { op: "solve", ...boardFields(a), ...hintLimits };
}

// Every applicable algorithm and heuristic on `a`, with every algorithm's option values.
export function compare(a, options) {
  return { op: "compare", ...boardFields(a), ...options };
}

// The heuristic's value taken apart on `tiles` (a's board, or a replay's step).
export function breakdown(a, tiles, heuristic) {
  return { op: "breakdown", ...boardFields(a, tiles), heuristic };
}

// A slide on `a`: `how` is {tile} or {direction}.
export function move(a, how) {
  return { op: "move", ...boardFields(a), ...how };
}

// Load in the background the tables a board of `size` and `goal` needs.
export function prepare(size, goal) {
  return { op: "prepare", size, goal };
}

// Cancel the running request `target` (the worker's own message, not a webapi op).
export function abort(target) {
  return { op: "abort", target };
}
