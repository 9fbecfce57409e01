// "Why h"'s words: the panel's summary, the parts summing to h, each term of Python's
// breakdown (npuzzle/explain.py) in a sentence, and why nothing is explained.

export const SUMMARY = "Why h: the heuristic's value, explained";
export const NO_BOARD = "Enter a valid board to see its h explained.";
export const LOADING = "Loading the solver\u2026";

// The panel's summary and its sum, for Python's breakdown `b`.
export function summary(b) {
  return `Why h = ${b.h} (${b.label})`;
}

export function sum(b) {
  return `${b.parts.map((p) => `${p.value} (${p.label})`).join(" + ")} = ${b.h}`;
}

function cellName(cell, cols) {
  return `row ${Math.floor(cell / cols) + 1}, column ${(cell % cols) + 1}`;
}

function formatValue(v) {
  return Number.isInteger(v) ? `${v} move${v === 1 ? "" : "s"}` : v.toFixed(2);
}

// One term of breakdown `b` in words.
export function term(t, b) {
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
