// TablePreparer: while the solver is idle, asks Python to load in the
// background the tables its default heuristic needs for the size and goal on
// screen ("prepare"; the worker downloads any file Python asks for), once per
// size and goal, so that a later Solve does not wait for them. A search for the
// same size and goal stops a preparation under way and loads the tables itself
// (sharing the download). Nothing it does is an error on the page: a failed
// preparation leaves the solve to load the tables itself, and to say why if it
// cannot.

import * as protocol from "./protocol.js";

export class TablePreparer {
  constructor({ client }) {
    this.client = client;
    this.asked = new Set(); // "RxC goal" keys already prepared or being prepared
    this.wanted = null; // {size, goal}: the latest board shown, prepared once the running one ends
    this.running = null; // {key, id, answer}: the preparation under way
    this.reports = new Map(); // key -> {bytes, download_ms, seconds, heuristic}: downloads not told yet
  }

  // The worker was replaced: it has none of the tables loaded (its answers to
  // preparations under way are errors and are dropped).
  forget() {
    this.asked.clear();
    this.reports.clear();
    this.running = null;
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
    const running = { key, id: null };
    const { id, answer } = this.client.request(protocol.prepare(size, goal));
    running.id = id;
    running.answer = answer.then((reply) => {
      if (this.running !== running) return; // forgotten: the worker was replaced
      this.running = null;
      if (reply.ok && reply.tables) {
        this.reports.set(key, { ...reply.tables, seconds: reply.seconds, heuristic: reply.heuristic });
      }
      this.next();
    });
    this.running = running;
  }

  // A search for this size and goal is starting: it loads the tables itself (an
  // anytime solve shows its first solution before they are in), so a preparation
  // of the same tables under way is stopped rather than waited for; a download it
  // started is not repeated (the worker shares it). The size and goal may be
  // prepared again later, if that search ends before its tables are in.
  giveWay(size, goal) {
    const running = this.running;
    const key = keyOf(size, goal);
    if (!running || running.key !== key) return;
    this.client.cancel(running.id);
    this.asked.delete(key);
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
