"""The analysis of a game (issue 30), timed: a 3x3 game read from a table built afresh, and
4x4 games of about 100 moves, like a person's, analysed exactly; in CPython or in Pyodide.

Usage (from the repository root):

    python bench/analysis.py                          # CPython (about a minute on a quiet machine)
    python bench/analysis.py --runtime pyodide        # the same inside Pyodide under Node
    python bench/analysis.py --games-4x4 9 --games-3x3 7

The games:

- 3x3: a random board (``random_board``, seeds 1, 2, ...) and 100 random moves from it, none
  undoing the one before; each analysed with its table built afresh (``forget_tables``),
  the way the page's first analysis of a size builds it, and once more with the table kept.
- 4x4: a random board (seeds from 0 on) solved by the reduction (the anytime solver's first
  solution: a line at a time, as a person solves), kept when that takes 90 to 110 moves: a
  scramble solved by a non-optimal method, about 100 moves long, ending on the goal. The
  pattern databases are loaded first, untimed (the page loads them once per visit).

Each game is analysed by ``GameAnalysis`` stepped in 30 ms slices, as the page's worker
steps a job. Measured per game: seconds to the end, seconds to the first marks (the first
progress report with a move's verdict in it), nodes, the start's optimal length, the moves
played, the mistakes; then the medians. CPU time beside the seconds (in Pyodide, the Node
process's, by ``process.cpuUsage``): on a busy machine the seconds wait for a core, the CPU
time less so. Peak memory: Python's allocations during one
analysis of each size (``tracemalloc``, a run of its own: tracing slows it down), and in
CPython the process's peak resident size.

Writes bench/results/analysis-<runtime>.md and .json.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
from typing import Any, Callable

import common  # noqa: F401  (this checkout's package on sys.path)
from common import IS_PYODIDE, command_line, machine_header, machine_info, rerun_in_pyodide, write_results

from npuzzle.analysis import Game, GameAnalysis
from npuzzle.board import Board
from npuzzle.distance_table import forget_tables
from npuzzle.heuristics import compile_heuristic
from npuzzle.random_boards import random_board
from npuzzle.search.problem import Problem
from npuzzle.search.reduction import reduce

RUNTIME = "pyodide" if IS_PYODIDE else "cpython"
SLICE = 0.03
"""Seconds of work per step, as the page's worker slices a job."""
MOVES_3X3 = 100
LENGTHS_4X4 = range(90, 111)
"""The reduction solutions kept as 4x4 games: about 100 moves."""


def _cpu_clock() -> Callable[[], float]:
    """Seconds of CPU time used by this process (Pyodide: the Node process, by process.cpuUsage)."""
    if not IS_PYODIDE:
        return time.process_time
    from js import process  # type: ignore[import-not-found]  # Pyodide only

    def node_cpu() -> float:
        usage = process.cpuUsage()
        return float(usage.user + usage.system) / 1e6

    return node_cpu


cpu_clock = _cpu_clock()


def walk_3x3(seed: int) -> Game:
    """A random 3x3 board and MOVES_3X3 random moves from it, none undoing the one before."""
    goal = Board.goal(3, 3)
    board = start = random_board(3, 3, goal, seed=seed)
    rng = random.Random(seed)
    tiles: list[int] = []
    for _ in range(MOVES_3X3):
        tile = rng.choice([t for t, _ in board.movable() if not tiles or t != tiles[-1]])
        tiles.append(tile)
        board = board.slide(tile)
    return Game(start, goal, tuple(tiles))


def reduction_game(seed: int) -> Game | None:
    """A random 4x4 board solved by the reduction, if that takes LENGTHS_4X4 moves."""
    goal = Board.goal(4, 4)
    start = random_board(4, 4, goal, seed=seed)
    problem = Problem.from_boards(start, goal)
    steps = reduce(problem)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            path = [start.blank] + done.value
            break
    tiles, _ = problem.decode(path)
    return Game(start, goal, tiles) if len(tiles) in LENGTHS_4X4 else None


def games_4x4(count: int) -> list[tuple[int, Game]]:
    found: list[tuple[int, Game]] = []
    seed = 0
    while len(found) < count:
        game = reduction_game(seed)
        if game is not None:
            found.append((seed, game))
        seed += 1
    return found


def timed(game: Game) -> dict[str, Any]:
    """One analysis, stepped in slices: seconds to the end and to the first marks."""
    started, cpu = time.perf_counter(), cpu_clock()
    job = GameAnalysis(game)
    first = None
    while not job.done:
        job.step(SLICE)
        progress = job.progress
        if first is None and progress is not None and any(v is not None for v in progress.verdicts):
            first = time.perf_counter() - started
    seconds = time.perf_counter() - started
    cpu = cpu_clock() - cpu
    result = job.result
    assert result is not None and result.complete, result and result.stopped
    return {
        "moves": game.moves, "optimal": result.optimal_length, "mistakes": result.mistakes,
        "excess": result.excess, "expanded": result.expanded, "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu, 3),
        "first_marks": round(first if first is not None else seconds, 3),
    }


def peak_bytes(game: Game, fresh_table: bool) -> int:
    """Python's peak allocations during one analysis of ``game`` (tracemalloc)."""
    if fresh_table:
        forget_tables()
    tracemalloc.start()
    job = GameAnalysis(game)
    while not job.done:
        job.step(SLICE)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def max_rss_mb() -> float | None:
    """The process's peak resident size (CPython on Linux), in MB."""
    try:
        import resource
    except ImportError:
        return None
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games-3x3", type=int, default=5, help="3x3 games (default 5)")
    p.add_argument("--games-4x4", type=int, default=7, help="4x4 games (default 7)")
    p.add_argument("--runtime", choices=("cpython", "pyodide"), default=RUNTIME)
    p.add_argument("--out", default=None, help="output stem (default bench/results/analysis-<runtime>)")
    p.add_argument("--host-info", default=None, help=argparse.SUPPRESS)  # set by pyodide_search.mjs
    args = p.parse_args(argv)
    if args.runtime == "pyodide" and not IS_PYODIDE:
        return rerun_in_pyodide(__file__, argv)
    host = json.loads(args.host_info) if args.host_info else {}
    info = machine_info(host)

    rows_3: list[dict[str, Any]] = []
    for seed in range(1, args.games_3x3 + 1):
        game = walk_3x3(seed)
        forget_tables()
        cold = timed(game)
        warm = timed(game)
        rows_3.append({"seed": seed, **cold, "warm_seconds": warm["seconds"]})
        print(f"3x3 #{seed}: {cold['seconds']:.3f} s with the table built, {warm['seconds']:.3f} s with it kept; "
              f"optimal {cold['optimal']}, {cold['mistakes']} mistakes", flush=True)

    loaded = time.perf_counter()
    compile_heuristic("pdb", 4, 4, 15)
    load_seconds = time.perf_counter() - loaded
    print(f"4x4 pattern databases loaded in {load_seconds:.2f} s (not counted)", flush=True)
    rows_4: list[dict[str, Any]] = []
    chosen = games_4x4(args.games_4x4)
    for seed, game in chosen:
        row = {"seed": seed, **timed(game)}
        rows_4.append(row)
        print(f"4x4 seed {seed}: {row['moves']} moves, optimal {row['optimal']}, {row['mistakes']} mistakes, "
              f"{row['expanded']:,} nodes, {row['seconds']:.2f} s, first marks {row['first_marks']:.3f} s", flush=True)

    peak_3 = peak_bytes(walk_3x3(1), fresh_table=True)
    peak_4 = peak_bytes(chosen[0][1], fresh_table=False)
    rss = max_rss_mb()
    summary = {
        "3x3_median_seconds": statistics.median(r["seconds"] for r in rows_3),
        "3x3_max_seconds": max(r["seconds"] for r in rows_3),
        "3x3_median_cpu_seconds": statistics.median(r["cpu_seconds"] for r in rows_3),
        "3x3_median_warm_seconds": statistics.median(r["warm_seconds"] for r in rows_3),
        "4x4_median_seconds": statistics.median(r["seconds"] for r in rows_4),
        "4x4_median_cpu_seconds": statistics.median(r["cpu_seconds"] for r in rows_4),
        "4x4_max_seconds": max(r["seconds"] for r in rows_4),
        "4x4_median_first_marks": statistics.median(r["first_marks"] for r in rows_4),
        "4x4_max_first_marks": max(r["first_marks"] for r in rows_4),
        "4x4_median_nodes": statistics.median(r["expanded"] for r in rows_4),
        "4x4_tables_load_seconds": round(load_seconds, 3),
        "3x3_peak_mb": round(peak_3 / 2**20, 1),
        "4x4_peak_mb": round(peak_4 / 2**20, 1),
        "max_rss_mb": None if rss is None else round(rss, 1),
    }
    data = {"machine": info, "runtime": RUNTIME, "slice": SLICE, "summary": summary, "3x3": rows_3, "4x4": rows_4}
    lines = [
        f"# The analysis of a game ({RUNTIME})",
        "",
        machine_header(info),
        f"- command: `{host.get('command') or command_line('analysis.py', argv)}`",
        f"- stepped in {SLICE * 1000:.0f} ms slices, as the page's worker steps a job",
        f"- 3x3, {MOVES_3X3} random moves from a random board, the table built afresh each time: median "
        f"{summary['3x3_median_seconds']:.3f} s, max {summary['3x3_max_seconds']:.3f} s, median CPU time "
        f"{summary['3x3_median_cpu_seconds']:.3f} s (with the table kept: median {summary['3x3_median_warm_seconds']:.3f} s)",
        f"- 4x4, a random board solved by the reduction ({LENGTHS_4X4.start} to {LENGTHS_4X4.stop - 1} moves), "
        f"analysed exactly: median {summary['4x4_median_seconds']:.2f} s, max {summary['4x4_max_seconds']:.2f} s "
        f"(median CPU time {summary['4x4_median_cpu_seconds']:.2f} s); "
        f"first marks: median {summary['4x4_median_first_marks']:.3f} s, max {summary['4x4_max_first_marks']:.3f} s; "
        f"median {summary['4x4_median_nodes']:,.0f} nodes (pattern databases loaded first in "
        f"{load_seconds:.2f} s, not counted)",
        f"- peak Python allocations during one analysis (tracemalloc): 3x3 with its table "
        f"{summary['3x3_peak_mb']} MB; 4x4 {summary['4x4_peak_mb']} MB beside the pattern databases"
        + (f"; the process's peak resident size {summary['max_rss_mb']} MB" if rss is not None else ""),
        "",
        "| 3x3 seed | moves | optimal | mistakes | seconds (table built) | CPU seconds | seconds (table kept) |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        *(f"| {r['seed']} | {r['moves']} | {r['optimal']} | {r['mistakes']} | {r['seconds']:.3f} | "
          f"{r['cpu_seconds']:.3f} | {r['warm_seconds']:.3f} |" for r in rows_3),
        "",
        "| 4x4 seed | moves | optimal | mistakes | excess | nodes | seconds | CPU seconds | first marks (s) |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        *(f"| {r['seed']} | {r['moves']} | {r['optimal']} | {r['mistakes']} | {r['excess']} | {r['expanded']:,} | "
          f"{r['seconds']:.2f} | {r['cpu_seconds']:.2f} | {r['first_marks']:.3f} |" for r in rows_4),
    ]
    write_results(args.out or f"analysis-{RUNTIME}", lines, data)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
