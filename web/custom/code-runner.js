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
import { boardsFit, cellsOf, foreignResult, refusal, replayRequest, replayedSolution } from "./sandbox-answers.js";

const HANG_MS = 10_000;
const MAX_TREE_NODES = 4 * 2000 + 1; // Python's tree: at most 2,000 expansions, 4 children each
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
  // code's worker reports is the code's, and taken on nobody's word (sandbox-answers.js): a
  // progress report the page cannot use, an answer whose boards are not the request's size, a
  // solution the solver's worker does not replay from the request's board to what it claims,
  // end that worker; the request is answered with why.
  request(request, onProgress = null, options = {}) {
    const code = protocol.carriesCode(request);
    if (!code) {
      const { id, answer } = this.solver.request(request, onProgress, options);
      return { id: { client: this.solver, id }, answer };
    }
    const client = this.client();
    let solutions = Promise.resolve(); // replayed one after another, in the order found
    const guarded = onProgress ? (report, solution = null, traceDelta = null) => {
      try {
        if (!boardsFit(report, cellsOf(request))) throw new Error("boards");
        onProgress(report, null, traceDelta);
      } catch {
        this.end(words.unreadableReport);
        return;
      }
      if (solution) solutions = solutions.then(() => this.replayed(request, solution)).then((shown) => {
        if (typeof shown === "string") this.end(`it reported ${shown.replace(/^a /, "a solution with ")}`);
        else onProgress(null, shown, null);
      });
    } : null;
    const { id, answer } = client.request(request, guarded, options);
    return { id: { client, id }, answer: answer.then((reply) => this.checked(request, reply)) };
  }

  // `solution` as the solver's worker replays it from the request's board, or why not (a string).
  async replayed(request, solution, options = {}) {
    const asked = replayRequest(request, solution && solution.tiles);
    if (!asked) return "a solution without moves";
    const { answer } = this.solver.request(asked);
    return replayedSolution(solution, await answer, options);
  }

  // The code's worker's answer to `request`, as the page may take it (else a refusal, and that
  // worker is ended).
  async checked(request, reply) {
    if (!reply || reply.ok !== true) return reply; // its error: shown as text
    const refuse = (why) => {
      this.end(`it answered with ${why}`);
      return refusal(request, why);
    };
    if (!boardsFit(reply, cellsOf(request))) return refuse("boards that are not the size of the request's");
    const tree = reply.result && reply.result.tree;
    if (tree !== undefined && tree !== null && !(Array.isArray(tree.nodes) && tree.nodes.length <= MAX_TREE_NODES)) {
      return refuse("a search tree of more nodes than a tree may have");
    }
    if (request.op !== "solve" && request.op !== "user_search") return reply;
    const foreign = foreignResult(request, reply.result);
    if (foreign) return refuse(foreign);
    const shown = await this.replayed(request, reply.result, { final: true });
    return typeof shown === "string" ? refuse(shown) : { ...reply, result: shown };
  }

  cancel(handle) {
    handle.client.cancel(handle.id);
  }
}
