"""The registry of search algorithms: what each is called, takes, proves and how it starts.

``ALGORITHMS`` lists every algorithm by name. The CLI's flags, the web API's
fields, ``compare`` and the page's menus and option fields come from these
entries (see ``AlgorithmInfo``), so a new algorithm is one file and one entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, cast

from ..heuristics import Compiled, strongest_heuristic
from .anytime import anytime, wait_for_tables
from .astar import astar
from .bfs import bfs
from .greedy import greedy
from .iddfs import iddfs
from .idastar import idastar
from .preparation import Prepare, load_heuristic
from .problem import Problem
from .result import DEFAULT_MAX_NODES, DEPTH_FIRST_MAX_NODES, Limits
from .steps import (
    InformedSearch,
    Options,
    Steps,
    TreeInformedSearch,
    TreeUninformedSearch,
    UninformedSearch,
)
from .tree import TreeError, TreeRecorder
from .weighted_astar import weighted_astar


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
    prepare: Prepare = load_heuristic
    """How it gets its heuristic ready before it starts (see preparation.py): its tables
    loaded a step at a time; the anytime solver first shows a solution and waits for
    table files being fetched (``anytime.wait_for_tables``)."""

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
            prepare=wait_for_tables,
        ),
    )
}


DEFAULT_ALGORITHM = "anytime"
"""The default on every size: the anytime solver (an answer at once; on 3x3 and 4x4 usually
proven shortest within a second)."""


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


def default_max_nodes(algorithm: str | None) -> int:
    """The node limit a search gets when none is given: its algorithm's own (the default
    algorithm's when ``algorithm`` is None)."""
    return get_algorithm(algorithm or DEFAULT_ALGORITHM).default_max_nodes


def default_heuristic(rows: int, cols: int, blank_goal: int | None = None) -> str:
    """The strongest admissible heuristic that applies to the board and its goal's blank cell."""
    return strongest_heuristic(rows, cols, rows * cols - 1 if blank_goal is None else blank_goal)
