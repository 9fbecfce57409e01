#!/usr/bin/env python3
"""MTM-optimal solving of random 4x4 boards (npuzzle/speed/mtm.py): seconds, nodes, lengths.

    python bench/mtm.py                     # 20 boards, random_board(4, seed=0..19)
    python bench/mtm.py --seeds 0-4 --time-limit 120
    .venv/bin/python bench/mtm.py --runtime browser --boards 20     # other random 4x4s in the page's worker

First the group tables are built (timed on their own: once per process, then kept); then each
board is solved by ``mtm_search`` under ``Limits(max_nodes=10**10, time_limit=--time-limit)``,
its path replayed to the goal, and its length in single-tile slides (STM) and in multi-tile
moves (MTM) reported beside the nodes expanded, the wall seconds and the CPU seconds. The aim
is a median of at most 10 s per board in CPython (the only other MTM-optimal 4x4 solver we
know, benwh1/slidy, builds a 144 MiB table first).

``--runtime browser``: the same job in the built site's own worker (Pyodide in headless
Chromium, ``common.worker_page``), sent the web API's ``solve`` request with ``metric: "mtm"``
for ``--boards`` random 4x4s (seeds ``speed-0``, ``speed-1``, ...) after a warm-up request
that builds the group tables; per board the wall time from posting the request to its answer,
each path replayed (the aim: an MTM-optimal 4x4 within 20 s, median of 20).

Results: bench/results/mtm-cpython.md and .json, or speed-browser-mtm[-label].md and .json.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from common import command_line, drain, machine_header, machine_info, page_jobs, write_results

from npuzzle import Board, Limits
from npuzzle.random_boards import random_board, scramble
from npuzzle.search.problem import Problem
from npuzzle.speed.mtm import GROUPINGS, group_estimator, mtm_search


def parse_seeds(text: str) -> list[int]:
    """``0-4,9`` -> [0, 1, 2, 3, 4, 9]."""
    seeds: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        seeds.extend(range(int(low), int(high or low) + 1))
    return seeds


def runs(moves: str) -> int:
    """The MTM length of single slides: runs of one letter."""
    return sum(1 for i, move in enumerate(moves) if i == 0 or move != moves[i - 1])


def in_browser(boards: int, time_limit: float, label: str) -> int:
    """MTM-optimal solves of random 4x4s by the site's worker; the exit status."""
    goal = Board.goal(4, 4)

    def request(board: Board) -> dict[str, object]:
        return {"op": "solve", "board": board.to_string(), "goal": "blank-last", "time_limit": time_limit,
                "metric": "mtm"}

    def row_of(board: Board, answer: dict[str, Any]) -> dict[str, Any]:
        result = answer["result"]
        if result["length"] is not None and board.play(result["tiles"]) != goal:
            raise SystemExit(f"{board.to_string()}: the solution does not reach the goal")
        return {"board": board.to_string(), "stm": result["length"], "mtm": result.get("mtm"),
                "optimal": result.get("mtm_optimal"), "stopped": result["stopped"]}

    chosen = [random_board(4, 4, goal, seed=f"speed-{n}") for n in range(boards)]
    return page_jobs("The speed-solver's MTM-optimal job", "MTM-optimal within 20 s", "mtm.py",
                     "speed-browser-mtm" + (f"-{label}" if label else ""), request(scramble(goal, 12, seed=1)),
                     [(board, request(board)) for board in chosen], row_of, time_limit)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", choices=["cpython", "browser"], default="cpython",
                        help="cpython: this process, boards by --seeds; browser: the built site's worker in headless "
                             "Chromium, --boards boards (default cpython)")
    parser.add_argument("--seeds", default="0-19", help="random_board seeds, e.g. 0-19 or 3,7 (default 0-19)")
    parser.add_argument("--boards", type=int, default=20, help="browser: how many boards (default 20)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="seconds per board (default 600; in the browser 120)")
    parser.add_argument("--label", default="", help="browser: suffix for the results files")
    args = parser.parse_args()
    if args.runtime == "browser":
        return in_browser(args.boards, args.time_limit or 120.0, args.label)
    if args.time_limit is None:
        args.time_limit = 600.0
    goal = Board.goal(4)

    wall, cpu = time.perf_counter(), time.process_time()
    estimator = group_estimator(4, 4, goal.blank).grow()
    table_wall, table_cpu = time.perf_counter() - wall, time.process_time() - cpu
    sizes = [table.size for table in estimator.tables]
    print(f"group tables {sizes}: {table_wall:.1f} s ({table_cpu:.1f} s CPU)", flush=True)

    rows: list[dict[str, object]] = []
    wrong = []
    for seed in parse_seeds(args.seeds):
        board = random_board(4, 4, seed=seed)
        problem = Problem.from_boards(board, goal)
        steps = mtm_search(problem, Limits(max_nodes=10**10, time_limit=args.time_limit))
        wall, cpu = time.perf_counter(), time.process_time()
        outcome = drain(steps)
        seconds, cpu_seconds = time.perf_counter() - wall, time.process_time() - cpu
        row: dict[str, object] = {
            "seed": seed, "board": board.to_string(), "stopped": outcome.stop.value, "mtm": None, "stm": None,
            "expanded": outcome.expanded, "generated": outcome.generated,
            "seconds": round(seconds, 3), "cpu_seconds": round(cpu_seconds, 3),
        }
        if outcome.path is not None:
            tiles, moves = problem.decode(outcome.path)  # raises unless the path reaches the goal
            if board.play(tiles) != goal or runs(moves) != outcome.bound:
                wrong.append(seed)
            row.update(mtm=runs(moves), stm=len(moves), moves=moves)
        rows.append(row)
        print(f"seed {seed:3} {row['stopped']:10} MTM {row['mtm']} STM {row['stm']} "
              f"{outcome.expanded:>12,} nodes {seconds:8.2f} s ({cpu_seconds:.2f} s CPU)", flush=True)

    solved = [r for r in rows if r["stopped"] == "solved"]
    median = statistics.median(float(r["seconds"]) for r in solved) if solved else None  # type: ignore[arg-type]
    median_cpu = statistics.median(float(r["cpu_seconds"]) for r in solved) if solved else None  # type: ignore[arg-type]
    median_nodes = statistics.median(int(r["expanded"]) for r in solved) if solved else None  # type: ignore[call-overload]
    lines = [
        "# MTM-optimal 4x4 solving (cpython)",
        "",
        machine_header(),
        f"- command: `{command_line('mtm.py')}`",
        f"- boards: `random_board(4, seed=s)` for seeds {args.seeds}, blank-last goal; "
        f"time limit {args.time_limit:g} s per board",
        f"- group tables ({', '.join(GROUPINGS)}: {', '.join(f'{s:,}' for s in sizes)} abstract boards): "
        f"built in {table_wall:.1f} s ({table_cpu:.1f} s CPU), once, before the first board",
        f"- solved {len(solved)} of {len(rows)}; paths that do not replay to the goal or whose MTM length is "
        f"not the bound: {wrong or 'none'}",
        f"- median per solved board: {median:.2f} s ({median_cpu:.2f} s CPU), {median_nodes:,.0f} nodes expanded"
        if solved else "- nothing solved",
        f"- mean MTM length {statistics.mean(int(r['mtm']) for r in solved):.2f}, "  # type: ignore[call-overload]
        f"mean STM length of those paths {statistics.mean(int(r['stm']) for r in solved):.2f}"  # type: ignore[call-overload]
        if solved else "",
        "",
        "| seed | MTM | STM of the path | nodes expanded | seconds | CPU seconds | stopped |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in rows:
        lines.append(f"| {r['seed']} | {r['mtm'] if r['mtm'] is not None else ''} | "
                     f"{r['stm'] if r['stm'] is not None else ''} | {int(r['expanded']):,} | "  # type: ignore[call-overload]
                     f"{float(r['seconds']):.2f} | {float(r['cpu_seconds']):.2f} | "  # type: ignore[arg-type]
                     f"{'' if r['stopped'] == 'solved' else r['stopped']} |")
    data = {
        "machine": machine_info(), "command": command_line("mtm.py"), "groupings": list(GROUPINGS),
        "table_sizes": sizes, "table_seconds": round(table_wall, 3), "table_cpu_seconds": round(table_cpu, 3),
        "median_seconds": median, "median_cpu_seconds": median_cpu, "median_nodes": median_nodes,
        "boards": rows,
    }
    write_results("mtm-cpython", lines, data)
    print("\n".join(lines[:9]))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
