// The speed-solver's sentences: every shortest solution, a shortening, a move string (the
// command line says the same in npuzzle/speed/words.py, from the same JSON keys).

import { stoppedBy } from "../common/stops.js";
import { formatCount } from "../common/wording.js";

// Who stopped a speed job: the panel's Stop button.
const by = (stopped) => stoppedBy(stopped, { cancelled: "Stop" }) || stopped;

// "40 shortest solutions of 31 moves" ("at least" when a limit or Stop cut the count short).
export function counted(r) {
  if (r.length === null) {
    if (!r.solvable) return "No solution: the board cannot reach the goal.";
    return `The shortest length was not reached: stopped by ${by(r.stopped)}.`;
  }
  const count = r.count_exact ? formatCount(r.count) : `At least ${formatCount(r.count)}`;
  const cut = r.count_exact ? "" : ` (stopped by ${by(r.stopped)} before all were counted)`;
  return `${count} shortest solution${r.count === 1 ? "" : "s"} of ${r.length} moves${cut}, found in ${r.seconds.toFixed(2)} s.`;
}

// While it runs: the length once reached, and how many so far.
export function counting(p) {
  if (p.length === null || p.length === undefined) {
    return p.stage ? `${p.stage}\u2026` : `Looking for the shortest length: bound ${p.bound ?? "\u2026"}, ${formatCount(p.expanded || 0)} nodes`;
  }
  return `Shortest length ${p.length}: ${formatCount(p.found)} shortest solutions found so far, ${formatCount(p.expanded || 0)} nodes`;
}

// "First moves: L (tile 1) 29, R (tile 3) 6" with the direction words Python gives.
export function firstMoves(r, directions) {
  if (!r.first_moves.length) return "";
  return "First moves, with how many shortest solutions start with each: " + r.first_moves
    .map((m) => `${m.direction}: tile ${m.tile} ${directions[m.direction] || ""}, ${formatCount(m.count)}`).join("; ") + ".";
}

// "Multi-tile moves: fewest 20; 2 solutions of 20, 9 of 21, ..."
export function spread(r) {
  const lengths = Object.entries(r.mtm_lengths);
  if (!lengths.length) return "";
  const kept = r.listed < r.count ? ` The ${formatCount(r.listed)} listed are those with fewest multi-tile moves of the ${formatCount(r.count)}.` : "";
  return `Multi-tile moves (MTM, a line pushed once): fewest ${r.mtm_min}; ` +
    lengths.map(([mtm, n]) => `${formatCount(n)} of ${mtm}`).join(", ") + "." + kept;
}

export function page(first, last, total) {
  return total ? `${first}\u2013${last} of ${formatCount(total)} listed` : "";
}

// The shortening's rows: [label, value] pairs.
export function shortened(r) {
  const both = (m) => `${m.stm} moves (${m.mtm} MTM)`;
  const rows = [["Before", both(r.before)]];
  if (r.simplified.stm < r.before.stm) rows.push(["Undone slides out", both(r.simplified)]);
  rows.push(["After", `${both(r.after)}: ${r.after.slidysim}`]);
  if (r.optimal) rows.push(["Shortest", `${r.after.stm} moves is the shortest length (proven)`]);
  else if (r.lower_bound) rows.push(["Shortest", `at least ${r.lower_bound} moves: this is at most ${r.after.stm - r.lower_bound} moves from it`]);
  rows.push(["Kept", r.kept === 1 ? "your first move" : r.kept ? `your first ${r.kept} moves` : "none of your first moves"]);
  return rows;
}

export function shortenedStatus(r) {
  const saved = r.before.stm - r.after.stm;
  const end = r.stopped ? `, stopped by ${by(r.stopped)} after ${r.seconds.toFixed(1)} s` : "";
  return saved ? `Shortened by ${saved} moves (${r.saved.mtm} MTM)${end}.` : `No shorter solution found${end}.`;
}

export function shortening(p) {
  if (p.best == null) return p.stage ? `${p.stage}\u2026` : "Shortening\u2026";
  const lower = p.lower_bound ? ` (the shortest is at least ${p.lower_bound})` : "";
  return `Shortening: ${p.best} moves so far${lower}, ${(p.seconds || 0).toFixed(1)} s`;
}

export function nothingToShorten() {
  return "There is no solution on the board to shorten: solve it, play it, or analyse a game first.";
}

export function transformed(r) {
  const from = r.board ? ` From ${r.board}${r.solves ? " to the goal" : ""}.` : "";
  return `${r.text}\n${r.stm} move${r.stm === 1 ? "" : "s"} (${r.mtm} MTM).${from}`;
}

export function nothingToWrite() {
  return "There is no solution on the board to write: solve it, play it, or analyse a game first.";
}

export function replayWritten(r) {
  const time = r.time_ms === null ? "without times" : `with its times (${(r.time_ms / 1000).toFixed(3)} s)`;
  return `A Slidysim replay of ${r.stm === 1 ? "this move" : `these ${r.stm} moves`} (${r.mtm} MTM), ${time}:`;
}
