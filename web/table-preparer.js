// TablePreparer: while the solver is idle, asks Python to load in the
// background the tables its default heuristic needs for the size and goal on
// screen ("prepare"; the worker downloads any file Python asks for), once per
// size and goal, so that a later Solve does not wait for them. A search for the
// same size and goal waits for a preparation under way instead of loading the
// same tables a second time. Nothing it does is an error on the page: a failed
// preparation leaves the solve to load the tables itself, and to say why if it
// cannot.

export class TablePreparer {
  constructor({ client }) {
    this.client = client;
    this.asked = new Set(); // "RxC goal" keys already prepared or being prepared
    this.wanted = null; // {size, goal}: the latest board shown, prepared once the running one ends
    this.running = null; // {key, answer, watch}: the preparation under way
    this.reports = new Map(); // key -> {bytes, download_ms, seconds, heuristic}: downloads not told yet
  }

  // The board shown has this size ("RxC") and goal (Python's name or tiles).
  want(size, goal) {
    this.wanted = { size, goal };
    this.next();
  }

  next() {
    if (this.running || !this.wanted) return;
    const { size, goal } = this.wanted;
    const key = keyOf(size, goal);
    this.wanted = null;
    if (this.asked.has(key)) return;
    this.asked.add(key);
    const running = { key, stage: null, watch: null };
    const { answer } = this.client.request({ op: "prepare", size, goal }, (p) => {
      if (!p || !p.stage) return;
      running.stage = p.stage;
      if (running.watch) running.watch(p.stage);
    });
    running.answer = answer.then((reply) => {
      this.running = null;
      if (reply.ok && reply.tables) {
        this.reports.set(key, { ...reply.tables, seconds: reply.seconds, heuristic: reply.heuristic });
      }
      this.next();
    });
    this.running = running;
  }

  // Resolves once no preparation for this size and goal is under way; `watch(stage)`
  // hears what it is doing meanwhile.
  async ready(size, goal, watch) {
    const running = this.running;
    if (!running || running.key !== keyOf(size, goal)) return;
    running.watch = watch;
    if (running.stage) watch(running.stage);
    await running.answer;
  }

  // The download report for this size and goal's `heuristic` tables, once (then forgotten).
  report(size, goal, heuristic) {
    const key = keyOf(size, goal);
    const report = this.reports.get(key);
    if (!report || report.heuristic !== heuristic) return null;
    this.reports.delete(key);
    return report;
  }
}

function keyOf(size, goal) {
  return `${size} ${goal}`;
}
