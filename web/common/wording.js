// Wording: the sentences the page writes about the solver, boards, searches and their
// results (each feature's own are in its folder's words file: tree-words.js, replay-words.js,
// compare-words.js, ...). Pure functions from Python's answers (and its `info`) to text; the
// facts in them (labels, limits, how good a solution is) come from Python, and the views put
// the text on the page. Why a search stopped is worded by common/stops.js.

import { stoppedBy, wasCancelled } from "./stops.js";

export function formatSeconds(seconds) {
  return seconds < 1 ? `${Math.max(1, Math.round(seconds * 1000))} ms` : `${seconds.toFixed(2)} s`;
}

// A count with its thousands grouped, as n.toLocaleString("en") writes it; a whole number
// without asking the browser's locale data, whose first use costs the page 10-30 ms (more on a
// slow phone), and the first board's menus write a count before Solve is enabled.
export function formatCount(n) {
  return Number.isSafeInteger(n) && !Object.is(n, -0) ? String(n).replace(/\B(?=(\d{3})+$)/g, ",") : n.toLocaleString("en");
}

// Registry names in words: {algorithm(name), heuristic(name), pair(algorithm, heuristic)}.
export function namesFrom(info) {
  const find = (list, name) => (list.find((x) => x.name === name) || { label: name }).label;
  // A person's own (Python's "custom:<file>") is named by its file.
  const own = (what, name) => (String(name).startsWith("custom:") ? `Your ${what} (${String(name).slice(7)})` : null);
  const algorithm = (name) => own("search", name) || find(info.algorithms, name);
  const heuristic = (name) => own("heuristic", name) || find(info.heuristics, name);
  const pair = (a, h) => (h ? `${algorithm(a)} with ${heuristic(h)}` : algorithm(a));
  // Whether an algorithm keeps a frontier of its own (the anytime solver runs several searches
  // and reports none: its "largest frontier" would be a 0 that means nothing).
  const hasFrontier = (name) => !(info.algorithms.find((x) => x.name === name) || {}).anytime;
  return { algorithm, heuristic, pair, hasFrontier };
}

// The status under a valid board (an analyze-shaped answer).
export function boardStatus(reply) {
  if (reply.is_goal) return "This board is the goal: Shuffle or Scramble it, or edit the tiles.";
  if (!reply.solvability.solvable) return "This board cannot reach the goal, so there is nothing to solve.";
  return "Press Solve for a shortest solution, or Compare all to race every algorithm.";
}

// Python's refusal of a board: {message} for under the editor, {status} for the status line.
export function boardProblem(error, fromLink) {
  // Python's goal messages start "goal: "; the others name no field.
  const where = error.field === "size" ? "Size: " : "";
  const prefix = fromLink && error.field === "board" ? "This link's board is not valid: " : "";
  return {
    message: `${prefix}${where}${error.message.replace(/^goal: /, "Goal: ")}`,
    status: fromLink ? "Fix the board to solve it." : "Enter a valid board to solve it.",
  };
}

// The solver's state line while it loads (`stage`: the worker's words for what it does now).
export function solverLoading(stage = "Loading the solver") {
  return `${stage}\u2026`;
}

export function solverRestarting() {
  return "Restarting the solver\u2026";
}

// The status line while the solver loads.
export function editWhileLoading() {
  return "Loading the solver. You can edit the board meanwhile.";
}

// Why a worker failed (`who`: "the solver", or the worker that runs a person's code), in a clause
// the solver's line and the status line quote (solver-client.js gives them).
export const workerTrouble = {
  error: (who, detail) => `${who} stopped with an error${detail ? ` (${detail})` : ""}`,
  cannotStart: (who, detail) => (detail ? `${who} could not start (${detail})`
    : `${who}'s script could not be loaded (a file of the site is missing or was served with the wrong type)`),
  unreadable: (who) => `a message from ${who} could not be read`,
  notLoaded: (who, seconds) => `${who} did not finish loading in ${seconds} s`,
  silent: (who, seconds) => `${who} stopped answering for ${seconds} s`,
  again: (reason, failures) => `${reason}, the ${failures}th failure within a minute`,
  unavailable: (who, reason) => `${who} is not available: ${reason}`,
  // (a reason that names the worker again says "it": "... was restarted: it stopped answering")
  restarted: (who, reason) => `${who} was restarted: ${reason.startsWith(`${who} `) ? `it${reason.slice(who.length)}` : reason}`,
};

// What this browser lacks (browser-support.js's names of features) and which versions work.
export function browserTooOld(names, versions) {
  const lacks = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `this browser does not support ${lacks}, which the solver needs: it runs in Safari ${versions.safari} or newer, `
    + `Chrome or Edge ${versions.chrome} or newer, and Firefox ${versions.firefox} or newer`;
}

// The solver's state line once it is ready: offline (the site was stored by the service
// worker) and whether it was restarted after a failure, and why.
export function solverReady({ online, restarted }) {
  const where = online ? "Python in your browser" : "Python in your browser, working offline";
  return restarted ? `Solver ready again: ${where} (restarted after ${restarted})` : `Solver ready: ${where}`;
}

// The solver's state line when it could not load: what this browser lacks (browser-support.js's
// sentence, which names the versions that work) or what failed.
export function solverStateFailed(reason, unsupported) {
  return unsupported ? `${reason[0].toUpperCase()}${reason.slice(1)}.` : `The solver failed: ${reason}`;
}

// The solver could not load (the reason comes from the worker or the client).
export function solverFailed(reason) {
  return `The solver could not start: ${reason}. Your board and link are kept. Reload the page to try again.`;
}

// This browser is too old for the runtime (the solver's line says what it lacks).
export function browserUnsupported() {
  return "You can still edit the board and copy its link; to solve it, open the link in a newer browser.";
}

// The worker died or hung (`kind`: the search it was running, if any); a fresh one is starting.
export function solverCrashed(reason, kind) {
  const what = { solve: "The search", compare: "The comparison", hint: "The hint", tree: "The search tree", analyse: "The analysis" }[kind];
  const lost = what ? ` ${what} was lost; run it again once the solver is ready.` : "";
  return `The solver failed: ${reason}. It is being restarted; your board and link are kept.${lost}`;
}

// The line that opens "about": what the algorithm guarantees and what the heuristic is (the
// registry's flags), in a few words.
export function aboutSummary(entry, heuristic) {
  const proves = entry.optimal ? "is optimal" : entry.bounded ? "finds at most w\u00d7 the shortest"
    : entry.anytime ? "improves its answer, with a proven bound" : "is not optimal";
  if (!heuristic) return `About: ${entry.label} ${proves}`;
  // A person's heuristic is what its check found: nothing known until one proved it.
  const kind = heuristic.admissible == null ? "not checked on every state: optimality holds only if it is admissible"
    : heuristic.admissible ? (heuristic.consistent ? "admissible and consistent" : "admissible, not consistent") : "not admissible";
  return `About: ${entry.label} ${proves}; ${heuristic.label} is ${kind}`;
}

// An algorithm in words: its registry description (what it does, what it guarantees, its memory).
export function aboutAlgorithm(entry) {
  return `${entry.label}: ${entry.description}`;
}

// A heuristic in words: whether it is admissible and consistent (the registry's flags), then
// its registry description, which says why.
export function aboutHeuristic(entry) {
  if (entry.admissible == null) return `${entry.label}: ${entry.description}`; // a person's, unchecked
  const admissible = entry.admissible ? "admissible (never more than the true distance, so optimal searches stay optimal)" : "not admissible (it may overestimate)";
  const consistent = entry.consistent ? "consistent (one move changes it by at most one)" : "not consistent";
  return `${entry.label}: ${admissible} and ${consistent}. ${entry.description}`;
}

export function unsolvable(solvability) {
  return `Unsolvable: ${solvability.explanation}`;
}

// The line under the board's text: Python's solvability answer ({solvable, explanation}).
export function solvabilityLine(solvability) {
  return `${solvability.solvable ? "Solvable." : "Unsolvable."} ${solvability.explanation}`;
}

// Edit mode: the first tile picked for a swap (0: the blank).
export function tilePicked(tile) {
  return `Tile ${tile || "blank"} picked: click another tile to swap them.`;
}

// What an empty Max nodes means for the chosen algorithm (Python's registry entry).
export function nodeLimitHint(entry) {
  return `Leave Max nodes empty for ${entry.label}'s own limit, ${formatCount(entry.default_max_nodes)} nodes.`;
}

// The arrow for each direction a tile slides (U/D/L/R), for move lists and trees.
export const ARROWS = { U: "\u2191", D: "\u2193", L: "\u2190", R: "\u2192" };

// "1.17": how many times the shortest a `length`-move solution can be at most, given a
// proven lower bound (rounded up, as Python rounds a result's factor); null without one.
function factorOf(length, lowerBound) {
  if (!lowerBound) return null;
  return String(Math.ceil((length / lowerBound) * 100 - 1e-9) / 100);
}

// "at least 96, so at most 1.17× the shortest" (or "proven shortest").
function boundWords(length, lowerBound) {
  if (lowerBound == null) return "";
  if (lowerBound >= length) return " (proven shortest)";
  const factor = factorOf(length, lowerBound);
  return ` (at least ${lowerBound}${factor ? `, so at most ${factor}\u00d7 the shortest` : ""})`;
}

// An anytime solve's progress `p` once it has a solution: its best so far with its proven bound
// (`shown`: the length of the solution on screen, which differs from the best while the person
// watches an older one), `seconds` after it started.
export function improving(p, { seconds, shown = null }) {
  if (p.stage) return `Improving: ${p.best} moves; ${lowerFirst(p.stage)}\u2026`;
  const nodes = `${formatCount(p.expanded)} nodes, ${seconds.toFixed(1)} s`;
  return shown !== null && shown !== p.best
    ? `Improving: showing ${shown} moves while you watch; ${p.best} moves found${boundWords(p.best, p.lower_bound)}, ${nodes}`
    : `Improving: ${p.best} moves${boundWords(p.best, p.lower_bound)}, ${nodes}`;
}

// The person pressed Stop (`keeps`: the search keeps its best answer) or Cancel.
export function stopping(keeps) {
  return keeps ? "Stopping: keeping the best solution found\u2026" : "Cancelling\u2026";
}

// Tables loaded in the background before a solve (`prepared`: the worker's
// download report with Python's decoding time), or downloaded by the solve itself.
function tablesWords(reply, prepared) {
  if (reply.tables_failed) {
    return " The pattern databases could not be downloaded, so the search stopped at its first solution.";
  }
  if (reply.tables) {
    return ` Pattern databases (${(reply.tables.bytes / 1e6).toFixed(1)} MB) downloaded in ${reply.tables.download_ms} ms, decoded in ${formatSeconds(reply.result.setup_seconds)}.`;
  }
  if (prepared) {
    return ` Pattern databases (${(prepared.bytes / 1e6).toFixed(1)} MB) downloaded in ${prepared.download_ms} ms, decoded in ${formatSeconds(prepared.seconds)}, while the board was shown.`;
  }
  return "";
}

// The Limits panel's fields by the request's keys: a refusal Python words with a key
// ("time_limit must be above 0 ...") is said with the field's label, as the person sees it.
const LIMIT_LABELS = { time_limit: "Seconds (under Limits)", max_nodes: "Max nodes (under Limits)" };

export function limitsWords(error) {
  const label = Object.hasOwn(LIMIT_LABELS, error.field) ? LIMIT_LABELS[error.field] : null;
  if (!label || !error.message.startsWith(`${error.field} `)) return error.message;
  return `${label} ${error.message.slice(error.field.length + 1)}`.replace(/(\d)e\+(\d+)/g, "$1e$2");
}

// The status line after a solve: the solution found, or why there is none.
// `prepared`: tables the page loaded in the background for this board, if not told yet.
// `notes`: sentences features add (their `solvedNote` hook: what the check found of a person's
// heuristic, for a result that is optimal only if it is admissible).
export function solved(reply, info, prepared = null, notes = []) {
  if (!reply.ok) return `Could not solve: ${limitsWords(reply.error)}`;
  const r = reply.result;
  const method = r.metric === "mtm" ? (info.mtm_methods || {})[r.heuristic] || r.heuristic : namesFrom(info).pair(r.algorithm, r.heuristic);
  const counts = `${formatCount(r.expanded)} nodes expanded${reportedBy(r)} in ${formatSeconds(r.seconds)}`;
  if (r.metric === "mtm" && r.length !== null) {
    const tables = r.setup_seconds > 0.005 ? ` Its tables took ${formatSeconds(r.setup_seconds)} to build.` : "";
    return `Solved: ${r.mtm} multi-tile moves (${r.quality}), ${r.length} slides, by ${method}, ${counts}.${tables} Press Play to watch.`;
  }
  if (r.length === null) {
    const bound = r.bound == null ? "" : ` The shortest solution has at least ${r.bound} moves.`;
    const entry = info.algorithms.find((x) => x.name === r.algorithm);
    const quick = quickerAlgorithms(info);
    const tip = entry && entry.optimal && !wasCancelled(r.stopped) && quick.length
      ? ` For a quick solution that may not be the shortest, choose ${listed(quick)}.`
      : "";
    return `Stopped by ${stoppedBy(r.stopped)} before a solution was found (${method}, ${counts}).${bound}${tip}`;
  }
  const by = stoppedBy(r.stopped);
  const best = by ? ` This is the best found before ${by} stopped the search.` : "";
  const lower = !r.optimal && r.lower_bound != null && r.length > 0 ? ` The shortest has at least ${r.lower_bound} moves.` : "";
  const tail = r.length === 0 ? " The board is already the goal." : " Press Play to watch.";
  const own = notes.map((note) => ` ${note}`).join("");
  return `Solved: ${r.length} moves (${r.quality}) by ${method}, ${counts}.${best}${lower}${own}${tablesWords(reply, prepared)}${tail}`;
}

// The registry's algorithms that do not prove optimality, those that bound their
// length first (they say how far from the shortest they can be).
// Anytime ones first (an answer at once that keeps improving), then bounded ones.
function quickerAlgorithms(info) {
  const quick = info.algorithms.filter((a) => !a.optimal);
  const rank = (a) => (a.anytime ? 0 : a.bounded ? 1 : 2);
  return quick.sort((a, b) => rank(a) - rank(b)).map((a) => a.label);
}

// "A", "A or B", "A, B or C".
function listed(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

// Counts of a result that the worker running a person's code reported (`reported_by: "code"`,
// code-runner.js): that code could have written them, so they are said to be its report.
export const REPORTED_BY_CODE = "as counted by your code's worker (its own report)";
function reportedBy(r) {
  return r && r.reported_by === "code" ? ` ${REPORTED_BY_CODE}` : "";
}

// The result panel: [term, value] pairs for one search result.
export function resultRows(r, info) {
  const rows = [
    ["Length", r.length === null ? "no solution yet" : `${r.length} moves (${r.mtm} in the multi-tile metric)`],
    ["Optimal", r.quality],
    ["Solver", r.metric === "mtm" ? (info.mtm_methods || {})[r.heuristic] || r.heuristic : namesFrom(info).pair(r.algorithm, r.heuristic)],
    ["Nodes expanded", `${formatCount(r.expanded)}${reportedBy(r)}`],
    ["Nodes generated", `${formatCount(r.generated)}${reportedBy(r)}`],
    ["Largest frontier", `${formatCount(r.max_frontier)}${reportedBy(r)}`],
    ["Time", formatSeconds(r.seconds)],
  ].filter(([term]) => term !== "Largest frontier" || namesFrom(info).hasFrontier(r.algorithm));
  if (r.bound !== null && r.length === null) rows.push(["Lower bound", `${r.bound} moves`]);
  if (r.length !== null && !r.optimal && r.lower_bound != null) {
    rows.push(["Lower bound", `${r.lower_bound} moves: the shortest solution has at least as many`]);
  }
  const found = (r.history || []).filter((h, i, all) => h.length !== null && (i === 0 || all[i - 1].length !== h.length));
  if (found.length > 1) {
    rows.push(["Solutions found", found.map((h) => `${h.length} moves at ${formatSeconds(h.seconds)}`).join(", ")]);
  }
  if (r.setup_seconds > 0.001) rows.push(["Tables", `${formatSeconds(r.setup_seconds)} to prepare`]);
  return rows;
}

function lowerFirst(text) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
