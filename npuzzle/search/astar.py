"""A* graph search.

The open list is a binary heap of ``(f, h, cells)``: among equal f the node
nearest the goal (smallest h, so largest g) goes first, and equal entries are
ordered by the cells themselves, so runs are deterministic. The best g per
state lives in a dict; a popped entry whose g is worse than that is stale and
skipped instead of being searched for in the heap. No state is expanded twice
at an equal or worse cost; with a consistent heuristic none is expanded twice.
"""

from __future__ import annotations

import time
from heapq import heappop, heappush

from ..heuristics import Compiled
from .steps import CHECK_EVERY, Outcome, Steps
from .problem import Problem
from .result import Limits, Progress, StopReason


def astar(problem: Problem, heuristic: Compiled, limits: Limits) -> Steps:
    """Optimal with an admissible heuristic. Yields progress; send True to cancel."""
    started = time.perf_counter()
    deadline = started + limits.time_limit
    max_nodes = limits.max_nodes
    neighbours = problem.neighbours
    goal = bytes(problem.goal)
    start = bytes(problem.start)
    table = heuristic.tile_table
    evaluate = heuristic.evaluate

    h0 = evaluate(start)
    best_g: dict[bytes, int] = {start: 0}
    parent: dict[bytes, bytes | None] = {start: None}
    heap: list[tuple[int, int, bytes]] = [(h0, h0, start)]
    expanded = generated = max_frontier = 0
    f = h0

    def finish(stop: StopReason, end: bytes | None) -> Outcome:
        path = None
        if end is not None:
            states = []
            node: bytes | None = end
            while node is not None:
                states.append(node)
                node = parent[node]
            path = [s.index(0) for s in reversed(states)]
        return Outcome(stop, path, expanded, generated, max_frontier, f)

    while heap:
        f, h, cells = heappop(heap)
        g = f - h
        if g > best_g[cells]:
            continue  # stale: a cheaper path to this state was pushed later
        if cells == goal:
            return finish(StopReason.SOLVED, cells)
        if expanded >= max_nodes:
            return finish(StopReason.NODE_LIMIT, None)
        expanded += 1
        frontier = len(best_g) - expanded
        if frontier > max_frontier:
            max_frontier = frontier
        if not expanded & CHECK_EVERY:
            now = time.perf_counter()
            if now >= deadline:
                return finish(StopReason.TIME_LIMIT, None)
            cancel = yield Progress(expanded, generated, frontier, max_frontier, now - started, f)
            if cancel:
                return finish(StopReason.CANCELLED, None)
        blank = cells.index(0)
        g1 = g + 1
        for nb in neighbours[blank]:
            tile = cells[nb]
            child = bytearray(cells)
            child[blank] = tile
            child[nb] = 0
            state = bytes(child)
            generated += 1
            old = best_g.get(state)
            if old is not None and old <= g1:
                continue
            if table is not None:
                row = table[tile]
                h1 = h - row[nb] + row[blank]
            else:
                h1 = evaluate(state)
            best_g[state] = g1
            parent[state] = cells
            heappush(heap, (g1 + h1, h1, state))
    # The reachable half of the state space is exhausted: only possible if the
    # caller skipped the parity check, so report it as unsolvable.
    return finish(StopReason.UNSOLVABLE, None)
