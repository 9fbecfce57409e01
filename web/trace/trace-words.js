// The trace's words: the chart's caption (also its accessible name), from the last sample of
// Python's trace (npuzzle/search/trace.py).

// `last`: the latest sample (or undefined); `anytime`: the chart draws the best length and the
// lower bound; `frontier`: it draws the frontier too.
export function caption(last, { anytime, frontier }) {
  if (!last) return "Waiting for the search\u2026";
  if (anytime) return `Best length and proven lower bound over ${last.seconds.toFixed(2)} s (${last.expanded.toLocaleString("en")} nodes expanded)`;
  return `Nodes expanded${frontier ? " and frontier size" : ""} over ${last.seconds.toFixed(2)} s (${last.expanded.toLocaleString("en")} expanded)`;
}
