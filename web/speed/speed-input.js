// The speed-solving panel's input: its buttons and menus turned into named events reported to
// `report(name, ...values)` (the controller's dispatch, as app/input.js does for the rest).

export function bindSpeedInput(doc, report) {
  const byId = (id) => doc.getElementById(id);
  const on = (id, kind, handler) => byId(id).addEventListener(kind, handler);
  on("all-optimal", "click", () => report("all-optimal"));
  on("shorten", "click", () => report("shorten"));
  on("speed-stop", "click", () => report("cancel"));
  on("all-optimal-sort", "change", () => report("all-optimal-sort", byId("all-optimal-sort").value));
  on("all-optimal-previous", "click", () => report("all-optimal-page", -1));
  on("all-optimal-next", "click", () => report("all-optimal-page", 1));
  on("all-optimal-table", "click", (event) => {
    const button = event.target.closest("button[data-solution]");
    if (button) report("all-optimal-show", Number(button.dataset.solution));
  });
  on("shorten-show", "click", () => report("shorten-show"));
  on("replay-open", "click", () => report("replay-open", byId("replay-text").value));
  on("replay-write", "click", () => report("replay-write"));
  on("replay-download", "click", () => report("replay-download"));
  on("moves-run", "click", () => report("moves-transform", {
    moves: byId("moves-text").value, notation: byId("moves-notation").value,
    action: byId("moves-action").value, to: byId("moves-to").value,
  }));
}
