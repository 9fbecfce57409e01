// Trace: the "search over time" feature, and its model. A solve asks Python to record its trace
// (`records`); the trace grows with the search's progress (each report's delta: samples and
// iterations), keeping at most as many samples as Python's trace does (info.trace.max_samples:
// every other one dropped when full, as Python drops them), and is taken whole from the result
// at its end. TraceView draws it: the chart and the table of iterations. It follows the hooks the controller calls on every
// feature: `records`, `solveStarted`, `solveProgress`, `solveFinished` and `solutionCleared`.

export class Trace {
  constructor({ view }) {
    this.view = view;
    this.app = null; // the app's door (Python's info), from routes
    this.samples = []; // Python's trace samples so far: {seconds, expanded, frontier, best, lower_bound}
    this.iterations = []; // IDA*'s and IDDFS's iterations so far: {bound, expanded, generated, seconds, outcome}
    this.reported = false; // whether the worker that runs a person's code recorded it (its own report)
  }

  routes(app) {
    this.app = app;
    return {};
  }

  // What a solve records for this feature (protocol.solve's options).
  records() {
    return { trace: true };
  }

  // A solve started: an empty chart.
  solveStarted() {
    this.clear();
    this.view.start(this);
  }

  // A progress report of the solve: what its trace gained (null when nothing).
  solveProgress({ progress, traceDelta }) {
    if (!traceDelta) return;
    if (progress && progress.reported_by === "code") this.reported = true;
    this.samples.push(...traceDelta.samples);
    if (this.samples.length > this.app.info().trace.max_samples) this.samples = this.samples.filter((_, i) => i % 2 === 1 || i === this.samples.length - 1);
    this.iterations.push(...traceDelta.iterations);
    this.view.grew(this);
  }

  // The solve's answer: its whole trace.
  solveFinished(reply) {
    const trace = reply.ok ? reply.result.trace : null;
    if (!trace) return;
    this.reported = reply.result.reported_by === "code";
    this.samples = trace.samples.slice();
    this.iterations = trace.iterations.slice();
    this.view.finish(this);
  }

  // The solution shown went (a new board, other menus, a new search): so does its trace.
  solutionCleared() {
    this.clear();
    this.view.reset();
  }

  clear() {
    this.samples = [];
    this.iterations = [];
    this.reported = false;
  }
}
