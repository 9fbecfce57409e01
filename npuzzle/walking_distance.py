"""Walking distance (Ken'ichiro Takahashi's WD heuristic) for sliding-tile puzzles.

The *vertical* walking distance forgets which column each tile is in. What is
left of a position is, for every row ``r``, how many of the tiles in row ``r``
belong in each goal row ``g`` (a rows x rows count matrix), plus the row that
holds the blank. A move swaps the blank with any tile of an adjacent row. The
vertical WD of a position is the number of such moves from its configuration
to the goal configuration, found once by breadth-first search over every
configuration. The *horizontal* walking distance is the same with columns in
place of rows, and WD is the sum of the two.

Properties (the tests check each one on every 3x3 state):

* Admissible. A real move slides one tile one row or one column, so it is one
  move of exactly one of the two abstract puzzles and leaves the other one's
  configuration unchanged; a solution of ``n`` moves therefore splits into
  ``n_v + n_h = n`` moves with ``n_v >= vertical WD`` and ``n_h >= horizontal WD``.
* Consistent. For the same reason a move changes exactly one component. Each
  abstract move moves the blank to an adjacent line, so the abstract graphs are
  bipartite (by the parity of the blank's line) and that component changes by
  exactly one: WD goes up or down by exactly one per move.
* At least the Manhattan distance. An abstract vertical move moves one tile one
  row, so it changes the sum of the tiles' row distances by at most one, and
  that sum is 0 in the goal configuration: vertical WD >= the row part of the
  Manhattan distance. Likewise for columns.

The blank is not a tile and is never counted. Its goal cell may be any cell;
the goal configurations account for the row and column it sits in.

The tables grow quickly with the board: ``count_configurations`` gives their
exact sizes and boards whose tables would exceed ``MAX_CONFIGURATIONS`` are
refused with ValueError. Within the limit are 2x2 to 2x6, 3x3 to 3x5, 4x4 and
the transposes; 4x4 has 24,964 configurations per axis.

>>> from npuzzle.board import Board
>>> walking_distance(Board.from_string("1 2 3 / 4 5 6 / 7 0 8"), Board.goal(3))
1
>>> table_sizes(4, 4)
(24964, 24964)
"""

from __future__ import annotations

import functools
from collections import deque
from operator import getitem
from typing import Callable, Iterator, Sequence

from .board import Board, check_shape, relabel

MAX_CONFIGURATIONS = 2_000_000
"""Largest table (configurations of one axis) that will be built."""

Evaluator = Callable[[Sequence[int]], int]


def _bounded_vectors(total: int, caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every vector ``v`` with ``0 <= v[i] <= caps[i]`` and ``sum(v) == total``."""
    if not caps:
        if total == 0:
            yield ()
        return
    room = sum(caps[1:])
    for first in range(max(0, total - room), min(total, caps[0]) + 1):
        for rest in _bounded_vectors(total - first, caps[1:]):
            yield (first,) + rest


@functools.lru_cache(maxsize=None)
def _count_tables(row_sums: tuple[int, ...], col_sums: tuple[int, ...]) -> int:
    """Number of non-negative integer matrices with these row and column sums."""
    if not row_sums:
        return 1 if not any(col_sums) else 0
    total = 0
    for row in _bounded_vectors(row_sums[0], col_sums):
        rest = tuple(sorted(c - x for c, x in zip(col_sums, row)))
        total += _count_tables(row_sums[1:], rest)
    return total


@functools.lru_cache(maxsize=None)
def count_configurations(lines: int, per_line: int) -> int:
    """Exact number of configurations of one WD axis: ``lines`` lines of ``per_line`` cells.

    For the vertical axis of a rows x cols board that is ``(rows, cols)``, for
    the horizontal axis ``(cols, rows)``. It is the number of count matrices
    (line sums ``per_line``, less one in the blank's line; goal-line sums
    likewise) summed over the blank's line, and does not depend on which line
    the blank's goal is in. Every such configuration is reachable, so this is
    also the size of the table that the search builds.

    >>> count_configurations(4, 4)
    24964
    """
    if lines < 1 or per_line < 1:
        raise ValueError("lines and per_line must be at least 1")
    goal_sums = tuple([per_line - 1] + [per_line] * (lines - 1))
    return sum(
        _count_tables(tuple(per_line - (r == blank) for r in range(lines)), goal_sums)
        for blank in range(lines)
    )


def _axis_fits(lines: int, per_line: int) -> bool:
    """Whether ``count_configurations(lines, per_line) <= MAX_CONFIGURATIONS``.

    The count grows with both arguments (adding a tile on the diagonal of every
    line, or a new full line, maps configurations one-to-one into the bigger
    shape), so it climbs from the smallest shape and stops at the first count
    over the limit; it never counts a shape far beyond the limit.
    """
    for n in range(2, lines + 1):
        if count_configurations(n, 2) > MAX_CONFIGURATIONS:
            return False
    for p in range(3, per_line + 1):
        if count_configurations(lines, p) > MAX_CONFIGURATIONS:
            return False
    return True


def supports(rows: int, cols: int) -> bool:
    """Whether walking distance is available for rows x cols (both tables within the limit)."""
    check_shape(rows, cols)
    return _axis_fits(rows, cols) and _axis_fits(cols, rows)


def _check(rows: int, cols: int, blank_goal: int) -> None:
    check_shape(rows, cols)
    if not 0 <= blank_goal < rows * cols:
        raise ValueError(f"blank_goal {blank_goal} is not a cell of a {rows}x{cols} board")
    if not supports(rows, cols):
        raise ValueError(
            f"walking distance is not available for a {rows}x{cols} board: its tables "
            f"would hold more than {MAX_CONFIGURATIONS:,} configurations"
        )


class _Axis:
    """Key layout of one axis: ``lines`` lines of ``per_line`` cells.

    A configuration's key packs the counts ``m[r][g]`` for ``r, g < lines - 1``
    (``bits`` bits each) and then the blank's line. That determines the rest:
    line sums are known once the blank's line is, goal-line sums are fixed. For
    4x4 a key takes 29 bits, so both axes together fit one machine word and
    ``sum`` adds the per-cell parts on its fast path.
    """

    def __init__(self, lines: int, per_line: int) -> None:
        self.lines = lines
        self.bits = per_line.bit_length()
        self.blank_shift = self.bits * (lines - 1) ** 2
        self.width = self.blank_shift + max(1, (lines - 1).bit_length())

    def tile_part(self, line: int, goal_line: int) -> int:
        """Key contribution of a tile in ``line`` that belongs in ``goal_line``."""
        last = self.lines - 1
        if line == last or goal_line == last:
            return 0
        return 1 << (self.bits * (line * last + goal_line))

    def blank_part(self, line: int) -> int:
        """Key contribution of the blank in ``line``."""
        return line << self.blank_shift


@functools.lru_cache(maxsize=None)
def _axis_table(lines: int, per_line: int, blank_goal_line: int) -> dict[int, int]:
    """Distance to the goal of every configuration of one axis, keyed as in ``_Axis``.

    The search runs on a fuller key holding every count ``m[r][g]`` (so a move
    is a few additions) and stores each configuration under its short key.
    """
    bits = per_line.bit_length()
    mask = (1 << bits) - 1
    blank_shift = bits * lines * lines
    shift = [[bits * (r * lines + g) for g in range(lines)] for r in range(lines)]
    goal = sum((per_line - (g == blank_goal_line)) << shift[g][g] for g in range(lines))
    goal += blank_goal_line << blank_shift

    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        d = dist[state] + 1
        blank = state >> blank_shift
        here = shift[blank]
        for other in (blank - 1, blank + 1):
            if not 0 <= other < lines:
                continue
            there = shift[other]
            step = (other - blank) << blank_shift
            for g in range(lines):
                if (state >> there[g]) & mask:
                    child = state - (1 << there[g]) + (1 << here[g]) + step
                    if child not in dist:
                        dist[child] = d
                        queue.append(child)

    axis = _Axis(lines, per_line)
    table: dict[int, int] = {}
    for state, d in dist.items():
        key = axis.blank_part(state >> blank_shift)
        for r in range(lines - 1):
            for g in range(lines - 1):
                key += ((state >> shift[r][g]) & mask) * axis.tile_part(r, g)
        table[key] = d
    return table


def table_sizes(rows: int, cols: int, blank_goal: int | None = None) -> tuple[int, int]:
    """Configurations in the (vertical, horizontal) tables; builds them if needed.

    ``blank_goal`` defaults to the last cell.
    """
    if blank_goal is None:
        blank_goal = rows * cols - 1
    _check(rows, cols, blank_goal)
    vertical = _axis_table(rows, cols, blank_goal // cols)
    horizontal = _axis_table(cols, rows, blank_goal % cols)
    return len(vertical), len(horizontal)


@functools.lru_cache(maxsize=None)
def walking_distance_evaluator(rows: int, cols: int, blank_goal: int) -> Evaluator:
    """WD of relabelled cells: ``cells[pos]`` is 0 for the blank or label ``L``,
    the tile whose goal cell is ``L - 1``; ``blank_goal`` is the blank's goal cell.

    The tables are built on the first call for a (rows, cols, blank_goal) and
    kept. Each call sums one precomputed number per cell into a single key
    holding both axes and looks the two halves up. ValueError if the board is
    too big for walking distance (see ``supports``) or ``blank_goal`` is not a
    cell; the cells themselves are not checked.

    >>> wd = walking_distance_evaluator(3, 3, 8)
    >>> wd([1, 2, 3, 4, 5, 6, 7, 8, 0]), wd([0, 1, 2, 3, 4, 5, 6, 7, 8])
    (0, 12)
    """
    _check(rows, cols, blank_goal)
    vertical = _axis_table(rows, cols, blank_goal // cols)
    horizontal = _axis_table(cols, rows, blank_goal % cols)
    v_axis, h_axis = _Axis(rows, cols), _Axis(cols, rows)
    shift = v_axis.width
    v_mask = (1 << shift) - 1

    size = rows * cols
    table = []
    for pos in range(size):
        row, col = divmod(pos, cols)
        parts = [v_axis.blank_part(row) + (h_axis.blank_part(col) << shift)]
        for label in range(1, size + 1):
            if label - 1 == blank_goal:  # this label never occurs
                parts.append(0)
                continue
            goal_row, goal_col = divmod(label - 1, cols)
            parts.append(
                v_axis.tile_part(row, goal_row) + (h_axis.tile_part(col, goal_col) << shift)
            )
        table.append(tuple(parts))
    per_cell = tuple(table)

    def evaluate(cells: Sequence[int]) -> int:
        key = sum(map(getitem, per_cell, cells))
        return vertical[key & v_mask] + horizontal[key >> shift]

    return evaluate


def walking_distance(board: Board, goal: Board) -> int:
    """Walking distance from ``board`` to ``goal`` (any goal arrangement).

    BoardError if the shapes differ; ValueError if the board is too big for
    walking distance (see ``supports``).

    >>> walking_distance(Board.from_string("0 1 2 / 3 4 5 / 6 7 8"), Board.goal(3))
    12
    """
    cells = relabel(board, goal)
    return walking_distance_evaluator(board.rows, board.cols, goal.blank)(cells)
