// The assignment panel's sentences (issue 39): the Do part (the task, the check against the
// assignment, its verdicts and evidence), Hand in, a submission shown, the Grade part (consent,
// progress, the class table's rows) and the Set part. Every verdict, count and sentence of a
// grade is Python's; these only frame them.

import { formatCount } from "../common/wording.js";

const tileList = (tiles) => (Array.isArray(tiles) ? tiles.join(",") : String(tiles));

// "Task: a heuristic, h(tiles, goal, rows, cols), judged on 6 boards of 3x3 (blank last); at most 10 s a board."
export function taskLine(read) {
  const a = read.assignment;
  const what = a.task === "search" ? "a search, search(problem)" : "a heuristic, h(tiles, goal, rows, cols)";
  const boards = Array.isArray(read.boards) ? read.boards.length : 0;
  const goal = String(a.goal).replace("-", " ");
  return `Task: ${what}, judged on ${formatCount(boards)} ${boards === 1 ? "board" : "boards"} of ${a.size} (${goal}); at most ${a.time_limit} s a board.`;
}

// A criterion as the Do part lists it: "Admissible (weight 2): h never exceeds ..." with its parameters.
export function criterionLine(c) {
  const params = Object.entries(c).filter(([key]) => !["name", "weight", "label", "description"].includes(key));
  const said = params.length ? ` (${params.map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ")})` : "";
  return `${c.label}${said}, weight ${c.weight}: ${c.description}`;
}

// Why the code's worker is ended, or its answer not taken, during a grade (grading.js).
export const GRADER_DONE = "the grader had what it needed from it";
export const OUT_OF_ORDER = "your code's worker answered with h's values out of their order";

export const NO_ASSIGNMENT = "No assignment is open: open an assignment link, or load one under Grade a class.";
export const CHECK_STARTING = "Checking against the assignment\u2026";
export const STOPPING = "Stopping\u2026";
export const STOPPED = "Stopped: the criteria not judged yet are not judged.";

export function consentFirst() {
  return "The code in the editor came with the assignment (someone else wrote it): read it under Your code and press Run in the notice at the top before checking it.";
}

export function refusedReading(what, message) {
  return `This ${what} could not be opened: ${message}`;
}

// A judge's progress report (`total`: the assignment's boards): "Counting A*'s nodes: board 2 of 6, 1.2 s".
export function progress(p, total) {
  const stage = { check: "Checking h on every state", astar: "Counting A*'s nodes", search: "Running the search", done: "Finishing" }[p.stage] || "Grading";
  const board = Number.isInteger(p.board) && p.stage !== "check" ? `: board ${p.board + 1} of ${total}` : "";
  const waiting = p.waiting ? ", waiting for the code" : "";
  const seconds = Number.isFinite(p.seconds) ? `, ${p.seconds.toFixed(1)} s` : "";
  return `${stage}${board}${waiting}${seconds}`;
}

export function score(grade) {
  return `Score: ${grade.score}% (${grade.passed_weight} of ${grade.total_weight} weight passed)${grade.stopped ? " (stopped before the end)" : ""}`;
}

// A figure of the class table as its CSV and Markdown write it (Python's "%g": six significant digits).
export function figure(value) {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
}

export const VERDICT_WORDS = { pass: "pass", fail: "fail", "not-judged": "not judged" };

export function verdictLine(c) {
  return `${c.label} (weight ${c.weight}): ${VERDICT_WORDS[c.verdict] || c.verdict}${c.sampled ? ", sampled" : ""}. ${c.sentence}`;
}

// A criterion's evidence as lines of text ("board: 1,2,3,...", "h: 7", ...); never markup.
export function evidenceLines(evidence) {
  if (!evidence || typeof evidence !== "object") return [];
  const lines = [];
  for (const [key, value] of Object.entries(evidence)) {
    const name = key.replace(/_/g, " ");
    if (Array.isArray(value) && value.every((v) => typeof v === "number")) lines.push(`${name}: ${tileList(value)}`);
    else if (value !== null && typeof value === "object") lines.push(`${name}: ${JSON.stringify(value)}`);
    else lines.push(`${name}: ${value}`);
  }
  return lines;
}

// The boards' columns: index, board, A* nodes with h, with Manhattan, length, seconds.
export const BOARD_HEADER = ["#", "Board", "Nodes", "Manhattan's nodes", "Length", "Shortest", "Seconds", "Problem"];
export function boardCells(b) {
  const n = (v) => (v === null || v === undefined ? "" : typeof v === "number" ? formatCount(v) : String(v));
  const seconds = Number.isFinite(b.seconds) ? `${b.seconds.toFixed(3)}${b.estimated ? " (estimated)" : ""}` : "";
  return [String((b.index ?? 0) + 1), tileList(b.tiles), n(b.nodes), n(b.manhattan_nodes), n(b.length), n(b.optimal), seconds, b.problem || ""];
}

// -- hand in -------------------------------------------------------------------------------

export const NAME_NEEDED = "Type your name first: it goes with your submission.";
export const HAND_IN_DONE = "Your submission link is below: copy it and send it to your teacher. It carries your code, your name and the assignment; nothing in it is trusted: your teacher grades the code again.";
export const COPIED = "Copied.";
export const COPY_REFUSED = "The browser refused the clipboard: select the link and copy it.";

// A submission opened by its link: whose, for what, and that what it claims is no result.
export function submissionShown(read, title) {
  const flag = read.flag ? ` ${read.flag}` : "";
  return `A submission by ${read.name} for \u201c${title}\u201d (assignment ${read.assignment_id}). It is shown read-only; what it claims about itself is not shown: only grading its code says how it does (Grade a class, below).${flag}`;
}

// -- grade ---------------------------------------------------------------------------------

export const GRADE_CONSENT = "Grade runs each submission's code in the sandbox: no network, no storage, nothing of this page; one submission at a time, each in a fresh worker. Pressing Grade is your consent to run it.";
export const NO_LINKS = "Paste at least one submission link, one per line, or load a text file of them.";
export function tooManyLinks(count, most) {
  return `${formatCount(count)} submission links is more than the ${formatCount(most)} a class table holds.`;
}
export function gradingRow(i, n, name) {
  return `Grading ${i + 1} of ${n}${name ? `: ${name}` : ""}\u2026`;
}
export function graded(n, seconds) {
  return `Graded ${formatCount(n)} ${n === 1 ? "submission" : "submissions"} in ${seconds.toFixed(1)} s.`;
}
export function gradeStopped(done, n) {
  return `Grading stopped after ${formatCount(done)} of ${formatCount(n)} submissions.`;
}
export function lineName(i) {
  return `(line ${i + 1})`;
}
// A row that repeats an earlier line's submission (`at`: that line's index), and one whose code is
// another name's.
export function sameSubmission(at) {
  return `the same submission as ${lineName(at)}: graded once`;
}
export function sameCode(name, at) {
  return `the same code as ${name}'s ${lineName(at)}`;
}
export function malformed(message) {
  return `not a submission link: ${message}`;
}
export function codeFailed(message) {
  return `its code failed: ${message}`;
}
export const NOT_GRADED_STOPPED = "not graded: grading was stopped";
export const HOLD_FIRST = "Hold an assignment first: paste its link or file, or open an assignment link.";
export function holding(title, id) {
  return `Grading against \u201c${title}\u201d (assignment ${id}).`;
}
export const MARKDOWN_COPIED = "The class table is copied as Markdown.";
export function evidenceTitle(name) {
  return `Evidence for ${name}`;
}
export const SHOW_EVIDENCE = "Evidence";
export function evidenceLabel(name) {
  return `Show the evidence for ${name}`;
}

// -- set -----------------------------------------------------------------------------------

export const SET_DONE = "The assignment link and file are ready: share the link with your students.";
export function setRefused(message) {
  return `The assignment was not written: ${message}`;
}
export function fileTooLarge(size, most) {
  return `The file could not be read: it is ${formatCount(size)} bytes, more than the ${formatCount(most)} any the page reads.`;
}
export function loaded(title, id) {
  return `Loaded the assignment \u201c${title}\u201d (${id}); Grade grades against it.`;
}
export function fileRefused(message) {
  return `The file could not be read: ${message}`;
}
