// The worker protocol: every request to npuzzle.webapi is built here, the page's and the
// worker's own ("info" at start, each "step" of a running search), and the worker's "abort"
// (the ops are documented in webapi's docstring; worker.js lists the messages). A board travels as Python gave it back (`a`, an
// analyze-shaped answer: board, goal, rows, cols) or as the text the person typed.

// The "RxC" form of a board's size, as Python reads and writes it.
export function sizeName(rows, cols) {
  return `${rows}x${cols}`;
}

// A size as a link or the editor gives it ("RxC", or "N" for a square) as {rows, cols}, or
// null when it is not one (whether Python solves that size is Python's answer, not this).
export function parseSize(name) {
  const match = /^(\d+)(?:x(\d+))?$/i.exec(String(name).trim());
  if (!match) return null;
  const rows = Number(match[1]);
  const cols = match[2] === undefined ? rows : Number(match[2]);
  return rows > 0 && cols > 0 ? { rows, cols } : null;
}

// What Python offers: its registries, sides, goals, defaults and limits (the worker asks once it has loaded).
export function info() {
  return { op: "info" };
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

// The heuristic's value taken apart on `tiles` (a's board, or a replay's step): `heuristic` is
// a registry name, or the fields of a person's heuristic ({heuristic_code, heuristic_filename}).
export function breakdown(a, tiles, heuristic) {
  const fields = typeof heuristic === "object" && heuristic !== null ? heuristic : { heuristic };
  return { op: "breakdown", ...boardFields(a, tiles), ...fields };
}

// A person's heuristic ({code, filename}) checked against the exact distances of `size` and `goal`.
export function check({ code, filename }, size, goal, timeLimit) {
  return { op: "check", heuristic_code: code, heuristic_filename: filename, size, goal, time_limit: timeLimit };
}

// The verdict of check `request` judged by the solver's worker from h's values, as the code's
// worker answers them asked "check_values": the first of them (`values`), the rest fed to it as
// they come (`feed`, the last with the check's seconds and why it stopped short, if it did).
export function judgeCheck(request, values) {
  return {
    op: "judge_check", values, more: true, size: request.size, goal: request.goal, heuristic_filename: request.heuristic_filename,
  };
}

// A person's search ({code, filename}) run once on board `a` under `limits` (max_nodes, time_limit).
export function userSearch(a, { code, filename }, limits) {
  return { op: "user_search", ...boardFields(a), search_code: code, search_filename: filename, ...limits };
}

// Whether a request carries a person's code (it then goes to their code's worker, never the solver's).
export function carriesCode(request) {
  return request.heuristic_code != null || request.search_code != null;
}

// A slide on `a`: `how` is {tile} or {direction}.
export function move(a, how) {
  return { op: "move", ...boardFields(a), ...how };
}

// The analysis of a game: `game` is {board, goal, size} (the start, as Python gave it back or as
// a link wrote it), `moves` (text) written in `notation`, `undos` ("as-played" or
// "without-undos") and `times` (a replay's gaps, "0,120,85", or none); Python reads and refuses
// it, naming the field.
export function analyse(game) {
  const { board, goal, size, moves, notation, undos, times } = game;
  const request = { op: "analyse_game", board, goal, size, moves };
  if (notation) request.notation = notation;
  if (undos) request.undos = undos;
  if (times) request.times = times; // a replay's: the gap before each move (ms), as Python reads it
  return request;
}

// A game's moves (as `analyse` takes them) written in the notation `to`.
export function writeMoves(game, to) {
  const { board, goal, size, moves, notation } = game;
  const request = { op: "write_moves", board, goal, size, moves, to };
  if (notation) request.notation = notation;
  return request;
}

// Load in the background the tables a board of `size` and `goal` needs.
export function prepare(size, goal) {
  return { op: "prepare", size, goal };
}

// The worker's next slice of a running search `job` (`budgetMs` of work), or its cancel.
export function step(job, budgetMs, { cancel = false, feed = null } = {}) {
  const request = { op: cancel ? "cancel" : "step", job, budget_ms: budgetMs };
  if (feed && !cancel) request.feed = feed;
  return request;
}

// More for the running request `target` that takes it as it runs (a judge_check started with
// more: h's values, {values, final, stopped?, seconds?}): the worker's own message, not a
// webapi op; the worker gives it to that request's next step.
export function feed(target, fed) {
  return { op: "feed", target, feed: fed };
}

// Cancel the running request `target` (the worker's own message, not a webapi op).
export function abort(target) {
  return { op: "abort", target };
}
