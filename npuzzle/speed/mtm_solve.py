"""A solve in the multi-tile metric, as a job (npuzzle/job.py): ``mtm.mtm_search`` driven a
slice at a time, its outcome a ``SearchResult`` like any search's, marked ``metric = "mtm"``
(its ``bound`` the multi-tile moves proven needed; ``mtm_optimal`` when the solution has the
fewest), so that the front doors answer it as they answer a solve (``solve --metric mtm``, the
web API's ``solve`` with ``"metric": "mtm"``).

>>> from ..board import Board
>>> from ..job import run
>>> result = run(MtmSolve(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), Board.goal(3, 3)))
>>> result.moves, result.mtm_optimal, result.metric
('LL', True, 'mtm')
"""

from __future__ import annotations

import time
from dataclasses import replace

from ..board import Board
from ..search.problem import Problem
from ..search.result import DEPTH_FIRST_MAX_NODES, DEFAULT_TIME_LIMIT, Limits, Progress, SearchResult, StopReason
from ..search.steps import Outcome, Steps
from ..solvability import is_solvable
from .mtm import MTM_TABLE_CELLS, check_mtm_supported, mtm_search

__all__ = ["METRICS", "METRIC_WORDS", "MTM_METHOD", "MTM_METHOD_WORDS", "MtmSolve"]

METRICS = ("stm", "mtm")
"""The metrics a solve counts its moves in: every slide (``stm``), or a run of slides of one
line in one direction once (``mtm``)."""
METRIC_WORDS = (
    {"name": "stm", "label": "Single-tile moves (STM)",
     "description": "Every slide counts as a move: the algorithm and heuristic chosen find the solution."},
    {"name": "mtm", "label": "Multi-tile moves (MTM)",
     "description": "A run of slides of one line in one direction counts as one move (a line pushed once): the "
                    "fewest such moves are found and proven, on boards up to 9 cells and 4x4."},
)
"""The metrics in words, for the page's menu (the web API's ``info``)."""
MTM_METHOD = {"table": "mtm-table", "groups": "mtm-group-tables"}
MTM_METHOD_WORDS = {"mtm-table": "a table of every state's multi-tile distance",
                    "mtm-group-tables": "IDA* with multi-tile group tables"}
"""Each way in words (the web API's ``info``)."""
"""How an MTM solve finds its distances, named as its result's ``heuristic``: a table of every
state's distance (boards up to 9 cells), or IDA* with group tables (4x4)."""


class MtmSolve:
    """The fewest multi-tile moves from ``board`` to ``goal``, a job. MtmUnsupported (a
    ValueError) for a size with no MTM-optimal solver."""

    def __init__(self, board: Board, goal: Board, limits: Limits | None = None) -> None:
        check_mtm_supported(board.rows, board.cols)
        self.board = board
        self.goal = goal
        self.limits = limits or Limits(DEPTH_FIRST_MAX_NODES, DEFAULT_TIME_LIMIT)
        self.problem = Problem.from_boards(board, goal)
        self.heuristic = MTM_METHOD["table" if board.size <= MTM_TABLE_CELLS else "groups"]
        self.progress: Progress | None = None
        self.result: SearchResult | None = None
        self._steps: Steps | None = None
        self._started = time.perf_counter()
        self._setup = 0.0
        if not is_solvable(board, goal):
            self.result = self._result(Outcome(StopReason.UNSOLVABLE, None, 0, 0, 0, None), solvable=False)

    @property
    def done(self) -> bool:
        return self.result is not None

    def step(self, budget: float = 0.03) -> None:
        self._advance(budget, False)

    def cancel(self) -> None:
        while self.result is None:
            self._advance(0.0, True)

    def _advance(self, budget: float, cancel: bool) -> None:
        if self.result is not None:
            return
        end = time.perf_counter() + budget
        if self._steps is None:
            self._steps = mtm_search(self.problem, self.limits)
            send: bool | None = None
        else:
            send = cancel
        try:
            while True:
                began = time.perf_counter()
                progress = self._steps.send(send)  # type: ignore[arg-type]
                send = False
                if progress.stage is not None:  # building tables: setup, not search
                    self._setup += time.perf_counter() - began
                self.progress = progress
                if time.perf_counter() >= end or cancel:
                    if cancel:
                        send = True
                        continue
                    return
        except StopIteration as stop:
            self.result = self._result(stop.value)

    def _result(self, out: Outcome, solvable: bool = True) -> SearchResult:
        tiles, moves = self.problem.decode(out.path) if out.path is not None else ((), "")
        seconds = time.perf_counter() - self._started
        result = SearchResult(
            algorithm="idastar", heuristic=self.heuristic, start=self.board, goal=self.goal, stop=out.stop,
            tiles=tiles, moves=moves, expanded=out.expanded, generated=out.generated, max_frontier=out.max_frontier,
            seconds=max(0.0, seconds - self._setup), optimal=False, solvable=solvable, bound=out.bound,
            setup_seconds=self._setup,
        )
        return replace(result, metric="mtm", mtm_optimal=out.stop is StopReason.SOLVED)
