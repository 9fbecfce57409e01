"""npuzzle: sliding-tile puzzle boards, solvability and optimal search, in pure Python.

>>> from npuzzle import Board, solve
>>> result = solve(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"))
>>> result.length, result.tiles, result.moves
(2, (7, 8), 'LL')
"""

from .board import (
    BLANK,
    DIRECTIONS,
    GOAL_NAMES,
    Board,
    BoardError,
    parse_goal,
    parse_shape,
)
from .heuristics import HEURISTICS, HeuristicInfo, hamming, manhattan
from .search import (
    ALGORITHMS,
    AlgorithmInfo,
    Limits,
    Progress,
    Search,
    SearchResult,
    StopReason,
    solve,
)
from .solvability import Solvability, count_inversions, explain_solvability, is_solvable

__version__ = "0.1.0"

__all__ = [
    "ALGORITHMS",
    "AlgorithmInfo",
    "BLANK",
    "Board",
    "BoardError",
    "DIRECTIONS",
    "GOAL_NAMES",
    "HEURISTICS",
    "HeuristicInfo",
    "Limits",
    "Progress",
    "Search",
    "SearchResult",
    "Solvability",
    "StopReason",
    "count_inversions",
    "explain_solvability",
    "hamming",
    "is_solvable",
    "manhattan",
    "parse_goal",
    "parse_shape",
    "solve",
]
