"""The offline builder of the shipped table files (``python -m npuzzle tables build``).

Only used offline: the browser's package archive leaves this module out
(build.py), and nothing the browser imports imports it. Small boards' tables are
built on demand by bfs.py instead.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Sequence

from ..tables import data_path
from .bfs import UNSEEN, build_table
from .catalogue import SHIPPED
from .file_format import file_digest, write_pattern_set
from .pattern_set import PatternSet, check_partition


def manhattan_table(rows: int, cols: int, pattern: Sequence[int]) -> bytearray:
    """The pattern tiles' Manhattan distance to their goal cells, by the sparse index
    of ``build_table`` (repeated cells included: the index does not skip them)."""
    n = rows * cols
    table = bytearray([0])
    for goal in pattern:  # index digit i is tile i's cell: tile i's block repeats the table so far
        shifted = []
        for pos in range(n):
            d = abs(pos // cols - goal // cols) + abs(pos % cols - goal % cols)
            shifted.append(table.translate(bytes((x + d) & 255 for x in range(256))))
        table = bytearray(b"".join(shifted))
    return table


def excess_table(rows: int, cols: int, pattern: Sequence[int], table: bytearray) -> bytearray:
    """``build_table``'s distances as excesses over Manhattan, halved: entry ``i`` is
    ``(table[i] - manhattan[i]) // 2``. Where no placement maps, the previous entry is
    repeated (those are never read; 0 there would compress nearly three times worse)."""
    manhattan = manhattan_table(rows, cols, pattern)
    excess = bytearray(len(table))
    last = 0
    for i, (value, least) in enumerate(zip(table, manhattan)):
        if value != UNSEEN:
            if value < least or (value - least) & 1:  # pragma: no cover - a bug in build_table
                raise RuntimeError(f"pattern {tuple(pattern)}, entry {i}: {value}, Manhattan {least}")
            last = (value - least) >> 1
        excess[i] = last
    return excess


def build_pattern_set(
    rows: int, cols: int, blank_goal: int, patterns: Sequence[Sequence[int]]
) -> PatternSet:
    """Generate the tables for disjoint ``patterns`` (goal cells) covering the board."""
    check_partition(rows, cols, blank_goal, patterns)
    fixed = tuple(tuple(p) for p in patterns)
    tables = tuple(build_table(rows, cols, p, blank_goal) for p in fixed)
    return PatternSet(rows, cols, blank_goal, fixed, tables)


def build_shipped_tables(out_dir: Path | None = None, report: Callable[[str], None] = print) -> list[Path]:
    """Generate every shipped table file: into npuzzle/data, or into ``out_dir``, where
    each file's checksum is compared with the shipped one's. ``python -m npuzzle tables
    build [--out DIR]`` runs it: about 13 minutes in CPython for 4x4 and 25 for 5x5 (3
    per 5-tile table); the package runs unchanged in PyPy, which takes 5 minutes in all."""
    written = []
    for (rows, cols), shipped in SHIPPED.items():
        started = time.perf_counter()
        for partition in shipped.partitions:
            check_partition(rows, cols, shipped.blank_goal, partition)
        tables = []
        for pattern in shipped.patterns:
            table = build_table(rows, cols, pattern, shipped.blank_goal)
            if shipped.over_manhattan:
                table = excess_table(rows, cols, pattern, table)
            tables.append(table)
            report(f"  {pattern}: {time.perf_counter() - started:.0f} s")
        built = PatternSet(
            rows, cols, shipped.blank_goal, shipped.patterns, tuple(tables), shipped.over_manhattan
        )
        path = data_path(shipped.file) if out_dir is None else out_dir / shipped.file
        write_pattern_set(path, built)
        digest = file_digest(path)
        report(
            f"{shipped.file}: {rows}x{cols} {built.name}, {time.perf_counter() - started:.1f} s, "
            f"sha256 {digest}"
        )
        if out_dir is not None and data_path(shipped.file).is_file():
            same = digest == file_digest(data_path(shipped.file))
            report(f"  {'identical to' if same else 'DIFFERENT from'} the shipped file")
        written.append(path)
    return written
