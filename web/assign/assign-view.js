// The assignment panel's view: the only code that writes its part of the DOM. Everything a
// person or a link wrote (a title, instructions, a name, code, a sentence of Python's) is written
// as text, never as markup. The class table carries its figures in data-* per row (tests and
// benchmarks read them): data-name, data-score, data-seconds, data-note, data-verdicts
// ("name:verdict,..."), data-verdict-<criterion> (its name with "-" for "_") and data-state.

import { download } from "../common/download.js";
import * as words from "./assign-words.js";

export class AssignView {
  constructor(doc) {
    this.doc = doc;
    this.byId = (id) => doc.getElementById(id);
    this.panel = this.byId("assign-panel");
  }

  el(tag, text = null, attrs = {}) {
    const node = this.doc.createElement(tag);
    if (text !== null) node.textContent = text;
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }

  show(id, shown) {
    this.byId(id).hidden = !shown;
  }

  text(id, text) {
    const node = this.byId(id);
    node.textContent = text || "";
    if (node.getAttribute("role") === "alert" || node.classList.contains("message")) node.hidden = !text;
  }

  setState(state) {
    this.panel.dataset.state = state;
  }

  bringIntoView() {
    this.panel.scrollIntoView({ block: "start" });
  }

  // -- do ------------------------------------------------------------------------------------

  showAssignment(read) {
    const a = read.assignment;
    this.show("assign-do", true);
    this.panel.dataset.assignment = read.id;
    this.panel.dataset.task = a.task;
    this.text("assign-do-title", a.title);
    this.text("assign-task", words.taskLine(read));
    const instructions = this.byId("assign-instructions");
    instructions.textContent = a.instructions || "";
    instructions.hidden = !a.instructions;
    const list = this.byId("assign-criteria");
    list.replaceChildren(...read.criteria.map((c) => {
      const item = this.el("li", words.criterionLine(c));
      item.dataset.criterion = c.name;
      item.dataset.weight = String(c.weight);
      return item;
    }));
  }

  hideAssignment() {
    this.show("assign-do", false);
    delete this.panel.dataset.assignment;
    this.showResult("assign-result", null);
  }

  setLinkError(text) {
    this.text("assign-link-error", text);
  }

  setCheckBusy(busy) {
    this.byId("assign-check").disabled = busy;
    this.show("assign-stop", busy);
    if (!busy) this.show("assign-progress", false);
  }

  setCheckStatus(text, state, progress = null) {
    const status = this.byId("assign-status");
    status.textContent = text;
    status.dataset.state = state;
    if (progress) {
      const bar = this.byId("assign-progress");
      bar.hidden = false;
      bar.max = Math.max(progress.total || 1, 1);
      bar.value = Math.min(Number(progress.done) || 0, bar.max);
    }
  }

  // A grade (Python's) in the element `id`: the score, each criterion with its verdict, sentence
  // and evidence, and the boards' counts. `title`: a heading (a student's name), or none.
  showResult(id, grade, title = null) {
    const host = this.byId(id);
    if (!grade) {
      host.replaceChildren();
      host.hidden = true;
      delete host.dataset.score;
      return;
    }
    const parts = [];
    if (title) parts.push(this.el("h3", title));
    const score = this.el("p", words.score(grade), { class: "verdict" });
    parts.push(score);
    const list = this.el("ul", null, { class: "assign-verdicts" });
    for (const c of grade.criteria) {
      const item = this.el("li");
      item.dataset.criterion = c.name;
      item.dataset.verdict = c.verdict;
      item.append(this.el("strong", words.verdictLine(c)));
      const evidence = words.evidenceLines(c.evidence);
      if (evidence.length) {
        const inner = this.el("ul", null, { class: "assign-evidence" });
        inner.append(...evidence.map((line) => this.el("li", line)));
        item.append(inner);
      }
      list.append(item);
    }
    parts.push(list);
    if (Array.isArray(grade.boards) && grade.boards.length) {
      const wrap = this.el("div", null, { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Each board's counts" });
      const table = this.el("table", null, { class: "assign-boards" });
      table.append(this.el("caption", "Each board: A*'s nodes with h and with Manhattan, the solution's length, the shortest, the time"));
      const head = this.el("tr");
      head.append(...words.BOARD_HEADER.map((h) => this.el("th", h, { scope: "col" })));
      table.append(this.el("thead"));
      table.tHead.append(head);
      const body = this.el("tbody");
      for (const b of grade.boards) {
        const tr = this.el("tr");
        tr.dataset.board = String(b.index);
        if (b.nodes !== undefined && b.nodes !== null) tr.dataset.nodes = String(b.nodes);
        tr.append(...words.boardCells(b).map((cell) => this.el("td", cell)));
        body.append(tr);
      }
      table.append(body);
      wrap.append(table);
      parts.push(wrap);
    }
    host.replaceChildren(...parts);
    host.hidden = false;
    host.dataset.score = String(grade.score);
    host.dataset.verdicts = grade.criteria.map((c) => `${c.name}:${c.verdict}`).join(",");
  }

  // -- hand in ---------------------------------------------------------------------------------

  // The longest name a submission takes (Python's info.submission.limits.name).
  setNameLimit(most) {
    this.byId("assign-name").maxLength = most;
  }

  get name() {
    return this.byId("assign-name").value;
  }

  setHandIn(text, link) {
    this.text("assign-hand-in-state", text);
    this.show("assign-submission-out", Boolean(link));
    this.byId("assign-submission-link").value = link || "";
    this.text("assign-copy-state", "");
  }

  setCopyState(text) {
    this.text("assign-copy-state", text);
  }

  // -- a submission opened -----------------------------------------------------------------------

  showSubmission(read, about) {
    this.show("assign-submission", Boolean(read));
    this.text("assign-submission-about", about || "");
    this.byId("assign-submission-code").value = read ? read.code : "";
    if (read) this.panel.dataset.submission = read.assignment_id;
    else delete this.panel.dataset.submission;
  }

  // -- grade -------------------------------------------------------------------------------------

  get gradeInputs() {
    return { assignment: this.byId("grade-assignment").value, links: this.byId("grade-links").value };
  }

  setGradeAssignmentText(text) {
    this.byId("grade-assignment").value = text;
  }

  setGradeLinks(text) {
    this.byId("grade-links").value = text;
  }

  openGrade() {
    this.byId("assign-grade-part").open = true;
  }

  setHolding(text) {
    this.text("grade-holding", text);
  }

  setGradeBusy(busy) {
    this.byId("grade-run").disabled = busy;
    this.show("grade-stop", busy);
    if (!busy) this.show("grade-progress", false);
  }

  setGradeStatus(text, state, done = null, total = null) {
    const status = this.byId("grade-status");
    status.textContent = text;
    status.dataset.state = state;
    if (total !== null) {
      const bar = this.byId("grade-progress");
      bar.hidden = false;
      bar.max = Math.max(total, 1);
      bar.value = Math.min(done, total);
    }
  }

  // The class table from Python's class_table answer (`table`: header, rows), each row with its
  // data-* and a button that opens its evidence.
  showClass(table, names) {
    const node = this.byId("class-table");
    const head = this.el("tr");
    head.append(...table.header.map((h) => this.el("th", h, { scope: "col" })), this.el("th", words.SHOW_EVIDENCE, { scope: "col" }));
    node.tHead.replaceChildren(head);
    const rows = table.rows.map((row, i) => {
      const tr = this.el("tr");
      tr.dataset.row = String(i);
      tr.dataset.name = row.name;
      tr.dataset.score = words.figure(row.score);
      tr.dataset.seconds = words.figure(row.seconds);
      tr.dataset.note = row.note || "";
      tr.dataset.state = row.score === null ? "error" : "graded";
      tr.dataset.verdicts = names.map((name) => `${name}:${row.verdicts[name] ?? ""}`).join(",");
      for (const name of names) tr.setAttribute(`data-verdict-${name.replace(/_/g, "-")}`, row.verdicts[name] ?? "");
      const cells = [row.name, ...names.map((name) => words.VERDICT_WORDS[row.verdicts[name]] ?? ""),
        words.figure(row.score), words.figure(row.seconds), row.note || ""];
      tr.append(...cells.map((cell, j) => this.el(j === 0 ? "th" : "td", cell, j === 0 ? { scope: "row" } : {})));
      const cell = this.el("td");
      const button = this.el("button", words.SHOW_EVIDENCE, { type: "button", "aria-label": words.evidenceLabel(row.name) });
      button.dataset.evidence = String(i);
      cell.append(button);
      tr.append(cell);
      return tr;
    });
    node.tBodies[0].replaceChildren(...rows);
    node.hidden = false;
    node.dataset.rows = String(rows.length);
    this.byId("grade-csv").disabled = false;
    this.byId("grade-markdown").disabled = false;
  }

  clearClass() {
    const node = this.byId("class-table");
    node.tBodies[0].replaceChildren();
    node.hidden = true;
    node.dataset.rows = "0";
    this.byId("grade-csv").disabled = true;
    this.byId("grade-markdown").disabled = true;
    this.showResult("grade-evidence", null);
    this.text("grade-export-state", "");
  }

  // One row's evidence: its grade, or its sentence when it has none.
  showEvidence(title, grade, note) {
    if (grade) this.showResult("grade-evidence", grade, title);
    else {
      const host = this.byId("grade-evidence");
      host.replaceChildren(this.el("h3", title), this.el("p", note || ""));
      host.hidden = false;
      delete host.dataset.score;
    }
    this.byId("grade-evidence").scrollIntoView({ block: "nearest" });
  }

  setExportState(text) {
    this.text("grade-export-state", text);
  }

  download(name, type, text) {
    download(this.doc, name, type, text);
  }
}
