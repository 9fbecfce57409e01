#!/usr/bin/env python3
"""The speed-solver's jobs in the built site's own worker (Pyodide, headless Chromium).

    .venv/bin/python bench/speed_browser.py all --boards 20      # every shortest solution of random 4x4s
    .venv/bin/python bench/speed_browser.py mtm --boards 20      # MTM-optimal solves of random 4x4s

What runs is what the page runs: the site built into a temporary folder and served on
127.0.0.1 (tests/browsers.py's harness, as bench/korf100_browser.py uses it), a
``SolverClient`` started in the page from the site's own ``solver-client.js``, and the web
API's requests sent to its worker exactly as the page sends them: ``all_optimal`` (limit 1000,
as the page asks) or ``solve`` with ``metric: "mtm"``. A warm-up request first makes the
worker fetch and decode the pattern databases, so no board pays for them. Per board, "wall" is
from posting the request to its answer (everything a person waits for: slices, messages,
JSON). The boards are random 4x4s (``random_board``, seeds ``speed-0``, ``speed-1``, ...).
The aims: every shortest solution of a random 4x4 counted within 2 s (median of 20); an
MTM-optimal 4x4 within 20 s (median of 20). Results: bench/results/speed-browser-<what>.md/.json.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from common import command_line, machine_header, write_results

from npuzzle import Board
from npuzzle.random_boards import random_board, scramble
from tests.browsers import START_CLIENT, launch, served_site, watch

REQUEST = """
async (request) => {
  const { client } = window.__bench;
  const posted = performance.now();
  const { answer } = client.request(request, () => {});
  const reply = await answer;
  return { wall_ms: performance.now() - posted, answer: reply };
}
"""


def _request(what: str, board: Board, time_limit: float) -> dict[str, Any]:
    fields = {"board": board.to_string(), "goal": "blank-last", "time_limit": time_limit}
    if what == "all":
        return {"op": "all_optimal", **fields, "limit": 1000}
    return {"op": "solve", **fields, "metric": "mtm"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["all", "mtm"])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    rows = []
    with served_site() as site, sync_playwright() as playwright:
        browser = launch(playwright, "chromium")
        page = browser.new_page()
        watch(page, site, problems)
        page.goto(site + "index.html")
        started = page.evaluate(START_CLIENT, site)
        goal = Board.goal(4, 4)
        warm = page.evaluate(REQUEST, _request(args.what, scramble(goal, 12, seed=1), args.time_limit))
        if not warm["answer"].get("ok"):
            raise SystemExit(f"the warm-up was refused: {warm['answer'].get('error')}")
        warm_seconds = warm["wall_ms"] / 1000
        print(f"worker ready in {started['ready_ms'] / 1000:.1f} s; warm-up {warm_seconds:.2f} s", flush=True)
        for n in range(args.boards):
            board = random_board(4, 4, goal, seed=f"speed-{n}")
            out = page.evaluate(REQUEST, _request(args.what, board, args.time_limit))
            answer = out["answer"]
            if not answer.get("ok"):
                raise SystemExit(f"{board.to_string()}: refused: {answer.get('error')}")
            if args.what == "all":
                r = answer["all_optimal"]
                for s in r["solutions"]:
                    if board.play(s["tiles"]) != goal or len(s["tiles"]) != r["length"]:
                        raise SystemExit(f"{board.to_string()}: a listed solution is wrong")
                row = {"board": board.to_string(), "length": r["length"], "count": r["count"],
                       "exact": r["count_exact"], "wall_seconds": round(out["wall_ms"] / 1000, 3)}
            else:
                r = answer["result"]
                if r["length"] is not None and board.play(r["tiles"]) != goal:
                    raise SystemExit(f"{board.to_string()}: the solution does not reach the goal")
                row = {"board": board.to_string(), "stm": r["length"], "mtm": r.get("mtm"),
                       "optimal": r.get("mtm_optimal"), "stopped": r["stopped"],
                       "wall_seconds": round(out["wall_ms"] / 1000, 3)}
            rows.append(row)
            print(f"{n + 1:2}. {row}", flush=True)
        version = browser.version
        browser.close()
    walls = [r["wall_seconds"] for r in rows]
    aim = "every shortest solution counted within 2 s" if args.what == "all" else "MTM-optimal within 20 s"
    lines = [
        f"# The speed-solver's {'every-shortest-solution' if args.what == 'all' else 'MTM-optimal'} job in the page's worker (Chromium {version}, Pyodide)",
        "", machine_header(), f"- command: `{command_line('speed_browser.py', python='.venv/bin/python')}`",
        f"- warm-up (the tables fetched or built, before the first board): {warm_seconds:.2f} s; time limit "
        f"{args.time_limit:g} s per board",
        f"- boards: {len(rows)} random 4x4 (seeds speed-0, ...); **median wall time {statistics.median(walls):.2f} s** "
        f"(aim: {aim}, median of 20); max {max(walls):.2f} s",
        f"- page problems (console errors, failed requests): {problems or 'none'}", "",
        "| board | " + " | ".join(k for k in rows[0] if k != "board") + " |",
        "| --- | " + " | ".join("---:" for k in rows[0] if k != "board") + " |",
        *("| " + " | ".join(str(v) for v in r.values()) + " |" for r in rows),
    ]
    print("\n".join(lines[4:6]))
    write_results(f"speed-browser-{args.what}" + (f"-{args.label}" if args.label else ""), lines,
                  {"rows": rows, "median_wall_seconds": statistics.median(walls), "problems": problems,
                   "warm_up_seconds": round(warm_seconds, 3), "time_limit": args.time_limit})
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
