"""The algorithm registry and the one entry point every caller uses.

``solve(board, goal, ...)`` runs a search to the end. ``Search`` is the same
search as an object that can be advanced a slice of time at a time, which is
how the browser worker keeps the page responsive and takes cancel requests.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable, Iterator, Mapping, cast

from ..board import Board
from ..heuristics import (
    HEURISTICS,
    Compiled,
    compile_heuristic,
    get_heuristic,
    heuristic_loading,
    missing_table_files,
    strongest_heuristic,
)
from ..solvability import is_solvable
from .anytime import anytime, first_solution
from .astar import astar
from .bfs import bfs
from .greedy import greedy
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
from .steps import (
    InformedSearch,
    Options,
    Outcome,
    Steps,
    TreeInformedSearch,
    TreeUninformedSearch,
    UninformedSearch,
)
from .trace import Sample, Trace
from .tree import DEFAULT_TREE_EXPANSIONS, TreeError, TreeRecorder, check_tree
from .weighted_astar import weighted_astar

_DONE = object()

ProgressCallback = Callable[[Progress], "bool | None"]
"""Called with the counts so far; return True to cancel the search."""


class OptionError(ValueError):
    """An algorithm option that is out of range or not taken; ``option`` names it."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


@dataclass(frozen=True)
class AlgorithmOption:
    """A number an algorithm takes (weighted A*'s weight), with its range and default."""

    name: str
    """Its key everywhere: the search's ``options``, the CLI's ``--name``, the web API's
    request field and the page's link parameter."""
    label: str
    default: float
    minimum: float
    maximum: float
    step: float
    """A sensible increment, for the page's number field."""
    description: str

    def check(self, value: object) -> float:
        """``value`` as a float; OptionError unless it is a number in range."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise OptionError(self.name, f"the {self.name} must be a number, not {value!r}")
        if value < self.minimum:
            raise OptionError(self.name, f"the {self.name} must be at least {self.minimum:g}, not {value:g}")
        if value > self.maximum:
            raise OptionError(self.name, f"the {self.name} must be at most {self.maximum:g}, not {value:g}")
        return float(value)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready description, for the page's option fields."""
        return {
            "name": self.name, "label": self.label, "default": self.default,
            "minimum": self.minimum, "maximum": self.maximum, "step": self.step,
            "description": self.description,
        }


@dataclass(frozen=True)
class AlgorithmInfo:
    """A registry entry: what an algorithm is called, what it takes and what it proves.

    Exactly one of ``informed`` (a search guided by a heuristic) and ``uninformed``
    is set; ``start`` calls it.
    """

    name: str
    label: str
    optimal: bool
    """Whether its solutions are proven shortest (with an admissible heuristic)."""
    description: str
    informed: InformedSearch | None = None
    uninformed: UninformedSearch | None = None
    options: tuple[AlgorithmOption, ...] = ()
    factor_option: str | None = None
    """The option that bounds the length (length <= its value x optimal, with an
    admissible heuristic), for algorithms that are not optimal but bounded."""
    anytime: bool = False
    """Whether it answers at once and improves its answer until stopped (the page then
    offers Stop, which keeps the best answer, instead of Cancel)."""
    max_cells: int | None = None
    """Largest board (in cells) it is offered for by ``compare`` and the page; None for any."""
    default_max_nodes: int = DEFAULT_MAX_NODES
    """Its node limit when none is given: low for searches that store every state,
    high for depth-first ones, whose memory stays small (the time limit binds)."""
    iterative: bool = False
    """Whether it searches in iterations of a growing bound (IDA*, IDDFS): its trace then
    has one row per iteration, and its progress's ``frontier`` is a depth, not an open
    list (so its trace's samples have none)."""
    records_tree: bool = False
    """Whether it can record the tree it builds (it takes a ``TreeRecorder``): one search
    at a time, as the tree view draws; not the anytime solver, which runs several."""

    def __post_init__(self) -> None:
        if (self.informed is None) == (self.uninformed is None):
            raise TypeError(f"{self.name}: give exactly one of informed and uninformed")

    @property
    def uses_heuristic(self) -> bool:
        """Whether it is guided by a heuristic."""
        return self.informed is not None

    @property
    def weighted(self) -> bool:
        """Whether it takes a weight (kept for the ``weighted`` key of ``info``)."""
        return any(option.name == "weight" for option in self.options)

    def suits(self, rows: int, cols: int) -> bool:
        """Whether the page and ``compare`` should offer it for a rows x cols board."""
        return self.max_cells is None or rows * cols <= self.max_cells

    def check_options(self, given: Mapping[str, object]) -> dict[str, float]:
        """Every option's value (its default when not given); OptionError for a value out
        of range or an option it does not take."""
        known = {option.name for option in self.options}
        for name in given:
            if name not in known:
                raise OptionError(name, f"{self.name} takes no {name}")
        return {o.name: o.check(given.get(o.name, o.default)) for o in self.options}

    def factor(self, options: Options) -> float | None:
        """What it proves with an admissible heuristic: length <= factor x optimal
        (1 for optimal algorithms), or None when it proves nothing."""
        if self.optimal:
            return 1.0
        return options[self.factor_option] if self.factor_option else None

    def start(
        self, problem: Problem, heuristic: Compiled | None, limits: Limits, options: Options,
        tree: TreeRecorder | None = None,
    ) -> Steps:
        """Begin the search (an uninformed one is not handed the heuristic), reporting
        every node to ``tree`` when given (TreeError if it records none: only an entry
        that ``records_tree`` takes the recorder, as a fifth argument)."""
        if tree is not None and not self.records_tree:
            raise TreeError(f"{self.label} draws no search tree: it runs several searches at once")
        if self.informed is not None:
            if heuristic is None:
                raise ValueError(f"{self.name} needs a heuristic")
            if tree is not None:
                return cast(TreeInformedSearch, self.informed)(problem, heuristic, limits, options, tree)
            return self.informed(problem, heuristic, limits, options)
        if self.uninformed is None:  # pragma: no cover - __post_init__ forbids it
            raise TypeError(f"{self.name} has no search function")
        if tree is not None:
            return cast(TreeUninformedSearch, self.uninformed)(problem, limits, options, tree)
        return self.uninformed(problem, limits, options)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready description, for menus."""
        return {
            "name": self.name,
            "label": self.label,
            "optimal": self.optimal,
            "uses_heuristic": self.uses_heuristic,
            "weighted": self.weighted,
            "options": [option.to_dict() for option in self.options],
            "bounded": self.factor_option is not None,
            "anytime": self.anytime,
            "description": self.description,
            "max_cells": self.max_cells,
            "default_max_nodes": self.default_max_nodes,
            "iterative": self.iterative,
            "records_tree": self.records_tree,
        }


ALGORITHMS: dict[str, AlgorithmInfo] = {
    info.name: info
    for info in (
        AlgorithmInfo(
            "bfs", "Breadth-first search", True,
            "Explores by distance from the start; optimal, but stores every state it sees.",
            uninformed=bfs, max_cells=16, records_tree=True,
        ),
        AlgorithmInfo(
            "iddfs", "Iterative deepening DFS", True,
            "Depth-first to depth 1, 2, 3, ...; optimal with little memory, but repeats work.",
            uninformed=iddfs, max_cells=16, default_max_nodes=DEPTH_FIRST_MAX_NODES, iterative=True,
            records_tree=True,
        ),
        AlgorithmInfo(
            "greedy", "Greedy best-first", False,
            "Always expands the state that looks nearest the goal (lowest h); fast, not optimal.",
            informed=greedy, records_tree=True,
        ),
        AlgorithmInfo(
            "astar", "A*", True,
            "Best-first on f = g + h with a closed set; optimal, memory grows with the search.",
            informed=astar, records_tree=True,
        ),
        AlgorithmInfo(
            "wastar", "Weighted A*", False,
            "Best-first on f = g + w*h; trades length for speed: length <= w * optimal.",
            informed=weighted_astar,
            options=(AlgorithmOption(
                "weight", "Weight w", 1.5, 1.0, 1000.0, 0.1,
                "f = g + w*h: the larger w, the faster and the longer the solution "
                "(at most w times the shortest).",
            ),),
            factor_option="weight", records_tree=True,
        ),
        AlgorithmInfo(
            "idastar", "IDA*", True,
            "Depth-first iterative deepening on f = g + h; optimal, memory linear in depth.",
            informed=idastar, default_max_nodes=DEPTH_FIRST_MAX_NODES, iterative=True,
            records_tree=True,
        ),
        AlgorithmInfo(
            "anytime", "Anytime (best within the time limit)", False,
            "An answer at once on any board, then shorter ones (beam searches of growing "
            "width) while IDA* raises a proven lower bound; stops when the best is proven "
            "shortest or at the time limit, and says how far from the shortest it can be.",
            informed=anytime, anytime=True, default_max_nodes=DEPTH_FIRST_MAX_NODES,
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


def algorithm_options() -> dict[str, tuple[AlgorithmOption, list[str]]]:
    """Every option some algorithm takes, by name, with the algorithms that take it."""
    found: dict[str, tuple[AlgorithmOption, list[str]]] = {}
    for info in ALGORITHMS.values():
        for option in info.options:
            found.setdefault(option.name, (option, []))[1].append(info.name)
    return found


def default_algorithm(rows: int, cols: int) -> str:
    """The default on every size: the anytime solver (an answer at once; on 3x3 and 4x4
    usually proven shortest within a second)."""
    return "anytime"


def default_max_nodes(algorithm: str | None, rows: int, cols: int) -> int:
    """The node limit a search gets when none is given: its algorithm's own (the default
    algorithm's when ``algorithm`` is None)."""
    return get_algorithm(algorithm or default_algorithm(rows, cols)).default_max_nodes


def default_heuristic(rows: int, cols: int, blank_goal: int | None = None) -> str:
    """The strongest admissible heuristic that applies to the board and its goal's blank cell."""
    return strongest_heuristic(rows, cols, rows * cols - 1 if blank_goal is None else blank_goal)


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
        options: Mapping[str, object] | None = None,
        trace: bool = False,
        tree: bool = False,
    ) -> None:
        """ValueError for an unknown name, a heuristic that does not apply, or an option
        the algorithm does not take or that is out of range (``weight`` is the same as
        ``options={"weight": ...}``). With ``trace``, the search records what it does
        over time (``self.trace``, readable while it runs; the result's ``trace``). With
        ``tree``, it records every node (the result's ``tree``; see tree.py): TreeError
        (a ValueError) unless the board has at most 9 cells, the node limit (default
        200) is at most 2,000 and the algorithm records one."""
        algorithm = algorithm or default_algorithm(board.rows, board.cols)
        info = get_algorithm(algorithm)
        if info.uses_heuristic:
            heuristic = heuristic or default_heuristic(board.rows, board.cols, goal.blank)
            if not get_heuristic(heuristic).suits(board.rows, board.cols):
                raise ValueError(f"the {heuristic} heuristic does not apply to a {board.shape} board")
        else:
            heuristic = None
        given = dict(options or {})
        if weight is not None:
            given["weight"] = weight
        self.options = info.check_options(given)
        self.weight = self.options.get("weight")
        """The weight w of an algorithm that takes one (weighted A*), else None."""
        self.board = board
        self.goal = goal
        self.info = info
        self.heuristic = heuristic
        self.limits = limits or Limits(max_nodes=DEFAULT_TREE_EXPANSIONS if tree else info.default_max_nodes)
        self.problem = Problem.from_boards(board, goal)
        self.result: SearchResult | None = None
        self.progress: Progress | None = None
        self._steps: Steps | None = None
        self._started = time.perf_counter()
        self.setup_seconds = 0.0
        """Time spent preparing the heuristic (building or loading tables), not searching."""
        self._loading: Iterator[None] | None = None
        self._h0: int | None = None
        self.best: tuple[tuple[int, ...], str] | None = None
        """Anytime searches: the best solution so far (tiles, moves), while they run."""
        self.improved = False
        """Set when ``best`` changes; whoever reports it (the web API) clears it."""
        self._best_path: list[int] | None = None
        self.awaiting_files = False
        """Set (by the web API, for an anytime search) when the heuristic's table files are
        being fetched while it runs: it shows its first solution and waits for them."""
        self.trace: Trace | None = Trace() if trace else None
        """What the search has done so far (see trace.py), when asked; ``trace.delta()``
        gives what is new since its last call."""
        self.tree: TreeRecorder | None = None
        """The tree the search builds (see tree.py), when asked."""
        if tree:
            check_tree(board.size, self.limits.max_nodes)
            if not info.records_tree:
                drawn = ", ".join(a.name for a in ALGORITHMS.values() if a.records_tree)
                raise TreeError(f"{info.label} draws no search tree (it runs several searches at once): "
                                f"choose one of {drawn}")
            self.tree = TreeRecorder(self.problem)
        if not is_solvable(board, goal):
            self.result = self._result(StopReason.UNSOLVABLE, None, 0, 0, 0, None, solvable=False)

    def _result(
        self, stop: StopReason, path: list[int] | None, expanded: int, generated: int,
        max_frontier: int, bound: int | None, solvable: bool = True, outcome: Outcome | None = None,
    ) -> SearchResult:
        tiles, moves = self.problem.decode(path) if path is not None else ((), "")
        admissible = self.heuristic is None or HEURISTICS[self.heuristic].admissible
        factor = self.info.factor(self.options)
        solved = stop is StopReason.SOLVED or bool(tiles)
        optimal = (stop is StopReason.SOLVED and factor == 1 and admissible) or bool(outcome and outcome.proven)
        length = len(tiles) if solved else None
        lower_bound = self._lower_bound(length, optimal, bound if factor == 1 and admissible else None,
                                        factor if admissible else None, outcome)
        bounded = stop is StopReason.SOLVED and factor is not None and not self.info.optimal and admissible
        suboptimality = factor if bounded else None
        if self.info.anytime and length and lower_bound and not optimal:
            suboptimality = math.ceil(length / lower_bound * 100) / 100
        seconds = time.perf_counter() - self._started
        proven_bound = bound if factor == 1 else (outcome.lower_bound if outcome else None)
        if self.trace is not None:  # the last sample: the result's own counts
            anytime = self.info.anytime
            self.trace.finish(
                Sample(seconds, expanded, generated, None, lower_bound if anytime else proven_bound,
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
            optimal=optimal,
            solvable=solvable,
            bound=proven_bound,
            weight=self.weight,
            setup_seconds=self.setup_seconds,
            options=self.options,
            suboptimality=suboptimality,
            lower_bound=lower_bound if solvable else None,
            history=outcome.history if outcome else (),
            trace=self.trace,
            tree=self.tree,
        )

    def _lower_bound(
        self, length: int | None, optimal: bool, bound: int | None, factor: float | None,
        outcome: Outcome | None,
    ) -> int | None:
        """The best lower bound on the shortest length that this search proved: the length
        itself when optimal; else the largest of an optimal search's last f bound, an
        anytime search's bound, length / factor for a bounded one, and the admissible
        heuristic's value at the start; rounded up to the parity of every solution."""
        if optimal and length is not None:
            return length
        candidates = [b for b in (bound, self._h0, outcome.lower_bound if outcome else None) if b is not None]
        if length is not None and factor:
            candidates.append(math.ceil(length / factor - 1e-9))
        if not candidates:
            return None
        return self.problem.at_parity(max(candidates))

    def _first_while(self, stage: str) -> Progress:
        """Progress while the tables are not ready: an anytime search's first solution
        (found once, by reduction) and what it waits for."""
        fresh = self._best_path is None and self.board != self.goal
        if fresh:
            self._best_path = first_solution(self.problem)
            self.best = self.problem.decode(self._best_path)
            self.improved = True
        best = len(self._best_path) - 1 if self._best_path else None
        self.progress = Progress(
            0, 0, 0, 0, time.perf_counter() - self._started, stage=stage, best=best,
            path=tuple(self._best_path) if fresh and self._best_path else None,
        )
        return self.progress

    def step(self, budget: float = 0.03, cancel: bool = False) -> SearchResult | Progress:
        """Work for about ``budget`` seconds; return the result when done, else progress."""
        if self.result is not None:
            return self.result
        end = time.perf_counter() + budget  # one budget for the step: loading, then searching
        if self._steps is None:
            name = self.heuristic
            shape = (self.problem.rows, self.problem.cols, self.goal.blank)
            if self._loading is None:
                # An anytime search shows a first solution before its tables are in
                # (the reduction needs none; its own search finds it again after), and
                # waits for table files still being fetched (the browser's worker
                # fetches them meanwhile; elsewhere they are on disk or asked for first).
                tables = get_heuristic(name).tables if name else None
                missing = missing_table_files(name, *shape) if name and self.awaiting_files else []
                if missing:
                    if cancel:
                        self.result = self._result(StopReason.CANCELLED, self._best_path, 0, 0, 0, None)
                        return self.result
                    return self._first_while(f"Downloading {tables.stage.split(' ', 1)[1]}" if tables else
                                             "Waiting for the heuristic's tables")
                loading = heuristic_loading(name, *shape) if name else None
                self._loading = loading or iter(())
                if loading is not None and self.info.anytime and not cancel and self._best_path is None:
                    return self._first_while(tables.stage if tables else "Preparing the heuristic")
            # Load the heuristic's tables a step at a time (a cancel is seen between steps).
            prepared = time.perf_counter()
            loaded = False
            while not cancel:
                if next(self._loading, _DONE) is _DONE:
                    loaded = True
                    break
                if time.perf_counter() >= end:
                    break
            self.setup_seconds += time.perf_counter() - prepared
            if cancel:  # an anytime search keeps the solution it showed while loading
                self.result = self._result(StopReason.CANCELLED, self._best_path, 0, 0, 0, None)
                return self.result
            if not loaded:
                tables = get_heuristic(name).tables if name else None
                stage = tables.stage if tables else "Preparing the heuristic"
                best = len(self._best_path) - 1 if self._best_path else None
                self.progress = Progress(0, 0, 0, 0, time.perf_counter() - self._started, stage=stage, best=best)
                return self.progress
            prepared = time.perf_counter()
            compiled = compile_heuristic(name, *shape) if name else None
            if compiled is not None and name and get_heuristic(name).admissible:
                self._h0 = compiled.evaluate(self.problem.start)
            self.setup_seconds += time.perf_counter() - prepared
            self._steps = self.info.start(self.problem, compiled, self.limits, self.options, self.tree)
            self._started = time.perf_counter()
            send: bool | None = None
        else:
            send = cancel
        try:
            while True:
                self.progress = self._steps.send(send)  # type: ignore[arg-type]
                send = False
                if self.trace is not None:
                    self._record(self.trace, self.progress)
                if self.progress.path is not None:
                    self._best_path = list(self.progress.path)
                    self.best = self.problem.decode(self._best_path)
                    self.improved = True
                if time.perf_counter() >= end:
                    return self.progress
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
                self.result = self._result(
                    out.stop, out.path, out.expanded, out.generated, out.max_frontier, out.bound,
                    outcome=out,
                )
            return self.result

    def _record(self, trace: Trace, p: Progress) -> None:
        """Add a progress report to the trace: a sample, and the iteration it ends."""
        trace.add(Sample(
            p.seconds, p.expanded, p.generated,
            None if self.info.iterative or self.info.anytime else p.frontier,
            p.bound, p.best, p.lower_bound,
        ))
        if p.iteration is not None:
            trace.add_iteration(p.iteration)

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
