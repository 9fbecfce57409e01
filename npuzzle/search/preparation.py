"""Getting a search's heuristic ready: its tables loaded a step at a time, before it starts.

A heuristic that reads tables (the pattern databases) loads or builds them in
steps, each short, so that whoever drives the search (solver.Search) stays
responsive and sees a cancel between them. An algorithm's registry entry names
how it prepares (``AlgorithmInfo.prepare``): ``load_heuristic`` for most; the
anytime solver also shows a first solution and waits for table files that are
being fetched (``anytime.wait_for_tables``).

``TableLoading`` is the same loading with no search after it, as a job (npuzzle/job.py):
the web API's ``prepare``, which loads a size's tables while the person is still typing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Generator

from ..heuristics import HEURISTICS, Compiled, HeuristicInfo, compile_heuristic, get_heuristic, heuristic_loading
from .problem import Problem
from .result import Progress

Preparation = Generator["tuple[Progress, bool]", bool, "Compiled | None"]
"""Yields ``(progress, pause)`` while it prepares (``progress.stage`` says what it does;
``pause``: end the caller's time slice now, to show a first solution at once or because
it waits for something outside, such as a file being fetched); send True to cancel (it
then returns None). Returns the compiled heuristic (None for a search that takes none)."""

Prepare = Callable[[Problem, "HeuristicInfo | None", bool], Preparation]
"""``prepare(problem, heuristic, fetching)``: a preparation; ``fetching`` says that the
caller fetches the heuristic's missing table files while the search runs (the browser's
worker does)."""


def shape(problem: Problem) -> tuple[int, int, int]:
    """The rows, columns and blank's goal cell: what a heuristic's tables depend on."""
    return problem.rows, problem.cols, problem.goal_board.blank


def registered(heuristic: HeuristicInfo) -> bool:
    """Whether ``heuristic`` is the registry's own entry. A person's heuristic is an entry
    of its own (custom/entry.py): it has no tables and is compiled directly."""
    return HEURISTICS.get(heuristic.name) is heuristic


def _stage(heuristic: HeuristicInfo) -> str:
    """What loading its tables is called while it runs."""
    return heuristic.tables.stage if heuristic.tables else "Preparing the heuristic"


def load_heuristic(
    problem: Problem, heuristic: HeuristicInfo | None, fetching: bool = False, best: int | None = None,
) -> Preparation:
    """Load (or build) the heuristic's tables a step at a time, then compile it. Files
    still missing are not waited for (``compile_heuristic`` then says which). ``best``:
    the length of a solution already shown, repeated in each progress report."""
    if heuristic is None:
        return None
    if not registered(heuristic):
        return heuristic.compile(*shape(problem))
    started = time.perf_counter()
    loading = heuristic_loading(heuristic.name, *shape(problem))
    if loading is not None:
        stage = _stage(heuristic)
        for _ in loading:
            if (yield Progress(0, 0, 0, 0, time.perf_counter() - started, stage=stage, best=best), False):
                return None
    return compile_heuristic(heuristic.name, *shape(problem))


@dataclass(frozen=True)
class TablesLoaded:
    """What a ``TableLoading`` did: the heuristic whose tables it loaded, and for how long."""

    heuristic: str
    seconds: float
    stopped: bool = False
    """Whether it was cancelled first (what was loaded stays loaded)."""


_LOADED = object()


class TableLoading:
    """A heuristic's tables loaded ahead of any search, a step at a time: a job whose
    progress has a ``stage`` and whose result is ``TablesLoaded`` (at once when there is
    nothing to load). Its files must be present (``heuristics.table_needs``)."""

    def __init__(self, name: str, rows: int, cols: int, blank_goal: int) -> None:
        self.heuristic = get_heuristic(name)
        self._loading = heuristic_loading(name, rows, cols, blank_goal) or iter(())
        self.seconds = 0.0
        self.progress: Progress | None = None
        self.result: TablesLoaded | None = None

    @property
    def done(self) -> bool:
        """Whether everything is loaded (or the loading was cancelled)."""
        return self.result is not None

    def step(self, budget: float) -> None:
        """Load for about ``budget`` seconds."""
        started = time.perf_counter()
        end = started + budget
        while self.result is None:
            if next(self._loading, _LOADED) is _LOADED:
                self._finish(started, stopped=False)
            elif time.perf_counter() >= end:
                break
        if self.result is None:
            self.seconds += time.perf_counter() - started
            self.progress = Progress(0, 0, 0, 0, self.seconds, stage=_stage(self.heuristic))

    def cancel(self) -> None:
        """Stop loading; what is loaded stays loaded."""
        if self.result is None:
            self._finish(time.perf_counter(), stopped=True)

    def _finish(self, started: float, stopped: bool) -> None:
        self.seconds += time.perf_counter() - started
        self.result = TablesLoaded(self.heuristic.name, self.seconds, stopped)
