#!/usr/bin/env python3
"""The first seconds of a shared link, first visit and repeat visit, in headless Chromium:
on this machine as it is, and with the CPU throttled 4x on a phone.

    .venv/bin/python bench/first_seconds.py                 # 5 visitors each way (about 3 minutes)
    .venv/bin/python bench/first_seconds.py --visitors 7
    .venv/bin/python bench/first_seconds.py --stdlib-pyc all --label pyc-all   # another build variant
    .venv/bin/python bench/first_seconds.py --no-throttled

The site is built fresh (``build.py``, ``--stdlib-pyc`` choosing which standard library
modules ship precompiled) and served by the browser harness (tests/browsers.py's
``served_site``: under /npuzzle/ on 127.0.0.1, build.py's handler, which sends ``Cache-Control: no-cache``: every HTTP-cached file
is revalidated).

Unthrottled: each visitor is a new browser context (empty HTTP cache, no service worker): a
first visit to a link carrying a 4x4 board (Korf's instance 1, blank-first goal), then, once the
service worker has stored the build (web/solver/service-worker.js) and controls the page, a repeat
visit to the same link in a new tab, and a second repeat visit. They differ: Chromium keeps the
compiled WebAssembly of a streamed module beside its cached response, but the first visit's
copy is kept with the HTTP cache's response, which the service worker does not serve; the first
repeat visit compiles Pyodide's WebAssembly again and stores it with the service worker's
response, which the second repeat visit reads (a trace shows ``wasm.Deserialize`` only there).

Throttled: each visitor is a new browser context with a phone's screen and touch (Playwright's
"Pixel 7"), every page slowed 4x with the DevTools protocol's ``Emulation.setCPUThrottlingRate``
(the usual stand-in for a mid-range phone). Chromium applies that to the page only: it refuses it
for a dedicated worker ("Operation is only supported for pages, not workers"), so Python in the
solver's worker runs at this machine's speed. A first visit to a 5x5 link (a held-out board,
``random_board(5, 5, seed=2001)``), then a repeat visit, where Solve is pressed (a click from a
script in the page) as soon as it is enabled, and Stop 1 s after the first solution is shown
(the status line's ``data-state`` one of the harness's ``SHOWN``, with ``data-length``);
``page_browser.py``'s page log and ``analyse`` give the first solution, the longest gap between
two progress writes of the status line (click to Stop) and the Stop (click to the status
reporting the end: ``data-state`` one of ``ENDED``). Every figure is read from the status line's
``data-*`` attributes (web/solver/outcome.js), none from its words (``final_text`` keeps them as
a record).

Timed in the page (an init script, before the page's own scripts; ``performance.now()`` counts
from the navigation's start): the first tile in the board (the link's tiles, drawn before Python
loads); Python's answer drawn (``data-board`` set); Solve enabled. The worker's own steps come
with its "ready" message (web/solver/worker.js: worker started, Python started, package imported,
``info`` answered), put on the page's clock.

Prints the medians and writes bench/results/first-seconds[-label].{md,json}. Exit status 1 if
the page logs an error (the harness's ``watch``: console and page errors, dialogs, requests
leaving the site, Content-Security-Policy violations).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from typing import Any

from common import command_line, machine_header, machine_info, write_results
from page_browser import WATCH_PAGE, analyse, click_time

from build import STDLIB_PYC
from npuzzle import Board
from npuzzle.known import korf100
from npuzzle.random_boards import random_board
from tests.browsers import CLICK_SOLVE_WHEN_ENABLED, SHOWN, board_link, executable_of, launch, served_site, wait_ended, watch

THROTTLE = 4  # Emulation.setCPUThrottlingRate
PHONE = "Pixel 7"  # Playwright's device descriptor: viewport, scale, touch, user agent
STOP_AFTER_MS = 1000  # throttled 5x5: Stop this long after the first solution
TARGETS = {  # issue 31's: Solve enabled (median); and issue 17's for the throttled 5x5 solve
    ("unthrottled", "first"): 1000, ("unthrottled", "repeat"): 500, ("unthrottled", "repeat 2"): 500,
    ("throttled", "repeat"): 2000, ("throttled", "repeat 2"): 2000,
    "first_solution": 1500, "progress_gap": 200, "stop": 200,
}

# Stamps of the board drawn, checked and Solve enabled, and the worker's start-up steps (from
# its "ready" message, moved onto the page's clock).
WATCH = """
window.__firstSeconds = {};
new MutationObserver(() => {
  const seen = window.__firstSeconds;
  const board = document.getElementById("board");
  const solve = document.getElementById("solve");
  const now = performance.now();
  if (board && !seen.drawn && board.querySelector(".tile")) seen.drawn = now;
  if (board && !seen.checked && board.dataset.board) seen.checked = now;
  if (solve && !seen.solve && !solve.disabled) seen.solve = now;
}).observe(document, { subtree: true, childList: true, attributes: true });
{
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      const created = performance.now();
      this.addEventListener("message", (event) => {
        const m = event.data || {};
        if (m.type !== "ready" || !m.startup) return;
        const shift = m.startup.origin - performance.timeOrigin;
        const steps = { created };
        for (const key of ["script", "runtime", "package", "info"]) {
          if (typeof m.startup[key] === "number") steps[key] = m.startup[key] + shift;
        }
        window.__firstSeconds.worker = steps;
      });
    }
  };
}
"""

# Stop, pressed from inside the page ``after`` ms after the status first shows a solution (its
# data-state one of ``shown``, with a data-length; a Playwright click on a throttled phone page can
# take longer than the wait itself).
STOP_LATER = """([after, shown]) => {
  const status = document.getElementById("status");
  const observer = new MutationObserver(() => {
    if (!shown.includes(status.dataset.state) || !status.dataset.length) return;
    observer.disconnect();
    setTimeout(() => {
      const stop = document.getElementById("stop");
      if (stop && !stop.hidden && !stop.disabled) stop.click();
    }, after);
  });
  observer.observe(status, { attributes: true, attributeFilter: ["data-state", "data-length"] });
}"""

STORED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(registration && registration.active && navigator.serviceWorker.controller);
}"""

MARKS = ("drawn", "checked", "solve")
VISITS = ("first", "repeat", "repeat 2")
STEPS = ("created", "script", "runtime", "package", "info")
STEP_NAMES = {  # what ended at each step, for the table
    "created": "worker created", "script": "worker script running", "runtime": "Python started (loadPyodide)",
    "package": "package imported", "info": "`info` answered",
}


def new_page(context: Any, site: str, problems: list[str], where: str, throttle: int) -> Any:
    page = context.new_page()
    watch(page, site, problems, where)
    page.set_default_timeout(120_000)
    page.add_init_script(WATCH)
    if throttle > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return page


def wait_ready(page: Any) -> dict[str, Any]:
    """The page's stamps once Solve is enabled (and the worker's steps have come)."""
    for _ in range(2400):
        seen: dict[str, Any] = page.evaluate("window.__firstSeconds")
        if all(mark in seen for mark in MARKS) and "worker" in seen:
            return seen
        page.wait_for_timeout(50)
    raise SystemExit(f"the page never got ready: {seen}")


def wait_stored(page: Any) -> None:
    """Until the service worker has stored the build and controls the page (it registers once
    the solver is ready)."""
    for _ in range(600):
        if page.evaluate(STORED):
            return
        page.wait_for_timeout(100)
    raise SystemExit("the service worker never took control")


def stamps(seen: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {mark: round(seen[mark]) for mark in MARKS}
    row["worker"] = {step: round(seen["worker"][step]) for step in STEPS if step in seen["worker"]}
    return row


def visit(context: Any, url: str, problems: list[str], where: str, throttle: int = 1) -> dict[str, Any]:
    page = new_page(context, url, problems, where, throttle)
    page.goto(url)
    row = stamps(wait_ready(page))
    wait_stored(page)
    page.close()
    return row


def solve_visit(context: Any, url: str, problems: list[str], where: str, throttle: int) -> dict[str, Any]:
    """A visit that presses Solve as soon as it is enabled, then Stop after STOP_AFTER_MS."""
    page = new_page(context, url, problems, where, throttle)
    page.add_init_script(CLICK_SOLVE_WHEN_ENABLED)  # the harness's: clicks from the page's start, no later
    page.goto(url)
    page.evaluate(STOP_LATER, [STOP_AFTER_MS, list(SHOWN)])
    row = stamps(wait_ready(page))
    wait_ended(page, timeout=120_000)
    page.wait_for_timeout(300)
    click = click_time(page, "solve", 0)
    found = analyse(page.evaluate("window.__page"), click)
    row.update({key: found[key] for key in ("first_ms", "first_length", "status_max_gap_ms", "worker_max_gap_ms",
                                            "stop_ms", "stopped_by_click", "length_before_stop", "final_text")})
    page.close()
    return row


def unthrottled(browser: Any, site: str, visitors: int, problems: list[str]) -> list[dict[str, Any]]:
    ident, _, tiles = next(row for row in korf100() if row[0] == 1)
    url = f"{site}#board={','.join(map(str, tiles))}&goal=blank-first"
    rows = []
    for visitor in range(1, visitors + 1):
        context = browser.new_context()
        for kind in VISITS:
            row = {"mode": "unthrottled", "visitor": visitor, "visit": kind,
                   **visit(context, url, problems, f"unthrottled {visitor} {kind}")}
            rows.append(row)
            print(f"unthrottled visitor {visitor} {kind:6}: {describe(row)}", flush=True)
        context.close()
    return rows


def throttled(browser: Any, playwright: Any, site: str, visitors: int, problems: list[str]) -> list[dict[str, Any]]:
    board = random_board(5, 5, seed=2001)
    url = site + board_link(board, "blank-last")
    rows = []
    for visitor in range(1, visitors + 1):
        context = browser.new_context(**playwright.devices[PHONE])
        context.add_init_script(WATCH_PAGE)
        first = {"mode": "throttled", "visitor": visitor, "visit": "first",
                 **visit(context, url, problems, f"throttled {visitor} first", THROTTLE)}
        print(f"throttled visitor {visitor} first : {describe(first)}", flush=True)
        repeat = {"mode": "throttled", "visitor": visitor, "visit": "repeat",
                  **solve_visit(context, url, problems, f"throttled {visitor} repeat", THROTTLE)}
        print(f"throttled visitor {visitor} repeat: {describe(repeat)}; 5x5 first solution "
              f"{repeat['first_length']} moves at +{repeat['first_ms']} ms, longest progress gap "
              f"{repeat['status_max_gap_ms']} ms, Stop {repeat['stop_ms']} ms", flush=True)
        again = {"mode": "throttled", "visitor": visitor, "visit": "repeat 2",
                 **visit(context, url, problems, f"throttled {visitor} repeat 2", THROTTLE)}
        print(f"throttled visitor {visitor} repeat 2: {describe(again)}", flush=True)
        rows += [first, repeat, again]
        context.close()
    return rows


def describe(row: dict[str, Any]) -> str:
    steps = ", ".join(f"{step} {row['worker'][step]}" for step in STEPS if step in row["worker"])
    return f"board drawn {row['drawn']} ms, checked {row['checked']} ms, Solve enabled {row['solve']} ms (worker: {steps})"


def median(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def report(rows: list[dict[str, Any]], args: argparse.Namespace, version: str, sizes: dict[str, int]) -> tuple[list[str], list[str]]:
    """The markdown lines, and the targets missed."""
    modes = [m for m in ("unthrottled", "throttled") if any(r["mode"] == m for r in rows)]

    def pick(mode: str, kind: str) -> list[dict[str, Any]]:
        return [r for r in rows if r["mode"] == mode and r["visit"] == kind]

    lines = [
        "# The first seconds of a shared link (bench/first_seconds.py)",
        "",
        machine_header(),
        f"- browser: headless Chromium {version} ({executable_of('chromium')}); site built with `--stdlib-pyc {args.stdlib_pyc}` and served "
        "by build.py's handler on 127.0.0.1 under /npuzzle/ (Cache-Control: no-cache)",
        f"- command: `{command_line('first_seconds.py')}`",
        f"- download: standard library {sizes['stdlib']:,} bytes, package {sizes['package']:,} bytes, "
        f"Pyodide runtime {sizes['runtime']:,} bytes; the whole site but the tables {sizes['site']:,} bytes",
        f"- unthrottled: Korf's 4x4 instance 1 (blank-first goal); throttled: CPU {THROTTLE}x slower "
        f"(`Emulation.setCPUThrottlingRate`, the page only: Chromium refuses it for workers), Playwright's "
        f"\"{PHONE}\" (412x839, touch), a 5x5 link (`random_board(5, 5, seed=2001)`)",
        f"- {args.visitors} visitors per mode, each a new browser context: a first visit, then a repeat visit "
        "once the service worker controls the page, and a second repeat visit; milliseconds from the navigation's start, medians over visitors",
        "",
        "## Targets",
        "",
        "| figure | median | target | met |",
        "| --- | ---: | ---: | --- |",
    ]
    missed: list[str] = []

    def target(label: str, value: float | None, limit: float, extra: str = "") -> None:
        ok = value is not None and value <= limit
        lines.append(f"| {label} | {fmt(value)} ms | ≤ {limit:,} ms{extra} | {'yes' if ok else '**NO**'} |")
        if not ok:
            missed.append(f"{label}: {fmt(value)} ms (target {limit:,} ms)")

    for mode in modes:
        for kind in VISITS:
            limit = TARGETS.get((mode, kind))
            if limit is not None:
                target(f"{mode}, {kind} visit: Solve enabled", median([r["solve"] for r in pick(mode, kind)]), limit)
    solved = pick("throttled", "repeat")
    if solved:
        target("throttled, 5x5: Solve pressed to the first solution shown", median([r["first_ms"] for r in solved]),
               TARGETS["first_solution"])
        target("throttled, 5x5: longest gap between progress writes (click to Stop)",
               median([r["status_max_gap_ms"] for r in solved]), TARGETS["progress_gap"])
        target("throttled, 5x5: Stop to the status saying it stopped", median([r["stop_ms"] for r in solved]), TARGETS["stop"])
        lines.append(f"| (information) throttled, 5x5: longest gap between two messages from the worker (click to Stop) | "
                     f"{fmt(median([r['worker_max_gap_ms'] for r in solved]))} ms | | |")

    lines += ["", "## Medians", "", "| mode | visit | board drawn | board checked by Python | Solve enabled | "
              + " | ".join(STEP_NAMES[s] for s in STEPS) + " |", "| --- | --- |" + " ---: |" * (3 + len(STEPS))]
    for mode in modes:
        for kind in VISITS:
            got = pick(mode, kind)
            cells = [fmt(median([r[m] for r in got])) for m in MARKS]
            cells += [fmt(median([r["worker"].get(s) for r in got])) for s in STEPS]
            lines.append(f"| {mode} | {kind} | " + " | ".join(cells) + " |")
    lines += ["", "## Every visit", "", "| mode | visitor | visit | drawn | checked | Solve enabled | worker created | "
              "Python started | package imported | info | 5x5 first solution | longest progress gap | longest worker gap | Stop |",
              "| --- | ---: | --- |" + " ---: |" * 11]
    for r in rows:
        w = r["worker"]
        lines.append(f"| {r['mode']} | {r['visitor']} | {r['visit']} | {r['drawn']} | {r['checked']} | {r['solve']} | "
                     f"{fmt(w.get('created'))} | {fmt(w.get('runtime'))} | {fmt(w.get('package'))} | {fmt(w.get('info'))} | "
                     f"{fmt(r.get('first_ms'))} | {fmt(r.get('status_max_gap_ms'))} | {fmt(r.get('worker_max_gap_ms'))} | "
                     f"{fmt(r.get('stop_ms'))} |")
    return lines, missed


def site_sizes(site: str) -> dict[str, int]:
    """Bytes of what a first visit downloads, read from the built site."""
    import urllib.request

    def size(url: str) -> int:
        with urllib.request.urlopen(url) as response:
            return len(response.read())

    with urllib.request.urlopen(site + "sw.js") as response:
        text = response.read().decode()
    import json

    files = json.loads(re.search(r"(?:const|var) FILES = (\[.*?\]);", text, re.S).group(1))  # type: ignore[union-attr]
    sizes = {name: size(site + name) for name in files if name != "./"}
    return {
        "stdlib": sum(n for name, n in sizes.items() if "python_stdlib" in name),
        "package": sum(n for name, n in sizes.items() if name.startswith("py/npuzzle-")),
        "runtime": sum(n for name, n in sizes.items() if name.startswith("pyodide/")),
        "site": sum(sizes.values()),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=5, help="new browser contexts per mode (default 5)")
    parser.add_argument("--stdlib-pyc", choices=STDLIB_PYC, default="imported",
                        help="the build's standard library variant (build.py --stdlib-pyc; default imported)")
    parser.add_argument("--no-throttled", dest="throttled", action="store_false", help="skip the throttled phone visits")
    parser.add_argument("--no-unthrottled", dest="unthrottled", action="store_false", help="skip the unthrottled visits")
    parser.add_argument("--label", default="", help="results go to first-seconds-LABEL.{md,json}")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    rows: list[dict[str, Any]] = []
    with served_site(stdlib_pyc=args.stdlib_pyc) as site, sync_playwright() as playwright:
        sizes = site_sizes(site)
        browser = launch(playwright, "chromium")
        if args.unthrottled:
            rows += unthrottled(browser, site, args.visitors, problems)
        if args.throttled:
            rows += throttled(browser, playwright, site, args.visitors, problems)
        version = browser.version
        browser.close()
    lines, missed = report(rows, args, version, sizes)
    stem = "first-seconds" + (f"-{args.label}" if args.label else "")
    write_results(stem, lines, {"machine": machine_info(), "chromium": version, "stdlib_pyc": args.stdlib_pyc,
                                "sizes": sizes, "targets": {str(k): v for k, v in TARGETS.items()}, "missed": missed,
                                "rows": rows})
    print("\n".join(lines))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
