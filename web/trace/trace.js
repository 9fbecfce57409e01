// Trace: the "search over time" feature. A solve asks Python to record its trace
// (`records`); the trace grows with the search's progress and is drawn whole from the
// result at its end (TraceView writes the chart and the table of iterations). It follows
// the hooks the controller calls on every feature: `records`, `solveStarted`,
// `solveProgress`, `solveFinished` and `solutionCleared`.

export class Trace {
  constructor({ view }) {
    this.view = view;
  }

  // What a solve records for this feature (protocol.solve's options).
  records() {
    return { trace: true };
  }

  // A solve started: an empty chart.
  solveStarted() {
    this.view.start();
  }

  // A progress report of the solve: what its trace gained.
  solveProgress({ traceDelta }) {
    this.view.add(traceDelta);
  }

  // The solve's answer: its whole trace.
  solveFinished(reply) {
    if (reply.ok) this.view.finish(reply.result.trace);
  }

  // The solution shown went (a new board, other menus, a new search): so does its trace.
  solutionCleared() {
    this.view.reset();
  }
}
