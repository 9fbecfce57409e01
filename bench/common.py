"""What every benchmark script shares: where things are, the one way they import the
package, the machine header every results file starts with, and writing the results.

A script imports it first (``import common``: a script's own folder is on ``sys.path``),
then the package (``from npuzzle import ...``), which this makes importable from this
checkout. It uses the standard library only and runs on Python 3.9 too (PyPy runs some
benchmarks), in Pyodide, and in the Python of slidingpuzzle's venv.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
RESULTS = BENCH / "results"
IS_PYODIDE = sys.platform == "emscripten"

if str(ROOT) not in sys.path:  # the package of this checkout, not an installed one
    sys.path.insert(0, str(ROOT))


def utc_now() -> str:
    """The date and time for results files, like ``2026-11-22 07:01 UTC``."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())


def machine_info(host: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Where and when a run happens, for the JSON results. In Pyodide, ``host`` is what the
    Node script that started it saw (the real machine, the load average at its start)."""
    if IS_PYODIDE:
        host = host or {}
        machine = f"{host.get('machine', '?')} (host of Node; Python sees {platform.platform()})"
        load = f"{host.get('loadavg_start', 'n/a')} at the start"
        cpus = None
    else:
        cpus = os.cpu_count()
        machine = f"{platform.platform()} ({cpus} CPUs)"
        load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    return {
        "machine": machine, "cpus": cpus, "implementation": platform.python_implementation(),
        "python": platform.python_version(), "date": utc_now(), "loadavg": load,
    }


def machine_header(info: Mapping[str, Any] | None = None) -> str:
    """The line every results file starts with, e.g. ``- machine: Linux-... (2 CPUs),
    CPython 3.11.7, 2026-11-22 07:01 UTC; load average 1.00 1.18 1.79`` (``info``: a
    ``machine_info()``, or a results file's copy of one; now, here, by default)."""
    info = info or machine_info()
    python = f"{info.get('implementation', 'Python')} {info.get('python', '?')}"
    return (f"- machine: {info.get('machine', '?')}, {python}, {info.get('date', '?')}; "
            f"load average {info.get('loadavg', info.get('loadavg_end', 'n/a'))}")


def public_path(arg: str) -> str:
    """``arg``, or when it is a path outside this checkout (or ends with ``=`` and one), its last
    two parts after ``SITES/`` (``/tmp/before/npuzzle`` -> ``SITES/before/npuzzle``): results and
    the docs that quote them name no folder of the machine a benchmark ran on."""
    key, equals, value = arg.rpartition("=")
    if equals and os.path.isabs(value):  # --site=/tmp/x/npuzzle, before=/tmp/x/npuzzle
        return key + equals + public_path(value)
    if not os.path.isabs(arg):
        return arg
    path = Path(arg)
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return "SITES/" + "/".join(path.parts[-2:])


def command_line(script: str, argv: Sequence[str] | None = None, python: str | None = None) -> str:
    """How the run was started, for the results: ``python bench/korf100.py --ids 1-5`` (a path
    given as an argument written as ``public_path`` writes it)."""
    if python is None:
        python = "pypy3" if platform.python_implementation() == "PyPy" else "python"
    args = [public_path(arg) for arg in (sys.argv[1:] if argv is None else argv)]
    return " ".join([python, f"bench/{script}", *args])


def write_results(stem: str | Path, markdown: Sequence[str], data: object = None, json_text: str | None = None) -> Path:
    """Write ``STEM.md`` (the lines given) and, when there is data, ``STEM.json``
    (``json.dumps(data, indent=1)`` unless ``json_text`` is given); a bare name is a
    file in bench/results/. Returns the stem."""
    path = Path(stem) if isinstance(stem, Path) or os.sep in str(stem) else RESULTS / str(stem)
    path.parent.mkdir(parents=True, exist_ok=True)
    Path(f"{path}.md").write_text("\n".join(markdown) + "\n")
    if json_text is not None or data is not None:
        Path(f"{path}.json").write_text(json_text if json_text is not None else json.dumps(data, indent=1) + "\n")
    return path


def drain(steps: Any) -> Any:
    """Run a search's steps (a generator) to their end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def length_at(result: Any, seconds: float) -> Any:
    """The best length an anytime search (a ``SearchResult``) had found ``seconds`` into it,
    from its history (None: none yet)."""
    lengths = [step.length for step in result.history if step.length is not None and step.seconds <= seconds]
    return min(lengths) if lengths else None


def rerun_in_pyodide(script: str, argv: Sequence[str] | None = None) -> int:
    """Run the bench ``script`` (its ``__file__``) again inside Pyodide under Node with the
    same flags but ``--runtime`` (``node bench/pyodide_search.mjs --script=...``), and
    return its exit code."""
    given = list(sys.argv[1:] if argv is None else argv)
    cleaned: list[str] = []
    skip = False
    for arg in given:
        if skip:
            skip = False
        elif arg == "--runtime":
            skip = True
        elif not arg.startswith("--runtime="):
            cleaned.append(arg)
    relative = os.path.relpath(script, ROOT)
    cmd = ["node", str(BENCH / "pyodide_search.mjs"), f"--script={relative}", *cleaned]
    print("running:", " ".join(cmd), flush=True)
    env = dict(os.environ)
    env["NPUZZLE_BENCH_COMMAND"] = " ".join(["python", relative, *map(public_path, given)])
    return subprocess.call(cmd, cwd=str(ROOT), env=env)


# -- the browser runtime -------------------------------------------------------------------
# A benchmark's ``--runtime browser``: the built site served and opened in headless Chromium
# by the one harness (tests/browsers.py, imported when a browser run starts: Pyodide and
# slidingpuzzle's venv have no Playwright), with the site's own ``SolverClient`` started in
# the page; each request goes to its worker exactly as the page sends it.

POST = """
async (request) => {
  const { client } = window.__bench;
  const posted = performance.now();
  let last = posted;
  let maxGap = 0;
  let progress = 0;
  const solutions = [];
  const { answer } = client.request(request, (report, solution) => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    progress += 1;
    if (solution) solutions.push({ ms: now - posted, length: solution.length, lower_bound: solution.lower_bound });
  });
  const reply = await answer;
  const done = performance.now();
  maxGap = Math.max(maxGap, done - last);
  return { wall_ms: done - posted, max_gap_ms: maxGap, progress, solutions, answer: reply };
}
"""
"""Post one request from the page and time it there (``performance.now()``): ``wall_ms`` from
posting to the answer, the longest silence between two messages from the worker, the progress
messages, and each better solution as it arrived (``ms``, ``length``, ``lower_bound``)."""


@dataclass
class WorkerPage:
    """The page a browser run sends its requests from (``worker_page``)."""

    page: Any
    started: dict[str, Any]
    """``START_CLIENT``'s answer: ``ready_ms``, ``info``, ``pyodide``, ``user_agent``."""
    version: str
    """The browser's version."""
    problems: list[str] = field(default_factory=list)
    """What the page logged as an error, or a request that failed."""

    def post(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """One web API request to the worker, timed in the page (``POST``)."""
        out: dict[str, Any] = self.page.evaluate(POST, dict(request))
        return out

    def main_thread(self, since: float = 0) -> dict[str, Any]:
        """The page's main thread since ``since`` (ms): long tasks and a heartbeat's lateness
        (tests/browsers.py's ``MAIN_THREAD``; ``now`` is the page's clock)."""
        from tests.browsers import MAIN_THREAD

        out: dict[str, Any] = self.page.evaluate(MAIN_THREAD, since)
        return out


@contextlib.contextmanager
def worker_page() -> Iterator[WorkerPage]:
    """The built site served (a fresh build, or the one ``NPUZZLE_SITE`` names) and its
    index.html open in headless Chromium, its main thread watched, a ``SolverClient`` of the
    benchmark's own ready in the page."""
    from playwright.sync_api import sync_playwright

    from tests.browsers import START_CLIENT, WATCH_MAIN_THREAD, launch, served_site, watch

    with served_site() as site, sync_playwright() as playwright:
        browser = launch(playwright, "chromium")
        page = browser.new_page()
        problems: list[str] = []
        watch(page, site, problems)
        page.add_init_script(WATCH_MAIN_THREAD)
        page.goto(site + "index.html")
        started = page.evaluate(START_CLIENT, site)
        print(f"worker ready in {started['ready_ms'] / 1000:.1f} s (Chromium {browser.version}, "
              f"Pyodide {started['pyodide']}, npuzzle {started['info']['version']})", flush=True)
        try:
            yield WorkerPage(page, started, browser.version, problems)
        finally:
            browser.close()


def page_jobs(title: str, aim: str, script: str, stem: str, warm_up: Mapping[str, Any],
              jobs: Sequence[tuple[Any, Mapping[str, Any]]], row_of: Any, time_limit: float) -> int:
    """A speed-solver job of the web API timed in the site's worker, one request per board
    after a warm-up request that makes the worker fetch or build its tables (so no board pays
    for them): ``jobs`` are (board, request); ``row_of(board, answer)`` checks an answer
    (SystemExit when it is wrong) and gives its row, to which the wall time in the page is
    added. Writes ``STEM.md/.json`` with the median wall time beside ``aim``; the exit status."""
    rows = []
    with worker_page() as worker:
        warm = worker.post(warm_up)
        if not warm["answer"].get("ok"):
            raise SystemExit(f"the warm-up was refused: {warm['answer'].get('error')}")
        warm_seconds = warm["wall_ms"] / 1000
        print(f"warm-up {warm_seconds:.2f} s", flush=True)
        for number, (board, request) in enumerate(jobs, 1):
            out = worker.post(request)
            if not out["answer"].get("ok"):
                raise SystemExit(f"{board.to_string()}: refused: {out['answer'].get('error')}")
            row = {**row_of(board, out["answer"]), "wall_seconds": round(out["wall_ms"] / 1000, 3)}
            rows.append(row)
            print(f"{number:2}. {row}", flush=True)
        version, problems = worker.version, worker.problems
    walls = [row["wall_seconds"] for row in rows]
    lines = [
        f"# {title} in the page's worker (Chromium {version}, Pyodide)",
        "", machine_header(), f"- command: `{command_line(script, python='.venv/bin/python')}`",
        f"- warm-up (the tables fetched or built, before the first board): {warm_seconds:.2f} s; time limit "
        f"{time_limit:g} s per board",
        f"- boards: {len(rows)} random 4x4 (seeds speed-0, ...); **median wall time {statistics.median(walls):.2f} s** "
        f"(aim: {aim}, median of 20); max {max(walls):.2f} s",
        f"- page problems (console errors, failed requests): {problems or 'none'}", "",
        "| board | " + " | ".join(k for k in rows[0] if k != "board") + " |",
        "| --- | " + " | ".join("---:" for k in rows[0] if k != "board") + " |",
        *("| " + " | ".join(str(v) for v in r.values()) + " |" for r in rows),
    ]
    print("\n".join(lines[4:6]))
    write_results(stem, lines, {"rows": rows, "median_wall_seconds": statistics.median(walls), "problems": problems,
                                "warm_up_seconds": round(warm_seconds, 3), "time_limit": time_limit})
    return 1 if problems else 0
