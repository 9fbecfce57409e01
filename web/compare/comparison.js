// Comparison: the "Compare all" feature. It runs every applicable algorithm and heuristic
// on the board (Python's compare limits), shows the table and the chart as results come in
// (CompareView: the job runner hands it each progress report), sets the page state's view
// to "compare" while the comparison shown is of the board on screen (the link opens on it;
// a board shown with that view, from a link, starts one), and exports it: the table as
// Markdown (copied) or CSV, the chart as SVG (downloaded).

import * as outcome from "../solver/outcome.js";
import * as protocol from "../solver/protocol.js";
import * as wording from "../common/wording.js";

export class Comparison {
  constructor({ view, state, page, choice, clipboard }) {
    Object.assign(this, { view, state, page, choice, clipboard });
  }

  routes(app) {
    return {
      compare: () => this.start(app),
      "export-comparison": (kind) => this.export(kind),
    };
  }

  // A new board is shown: a link that names the comparison view starts one on it.
  boardShown(reply, app) {
    if (this.state.view === "compare" && reply.solvability.solvable) this.start(app);
  }

  start(app) {
    if (!app.idle || app.refusedAsUnsolvable()) return;
    const info = this.state.info;
    const names = wording.namesFrom(info);
    this.state.set({ view: "compare" }); // the link now opens on this comparison
    app.dispatch("tree-hide"); // a comparison takes the tree's place
    this.view.render([], names);
    this.view.show("Starting\u2026");
    const request = protocol.compare(app.analysis, { ...this.choice.allOptions(), ...this.choice.customFields() });
    // Each result as it comes in, with what is running now.
    const onProgress = ({ progress, words }) => {
      if (!words || !words.panel) return;
      this.view.render(progress.results, names);
      this.view.show(words.panel);
    };
    app.run("compare", request, (reply) => {
      const words = wording.compared(reply, info);
      if (reply.ok) this.view.render(reply.results, names);
      this.view.show(words.panel);
      this.page.setStatus(words.status, outcome.compared(reply));
    }, { onProgress });
  }

  // The comparison's table as Markdown (copied) or CSV, or its chart as SVG (downloaded).
  async export(kind) {
    const view = this.view;
    if (kind === "csv") return view.download("npuzzle-comparison.csv", "text/csv", view.csv());
    if (kind === "svg") return view.download("npuzzle-comparison.svg", "image/svg+xml", view.svg());
    try {
      await this.clipboard.writeText(view.markdown());
      view.setExportState("Table copied as Markdown.");
    } catch {
      view.setExportState("The browser refused the clipboard; use Download CSV instead.");
    }
  }
}
