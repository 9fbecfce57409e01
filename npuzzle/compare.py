"""Run every applicable algorithm and heuristic on one board, under limits.

The pairs come from the registries: every algorithm that ``suits`` the board
size, with every heuristic that suits it and is available (algorithms that use
no heuristic run once). Each pair gets the same limits. A ``Comparison`` is a job
(npuzzle/job.py): its progress names the pair running, its result is every pair's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from .board import Board
from .heuristics import HEURISTICS, HeuristicInfo, heuristic_available
from .custom.search import UserSearch, run_search
from .job import run
from .search import (
    ALGORITHMS,
    Limits,
    OptionError,
    Progress,
    Search,
    SearchResult,
    StopReason,
    algorithm_options,
)

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


@dataclass(frozen=True)
class ComparisonProgress:
    """How far a comparison has got: the pair running (or next), its search's progress
    (None before its first report, and for a person's search), and the results so far."""

    algorithm: str
    heuristic: str | None
    search: Progress | None
    results: tuple[SearchResult, ...]
    pairs: int
    """How many pairs it runs in all."""

    @property
    def pairs_done(self) -> int:
        """How many pairs have their result."""
        return len(self.results)


class Comparison:
    """``compare`` as a job, advanced a slice of time at a time: its progress is a
    ``ComparisonProgress``, its result every pair's ``SearchResult`` in order."""

    def __init__(self, board: Board, goal: Board, limits: Limits | None = None,
                 weight: float | None = None, options: Mapping[str, float] | None = None,
                 heuristics: Sequence[HeuristicInfo] = (), searches: Sequence[UserSearch] = ()) -> None:
        """``options`` (and ``weight``, the same as ``options={"weight": ...}``) go to each
        algorithm that takes them; the others run without. ``heuristics``: entries of their
        own (a person's heuristic, custom/entry.py), each run by every informed algorithm
        after the built-in ones. ``searches``: a person's searches (custom/search.py), each
        run once at the end under the same limits, its expansions counted as nodes expanded
        (one call: it is not cut in slices)."""
        self.board = board
        self.goal = goal
        self.limits = limits or Limits(COMPARE_MAX_NODES, COMPARE_TIME_LIMIT)
        self.options = dict(options or {})
        if weight is not None:
            self.options["weight"] = weight
        known = algorithm_options()
        for name, value in self.options.items():  # check them now, not halfway through
            if name not in known:
                raise OptionError(name, f"no algorithm takes a {name}")
            known[name][0].check(value)
        self.entries = {entry.name: entry for entry in heuristics}
        """The heuristics of their own, by name (the pairs name them)."""
        self.pairs: list[tuple[str, str | None]] = []
        built_in = comparison_pairs(board, goal)
        for i, (algorithm, heuristic) in enumerate(built_in):
            self.pairs.append((algorithm, heuristic))
            last = i + 1 == len(built_in) or built_in[i + 1][0] != algorithm
            if last and ALGORITHMS[algorithm].uses_heuristic:
                self.pairs.extend((algorithm, name) for name in self.entries)
        self.searches = {search.name: search for search in searches}
        self.pairs.extend((name, None) for name in self.searches)
        self.results: list[SearchResult] = []
        self.current: Search | None = None
        self._stepped = False

    @property
    def done(self) -> bool:
        """Whether every pair has run (or the comparison was cancelled)."""
        return len(self.results) >= len(self.pairs)

    def _next_search(self) -> Search:
        if self.current is None:
            algorithm, heuristic = self.pairs[len(self.results)]
            takes = {o.name for o in ALGORITHMS[algorithm].options}
            options = {name: value for name, value in self.options.items() if name in takes}
            entry = self.entries.get(heuristic) if heuristic is not None else None
            self.current = Search(self.board, self.goal, algorithm, entry or heuristic, self.limits, options=options)
        return self.current

    @property
    def progress(self) -> ComparisonProgress | None:
        """The pair running (or next) and the results so far; None before the first step
        and once done."""
        if self.done or not self._stepped:
            return None
        algorithm, heuristic = self.pairs[len(self.results)]
        search = self.current.progress if self.current else None
        return ComparisonProgress(algorithm, heuristic, search, tuple(self.results), len(self.pairs))

    @property
    def result(self) -> list[SearchResult] | None:
        """Every pair's result, in order, once done (those run so far, after a cancel)."""
        return self.results if self.done else None

    def step(self, budget: float) -> None:
        """Work for about ``budget`` seconds: the running pair, then the next ones."""
        end = time.perf_counter() + budget
        self._stepped = True
        while not self.done:
            own = self.searches.get(self.pairs[len(self.results)][0])
            if own is not None:
                self.results.append(self._run_own(own))
            else:
                search = self._next_search()
                search.step(max(0.0, end - time.perf_counter()))
                if search.result is None:
                    return
                self.results.append(search.result)
                self.current = None
            if time.perf_counter() >= end:
                return

    def _run_own(self, own: UserSearch) -> SearchResult:
        """A person's search as a result row (SearchCodeError if it fails)."""
        run = run_search(own, self.board, self.goal, self.limits.max_nodes, self.limits.time_limit)
        stop = StopReason.SOLVED if run.solved else (
            StopReason(run.stopped) if run.stopped else StopReason.UNSOLVABLE)
        return SearchResult(run.name, None, self.board, self.goal, stop, tiles=run.moves, moves=run.directions,
                            expanded=run.expansions, seconds=run.seconds)

    def cancel(self) -> None:
        """Stop the running pair (its result says cancelled) and skip the rest."""
        if self.current is not None:
            self.current.cancel()
            if self.current.result is not None:
                self.results.append(self.current.result)
            self.current = None
        self.pairs = self.pairs[: len(self.results)]


def compare(
    board: Board,
    goal: Board | None = None,
    limits: Limits | None = None,
    weight: float | None = None,
    on_result: Callable[[SearchResult], None] | None = None,
    options: Mapping[str, float] | None = None,
) -> list[SearchResult]:
    """Results of every applicable pair, each under ``limits`` (100,000 nodes, 5 s by
    default); ``on_result`` is called with each result as it comes."""
    reported = 0

    def report(progress: ComparisonProgress | None = None) -> None:
        nonlocal reported
        if on_result is not None:
            for result in comparison.results[reported:]:
                on_result(result)
        reported = len(comparison.results)

    comparison = Comparison(board, goal or Board.goal(board.rows, board.cols), limits, weight, options)
    results = run(comparison, report)
    report()  # the last ones, which came with the last step
    return results
