"""Every shortest solution against one, and a solve shortened (issue 37's aims), in CPython.

    python bench/all_optimal.py all --ids 1-100       # Korf's 100: time to find one, time to count all
    python bench/all_optimal.py shorten --boards 20   # 4x4 solves twice the optimum, shortened in 2 s
    .venv/bin/python bench/all_optimal.py all --runtime browser --boards 20   # random 4x4s in the page's worker

``all``: per instance, IDA* with the pattern databases finding one shortest solution, then
``AllOptimal`` counting every one (the tables loaded before either is timed); the ratio of
the two times, and its median (the aim: at most 2). ``shorten``: random 4x4 boards (seeded),
each given a solution of about twice its optimal length (the reduction's: a line filled at a
time, as a person solves; no undone slide in it, so nothing is won by simplifying), then
``Optimize`` with a 2 s limit; the length reached over the optimum, and its median (the aim:
at most 1.2 in 2 s). ``all --runtime browser``: the same job in the built site's own worker
(Pyodide in headless Chromium, ``common.worker_page``), sent the web API's ``all_optimal``
request (limit 1000, as the page asks) for ``--boards`` random 4x4s (seeds ``speed-0``,
``speed-1``, ...), after a warm-up request that loads the tables; per board the wall time from
posting the request to its answer, and every listed solution replayed (the aim: every shortest
solution of a random 4x4 counted within 2 s, median of 20). Results:
bench/results/all-optimal-cpython[-label].md/.json, shorten-cpython[-label].md/.json and
speed-browser-all[-label].md/.json.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import command_line, machine_header, page_jobs, write_results  # noqa: E402
from korf100 import instances, parse_ids  # noqa: E402

from npuzzle import Board, Limits, solve  # noqa: E402
from npuzzle.random_boards import random_board, scramble  # noqa: E402
from npuzzle.search.anytime import first_solution  # noqa: E402
from npuzzle.search.problem import Problem  # noqa: E402
from npuzzle.speed.all_optimal import AllOptimal, run  # noqa: E402
from npuzzle.speed.optimize import Optimize  # noqa: E402

def bench_all(ids: list[int], label: str) -> None:
    goal = Board.goal(4, 4, "blank-first")
    solve(goal, goal, "idastar", "pdb")  # the tables, loaded before anything is timed
    rows = []
    for ident, optimal, tiles in instances(ids, "blank-first"):
        board = Board(4, 4, tuple(tiles))
        began = time.perf_counter()
        one = solve(board, goal, "idastar", "pdb", Limits(10**10, 3600.0))
        one_s = time.perf_counter() - began
        began = time.perf_counter()
        every = run(AllOptimal(board, goal, Limits(10**10, 3600.0), limit=100))
        all_s = time.perf_counter() - began
        if one.length != optimal or every.length != optimal or not every.complete:
            raise SystemExit(f"#{ident}: lengths {one.length}, {every.length} (optimal {optimal}), complete {every.complete}")
        for s in every.solutions:
            if board.play(s.tiles) != goal or len(s.tiles) != optimal:
                raise SystemExit(f"#{ident}: a listed solution does not reach the goal in {optimal} moves")
        row = {"id": ident, "optimal": optimal, "count": every.count, "mtm_min": min(every.mtm_lengths),
               "one_seconds": round(one_s, 3), "all_seconds": round(all_s, 3),
               "ratio": round(all_s / max(one_s, 1e-3), 2), "one_nodes": one.expanded, "all_nodes": every.expanded}
        rows.append(row)
        print(f"#{ident:3} {optimal} moves: {every.count:>8,} shortest (MTM >= {row['mtm_min']}); one {one_s:7.2f} s, "
              f"all {all_s:7.2f} s, ratio {row['ratio']}", flush=True)
    ratios = [r["ratio"] for r in rows]
    lines = [
        "# Every shortest solution of Korf's 15-puzzles, against finding one (CPython)", "",
        machine_header(), f"- command: `{command_line('all_optimal.py')}`",
        f"- instances: {len(rows)}; median time to find one {statistics.median(r['one_seconds'] for r in rows):.2f} s, "
        f"to count all {statistics.median(r['all_seconds'] for r in rows):.2f} s",
        f"- **median ratio (all / one): {statistics.median(ratios):.2f}** (aim: at most 2); "
        f"mean {statistics.mean(ratios):.2f}, max {max(ratios):.2f}",
        f"- nodes: IDA* to the first solution {sum(r['one_nodes'] for r in rows):,}, to the end of the last iteration "
        f"{sum(r['all_nodes'] for r in rows):,}", "",
        "| id | optimal | shortest solutions | fewest MTM | one (s) | all (s) | ratio |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        *(f"| {r['id']} | {r['optimal']} | {r['count']:,} | {r['mtm_min']} | {r['one_seconds']} | {r['all_seconds']} | "
          f"{r['ratio']} |" for r in rows),
    ]
    print("\n".join(lines[4:8]))
    write_results(Path(__file__).parent / "results" / ("all-optimal-cpython" + (f"-{label}" if label else "")),
                  lines, {"rows": rows, "median_ratio": statistics.median(ratios)})


def _persons(board: Board, goal: Board) -> str:
    """A solve the way a person solves: the anytime solver's first answer, the reduction (the
    first row, then the first column, ... filled a line at a time), about twice the optimum."""
    problem = Problem.from_boards(board, goal)
    return problem.decode(first_solution(problem))[1]


def bench_shorten(count: int, seconds: float, label: str) -> None:
    goal = Board.goal(4, 4)
    solve(goal, goal, "idastar", "pdb")
    rows = []
    for n in range(count):
        board = random_board(4, 4, goal, seed=f"shorten-{n}")
        optimal = solve(board, goal, "idastar", "pdb", Limits(10**10, 3600.0))
        moves = _persons(board, goal)
        began = time.perf_counter()
        result = run(Optimize(board, goal, moves, "page", time_limit=seconds))
        took = time.perf_counter() - began
        row = {"board": board.to_string(), "optimal": optimal.length, "given": len(moves),
               "simplified": result.simplified.stm, "after": result.after.stm,
               "ratio": round(result.after.stm / optimal.length, 3), "proven": result.optimal,
               "seconds": round(took, 3)}
        rows.append(row)
        print(f"{n + 1:2}. optimal {optimal.length}, given {len(moves)}, simplified {row['simplified']}, after "
              f"{row['after']} ({row['ratio']}x) in {took:.2f} s{' proven' if row['proven'] else ''}", flush=True)
    ratios = [r["ratio"] for r in rows]
    lines = [
        "# A 4x4 solve of twice the optimum, shortened (CPython)", "",
        machine_header(), f"- command: `{command_line('all_optimal.py')}`",
        f"- boards: {len(rows)} random 4x4 (seeds shorten-0, shorten-1, ...), each given the reduction's solution (median "
        f"{statistics.median(r['given'] / r['optimal'] for r in rows):.2f}x the optimum); time limit {seconds:g} s",
        f"- **median length reached / optimum: {statistics.median(ratios):.3f}** (aim: at most 1.2 in 2 s); max "
        f"{max(ratios):.3f}; proven shortest: {sum(r['proven'] for r in rows)} of {len(rows)}; median seconds "
        f"{statistics.median(r['seconds'] for r in rows):.2f}", "",
        "| board | optimal | given | undos out | after | ratio | seconds |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        *(f"| {r['board']} | {r['optimal']} | {r['given']} | {r['simplified']} | {r['after']} | {r['ratio']} | {r['seconds']} |"
          for r in rows),
    ]
    print("\n".join(lines[4:6]))
    write_results(Path(__file__).parent / "results" / ("shorten-cpython" + (f"-{label}" if label else "")),
                  lines, {"rows": rows, "median_ratio": statistics.median(ratios)})


def all_in_browser(boards: int, time_limit: float, label: str) -> int:
    """Every shortest solution of random 4x4s by the site's worker; the exit status."""
    goal = Board.goal(4, 4)

    def request(board: Board) -> dict[str, object]:
        return {"op": "all_optimal", "board": board.to_string(), "goal": "blank-last", "time_limit": time_limit,
                "limit": 1000}

    def row_of(board: Board, answer: dict[str, Any]) -> dict[str, Any]:
        found = answer["all_optimal"]
        for s in found["solutions"]:
            if board.play(s["tiles"]) != goal or len(s["tiles"]) != found["length"]:
                raise SystemExit(f"{board.to_string()}: a listed solution is wrong")
        return {"board": board.to_string(), "length": found["length"], "count": found["count"],
                "exact": found["count_exact"]}

    chosen = [random_board(4, 4, goal, seed=f"speed-{n}") for n in range(boards)]
    return page_jobs("The speed-solver's every-shortest-solution job", "every shortest solution counted within 2 s",
                     "all_optimal.py", "speed-browser-all" + (f"-{label}" if label else ""),
                     request(scramble(goal, 12, seed=1)), [(board, request(board)) for board in chosen], row_of,
                     time_limit)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["all", "shorten"])
    parser.add_argument("--runtime", choices=["cpython", "browser"], default="cpython",
                        help="all: cpython (this process, Korf's instances) or browser (the built site's worker in "
                             "headless Chromium, random boards); default cpython")
    parser.add_argument("--ids", default="1-100", help="all: Korf instances, e.g. 1-10,55 (default 1-100)")
    parser.add_argument("--boards", type=int, default=20, help="shorten, and all in the browser: how many boards "
                        "(default 20)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="shorten: seconds each (default 2); all in the browser: per board (default 120)")
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    if args.runtime == "browser":
        if args.what != "all":
            parser.error("--runtime browser measures all only")
        return all_in_browser(args.boards, args.time_limit or 120.0, args.label)
    if args.what == "all":
        bench_all(parse_ids(args.ids), args.label)
    else:
        bench_shorten(args.boards, args.time_limit or 2.0, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
