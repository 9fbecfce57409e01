// EditorView: writes the board editor's controls: the board's text, the Rows and Columns
// menus (Python's range of sides, or a link's size before Python is ready), the goal menu
// and the custom goal's editor, the board's message (Python's refusal, which marks the
// text invalid) and the solvability line. Text goes in as form values or textContent;
// the words come from Python, the editor or wording.js.

import { solvabilityLine } from "../common/wording.js";

export class EditorView {
  constructor(doc) {
    this.doc = doc;
    this.rows = doc.getElementById("rows");
    this.cols = doc.getElementById("cols");
    this.tiles = doc.getElementById("tiles");
    this.message = doc.getElementById("board-message");
    this.solvability = doc.getElementById("solvability");
    this.goal = doc.getElementById("goal");
    this.goalEditor = doc.getElementById("goal-editor");
    this.goalTiles = doc.getElementById("goal-tiles");
  }

  // The sizes Python solves on the page: min to max on both menus, keeping the one shown.
  fillSizes(min, max) {
    for (const select of [this.rows, this.cols]) {
      const current = select.value || "3";
      const options = [];
      for (let n = min; n <= max; n++) options.push(this.sizeOption(n));
      select.replaceChildren(...options);
      select.value = current;
    }
  }

  // A size the menus may not offer yet (before Python's info fills them): offer it, and show it.
  showSize(rows, cols) {
    for (const [select, n] of [[this.rows, rows], [this.cols, cols]]) {
      if ([...select.options].some((o) => o.value === String(n))) continue;
      select.append(this.sizeOption(n));
    }
    this.setSize(rows, cols);
  }

  sizeOption(n) {
    const option = this.doc.createElement("option");
    option.value = String(n);
    option.textContent = String(n);
    return option;
  }

  setSize(rows, cols) {
    this.rows.value = String(rows);
    this.cols.value = String(cols);
  }

  setEditorText(text) {
    this.tiles.value = text;
  }

  setBoardMessage(text) {
    this.message.textContent = text;
    this.message.hidden = !text;
    this.tiles.setAttribute("aria-invalid", text ? "true" : "false");
  }

  // Python's solvability answer ({solvable, explanation}), or null to clear the line.
  setSolvability(solvability) {
    const el = this.solvability;
    if (!solvability) {
      el.textContent = "";
      el.dataset.kind = "";
      return;
    }
    el.textContent = solvabilityLine(solvability);
    el.dataset.kind = solvability.solvable ? "ok" : "bad";
  }

  // Whether the goal menu offers the named goal `name` (not the custom one).
  offersGoal(name) {
    return [...this.goal.options].some((o) => o.value === name && o.value !== "custom");
  }

  // The goal menu on `kind`, the custom goal's editor shown for "custom", with `customText` if given.
  setGoal(kind, customText) {
    this.goal.value = kind;
    this.goalEditor.hidden = kind !== "custom";
    if (customText !== undefined) this.goalTiles.value = customText;
  }

  // The custom goal's text as it stands in its editor (typing not yet handed on included).
  get goalText() {
    return this.goalTiles.value;
  }
}
