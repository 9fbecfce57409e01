"""The breadth-first search that builds a pattern's table (also for small boards on demand).

The search is a BFS over (placement, region of the blank): the blank moves for
free within its connected region of non-pattern cells, so only the region
matters, and it is found by flood fill on bitboards. ``building`` runs it in
steps, so that a small board's tables can be built on demand while the browser
stays responsive; ``build_table`` runs it to the end (builder.py, offline).
"""

from __future__ import annotations

from typing import Generator, Sequence

UNSEEN = 255
"""A table entry no placement maps to (a repeated cell in the sparse index)."""


def _bit_tables(rows: int, cols: int) -> tuple[int, int, int]:
    """Masks of all cells, cells not in the first column, not in the last column."""
    n = rows * cols
    full = (1 << n) - 1
    not_first = sum(1 << p for p in range(n) if p % cols)
    not_last = sum(1 << p for p in range(n) if p % cols != cols - 1)
    return full, not_first, not_last


def _flood(seed: int, free: int, cols: int, full: int, not_first: int, not_last: int) -> int:
    """The connected region of ``free`` cells around the bitmask ``seed``."""
    region = seed
    while True:
        grown = region | ((region << 1) & not_first) | ((region >> 1) & not_last)
        grown |= (region << cols) | (region >> cols)
        grown &= free & full
        grown |= region
        if grown == region:
            return region
        region = grown


def build_table(rows: int, cols: int, pattern: Sequence[int], blank_goal: int) -> bytearray:
    """Distances for every placement of the pattern's tiles, by sparse index.

    ``pattern`` lists goal cells (the blank's goal cell excluded); entry
    ``sum(pos_i * n**i)`` holds the least number of pattern-tile moves from that
    placement to the goal, or UNSEEN where no placement maps (repeated cells).
    """
    steps = building(rows, cols, pattern, blank_goal)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            table: bytearray = done.value
            return table


BUILD_STEP = 512
"""States expanded by ``building`` between two of its steps (a few milliseconds)."""


def building(rows: int, cols: int, pattern: Sequence[int], blank_goal: int) -> Generator[None, None, bytearray]:
    """``build_table`` in steps of ``BUILD_STEP`` states: it returns the table."""
    n = rows * cols
    k = len(pattern)
    if blank_goal in pattern or len(set(pattern)) != k or not all(0 <= c < n for c in pattern):
        raise ValueError(f"bad pattern {tuple(pattern)} for a {rows}x{cols} board")
    full, not_first, not_last = _bit_tables(rows, cols)
    weights = [n**i for i in range(k)]
    neighbours = []
    for p in range(n):
        r, c = divmod(p, cols)
        nb = []
        if r > 0:
            nb.append(p - cols)
        if r + 1 < rows:
            nb.append(p + cols)
        if c > 0:
            nb.append(p - 1)
        if c + 1 < cols:
            nb.append(p + 1)
        neighbours.append(tuple(nb))

    table = bytearray([UNSEEN]) * int(n**k)
    goal_index = sum(cell * w for cell, w in zip(pattern, weights))
    goal_occupied = sum(1 << c for c in pattern)
    goal_region = _flood(1 << blank_goal, full & ~goal_occupied, cols, full, not_first, not_last)
    # A state is (placement index, lowest cell of the blank's region).
    seen = {goal_index * n + (goal_region & -goal_region).bit_length() - 1}
    table[goal_index] = 0
    layer = [(goal_index, goal_region)]
    depth = expanded = 0
    while layer:
        depth += 1
        following = []
        for index, region in layer:
            expanded += 1
            if not expanded % BUILD_STEP:
                yield
            positions = []
            rest = index
            for _ in range(k):
                rest, pos = divmod(rest, n)
                positions.append(pos)
            occupied = 0
            for pos in positions:
                occupied |= 1 << pos
            for i, pos in enumerate(positions):
                w = weights[i]
                for to in neighbours[pos]:
                    if not (region >> to) & 1:
                        continue
                    # Tile i slides from pos into the blank's region at `to`;
                    # the blank is then at pos, in the new free cells.
                    moved = occupied ^ (1 << pos) ^ (1 << to)
                    new_region = _flood(1 << pos, full & ~moved, cols, full, not_first, not_last)
                    new_index = index + (to - pos) * w
                    key = new_index * n + (new_region & -new_region).bit_length() - 1
                    if key in seen:
                        continue
                    seen.add(key)
                    if table[new_index] == UNSEEN:
                        table[new_index] = depth
                    following.append((new_index, new_region))
        layer = following
    return table
