#!/usr/bin/env python3
"""Two or more built sites side by side: how soon Solve is enabled on a first visit and on two
repeat visits, in headless Chromium or Firefox, the sites taking turns visitor by visitor (so the machine's
load falls on each alike). For a change to the page or the worker: build the site before and
after it, then compare.

    python3 build.py --out SITES/before/npuzzle        # (a checkout of the old commit)
    python3 build.py --out SITES/after/npuzzle
    .venv/bin/python bench/ready_ab.py SITES/before/npuzzle SITES/after/npuzzle --visitors 7 --label sandbox

Each visitor is a new browser context: a first visit to Korf's 4x4 instance 1 (blank-first goal),
then, once the service worker has stored the build and controls the page, a repeat visit and a
second repeat visit (first_seconds.py's ``visit``: the same stamps from the page and the worker).
Prints the medians per site and their ratios, and writes bench/results/ready-ab[-label].{md,json}.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from common import command_line, machine_header, machine_info, public_path, write_results
from first_seconds import STEPS, VISITS, describe, visit

from npuzzle.known import korf100
from tests.browsers import launch, serve


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sites", nargs="+", type=Path, help="built sites (folders named npuzzle/, as build.py --out writes)")
    parser.add_argument("--visitors", type=int, default=5, help="new browser contexts per site (default 5)")
    parser.add_argument("--label", default="", help="results go to ready-ab-LABEL.{md,json}")
    parser.add_argument("--browser", choices=("chromium", "firefox"), default="chromium", help="the engine (default chromium)")
    args = parser.parse_args()
    if len(args.sites) < 2:
        parser.error("give at least two sites to compare")

    from contextlib import ExitStack

    from playwright.sync_api import sync_playwright

    _, _, tiles = next(row for row in korf100() if row[0] == 1)
    fragment = f"#board={','.join(map(str, tiles))}&goal=blank-first"
    problems: list[str] = []
    rows: list[dict[str, Any]] = []
    with ExitStack() as stack, sync_playwright() as playwright:
        urls = [stack.enter_context(serve(site.resolve())) for site in args.sites]
        browser = launch(playwright, args.browser)
        for visitor in range(1, args.visitors + 1):
            order = list(range(len(urls)))
            if visitor % 2 == 0:
                order.reverse()  # each site goes first as often as the others
            for index in order:
                context = browser.new_context()
                for kind in VISITS:
                    row = visit(context, urls[index] + fragment, problems, f"site {index + 1} visitor {visitor} {kind}")
                    rows.append({"site": public_path(str(args.sites[index])), "visitor": visitor, "visit": kind, **row})
                    print(f"site {index + 1} visitor {visitor} {kind:8}: {describe(row)}", flush=True)
                context.close()
        version = browser.version
        browser.close()

    def med(site: Path, kind: str, key: str) -> float:
        values = [r[key] if key in ("drawn", "checked", "solve") else r["worker"].get(key)
                  for r in rows if r["site"] == public_path(str(site)) and r["visit"] == kind]
        return statistics.median(v for v in values if v is not None)

    lines = ["# Solve enabled, site against site (bench/ready_ab.py)", "", machine_header(),
             f"- browser: headless {args.browser} {version}", f"- command: `{command_line('ready_ab.py')}`",
             f"- {args.visitors} visitors per site, the sites taking turns; milliseconds from the navigation's start, medians",
             "", "| site | visit | Solve enabled | " + " | ".join(STEPS) + " | Solve enabled / site 1's |",
             "| --- | --- | ---: |" + " ---: |" * (len(STEPS) + 1)]
    for index, site in enumerate(args.sites):
        for kind in VISITS:
            ratio = med(site, kind, "solve") / med(args.sites[0], kind, "solve")
            cells = " | ".join(f"{med(site, kind, step):,.0f}" for step in STEPS)
            lines.append(f"| {index + 1}: `{public_path(str(site))}` | {kind} | {med(site, kind, 'solve'):,.0f} | {cells} | {ratio:.3f} |")
    stem = "ready-ab" + (f"-{args.label}" if args.label else "")
    write_results(stem, lines, {"machine": machine_info(), "browser": args.browser, "version": version,
                                "sites": [public_path(str(s)) for s in args.sites], "rows": rows})
    print("\n".join(lines))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
