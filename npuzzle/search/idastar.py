"""IDA*: depth-first iterative deepening on f = g + h.

Memory is linear in the solution length: one board is changed in place and
changed back, the path is a list of blank positions, and the move that would
undo the previous one is never generated. The depth-first search is written
with an explicit stack (not recursion) so that it can pause every few
thousand nodes to report progress and be cancelled.

The estimate of a child is found in one of four ways, fastest first: a
per-tile table (one subtraction and one addition), pattern databases (one
index update and two table reads per lookup; with two or four lookups, the
largest sum; tables that hold excesses over Manhattan add the Manhattan
distance, updated like a per-tile table), the heuristic's own incremental update
(linear conflict: the one line the move can change), or a full evaluation.
That is ``Compiled.after_move``'s rule, written out inline because a call per node
costs about 5% here; ``Compiled.values_along`` is the reference it must agree with
(tests/test_search.py checks IDA*'s h along its solutions against it).
"""

from __future__ import annotations

import time
from typing import Callable

from ..heuristics import Compiled
from ..pattern_db import PatternLookup
from .problem import Problem
from .result import Limits, Progress, StopReason
from .steps import CHECK_EVERY_DFS, Options, Outcome, Steps
from .trace import Iteration
from .tree import TreeRecorder


def idastar(
    problem: Problem, heuristic: Compiled, limits: Limits, options: Options,
    tree: TreeRecorder | None = None, collect: Callable[[list[int]], None] | None = None,
) -> Steps:
    """Optimal with an admissible heuristic. Yields progress; send True to cancel. With
    ``tree``, every node is reported to it (one tree per f bound). With ``collect``, the
    iteration that reaches the goal is searched to its end and every solution of its bound
    (every shortest one, the heuristic being admissible) is handed to ``collect`` (blank
    positions, start included) as it is found; the outcome's path is the first."""
    started = time.perf_counter()
    deadline = started + limits.time_limit
    max_nodes = limits.max_nodes
    # With a tree recorder, every expansion takes the node-limit branch, which records it
    # (so that the search without one pays nothing for it).
    node_check = 0 if tree is not None else max_nodes
    neighbours = problem.neighbours
    goal = list(problem.goal)
    cells = list(problem.start)
    table = heuristic.tile_table
    evaluate = heuristic.evaluate
    lookups = heuristic.patterns if table is None else None
    if lookups is not None and len(lookups) not in (1, 2, 4):
        lookups = None  # pragma: no cover - no board gives three; evaluate() still works
    update = heuristic.update if table is None and lookups is None else None
    patterns: PatternLookup | None = None
    two = four = False
    # Excess tables (5x5): h = Manhattan + 2 x the largest table sum; ms[d] is Manhattan at depth d.
    manhattan = lookups[0].manhattan if lookups is not None else None
    ms = [] if manhattan is None else [sum(manhattan[label][pos] for pos, label in enumerate(cells))]
    if lookups is not None and len(lookups) == 1:
        patterns = lookups[0]
        group = patterns.group
        contrib = patterns.contrib
        tables = patterns.tables
        idx = patterns.indices(cells)
    elif lookups is not None:
        # Two lookups (3x3: one partition and its reflection) or four (4x4: two
        # partitions, each reflected); h is the largest sum, and the code below is
        # written out for each case, for speed. The lookups' groups share one flat
        # index list; per lookup j and tile: its group's slot there, the tile's
        # index contributions, and the group's table.
        two = len(lookups) == 2
        four = not two
        idx = []
        slots_of: list[list[tuple[int, tuple[int, ...], bytearray]]] = [[] for _ in range(len(cells) + 1)]
        for lookup in lookups:
            base = len(idx)
            idx.extend(lookup.indices(cells))
            for label, g in enumerate(lookup.group):
                if g >= 0:
                    slots_of[label].append((base + g, lookup.contrib[label], lookup.tables[g]))
        empty: tuple[int, tuple[int, ...], bytearray] = (0, (), bytearray())
        sl0, co0, ta0 = zip(*(slots[0] if slots else empty for slots in slots_of))
        sl1, co1, ta1 = zip(*(slots[1] if slots else empty for slots in slots_of))
        if four:
            sl2, co2, ta2 = zip(*(slots[2] if slots else empty for slots in slots_of))
            sl3, co3, ta3 = zip(*(slots[3] if slots else empty for slots in slots_of))
    inf = 1 << 30

    h0 = evaluate(cells)
    bound = h0
    # With two or four lookups, sums0[d], sums1[d], ... hold each lookup's sum at depth d.
    if lookups is not None and two:
        sums0, sums1 = ([lookup.table_sum(cells)] for lookup in lookups)
    elif lookups is not None and four:
        sums0, sums1, sums2, sums3 = ([lookup.table_sum(cells)] for lookup in lookups)
    expanded = generated = max_depth = 0
    start_blank = cells.index(0)
    blanks = [start_blank]

    # Where the current iteration began (counts, clock): each iteration's exact counts
    # are reported at its end, outside the inner loop, which they do not slow.
    began_expanded = began_generated = 0
    began = started

    def done(stop: StopReason, path: list[int] | None) -> Outcome:
        now = time.perf_counter()
        last = Iteration(bound, expanded - began_expanded, generated - began_generated,
                         now - began, now - started, stop.value)
        return Outcome(stop, path, expanded, generated, max_depth, bound, iteration=last)

    first: list[int] | None = None
    if cells == goal:
        if collect is not None:
            collect(list(blanks))
        if tree is not None:
            tree.root(bytes(cells), h0, h0, bound=bound, expanded=False)
            tree.reached_goal(bytes(cells))
        return done(StopReason.SOLVED, blanks)

    while True:
        next_bound = inf
        # Frame d: blank position blanks[d], estimate hs[d], next neighbour index nexts[d].
        blanks = [start_blank]
        hs = [h0]
        nexts = [0]
        if two:
            del sums0[1:], sums1[1:]
        elif four:
            del sums0[1:], sums1[1:], sums2[1:], sums3[1:]
        del ms[1:]
        if expanded >= max_nodes:  # the next iteration's start would be one expansion too many
            return done(StopReason.NODE_LIMIT, None)
        expanded += 1
        if tree is not None:
            tree.root(bytes(problem.start), h0, h0, bound=bound)
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
                    elif two:
                        c = co0[tile]
                        idx[sl0[tile]] -= c[prev] - c[blank]
                        c = co1[tile]
                        idx[sl1[tile]] -= c[prev] - c[blank]
                        sums0.pop()
                        sums1.pop()
                    elif four:
                        c = co0[tile]
                        idx[sl0[tile]] -= c[prev] - c[blank]
                        c = co1[tile]
                        idx[sl1[tile]] -= c[prev] - c[blank]
                        c = co2[tile]
                        idx[sl2[tile]] -= c[prev] - c[blank]
                        c = co3[tile]
                        idx[sl3[tile]] -= c[prev] - c[blank]
                        sums0.pop()
                        sums1.pop()
                        sums2.pop()
                        sums3.pop()
                    if manhattan is not None:
                        ms.pop()
                blanks.pop()
                continue
            nexts[d] = i + 1
            nb = nbrs[i]
            if d and nb == blanks[d - 1]:
                continue  # would undo the previous move
            tile = cells[nb]
            generated += 1
            # The child's estimate: Compiled.after_move inlined (values_along is the
            # reference); pattern databases keep their indices and sums instead.
            if table is not None:
                row = table[tile]
                h1 = hs[d] - row[nb] + row[blank]
            elif two:
                c = co0[tile]
                old = idx[sl0[tile]]
                n0 = old + c[blank] - c[nb]
                t = ta0[tile]
                s0 = sums0[d] - t[old] + t[n0]
                c = co1[tile]
                old = idx[sl1[tile]]
                n1 = old + c[blank] - c[nb]
                t = ta1[tile]
                s1 = sums1[d] - t[old] + t[n1]
                h1 = s0 if s0 > s1 else s1
                if manhattan is not None:
                    row = manhattan[tile]
                    m1 = ms[d] - row[nb] + row[blank]
                    h1 = m1 + 2 * h1
            elif four:
                c = co0[tile]
                old = idx[sl0[tile]]
                n0 = old + c[blank] - c[nb]
                t = ta0[tile]
                s0 = sums0[d] - t[old] + t[n0]
                c = co1[tile]
                old = idx[sl1[tile]]
                n1 = old + c[blank] - c[nb]
                t = ta1[tile]
                s1 = sums1[d] - t[old] + t[n1]
                c = co2[tile]
                old = idx[sl2[tile]]
                n2 = old + c[blank] - c[nb]
                t = ta2[tile]
                s2 = sums2[d] - t[old] + t[n2]
                c = co3[tile]
                old = idx[sl3[tile]]
                n3 = old + c[blank] - c[nb]
                t = ta3[tile]
                s3 = sums3[d] - t[old] + t[n3]
                h1 = s0
                if s1 > h1:
                    h1 = s1
                if s2 > h1:
                    h1 = s2
                if s3 > h1:
                    h1 = s3
                if manhattan is not None:
                    row = manhattan[tile]
                    m1 = ms[d] - row[nb] + row[blank]
                    h1 = m1 + 2 * h1
            elif patterns is not None:
                g = group[tile]
                c = contrib[tile]
                old = idx[g]
                new = old + c[blank] - c[nb]
                t = tables[g]
                h1 = hs[d] - t[old] + t[new]
                if manhattan is not None:
                    row = manhattan[tile]
                    m1 = ms[d] - row[nb] + row[blank]
                    h1 += t[new] - t[old] + m1 - ms[d]
            else:
                cells[blank] = tile
                cells[nb] = 0
                h1 = update(cells, hs[d], tile, nb, blank) if update is not None else evaluate(cells)
                cells[nb] = tile
                cells[blank] = 0
            f1 = d + 1 + h1
            if f1 > bound:
                if tree is not None:
                    tree.dfs_child(d, nb, h1, f1, "pruned")
                if f1 < next_bound:
                    next_bound = f1
                continue
            if collect is not None and h1 == 0:
                cells[blank] = tile
                cells[nb] = 0
                reached = cells == goal
                cells[nb] = tile
                cells[blank] = 0
                if reached:  # every solution of this bound: hand it over, search on
                    solution = [*blanks, nb]
                    if first is None:
                        first = solution
                    collect(solution)
                    continue
            cells[blank] = tile
            cells[nb] = 0
            if patterns is not None:
                idx[g] = new
            elif two:
                idx[sl0[tile]] = n0
                idx[sl1[tile]] = n1
                sums0.append(s0)
                sums1.append(s1)
            elif four:
                idx[sl0[tile]] = n0
                idx[sl1[tile]] = n1
                idx[sl2[tile]] = n2
                idx[sl3[tile]] = n3
                sums0.append(s0)
                sums1.append(s1)
                sums2.append(s2)
                sums3.append(s3)
            if manhattan is not None:
                ms.append(m1)
            blanks.append(nb)
            if h1 == 0 and cells == goal:
                if tree is not None:
                    tree.dfs_child(d, nb, h1, f1, "goal")
                return done(StopReason.SOLVED, blanks)
            hs.append(h1)
            nexts.append(0)
            expanded += 1
            if d + 1 > max_depth:
                max_depth = d + 1
            if expanded >= node_check:
                if tree is not None:
                    tree.dfs_child(d, nb, h1, f1, "open")
                if expanded >= max_nodes:
                    return done(StopReason.NODE_LIMIT, None)
            if not expanded & CHECK_EVERY_DFS:
                now = time.perf_counter()
                if now >= deadline:
                    return done(StopReason.TIME_LIMIT, None)
                cancel = yield Progress(expanded, generated, d + 1, max_depth, now - started, bound)
                if cancel:
                    return done(StopReason.CANCELLED, None)
        if first is not None:
            return done(StopReason.SOLVED, first)
        if next_bound == inf:
            return done(StopReason.UNSOLVABLE, None)
        now = time.perf_counter()
        ended = Iteration(bound, expanded - began_expanded, generated - began_generated,
                          now - began, now - started)
        began_expanded, began_generated, began = expanded, generated, now
        bound = next_bound
        cancel = yield Progress(expanded, generated, 0, max_depth, now - started, bound, iteration=ended)
        if cancel:
            return done(StopReason.CANCELLED, None)
