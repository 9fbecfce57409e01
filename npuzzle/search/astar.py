"""A*: best-first graph search on f = g + h (the engine is in best_first.py)."""

from __future__ import annotations

from ..heuristics import Compiled
from .best_first import best_first
from .problem import Problem
from .result import Limits
from .steps import Options, Steps
from .tree import TreeRecorder


def astar(
    problem: Problem, heuristic: Compiled, limits: Limits, options: Options,
    tree: TreeRecorder | None = None,
) -> Steps:
    """A*: f = g + h. Optimal with an admissible heuristic (states are reopened when
    reached by a shorter path, so a consistent heuristic is not required)."""
    return best_first(problem, heuristic, limits, 1, 1, tree)
