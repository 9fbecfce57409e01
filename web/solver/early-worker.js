// The solver's worker, started by the page's first script (app/boot.js) the moment the page
// begins, not once the page's other modules have loaded (about 150 ms later on a first visit,
// more on a slow phone): Python loads meanwhile. The page's check of what this browser lacks
// runs first (browser-support.js): a browser too old gets no worker. SolverClient then takes
// the worker over (takeSolverWorker): the messages it sent before are handed on in order.
import { browserSupport } from "./browser-support.js";

let support = null; // the check, made once
let early = null; // the worker started early, until taken over

// Check this browser and, if it can run the solver, start its worker (once; later calls do nothing).
export function startSolver() {
  if (support) return;
  support = browserSupport();
  if (!support.now) early = new EarlyWorker(newSolverWorker());
}

// The browser check ({now, later}: browser-support.js), made when the worker was started.
export function solverSupport() {
  startSolver();
  return support;
}

// The worker started early, the first time (the solver's client starts it: SolverClient's
// `startWorker`); a new one each later time (a worker replaced after a crash).
export function takeSolverWorker() {
  startSolver();
  const worker = early || newSolverWorker();
  early = null;
  return worker;
}

function newSolverWorker() {
  // (From the web folder's app/ or solver/ alike: the build bundles this module into app/main.js.)
  return new Worker(new URL("../solver/worker.js", import.meta.url), { type: "module", name: "solver" });
}

// A worker whose events until its handlers are set are kept and then handed to them in order
// (exported for the Node tests).
export class EarlyWorker {
  constructor(worker) {
    this.worker = worker;
    this.kept = [];
    this.handlers = {};
    for (const kind of ["message", "error", "messageerror"]) {
      worker[`on${kind}`] = (event) => {
        if (this.handlers[kind] && !this.replaying) this.handlers[kind](event);
        else this.kept.push([kind, event]);
      };
    }
  }

  set onmessage(handler) { this.handle("message", handler); }
  set onerror(handler) { this.handle("error", handler); }
  set onmessageerror(handler) { this.handle("messageerror", handler); }

  // Once every handler is set, what came before goes to them (in the order it came), in a
  // microtask: after the code that set them has also set up what listens to them (the page's
  // controller, in the same script), before any event that comes later.
  handle(kind, handler) {
    this.handlers[kind] = handler;
    if (!this.handlers.message || !this.handlers.error || this.replaying) return;
    this.replaying = true;
    queueMicrotask(() => {
      const kept = this.kept;
      this.kept = [];
      this.replaying = false;
      for (const [which, event] of kept) if (this.handlers[which]) this.handlers[which](event);
    });
  }

  postMessage(message, transfer) { this.worker.postMessage(message, transfer); }
  terminate() { this.worker.terminate(); }
}
