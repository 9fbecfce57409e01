// The comparison's exports (web/compare/comparison-table.js): the table as Markdown with the
// page's headers and cells, and as CSV with registry keys and plain numbers.
import assert from "node:assert/strict";
import { test } from "node:test";

import { csv, markdown } from "../../web/compare/comparison-table.js";
import { namesFrom } from "../../web/common/wording.js";

const INFO = {
  algorithms: [{ name: "astar", label: "A*" }, { name: "bfs", label: "Breadth-first search" }, { name: "anytime", label: "Anytime", anytime: true }],
  heuristics: [{ name: "manhattan", label: "Manhattan distance" }],
};
const RESULTS = [
  { algorithm: "astar", heuristic: "manhattan", length: 31, optimal: true, quality_short: "yes", expanded: 6843, generated: 18006, max_frontier: 3315, seconds: 0.0921, stopped: null, mtm: 20 },
  { algorithm: "bfs", heuristic: null, length: null, optimal: false, quality_short: "not finished (node limit)", expanded: 100000, generated: 272171, max_frontier: 25133, seconds: 0.3421, stopped: "node-limit", mtm: null },
  { algorithm: "astar", heuristic: "custom:my|h.py", length: 31, optimal: false, quality_short: "yes", expanded: 5, generated: 9, max_frontier: 4, seconds: 0.001, stopped: null, mtm: 21 },
  { algorithm: "anytime", heuristic: "manhattan", length: 31, optimal: true, quality_short: "yes", expanded: 12, generated: 30, max_frontier: 0, seconds: 0.01, stopped: null, mtm: 20 },
];
const HEADERS = ["Algorithm", "Heuristic", "Length", "Optimal", "Expanded", "Generated", "Largest frontier", "ms", "MTM"];

test("Markdown: the page's headers, numbers right-aligned, each cell as the table shows it, pipes escaped", () => {
  const lines = markdown(HEADERS, RESULTS, namesFrom(INFO)).trimEnd().split("\n");
  assert.equal(lines[0], "| Algorithm | Heuristic | Length | Optimal | Expanded | Generated | Largest frontier | ms | MTM |");
  assert.equal(lines[1], "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  assert.equal(lines[2], "| A* | Manhattan distance | 31 | yes | 6,843 | 18,006 | 3,315 | 92.1 | 20 |");
  // A run a limit stopped is "not finished", never "no" (issue 36).
  assert.equal(lines[3], "| Breadth-first search | \u2014 | \u2014 | not finished (node limit) | 100,000 | 272,171 | 25,133 | 342.1 | \u2014 |");
  assert.equal(lines[4], "| A* | Your heuristic (my\\|h.py) | 31 | yes | 5 | 9 | 4 | 1.0 | 21 |");
  // The anytime solver keeps no frontier of its own: no figure, not a 0.
  assert.equal(lines[5], "| Anytime | Manhattan distance | 31 | yes | 12 | 30 | \u2014 | 10.0 | 20 |");
  assert.equal(lines.length, 6);
});

test("CSV: names and registry keys, plain numbers, an empty length without a solution, quoted where needed", () => {
  const rows = csv(RESULTS, namesFrom(INFO)).split("\r\n");
  assert.equal(rows[0], "algorithm,heuristic,algorithm_name,heuristic_name,length,optimal,quality,expanded,generated,max_frontier,ms,stopped,mtm");
  assert.equal(rows[1], "A*,Manhattan distance,astar,manhattan,31,yes,yes,6843,18006,3315,92.1,,20");
  assert.equal(rows[2], "Breadth-first search,,bfs,,,no,not finished (node limit),100000,272171,25133,342.1,node-limit,");
  assert.equal(rows[4], "Anytime,Manhattan distance,anytime,manhattan,31,yes,yes,12,30,,10.0,,20", "no frontier of its own");
  assert.equal(rows[5], "", "ends with a line break");
});
