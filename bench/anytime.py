#!/usr/bin/env python3
"""The anytime solver (the default on every size) in CPython or through the built site's own
worker in headless Chromium: Korf & Felner's 24-puzzles and random big boards.

    python bench/anytime.py korf24                    # the 50 instances, 60 s each (~50 min)
    python bench/anytime.py korf24 --ids 1-10 --time-limit 10
    python bench/anytime.py big                       # random 6x6 .. 16x16 and 5x8, both goals
    python bench/anytime.py big --sizes 8x8 --seeds 3 --time-limit 10
    .venv/bin/python bench/anytime.py korf24 --runtime browser              # the 50, 10 s each, in the page's worker
    .venv/bin/python bench/anytime.py big --runtime browser --sizes 16x16 --seed-base 500 --seeds 1

``korf24``: each instance (goal with the blank first, as published) is solved once with
the default solver under ``--time-limit``; its history of improvements gives the length
it had at 1 s, 10 s and at the end, and when the first solution came. Every length is
replayed to the goal and compared with the published optimum (Korf & Felner 2002, mean
100.78); every lower bound is checked to be at most that optimum.

``big``: uniformly random boards of each size (``random_board`` with seeds ``--seed-base``,
``--seed-base`` + 1, ...; use a base no test or benchmark uses for held-out boards), both
goals: the first solution's time, the length and the proven lower bound at 1 s, 10 s and
60 s (those within ``--time-limit``) and at the end, the Manhattan lower bound, and per size
the mean and max of length / Manhattan and length / lower bound at each of those times,
against issue 31's targets (at 10 s: mean at most 2.0 x Manhattan on every size from 6x6 to
16x16, square or not, none over 2.2), and the expected length of Parberry's real-time algorithm, 8/3 n^3
moves for an n x n board (Parberry 2015, "Solving the (n^2 - 1)-puzzle with 8/3 n^3 expected
moves"). With ``--peers``, slidingpuzzle's weighted A* (bench/vs_slidingpuzzle.py: w = 2,
its linear-conflict heuristic, its own venv and a memory cap) runs on the same square
blank-last boards (its only goal) under the same time limit.

``--runtime browser``: the site built and served by the browser harness (tests/browsers.py:
a sub-path, the page's own ``SolverClient`` and ``worker.js``, real Pyodide;
``common.worker_page``). Each board is one web API ``solve`` request with the default
algorithm and ``--time-limit`` (default 10 s), sent exactly as the page sends it. In the page,
with ``performance.now()`` from the moment the request is posted: the arrival of the first
solution (the moment the page can show and play it), of every shorter one, and of the final
answer; the longest silence between two messages from the worker; the page's long tasks. The
same checks of every solution and bound; for ``big``, per size, the mean and max of length /
Manhattan at 1 s, 10 s, 60 s (within the time limit) and at the end, and of length / lower
bound at the end; issue 31's aim for Korf & Felner's 50 through the worker is 1.04 x.

Results: bench/results/anytime-<set>-<cpython|browser>[-label].md/.json. Exit status 1 if any
solution fails to replay or any bound passes a published optimum (or, in the browser, the
page logs an error).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from common import command_line, length_at, machine_header, machine_info, worker_page, write_results
from korf100 import parse_ids
import vs_slidingpuzzle as peers

from npuzzle import Board, Limits, SearchResult, solve
from npuzzle.heuristics import estimate
from npuzzle.known import korf24_50
from npuzzle.random_boards import random_board

CHECKPOINTS = (1.0, 10.0, 60.0)


def bound_at(result: SearchResult, seconds: float) -> int | None:
    """The best lower bound proven ``seconds`` into the search."""
    bounds = [step.lower_bound for step in result.history if step.lower_bound is not None and step.seconds <= seconds]
    return max(bounds) if bounds else None


def run_one(board: Board, goal: Board, time_limit: float) -> tuple[SearchResult, float]:
    started = time.perf_counter()
    result = solve(board, goal, limits=Limits(max_nodes=10**12, time_limit=time_limit))
    return result, time.perf_counter() - started


def checked(result: SearchResult, board: Board, goal: Board) -> list[str]:
    """What is wrong with a result (empty when nothing)."""
    problems = []
    if result.length is None:
        problems.append("no solution")
    elif board.play(result.tiles) != goal:
        problems.append("the solution does not reach the goal")
    return problems


def korf24(args: argparse.Namespace) -> tuple[list[str], dict[str, Any], int]:
    cases = {ident: (optimal, tiles) for ident, optimal, tiles in korf24_50()}
    ids = parse_ids(args.ids) if args.ids else sorted(cases)
    goal = Board.goal(5, 5, "blank-first")
    rows = []
    failures = 0
    for ident in ids:
        optimal, tiles = cases[ident]
        board = Board(5, 5, tuple(tiles))
        result, wall = run_one(board, goal, args.time_limit)
        problems = checked(result, board, goal)
        if result.lower_bound is None or result.lower_bound > optimal:
            problems.append(f"lower bound {result.lower_bound} passes the optimum {optimal}")
        failures += bool(problems)
        row = {
            "id": ident, "optimal": optimal, "first_seconds": round(result.history[0].seconds, 4),
            "first_length": result.history[0].length, "length": result.length,
            "lower_bound": result.lower_bound, "expanded": result.expanded, "wall": round(wall, 2),
            "stopped": result.to_dict()["stopped"], "problems": problems,
        }
        for t in CHECKPOINTS:
            row[f"length_{t:g}s"] = length_at(result, t) if t <= args.time_limit else None
            row[f"bound_{t:g}s"] = bound_at(result, t) if t <= args.time_limit else None
        rows.append(row)
        at = "  ".join(f"{t:g}s {row[f'length_{t:g}s']}" for t in CHECKPOINTS if t <= args.time_limit)
        print(f"#{ident:2} optimal {optimal}: first {row['first_length']} at {row['first_seconds']:.3f} s, "
              f"{at}, bound {result.lower_bound}  {' '.join(problems)}", flush=True)
    lines = [
        f"# Korf & Felner's 24-puzzles, anytime solver, CPython ({len(rows)} instances, "
        f"{args.time_limit:g} s each)", "",
        machine_header(), f"- command: `{command_line('anytime.py')}`", "",
    ]
    lines += summary_korf24(rows, args.time_limit)
    lines += ["", "| id | optimal | first (s) | first | " + " | ".join(f"at {t:g} s" for t in CHECKPOINTS)
              + " | bound | factor | nodes |", "|" + " --- |" * (8 + len(CHECKPOINTS) - 1)]
    for r in rows:
        cells = [str(r[f"length_{t:g}s"]) if r[f"length_{t:g}s"] is not None else "-" for t in CHECKPOINTS]
        factor = f"{r['length'] / r['lower_bound']:.3f}" if r["length"] and r["lower_bound"] else "-"
        lines.append(f"| {r['id']} | {r['optimal']} | {r['first_seconds']:.3f} | {r['first_length']} | "
                     + " | ".join(cells) + f" | {r['lower_bound']} | {factor} | {r['expanded']:,} |")
    return lines, {"machine": machine_info(), "time_limit": args.time_limit, "rows": rows}, failures


def summary_korf24(rows: list[dict[str, Any]], time_limit: float) -> list[str]:
    lines = []
    firsts = [r["first_seconds"] for r in rows]
    lines.append(f"- first solution: max {max(firsts):.3f} s, median {statistics.median(firsts):.3f} s "
                 f"(target: every one within 1 s)")
    for t in CHECKPOINTS:
        if t > time_limit:
            continue
        ratios = [r[f"length_{t:g}s"] / r["optimal"] for r in rows if r[f"length_{t:g}s"] is not None]
        lengths = [r[f"length_{t:g}s"] for r in rows if r[f"length_{t:g}s"] is not None]
        if ratios:
            lines.append(f"- at {t:g} s: mean length {statistics.mean(lengths):.2f} (optimal mean "
                         f"{statistics.mean(r['optimal'] for r in rows):.2f}), mean ratio "
                         f"{statistics.mean(ratios):.4f}, max ratio {max(ratios):.4f}")
    bounds = [r["lower_bound"] / r["optimal"] for r in rows if r["lower_bound"]]
    lines.append(f"- lower bound at the end: mean {statistics.mean(bounds):.3f} of the optimum, "
                 f"never above it: {all(b <= 1 for b in bounds)}")
    lines.append(f"- targets (issue 9): first solution within 1 s; after 10 s mean <= 1.08 x optimal "
                 f"(<= 108.8 moves), none over 1.15 x")
    if time_limit == 10.0:  # a longer run plans its widest beam for its own limit
        ratios = [r["length_10s"] / r["optimal"] for r in rows if r["length_10s"] is not None]
        lines.append(f"- targets (issue 31): after 10 s mean <= {KORF24_MEAN} x optimal in CPython (1.04 through the "
                     f"site's worker), none over {KORF24_MAX} x: mean {statistics.mean(ratios):.4f} "
                     f"{'met' if statistics.mean(ratios) <= KORF24_MEAN else 'missed'}, "
                     f"{sum(r > KORF24_MAX for r in ratios)} over {KORF24_MAX} x")
    return lines


def parse_size(text: str) -> tuple[int, int]:
    rows, _, cols = text.partition("x")
    return int(rows), int(cols or rows)


KORF24_MEAN, KORF24_MAX = 1.03, 1.10
"""Issue 31: at 10 s, Korf & Felner's 50 at most 1.03 x optimal on average in CPython (1.04
through the site's worker), none over 1.10 x."""
BIG_MEAN, BIG_MAX = 2.0, 2.2
"""Issue 31: at 10 s, every size from 6x6 to 16x16 (square or not) at most 2.0 x Manhattan
on average, no board over 2.2 (issue 20 asked it of 6x6, 7x7, 8x8, 10x10 and 16x16)."""


def their_answer(args: argparse.Namespace, board: Board, goal: Board) -> dict[str, Any] | None:
    """slidingpuzzle's weighted A* on the same board (square boards to its goal, blank last,
    only), under the same time limit: its length and time, or why it stopped."""
    if not args.peers or board.rows != board.cols or goal != Board.goal(board.rows, board.cols):
        return None
    peers.ensure_venv(peers.VENV)
    theirs = peers.solve_theirs(peers.VENV, list(board.tiles), "a*", "linear_conflict_distance", args.time_limit,
                                weight=peers.THEIR_WEIGHT, memory_mb=peers.THEIR_MEMORY_MB)
    replayed = theirs.solution is not None and board.play(theirs.solution) == goal
    return {"length": theirs.length if replayed else None, "seconds": round(theirs.seconds, 2),
            "stopped": theirs.stopped if theirs.solution is None else (None if replayed else "does not replay")}


def big(args: argparse.Namespace) -> tuple[list[str], dict[str, Any], int]:
    sizes = [parse_size(s) for s in args.sizes.split(",")]
    checkpoints = [t for t in CHECKPOINTS if t <= args.time_limit]
    rows = []
    failures = 0
    for r, c in sizes:
        for goal_name in ("blank-last", "blank-first"):
            goal = Board.goal(r, c, goal_name)
            for seed in range(args.seed_base, args.seed_base + args.seeds):
                board = random_board(r, c, goal, seed=seed)
                result, wall = run_one(board, goal, args.time_limit)
                problems = checked(result, board, goal)
                manhattan = estimate("manhattan", board, goal)
                conflict = estimate("linear-conflict", board, goal)
                if result.lower_bound is None or result.lower_bound < conflict:
                    problems.append("lower bound below linear conflict")
                if result.length is not None and result.lower_bound is not None and result.lower_bound > result.length:
                    problems.append("lower bound above the length")
                failures += bool(problems)
                n = (r * c) ** 0.5
                row = {
                    "size": f"{r}x{c}", "goal": goal_name, "seed": seed,
                    "first_seconds": round(result.history[0].seconds, 3),
                    "first_length": result.history[0].length,
                    "length": result.length,
                    "lower_bound": result.lower_bound, "manhattan": manhattan, "linear_conflict": conflict,
                    "parberry_expected": round(8 / 3 * n**3), "wall": round(wall, 2), "problems": problems,
                    "theirs": their_answer(args, board, goal),
                }
                for t in checkpoints:
                    row[f"length_{t:g}s"] = length_at(result, t)
                    row[f"bound_{t:g}s"] = bound_at(result, t)
                rows.append(row)
                at = ", ".join(f"at {t:g} s {row[f'length_{t:g}s']}" for t in checkpoints)
                theirs = row["theirs"]
                print(f"{row['size']} {goal_name} seed {seed}: first {row['first_length']} at "
                      f"{row['first_seconds']:.2f} s, {at}, end {result.length} ({result.length / manhattan:.2f} x "
                      f"Manhattan {manhattan}), bound {result.lower_bound} (factor "
                      f"{result.length / result.lower_bound:.2f})"
                      + (f", theirs {theirs['length'] or theirs['stopped']}" if theirs else "")
                      + f"  {' '.join(problems)}", flush=True)
    lines = [
        f"# Random big boards, anytime solver, CPython ({args.time_limit:g} s each)", "",
        machine_header(), f"- command: `{command_line('anytime.py')}`",
        f"- boards: `random_board(rows, cols, goal, seed)` with seeds {args.seed_base}..{args.seed_base + args.seeds - 1}, "
        "both goals", "",
    ]
    lines += summary_big(rows, checkpoints, args)
    lines += ["", "Every board:", "",
              "| size | goal | seed | first (s) | first | " + " | ".join(f"at {t:g} s" for t in checkpoints)
              + " | end | lower bound | factor | Manhattan | end / Manhattan | slidingpuzzle wA* |",
              "|" + " --- |" * (11 + len(checkpoints))]
    for row in rows:
        theirs = row["theirs"]
        their_cell = "-" if theirs is None else (str(theirs["length"]) if theirs["length"] else f"none ({theirs['stopped']})")
        lines.append(
            f"| {row['size']} | {row['goal']} | {row['seed']} | {row['first_seconds']:.2f} | {row['first_length']} | "
            + " | ".join(str(row[f"length_{t:g}s"]) for t in checkpoints)
            + f" | {row['length']} | {row['lower_bound']} | {row['length'] / row['lower_bound']:.2f} | "
            f"{row['manhattan']} | {row['length'] / row['manhattan']:.2f} | {their_cell} |"
        )
    lines += ["", "Growth with n (square boards, mean over goals and seeds):", "",
              "| n | first (s, max) | end length | end / Manhattan | end / n^3 | Parberry / n^3 |", "|" + " --- |" * 6]
    for size in sorted({row["size"] for row in rows}, key=lambda s: parse_size(s)):
        group = [row for row in rows if row["size"] == size]
        r, c = parse_size(size)
        if r != c:
            continue
        mean_len = statistics.mean(row["length"] for row in group)
        lines.append(
            f"| {r} | {max(row['first_seconds'] for row in group):.2f} | {mean_len:.0f} | "
            f"{statistics.mean(row['length'] / row['manhattan'] for row in group):.2f} | "
            f"{mean_len / r**3:.2f} | {8 / 3:.2f} |"
        )
    return lines, {"machine": machine_info(), "time_limit": args.time_limit, "seed_base": args.seed_base,
                   "rows": rows}, failures


def summary_big(rows: list[dict[str, Any]], checkpoints: list[float], args: argparse.Namespace) -> list[str]:
    """Per size: length / Manhattan and length / lower bound (mean and max) at each checkpoint,
    the first solution's time, and the issue's targets."""
    lines = ["| size | boards | first (s, max) | "
             + " | ".join(f"len / Manhattan at {t:g} s (mean, max)" for t in checkpoints)
             + " | " + " | ".join(f"len / bound at {t:g} s (mean, max)" for t in checkpoints)
             + " | slidingpuzzle wA* answered |",
             "|" + " --- |" * (4 + 2 * len(checkpoints))]
    verdicts = []
    for size in sorted({row["size"] for row in rows}, key=lambda s: (parse_size(s)[0] * parse_size(s)[1], s)):
        group = [row for row in rows if row["size"] == size]
        cells = []
        for t in checkpoints:
            ratios = [row[f"length_{t:g}s"] / row["manhattan"] for row in group if row[f"length_{t:g}s"]]
            cells.append(f"{statistics.mean(ratios):.3f}, {max(ratios):.3f}" if len(ratios) == len(group) else
                         f"{len(group) - len(ratios)} without an answer")
        for t in checkpoints:
            ratios = [row[f"length_{t:g}s"] / row[f"bound_{t:g}s"] for row in group
                      if row[f"length_{t:g}s"] and row[f"bound_{t:g}s"]]
            cells.append(f"{statistics.mean(ratios):.3f}, {max(ratios):.3f}" if ratios else "-")
        asked = [row["theirs"] for row in group if row["theirs"] is not None]
        answered = sum(1 for t in asked if t["length"])
        theirs = f"{answered} of {len(asked)}" if asked else "-"
        lines.append(f"| {size} | {len(group)} | {max(row['first_seconds'] for row in group):.2f} | "
                     + " | ".join(cells) + f" | {theirs} |")
        if args.time_limit == 10.0:  # a longer run plans for its own limit
            ratios = [row["length_10s"] / row["manhattan"] for row in group if row["length_10s"]]
            if len(ratios) == len(group):
                mean, worst = statistics.mean(ratios), max(ratios)
                verdicts.append(f"{size} {mean:.3f} / {worst:.3f} "
                                + ("met" if mean <= BIG_MEAN and worst <= BIG_MAX else "missed"))
    lines += ["", f"- targets (issue 31), at 10 s: mean length / Manhattan at most {BIG_MEAN} on every size from 6x6 "
              f"to 16x16, square or not, no board over {BIG_MAX}: " + ("; ".join(verdicts) if verdicts else
                                                 "judged on 10 s runs only (a longer one plans its searches for its own limit)")]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("set", choices=["korf24", "big"])
    parser.add_argument("--runtime", choices=["cpython", "browser"], default="cpython",
                        help="cpython: this process; browser: the built site's worker in headless Chromium "
                             "(default cpython)")
    parser.add_argument("--ids", help="korf24: instance ids, like 1-10,17")
    parser.add_argument("--sizes", default=None, help="big: sizes, comma-separated (default "
                        "6x6,7x7,8x8,10x10,16x16,5x8,6x10; in the browser 6x6,7x7,8x8,10x10,5x8)")
    parser.add_argument("--seeds", type=int, default=2, help="big: boards per size and goal")
    parser.add_argument("--seed-base", type=int, default=1, help="big: the first seed (held-out boards: any other)")
    parser.add_argument("--peers", action="store_true",
                        help="big, cpython: run slidingpuzzle's weighted A* (w 2, its own venv) on the square "
                             "blank-last boards too")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="seconds per board (60 for korf24 in cpython, else 10)")
    parser.add_argument("--label", help="suffix of the results files")
    args = parser.parse_args()
    browser = args.runtime == "browser"
    if args.peers and browser:
        parser.error("--peers runs in cpython only")
    if args.sizes is None:
        args.sizes = "6x6,7x7,8x8,10x10,5x8" if browser else "6x6,7x7,8x8,10x10,16x16,5x8,6x10"
    if args.time_limit is None:
        args.time_limit = 60.0 if args.set == "korf24" and not browser else 10.0
    run = in_browser if browser else korf24 if args.set == "korf24" else big
    lines, data, failures = run(args)
    stem = f"anytime-{args.set}-{args.runtime}" + (f"-{args.label}" if args.label else "")
    write_results(stem, lines, data)
    print("\n".join(lines[:12]))
    return 1 if failures else 0

# -- --runtime browser ------------------------------------------------------------------------

KORF24_BROWSER_MEAN = 1.04
"""Issue 31: Korf & Felner's 50 at 10 s through the site's worker, at most this x optimal on average."""


def length_by(solutions: list[dict[str, Any]], ms: float) -> int | None:
    """The best length that had arrived in the page ``ms`` after the request (None: none yet)."""
    lengths = [s["length"] for s in solutions if s["ms"] <= ms]
    return min(lengths) if lengths else None


def boards(args: argparse.Namespace) -> list[tuple[str, Board, Board, int | None]]:
    """(name, board, goal, published optimum or None) for the chosen set."""
    if args.set == "korf24":
        cases = {ident: (optimal, tiles) for ident, optimal, tiles in korf24_50()}
        ids = parse_ids(args.ids) if args.ids else sorted(cases)
        goal = Board.goal(5, 5, "blank-first")
        return [(f"#{i}", Board(5, 5, tuple(cases[i][1])), goal, cases[i][0]) for i in ids]
    out: list[tuple[str, Board, Board, int | None]] = []
    for size in args.sizes.split(","):
        r, c = parse_size(size)
        for goal_name in ("blank-last", "blank-first"):
            goal = Board.goal(r, c, goal_name)
            for seed in range(args.seed_base, args.seed_base + args.seeds):
                out.append((f"{r}x{c} {goal_name} seed {seed}", random_board(r, c, goal, seed=seed), goal, None))
    return out


def in_browser(args: argparse.Namespace) -> tuple[list[str], dict[str, Any], int]:
    """The set's boards solved by the site's worker in Chromium: Markdown lines, data, failures."""
    rows = []
    failures = 0
    with worker_page() as worker:
        page_problems, started = worker.problems, worker.started
        since = worker.main_thread()["now"]
        for name, board, goal, optimal in boards(args):
            request = {"op": "solve", "board": board.to_string(), "size": f"{board.rows}x{board.cols}",
                       "goal": goal.to_string(), "time_limit": args.time_limit}
            out = worker.post(request)
            answer = out["answer"]
            result = answer.get("result") if answer.get("ok") else None
            problems = []
            if result is None or result["length"] is None:
                problems.append(f"no answer: {answer.get('error')}")
            else:
                if board.play(result["tiles"]) != goal:
                    problems.append("the solution does not reach the goal")
                if optimal is not None and result["lower_bound"] > optimal:
                    problems.append(f"lower bound {result['lower_bound']} passes the optimum {optimal}")
                if optimal is None and result["lower_bound"] < estimate("linear-conflict", board, goal):
                    problems.append("lower bound below linear conflict")
            failures += bool(problems)
            sols = out["solutions"]
            row = {
                "name": name, "optimal": optimal, "first_ms": round(sols[0]["ms"]) if sols else None,
                "first_length": sols[0]["length"] if sols else None,
                "size": f"{board.rows}x{board.cols}", "manhattan": estimate("manhattan", board, goal),
                "length_1s": length_by(sols, 1000), "length_10s": length_by(sols, 10000),
                "length_60s": length_by(sols, 60000) if args.time_limit >= 60 else None,
                "length": result["length"] if result else None, "lower_bound": result["lower_bound"] if result else None,
                "wall_s": round(out["wall_ms"] / 1000, 2), "max_gap_ms": round(out["max_gap_ms"]),
                "expanded": result["expanded"] if result else None, "problems": problems,
            }
            rows.append(row)
            print(f"{name}: first {row['first_length']} at {row['first_ms']} ms, 1s {row['length_1s']}, "
                  f"10s {row['length_10s']}, end {row['length']}, bound {row['lower_bound']}, "
                  f"optimal {optimal}, max gap {row['max_gap_ms']} ms  {' '.join(problems)}", flush=True)
        main_thread = worker.main_thread(since)
    if page_problems:
        print("PROBLEMS:\n" + "\n".join(page_problems))
    lines = [f"# Anytime solver through the site's worker in Chromium: {args.set} ({len(rows)} boards, "
             f"{args.time_limit:g} s each)", "", machine_header(),
             f"- command: `{command_line('anytime.py', python='.venv/bin/python')}`",
             f"- Pyodide {started['pyodide']}; worker ready in {started['ready_ms'] / 1000:.1f} s; page main thread "
             f"during the solves: {main_thread['longtasks']} long tasks, longest {main_thread['longest_ms']:.0f} ms", ""]
    firsts = [r["first_ms"] for r in rows if r["first_ms"] is not None]
    lines.append(f"- first solution (from posting the request to its arrival in the page): max {max(firsts)} ms, "
                 f"median {statistics.median(firsts):.0f} ms")
    lines.append(f"- longest silence from the worker: {max(r['max_gap_ms'] for r in rows)} ms")
    if args.set == "korf24":
        for key, label in (("length_1s", "1 s"), ("length_10s", "10 s"), ("length", "the end")):
            ratios = [r[key] / r["optimal"] for r in rows if r[key]]
            lines.append(f"- at {label}: mean length {statistics.mean(r[key] for r in rows if r[key]):.2f}, "
                         f"mean ratio {statistics.mean(ratios):.4f}, max {max(ratios):.4f}")
        if args.time_limit == 10.0:
            ratios = [r["length_10s"] / r["optimal"] for r in rows if r["length_10s"]]
            lines.append(f"- targets (issue 31): after 10 s mean <= {KORF24_BROWSER_MEAN} x optimal through the site's "
                         f"worker, none over {KORF24_MAX} x: mean {statistics.mean(ratios):.4f} "
                         f"{'met' if statistics.mean(ratios) <= KORF24_BROWSER_MEAN else 'missed'}, "
                         f"{sum(x > KORF24_MAX for x in ratios)} over {KORF24_MAX} x")
    if args.set == "big":
        lines += ["", "Per size (mean and max over its boards):", "",
                  "| size | boards | first (ms, max) | len / Manhattan at 1 s | at 10 s | at 60 s | at the end "
                  "| len / bound at the end | longest silence (ms) |", "|" + " --- |" * 9]
        verdicts: list[str] = []
        for size in sorted({r["size"] for r in rows}, key=lambda t: (parse_size(t)[0] * parse_size(t)[1], t)):
            group = [r for r in rows if r["size"] == size]

            def stat(values: list[float | None]) -> str:
                known = [v for v in values if v is not None]
                return f"{statistics.mean(known):.3f}, {max(known):.3f}" if len(known) == len(values) else "-"

            ratio = {key: stat([r[key] / r["manhattan"] if r[key] else None for r in group])
                     for key in ("length_1s", "length_10s", "length_60s", "length")}
            bound = stat([r["length"] / r["lower_bound"] if r["length"] and r["lower_bound"] else None for r in group])
            lines.append(f"| {size} | {len(group)} | {max(r['first_ms'] or 0 for r in group)} | {ratio['length_1s']} | "
                         f"{ratio['length_10s']} | {ratio['length_60s']} | {ratio['length']} | {bound} | "
                         f"{max(r['max_gap_ms'] for r in group)} |")
            at10 = [r["length_10s"] / r["manhattan"] for r in group if r["length_10s"]]
            if args.time_limit == 10.0 and len(at10) == len(group):
                verdicts.append(f"{size} {statistics.mean(at10):.3f} / {max(at10):.3f} "
                                + ("met" if statistics.mean(at10) <= BIG_MEAN and max(at10) <= BIG_MAX else "missed"))
        if verdicts:
            lines += ["", f"- targets (issue 31), at 10 s: mean length / Manhattan at most {BIG_MEAN} on every size "
                      f"from 6x6 to 16x16, no board over {BIG_MAX}: " + "; ".join(verdicts)]
    lines += ["", "| board | optimal | first (ms) | first | at 1 s | at 10 s | end | bound | max gap (ms) |",
              "|" + " --- |" * 9]
    for r in rows:
        lines.append(f"| {r['name']} | {r['optimal'] or '-'} | {r['first_ms']} | {r['first_length']} | {r['length_1s']} | "
                     f"{r['length_10s']} | {r['length']} | {r['lower_bound']} | {r['max_gap_ms']} |")
    data = {"machine": machine_info(), "started": started, "main_thread": main_thread, "rows": rows}
    return lines, data, failures + len(page_problems)



if __name__ == "__main__":
    sys.exit(main())
