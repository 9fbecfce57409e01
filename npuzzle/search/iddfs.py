"""Iterative-deepening depth-first search: optimal in moves, no heuristic, linear memory.

Depth-limited searches to depth 0, 1, 2, ... until the goal is found. A tree
search (a depth-first search keeps no record of the states it has seen), so
the only pruning is never undoing the previous move. Written with an explicit
stack so that it can report progress and be cancelled.
"""

from __future__ import annotations

import time

from .problem import Problem
from .result import Limits, Progress, StopReason
from .steps import CHECK_EVERY_DFS, Options, Outcome, Steps
from .trace import Iteration
from .tree import TreeRecorder


def iddfs(problem: Problem, limits: Limits, options: Options, tree: TreeRecorder | None = None) -> Steps:
    """Iterative deepening (no heuristic, no options). Yields progress; send True to cancel.
    With ``tree``, every node is reported to it (one tree per depth limit)."""
    started = time.perf_counter()
    deadline = started + limits.time_limit
    neighbours = problem.neighbours
    goal = list(problem.goal)
    cells = list(problem.start)
    start_blank = cells.index(0)
    expanded = generated = max_depth = 0
    limit = 0
    # Where the current iteration began (counts, clock): each iteration's exact counts
    # are reported at its end, outside the inner loop, which they do not slow.
    began_expanded = began_generated = 0
    began = started
    start = bytes(cells)
    # With a tree recorder, every expansion takes the node-limit branch, which records it.
    node_check = 0 if tree is not None else limits.max_nodes

    def done(stop: StopReason, path: list[int] | None) -> Outcome:
        now = time.perf_counter()
        last = Iteration(limit, expanded - began_expanded, generated - began_generated,
                         now - began, now - started, stop.value)
        return Outcome(stop, path, expanded, generated, max_depth, limit, iteration=last)

    if cells == goal:
        if tree is not None:
            tree.root(start, None, None, bound=0, expanded=False)
            tree.reached_goal(start)
        return done(StopReason.SOLVED, [start_blank])
    # With no heuristic there is no sign of an unsolvable board but parity,
    # which the caller checks; the node and time limits end the search otherwise.
    limit = 1
    while True:
        blanks = [start_blank]
        nexts = [0]
        if expanded >= limits.max_nodes:  # the next iteration's start would be one too many
            return done(StopReason.NODE_LIMIT, None)
        expanded += 1
        if tree is not None:
            tree.root(start, None, None, bound=limit)
        while nexts:
            d = len(nexts) - 1
            blank = blanks[d]
            nbrs = neighbours[blank]
            i = nexts[d]
            if i == len(nbrs) or d == limit:
                nexts.pop()
                if d:
                    prev = blanks[d - 1]
                    cells[blank] = cells[prev]
                    cells[prev] = 0
                blanks.pop()
                continue
            nexts[d] = i + 1
            nb = nbrs[i]
            if d and nb == blanks[d - 1]:
                continue
            generated += 1
            cells[blank] = cells[nb]
            cells[nb] = 0
            blanks.append(nb)
            if d + 1 == limit and cells == goal:
                if tree is not None:
                    tree.dfs_child(d, nb, None, None, "goal")
                return done(StopReason.SOLVED, blanks)
            nexts.append(0)
            if d + 1 > max_depth:
                max_depth = d + 1
            if d + 1 < limit:
                expanded += 1
                if expanded >= node_check:
                    if tree is not None:
                        tree.dfs_child(d, nb, None, None, "open")
                    if expanded >= limits.max_nodes:
                        return done(StopReason.NODE_LIMIT, None)
                if not expanded & CHECK_EVERY_DFS:
                    now = time.perf_counter()
                    if now >= deadline:
                        return done(StopReason.TIME_LIMIT, None)
                    cancel = yield Progress(expanded, generated, d + 1, max_depth, now - started, limit)
                    if cancel:
                        return done(StopReason.CANCELLED, None)
            elif tree is not None:
                tree.dfs_child(d, nb, None, None, "pruned")  # at the depth limit
        now = time.perf_counter()
        ended = Iteration(limit, expanded - began_expanded, generated - began_generated,
                          now - began, now - started)
        began_expanded, began_generated, began = expanded, generated, now
        limit += 1
        cancel = yield Progress(expanded, generated, 0, max_depth, now - started, limit, iteration=ended)
        if cancel:
            return done(StopReason.CANCELLED, None)
