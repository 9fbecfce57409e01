// The assignment panel's input: its buttons, fields and file pickers turned into named events
// reported to `report(name, ...values)` (the controller's dispatch, as app/input.js does for the
// rest). A file chosen is reported as it is (a File: its size, and its text read on demand), so
// that the panel refuses one too large before reading it.

export function bindAssignInput(doc, report) {
  const byId = (id) => doc.getElementById(id);
  const on = (id, kind, handler) => byId(id).addEventListener(kind, handler);
  on("assign-check", "click", () => report("assign-check"));
  on("assign-stop", "click", () => report("assign-stop"));
  on("assign-hand-in", "click", () => report("assign-hand-in", byId("assign-name").value));
  on("assign-copy-submission", "click", () => report("assign-copy-submission"));
  on("grade-run", "click", () => report("grade-run"));
  on("grade-stop", "click", () => report("grade-stop"));
  on("grade-csv", "click", () => report("grade-csv"));
  on("grade-markdown", "click", () => report("grade-markdown"));
  on("class-table", "click", (event) => {
    const button = event.target.closest("button[data-evidence]");
    if (button) report("grade-evidence", Number(button.dataset.evidence));
  });
  const readFile = (id, event) => on(id, "change", () => {
    const file = byId(id).files && byId(id).files[0];
    if (!file) return;
    report(event, file);
    byId(id).value = "";
  });
  readFile("grade-assignment-file", "grade-assignment-file");
  readFile("grade-links-file", "grade-links-file");
  on("set-task", "change", () => report("set-task"));
  on("set-form", "submit", (event) => event.preventDefault());
  on("set-copy-link", "click", () => report("set-write", "link"));
  on("set-download", "click", () => report("set-write", "file"));
}
