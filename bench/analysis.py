"""The analysis of a game (issue 30), timed: a 3x3 game read from a table built afresh, and
4x4 games of about 100 moves, like a person's, analysed exactly; in CPython, in Pyodide, or
in the page in headless Chromium.

Usage (from the repository root):

    python bench/analysis.py                          # CPython (about a minute on a quiet machine)
    python bench/analysis.py --runtime pyodide        # the same inside Pyodide under Node
    python bench/analysis.py --games-4x4 9 --games-3x3 7
    .venv/bin/python bench/analysis.py --runtime browser                           # in the page (a few minutes)
    .venv/bin/python bench/analysis.py --runtime browser --games-3x3 3 --games-4x4 3

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

``--runtime browser``: the same games through the built site, served as the tests serve it
(tests/browsers.py), as a person analyses them: each game's board opened by a link, its moves
pasted into "Analyse moves you paste" as tile numbers, and Analyse clicked. The page itself
times it (an init script, ``TIMING``): performance.now() at the click, then at the first
change of the panel's data-* that shows this analysis (data-analysis one higher) with a move
marked (data-marks above 0), and when its data-state says analysed with a table row per move.
Each 3x3 game gets a fresh page whose service worker has settled (its first analysis builds
the table), then is analysed again with the table kept; the 4x4 games share one page, whose
first analysis (not in the median) is clicked as soon as its board is shown, so it also waits
for the pattern databases to be downloaded and decoded, as a person's first 4x4 analysis of a
link does: it is reported beside them. Each answer is checked against the library's (the
optimal length and the mistakes); the worker's memory is the page's ``data-worker-memory``.
The results carry the issue's aims (``AIM_3X3``, ``AIM_4X4``, ``AIM_FIRST_MARKS``) and whether
each was met.

Writes bench/results/analysis-<runtime>[-label].md and .json.
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
from common import IS_PYODIDE, command_line, drain, machine_header, machine_info, rerun_in_pyodide, write_results

from npuzzle.analysis import Game, GameAnalysis, analyse_game
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
    path = [start.blank] + drain(reduce(problem))
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
    p.add_argument("--runtime", choices=("cpython", "pyodide", "browser"), default=RUNTIME,
                   help="cpython: this process; pyodide: inside Pyodide under Node; browser: the built "
                        "site's page in headless Chromium (default: this runtime)")
    p.add_argument("--out", default=None, help="output stem (default bench/results/analysis-<runtime>[-label])")
    p.add_argument("--label", default="", help="suffix for the results files")
    p.add_argument("--host-info", default=None, help=argparse.SUPPRESS)  # set by pyodide_search.mjs
    args = p.parse_args(argv)
    if args.runtime == "pyodide" and not IS_PYODIDE:
        return rerun_in_pyodide(__file__, argv)
    if args.runtime == "browser":
        return in_browser(args, argv)
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
    write_results(args.out or f"analysis-{RUNTIME}" + (f"-{args.label}" if args.label else ""), lines, data)
    print("\n".join(lines))
    return 0


# -- --runtime browser: the same games in the page ------------------------------------------

AIM_3X3 = 1.5
"""Seconds from the click to the whole analysis of a 100-move 3x3 game (the table included)."""
AIM_4X4 = 20.0
"""The median seconds of a 100-move 4x4 game's analysis."""
AIM_FIRST_MARKS = 1.0
"""Seconds from the click to a 4x4 game's first marks."""

TIMING = """(() => {
  const t = { clicked: null, before: 0, marks: null, done: null, rows: 0 };
  window.__analysisTiming = t;
  document.addEventListener("click", (event) => {
    if (!event.target.closest || !event.target.closest("#analyse-text")) return;
    const panel = document.getElementById("analysis-panel");
    Object.assign(t, { clicked: performance.now(), before: Number(panel.dataset.analysis || 0), marks: null, done: null, rows: 0 });
  }, true);
  const watch = () => {
    const panel = document.getElementById("analysis-panel");
    if (!panel) return setTimeout(watch, 20);
    new MutationObserver(() => {
      const d = panel.dataset;
      if (t.clicked === null || Number(d.analysis || 0) <= t.before) return;
      const now = performance.now() - t.clicked;
      if (t.marks === null && Number(d.marks) > 0) t.marks = now;
      const rows = document.querySelectorAll("#analysis-table tbody tr").length;
      if (t.done === null && (d.state === "analysed" || d.state === "stopped") && rows === Number(d.moves)) {
        Object.assign(t, { done: now, rows, state: d.state });
      }
    }).observe(panel, { attributes: true });
  };
  watch();
})();"""


def analyse(page: Any, url: str, game: Game, fresh: bool, settle: bool = True) -> dict[str, Any]:
    """Open ``game``'s board (in a fresh page: once its service worker has settled, with
    ``settle``), paste its moves, click Analyse; the page's own timing."""
    from playwright.sync_api import expect

    from tests.browsers import worker_memory

    fragment = f"#board={game.start.to_string()}&goal=blank-last"
    if fresh:
        page.goto(url + fragment)
        expect(page.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=120_000)
    if fresh and settle:
        # The page settled, as it is by the time a person has pasted a game: its service worker
        # has stored the build (registered once the solver is ready; not part of the analysis).
        page.wait_for_function("async () => { const r = await navigator.serviceWorker.getRegistration();"
                               " return Boolean(r && r.active); }", timeout=120_000)
        page.wait_for_timeout(1000)
    if not fresh:
        page.evaluate("(f) => { location.hash = f; }", fragment)
    expect(page.locator("#board")).to_have_attribute("data-board", game.start.to_string())
    if page.locator("#analysis-paste").get_attribute("open") is None:
        page.locator("#analysis-paste > summary").click()
    expect(page.get_by_role("button", name="Analyse", exact=True)).to_be_enabled()
    page.get_by_label("Moves played from the board on screen").fill(game.write("numbers"))
    page.get_by_label("Written as").select_option("numbers")
    page.get_by_role("button", name="Analyse", exact=True).click()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        timing = page.evaluate("window.__analysisTiming")
        if timing["done"] is not None:
            break
        time.sleep(0.1)
    else:
        raise TimeoutError("the analysis did not end within 300 s")
    data = page.evaluate("({...document.getElementById('analysis-panel').dataset})")
    expected = analyse_game(game)
    assert data["state"] == "analysed" and data["exact"] == "true", data
    assert (int(data["optimalLength"]), int(data["mistakes"])) == (expected.optimal_length, expected.mistakes), data
    return {
        "moves": game.moves, "optimal": expected.optimal_length, "mistakes": expected.mistakes,
        "seconds": round(timing["done"] / 1000, 3), "first_marks": round(timing["marks"] / 1000, 3),
        "memory": worker_memory(page),
    }


def in_browser(args: argparse.Namespace, argv: list[str] | None) -> int:
    """The games analysed in the built site's page in headless Chromium; writes the results."""
    from playwright.sync_api import sync_playwright

    from tests.browsers import launch, served_site

    rows_3: list[dict[str, Any]] = []
    rows_4: list[dict[str, Any]] = []
    with served_site() as url, sync_playwright() as playwright:
        browser = launch(playwright, "chromium")
        for seed in range(1, args.games_3x3 + 1):
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.add_init_script(TIMING)
            game = walk_3x3(seed)
            first = analyse(page, url, game, fresh=True)
            again = analyse(page, url, game, fresh=False)
            rows_3.append({"seed": seed, **first, "kept_seconds": again["seconds"]})
            print(f"3x3 #{seed}: {first['seconds']:.3f} s with its table built (first marks {first['first_marks']:.3f} s), "
                  f"{again['seconds']:.3f} s with it kept", flush=True)
            page.close()
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.add_init_script(TIMING)
        for n, (seed, game) in enumerate(games_4x4(args.games_4x4 + 1)):
            row = {"seed": seed, "first_in_page": n == 0, **analyse(page, url, game, fresh=n == 0, settle=False)}
            rows_4.append(row)
            print(f"4x4 seed {seed}{' (first in the page, clicked at once: its tables loaded meanwhile)' if n == 0 else ''}: "
                  f"{row['moves']} moves, optimal {row['optimal']}, {row['mistakes']} mistakes; {row['seconds']:.2f} s, "
                  f"first marks {row['first_marks']:.3f} s; worker {row['memory'] / 2**20:.0f} MiB", flush=True)
        page.close()
        browser.close()
    warm = [r for r in rows_4 if not r["first_in_page"]]
    cold = rows_4[0]
    memory = max(r["memory"] or 0 for r in rows_3 + rows_4)
    summary = {
        "3x3_median_seconds": statistics.median(r["seconds"] for r in rows_3),
        "3x3_max_seconds": max(r["seconds"] for r in rows_3),
        "3x3_median_kept_seconds": statistics.median(r["kept_seconds"] for r in rows_3),
        "4x4_median_seconds": statistics.median(r["seconds"] for r in warm),
        "4x4_max_seconds": max(r["seconds"] for r in warm),
        "4x4_median_first_marks": statistics.median(r["first_marks"] for r in warm),
        "4x4_max_first_marks": max(r["first_marks"] for r in warm),
        "4x4_first_in_page_seconds": cold["seconds"], "4x4_first_in_page_first_marks": cold["first_marks"],
        "3x3_memory_mib": round(max(r["memory"] or 0 for r in rows_3) / 2**20, 1),
        "memory_mib": round(memory / 2**20, 1),
    }
    aims = {
        "3x3": summary["3x3_max_seconds"] <= AIM_3X3,
        "4x4": summary["4x4_median_seconds"] < AIM_4X4,
        "first_marks": summary["4x4_max_first_marks"] <= AIM_FIRST_MARKS,
    }
    info = machine_info()
    met = {True: "met", False: "missed"}
    lines = [
        "# The analysis of a game in the page (Chromium)", "", machine_header(info), "",
        f"Command: `{command_line('analysis.py', argv, python='.venv/bin/python')}`", "",
        f"- 3x3, 100 random moves from a random board, each in a fresh page (its table of every state's distance "
        f"built for it), from the click on Analyse to the whole table on screen: median {summary['3x3_median_seconds']:.2f} s, "
        f"max {summary['3x3_max_seconds']:.2f} s (aim: within {AIM_3X3:g} s, {met[aims['3x3']]}); with the table kept, "
        f"median {summary['3x3_median_kept_seconds']:.2f} s",
        f"- 4x4, a random board solved by the reduction (about 100 moves), the pattern databases loaded: median "
        f"{summary['4x4_median_seconds']:.2f} s, max {summary['4x4_max_seconds']:.2f} s (aim: a median under "
        f"{AIM_4X4:g} s, {met[aims['4x4']]}); first marks median {summary['4x4_median_first_marks']:.2f} s, max "
        f"{summary['4x4_max_first_marks']:.2f} s (aim: within {AIM_FIRST_MARKS:g} s, {met[aims['first_marks']]})",
        f"- the page's first 4x4 analysis, Analyse clicked as soon as the board was shown (the pattern databases "
        f"downloaded and decoded meanwhile): "
        f"{cold['seconds']:.2f} s, first marks {cold['first_marks']:.2f} s",
        f"- the worker's memory (Pyodide's WebAssembly heap, `data-worker-memory`): {summary['3x3_memory_mib']} MiB "
        f"after a 3x3 analysis, at most {summary['memory_mib']} MiB with the 4x4 pattern databases",
        "",
        "| game | moves | optimal | mistakes | seconds | first marks (s) | worker MiB |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        *(f"| 3x3 #{r['seed']} (table built; kept: {r['kept_seconds']:.2f} s) | {r['moves']} | {r['optimal']} | "
          f"{r['mistakes']} | {r['seconds']:.2f} | {r['first_marks']:.2f} | {(r['memory'] or 0) / 2**20:.0f} |" for r in rows_3),
        *(f"| 4x4 seed {r['seed']}{' (first in the page)' if r['first_in_page'] else ''} | {r['moves']} | {r['optimal']} | "
          f"{r['mistakes']} | {r['seconds']:.2f} | {r['first_marks']:.2f} | {(r['memory'] or 0) / 2**20:.0f} |" for r in rows_4),
    ]
    data = {"machine": info, "args": vars(args), "aims": {"3x3_seconds": AIM_3X3, "4x4_median_seconds": AIM_4X4,
            "first_marks_seconds": AIM_FIRST_MARKS}, "met": aims, "summary": summary, "3x3": rows_3, "4x4": rows_4}
    path = write_results(args.out or "analysis-browser" + (f"-{args.label}" if args.label else ""), lines, data)
    print("\n".join(lines))
    print(f"saved {path}.md and .json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
