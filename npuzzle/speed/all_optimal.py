"""Every shortest solution of a board: how many there are, and the solutions themselves.

IDA* with the strongest admissible heuristic for the board finds the shortest length L the
way a solve does; then, instead of stopping at the first solution, the iteration of bound L
is searched to its end (idastar's ``collect``): with an admissible heuristic every path of
L moves to the goal has f <= L at every node, so none is pruned, and the depth-first search
meets each once (it never undoes the move before, which no shortest path does). The count
is therefore exact when the iteration ends; a limit or Stop met before it ends leaves a
lower bound, and says so (``complete``).

Counting costs what the last iteration costs: the median over Korf's 100 is about what
finding one solution costs again (bench/all_optimal.py). The solutions themselves are kept
up to ``limit``: when there are more, the ``limit`` with the fewest multi-tile moves (ties:
the order found), so that sorting by the multi-tile metric shows the best of all of them.
Every solution found is counted in the figures that cover them all: the first moves (how
many shortest solutions start with each) and the spread of multi-tile lengths.

>>> from ..board import Board
>>> job = AllOptimal(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), Board.goal(3, 3))
>>> result = run(job)
>>> result.length, result.count, result.complete, [s.moves for s in result.solutions]
(2, 1, True, ['LL'])
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from ..board import Board
from ..heuristics import Compiled, table_needs
from ..job import run
from ..search.idastar import idastar
from ..search.registry import default_heuristic
from ..search.result import DEPTH_FIRST_MAX_NODES, DEFAULT_TIME_LIMIT, Limits, Progress, StopReason
from ..search.solver import OverSearch, Search
from ..search.steps import Steps
from .metrics import mtm_length

__all__ = ["ALL_OPTIMAL_MAX_CELLS", "AllOptimal", "AllOptimalError", "AllOptimalProgress", "AllOptimalResult",
           "DEFAULT_LIST_LIMIT", "FirstMove", "MAX_LIST_LIMIT", "Solution", "check_all_optimal", "run"]

ALL_OPTIMAL_MAX_CELLS = 16
"""The largest board (in cells) whose shortest solutions are all found: 4x4, 3x5, 2x8 and
smaller, the boards one shortest solution is found for in seconds."""
DEFAULT_LIST_LIMIT = 100
"""Solutions kept and listed when no limit is given."""
MAX_LIST_LIMIT = 10_000
"""The most solutions a caller may ask to be kept."""


class AllOptimalError(ValueError):
    """A board every shortest solution of which is not searched for (too large), or a limit
    out of range; ``field`` names what is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def check_all_optimal(board: Board) -> None:
    """AllOptimalError unless every shortest solution of ``board`` is searched for."""
    if board.size > ALL_OPTIMAL_MAX_CELLS:
        raise AllOptimalError(
            "board", f"every shortest solution is found on boards of at most {ALL_OPTIMAL_MAX_CELLS} cells "
                     f"(4x4, 3x5, 2x8): a {board.shape} board has {board.size}")


@dataclass(frozen=True)
class Solution:
    """One shortest solution: the tiles moved, their directions (this page's letters), and its
    length in both metrics."""

    tiles: tuple[int, ...]
    moves: str

    @property
    def stm(self) -> int:
        """Single-tile moves: every slide."""
        return len(self.moves)

    @property
    def mtm(self) -> int:
        """Multi-tile moves: a run of slides in one line and one direction counts once."""
        return mtm_length(self.moves)

    def to_dict(self) -> dict[str, object]:
        return {"moves": self.moves, "tiles": list(self.tiles), "stm": self.stm, "mtm": self.mtm}


@dataclass(frozen=True)
class FirstMove:
    """A first move of shortest solutions: the direction the tile slides, the tile, and how many
    of the shortest solutions (found) start with it."""

    direction: str
    tile: int
    count: int

    def to_dict(self) -> dict[str, object]:
        return {"direction": self.direction, "tile": self.tile, "count": self.count}


@dataclass(frozen=True)
class AllOptimalProgress:
    """Where the search is: the search's counts, the shortest length once known (the bound of
    the iteration that reached the goal) and the solutions found so far."""

    search: Progress | None
    length: int | None
    found: int

    def to_dict(self) -> dict[str, object]:
        return {**(self.search.to_dict() if self.search else {}), "length": self.length, "found": self.found}


@dataclass(frozen=True)
class AllOptimalResult:
    """Every shortest solution found: their ``count`` (exact when ``complete``, else a lower
    bound), the ``solutions`` kept (at most ``limit``, fewest multi-tile moves first), the
    first moves, and how many have each multi-tile length."""

    start: Board
    goal: Board
    heuristic: str
    stop: StopReason
    length: int | None
    count: int
    complete: bool
    limit: int
    solutions: tuple[Solution, ...]
    first_moves: tuple[FirstMove, ...]
    mtm_lengths: dict[int, int]
    expanded: int
    generated: int
    seconds: float
    solvable: bool = True

    @property
    def stopped(self) -> str | None:
        """Why the search ended before every solution was counted (a stop reason's value), or
        None when it counted them all (or proved there are none)."""
        return None if self.stop.finished else self.stop.value

    def to_dict(self) -> dict[str, object]:
        """The keys of ``solve --all-optimal --json`` and of the web API's answer."""
        return {
            "start": self.start.to_string(), "goal": self.goal.to_string(),
            "rows": self.start.rows, "cols": self.start.cols,
            "heuristic": self.heuristic, "solvable": self.solvable,
            "stopped": self.stopped, "length": self.length,
            "count": self.count, "count_exact": self.complete,
            "mtm_min": min(self.mtm_lengths) if self.mtm_lengths else None,
            "mtm_lengths": {str(k): v for k, v in sorted(self.mtm_lengths.items())},
            "first_moves": [m.to_dict() for m in self.first_moves],
            "limit": self.limit, "listed": len(self.solutions), "sorted_by": "mtm",
            "solutions": [s.to_dict() for s in self.solutions],
            "expanded": self.expanded, "generated": self.generated, "seconds": round(self.seconds, 4),
        }


class _Counting(Search):
    """IDA* whose last iteration is searched to its end, handing every solution to a callback."""

    def __init__(self, board: Board, goal: Board, limits: Limits, fetching: bool, collect: _Collector) -> None:
        super().__init__(board, goal, "idastar", default_heuristic(board.rows, board.cols, goal.blank), limits,
                         fetching=fetching)
        self.collector = collect

    def _start_steps(self, compiled: Compiled | None) -> Steps:
        assert compiled is not None  # IDA* takes a heuristic
        return idastar(self.problem, compiled, self.limits, self.options, None, collect=self.collector.add)


@dataclass
class _Collector:
    """Counts every solution handed over and keeps the ``limit`` with fewest multi-tile moves."""

    board: Board
    limit: int
    count: int = 0
    length: int | None = None
    kept: list[tuple[int, int, list[int]]] = field(default_factory=list)
    """A heap of (-mtm, -order, blanks): its top is the worst kept, the first to go."""
    first: dict[int, int] = field(default_factory=dict)
    """Per first blank position: how many solutions start by moving the blank there."""
    mtm_lengths: dict[int, int] = field(default_factory=dict)

    def add(self, blanks: list[int]) -> None:
        self.count += 1
        self.length = len(blanks) - 1
        turns = 0
        step = 0
        for before, after in zip(blanks, blanks[1:]):
            if after - before != step:
                turns += 1
                step = after - before
        self.mtm_lengths[turns] = self.mtm_lengths.get(turns, 0) + 1
        if len(blanks) > 1:
            self.first[blanks[1]] = self.first.get(blanks[1], 0) + 1
        entry = (-turns, -self.count, blanks)
        if len(self.kept) < self.limit:
            heapq.heappush(self.kept, entry)
        elif entry > self.kept[0]:
            heapq.heapreplace(self.kept, entry)


class AllOptimal(OverSearch):
    """A job (npuzzle/job.py): every shortest solution of ``board``, counted, and the first
    ``limit`` of them (by multi-tile moves) kept. AllOptimalError for a board too large or a
    limit out of range."""

    def __init__(self, board: Board, goal: Board, limits: Limits | None = None,
                 limit: int = DEFAULT_LIST_LIMIT, fetching: bool = False) -> None:
        check_all_optimal(board)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIST_LIMIT:
            raise AllOptimalError("limit", f"the limit must be a whole number from 1 to {MAX_LIST_LIMIT:,}, "
                                           f"not {limit!r}")
        self.board = board
        self.goal = goal
        self.limit = limit
        self._collector = _Collector(board, limit)
        self._search = _Counting(board, goal, limits or Limits(DEPTH_FIRST_MAX_NODES, DEFAULT_TIME_LIMIT),
                                 fetching, self._collector)
        self.result: AllOptimalResult | None = None

    @property
    def heuristic(self) -> str:
        return self._search.heuristic or ""

    def missing_files(self) -> list[str]:
        """Table files the heuristic needs that are not here (fetch them, then start again)."""
        entry = self._search.heuristic_info
        return table_needs([entry], self.board.rows, self.board.cols, self.goal.blank)

    @property
    def limits(self) -> Limits:
        return self._search.limits

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def progress(self) -> AllOptimalProgress | None:
        collector = self._collector
        search = self._search.progress
        return AllOptimalProgress(search, collector.length, collector.count)

    def _finish(self) -> None:
        found = self._search.result
        if found is None:
            return
        c = self._collector
        problem = self._search.problem
        ordered = sorted(c.kept, key=lambda entry: (-entry[0], -entry[1]))
        solutions = tuple(Solution(*problem.decode(blanks)) for _, _, blanks in ordered)
        start = problem.start_board
        first_moves = tuple(sorted(
            (FirstMove(start.direction_of(start.tiles[at]), start.tiles[at], n) for at, n in c.first.items()),
            key=lambda m: (-m.count, m.direction)))
        length = c.length if c.count else (found.length if found.solved else None)
        self.result = AllOptimalResult(
            start=start, goal=self.goal, heuristic=self.heuristic, stop=found.stop, length=length,
            count=c.count, complete=found.stop.finished, limit=self.limit, solutions=solutions,
            first_moves=first_moves, mtm_lengths=dict(c.mtm_lengths), expanded=found.expanded,
            generated=found.generated, seconds=found.seconds, solvable=found.solvable)

