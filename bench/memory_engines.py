#!/usr/bin/env python3
"""The worker's memory after a 3x3, a 4x4 and a 5x5 solve, in every browser engine the machine has.

    .venv/bin/python bench/memory_engines.py                       # Chromium, Firefox, WebKitGTK
    .venv/bin/python bench/memory_engines.py --engines chromium --stop-after 2

The site is built once and served under a sub-path, and every engine found and launched, by the
browser harness the tests use (tests/browsers.py: Chromium and Firefox through Playwright,
``NPUZZLE_CHROMIUM`` / ``NPUZZLE_FIREFOX`` or Debian's; WebKitGTK through Selenium and
WebKitWebDriver, its page tests/webkit.py's). In each engine, one page opens a link to a hard
3x3 board (31 moves) and Solve is pressed; then, in the same page, links are followed (as a pasted link does: the same
worker) to a 4x4 (Korf's instance 60, 66 moves, blank-first goal: its pattern-database tables,
9.7 MB) and to a 5x5 (Korf and Felner's first 24-puzzle, 95 moves: its tables, 1.3 MB), each
solved with the page's default anytime solver: the search ends by itself (3x3, 4x4 proven) or
Stop is pressed ``--stop-after`` seconds (5) after it shows a solution and searches with its
tables loaded (the beam searches that shorten it widen with the time left: a longer run, up to
the page's 60 s, may take more; ``--stop-after 60`` measures that).

What is read (the page keeps it for this): ``data-worker-memory`` on ``#solver-state``, the
bytes of the worker's WebAssembly memory (Pyodide's linear memory: Python's objects, the
tables, a search's state; it grows and never shrinks, so each figure is the peak so far),
which the worker sends with its ready message and every final answer (web/solver/worker.js) in every
engine. Read once the solver is ready, then after each solve. How each solve went is read from
the status line's ``data-*`` attributes (web/solver/outcome.js, through the harness's
``JS_STATUS`` and ``Outcome``: its state, length and whether it is proven optimal), never from its
words (kept in the results as a record). Besides it, where the engine
tells: the page's JavaScript heap (Chromium's ``performance.memory.usedJSHeapSize``, the
main thread only); and from /proc, the browser's processes' proportional set size (PSS,
shared pages split between the processes that share them) after the 5x5: their sum and the
largest process (the one holding the worker: the one a phone would kill).

The aim (issue 17): the worker under 300 MB with the 4x4 and 5x5 tables loaded. Results:
bench/results/memory-engines[-label].md / .json. Exit status 1 if an engine that ran missed
the aim, gave no figure, or a solve went wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any, Callable

from common import command_line, machine_header, machine_info, write_results

from npuzzle.known import korf24_50, korf100
from tests.browsers import (  # the tests' harness (STYLE.md 18)
    ENDED, ENGINES, JS_BOARD, JS_SOLVER_STATE, JS_STATUS, JS_WORKER_MEMORY, Outcome, find_webkit_browser, launch,
    served_site, watch, webkit_page,
)

AIM_BYTES = 300 * 2**20  # the worker with the 4x4 and 5x5 tables loaded (issue 17)
READY_TIMEOUT = 180.0  # seconds: a link to the solver ready (WebKitGTK took 10-30 s loaded)
SOLVE_TIMEOUT = 120.0  # seconds: Solve to the first solution or the end, on a loaded machine

HARD = "8,6,7,2,5,4,3,0,1"  # one of the two 31-move 3x3 boards (blank-last goal), as in tests/pages.py
KORF_4 = next(x for x in korf100() if x[0] == 60)  # (60, 66, tiles): still improving after seconds
KORF_5 = korf24_50()[0]  # (1, 95, tiles)
BOARDS = [  # (name, board, goal, optimal length)
    ("3x3", HARD, "blank-last", 31),
    ("4x4", ",".join(map(str, KORF_4[2])), "blank-first", KORF_4[1]),
    ("5x5", ",".join(map(str, KORF_5[2])), "blank-first", KORF_5[1]),
]

MEMORY = JS_WORKER_MEMORY
JS_HEAP = "performance.memory ? performance.memory.usedJSHeapSize : null"
RUNNING = ("searching", "improving", "stopping")
"""The status line's data-state while a search runs (web/solver/outcome.js)."""
# Before Solve is pressed: forget the last search, and watch the status line's data-state for
# this one's start (so the last board's ended state, which a refresh may write again, is not
# taken for this search's end).
WATCH_STATUS = """(() => {
  window.__searchStarted = false;
  if (!window.__statusObserver) {
    const status = document.getElementById("status");
    window.__statusObserver = new MutationObserver(() => {
      if (RUNNING.includes(status.dataset.state)) window.__searchStarted = true;
    });
    window.__statusObserver.observe(status, { attributes: true, attributeFilter: ["data-state", "data-length", "data-preparing"] });
  }
  return true;
})()""".replace("RUNNING", json.dumps(RUNNING))
STATUS = "document.getElementById('status').textContent.trim()"  # the words, kept as a record
# This search (started since Solve was pressed) in one of the states ``states``, or ``also``
# (a condition on the status line's dataset ``d``).
THIS_SEARCH = ("((d) => window.__searchStarted && ({states}.includes(d.state) || {also}))"
               "(document.getElementById('status').dataset)")
FINISHED = THIS_SEARCH.format(states=json.dumps(ENDED), also="false")
# A solution shown and the search running with its tables loaded, or the end.
SEARCHING = THIS_SEARCH.format(states=json.dumps(ENDED), also='(d.state === "improving" && d.preparing !== "true")')


class PlaywrightDriver:
    """One Playwright page, with the few calls the run makes."""

    def __init__(self, page: Any, site: str) -> None:
        self.page = page
        self.problems = watch(page, site)

    def value(self, expression: str) -> Any:
        return self.page.evaluate(f"() => ({expression})")

    def wait(self, expression: str, what: str, timeout: float) -> None:
        try:
            self.page.wait_for_function(f"() => ({expression})", timeout=timeout * 1000, polling=100)
        except Exception as error:  # noqa: BLE001 - said with what was awaited and what the page shows
            raise RuntimeError(f"waited {timeout:.0f} s for {what}; status: {self.value(STATUS)!r}") from error

    def click(self, css: str) -> None:
        self.page.locator(css).click()

    def open(self, site: str, fragment: str, first: bool) -> None:
        self.page.goto(site + fragment)  # after the first: the same document (a hash change)
        self.wait(f"{JS_SOLVER_STATE} === 'ready'", "the solver ready", READY_TIMEOUT)

    def get_problems(self) -> list[str]:
        return self.problems


class WebKitDriver:
    """tests/webkit.py's WebKitPage, with the same calls."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def value(self, expression: str) -> Any:
        return self.page.run(f"return ({expression});")

    def wait(self, expression: str, what: str, timeout: float) -> None:
        self.page.wait_for(f"return ({expression});", what, timeout)

    def click(self, css: str) -> None:
        self.page.click(css)

    def open(self, site: str, fragment: str, first: bool) -> None:
        if first:
            self.page.load(site + fragment, timeout=READY_TIMEOUT)
        else:
            self.page.open_link(site, fragment)

    def get_problems(self) -> list[str]:
        return list(self.page.problems())


def solve(driver: Any, stop_after: float) -> dict[str, Any]:
    """Press Solve; once a solution is shown and the search runs with its tables loaded, wait
    ``stop_after`` seconds for the end, then press Stop if it is still searching. What the
    status line reports at the end (its data-* attributes; its words as a record) and how it ended."""
    driver.value(WATCH_STATUS)
    started = time.monotonic()
    driver.click("#solve")
    driver.wait(SEARCHING, "a solution, searching with the tables", SOLVE_TIMEOUT)
    first = time.monotonic() - started
    stopped = False
    deadline = time.monotonic() + stop_after
    while not driver.value(FINISHED) and time.monotonic() < deadline:
        time.sleep(0.1)
    if not driver.value(FINISHED):
        if driver.value("!document.getElementById('stop').hidden"):
            driver.click("#stop")
            stopped = True
        driver.wait(FINISHED, "the search to end", SOLVE_TIMEOUT)
    outcome = Outcome.of(driver.value(JS_STATUS))
    return {"status": driver.value(STATUS), "state": outcome.state, "length": outcome.length,
            "optimal": outcome.optimal, "factor": outcome.factor,
            "stopped": stopped, "first_s": round(first, 2), "seconds": round(time.monotonic() - started, 2)}


def browser_pss() -> dict[str, Any] | None:
    """The proportional set size of this script's browser processes (descendants of this
    process, not Playwright's Node driver, Xvfb or WebKitWebDriver), from /proc: the sum and
    the largest; None where /proc does not tell."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        parents[int(entry.name)] = int(stat[stat.rindex(")") + 2:].split()[1])
        names[int(entry.name)] = name
    mine = {os.getpid()}
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in mine} - mine
        grew = bool(more)
        mine |= more
    mine.discard(os.getpid())
    sizes: dict[int, int] = {}
    for pid in mine:
        if names[pid] in ("node", "Xvfb", "WebKitWebDriver"):
            continue
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        found = re.search(r"^Pss:\s+(\d+) kB", rollup, re.M)
        if found:
            sizes[pid] = int(found.group(1)) * 1024
    if not sizes:
        return None
    largest = max(sizes, key=lambda pid: sizes[pid])
    return {"sum": sum(sizes.values()), "processes": len(sizes), "largest": sizes[largest],
            "largest_name": names[largest]}


def run_engine(driver: Any, site: str, stop_after: float) -> dict[str, Any]:
    """Open the 3x3 link, then solve each board in the same page; the figures."""
    out: dict[str, Any] = {"steps": []}
    for index, (name, board, goal, optimum) in enumerate(BOARDS):
        fragment = f"#board={board}&goal={goal}"
        driver.open(site, fragment, first=index == 0)
        driver.wait(f"{JS_BOARD} === {board!r}", f"the {name} board", 60)
        if index == 0:
            out["ready"] = {"memory": driver.value(MEMORY), "js_heap": driver.value(JS_HEAP)}
        result = solve(driver, stop_after)
        result.update(name=name, goal=goal, optimum=optimum, memory=driver.value(MEMORY), js_heap=driver.value(JS_HEAP))
        if result["state"] != "solved" or result["length"] is None or result["length"] < optimum \
                or (result["optimal"] and result["length"] != optimum):
            result["wrong"] = (f"{result['state'] or 'no state'}, length {result['length']}, optimal "
                               f"{result['optimal']} (optimum {optimum}): {result['status']!r}")
        print(f"  {name}: {result['status'][:70]} | worker {mb(result['memory'])} MB", flush=True)
        out["steps"].append(result)
    out["pss"] = browser_pss()
    out["problems"] = driver.get_problems()
    return out


def playwright_engine(name: str, site: str, stop_after: float) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    executable, _ = ENGINES[name].executable()
    with sync_playwright() as playwright:
        browser = launch(playwright, name)
        try:
            page = browser.new_page()
            driver = PlaywrightDriver(page, site)
            page.set_default_timeout(READY_TIMEOUT * 1000)
            out = run_engine(driver, site, stop_after)
            out["browser"] = f"{name} {browser.version} ({executable}), {ENGINES[name].driven_by}"
        finally:
            browser.close()
    return out


def webkit_engine(site: str, stop_after: float) -> dict[str, Any]:
    with webkit_page() as page:
        out = run_engine(WebKitDriver(page), site, stop_after)
        agent = page.run("return navigator.userAgent;")
    out["browser"] = f"WebKitGTK ({find_webkit_browser()[0]}), {ENGINES['webkit'].driven_by}; {agent}"
    return out


def mb(n: float | None) -> str:
    return "-" if n is None else f"{n / 2**20:.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit",
                        help="comma-separated, of chromium, firefox, webkit (default all three; one the machine lacks is skipped)")
    parser.add_argument("--stop-after", type=float, default=5.0,
                        help="seconds of search with the tables loaded before Stop, if it has not ended (default 5; "
                             "the page's own limit is 60)")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args()

    runners: dict[str, Callable[[str], dict[str, Any]]] = {
        "chromium": lambda site: playwright_engine("chromium", site, args.stop_after),
        "firefox": lambda site: playwright_engine("firefox", site, args.stop_after),
        "webkit": lambda site: webkit_engine(site, args.stop_after),
    }
    results: dict[str, dict[str, Any]] = {}
    started = time.monotonic()
    with served_site() as site:
        for name in args.engines.split(","):
            executable, why = ENGINES[name].executable()
            if executable is None:
                results[name] = {"skipped": why}
                print(f"{name}: skipped ({why})", flush=True)
                continue
            print(f"{name}:", flush=True)
            t = time.monotonic()
            try:
                results[name] = runners[name](site)
            except Exception as error:  # noqa: BLE001 - reported per engine; the others still run
                results[name] = {"failed": f"{type(error).__name__}: {error}"}
                print(f"  failed: {error}", flush=True)
            results[name]["seconds"] = round(time.monotonic() - t, 1)

    missed: list[str] = []
    rows = []
    for name, out in results.items():
        if "steps" not in out:
            rows.append(f"| {name} | {out.get('skipped') and 'skipped: ' + out['skipped'] or 'failed: ' + str(out.get('failed'))} "
                        "| | | | | | |")
            if "failed" in out:
                missed.append(f"{name} failed")
            continue
        steps = {s["name"]: s for s in out["steps"]}
        peak = max((s["memory"] or 0) for s in out["steps"])
        met = all(s["memory"] for s in out["steps"]) and peak < AIM_BYTES
        if not met:
            missed.append(f"{name}: worker {mb(peak)} MB" if peak else f"{name}: no figure")
        missed += [f"{name} {s['name']}: {s['wrong']}" for s in out["steps"] if "wrong" in s]
        missed += [f"{name}: {p}" for p in out["problems"]]
        heap = steps["5x5"]["js_heap"]
        pss = out["pss"]
        pss_text = f"{mb(pss['sum'])} ({mb(pss['largest'])} in {pss['largest_name']})" if pss else "-"
        rows.append(f"| {name} | {mb(out['ready']['memory'])} | {mb(steps['3x3']['memory'])} | {mb(steps['4x4']['memory'])} "
                    f"| {mb(steps['5x5']['memory'])} | {'yes' if met else 'NO'} | {mb(heap) if heap else '-'} | {pss_text} |")
    table = [
        "| engine | worker at ready | after 3x3 | after 4x4 | after 5x5 | under 300 MB | page JS heap after 5x5 | browser processes' PSS after 5x5 (largest) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        *rows,
    ]
    solves = ["| engine | board | goal | status | stopped | searching with tables after (s) | seconds |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for name, out in results.items():
        for s in out.get("steps", []):
            solves.append(f"| {name} | {s['name']} | {s['goal']} | {s['status']} | {'yes' if s['stopped'] else 'no'} "
                          f"| {s['first_s']} | {s['seconds']} |")
    machine = machine_info()
    command = command_line("memory_engines.py", python=".venv/bin/python")
    browsers = [f"- {name}: {out.get('browser') or out.get('skipped') or out.get('failed')}; {out['seconds']} s"
                for name, out in results.items()]
    lines = [
        "# The worker's memory after a 3x3, a 4x4 and a 5x5 solve, per engine", "",
        machine_header(machine),
        f"- command: `{command}`; {(time.monotonic() - started) / 60:.1f} min",
        *browsers,
        f"- one page per engine: a link to a 31-move 3x3 (blank-last), then in the same page (the same worker) Korf's "
        f"4x4 #{KORF_4[0]} ({KORF_4[1]} moves) and Korf-Felner's 5x5 #{KORF_5[0]} ({KORF_5[1]} moves), blank-first, each "
        f"solved by the default anytime solver, Stop {args.stop_after:g} s after it shows a solution and searches with its "
        f"tables loaded, if still improving",
        f"- aim: the worker under 300 MB with the 4x4 and 5x5 tables loaded; missed: {'; '.join(missed) or 'none'}",
        "",
        "MB = 2^20 bytes. Worker: `data-worker-memory` on `#solver-state`, the bytes of Pyodide's WebAssembly memory that "
        "the worker sends with its ready message and each final answer (its whole heap; it never shrinks, so each figure "
        "is the peak so far). Page JS heap: `performance.memory.usedJSHeapSize` (Chromium only; the main thread). PSS: "
        "/proc's proportional set size of the browser's processes, summed, and the largest process (the one running the worker).",
        "",
        *table,
        "",
        "## Solves",
        "",
        *solves,
    ]
    stem = "memory-engines" + (f"-{args.label}" if args.label else "")
    written = write_results(stem, lines, {"command": command, **machine, "args": vars(args), "aim_bytes": AIM_BYTES,
                                          "missed": missed, "engines": results})
    print("\n".join(table))
    print(f"missed: {'; '.join(missed) or 'none'}")
    print(f"wrote {written}.md and .json")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
