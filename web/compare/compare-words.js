// The comparison's words: its panel's and status line's lines, a result's cells as the table
// shows them, the chart's label and the exports' notices. Pure functions of Python's answers.

import { wasCancelled } from "../common/stops.js";
import { REPORTED_BY_CODE, formatCount, namesFrom } from "../common/wording.js";
import { counts } from "../solver/job-kind.js";

export function starting() {
  return "Starting\u2026";
}

// The limits each run had ({max_nodes, time_limit}; `own`: Max nodes was left empty, so the
// comparison's own), for the table's caption.
export function limitsUsed(limits, own) {
  return `Each run stops at ${formatCount(limits.max_nodes)} nodes${own ? " (the comparison's own limit: set Max nodes under Limits)" : " (Max nodes, under Limits)"} ` +
    `or ${limits.time_limit} s; a run a limit stopped says "not finished".`;
}

// A finished comparison: {panel, status}. `limits`: those each run had ({max_nodes, time_limit}).
export function compared(reply, limits) {
  if (!reply.ok) return { panel: `Could not compare: ${reply.error.message}`, status: `Could not compare: ${reply.error.message}` };
  const cancelled = reply.results.some((r) => wasCancelled(r.stopped));
  const finished = reply.results.filter((r) => r.length !== null).length;
  return {
    panel: `${cancelled ? "Cancelled" : "Done"}: ${reply.results.length} runs, ${finished} found a solution. ` +
      `Each run had at most ${formatCount(limits.max_nodes)} nodes and ${limits.time_limit} s.` +
      (reply.results.some((r) => r.reported_by === "code") ? ` Run in the worker that runs your code: every figure here is ${REPORTED_BY_CODE}.` : ""),
    status: `Comparison ${cancelled ? "cancelled" : "finished"}: see the table and the chart below.`,
  };
}

// A result's cells as the table shows them (`names`: wording.namesFrom(info)).
export function cells(r, names) {
  return [
    names.algorithm(r.algorithm),
    r.heuristic ? names.heuristic(r.heuristic) : "\u2014",
    r.length === null ? "\u2014" : String(r.length), // (why: the Optimal column's "not finished (node limit)")
    r.quality_short,
    formatCount(r.expanded),
    formatCount(r.generated),
    names.hasFrontier(r.algorithm) ? formatCount(r.max_frontier) : "\u2014", // none kept (the anytime solver)
    (r.seconds * 1000).toFixed(1),
    r.mtm == null ? "\u2014" : String(r.mtm), // the same solution in multi-tile moves
  ];
}

// A bar's name in the chart.
export function pair(r, names) {
  return `${names.algorithm(r.algorithm)}${r.heuristic ? ` \u00b7 ${names.heuristic(r.heuristic)}` : ""}`;
}

export const CHART_LABEL = "Nodes expanded by each algorithm and heuristic, log scale";

export function copied() {
  return "Table copied as Markdown.";
}

export function clipboardRefused() {
  return "The browser refused the clipboard; use Download CSV instead.";
}

// A comparison's progress `p`, `seconds` after it started: {status, panel} (the panel's line names
// the pair running), or its stage while tables load.
export function comparing(p, seconds, info) {
  if (p.stage) return { status: `${p.stage}\u2026` };
  const pair = namesFrom(info).pair(p.pair.algorithm, p.pair.heuristic);
  return {
    status: `Comparing: ${p.pairs_done} of ${p.pairs} done`,
    panel: `Running ${p.pairs_done + 1} of ${p.pairs}: ${pair} (${counts(p)}${seconds.toFixed(1)} s in all)`,
  };
}
