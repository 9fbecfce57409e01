// CompareView: writes the comparison panel: a table of every algorithm and
// heuristic run, and a bar chart of nodes expanded on a log scale (SVG),
// so the cost of a weak heuristic is seen, not read.

const SVG = "http://www.w3.org/2000/svg";

export class CompareView {
  constructor(doc) {
    this.doc = doc;
    this.panel = doc.getElementById("compare-panel");
    this.status = doc.getElementById("compare-status");
    this.body = doc.querySelector("#compare-table tbody");
    this.chart = doc.getElementById("compare-chart");
  }

  show(text) {
    this.panel.hidden = false;
    this.status.textContent = text;
  }

  render(results, labelOf) {
    this.body.replaceChildren(...results.map((r) => this.row(r, labelOf)));
    this.drawChart(results, labelOf);
  }

  row(r, labelOf) {
    const tr = this.doc.createElement("tr");
    const stopped = r.stopped ? ` (${r.stopped.replace("-", " ")})` : "";
    const cells = [
      labelOf.algorithm(r.algorithm),
      r.heuristic ? labelOf.heuristic(r.heuristic) : "\u2014",
      r.length === null ? `\u2014${stopped}` : String(r.length),
      r.quality_short,
      r.expanded.toLocaleString("en"),
      r.generated.toLocaleString("en"),
      r.max_frontier.toLocaleString("en"),
      (r.seconds * 1000).toFixed(1),
    ];
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
    svg.setAttribute("aria-label", "Nodes expanded by each algorithm and heuristic, log scale");
    for (let d = 0; d <= decades; d++) {
      const x = labelWidth + (d / decades) * plot;
      svg.append(el(this.doc, "line", { x1: x, x2: x, y1: 0, y2: height - 20, class: "grid" }));
      svg.append(text(this.doc, x, height - 6, d === 0 ? "1" : `1e${d}`, "axis", "middle"));
    }
    results.forEach((r, i) => {
      const y = i * (barHeight + gap);
      const name = `${labelOf.algorithm(r.algorithm)}${r.heuristic ? ` \u00b7 ${labelOf.heuristic(r.heuristic)}` : ""}`;
      svg.append(text(this.doc, labelWidth - 8, y + barHeight - 5, name, "label", "end"));
      const kind = r.stopped ? "stopped" : r.optimal ? "optimal" : "other";
      svg.append(el(this.doc, "rect", { x: labelWidth, y, width: Math.max(1, scale(r.expanded)), height: barHeight, class: `bar ${kind}` }));
      svg.append(text(this.doc, labelWidth + scale(r.expanded) + 6, y + barHeight - 5, r.expanded.toLocaleString("en"), "value", "start"));
    });
    this.chart.replaceChildren(svg);
  }
}

function el(doc, name, attrs) {
  const node = doc.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function text(doc, x, y, content, cls, anchor) {
  const node = el(doc, "text", { x, y, class: cls, "text-anchor": anchor });
  node.textContent = content;
  return node;
}
