// Python's own `info` answer (npuzzle/webapi.py), for the Node tests that check the page against
// the facts it reads there (stop reasons, limits) rather than against a copy of them. Python runs
// from the repository's root: NPUZZLE_PYTHON if set, else the test virtualenv's, else python3
// (the package needs nothing beyond the standard library).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PYTHON = process.env.NPUZZLE_PYTHON || (existsSync(`${ROOT}.venv/bin/python`) ? `${ROOT}.venv/bin/python` : "python3");

let cached = null;
export function pythonInfo() {
  if (cached === null) {
    const out = execFileSync(PYTHON, ["-c", "from npuzzle import webapi; print(webapi.handle('{\"op\": \"info\"}'))"], { cwd: ROOT, encoding: "utf8" });
    cached = JSON.parse(out);
    if (cached.ok !== true) throw new Error(`Python's info failed: ${out}`);
  }
  return cached;
}
