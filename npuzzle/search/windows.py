"""Shorten a solution by solving short windows of it again, optimally.

A window of ``k`` moves of a solution only moves tiles the blank visits in it, so it
is a puzzle of its own on the smallest rectangle holding the blank's cells (and one
cell round it, for room): from the board at the window's start to the board at its
end, every other cell unchanged. IDA* with Manhattan distance solves that small puzzle
shortest; if it is shorter than ``k``, the window is replaced. Windows slide over the
whole path, half a window at a time, longer ones after shorter ones, and again while
a pass shortens it.

The search in a window gives up past a node budget, and as soon as its bound reaches
the window's length (nothing shorter exists there), so a pass over a long path costs
milliseconds per window.
"""

from __future__ import annotations

import functools
import time
from typing import Generator

from ..heuristics import Compiled, compile_heuristic
from .idastar import idastar
from .problem import Problem
from .reduction import rectangle_problem
from .result import Limits, Progress

WINDOWS = (12, 20, 32)
"""Window lengths, in the order they are tried."""
NODES = 4000
"""Nodes the search in one window may expand."""
MARGIN = 1
"""Cells round the blank's cells in a window that its search may use too."""

Improver = Generator[Progress, bool, "list[int] | None"]


def _box(blanks: list[int], rows: int, cols: int) -> tuple[int, int, int, int]:
    """The rectangle (top, bottom, left, right) round ``blanks``, ``MARGIN`` cells wider."""
    rs = [b // cols for b in blanks]
    cs = [b % cols for b in blanks]
    return (max(0, min(rs) - MARGIN), min(rows - 1, max(rs) + MARGIN),
            max(0, min(cs) - MARGIN), min(cols - 1, max(cs) + MARGIN))


@functools.lru_cache(maxsize=256)
def _manhattan(rows: int, cols: int, blank_goal: int) -> Compiled:
    """Manhattan distance for a window's shape (a table per tile: the fastest IDA*)."""
    return compile_heuristic("manhattan", rows, cols, blank_goal)


def _solve(sub: Problem, longest: int) -> Generator[None, None, list[int] | None]:
    """The shortest path of ``sub`` (blank positions, start included) if it is shorter than
    ``longest`` moves and found within the node budget, else None."""
    heuristic = _manhattan(sub.rows, sub.cols, sub.goal.index(0))
    if heuristic.evaluate(sub.start) >= longest:
        return None
    steps = idastar(sub, heuristic, Limits(max_nodes=NODES, time_limit=3600.0), {})
    while True:
        try:
            p = next(steps)
        except StopIteration as done:
            path = done.value.path
            return path if path is not None and len(path) - 1 < longest else None
        if p.bound is not None and p.bound >= longest:
            steps.close()
            return None
        yield


def shorten(problem: Problem, path: list[int], deadline: float) -> Improver:
    """The path (blank positions, start included) with windows solved again; None if no
    window came out shorter (or cancelled). Stops at ``deadline`` with what it has. Yields
    progress."""
    started = time.perf_counter()
    path = list(path)
    original = len(path)
    windows = 0
    before = original + 1
    while len(path) < before and time.perf_counter() < deadline:
        before = len(path)
        for k in WINDOWS:
            searched = yield from _pass(problem, path, k, deadline, started, windows)
            if searched is None:
                return None
            windows = searched
    return path if len(path) < original else None


def _pass(problem: Problem, path: list[int], k: int, deadline: float, started: float,
          windows: int) -> Generator[Progress, bool, int | None]:
    """Solve the windows of ``k`` moves of ``path`` again (in place, until ``deadline``);
    the count of windows searched so far, or None if cancelled."""
    rows, cols = problem.rows, problem.cols
    cells = list(problem.start)
    i = 0
    while i + k < len(path) and time.perf_counter() < deadline:
        segment = path[i : i + k + 1]
        after = cells[:]
        for before_blank, blank in zip(segment, segment[1:]):
            after[before_blank], after[blank] = after[blank], 0
        sub, region = rectangle_problem(cells, after, _box(segment, rows, cols), cols)
        found, cancelled = yield from _pause(_solve(sub, k), started, windows)
        if cancelled:
            return None
        windows += 1
        if found is not None:
            path[i : i + k + 1] = [region[p] for p in found]
            step = len(found) - 1
        else:
            step = max(1, k // 2)
        for before_blank, blank in zip(path[i : i + step], path[i + 1 : i + step + 1]):
            cells[before_blank], cells[blank] = cells[blank], 0
        i += step
        if (yield Progress(windows, windows, 0, 0, time.perf_counter() - started)):
            return None
    return windows


def _pause(steps: Generator[None, None, list[int] | None], started: float,
           windows: int) -> Generator[Progress, bool, tuple[list[int] | None, bool]]:
    """Run ``steps``, yielding progress between its steps: (its result, whether cancelled)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, False
        if (yield Progress(windows, windows, 0, 0, time.perf_counter() - started)):
            steps.close()
            return None, True
