"""Puzzles with known answers and published figures, for tests and benchmarks.

The instance files live in ``npuzzle/data/`` and start with ``#`` lines that
name their sources. They are not part of the solver (the browser never loads
this module); they are here so that ``tests/`` and ``bench/`` read them from
one place.

* ``korf100.txt``: Korf (1985), 100 random 15-puzzle instances with optimal
  lengths (goal with the blank FIRST);
* ``korf24_50.txt``: Korf & Felner (2002), 50 random 24-puzzle instances with
  optimal lengths (goal with the blank FIRST);
* ``fifteen_antipodes80.txt``: the 17 15-puzzle positions 80 moves from the
  goal with the blank LAST (Korf & Schultze 2005; Brüngger et al. 1999).
"""

from __future__ import annotations

import functools
from collections import deque

from .board import Board
from .search.problem import neighbour_table
from .tables import data_path

EIGHT_PUZZLE_HISTOGRAM = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
    9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
]
"""Number of 8-puzzle states at each optimal distance 0..31 from a goal with the blank
in a corner (OEIS A089473; Reinefeld 1993, "Complete solution of the eight-puzzle")."""
HARDEST_BLANK_LAST = ["8 6 7 / 2 5 4 / 3 0 1", "6 4 7 / 8 5 0 / 3 2 1"]
"""The two 8-puzzle boards 31 moves from the blank-last goal (Reinefeld 1993)."""
HARDEST_BLANK_FIRST = ["8 0 6 / 5 4 7 / 2 3 1", "8 7 6 / 0 4 1 / 2 5 3"]
"""The two 8-puzzle boards 31 moves from the blank-first goal."""

KORF_FELNER_2002_MEAN_NODES = {
    "manhattan": 401_189_630,
    "5-5-5": 3_090_405,
    "6-6-3": 617_555,
    "7-8 reflected": 36_710,
}
"""Mean nodes per instance of IDA* on Korf's 100 15-puzzles with each heuristic
(Korf & Felner 2002, "Disjoint pattern database heuristics", AIJ 134)."""


def bfs_distances(goal: Board, max_depth: int | None = None) -> dict[tuple[int, ...], int]:
    """Exact distance to ``goal`` of every state that can reach it (plain BFS), or of every
    state within ``max_depth`` moves of it."""
    neighbours = neighbour_table(goal.rows, goal.cols)
    dist = {goal.tiles: 0}
    queue = deque([goal.tiles])
    while queue:
        state = queue.popleft()
        d = dist[state] + 1
        if max_depth is not None and d > max_depth:
            break
        blank = state.index(0)
        for nb in neighbours[blank]:
            cells = list(state)
            cells[blank], cells[nb] = cells[nb], 0
            child = tuple(cells)
            if child not in dist:
                dist[child] = d
                queue.append(child)
    return dist


@functools.lru_cache(maxsize=None)
def eight_puzzle_distances(goal_name: str) -> dict[tuple[int, ...], int]:
    """All 181,440 solvable 3x3 states with their optimal distance to the named goal."""
    return bfs_distances(Board.goal(3, 3, goal_name))


def blank_first_to_blank_last(tiles: list[int], side: int) -> list[int]:
    """Map an instance for the blank-first goal to the equivalent blank-last instance.

    Rotate the board 180 degrees and relabel v -> side*side - v (blank stays 0):
    that maps the blank-first goal onto the blank-last goal and preserves distances.

    >>> blank_first_to_blank_last([1, 0, 2, 3], 2)
    [1, 2, 0, 3]
    """
    n = side * side
    return [0 if t == 0 else n - t for t in reversed(tiles)]


def _instances(name: str) -> list[tuple[int, int, list[int]]]:
    rows = []
    for line in data_path(name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fields = [int(x) for x in line.split()]
            rows.append((fields[0], fields[1], fields[2:]))
    return rows


def korf100() -> list[tuple[int, int, list[int]]]:
    """Korf's 100 15-puzzle instances: (id, optimal length, tiles for the blank-FIRST goal)."""
    return _instances("korf100.txt")


def korf24_50() -> list[tuple[int, int, list[int]]]:
    """Korf & Felner's 50 24-puzzle instances: (id, optimal length, tiles for the blank-FIRST goal)."""
    return _instances("korf24_50.txt")


def fifteen_antipodes80() -> list[list[int]]:
    """The 17 15-puzzle positions 80 moves from the blank-LAST goal (tiles, row-major)."""
    return [
        [int(x) for x in line.split()]
        for line in data_path("fifteen_antipodes80.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
