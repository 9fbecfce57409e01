#!/usr/bin/env python3
"""Our solver against the PyPI package slidingpuzzle on Korf's 15-puzzles and 24-puzzles.

    python bench/vs_slidingpuzzle.py                       # the 10 easiest by published length
    python bench/vs_slidingpuzzle.py --ids 55,16,42 --time-limit 30
    python bench/vs_slidingpuzzle.py --ids 55 --heuristic linear-conflict --label lc
    python bench/vs_slidingpuzzle.py --their-algorithm 'ida*' --label their-idastar
    python bench/vs_slidingpuzzle.py --set korf24          # all 50 24-puzzles, 10 s per instance and side
    python bench/vs_slidingpuzzle.py --set korf24 --ids 1-10 --time-limit 60 --their-weight 1.5 --label w1.5

``--set korf100`` (the default) compares optimal searches on 4x4. Both
sides get the same boards: each instance of ``npuzzle/data/korf100.txt``
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

``--set korf24`` compares, on Korf & Felner's 50 24-puzzles (``npuzzle.known.korf24_50``,
converted to blank-last in the same way, v -> 25 - v), our default solver (anytime:
``solve(board, goal, limits=Limits(max_nodes, time_limit))``, its history giving the
first solution, the best length at 1 s and at the end, and its lower bound) with
slidingpuzzle's weighted A* (``search(board, "a*", heuristic=--their-heuristic,
weight=--their-weight)``, w = 2 by default), each with ``--time-limit`` seconds (10 by
default); every length is reported as a ratio to the published optimum. Results:
bench/results/vs-slidingpuzzle-korf24[-label].md and .json. Their worker runs under a
memory cap (``--their-memory-mb``, address space, on both sets) and stops as
``memory-limit`` when it reaches it.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
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

from common import BENCH, command_line, length_at, machine_header, machine_info, write_results

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
SETS = ("korf100", "korf24")
"""``--set``: Korf's 100 15-puzzles, optimal searches on both sides (the default); Korf &
Felner's 50 24-puzzles, our anytime default against their weighted A*."""
DEFAULT_TIME_LIMIT = {"korf100": 60.0, "korf24": 10.0}
DEFAULT_MAX_NODES = {"korf100": 10**10, "korf24": 10**12}
THEIR_WEIGHT = 2.0
"""korf24: their weighted A*'s default w (``search(board, "a*", weight=w)``: f = g + w h)."""
THEIR_MEMORY_MB = 4096
"""The address space a worker may use (its imports included) before its search stops with a MemoryError."""
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
    side = int(request.get("side", 4))
    their_heuristic = getattr(sp, request["heuristic"])
    their_heuristic(sp.new_board(side, side))  # builds its Manhattan table before timing
    evaluated = [0]

    def heuristic(board: Any) -> Any:
        """Theirs, counting its calls: how many states the search reached, even when it is stopped."""
        evaluated[0] += 1
        return their_heuristic(board)

    board = sp.from_iter(side, side, request["tiles"])
    answer: dict[str, object] = {
        "version": sp.__version__, "numpy": numpy.__version__, "python": platform.python_version(),
        "goal": [int(t) for t in sp.flatten_board(sp.new_board(side, side))],
        "import_seconds": round(import_seconds, 3),
    }
    # The memory cap: the process's address space (imports included), so that a search
    # that would fill the machine's memory stops with a MemoryError instead.
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    memory_mb = request.get("memory_mb")
    if memory_mb:
        resource.setrlimit(resource.RLIMIT_AS, (int(memory_mb) * 2**20, hard))
    signal.signal(signal.SIGALRM, _on_alarm)
    stopped = None
    cpu = time.process_time()
    began = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, float(request["time_limit"]))
    try:
        try:
            result = sp.search(board, request["algorithm"], heuristic=heuristic, **request["options"])
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _TimeLimit:
        result, stopped = None, "time-limit"
    except MemoryError:
        result, stopped = None, "memory-limit"
    answer["seconds"] = time.perf_counter() - began
    answer["cpu_seconds"] = time.process_time() - cpu
    answer["evaluated"] = evaluated[0]
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    answer["peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if result is None:
        answer["stopped"] = stopped
    else:
        answer.update(expanded=result.expanded, generated=result.generated)
        if result.solution is None:
            answer["stopped"] = "no-solution"
        else:
            answer["solution"] = [int(t) for t in sp.solution_as_tiles(board, result.solution)]
    print(json.dumps(answer))
    return 0


def blank_last_goal(side: int) -> list[int]:
    """The goal slidingpuzzle solves towards: ``1 2 ... n blank``."""
    return [*range(1, side * side), 0]


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
    """Why the search stopped without answering: time-limit, node-limit, memory-limit, no-solution,
    killed, error (an anytime search stopped by a limit still has its best solution)."""
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

        side = math.isqrt(len(tiles))
        if self.solution is not None:
            self.optimal = len(self.solution) == optimal
            try:
                self.replayed = Board(side, side, tuple(tiles)).play(self.solution) == Board.goal(side, side)
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


def solve_theirs(
    venv: Path, tiles: list[int], solver: str, heuristic: str, time_limit: float,
    weight: float | None = None, memory_mb: int | None = None,
) -> Outcome:
    """One instance in a fresh worker process; a kill or a crash is reported, never a solve.
    ``weight``: ``search(..., weight=w)`` (weighted A*); ``memory_mb``: the worker's memory cap."""
    algorithm, options, _ = THEIR_SOLVERS[solver]
    if weight is not None:
        options = {**options, "weight": weight}
    request = {"tiles": tiles, "side": math.isqrt(len(tiles)), "algorithm": algorithm, "options": options,
               "heuristic": heuristic, "time_limit": time_limit, "memory_mb": memory_mb}
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
    details = {key: answer[key] for key in ("version", "numpy", "python", "goal", "import_seconds", "peak_mb",
                                            "evaluated")}
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


def parse_ids(text: str | None, lengths: dict[int, int], easiest: int | None = EASIEST) -> list[int]:
    """``1-10,55`` style ids; without any, the ``easiest`` by published length (ties by id),
    or every instance when ``easiest`` is None."""
    if not text:
        ordered = sorted(lengths, key=lambda ident: (lengths[ident], ident))
        return ordered[:easiest] if easiest is not None else sorted(lengths)
    from korf100 import parse_ids as parse_id_ranges  # here: the --worker never imports npuzzle

    ids = parse_id_ranges(text)
    unknown = [ident for ident in ids if ident not in lengths]
    if unknown:
        raise SystemExit(f"unknown instance ids {unknown}: the set's instances are 1 to {max(lengths)}")
    return ids


def run(ids: list[int], args: argparse.Namespace) -> list[Row]:
    """Each instance: ours, then theirs (interleaved, so both meet similar machine load)."""
    from korf100 import instances  # here: the --worker never imports npuzzle

    rows = []
    for ident, optimal, tiles in instances(ids, "blank-last"):
        ours = solve_ours(tiles, args.heuristic, args.max_nodes, args.time_limit).judge(tiles, optimal)
        theirs = solve_theirs(args.venv, tiles, args.their_algorithm, args.their_heuristic, args.time_limit,
                              memory_mb=args.their_memory_mb)
        check_their_goal(theirs, 4)
        row = Row(ident, optimal, tiles, ours, theirs.judge(tiles, optimal))
        rows.append(row)
        ratio = f" | theirs/ours {row.ratio:,.0f}x" if row.ratio is not None else ""
        print(f"#{ident:3} optimal {optimal} | ours {ours.describe()} | theirs {theirs.describe()}{ratio}",
              flush=True)
    return rows


def check_their_goal(theirs: Outcome, side: int) -> None:
    """Stop the run if slidingpuzzle's goal is not blank-last (the boards were converted for it)."""
    goal = blank_last_goal(side)
    if theirs.details.get("goal", goal) != goal:
        raise SystemExit(f"slidingpuzzle's goal is {theirs.details['goal']}, not {goal}: "
                         "the instances would need another conversion")


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


# ---------------------------------------------------------------- korf24: anytime vs weighted A*


def korf24_instances(ids: list[int]) -> list[tuple[int, int, list[int]]]:
    """Korf & Felner's 24-puzzles ``ids`` as (id, published optimal length, tiles for the
    blank-last goal): turned 180 degrees and relabelled v -> 25 - v, which keeps every
    optimal length (the conversion korf100.instances makes on 4x4)."""
    from npuzzle.known import blank_first_to_blank_last, korf24_50

    published = {ident: (length, tiles) for ident, length, tiles in korf24_50()}
    return [(ident, published[ident][0], blank_first_to_blank_last(published[ident][1], 5)) for ident in ids]


def warm_up_anytime(side: int) -> float:
    """Load our default solver's tables for ``side`` x ``side`` before timing (a solve of the
    goal itself); the seconds it took."""
    from npuzzle import Board, solve

    goal = Board.goal(side, side)
    started = time.perf_counter()
    solve(goal, goal)
    return time.perf_counter() - started


def solve_anytime(tiles: list[int], max_nodes: int, time_limit: float) -> Outcome:
    """One instance with our default solver (anytime) in this interpreter: its best solution at
    the end, and from its history the first one, the best at 1 s and when the final one came."""
    from npuzzle import Board, Limits, solve

    side = math.isqrt(len(tiles))
    board = Board(side, side, tuple(tiles))
    cpu = time.process_time()
    started = time.perf_counter()
    result = solve(board, Board.goal(side, side), limits=Limits(max_nodes=max_nodes, time_limit=time_limit))
    wall = time.perf_counter() - started
    found = [step for step in result.history if step.length is not None]
    final = next((step.seconds for step in found if step.length == result.length), None)
    details: dict[str, object] = {
        "algorithm": result.algorithm, "heuristic": result.heuristic,
        "first_seconds": round(found[0].seconds, 4) if found else None,
        "first_length": found[0].length if found else None,
        "length_1s": length_at(result, 1.0) if time_limit >= 1 else None,
        "final_seconds": None if final is None else round(final, 4),
        "lower_bound": result.lower_bound, "proved_optimal": result.optimal,
        "setup_seconds": round(result.setup_seconds, 4),
    }
    return Outcome(
        wall, list(result.tiles) if result.solved else None,
        None if result.stop.finished else result.stop.value, result.expanded, result.generated,
        time.process_time() - cpu, details=details,
    )


@dataclass
class Row24:
    """One 24-puzzle, both sides."""

    ident: int
    optimal: int
    tiles: list[int]
    """The board both sides solve (blank-last goal)."""
    ours: Outcome
    theirs: Outcome

    def ratio(self, length: object) -> float | None:
        """A length over the published optimum (None without a length)."""
        return length / self.optimal if isinstance(length, int) else None

    @property
    def ours_ratio(self) -> float | None:
        """Our final length over the optimum."""
        return self.ratio(self.ours.length)

    @property
    def ours_ratio_1s(self) -> float | None:
        """Our best length at 1 s over the optimum."""
        return self.ratio(self.ours.details.get("length_1s"))

    @property
    def theirs_ratio(self) -> float | None:
        """Their length over the optimum."""
        return self.ratio(self.theirs.length)

    @property
    def problems(self) -> list[str]:
        """What is wrong (a solution that does not reach the goal, a bound above the optimum)."""
        out = [f"{side}'s solution does not reach the goal"
               for side, outcome in (("ours", self.ours), ("slidingpuzzle", self.theirs)) if outcome.replayed is False]
        bound = self.ours.details.get("lower_bound")
        if isinstance(bound, int) and bound > self.optimal:
            out.append(f"our lower bound {bound} is above the optimum {self.optimal}")
        if self.ours.solution is None:
            out.append("ours has no solution")
        return out

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        def rounded(value: float | None) -> float | None:
            return None if value is None else round(value, 4)

        return {"id": self.ident, "optimal": self.optimal, "tiles": " ".join(map(str, self.tiles)),
                "ours": {**self.ours.to_dict(), "ratio": rounded(self.ours_ratio),
                         "ratio_1s": rounded(self.ours_ratio_1s)},
                "theirs": {**self.theirs.to_dict(), "ratio": rounded(self.theirs_ratio)},
                "problems": self.problems}


def run_korf24(ids: list[int], args: argparse.Namespace) -> list[Row24]:
    """Each instance: ours, then theirs (interleaved, so both meet similar machine load)."""
    rows = []
    for ident, optimal, tiles in korf24_instances(ids):
        ours = solve_anytime(tiles, args.max_nodes, args.time_limit).judge(tiles, optimal)
        theirs = solve_theirs(args.venv, tiles, args.their_algorithm, args.their_heuristic, args.time_limit,
                              weight=args.their_weight, memory_mb=args.their_memory_mb)
        check_their_goal(theirs, 5)
        row = Row24(ident, optimal, tiles, ours, theirs.judge(tiles, optimal))
        rows.append(row)
        at_1s = ours.details.get("length_1s")
        ours_text = (f"first {ours.details['first_length']} at {ours.details['first_seconds']:.3f} s, "
                     f"1 s {at_1s}, end {ours.length} ({row.ours_ratio:.3f}x), bound {ours.details['lower_bound']}"
                     if ours.solution is not None and row.ours_ratio is not None else ours.describe())
        theirs_text = (f"{theirs.length} ({row.theirs_ratio:.3f}x) in {theirs.seconds:.2f} s"
                       if theirs.solution is not None and row.theirs_ratio is not None else theirs.describe())
        print(f"#{ident:2} optimal {optimal} | ours {ours_text} | theirs {theirs_text}  {' '.join(row.problems)}",
              flush=True)
    return rows


def ratio_stats(ratios: list[float]) -> str:
    """Mean and max of length / optimum."""
    return f"mean ratio {statistics.mean(ratios):.4f}, max ratio {max(ratios):.4f}" if ratios else "no solution"


def summary_korf24(rows: list[Row24], args: argparse.Namespace) -> list[str]:
    """Per side: solved count, mean and max ratio to the optimum, median seconds; then the
    same on the instances both solved."""
    n = len(rows)
    limit = f"{args.time_limit:g} s"
    ours = [r for r in rows if r.ours_ratio is not None]
    theirs = [r for r in rows if r.theirs_ratio is not None]

    def seconds(key: str) -> list[float]:
        return [float(v) for r in rows if isinstance(v := r.ours.details.get(key), (int, float))]

    ours_1s = [ratio for r in rows if (ratio := r.ours_ratio_1s) is not None]
    lines = [
        f"- ours (anytime default): a solution on {len(ours)}/{n} within {limit} "
        f"({sum(r.ours.optimal for r in rows)} of the published optimal length, "
        f"{sum(bool(r.ours.details.get('proved_optimal')) for r in rows)} proven optimal); at the end "
        f"{ratio_stats([r.ours_ratio for r in ours if r.ours_ratio is not None])}"
        + (f"; at 1 s {ratio_stats(ours_1s)} ({len(ours_1s)}/{n} had one)" if args.time_limit >= 1 else ""),
    ]
    if rows:
        firsts, finals = seconds("first_seconds"), seconds("final_seconds")
        lines.append(
            f"- ours, median seconds: to the first solution {statistics.median(firsts):.3f} (max {max(firsts):.3f}), "
            f"to the final one {statistics.median(finals):.2f}, the whole call "
            f"{statistics.median(r.ours.seconds for r in rows):.2f} (it searches until the limit unless it "
            "proves its solution optimal)" if firsts and finals else "- ours found no solution")
        bounds = [b / r.optimal for r in rows if isinstance(b := r.ours.details.get("lower_bound"), int)]
        if bounds:
            lines.append(f"- ours, lower bound at the end: mean {statistics.mean(bounds):.3f} of the optimum, "
                         f"never above it: {all(b <= 1 for b in bounds)}")
    stops: dict[str, int] = {}
    for r in rows:
        if r.theirs.solution is None:
            stops[r.theirs.stopped or "no solution"] = stops.get(r.theirs.stopped or "no solution", 0) + 1
    stopped = ", ".join(f"{why} {count}" for why, count in sorted(stops.items()))
    lines.append(
        f"- slidingpuzzle (weighted A*, w = {args.their_weight:g}): solved {len(theirs)}/{n} within {limit}"
        + (f" (stopped: {stopped})" if stopped else "")
        + f"; {ratio_stats([r.theirs_ratio for r in theirs if r.theirs_ratio is not None])}"
        + (f"; every length within w x optimal: "
           f"{all(r.theirs_ratio <= args.their_weight + 1e-9 for r in theirs if r.theirs_ratio is not None)}"
           if theirs else "")
    )
    if rows:
        solved_seconds = [r.theirs.seconds for r in theirs]
        peaks = [float(m) for r in rows if isinstance(m := r.theirs.details.get("peak_mb"), (int, float))]
        lines.append(
            f"- slidingpuzzle, median seconds: over all {n} {statistics.median(r.theirs.seconds for r in rows):.2f} "
            "(a stop counts as the time it ran)"
            + (f", over the {len(theirs)} solved {statistics.median(solved_seconds):.2f}" if theirs else "")
            + (f"; peak memory max {max(peaks):.0f} MB" if peaks else "")
        )
    both = [r for r in rows if r.ours_ratio is not None and r.theirs_ratio is not None]
    if both:
        finals_both = [float(v) for r in both if isinstance(v := r.ours.details.get("final_seconds"), (int, float))]
        both_1s = [ratio for r in both if (ratio := r.ours_ratio_1s) is not None]
        lines.append(
            f"- on the {len(both)} instance{'s' if len(both) > 1 else ''} both solved: ours "
            f"{ratio_stats([r.ours_ratio for r in both if r.ours_ratio is not None])}"
            + (f" (at 1 s: {ratio_stats(both_1s)})" if both_1s else "")
            + f", slidingpuzzle {ratio_stats([r.theirs_ratio for r in both if r.theirs_ratio is not None])}; "
            f"median seconds: ours to its final solution "
            f"{statistics.median(finals_both) if finals_both else float('nan'):.2f}, slidingpuzzle "
            f"{statistics.median(r.theirs.seconds for r in both):.2f}"
        )
    else:
        lines.append("- no instance was solved by both within the limit")
    bad = [f"#{r.ident}: {'; '.join(r.problems)}" for r in rows if r.problems]
    if bad:
        lines.append(f"- **problems: {' | '.join(bad)}**")
    return lines


def table_korf24(rows: list[Row24]) -> list[str]:
    """The per-instance markdown table."""
    def num(value: object, fmt: str) -> str:
        return "-" if not isinstance(value, (int, float)) else format(value, fmt)

    lines = [
        "| id | optimal | ours: first (s) | first | at 1 s | end | end / optimal | final at (s) | lower bound | "
        "expanded | slidingpuzzle: length | length / optimal | seconds | expanded | evaluated | peak MB |",
        "|" + " ---: |" * 16,
    ]
    for r in rows:
        o, t = r.ours, r.theirs
        d = o.details
        lines.append(
            f"| {r.ident} | {r.optimal} | {num(d.get('first_seconds'), '.3f')} | {num(d.get('first_length'), 'd')} | "
            f"{num(d.get('length_1s'), 'd')} | {o.length if o.solution is not None else o.stopped} | "
            f"{num(r.ours_ratio, '.3f')} | {num(d.get('final_seconds'), '.2f')} | {num(d.get('lower_bound'), 'd')} | "
            f"{cell(o.expanded)} | {t.length if t.solution is not None else t.stopped} | "
            f"{num(r.theirs_ratio, '.3f')} | {t.seconds:.2f} | {cell(t.expanded)} | "
            f"{num(t.details.get('evaluated'), ',d')} | {num(t.details.get('peak_mb'), '.0f')} |"
        )
    return lines


def main_korf24(args: argparse.Namespace) -> int:
    """``--set korf24``: run, print, write the results; exit status 1 on any problem."""
    from npuzzle.known import korf24_50

    ids = parse_ids(args.ids, {ident: length for ident, length, _ in korf24_50()}, easiest=None)
    ensure_venv(args.venv)
    warm = warm_up_anytime(5)
    their_call = (f"search(board, \"a*\", heuristic={args.their_heuristic}, weight={args.their_weight:g})")
    cap = f"a memory cap of {args.their_memory_mb:,} MB of address space" if args.their_memory_mb else "no memory cap"
    print(f"ours: the default solver (anytime; tables ready in {warm:.2f} s, not timed); slidingpuzzle "
          f"{THEIR_VERSION}: {their_call} with {cap}; {args.time_limit:g} s per instance and side", flush=True)
    started = time.perf_counter()
    rows = run_korf24(ids, args)
    total = time.perf_counter() - started

    theirs = next((r.theirs.details for r in rows if "python" in r.theirs.details), {})
    ours_heuristic = next((r.ours.details.get("heuristic") for r in rows), None)
    machine = machine_info()
    meta: dict[str, object] = {
        "command": command_line("vs_slidingpuzzle.py"),
        **machine,
        "set": "korf24",
        "their_python": theirs.get("python"),
        "their_numpy": theirs.get("numpy"),
        "slidingpuzzle": theirs.get("version", THEIR_VERSION),
        "ours": {"call": "solve(board, goal, limits=Limits(max_nodes, time_limit))", "algorithm": "anytime",
                 "heuristic": ours_heuristic, "warm_up_seconds": round(warm, 3), "max_nodes": args.max_nodes},
        "theirs": {"algorithm": "a*", "call": their_call, "heuristic": args.their_heuristic,
                   "weight": args.their_weight, "memory_mb": args.their_memory_mb},
        "time_limit": args.time_limit,
        "goal": "blank-last (1 2 ... 24 blank) on both sides; instances converted from Korf & Felner's blank-first",
        "total_seconds": round(total, 1),
    }
    lines = summary_korf24(rows, args)
    header = [
        f"# npuzzle (anytime) vs slidingpuzzle {meta['slidingpuzzle']} (weighted A*) on Korf & Felner's "
        f"24-puzzle instances",
        "",
        machine_header(machine),
        f"- command: `{meta['command']}`",
        f"- the whole run took {total:.0f} s ({len(rows)} instances)",
        f"- Python: ours {machine['implementation']} {machine['python']}; slidingpuzzle's {meta['their_python']} "
        f"with numpy {meta['their_numpy']}, in its own venv, a fresh process per instance",
        f"- ours: the default solver, `solve(board, goal, limits=Limits(max_nodes={args.max_nodes:,}, "
        f"time_limit={args.time_limit:g}))` (anytime, heuristic `{ours_heuristic}`), in the benchmark's process, "
        f"tables loaded before timing ({warm:.2f} s, not counted). It answers at once, then looks for shorter "
        "solutions and a higher lower bound until the limit; its history gives the first solution, the best at "
        "1 s and when the final one came",
        f"- slidingpuzzle: `{their_call}`: weighted A* (f = g + w h), which returns one solution when its goal "
        f"comes off the open list, at most w times the optimum with an admissible heuristic; "
        f"`{args.their_heuristic}` is its strongest admissible heuristic; it has no pattern database; {cap} "
        "(a search that reaches it stops as memory-limit). Its `evaluated` counts the calls of its heuristic "
        "(one per state generated), known even when a limit stops it; its `expanded`, only when it returns",
        "- the same boards on both sides: each published instance (blank-first goal) rotated 180 degrees and "
        "relabelled v -> 25 - v for the blank-last goal, the only goal slidingpuzzle solves towards",
        f"- limit: {args.time_limit:g} s per instance and side; a stop without a solution is reported as such. "
        "Lengths are given as a ratio to the published optimum (Korf & Felner 2002). Seconds are wall clock "
        "around the search call only (their process start and imports are excluded). Every solution is replayed "
        "on our Board and must reach the goal",
    ]
    publish("vs-slidingpuzzle-korf24", args.label, meta, header, lines, rows, table_korf24(rows))
    return 1 if any(r.problems for r in rows) else 0


def publish(stem: str, label: str | None, meta: dict[str, Any], intro: list[str], lines: list[str],
            rows: list[Any], table_lines: list[str]) -> None:
    """Write a set's results (intro, summary ``lines``, per-instance table; the JSON with
    every run) as ``bench/results/<stem>[-label]`` and print the summary."""
    name = stem + (f"-{label}" if label else "")
    markdown = intro + ["", "## Summary", "", *lines, "", "## Per instance", "", *table_lines]
    write_results(name, markdown, {**meta, "summary": lines, "runs": [r.to_dict() for r in rows]})
    print("\n".join(lines))
    print(f"results: bench/results/{name}.md and .json")


def main() -> int:
    if sys.argv[1:] == ["--worker"]:
        return worker()
    from npuzzle import HEURISTICS
    from npuzzle.known import korf100

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--set", choices=SETS, default="korf100",
                        help="korf100: Korf's 15-puzzles, optimal searches (default); korf24: Korf & Felner's "
                        "24-puzzles, our anytime default against their weighted A*")
    parser.add_argument("--ids", help=f"e.g. 55,16 or 1-10 (default: korf100 the {EASIEST} easiest by published "
                        "length, korf24 all 50)")
    parser.add_argument("--time-limit", type=float, help="seconds of search per instance and side "
                        "(default: korf100 60, korf24 10)")
    parser.add_argument("--max-nodes", type=int, help="our node limit (theirs has none; default: korf100 10**10, "
                        "korf24 10**12)")
    parser.add_argument("--heuristic", choices=list(HEURISTICS), help="korf100: ours, with idastar (default pdb); "
                        "korf24 runs the default solver, which picks its own")
    parser.add_argument("--their-algorithm", choices=list(THEIR_SOLVERS),
                        help="korf100: a*, their fastest search that returns optimal lengths (default); korf24: a* "
                        "(weighted by --their-weight), the only choice")
    parser.add_argument("--their-heuristic", choices=THEIR_HEURISTICS, default="linear_conflict_distance")
    parser.add_argument("--their-weight", type=float, help=f"korf24: w of their weighted A* (default {THEIR_WEIGHT:g})")
    parser.add_argument("--their-memory-mb", type=int, default=THEIR_MEMORY_MB,
                        help="address space their worker may use; 0: no cap (default %(default)s)")
    parser.add_argument("--venv", type=Path, default=VENV, help="slidingpuzzle's venv (created if missing)")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args()
    if args.time_limit is None:
        args.time_limit = DEFAULT_TIME_LIMIT[args.set]
    if args.max_nodes is None:
        args.max_nodes = DEFAULT_MAX_NODES[args.set]
    if args.set == "korf24":
        if args.heuristic is not None:
            parser.error("--heuristic: korf24 runs our default solver, which picks its own heuristic")
        if args.their_algorithm not in (None, "a*"):
            parser.error("--their-algorithm: korf24 runs their weighted A* (a* with --their-weight)")
        args.their_algorithm = "a*"
        if args.their_weight is None:
            args.their_weight = THEIR_WEIGHT
        return main_korf24(args)
    if args.their_weight is not None:
        parser.error("--their-weight: korf100 compares optimal searches; use --set korf24")
    args.heuristic = args.heuristic or "pdb"
    args.their_algorithm = args.their_algorithm or "a*"
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
        "set": "korf100",
        "their_python": theirs.get("python"),
        "their_numpy": theirs.get("numpy"),
        "slidingpuzzle": theirs.get("version", THEIR_VERSION),
        "ours": {"algorithm": "idastar", "heuristic": args.heuristic, "warm_up_seconds": round(warm, 3),
                 "max_nodes": args.max_nodes},
        "theirs": {"algorithm": args.their_algorithm, "call": their_call, "heuristic": args.their_heuristic,
                   "note": THEIR_SOLVERS[args.their_algorithm][2], "memory_mb": args.their_memory_mb},
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
        "pattern database; numpy boards, pure-Python heuristics"
        + (f"; a memory cap of {args.their_memory_mb:,} MB of address space" if args.their_memory_mb else ""),
        "- the same boards on both sides: each published instance (blank-first goal) rotated 180 degrees and "
        "relabelled v -> 16 - v for the blank-last goal, the only goal slidingpuzzle solves towards",
        f"- limit: {args.time_limit:g} s of search per instance and side; a stop is reported as such, never as a "
        "solve. Seconds are wall clock around the search call only (their process start and imports are "
        "excluded). Every solution is replayed on our Board, and its length checked against the published optimum",
        "- node counts are each library's own: their `expanded` counts every state taken from the open list or "
        "stack (including duplicates and states over the bound), ours counts the states whose children were "
        "generated",
    ]
    publish("vs-slidingpuzzle", args.label, meta, header, lines, rows, table(rows))
    ours_wrong = any(r.ours.solution is not None and not r.ours.optimal for r in rows)
    not_replayed = any(False in (r.ours.replayed, r.theirs.replayed) for r in rows)
    return 1 if ours_wrong or not_replayed else 0


if __name__ == "__main__":
    sys.exit(main())
