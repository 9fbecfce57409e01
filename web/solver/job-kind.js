// A kind of job, described once, by the feature that owns it: its name (what `jobs.kind` says
// while it runs), the status line's words and data-* when it starts and at each progress report,
// and whether it brings the status line into view. The job runner (job-runner.js) asks the kind
// and never switches on its name; no shared file does. A kind's fields are these and no others.
//
//   name      "solve", "hint", "compare", "tree", "analyse", "all_optimal", "optimize", ...
//   started() {status, outcome}: as it starts (default: "Searching…", state "searching")
//   progress(p, {seconds, info, latest, shown}) {status, panel?, outcome}: a progress report `p`
//             (Python's), `seconds` after it started; `latest`: the best solution the search sent
//             so far; `shown`: the length of the solution on screen (default: `searching`)
//   reveal    true: the status line is brought into view as it starts (a solve)

import * as outcome from "./outcome.js";
import { formatCount } from "../common/wording.js";

const FIELDS = new Set(["name", "started", "progress", "reveal"]);

export function jobKind(fields) {
  for (const key of Object.keys(fields)) {
    if (!FIELDS.has(key)) throw new Error(`a job kind has no field "${key}" (it has ${[...FIELDS].join(", ")})`);
  }
  if (typeof fields.name !== "string" || !fields.name) throw new Error("a job kind needs its name");
  return Object.freeze({ started: () => ({ status: "Searching\u2026", outcome: outcome.started() }), progress: searching, reveal: false, ...fields });
}

// The counts a search's progress carries, as words: "1,234 nodes expanded, frontier 56, bound 30, ".
export function counts(p) {
  const bound = p.bound == null ? "" : `, bound ${p.bound}`;
  const frontier = p.frontier == null ? "" : `, frontier ${formatCount(p.frontier)}`;
  return p.expanded == null ? "" : `${formatCount(p.expanded)} nodes expanded${frontier}${bound}, `;
}

// What most searches say as they run: a stage while their tables load, else "Searching: at
// least L moves, N nodes expanded, …, S s" (`what` names the work).
export function searching(p, { seconds }, what = "Searching") {
  if (p.stage) return { status: `${p.stage}\u2026`, outcome: outcome.searching(p) };
  const lower = p.lower_bound == null ? "" : `at least ${p.lower_bound} moves, `;
  return { status: `${what}: ${lower}${counts(p)}${seconds.toFixed(1)} s`, outcome: outcome.searching(p) };
}
