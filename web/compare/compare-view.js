// CompareView: writes the comparison panel: a table of every algorithm and
// heuristic run, and a bar chart of nodes expanded on a log scale (SVG),
// so the cost of a weak heuristic is seen, not read; the chart as a stand-alone SVG file, for
// a class; and the files the Comparison exports (its model, comparison-table.js, makes them).

import { download } from "../common/download.js";
import { bringIntoView } from "../common/into-view.js";
import { SVG, el, text } from "../common/svg.js";
import * as words from "./compare-words.js";

export class CompareView {
  constructor(doc) {
    this.doc = doc;
    this.panel = doc.getElementById("compare-panel");
    this.status = doc.getElementById("compare-status");
    this.body = doc.querySelector("#compare-table tbody");
    this.chart = doc.getElementById("compare-chart");
    this.exports = doc.getElementById("compare-exports");
    this.limits = doc.getElementById("compare-limits");
  }

  show(text) {
    this.panel.hidden = false;
    this.status.textContent = text;
  }

  // The limits each run has, said under the table's caption.
  setLimits(text) {
    this.limits.textContent = text;
  }

  // The panel closed, emptied.
  hide() {
    this.panel.hidden = true;
    this.status.textContent = "";
    this.body.replaceChildren();
    this.chart.replaceChildren();
    this.exports.hidden = true;
  }

  // The panel's top on screen (a comparison started).
  bringIntoView() {
    bringIntoView(this.panel);
  }

  // Python's results, named by `labelOf` (wording.namesFrom(info)).
  render(results, labelOf) {
    this.body.replaceChildren(...results.map((r) => this.row(r, labelOf)));
    this.drawChart(results, labelOf);
    this.exports.hidden = results.length === 0;
  }

  // The table's headers, as the page shows them (the Markdown export's).
  headers() {
    return [...this.doc.querySelectorAll("#compare-table thead th")].map((th) => th.textContent);
  }

  // The chart as a stand-alone SVG file (its colours written in, since the page's stylesheet
  // does not go with it).
  svg() {
    const chart = this.chart.querySelector("svg");
    if (!chart) return "";
    const copy = chart.cloneNode(true);
    copy.setAttribute("xmlns", SVG);
    const style = this.doc.createElementNS(SVG, "style");
    style.textContent = CHART_STYLE;
    copy.prepend(style);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
  }

  // Offer `text` as a file called `name`.
  download(name, type, text) {
    download(this.doc, name, type, text);
  }

  setExportState(text) {
    this.doc.getElementById("compare-export-state").textContent = text;
  }

  row(r, labelOf) {
    const tr = this.doc.createElement("tr");
    const cells = words.cells(r, labelOf);
    cells.forEach((text, i) => {
      const cell = this.doc.createElement(i === 0 ? "th" : "td");
      if (i === 0) cell.scope = "row";
      cell.textContent = text;
      if (i >= 2) cell.className = "num";
      tr.append(cell);
    });
    if (r.stopped) tr.classList.add("stopped");
    return tr;
  }

  drawChart(results, labelOf) {
    const barHeight = 18;
    const gap = 6;
    const labelWidth = 290;
    const width = 720;
    const plot = width - labelWidth - 70;
    const maxNodes = Math.max(10, ...results.map((r) => r.expanded));
    const decades = Math.ceil(Math.log10(maxNodes));
    const scale = (n) => (Math.log10(Math.max(1, n)) / decades) * plot;
    const height = results.length * (barHeight + gap) + 30;
    const svg = this.doc.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", words.CHART_LABEL);
    for (let d = 0; d <= decades; d++) {
      const x = labelWidth + (d / decades) * plot;
      svg.append(el(this.doc, "line", { x1: x, x2: x, y1: 0, y2: height - 20, class: "grid" }));
      svg.append(text(this.doc, x, height - 6, d === 0 ? "1" : `1e${d}`, "axis", "middle"));
    }
    results.forEach((r, i) => {
      const y = i * (barHeight + gap);
      const name = words.pair(r, labelOf);
      // A name longer than the label column is cut (whole in its tooltip and in the table).
      const label = text(this.doc, labelWidth - 8, y + barHeight - 5, name.length > 40 ? `${name.slice(0, 39)}\u2026` : name, "label", "end");
      if (name.length > 40) label.append(Object.assign(el(this.doc, "title", {}), { textContent: name }));
      svg.append(label);
      const kind = r.stopped ? "stopped" : r.optimal ? "optimal" : "other";
      svg.append(el(this.doc, "rect", { x: labelWidth, y, width: Math.max(1, scale(r.expanded)), height: barHeight, class: `bar ${kind}` }));
      svg.append(text(this.doc, labelWidth + scale(r.expanded) + 6, y + barHeight - 5, r.expanded.toLocaleString("en"), "value", "start"));
    });
    this.chart.replaceChildren(svg);
  }
}

// The chart's classes, for the downloaded file (the page's own colours are in style.css).
const CHART_STYLE = `
  text { font: 12px system-ui, sans-serif; fill: #1f2630; }
  .grid { stroke: #c9d1db; stroke-width: 1; }
  .bar.optimal { fill: #2f8f5b; } .bar.other { fill: #c08a1e; } .bar.stopped { fill: #b54747; }
`;
