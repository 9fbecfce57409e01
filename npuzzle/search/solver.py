"""One search, run to the end (``solve``) or a slice of time at a time (``Search``, a job).

``Search`` looks the algorithm and the heuristic up in their registries
(registry.py, heuristics.py), gets the heuristic ready the way the algorithm's
entry says (preparation.py), drives the algorithm's generator, and turns its
outcome into a ``SearchResult`` with what the search proved (proof.py). It is a
``Job`` (npuzzle/job.py): stepped a slice at a time, which is how the browser worker
keeps the page responsive and takes cancel requests, and how the command line draws
its progress line.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Callable, Mapping

from ..board import Board
from ..heuristics import Compiled, HeuristicInfo, get_heuristic
from ..solvability import is_solvable
from ..job import run
from .preparation import Preparation, registered
from .problem import Problem
from .proof import prove
from .registry import ALGORITHMS, DEFAULT_ALGORITHM, default_heuristic, get_algorithm
from .result import Improvement, Limits, Progress, SearchResult, StopReason
from .steps import Outcome, Steps
from .trace import Sample, Trace
from .tree import DEFAULT_TREE_EXPANSIONS, TreeError, TreeRecorder, check_tree

__all__ = ["ProgressCallback", "Search", "solve"]

ProgressCallback = Callable[[Progress], "bool | None"]
"""Called with the counts so far; return True to cancel the search."""


class Search:
    """One search, a job (npuzzle/job.py): advanced by ``step`` in slices of time, asked for
    its ``progress`` and, once ``done``, its ``result``; or run to the end by ``run``."""

    def __init__(
        self,
        board: Board,
        goal: Board,
        algorithm: str | None = None,
        heuristic: str | HeuristicInfo | None = None,
        limits: Limits | None = None,
        weight: float | None = None,
        options: Mapping[str, object] | None = None,
        trace: bool = False,
        tree: bool = False,
        fetching: bool = False,
    ) -> None:
        """ValueError for an unknown name, a heuristic that does not apply, or an option
        the algorithm does not take or that is out of range (``weight`` is the same as
        ``options={"weight": ...}``). With ``trace``, the search records what it does
        over time (``self.trace``, readable while it runs; the result's ``trace``). With
        ``tree``, it records every node (the result's ``tree``; see tree.py): TreeError
        (a ValueError) unless the board has at most 9 cells, the node limit (default
        200) is at most 2,000 and the algorithm records one. ``fetching``: the caller
        fetches the heuristic's missing table files while the search runs (the browser's
        worker does); an algorithm that can wait for them (the anytime solver) does.
        ``heuristic`` may be an entry of its own instead of a registry name: a person's
        heuristic (custom/entry.py), which proves nothing by itself (the result's
        ``optimal_if_admissible`` says what it would prove if it were admissible). A
        heuristic that does not apply here is a ``NotApplicable`` (heuristics.py)."""
        info = get_algorithm(algorithm or DEFAULT_ALGORITHM)
        entry: HeuristicInfo | None = None
        if info.uses_heuristic:
            if isinstance(heuristic, HeuristicInfo):
                entry = heuristic
            else:
                entry = get_heuristic(heuristic or default_heuristic(board.rows, board.cols, goal.blank))
            entry.require(board.rows, board.cols, goal.blank)
        given = dict(options or {})
        if weight is not None:
            given["weight"] = weight
        self.options = info.check_options(given)
        self.weight = self.options.get("weight")
        """The weight w of an algorithm that takes one (weighted A*), else None."""
        self.board = board
        self.goal = goal
        self.info = info
        self.heuristic_info = entry
        """The heuristic's registry entry (None for an algorithm that takes none)."""
        self.fetching = fetching
        self.limits = limits or Limits(max_nodes=DEFAULT_TREE_EXPANSIONS if tree else info.default_max_nodes)
        self.problem = Problem.from_boards(board, goal)
        self.result: SearchResult | None = None
        self.progress: Progress | None = None
        self._steps: Steps | None = None
        self._preparing: Preparation | None = None
        self._started = time.perf_counter()
        self.setup_seconds = 0.0
        """Time spent preparing the heuristic (building or loading tables), not searching."""
        self._h0: int | None = None
        self.best: tuple[tuple[int, ...], str] | None = None
        """Anytime searches: the best solution so far (tiles, moves), while they run (a new
        tuple each time it improves)."""
        self._best_path: list[int] | None = None
        self.trace: Trace | None = Trace() if trace else None
        """What the search has done so far (see trace.py), when asked; ``trace.after(serial)``
        gives the samples kept after one already seen."""
        self.tree: TreeRecorder | None = None
        """The tree the search builds (see tree.py), when asked."""
        if tree:
            check_tree(board.size, self.limits.max_nodes)
            if not info.records_tree:
                drawn = [a.label for a in ALGORITHMS.values() if a.records_tree]
                raise TreeError(f"{info.label} draws no search tree (it runs several searches at once): "
                                f"choose {', '.join(drawn[:-1])} or {drawn[-1]} in the Algorithm menu")
            self.tree = TreeRecorder(self.problem)
        if not is_solvable(board, goal):
            self.result = self._result(StopReason.UNSOLVABLE, None, 0, 0, 0, None, solvable=False)

    @property
    def heuristic(self) -> str | None:
        """The heuristic's name (None for an algorithm that takes none)."""
        return self.heuristic_info.name if self.heuristic_info else None

    @property
    def done(self) -> bool:
        """Whether the search has ended (``result`` is set)."""
        return self.result is not None

    def _result(
        self, stop: StopReason, path: list[int] | None, expanded: int, generated: int,
        max_frontier: int, bound: int | None, solvable: bool = True, outcome: Outcome | None = None,
    ) -> SearchResult:
        tiles, moves = self.problem.decode(path) if path is not None else ((), "")
        admissible = self.heuristic_info is None or self.heuristic_info.admissible
        length = len(tiles) if stop is StopReason.SOLVED or tiles else None
        proof = prove(self.info, self.options, admissible, self.problem, stop, length, bound, self._h0, outcome)
        optimal_if_admissible = None
        if self.heuristic_info is not None and not registered(self.heuristic_info):
            optimal_if_admissible = prove(self.info, self.options, True, self.problem, stop, length, bound,
                                          self._h0, outcome).optimal
        lower_bound = proof.lower_bound
        seconds = time.perf_counter() - self._started
        if self.trace is not None:  # the last sample: the result's own counts
            anytime = self.info.anytime
            self.trace.finish(
                Sample(seconds, expanded, generated, None, lower_bound if anytime else proof.bound,
                       length if anytime else None, lower_bound if anytime else None),
                outcome.iteration if outcome else None,
            )
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
            seconds=seconds,
            optimal=proof.optimal,
            solvable=solvable,
            bound=proof.bound,
            weight=self.weight,
            setup_seconds=self.setup_seconds,
            options=self.options,
            suboptimality=proof.suboptimality,
            lower_bound=lower_bound if solvable else None,
            history=outcome.history if outcome else (),
            trace=self.trace,
            tree=self.tree,
            optimal_if_admissible=optimal_if_admissible,
        )

    def _start_steps(self, compiled: Compiled | None) -> Steps:
        """The algorithm's generator, once the heuristic is ready (a kind of search that runs
        its algorithm another way, all_optimal.AllOptimal, starts it here)."""
        return self.info.start(self.problem, compiled, self.limits, self.options, self.tree)

    def step(self, budget: float = 0.03) -> None:
        """Work for about ``budget`` seconds (``progress`` then says how far it got, and
        ``result`` is set once it ends)."""
        self._advance(budget, False)

    def _advance(self, budget: float, cancel: bool) -> SearchResult | Progress:
        """Work for about ``budget`` seconds, telling the algorithm to stop when ``cancel``;
        the result when done, else the latest progress."""
        if self.result is not None:
            return self.result
        end = time.perf_counter() + budget  # one budget for the step: preparing, then searching
        if self._steps is None:
            if self._preparing is None and cancel:
                self.result = self._result(StopReason.CANCELLED, self._best_path, 0, 0, 0, None)
                return self.result
            if self._preparing is None:
                self._preparing = self.info.prepare(self.problem, self.heuristic_info, self.fetching)
                ask: bool | None = None
            else:
                ask = cancel
            prepared = time.perf_counter()
            try:  # the heuristic's tables, a step at a time (a cancel is seen between steps)
                while True:
                    progress, pause = self._preparing.send(ask)  # type: ignore[arg-type]
                    ask = False
                    self._see(progress)
                    if pause or time.perf_counter() >= end:
                        self.setup_seconds += time.perf_counter() - prepared
                        return progress
            except StopIteration as done:
                compiled = done.value
            self.setup_seconds += time.perf_counter() - prepared
            if cancel:  # an anytime search keeps the solution it showed while preparing
                self.result = self._result(StopReason.CANCELLED, self._best_path, 0, 0, 0, None)
                return self.result
            prepared = time.perf_counter()
            if compiled is not None and self.heuristic_info is not None:  # prove() uses it only if admissible
                self._h0 = compiled.evaluate(self.problem.start)
            self.setup_seconds += time.perf_counter() - prepared
            self._steps = self._start_steps(compiled)
            self._started = time.perf_counter()
            send: bool | None = None
        else:
            send = cancel
        try:
            while True:
                progress = self._see(self._steps.send(send))  # type: ignore[arg-type]
                send = False
                if self.trace is not None:
                    self._record(self.trace, progress)
                if time.perf_counter() >= end:
                    return progress
        except StopIteration as stop:
            out = stop.value
            self._steps = None
            if out is None:  # the generator died (e.g. KeyboardInterrupt): report what we saw
                p = self.progress
                self.result = self._result(
                    StopReason.CANCELLED, self._best_path, p.expanded if p else 0, p.generated if p else 0,
                    p.max_frontier if p else 0, p.bound if p else None,
                )
            else:
                # A search stopped before its own first solution keeps the one shown while it
                # prepared (the anytime solver's, shown while its tables loaded): a Stop that
                # comes at its first step must not lose the solution on screen.
                if out.path is None and self._best_path is not None:
                    shown = Improvement(0.0, len(self._best_path) - 1, out.lower_bound)
                    out = replace(out, path=self._best_path, history=(shown, *out.history))
                self.result = self._result(
                    out.stop, out.path, out.expanded, out.generated, out.max_frontier, out.bound,
                    outcome=out,
                )
            return self.result

    def _see(self, progress: Progress) -> Progress:
        """Take in a progress report: it is the latest, and its solution (if any) the best."""
        self.progress = progress
        best = self.best
        if progress.path is not None and (best is None or len(progress.path) - 1 < len(best[0])):
            # (a solution as long as the best is no news: the anytime solver shows its first at
            # once, before its tables load, and finds it again after)
            self._best_path = list(progress.path)
            self.best = self.problem.decode(self._best_path)
        return progress

    def _record(self, trace: Trace, p: Progress) -> None:
        """Add a progress report to the trace: a sample, and the iteration it ends."""
        trace.add(Sample(
            p.seconds, p.expanded, p.generated,
            None if self.info.iterative or self.info.anytime else p.frontier,
            p.bound, p.best, p.lower_bound,
        ))
        if p.iteration is not None:
            trace.add_iteration(p.iteration)

    def cancel(self) -> None:
        """Stop now: the result is marked cancelled (an anytime search keeps its best)."""
        while self.result is None:  # the generator answers a cancel at once
            self._advance(0.0, True)

    def run(self, progress: ProgressCallback | None = None, interval: float = 0.1) -> SearchResult:
        """Run to the end (``job.run``), calling ``progress`` about every ``interval`` seconds;
        it may return True to cancel."""
        return run(self, progress, interval)


def solve(
    board: Board,
    goal: Board | None = None,
    algorithm: str | None = None,
    heuristic: str | None = None,
    limits: Limits | None = None,
    progress: ProgressCallback | None = None,
    weight: float | None = None,
    options: Mapping[str, object] | None = None,
    trace: bool = False,
    tree: bool = False,
) -> SearchResult:
    """Solve ``board`` (goal: blank-last by default) and return the uniform result (with
    its ``trace`` and ``tree`` when asked).

    Unsolvable boards are answered at once from parity, without a search.
    """
    goal = goal or Board.goal(board.rows, board.cols)
    return Search(board, goal, algorithm, heuristic, limits, weight, options, trace, tree).run(progress)


class OverSearch:
    """A job made over one ``Search`` (``_search``): each step and cancel goes to it, then
    ``_finish`` makes this job's ``result`` from the search's once it has one (every shortest
    solution, a shortening: speed/)."""

    _search: Search
    result: Any

    def step(self, budget: float = 0.03) -> None:
        if self.result is None:
            self._search.step(budget)
            self._finish()

    def cancel(self) -> None:
        if self.result is None:
            self._search.cancel()
            self._finish()

    def _finish(self) -> None:
        raise NotImplementedError  # pragma: no cover - each job says what its result is
