"""The shape every search algorithm shares: a generator of progress reports.

An algorithm is a function ``(problem, heuristic, limits, options) -> Steps``
(``(problem, limits, options)`` for one that takes no heuristic); ``options``
holds the values of the options its registry entry declares (weighted A*'s
weight). One whose registry entry says ``records_tree`` also takes a fifth
argument, ``tree``: None or a ``TreeRecorder`` it reports every node to. It yields a ``Progress`` every 64 expansions (best-first searches)
or 1024 (depth-first ones), and IDA* and IDDFS also at the end of each
iteration (with ``Progress.iteration``: its exact counts); whoever drives it sends
back ``True`` to cancel. It returns an ``Outcome`` (the generator's return
value) with the solution as a list of blank positions. Driving searches as
generators is what lets the browser worker run them in short slices, report
progress and take a cancel message between slices (see solver.Search).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generator, Mapping

from ..heuristics import Compiled
from .problem import Problem
from .result import Improvement, Limits, Progress, StopReason
from .trace import Iteration
from .tree import TreeRecorder

CHECK_EVERY = 63
"""Best-first searches check the clock and report every 64 expansions: an expansion can
cost tens of microseconds with a heuristic evaluated in full on a large board."""
CHECK_EVERY_DFS = 1023
"""Depth-first searches do less per node, so they check every 1024 expansions."""


@dataclass(frozen=True)
class Outcome:
    """What an algorithm returns; solver.Search turns it into a SearchResult."""

    stop: StopReason
    path: list[int] | None
    """Blank positions from start to goal, when solved (an anytime search stopped by a
    limit returns its best solution too)."""
    expanded: int
    generated: int
    max_frontier: int
    bound: int | None
    lower_bound: int | None = None
    """A proven lower bound on the shortest length, when the algorithm proves one
    beyond what its registry entry implies (anytime searches)."""
    proven: bool = False
    """Whether the algorithm proved ``path`` shortest (anytime searches)."""
    history: tuple[Improvement, ...] = ()
    iteration: Iteration | None = None
    """IDA* and IDDFS: the iteration the search ended in (the ones before it were
    reported by ``Progress.iteration``)."""


Steps = Generator[Progress, bool, Outcome]
Options = Mapping[str, float]
"""An algorithm's option values by name, each checked against its registry entry."""
InformedSearch = Callable[[Problem, Compiled, Limits, Options], Steps]
"""A search guided by a heuristic."""
UninformedSearch = Callable[[Problem, Limits, Options], Steps]
"""A search that takes no heuristic."""
TreeInformedSearch = Callable[[Problem, Compiled, Limits, Options, "TreeRecorder | None"], Steps]
"""A search guided by a heuristic that can record its tree (``records_tree``)."""
TreeUninformedSearch = Callable[[Problem, Limits, Options, "TreeRecorder | None"], Steps]
"""A search without a heuristic that can record its tree."""


def path_from_parents(parent: dict[bytes, bytes | None], end: bytes) -> list[int]:
    """Blank positions from the start to ``end``, following ``parent`` links back."""
    states = []
    node: bytes | None = end
    while node is not None:
        states.append(node)
        node = parent[node]
    return [s.index(0) for s in reversed(states)]
