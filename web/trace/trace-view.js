// TraceView: writes "The search over time": a chart, drawn while a search runs, of
// what it is doing (Python's trace, npuzzle/search/trace.py): nodes expanded over time;
// the frontier for best-first searches; for an anytime search the best length and the
// lower bound closing in; and for IDA* and IDDFS the table of iterations (each bound
// with its node count). Its model (Trace, trace.js) keeps the samples and iterations; this
// draws them, at most every REDRAW_MS while they grow, so a long search costs the page little.

import { el, text } from "../common/svg.js";
import { caption } from "./trace-words.js";

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 64, right: 16, top: 12, bottom: 30 };
const REDRAW_MS = 250;

export class TraceView {
  constructor(doc) {
    this.doc = doc;
    this.box = doc.getElementById("trace");
    this.chart = doc.getElementById("trace-chart");
    this.caption = doc.getElementById("trace-caption");
    this.table = doc.querySelector("#trace-iterations tbody");
    this.iterationsBox = doc.getElementById("trace-iterations");
    this.reset();
  }

  reset() {
    clearTimeout(this.timer);
    this.timer = null;
    this.drawn = false;
    this.box.hidden = true;
  }

  // A search started: an empty chart (`trace`: the Trace, its samples and iterations).
  start(trace) {
    this.reset();
    this.box.hidden = false;
    this.draw(trace);
  }

  // The trace grew: it is drawn again soon (at once the first time, then at most every REDRAW_MS).
  grew(trace) {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.box.hidden) this.draw(trace);
    }, this.drawn ? REDRAW_MS : 0);
  }

  // The search ended: its whole trace.
  finish(trace) {
    this.box.hidden = false;
    this.draw(trace);
  }

  draw({ samples: s, iterations, reported }) {
    this.drawn = true;
    const last = s[s.length - 1];
    const anytime = s.some((x) => x.best !== null);
    const frontier = s.some((x) => x.frontier !== null);
    this.caption.textContent = caption(last, { anytime, frontier, reported });
    const series = anytime
      ? [["best", s.map((x) => [x.seconds, x.best])], ["lower", s.map((x) => [x.seconds, x.lower_bound])]]
      : [["expanded", s.map((x) => [x.seconds, x.expanded])], ...(frontier ? [["frontier", s.map((x) => [x.seconds, x.frontier])]] : [])];
    this.box.dataset.kind = anytime ? "anytime" : frontier ? "frontier" : "plain";
    this.chart.replaceChildren(lineChart(this.doc, series, this.caption.textContent));
    this.chart.dataset.points = String(s.length);
    this.iterationsBox.hidden = iterations.length === 0;
    this.table.replaceChildren(...iterations.map((it, i) => row(this.doc, [
      String(i + 1), String(it.bound), it.expanded.toLocaleString("en"), it.generated.toLocaleString("en"),
      (it.seconds * 1000).toFixed(1), it.outcome,
    ])));
  }
}

function row(doc, cells) {
  const tr = doc.createElement("tr");
  cells.forEach((text, i) => {
    const cell = doc.createElement("td");
    cell.textContent = text;
    if (i < 5) cell.className = "num";
    tr.append(cell);
  });
  return tr;
}

// Lines of [x, y] points (y null: no point) on shared axes, the y axis from 0.
function lineChart(doc, series, label) {
  const points = series.flatMap(([, pts]) => pts.filter(([, y]) => y !== null && y !== undefined));
  const maxX = Math.max(1e-3, ...points.map(([x]) => x));
  const maxY = Math.max(1, ...points.map(([, y]) => y));
  const minY = series[0][0] === "best" ? Math.min(...points.map(([, y]) => y), maxY) * 0.9 : 0;
  const px = (x) => PAD.left + (x / maxX) * (WIDTH - PAD.left - PAD.right);
  const py = (y) => HEIGHT - PAD.bottom - ((y - minY) / (maxY - minY || 1)) * (HEIGHT - PAD.top - PAD.bottom);
  const svg = el(doc, "svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": label });
  for (const [y, value] of [[minY, Math.round(minY)], [maxY, Math.round(maxY)]]) {
    svg.append(el(doc, "line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: py(y), y2: py(y), class: "grid" }));
    svg.append(text(doc, PAD.left - 6, py(y) + 4, value.toLocaleString("en"), "axis", "end"));
  }
  svg.append(text(doc, PAD.left, HEIGHT - 8, "0 s", "axis", "start"));
  svg.append(text(doc, WIDTH - PAD.right, HEIGHT - 8, `${maxX.toFixed(2)} s`, "axis", "end"));
  for (const [name, pts] of series) {
    const d = pts.filter(([, y]) => y !== null && y !== undefined).map(([x, y], i) => `${i ? "L" : "M"}${px(x).toFixed(1)},${py(y).toFixed(1)}`).join("");
    if (d) svg.append(el(doc, "path", { d, class: `series ${name}` }));
  }
  return svg;
}
