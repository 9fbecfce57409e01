// The assignment panel (web/assign/assign-panel.js) with a fake door whose requests a real Python
// answers (npuzzle.webapi, through the same piped Python as assign-flow's worker cores) and a view
// that records what it is told: a link's assignment opened, its starter code given to the editor
// and the work kept per assignment; Check refused until consent, then Python's grade shown; Hand
// in's link read back; a class graded with a malformed line and another assignment's submission
// in their rows, the table Python's.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import test from "node:test";

import { AssignPanel } from "../../web/assign/assign-panel.js";
import { client, PYTHON, ROOT } from "./python-pipe.mjs";
import { pythonInfo } from "./python-info.mjs";

const MANHATTAN = "def h(tiles, goal, rows, cols):\n    where = {t: divmod(i, cols) for i, t in enumerate(goal)}\n    total = 0\n"
  + "    for i, t in enumerate(tiles):\n        if t:\n            r, c = where[t]\n            total += abs(r - i // cols) + abs(c - i % cols)\n    return total\n";
const OVERESTIMATES = "def h(tiles, goal, rows, cols):\n    return 0 if list(tiles) == list(goal) else 7\n";
const SPEC = {
  format: "npuzzle-assignment", version: 1, title: "Panel", task: "heuristic", size: "2x3", boards: { seed: 2, count: 2 },
  criteria: [{ name: "admissible", weight: 1 }], starter_code: MANHATTAN, instructions: "<i>text</i>",
};

function pack(spec) {
  const script = "import json, sys\nfrom npuzzle.assign import read_assignment\nprint(read_assignment(json.loads(sys.argv[1])).link_value())\n";
  return execFileSync(PYTHON, ["-c", script, JSON.stringify(spec)], { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT } }).trim();
}

function recorder(overrides) {
  const calls = [];
  const view = new Proxy(overrides, {
    get(target, name) {
      if (name in target) return target[name];
      return (...args) => { calls.push([name, ...args]); };
    },
  });
  return { view, calls, last: (name) => calls.filter((c) => c[0] === name).at(-1) };
}

function setUp() {
  const judge = client();
  const code = client();
  const grades = [];
  const judgeRequest = judge.request.bind(judge);
  judge.request = (request, ...rest) => {
    if (request.op === "assignment_grade") grades.push(request);
    return judgeRequest(request, ...rest);
  };
  const editor = { code: "", allowed: true };
  const storage = new Map();
  const inputs = { gradeInputs: { assignment: "", links: "" }, name: "" };
  const { view, calls, last } = recorder(inputs);
  const setView = recorder({}).view;
  const panel = new AssignPanel({ view, setView, storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => storage.set(k, v) }, location: { href: "https://example.org/npuzzle/#board=1" } });
  const app = {
    ask: (request) => judge.request(request),
    judge, code,
    info: () => pythonInfo(),
    ready: () => true,
    collect: (name, which, text) => {
      if (name === "codeGiven") {
        Object.assign(editor, { code: text, allowed: false });
        return [Promise.resolve()];
      }
      return name === "codeText" ? [{ ...editor, filename: "h.py" }] : [];
    },
    changed: () => {},
    copy: async () => {},
  };
  panel.routes(app);
  return { panel, editor, storage, inputs, calls, last, grades, close: () => { judge.close(); code.close(); } };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

test("a student's assignment: shown, its starter code given, the work kept, checked only after consent, handed in", { timeout: 120_000 }, async () => {
  const t = setUp();
  try {
    const value = pack(SPEC);
    t.panel.linkRead({ takeAssignment: () => ({ assignment: value, submission: null }) });
    t.panel.update();
    await settle();
    const shown = t.last("showAssignment")[1];
    assert.equal(shown.assignment.title, "Panel");
    assert.equal(shown.assignment.instructions, "<i>text</i>"); // handed to the view, which writes text
    assert.equal(t.editor.code, MANHATTAN);
    assert.deepEqual(t.panel.linkFields(), { assignment: value });
    t.panel.update(); // (the page derives after the code is given: the editor holds it)
    assert.equal(t.storage.size, 0, "the starter code is no work of the student's");
    t.editor.code = OVERESTIMATES; // the student's edit
    t.panel.update();
    assert.equal(t.storage.get(`npuzzle-assignment-work:${shown.id}`), OVERESTIMATES);
    await t.panel.check();
    assert.equal(t.last("setCheckStatus")[2], "consent");
    t.editor.allowed = true;
    await t.panel.check();
    const grade = t.last("showResult")[2];
    assert.equal(grade.criteria[0].verdict, "fail"); // the overestimating edit, judged
    await t.panel.handIn("Ada");
    const link = t.last("setHandIn")[2];
    assert.match(link, /^https:\/\/example\.org\/npuzzle\/#submission=[A-Za-z0-9_-]+$/);
    // Opening the same assignment again gives the kept work, not the starter code.
    const again = setUp();
    again.storage.set(`npuzzle-assignment-work:${shown.id}`, "kept");
    again.panel.linkRead({ takeAssignment: () => ({ assignment: value, submission: null }) });
    again.panel.update();
    await settle();
    assert.equal(again.editor.code, "kept");
    again.close();
  } finally {
    t.close();
  }
});

test("a class: each line a row, a malformed one and another assignment's said in theirs, the table Python's", { timeout: 120_000 }, async () => {
  const t = setUp();
  try {
    const value = pack(SPEC);
    const submit = (spec, name, code) => {
      const script = "import json, sys\nfrom npuzzle.assign import read_assignment, make_submission\n"
        + "print(make_submission(read_assignment(json.loads(sys.argv[1])), sys.argv[2], sys.argv[3]).link_value())\n";
      return execFileSync(PYTHON, ["-c", script, JSON.stringify(spec), name, code], { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT } }).trim();
    };
    t.inputs.gradeInputs = {
      assignment: `#assignment=${value}`,
      // A blank line (line 2), and the first submission again as its bare value (line 5).
      links: [`#submission=${submit(SPEC, "Right", MANHATTAN)}`, "", "garbage", `#submission=${submit({ ...SPEC, title: "Other" }, "Else", MANHATTAN)}`,
        submit(SPEC, "Right", MANHATTAN)].join("\n"),
    };
    await t.panel.gradeClass();
    const table = t.last("showClass")[1];
    assert.equal(table.rows.length, 4);
    assert.deepEqual(table.rows.map((r) => r.name), ["Right", "(line 3)", "Else", "Right"], "line numbers as the teacher sees them");
    assert.deepEqual(table.rows.map((r) => r.score), [100, null, 100, 100]);
    assert.match(table.rows[1].note, /^not a submission link: /);
    assert.match(table.rows[2].note, /another assignment/);
    assert.match(table.rows[2].note, /the same code as Right's \(line 1\)/);
    assert.equal(table.rows[3].note, "the same submission as (line 1): graded once");
    assert.equal(t.grades.length, 2, "the repeated submission is not graded again");
    assert.equal(table.csv.split("\n").length, 6); // a header, four rows, the last line's end
    assert.equal(t.last("setGradeStatus")[2], "done");
  } finally {
    t.close();
  }
});
