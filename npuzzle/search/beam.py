"""Beam search: breadth-first by layers, keeping only the ``width`` best states of each.

Every state of a layer is expanded (the move that undoes the one before is not
generated); of all the children, the ``width`` with the lowest estimate h form
the next layer (all children of one layer have the same g, so h alone ranks
them). A state seen in an earlier layer is not kept again. Memory and time are
linear in width x depth, and the first layer that holds the goal gives the
solution: not proven shortest, but with a strong heuristic and a wide beam
close to it (Korf & Felner's 24-puzzle set: about 1.17 x optimal at width 1,000
with linear conflict, 1.09 x at 10,000). The anytime solver runs it with
growing widths.

A child's estimate is found, fastest first, from a per-tile table, from pattern
databases updated per move (each state of the layer keeps its lookups' indices
and sums, so a child costs one index change and two table reads per lookup, as
in IDA*), from the heuristic's own incremental update, or by a full evaluation.
"""

from __future__ import annotations

import time
from array import array
from typing import Any, Generator, Iterator

from ..heuristics import Compiled
from ..pattern_db import PatternLookup
from .problem import Problem
from .result import Progress

BeamSteps = Generator[Progress, bool, "list[int] | None"]
"""Yields progress (send True to cancel); returns the path as blank positions, or None."""


SEEN_LAYERS = 16
"""States are remembered for this many layers (at least): enough to keep a beam from
walking in short circles, while its memory stays a few bytes per state kept."""

PAUSE_EVERY = 4096
"""A beam yields after every this many states of a layer it expands, keeps or remembers:
between two layers of a 32,768-wide beam there are 70-110 ms of work in CPython (twice
that in the browser), which a caller working in 30 ms slices must be able to split."""


def beam_search(
    problem: Problem, heuristic: Compiled, width: int, deadline: float,
    max_depth: int | None = None,
) -> BeamSteps:
    """One beam search of ``width``; None when it runs past ``deadline``, past
    ``max_depth`` layers, or is cancelled. Counts in its progress are its own."""
    started = time.perf_counter()
    neighbours = problem.neighbours
    goal = bytes(problem.goal)
    start = bytes(problem.start)
    table = heuristic.tile_table
    update = heuristic.update
    evaluate = heuristic.evaluate
    depth_cap = max_depth if max_depth is not None else 1 << 30
    if start == goal:
        return [start.index(0)]
    lookups = heuristic.patterns if table is None else None
    if lookups is not None:
        found = yield from _pattern_beam(problem, lookups, width, deadline, max_depth)
        return found
    # The current layer's states, estimates and blank positions (and each one's
    # parent's blank, the move not to undo); every earlier layer keeps only its
    # states' parent indices and blank positions, compactly, for the path.
    layer: list[bytes] = [start]
    hs = [evaluate(start)]
    blanks = [start.index(0)]
    backs = [-1]
    parents: list[array[int]] = []
    blank_layers: list[array[int]] = [array("H", blanks)]
    seen: dict[bytes, int] = {start: 0}
    recent: list[list[bytes]] = [[start]]  # the states of the last SEEN_LAYERS layers
    expanded = generated = 0
    depth = 0
    while layer and depth < depth_cap:
        # Children go into buckets by estimate; the lowest buckets, in the order the
        # children were made, form the next layer (no sort of the whole list).
        buckets: dict[int, list[tuple[bytes, int, int]]] = {}
        made: set[bytes] = set()
        count = 0
        for index, cells in enumerate(layer):
            blank = blanks[index]
            back = backs[index]
            h = hs[index]
            expanded += 1
            for nb in neighbours[blank]:
                if nb == back:
                    continue
                tile = cells[nb]
                child = bytearray(cells)
                child[blank] = tile
                child[nb] = 0
                key = bytes(child)
                generated += 1
                if key in seen or key in made:
                    continue
                made.add(key)
                if table is not None:
                    row = table[tile]
                    h1 = h - row[nb] + row[blank]
                elif update is not None:
                    h1 = update(child, h, tile, nb, blank)  # type: ignore[arg-type]
                else:
                    h1 = evaluate(child)
                if h1 == 0 and key == goal:
                    parents.append(array("I", [index]))
                    blank_layers.append(array("H", [nb]))
                    return _path(parents, blank_layers, 0)
                bucket = buckets.get(h1)
                if bucket is None:
                    bucket = buckets[h1] = []
                bucket.append((key, index, nb))
                count += 1
            if not expanded & 255:
                now = time.perf_counter()
                if now >= deadline:
                    return None
                cancel = yield Progress(expanded, generated, count, width, now - started)
                if cancel:
                    return None
        layer, hs, parent_index, blanks_next = [], [], [], []
        for h1 in sorted(buckets):
            for key, index, nb in buckets[h1][: width - len(layer)]:
                layer.append(key)
                hs.append(h1)
                parent_index.append(index)
                blanks_next.append(nb)
                if not len(layer) % PAUSE_EVERY:
                    if (yield Progress(expanded, generated, count, width, time.perf_counter() - started)):
                        return None
            if len(layer) >= width:
                break
        depth += 1
        backs = [blanks[i] for i in parent_index]
        blanks = blanks_next
        parents.append(array("I", parent_index))
        blank_layers.append(array("H", blanks))
        for _ in _remember(seen, recent, layer, depth):
            if (yield Progress(expanded, generated, len(layer), width, time.perf_counter() - started)):
                return None
        cancel = yield Progress(expanded, generated, len(layer), width, time.perf_counter() - started)
        if cancel:
            return None
    return None


def _remember(seen: dict[bytes, int], recent: list[list[bytes]], layer: list[bytes], depth: int) -> Iterator[None]:
    """Remember the states of the new ``layer`` (at ``depth``) and forget those of the
    layer that falls out of the last SEEN_LAYERS (unless seen again since); a step (a
    yield) every PAUSE_EVERY states."""
    for at in range(0, len(layer), PAUSE_EVERY):
        for key in layer[at : at + PAUSE_EVERY]:
            seen[key] = depth
        yield
    recent.append(layer)
    if len(recent) > SEEN_LAYERS:
        old = depth - SEEN_LAYERS
        gone = recent.pop(0)
        for at in range(0, len(gone), PAUSE_EVERY):
            for key in gone[at : at + PAUSE_EVERY]:
                if seen.get(key) == old:
                    del seen[key]
            yield


def _path(parents: list[array[int]], blank_layers: list[array[int]], index: int) -> list[int]:
    """Blank positions from the start to the state ``index`` of the last layer."""
    path = []
    for depth in range(len(parents), 0, -1):
        path.append(blank_layers[depth][index])
        index = parents[depth - 1][index]
    path.append(blank_layers[0][index])
    path.reverse()
    return path


def _pattern_beam(
    problem: Problem, lookups: tuple[PatternLookup, ...], width: int, deadline: float,
    max_depth: int | None,
) -> BeamSteps:
    """``beam_search`` with pattern databases, their indices updated per move.

    Each state of the layer keeps the lookups' indices, each lookup's table sum
    and (for tables of excesses over Manhattan) its Manhattan distance, all in flat
    lists (``STRIDE`` numbers per state: few objects for the garbage collector to
    walk). A child's estimate needs, per lookup, the moved tile's index change and
    two table reads; only the children kept get their indices written out. One
    lookup per partition (the first of each partition's, when a board has two per
    partition): in a beam the reflected lookups cost more time than their closer
    estimates win back (equal lengths at equal width on the 24-puzzle set). A
    single lookup is used twice.
    """
    # The loop over children is beam_search's, written out again with the lookups'
    # per-move updates inlined (the hot loop of the 24-puzzle beams: no call per child).
    started = time.perf_counter()
    neighbours = problem.neighbours
    goal = bytes(problem.goal)
    start = bytes(problem.start)
    depth_cap = max_depth if max_depth is not None else 1 << 30
    if start == goal:
        return [start.index(0)]
    padded = (list(lookups[::2] if len(lookups) == 4 else lookups) * 2)[:2]
    # Per lookup j and tile: the tile's slot in a state's indices, its index
    # contributions per cell, and its group's table.
    first: list[int] = []
    per_tile: list[tuple[list[int], list[tuple[int, ...]], list[bytearray]]] = []
    for lookup in padded:
        base = len(first)
        per_tile.append((
            [base + max(g, 0) for g in lookup.group], list(lookup.contrib),
            [lookup.tables[max(g, 0)] for g in lookup.group],
        ))
        first.extend(lookup.indices(start))
    (sl0, co0, ta0), (sl1, co1, ta1) = per_tile
    stride = len(first)
    manhattan = lookups[0].manhattan
    man = manhattan if manhattan is not None else tuple([tuple([0] * len(start))] * (len(start) + 1))
    excess = manhattan is not None
    layer: list[bytes] = [start]
    ixs = first  # the layer's states' indices, ``stride`` per state
    sums = [lookup.table_sum(start) for lookup in padded]  # two per state
    ms = [sum(man[label][pos] for pos, label in enumerate(start))]
    blanks = [start.index(0)]
    backs = [-1]
    parents: list[array[int]] = []
    blank_layers: list[array[int]] = [array("H", blanks)]
    seen: dict[bytes, int] = {start: 0}
    recent: list[list[bytes]] = [[start]]
    expanded = generated = 0
    depth = 0
    while layer and depth < depth_cap:
        # Per estimate, the children as flat runs of six: cells, parent, blank, two sums, Manhattan.
        buckets: dict[int, list[Any]] = {}
        made: set[bytes] = set()
        count = 0
        for index, cells in enumerate(layer):
            blank = blanks[index]
            back = backs[index]
            at = index * stride
            p0 = sums[2 * index]
            p1 = sums[2 * index + 1]
            m = ms[index]
            expanded += 1
            for nb in neighbours[blank]:
                if nb == back:
                    continue
                tile = cells[nb]
                child = bytearray(cells)
                child[blank] = tile
                child[nb] = 0
                key = bytes(child)
                generated += 1
                if key in seen or key in made:
                    continue
                made.add(key)
                c = co0[tile]
                old = ixs[at + sl0[tile]]
                t = ta0[tile]
                s0 = p0 - t[old] + t[old + c[blank] - c[nb]]
                c = co1[tile]
                old = ixs[at + sl1[tile]]
                t = ta1[tile]
                s1 = p1 - t[old] + t[old + c[blank] - c[nb]]
                h1 = s0 if s0 > s1 else s1
                row = man[tile]
                m1 = m - row[nb] + row[blank]
                if excess:
                    h1 = m1 + 2 * h1
                if h1 == 0 and key == goal:
                    parents.append(array("I", [index]))
                    blank_layers.append(array("H", [nb]))
                    return _path(parents, blank_layers, 0)
                bucket = buckets.get(h1)
                if bucket is None:
                    bucket = buckets[h1] = []
                bucket.extend((key, index, nb, s0, s1, m1))
                count += 1
            if not expanded & 255:
                now = time.perf_counter()
                if now >= deadline:
                    return None
                cancel = yield Progress(expanded, generated, count, width, now - started)
                if cancel:
                    return None
        next_layer: list[bytes] = []
        next_ixs: list[int] = []
        next_sums: list[int] = []
        next_ms: list[int] = []
        parent_index: list[int] = []
        blanks_next: list[int] = []
        for h1 in sorted(buckets):
            run = buckets[h1]
            for k in range(0, min(len(run), 6 * (width - len(next_layer))), 6):
                key, index, nb, s0, s1, m1 = run[k : k + 6]
                blank = blanks[index]
                tile = key[blank]
                here = len(next_ixs)
                next_ixs.extend(ixs[index * stride : index * stride + stride])
                for slots, contrib, _ in per_tile:
                    c = contrib[tile]
                    next_ixs[here + slots[tile]] += c[blank] - c[nb]
                next_layer.append(key)
                next_sums.extend((s0, s1))
                next_ms.append(m1)
                parent_index.append(index)
                blanks_next.append(nb)
                if not len(next_layer) % PAUSE_EVERY:
                    if (yield Progress(expanded, generated, count, width, time.perf_counter() - started)):
                        return None
            if len(next_layer) >= width:
                break
        depth += 1
        backs = [blanks[i] for i in parent_index]
        layer, ixs, sums, ms, blanks = next_layer, next_ixs, next_sums, next_ms, blanks_next
        parents.append(array("I", parent_index))
        blank_layers.append(array("H", blanks))
        for _ in _remember(seen, recent, layer, depth):
            if (yield Progress(expanded, generated, len(layer), width, time.perf_counter() - started)):
                return None
        cancel = yield Progress(expanded, generated, len(layer), width, time.perf_counter() - started)
        if cancel:
            return None
    return None
