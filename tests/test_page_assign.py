"""A teacher's assignment by link in the page (issue 39), as a student and a teacher use it.

The assignments are built here with the Python API (npuzzle.assign); every verdict the page shows
is held to one computed independently: the verdicts of ``grade_locally`` (both halves in one
Python, here, on the same code) and this file's own breadth-first search for the exact distances
(the overestimating code really overestimates). Nothing here is engine-specific: the suite runs it
in Chromium and Firefox.

- A student opens an assignment link: the title, the instructions as text (markup stays text),
  the criteria with their weights, the starter code in the editor; Check waits for the consent a
  link's code needs; then each criterion's verdict and the score equal the local grade's; Hand in
  gives a submission link Python reads back with the name and the code.
- The student's work survives opening the same assignment link again.
- A teacher grades a class: a right, a wrong (overestimating) and two hostile submissions (an
  endless loop, an exception), a malformed line and a submission of another assignment: every
  row's data-* complete, each verdict the local grade's (the endless loop's failing with its
  sentence, contained in its row), the flag and the malformed line said in their rows; the CSV
  and the Markdown equal the table; a row opens its evidence.
- A search assignment: the template search passes, one that returns illegal moves fails, as graded here.
- Stop grading ends the submission being graded and leaves the rest ungraded, said in their rows.
- Set: the form writes an assignment link Python reads back; a contradiction is shown at its field.
- A class loaded from files (the assignment file, a text file of links): a submission that exhausts
  its memory, one that prints without end, four that answer nonsense or print a forged result: each
  fails in its own row with its sentence (verdicts grade_locally's), the right one after each passes.
- At a phone's width (375 px) nothing of the panel sticks out and its buttons are reachable.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import deque
from typing import Any

from playwright.sync_api import expect

from npuzzle.assign import make_submission, read_assignment
from npuzzle.assign.local import grade_locally
from npuzzle.custom import SEARCH_TEMPLATE
from npuzzle.webapi import handle

from .pages import download, engine, fill_number, open_link, sticking_out, wait_until, write

MANHATTAN = (
    "def h(tiles, goal, rows, cols):\n"
    "    where = {t: divmod(i, cols) for i, t in enumerate(goal)}\n"
    "    total = 0\n"
    "    for i, t in enumerate(tiles):\n"
    "        if t:\n"
    "            r, c = where[t]\n"
    "            total += abs(r - i // cols) + abs(c - i % cols)\n"
    "    return total\n"
)
OVERESTIMATES = "def h(tiles, goal, rows, cols):\n    return 0 if list(tiles) == list(goal) else 7\n"
ENDLESS = "def h(tiles, goal, rows, cols):\n    while True:\n        pass\n"
RAISES = "def h(tiles, goal, rows, cols):\n    return 1 // 0\n"
ILLEGAL_SEARCH = "def search(problem):\n    return ['U', 'U', 'U']\n"
INSTRUCTIONS = "Write an admissible h.\n<b>This stays text</b> & so does this."


def spec(**changes: Any) -> dict[str, Any]:
    """The assignment the tests grade against: a 2x3 heuristic, small enough to check every state."""
    base: dict[str, Any] = {
        "format": "npuzzle-assignment", "version": 1, "title": "Admissible h on 2x3", "task": "heuristic",
        "size": "2x3", "boards": {"seed": 5, "count": 4}, "time_limit": 2,
        "criteria": [{"name": "admissible", "weight": 2}, {"name": "consistent", "weight": 1},
                     {"name": "astar_mean_nodes", "weight": 1, "max_mean": 200}],
        "starter_code": MANHATTAN, "instructions": INSTRUCTIONS,
    }
    base.update(changes)
    return base


def call(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def local_verdicts(assignment: Any, code: str) -> dict[str, str]:
    """Each criterion's verdict when both halves run here (the oracle of the page's grade)."""
    return {c.name: c.verdict for c in grade_locally(assignment, code).criteria}


def exact_distances(goal: tuple[int, ...], cols: int) -> dict[tuple[int, ...], int]:
    """Every state's distance to ``goal``, by this file's own breadth-first search."""
    seen = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        blank = state.index(0)
        r, c = divmod(blank, cols)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < len(goal) // cols and 0 <= nc < cols:
                cells = list(state)
                other = nr * cols + nc
                cells[blank], cells[other] = cells[other], cells[blank]
                child = tuple(cells)
                if child not in seen:
                    seen[child] = seen[state] + 1
                    queue.append(child)
    return seen


BOARD = "#board=1,2,3,4,0,5&size=2x3"
"""A 2x3 board beside the assignment: the code panel's own check (after Run) is then of 2x3 too."""


def open_assignment(app: Any, site_url: str, value: str) -> None:
    open_link(app, site_url, f"{BOARD}&assignment={value}")
    expect(app.locator("#assign-do")).to_be_visible(timeout=90_000)


def heuristic_editor(app: Any) -> Any:
    """The heuristic's editor, its part opened if it is not yet (the assignment's code opens it)."""
    part = app.locator("#heuristic-code")
    expect(part).to_have_attribute("open", "")
    box = app.get_by_role("textbox", name="Your heuristic (Python)")
    expect(box).to_have_attribute("contenteditable", "true")
    return box


def test_a_student_opens_checks_and_hands_in(app: Any, site_url: str) -> None:
    assignment = read_assignment(spec())
    open_assignment(app, site_url, assignment.link_value())
    expect(app.locator("#assign-do-title")).to_have_text("Admissible h on 2x3")
    instructions = app.locator("#assign-instructions")
    assert instructions.text_content() == INSTRUCTIONS  # as text: the markup is its characters
    expect(instructions.locator("b")).to_have_count(0)
    criteria = app.locator("#assign-criteria li")
    expect(criteria).to_have_count(3)
    assert [criteria.nth(i).get_attribute("data-weight") for i in range(3)] == ["2", "1", "1"]
    expect(app.locator("#assign-panel")).to_have_attribute("data-assignment", assignment.id)
    # The starter code in the editor; it runs only after the consent a link's code needs.
    box = heuristic_editor(app)
    expect(box).to_contain_text("total += abs(r - i // cols)")
    expect(app.locator("#code-consent")).to_be_visible()
    expect(app.locator("#code-consent")).to_contain_text(
        "This assignment's starter code (a heuristic of 8 lines) was written by its teacher. It has not run")
    app.get_by_role("button", name="Check against the assignment").click()
    expect(app.locator("#assign-status")).to_have_attribute("data-state", "consent")
    expect(app.locator("#assign-result")).to_be_hidden()
    app.locator("#code-run-linked").click()
    app.get_by_role("button", name="Check against the assignment").click()
    result = app.locator("#assign-result")
    expect(result).to_have_attribute("data-score", "100", timeout=120_000)
    want = local_verdicts(assignment, MANHATTAN)
    assert want == {"admissible": "pass", "consistent": "pass", "astar_mean_nodes": "pass"}
    assert result.get_attribute("data-verdicts") == ",".join(f"{k}:{v}" for k, v in want.items())
    expect(result.locator("table.assign-boards tbody tr")).to_have_count(4)  # node counts per board
    # Hand in: a name, a submission link Python reads back.
    app.get_by_role("button", name="Hand in").click()
    expect(app.locator("#assign-hand-in-state")).to_contain_text("Type your name first")
    app.get_by_label("Your name").fill("Ada <Lovelace>")
    app.get_by_role("button", name="Hand in").click()
    link = app.get_by_label("Your submission link")
    expect(link).to_have_value(re.compile(r"#submission=[A-Za-z0-9_-]+$"))
    read = call({"op": "submission_read", "text": link.input_value(), "assignment": assignment.to_dict()})
    assert read["ok"] and read["name"] == "Ada <Lovelace>" and read["matches"] is True
    assert "total += abs(r - i // cols)" in read["code"]
    # The submission link opened: read-only, its code shown, no result claimed.
    open_link(app, site_url, "#submission=" + link.input_value().split("#submission=")[1])
    expect(app.locator("#assign-submission")).to_be_visible()
    expect(app.locator("#assign-submission-about")).to_contain_text("A submission by Ada <Lovelace>")
    expect(app.locator("#assign-submission-code")).to_have_value(read["code"])
    expect(app.locator("#assign-result")).to_be_hidden()


def test_the_students_work_survives_opening_the_link_again(app: Any, site_url: str) -> None:
    assignment = read_assignment(spec(title="Kept work"))
    open_assignment(app, site_url, assignment.link_value())
    box = heuristic_editor(app)
    expect(box).to_contain_text("total += abs(r - i // cols)")
    write(app, box, "def h(tiles, goal, rows, cols):\n    return 0  # my own work\n")
    app.wait_for_timeout(500)
    app.goto("about:blank")
    open_assignment(app, site_url, assignment.link_value())
    expect(heuristic_editor(app)).to_contain_text("# my own work")
    expect(app.locator("#code-consent")).to_contain_text(
        "Your work on this assignment (a heuristic of 2 lines), kept in this browser, is back in the editor. It has not run")
    # An assignment whose starter is the site's own template: shown, no consent asked.
    open_assignment(app, site_url, read_assignment(spec(title="Template start", starter_code="")).link_value())
    expect(heuristic_editor(app)).to_contain_text("def h(")
    expect(app.locator("#code-consent")).to_be_hidden()


def test_a_teacher_grades_a_class_with_hostile_rows_contained(app: Any, site_url: str) -> None:
    assignment = read_assignment(spec())
    other = read_assignment(spec(title="Another assignment"))
    goal = tuple(assignment.goal.tiles)
    distances = exact_distances(goal, 3)
    assert any(d < 7 for t, d in distances.items() if t != goal)  # OVERESTIMATES really overestimates

    def link(a: Any, name: str, code: str) -> str:
        return f"{site_url}#submission={make_submission(a, name, code).link_value()}"

    lines = [link(assignment, "Right", MANHATTAN), link(assignment, "=Wrong", OVERESTIMATES),
             link(assignment, "Loops", ENDLESS), link(assignment, "Raises", RAISES),
             "#submission=not-a-submission", link(other, "Elsewhere", MANHATTAN)]
    open_link(app, site_url, BOARD)
    app.locator("#assign-grade-part > summary").click()
    expect(app.locator("#grade-consent")).to_contain_text("Grade runs each submission's code in the sandbox")
    app.get_by_label("The assignment: its link or its file's text").fill(f"#assignment={assignment.link_value()}")
    app.get_by_label("Submission links, one per line").fill("\n".join(lines))
    app.get_by_role("button", name="Grade", exact=True).click()
    expect(app.locator("#grade-status")).to_have_attribute("data-state", "done", timeout=240_000)
    rows = app.locator("#class-table tbody tr")
    expect(rows).to_have_count(len(lines))
    names = [c["name"] for c in assignment.to_dict()["criteria"]]

    def row(i: int) -> dict[str, str]:
        data: dict[str, str] = rows.nth(i).evaluate("(tr) => ({ ...tr.dataset })")
        return data

    def verdicts(data: dict[str, str]) -> dict[str, str]:
        return dict(pair.split(":") for pair in data["verdicts"].split(","))

    for i, code in ((0, MANHATTAN), (1, OVERESTIMATES), (3, RAISES)):
        data = row(i)
        assert verdicts(data) == local_verdicts(assignment, code), data
        for name in names:
            assert data[f"verdict{name.title().replace('_', '')}"] == verdicts(data)[name]
    assert row(0)["name"] == "Right" and row(0)["score"] == "100"
    assert verdicts(row(1))["admissible"] == "fail" and row(1)["name"] == "=Wrong"
    assert row(3)["note"].startswith("its code failed")
    loops = row(2)
    assert loops["name"] == "Loops" and loops["state"] == "graded"
    assert verdicts(loops)["admissible"] == "fail" and verdicts(loops)["consistent"] == "fail", loops
    assert loops["note"].startswith("its code failed"), loops
    bad = row(4)
    assert bad["state"] == "error" and bad["score"] == "" and "not a submission link" in bad["note"]
    assert "another assignment" in row(5)["note"] or "Another assignment" in row(5)["note"], row(5)
    assert verdicts(row(5)) == local_verdicts(assignment, MANHATTAN)  # graded against the teacher's
    # A row opens its evidence: the overestimating board, with h and the true distance.
    rows.nth(1).get_by_role("button", name="Show the evidence for =Wrong").click()
    evidence = app.locator("#grade-evidence")
    expect(evidence).to_contain_text("Evidence for =Wrong")
    expect(evidence.locator('li[data-criterion="admissible"]')).to_contain_text("not admissible")
    # The exports are the table.
    text = download(app, lambda: app.get_by_role("button", name="Download CSV").click(), "npuzzle-class.csv")
    table = list(csv.reader(io.StringIO(text)))
    assert len(table) == len(lines) + 1
    for i, cells in enumerate(table[1:]):
        data = row(i)
        name = cells[0][1:] if cells[0].startswith("'=") else cells[0]
        assert name == data["name"]
        assert cells[1:1 + len(names)] == [verdicts(data)[n] for n in names]
        assert cells[1 + len(names)] == data["score"]
    assert table[2][0] == "'=Wrong"  # never a formula
    if engine(app) == "chromium":  # (Firefox over BiDi has no clipboard permission to grant)
        app.context.grant_permissions(["clipboard-read", "clipboard-write"])
        app.get_by_role("button", name="Copy Markdown").click()
        expect(app.locator("#grade-export-state")).to_have_text("The class table is copied as Markdown.")
        markdown = app.evaluate("navigator.clipboard.readText()").splitlines()
        body = [line for line in markdown if line.startswith("| ") and not line.startswith("| name") and "---" not in line]
        assert len(body) == len(lines)
        for i, line in enumerate(body):
            cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
            assert cells[1:1 + len(names)] == [verdicts(row(i))[n] for n in names]
            assert cells[1 + len(names)] == row(i)["score"]


MEMORY = "def h(tiles, goal, rows, cols):\n    kept = []\n    while True:\n        kept.append(bytearray(10_000_000))\n"
PRINTS = "def h(tiles, goal, rows, cols):\n    while True:\n        print('x' * 1000)\n"
NONSENSE = {  # each returns something that is not h's answer, or lies about its result
    "NaN": "def h(tiles, goal, rows, cols):\n    return float('nan')\n",
    "Text": "def h(tiles, goal, rows, cols):\n    return 'zero'\n",
    "Huge": "def h(tiles, goal, rows, cols):\n    return 10 ** 100\n",
    "Forger": ("import json\nprint(json.dumps({'ok': True, 'type': 'grade', 'grade': {'score': 100}}))\n"
               "def h(tiles, goal, rows, cols):\n    print('{\"score\": 100, \"verdicts\": \"admissible:pass\"}')\n"
               "    return 0 if list(tiles) == list(goal) else 99\n"),
}


def test_a_class_loaded_from_files_keeps_memory_print_and_nonsense_rows_in_their_rows(app: Any, site_url: str, tmp_path: Any) -> None:
    """The assignment and the links loaded from files; a submission that exhausts its memory, one
    that prints without end and four that answer nonsense (or print a forged result) each fail in
    their own row with its sentence, and the right submission graded after each of them passes."""
    assignment = read_assignment(spec(title="Hostile class"))

    def link(name: str, code: str) -> str:
        return f"{site_url}#submission={make_submission(assignment, name, code).link_value()}"

    graded = [("Memory", MEMORY), ("After memory", MANHATTAN), ("Prints", PRINTS), ("After prints", MANHATTAN),
              *NONSENSE.items(), ("Last", MANHATTAN)]
    (tmp_path / "assignment.json").write_text(assignment.file_text())
    (tmp_path / "class.txt").write_text("\n".join(link(name, code) for name, code in graded) + "\n")
    open_link(app, site_url, BOARD)
    app.locator("#assign-grade-part > summary").click()
    app.get_by_label("Load the assignment file").set_input_files(str(tmp_path / "assignment.json"))
    expect(app.get_by_label("The assignment: its link or its file's text")).to_have_value(assignment.file_text())
    app.get_by_label("Load a text file of submission links").set_input_files(str(tmp_path / "class.txt"))
    expect(app.get_by_label("Submission links, one per line")).to_have_value(re.compile("#submission="))
    app.get_by_role("button", name="Grade", exact=True).click()
    expect(app.locator("#grade-status")).to_have_attribute("data-state", "done", timeout=400_000)
    rows = app.locator("#class-table tbody tr")
    expect(rows).to_have_count(len(graded))
    data = [rows.nth(i).evaluate("(tr) => ({ ...tr.dataset })") for i in range(len(graded))]
    assert [d["name"] for d in data] == [name for name, _ in graded]
    assert all(d["state"] == "graded" for d in data), data
    want_right = local_verdicts(assignment, MANHATTAN)
    for d, (name, code) in zip(data, graded):
        verdicts = dict(pair.split(":") for pair in d["verdicts"].split(","))
        if code == MANHATTAN:  # (the same code under three names: the later two flagged)
            assert verdicts == want_right and d["score"] == "100", d
            assert d["note"] == ("" if name == "After memory" else "the same code as After memory's (line 2)"), d
        elif name in NONSENSE:
            assert verdicts == local_verdicts(assignment, code), d
            assert d["score"] == "0" or name == "Forger", d
        else:
            assert set(verdicts.values()) == {"fail"} and d["score"] == "0", d
            assert d["note"].startswith("its code failed"), d
    assert "memory" in data[0]["note"].lower(), data[0]
    assert "printed more than" in data[2]["note"], data[2]
    forger = data[2 + 2 + list(NONSENSE).index("Forger")]
    assert dict(pair.split(":") for pair in forger["verdicts"].split(","))["admissible"] == "fail", forger
    assert forger["score"] != "100", forger


def test_a_board_s_time_is_its_code_s_never_its_worker_s_start(app: Any, site_url: str) -> None:
    """Within the time limit at 1 s a board: h = 0 and Manhattan on 2x3, and a breadth-first search
    on 2x2, each answer in well under a millisecond a board; each grade starts a fresh worker (and
    its warm-up), which took the red team's runs 1.5-3.9 s, once charged to board 1."""
    quick = read_assignment(spec(title="Quick h", time_limit=1, criteria=[{"name": "within_time", "weight": 1},
                                                                         {"name": "admissible", "weight": 1}]))
    search = read_assignment(spec(title="Quick search", task="search", size="2x2", time_limit=1, starter_code="",
                                  boards={"seed": 1, "count": 3},
                                  criteria=[{"name": "legal", "weight": 1}, {"name": "within_time", "weight": 1}]))
    zero = "def h(tiles, goal, rows, cols):\n    return 0\n"
    open_link(app, site_url, BOARD)
    app.locator("#assign-grade-part > summary").click()
    for held, codes in ((quick, [("Zero", zero), ("Manhattan", MANHATTAN)]), (search, [("Template", SEARCH_TEMPLATE)])):
        assert all(local_verdicts(held, code)["within_time"] == "pass" for _, code in codes)
        app.get_by_label("The assignment: its link or its file's text").fill(f"#assignment={held.link_value()}")
        app.get_by_label("Submission links, one per line").fill(
            "\n".join(f"{site_url}#submission={make_submission(held, name, code).link_value()}" for name, code in codes))
        app.get_by_role("button", name="Grade", exact=True).click()
        expect(app.locator("#grade-status")).to_have_attribute("data-state", "done", timeout=120_000)
        rows = app.locator("#class-table tbody tr")
        expect(rows).to_have_count(len(codes))
        for i in range(len(codes)):
            assert rows.nth(i).get_attribute("data-verdict-within-time") == "pass", rows.nth(i).evaluate("(tr) => ({ ...tr.dataset })")


def test_a_search_assignment_is_graded_by_its_moves_replayed(app: Any, site_url: str) -> None:
    assignment = read_assignment(spec(title="A search", task="search", starter_code="", boards={"seed": 9, "count": 2},
                                      criteria=[{"name": "legal", "weight": 1}, {"name": "optimal", "weight": 1}]))
    codes = {"Template": SEARCH_TEMPLATE, "Illegal": ILLEGAL_SEARCH}
    lines = [f"{site_url}#submission={make_submission(assignment, name, code).link_value()}" for name, code in codes.items()]
    open_link(app, site_url, BOARD)
    app.locator("#assign-grade-part > summary").click()
    app.get_by_label("The assignment: its link or its file's text").fill(f"#assignment={assignment.link_value()}")
    app.get_by_label("Submission links, one per line").fill("\n".join(lines))
    app.get_by_role("button", name="Grade", exact=True).click()
    expect(app.locator("#grade-status")).to_have_attribute("data-state", "done", timeout=180_000)
    rows = app.locator("#class-table tbody tr")
    expect(rows).to_have_count(2)
    for i, code in enumerate(codes.values()):
        want = local_verdicts(assignment, code)
        assert rows.nth(i).get_attribute("data-verdicts") == ",".join(f"{k}:{v}" for k, v in want.items())
    assert rows.nth(0).get_attribute("data-score") == "100"
    assert rows.nth(1).get_attribute("data-verdict-legal") == "fail"


def test_stop_grading_ends_the_running_submission_and_leaves_the_rest_ungraded(app: Any, site_url: str) -> None:
    assignment = read_assignment(spec(title="Stopped class"))
    lines = [f"{site_url}#submission={make_submission(assignment, name, code).link_value()}"
             for name, code in (("Loops", ENDLESS), ("Later", MANHATTAN))]
    open_link(app, site_url, BOARD)
    app.locator("#assign-grade-part > summary").click()
    app.get_by_label("The assignment: its link or its file's text").fill(f"#assignment={assignment.link_value()}")
    app.get_by_label("Submission links, one per line").fill("\n".join(lines))
    app.get_by_role("button", name="Grade", exact=True).click()
    expect(app.locator("#grade-status")).to_contain_text("Grading 1 of 2: Loops", timeout=60_000)
    app.get_by_role("button", name="Stop grading").click()
    expect(app.locator("#grade-status")).to_have_attribute("data-state", "stopped", timeout=60_000)
    rows = app.locator("#class-table tbody tr")
    expect(rows).to_have_count(2)
    assert rows.nth(0).get_attribute("data-name") == "Loops"
    assert rows.nth(1).get_attribute("data-note") == "not graded: grading was stopped"
    assert rows.nth(1).get_attribute("data-score") == ""
    expect(app.get_by_role("button", name="Grade", exact=True)).to_be_enabled()


def test_a_teacher_sets_an_assignment_and_sees_a_contradiction_at_its_field(app: Any, site_url: str) -> None:
    open_link(app, site_url, BOARD)
    app.locator("#assign-set-part > summary").click()
    app.get_by_label("Title", exact=True).fill("Set in the page")
    app.get_by_label("Board size").fill("2x3")
    fill_number(app.locator("#set-count"), "3")
    app.locator("#set-c-admissible").check()
    fill_number(app.get_by_label("Weight of Admissible"), "3")
    app.locator("#set-c-astar_mean_nodes").check()
    fill_number(app.get_by_label("A* nodes (average): most nodes on average"), "1")
    app.get_by_role("button", name="Copy assignment link").click()
    error = app.locator('#set-form [data-error="criteria"]')
    expect(error).to_contain_text("no heuristic can pass")
    fill_number(app.get_by_label("A* nodes (average): most nodes on average"), "5000")
    app.get_by_role("button", name="Copy assignment link").click()
    expect(error).to_be_hidden()
    link = app.get_by_label("The assignment link")
    expect(link).to_have_value(re.compile(r"#assignment=[A-Za-z0-9_-]+$"))
    read = call({"op": "assignment_read", "text": link.input_value()})
    assert read["ok"] and read["assignment"]["title"] == "Set in the page"
    assert [(c["name"], c["weight"]) for c in read["assignment"]["criteria"]] == [("admissible", 3), ("astar_mean_nodes", 1)]
    assert read["assignment"]["boards"] == {"seed": 1, "count": 3}


def test_the_panel_is_usable_at_a_phones_width(app: Any, site_url: str) -> None:
    app.set_viewport_size({"width": 375, "height": 740})
    assignment = read_assignment(spec(title="On a phone"))
    open_assignment(app, site_url, assignment.link_value())
    app.locator("#assign-grade-part > summary").click()
    app.locator("#assign-set-part > summary").click()
    wait_until(app, lambda: app.locator("#set-criteria .set-criterion").count() > 0, "the Set form's criteria")
    assert sticking_out(app, "#assign-panel") == []
    outside = app.evaluate("""() => {
      const panel = document.getElementById("assign-panel"), style = getComputedStyle(panel), outer = panel.getBoundingClientRect();
      const card = {left: outer.left + parseFloat(style.paddingLeft), right: outer.right - parseFloat(style.paddingRight)};
      return [...panel.querySelectorAll("select, input, textarea, button")].filter((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || control.closest("[hidden], details:not([open]) > :not(summary)")) return false;
        return box.left < card.left - 1 || box.right > card.right + 1;
      }).map((control) => control.id || control.textContent.trim());
    }""")
    assert outside == [], "every control of the panel inside its card"
    for name in ("Check against the assignment", "Hand in", "Grade", "Copy assignment link"):
        button = app.get_by_role("button", name=name, exact=True)
        button.scroll_into_view_if_needed()
        expect(button).to_be_visible()
    # A class graded at this width: each figure and button on one line (a score of 100 never
    # wraps to "10 / 0"), the table scrolled sideways in its region, nothing pinned over it.
    submission = make_submission(assignment, "A student with a long name", MANHATTAN).link_value()
    app.get_by_label("Submission links, one per line").fill(f"{site_url}#submission={submission}")
    app.get_by_role("button", name="Grade", exact=True).click()
    expect(app.locator("#grade-status")).to_have_attribute("data-state", "done", timeout=120_000)
    table = app.locator("#class-table")
    table.locator("thead").scroll_into_view_if_needed()
    lines = table.evaluate("""(table) => [...table.querySelectorAll("thead th, tbody td")].slice(0, -1).map((cell) => {
      if (cell === cell.parentElement.lastElementChild && cell.closest("tbody")) return null;
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return [cell.textContent, lines.size];
    }).filter(Boolean)""")
    note = table.locator("tbody td").nth(-2).text_content()
    assert [text for text, count in lines if count > 1 and text != note] == [], lines
    button = table.get_by_role("button", name="Show the evidence for A student with a long name")
    assert button.evaluate("(b) => b.getClientRects().length") == 1 and button.bounding_box()["height"] < 60
    header = table.locator("thead th").first
    box = header.bounding_box()
    on_top = app.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('#class-table') !== null",
                          [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert on_top, "the table's header is not under the board's dock"
