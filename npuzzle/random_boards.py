"""Random boards, each reproducible from a seed.

* ``random_board``: uniformly random among the boards that can reach the goal
  (not a short random walk): shuffle every cell, and if the result cannot
  reach the goal, swap two tiles. The swap pairs each unsolvable board with
  exactly one solvable board, so every solvable board is equally likely.
* ``scramble``: ``moves`` random moves from the goal, never undoing the
  previous move.
* ``random_unsolvable``: uniformly random among the boards that cannot.

``choose_random`` picks one of the three from a request's options; the CLI
and the web API both call it.

>>> random_board(3, 3, seed=7) == random_board(3, 3, seed=7)
True
"""

from __future__ import annotations

import random

from .board import BLANK, Board
from .solvability import is_solvable

MAX_SCRAMBLE_MOVES = 100_000
"""The most random moves the CLI and the web API scramble a board by (about 2 s on 16x16)."""


def _rng(seed: int | str | None) -> random.Random:
    return random.Random(seed)


def _swap_two_tiles(tiles: list[int]) -> None:
    first, second = [i for i, t in enumerate(tiles) if t != BLANK][:2]
    tiles[first], tiles[second] = tiles[second], tiles[first]


def _shuffled(rows: int, cols: int, goal: Board | None, seed: int | str | None, solvable: bool) -> Board:
    goal = goal or Board.goal(rows, cols)
    tiles = list(goal.tiles)
    _rng(seed).shuffle(tiles)
    if is_solvable(Board(rows, cols, tuple(tiles)), goal) != solvable:
        _swap_two_tiles(tiles)
    return Board(rows, cols, tuple(tiles))


def random_board(rows: int, cols: int | None = None, goal: Board | None = None,
                 seed: int | str | None = None) -> Board:
    """A uniformly random board that can reach ``goal`` (blank-last by default)."""
    return _shuffled(rows, rows if cols is None else cols, goal, seed, True)


def random_unsolvable(rows: int, cols: int | None = None, goal: Board | None = None,
                      seed: int | str | None = None) -> Board:
    """A uniformly random board that cannot reach ``goal``."""
    return _shuffled(rows, rows if cols is None else cols, goal, seed, False)


def scramble(goal: Board, moves: int, seed: int | str | None = None) -> Board:
    """``goal`` after ``moves`` random slides, none undoing the one before it."""
    if moves < 0:
        raise ValueError(f"the number of moves must be 0 or more, not {moves}")
    rng = _rng(seed)
    board = goal
    last: int | None = None
    for _ in range(moves):
        choices = [tile for tile, _ in board.movable() if tile != last]
        last = rng.choice(choices)
        board = board.slide(last)
    return board


def choose_random(goal: Board, moves: int | None = None, seed: int | str | None = None,
                  unsolvable: bool = False) -> Board:
    """A random board for ``goal``'s shape: ``scramble`` by ``moves`` when given,
    ``random_unsolvable`` when asked, else ``random_board``. ValueError for both at once."""
    if unsolvable and moves is not None:
        raise ValueError("unsolvable and moves do not go together: moves from the goal stay solvable")
    if unsolvable:
        return random_unsolvable(goal.rows, goal.cols, goal, seed)
    if moves is not None:
        return scramble(goal, moves, seed)
    return random_board(goal.rows, goal.cols, goal, seed)
