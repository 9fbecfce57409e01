"""Reading pattern tables during a search: indices, board symmetries, the estimate."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Sequence

from .pattern_set import PatternSet


def symmetries(rows: int, cols: int) -> list[list[int]]:
    """Position maps of the board's symmetries (rotations and reflections)."""
    def cell(r: int, c: int) -> int:
        return r * cols + c

    maps = [
        [cell(r, c) for r in range(rows) for c in range(cols)],
        [cell(rows - 1 - r, cols - 1 - c) for r in range(rows) for c in range(cols)],
        [cell(rows - 1 - r, c) for r in range(rows) for c in range(cols)],
        [cell(r, cols - 1 - c) for r in range(rows) for c in range(cols)],
    ]
    if rows == cols:
        # The two diagonal reflections and the two quarter turns: without the turns, a goal
        # with the blank in the top-right or bottom-left corner would reach the tables
        # through one symmetry only, and lose the reflected lookup.
        maps += [
            [c * cols + r for r in range(rows) for c in range(cols)],
            [(cols - 1 - c) * cols + (rows - 1 - r) for r in range(rows) for c in range(cols)],
            [c * cols + (rows - 1 - r) for r in range(rows) for c in range(cols)],
            [(cols - 1 - c) * cols + r for r in range(rows) for c in range(cols)],
        ]
    return maps


def symmetries_to(rows: int, cols: int, source: int, target: int) -> list[list[int]]:
    """Every board symmetry that carries cell ``source`` to cell ``target``."""
    return [mapping for mapping in symmetries(rows, cols) if mapping[source] == target]


@dataclass(frozen=True)
class PatternLookup:
    """Pattern databases ready for a search on relabelled cells of one orientation.

    ``contrib[label][pos]`` is what a tile contributes to its pattern's index
    when it stands at ``pos`` (the board symmetry, if any, is folded in), so a
    move from ``a`` to ``b`` changes the index by ``contrib[label][b] - contrib[label][a]``.

    When ``manhattan`` is set, the tables hold halved excesses over Manhattan
    (``excess_table``) and the estimate is the board's Manhattan distance
    (``manhattan[label][pos]`` summed, as a search updates it per move) plus twice
    the tables' sum. Manhattan is the same through any board symmetry.
    """

    name: str
    group: tuple[int, ...]
    """Per label: the pattern it belongs to, or -1 (the blank)."""
    contrib: tuple[tuple[int, ...], ...]
    tables: tuple[bytearray, ...]
    manhattan: tuple[tuple[int, ...], ...] | None = None

    def indices(self, cells: Sequence[int]) -> list[int]:
        """Each pattern's table index for ``cells``."""
        idx = [0] * len(self.tables)
        for pos, label in enumerate(cells):
            g = self.group[label]
            if g >= 0:
                idx[g] += self.contrib[label][pos]
        return idx

    def table_sum(self, cells: Sequence[int]) -> int:
        """The sum of every pattern's table value for ``cells``."""
        return sum(table[i] for table, i in zip(self.tables, self.indices(cells)))

    def evaluate(self, cells: Sequence[int]) -> int:
        """The additive estimate: the tables' sum (with Manhattan, if they hold excesses)."""
        total = self.table_sum(cells)
        if self.manhattan is None:
            return total
        return sum(self.manhattan[label][pos] for pos, label in enumerate(cells)) + 2 * total


@functools.lru_cache(maxsize=16)
def manhattan_per_tile(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """``[label][pos]``: Manhattan distance of label ``L`` (goal cell ``L - 1``) at ``pos``; 0 for 0."""
    n = rows * cols
    per_tile = [tuple([0] * n)]
    for goal in range(n):
        per_tile.append(tuple(abs(p // cols - goal // cols) + abs(p % cols - goal % cols) for p in range(n)))
    return tuple(per_tile)


def lookup_from(patterns: PatternSet, mapping: list[int]) -> PatternLookup:
    """Index ``patterns`` (canonical orientation) from cells seen through ``mapping``."""
    n = patterns.rows * patterns.cols
    slot: dict[int, tuple[int, int]] = {}
    for g, pattern in enumerate(patterns.patterns):
        for i, cell in enumerate(pattern):
            slot[cell] = (g, n**i)
    group = [-1] * (n + 1)
    contrib: list[tuple[int, ...]] = [tuple([0] * n)] * (n + 1)
    for label in range(1, n + 1):
        canonical_goal = mapping[label - 1]
        if canonical_goal in slot:
            g, weight = slot[canonical_goal]
            group[label] = g
            contrib[label] = tuple(mapping[pos] * weight for pos in range(n))
    manhattan = manhattan_per_tile(patterns.rows, patterns.cols) if patterns.over_manhattan else None
    return PatternLookup(patterns.name, tuple(group), tuple(contrib), patterns.tables, manhattan)
