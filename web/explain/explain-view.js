// ExplainView: writes "Why h = N", the breakdown of the chosen heuristic's value for
// the board on screen into its parts and terms, from Python's "breakdown" answer
// (npuzzle/explain.py): the parts summing to h in words, and each term in a list (a
// tile's distance, a tile leaving its line past others, a pattern group's table
// value, walking distance's row and column parts). The board's own marks (each tile's
// share, the groups' colours, the tiles in conflict) are BoardView's.

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
    this.summary.textContent = "Why h: the heuristic's value, explained";
    this.sum.textContent = text;
    this.list.replaceChildren();
  }

  show(b) {
    this.summary.textContent = `Why h = ${b.h} (${b.label})`;
    this.sum.textContent = `${b.parts.map((p) => `${p.value} (${p.label})`).join(" + ")} = ${b.h}`;
    const items = (b.terms || []).filter((t) => t.value !== 0).map((t) => {
      const li = this.doc.createElement("li");
      li.textContent = termWords(t, b);
      return li;
    });
    this.list.replaceChildren(...items);
  }
}

function cellName(cell, cols) {
  return `row ${Math.floor(cell / cols) + 1}, column ${(cell % cols) + 1}`;
}

// One term in words.
function termWords(t, b) {
  if (t.kind === "tile") {
    const unit = t.part === "misplaced" ? "misplaced" : `${formatValue(t.value)} from its goal cell (${cellName(t.goal_cell, b.cols)})`;
    return `Tile ${t.tile}: ${unit}`;
  }
  if (t.kind === "conflict") {
    return `Tile ${t.tile} must leave ${t.line} ${t.index + 1} to let ${t.with.join(", ")} pass: +${t.value}`;
  }
  if (t.kind === "walking") {
    return `${t.line === "row" ? "Vertical" : "Horizontal"} moves, tiles told apart only by goal ${t.line}: ${t.value} (their Manhattan part is ${t.manhattan})`;
  }
  if (t.kind === "pattern") {
    return `Group ${t.group + 1} (tiles ${t.tiles.join(", ")}): ${t.value} from its table`;
  }
  return `${t.kind}: ${t.value}`;
}

function formatValue(v) {
  return Number.isInteger(v) ? `${v} move${v === 1 ? "" : "s"}` : v.toFixed(2);
}
