// JobRunner: the one search running at a time (a solve, a comparison, a tree, a hint, an
// analysis, ...: each a job kind, job-kind.js, described by the feature that owns it, whose words
// and data-* the runner asks and never chooses). It starts it through the solver client (stopping any background
// loading of the same board's tables: the search loads them itself), puts its
// progress on the status line, hands each progress report to whoever runs the job
// (`onProgress`: a comparison draws its own panel, a solve's trace its chart) and
// each solution a search finds while it runs (`onSolution`), cancels or stops it,
// and drops the answer of a job stopped meanwhile (an edit supersedes a search).

import * as outcome from "./outcome.js";
import * as protocol from "./protocol.js";
import * as wording from "../common/wording.js";

export class JobRunner {
  // `client`: the solver's (solver-client.js); `code`: the code runner (custom/code-runner.js),
  // which a request that carries a person's code goes through, and no other (a built-in solve
  // goes to the solver directly).
  constructor({ client, code = null, state, page, tables }) {
    Object.assign(this, { client, code, state, page, tables });
    this.job = null; // {id, via, kind, anytime, onSolution, shown, onProgress, latest, cancelled}
  }

  // The running job's kind's name, or null.
  get kind() {
    return this.job ? this.job.kind.name : null;
  }

  // Whether the running search keeps its best answer when stopped (the page offers Stop).
  get anytime() {
    return Boolean(this.job && this.job.anytime);
  }

  // Run `request` as a job of `kind` (a jobKind); resolves with its answer, or null if the job
  // was stopped first. `anytime`: the algorithm improves its answer until stopped (Python's registry says);
  // `onSolution(solution)`: each solution found while it runs; `shown()`: the length of
  // the solution on screen, for the status; `onProgress({progress, words, traceDelta})`:
  // each report (`progress` and its `words`, {status, panel?}, null once it is being stopped;
  // `traceDelta`, what its trace gained, when the request asked for one, else null).
  async run(kind, request, { anytime = false, onSolution = null, shown = null, onProgress = null } = {}) {
    if (!kind || typeof kind.progress !== "function") throw new Error(`a job runs as a job kind (job-kind.js), not ${JSON.stringify(kind)}`);
    const via = this.via(request);
    const job = { id: null, via, kind, anytime, onSolution, shown, onProgress, latest: null, cancelled: false };
    this.job = job;
    const start = kind.started();
    this.page.setStatus(start.status, start.outcome);
    if (kind.reveal) this.page.revealStatus();
    if (request.size) this.tables.giveWay(request.size, request.goal);
    const started = performance.now();
    const { id, answer } = via.request(request, (p, solution, traceDelta) => {
      if (this.job === job) this.progress(job, p, solution, traceDelta, (performance.now() - started) / 1000);
    });
    job.id = id;
    if (job.cancelled) via.cancel(id);
    const reply = await answer;
    if (this.job !== job) return null;
    this.job = null;
    return reply;
  }

  // Where `request` goes: the code runner when it carries a person's code, else the solver.
  via(request) {
    const via = protocol.carriesCode(request) ? this.code : this.client;
    if (!via) throw new Error("a request that carries code needs the code runner");
    return via;
  }

  // A request beside the one search (a slide, a notation read, an explanation): {id, answer},
  // sent where its kind of request goes (`via`); it is no job of the page.
  ask(request, onProgress = null, options = {}) {
    return this.via(request).request(request, onProgress, options);
  }

  // The code panel's lane: its checks and searches of a person's code, beside the page's one
  // search (a check runs while a solve does), through the code runner: each request's handle,
  // Cancel, the end of a worker that will not stop (`reason` said), whether its worker started.
  get codeLane() {
    const code = this.code;
    if (!code) throw new Error("the code lane needs the code runner");
    return {
      request: (request, onProgress = null, options = {}) => code.request(request, onProgress, options),
      cancel: (handle) => code.cancel(handle),
      end: (reason, handle) => code.end(reason, handle),
      started: () => code.started,
    };
  }

  // The judge's lane: requests to the solver's own worker (which never runs a person's code)
  // beside the page's one search, with what a running one is fed (an assignment_grade's
  // answers from the code's side) and its cancel.
  get judgeLane() {
    const client = this.client;
    return {
      request: (request, onProgress = null, options = {}) => {
        if (protocol.carriesCode(request)) throw new Error("the judge's lane never takes a request that carries code");
        return client.request(request, onProgress, options);
      },
      feed: (id, fed) => client.feed(id, fed),
      cancel: (id) => client.cancel(id),
    };
  }

  progress(job, p, solution, traceDelta, seconds) {
    if (solution) {
      job.latest = solution;
      if (job.onSolution) job.onSolution(solution);
    }
    const shown = job.shown ? job.shown() : null;
    const words = p && !job.cancelled ? job.kind.progress(p, { seconds, info: this.state.info, latest: job.latest, shown }) : null;
    if (words) this.page.setStatus(words.status, words.outcome);
    if (job.onProgress && (words || traceDelta)) job.onProgress({ progress: words ? p : null, words, traceDelta });
  }

  // The person asked to stop: the search answers with what it found (an anytime
  // search with the best solution so far).
  cancel() {
    const job = this.job;
    if (!job || job.cancelled) return;
    job.cancelled = true;
    if (job.id !== null) job.via.cancel(job.id);
    this.page.setStatus(wording.stopping(job.anytime), outcome.stopping());
  }

  // Stop and forget the job (its answer is dropped).
  stop() {
    if (!this.job) return;
    if (this.job.id !== null) this.job.via.cancel(this.job.id);
    this.job = null;
  }
}
