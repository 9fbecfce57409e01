// AnalysisView: writes the analysis panel: the notation menus (Python's registry), why a game
// was refused, the progress and summary, the totals, the chart (analysis-chart.js) framed as a
// slider that says the position shown, the per-move table, the notes of "try again" and the best
// finish, the exports; and the state of the buttons that start an analysis elsewhere on the page
// (Analyse my moves, Analyse this solution). It keeps what tests and benchmarks read as data-*:
// on the panel the analysis's state and totals, on each table row its move's verdict and
// distances, on each chart point its position's bounds. Text goes in through textContent.

import { download } from "../common/download.js";
import { bringIntoView } from "../common/into-view.js";
import { drawAnalysisChart } from "./analysis-chart.js";
import * as words from "./analysis-words.js";

const REDRAW_MS = 200; // while Python works, the chart and table are drawn again at most this often

export class AnalysisView {
  constructor(doc) {
    this.doc = doc;
    const byId = (id) => doc.getElementById(id);
    Object.assign(this, {
      panel: byId("analysis-panel"), body: byId("analysis-body"), error: byId("analysis-error"),
      status: byId("analysis-status"), stop: byId("analysis-stop"), undos: byId("analysis-undos"),
      totals: byId("analysis-totals"), chart: byId("analysis-chart"), position: byId("analysis-position"),
      note: byId("analysis-note"), rows: doc.querySelector("#analysis-table tbody"), exports: byId("analysis-exports"),
      exportState: byId("analysis-export-state"), written: byId("analysis-written"), notation: byId("analysis-notation"),
      notationAbout: byId("analysis-notation-about"), writeNotation: byId("analysis-write-notation"),
      paste: byId("analysis-paste"), moves: byId("analysis-moves"),
    });
    this.buttons = Object.fromEntries(["analyse-moves", "analyse-solution", "analyse-text", "analysis-previous-mistake",
      "analysis-next-mistake", "analysis-finish", "analysis-try", "analysis-write-finish"].map((id) => [id, byId(id)]));
    this.cells = []; // per table row: {tr, button, verdict, lost, before, after, best}
    this.timer = null;
    this.drawnAt = 0;
    this.notations = [];
  }

  // The notation menus, from Python's registry (`notations`: info.notations).
  fillNotations(notations) {
    this.notations = notations;
    const option = (n) => Object.assign(this.doc.createElement("option"), { value: n.name, textContent: n.label });
    const chosen = this.notation.value;
    this.notation.replaceChildren(this.notation.options[0], ...notations.map(option));
    this.notation.value = chosen;
    const written = this.writeNotation.value || notations[0]?.name;
    this.writeNotation.replaceChildren(...notations.map(option));
    this.writeNotation.value = written;
    this.aboutNotation();
  }

  // Under the pasted moves' menu: what the chosen notation means, with its example (Python's words).
  aboutNotation(name = this.notation.value) {
    const n = this.notations.find((x) => x.name === name);
    this.notationAbout.textContent = n ? `${n.description} For example: ${n.example}` : "";
  }

  // Python's refusal (`text`, one sentence; `error`: its field and details, kept as data), or "" to clear it.
  setError(text, error = null) {
    this.error.textContent = text;
    this.error.hidden = !text;
    const data = this.error.dataset;
    for (const key of ["field", "move", "character", "board"]) delete data[key];
    if (!error) return;
    data.field = error.field;
    if (error.move != null) data.move = String(error.move);
    if (error.character != null) data.character = String(error.character);
    if (error.board) data.board = error.board.join(",");
  }

  // The undos menu's choice.
  setUndos(undos) {
    this.undos.value = undos;
  }

  // The panel's top on screen (an analysis started).
  bringIntoView() {
    bringIntoView(this.panel);
  }

  // The panel as before any analysis: no game, no error, no figures.
  clear() {
    this.begin("as-played");
    this.body.hidden = true;
    this.setError("");
    this.setStatus("");
    this.chart.replaceChildren();
    this.position.textContent = "";
    const data = this.panel.dataset;
    for (const key of Object.keys(data)) delete data[key];
    data.state = "idle";
  }

  // The panel for a new analysis: its table empty, its facts cleared.
  begin(undos) {
    clearTimeout(this.timer);
    this.timer = null;
    this.body.hidden = false;
    this.setUndos(undos);
    this.rows.replaceChildren();
    this.cells = [];
    this.totals.hidden = true;
    this.exports.hidden = true;
    this.written.hidden = true;
    this.setNote("");
    this.exportState.textContent = "";
  }

  // Draw `model` (soon, at most every REDRAW_MS while Python works; at once when `now`).
  // `info`: Python's (its direction words, the analysis's methods in words).
  draw(model, info, now = false) {
    if (now) {
      clearTimeout(this.timer);
      this.timer = null;
      this.render(model, info);
      return;
    }
    if (this.timer) return;
    const wait = Math.max(0, REDRAW_MS - (performance.now() - this.drawnAt));
    this.timer = setTimeout(() => { this.timer = null; this.render(model, info); }, wait);
  }

  render(model, info) {
    this.drawnAt = performance.now();
    const r = model.result;
    this.setData(model);
    this.stop.hidden = model.state !== "analysing";
    if (r) this.setTotals(r, info.analysis.methods);
    this.drawTable(model, info.directions);
    this.drawChart(model, info.directions);
    this.exports.hidden = !r;
  }

  setStatus(text) {
    this.status.textContent = text;
  }

  // The panel's data-*: the analysis's state, counts and (once done) Python's totals.
  setData(model) {
    const r = model.result;
    const data = this.panel.dataset;
    Object.assign(data, {
      state: model.state, origin: model.origin, positions: String(model.positions), moves: String(model.moves),
      done: String(r ? r.positions.length : model.progress ? model.progress.done : 0), marks: String(model.marks),
      selected: String(model.selected), notation: model.game.notation || "", undos: model.game.undos || "as-played",
      start: model.game.board, analysis: String(model.number),
    });
    const totals = r ? {
      played: r.played_moves, singleTile: r.single_tile_moves, multiTile: r.multi_tile_moves, optimalLength: r.optimal_length,
      excess: r.excess, mistakes: r.mistakes, optimalMoves: r.optimal_moves, unknownMoves: r.unknown_moves,
      exact: r.exact, complete: r.complete, stopped: r.stopped, method: r.method, solved: r.solved,
    } : {};
    for (const key of ["played", "singleTile", "multiTile", "optimalLength", "excess", "mistakes", "optimalMoves", "unknownMoves", "exact", "complete", "stopped", "method", "solved"]) {
      const value = totals[key];
      data[key] = value === null || value === undefined ? "" : String(value);
    }
  }

  setTotals(r, methods) {
    this.totals.replaceChildren(...words.totals(r, methods).flatMap(([term, value]) => [
      Object.assign(this.doc.createElement("dt"), { textContent: term }),
      Object.assign(this.doc.createElement("dd"), { textContent: value }),
    ]));
    this.totals.hidden = false;
  }

  // The table: made once the game's moves are known, then each cell written when it changes.
  drawTable(model, directions) {
    const rows = model.rows();
    if (this.cells.length !== rows.length) {
      this.cells = rows.map((row) => this.makeRow(row));
      this.rows.replaceChildren(...this.cells.map((c) => c.tr));
    }
    rows.forEach((row, k) => {
      const c = this.cells[k];
      const verdict = row.verdict || "";
      if (c.tr.dataset.verdict !== verdict) {
        c.tr.dataset.verdict = verdict;
        c.tr.className = verdict;
        c.verdict.textContent = words.verdictText(row.verdict);
        c.button.setAttribute("aria-label", words.moveLabel(row, directions));
      }
      setText(c.lost, row.lost === null ? "" : String(row.lost));
      c.tr.dataset.lost = row.lost === null ? "" : String(row.lost);
      setText(c.before, words.distanceText(...row.before));
      setText(c.after, words.distanceText(...row.after));
      c.tr.dataset.before = bounds(row.before);
      c.tr.dataset.after = bounds(row.after);
      setText(c.best, words.bestText(row.best, row.bestMoves || "", Boolean(model.result)));
      c.tr.dataset.best = row.best ? row.best.join(",") : "";
    });
    this.markRow(model.selected);
  }

  makeRow(row) {
    const doc = this.doc;
    const tr = doc.createElement("tr");
    Object.assign(tr.dataset, { number: String(row.number), tile: String(row.tile), move: row.move, undo: String(row.undo) });
    const th = doc.createElement("th");
    th.scope = "row";
    const button = Object.assign(doc.createElement("button"), { type: "button", textContent: `${row.number}. ${words.moveText(row.tile, row.move)}${row.undo ? " (undo)" : ""}` });
    button.dataset.position = String(row.number);
    th.append(button);
    const cell = (cls) => Object.assign(doc.createElement("td"), cls ? { className: cls } : {});
    const c = { tr, button, verdict: cell(""), lost: cell("num"), before: cell("num"), after: cell("num"), best: cell("") };
    tr.append(th, c.verdict, c.lost, c.before, c.after, c.best);
    return c;
  }

  // The row of the move that led to position `i` marked as the one shown.
  markRow(i) {
    const current = i > 0 ? this.cells[i - 1] : null;
    if (this.current === current) return;
    if (this.current) this.current.button.removeAttribute("aria-current");
    this.current = current;
    if (current) current.button.setAttribute("aria-current", "step");
  }

  drawChart(model, directions) {
    const finish = model.finishing;
    const width = Math.min(820, this.chart.clientWidth || 640); // one unit a pixel: the text keeps its size
    this.chart.replaceChildren(drawAnalysisChart(this.doc, { points: model.points(), selected: model.selected, finish, marker: model.marker, width, timing: model.result ? model.result.timing : null }));
    this.chart.setAttribute("aria-valuemax", String(model.moves));
    this.doc.getElementById("analysis-time-key").hidden = !(model.result && model.result.timing);
    this.select(model, directions);
  }

  // The position shown: on the chart's slider, in the table, in the position line.
  select(model, directions) {
    const i = model.selected;
    this.chart.setAttribute("aria-valuenow", String(i));
    this.chart.setAttribute("aria-valuetext", model.known ? words.sliderText(model, i) : words.CHART_LABEL);
    this.panel.dataset.selected = String(i);
    this.markRow(i);
    setText(this.position, model.known ? words.positionLine(model, i, directions) : "");
  }

  // The buttons that depend on the page: `can` says which may be pressed now.
  setButtons(can) {
    for (const [id, button] of Object.entries(this.buttons)) button.disabled = !can[id];
  }

  // A note under the buttons ("try again", the best finish), with its data; "" hides it.
  setNote(text, data = {}) {
    this.note.textContent = text;
    this.note.hidden = !text;
    for (const key of Object.keys(this.note.dataset)) delete this.note.dataset[key];
    Object.assign(this.note.dataset, data);
  }

  setExportState(text) {
    this.exportState.textContent = text;
  }

  // Moves written in a notation, in the read-only box (selected, for copying by hand).
  setWritten(text) {
    this.written.value = text;
    this.written.hidden = false;
  }

  download(name, type, text) {
    download(this.doc, name, type, text);
  }
}

function bounds([lower, upper]) {
  return `${lower ?? ""}:${upper ?? ""}`;
}

// Write `text` into `el` unless it is there already.
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
