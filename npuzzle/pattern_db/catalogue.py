"""Which tables serve which boards: the shipped files and the small boards built on demand.

Tables too slow to build on demand are generated once (``python -m npuzzle tables
build``, builder.py) and shipped in one file per board shape. Their patterns are
goal cells for the blank's goal cell given; a board symmetry carries them to any
goal whose blank is in a corner. Boards of at most ``MAX_ON_DEMAND_CELLS`` cells
get theirs built on demand, in two halves (``halves``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .lookup import symmetries_to

# Two partitions of the 4x4 board, each read directly and through
# the reflection about the diagonal, give four admissible sums; the estimate is
# their maximum. Mean IDA* nodes over Korf's 100 instances (bench/pdb_ablation.py):
# B read directly 993,375; A and its reflection 633,314; B and its reflection
# 312,155; all four 143,882.
#
# The 5x5 file works the same way, with two 5-5-5-5-4 partitions for the blank's goal
# at cell 0 (Korf & Felner's 24-puzzle convention), stored as excesses over Manhattan
# (1.3 MB; 79 MB once loaded). They were chosen among the 272 tilings of the board by
# compact 5-cell shapes (2x3 blocks less a cell, lines) and 4-cell ones: first by the
# mean of the larger of the direct and reflected sums on random states, then by IDA*
# nodes on 20 instances 54 to 78 moves from the goal. Geometric mean nodes: the best
# partition with its reflection about 2 million; these two partitions with their
# reflections 0.91 million (and 1.5 times the time per node in CPython). Each
# pattern's cells are listed (lowest index digit first) in the order that
# compresses best: 1.3 MB instead of 1.9 MB in ascending order.


@dataclass(frozen=True)
class ShippedTables:
    """A shipped table file: which board cell its blank's goal is, and its partitions."""

    file: str
    blank_goal: int
    partitions: tuple[tuple[tuple[int, ...], ...], ...]
    over_manhattan: bool = False
    """Whether the file stores excesses over Manhattan (``excess_table``), not distances."""

    @property
    def patterns(self) -> tuple[tuple[int, ...], ...]:
        """Every pattern of every partition, each once, in file order."""
        return tuple(dict.fromkeys(p for partition in self.partitions for p in partition))


SHIPPED: dict[tuple[int, int], ShippedTables] = {
    (4, 4): ShippedTables(
        "pdb-4x4-663x2.bin",
        15,
        (
            # B: the first column with two cells beside it, the block around the blank, 3 of the top row.
            ((0, 4, 5, 8, 9, 12), (6, 7, 10, 11, 13, 14), (1, 2, 3)),
            # A: two 3x2 blocks side by side over the bottom row.
            ((0, 1, 4, 5, 8, 9), (2, 3, 6, 7, 10, 11), (12, 13, 14)),
        ),
    ),
    (5, 5): ShippedTables(
        "pdb-5x5-55554x2.bin",
        0,
        (
            #  .  a  b  b  b     A: the blank's right neighbour with the 2x2 block under
            #  a  a  c  c  b     them; the rest of the top row with the cell below its
            #  a  a  c  c  c     end; a 2x2 block with the cell right of it; the bottom
            #  d  d  e  e  e     two rows split 5 and 5.
            #  d  d  d  e  e
            ((11, 10, 1, 5, 6), (2, 4, 9, 3), (14, 8, 7, 12, 13), (22, 20, 21, 16, 15), (24, 17, 18, 19, 23)),
            #  .  a  a  b  b     B: the rest of the blank's 2x3 block; the top-right 2x2
            #  a  a  a  b  b     block with the cell under it; the left column's lower
            #  c  c  d  b  e     three cells with the two beside them; the bottom-right
            #  c  c  d  e  e     2x2 block with the cell over it; the 4 cells left.
            #  c  d  d  e  e
            ((7, 5, 6, 1, 2), (4, 13, 8, 9, 3), (20, 10, 11, 16, 15), (21, 22, 12, 17), (24, 18, 14, 19, 23)),
        ),
        over_manhattan=True,
    ),
}
MAX_ON_DEMAND_CELLS = 9


def halves(rows: int, cols: int, blank_goal: int) -> tuple[tuple[int, ...], ...]:
    """The on-demand partition: the goal cells but the blank's, row-major, in two halves."""
    cells = [c for c in range(rows * cols) if c != blank_goal]
    mid = (len(cells) + 1) // 2
    return (tuple(cells[:mid]), tuple(cells[mid:]))


def table_file(rows: int, cols: int, blank_goal: int) -> str | None:
    """The shipped file a board needs, or None if its tables are built on demand;
    ValueError if no symmetry carries the goal's blank cell to the file's."""
    shipped = SHIPPED.get((rows, cols))
    if shipped is None:
        return None
    if not symmetries_to(rows, cols, blank_goal, shipped.blank_goal):
        raise ValueError(
            f"pattern databases for {rows}x{cols} need the blank's goal cell in a corner"
        )
    return shipped.file


def pattern_database_applies(rows: int, cols: int) -> bool:
    """Whether there are pattern databases for the shape (some goals may still lack them)."""
    return rows * cols <= MAX_ON_DEMAND_CELLS or (rows, cols) in SHIPPED


def serves_goal(rows: int, cols: int, blank_goal: int) -> bool:
    """Whether the shape's tables serve a goal with the blank at ``blank_goal``."""
    try:
        table_file(rows, cols, blank_goal)
    except ValueError:
        return False
    return pattern_database_applies(rows, cols)


def table_files(rows: int, cols: int, blank_goal: int) -> tuple[str, ...]:
    """The shipped files a board and goal read (none for tables built on demand)."""
    name = table_file(rows, cols, blank_goal) if serves_goal(rows, cols, blank_goal) else None
    return () if name is None else (name,)
