"""A board and goal compiled into the flat form that searches work on.

Tiles are relabelled once (``board.relabel``) so that every goal looks the
same to a search: label ``L`` belongs at position ``L - 1``; only the blank's
goal position varies. A solution inside a search is the list of blank positions
from start to goal; ``Problem.decode`` turns it back into tiles and directions.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from ..board import Board, MoveError, relabel


def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each blank position, the positions a tile can slide in from."""
    table = []
    for pos in range(rows * cols):
        r, c = divmod(pos, cols)
        nbrs = []
        if r + 1 < rows:
            nbrs.append(pos + cols)
        if r > 0:
            nbrs.append(pos - cols)
        if c + 1 < cols:
            nbrs.append(pos + 1)
        if c > 0:
            nbrs.append(pos - 1)
        table.append(tuple(nbrs))
    return tuple(table)


ZOBRIST_BITS = 62
"""Bits of a Zobrist key: with about ten million boards checked against a million keys
remembered, the chance that two boards share a key in a search is about 1 in 100,000."""


@functools.lru_cache(maxsize=8)
def zobrist_keys(n: int) -> list[int]:
    """Random keys for boards of ``n`` cells, ``[label * n + cell]`` (labels 0, the blank,
    to n): a board's key is the xor of its labels' keys at their cells, so a move changes
    it by four xors. The same keys every time (seeded by ``n``)."""
    rng = random.Random(n)
    return [rng.getrandbits(ZOBRIST_BITS) for _ in range((n + 1) * n)]


@dataclass(frozen=True)
class Problem:
    """Start and goal in label form, with the tables every search needs."""

    start_board: Board
    goal_board: Board
    rows: int
    cols: int
    start: tuple[int, ...]
    goal: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]

    @classmethod
    def from_boards(cls, start: Board, goal: Board) -> Problem:
        """Relabel ``start`` so that ``goal`` becomes label ``p + 1`` at position ``p``."""
        return cls(
            start, goal, start.rows, start.cols, relabel(start, goal), relabel(goal, goal),
            neighbour_table(start.rows, start.cols),
        )

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    def at_parity(self, bound: int) -> int:
        """``bound`` rounded up to the parity every solution's length has: each move moves
        the blank one cell, so that parity is the blank's Manhattan distance to its goal's."""
        cols = self.cols
        a, b = self.start.index(0), self.goal.index(0)
        parity = (abs(a // cols - b // cols) + abs(a % cols - b % cols)) % 2
        return bound if bound % 2 == parity else bound + 1

    def decode(self, blanks: list[int]) -> tuple[tuple[int, ...], str]:
        """Tiles moved and their directions (``Board.replay``'s) for a path given as blank positions."""
        try:
            played = self.start_board.replay(self.start_board.tiles_along(blanks))
        except MoveError as exc:  # a bug in a search, never input
            raise RuntimeError(f"decoded path is not a path: {exc}") from None
        if played.end != self.goal_board:
            raise RuntimeError("decoded path does not reach the goal")
        return played.tiles, played.directions
