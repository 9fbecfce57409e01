"""Getting a search's heuristic ready: its tables loaded a step at a time, before it starts.

A heuristic that reads tables (the pattern databases) loads or builds them in
steps, each short, so that whoever drives the search (solver.Search) stays
responsive and sees a cancel between them. An algorithm's registry entry names
how it prepares (``AlgorithmInfo.prepare``): ``load_heuristic`` for most; the
anytime solver also shows a first solution and waits for table files that are
being fetched (``anytime.wait_for_tables``).
"""

from __future__ import annotations

import time
from typing import Callable, Generator

from ..heuristics import HEURISTICS, Compiled, HeuristicInfo, compile_heuristic, heuristic_loading
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
        stage = heuristic.tables.stage if heuristic.tables else "Preparing the heuristic"
        for _ in loading:
            if (yield Progress(0, 0, 0, 0, time.perf_counter() - started, stage=stage, best=best), False):
                return None
    return compile_heuristic(heuristic.name, *shape(problem))
