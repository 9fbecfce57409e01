"""Every state's exact distance to a goal, on boards of at most 9 cells: one breadth-first
search, grown a slice at a time and kept per goal.

States are numbered by a perfect hash of their tiles (``StateNumbering``: the first cells'
tiles and the order of the rest, two table reads), so the search keeps its distances in one
``bytearray`` indexed by that number and its queue in a flat array of codes, not in dicts of
boards. The queue is never emptied: it is the order in which the search found the states
(breadth-first), which a caller may walk behind the search (custom/check.py does, calling a
person's heuristic on each state as it is found). A 3x3 has 181,440 states that can reach a
goal (31 moves at most); its table takes about a third of a second in CPython.

``distance_table(goal)`` answers the table of a goal (the same object every time, kept for
the last ``CACHED_TABLES`` goals); ``grow`` adds a slice of the search, and a table that was
left half-built (a cancelled job) is grown on from where it stopped.

>>> from npuzzle.board import Board
>>> table = distance_table(Board.goal(2, 3))
>>> table.grow_all().states, table.max_distance
(360, 21)
>>> table.distance_of(Board.from_string("1 2 3 / 4 0 5"))
1
"""

from __future__ import annotations

import math
from array import array
from collections import OrderedDict
from itertools import combinations, permutations
from typing import Sequence

from .board import Board, Tiles
from .search.problem import neighbour_table

TABLE_CELLS = 9
"""The largest boards (in cells) that get a table: 3x3, 2x4 and 4x2 (181,440 and 20,160 states)."""
CACHED_TABLES = 4
"""How many goals' tables are kept (a 3x3's takes about 1.3 MB)."""
UNSEEN = 255
"""The distance byte of a state the search has not reached (yet)."""


class StateNumbering:
    """A perfect hash of a board's tiles onto 0..n!-1, from its code in base n (cell 0 the
    most significant digit): the first ``k`` cells' tiles (an ordered selection) times the
    number of orders of the rest, plus the rest's order. Two table reads per state; a move
    changes the code by one addition (``tile * (weight[blank] - weight[cell])``)."""

    def __init__(self, cells: int) -> None:
        n = cells
        k = n // 2
        m = n - k
        self.cells = n
        self.weights: tuple[int, ...] = tuple(n ** (n - 1 - i) for i in range(n))
        self.split: int = n**m
        orders = math.factorial(m)
        self.prefix: list[int] = [0] * n**k
        for index, chosen in enumerate(permutations(range(n), k)):
            self.prefix[_code(chosen, n)] = index * orders
        self.suffix: list[int] = [0] * n**m
        for subset in combinations(range(n), m):
            for index, order in enumerate(permutations(subset)):
                self.suffix[_code(order, n)] = index
        self.size = math.factorial(n)

    def code(self, tiles: Sequence[int]) -> int:
        """The board's code in base n."""
        return sum(t * w for t, w in zip(tiles, self.weights))

    def rank(self, code: int) -> int:
        """The board's number, from its code."""
        return self.prefix[code // self.split] + self.suffix[code % self.split]

    def tiles(self, code: int) -> Tiles:
        """The board whose code is ``code``."""
        n = self.cells
        return tuple(code // w % n for w in self.weights)


def _code(digits: Sequence[int], base: int) -> int:
    value = 0
    for d in digits:
        value = value * base + d
    return value


class DistanceTable:
    """The breadth-first search from one goal over every state that can reach it, grown by
    ``grow``: ``distance[rank]`` is a state's distance (``UNSEEN`` until found), ``order`` the
    codes of the states found so far, in the order found (distances never decrease along
    it), ``blanks`` their blank cells."""

    def __init__(self, goal: Board) -> None:
        if goal.size > TABLE_CELLS:
            raise ValueError(f"a distance table is for boards of at most {TABLE_CELLS} cells, not a {goal.shape}")
        self.goal = goal
        self.numbering = StateNumbering(goal.size)
        self.neighbours = neighbour_table(goal.rows, goal.cols)
        self.total = math.factorial(goal.size) // 2
        """The states that can reach the goal: half of all orders of the tiles."""
        self.distance = bytearray([UNSEEN]) * self.numbering.size
        code = self.numbering.code(goal.tiles)
        self.distance[self.numbering.rank(code)] = 0
        self.order = array("i", [code])
        self.blanks = bytearray([goal.blank])
        self.expanded = 0
        """How many states of ``order`` the search has expanded (its queue is the rest)."""
        self._depth = 0
        """The distance of the states being expanded: those of ``order`` before ``_layer_end``."""
        self._layer_end = 1
        weights = self.numbering.weights
        self._moves = tuple(tuple((weights[cell], weights[blank] - weights[cell], cell) for cell in cells)
                            for blank, cells in enumerate(self.neighbours))
        """Per blank cell, each move: the moving tile's cell's weight, what the code gains per
        unit of that tile, and the cell."""

    @property
    def complete(self) -> bool:
        """Whether every state that can reach the goal has its distance."""
        return self.expanded == len(self.order)

    @property
    def states(self) -> int:
        """The states found so far."""
        return len(self.order)

    @property
    def max_distance(self) -> int:
        """The largest distance found so far (the last state found is the farthest)."""
        return self.distance[self.numbering.rank(self.order[-1])]

    def grow(self, expansions: int) -> DistanceTable:
        """Expand up to ``expansions`` more states (fewer when the search ends first)."""
        numbering = self.numbering
        prefix, suffix, split, n = numbering.prefix, numbering.suffix, numbering.split, numbering.cells
        moves = self._moves
        distance, order, blanks = self.distance, self.order, self.blanks
        push, push_blank = order.append, blanks.append
        i = self.expanded
        limit = i + expansions
        layer_end, d1 = self._layer_end, self._depth + 1
        while i < limit:
            if i == layer_end:  # the next layer: its states were all found by the one before
                layer_end = len(order)
                if i == layer_end:
                    break
                d1 += 1
            code = order[i]
            for wc, gain, cell in moves[blanks[i]]:
                child = code + code // wc % n * gain
                rank = prefix[child // split] + suffix[child % split]
                if distance[rank] == UNSEEN:
                    distance[rank] = d1
                    push(child)
                    push_blank(cell)
            i += 1
        self.expanded, self._layer_end, self._depth = i, layer_end, d1 - 1
        return self

    def grow_all(self) -> DistanceTable:
        """Run the search to its end."""
        while not self.complete:
            self.grow(1 << 20)
        return self

    def rank_of(self, tiles: Sequence[int]) -> int:
        """A board's number in ``distance``."""
        return self.numbering.rank(self.numbering.code(tiles))

    def distance_of(self, board: Board | Sequence[int]) -> int | None:
        """A board's distance to the goal, or None if the search has not reached it (yet, or
        ever: a board that cannot reach the goal)."""
        tiles = board.tiles if isinstance(board, Board) else board
        value = self.distance[self.rank_of(tiles)]
        return None if value == UNSEEN else value


_TABLES: OrderedDict[tuple[int, int, Tiles], DistanceTable] = OrderedDict()


def distance_table(goal: Board) -> DistanceTable:
    """The table of ``goal`` (possibly not complete yet: ``grow`` it), the same object for the
    same goal while it is among the last ``CACHED_TABLES`` asked for; ValueError for a board of
    more than ``TABLE_CELLS`` cells."""
    key = (goal.rows, goal.cols, goal.tiles)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = DistanceTable(goal)
        while len(_TABLES) > CACHED_TABLES:
            _TABLES.popitem(last=False)
    else:
        _TABLES.move_to_end(key)
    return table


def exact_distance(board: Board, goal: Board) -> int | None:
    """The board's exact distance to the goal on boards of at most ``TABLE_CELLS`` cells (the
    goal's table grown to the end: once per goal, then kept), else None."""
    if board.size > TABLE_CELLS:
        return None
    table = distance_table(goal)
    while not table.complete:
        table.grow(1 << 20)
    return table.distance_of(board)


def forget_tables() -> None:
    """Drop every kept table (benchmarks time a table built afresh)."""
    _TABLES.clear()
