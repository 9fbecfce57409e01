#!/usr/bin/env python3
"""The first seconds of a shared link, first visit and repeat visit, in headless Chromium.

    .venv/bin/python bench/first_seconds.py              # 5 visitors, a 4x4 link
    .venv/bin/python bench/first_seconds.py --visitors 10

Each visitor is a new browser context (empty HTTP cache, no service worker): a first visit
to a link carrying a 4x4 board (Korf's instance 1, blank-first goal), then, once the
service worker has stored the build (web/service-worker.js) and controls the page, a repeat
visit to the same link in a new tab. The site is built and served as in
``korf100_browser.py`` (a fresh build under /npuzzle/ on 127.0.0.1, build.py's handler,
which sends ``Cache-Control: no-cache``: every HTTP-cached file is revalidated).

Timed in the page (an init script, before the page's own scripts; ``performance.now()``
counts from the navigation's start):

- board drawn: the first tile in the board (the link's tiles, drawn before Python loads,
  marked unchecked);
- board checked: Python's answer drawn (``data-board`` set);
- Solve enabled: the Solve button usable.

The issue's aims: board drawn under 0.3 s; Solve enabled on a repeat visit under 1.5 s.
Prints a table and writes bench/results/first-seconds.{md,json}.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from common import command_line, machine_header, machine_info, write_results
from korf100_browser import CHROMIUM, CHROMIUM_FLAGS, served_site

from npuzzle.known import korf100

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
"""

STORED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(registration && registration.active && navigator.serviceWorker.controller);
}"""

MARKS = ("drawn", "checked", "solve")


def visit(context: Any, url: str, problems: list[str]) -> dict[str, float]:
    page = context.new_page()
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.add_init_script(WATCH)
    page.goto(url)
    for _ in range(1200):
        seen = page.evaluate("window.__firstSeconds")
        if all(mark in seen for mark in MARKS):
            break
        page.wait_for_timeout(50)
    else:
        raise SystemExit(f"the page never got ready: {seen}")
    for _ in range(600):  # the service worker stores the build once the solver is ready
        if page.evaluate(STORED):
            break
        page.wait_for_timeout(100)
    page.close()
    return {mark: round(seen[mark]) for mark in MARKS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=5, help="new browser contexts (default 5)")
    args = parser.parse_args()
    ident, length, tiles = next(row for row in korf100() if row[0] == 1)
    fragment = f"#board={','.join(map(str, tiles))}&goal=blank-first"

    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    rows: list[dict[str, Any]] = []
    with served_site() as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        for visitor in range(args.visitors):
            context = browser.new_context()
            for kind in ("first", "repeat"):
                row = {"visitor": visitor + 1, "visit": kind, **visit(context, site + fragment, problems)}
                rows.append(row)
                print(f"visitor {row['visitor']} {kind:6}: board drawn {row['drawn']} ms, checked {row['checked']} ms, "
                      f"Solve enabled {row['solve']} ms", flush=True)
            context.close()
        version = browser.version
        browser.close()
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1

    def median(kind: str, mark: str) -> float:
        return statistics.median(r[mark] for r in rows if r["visit"] == kind)

    lines = [
        "# The first seconds of a shared link (bench/first_seconds.py)",
        "",
        machine_header(),
        f"- browser: headless Chromium {version} ({CHROMIUM}); site served by build.py's handler on 127.0.0.1 "
        "(Cache-Control: no-cache)",
        f"- command: `{command_line('first_seconds.py')}`",
        f"- link: Korf's 4x4 instance {ident} (blank-first goal, {length} moves optimal); {args.visitors} visitors, "
        "each a new browser context: a first visit, then a repeat visit once the service worker controls the page",
        "- milliseconds from the navigation's start (medians over visitors)",
        "",
        "| visit | board drawn | board checked by Python | Solve enabled |",
        "| --- | ---: | ---: | ---: |",
    ]
    for kind in ("first", "repeat"):
        lines.append(f"| {kind} | {median(kind, 'drawn'):.0f} | {median(kind, 'checked'):.0f} | {median(kind, 'solve'):.0f} |")
    lines += ["", "Aims: board drawn under 300 ms; Solve enabled on a repeat visit under 1,500 ms.", "",
              "| visitor | visit | drawn | checked | Solve enabled |", "| ---: | --- | ---: | ---: | ---: |"]
    lines += [f"| {r['visitor']} | {r['visit']} | {r['drawn']} | {r['checked']} | {r['solve']} |" for r in rows]
    write_results("first-seconds", lines, {"machine": machine_info(), "chromium": version, "rows": rows})
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
