#!/usr/bin/env python3
"""How soon things answer, in seconds: what the tests count, timed against the targets the
tests once asserted (a test asserts counts, never seconds: tests/README.md).

    python bench/responsiveness.py                                  # the package in CPython (~20 s)
    .venv/bin/python bench/responsiveness.py --engines chromium,firefox   # and the page, per engine (~2 min)

The package, in this process, by the wall clock (the test that counts the same thing in brackets):

- **time limit**: ``solve`` of a random 8x8 board by each algorithm under a 0.3 s limit: how far
  past the limit it returned (target: 1.7 s; the test: the first look at the clock past a limit
  stops it, 64 nodes for best-first searches, 1024 for depth-first ones).
- **progress**: the longest gap between two progress callbacks over 1 s of each algorithm
  (``interval`` 0.1 s; target 0.5 s; the test: a report at least every 64 / 1024 / a few thousand nodes).
- **waiting for tables**: one ``step(10.0)`` of the anytime solver while its tables download
  (target 1 s; the test: such a step looks for the files once and returns).
- **a line's beam**: the longest CPU time of one step of the lines of a random 10x10 board filled
  by beams of width 512 (``staged.PAUSE_EVERY`` as shipped; target 0.2 s; the test: a step
  expands at most PAUSE_EVERY states).
- **windows**: ``shorten`` with a deadline 0.05 s away: when it returned (target 0.5 s; the test:
  no window starts once the deadline has passed).
- **first solution**: the anytime solver's first improvement (``history[0].seconds``) on the
  80-move 15-puzzle (target 0.5 s) and Korf & Felner's 24-puzzles #1, #8 and #22 (target 1 s; the
  test: it comes within the first steps, before any node is searched).
- **a person's endless search** under a 0.2 s limit: its seconds (target 2 s; the test: it stops
  at the first clock reading past the limit, ``CLOCK_EVERY`` expansions).

The page (``--engines``; the site built and served by tests/browsers.py, each engine launched as
the tests launch it), on Korf's 15-puzzle #60 (66 moves, blank-first), stamped in the page
with ``performance.now()``:

- **IDA* with the pattern databases**: from the click on Solve, the longest gap between two
  writes of the status line over 2 s (target 200 ms), Cancel's click to "stopped" shown (200 ms),
  the longest task on the page's main thread from the click on (50 ms; the Long Tasks API is
  Chromium's: "n/a" elsewhere). (The test: every progress report reaches the status line and
  touches nothing else; once the worker has taken in the Cancel, at most one report more.)
- **the default solver**: Stop's click to the kept solution shown (target 200 ms), the longest
  task (50 ms). (The test: the same count after Stop.)
- **the browser-support check** that runs before the worker: its ``performance.measure``
  (target 100 ms; the test: six probe modules validated and one compiled, each of a few dozen bytes).

Results: bench/results/responsiveness[-label].md and .json, each figure next to its target;
exit status 1 if a target is missed or a page logs an error.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path
from typing import Any, Callable

from common import command_line, drain, machine_header, machine_info, write_results

from npuzzle import ALGORITHMS, Board, Limits, Progress, Search, solve
from npuzzle.custom import load_search, run_search
from npuzzle.known import fifteen_antipodes80, korf24_50, korf100
from npuzzle.random_boards import random_board
from npuzzle.search.problem import Problem
from npuzzle.search.reduction import reduce
from npuzzle.search.staged import Staged
from npuzzle.search.windows import shorten
from tests.browsers import ENGINES, launch, open_link, served_site, watch  # the tests' harness (STYLE.md 18)

HARD_8X8 = random_board(8, seed="limits")  # the board of tests/test_search.py's limits tests
KORF = {ident: (length, tiles) for ident, length, tiles in korf100()}
ENDLESS = ("def search(problem):\n    while True:\n        try:\n            problem.successors(problem.start)\n"
           "        except Exception:\n            pass\n")


def figure(name: str, value: float | None, target: float, unit: str, note: str = "") -> dict[str, Any]:
    """One measured figure against its target (met when at most the target; None: not measured)."""
    return {"name": name, "value": value, "target": target, "unit": unit, "note": note,
            "met": None if value is None else value <= target}


# ---- The package, in CPython ---------------------------------------------------------------

def time_limit_overshoot() -> list[dict[str, Any]]:
    out = []
    for algorithm in ALGORITHMS:
        began = time.perf_counter()
        result = solve(HARD_8X8, algorithm=algorithm, limits=Limits(max_nodes=10**9, time_limit=0.3))
        past = time.perf_counter() - began - 0.3
        out.append(figure(f"time limit 0.3 s, {algorithm}: returned past it", past, 1.7, "s", result.stop.value))
    return out


def progress_gaps() -> list[dict[str, Any]]:
    out = []
    for algorithm in ALGORITHMS:
        stamps: list[float] = []
        began = time.perf_counter()

        def progress(p: Progress) -> bool:
            stamps.append(time.perf_counter())
            return stamps[-1] - began > 1.0

        Search(HARD_8X8, Board.goal(8, 8), algorithm, limits=Limits(max_nodes=10**9, time_limit=60)).run(progress)
        gaps = [b - a for a, b in zip([began, *stamps], stamps)]
        out.append(figure(f"progress, {algorithm}: longest gap", max(gaps), 0.5, "s", f"{len(stamps)} reports"))
    return out


def waiting_step(folder: Path) -> dict[str, Any]:
    from npuzzle import tables

    real = tables.DATA_DIR
    tables.DATA_DIR = folder  # the table file is not there yet
    try:
        board = Board.from_string("14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3")  # Korf #1
        search = Search(board, Board.goal(4, 4, "blank-first"), heuristic="pdb", fetching=True)
        search.step(10.0)  # the first solution, shown while the files download
        began = time.perf_counter()
        search.step(10.0)
        took = time.perf_counter() - began
        search.cancel()
    finally:
        tables.DATA_DIR = real
    return figure("a step of 10 s while the tables download", took, 1.0, "s")


def beam_step() -> dict[str, Any]:
    goal = Board.goal(10, 10)
    work = Staged(Problem.from_boards(random_board(10, 10, goal, seed=1), goal), 512)
    steps = work.run_to(5)
    longest, count = 0.0, 0
    while True:
        began = time.thread_time()  # the step's own CPU time: waiting for a core is not the step's
        try:
            next(steps)
        except StopIteration:
            break
        longest = max(longest, time.thread_time() - began)
        count += 1
    return figure("a line's beam (10x10, width 512): longest step, CPU", longest, 0.2, "s", f"{count} steps")


def windows_deadline() -> dict[str, Any]:
    goal = Board.goal(10, 10)
    board = random_board(10, 10, goal, seed=3)
    problem = Problem.from_boards(board, goal)
    path = [board.blank] + drain(reduce(problem))
    rng = random.Random(1)
    for _ in range(30):  # blank round trips (out and straight back), as tests/test_staged.py puts in
        at = rng.randrange(len(path))
        path[at + 1 : at + 1] = [rng.choice(problem.neighbours[path[at]]), path[at]]
    began = time.perf_counter()
    drain(shorten(problem, path, began + 0.05))
    return figure("windows with a deadline 0.05 s away: returned after", time.perf_counter() - began, 0.5, "s")


def first_solutions() -> list[dict[str, Any]]:
    out = []
    board = Board(4, 4, tuple(fifteen_antipodes80()[0]))
    result = solve(board, Board.goal(4, 4), limits=Limits(max_nodes=10**9, time_limit=1.0))
    out.append(figure("first solution, an 80-move 15-puzzle", result.history[0].seconds, 0.5, "s",
                      f"{result.history[0].length} moves"))
    for index in (0, 7, 21):
        ident, optimal, tiles = korf24_50()[index]
        result = solve(Board(5, 5, tuple(tiles)), Board.goal(5, 5, "blank-first"),
                       limits=Limits(max_nodes=10**9, time_limit=1.0))
        out.append(figure(f"first solution, Korf & Felner's 24-puzzle #{ident}", result.history[0].seconds, 1.0, "s",
                          f"{result.history[0].length} moves (optimal {optimal})"))
    return out


def endless_search() -> dict[str, Any]:
    run = run_search(load_search(ENDLESS), Board.from_string("8 6 7 2 5 4 3 0 1"), Board.goal(3, 3),
                     max_nodes=10**9, time_limit=0.2)
    return figure("a person's endless search, limit 0.2 s: its seconds", run.seconds, 2.0, "s", run.stopped or "")


def package_figures() -> list[dict[str, Any]]:
    import tempfile

    figures = [*time_limit_overshoot(), *progress_gaps()]
    with tempfile.TemporaryDirectory() as folder:
        figures.append(waiting_step(Path(folder)))
    figures += [beam_step(), windows_deadline(), *first_solutions(), endless_search()]
    return figures


# ---- The page -------------------------------------------------------------------------------

LONG_TASKS = """
window.__long = [];
window.__longTasksMeasured = (PerformanceObserver.supportedEntryTypes || []).includes("longtask");
if (window.__longTasksMeasured)
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); })
    .observe({ type: "longtask", buffered: false });
"""
STAMPS = """(ended) => {
  const status = document.getElementById("status");
  window.__status = [];
  window.__ended = null;
  window.__clicked = null;
  new MutationObserver(() => {
    window.__status.push(performance.now());
    if (window.__ended === null && window.__clicked !== null && status.dataset.state === ended) window.__ended = performance.now();
  }).observe(status, { childList: true, characterData: true, subtree: true, attributes: true });
}"""
CLICKED = """() => document.addEventListener("click", () => {
  if (window.__clicked === null) window.__clicked = performance.now(); }, true)"""


def longest_task(page: Any) -> float | None:
    return max(page.evaluate("window.__long"), default=0.0) if page.evaluate("window.__longTasksMeasured") else None


def page_figures(playwright: Any, engine: str, site: str) -> list[dict[str, Any]]:
    from playwright.sync_api import expect

    browser = launch(playwright, engine)
    figures: list[dict[str, Any]] = []
    problems: list[str] = []
    try:
        link = f"#board={','.join(map(str, KORF[60][1]))}&goal=blank-first"
        # IDA* with the pattern databases: status gaps, Cancel, long tasks.
        page = browser.new_page()
        watch(page, site, problems, "ida*")
        page.add_init_script(LONG_TASKS)
        open_link(page, site, link + "&algorithm=idastar")
        page.evaluate("window.__long = []")
        page.evaluate(STAMPS, "stopped")
        page.evaluate("window.__status.push(performance.now())")  # the click's moment, near enough
        page.get_by_role("button", name="Solve").click()
        status = page.locator("#status")
        expect(status).to_contain_text(re.compile(r"Searching: "), timeout=60_000)
        page.wait_for_timeout(2000)
        stamps = page.evaluate("window.__status")
        gaps = [b - a for a, b in zip(stamps, stamps[1:])]
        page.evaluate(CLICKED)
        page.get_by_role("button", name="Cancel").click()
        expect(status).to_have_attribute("data-state", "stopped", timeout=60_000)
        page.wait_for_function("window.__ended !== null")
        cancel = page.evaluate("window.__ended - window.__clicked")
        figures += [
            figure(f"{engine}: IDA* on Korf #60, longest gap between status writes", max(gaps), 200, "ms",
                   f"{len(stamps)} writes"),
            figure(f"{engine}: IDA*, Cancel to stopped shown", cancel, 200, "ms"),
            figure(f"{engine}: IDA*, longest task on the main thread", longest_task(page), 50, "ms"),
        ]
        page.close()
        # The default solver: Stop, long tasks.
        page = browser.new_page()
        watch(page, site, problems, "anytime")
        page.add_init_script(LONG_TASKS)
        open_link(page, site, link)
        page.evaluate("window.__long = []")
        page.get_by_role("button", name="Solve").click()
        expect(page.locator("#status")).to_have_attribute("data-state", "improving", timeout=60_000)
        page.evaluate(STAMPS, "solved")
        page.evaluate(CLICKED)
        page.get_by_role("button", name="Stop").click()
        expect(page.locator("#status")).to_have_attribute("data-state", "solved", timeout=60_000)
        page.wait_for_function("window.__ended !== null")
        figures += [
            figure(f"{engine}: the default solver, Stop to the kept solution shown",
                   page.evaluate("window.__ended - window.__clicked"), 200, "ms"),
            figure(f"{engine}: the default solver, longest task on the main thread", longest_task(page), 50, "ms"),
        ]
        # The browser-support check, on the page just used (its first load).
        check = page.evaluate("performance.getEntriesByName('npuzzle: browser support check')[0].duration")
        figures.append(figure(f"{engine}: the browser-support check before the worker", check, 100, "ms"))
        page.close()
    finally:
        browser.close()
    for problem in problems:
        figures.append({"name": f"{engine}: page problem", "value": None, "target": 0, "unit": "", "note": problem,
                        "met": False})
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="",
                        help="comma-separated, of chromium and firefox: the page's figures too (default: none)")
    parser.add_argument("--no-package", action="store_true", help="the page's figures only")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args()
    figures: list[dict[str, Any]] = []
    started = time.monotonic()
    if not args.no_package:
        print("the package, in CPython:", flush=True)
        figures += package_figures()
    engines = [e for e in args.engines.split(",") if e]
    if engines:
        from playwright.sync_api import sync_playwright

        with served_site() as site, sync_playwright() as playwright:
            for engine in engines:
                executable, why = ENGINES[engine].executable()
                if executable is None:
                    print(f"{engine}: skipped ({why})", flush=True)
                    continue
                print(f"{engine}:", flush=True)
                figures += page_figures(playwright, engine, site)
    show: Callable[[Any, str], str] = lambda v, unit: "n/a" if v is None else (  # noqa: E731
        f"{v * 1000:.0f} ms" if unit == "s" and v < 1 else f"{v:.2f} s" if unit == "s" else f"{v:.0f} {unit}")
    rows = [f"| {f['name']} | {show(f['value'], f['unit'])} | {show(f['target'], f['unit'])} | "
            f"{'n/a' if f['met'] is None else 'met' if f['met'] else '**missed**'} | {f['note']} |" for f in figures]
    for row in rows:
        print(row, flush=True)
    missed = [f["name"] for f in figures if f["met"] is False]
    stem = "responsiveness" + (f"-{args.label}" if args.label else "")
    info = machine_info()
    write_results(stem, [
        "# Responsiveness: what the tests count, in seconds",
        "",
        machine_header(info),
        f"- command: `{command_line('responsiveness.py', python='.venv/bin/python' if engines else 'python')}`",
        f"- {len(figures)} figures in {time.monotonic() - started:.0f} s; targets missed: {len(missed)}",
        "",
        "| figure | measured | target | | note |",
        "| --- | --- | --- | --- | --- |",
        *rows,
    ], {"machine": info, "figures": figures, "missed": missed})
    print(f"written: bench/results/{stem}.md, .json; targets missed: {len(missed)}", flush=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
