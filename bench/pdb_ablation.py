#!/usr/bin/env python3
"""What each part of the 4x4 pattern databases is worth: IDA* nodes on Korf's instances.

    python bench/pdb_ablation.py                 # all 100 (node counts do not depend on speed:
    pypy3 bench/pdb_ablation.py                  #  PyPy runs the package unchanged, ~5x faster)
    python bench/pdb_ablation.py --ids 1-20 --configs B,A+B

The shipped file holds two 6-6-3 partitions, A and B (``SHIPPED`` in
npuzzle/pattern_db/catalogue.py), and the default heuristic reads each directly
and through the reflection about the diagonal, taking the largest of the four
sums. This runs our IDA* with a subset of those lookups, on the blank-last goal
(Korf's instances converted), and reports mean and median nodes expanded per
configuration, with every length checked against the published optimum:

    B1: partition B read directly only      A: partition A and its reflection
    B: partition B and its reflection       A+B: all four (the default)

Results: bench/results/pdb-ablation.md and .json.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Sequence

from common import command_line, drain, machine_header, write_results
from korf100 import PUBLISHED_MEAN_NODES, instances, parse_ids

from npuzzle import Board, Limits
from npuzzle.heuristics import Compiled
from npuzzle.pattern_db import PatternLookup, pattern_lookups
from npuzzle.search.idastar import idastar
from npuzzle.search.problem import Problem

# Which of pattern_lookups(4, 4, 15) each configuration uses: [B, B reflected, A, A reflected].
CONFIGS = {"B1": (0,), "B": (0, 1), "A": (2, 3), "A+B": (0, 1, 2, 3)}


def compiled(lookups: Sequence[PatternLookup]) -> Compiled:
    chosen = tuple(lookups)

    def evaluate(cells: Sequence[int]) -> int:
        return max(lookup.evaluate(cells) for lookup in chosen)

    return Compiled("pdb", evaluate, patterns=chosen)


def run_one(board: Board, heuristic: Compiled) -> tuple[int | None, int, float]:
    problem = Problem.from_boards(board, Board.goal(4))
    steps = idastar(problem, heuristic, Limits(max_nodes=10**10, time_limit=3600), {})
    started = time.perf_counter()
    outcome = drain(steps)
    length = None if outcome.path is None else len(outcome.path) - 1
    return length, outcome.expanded, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", help="e.g. 1-10,55 (default: all 100)")
    parser.add_argument("--configs", default="B1,A,B,A+B", help="comma-separated, of " + ", ".join(CONFIGS))
    args = parser.parse_args()
    lookups = pattern_lookups(4, 4, 15)
    assert len(lookups) == 4
    ids = parse_ids(args.ids)
    results: dict[str, list[dict[str, object]]] = {}
    wrong = []
    for name in args.configs.split(","):
        heuristic = compiled([lookups[i] for i in CONFIGS[name]])
        rows = results.setdefault(name, [])
        for ident, optimal, tiles in instances(ids, "blank-last"):
            board = Board(4, 4, tuple(tiles))
            length, expanded, seconds = run_one(board, heuristic)
            rows.append({"id": ident, "optimal": optimal, "length": length, "expanded": expanded,
                         "seconds": round(seconds, 3)})
            if length != optimal:
                wrong.append((name, ident, length, optimal))
            print(f"{name:4} #{ident:3} optimal {optimal} found {length} {expanded:>12,} nodes {seconds:7.2f} s",
                  flush=True)
    lines = [
        "# What each part of the 4x4 pattern databases is worth (IDA*, Korf's instances, blank-last goal)",
        "",
        machine_header(),
        f"- command: `{command_line('pdb_ablation.py')}`",
        f"- {len(ids)} instances",
        f"- lengths not matching the published optimum: {wrong or 'none'}",
        "- published mean nodes per instance (IDA*, Korf & Felner 2002): " + "; ".join(
            f"{k} {v:,}" for k, v in PUBLISHED_MEAN_NODES.items()),
        "",
        "| configuration | lookups | mean nodes expanded | median | max | total seconds |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, rows in results.items():
        nodes = [int(r["expanded"]) for r in rows]  # type: ignore[call-overload]
        lines.append(f"| {name} | {len(CONFIGS[name])} | {statistics.mean(nodes):,.0f} | "
                     f"{statistics.median(nodes):,.0f} | {max(nodes):,} | "
                     f"{sum(float(r['seconds']) for r in rows):.1f} |")  # type: ignore[arg-type]
    write_results("pdb-ablation", lines, results)
    print("\n".join(lines[-len(results) - 2:]))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
