"""Weighted A*: best-first graph search on f = g + w*h (the engine is in best_first.py)."""

from __future__ import annotations

from ..heuristics import Compiled
from .best_first import best_first
from .problem import Problem
from .result import Limits
from .steps import Options, Steps
from .tree import TreeRecorder


def weighted_astar(
    problem: Problem, heuristic: Compiled, limits: Limits, options: Options,
    tree: TreeRecorder | None = None,
) -> Steps:
    """Weighted A*: f = g + w*h with ``options["weight"]`` = w >= 1. With an admissible
    heuristic the solution is at most w times the optimal length."""
    return best_first(problem, heuristic, limits, 1, options["weight"], tree)
