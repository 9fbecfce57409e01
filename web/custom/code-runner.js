// CodeRunner: the worker that runs a person's code, and the routing of requests between it and
// the solver. It is a second client of the solver's worker core (the same package and web API),
// in the sandbox (sandbox-host.js: an opaque-origin frame that owns the worker, under a policy
// with no network, storage or evaluation), started the first time a request carries a person's
// code (heuristic_code, search_code); every other request goes to the solver. The solver's worker
// never runs a person's code, so an endless loop, an exception, a huge allocation or a crash
// there loses neither the solver, nor its tables, nor the board: that worker alone is ended and
// started afresh.
//
// Limits on the code's worker: silence (no answer, no progress) for HANG_MS while it works (an
// h that never returns; a person's search, one long call, may take its time limit and a margin),
// and its memory's hard cap (sandbox-host.js's MEMORY_LIMIT: a growth past it fails, and the
// worker says so). Either ends the worker; the request waiting on it is answered with an error
// that says why, and a fresh worker starts.
//
// As the job runner's and the explainer's client: request(request, onProgress, options) ->
// {id, answer}, cancel(id), as SolverClient's, with ids that remember their worker.

import { SolverClient } from "../solver/solver-client.js";
import * as protocol from "../solver/protocol.js";
import * as words from "./code-words.js";

const HANG_MS = 10_000;
export const WHO = words.worker;

export class CodeRunner {
  // `startWorker()`: a new sandboxed worker (a SandboxWorker; a fake in Node tests).
  constructor({ solver, startWorker }) {
    Object.assign(this, { solver, startWorker });
    this.code = null; // its SolverClient, once started
  }

  // The code's worker, started now if it is not yet.
  client() {
    if (this.code) return this.code;
    this.code = new SolverClient(this.startWorker, { hangMs: HANG_MS, who: WHO, maxRestarts: Infinity });
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

  // A request that carries code goes to the code's worker, any other to the solver. What the
  // code's worker reports is the code's: a progress report the page cannot use ends that worker.
  request(request, onProgress = null, options = {}) {
    const code = protocol.carriesCode(request);
    const client = code ? this.client() : this.solver;
    const guarded = code && onProgress ? (...report) => {
      try {
        onProgress(...report);
      } catch {
        this.end(words.unreadableReport);
      }
    } : onProgress;
    const { id, answer } = client.request(request, guarded, options);
    return { id: { client, id }, answer };
  }

  cancel(handle) {
    handle.client.cancel(handle.id);
  }
}
