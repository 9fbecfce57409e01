// A real npuzzle.webapi behind a worker core (web/solver/worker-core.js's `serve`), for the Node
// tests of the assignment feature: a Python of its own answering handle() synchronously, as
// Pyodide's does, through two named pipes; and a client of that worker core as SolverClient is
// of a worker (request, feed, cancel). Python: NPUZZLE_PYTHON, else the virtualenv's, else python3.
import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { serve } from "../../web/solver/worker-core.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const PYTHON = process.env.NPUZZLE_PYTHON || (existsSync(`${ROOT}.venv/bin/python`) ? `${ROOT}.venv/bin/python` : "python3");
const LOOP = "import sys\nfrom npuzzle import webapi\nrequests = open(sys.argv[1])\nanswers = open(sys.argv[2], 'w')\n"
  + "for line in requests:\n    answers.write(webapi.handle(line) + '\\n')\n    answers.flush()\n";

// A Python answering webapi.handle synchronously, as Pyodide's is, through two named pipes.
export function python() {
  const dir = mkdtempSync(join(tmpdir(), "npuzzle-assign-"));
  const [ins, outs] = [join(dir, "in"), join(dir, "out")];
  execFileSync("mkfifo", [ins, outs]);
  const child = spawn(PYTHON, ["-c", LOOP, ins, outs], { cwd: ROOT, stdio: "inherit", env: { ...process.env, PYTHONPATH: ROOT } });
  const input = openSync(ins, "w");
  const output = openSync(outs, "r");
  let pending = "";
  const handle = (text) => {
    writeSync(input, `${text.replace(/\n/g, " ")}\n`);
    const chunk = Buffer.alloc(1 << 16);
    while (!pending.includes("\n")) {
      const n = readSync(output, chunk, 0, chunk.length, null);
      if (n === 0) throw new Error("Python ended");
      pending += chunk.toString("utf8", 0, n);
    }
    const at = pending.indexOf("\n");
    const line = pending.slice(0, at);
    pending = pending.slice(at + 1);
    return line;
  };
  const close = () => { closeSync(input); closeSync(output); child.kill(); };
  return { handle, close };
}

// A client of one worker core, as SolverClient is of a worker: request, feed, cancel.
export function client() {
  const py = python();
  const pending = new Map();
  let next = 1;
  const receive = serve({
    load: async () => ({ pyimport: () => ({ handle: py.handle }), FS: {} }),
    table: async () => new Uint8Array(),
    post: (message) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      if (message.type === "progress") entry.onProgress?.(message.progress);
      else if (message.type === "answer") {
        pending.delete(message.id);
        entry.resolve(message.answer);
      }
    },
  });
  return {
    request(request, onProgress = null) {
      const id = next++;
      const answer = new Promise((resolve) => pending.set(id, { resolve, onProgress }));
      receive({ id, ...request });
      return { id, answer };
    },
    feed: (target, fed) => receive({ id: next++, op: "feed", target, feed: fed }),
    cancel: (target) => receive({ id: next++, op: "abort", target }),
    end() {},
    fail() { this.failed = true; },
    crash() {},
    worker: {},
    loaded: true,
    ready: Promise.resolve({}),
    close: py.close,
  };
}

