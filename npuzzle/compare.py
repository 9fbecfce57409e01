"""Run every applicable algorithm and heuristic on one board, under limits.

The pairs come from the registries: every algorithm that ``suits`` the board
size, with every heuristic that suits it and is available (algorithms that use
no heuristic run once). Each pair gets the same limits.
"""

from __future__ import annotations

from typing import Callable

from .board import Board
from .heuristics import HEURISTICS, heuristic_available
from .search import ALGORITHMS, Limits, Search, SearchResult

COMPARE_MAX_NODES = 100_000
COMPARE_TIME_LIMIT = 5.0


def comparison_pairs(board: Board, goal: Board) -> list[tuple[str, str | None]]:
    """The (algorithm, heuristic) pairs worth running on ``board``, in registry order."""
    pairs: list[tuple[str, str | None]] = []
    heuristics = [
        name for name in HEURISTICS
        if heuristic_available(name, board.rows, board.cols, goal.blank)
    ]
    for name, info in ALGORITHMS.items():
        if not info.suits(board.rows, board.cols):
            continue
        if info.uses_heuristic:
            pairs.extend((name, h) for h in heuristics)
        else:
            pairs.append((name, None))
    return pairs


def compare(
    board: Board,
    goal: Board | None = None,
    limits: Limits | None = None,
    weight: float | None = None,
    on_result: Callable[[SearchResult], None] | None = None,
) -> list[SearchResult]:
    """Results of every applicable pair, each under ``limits`` (100,000 nodes, 5 s by default)."""
    goal = goal or Board.goal(board.rows, board.cols)
    limits = limits or Limits(COMPARE_MAX_NODES, COMPARE_TIME_LIMIT)
    results = []
    for algorithm, heuristic in comparison_pairs(board, goal):
        w = weight if ALGORITHMS[algorithm].weighted else None
        result = Search(board, goal, algorithm, heuristic, limits, w).run()
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results
