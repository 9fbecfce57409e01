// AssignPanel: a teacher's assignment by link (issue 39), the page's side. Python reads, writes,
// judges and tabulates (npuzzle/assign/, the web API's assignment_* and submission_* ops and
// class_table); this feature carries the text and runs the flow of each grade (grading.js):
// - Do: an `assignment=` link shows the task, the instructions (as text), the criteria and their
//   weights, and gives the starter code (or the work kept for this assignment in this browser) to
//   the code panel's editor, which runs it only after the person's consent, as a link's code.
//   "Check against the assignment" grades the editor's code: the judge in the solver's worker,
//   the answers from the sandbox; each criterion's verdict, sentence and evidence, the score.
// - Hand in: the name typed and the code as a submission link (submission_write).
// - A `submission=` link is shown read-only; what it claims is never shown as a result.
// - Grade: the assignment held (a link or file, the one open, or Set's), submission links pasted or
//   loaded, each graded in turn in a fresh sandboxed worker; the class table is Python's
//   (class_table), with each row's evidence a click away, as CSV and Markdown.
// - Set: a form whose values Python reads (assignment_write), refusals shown at their field.

import { gradeCode } from "./grading.js";
import * as words from "./assign-words.js";
import { WorkStore } from "./work-store.js";

// What a link's address may add to its value (the site's address and `#submission=`), in characters.
const URL_ROOM = 4096;

export class AssignPanel {
  // `setView`: the Set form's (set-view.js); `storage`: where a student's work is kept per assignment
  // (the window's localStorage, or null); `location`: the page's address (for links), `now()`: ms.
  constructor({ view, setView, storage = null, location = null, now = () => performance.now() }) {
    Object.assign(this, { view, setView, location, now });
    this.work = new WorkStore(storage);
    this.app = null;
    this.pending = null; // {assignment, submission}: a link's values, until Python can read them
    this.opened = null; // the latest such values (a reading of older ones is dropped)
    this.doing = null; // the assignment open for the student (Python's assignment_read answer)
    this.given = null; // the code given to the editor for it, once the editor holds it (only then is its work kept)
    this.saved = null; // the text last saved
    this.viewing = null; // a submission opened by its link (submission_read's answer)
    this.checking = null; // the running check's grade run
    this.submission = null; // the last hand-in's link
    this.grading = null; // {stopped, run}: the class being graded
    this.teacher = null; // the assignment the teacher grades against
    this.rows = []; // class_table's rows as sent: {name, grade?, flag?, error?}
    this.table = null; // class_table's last answer
    this.written = null; // the assignment Set wrote last (assignment_write's answer)
    this.filled = false;
  }

  routes(app) {
    this.app = app;
    return {
      "assign-check": () => this.check(),
      "assign-stop": () => this.stopCheck(),
      "assign-hand-in": (name) => this.handIn(name),
      "assign-copy-submission": () => this.copy(this.submission, (t) => this.view.setCopyState(t)),
      "grade-run": () => this.gradeClass(),
      "grade-stop": () => this.stopGrading(),
      "grade-csv": () => this.table && this.view.download("npuzzle-class.csv", "text/csv", this.table.csv),
      "grade-markdown": () => this.table && this.copy(this.table.markdown, (t) => this.view.setExportState(t), words.MARKDOWN_COPIED),
      "grade-evidence": (i) => this.evidence(i),
      "grade-assignment-file": (file) => this.loadFile(file, "assignment"),
      "grade-links-file": (file) => this.loadFile(file, "links"),
      "set-task": () => this.setView.filterCriteria(),
      "set-write": (how) => this.write(how),
    };
  }

  get which() {
    return this.doing && this.doing.assignment.task === "search" ? "search" : "heuristic";
  }

  // -- links ---------------------------------------------------------------------------------

  linkOpened(link) {
    const carried = link.assignment || {};
    if (!carried.assignment && !carried.submission) return;
    this.stopCheck();
    this.doing = null;
    this.viewing = null;
    this.given = null;
    this.view.hideAssignment();
    this.view.showSubmission(null);
    this.view.setLinkError("");
  }

  linkRead(link) {
    const carried = link.takeAssignment();
    if (carried.assignment || carried.submission) this.pending = this.opened = carried;
  }

  linkFields() {
    if (this.viewing) return { submission: this.viewing.link_value };
    return this.doing ? { assignment: this.doing.link_value } : {};
  }

  async openPending() {
    const { assignment, submission } = this.pending;
    const pending = this.pending;
    this.pending = null;
    const stale = () => this.opened !== pending; // another link came meanwhile
    if (assignment) {
      const reply = await this.app.ask({ op: "assignment_read", text: assignment }).answer;
      if (stale()) return;
      if (!reply.ok) return this.view.setLinkError(words.refusedReading("assignment", reply.error.message));
      this.open(reply);
    }
    if (submission) {
      const reply = await this.app.ask({ op: "submission_read", text: submission }).answer;
      if (stale()) return;
      if (!reply.ok) return this.view.setLinkError(words.refusedReading("submission", reply.error.message));
      this.viewing = reply;
      const title = reply.submission && reply.submission.assignment ? reply.submission.assignment.title : "";
      this.view.showSubmission(reply, words.submissionShown(reply, title));
      this.view.setGradeLinks(this.linkTo("submission", reply.link_value));
      this.app.changed();
    }
  }

  // The student's assignment: shown, and its code (the work kept, else the starter) in the editor.
  open(read) {
    this.doing = read;
    this.view.showAssignment(read);
    this.view.setCheckStatus("", "idle");
    const info = this.app.info();
    const starter = read.assignment.starter_code || (info ? info.templates[this.which].code : "");
    const kept = this.work.load(read.id);
    const text = kept ?? starter;
    const whose = kept !== null && kept !== undefined ? "kept" : read.assignment.starter_code ? "starter" : "template";
    this.given = null;
    this.saved = text;
    // Kept from the moment the editor holds it (the code panel answers once it does).
    Promise.all(this.app.collect("codeGiven", this.which, text, whose)).then(() => {
      if (this.doing === read) this.given = text;
    }, () => {});
    this.app.changed();
  }

  // The editor's work, kept for this assignment once the editor holds what was given (the
  // starter code itself is no work to keep).
  keep() {
    if (!this.doing || this.given === null) return;
    const [text] = this.app.collect("codeText", this.which);
    if (!text || text.code === this.saved) return;
    this.saved = text.code;
    this.work.save(this.doing.id, text.code);
  }

  update() {
    if (this.pending && this.app.ready()) this.openPending();
    const info = this.app.info();
    if (info && !this.filled) {
      this.filled = true;
      this.setView.setLimits(info.assignment);
      this.setView.fillCriteria(info.assignment.criteria);
      this.view.setNameLimit(info.submission.limits.name);
    }
    this.keep();
  }

  // -- do: check ---------------------------------------------------------------------------

  async check() {
    if (this.checking || !this.doing) return;
    const [text] = this.app.collect("codeText", this.which);
    if (!text) return;
    if (!text.allowed) return this.view.setCheckStatus(words.consentFirst(), "consent");
    const read = this.doing;
    this.view.setCheckBusy(true);
    this.view.setState("checking");
    this.view.showResult("assign-result", null);
    this.view.setCheckStatus(words.CHECK_STARTING, "checking");
    const run = gradeCode({
      judge: this.app.judge, code: this.app.code, assignment: read.assignment, task: read.assignment.task, text: text.code, now: this.now,
      onProgress: (p) => { if (this.checking === run) this.view.setCheckStatus(words.progress(p, read.boards.length), "checking", { done: p.boards, total: read.boards.length }); },
    });
    this.checking = run;
    const reply = await run.answer;
    if (this.checking !== run) return;
    this.checking = null;
    this.view.setCheckBusy(false);
    this.view.setState("checked");
    if (!reply || !reply.ok || !reply.grade) {
      this.view.setCheckStatus(words.refusedReading("check", reply && reply.error ? reply.error.message : "no answer"), "failed");
      return;
    }
    this.view.setCheckStatus(run.failures.length ? words.codeFailed(run.failures[0]) : "", reply.grade.stopped ? "stopped" : "done");
    this.view.showResult("assign-result", reply.grade);
  }

  stopCheck() {
    const run = this.checking;
    if (!run) return;
    this.view.setCheckStatus(words.STOPPING, "stopping");
    run.stop(words.STOPPED);
  }

  // -- hand in -------------------------------------------------------------------------------

  async handIn(name) {
    if (!this.doing) return;
    if (!String(name || "").trim()) return this.view.setHandIn(words.NAME_NEEDED, null);
    const [text] = this.app.collect("codeText", this.which);
    const reply = await this.app.ask({ op: "submission_write", assignment: this.doing.assignment, name, code: text ? text.code : "" }).answer;
    if (!reply.ok) return this.view.setHandIn(reply.error.message, null);
    this.submission = this.linkTo("submission", reply.link_value);
    this.view.setHandIn(words.HAND_IN_DONE, this.submission);
  }

  // The page's address with only `key`=`value` in its fragment.
  linkTo(key, value) {
    const base = this.location ? this.location.href.split("#")[0] : "";
    return `${base}#${key}=${value}`;
  }

  async copy(text, say, done = words.COPIED) {
    if (!text) return;
    const copied = await this.app.copy(text).then(() => true, () => false);
    say(copied ? done : words.COPY_REFUSED);
  }

  // -- grade ---------------------------------------------------------------------------------

  // A file the teacher chose (a File): the assignment (read at once, and what it holds said) or
  // the submission links; one larger than any the page could read is refused unread.
  async loadFile(file, what) {
    const info = this.app.info();
    const say = (text) => (what === "assignment" ? this.view.setHolding(text) : this.view.setGradeStatus(text, "failed"));
    const most = !info ? Infinity : what === "assignment"
      ? Math.max(info.assignment.limits.json_bytes, info.link.assignment) + URL_ROOM
      : info.assignment.class_max_rows * (info.link.submission + URL_ROOM);
    if (!(file.size <= most)) return say(words.fileTooLarge(file.size, most));
    let text;
    try {
      text = await file.text();
    } catch (error) {
      return say(words.fileRefused(String((error && error.message) || error)));
    }
    if (what === "links") return this.view.setGradeLinks(text);
    this.view.setGradeAssignmentText(text);
    const held = await this.hold(text);
    if (held) this.view.setHolding(words.loaded(held.assignment.title, held.id));
  }

  // The assignment the teacher holds: the text pasted or loaded, else the one open, else the one
  // Set wrote last, else a submission's own (one opened by its link).
  async hold(text) {
    if (text.trim()) {
      const reply = await this.app.ask({ op: "assignment_read", text: text.trim() }).answer;
      if (!reply.ok) {
        this.view.setHolding(words.refusedReading("assignment", reply.error.message));
        return null;
      }
      return reply;
    }
    if (this.doing || this.written) return this.doing || this.written;
    const own = this.viewing && this.viewing.submission ? this.viewing.submission.assignment : null;
    const reply = own ? await this.app.ask({ op: "assignment_read", assignment: own }).answer : null;
    if (!reply || !reply.ok) this.view.setHolding(words.HOLD_FIRST);
    return reply && reply.ok ? reply : null;
  }

  async gradeClass() {
    if (this.grading) return;
    const info = this.app.info();
    if (!info || !this.app.ready()) return;
    const inputs = this.view.gradeInputs;
    // Each non-blank line with its number as the teacher sees it (blank lines counted).
    const lines = inputs.links.split(/\r?\n/).map((text, at) => ({ text: text.trim(), at })).filter((line) => line.text);
    if (!lines.length) return this.view.setGradeStatus(words.NO_LINKS, "failed");
    const most = info.assignment.class_max_rows;
    if (lines.length > most) return this.view.setGradeStatus(words.tooManyLinks(lines.length, most), "failed");
    const grading = { stopped: false, run: null };
    this.grading = grading;
    this.view.setGradeBusy(true);
    this.view.setState("grading");
    const teacher = await this.hold(inputs.assignment);
    if (!teacher) {
      this.grading = null;
      this.view.setGradeBusy(false);
      this.view.setState("idle");
      return;
    }
    this.teacher = teacher;
    this.view.setHolding(words.holding(teacher.assignment.title, teacher.id));
    this.view.clearClass();
    this.rows = [];
    this.table = null;
    const began = this.now();
    const seen = new Map(); // each submission read so far (its link value): {at, row}, and each code: {at, name}
    for (const [i, line] of lines.entries()) {
      if (grading.stopped) {
        this.rows.push({ name: words.lineName(line.at), error: words.NOT_GRADED_STOPPED });
        continue;
      }
      this.view.setGradeStatus(words.gradingRow(i, lines.length, ""), "grading", i, lines.length);
      this.rows.push(await this.gradeOne(teacher, line, i, lines.length, grading, seen));
      await this.tabulate();
    }
    await this.tabulate();
    this.grading = null;
    this.view.setGradeBusy(false);
    this.view.setState("graded");
    const seconds = (this.now() - began) / 1000;
    const done = this.rows.filter((row) => row.error !== words.NOT_GRADED_STOPPED).length;
    this.view.setGradeStatus(grading.stopped ? words.gradeStopped(done, lines.length) : words.graded(lines.length, seconds), grading.stopped ? "stopped" : "done", lines.length, lines.length);
  }

  // One submission's row: {name, grade?, flag?, error?}; a malformed link, a crash, a hang, a memory
  // blow-up or endless printing is a sentence in its row, the other rows unaffected.
  // The same submission again (the same link value, however the line wrote it) is not run again:
  // its row repeats the grade, flagged; the same code under another name is graded and flagged.
  async gradeOne(teacher, line, i, n, grading, seen) {
    const read = await this.app.ask({ op: "submission_read", text: line.text, assignment: teacher.assignment }).answer;
    if (!read.ok) return { name: words.lineName(line.at), error: words.malformed(read.error.message) };
    const name = read.name;
    const again = seen.get(`submission:${read.link_value}`);
    if (again) return { ...again.row, flag: [again.row.flag, words.sameSubmission(again.at)].filter(Boolean).join("; ") };
    const twin = seen.get(`code:${read.code}`);
    const row = await this.gradeRead(teacher, read, i, n, grading);
    if (twin) row.flag = [row.flag, words.sameCode(twin.name, twin.at)].filter(Boolean).join("; ");
    seen.set(`submission:${read.link_value}`, { at: line.at, row });
    if (!twin) seen.set(`code:${read.code}`, { at: line.at, name });
    return row;
  }

  async gradeRead(teacher, read, i, n, grading) {
    const name = read.name;
    this.view.setGradeStatus(words.gradingRow(i, n, name), "grading", i, n);
    const run = gradeCode({
      judge: this.app.judge, code: this.app.code, assignment: teacher.assignment, task: teacher.assignment.task, text: read.code, now: this.now,
      onProgress: (p) => { if (grading.run === run) this.view.setGradeStatus(`${words.gradingRow(i, n, name)} ${words.progress(p, teacher.boards.length)}`, "grading", i, n); },
    });
    grading.run = run;
    const reply = await run.answer;
    grading.run = null;
    const row = { name, flag: read.flag || null };
    if (!reply || !reply.ok || !reply.grade) return { ...row, error: reply && reply.error ? reply.error.message : "no answer" };
    if (run.failures.length) row.error = words.codeFailed(run.failures[0]);
    return { ...row, grade: reply.grade };
  }

  async tabulate() {
    if (!this.teacher) return;
    const reply = await this.app.ask({ op: "class_table", assignment: this.teacher.assignment, rows: this.rows }).answer;
    if (!reply.ok) return this.view.setGradeStatus(reply.error.message, "failed");
    this.table = reply;
    this.view.showClass(reply, this.teacher.assignment.criteria.map((c) => c.name));
  }

  stopGrading() {
    const grading = this.grading;
    if (!grading || grading.stopped) return;
    grading.stopped = true;
    this.view.setGradeStatus(words.STOPPING, "stopping");
    if (grading.run) grading.run.stop(words.STOPPED);
  }

  evidence(i) {
    const row = this.rows[i];
    if (!row) return;
    const note = [row.flag, row.error].filter(Boolean).join("; ");
    this.view.showEvidence(words.evidenceTitle(row.name), row.grade || null, note);
  }

  // -- set -------------------------------------------------------------------------------------

  async write(how) {
    const info = this.app.info();
    if (!info) return;
    const fields = this.setView.fields;
    const which = fields.task === "search" ? "search" : "heuristic";
    const [text] = this.app.collect("codeText", which);
    const template = info.templates[which].code;
    const code = text && text.code !== template ? text.code : "";
    const assignment = { format: info.assignment.format, version: info.assignment.version, ...fields, starter_code: code };
    const reply = await this.app.ask({ op: "assignment_write", assignment }).answer;
    if (!reply.ok) {
      this.setView.setError(reply.error.key || reply.error.field, reply.error.message);
      this.setView.setState(words.setRefused(reply.error.message));
      return;
    }
    this.setView.setError(null, "");
    this.written = reply; // the assignment a Grade with no assignment pasted grades against
    const link = this.linkTo("assignment", reply.link_value);
    this.setView.setState(words.SET_DONE, link);
    if (how === "file") this.view.download(`${reply.id}.json`, "application/json", reply.file);
    else this.copy(link, (t) => this.setView.setState(`${words.SET_DONE} ${t}`, link));
  }
}
