// ExplainView: writes "Why h = N", the breakdown of the chosen heuristic's value for
// the board on screen into its parts and terms, from Python's "breakdown" answer
// (npuzzle/explain.py): the parts summing to h in words, and each term in a list (a
// tile's distance, a tile leaving its line past others, a pattern group's table
// value, walking distance's row and column parts). The board's own marks (each tile's
// share, the groups' colours, the tiles in conflict) are BoardView's; the words, explain-words.js's.

import * as words from "./explain-words.js";

export class ExplainView {
  constructor(doc) {
    this.doc = doc;
    this.box = doc.getElementById("why-h");
    this.summary = doc.getElementById("why-h-summary");
    this.sum = doc.getElementById("why-h-sum");
    this.list = doc.getElementById("why-h-terms");
  }

  get open() {
    return this.box.open;
  }

  // Nothing to explain (no valid board, or the heuristic does not apply): say why.
  clear(text) {
    this.summary.textContent = words.SUMMARY;
    this.sum.textContent = text;
    this.list.replaceChildren();
  }

  show(b) {
    this.summary.textContent = words.summary(b);
    this.sum.textContent = words.sum(b);
    const items = (b.terms || []).filter((t) => t.value !== 0).map((t) => {
      const li = this.doc.createElement("li");
      li.textContent = words.term(t, b);
      return li;
    });
    this.list.replaceChildren(...items);
  }
}
