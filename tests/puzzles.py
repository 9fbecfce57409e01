"""Known answers shared by the tests: exhaustive 8-puzzle distances and Korf's instances."""

from __future__ import annotations

import functools
from collections import deque
from pathlib import Path

from npuzzle import Board
from npuzzle.search.problem import neighbour_table

DATA = Path(__file__).parent / "data"

# OEIS A089473 / Reinefeld 1993 (see tests/data and ../shared/bench/README.md):
# number of 8-puzzle states at each optimal distance 0..31 from a corner-blank goal.
EIGHT_PUZZLE_HISTOGRAM = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
    9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
]
HARDEST_BLANK_LAST = ["8 6 7 / 2 5 4 / 3 0 1", "6 4 7 / 8 5 0 / 3 2 1"]
HARDEST_BLANK_FIRST = ["8 0 6 / 5 4 7 / 2 3 1", "8 7 6 / 0 4 1 / 2 5 3"]


def bfs_distances(goal: Board) -> dict[tuple[int, ...], int]:
    """Exact distance to ``goal`` of every state that can reach it (plain BFS)."""
    neighbours = neighbour_table(goal.rows, goal.cols)
    dist = {goal.tiles: 0}
    queue = deque([goal.tiles])
    while queue:
        state = queue.popleft()
        d = dist[state] + 1
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
    """
    n = side * side
    return [0 if t == 0 else n - t for t in reversed(tiles)]


def korf100() -> list[tuple[int, int, list[int]]]:
    """Korf's 100 15-puzzle instances: (id, optimal length, tiles for the blank-FIRST goal)."""
    rows = []
    for line in (DATA / "korf100.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fields = [int(x) for x in line.split()]
            rows.append((fields[0], fields[1], fields[2:]))
    return rows
