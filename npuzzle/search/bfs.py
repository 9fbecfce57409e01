"""Breadth-first graph search: optimal in moves, no heuristic, memory for every state seen.

The goal test is made when a state is generated, so the search stops one
layer earlier than a test at expansion would. Every state is stored once (a
dict from state to parent), so memory grows with the node limit and the
search stops there, not when memory runs out.
"""

from __future__ import annotations

import time
from collections import deque

from .problem import Problem
from .result import Limits, Progress, StopReason
from .steps import CHECK_EVERY, Options, Outcome, Steps, path_from_parents
from .tree import TreeRecorder


def bfs(problem: Problem, limits: Limits, options: Options, tree: TreeRecorder | None = None) -> Steps:
    """Breadth-first search (no heuristic, no options). Yields progress; send True to cancel.
    With ``tree``, every node is reported to it."""
    started = time.perf_counter()
    deadline = started + limits.time_limit
    neighbours = problem.neighbours
    goal = bytes(problem.goal)
    start = bytes(problem.start)
    parent: dict[bytes, bytes | None] = {start: None}
    queue: deque[tuple[bytes, int]] = deque([(start, 0)])
    expanded = generated = max_frontier = depth = 0

    def finish(stop: StopReason, end: bytes | None) -> Outcome:
        path = path_from_parents(parent, end) if end is not None else None
        return Outcome(stop, path, expanded, generated, max_frontier, depth)

    if tree is not None:
        tree.root(start, None, None, expanded=False)
    if start == goal:
        if tree is not None:
            tree.reached_goal(start)
        return finish(StopReason.SOLVED, start)
    while queue:
        if expanded >= limits.max_nodes:
            return finish(StopReason.NODE_LIMIT, None)
        if len(queue) > max_frontier:
            max_frontier = len(queue)
        cells, depth = queue.popleft()
        expanded += 1
        if tree is not None:
            tree.expand(cells)
        if not expanded & CHECK_EVERY:
            now = time.perf_counter()
            if now >= deadline:
                return finish(StopReason.TIME_LIMIT, None)
            cancel = yield Progress(expanded, generated, len(queue), max_frontier, now - started, depth)
            if cancel:
                return finish(StopReason.CANCELLED, None)
        blank = cells.index(0)
        for nb in neighbours[blank]:
            child = bytearray(cells)
            child[blank] = child[nb]
            child[nb] = 0
            state = bytes(child)
            generated += 1
            if state in parent:
                if tree is not None:
                    tree.child(state, depth + 1, None, None, "duplicate")
                continue
            parent[state] = cells
            if state == goal:
                depth += 1
                if tree is not None:
                    tree.child(state, depth, None, None, "goal")
                return finish(StopReason.SOLVED, state)
            if tree is not None:
                tree.child(state, depth + 1, None, None, "open")
            queue.append((state, depth + 1))
    return finish(StopReason.UNSOLVABLE, None)
