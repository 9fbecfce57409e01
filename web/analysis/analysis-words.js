// The analysis's words: its progress and summary, each position and move, the totals, "try
// again from here" and the best finish, the exports, and why a game was not analysed. Pure
// functions of Python's answers (and its `info`): every fact in them is Python's.

import { stoppedBy } from "../common/stops.js";
import { ARROWS, formatCount, formatSeconds } from "../common/wording.js";

export const ANALYSING = "Analysing the game\u2026";

// An analysis's progress `p` (Python's: its stage, the positions settled, its counts), `seconds`
// after it started.
export function analysing(p, seconds) {
  if (p.positions == null) return `${p.stage}\u2026`; // the worker's own (a download)
  const counts = p.total_states && p.states < p.total_states
    ? `${formatCount(p.states)} of ${formatCount(p.total_states)} states`
    : `${formatCount(p.expanded)} nodes expanded`;
  return `Analysing: ${formatCount(p.done)} of ${formatCount(p.positions)} positions settled; ${p.stage}, ${counts}, ${seconds.toFixed(1)} s`;
}

export const BUSY = "Wait until the search running ends (or stop it), then analyse.";
export const NO_BOARD = "Enter a valid board first: the moves are played from the board on screen.";
export const NO_SOLUTION = "There is no solution on the page to analyse: press Solve first.";
export const NO_RESULT = "Wait for the analysis to end: the best moves come with it.";
export const DROPPED = "The analysis stopped before it ended (the board changed, or the solver restarted): analyse again for the rest.";
export const CHART_LABEL = "Position shown, on the chart of the distance to the goal by move";

const ORIGINS = {
  play: "Your moves in play mode",
  solution: "The solution on the page",
  text: "The moves you pasted",
  link: "The link's game",
  replay: "The replay's solve", // a Slidysim replay, from a link or pasted: opened as the page's link
};

// Python's refusal as one sentence (a link's game says it is the link's).
export function refused(error, origin) {
  const message = error.message.replace(/^./, (c) => c.toUpperCase()).replace(/\.?$/, ".");
  return origin === "link" ? `This link's game cannot be analysed: ${message.replace(/^./, (c) => c.toLowerCase())}` : message;
}

// A board that cannot reach its goal (Python's `solvability`): nothing to analyse.
export function unsolvable(solvability) {
  return `the board cannot reach the goal, so no position has a distance: ${solvability.explanation}`;
}

// A distance from its bounds: exact, a range, at least, or not known yet.
export function distanceText(lower, upper) {
  if (lower === null || lower === undefined) return upper === null || upper === undefined ? "\u2026" : `\u2264 ${upper}`;
  if (lower === upper) return String(lower);
  return upper === null || upper === undefined ? `\u2265 ${lower}` : `${lower}\u2013${upper}`;
}

export function verdictText(verdict) {
  return { optimal: "optimal", mistake: "mistake", unknown: "not decided (bounds)" }[verdict] || "\u2026";
}

export function moveText(tile, direction) {
  return `${tile} ${ARROWS[direction]}`;
}

// A move's button in the table: its accessible name.
export function moveLabel(row, directions) {
  const verdict = row.verdict ? `, ${verdictText(row.verdict)}` : "";
  return `Move ${row.number}: tile ${row.tile} ${directions[row.move]}${verdict}. Show the position after it`;
}

// Best moves (tiles, and the direction each slides), or "none" at the goal; "…" while not known,
// and "not known" once the analysis has ended without them (bounds only).
export function bestText(tiles, letters, ended = false) {
  if (!tiles) return ended ? "not known (bounds)" : "\u2026";
  if (!tiles.length) return "none (the goal)";
  return tiles.map((t, i) => moveText(t, letters[i])).join(", ");
}

// How far position i is from the goal, in words.
function distanceWords(lower, upper) {
  if (lower === null || lower === undefined) return "its distance is not known yet";
  if (lower === upper) return lower === 0 ? "the goal" : `${formatCount(lower)} moves from the goal`;
  return upper == null ? `at least ${formatCount(lower)} moves from the goal (a bound)` : `between ${formatCount(lower)} and ${formatCount(upper)} moves from the goal (bounds)`;
}

// The position shown, in a line: where it is in the game, its distance, its best moves.
export function positionLine(model, i, directions) {
  const where = i === 0 ? "the start" : `after move ${i}, tile ${model.tiles[i - 1]} ${directions[model.directions[i - 1]]}${model.verdicts[i - 1] === "mistake" ? ", a mistake" : ""}`;
  const p = model.position(i);
  const best = p && p.best && p.best.length ? ` Best moves: ${bestText(p.best, p.best_moves)}.` : "";
  return `Position ${formatCount(i)} of ${formatCount(model.moves)} (${where}): ${distanceWords(model.lower[i], model.upper[i])}.${best}${timeWords(model, i)}`;
}

// A replay's time of move `i` (the gap before it, a pause said so), when the game has times.
function timeWords(model, i) {
  const t = model.result && model.result.timing;
  if (!t || i === 0 || t.gaps.length !== model.moves) return "";
  const ms = t.gaps[i - 1];
  const paused = t.pauses.some((p) => p.move === i) ? ", after a pause" : "";
  return ` Move ${i} came ${(ms / 1000).toFixed(3)} s after the one before${paused}.`;
}

// The chart's slider value in words.
export function sliderText(model, i) {
  const verdict = i > 0 && model.verdicts[i - 1] ? `, after ${model.verdicts[i - 1] === "mistake" ? "a mistake" : `a move ${verdictText(model.verdicts[i - 1])}`}` : "";
  return `Position ${i} of ${model.moves}: ${distanceWords(model.lower[i], model.upper[i])}${verdict}`;
}

// The panel's status while Python works (its progress `p`).
export function progressLine(model) {
  const p = model.progress;
  if (!p || p.positions == null) return p && p.stage ? `${p.stage}\u2026` : "Analysing\u2026";
  const counts = p.total_states && p.states < p.total_states
    ? `${formatCount(p.states)} of ${formatCount(p.total_states)} states of the table`
    : `${formatCount(p.expanded)} nodes expanded`;
  return `Analysing ${formatCount(model.moves)} moves: ${formatCount(p.done)} of ${formatCount(p.positions)} positions settled, ${formatCount(model.marks)} moves marked (${p.stage}; ${counts}).`;
}

// Which game was analysed: as played (its undos count as moves), or without its undone moves.
function undosWords(r) {
  if (r.undos === "without-undos") {
    return `Analysed without its undone moves: ${formatCount(r.played_moves)} played, ${formatCount(r.single_tile_moves)} analysed.`;
  }
  const undos = r.moves.filter((m) => m.undo).length;
  if (!undos) return "Analysed as played.";
  return undos === 1 ? "Analysed as played: its undo counts as a move." : `Analysed as played: its ${formatCount(undos)} undos count as moves.`;
}

// The panel's status once Python answered: where the game came from, its summary (Python's), and
// what stopped it early, if anything.
export function analysed(r, origin) {
  const by = stoppedBy(r.stopped);
  const stopped = by ? ` Stopped by ${by}: what was found is kept.` : "";
  return `${ORIGINS[origin] || "The game"}: ${r.summary} ${undosWords(r)}${stopped}`;
}

// The totals as [term, value] pairs (Python's figures); `methods`: info.analysis.methods.
export function totals(r, methods) {
  const start = r.positions[0];
  const optimal = r.optimal_length !== null ? formatCount(r.optimal_length) : `${distanceText(start.lower, start.upper)} (bounds: not exact)`;
  const rows = [
    ["Moves played", r.undos === "without-undos" ? `${formatCount(r.played_moves)} (${formatCount(r.single_tile_moves)} without the undone ones)` : formatCount(r.played_moves)],
    ["Single-tile moves", formatCount(r.single_tile_moves)],
    ["Multi-tile moves", formatCount(r.multi_tile_moves)],
    ["The start's optimal length", `${optimal} (single-tile moves, as every distance here)`],
    ["Excess", r.excess !== null ? `${formatCount(r.excess)} moves` : "not known (bounds only)"],
    ["Mistakes", formatCount(r.mistakes)],
    ["Optimal moves", formatCount(r.optimal_moves)],
  ];
  if (r.unknown_moves) rows.push(["Not decided (bounds only)", formatCount(r.unknown_moves)]);
  const t = r.timing;
  if (t) {
    const pace = t.tps ? `, ${t.tps.toFixed(2)} moves per second` : "";
    rows.push(["Time", `${(t.total_ms / 1000).toFixed(3)} s${pace}${r.undos === "without-undos" ? " (the game as played)" : ""}`]);
    rows.push([`Pauses (${(t.pause_ms / 1000).toFixed(2)} s or more)`, t.pauses.length
      ? t.pauses.map((p) => `before move ${p.move} (${(p.ms / 1000).toFixed(2)} s)`).join(", ") : "none"]);
  }
  rows.push(["Distances", `${methods[r.method] || r.method}${r.heuristic ? ` (${r.heuristic})` : ""}, ${formatSeconds(r.seconds)}`]);
  return rows;
}

// "Try again from here": the position, then whether the person's next slide was a best move.
export function tryStart(i, p) {
  return `Try again from position ${i} (${distanceWords(p.lower, p.upper)}): slide a tile, and the page says whether it was a best move.`;
}

export function judged({ best, tile, move, position }, directions) {
  const slide = `Tile ${tile} ${directions[move]}`;
  if (best === null) return `${slide}: no best moves are known here (bounds only).`;
  if (best) return `${slide}: a best move, one nearer the goal. Well found.`;
  return `${slide} is not a best move: it goes one move further from the goal (two moves lost). The best: ${bestText(position.best, position.best_moves)}. Undo and try again.`;
}

// A slide after the one judged: the judged slide's words would stand for it.
export function tryMovedOn(i) {
  return `Only the first slide from position ${i} is judged. Press Try again from here on a position to judge another.`;
}

export function finishing(i, p) {
  return `Playing a best finish from position ${i}: ${formatCount(p.finish.length)} moves to the goal.`;
}

export function noFinish(p) {
  return p && !p.exact ? "No best finish is known from here: the analysis has bounds only." : NO_RESULT;
}

// The moves or the best finish written in a notation (`label`: the notation's, from info).
export function written(what, label, moves, copied) {
  const name = what === "finish" ? "The best finish from here" : "The moves";
  return `${name} in ${label.toLowerCase()} (${formatCount(moves)} moves)${copied ? ", copied" : ": copy them from the box"}.`;
}

export const COPIED = "Table copied as Markdown.";
export const CLIPBOARD_REFUSED = "The browser refused the clipboard; use Download CSV instead.";
