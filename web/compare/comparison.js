// Comparison: the "Compare all" feature. It runs every applicable algorithm and heuristic
// on the board (Python's compare limits), shows the table and the chart as results come in
// (CompareView: the job runner hands it each progress report), sets the page state's view
// to "compare" while the comparison shown is of the board on screen (the link opens on it;
// a board shown with that view, from a link, starts one), and exports it: the table as
// Markdown (copied) or CSV (comparison-table.js makes them from the results it keeps), the
// chart as SVG (downloaded). Its request carries every algorithm's options and what features
// add to Compare all (SolverChoice's `compareFields`: a person's heuristic and search).

import * as outcome from "../solver/outcome.js";
import { jobKind } from "../solver/job-kind.js";
import * as protocol from "../solver/protocol.js";
import * as wording from "../common/wording.js";
import * as table from "./comparison-table.js";
import * as words from "./compare-words.js";

// A comparison: how many pairs are done on the status line, the pair running above the table.
const COMPARE = jobKind({
  name: "compare",
  started: () => ({ status: "Comparing\u2026", outcome: outcome.comparing(null) }),
  progress: (p, { seconds, info }) => ({ ...words.comparing(p, seconds, info), outcome: outcome.comparing(p) }),
});

export class Comparison {
  constructor({ view }) {
    this.view = view;
    this.app = null; // the app's door, from routes
    this.results = []; // the results shown, for the exports
    this.names = null; // their names in words (wording.namesFrom)
  }

  routes(app) {
    this.app = app;
    return {
      compare: () => this.start(app),
      "export-comparison": (kind) => this.export(kind),
    };
  }

  // A new board is shown: a link that names the comparison view starts one on it; otherwise the
  // comparison shown was the last board's, and goes (its table and its status).
  boardShown(reply, app) {
    if (this.app.view() === "compare" && reply.solvability.solvable) return this.start(app);
    this.linkOpened();
  }

  start(app) {
    if (!app.idle() || app.refusedAsUnsolvable()) return;
    const info = this.app.info();
    this.names = wording.namesFrom(info);
    this.app.setState({ view: "compare" }); // the link now opens on this comparison (another view, the tree, closes)
    this.show([]);
    // Each run under the Limits panel's limits (an empty Max nodes: the comparison's own), said in the table.
    const limits = this.app.choice.limits();
    const used = { max_nodes: limits.max_nodes ?? info.compare.max_nodes, time_limit: limits.time_limit || info.compare.time_limit };
    this.view.setLimits(words.limitsUsed(used, limits.max_nodes === undefined));
    this.view.show(words.starting());
    this.view.bringIntoView();
    const request = protocol.compare(app.analysis(), { ...this.app.choice.compareFields(), ...used });
    // Each result as it comes in (Python sends those finished since its last report, after the
    // ones it sent before), with what is running now.
    const onProgress = ({ progress, words: said }) => {
      if (!said || !said.panel) return;
      const delta = progress.results_delta || [];
      if (delta.length || progress.results_from !== this.results.length) this.show([...this.results.slice(0, progress.results_from || 0), ...delta]);
      this.view.show(said.panel);
    };
    app.run(COMPARE, request, (reply) => {
      const said = words.compared(reply, used);
      if (reply.ok) this.show(reply.results);
      this.view.show(said.panel);
      this.app.status(said.status, outcome.compared(reply));
    }, { onProgress });
  }

  // Another link was opened: the comparison shown was the last one's.
  linkOpened() {
    this.results = [];
    this.view.hide();
  }

  show(results) {
    this.results = results;
    this.view.render(results, this.names);
  }

  // The comparison's table as Markdown (copied) or CSV, or its chart as SVG (downloaded).
  async export(kind) {
    const view = this.view;
    if (kind === "csv") return view.download("npuzzle-comparison.csv", "text/csv", table.csv(this.results, this.names));
    if (kind === "svg") return view.download("npuzzle-comparison.svg", "image/svg+xml", view.svg());
    try {
      await this.app.copy(table.markdown(view.headers(), this.results, this.names));
      view.setExportState(words.copied());
    } catch {
      view.setExportState(words.clipboardRefused());
    }
  }
}
