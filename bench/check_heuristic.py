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

CPython only for now (the page's figure comes with the page).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from typing import Any

from common import command_line, machine_header, machine_info, write_results

from npuzzle import Board
from npuzzle.custom import TEMPLATE, load_heuristic
from npuzzle.custom.check import HeuristicCheck

HEURISTICS = {
    "template (Manhattan, written plainly)": TEMPLATE,
    "inadmissible (2 x Manhattan)": TEMPLATE.replace("    return total\n", "    return 2 * total\n"),
    "h = 0 (the checker's own cost)": "def h(tiles, goal, rows, cols):\n    return 0\n",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--goal", default="blank-last")
    args = parser.parse_args()
    goal = Board.goal(3, 3, args.goal)
    runtime = platform.python_implementation().lower()
    rows: list[dict[str, Any]] = []
    for label, source in HEURISTICS.items():
        times = []
        result = None
        for _ in range(args.runs):
            h = load_heuristic(source, "bench_h.py")  # a fresh module: no cache kept between runs
            started = time.perf_counter()
            result = HeuristicCheck(h, goal).run()
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
