// PageView: writes what is the page's own rather than one feature's (each feature's view
// lives in its folder: the editor's EditorView, the solver choice's ChoiceView, the
// replay's ReplayView, play's PlayView, the link's LinkView, the board's BoardView, the
// comparison's CompareView, the tree's TreeView, the trace's TraceView, "Why h"'s
// ExplainView): the status line (its words, and what a search reported as its data-*
// attributes, outcome.js), bringing it into view, the solver's state and its worker's
// memory, the buttons' busy states, and the result. Text goes in through textContent,
// never as markup; the words come from wording.js or from Python.

import { dockHeight } from "../common/into-view.js";
import * as outcomes from "../solver/outcome.js";

export class PageView {
  constructor(doc) {
    this.doc = doc;
    this.el = new Proxy({}, { get: (_, id) => doc.getElementById(id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)) });
  }

  // The status line's words, and what they report as data (outcome.js; null: nothing a
  // search reported, so no attribute keeps an earlier search's state or result).
  setStatus(text, outcome = null) {
    const status = this.el.status;
    status.textContent = text;
    for (const [key, value] of Object.entries(outcomes.attributes(outcome))) status.dataset[key] = value;
  }

  // Bring the status line into view if it is off screen (it sits under Solve, but a search
  // may start from a link, or with the page scrolled away).
  revealStatus() {
    const win = this.doc.defaultView;
    const box = this.el.status.getBoundingClientRect();
    const dock = dockHeight(win);
    if (box.bottom > dock && box.top < win.innerHeight) return; // (on a phone, not under the pinned board)
    const reduce = win.matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.el.status.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
  }

  setSolverState(text, kind) {
    this.el.solverState.textContent = text;
    this.el.solverState.dataset.kind = kind;
  }

  // The worker's memory in bytes (its latest figure; for tests and benchmarks, not shown).
  setWorkerMemory(bytes) {
    this.el.solverState.dataset.workerMemory = String(bytes);
  }

  // How the worker's Python started: "snapshot" or "fresh" (for tests and benchmarks, not shown).
  setWorkerStart(how) {
    this.el.solverState.dataset.workerStart = how;
  }

  // `busy`: a search of any kind is running; `stoppable`: it keeps its best answer when
  // stopped (Stop, not Cancel).
  setBusy({ ready, valid, busy, stoppable }) {
    this.el.solve.disabled = !ready || !valid || busy;
    this.el.compare.disabled = !ready || !valid || busy;
    this.el.tree.disabled = !ready || !valid || busy;
    this.el.cancel.hidden = !busy || stoppable;
    this.el.stop.hidden = !busy || !stoppable;
    for (const id of ["shuffle", "scramble", "reset", "hint"]) this.el[id].disabled = !ready || busy;
  }

  // The result panel: [term, value] pairs, or null to hide it.
  setResult(rows) {
    const dl = this.el.result;
    if (!rows) {
      dl.replaceChildren();
      dl.hidden = true;
      return;
    }
    dl.replaceChildren(
      ...rows.flatMap(([term, value]) => {
        const dt = this.doc.createElement("dt");
        dt.textContent = term;
        const dd = this.doc.createElement("dd");
        dd.textContent = value;
        return [dt, dd];
      }),
    );
    dl.hidden = false;
  }
}
