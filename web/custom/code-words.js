// The "Your code" panel's words: a check's progress and result (its facts, its worst boards,
// its exports as Markdown and CSV), a search's outcome, the consent notice of a linked program, the
// panel's status lines, and the heuristic's entry in the Heuristic menu with its verdict after a solve.

import { stoppedBy, wasCancelled } from "../common/stops.js";
import { REPORTED_BY_CODE as REPORTED, formatCount, formatSeconds } from "../common/wording.js";
import { codeFacts } from "./code-facts.js";

const percent = (share) => `${(100 * share).toFixed(share < 0.001 && share > 0 ? 3 : 1)}%`;

// A check's progress: h being asked about the boards (in the code's worker: how many so far),
// then the solver judging its answers (overestimates and inconsistent moves found so far).
export function checkProgress(p) {
  if (!p || !p.total) return "Checking\u2026";
  const share = Math.min(1, p.states / p.total);
  if (p.overestimates == null) {
    return `Running h on the boards the check judges: ${formatCount(p.states)} of ${formatCount(p.total)} (${percent(share)}), ${formatSeconds(p.seconds)}`;
  }
  return `Judging h's answers (${p.stage}): ${formatCount(p.states)} of ${formatCount(p.total)} boards (${percent(share)}), ` +
    `${formatCount(p.overestimates)} overestimates and ${formatCount(p.inconsistent_edges)} inconsistent moves so far, ${formatSeconds(p.seconds)}`;
}

// The facts of a check (Python's check result) as [term, value] rows.
export function checkFacts(c) {
  const by = stoppedBy(c.stopped);
  const stopped = !by ? "" : wasCancelled(c.stopped) ? ` (${stoppedBy(c.stopped, { short: true })})` : ` (stopped by ${by})`;
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
  const stopped = stoppedBy(r.stopped);
  const expansions = `${formatCount(r.expansions)} expansions${r.reported_by === "code" ? ` ${REPORTED}` : ""}`;
  if (stopped) return `Your search was stopped by ${stopped} after ${expansions} (${formatSeconds(r.seconds)}).`;
  if (!r.solved) return `Your search found no solution (it returned None) after ${expansions}.`;
  return `Your search: ${r.length} moves, replayed to the goal; ${expansions} in ${formatSeconds(r.seconds)}. ` +
    "Press Play to watch it, or Compare all to race it against the built-in algorithms.";
}

// The worker that runs a person's code, and why the page may end it.
export const worker = "the worker that runs your code";
export const unreadable = "your code's worker sent an answer the page could not read";
export const unreadableReport = "it sent a report the page could not read";
// Why a code's worker is ended by the runner's watch (code-runner.js).
export const retired = "other code runs in a fresh worker of its own";
export const CANCELLED_BEFORE_ITS_TURN = "you cancelled it before it started (it was waiting for your other code to finish)";
export const overBudget = (seconds) => `it ran past the ${seconds} s this request may take`;
export const noProgress = (seconds) => `it kept reporting for ${seconds} s without getting any further`;

export const sandbox = {
  title: "The sandbox that runs your code",
  noFiles: (why) => `the files of the Python runtime could not be fetched for it (${why})`,
  noTable: (name) => `the site has no table file ${name}`,
  tooOften: (name) => `${name} was asked for too often`,
  tableFailed: (name, why) => `could not fetch ${name} (${why})`,
};

// The consent notice of code an assignment gave the editor: its starter code (`whose` "starter",
// its teacher's), or the work kept for it in this browser ("kept", which may have come from
// anywhere the editor did, so it too runs only after Run).
export function givenConsent(whose) {
  return whose === "kept"
    ? (which) => `Your work on this assignment (${which}), kept in this browser, is back in the editor. It has not run: read it under Your code, then press Run to use it.`
    : (which) => `This assignment's starter code (${which}) was written by its teacher. It has not run: read it under Your code, then press Run to use it.`;
}

export function consent(which) {
  return `This link carries ${which} written by someone else. It has not run: read it under Your code, then press Run to use it. Until then the menus offer the site's own algorithms and heuristics.`;
}

// The consent notice of a link's code (`parts`: [{which, code}], in the order shown): each part
// with its length ("a heuristic of 42 lines"), and what it holds that reading it may miss
// (code-facts.js). {text, about: {lines: {heuristic: 42}, hidden: ["U+202E", ...], count, note}}:
// the view says `note` after the notice until Run, whichever notice it shows then.
// `said(carried)`: the sentence around the parts' words (a link's, by default; an assignment's
// starter code or the work kept for it: givenConsent).
export function linkConsent(parts, said = consent) {
  const facts = parts.map(({ which, code }) => ({ which, ...codeFacts(code) }));
  const carried = facts.map(({ which, lines }) => `${linked([which])} of ${formatCount(lines)} ${lines === 1 ? "line" : "lines"}`);
  return {
    text: said(carried.join(" and ")),
    about: {
      lines: Object.fromEntries(facts.map(({ which, lines }) => [which, lines])),
      hidden: [...new Set(facts.flatMap((f) => f.hidden))],
      count: facts.reduce((sum, f) => sum + f.count, 0),
      note: hiddenNote(facts),
    },
  };
}

// The invisible or direction-changing characters each part holds ("" if none): "The heuristic
// holds 3 invisible or direction-changing characters (U+202E, U+200B), each marked in the code
// by its code point." At most 8 are named a part.
export function hiddenNote(facts) {
  const named = (codes) => (codes.length <= 8 ? codes.join(", ") : `${codes.slice(0, 8).join(", ")} and ${formatCount(codes.length - 8)} more`);
  const held = facts.filter((f) => f.count > 0).map(({ which, count, hidden }, i) => (i === 0
    ? `The ${which} holds ${formatCount(count)} invisible or direction-changing ${count === 1 ? "character" : "characters"} (${named(hidden)})`
    : `the ${which} ${formatCount(count)} (${named(hidden)})`));
  if (!held.length) return "";
  const total = facts.reduce((sum, f) => sum + f.count, 0);
  return `${held.join(", ")}, ${total === 1 ? "marked" : "each marked"} in the code by its code point.`;
}

// A refusal of a person's code: Python's (the message, the line to mark) or its worker ended
// (a hang, the memory limit, a cancel): {message, line, status, state}.
// After a worker ended for silence or no progress: where to look.
export const ENDLESS_HINT = "Look for a loop that never ends: h should answer each board within a second or so, "
  + "and a search should call problem.successors as it goes (each call keeps the limits).";

export function codeError(reply, which) {
  const e = reply.error;
  const job = which === "heuristic" ? "The check" : "Your search";
  if (e.field === "heuristic_code" || e.field === "search_code") {
    const line = Number.isInteger(e.line) && e.line > 0 ? e.line : null; // (the answer is the code's worker's)
    return { message: String(e.message), line, status: `${job} could not run: see the message above.`, state: "failed" };
  }
  const hint = /stopped answering|without getting any further/.test(String(e.message)) ? ` ${ENDLESS_HINT}` : "";
  return {
    message: `Your code was stopped: ${e.message}. The solver and the board are untouched.${hint}`, line: null,
    status: `Stopped: ${e.message}. A fresh worker is ready for your next try.`, state: "stopped",
  };
}

// -- the panel's lines ------------------------------------------------------------------

// An editor's accessible name.
export function editorLabel(which) {
  return which === "heuristic" ? "Your heuristic (Python)" : "Your search (Python)";
}

// A check starting (`started`: the code's worker is running already).
export function checkStarting(started) {
  return started ? "Checking\u2026" : "Starting the worker for your code\u2026";
}

// A check's end: cancelled (what it found so far is shown) or done.
export function checkEnded(stopped) {
  return wasCancelled(stopped) ? "Check cancelled: what it found so far is below." : "Check done.";
}

export const CANCELLING_CHECK = "Cancelling the check\u2026";
// A check of text that is no longer the editor's (a new link's code, an edit): stopped, or its
// verdict taken away.
export const CHECK_OF_OTHER_CODE = "the code it was checking was replaced";
export const CHECK_STOPPED_FOR_EDIT = "Check stopped: the code changed while it was being checked. Press Check to check the code as it is now.";
export const CHECK_OF_OTHER_TEXT = "The code changed since its check: press Check to check it as it is now.";
// Why the code's worker is ended (the status quotes it, codeError).
export const CHECK_CANCELLED_IN_H = "you cancelled the check while h was running";
export const SEARCH_CANCELLED = "you cancelled your search";

export function checkCopied() {
  return "Check copied as Markdown.";
}

export function checkClipboardRefused() {
  return "The browser refused the clipboard; use Download check (CSV) instead.";
}

export const NO_BOARD = "Enter a valid board first.";
export const NOTHING_TO_SEARCH = "This board cannot reach its goal: there is nothing to search.";

// (`endsAt`: when its worker is ended if it has not answered, s: a search says nothing while it
// runs, so a search that never calls successors is known stuck only past its time limit.)
export function searchRunning(seconds, limit, endsAt = null) {
  if (endsAt !== null && seconds > limit) {
    return `Running your search: ${seconds.toFixed(1)} s, past its limit of ${limit} s (it has not called successors since, which stops it there); its worker is ended at ${endsAt} s unless it answers\u2026`;
  }
  return `Running your search: ${seconds.toFixed(1)} s (limit ${limit} s)\u2026`;
}

// A link's code that could not be unpacked (`which`: "heuristic" or "search").
export function linkUnreadable(which, message) {
  return `The link's ${which} could not be read (${message}); the editor keeps its code.`;
}

// What a link carries, for the consent notice: "a heuristic", "a search", or both.
export function linked(kinds) {
  return kinds.map((which) => (which === "heuristic" ? "a heuristic" : "a search")).join(" and ");
}

// Why a link's code could not be unpacked (code-link.js), as linkUnreadable quotes it.
export const unpackRefusal = {
  base64: "it is not base64url",
  tooLong: (most) => `it unpacks to more than ${formatCount(most)} characters, the longest code the page reads`,
  inflate: "it is base64url but not compressed code: its bytes are not deflate data, the form Copy link writes",
  utf8: "it unpacks to bytes that are not UTF-8 text",
};

// Check or Run pressed before the linked code was allowed to run.
export function consentFirst() {
  return `${consent("code")} Press Run first.`;
}

// -- the heuristic in the Heuristic menu (code-offer.js) ---------------------------------

// Beside Use in the Heuristic menu: what it changed in the menu under Solver.
export const OFFERED = "The Heuristic menu under Solver now offers your heuristic, chosen: Solve and Compare all use it.";
export const OFFER_TAKEN = "Your heuristic is out of the Heuristic menu under Solver again: press Use in the Heuristic menu to put it back.";

export function offeredLabel(filename) {
  return `Your heuristic (${filename})`;
}

// `proved`: the latest check of this code on the board's size and goal, or null.
export function offeredDescription(proved) {
  return proved ? `Its check on this board's size: ${proved.verdict}.`
    : "Written by you in Python; not yet checked on this board's size and goal (Check it): a search with it is optimal only if it is admissible.";
}

// On the status line after a solve that is shortest only if the heuristic is admissible:
// what the check found (`admissible`: true, false, or null when not proven).
export function verdict(admissible) {
  if (admissible === true) return "The check found your heuristic admissible on every state of this size and goal: this is a shortest solution.";
  if (admissible === false) return "The check found your heuristic not admissible: this solution may not be the shortest.";
  return "Your heuristic has not been checked on every state of this size and goal, so this is not proven shortest.";
}

// A worst board's link, and its grid's label.
export const OPEN_BOARD = "Open this board";

export function boardLabel(tiles) {
  return `Board ${tiles.join(" ")}`;
}
