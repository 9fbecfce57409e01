#!/usr/bin/env python3
"""Korf's 100 15-puzzle instances solved optimally by IDA* with the pattern databases, per instance.

    python bench/korf100.py                         # all 100, blank-first goal as published
    python bench/korf100.py --ids 55,97,30 --goal blank-last
    python bench/korf100.py --max-nodes 3000000 --label capped

Each instance is solved by ``ALGORITHM`` with ``HEURISTIC`` (IDA* with the two reflected
6-6-3 pattern databases; named explicitly: the package's default is the anytime solver,
whose node counts differ). For each instance: optimal length (published), length found, whether they match,
nodes expanded and generated, seconds, and why the search stopped. The summary
gives mean and median nodes and seconds over the solved instances, next to the
published mean nodes of IDA* with other heuristics (Korf & Felner 2002). With
``--goal blank-last`` each instance is first converted (180-degree rotation and
relabelling v -> 16 - v), which must give the same optimal lengths.

Results: bench/results/korf100-<runtime>[-label].md and .json.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from typing import Any, Iterator, Mapping

from common import command_line, machine_header, write_results

from npuzzle import Board, Limits, solve
from npuzzle.known import blank_first_to_blank_last, korf100

ALGORITHM = "idastar"
HEURISTIC = "pdb"

PUBLISHED_MEAN_NODES = {
    "Manhattan (Korf 1985)": 401_189_630,
    "5-5-5 additive PDB": 3_090_405,
    "6-6-3 additive PDB": 617_555,
    "7-8 additive PDB with reflection": 36_710,
}


def parse_ids(text: str | None) -> list[int]:
    if not text:
        return list(range(1, 101))
    ids: list[int] = []
    for part in text.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            ids.extend(range(int(lo), int(hi) + 1))
        else:
            ids.append(int(part))
    return ids


def instances(ids: list[int], goal_name: str) -> Iterator[tuple[int, int, list[int]]]:
    """Korf's instances ``ids`` as (id, published optimal length, tiles) for ``goal_name``: as
    published for blank-first; for blank-last turned 180 degrees and relabelled v -> 16 - v,
    which keeps every optimal length."""
    published = {ident: (length, tiles) for ident, length, tiles in korf100()}
    for ident in ids:
        length, tiles = published[ident]
        yield ident, length, tiles if goal_name == "blank-first" else blank_first_to_blank_last(tiles, 4)


def instance_row(ident: int, optimal: int, result: Mapping[str, Any], seconds: float) -> dict[str, Any]:
    """One instance's row of the results, from a result in its JSON form; SystemExit if the
    solution does not reach the goal."""
    start, goal = Board(4, 4, tuple(result["start"])), Board(4, 4, tuple(result["goal"]))
    if result["length"] is not None and start.play(result["tiles"]) != goal:
        raise SystemExit(f"instance {ident}: the solution does not reach the goal")
    return {
        "id": ident, "optimal": optimal, "length": result["length"],
        "match": result["length"] == optimal, "expanded": result["expanded"],
        "generated": result["generated"], "seconds": round(seconds, 3), "stopped": result["stopped"],
        "algorithm": result["algorithm"], "heuristic": result["heuristic"],
    }


def run(ids: list[int], goal_name: str, limits: Limits) -> list[dict[str, object]]:
    rows = []
    goal = Board.goal(4, 4, goal_name)
    for ident, length, tiles in instances(ids, goal_name):
        started = time.perf_counter()
        result = solve(Board(4, 4, tuple(tiles)), goal, ALGORITHM, HEURISTIC, limits=limits)
        wall = time.perf_counter() - started
        row = instance_row(ident, length, result.to_dict(), wall)
        rows.append(row)
        print(f"#{ident:3} optimal {length}  found {result.length}  {result.expanded:>12,} nodes  "
              f"{wall:8.2f} s  {row['stopped'] or ''}", flush=True)
    return rows


def summary(rows: list[dict[str, object]]) -> list[str]:
    solved = [r for r in rows if r["length"] is not None]
    nodes = [int(r["expanded"]) for r in solved]  # type: ignore[call-overload]
    secs = [float(r["seconds"]) for r in solved]  # type: ignore[arg-type]
    wrong = [r["id"] for r in solved if not r["match"]]
    lines = [
        f"- solved {len(solved)} of {len(rows)}; lengths matching the published optimum: "
        f"{sum(bool(r['match']) for r in solved)} (wrong: {wrong or 'none'})",
    ]
    if solved:
        lines += [
            f"- nodes expanded over solved: mean {statistics.mean(nodes):,.0f}, median {statistics.median(nodes):,.0f}"
            f"; nodes generated: mean {statistics.mean(int(r['generated']) for r in solved):,.0f}",  # type: ignore[call-overload]
            f"- seconds over solved: mean {statistics.mean(secs):.2f}, median {statistics.median(secs):.2f}, "
            f"max {max(secs):.2f}, total {sum(secs):.1f}",
        ]
    lines.append("- published mean nodes per instance (IDA*, Korf & Felner 2002): " + "; ".join(
        f"{name} {value:,}" for name, value in PUBLISHED_MEAN_NODES.items()))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", help="e.g. 1-10,55 (default: all 100)")
    parser.add_argument("--goal", choices=["blank-first", "blank-last"], default="blank-first")
    parser.add_argument("--max-nodes", type=int, default=10**10)
    parser.add_argument("--time-limit", type=float, default=3600.0, help="seconds per instance")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args()
    rows = run(parse_ids(args.ids), args.goal, Limits(args.max_nodes, args.time_limit))
    runtime = platform.python_implementation().lower()
    name = f"korf100-{runtime}" + (f"-{args.label}" if args.label else "")
    header = [
        f"# Korf's 15-puzzle instances, {ALGORITHM} with {HEURISTIC} ({runtime})",
        "",
        machine_header(),
        f"- command: `{command_line('korf100.py')}`",
        f"- goal {args.goal}",
        *summary(rows),
        "",
        "| id | optimal | found | nodes expanded | nodes generated | seconds | stopped |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    table = [
        f"| {r['id']} | {r['optimal']} | {r['length'] if r['length'] is not None else '-'} | "
        f"{int(r['expanded']):,} | {int(r['generated']):,} | {r['seconds']} | {r['stopped'] or ''} |"  # type: ignore[call-overload]
        for r in rows
    ]
    write_results(name, header + table, rows)
    print("\n".join(summary(rows)))
    return 0 if all(r["match"] for r in rows if r["length"] is not None) else 1


if __name__ == "__main__":
    sys.exit(main())
