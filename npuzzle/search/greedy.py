"""Greedy best-first graph search on h alone (the engine is in best_first.py)."""

from __future__ import annotations

from ..heuristics import Compiled
from .best_first import best_first
from .problem import Problem
from .result import Limits
from .steps import Options, Steps
from .tree import TreeRecorder


def greedy(
    problem: Problem, heuristic: Compiled, limits: Limits, options: Options,
    tree: TreeRecorder | None = None,
) -> Steps:
    """Greedy best-first: ordered by h alone. Fast, no bound on the length."""
    return best_first(problem, heuristic, limits, 0, 1, tree)
