"""The shape every search algorithm shares: a generator of progress reports.

An algorithm is a function ``(problem, heuristic, limits) -> Steps``. It
yields a ``Progress`` every few hundred expansions; whoever drives it sends
back ``True`` to cancel. It returns an ``Outcome`` (the generator's return
value) with the solution as a list of blank positions. Driving searches as
generators is what lets the browser worker run them in short slices, report
progress and take a cancel message between slices (see solver.Search).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generator

from ..heuristics import Compiled
from .problem import Problem
from .result import Limits, Progress, StopReason

CHECK_EVERY = 511
"""Best-first searches check the clock and report after every 512 expansions."""
CHECK_EVERY_DFS = 4095
"""Depth-first searches do less per node, so they check every 4096 expansions."""


@dataclass(frozen=True)
class Outcome:
    """What an algorithm returns; solver.Search turns it into a SearchResult."""

    stop: StopReason
    path: list[int] | None
    """Blank positions from start to goal, when solved."""
    expanded: int
    generated: int
    max_frontier: int
    bound: int | None


Steps = Generator[Progress, bool, Outcome]
Algorithm = Callable[[Problem, Compiled, Limits], Steps]
