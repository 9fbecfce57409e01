"""The table file format: a small header, then each table zlib-compressed.

A file starts with ``FILE_MAGIC`` (tables of distances, ``UNSEEN`` where no
placement maps) or ``EXCESS_MAGIC`` (tables of halved excesses over Manhattan:
see builder.excess_table), then rows, columns, the blank's goal cell and the
number of tables; each table is its pattern's length and cells, the compressed
length (4 bytes, little-endian) and the zlib stream. ``reading`` decodes it a
step at a time.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from pathlib import Path
from typing import Generator

from .pattern_set import PatternSet

FILE_MAGIC = b"NPDB\x01"
"""Starts a file whose tables hold distances (UNSEEN where no placement maps)."""
EXCESS_MAGIC = b"NPDB\x02"
"""Starts a file whose tables hold halved excesses over Manhattan (``builder.excess_table``)."""


def write_pattern_set(path: Path, patterns: PatternSet) -> None:
    """Save tables compactly: a small header, then each table zlib-compressed."""
    magic = EXCESS_MAGIC if patterns.over_manhattan else FILE_MAGIC
    parts = [magic, bytes([patterns.rows, patterns.cols, patterns.blank_goal, len(patterns.patterns)])]
    for pattern, table in zip(patterns.patterns, patterns.tables):
        packed = zlib.compress(bytes(table), 9)
        parts += [bytes([len(pattern)]), bytes(pattern), struct.pack("<I", len(packed)), packed]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(parts))


def read_pattern_set(path: Path) -> PatternSet:
    """Load tables written by ``write_pattern_set``; ValueError if the file is damaged."""
    steps = reading(path)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: PatternSet = done.value
            return result


DECODE_STEP = 1 << 21
"""Bytes of table decompressed per loading step (2 MiB: about 10 ms in CPython, 20 in Pyodide)."""


def reading(path: Path) -> Generator[None, None, PatternSet]:
    """``read_pattern_set`` in steps: it yields after every ``DECODE_STEP`` bytes of
    table it decompresses, so a caller stays responsive while tens of megabytes are
    decoded."""
    data = path.read_bytes()
    if not data.startswith((FILE_MAGIC, EXCESS_MAGIC)):
        raise ValueError(f"{path.name} is not a pattern database file")
    over_manhattan = data.startswith(EXCESS_MAGIC)
    at = len(FILE_MAGIC)
    rows, cols, blank_goal, count = data[at : at + 4]
    at += 4
    patterns = []
    tables = []
    n = rows * cols
    try:
        for _ in range(count):
            k = data[at]
            patterns.append(tuple(data[at + 1 : at + 1 + k]))
            at += 1 + k
            (length,) = struct.unpack_from("<I", data, at)
            at += 4
            inflate = zlib.decompressobj()
            table = bytearray(inflate.decompress(data[at : at + length], DECODE_STEP))
            while inflate.unconsumed_tail:
                yield
                table += inflate.decompress(inflate.unconsumed_tail, DECODE_STEP)
            table += inflate.flush()
            at += length
            if len(table) != n**k:
                raise ValueError(f"{path.name}: a table has the wrong size")
            tables.append(table)
            yield
    except (IndexError, struct.error, zlib.error) as exc:
        raise ValueError(f"{path.name} is damaged: {exc}") from None
    return PatternSet(rows, cols, blank_goal, tuple(patterns), tuple(tables), over_manhattan)


def file_digest(path: Path) -> str:
    """SHA-256 of a table file, hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
