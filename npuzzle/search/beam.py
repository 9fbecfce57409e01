"""Beam search: breadth-first by layers, keeping only the ``width`` best states of each.

Every state of a layer is expanded (the move that undoes the one before is not
generated); of all the children, the ``width`` with the lowest estimate h form
the next layer (all children of one layer have the same g, so h alone ranks
them; with pattern databases, h plus the mean of the two lookups it takes the
larger of, see ``_pattern_beam``). A state seen in an earlier layer is not kept again. Memory and time are
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
from typing import Any, Generator, Hashable, Iterator, TypeVar

from ..heuristics import Compiled
from ..pattern_db import PatternLookup
from .problem import Problem, zobrist_keys
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


Key = TypeVar("Key", bound=Hashable)


def _remember(seen: dict[Key, int], recent: list[list[Key]], layer: list[Key], depth: int) -> Iterator[None]:
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


_MOVE_TABLES: dict[tuple[int, ...], tuple[tuple[PatternLookup, ...], list[int], list[Any]]] = {}


def _move_tables(padded: list[PatternLookup], neighbours: tuple[tuple[int, ...], ...]) -> tuple[list[int], list[Any]]:
    """The pattern beam's tables for two lookups (made once per pair; 2 ms in CPython):
    Zobrist keys (``zobrist_keys``, ``[label * n + cell]``; two boards that share one cost
    only a child not kept: the path is the blank's moves, checked by replaying them) and,
    per tile, one tuple of lists indexed by the move ``blank * n + neighbour`` (the tile
    going from the neighbour to the blank's cell): the key's change, Manhattan's change,
    then per lookup the tile's slot in a state's indices, its index change and its
    pattern's table."""
    ident = tuple(id(lookup) for lookup in padded)
    cached = _MOVE_TABLES.get(ident)
    if cached is not None and all(a is b for a, b in zip(cached[0], padded)):
        return cached[1], cached[2]
    n = len(neighbours)
    manhattan = padded[0].manhattan
    man = manhattan if manhattan is not None else tuple([tuple([0] * n)] * (n + 1))
    zobrist = zobrist_keys(n)
    slots = []
    base = 0
    for lookup in padded:
        slots.append([base + max(g, 0) for g in lookup.group])
        base += len(lookup.tables)
    per_tile: list[Any] = [None]  # label 0 is the blank
    for tile in range(1, n + 1):
        key, md = [0] * (n * n), [0] * (n * n)
        change = [[0] * (n * n) for _ in padded]
        for blank in range(n):
            for nb in neighbours[blank]:
                mv = blank * n + nb
                key[mv] = zobrist[tile * n + blank] ^ zobrist[tile * n + nb] ^ zobrist[blank] ^ zobrist[nb]
                md[mv] = man[tile][blank] - man[tile][nb]
                for j, lookup in enumerate(padded):
                    contrib = lookup.contrib[tile]
                    change[j][mv] = contrib[blank] - contrib[nb]
        parts: list[Any] = [key, md]
        for j, lookup in enumerate(padded):
            parts += [slots[j][tile], change[j], lookup.tables[max(lookup.group[tile], 0)]]
        per_tile.append(tuple(parts))
    if len(_MOVE_TABLES) >= 8:
        _MOVE_TABLES.clear()
    _MOVE_TABLES[ident] = (tuple(padded), zobrist, per_tile)
    return zobrist, per_tile


def _pattern_beam(
    problem: Problem, lookups: tuple[PatternLookup, ...], width: int, deadline: float,
    max_depth: int | None,
) -> BeamSteps:
    """``beam_search`` with pattern databases, their indices updated per move.

    The hot loop of the 24-puzzle's beams, made cheap per child (``bench/beam_profile.py``
    times each part of it, in CPython and in Pyodide):

    - a child is known by a Zobrist key (an int changed by one xor per move), not by a
      copy of its board: a board is built only for the children kept, in one flat
      ``bytearray`` per layer (``n`` bytes a state);
    - every change a move makes (the key's, Manhattan's, each lookup's index) is read from
      one tuple of tables per tile, indexed by the move, so a child costs one tuple
      unpacking and a few list reads;
    - each state of the layer keeps the lookups' indices, each lookup's table sum and (for
      tables of excesses over Manhattan) its Manhattan distance, in flat lists (few
      objects for the garbage collector to walk);
    - children of one layer that are the same board are told apart when the layer is
      chosen (only the kept ones are noted), not as each is made.

    One lookup per partition (the first of each partition's, when a board has two per
    partition): in a beam the reflected lookups cost more time than their closer
    estimates win back (equal lengths at equal width on the 24-puzzle set). A single
    lookup is used twice. Children are ranked not by the estimate alone (the larger of
    the two lookups' values) but by the estimate plus the two values' mean: a beam keeps
    the children its estimate rates lowest, so it drifts to boards where that estimate is
    furthest below the truth, and a second opinion tempers it (Korf & Felner's 50 at width
    2048: 1.097 x optimal by the estimate, 1.088 by this rank; #1-12 at 8192: 1.079 and
    1.067). The children are ranked, kept and remembered exactly as ``beam_search`` does
    with a full evaluation of that rank per child (tested).
    """
    started = time.perf_counter()
    neighbours = problem.neighbours
    start = bytes(problem.start)
    n = len(start)
    depth_cap = max_depth if max_depth is not None else 1 << 30
    if start == bytes(problem.goal):
        return [start.index(0)]
    padded = (list(lookups[::2] if len(lookups) == 4 else lookups) * 2)[:2]
    zobrist, per_tile = _move_tables(padded, neighbours)
    manhattan = padded[0].manhattan
    key0 = 0
    for pos, label in enumerate(start):
        key0 ^= zobrist[label * n + pos]
    boards = bytearray(start)  # the layer's boards, n bytes each
    keys = [key0]
    ixs = [i for lookup in padded for i in lookup.indices(start)]  # ``stride`` per state
    stride = len(ixs)
    sums = [lookup.table_sum(start) for lookup in padded]  # two per state
    ms = [sum(manhattan[label][pos] for pos, label in enumerate(start)) if manhattan is not None else 0]
    blanks = [start.index(0)]
    backs = [-1]
    parents: list[array[int]] = []
    blank_layers: list[array[int]] = [array("H", blanks)]
    seen: dict[int, int] = {key0: 0}
    recent: list[list[int]] = [[key0]]
    expanded = generated = 0
    depth = 0
    while keys and depth < depth_cap:
        # Per estimate, the children as flat runs of six: key, parent, blank, two sums, Manhattan.
        buckets: dict[int, list[int]] = {}
        count = 0
        for index, k in enumerate(keys):
            o = index * n
            blank = blanks[index]
            back = backs[index]
            at = index * stride
            p0 = sums[2 * index]
            p1 = sums[2 * index + 1]
            m = ms[index]
            base = blank * n
            expanded += 1
            for nb in neighbours[blank]:
                if nb == back:
                    continue
                mv = base + nb
                z, md, sl0, d0, t0, sl1, d1, t1 = per_tile[boards[o + nb]]
                key = k ^ z[mv]
                generated += 1
                if key in seen:
                    continue
                old = ixs[at + sl0]
                s0 = p0 - t0[old] + t0[old + d0[mv]]
                old = ixs[at + sl1]
                s1 = p1 - t1[old] + t1[old + d1[mv]]
                m1 = m + md[mv]
                # The rank: the estimate (the larger lookup) plus the two lookups' mean, doubled
                # (with tables of excesses, 2 x Manhattan + 2 x the larger sum + both sums).
                h1 = 2 * (m1 + (s0 if s0 > s1 else s1)) + s0 + s1
                if h1 == 0:  # every pattern's tiles home (and Manhattan 0): the goal
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
        next_boards = bytearray()
        next_keys: list[int] = []
        next_ixs: list[int] = []
        next_sums: list[int] = []
        next_ms: list[int] = []
        parent_index: list[int] = []
        blanks_next: list[int] = []
        chosen: set[int] = set()  # a board made twice in this layer is kept once, the first time
        for h1 in sorted(buckets):
            run = iter(buckets[h1])
            for key, index, nb, s0, s1, m1 in zip(run, run, run, run, run, run):
                if key in chosen:
                    continue
                chosen.add(key)
                blank = blanks[index]
                o = index * n
                tile = boards[o + nb]
                here = len(next_boards)
                next_boards += boards[o : o + n]
                next_boards[here + blank] = tile
                next_boards[here + nb] = 0
                _, _, sl0, d0, _, sl1, d1, _ = per_tile[tile]
                mv = blank * n + nb
                here = len(next_ixs)
                next_ixs += ixs[index * stride : index * stride + stride]
                next_ixs[here + sl0] += d0[mv]
                next_ixs[here + sl1] += d1[mv]
                next_keys.append(key)
                next_sums += (s0, s1)
                next_ms.append(m1)
                parent_index.append(index)
                blanks_next.append(nb)
                if not len(next_keys) % PAUSE_EVERY:
                    if (yield Progress(expanded, generated, count, width, time.perf_counter() - started)):
                        return None
                if len(next_keys) >= width:
                    break
            if len(next_keys) >= width:
                break
        depth += 1
        backs = [blanks[i] for i in parent_index]
        boards, keys, ixs, sums, ms, blanks = next_boards, next_keys, next_ixs, next_sums, next_ms, blanks_next
        parents.append(array("I", parent_index))
        blank_layers.append(array("H", blanks))
        for _ in _remember(seen, recent, keys, depth):
            if (yield Progress(expanded, generated, len(keys), width, time.perf_counter() - started)):
                return None
        cancel = yield Progress(expanded, generated, len(keys), width, time.perf_counter() - started)
        if cancel:
            return None
    return None
