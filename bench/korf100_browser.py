#!/usr/bin/env python3
"""Korf's 100 15-puzzle instances solved by the built site's own worker, in headless Chromium.

    .venv/bin/python bench/korf100_browser.py                    # all 100, blank-first goal
    .venv/bin/python bench/korf100_browser.py --ids 79,12,42     # a quick check
    .venv/bin/python bench/korf100_browser.py --goal blank-last --time-limit 60 --label last

What runs (the browser harness, tests/browsers.py, as the page tests use it): ``build.py``
builds the site into a temporary folder, which is served on 127.0.0.1 under a sub-path
(``/npuzzle/``, as GitHub Pages would) by build.py's own ``Handler``. Chromium
(``NPUZZLE_CHROMIUM``, else Debian's, driven by Playwright) opens the site's index.html; in that
page the script creates a ``SolverClient`` from the site's ``solver-client.js``, which
starts its own ``worker.js`` (real Pyodide), and sends it webapi ``solve`` requests
exactly as the page does (IDA*, pdb heuristic, ``--max-nodes``, ``--time-limit``).

What is timed (in the page, with ``performance.now()``):

- start-up: from ``new SolverClient`` to the worker's ``ready`` message (Pyodide loaded
  and npuzzle imported). The page's own worker starts at the same time and competes for
  the CPU, so this is an upper bound.
- table warm-up: one untimed-for-the-table solve of a 4x4 board 20 moves from the goal,
  which makes the worker download the pattern-database file (``answer.tables``: bytes,
  ``download_ms``) and Python decode it (``setup_seconds``). Every Korf instance comes
  after it, so no instance pays for the download or the decode.
- per instance, "wall": from posting the request to receiving its answer, i.e. everything
  a user waits for: every 30 ms slice, the worker's yields between slices, the progress
  messages, the solution's heuristic path (``h_path``) and JSON both ways. "search" is
  the answer's own ``seconds`` (Python's clock around the search, without setup).
  "max gap" is the longest wait between two messages from the worker during the solve (an
  upper bound on how long a cancel would wait).
- the page's main thread: every long task (over 50 ms) reported by a
  ``PerformanceObserver`` for ``longtask``, and the largest lateness of a 100 ms
  ``setInterval`` heartbeat, both during loading and during the solves.

Every length is checked against the published optimum (``npuzzle/known.py``) and every
solution is replayed with ``Board.play``. Results: bench/results/korf100-browser[-label].md
and .json. Exit status 1 if a length or path is wrong.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from common import command_line, machine_header, machine_info, write_results
from korf100 import instance_row, instances, parse_ids, summary

from npuzzle import Board
from npuzzle.random_boards import scramble
from npuzzle.webapi import MAX_NODES_CAP  # the largest max_nodes a request may ask
from tests.browsers import MAIN_THREAD, START_CLIENT, WATCH_MAIN_THREAD, executable_of, launch, served_site, watch

SOLVE = """
async (request) => {
  const { client } = window.__bench;
  let progress = 0;
  let last = performance.now();
  let maxGap = 0;
  const posted = last;
  const { answer } = client.request(request, () => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    progress += 1;
  });
  const reply = await answer;
  const done = performance.now();
  maxGap = Math.max(maxGap, done - last);
  return { wall_ms: done - posted, progress, max_gap_ms: maxGap, answer: reply };
}
"""



def request_for(tiles: list[int] | tuple[int, ...], goal_name: str, args: argparse.Namespace) -> dict[str, Any]:
    """A webapi solve request, as the page sends it."""
    return {
        "op": "solve", "board": Board(4, 4, tuple(tiles)).to_string(), "goal": goal_name,
        "algorithm": "idastar", "heuristic": "pdb",
        "max_nodes": args.max_nodes, "time_limit": args.time_limit,
    }


def solve(page: Any, request: dict[str, Any]) -> dict[str, Any]:
    """Post one request to the worker; the page's timing and the answer."""
    out: dict[str, Any] = page.evaluate(SOLVE, request)
    answer = out["answer"]
    if not answer.get("ok"):
        raise SystemExit(f"the worker answered an error: {json.dumps(answer.get('error'))}")
    if answer.get("type") != "result":
        raise SystemExit(f"the worker answered {answer.get('type')!r}, not a result")
    return out


def run(page: Any, ids: list[int], goal_name: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    for ident, length, tiles in instances(ids, goal_name):
        out = solve(page, request_for(tiles, goal_name, args))
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
    """korf100.py's summary (its seconds are wall seconds in the page) plus the browser's own figures."""
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", help="e.g. 1-10,55 (default: all 100)")
    parser.add_argument("--goal", choices=["blank-first", "blank-last"], default="blank-first")
    parser.add_argument("--max-nodes", type=int, default=MAX_NODES_CAP,
                        help=f"per instance (default and most the web API accepts: {MAX_NODES_CAP:,})")
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds per instance (default 120)")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args()
    ids = parse_ids(args.ids)

    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    with served_site() as site, sync_playwright() as playwright:
        browser = launch(playwright, "chromium")
        page = browser.new_page()
        watch(page, site, problems)
        page.add_init_script(WATCH_MAIN_THREAD)
        page.goto(site + "index.html")
        started = page.evaluate(START_CLIENT, site)
        print(f"worker ready in {started['ready_ms'] / 1000:.1f} s (Chromium {browser.version}, "
              f"Pyodide {started['pyodide']}, npuzzle {started['info']['version']})", flush=True)
        loading = page.evaluate(MAIN_THREAD, 0)

        goal = Board.goal(4, 4, args.goal)
        warm = solve(page, request_for(scramble(goal, 20, seed=1).tiles, args.goal, args))
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
        rows = run(page, ids, args.goal, args)
        run_seconds = time.perf_counter() - run_started
        during = page.evaluate(MAIN_THREAD, loading["now"])
        chromium_version = browser.version
        browser.close()

    name = "korf100-browser" + (f"-{args.label}" if args.label else "")
    command = command_line("korf100_browser.py", python=".venv/bin/python")
    machine = machine_info()
    tables_line = (
        f"{', '.join(tables['files'])}, {tables['bytes']:,} bytes, downloaded in {tables['download_ms']} ms"
        if tables else "none downloaded"
    )

    def main_thread(m: dict[str, Any]) -> str:
        if not m["supported"]:
            return f"longtask not supported; heartbeat at most {m['heartbeat_max_late_ms']:.0f} ms late"
        return (f"{m['longtasks']} long tasks (total {m['total_ms']:.0f} ms, longest {m['longest_ms']:.0f} ms); "
                f"100 ms heartbeat at most {m['heartbeat_max_late_ms']:.0f} ms late")

    lines = browser_summary(rows)
    header = [
        "# Korf's 15-puzzle instances in the browser (the site's worker, Pyodide in Chromium)",
        "",
        machine_header(machine),
        f"- command: `{command}`",
        f"- browser: headless Chromium {chromium_version} ({executable_of('chromium')}) via Playwright; "
        f"Pyodide {started['pyodide']}; npuzzle {started['info']['version']}",
        f"- goal {args.goal}; IDA* + pdb; "
        f"limits {args.max_nodes:,} nodes, {args.time_limit:g} s per instance",
        f"- worker start-up (new worker to ready, the page's own worker loading alongside): "
        f"{started['ready_ms'] / 1000:.1f} s",
        f"- table warm-up (first 4x4 solve, {warmup['length']} moves, before the instances): "
        f"{tables_line}; decoded in {warmup['setup_seconds']:.2f} s (setup_seconds); "
        f"whole solve {warmup['wall_ms']} ms wall",
        f"- page main thread while loading: {main_thread(loading)}",
        f"- page main thread during the table warm-up and the solves ({run_seconds:.0f} s of solves): "
        f"{main_thread(during)}",
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
    stem = write_results(name, header + table, report)
    print("\n".join(lines))
    if problems:
        print("PROBLEMS:\n" + "\n".join(problems))
    print(f"wrote {stem}.md and .json")
    return 0 if all(r["match"] for r in rows if r["length"] is not None) and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
