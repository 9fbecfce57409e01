"""The search tree view in Chromium: how long a tree takes to appear after "Search tree" is
pressed, how long a step forward or back holds the page, and the main-thread tasks over
50 ms while it builds and while it steps, for BFS, A*, IDA* and IDDFS on a 31-move 8-puzzle
(none solves it within the budgets, so every tree is full size) at node budgets of 200 (the
default), 1,000 and 2,000 (the most the tree takes).

    .venv/bin/python bench/tree_browser.py [--budgets 200,1000,2000] [--steps 20]

Figures: "appears" is from the click to the step line reading the last expansion (the
search in the worker, the JSON, the drawing); "step" is the median time the page's own
click handler and the next frame take for one Back (from a middle step), measured in the
page with performance.now(); "long tasks" are PerformanceObserver's longtask entries.
Results in bench/results/tree-browser[-label].{md,json}.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import command_line, machine_header, machine_info, write_results  # noqa: E402
from tests.browsers import launch, served_site  # noqa: E402

BOARD = "8,6,7,2,5,4,3,0,1"  # 31 moves from the blank-last goal
SEARCHES = [("bfs", None), ("astar", "manhattan"), ("idastar", "manhattan"), ("iddfs", None)]

ONE_STEP = """() => new Promise((done) => {
  const t0 = performance.now();
  document.getElementById("tree-back").click();
  requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
})"""
LONG_TASKS = """window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(Math.round(e.duration)); })
  .observe({ type: "longtask" });"""


def measure(page: Any, url: str, algorithm: str, heuristic: str | None, budget: int, steps: int) -> dict[str, Any]:
    from playwright.sync_api import expect

    fragment = f"#board={BOARD}&algorithm={algorithm}" + (f"&heuristic={heuristic}" if heuristic else "")
    page.goto(url + fragment)
    expect(page.get_by_role("button", name="Search tree")).to_be_enabled(timeout=30_000)
    if not page.get_by_label("Max nodes").is_visible():
        page.locator("summary", has_text="Limits").click()
    page.get_by_label("Max nodes").fill(str(budget))
    page.wait_for_timeout(300)
    page.evaluate("window.__long = []")
    started = time.perf_counter()
    page.get_by_role("button", name="Search tree").click()
    expect(page.locator("#tree-step-text")).to_contain_text(f"Expansion {budget} of {budget}", timeout=60_000)
    appears = time.perf_counter() - started
    building = page.evaluate("window.__long")
    nodes = page.locator('#tree-outline [role="treeitem"]').count()
    page.get_by_label("Expansion step").fill(str(budget // 2))
    page.wait_for_timeout(300)
    page.evaluate("window.__long = []")
    times = [page.evaluate(ONE_STEP) for _ in range(steps)]
    expect(page.locator("#tree-step-text")).to_contain_text(f"Expansion {budget // 2 - steps} of")
    return {
        "algorithm": algorithm, "heuristic": heuristic, "budget": budget, "nodes": nodes,
        "appears_s": round(appears, 3), "long_tasks_building_ms": building,
        "step_median_ms": round(statistics.median(times), 1), "step_max_ms": round(max(times), 1),
        "long_tasks_stepping_ms": page.evaluate("window.__long"),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budgets", default="200,1000,2000", help="node budgets, comma-separated")
    parser.add_argument("--steps", type=int, default=20, help="Back presses timed per tree")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",")]
    from playwright.sync_api import sync_playwright

    rows = []
    with served_site() as url, sync_playwright() as playwright:
        browser = launch(playwright, "chromium")
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.add_init_script(LONG_TASKS)
        for budget in budgets:
            for algorithm, heuristic in SEARCHES:
                row = measure(page, url, algorithm, heuristic, budget, args.steps)
                print(row, flush=True)
                rows.append(row)
        browser.close()
    info = machine_info()
    lines = [
        "# The search tree view in Chromium", "", machine_header(info), "",
        f"Command: `{command_line('tree_browser.py', argv)}`", "",
        "| algorithm | budget | nodes | appears (s) | long tasks building (ms) | step median / max (ms) | long tasks stepping (ms) |",
        "| --- | ---: | ---: | ---: | --- | ---: | --- |",
    ]
    for r in rows:
        name = r["algorithm"] + (f" + {r['heuristic']}" if r["heuristic"] else "")
        lines.append(
            f"| {name} | {r['budget']:,} | {r['nodes']:,} | {r['appears_s']:.2f} | {r['long_tasks_building_ms'] or 'none'} "
            f"| {r['step_median_ms']:.0f} / {r['step_max_ms']:.0f} | {r['long_tasks_stepping_ms'] or 'none'} |"
        )
    path = write_results("tree-browser" + (f"-{args.label}" if args.label else ""), lines, {"machine": info, "rows": rows})
    print("\n".join(lines))
    print(f"saved {path}.md and .json")


if __name__ == "__main__":
    main()
