"""Depth-first searches within a bound, from many boards of one puzzle, sharing what they prove.

The analysis of a game asks the same question again and again about boards a move or two
apart: *is there a path to the goal of at most ``bound`` moves from here?* One such search
is one iteration of IDA* (idastar.py) at a fixed bound: depth first, pruning a child whose
``g + h`` exceeds the bound, never undoing the move just made. ``BoundedSearch.probe``
runs it, and the searches share a memory of what they proved (keyed by an integer code of
the board, updated by one addition per move):

* **exact distances** with the next move of a shortest path, from every board of every
  path found (a path found within a bound that is known to be the distance is shortest, and
  so is each of its suffixes). A search that reaches such a board with ``g + distance <=
  bound`` has its answer at once: its path there, then the stored path. One that reaches it
  with ``g + distance > bound`` prunes it, as with a perfect heuristic;
* **lower bounds** from searches that failed: each board the search expanded with ``r``
  moves left (``r = bound - g``) and at least ``STORE_DEPTH`` of them has no path of ``r``
  moves or fewer, so its distance is at least ``r + 2`` (distances from one board have one
  parity). A later search that reaches it with ``g`` plus that bound above its own bound
  prunes it (27% fewer nodes over four 4x4 games of about 115 moves). These are stored only
  when the whole search failed: a search that succeeds may have left a board's subtree
  without its shortest path, which goes back through its parent (the move the search never
  makes), so nothing it saw on the way is proven. The memory holds at most ``MEMO_LIMIT``
  lower bounds; beyond that, failures are no longer remembered.

A search is IDA*'s own iteration (``search.idastar.bounded_iteration``, its step and its
estimate updates: with the 4x4 pattern databases an index update and two table reads per
lookup) given this memory (``search.idastar.Memory``). It yields every
``CHECK_EVERY_DFS + 1`` expansions of this memory's searches (the count of nodes so far);
sending True stops it, and it returns ``Probe`` (``stopped`` set).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generator, Sequence

from ..heuristics import Compiled
from ..search.idastar import INFINITY, Memory, Pass, Walk, bounded_iteration
from ..search.problem import neighbour_table
from ..search.result import StopReason
STORE_DEPTH = 4
"""A failed search stores the lower bound of each board it expanded with at least this
many moves left: boards with fewer are many, and their bounds (2, 4 or 8 here gave the same
node counts over four 4x4 games) never pruned anything."""
MEMO_LIMIT = 400_000
"""The most lower bounds kept (about 40 MB in CPython)."""


@dataclass(frozen=True)
class Probe:
    """What one bounded search found."""

    path: list[int] | None
    """The blank's cells from the start to the goal, a path of at most ``bound`` moves,
    when there is one."""
    next_bound: int
    """Without a path: the least ``g + h`` beyond the bound that the search saw (a lower
    bound on the distance, before rounding to its parity); ``INFINITY`` if none."""
    stopped: bool = False
    """Stopped before it could answer (cancelled, or a limit): ``path`` is None and
    ``next_bound`` means nothing."""


Steps = Generator[int, bool, Probe]
"""A bounded search: yields the nodes expanded so far (by every search of this memory);
send True to stop it."""


class BoundedSearch:
    """Bounded depth-first searches over relabelled cells of one shape and goal
    (search/problem.py: label ``L`` belongs at cell ``L - 1``, 0 is the blank), with the
    memory they share."""

    def __init__(self, rows: int, cols: int, goal: Sequence[int], heuristic: Compiled,
                 memo_limit: int = MEMO_LIMIT) -> None:
        self.rows, self.cols = rows, cols
        self.size = rows * cols
        self.goal = list(goal)
        self.heuristic = heuristic
        self.neighbours = neighbour_table(rows, cols)
        base = self.size + 1
        self.weights: tuple[int, ...] = tuple(base**cell for cell in range(self.size))
        self.bound_of: dict[int, int] = {}
        """Per board code: a proven lower bound on its distance, or its exact distance."""
        self.next_of: dict[int, int] = {}
        """Per board code whose distance is exact: the blank's next cell along a shortest
        path (-1 at the goal)."""
        self.memo_limit = memo_limit
        self.stored = 0
        """Lower bounds stored (not counting exact distances)."""
        self.expanded = 0
        """Nodes expanded by every search so far."""
        self.searches = 0
        self.memory = Memory(self.weights, self.bound_of, self.next_of, STORE_DEPTH)
        """The memory as IDA*'s iteration reads it (the same dictionaries)."""
        self.learn(list(goal), [self.goal.index(0)])

    # -- the memory -------------------------------------------------------------

    def code(self, cells: Sequence[int]) -> int:
        """The board's code: its labels as digits in base ``size + 1``."""
        return sum(label * w for label, w in zip(cells, self.weights))

    def estimate(self, cells: Sequence[int]) -> int:
        """The heuristic's value."""
        return self.heuristic.evaluate(cells)

    def lower(self, cells: Sequence[int]) -> int:
        """The best lower bound known: the heuristic, or what a search proved."""
        return max(self.estimate(cells), self.bound_of.get(self.code(cells), 0))

    def exact(self, cells: Sequence[int]) -> int | None:
        """The board's distance, when known exactly."""
        code = self.code(cells)
        return self.bound_of[code] if code in self.next_of else None

    def learn(self, cells: Sequence[int], blanks: Sequence[int]) -> None:
        """Take in a shortest path from ``cells``: the blank's cells, ``cells``' own first;
        every board along it gets its exact distance and next move. Boards already known
        exactly keep theirs (the same distance: both are shortest)."""
        board = list(cells)
        weights = self.weights
        code = self.code(board)
        length = len(blanks) - 1
        for step, blank in enumerate(blanks):
            nxt = blanks[step + 1] if step < length else -1
            if code not in self.next_of:
                self.bound_of[code] = length - step
                self.next_of[code] = nxt
            if nxt >= 0:
                tile = board[nxt]
                board[blank], board[nxt] = tile, 0
                code += tile * (weights[blank] - weights[nxt])

    def parity(self, cells: Sequence[int]) -> int:
        """The parity every path from ``cells`` to the goal has: the blank's Manhattan
        distance to its goal cell, modulo 2."""
        a, b, cols = list(cells).index(0), self.goal.index(0), self.cols
        return (abs(a // cols - b // cols) + abs(a % cols - b % cols)) % 2

    def at_parity(self, cells: Sequence[int], bound: int) -> int:
        """``bound`` rounded up to the parity of every path from ``cells``."""
        return bound + (bound - self.parity(cells)) % 2

    def learn_lower(self, cells: Sequence[int], value: int) -> None:
        """Take in a proven lower bound on a board's distance (kept if higher than the one known)."""
        code = self.code(cells)
        if code not in self.next_of and self.bound_of.get(code, 0) < value:
            if code not in self.bound_of:
                self.stored += 1
            self.bound_of[code] = value

    def learn_exact(self, cells: Sequence[int], distance: int, next_blank: int) -> None:
        """Take in a board's exact distance and the blank's next cell along a shortest path
        (to a board whose distance is known exactly)."""
        code = self.code(cells)
        if code not in self.next_of:
            self.bound_of[code] = distance
            self.next_of[code] = next_blank

    def path_from(self, cells: Sequence[int]) -> list[int]:
        """A shortest path from a board whose distance is known exactly: the blank's cells."""
        board = list(cells)
        weights = self.weights
        code = self.code(board)
        blank = board.index(0)
        path = [blank]
        while True:
            nxt = self.next_of[code]
            if nxt < 0:
                return path
            tile = board[nxt]
            board[blank], board[nxt] = tile, 0
            code += tile * (weights[blank] - weights[nxt])
            blank = nxt
            path.append(blank)

    # -- one search -------------------------------------------------------------

    def probe(self, cells: Sequence[int], bound: int) -> Steps:
        """Whether ``cells`` has a path to the goal of at most ``bound`` moves (see the module):
        IDA*'s own iteration (``search.idastar.bounded_iteration``) with this memory."""
        self.searches += 1
        root = list(cells)
        bound -= (bound - self.parity(root)) % 2  # every path from root has this parity
        bound_of = self.bound_of
        code0 = self.code(root)
        known = bound_of.get(code0)
        if known is not None:
            if known > bound:
                return Probe(None, known)
            if code0 in self.next_of:
                return Probe(self.path_from(root), known)
        walk = Walk(self.neighbours, root, self.goal, self.heuristic)
        if walk.h0 > bound:
            return Probe(None, walk.h0)
        steps = bounded_iteration(walk, bound, self.expanded + 1, memory=self.memory, code=code0)
        try:
            tally = next(steps)
            while True:
                self.expanded = tally[0]
                stop = yield tally[0]
                tally = steps.send(bool(stop))
        except StopIteration as end:
            found: Pass = end.value
        self.expanded = found.expanded
        if found.stop is StopReason.CANCELLED:
            return Probe(None, found.next_bound, stopped=True)
        if found.path is not None:
            return Probe(found.path + self.path_from(walk.cells) if found.known else list(found.path), bound)
        room = self.memo_limit - self.stored
        for code, value in found.pending[:max(0, room)]:
            if bound_of.get(code, 0) < value:
                if code not in bound_of:
                    self.stored += 1
                bound_of[code] = value
        return Probe(None, found.next_bound)
