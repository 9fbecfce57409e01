// JobRunner: the one search running at a time (a solve, a comparison or a
// hint). It starts it through the solver client, puts its progress on the
// status line (and a comparison's in the comparison panel), cancels it, and
// drops the answer of a job stopped meanwhile (an edit supersedes a search).

import * as wording from "./wording.js";

export class JobRunner {
  constructor({ client, page, compareView }) {
    Object.assign(this, { client, page, compareView });
    this.job = null; // {id, kind: "solve" | "compare" | "hint"}
  }

  get kind() {
    return this.job ? this.job.kind : null;
  }

  // Run `request`; resolves with its answer, or null if the job was stopped first.
  async run(kind, request) {
    const started = performance.now();
    const { id, answer } = this.client.request(request, (p) => this.progress(kind, p, (performance.now() - started) / 1000));
    this.job = { id, kind };
    this.page.setStatus(wording.started(kind));
    if (kind === "solve") this.page.revealStatus();
    const reply = await answer;
    if (!this.job || this.job.id !== id) return null;
    this.job = null;
    return reply;
  }

  progress(kind, p, seconds) {
    const words = wording.progress(kind, p, seconds, this.client.info);
    if (words.panel) {
      this.compareView.render(p.results, wording.namesFrom(this.client.info));
      this.compareView.show(words.panel);
    }
    this.page.setStatus(words.status);
  }

  // The person asked to stop: the search answers with what it found.
  cancel() {
    if (!this.job) return;
    this.client.cancel(this.job.id);
    this.page.setStatus("Cancelling\u2026");
  }

  // Stop and forget the job (its answer is dropped).
  stop() {
    if (!this.job) return;
    this.client.cancel(this.job.id);
    this.job = null;
  }
}
