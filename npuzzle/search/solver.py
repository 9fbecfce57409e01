"""The algorithm registry and the one entry point every caller uses.

``solve(board, goal, ...)`` runs a search to the end. ``Search`` is the same
search as an object that can be advanced a slice of time at a time, which is
how the browser worker keeps the page responsive and takes cancel requests.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Iterator

from ..board import Board
from ..heuristics import (
    HEURISTICS,
    compile_heuristic,
    get_heuristic,
    heuristic_applies,
    heuristic_loading,
)
from ..solvability import is_solvable
from .astar import astar, greedy, weighted_astar
from .bfs import bfs
from .iddfs import iddfs
from .idastar import idastar
from .problem import Problem
from .result import (
    DEFAULT_MAX_NODES,
    DEPTH_FIRST_MAX_NODES,
    Limits,
    Progress,
    SearchResult,
    StopReason,
)
from .steps import Steps

_DONE = object()

ProgressCallback = Callable[[Progress], "bool | None"]
"""Called with the counts so far; return True to cancel the search."""


DEFAULT_WEIGHT = 1.5


@dataclass(frozen=True)
class AlgorithmInfo:
    """A registry entry: what an algorithm is called and what it guarantees."""

    name: str
    label: str
    function: Callable[..., Steps]
    """``(problem, heuristic, limits)``, plus ``weight`` when ``weighted``."""
    optimal: bool
    """Whether its solutions are proven shortest (with an admissible heuristic)."""
    uses_heuristic: bool
    description: str
    max_cells: int | None = None
    """Largest board (in cells) it is offered for by ``compare`` and the page; None for any."""
    weighted: bool = False
    """Whether it takes a weight w >= 1 (weighted A*)."""
    default_max_nodes: int = DEFAULT_MAX_NODES
    """Its node limit when none is given: low for searches that store every state,
    high for depth-first ones, whose memory stays small (the time limit binds)."""

    def suits(self, rows: int, cols: int) -> bool:
        """Whether the page and ``compare`` should offer it for a rows x cols board."""
        return self.max_cells is None or rows * cols <= self.max_cells

    def to_dict(self) -> dict[str, object]:
        """JSON-ready description, for menus."""
        return {
            "name": self.name,
            "label": self.label,
            "optimal": self.optimal,
            "uses_heuristic": self.uses_heuristic,
            "weighted": self.weighted,
            "description": self.description,
            "max_cells": self.max_cells,
            "default_max_nodes": self.default_max_nodes,
        }


ALGORITHMS: dict[str, AlgorithmInfo] = {
    info.name: info
    for info in (
        AlgorithmInfo(
            "bfs", "Breadth-first search", bfs, True, False,
            "Explores by distance from the start; optimal, but stores every state it sees.",
            max_cells=16,
        ),
        AlgorithmInfo(
            "iddfs", "Iterative deepening DFS", iddfs, True, False,
            "Depth-first to depth 1, 2, 3, ...; optimal with little memory, but repeats work.",
            max_cells=16, default_max_nodes=DEPTH_FIRST_MAX_NODES,
        ),
        AlgorithmInfo(
            "greedy", "Greedy best-first", greedy, False, True,
            "Always expands the state that looks nearest the goal (lowest h); fast, not optimal.",
        ),
        AlgorithmInfo(
            "astar", "A*", astar, True, True,
            "Best-first on f = g + h with a closed set; optimal, memory grows with the search.",
        ),
        AlgorithmInfo(
            "wastar", "Weighted A*", weighted_astar, False, True,
            "Best-first on f = g + w*h; trades length for speed: length <= w * optimal.",
            weighted=True,
        ),
        AlgorithmInfo(
            "idastar", "IDA*", idastar, True, True,
            "Depth-first iterative deepening on f = g + h; optimal, memory linear in depth.",
            default_max_nodes=DEPTH_FIRST_MAX_NODES,
        ),
    )
}


def get_algorithm(name: str) -> AlgorithmInfo:
    """The registry entry for ``name``; ValueError listing the choices otherwise."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise ValueError(
            f"unknown algorithm {name!r}: choose one of {', '.join(ALGORITHMS)}"
        ) from None


def default_algorithm(rows: int, cols: int) -> str:
    """The fastest optimal algorithm we have for the size: IDA*."""
    return "idastar"


def default_max_nodes(algorithm: str | None, rows: int, cols: int) -> int:
    """The node limit a search gets when none is given: its algorithm's own (the default
    algorithm's when ``algorithm`` is None)."""
    return get_algorithm(algorithm or default_algorithm(rows, cols)).default_max_nodes


def default_heuristic(rows: int, cols: int, blank_goal: int | None = None) -> str:
    """The strongest admissible heuristic that applies to the board and its goal's blank cell."""
    blank = rows * cols - 1 if blank_goal is None else blank_goal
    for name in ("pdb", "walking-distance", "linear-conflict"):
        if heuristic_applies(name, rows, cols, blank):
            return name
    return "manhattan"  # pragma: no cover - linear conflict applies everywhere


class Search:
    """One search, advanced by ``step`` in slices of time, or run to the end by ``run``."""

    def __init__(
        self,
        board: Board,
        goal: Board,
        algorithm: str | None = None,
        heuristic: str | None = None,
        limits: Limits | None = None,
        weight: float | None = None,
    ) -> None:
        algorithm = algorithm or default_algorithm(board.rows, board.cols)
        info = get_algorithm(algorithm)
        if info.uses_heuristic:
            heuristic = heuristic or default_heuristic(board.rows, board.cols, goal.blank)
            if not get_heuristic(heuristic).suits(board.rows, board.cols):
                raise ValueError(f"the {heuristic} heuristic does not apply to a {board.shape} board")
        else:
            heuristic = None
        if info.weighted:
            weight = DEFAULT_WEIGHT if weight is None else weight
            if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 1 <= weight < float("inf"):
                raise ValueError(f"the weight must be a number of at least 1, not {weight!r}")
        elif weight is not None:
            raise ValueError(f"only wastar takes a weight, not {algorithm}")
        self.weight = weight
        self.board = board
        self.goal = goal
        self.info = info
        self.heuristic = heuristic
        self.limits = limits or Limits(max_nodes=info.default_max_nodes)
        self.problem = Problem.from_boards(board, goal)
        self.result: SearchResult | None = None
        self.progress: Progress | None = None
        self._steps: Steps | None = None
        self._started = time.perf_counter()
        self.setup_seconds = 0.0
        """Time spent preparing the heuristic (building or loading tables), not searching."""
        self._loading: Iterator[None] | None = None
        if not is_solvable(board, goal):
            self.result = self._result(StopReason.UNSOLVABLE, None, 0, 0, 0, None, solvable=False)

    def _result(
        self, stop: StopReason, path: list[int] | None, expanded: int, generated: int,
        max_frontier: int, bound: int | None, solvable: bool = True,
    ) -> SearchResult:
        tiles, moves = self.problem.decode(path) if path is not None else ((), "")
        heuristic_ok = self.heuristic is None or HEURISTICS[self.heuristic].admissible
        proven = self.info.optimal or (self.info.weighted and self.weight == 1)
        return SearchResult(
            algorithm=self.info.name,
            heuristic=self.heuristic,
            start=self.board,
            goal=self.goal,
            stop=stop,
            tiles=tiles,
            moves=moves,
            expanded=expanded,
            generated=generated,
            max_frontier=max_frontier,
            seconds=time.perf_counter() - self._started,
            optimal=stop is StopReason.SOLVED and proven and heuristic_ok,
            solvable=solvable,
            bound=bound if self.info.optimal or self.weight == 1 else None,
            weight=self.weight,
            setup_seconds=self.setup_seconds,
            suboptimality=self.weight if self.info.weighted and heuristic_ok else None,
        )

    def step(self, budget: float = 0.03, cancel: bool = False) -> SearchResult | Progress:
        """Work for about ``budget`` seconds; return the result when done, else progress."""
        if self.result is not None:
            return self.result
        if self._steps is None:
            name = self.heuristic or "manhattan"
            shape = (self.problem.rows, self.problem.cols, self.goal.blank)
            if self._loading is None:
                self._loading = heuristic_loading(name, *shape) or iter(())
            # Load the heuristic's tables a step at a time (a cancel is seen between steps).
            prepared = time.perf_counter()
            end = prepared + budget
            loaded = False
            while not cancel:
                if next(self._loading, _DONE) is _DONE:
                    loaded = True
                    break
                if time.perf_counter() >= end:
                    break
            self.setup_seconds += time.perf_counter() - prepared
            if cancel:
                self.result = self._result(StopReason.CANCELLED, None, 0, 0, 0, None)
                return self.result
            if not loaded:
                self.progress = Progress(
                    0, 0, 0, 0, time.perf_counter() - self._started, stage="Loading pattern databases"
                )
                return self.progress
            prepared = time.perf_counter()
            compiled = compile_heuristic(name, *shape)
            self.setup_seconds += time.perf_counter() - prepared
            if self.info.weighted:
                self._steps = self.info.function(self.problem, compiled, self.limits, float(self.weight or 1))
            else:
                self._steps = self.info.function(self.problem, compiled, self.limits)
            self._started = time.perf_counter()
            if cancel:
                self._steps.close()
                self.result = self._result(StopReason.CANCELLED, None, 0, 0, 0, None)
                return self.result
            send: bool | None = None
        else:
            send = cancel
        end = time.perf_counter() + budget
        try:
            while True:
                self.progress = self._steps.send(send)  # type: ignore[arg-type]
                send = False
                if time.perf_counter() >= end:
                    return self.progress
        except StopIteration as stop:
            out = stop.value
            self._steps = None
            if out is None:  # the generator died (e.g. KeyboardInterrupt): report what we saw
                p = self.progress
                self.result = self._result(
                    StopReason.CANCELLED, None, p.expanded if p else 0, p.generated if p else 0,
                    p.max_frontier if p else 0, p.bound if p else None,
                )
            else:
                self.result = self._result(
                    out.stop, out.path, out.expanded, out.generated, out.max_frontier, out.bound
                )
            return self.result

    def cancel(self) -> SearchResult:
        """Stop now and return the result, marked cancelled."""
        if self.result is not None:
            return self.result
        out = self.step(0.0, cancel=True)
        while not isinstance(out, SearchResult):  # the generator answers a cancel at once
            out = self.step(0.0, cancel=True)
        return out

    def run(self, progress: ProgressCallback | None = None, interval: float = 0.1) -> SearchResult:
        """Run to the end, calling ``progress`` about every ``interval`` seconds."""
        cancel = False
        while True:
            out = self.step(interval, cancel)
            if isinstance(out, SearchResult):
                return out
            if progress is not None:
                cancel = bool(progress(out))


def solve(
    board: Board,
    goal: Board | None = None,
    algorithm: str | None = None,
    heuristic: str | None = None,
    limits: Limits | None = None,
    progress: ProgressCallback | None = None,
    weight: float | None = None,
) -> SearchResult:
    """Solve ``board`` (goal: blank-last by default) and return the uniform result.

    Unsolvable boards are answered at once from parity, without a search.
    """
    goal = goal or Board.goal(board.rows, board.cols)
    return Search(board, goal, algorithm, heuristic, limits, weight).run(progress)
