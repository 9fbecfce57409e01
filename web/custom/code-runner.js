// CodeRunner: the worker that runs a person's code, and the routing of requests between it and
// the solver. It is a second client of the solver's own worker script (the same package and web
// API), started the first time a request carries a person's code (heuristic_code, search_code);
// every other request goes to the solver. The solver's worker never runs a person's code, so an
// endless loop, an exception, a huge allocation or a crash there loses neither the solver, nor
// its tables, nor the board: that worker alone is ended and started afresh.
//
// Limits on the code's worker: silence (no answer, no progress) for HANG_MS while it works (an
// h that never returns; a person's search, one long call, may take its time limit and a margin),
// and WebAssembly memory above MEMORY_LIMIT after an answer (Python's MemoryError stops an
// allocation past what the runtime can hold while it runs). Either ends the worker; the
// request waiting on it is answered with an error that says why, and a fresh worker starts.
//
// Its worker is named "code": worker.js removes the worker's network APIs once Python has
// loaded, so a person's code cannot reach the network (a linked program included).
//
// As the job runner's and the explainer's client: request(request, onProgress, options) ->
// {id, answer}, cancel(id), as SolverClient's, with ids that remember their worker.

import { SolverClient } from "../solver/solver-client.js";
import * as protocol from "../solver/protocol.js";

const HANG_MS = 10_000;
const MEMORY_LIMIT = 1024 * 1024 * 1024;
export const WHO = "the worker that runs your code";

export class CodeRunner {
  constructor({ solver, workerUrl }) {
    Object.assign(this, { solver, workerUrl });
    this.code = null; // its SolverClient, once started
  }

  // The code's worker, started now if it is not yet.
  client() {
    if (this.code) return this.code;
    this.code = new SolverClient(() => new Worker(this.workerUrl, { type: "module", name: "code" }), { hangMs: HANG_MS, who: WHO, maxRestarts: Infinity });
    this.code.on("memory", (bytes) => {
      if (bytes > MEMORY_LIMIT) this.end(`your code made its memory grow to ${Math.round(bytes / 2 ** 20)} MB, past the limit of ${MEMORY_LIMIT / 2 ** 20} MB`);
    });
    return this.code;
  }

  get started() {
    return this.code !== null;
  }

  // End the code's worker now, whatever it runs (a cancel, a limit): what waits on it is
  // answered with an error that gives `reason`, and a fresh worker starts.
  end(reason) {
    if (this.code && this.code.worker) this.code.crash(reason);
  }

  request(request, onProgress = null, options = {}) {
    const client = protocol.carriesCode(request) ? this.client() : this.solver;
    const { id, answer } = client.request(request, onProgress, options);
    return { id: { client, id }, answer };
  }

  cancel(handle) {
    handle.client.cancel(handle.id);
  }
}
