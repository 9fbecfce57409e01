#!/usr/bin/env python3
"""Our optimal solver against the PyPI package slidingpuzzle on Korf's 15-puzzles.

    python bench/vs_slidingpuzzle.py                       # the 10 easiest by published length
    python bench/vs_slidingpuzzle.py --ids 55,16,42 --time-limit 30
    python bench/vs_slidingpuzzle.py --ids 55 --heuristic linear-conflict --label lc
    python bench/vs_slidingpuzzle.py --their-algorithm 'ida*' --label their-idastar

Both sides get the same boards: each instance of ``npuzzle/data/korf100.txt``
(published for the blank-first goal) converted to the blank-last goal
(180-degree rotation and relabelling v -> 16 - v, which keeps every optimal
length), because slidingpuzzle only solves towards its fixed goal
``1 2 ... 15 blank``. Ours is ``solve(board, goal, "idastar", --heuristic)`` in
this interpreter, tables loaded before timing. Theirs is
``slidingpuzzle.search(board, --their-algorithm, heuristic=--their-heuristic)``,
by default A* with ``linear_conflict_distance`` (Manhattan + linear conflicts
+ corner tiles + last moves), its strongest admissible heuristic (it has no
pattern database). That is its fastest search that returns optimal lengths:
its IDA* keeps a visited set per iteration, which cuts optimal paths (43 moves
instead of 41 on instance 55), and without that set (``ida*-tree``) it has no
parent pruning and is far slower. slidingpuzzle is never a dependency of
npuzzle: it lives in its own venv (``bench/.venv-slidingpuzzle``, created on
first use) and each instance runs in a fresh process of that venv's Python,
which never imports npuzzle (this file, run with ``--worker``). Both sides stop
after ``--time-limit`` seconds of search per instance; a stop is reported as
such, never as a solve. Every solution is replayed on our Board and must reach
the goal; each length is checked against the published optimum.

Results: bench/results/vs-slidingpuzzle[-label].md and .json.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import platform
import resource
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from common import BENCH, command_line, machine_header, machine_info, write_results

# npuzzle is imported inside the functions that use it: the --worker never imports it.
VENV = BENCH / ".venv-slidingpuzzle"
THEIR_VERSION = "0.1.5"
THEIR_SOLVERS: dict[str, tuple[str, dict[str, object], str]] = {
    "a*": ("a*", {}, "A* with a closed list and no reopening; the heuristic is not consistent, so "
           "optimality is not guaranteed and every length is checked"),
    "ida*": ("ida*", {}, "its IDA* as shipped (a visited set per iteration): prunes optimal paths, "
             "returns longer solutions"),
    "ida*-tree": ("ida*", {"detect_dupes": False}, "its IDA* without the visited set: optimal, "
                  "but without parent pruning"),
}
"""Their searches that are meant to be optimal (bfs and iddfs cannot reach 40+ moves on 4x4):
``--their-algorithm`` name -> (``search`` algorithm, keyword arguments, what it is)."""
THEIR_HEURISTICS = ("linear_conflict_distance", "manhattan_distance")
"""Their admissible heuristics worth trying on 4x4, strongest first."""
BLANK_LAST_GOAL = [*range(1, 16), 0]
GRACE = 60.0
"""Seconds a worker may overrun its own time limit (start-up, imports) before it is killed."""
EASIEST = 10


# ---------------------------------------------------------------- slidingpuzzle side


class _TimeLimit(BaseException):
    """Raised inside their search when the interval timer fires."""


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise _TimeLimit


def worker() -> int:
    """Solve one instance with slidingpuzzle: a JSON request on stdin, a JSON answer on stdout.

    Runs in the benchmark venv's Python and never imports npuzzle.
    """
    request = json.loads(sys.stdin.read())
    started = time.perf_counter()
    sp = importlib.import_module("slidingpuzzle")
    numpy = importlib.import_module("numpy")
    import_seconds = time.perf_counter() - started
    heuristic = getattr(sp, request["heuristic"])
    heuristic(sp.new_board(4, 4))  # builds its Manhattan table before timing
    board = sp.from_iter(4, 4, request["tiles"])
    answer: dict[str, object] = {
        "version": sp.__version__, "numpy": numpy.__version__, "python": platform.python_version(),
        "goal": [int(t) for t in sp.flatten_board(sp.new_board(4, 4))],
        "import_seconds": round(import_seconds, 3),
    }
    signal.signal(signal.SIGALRM, _on_alarm)
    cpu = time.process_time()
    began = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, float(request["time_limit"]))
    try:
        result = sp.search(board, request["algorithm"], heuristic=heuristic, **request["options"])
        signal.setitimer(signal.ITIMER_REAL, 0)
    except _TimeLimit:
        result = None
    answer["seconds"] = time.perf_counter() - began
    answer["cpu_seconds"] = time.process_time() - cpu
    answer["peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if result is None:
        answer["stopped"] = "time-limit"
    else:
        answer.update(expanded=result.expanded, generated=result.generated)
        if result.solution is None:
            answer["stopped"] = "no-solution"
        else:
            answer["solution"] = [int(t) for t in sp.solution_as_tiles(board, result.solution)]
    print(json.dumps(answer))
    return 0


def venv_python(venv: Path) -> Path:
    """The venv's interpreter (POSIX layout)."""
    return venv / "bin" / "python"


def ensure_venv(venv: Path) -> None:
    """Create ``venv`` and install slidingpuzzle there, unless it already has that version."""
    python = venv_python(venv)
    if not python.exists():
        print(f"creating {venv}", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = subprocess.run(
        [str(python), "-c", "import slidingpuzzle; print(slidingpuzzle.__version__)"],
        capture_output=True, text=True,
    )
    if probe.returncode != 0 or probe.stdout.strip() != THEIR_VERSION:
        print(f"installing slidingpuzzle=={THEIR_VERSION} into {venv}", flush=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", f"slidingpuzzle=={THEIR_VERSION}"], check=True,
        )


# ---------------------------------------------------------------- both sides' outcomes


@dataclass
class Outcome:
    """One side on one instance."""

    seconds: float
    """Wall clock around the search call alone (for a stop: how long it ran)."""
    solution: list[int] | None = None
    """The tiles moved, start to goal."""
    stopped: str | None = None
    """Why there is no solution: time-limit, node-limit, no-solution, killed, error."""
    expanded: int | None = None
    generated: int | None = None
    cpu_seconds: float | None = None
    optimal: bool = False
    """Whether the length equals the published optimum."""
    replayed: bool | None = None
    """Whether the solution, replayed on our Board, reaches the goal."""
    error: str | None = None
    details: dict[str, object] = field(default_factory=dict)

    @property
    def length(self) -> int | None:
        """Number of moves, or None without a solution."""
        return None if self.solution is None else len(self.solution)

    def judge(self, tiles: list[int], optimal: int) -> Outcome:
        """Check the length against the published optimum and replay the solution from ``tiles``."""
        from npuzzle import Board
        from npuzzle.board import BoardError

        if self.solution is not None:
            self.optimal = len(self.solution) == optimal
            try:
                self.replayed = Board(4, 4, tuple(tiles)).play(self.solution) == Board.goal(4, 4)
            except BoardError:
                self.replayed = False
        return self

    def describe(self) -> str:
        """The outcome in a few words."""
        if self.solution is None:
            why = f"{self.stopped or 'no solution'} after {self.seconds:.3g} s"
            return why + (f" ({self.error})" if self.error else "")
        return f"{self.length}{'' if self.optimal else ' NOT OPTIMAL'} in {self.seconds:.3g} s"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (the length instead of the path)."""
        out = {k: v for k, v in dataclasses.asdict(self).items() if k not in ("solution", "details")}
        out["seconds"] = round(self.seconds, 4)
        if self.cpu_seconds is not None:
            out["cpu_seconds"] = round(self.cpu_seconds, 4)
        return {"length": self.length, **out, **self.details}


def solve_theirs(venv: Path, tiles: list[int], solver: str, heuristic: str, time_limit: float) -> Outcome:
    """One instance in a fresh worker process; a kill or a crash is reported, never a solve."""
    algorithm, options, _ = THEIR_SOLVERS[solver]
    request = {"tiles": tiles, "algorithm": algorithm, "options": options, "heuristic": heuristic,
               "time_limit": time_limit}
    started = time.perf_counter()
    try:
        proc = subprocess.run(
            [str(venv_python(venv)), str(Path(__file__).resolve()), "--worker"],
            input=json.dumps(request), capture_output=True, text=True, timeout=time_limit + GRACE,
        )
    except subprocess.TimeoutExpired:
        return Outcome(time.perf_counter() - started, stopped="killed",
                       error=f"no answer within {time_limit + GRACE:g} s")
    if proc.returncode != 0 or not proc.stdout.strip():
        lines = proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"]
        return Outcome(time.perf_counter() - started, stopped="error", error=lines[-1])
    answer: dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    details = {key: answer[key] for key in ("version", "numpy", "python", "goal", "import_seconds", "peak_mb")}
    details["process_seconds"] = round(time.perf_counter() - started, 3)
    return Outcome(
        answer["seconds"], answer.get("solution"), answer.get("stopped"), answer.get("expanded"),
        answer.get("generated"), answer["cpu_seconds"], details=details,
    )


def warm_up_ours(heuristic: str) -> float:
    """Load or build our tables once before timing (a solve of the goal itself); the seconds it took."""
    from npuzzle import Board, solve

    goal = Board.goal(4, 4)
    started = time.perf_counter()
    solve(goal, goal, "idastar", heuristic)
    return time.perf_counter() - started


def solve_ours(tiles: list[int], heuristic: str, max_nodes: int, time_limit: float) -> Outcome:
    """One instance with our IDA* in this interpreter."""
    from npuzzle import Board, Limits, solve

    board = Board(4, 4, tuple(tiles))
    cpu = time.process_time()
    started = time.perf_counter()
    result = solve(board, Board.goal(4, 4), "idastar", heuristic, limits=Limits(max_nodes, time_limit))
    wall = time.perf_counter() - started
    return Outcome(
        wall, list(result.tiles) if result.solved else None,
        None if result.stop.finished else result.stop.value, result.expanded, result.generated,
        time.process_time() - cpu, details={"proved_optimal": result.optimal},
    )


# ---------------------------------------------------------------- the comparison


@dataclass
class Row:
    """One instance, both sides."""

    ident: int
    optimal: int
    tiles: list[int]
    """The board both sides solve (blank-last goal)."""
    ours: Outcome
    theirs: Outcome

    @property
    def both_solved(self) -> bool:
        """Whether each side found a solution within the limit."""
        return self.ours.solution is not None and self.theirs.solution is not None

    @property
    def ratio(self) -> float | None:
        """Their seconds over ours, when both solved."""
        return self.theirs.seconds / max(self.ours.seconds, 1e-4) if self.both_solved else None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        ratio = self.ratio
        return {"id": self.ident, "optimal": self.optimal, "tiles": " ".join(map(str, self.tiles)),
                "ours": self.ours.to_dict(),
                "theirs": self.theirs.to_dict(), "ratio": None if ratio is None else round(ratio, 1)}


def parse_ids(text: str | None, lengths: dict[int, int]) -> list[int]:
    """``1-10,55`` style ids; without any, the 10 easiest by published length (ties by id)."""
    if not text:
        return sorted(lengths, key=lambda ident: (lengths[ident], ident))[:EASIEST]
    from korf100 import parse_ids as parse_id_ranges  # here: the --worker never imports npuzzle

    ids = parse_id_ranges(text)
    unknown = [ident for ident in ids if ident not in lengths]
    if unknown:
        raise SystemExit(f"unknown instance ids {unknown}: Korf's instances are 1 to 100")
    return ids


def run(ids: list[int], args: argparse.Namespace) -> list[Row]:
    """Each instance: ours, then theirs (interleaved, so both meet similar machine load)."""
    from korf100 import instances  # here: the --worker never imports npuzzle

    rows = []
    for ident, optimal, tiles in instances(ids, "blank-last"):
        ours = solve_ours(tiles, args.heuristic, args.max_nodes, args.time_limit).judge(tiles, optimal)
        theirs = solve_theirs(args.venv, tiles, args.their_algorithm, args.their_heuristic, args.time_limit)
        if theirs.details.get("goal", BLANK_LAST_GOAL) != BLANK_LAST_GOAL:
            raise SystemExit(f"slidingpuzzle's goal is {theirs.details['goal']}, not {BLANK_LAST_GOAL}: "
                             "the instances would need another conversion")
        row = Row(ident, optimal, tiles, ours, theirs.judge(tiles, optimal))
        rows.append(row)
        ratio = f" | theirs/ours {row.ratio:,.0f}x" if row.ratio is not None else ""
        print(f"#{ident:3} optimal {optimal} | ours {ours.describe()} | theirs {theirs.describe()}{ratio}",
              flush=True)
    return rows


def ratio_text(theirs: float, ours: float) -> str:
    """How many times longer theirs took."""
    return f"{theirs / max(ours, 1e-4):,.0f}x"


def summary(rows: list[Row], time_limit: float) -> list[str]:
    """Solved counts, medians and the ratio of their time to ours."""
    n = len(rows)
    ours_solved = sum(r.ours.solution is not None for r in rows)
    theirs_solved = sum(r.theirs.solution is not None for r in rows)
    lines = [
        f"- solved within {time_limit:g} s: ours {ours_solved}/{n} (published optimum: "
        f"{sum(r.ours.optimal for r in rows)}), slidingpuzzle {theirs_solved}/{n} (published optimum: "
        f"{sum(r.theirs.optimal for r in rows)})",
    ]
    if rows:
        ours_median = statistics.median(r.ours.seconds for r in rows)
        theirs_median = statistics.median(r.theirs.seconds for r in rows)
        bound = "at least " if theirs_solved < n and ours_solved == n else ""
        lines.append(
            f"- median seconds over all {n} (a stop counts as the time it ran): ours {ours_median:.3f}, "
            f"slidingpuzzle {bound}{theirs_median:.3f}; their median / ours: {bound}"
            f"{ratio_text(theirs_median, ours_median)}"
            + ("" if ours_solved == n else " (ours stopped too, so this is no bound)")
        )
    both = [r for r in rows if r.both_solved]
    if both:
        ours_both = [r.ours.seconds for r in both]
        theirs_both = [r.theirs.seconds for r in both]
        lines += [
            f"- on the {len(both)} instance{'s' if len(both) > 1 else ''} both solved: median seconds ours {statistics.median(ours_both):.3f}, "
            f"slidingpuzzle {statistics.median(theirs_both):.3f}, ratio of medians "
            f"{ratio_text(statistics.median(theirs_both), statistics.median(ours_both))}; total seconds ours "
            f"{sum(ours_both):.2f}, slidingpuzzle {sum(theirs_both):.2f}, ratio of totals "
            f"{ratio_text(sum(theirs_both), sum(ours_both))}",
        ]
    else:
        lines.append("- no instance was solved by both within the limit, so there is no ratio on common solves")
    bad = [r.ident for r in rows if False in (r.ours.replayed, r.theirs.replayed)]
    if bad:
        lines.append(f"- **solutions that do not reach the goal: {bad}**")
    return lines


def cell(value: int | None) -> str:
    """A count with thousands separators, or '-' when absent."""
    return "-" if value is None else f"{value:,}"


def verdict(outcome: Outcome) -> str:
    """Whether a solution has the published optimal length; '-' without one."""
    if outcome.solution is None:
        return "-"
    return "yes" if outcome.optimal else "**no**"


def table(rows: list[Row]) -> list[str]:
    """The per-instance markdown table."""
    lines = [
        "| id | optimal | ours: length | expanded | seconds | optimal? | slidingpuzzle: length | expanded | "
        "generated | seconds | optimal? | theirs / ours |",
        "| ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: |",
    ]
    for r in rows:
        o, t = r.ours, r.theirs
        lines.append(
            f"| {r.ident} | {r.optimal} | {o.length if o.solution is not None else o.stopped} | "
            f"{cell(o.expanded)} | {o.seconds:.3f} | {verdict(o)} | "
            f"{t.length if t.solution is not None else t.stopped} | {cell(t.expanded)} | {cell(t.generated)} | "
            f"{t.seconds:.3f} | {verdict(t)} | "
            f"{'-' if r.ratio is None else ratio_text(t.seconds, o.seconds)} |"
        )
    return lines


def main() -> int:
    if sys.argv[1:] == ["--worker"]:
        return worker()
    from npuzzle import HEURISTICS
    from npuzzle.known import korf100

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--ids", help=f"e.g. 55,16 or 1-10 (default: the {EASIEST} easiest by published length)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds of search per instance and side")
    parser.add_argument("--max-nodes", type=int, default=10**10, help="our node limit (theirs has none)")
    parser.add_argument("--heuristic", choices=list(HEURISTICS), default="pdb", help="ours, with idastar")
    parser.add_argument("--their-algorithm", choices=list(THEIR_SOLVERS), default="a*",
                        help="a*: their fastest search that returns optimal lengths (default)")
    parser.add_argument("--their-heuristic", choices=THEIR_HEURISTICS, default="linear_conflict_distance")
    parser.add_argument("--venv", type=Path, default=VENV, help="slidingpuzzle's venv (created if missing)")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args()
    ids = parse_ids(args.ids, {ident: length for ident, length, _ in korf100()})

    ensure_venv(args.venv)
    try:
        warm = warm_up_ours(args.heuristic)
    except FileNotFoundError as exc:
        raise SystemExit(f"{exc}: generate it, or compare with --heuristic linear-conflict") from None
    print(f"ours: idastar + {args.heuristic} (tables ready in {warm:.2f} s, not timed); slidingpuzzle "
          f"{THEIR_VERSION}: {args.their_algorithm} + {args.their_heuristic} "
          f"({THEIR_SOLVERS[args.their_algorithm][2]}); {args.time_limit:g} s per instance", flush=True)
    started = time.perf_counter()
    rows = run(ids, args)
    total = time.perf_counter() - started

    theirs = next((r.theirs.details for r in rows if "python" in r.theirs.details), {})
    algorithm, options, note = THEIR_SOLVERS[args.their_algorithm]
    their_call = (f"search(board, \"{algorithm}\", heuristic={args.their_heuristic}"
                  + "".join(f", {key}={value}" for key, value in options.items()) + ")")
    machine = machine_info()
    meta: dict[str, object] = {
        "command": command_line("vs_slidingpuzzle.py"),
        **machine,
        "their_python": theirs.get("python"),
        "their_numpy": theirs.get("numpy"),
        "slidingpuzzle": theirs.get("version", THEIR_VERSION),
        "ours": {"algorithm": "idastar", "heuristic": args.heuristic, "warm_up_seconds": round(warm, 3),
                 "max_nodes": args.max_nodes},
        "theirs": {"algorithm": args.their_algorithm, "call": their_call, "heuristic": args.their_heuristic,
                   "note": THEIR_SOLVERS[args.their_algorithm][2]},
        "time_limit": args.time_limit,
        "goal": "blank-last (1 2 ... 15 blank) on both sides; instances converted from Korf's blank-first",
        "total_seconds": round(total, 1),
    }
    lines = summary(rows, args.time_limit)
    header = [
        f"# npuzzle vs slidingpuzzle {meta['slidingpuzzle']} on Korf's 15-puzzle instances",
        "",
        machine_header(machine),
        f"- command: `{meta['command']}`",
        f"- the whole run took {total:.0f} s",
        f"- Python: ours {machine['implementation']} {machine['python']}; slidingpuzzle's {meta['their_python']} with numpy "
        f"{meta['their_numpy']}, in its own venv, a fresh process per instance",
        f"- ours: `solve(board, goal, \"idastar\", \"{args.heuristic}\")` in the benchmark's process, tables "
        f"loaded before timing ({warm:.2f} s, not counted); node limit {args.max_nodes:,}",
        f"- slidingpuzzle: `{their_call}`: {note}. `linear_conflict_distance` (Manhattan + linear conflicts + "
        "corner tiles + last moves) is its strongest admissible heuristic (it is not consistent); it has no "
        "pattern database; numpy boards, pure-Python heuristics",
        "- the same boards on both sides: each published instance (blank-first goal) rotated 180 degrees and "
        "relabelled v -> 16 - v for the blank-last goal, the only goal slidingpuzzle solves towards",
        f"- limit: {args.time_limit:g} s of search per instance and side; a stop is reported as such, never as a "
        "solve. Seconds are wall clock around the search call only (their process start and imports are "
        "excluded). Every solution is replayed on our Board, and its length checked against the published optimum",
        "- node counts are each library's own: their `expanded` counts every state taken from the open list or "
        "stack (including duplicates and states over the bound), ours counts the states whose children were "
        "generated",
        "",
        "## Summary",
        "",
        *lines,
        "",
        "## Per instance",
        "",
    ]
    name = "vs-slidingpuzzle" + (f"-{args.label}" if args.label else "")
    document = {**meta, "summary": lines, "runs": [r.to_dict() for r in rows]}
    write_results(name, header + table(rows), document)
    print("\n".join(lines))
    print(f"results: bench/results/{name}.md and .json")
    ours_wrong = any(r.ours.solution is not None and not r.ours.optimal for r in rows)
    not_replayed = any(False in (r.ours.replayed, r.theirs.replayed) for r in rows)
    return 1 if ours_wrong or not_replayed else 0


if __name__ == "__main__":
    sys.exit(main())
