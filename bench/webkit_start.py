#!/usr/bin/env python3
"""Why WebKitGTK starts Python slowly: time from opening a 3x3 link to Solve's solver ready,
and the CPU each thread of WebKit's web process spent meanwhile, in WebKitGTK through
the browser harness the tests use (tests/browsers.py: WebKitWebDriver, MiniBrowser, Xvfb when
there is no display; the site built and served under /npuzzle/).

    .venv/bin/python bench/webkit_start.py                          # 5 fresh pages
    .venv/bin/python bench/webkit_start.py --runs 3 --env JSC_useOMGJIT=false
    .venv/bin/python bench/webkit_start.py --site SITES/other/npuzzle  # a site built elsewhere (build.py --out)

The threads, grouped by name: "WebCore: Worker" is the solver's worker (Python itself);
"Wasm Worklist Helper Thread" (shown as "t Helper Thread": Linux keeps 15 characters) compiles
WebAssembly in the background, mostly the OMG tier's optimized copies of Pyodide's hot
functions; "llvmpipe-N" is Mesa drawing the page in software (no GPU here); "WebKitWebProces"
is the page's main thread. ``--env`` sets variables for the browser, to try JavaScriptCore's
options (``JSC_useOMGJIT=false``, ``JSC_useBBQJIT=false``) or WebKitGTK's
(``WEBKIT_DISABLE_COMPOSITING_MODE=1``); none of them is used by the tests.

A time is wall-clock on a shared machine: compare CPU seconds, and medians of runs made together.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browsers import JS_SOLVER_STATE, serve, served_site, webkit_page  # noqa: E402

LINK = "#board=8,6,7,2,5,4,3,0,1&goal=blank-last"


def web_process_threads(driver_pid: int) -> dict[str, tuple[str, float]]:
    """CPU seconds of every thread of the WebKitWebProcesses started under ``driver_pid`` (not
    another session's), by /proc path: (name, seconds)."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            text = Path(stat).read_text()
        except OSError:
            continue
        parent[int(stat.split("/")[2])] = int(text[text.rindex(")") + 2:].split()[1])

    def ours(pid: int) -> bool:
        while pid > 1:
            if pid == driver_pid:
                return True
            pid = parent.get(pid, 0)
        return False

    threads = {}
    for stat in glob.glob("/proc/[0-9]*/task/[0-9]*/stat"):
        try:
            process = Path(stat.split("/task/")[0], "comm").read_text().strip()
            text = Path(stat).read_text()
        except OSError:
            continue
        if process.startswith("WebKitWebProces") and ours(int(stat.split("/")[2])):
            fields = text[text.rindex(")") + 2:].split()
            threads[stat] = (text[text.index("(") + 1:text.rindex(")")], (int(fields[11]) + int(fields[12])) / tick)
    return threads


def spent(before: dict[str, tuple[str, float]], after: dict[str, tuple[str, float]]) -> dict[str, float]:
    """CPU seconds spent between two readings, by thread name (numbers in names folded)."""
    by_name: dict[str, float] = {}
    for key, (name, seconds) in after.items():
        gained = seconds - before.get(key, (name, 0.0))[1]
        if gained > 0:
            folded = re.sub(r"\d+", "#", name)
            by_name[folded] = by_name.get(folded, 0.0) + gained
    return by_name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, help="a built site's folder, named npuzzle/ (default: build one now)")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE", help="a variable for the browser")
    args = parser.parse_args()
    environment = dict(item.split("=", 1) for item in args.env)
    readies: list[float] = []
    totals: dict[str, list[float]] = {}
    with serve(args.site) if args.site else served_site() as url, webkit_page(**environment) as page:
        driver_pid = page.driver.service.process.pid
        for run in range(args.runs):
            page.driver.get("about:blank")
            before, started = web_process_threads(driver_pid), time.monotonic()
            page.driver.get(url + LINK)
            page.wait_for(f"return {JS_SOLVER_STATE} === 'ready';", "ready", 180)
            readies.append(time.monotonic() - started)
            cpu = spent(before, web_process_threads(driver_pid))
            for name, seconds in cpu.items():
                totals.setdefault(name, []).append(seconds)
            shown = " ".join(f"[{n}] {s:.1f}" for n, s in sorted(cpu.items(), key=lambda x: -x[1]) if s >= 0.1)
            print(f"run {run + 1}: ready after {readies[-1]:.1f} s; CPU s: {shown}; load {os.getloadavg()[0]:.1f}", flush=True)
    medians = " ".join(f"[{n}] {statistics.median(v + [0.0] * (args.runs - len(v))):.1f}"
                       for n, v in sorted(totals.items(), key=lambda x: -sum(x[1])) if max(v) >= 0.1)
    print(f"median: ready after {statistics.median(readies):.1f} s; CPU s: {medians}"
          f" ({' '.join(args.env) or 'no variables'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
