// The comparison as a table: Python's results as Markdown (the headers and cells the page shows,
// to paste in a course page) or CSV (names and registry keys, plain numbers, for a spreadsheet).
// Pure functions; the Comparison keeps the results, CompareView draws them.

import { cells } from "./compare-words.js";

// The table as Markdown: `headers` (the page's) and each result's cells.
export function markdown(headers, results, names) {
  const line = (row) => `| ${row.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  const align = headers.map((_, i) => (i >= 2 ? "---:" : "---"));
  return [line(headers), `| ${align.join(" | ")} |`, ...results.map((r) => line(cells(r, names)))].join("\n") + "\n";
}

// The table as CSV (RFC 4180): names and registry keys, plain numbers (no separators), an
// empty length when none was found (and an empty max_frontier for the anytime solver, which keeps
// none), the stop reason in its own column, and last the solution's multi-tile moves.
export function csv(results, names) {
  const quote = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const head = ["algorithm", "heuristic", "algorithm_name", "heuristic_name", "length", "optimal", "quality", "expanded", "generated", "max_frontier", "ms", "stopped", "mtm"];
  const rows = results.map((r) => [
    names.algorithm(r.algorithm), r.heuristic ? names.heuristic(r.heuristic) : "", r.algorithm, r.heuristic || "",
    r.length ?? "", r.optimal ? "yes" : "no", r.quality_short, r.expanded, r.generated,
    names.hasFrontier(r.algorithm) ? r.max_frontier : "", // (empty where it keeps none, as the table's dash)
    (r.seconds * 1000).toFixed(1), r.stopped || "", r.mtm ?? "",
  ]);
  return [head, ...rows].map((row) => row.map(quote).join(",")).join("\r\n") + "\r\n";
}
