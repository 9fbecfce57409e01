"""Heuristics: estimates of the moves left, as pure functions of a board and a goal.

None of them counts the blank. Each entry of ``HEURISTICS`` states whether it
is admissible (never overestimates, so A* and IDA* stay optimal) and
consistent (changes by at most one per move, so A* never reopens a state).

Searches do not call the public functions per node. They work on relabelled
cells (search/problem.py: label ``L`` belongs at cell ``L - 1``, 0 is the
blank), so a heuristic depends only on the board's shape and the blank's goal
cell; ``compile_heuristic`` prepares it once for those and caches it:

* per-tile sums (Manhattan, misplaced tiles) give ``tile_table[label][pos]``,
  so a move updates the estimate with one subtraction and one addition;
* pattern databases give one or two ``PatternLookup``s (the second reads the
  tables through the reflection about the diagonal) whose indices a move
  updates with one addition each;
* the others give ``evaluate(cells)``, called once per node.

``Compiled.after_move`` is the one rule for the estimate after a move, and
``Compiled.values_along`` gives it along a path (the web API's h at each step).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from .board import Board, relabel
from .explainers import (
    Explainer,
    explain_euclidean,
    explain_hamming,
    explain_linear_conflict,
    explain_manhattan,
    explain_pdb,
    explain_walking_distance,
)
from .pattern_db import (
    PatternLookup,
    pattern_database_applies,
    pattern_lookups,
    serves_goal,
    table_files,
    table_loading,
)
from .tables import TableFiles
from .walking_distance import supports as walking_distance_supports
from .walking_distance import walking_distance_evaluator


@dataclass(frozen=True)
class Compiled:
    """A heuristic prepared for one board shape and blank goal cell (relabelled cells)."""

    name: str
    evaluate: Callable[[Sequence[int]], int]
    tile_table: tuple[tuple[int, ...], ...] | None = None
    """``tile_table[label][pos]``: the estimate is the sum over tiles, when not None."""
    patterns: tuple[PatternLookup, ...] | None = None
    """Additive pattern databases with incremental indices, when not None: the
    estimate is the largest of the lookups' sums (one or two lookups)."""
    update: Callable[[list[int], int, int, int, int], int] | None = None
    """``update(cells, h, tile, frm, to)``: the estimate after ``tile`` moved from ``frm``
    to ``to`` (``cells`` already shows the move), given ``h`` before it; when not None."""

    def after_move(self, cells: list[int], h: int, tile: int, frm: int, to: int) -> int:
        """The estimate after ``tile`` slid from cell ``frm`` into the blank at ``to``
        (``cells`` already shows the move), given ``h`` before it.

        The one rule for updating the estimate move by move: the per-tile table's difference,
        else ``update``, else ``evaluate``. Pattern databases are evaluated afresh here; a
        search that keeps their indices (IDA*) updates them itself and must agree with this.
        """
        table = self.tile_table
        if table is not None:
            row = table[tile]
            return h + row[to] - row[frm]
        if self.update is not None:
            return self.update(cells, h, tile, frm, to)
        return self.evaluate(cells)

    def values_along(self, cells: Sequence[int], labels: Iterable[int]) -> list[int]:
        """The estimate at ``cells`` and after each move of a path, ``labels`` naming the
        tile (as a label) that slides into the blank at each move.

        >>> compile_heuristic("manhattan", 2, 2, 3).values_along([1, 2, 0, 3], [3, 2])
        [1, 0, 1]
        """
        board = list(cells)
        position = {label: pos for pos, label in enumerate(board)}
        h = self.evaluate(board)
        values = [h]
        for label in labels:
            frm, to = position[label], position[0]
            board[to], board[frm] = label, 0
            position[label], position[0] = to, frm
            h = self.after_move(board, h, label, frm, to)
            values.append(h)
        return values


# -- per-tile tables ---------------------------------------------------------


def _per_tile(rows: int, cols: int, cost: Callable[[int, int, int, int], int]) -> tuple[tuple[int, ...], ...]:
    """``table[label][pos] = cost(goal_row, goal_col, row, col)``; the blank costs 0."""
    size = rows * cols
    table = [tuple(0 for _ in range(size))]
    for label in range(1, size + 1):  # label L belongs at cell L - 1
        gr, gc = divmod(label - 1, cols)
        table.append(tuple(cost(gr, gc, p // cols, p % cols) for p in range(size)))
    return tuple(table)


def _sum_table(table: tuple[tuple[int, ...], ...]) -> Callable[[Sequence[int]], int]:
    def evaluate(cells: Sequence[int]) -> int:
        return sum(table[label][pos] for pos, label in enumerate(cells))

    return evaluate


def _compile_manhattan(rows: int, cols: int, blank_goal: int) -> Compiled:
    table = _per_tile(rows, cols, lambda gr, gc, r, c: abs(gr - r) + abs(gc - c))
    return Compiled("manhattan", _sum_table(table), tile_table=table)


def _compile_hamming(rows: int, cols: int, blank_goal: int) -> Compiled:
    table = _per_tile(rows, cols, lambda gr, gc, r, c: int((gr, gc) != (r, c)))
    return Compiled("hamming", _sum_table(table), tile_table=table)


def _compile_euclidean(rows: int, cols: int, blank_goal: int) -> Compiled:
    size = rows * cols
    dist = [[0.0] * size]
    for label in range(1, size + 1):
        gr, gc = divmod(label - 1, cols)
        dist.append([math.hypot(gr - p // cols, gc - p % cols) for p in range(size)])

    def evaluate(cells: Sequence[int]) -> int:
        total = sum(dist[label][pos] for pos, label in enumerate(cells))
        return math.ceil(total - 1e-9)

    return Compiled("euclidean", evaluate)


# -- linear conflict ---------------------------------------------------------


def _longest_increasing(seq: Sequence[int]) -> int:
    """Length of the longest strictly increasing subsequence (patience sorting)."""
    tails: list[int] = []
    for x in seq:
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(tails):
            tails.append(x)
        else:
            tails[lo] = x
    return len(tails)


def line_conflicts(goal_places: Sequence[int]) -> int:
    """Least number of tiles that must leave a line so the rest are in goal order.

    ``goal_places`` are the goal columns (for a row) or goal rows (for a
    column) of the tiles that stand in their goal line, in line order. Each
    such tile must step out and back: 2 extra moves, on top of Manhattan.

    >>> line_conflicts([3, 2, 1])   # not 3 conflicting pairs: two tiles leave
    2
    """
    return len(goal_places) - _longest_increasing(goal_places)


def _compile_linear_conflict(rows: int, cols: int, blank_goal: int) -> Compiled:
    manhattan_table = _per_tile(rows, cols, lambda gr, gc, r, c: abs(gr - r) + abs(gc - c))
    size = rows * cols
    goal_row = [0] + [(label - 1) // cols for label in range(1, size + 1)]
    goal_col = [0] + [(label - 1) % cols for label in range(1, size + 1)]
    row_cells = [list(range(r * cols, (r + 1) * cols)) for r in range(rows)]
    col_cells = [list(range(c, size, cols)) for c in range(cols)]
    memo: dict[tuple[int, ...], int] = {}

    def conflicts(key: tuple[int, ...]) -> int:
        value = memo.get(key)
        if value is None:
            value = memo[key] = line_conflicts(key)
        return value

    def row_conflicts(cells: Sequence[int], r: int) -> int:
        places = tuple(goal_col[cells[p]] for p in row_cells[r] if cells[p] and goal_row[cells[p]] == r)
        return conflicts(places) if len(places) > 1 else 0

    def col_conflicts(cells: Sequence[int], c: int) -> int:
        places = tuple(goal_row[cells[p]] for p in col_cells[c] if cells[p] and goal_col[cells[p]] == c)
        return conflicts(places) if len(places) > 1 else 0

    def evaluate(cells: Sequence[int]) -> int:
        h = sum(manhattan_table[label][pos] for pos, label in enumerate(cells))
        extra = sum(row_conflicts(cells, r) for r in range(rows))
        extra += sum(col_conflicts(cells, c) for c in range(cols))
        return h + 2 * extra

    def update(cells: list[int], h: int, tile: int, frm: int, to: int) -> int:
        # A vertical move keeps every column's order and changes only the two rows it
        # touches; and only the row that is the tile's goal row, which it leaves or enters
        # (likewise for a horizontal move and columns).
        table = manhattan_table[tile]
        h += table[to] - table[frm]
        count: Callable[[Sequence[int], int], int]
        if frm - to == cols or to - frm == cols:
            line, count, goal_line = frm // cols, row_conflicts, goal_row[tile]
            if goal_line == to // cols:
                line = goal_line
            elif goal_line != line:
                return h
        else:
            line, count, goal_line = frm % cols, col_conflicts, goal_col[tile]
            if goal_line == to % cols:
                line = goal_line
            elif goal_line != line:
                return h
        after = count(cells, line)
        cells[frm], cells[to] = tile, 0
        before = count(cells, line)
        cells[frm], cells[to] = 0, tile
        return h + 2 * (after - before)

    return Compiled("linear-conflict", evaluate, update=update)


# -- walking distance and pattern databases -----------------------------------


def _compile_walking_distance(rows: int, cols: int, blank_goal: int) -> Compiled:
    return Compiled("walking-distance", walking_distance_evaluator(rows, cols, blank_goal))


def _walking_distance_applies(rows: int, cols: int) -> bool:
    return walking_distance_supports(rows, cols)


def _compile_pdb(rows: int, cols: int, blank_goal: int) -> Compiled:
    lookups = pattern_lookups(rows, cols, blank_goal)
    if len(lookups) == 1:
        return Compiled("pdb", lookups[0].evaluate, patterns=lookups)
    manhattan_table = lookups[0].manhattan

    def evaluate(cells: Sequence[int]) -> int:
        if manhattan_table is None:
            return max(lookup.evaluate(cells) for lookup in lookups)
        # Tables of excesses over Manhattan (5x5): Manhattan once, plus twice the largest sum.
        h = sum(manhattan_table[label][pos] for pos, label in enumerate(cells))
        return h + 2 * max(lookup.table_sum(cells) for lookup in lookups)

    return Compiled("pdb", evaluate, patterns=lookups)


# -- the registry --------------------------------------------------------------


class NotApplicable(ValueError):
    """A heuristic asked for on a board or goal it does not work for (``HeuristicInfo.require``)."""


@dataclass(frozen=True)
class HeuristicInfo:
    """A registry entry: what a heuristic is called, what it guarantees and what it needs."""

    name: str
    label: str
    admissible: bool
    consistent: bool
    description: str
    compile: Callable[[int, int, int], Compiled]
    """``compile(rows, cols, blank_goal)``: the search-ready form (see ``compile_heuristic``)."""
    strength: int
    """Rank among the heuristics: the default is the strongest admissible one that applies."""
    applies: Callable[[int, int], bool] | None = None
    """Which (rows, cols) it applies to; None for every board."""
    sizes: str = "any board"
    """The same, in words, for menus and help."""
    serves_goal: Callable[[int, int, int], bool] | None = None
    """``serves_goal(rows, cols, blank_goal)``: whether it works for a goal with the blank
    at that cell (on a shape it applies to); None for every goal."""
    tables: TableFiles | None = None
    """The shipped table files it reads, for heuristics that have them."""
    explain: Explainer | None = None
    """Its value taken apart for "why h" (explainers.py); None: the value as one part."""

    def suits(self, rows: int, cols: int) -> bool:
        """Whether it applies to a rows x cols board."""
        return self.applies is None or self.applies(rows, cols)

    def applies_to(self, rows: int, cols: int, blank_goal: int) -> bool:
        """Whether it works for this shape and goal (its table files may still be missing)."""
        if not self.suits(rows, cols):
            return False
        return self.serves_goal is None or self.serves_goal(rows, cols, blank_goal)

    def require(self, rows: int, cols: int, blank_goal: int) -> None:
        """The one check, with the one message, that it works for this shape and goal:
        NotApplicable otherwise."""
        if not self.applies_to(rows, cols, blank_goal):
            goal = "this goal on " if self.suits(rows, cols) else ""
            raise NotApplicable(
                f"the {self.name} heuristic does not apply to {goal}a {rows}x{cols} board: it works on {self.sizes}")

    def missing_files(self, rows: int, cols: int, blank_goal: int) -> list[str]:
        """Table files it needs here that are not on disk (the browser fetches them)."""
        if self.tables is None or not self.applies_to(rows, cols, blank_goal):
            return []
        return self.tables.missing(rows, cols, blank_goal)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready description, for menus."""
        return {
            "name": self.name,
            "label": self.label,
            "admissible": self.admissible,
            "consistent": self.consistent,
            "description": self.description,
            "sizes": self.sizes,
            "uses_tables": self.tables is not None,
        }


HEURISTICS: dict[str, HeuristicInfo] = {
    info.name: info
    for info in (
        HeuristicInfo(
            "hamming", "Misplaced tiles", True, True,
            "Number of tiles not on their goal cell. Each needs at least one move, and a "
            "move changes the count by at most one.",
            _compile_hamming, strength=0, explain=explain_hamming,
        ),
        HeuristicInfo(
            "manhattan", "Manhattan distance", True, True,
            "Sum over tiles of the rows plus columns to the goal cell. A move shifts one "
            "tile one cell, so it changes the sum by exactly one.",
            _compile_manhattan, strength=2, explain=explain_manhattan,
        ),
        HeuristicInfo(
            "euclidean", "Euclidean distance", True, True,
            "Sum over tiles of the straight-line distance to the goal cell, rounded up to "
            "whole moves. Never more than Manhattan, so weaker; a move changes it by at most one.",
            _compile_euclidean, strength=1, explain=explain_euclidean,
        ),
        HeuristicInfo(
            "linear-conflict", "Linear conflict", True, True,
            "Manhattan plus 2 for each tile that must leave its goal row or column so the "
            "rest of that line can pass: per line, the number of tiles outside a longest "
            "in-order subsequence. Row conflicts cost vertical moves and column conflicts "
            "horizontal ones, so they add up.",
            _compile_linear_conflict, strength=3, explain=explain_linear_conflict,
        ),
        HeuristicInfo(
            "walking-distance", "Walking distance", True, True,
            "Exact moves needed when tiles are only told apart by goal row (vertical part) "
            "and by goal column (horizontal part); the two parts count different moves, "
            "so they add up. At least Manhattan.",
            _compile_walking_distance, strength=4, applies=_walking_distance_applies,
            sizes="up to 4x4, 3x5 and 2x6 (its tables grow fast)", explain=explain_walking_distance,
        ),
        HeuristicInfo(
            "pdb", "Pattern database", True, False,
            "Additive disjoint pattern databases: exact moves of each group of tiles, the "
            "other tiles moving for free, precomputed by breadth-first search; the groups' "
            "values add up. 4-4 split on 3x3, two 6-6-3 partitions on 4x4, two 5-5-5-5-4 "
            "partitions on 5x5 (stored as each group's moves beyond its tiles' Manhattan "
            "distance: the estimate is Manhattan plus those extra moves); the tables are also "
            "read through the board's reflection about the diagonal, which groups other tiles "
            "together, and the largest sum counts. Each table keeps the least value over "
            "where the blank is, so one move can lower the sum by more than one: admissible, "
            "not consistent (A* here reopens states, so it stays optimal).",
            _compile_pdb, strength=5, applies=pattern_database_applies,
            sizes="up to 9 cells (tables built on demand), and 4x4 and 5x5 with the blank's "
            "goal in a corner",
            serves_goal=serves_goal,
            tables=TableFiles(table_files, table_loading, "Loading pattern databases"), explain=explain_pdb,
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


@functools.lru_cache(maxsize=64)
def compile_heuristic(name: str, rows: int, cols: int, blank_goal: int) -> Compiled:
    """The search-ready form of heuristic ``name`` for one shape and blank goal cell
    (NotApplicable where it does not work)."""
    info = get_heuristic(name)
    info.require(rows, cols, blank_goal)
    return info.compile(rows, cols, blank_goal)


def heuristic_applies(name: str, rows: int, cols: int, blank_goal: int) -> bool:
    """Whether ``name`` works for this shape and goal (its table files may still be missing)."""
    return get_heuristic(name).applies_to(rows, cols, blank_goal)


def heuristic_available(name: str, rows: int, cols: int, blank_goal: int) -> bool:
    """Whether ``name`` can be used here now: it applies and its table files are present."""
    info = get_heuristic(name)
    return info.applies_to(rows, cols, blank_goal) and not info.missing_files(rows, cols, blank_goal)


def table_needs(heuristics: Iterable[HeuristicInfo | str | None], rows: int, cols: int, blank_goal: int) -> list[str]:
    """Which table files work on this shape and goal needs that are not on disk (the browser
    fetches them): those of each heuristic it runs (a registry name or entry; None for
    none), in order, each once. The one answer every request, job and search asks for
    (a solve, a comparison, a preparation, a breakdown, an analysis, ...).

    >>> table_needs([None, "manhattan"], 4, 4, 15)
    []
    """
    need: list[str] = []
    for heuristic in heuristics:
        info = get_heuristic(heuristic) if isinstance(heuristic, str) else heuristic
        if info is not None:
            need.extend(name for name in info.missing_files(rows, cols, blank_goal) if name not in need)
    return need


def heuristic_loading(name: str, rows: int, cols: int, blank_goal: int) -> Iterator[None] | None:
    """Steps that load the files ``name`` needs here (each step short), or None if
    ``compile_heuristic`` can answer at once. Searches run them first, so that a
    cancel is seen while tens of megabytes of tables are being decompressed."""
    info = get_heuristic(name)
    if info.tables is None or not info.applies_to(rows, cols, blank_goal):
        return None
    return info.tables.loading(rows, cols, blank_goal)  # None too when a file is missing


def heuristic_ready(name: str, rows: int, cols: int, blank_goal: int) -> bool:
    """Whether ``compile_heuristic`` answers at once: ``name`` applies, its table files are
    present, and its tables are loaded (or built) already."""
    return heuristic_available(name, rows, cols, blank_goal) and heuristic_loading(name, rows, cols, blank_goal) is None


def strongest_heuristic(rows: int, cols: int, blank_goal: int, available_only: bool = False,
                        ready_only: bool = False) -> str:
    """The strongest admissible heuristic that applies to the shape and goal (with
    ``available_only``, among those whose table files are present; with ``ready_only``,
    among those ready at once, whose tables are loaded too: decoding a 5x5's tables in one
    call takes a third of a second in the browser)."""
    usable = [
        info for info in HEURISTICS.values()
        if info.admissible and info.applies_to(rows, cols, blank_goal)
        and not (available_only and info.missing_files(rows, cols, blank_goal))
        and not (ready_only and not heuristic_ready(info.name, rows, cols, blank_goal))
    ]
    return max(usable, key=lambda info: info.strength).name


def heuristic_along(start: Board, goal: Board, heuristic: str | None, tiles: Sequence[int]) -> tuple[str, list[int]]:
    """The heuristic's name and its value at the start and after every move of ``tiles``
    (for g, h and f along a solution; ``Compiled.values_along`` walks the path). ``heuristic``
    if it is ready, else the strongest one that is: this is computed between a search's
    slices, and must never load tables in one go (the search loads them in steps). A
    person's heuristic (not in the registry) is not run here either: the strongest ready one is."""
    name = heuristic
    if name is None or name not in HEURISTICS or not heuristic_ready(name, start.rows, start.cols, goal.blank):
        name = strongest_heuristic(start.rows, start.cols, goal.blank, ready_only=True)
    compiled = compile_heuristic(name, start.rows, start.cols, goal.blank)
    cells = relabel(start, goal)
    label_of = dict(zip(start.tiles, cells))
    return name, compiled.values_along(cells, [label_of[tile] for tile in tiles])


def estimate(name: str, board: Board, goal: Board) -> int:
    """The value of heuristic ``name`` for ``board`` against ``goal``."""
    cells = relabel(board, goal)
    return compile_heuristic(name, board.rows, board.cols, goal.blank).evaluate(cells)


def hamming(board: Board, goal: Board) -> int:
    """Misplaced tiles (blank not counted). Admissible and consistent."""
    return estimate("hamming", board, goal)


def manhattan(board: Board, goal: Board) -> int:
    """Sum of each tile's row and column distance to its goal cell. Admissible, consistent.

    >>> manhattan(Board.from_string("1 2 3 4 5 6 7 0 8"), Board.goal(3))
    1
    """
    return estimate("manhattan", board, goal)


def euclidean(board: Board, goal: Board) -> int:
    """Straight-line distances summed, rounded up. Admissible, consistent, below Manhattan."""
    return estimate("euclidean", board, goal)


def linear_conflict(board: Board, goal: Board) -> int:
    """Manhattan plus 2 per tile that must leave its line. Admissible and consistent.

    >>> linear_conflict(Board.from_string("3 2 1 / 4 5 6 / 7 8 0"), Board.goal(3))
    8
    """
    return estimate("linear-conflict", board, goal)


def walking_distance(board: Board, goal: Board) -> int:
    """Walking distance (vertical plus horizontal). Admissible and consistent; see its ``sizes``."""
    return estimate("walking-distance", board, goal)


def pattern_database(board: Board, goal: Board) -> int:
    """Additive disjoint pattern databases. Admissible, not consistent; 3x3 and 4x4."""
    return estimate("pdb", board, goal)
