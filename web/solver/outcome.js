// What the status line reports, as data rather than words: the page keeps it on the
// status line's data-* attributes (PageView.setStatus) so tests, benchmarks and tools
// read a search's state and result there, and a change of wording breaks none of them.
// Every value is Python's (a progress message or a result), copied, never computed.
//
//   state    "searching" | "improving" (a solution shown, the search going on) |
//            "stopping" | "solved" (a solution) | "stopped" (ended without one) |
//            "failed" (refused or crashed) | "unsolvable" (refused: Python says the board cannot
//            reach its goal) | "comparing" | "compared" | "compare-cancelled" | "hint"
//   length   the solution's length: the one shown while improving, the final one once solved
//   best     the best length found so far (improving; differs from length while an older is watched)
//   optimal  "true" | "false": the solution is proven shortest
//   lower    a proven lower bound on the shortest solution
//   factor   the proven factor (length / lower bound, rounded up by Python)
//   expanded the nodes the search expanded (Python's count, in its progress and its result)
//   stopped  why the search stopped early: one of Python's info.stop_reasons ("node-limit", ...)
//   tile, move  a hint's tile and its move letter (U, D, L, R): state "hint"
//   preparing "true" while the search waits for or loads its tables (the status names the stage)

import { wasCancelled } from "../common/stops.js";

// A board Python says cannot reach its goal: nothing was searched.
export function unsolvable() {
  return { state: "unsolvable" };
}

// A search just started (a comparison says "comparing" from its own kind).
export function started() {
  return { state: "searching" };
}

// A running search's progress `p`: its proven lower bound and counts; "preparing" while it waits
// for or loads its tables.
export function searching(p) {
  return { state: "searching", lower: p.lower_bound, expanded: p.expanded, preparing: p.stage ? true : null };
}

// An anytime search's progress with a solution found: `shown`, the length of the one on screen.
export function improving(p, shown = null) {
  return { state: "improving", length: shown ?? p.best, best: p.best, lower: p.lower_bound, expanded: p.expanded, preparing: p.stage ? true : null };
}

// A comparison's progress.
export function comparing(p) {
  return { state: "comparing", preparing: p && p.stage ? true : null };
}

export function stopping() {
  return { state: "stopping" };
}

// A solve's final answer.
export function solved(reply) {
  if (!reply.ok) return { state: "failed" };
  const r = reply.result;
  if (r.length === null) return { state: "stopped", stopped: r.stopped, lower: r.bound, expanded: r.expanded };
  return {
    state: "solved", length: r.length, optimal: Boolean(r.optimal), lower: r.lower_bound,
    factor: r.factor, stopped: r.stopped, expanded: r.expanded,
  };
}

// A hint's answer with a first move (its length, and optimal when the hint is proven).
export function hint(result) {
  return { state: "hint", length: result.length, optimal: Boolean(result.optimal), tile: result.tiles[0], move: result.moves[0] };
}

// A comparison's final answer.
export function compared(reply) {
  if (!reply.ok) return { state: "failed" };
  return { state: reply.results.some((r) => wasCancelled(r.stopped)) ? "compare-cancelled" : "compared" };
}

// The data-* attributes for `outcome` (null: none), every key present (a value the
// outcome lacks is "", so no attribute keeps an earlier search's value).
export const KEYS = ["state", "length", "best", "optimal", "lower", "factor", "stopped", "preparing", "tile", "move", "expanded"];

export function attributes(outcome) {
  const values = {};
  for (const key of KEYS) {
    const value = outcome ? outcome[key] : null;
    values[key] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}
