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
"""

from __future__ import annotations

import time
from array import array
from typing import Generator

from ..heuristics import Compiled
from .problem import Problem
from .result import Progress

BeamSteps = Generator[Progress, bool, "list[int] | None"]
"""Yields progress (send True to cancel); returns the path as blank positions, or None."""


SEEN_LAYERS = 16
"""States are remembered for this many layers (at least): enough to keep a beam from
walking in short circles, while its memory stays a few bytes per state kept."""


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
                if table is not None:
                    row = table[tile]
                    h1 = h - row[nb] + row[blank]
                elif update is not None:
                    h1 = update(child, h, tile, nb, blank)  # type: ignore[arg-type]
                else:
                    h1 = evaluate(child)
                key = bytes(child)
                generated += 1
                if key in seen or key in made:
                    continue
                made.add(key)
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
            if len(layer) >= width:
                break
        depth += 1
        backs = [blanks[i] for i in parent_index]
        blanks = blanks_next
        parents.append(array("I", parent_index))
        blank_layers.append(array("H", blanks))
        for key in layer:
            seen[key] = depth
        recent.append(layer)
        if len(recent) > SEEN_LAYERS:
            old = depth - SEEN_LAYERS
            for key in recent.pop(0):
                if seen.get(key) == old:
                    del seen[key]
        cancel = yield Progress(expanded, generated, len(layer), width, time.perf_counter() - started)
        if cancel:
            return None
    return None


def _path(parents: list[array[int]], blank_layers: list[array[int]], index: int) -> list[int]:
    """Blank positions from the start to the state ``index`` of the last layer."""
    path = []
    for depth in range(len(parents), 0, -1):
        path.append(blank_layers[depth][index])
        index = parents[depth - 1][index]
    path.append(blank_layers[0][index])
    path.reverse()
    return path
