"""The best-first graph search engine behind A*, weighted A* and greedy best-first.

All three order the open list by ``g_weight * g + h_weight * h``:
A* is (1, 1), weighted A* (1, w) and greedy best-first (0, 1).

The open list is a binary heap of ``(priority, h, g, cells)``: among equal
priorities the node nearest the goal (smallest h) goes first, and equal
entries are ordered by the cells themselves, so runs are deterministic. The
best g per state lives in a dict; a popped entry whose g is worse than that is
stale and skipped instead of being searched for in the heap. A state is
expanded again only when reached by a strictly shorter path (never for
greedy, which ignores g); with a consistent heuristic A* expands none twice.
"""

from __future__ import annotations

import time
from heapq import heappop, heappush

from ..heuristics import Compiled
from .problem import Problem
from .result import Limits, Progress, StopReason
from .steps import CHECK_EVERY, Outcome, Steps, path_from_parents
from .tree import TreeRecorder


def best_first(
    problem: Problem, heuristic: Compiled, limits: Limits, g_weight: float, h_weight: float,
    tree: TreeRecorder | None = None,
) -> Steps:
    """The shared engine. Yields progress; send True to cancel. With ``tree``, every
    node is reported to it."""
    started = time.perf_counter()
    deadline = started + limits.time_limit
    max_nodes = limits.max_nodes
    neighbours = problem.neighbours
    goal = bytes(problem.goal)
    start = bytes(problem.start)
    table = heuristic.tile_table
    evaluate = heuristic.evaluate
    reopen = g_weight > 0

    h0 = evaluate(start)
    best_g: dict[bytes, int] = {start: 0}
    parent: dict[bytes, bytes | None] = {start: None}
    heap: list[tuple[float, int, int, bytes]] = [(h_weight * h0, h0, 0, start)]
    expanded = generated = max_frontier = 0
    bound = h0
    if tree is not None:
        tree.root(start, h0, h_weight * h0, expanded=False)

    def finish(stop: StopReason, end: bytes | None) -> Outcome:
        path = path_from_parents(parent, end) if end is not None else None
        return Outcome(stop, path, expanded, generated, max_frontier, bound)

    while heap:
        _, h, g, cells = heappop(heap)
        if g > best_g[cells]:
            continue  # stale: a cheaper path to this state was pushed later
        if cells == goal:
            if tree is not None:
                tree.reached_goal(cells)
            return finish(StopReason.SOLVED, cells)
        if expanded >= max_nodes:
            return finish(StopReason.NODE_LIMIT, None)
        expanded += 1
        if tree is not None:
            tree.expand(cells)
        if g + h > bound and h_weight == 1 and g_weight == 1:
            bound = g + h  # A*: the largest f expanded so far bounds the optimum from below
        frontier = len(best_g) - expanded
        if frontier > max_frontier:
            max_frontier = frontier
        if not expanded & CHECK_EVERY:
            now = time.perf_counter()
            if now >= deadline:
                return finish(StopReason.TIME_LIMIT, None)
            report = bound if (g_weight, h_weight) == (1, 1) else None
            cancel = yield Progress(expanded, generated, frontier, max_frontier, now - started, report)
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
            if old is not None and (old <= g1 or not reopen):
                if tree is not None:
                    h1 = evaluate(state)
                    tree.child(state, g1, h1, g_weight * g1 + h_weight * h1, "duplicate")
                continue
            if table is not None:
                row = table[tile]
                h1 = h - row[nb] + row[blank]
            else:
                h1 = evaluate(state)
            best_g[state] = g1
            parent[state] = cells
            f1 = g_weight * g1 + h_weight * h1
            heappush(heap, (f1, h1, g1, state))
            if tree is not None:
                tree.child(state, g1, h1, f1, "open")
    # The reachable half of the state space is exhausted: only possible if the
    # caller skipped the parity check, so report it as unsolvable.
    return finish(StopReason.UNSOLVABLE, None)
