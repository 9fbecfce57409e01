// The "Your code" panel's words: a check's progress and result (its facts, its worst boards,
// its exports as Markdown and CSV), a search's outcome, the consent notice of a linked program.

import { formatCount, formatSeconds } from "../common/wording.js";

const percent = (share) => `${(100 * share).toFixed(share < 0.001 && share > 0 ? 3 : 1)}%`;

export function checkProgress(p) {
  if (!p || !p.total) return "Checking\u2026";
  const share = Math.min(1, p.states / p.total);
  return `Checking (${p.stage}): ${formatCount(p.states)} of ${formatCount(p.total)} boards (${percent(share)}), ` +
    `${formatCount(p.overestimates)} overestimates and ${formatCount(p.inconsistent_edges)} inconsistent moves so far, ${formatSeconds(p.seconds)}`;
}

// The facts of a check (Python's check result) as [term, value] rows.
export function checkFacts(c) {
  const stopped = c.stopped === "time-limit" ? " (stopped by the time limit)" : c.stopped === "cancelled" ? " (cancelled)" : "";
  const rows = [
    ["Board", `${c.rows}x${c.cols}, goal ${c.goal.join(",")}`],
    ["Admissible", c.admissible === null ? "not proven (no overestimate found)" : c.admissible ? "yes, on every state" : "no"],
    ["Consistent", c.consistent === null ? "not proven (no inconsistent move found)" : c.consistent ? "yes, on every move" : "no"],
    ["Boards checked", c.exhaustive ? `${formatCount(c.states)}, every state that can reach the goal` : `${formatCount(c.states)}: ${c.samples}${stopped}`],
    ["Moves checked", formatCount(c.edges)],
    ["Overestimates", formatCount(c.overestimates)],
    ["Inconsistent moves", formatCount(c.inconsistent_edges)],
    ["h at the goal", c.h_goal === null ? "not reached" : c.h_goal === 0 ? "0" : `${c.h_goal}: it must be 0 (the goal is 0 moves away)`],
    ["Exact", c.exact_share === null ? "no board" : `on ${formatCount(c.exact)} boards (${percent(c.exact_share)})`],
    ["Mean h / distance", c.mean_ratio === null ? "no board" : c.mean_ratio.toFixed(3)],
    ["Farthest board", `${c.max_distance} moves`],
    ["Time", formatSeconds(c.seconds)],
  ];
  return rows;
}

// The worst overestimate and the worst inconsistent move, as boards to show.
export function worstBoards(c) {
  const at = { rows: c.rows, cols: c.cols, goal: c.goal };
  const out = [];
  const over = c.worst_overestimate;
  if (over) {
    out.push({ ...at, kind: "overestimate", tiles: over.board,
      caption: `Worst overestimate: h is ${over.h} where ${over.distance} ${over.distance === 1 ? "move suffices" : "moves suffice"}.` });
  }
  const edge = c.worst_inconsistent_edge;
  if (edge) {
    out.push({ ...at, kind: "inconsistent-before", tiles: edge.before,
      caption: `Worst inconsistent move: h is ${edge.h_before} on this board\u2026` });
    out.push({ ...at, kind: "inconsistent-after", tiles: edge.after,
      caption: `\u2026and ${edge.h_after} one move later (a drop of ${edge.drop}; at most 1 is consistent).` });
  }
  return out;
}

// The check as a Markdown table (for a course's report) or CSV.
export function checkMarkdown(c, filename) {
  const rows = checkFacts(c);
  const cell = (text) => String(text).replace(/\|/g, "\\|");
  return [`**${cell(filename)}**: ${cell(c.verdict)}`, "", "| | |", "|---|---|",
    ...rows.map(([term, value]) => `| ${cell(term)} | ${cell(value)} |`), ""].join("\n");
}

export function checkCsv(c, filename) {
  const quote = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const keys = ["heuristic", "rows", "cols", "admissible", "consistent", "exhaustive", "states", "edges", "overestimates",
    "inconsistent_edges", "h_goal", "exact", "exact_share", "mean_ratio", "max_distance", "seconds", "stopped"];
  const worst = c.worst_overestimate ? c.worst_overestimate.board.join(" ") : "";
  const edge = c.worst_inconsistent_edge ? `${c.worst_inconsistent_edge.before.join(" ")} -> ${c.worst_inconsistent_edge.after.join(" ")}` : "";
  return `file,${keys.join(",")},worst_overestimate,worst_inconsistent_edge,verdict\n` +
    `${[filename, ...keys.map((k) => c[k] ?? ""), worst, edge, c.verdict].map(quote).join(",")}\n`;
}

export function searchDone(r) {
  const stopped = { "max-nodes": "the node limit", "time-limit": "the time limit" }[r.stopped];
  if (stopped) return `Your search was stopped by ${stopped} after ${formatCount(r.expansions)} expansions (${formatSeconds(r.seconds)}).`;
  if (!r.solved) return `Your search found no solution (it returned None) after ${formatCount(r.expansions)} expansions.`;
  return `Your search: ${r.length} moves, replayed to the goal; ${formatCount(r.expansions)} expansions in ${formatSeconds(r.seconds)}. ` +
    "Press Play to watch it, or Compare all to race it against the built-in algorithms.";
}

// An answer of the code's worker that the page could not show (it is not what Python sends).
export const unreadable = "your code's worker sent an answer the page could not read";

export function consent(which) {
  return `This link carries ${which} written by someone else. It has not run: read it below, then press Run to use it.`;
}

// A refusal of a person's code: Python's (the message, the line to mark) or its worker ended
// (a hang, the memory limit, a cancel): {message, line, status, state}.
export function codeError(reply, which) {
  const e = reply.error;
  const job = which === "heuristic" ? "The check" : "Your search";
  if (e.field === "heuristic_code" || e.field === "search_code") {
    const line = Number.isInteger(e.line) && e.line > 0 ? e.line : null; // (the answer is the code's worker's)
    return { message: String(e.message), line, status: `${job} could not run: see the message above.`, state: "failed" };
  }
  return {
    message: `Your code was stopped: ${e.message}. The solver and the board are untouched.`, line: null,
    status: `Stopped: ${e.message}. A fresh worker is ready for your next try.`, state: "stopped",
  };
}
