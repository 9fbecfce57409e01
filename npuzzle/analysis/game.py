"""A game: a start board, a goal, and the tiles moved, in order.

A game is checked when it is made: the start and the goal must have the same shape
(``GameSizeError``), each move must be possible on the board before it (``IllegalMoveError``,
with the move's 1-based number and that board) and there are at most ``MAX_GAME_MOVES``.
``read_game`` reads the moves from text in a notation chosen by name (notation.py).

A move that slides back the tile the move before it slid is an **undo** (the two cancel:
the board is where it was). ``undos`` marks them as played; ``without_undos`` is the game
with every undone move and its undo taken out, in order, as a stack does it (``a b b a``
leaves nothing: the second ``a`` undoes the first once ``b b`` cancelled).

Speed-solvers count moves two ways: **single-tile moves** (every slide) and **multi-tile
moves**, where a run of slides in one line and one direction counts once (the blank moving
straight, as one push of a row moves several tiles): the runs of equal letters.

>>> game = read_game(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), Board.goal(3, 3), "LRL L", "page")
>>> game.tiles, game.directions, game.undos()
((7, 7, 7, 8), 'LRLL', (False, True, False, False))
>>> game.without_undos().tiles, game.multi_tile_moves
((7, 8), 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..board import Board, BoardError, MoveError, Played, Tiles
from .notation import (
    DEFAULT_NOTATION,
    MAX_GAME_MOVES,
    GameError,
    GameTooLongError,
    WrittenMove,
    excerpt,
    read_moves,
    write_moves,
)

__all__ = ["Game", "GameSizeError", "IllegalMoveError", "game_from_moves", "read_game"]


class IllegalMoveError(GameError):
    """A move that is not possible on the board before it: ``move`` is its 1-based number,
    ``board`` that board."""

    def __init__(self, message: str, move: int, board: Board) -> None:
        super().__init__(message)
        self.move = move
        self.board = board


class GameSizeError(GameError):
    """A board and a game that do not fit each other in size: a goal of another shape, or a
    tile number the board does not have."""


def _board_text(board: Board) -> str:
    return excerpt(board.to_string(), 1, 60)


def _illegal(number: int, board: Board, move: WrittenMove | None, tile: int | None, why: str,
             text: str | None) -> IllegalMoveError:
    what = f"tile {tile}" if move is None else (move.written if move.direction else f"tile {move.written}")
    where = "" if move is None or text is None else f", at character {move.character} of {excerpt(text, move.character)}"
    return IllegalMoveError(f"move {number} ({what}{where}) is not possible on {_board_text(board)}: {why}",
                            number, board)


@dataclass(frozen=True)
class Game:
    """A start board, a goal of the same shape, and the tile moved at each move (each one
    next to the blank when it moves)."""

    start: Board
    goal: Board
    tiles: Tiles = ()
    played: Played = field(init=False, repr=False, compare=False)
    """The moves as ``Board.replay`` played them (directions, the blank's path, the end)."""

    def __post_init__(self) -> None:
        if (self.start.rows, self.start.cols) != (self.goal.rows, self.goal.cols):
            raise GameSizeError(f"the board is {self.start.shape} but the goal is {self.goal.shape}")
        object.__setattr__(self, "tiles", tuple(self.tiles))
        if len(self.tiles) > MAX_GAME_MOVES:
            raise GameTooLongError(len(self.tiles))
        try:
            played = self.start.replay(self.tiles)
        except MoveError as exc:
            tile, number, size = exc.tile, exc.number, self.start.size
            if isinstance(tile, bool) or not isinstance(tile, int) or not 0 < tile < size:
                raise GameSizeError(f"tile {tile!r} (move {number}) is not on a {self.start.shape} board: its tiles "
                                    f"are 1 to {size - 1}") from None
            raise _illegal(number, exc.board, None, tile, f"tile {tile} is not next to the blank", None) from None
        object.__setattr__(self, "played", played)

    @property
    def moves(self) -> int:
        """The moves played (single-tile moves)."""
        return len(self.tiles)

    def boards(self) -> list[Board]:
        """Every position: the start, then the board after each move."""
        return self.played.boards()

    @property
    def end(self) -> Board:
        """The board after the last move."""
        return self.played.end

    @property
    def solved(self) -> bool:
        """Whether the game ends on the goal."""
        return self.end == self.goal

    @property
    def directions(self) -> str:
        """The direction each tile slid: this page's letters (board.py)."""
        return self.played.directions

    @property
    def multi_tile_moves(self) -> int:
        """Moves counted as speed-solvers do in the multi-tile metric: a run of slides in
        one line and one direction counts once."""
        directions = self.directions
        return sum(1 for i, d in enumerate(directions) if i == 0 or d != directions[i - 1])

    def undos(self) -> tuple[bool, ...]:
        """Per move, whether it undoes the last move not yet undone (slides that tile back)."""
        stack: list[int] = []
        out = []
        for tile in self.tiles:
            if stack and stack[-1] == tile:
                stack.pop()
                out.append(True)
            else:
                stack.append(tile)
                out.append(False)
        return tuple(out)

    def without_undos(self) -> Game:
        """The game with every undone move and its undo taken out."""
        stack: list[int] = []
        for tile in self.tiles:
            if stack and stack[-1] == tile:
                stack.pop()
            else:
                stack.append(tile)
        return Game(self.start, self.goal, tuple(stack))

    def write(self, notation: str = DEFAULT_NOTATION) -> str:
        """The moves written in ``notation`` (notation.py)."""
        return write_moves(self.tiles, self.directions, notation)


def game_from_moves(start: Board, goal: Board, moves: Sequence[WrittenMove], text: str | None = None) -> Game:
    """The game of ``moves`` (as read_moves gives them) played from ``start``;
    IllegalMoveError (its number, the board before it and, with ``text``, where it is
    written) or GameSizeError otherwise."""
    if (start.rows, start.cols) != (goal.rows, goal.cols):
        raise GameSizeError(f"the board is {start.shape} but the goal is {goal.shape}")
    board = start
    tiles: list[int] = []
    for number, move in enumerate(moves, 1):
        if move.direction is not None:
            try:
                tile = board.tile_sliding(move.direction)
            except BoardError as error:
                raise _illegal(number, board, move, None, str(error), text) from None
        else:
            tile = move.tile if move.tile is not None else -1
            if not 0 < tile < board.size:
                why = "0 is the blank, which never moves by itself" if tile == 0 else (
                    f"a {board.shape} board's tiles are 1 to {board.size - 1}")
                raise GameSizeError(f"tile {move.written} (move {number}) is not on the board: {why}")
            try:
                board.direction_of(tile)
            except BoardError:
                raise _illegal(number, board, move, tile, f"tile {tile} is not next to the blank", text) from None
        tiles.append(tile)
        board = board.slide(tile)
    return Game(start, goal, tuple(tiles))


def read_game(start: Board, goal: Board, text: str, notation: str = DEFAULT_NOTATION) -> Game:
    """The game ``text`` writes in ``notation``, played from ``start`` toward ``goal``; a
    GameError saying what is wrong and where otherwise."""
    if (start.rows, start.cols) != (goal.rows, goal.cols):
        raise GameSizeError(f"the board is {start.shape} but the goal is {goal.shape}")
    return game_from_moves(start, goal, read_moves(text, notation), text)
