"""IDA*: depth-first iterative deepening on f = g + h.

Memory is linear in the solution length: one board is changed in place and
changed back, the path is a list of blank positions, and the move that would
undo the previous one is never generated. The depth-first search is written
with an explicit stack (not recursion) so that it can pause every few
thousand nodes to report progress and be cancelled.

The estimate of a child is found in one of four ways, fastest first: a
per-tile table (one subtraction and one addition), pattern databases (one
index update and two table reads), the heuristic's own incremental update
(linear conflict: the one line the move can change), or a full evaluation.
"""

from __future__ import annotations

import time

from ..heuristics import Compiled
from .problem import Problem
from .result import Limits, Progress, StopReason
from .steps import CHECK_EVERY_DFS, Outcome, Steps


def idastar(problem: Problem, heuristic: Compiled, limits: Limits) -> Steps:
    """Optimal with an admissible heuristic. Yields progress; send True to cancel."""
    started = time.perf_counter()
    deadline = started + limits.time_limit
    max_nodes = limits.max_nodes
    neighbours = problem.neighbours
    goal = list(problem.goal)
    cells = list(problem.start)
    table = heuristic.tile_table
    evaluate = heuristic.evaluate
    patterns = heuristic.patterns if table is None else None
    update = heuristic.update if table is None and patterns is None else None
    if patterns is not None:
        group = patterns.group
        contrib = patterns.contrib
        tables = patterns.tables
        idx = patterns.indices(cells)
    inf = 1 << 30

    h0 = evaluate(cells)
    bound = h0
    expanded = generated = max_depth = 0
    start_blank = cells.index(0)
    blanks = [start_blank]

    def done(stop: StopReason, path: list[int] | None) -> Outcome:
        return Outcome(stop, path, expanded, generated, max_depth, bound)

    if cells == goal:
        return done(StopReason.SOLVED, blanks)

    while True:
        next_bound = inf
        # Frame d: blank position blanks[d], estimate hs[d], next neighbour index nexts[d].
        blanks = [start_blank]
        hs = [h0]
        nexts = [0]
        expanded += 1
        while nexts:
            d = len(nexts) - 1
            blank = blanks[d]
            nbrs = neighbours[blank]
            i = nexts[d]
            if i == len(nbrs):
                nexts.pop()
                hs.pop()
                if d:
                    prev = blanks[d - 1]
                    tile = cells[prev]
                    cells[blank] = tile
                    cells[prev] = 0
                    if patterns is not None:
                        c = contrib[tile]
                        idx[group[tile]] -= c[prev] - c[blank]
                blanks.pop()
                continue
            nexts[d] = i + 1
            nb = nbrs[i]
            if d and nb == blanks[d - 1]:
                continue  # would undo the previous move
            tile = cells[nb]
            generated += 1
            if table is not None:
                row = table[tile]
                h1 = hs[d] - row[nb] + row[blank]
            elif patterns is not None:
                g = group[tile]
                c = contrib[tile]
                old = idx[g]
                new = old + c[blank] - c[nb]
                t = tables[g]
                h1 = hs[d] - t[old] + t[new]
            else:
                cells[blank] = tile
                cells[nb] = 0
                h1 = update(cells, hs[d], tile, nb, blank) if update is not None else evaluate(cells)
                cells[nb] = tile
                cells[blank] = 0
            f1 = d + 1 + h1
            if f1 > bound:
                if f1 < next_bound:
                    next_bound = f1
                continue
            cells[blank] = tile
            cells[nb] = 0
            if patterns is not None:
                idx[g] = new
            blanks.append(nb)
            if h1 == 0 and cells == goal:
                return done(StopReason.SOLVED, blanks)
            hs.append(h1)
            nexts.append(0)
            expanded += 1
            if d + 1 > max_depth:
                max_depth = d + 1
            if expanded >= max_nodes:
                return done(StopReason.NODE_LIMIT, None)
            if not expanded & CHECK_EVERY_DFS:
                now = time.perf_counter()
                if now >= deadline:
                    return done(StopReason.TIME_LIMIT, None)
                cancel = yield Progress(expanded, generated, d + 1, max_depth, now - started, bound)
                if cancel:
                    return done(StopReason.CANCELLED, None)
        if next_bound == inf:
            return done(StopReason.UNSOLVABLE, None)
        bound = next_bound
