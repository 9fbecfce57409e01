// The analysis's input: its buttons, menus, chart and table turned into named events reported to
// `report(name, ...values)` (the controller's dispatch, as app/input.js does for the rest of the
// page). No event object or element leaves it: a click on the chart is reported as the position
// nearest it, a key as its name (and the event is taken only if the route used it).

import { positionAt } from "./analysis-chart.js";

export function bindAnalysisInput(doc, report) {
  const byId = (id) => doc.getElementById(id);
  const on = (id, kind, handler) => byId(id).addEventListener(kind, handler);

  on("analyse-moves", "click", () => report("analyse-played"));
  on("analyse-solution", "click", () => report("analyse-solution"));
  on("analyse-text", "click", () => report("analyse-text", byId("analysis-moves").value, byId("analysis-notation").value));
  on("analysis-notation", "change", () => report("analysis-notation", byId("analysis-notation").value));
  on("analysis-undos", "change", () => report("analysis-undos", byId("analysis-undos").value));
  on("analysis-stop", "click", () => report("cancel"));
  on("analysis-previous-mistake", "click", () => report("analysis-mistake", -1));
  on("analysis-next-mistake", "click", () => report("analysis-mistake", 1));
  on("analysis-finish", "click", () => report("analysis-finish"));
  on("analysis-try", "click", () => report("analysis-try"));
  on("analysis-copy-markdown", "click", () => report("analysis-export", "markdown"));
  on("analysis-download-csv", "click", () => report("analysis-export", "csv"));
  on("analysis-write-moves", "click", () => report("analysis-write", "moves", byId("analysis-write-notation").value));
  on("analysis-write-finish", "click", () => report("analysis-write", "finish", byId("analysis-write-notation").value));
  // The chart: a point clicked, or the position nearest the click.
  on("analysis-chart", "click", (event) => {
    const point = event.target.closest && event.target.closest("[data-position]");
    const svg = byId("analysis-chart").querySelector("svg");
    const at = point ? Number(point.dataset.position) : svg ? positionAt(svg, svg.getBoundingClientRect(), event.clientX) : null;
    if (at !== null) report("analysis-select", at);
  });
  // The chart is a slider: its keys are its own (not the replay's page-wide arrows).
  on("analysis-chart", "keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (report("analysis-key", event.key)) {
      event.preventDefault();
      event.stopPropagation();
    }
  });
  on("analysis-table", "click", (event) => {
    const button = event.target.closest("button[data-position]");
    if (button) report("analysis-select", Number(button.dataset.position));
  });
}
