"""Heuristics: estimates of the moves left, as pure functions of a board and a goal.

None of them counts the blank. Each entry of ``HEURISTICS`` states whether it
is admissible (never overestimates, so A* and IDA* stay optimal) and
consistent (drops by at most one per move, so A* never reopens a state).

Searches do not call these functions per node: ``compile_heuristic`` gives a
form keyed on the relabelled cells of a ``Problem`` (see search/problem.py),
with a per-tile table where the estimate is a sum over tiles so that a move
updates it by one subtraction and one addition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .board import BLANK, Board, BoardError


@dataclass(frozen=True)
class Compiled:
    """A heuristic prepared for one problem shape and goal.

    ``tile_table[label][pos]`` is the cost of tile ``label`` standing at
    ``pos``; the estimate is the sum over tiles. Heuristics that are not
    such sums (added later) set ``tile_table`` to None and give ``evaluate``.
    """

    name: str
    tile_table: tuple[tuple[int, ...], ...] | None
    evaluate: Callable[[Sequence[int]], int]


def _check_pair(board: Board, goal: Board) -> None:
    if (board.rows, board.cols) != (goal.rows, goal.cols):
        raise BoardError(f"the board is {board.shape} but the goal is {goal.shape}")


def _table_sum(table: tuple[tuple[int, ...], ...]) -> Callable[[Sequence[int]], int]:
    def evaluate(cells: Sequence[int]) -> int:
        return sum(table[label][pos] for pos, label in enumerate(cells))

    return evaluate


def _manhattan_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    size = rows * cols
    table = [tuple(0 for _ in range(size))]  # the blank costs nothing
    for label in range(1, size + 1):  # label L belongs at position L - 1
        gr, gc = divmod(label - 1, cols)
        table.append(tuple(abs(gr - p // cols) + abs(gc - p % cols) for p in range(size)))
    return tuple(table)


def _hamming_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    size = rows * cols
    table = [tuple(0 for _ in range(size))]
    for label in range(1, size + 1):
        table.append(tuple(0 if p == label - 1 else 1 for p in range(size)))
    return tuple(table)


def manhattan(board: Board, goal: Board) -> int:
    """Sum over tiles of the row plus column distance to the goal cell.

    Admissible and consistent: a move shifts one tile by one cell.

    >>> manhattan(Board.from_string("1 2 3 4 5 6 7 0 8"), Board.goal(3))
    1
    """
    _check_pair(board, goal)
    where = {t: divmod(p, goal.cols) for p, t in enumerate(goal.tiles)}
    total = 0
    for p, t in enumerate(board.tiles):
        if t != BLANK:
            gr, gc = where[t]
            total += abs(gr - p // board.cols) + abs(gc - p % board.cols)
    return total


def hamming(board: Board, goal: Board) -> int:
    """Number of tiles not on their goal cell (misplaced tiles), blank not counted.

    Admissible and consistent: each misplaced tile needs at least one move.
    """
    _check_pair(board, goal)
    return sum(1 for t, g in zip(board.tiles, goal.tiles) if t != BLANK and t != g)


@dataclass(frozen=True)
class HeuristicInfo:
    """A registry entry: what a heuristic is called and what it guarantees."""

    name: str
    label: str
    admissible: bool
    consistent: bool
    description: str
    function: Callable[[Board, Board], int]
    table: Callable[[int, int], tuple[tuple[int, ...], ...]]

    def suits(self, rows: int, cols: int) -> bool:
        """Whether it applies to a rows x cols board."""
        return True

    def to_dict(self) -> dict[str, object]:
        """JSON-ready description, for menus."""
        return {
            "name": self.name,
            "label": self.label,
            "admissible": self.admissible,
            "consistent": self.consistent,
            "description": self.description,
        }


HEURISTICS: dict[str, HeuristicInfo] = {
    info.name: info
    for info in (
        HeuristicInfo(
            "manhattan", "Manhattan distance", True, True,
            "Sum of each tile's row and column distance to its goal cell.",
            manhattan, _manhattan_table,
        ),
        HeuristicInfo(
            "hamming", "Misplaced tiles", True, True,
            "Number of tiles not on their goal cell.",
            hamming, _hamming_table,
        ),
    )
}


def get_heuristic(name: str) -> HeuristicInfo:
    """The registry entry for ``name``; ValueError listing the choices otherwise."""
    try:
        return HEURISTICS[name]
    except KeyError:
        raise ValueError(
            f"unknown heuristic {name!r}: choose one of {', '.join(HEURISTICS)}"
        ) from None


def compile_heuristic(name: str, rows: int, cols: int) -> Compiled:
    """The search-ready form of heuristic ``name`` for relabelled rows x cols cells."""
    info = get_heuristic(name)
    table = info.table(rows, cols)
    return Compiled(name, table, _table_sum(table))
