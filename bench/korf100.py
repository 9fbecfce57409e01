#!/usr/bin/env python3
"""Korf's 100 15-puzzle instances solved optimally by IDA* with the pattern databases, per
instance, in this Python or through the built site's own worker in headless Chromium.

    python bench/korf100.py                         # all 100, blank-first goal as published
    python bench/korf100.py --ids 55,97,30 --goal blank-last
    python bench/korf100.py --max-nodes 3000000 --label capped
    .venv/bin/python bench/korf100.py --runtime browser             # the site's worker (Pyodide)
    .venv/bin/python bench/korf100.py --runtime browser --ids 79,12,42

Each instance is solved by ``ALGORITHM`` with ``HEURISTIC`` (IDA* with the two reflected
6-6-3 pattern databases; named explicitly: the package's default is the anytime solver,
whose node counts differ). For each instance: optimal length (published), length found, whether they match,
nodes expanded and generated, seconds, and why the search stopped. The summary
gives mean and median nodes and seconds over the solved instances, next to the
published mean nodes of IDA* with other heuristics (Korf & Felner 2002). With
``--goal blank-last`` each instance is first converted (180-degree rotation and
relabelling v -> 16 - v), which must give the same optimal lengths.

``--runtime browser``: the site built and served by the browser harness (tests/browsers.py,
under ``/npuzzle/`` as GitHub Pages would), its index.html open in headless Chromium, and in
that page a ``SolverClient`` from the site's ``solver-client.js`` (its own ``worker.js``, real
Pyodide) sent web API ``solve`` requests exactly as the page sends them (``common.worker_page``).
Timed in the page with ``performance.now()``: the worker's start-up (new client to ``ready``;
the page's own worker loads alongside, so an upper bound); a table warm-up, one solve of a
board 20 moves from the goal, which downloads the pattern-database file (``answer.tables``)
and decodes it (``setup_seconds``), so no instance pays for them; per instance "wall", from
posting the request to its answer (every 30 ms slice, the yields between them, the progress
messages, JSON both ways: what a person waits for), "search" (the answer's own ``seconds``)
and "max gap" (the longest wait between two messages from the worker: an upper bound on how
long a Cancel waits); the page's long tasks and a 100 ms heartbeat's lateness, while loading
and during the solves. The row's ``seconds`` is the wall time.

Every length is checked against the published optimum and every solution replayed with
``Board.play``. Results: bench/results/korf100-<runtime>[-label].md and .json, the runtime
``cpython`` (``pypy`` under PyPy) or ``browser``. Exit status 1 if a length or path is wrong
(or, in the browser, the page logs an error).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any, Iterator, Mapping

from common import WorkerPage, command_line, machine_header, machine_info, worker_page, write_results

from npuzzle import Board, Limits, solve
from npuzzle.known import blank_first_to_blank_last, korf100
from npuzzle.random_boards import scramble
from npuzzle.webapi import MAX_NODES_CAP  # the largest max_nodes a request may ask

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


def here(args: argparse.Namespace) -> tuple[str, list[str], Any]:
    """The instances solved in this process: the results' stem, Markdown lines and data."""
    rows = run(parse_ids(args.ids), args.goal, Limits(args.max_nodes, args.time_limit))
    runtime = platform.python_implementation().lower()
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
    print("\n".join(summary(rows)))
    return f"korf100-{runtime}", header + table, rows


# -- --runtime browser ----------------------------------------------------------------------

def request_for(tiles: list[int] | tuple[int, ...], goal_name: str, args: argparse.Namespace) -> dict[str, Any]:
    """A webapi solve request, as the page sends it."""
    return {
        "op": "solve", "board": Board(4, 4, tuple(tiles)).to_string(), "goal": goal_name,
        "algorithm": ALGORITHM, "heuristic": HEURISTIC,
        "max_nodes": args.max_nodes, "time_limit": args.time_limit,
    }


def posted(worker: WorkerPage, request: dict[str, Any]) -> dict[str, Any]:
    """One request to the worker, timed in the page; SystemExit unless it answers a result."""
    out = worker.post(request)
    answer = out["answer"]
    if not answer.get("ok"):
        raise SystemExit(f"the worker answered an error: {json.dumps(answer.get('error'))}")
    if answer.get("type") != "result":
        raise SystemExit(f"the worker answered {answer.get('type')!r}, not a result")
    return out


def run_in_page(worker: WorkerPage, ids: list[int], goal_name: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    for ident, length, tiles in instances(ids, goal_name):
        out = posted(worker, request_for(tiles, goal_name, args))
        result = out["answer"]["result"]
        wall = out["wall_ms"] / 1000
        row = instance_row(ident, length, result, wall)
        row.update(
            search_seconds=round(result["seconds"], 3), setup_seconds=round(result["setup_seconds"], 4),
            max_gap_ms=round(out["max_gap_ms"]), progress_messages=out["progress"],
        )
        rows.append(row)
        print(f"#{ident:3} optimal {length}  found {result['length']}  {result['expanded']:>12,} nodes  "
              f"{wall:8.2f} s wall  {result['seconds']:8.2f} s search  max gap {out['max_gap_ms']:5.0f} ms  "
              f"{row['stopped'] or ''}", flush=True)
    return rows


def browser_summary(rows: list[dict[str, Any]]) -> list[str]:
    """The summary (its seconds are wall seconds in the page) plus the browser's own figures."""
    solved = [r for r in rows if r["length"] is not None]
    base = summary(rows)
    extra = []
    if solved:
        search = [float(r["search_seconds"]) for r in solved]
        extra.append(f"- search seconds (the answer's own clock) over solved: mean {statistics.mean(search):.2f}, "
                     f"median {statistics.median(search):.2f}, max {max(search):.2f}")
    optimal = [r for r in solved if r["match"]]
    extra.append(f"- solved optimally within 1 s (wall): {sum(r['seconds'] <= 1 for r in optimal)} of {len(rows)}; "
                 f"within 60 s: {sum(r['seconds'] <= 60 for r in optimal)} of {len(rows)}")
    stopped = [f"#{r['id']} {r['stopped']}" for r in rows if r["stopped"]]
    extra.append(f"- stopped by a limit: {', '.join(stopped) or 'none'}")
    if rows:
        gap = max(rows, key=lambda r: r["max_gap_ms"])
        extra.append(f"- longest wait between two worker messages during a solve: {gap['max_gap_ms']} ms (#{gap['id']})")
    return base[:-1] + extra + base[-1:]


def main_thread_words(m: dict[str, Any]) -> str:
    if not m["supported"]:
        return f"longtask not supported; heartbeat at most {m['heartbeat_max_late_ms']:.0f} ms late"
    return (f"{m['longtasks']} long tasks (total {m['total_ms']:.0f} ms, longest {m['longest_ms']:.0f} ms); "
            f"100 ms heartbeat at most {m['heartbeat_max_late_ms']:.0f} ms late")


def in_browser(args: argparse.Namespace) -> tuple[str, list[str], Any]:
    """The instances solved by the site's worker in Chromium: the stem, Markdown lines and data."""
    with worker_page() as worker:
        started, problems = worker.started, worker.problems
        loading = worker.main_thread()
        goal = Board.goal(4, 4, args.goal)
        warm = posted(worker, request_for(scramble(goal, 20, seed=1).tiles, args.goal, args))
        tables = warm["answer"].get("tables")
        warm_result = warm["answer"]["result"]
        warmup = {
            "board": Board(4, 4, tuple(warm_result["start"])).to_string(),
            "length": warm_result["length"],
            "wall_ms": round(warm["wall_ms"]),
            "tables": tables,
            "setup_seconds": warm_result["setup_seconds"],
            "search_seconds": warm_result["seconds"],
        }
        if tables is None:
            problems.append("the warm-up solve downloaded no table file (answer.tables missing)")
        print(f"table warm-up: {json.dumps(warmup)}", flush=True)
        run_started = time.perf_counter()
        rows = run_in_page(worker, parse_ids(args.ids), args.goal, args)
        run_seconds = time.perf_counter() - run_started
        during = worker.main_thread(loading["now"])
        chromium_version = worker.version

    command = command_line("korf100.py", python=".venv/bin/python")
    machine = machine_info()
    tables_line = (
        f"{', '.join(tables['files'])}, {tables['bytes']:,} bytes, downloaded in {tables['download_ms']} ms"
        if tables else "none downloaded"
    )
    lines = browser_summary(rows)
    header = [
        "# Korf's 15-puzzle instances in the browser (the site's worker, Pyodide in Chromium)",
        "",
        machine_header(machine),
        f"- command: `{command}`",
        f"- browser: headless Chromium {chromium_version} via Playwright; "
        f"Pyodide {started['pyodide']}; npuzzle {started['info']['version']}",
        f"- goal {args.goal}; IDA* + pdb; "
        f"limits {args.max_nodes:,} nodes, {args.time_limit:g} s per instance",
        f"- worker start-up (new worker to ready, the page's own worker loading alongside): "
        f"{started['ready_ms'] / 1000:.1f} s",
        f"- table warm-up (first 4x4 solve, {warmup['length']} moves, before the instances): "
        f"{tables_line}; decoded in {warmup['setup_seconds']:.2f} s (setup_seconds); "
        f"whole solve {warmup['wall_ms']} ms wall",
        f"- page main thread while loading: {main_thread_words(loading)}",
        f"- page main thread during the table warm-up and the solves ({run_seconds:.0f} s of solves): "
        f"{main_thread_words(during)}",
        *lines,
        f"- console errors: {'; '.join(problems) or 'none'}",
        "",
        "Seconds: \"wall\" is post to answer in the page (what a user waits for, warm tables); "
        "\"search\" is the answer's own `seconds`; \"max gap\" is the longest wait between two worker messages.",
        "",
        "| id | optimal | found | nodes expanded | nodes generated | wall s | search s | max gap ms | stopped |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    table = [
        f"| {r['id']} | {r['optimal']} | {r['length'] if r['length'] is not None else '-'} | "
        f"{r['expanded']:,} | {r['generated']:,} | {r['seconds']} | {r['search_seconds']} | "
        f"{r['max_gap_ms']} | {r['stopped'] or ''} |"
        for r in rows
    ]
    report = {
        "command": command, **machine,
        "chromium": chromium_version, "user_agent": started["user_agent"], "pyodide": started["pyodide"],
        "npuzzle": started["info"]["version"], "goal": args.goal,
        "limits": {"max_nodes": args.max_nodes, "time_limit": args.time_limit},
        "ready_ms": round(started["ready_ms"]), "table_warmup": warmup,
        "main_thread": {"loading": loading, "solves": during}, "run_seconds": round(run_seconds, 1),
        "summary": lines, "problems": problems, "rows": rows,
    }
    print("\n".join(lines))
    if problems:
        print("PROBLEMS:\n" + "\n".join(problems))
    return "korf100-browser", header + table, report


def main() -> int:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--runtime", choices=["cpython", "browser"], default="cpython",
                        help="cpython: this Python (PyPy too), in this process; browser: the built site's "
                             "worker in headless Chromium (default cpython)")
    parser.add_argument("--ids", help="e.g. 1-10,55 (default: all 100)")
    parser.add_argument("--goal", choices=["blank-first", "blank-last"], default="blank-first")
    parser.add_argument("--max-nodes", type=int, default=None,
                        help=f"per instance (default 10**10 here; in the browser {MAX_NODES_CAP:,}, the most "
                             "the web API accepts)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="seconds per instance (default 3600 here, 120 in the browser)")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args()
    browser = args.runtime == "browser"
    if args.max_nodes is None:
        args.max_nodes = MAX_NODES_CAP if browser else 10**10
    if args.time_limit is None:
        args.time_limit = 120.0 if browser else 3600.0
    stem, lines, data = (in_browser if browser else here)(args)
    name = stem + (f"-{args.label}" if args.label else "")
    path = write_results(name, lines, data)
    print(f"wrote {path}.md and .json")
    rows = data["rows"] if isinstance(data, dict) else data
    ok = all(r["match"] for r in rows if r["length"] is not None)
    return 0 if ok and not (isinstance(data, dict) and data["problems"]) else 1


if __name__ == "__main__":
    sys.exit(main())
