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

One iteration, the depth-first search under one bound, is ``bounded_iteration`` over a
``Walk`` (the board changed in place and the estimate's tables, set up once): IDA* runs it
bound after bound, and the analysis of a game (analysis/bounded.py) runs it at the bounds it
asks about, with a ``Memory`` of what its searches proved (known distances prune and end a
search; a failed search's boards get lower bounds). Without a memory the inner loop pays two
tests of a local flag per expansion for it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Generator, Sequence

from ..heuristics import Compiled
from ..pattern_db import PatternLookup
from .problem import Problem
from .result import Limits, Progress, StopReason
from .steps import CHECK_EVERY_DFS, Options, Outcome, Steps
from .trace import Iteration
from .tree import TreeRecorder


INFINITY = 1 << 30
"""No bound: an iteration that sees no child beyond its bound says so."""


class Walk:
    """A board and a heuristic set up for depth-first search from it: the cells changed in
    place and changed back, and the estimate's tables (a per-tile table, one, two or four
    pattern lookups with their flat index list and stacks of sums, a heuristic's own update,
    or a full evaluation; see the module). ``h0`` is the estimate at the start."""

    def __init__(self, neighbours: Sequence[Sequence[int]], start: Sequence[int], goal: Sequence[int],
                 heuristic: Compiled) -> None:
        self.neighbours = neighbours
        self.goal = list(goal)
        cells = self.cells = list(start)
        self.start_blank = cells.index(0)
        self.table = heuristic.tile_table
        self.evaluate = heuristic.evaluate
        lookups = heuristic.patterns if self.table is None else None
        if lookups is not None and len(lookups) not in (1, 2, 4):
            lookups = None  # pragma: no cover - no board gives three; evaluate() still works
        self.update = heuristic.update if self.table is None and lookups is None else None
        self.patterns: PatternLookup | None = None
        self.two = self.four = False
        # Excess tables (5x5): h = Manhattan + 2 x the largest table sum; ms[d] is Manhattan at depth d.
        self.manhattan = lookups[0].manhattan if lookups is not None else None
        self.ms = [] if self.manhattan is None else [sum(self.manhattan[label][pos] for pos, label in enumerate(cells))]
        self.idx: list[int] = []
        self.sums: list[list[int]] = []
        empty: tuple[int, tuple[int, ...], bytearray] = (0, (), bytearray())
        self.slots: list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[bytearray, ...]]] = []
        if lookups is not None and len(lookups) == 1:
            self.patterns = lookups[0]
            self.idx = self.patterns.indices(cells)
        elif lookups is not None:
            # Two lookups (3x3: one partition and its reflection) or four (4x4: two
            # partitions, each reflected); h is the largest sum, and the iteration is
            # written out for each case, for speed. The lookups' groups share one flat
            # index list; per lookup j and tile: its group's slot there, the tile's
            # index contributions, and the group's table (``slots[j]``); ``sums[j][d]``
            # is lookup j's sum at depth d.
            self.two = len(lookups) == 2
            self.four = not self.two
            slots_of: list[list[tuple[int, tuple[int, ...], bytearray]]] = [[] for _ in range(len(cells) + 1)]
            for lookup in lookups:
                base = len(self.idx)
                self.idx.extend(lookup.indices(cells))
                for label, g in enumerate(lookup.group):
                    if g >= 0:
                        slots_of[label].append((base + g, lookup.contrib[label], lookup.tables[g]))
            for j in range(len(lookups)):
                sl, co, ta = zip(*(slots[j] if slots else empty for slots in slots_of))
                self.slots.append((sl, co, ta))
            self.sums = [[lookup.table_sum(cells)] for lookup in lookups]
        self.h0 = self.evaluate(cells)


@dataclass
class Memory:
    """What bounded searches of one puzzle share (analysis/bounded.py): per board code (its
    labels as digits, ``weights`` per cell), a proven lower bound or exact distance
    (``bound_of``) and, for exact ones, the blank's next cell (``next_of``). A search that
    fails has each board it expanded with at least ``store_from`` moves left in its
    ``pending`` lower bounds (the caller keeps them if it likes)."""

    weights: tuple[int, ...]
    bound_of: dict[int, int]
    next_of: dict[int, int]
    store_from: int


@dataclass
class Pass:
    """What one bounded iteration found, and its counts (the totals, ``expanded`` counted on
    from the number it was given)."""

    path: list[int] | None
    """The blank's cells from the start: to the goal, or (``known``) to a board whose
    distance the memory knows, within the bound."""
    next_bound: int
    """The least f beyond the bound that the iteration saw (``INFINITY`` if none)."""
    stop: StopReason | None
    """SOLVED, NODE_LIMIT or CANCELLED; None when it searched everything under the bound."""
    expanded: int
    generated: int
    max_depth: int
    known: bool = False
    pending: list[tuple[int, int]] = field(default_factory=list)
    """With a memory, after a failed search: (code, lower bound) of boards it failed on."""


Tally = tuple[int, int, int, int]
"""What an iteration yields every ``CHECK_EVERY_DFS + 1`` expansions: expanded, generated,
the depth it is at and the largest depth so far (send True to stop it)."""


def bounded_iteration(
    walk: Walk, bound: int, expanded: int = 0, generated: int = 0, max_depth: int = 0,
    max_nodes: int = INFINITY, node_check: int = INFINITY, tree: TreeRecorder | None = None,
    collect: Callable[[list[int]], None] | None = None, memory: Memory | None = None, code: int = 0,
) -> Generator[Tally, bool, Pass]:
    """One iteration of IDA*: depth first from ``walk``'s start (expanded already, counted in
    ``expanded``) under f = g + h <= ``bound``, never undoing the move just made; the board
    is left as it was unless it stops early. Past ``max_nodes`` expansions it stops
    (NODE_LIMIT); from ``node_check`` on, each expansion is reported to ``tree``. With
    ``collect``, every solution of the bound is handed to it and the iteration searched to
    its end. With ``memory`` (``code``: the start's code), a child whose known bound
    exceeds the bound is pruned and one whose distance is known within it ends the search
    (``known``: the path reaches it, the move to it made on the board)."""
    neighbours = walk.neighbours
    goal = walk.goal
    cells = walk.cells
    table = walk.table
    evaluate = walk.evaluate
    update = walk.update
    patterns = walk.patterns
    two, four = walk.two, walk.four
    manhattan = walk.manhattan
    ms = walk.ms
    idx = walk.idx
    h0 = walk.h0
    if patterns is not None:
        group = patterns.group
        contrib = patterns.contrib
        tables = patterns.tables
    if two or four:
        (sl0, co0, ta0), (sl1, co1, ta1) = walk.slots[0], walk.slots[1]
        sums0, sums1 = walk.sums[0], walk.sums[1]
        del sums0[1:], sums1[1:]
    if four:
        (sl2, co2, ta2), (sl3, co3, ta3) = walk.slots[2], walk.slots[3]
        sums2, sums3 = walk.sums[2], walk.sums[3]
        del sums2[1:], sums3[1:]
    del ms[1:]
    remember = memory is not None
    if memory is not None:
        weights = memory.weights
        bound_of, next_of = memory.bound_of, memory.next_of
        store_from = memory.store_from
    pending: list[tuple[int, int]] = []
    codes = [code]
    next_bound = INFINITY
    first: list[int] | None = None
    # Frame d: blank position blanks[d], estimate hs[d], next neighbour index nexts[d].
    blanks = [walk.start_blank]
    hs = [h0]
    nexts = [0]
    while nexts:
        d = len(nexts) - 1
        blank = blanks[d]
        nbrs = neighbours[blank]
        i = nexts[d]
        if i == len(nbrs):
            if remember:
                left = bound - d
                if left >= store_from:
                    pending.append((codes[d], left + 2))
                codes.pop()
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
        if remember:  # what the memory knows of the child: its code, updated by the move
            code1 = codes[d] + tile * (weights[blank] - weights[nb])
            known = bound_of.get(code1)
            if known is not None:
                f1 = d + 1 + known
                if f1 > bound:
                    if f1 < next_bound:
                        next_bound = f1
                    continue
                if code1 in next_of:  # a board on a known shortest path, near enough
                    cells[blank] = tile
                    cells[nb] = 0
                    return Pass(blanks, bound, StopReason.SOLVED, expanded, generated, max_depth, known=True)
            codes.append(code1)
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
            return Pass(blanks, bound, StopReason.SOLVED, expanded, generated, max_depth)
        hs.append(h1)
        nexts.append(0)
        expanded += 1
        if d + 1 > max_depth:
            max_depth = d + 1
        if expanded >= node_check:
            if tree is not None:
                tree.dfs_child(d, nb, h1, f1, "open")
            if expanded >= max_nodes:
                return Pass(None, next_bound, StopReason.NODE_LIMIT, expanded, generated, max_depth)
        if not expanded & CHECK_EVERY_DFS:
            if (yield expanded, generated, d + 1, max_depth):
                return Pass(None, next_bound, StopReason.CANCELLED, expanded, generated, max_depth)
    if first is not None:
        return Pass(first, bound, StopReason.SOLVED, expanded, generated, max_depth)
    return Pass(None, next_bound, None, expanded, generated, max_depth, pending=pending)


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
    walk = Walk(problem.neighbours, problem.start, problem.goal, heuristic)
    h0 = bound = walk.h0
    expanded = generated = max_depth = 0
    # Where the current iteration began (counts, clock): each iteration's exact counts
    # are reported at its end, outside the inner loop, which they do not slow.
    began_expanded = began_generated = 0
    began = started

    def done(stop: StopReason, path: list[int] | None) -> Outcome:
        now = time.perf_counter()
        last = Iteration(bound, expanded - began_expanded, generated - began_generated,
                         now - began, now - started, stop.value)
        return Outcome(stop, path, expanded, generated, max_depth, bound, iteration=last)

    if walk.cells == walk.goal:
        blanks = [walk.start_blank]
        if collect is not None:
            collect(list(blanks))
        if tree is not None:
            tree.root(bytes(walk.cells), h0, h0, bound=bound, expanded=False)
            tree.reached_goal(bytes(walk.cells))
        return done(StopReason.SOLVED, blanks)

    while True:
        if expanded >= max_nodes:  # the next iteration's start would be one expansion too many
            return done(StopReason.NODE_LIMIT, None)
        expanded += 1
        if tree is not None:
            tree.root(bytes(problem.start), h0, h0, bound=bound)
        steps = bounded_iteration(walk, bound, expanded, generated, max_depth, max_nodes, node_check, tree, collect)
        try:
            expanded, generated, depth, max_depth = next(steps)
            while True:
                now = time.perf_counter()
                if now >= deadline:
                    steps.close()
                    return done(StopReason.TIME_LIMIT, None)
                cancel = yield Progress(expanded, generated, depth, max_depth, now - started, bound)
                expanded, generated, depth, max_depth = steps.send(bool(cancel))
        except StopIteration as end:
            found: Pass = end.value
        expanded, generated, max_depth = found.expanded, found.generated, found.max_depth
        if found.stop is not None:
            return done(found.stop, found.path)
        if found.next_bound == INFINITY:
            return done(StopReason.UNSOLVABLE, None)
        now = time.perf_counter()
        ended = Iteration(bound, expanded - began_expanded, generated - began_generated,
                          now - began, now - started)
        began_expanded, began_generated, began = expanded, generated, now
        bound = found.next_bound
        cancel = yield Progress(expanded, generated, 0, max_depth, now - started, bound, iteration=ended)
        if cancel:
            return done(StopReason.CANCELLED, None)
