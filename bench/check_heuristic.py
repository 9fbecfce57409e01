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
    python bench/check_heuristic.py --page --site before=SITES/old/npuzzle --site now=dist
                                               # builds side by side in one run, taking turns

In the page (--page), the code is typed into the page's editor and Check is pressed: the
time is from the click to the verdict shown, measured in the page (the worker's start and
the editor's load left out: one check runs first to warm them), and Python's own figure for
the check in Pyodide beside it. The first check of each text is shown apart ("first"): since
issue 35 each code text runs in a fresh worker of its own (one kept started ahead), which builds
its boards' order anew, and the verdict is judged in the solver's worker; the later checks of the
same text reuse its worker. ``--site LABEL=PATH`` (repeatable) times built sites side by side, a
heuristic at a time on each in turn, so that their ratio comes from one run.
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


def in_the_page(runs: int, sites: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    """Each heuristic typed into the page's editor and checked ``runs`` times in Chromium, on each
    site in turn (``(label, folder)``; folder None: the one tests/browsers.py serves)."""
    from contextlib import ExitStack

    from playwright.sync_api import expect, sync_playwright

    from tests.browsers import launch, serve, served_site

    rows = []
    with sync_playwright() as playwright, ExitStack() as stack:
        browser = launch(playwright)
        pages = {}
        for label, folder in sites:
            url = stack.enter_context(serve(Path(folder)) if folder else served_site())
            page = browser.new_page()
            page.goto(url + "#board=8,6,7,2,5,4,3,0,1&goal=blank-last")
            expect(page.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=120_000)
            page.locator("#heuristic-code > summary").click()
            box = page.get_by_role("textbox", name="Your heuristic (Python)")
            expect(box).to_have_attribute("contenteditable", "true", timeout=60_000)
            page.get_by_role("button", name="Check", exact=True).click()  # the worker's start, once
            expect(page.locator("#check-result")).to_be_visible(timeout=120_000)
            pages[label] = (page, box)
        for heuristic, source in HEURISTICS.items():
            for site, (page, box) in pages.items():
                result = page.locator("#check-result")
                check = page.get_by_role("button", name="Check", exact=True)
                box.click()
                page.keyboard.press("Control+a")
                page.keyboard.press("Delete")
                page.keyboard.insert_text(source)
                times, inside = [], []
                for _ in range(runs + 1):
                    expect(check).to_be_enabled()
                    page.wait_for_timeout(500)  # (a fresh worker kept ahead has started by now)
                    page.evaluate(CLICK_AND_TIME)
                    try:
                        expect(result).to_be_visible(timeout=120_000)
                    except AssertionError:
                        raise SystemExit(f"{site}, {heuristic}: no verdict: {page.locator('#check-status').inner_text()} "
                                         f"{page.locator('#heuristic-code-error').inner_text()}") from None
                    times.append(page.evaluate("window.__verdictMs") / 1000)
                    inside.append(float(result.get_attribute("data-seconds") or "nan"))
                first, later = times[0], times[1:]
                row = {"site": site, "heuristic": heuristic, "median_seconds": round(statistics.median(later), 3),
                       "first_seconds": round(first, 3), "seconds": [round(t, 3) for t in later],
                       "python_seconds": [round(t, 3) for t in inside[1:]],
                       "states": int(result.get_attribute("data-states") or 0),
                       "admissible": result.get_attribute("data-admissible"), "consistent": result.get_attribute("data-consistent"),
                       "verdict": page.locator("#check-verdict").inner_text()}
                rows.append(row)
                print(f"{site}, {heuristic}: first check {first:.3f} s, then median {row['median_seconds']:.3f} s to the "
                      f"verdict (its seconds: {', '.join(f'{t:.3f}' for t in inside[1:])}); {row['verdict']}")
        browser.close()
    return rows


def page_main(runs: int, sites: list[tuple[str, str | None]]) -> None:
    rows = in_the_page(runs, sites)
    command = command_line("check_heuristic.py")
    for label, folder in sites:  # a build's folder is this machine's: the docs name the build instead
        if folder:
            command = command.replace(folder, f"<the {label} build>")
    markdown = [
        "# Exhaustive 3x3 check of a person's heuristic in the page (Chromium): time to the verdict",
        "",
        machine_header(),
        f"- command: `{command}`",
        f"- the code typed into the page's editor, Check pressed; from the click to the verdict on screen: the "
        f"first check of the text, then the median of {runs} more (a code's worker already started); the check's "
        "own seconds beside them; sites side by side in one run, taking turns",
        "",
        "| site | heuristic | first check s | then median s | runs (s) | the check's seconds | admissible | consistent |",
        "| --- | --- | ---: | ---: | --- | --- | --- | --- |",
    ]
    for row in rows:
        markdown.append(
            f"| {row['site']} | {row['heuristic']} | {row['first_seconds']:.3f} | {row['median_seconds']:.3f} | "
            f"{', '.join(f'{t:.3f}' for t in row['seconds'])} | "
            f"{', '.join(f'{t:.3f}' for t in row['python_seconds'])} | {row['admissible']} | {row['consistent']} |")
    data = {"machine": machine_info(), "command": command, "runs": runs, "rows": rows}
    stem = write_results("check-heuristic-page", markdown, data)
    print(f"wrote {stem}.md and .json")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--goal", default="blank-last")
    parser.add_argument("--page", action="store_true", help="in the page, in Chromium")
    parser.add_argument("--site", action="append", default=[], metavar="LABEL=PATH",
                        help="with --page: a built site (a folder named npuzzle/) to time, repeatable (default: the one the tests serve)")
    args = parser.parse_args()
    if args.page:
        sites: list[tuple[str, str | None]] = [tuple(s.split("=", 1)) for s in args.site] or [("now", None)]  # type: ignore[misc]
        return page_main(args.runs, sites)
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
