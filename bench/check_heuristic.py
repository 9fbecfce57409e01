#!/usr/bin/env python3
"""Time to the verdict of the exhaustive 3x3 check of a person's heuristic (issue 19).

Two heuristic files as a student writes them, checked on all 181,440 states of the
8-puzzle against exact distances (npuzzle/custom/check.py): the starting template (the
Manhattan distance written plainly: admissible and consistent) and the same with its
answer doubled (inadmissible and inconsistent almost everywhere, so the checker also
records examples and the worst cases). Each is run --runs times (default 3) in a fresh
check; the median is reported, with the built-in breadth-first search's share (the same
check with an h that returns 0 at once).

    python bench/check_heuristic.py            # CPython; writes bench/results/check-heuristic-cpython.*
    python bench/check_heuristic.py --runs 5 --goal blank-first
    python bench/check_heuristic.py --page     # in the page, Chromium: bench/results/check-heuristic-page.*

In the page (--page), the code is typed into the page's editor and Check is pressed: the
time is from the click to the verdict shown, measured in the page (the worker's start and
the editor's load left out: one check runs first to warm them), and Python's own figure for
the check in Pyodide beside it.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from typing import Any

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import command_line, machine_header, machine_info, write_results  # noqa: E402

from npuzzle import Board
from npuzzle.custom import TEMPLATE, load_heuristic
from npuzzle.custom.check import HeuristicCheck
from npuzzle.job import run

HEURISTICS = {
    "template (Manhattan, written plainly)": TEMPLATE,
    "inadmissible (2 x Manhattan)": TEMPLATE.replace("    return total\n", "    return 2 * total\n"),
    "h = 0 (the checker's own cost)": "def h(tiles, goal, rows, cols):\n    return 0\n",
}


# Click Check and time, in the page, until the verdict is shown (the result loses `hidden`).
CLICK_AND_TIME = """() => {
  const result = document.getElementById("check-result");
  window.__verdictMs = null;
  const started = performance.now();
  const seen = new MutationObserver(() => {
    if (!result.hidden) { window.__verdictMs = performance.now() - started; seen.disconnect(); }
  });
  seen.observe(result, { attributes: true, attributeFilter: ["hidden"] });
  document.getElementById("check-heuristic").click();
}"""


def in_the_page(runs: int) -> list[dict[str, Any]]:
    """Each heuristic typed into the page's editor and checked ``runs`` times in Chromium."""
    from playwright.sync_api import expect, sync_playwright

    from tests.browsers import launch, served_site

    rows = []
    with sync_playwright() as playwright, served_site() as url:
        browser = launch(playwright)
        page = browser.new_page()
        page.goto(url + "#board=8,6,7,2,5,4,3,0,1&goal=blank-last")
        expect(page.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=120_000)
        page.locator("#heuristic-code > summary").click()
        box = page.get_by_role("textbox", name="Your heuristic (Python)")
        expect(box).to_have_attribute("contenteditable", "true", timeout=60_000)
        result = page.locator("#check-result")
        check = page.get_by_role("button", name="Check", exact=True)
        check.click()  # the worker's start, once
        expect(result).to_be_visible(timeout=120_000)
        for label, source in HEURISTICS.items():
            box.click()
            page.keyboard.press("Control+a")
            page.keyboard.press("Delete")
            page.keyboard.insert_text(source)
            times, inside = [], []
            for _ in range(runs):
                expect(check).to_be_enabled()
                page.evaluate(CLICK_AND_TIME)
                try:
                    expect(result).to_be_visible(timeout=120_000)
                except AssertionError:
                    raise SystemExit(f"{label}: no verdict: {page.locator('#check-status').inner_text()} "
                                     f"{page.locator('#heuristic-code-error').inner_text()}") from None
                times.append(page.evaluate("window.__verdictMs") / 1000)
                inside.append(float(result.get_attribute("data-seconds") or "nan"))
            row = {"heuristic": label, "median_seconds": round(statistics.median(times), 3),
                   "seconds": [round(t, 3) for t in times], "python_seconds": [round(t, 3) for t in inside],
                   "states": int(result.get_attribute("data-states") or 0),
                   "admissible": result.get_attribute("data-admissible"), "consistent": result.get_attribute("data-consistent"),
                   "verdict": page.locator("#check-verdict").inner_text()}
            rows.append(row)
            print(f"page, {label}: {row['median_seconds']:.3f} s to the verdict (Python's check: "
                  f"{', '.join(f'{t:.3f}' for t in inside)} s); {row['verdict']}")
        browser.close()
    return rows


def page_main(runs: int) -> None:
    rows = in_the_page(runs)
    command = command_line("check_heuristic.py")
    markdown = [
        "# Exhaustive 3x3 check of a person's heuristic in the page (Chromium): time to the verdict",
        "",
        machine_header(),
        f"- command: `{command}`",
        f"- the code typed into the page's editor, Check pressed; from the click to the verdict on screen, median "
        f"of {runs} runs (the code's worker already started); Python's own time for the check in Pyodide beside it",
        "",
        "| heuristic | median s (click to verdict) | runs (s) | Python's check (s) | admissible | consistent |",
        "| --- | ---: | --- | --- | --- | --- |",
    ]
    for row in rows:
        markdown.append(
            f"| {row['heuristic']} | {row['median_seconds']:.3f} | {', '.join(f'{t:.3f}' for t in row['seconds'])} | "
            f"{', '.join(f'{t:.3f}' for t in row['python_seconds'])} | {row['admissible']} | {row['consistent']} |")
    data = {"machine": machine_info(), "command": command, "runs": runs, "rows": rows}
    stem = write_results("check-heuristic-page", markdown, data)
    print(f"wrote {stem}.md and .json")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--goal", default="blank-last")
    parser.add_argument("--page", action="store_true", help="in the page, in Chromium")
    args = parser.parse_args()
    if args.page:
        return page_main(args.runs)
    goal = Board.goal(3, 3, args.goal)
    runtime = platform.python_implementation().lower()
    rows: list[dict[str, Any]] = []
    for label, source in HEURISTICS.items():
        times = []
        result = None
        for _ in range(args.runs):
            h = load_heuristic(source, "bench_h.py")  # a fresh module: no cache kept between runs
            started = time.perf_counter()
            result = run(HeuristicCheck(h, goal))
            times.append(time.perf_counter() - started)
        assert result is not None and result.complete
        row = {"heuristic": label, "median_seconds": round(statistics.median(times), 3),
               "seconds": [round(t, 3) for t in times], "states": result.states, "edges": result.edges,
               "admissible": result.admissible, "consistent": result.consistent,
               "overestimates": result.overestimates, "inconsistent_edges": result.inconsistent_edges,
               "verdict": result.verdict()}
        rows.append(row)
        print(f"{label}: {row['median_seconds']:.3f} s (runs {', '.join(f'{t:.3f}' for t in times)}); {row['verdict']}")
    command = command_line("check_heuristic.py")
    markdown = [
        "# Exhaustive 3x3 check of a person's heuristic: time to the verdict",
        "",
        machine_header(),
        f"- command: `{command}`",
        f"- goal {args.goal}; all 181,440 states and 483,840 moves; median of {args.runs} runs, each a fresh "
        "load of the file and a fresh check (distances by breadth-first search included)",
        "",
        "| heuristic | median s | runs (s) | admissible | consistent | overestimates | inconsistent moves |",
        "| --- | ---: | --- | --- | --- | ---: | ---: |",
    ]
    for row in rows:
        markdown.append(
            f"| {row['heuristic']} | {row['median_seconds']:.3f} | {', '.join(f'{t:.3f}' for t in row['seconds'])} | "
            f"{row['admissible']} | {row['consistent']} | {row['overestimates']:,} | {row['inconsistent_edges']:,} |")
    data = {"machine": machine_info(), "command": command, "goal": args.goal, "runs": args.runs, "rows": rows}
    stem = write_results(f"check-heuristic-{runtime}", markdown, data)
    print(f"wrote {stem}.md and .json")


if __name__ == "__main__":
    main()
