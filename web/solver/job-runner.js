// JobRunner: the one search running at a time (a solve, a comparison or a
// hint). It starts it through the solver client (stopping any background
// loading of the same board's tables: the search loads them itself), puts its
// progress on the status line (and a comparison's in the comparison panel),
// hands on each solution a search finds while it runs, cancels or stops it,
// and drops the answer of a job stopped meanwhile (an edit supersedes a search).

import * as outcome from "./outcome.js";
import * as wording from "../common/wording.js";

export class JobRunner {
  constructor({ client, page, compareView, tables }) {
    Object.assign(this, { client, page, compareView, tables });
    this.job = null; // {id, kind, anytime, onSolution, shown, latest, cancelled}
  }

  get kind() {
    return this.job ? this.job.kind : null;
  }

  // Whether the running search keeps its best answer when stopped (the page offers Stop).
  get anytime() {
    return Boolean(this.job && this.job.anytime);
  }

  // Run `request`; resolves with its answer, or null if the job was stopped first.
  // `anytime`: the algorithm improves its answer until stopped (Python's registry says);
  // `onSolution(solution)`: each solution found while it runs; `shown()`: the length of
  // the solution on screen, for the status; `onTrace(delta)`: what its trace gained.
  async run(kind, request, { anytime = false, onSolution = null, shown = null, onTrace = null } = {}) {
    const job = { id: null, kind, anytime, onSolution, shown, latest: null, cancelled: false };
    this.job = job;
    this.page.setStatus(wording.started(kind), outcome.started(kind));
    if (kind === "solve") this.page.revealStatus();
    if (request.size) this.tables.giveWay(request.size, request.goal);
    const started = performance.now();
    const { id, answer } = this.client.request(request, (p, solution, traceDelta) => {
      if (this.job !== job) return;
      if (traceDelta && onTrace) onTrace(traceDelta);
      this.progress(job, p, solution, (performance.now() - started) / 1000);
    });
    job.id = id;
    if (job.cancelled) this.client.cancel(id);
    const reply = await answer;
    if (this.job !== job) return null;
    this.job = null;
    return reply;
  }

  progress(job, p, solution, seconds) {
    if (solution) {
      job.latest = solution;
      if (job.onSolution) job.onSolution(solution);
    }
    if (!p || job.cancelled) return;
    const shown = job.shown ? job.shown() : null;
    const words = wording.progress(job.kind, p, seconds, this.client.info, { latest: job.latest, shown });
    if (words.panel) {
      this.compareView.render(p.results, wording.namesFrom(this.client.info));
      this.compareView.show(words.panel);
    }
    this.page.setStatus(words.status, outcome.progress(job.kind, p, { shown }));
  }

  // The person asked to stop: the search answers with what it found (an anytime
  // search with the best solution so far).
  cancel() {
    const job = this.job;
    if (!job || job.cancelled) return;
    job.cancelled = true;
    if (job.id !== null) this.client.cancel(job.id);
    this.page.setStatus(wording.stopping(job.anytime), outcome.stopping());
  }

  // Stop and forget the job (its answer is dropped).
  stop() {
    if (!this.job) return;
    if (this.job.id !== null) this.client.cancel(this.job.id);
    this.job = null;
  }
}
