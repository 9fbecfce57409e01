"""A* as the grader counts it: h looked up from values the graded code answered, never called.

``counted_astar`` is a generator: it yields a ``Need``, the boards whose h it needs and does not
have with the best boards of its open list (where it goes next: the caller asks the code's side
for the first and, ahead, for boards around the others, adds the answers to what ``h`` looks up,
and resumes it), or None now and then to let a job's slice end, and returns a ``Count``. With a table of h on
every state (boards of at most 9 cells, from the exhaustive check) it never asks.

The A* counted, exactly (a test runs a plain A* written from this text and compares):

* the open list is a heap ordered by ``(f, h, serial)``: lowest f, then lowest h, then the
  order pushed (``serial`` counts pushes from 0, the start being 0);
* a board's children are generated in the order of ``search.problem.neighbour_table``'s cells
  for its blank (the tile below the blank, above, to the right, to the left, where they exist);
  a child is pushed, with ``g + 1``, only when that is less than the best g it has had, and h is
  needed only for a child that is pushed;
* a popped entry whose g is more than its board's best g is stale and skipped; a popped goal
  ends the search; any other popped board is **expanded** (counted) and its children generated,
  so a board reached again by a shorter path is expanded again (reopening: h need not be
  consistent);
* past ``cap`` expansions it stops (``stopped`` is ``node-limit``).

>>> from npuzzle.board import Board
>>> from npuzzle.heuristics import manhattan
>>> goal = Board.goal(3, 3)
>>> run_to_end(counted_astar((1, 2, 3, 4, 5, 6, 0, 7, 8), goal.tiles, 3, 3,
...                          lambda t: manhattan(Board(3, 3, t), goal), 100))
Count(expanded=2, length=2, stopped=None, used=5)
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable, Generator

from ..board import Tiles
from ..search.problem import neighbour_table
from ..search.result import StopReason

PAUSE_EVERY = 512
"""Expansions between two pauses (a yielded None), so a job's slice can end."""


@dataclass(frozen=True)
class Count:
    """What A* did on one board: boards expanded, the solution's length (None if it stopped
    first), ``node-limit`` when the cap stopped it, and how many times it used h (the start and
    each board pushed)."""

    expanded: int
    length: int | None
    stopped: str | None
    used: int = 0


@dataclass(frozen=True)
class Need:
    """What A* asks for: ``boards``, whose h it needs now, and ``ahead``, the best boards of its
    open list (lowest f, h, order), whose children it will likely need next."""

    boards: list[Tiles]
    ahead: list[Tiles]


AHEAD = 16
"""How many of the open list's best boards a ``Need`` names."""
Lookup = Callable[[Tiles], "int | None"]
"""h of a board as the judge knows it, or None when it does not know it yet."""
AStarRun = Generator["Need | None", None, Count]


def counted_astar(start: Tiles, goal: Tiles, rows: int, cols: int, h: Lookup, cap: int) -> AStarRun:
    """A* from ``start`` to ``goal`` (see the module), asking (yielding) for the boards whose
    h ``h`` does not know yet, and pausing (yielding None) every PAUSE_EVERY expansions."""
    neighbours = neighbour_table(rows, cols)
    h0 = h(start)
    while h0 is None:
        yield Need([start], [])
        h0 = h(start)
    best_g: dict[Tiles, int] = {start: 0}
    serial = 0
    heap: list[tuple[int, int, int, int, Tiles]] = [(h0, h0, 0, 0, start)]
    expanded = 0
    pause = PAUSE_EVERY
    while heap:
        f, hv, _, g, board = heapq.heappop(heap)
        if g > best_g[board]:
            continue
        if board == goal:
            return Count(expanded, g, None, serial + 1)
        if expanded >= cap:
            return Count(expanded, None, StopReason.NODE_LIMIT.value, serial + 1)
        expanded += 1
        blank = board.index(0)
        g1 = g + 1
        children = []
        for cell in neighbours[blank]:
            cells = list(board)
            cells[blank], cells[cell] = cells[cell], 0
            child = tuple(cells)
            if g1 < best_g.get(child, g1 + 1):
                children.append(child)
        missing = [c for c in children if h(c) is None]
        while missing:
            yield Need(missing, [entry[4] for entry in heap[:AHEAD]])  # the heap's top: its best, roughly
            missing = [c for c in missing if h(c) is None]
        for child in children:
            hc = h(child)
            if hc is None:  # pragma: no cover - every child's h was asked for above
                raise RuntimeError("A* lost a value it was given")
            serial += 1
            best_g[child] = g1
            heapq.heappush(heap, (g1 + hc, hc, serial, g1, child))
        pause -= 1
        if not pause:
            pause = PAUSE_EVERY
            yield None
    return Count(expanded, None, None, serial + 1)  # pragma: no cover - every start an assignment holds reaches the goal


def run_to_end(run: AStarRun) -> Count:
    """A run whose h knows every board (a table, Manhattan's), to its end."""
    while True:
        try:
            asked = next(run)
        except StopIteration as end:
            count: Count = end.value
            return count
        if asked is not None:
            raise ValueError(f"A* asked for h on {len(asked.boards)} boards it was to know")


__all__ = ["AHEAD", "Count", "Lookup", "Need", "PAUSE_EVERY", "counted_astar", "run_to_end"]
