// Wording: the sentences the page writes about boards, searches and their
// results. Pure functions from Python's answers (and its `info`) to text; the
// facts in them (labels, limits, how good a solution is) come from Python, and
// the views put the text on the page.

export function formatSeconds(seconds) {
  return seconds < 1 ? `${Math.max(1, Math.round(seconds * 1000))} ms` : `${seconds.toFixed(2)} s`;
}

export function formatCount(n) {
  return n.toLocaleString("en");
}

// Registry names in words: {algorithm(name), heuristic(name), pair(algorithm, heuristic)}.
export function namesFrom(info) {
  const find = (list, name) => (list.find((x) => x.name === name) || { label: name }).label;
  // A person's own (Python's "custom:<file>") is named by its file.
  const own = (what, name) => (String(name).startsWith("custom:") ? `Your ${what} (${String(name).slice(7)})` : null);
  const algorithm = (name) => own("search", name) || find(info.algorithms, name);
  const heuristic = (name) => own("heuristic", name) || find(info.heuristics, name);
  const pair = (a, h) => (h ? `${algorithm(a)} with ${heuristic(h)}` : algorithm(a));
  return { algorithm, heuristic, pair };
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
  const what = { solve: "The search", compare: "The comparison", hint: "The hint", tree: "The search tree" }[kind];
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

// The arrow for each direction a tile slides (U/D/L/R), for move lists and trees.
export const ARROWS = { U: "\u2191", D: "\u2193", L: "\u2190", R: "\u2192" };

export function started(kind) {
  return { compare: "Comparing\u2026", tree: "Building the search tree\u2026" }[kind] || "Searching\u2026";
}

// The search tree panel's line once its search ended: what was searched and how it ended.
export function treeBuilt(result, info) {
  const names = namesFrom(info);
  const who = `${names.algorithm(result.algorithm)}${result.heuristic ? ` with ${names.heuristic(result.heuristic)}` : ""}`;
  const nodes = `${result.tree.expansions.toLocaleString("en")} expanded, ${result.tree.nodes.length.toLocaleString("en")} nodes generated`;
  if (result.length !== null) {
    return `${who}: solved in ${result.length} moves (${result.quality}); ${nodes}. The goal's row is green; step back to watch the search from the start.`;
  }
  const why = { "node-limit": `it stopped at its node limit of ${result.expanded.toLocaleString("en")} expansions (raise Max nodes under Limits, up to ${info.tree.max_nodes.toLocaleString("en")})`,
    "time-limit": "it stopped at its time limit", cancelled: "you stopped it" }[result.stopped] || "no solution";
  return `${who}: no solution yet, ${why}; ${nodes}. Step through it to see what it expanded.`;
}

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

// A running search's progress `p`, `seconds` after it started: {status}, and for
// a comparison also {panel}, the line above its table. `latest`: the best
// solution the search sent so far; `shown`: the length of the solution on screen
// (it differs from the best while the person watches an older one).
export function progress(kind, p, seconds, info, { latest = null, shown = null } = {}) {
  if (p.stage && kind === "solve" && p.best != null) {
    return { status: `Improving: ${p.best} moves; ${lowerFirst(p.stage)}\u2026` };
  }
  if (p.stage) return { status: `${p.stage}\u2026` };
  const elapsed = seconds.toFixed(1);
  const bound = p.bound == null ? "" : `, bound ${p.bound}`;
  const frontier = p.frontier == null ? "" : `, frontier ${formatCount(p.frontier)}`;
  const counts = p.expanded == null ? "" : `${formatCount(p.expanded)} nodes expanded${frontier}${bound}, `;
  if (kind === "compare") {
    const pair = namesFrom(info).pair(p.pair.algorithm, p.pair.heuristic);
    return {
      status: `Comparing: ${p.pairs_done} of ${p.pairs} done`,
      panel: `Running ${p.pairs_done + 1} of ${p.pairs}: ${pair} (${counts}${elapsed} s in all)`,
    };
  }
  if (kind === "hint" && latest) {
    const first = `tile ${latest.tiles[0]} ${info.directions[latest.moves[0]]}`;
    return { status: `Hint so far: slide ${first} (a good move). Looking for a better one, ${elapsed} s: Stop keeps this hint; sliding a tile ends the search.` };
  }
  if (kind === "solve" && p.best != null) {
    const nodes = `${formatCount(p.expanded)} nodes, ${elapsed} s`;
    if (shown !== null && shown !== p.best) {
      return { status: `Improving: showing ${shown} moves while you watch; ${p.best} moves found${boundWords(p.best, p.lower_bound)}, ${nodes}` };
    }
    return { status: `Improving: ${p.best} moves${boundWords(p.best, p.lower_bound)}, ${nodes}` };
  }
  const what = kind === "hint" ? "Looking for a hint" : "Searching";
  const lower = p.lower_bound == null ? "" : `at least ${p.lower_bound} moves, `;
  return { status: `${what}: ${lower}${counts}${elapsed} s` };
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

const STOPPED_BY = { "node-limit": "the node limit", "time-limit": "the time limit", cancelled: "you" };
const BEST_WITHIN = {
  "node-limit": "the best found within the node limit",
  "time-limit": "the best found in the time limit",
  cancelled: "the best found before you stopped the search",
};

// The status line after a solve: the solution found, or why there is none.
// `prepared`: tables the page loaded in the background for this board, if not told yet.
// `checked`: what the check found of a person's heuristic, for a result that is optimal only if it is admissible.
export function solved(reply, info, prepared = null, checked = null) {
  if (!reply.ok) return `Could not solve: ${reply.error.message}`;
  const r = reply.result;
  const method = namesFrom(info).pair(r.algorithm, r.heuristic);
  const counts = `${formatCount(r.expanded)} nodes expanded in ${formatSeconds(r.seconds)}`;
  if (r.length === null) {
    const bound = r.bound == null ? "" : ` The shortest solution has at least ${r.bound} moves.`;
    const entry = info.algorithms.find((x) => x.name === r.algorithm);
    const quick = quickerAlgorithms(info);
    const tip = entry && entry.optimal && r.stopped !== "cancelled" && quick.length
      ? ` For a quick solution that may not be the shortest, choose ${listed(quick)}.`
      : "";
    return `Stopped by ${STOPPED_BY[r.stopped]} before a solution was found (${method}, ${counts}).${bound}${tip}`;
  }
  const best = r.stopped && BEST_WITHIN[r.stopped] ? ` This is ${BEST_WITHIN[r.stopped]}.` : "";
  const lower = !r.optimal && r.lower_bound != null && r.length > 0 ? ` The shortest has at least ${r.lower_bound} moves.` : "";
  const tail = r.length === 0 ? " The board is already the goal." : " Press Play to watch.";
  const own = r.optimal_if_admissible === true && checked ? ` ${checked}` : "";
  return `Solved: ${r.length} moves (${r.quality}) by ${method}, ${counts}.${best}${lower}${own}${tablesWords(reply, prepared)}${tail}`;
}

// Notices about the solutions a search finds while it runs.
export function solutionFound(moves, before) {
  return before
    ? `Found a shorter solution: ${formatCount(moves)} moves.`
    : `Found a first solution: ${formatCount(moves)} moves. Play it while the search looks for shorter ones.`;
}

export function solutionHeld(moves, playing) {
  const when = playing ? "when playback stops" : "when you go back to the start or reach the end";
  return `A shorter solution (${formatCount(moves)} moves) was found; it will replace this one ${when}.`;
}

export function solutionReplaced(moves) {
  return `Now showing the shorter solution: ${formatCount(moves)} moves.`;
}

// Next to the Speed menu, when a long solution starts faster than the person's speed.
export function speedNote(moves, speed, ms) {
  const seconds = Math.round(ms / 1000);
  const time = seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${speed}\u00d7 plays these ${formatCount(moves)} moves in about ${time}.`;
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

// The result panel: [term, value] pairs for one search result.
export function resultRows(r, info) {
  const rows = [
    ["Length", r.length === null ? "no solution yet" : `${r.length} moves`],
    ["Optimal", r.quality],
    ["Solver", namesFrom(info).pair(r.algorithm, r.heuristic)],
    ["Nodes expanded", formatCount(r.expanded)],
    ["Nodes generated", formatCount(r.generated)],
    ["Largest frontier", formatCount(r.max_frontier)],
    ["Time", formatSeconds(r.seconds)],
  ];
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

// A finished comparison: {panel, status}. The limits are Python's `info.compare`.
export function compared(reply, info) {
  if (!reply.ok) return { panel: `Could not compare: ${reply.error.message}`, status: `Could not compare: ${reply.error.message}` };
  const cancelled = reply.results.some((r) => r.stopped === "cancelled");
  const finished = reply.results.filter((r) => r.length !== null).length;
  const limits = info.compare;
  return {
    panel: `${cancelled ? "Cancelled" : "Done"}: ${reply.results.length} runs, ${finished} found a solution. ` +
      `Each run had at most ${formatCount(limits.max_nodes)} nodes and ${limits.time_limit} s.`,
    status: `Comparison ${cancelled ? "cancelled" : "finished"}: see the table and the chart below.`,
  };
}

// One step of a solution in words: "tile 5 slid up". `directions` is Python's `info.directions`.
export function slid(tile, move, directions) {
  return `tile ${tile} slid ${directions[move]}`;
}

function lowerFirst(text) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
