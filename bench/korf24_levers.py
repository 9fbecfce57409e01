#!/usr/bin/env python3
"""Levers for the 24-puzzle's length at 10 s (issue 40), each measured on Korf & Felner's
instances: what would shorten the anytime solver's solution if it were added.

    python bench/korf24_levers.py windows --ids 1,6,24,27,9,50,14,39     # ~3 min
    python bench/korf24_levers.py bidirectional    # the 8 with a corner blank, widths 2048,4096,8192, ~4 min

``windows``: each board is solved by the default (anytime) solver under ``--time-limit``
(10 s); then every window of its path of ``--windows`` moves (sliding by half a window) is
solved again optimally, by IDA* from the window's first board to its last under a node
budget: with the 5x5 pattern databases where the window's last board has its blank in a
corner (the tables apply there through the board's symmetries, the tiles relabelled against
that board), else with linear conflict toward it. Also the path's last ``--tails`` moves
(ending at the goal) with the pattern databases. Counts the windows, those cut off by the
budget and the moves saved: a lever pays only if windows come out shorter.

``bidirectional``: a beam from the goal toward the start, beside the usual one from the start
toward the goal, on the boards where the pattern databases apply both ways (the start's
blank in a corner: 8 of the 50). A second beam pays if the shorter of the two at one width
beats one beam twice as wide.

Results: bench/results/korf24-levers-<command>[-label].md/.json.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any, Callable

from common import command_line, drain, machine_header, machine_info, write_results
from korf100 import parse_ids

from npuzzle import Board, Limits, solve
from npuzzle.heuristics import compile_heuristic, heuristic_loading
from npuzzle.known import korf24_50
from npuzzle.search.beam import beam_search
from npuzzle.search.idastar import idastar
from npuzzle.search.problem import Problem

CORNERS = (0, 4, 20, 24)
GOAL = Board(5, 5, tuple(range(25)))


def _boards(start: tuple[int, ...], moved: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The boards along a solution given as the tiles moved."""
    cells = list(start)
    out = [tuple(cells)]
    for tile in moved:
        blank, at = cells.index(0), cells.index(tile)
        cells[blank], cells[at] = tile, 0
        out.append(tuple(cells))
    return out


def _optimal(a: tuple[int, ...], b: tuple[int, ...], nodes: int) -> tuple[int | None, str, str]:
    """IDA* from board ``a`` to board ``b`` within ``nodes``: (its length or None, the
    heuristic, how it stopped)."""
    blank = b.index(0)
    name = "pdb" if blank in CORNERS else "linear-conflict"
    outcome = drain(idastar(Problem.from_boards(Board(5, 5, a), Board(5, 5, b)),
                              compile_heuristic(name, 5, 5, blank), Limits(max_nodes=nodes, time_limit=600.0), {}))
    return (len(outcome.path) - 1 if outcome.path else None), name, outcome.stop.value


def windows(args: argparse.Namespace, instances: dict[int, tuple[int, list[int]]]) -> tuple[list[str], Any]:
    lengths = [int(w) for w in args.windows.split(",")]
    tails = [int(w) for w in args.tails.split(",")]
    data: list[dict[str, Any]] = []
    for i in parse_ids(args.ids):
        optimal, tiles = instances[i]
        result = solve(Board(5, 5, tuple(tiles)), GOAL, limits=Limits(max_nodes=10**12, time_limit=args.time_limit))
        boards = _boards(tuple(tiles), result.tiles)
        assert boards[-1] == GOAL.tiles, f"#{i}: the solution does not reach the goal"
        total = len(boards) - 1
        entry: dict[str, Any] = {"id": i, "optimal": optimal, "length": total, "windows": {}, "tails": {}}
        for k in lengths:
            began, searched, cut, saved, found = time.perf_counter(), 0, 0, 0, []
            for a in range(0, total - k + 1, k // 2):
                got, name, stop = _optimal(boards[a], boards[a + k], args.nodes)
                searched += 1
                cut += stop != "solved"
                if got is not None and got < k:
                    saved += k - got
                    found.append({"from": a, "to": a + k, "heuristic": name, "length": got})
            entry["windows"][k] = {"searched": searched, "cut_off": cut, "saved": saved, "shorter": found,
                                   "seconds": round(time.perf_counter() - began, 2)}
        for k in tails:
            began = time.perf_counter()
            got, _, stop = _optimal(boards[total - k], boards[total], args.nodes)
            entry["tails"][k] = {"length": got, "stop": stop, "seconds": round(time.perf_counter() - began, 2)}
        data.append(entry)
        parts = [f"w{k}: {v['searched']} searched, {v['cut_off']} cut off, {v['saved']} saved" for k, v in entry["windows"].items()]
        parts += [f"tail {k}: {v['length'] if v['length'] is not None else v['stop']}" for k, v in entry["tails"].items()]
        print(f"#{i} (optimal {optimal}) {total} moves at {args.time_limit:g} s; " + "; ".join(parts), flush=True)
    md = [
        f"- the anytime solver's paths at {args.time_limit:g} s, windows of {args.windows} moves (sliding by half), "
        f"tails of {args.tails} moves, IDA* within {args.nodes:,} nodes each",
        "",
        "| id | optimal | length | " + " | ".join(f"windows of {k}: searched / cut off / saved" for k in lengths)
        + " | " + " | ".join(f"last {k}: optimal" for k in tails) + " |",
        "| --- " * (3 + len(lengths) + len(tails)) + "|",
    ]
    for e in data:
        md.append(f"| {e['id']} | {e['optimal']} | {e['length']} | "
                  + " | ".join(f"{w['searched']} / {w['cut_off']} / {w['saved']}" for w in e["windows"].values())
                  + " | " + " | ".join(str(t["length"] if t["length"] is not None else t["stop"]) for t in e["tails"].values()) + " |")
    searched = sum(w["searched"] for e in data for w in e["windows"].values())
    saved = sum(w["saved"] for e in data for w in e["windows"].values())
    tail_saved = sum(k - t["length"] for e in data for k, t in ((int(k), t) for k, t in e["tails"].items()) if t["length"] is not None)
    md += ["", f"- windows: {searched} searched, {saved} moves saved; tails: {tail_saved} moves saved"]
    return md, data


def bidirectional(args: argparse.Namespace, instances: dict[int, tuple[int, list[int]]]) -> tuple[list[str], Any]:
    widths = [int(w) for w in args.widths.split(",")]
    ids = [i for i in parse_ids(args.ids) if instances[i][1].index(0) in CORNERS]
    data: list[dict[str, Any]] = []
    for i in ids:
        optimal, tiles = instances[i]
        start = Board(5, 5, tuple(tiles))
        entry: dict[str, Any] = {"id": i, "optimal": optimal}
        for width in widths:
            for direction, (a, b) in (("forward", (start, GOAL)), ("backward", (GOAL, start))):
                problem = Problem.from_boards(a, b)
                began = time.perf_counter()
                path = drain(beam_search(problem, compile_heuristic("pdb", 5, 5, problem.goal.index(0)), width,
                                           time.perf_counter() + 600.0))
                entry[f"{direction}_{width}"] = len(path) - 1
                entry[f"{direction}_{width}_seconds"] = round(time.perf_counter() - began, 2)
        data.append(entry)
        print(f"#{i} (optimal {optimal}): " + ", ".join(
            f"width {w}: forward {entry[f'forward_{w}']}, backward {entry[f'backward_{w}']}" for w in widths), flush=True)
    optimal_sum: int = sum(e["optimal"] for e in data)

    def ratio(key: Callable[[dict[str, Any]], int]) -> float:
        return sum(key(e) for e in data) / float(optimal_sum)

    md = [f"- boards whose start has its blank in a corner: {', '.join(f'#{i}' for i in ids)}", "",
          "| width | forward | backward | the shorter of the two | seconds (forward, median) |", "| --- | --- | --- | --- | --- |"]
    for w in widths:
        md.append(f"| {w} | {ratio(lambda e: e[f'forward_{w}']):.4f} | {ratio(lambda e: e[f'backward_{w}']):.4f} | "
                  f"{ratio(lambda e: min(e[f'forward_{w}'], e[f'backward_{w}'])):.4f} | "
                  f"{statistics.median(e[f'forward_{w}_seconds'] for e in data):.2f} |")
    return md, data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("windows", "bidirectional"))
    parser.add_argument("--ids", default="1-50", help="instances (default all 50; bidirectional keeps those with a corner blank)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="windows: the anytime solver's time (default 10 s)")
    parser.add_argument("--windows", default="40,50", help="windows: lengths (default 40,50)")
    parser.add_argument("--tails", default="40,50,60", help="windows: lengths of the path's end searched again (default 40,50,60)")
    parser.add_argument("--nodes", type=int, default=300_000, help="windows: IDA*'s node budget a window (default 300,000)")
    parser.add_argument("--widths", default="2048,4096,8192", help="bidirectional: beam widths (default 2048,4096,8192)")
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    for corner in CORNERS:
        for _ in heuristic_loading("pdb", 5, 5, corner) or ():
            pass
    instances = {i: (optimal, tiles) for i, optimal, tiles in korf24_50()}
    began = time.perf_counter()
    md, data = (windows if args.command == "windows" else bidirectional)(args, instances)
    info = machine_info()
    header = [f"# Korf & Felner's 24-puzzles: {args.command} (issue 40's levers)", "", machine_header(info),
              f"- command: `{command_line('korf24_levers.py')}`", f"- took {time.perf_counter() - began:.0f} s", ""]
    stem = f"korf24-levers-{args.command}" + (f"-{args.label}" if args.label else "")
    path = write_results(stem, header + md, {"machine": info, "command": command_line('korf24_levers.py'), "results": data})
    print("\n".join(md))
    print(f"wrote {path}.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
