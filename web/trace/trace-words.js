// The trace's words: the chart's caption (also its accessible name), from the last sample of
// Python's trace (npuzzle/search/trace.py).

import { REPORTED_BY_CODE } from "../common/wording.js";

// `last`: the latest sample (or undefined); `anytime`: the chart draws the best length and the
// lower bound; `frontier`: it draws the frontier too; `reported`: the worker that runs a person's
// code recorded it (its own report, said so).
export function caption(last, { anytime, frontier, reported = false }) {
  if (!last) return "Waiting for the search\u2026";
  const whose = reported ? `, ${REPORTED_BY_CODE}` : "";
  if (anytime) return `Best length and proven lower bound over ${last.seconds.toFixed(2)} s (${last.expanded.toLocaleString("en")} nodes expanded${whose})`;
  return `Nodes expanded${frontier ? " and frontier size" : ""} over ${last.seconds.toFixed(2)} s (${last.expanded.toLocaleString("en")} expanded${whose})`;
}
