#!/usr/bin/env python3
"""A class graded in the page, and a student's Check (issue 39's aims).

The assignment is issue 39's: an 8-puzzle heuristic, admissible and consistent proven on every
one of the 181,440 states, and A*'s mean node count on 10 boards drawn with a seed. The class is
30 submissions as students write them (``CLASS``: Manhattan written several ways, misplaced
tiles, linear conflict, a maximum of two, h = 0, inadmissible ones that double or add, one that
raises), each a submission link made by Python (``make_submission``).

    .venv/bin/python bench/assign.py              # Chromium; writes bench/results/assign-browser.*
    .venv/bin/python bench/assign.py --runs 1 --students 5
    python bench/assign.py --runtime cpython      # both halves in one CPython (grade_locally), printed only

In the page (the default), each run opens the site afresh in a new page, pastes the assignment and
the 30 links into Grade a class and presses Grade: the time is from the click until the grade's
status says done (``#grade-status[data-state=done]``), measured in the page; every row's score is
read from its ``data-score`` and compared with ``grade_locally``'s. The aim: the class in at most
90 s, the median of 3 runs. The student's Check: the assignment link opened, its code consented
to, Check against the assignment pressed; from the click to the result's score shown, the first
check (its sandbox's start included) and the median of the next ones; the aim: within 5 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import command_line, machine_header, machine_info, write_results  # noqa: E402

from npuzzle.assign import Assignment, make_submission, read_assignment
from npuzzle.assign.local import grade_locally

ASSIGNMENT = {
    "format": "npuzzle-assignment", "version": 1, "title": "An admissible, consistent h for the 8-puzzle",
    "task": "heuristic", "size": "3x3", "boards": {"seed": 39, "count": 10}, "time_limit": 10,
    "criteria": [{"name": "admissible", "weight": 2}, {"name": "consistent", "weight": 1},
                 {"name": "astar_mean_nodes", "weight": 1, "max_mean": 2000}],
    "starter_code": "", "instructions": "Write h. It is proven admissible and consistent on every state.",
}

MANHATTAN = """def h(tiles, goal, rows, cols):
    where = {t: divmod(i, cols) for i, t in enumerate(goal)}
    total = 0
    for i, t in enumerate(tiles):
        if t:
            r, c = where[t]
            total += abs(r - i // cols) + abs(c - i % cols)
    return total
"""
MANHATTAN_LOOPS = """def h(tiles, goal, rows, cols):
    total = 0
    for i in range(len(tiles)):
        t = tiles[i]
        if t == 0:
            continue
        j = goal.index(t)
        total += abs(i // cols - j // cols) + abs(i % cols - j % cols)
    return total
"""
MISPLACED = "def h(tiles, goal, rows, cols):\n    return sum(1 for t, g in zip(tiles, goal) if t and t != g)\n"
LINEAR_CONFLICT = MANHATTAN.replace("    return total\n", """    for r in range(rows):
        row = [t for t in tiles[r * cols:(r + 1) * cols] if t and where[t][0] == r]
        for a in range(len(row)):
            for b in range(a + 1, len(row)):
                if where[row[a]][1] > where[row[b]][1]:
                    total += 2
    for c in range(cols):
        col = [tiles[r * cols + c] for r in range(rows)]
        col = [t for t in col if t and where[t][1] == c]
        for a in range(len(col)):
            for b in range(a + 1, len(col)):
                if where[col[a]][0] > where[col[b]][0]:
                    total += 2
    return total
""")
MAX_OF_TWO = MANHATTAN.replace("    return total\n",
                               "    return max(total, sum(1 for t, g in zip(tiles, goal) if t and t != g))\n")
ZERO = "def h(tiles, goal, rows, cols):\n    return 0\n"
DOUBLED = MANHATTAN.replace("    return total\n", "    return 2 * total\n")
PLUS_ONE = MANHATTAN.replace("    return total\n", "    return total + (0 if list(tiles) == list(goal) else 1)\n")
RAISES = "def h(tiles, goal, rows, cols):\n    return tiles.index(99)\n"

KINDS = [MANHATTAN, MANHATTAN_LOOPS, LINEAR_CONFLICT, MISPLACED, MAX_OF_TWO, MANHATTAN, LINEAR_CONFLICT,
         ZERO, DOUBLED, PLUS_ONE, MANHATTAN_LOOPS, MANHATTAN, LINEAR_CONFLICT, MAX_OF_TWO, RAISES]
CLASS = [(f"Student {i + 1:02d}", KINDS[i % len(KINDS)] + f"# student {i + 1}\n") for i in range(30)]
"""30 submissions: each kind twice, every text its own (a comment names the student)."""

BOARD = "#board=8,6,7,2,5,4,3,0,1&goal=blank-last"

# Click Grade and time, in the page, until the grade's status says done.
CLICK_AND_TIME = """(button) => {
  const status = document.getElementById("grade-status");
  window.__gradeMs = null;
  const started = performance.now();
  const seen = new MutationObserver(() => {
    if (status.dataset.state === "done") { window.__gradeMs = performance.now() - started; seen.disconnect(); }
  });
  seen.observe(status, { attributes: true, attributeFilter: ["data-state"] });
  document.getElementById(button).click();
}"""

# Click Check against the assignment and time until the result carries a score.
CHECK_AND_TIME = """(button) => {
  const result = document.getElementById("assign-result");
  result.removeAttribute("data-score");
  window.__checkMs = null;
  const started = performance.now();
  const seen = new MutationObserver(() => {
    if (result.dataset.score) { window.__checkMs = performance.now() - started; seen.disconnect(); }
  });
  seen.observe(result, { attributes: true, attributeFilter: ["data-score"] });
  document.getElementById(button).click();
}"""


def expected_scores(assignment: Assignment, students: list[tuple[str, str]]) -> tuple[dict[str, str], float]:
    """Each student's score as ``grade_locally`` gives it (both halves in this Python), and its seconds."""
    started = time.perf_counter()
    scores = {name: _score(grade_locally(assignment, code).score) for name, code in students}
    return scores, time.perf_counter() - started


def _score(score: float) -> str:
    return f"{round(score, 2):g}"


def in_the_page(assignment: Assignment, students: list[tuple[str, str]], runs: int, checks: int,
                want: dict[str, str]) -> dict[str, Any]:
    from playwright.sync_api import expect, sync_playwright

    from tests.browsers import launch, served_site

    grades, checked = [], []
    with sync_playwright() as playwright, served_site() as url:
        browser = launch(playwright)
        lines = "\n".join(f"{url}#submission={make_submission(assignment, name, code).link_value()}"
                          for name, code in students)
        for run in range(runs):
            page = browser.new_page()
            page.goto(url + BOARD)
            expect(page.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=120_000)
            page.locator("#assign-grade-part > summary").click()
            page.get_by_label("The assignment: its link or its file's text").fill(f"#assignment={assignment.link_value()}")
            page.get_by_label("Submission links, one per line").fill(lines)
            page.evaluate(CLICK_AND_TIME, "grade-run")
            expect(page.locator("#grade-status")).to_have_attribute("data-state", "done", timeout=600_000)
            seconds = page.evaluate("window.__gradeMs") / 1000
            rows = page.locator("#class-table tbody tr")
            got = {rows.nth(i).get_attribute("data-name"): rows.nth(i).get_attribute("data-score")
                   for i in range(rows.count())}
            wrong = {name: (got.get(name), score) for name, score in want.items() if got.get(name) != score}
            if wrong:
                raise SystemExit(f"run {run + 1}: scores differ from grade_locally's (page, local): {wrong}")
            grades.append(seconds)
            print(f"grade run {run + 1}: {len(students)} submissions in {seconds:.1f} s, every score grade_locally's")
            page.close()
        page = browser.new_page()
        page.goto(url + f"{BOARD}&assignment={assignment.link_value()}")
        expect(page.locator("#assign-do")).to_be_visible(timeout=120_000)
        # (the starter is the site's own template: no consent asked before it runs)
        for i in range(checks + 1):
            button = page.get_by_role("button", name="Check against the assignment")
            expect(button).to_be_enabled()
            page.wait_for_timeout(500)
            page.evaluate(CHECK_AND_TIME, button.get_attribute("id"))
            result = page.locator("#assign-result")
            expect(result).to_have_attribute("data-score", "100", timeout=120_000)  # (the template: Manhattan)
            checked.append(page.evaluate("window.__checkMs") / 1000)
            print(f"check {i + 1}: {checked[-1]:.2f} s")
        browser.close()
    return {"grade_seconds": [round(s, 2) for s in grades], "grade_median": round(statistics.median(grades), 2),
            "check_first": round(checked[0], 2), "check_seconds": [round(s, 2) for s in checked[1:]],
            "check_median": round(statistics.median(checked[1:]), 2) if checked[1:] else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="grades of the class (default 3)")
    parser.add_argument("--checks", type=int, default=3, help="a student's checks after the first (default 3)")
    parser.add_argument("--students", type=int, default=len(CLASS))
    parser.add_argument("--runtime", choices=("browser", "cpython"), default="browser")
    args = parser.parse_args()
    assignment = read_assignment(ASSIGNMENT)
    students = CLASS[:args.students]
    want, local_seconds = expected_scores(assignment, students)
    print(f"grade_locally (this CPython, both halves): {len(students)} submissions in {local_seconds:.1f} s")
    data: dict[str, Any] = {"machine": machine_info(), "command": command_line("assign.py"),
                            "students": len(students), "scores": want, "local_seconds": round(local_seconds, 2)}
    markdown = [
        "# A class graded in the page, and a student's Check (issue 39)",
        "",
        machine_header(),
        f"- command: `{data['command']}`",
        f"- the assignment: an 8-puzzle heuristic, admissible and consistent proven on all 181,440 states, "
        f"A*'s mean nodes on 10 boards; {len(students)} submissions (bench/assign.py's CLASS)",
        f"- both halves in this CPython (`grade_locally`), for scale: {local_seconds:.1f} s",
    ]
    if args.runtime == "cpython":
        return  # (printed: the figure the page's run records beside its own)
    stem = "assign-browser"
    page = in_the_page(assignment, students, args.runs, args.checks, want)
    data.update(page)
    markdown += [
        "",
        "| measure | aim | median s | runs (s) |",
        "| --- | --- | ---: | --- |",
        f"| the class graded in the page (Chromium), click to done | 90 s | {page['grade_median']:.1f} | "
        f"{', '.join(f'{s:.1f}' for s in page['grade_seconds'])} |",
        f"| a student's Check, click to score (first: its sandbox's start) | 5 s | "
        f"{page['check_median'] if page['check_median'] is not None else '-'} | first {page['check_first']:.2f}; "
        f"then {', '.join(f'{s:.2f}' for s in page['check_seconds'])} |",
        "",
        "Every row's score in every run equals `grade_locally`'s.",
    ]
    out = write_results(stem, markdown, data)
    print(f"wrote {out}.md and .json")


if __name__ == "__main__":
    main()
