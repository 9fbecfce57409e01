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
  const algorithm = (name) => find(info.algorithms, name);
  const heuristic = (name) => find(info.heuristics, name);
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

export function unsolvable(solvability) {
  return `Unsolvable: ${solvability.explanation}`;
}

export function started(kind) {
  return kind === "compare" ? "Comparing\u2026" : "Searching\u2026";
}

// A running search's progress `p`, `seconds` after it started: {status}, and for
// a comparison also {panel}, the line above its table.
export function progress(kind, p, seconds, info) {
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
  const what = kind === "hint" ? "Looking for a hint" : "Searching";
  return { status: `${what}: ${counts}${elapsed} s` };
}

// The status line after a solve: the solution found, or why there is none.
export function solved(reply, info) {
  if (!reply.ok) return `Could not solve: ${reply.error.message}`;
  const r = reply.result;
  const method = namesFrom(info).pair(r.algorithm, r.heuristic);
  const counts = `${formatCount(r.expanded)} nodes expanded in ${formatSeconds(r.seconds)}`;
  if (r.length === null) {
    const why = { "node-limit": "the node limit", "time-limit": "the time limit", cancelled: "you" }[r.stopped];
    const bound = r.bound == null ? "" : ` The shortest solution has at least ${r.bound} moves.`;
    const entry = info.algorithms.find((x) => x.name === r.algorithm);
    const quick = quickerAlgorithms(info);
    const tip = entry && entry.optimal && r.stopped !== "cancelled" && quick.length
      ? ` For a quick solution that may not be the shortest, choose ${quick.join(" or ")}.`
      : "";
    return `Stopped by ${why} before a solution was found (${method}, ${counts}).${bound}${tip}`;
  }
  const tables = reply.tables
    ? ` Pattern databases (${(reply.tables.bytes / 1e6).toFixed(1)} MB) downloaded in ${reply.tables.download_ms} ms, decoded in ${formatSeconds(r.setup_seconds)}.`
    : "";
  const tail = r.length === 0 ? " The board is already the goal." : " Press Play to watch.";
  return `Solved: ${r.length} moves (${r.quality}) by ${method}, ${counts}.${tables}${tail}`;
}

// The registry's algorithms that do not prove optimality, those that bound their
// length first (they say how far from the shortest they can be).
function quickerAlgorithms(info) {
  const quick = info.algorithms.filter((a) => !a.optimal);
  return quick.sort((a, b) => Number(b.bounded) - Number(a.bounded)).map((a) => a.label);
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
  if (r.setup_seconds > 0.001) rows.push(["Tables", `${formatSeconds(r.setup_seconds)} to prepare`]);
  return rows;
}

// A finished comparison: {panel, status}. The limits are Python's `info.compare`.
export function compared(reply, info) {
  if (!reply.ok) return { panel: `Could not compare: ${reply.error.message}`, status: null };
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
