// A refusal of the Limits panel's fields, in the page's words (web/common/wording.js): Python's
// own refusals (npuzzle/request.py, asked here through the web API) name the request's keys
// ("time_limit", "max_nodes"); the status line names the fields as the person sees them.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { solved } from "../../web/common/wording.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PYTHON = process.env.NPUZZLE_PYTHON || (existsSync(`${ROOT}.venv/bin/python`) ? `${ROOT}.venv/bin/python` : "python3");

function pythonSolve(limits) {
  const request = JSON.stringify({ op: "solve", board: "1,2,3,4,5,6,0,7,8", ...limits });
  const out = execFileSync(PYTHON, ["-c", "import sys; from npuzzle import webapi; print(webapi.handle(sys.argv[1]))", request], { cwd: ROOT, encoding: "utf8" });
  return JSON.parse(out);
}

test("Python's refusal of a limit is said with the Limits field's label, never the request's key", () => {
  const cases = [
    [{ time_limit: -5 }, /^Could not solve: Seconds \(under Limits\) must be above 0 and at most [\d,]+, not -5$/],
    [{ max_nodes: 1e300 }, /^Could not solve: Max nodes \(under Limits\) must be a whole number, not 1e300$/],
    [{ max_nodes: 0 }, /^Could not solve: Max nodes \(under Limits\) must be above 0 and at most [\d,]+, not 0$/],
  ];
  for (const [limits, expected] of cases) {
    const reply = pythonSolve(limits);
    assert.equal(reply.ok, false);
    const said = solved(reply, {});
    assert.match(said, expected);
    assert.doesNotMatch(said, /time_limit|max_nodes|e\+/);
  }
});
