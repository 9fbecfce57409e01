"""Boards: the model, parsing, formatting, goals and moves.

A board is ``rows`` x ``cols`` cells stored row-major; ``0`` is the blank.

Move notation: a move names the direction the *tile* slides, never the blank.
``U`` means the tile below the blank slides up into it, ``D`` the tile above
slides down, ``L`` the tile to the right slides left, ``R`` the tile to the
left slides right. A solution is the list of tiles moved, with one direction
letter per tile.

>>> b = Board.from_string("1 2 3 / 4 5 6 / 7 0 8")
>>> b.slide(8).to_string()
'1,2,3,4,5,6,7,8,0'
>>> b.direction_of(8)
'L'

Directions have one home, here: ``slide_direction`` names the direction of a slide from
the blank's cell and the tile's, ``BLANK_STEPS`` says where the blank goes, ``OPPOSITE``
undoes a direction. ``Board.replay`` plays a list of tiles, each checked, with their
directions, the boards along the way and the end:

>>> played = b.replay([8, 6])
>>> played.directions, played.end.to_string()
('LD', '1,2,3,4,5,0,7,8,6')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

Tile = int
Tiles = tuple[int, ...]
Position = int

BLANK: Tile = 0
MIN_SIDE = 2
MAX_SIDE = 16
DIRECTIONS = "UDLR"
DIRECTION_NAMES = {"U": "up", "D": "down", "L": "left", "R": "right"}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
"""The direction that undoes each one (the same tile sliding back)."""
BLANK_STEPS = {"U": (1, 0), "D": (-1, 0), "L": (0, 1), "R": (0, -1)}
"""Where the blank goes, (rows, columns), when a tile slides each way (the tile below the
blank sliding up takes the blank down)."""
TILE_SIDE = {"U": "below", "D": "above", "L": "to the right of", "R": "to the left of"}
"""Where the tile that slides each way is, seen from the blank."""
GOAL_NAMES = ("blank-last", "blank-first")

_BLANK_SYMBOLS = {"0", "_", "."}
_MAX_DIGITS = 12
"""Numbers longer than this (leading zeros aside) are refused before they are read: too
large for any side or tile, and too long to quote in a message (or, past 4,300 digits,
for Python to read)."""
_TOKEN_SPLIT = re.compile(r"[\s,;]+")


class BoardError(ValueError):
    """Raised for any text, shape or tile list that is not a valid board."""


class MoveError(BoardError):
    """A move of ``Board.replay`` that cannot be played: ``number`` (counted from 1), the
    ``tile`` asked for (as given), the ``board`` before it, and ``why`` in words."""

    def __init__(self, number: int, tile: object, board: Board, why: str) -> None:
        super().__init__(f"move {number}: {why}")
        self.number = number
        self.tile = tile
        self.board = board
        self.why = why


def slide_direction(blank: Position, cell: Position, cols: int) -> str | None:
    """The direction (U, D, L or R) the tile at ``cell`` slides into the blank at ``blank``
    on a board ``cols`` wide, or None when the two cells are not side by side. The blank
    moves the other way: from ``blank`` to ``cell``.

    >>> slide_direction(4, 7, 3), slide_direction(4, 5, 3), slide_direction(2, 3, 3)
    ('U', 'L', None)
    """
    delta = cell - blank
    if delta == cols:
        return "U"
    if delta == -cols:
        return "D"
    if delta == 1 and cell % cols:
        return "L"
    if delta == -1 and blank % cols:
        return "R"
    return None


def _shape_name(rows: int, cols: int) -> str:
    return f"{rows}x{cols}"


def _show(text: str, limit: int = 40) -> str:
    """Quote a piece of user input for a message, shortened if long."""
    flat = " ".join(text.split())
    if len(flat) > limit:
        flat = flat[: limit - 3] + "..."
    return repr(flat)


def _value_text(value: object, limit: int = 24) -> str:
    """Any value given as a move, for a message: its repr, shortened if long (never raising:
    an int of over 4,300 digits has no repr, and a person's search may return anything)."""
    try:
        text = repr(value)
    except Exception:
        return "a number too long to show" if isinstance(value, int) else f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_shape(text: str) -> tuple[int, int]:
    """Parse a size such as ``4``, ``4x4`` or ``3x5`` into ``(rows, cols)``."""
    match = re.fullmatch(r"\s*(\d+)\s*(?:[xX\u00d7*]\s*(\d+))?\s*", text)
    if not match:
        raise BoardError(f"size {_show(text)} is not a size like 4 or 3x5")
    if not all(side.isascii() for side in match.groups() if side):  # \d also matches other scripts' digits
        raise BoardError(f"size {_show(text)} is not a size like 4 or 3x5: write its numbers with the digits 0 to 9")
    if any(len(side.lstrip("0")) > _MAX_DIGITS for side in match.groups() if side):
        raise BoardError(f"size {_show(text)} is not supported: each side must be {MIN_SIDE} to {MAX_SIDE}")
    rows = _digits_value(match.group(1))
    cols = _digits_value(match.group(2)) if match.group(2) else rows
    check_shape(rows, cols)
    return rows, cols


def _digits_value(digits: str) -> int:
    """The value of a run of at most _MAX_DIGITS digits, leading zeros aside (which
    ``int`` would count against Python's digit limit)."""
    return int(digits.lstrip("0") or "0")


def check_shape(rows: int, cols: int) -> None:
    """Raise BoardError unless rows and cols are both within MIN_SIDE..MAX_SIDE."""
    for side in (rows, cols):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise BoardError(
                f"a {_shape_name(rows, cols)} board is not supported: each side must be "
                f"{MIN_SIDE} to {MAX_SIDE}"
            )


def _tokens(text: str) -> tuple[list[str], tuple[int, int] | None]:
    """Split text into tile tokens, and a shape if the text is written in rows."""
    lines = [ln.strip() for ln in re.split(r"[\n/|]", text) if ln.strip()]
    if not lines:
        raise BoardError("the board is empty: type the tiles, for example 1 2 3 4 5 6 7 8 0")
    rows_tokens = [[t for t in _TOKEN_SPLIT.split(ln) if t] for ln in lines]
    if len(rows_tokens) == 1:
        tokens = rows_tokens[0]
        if len(tokens) == 1 and len(tokens[0]) == 9 and all(
            ch.isdigit() or ch in "_." for ch in tokens[0]
        ):
            return list(tokens[0]), (3, 3)
        return tokens, None
    width = len(rows_tokens[0])
    for index, row in enumerate(rows_tokens[1:], start=2):
        if len(row) != width:
            raise BoardError(
                f"row {index} has {len(row)} tiles but row 1 has {width}: every row needs the same count"
            )
    return [t for row in rows_tokens for t in row], (len(rows_tokens), width)


def _tile_value(token: str, index: int) -> int:
    if token in _BLANK_SYMBOLS:
        return BLANK
    if token.isascii() and token.isdigit():
        if len(token.lstrip("0")) > _MAX_DIGITS:
            raise BoardError(
                f"tile {_show(token, 16)} at position {index + 1} is out of range: no board has "
                f"a tile above {MAX_SIDE * MAX_SIDE - 1}"
            )
        return _digits_value(token)
    raise BoardError(
        f"unknown symbol {_show(token, 12)} at position {index + 1}: "
        "use numbers, and 0, _ or . for the blank"
    )


_SQUARE_COUNTS = ", ".join(str(side * side) for side in range(MIN_SIDE, MAX_SIDE)) + f" or {MAX_SIDE * MAX_SIDE}"
"""Every tile count of a square board, in words: "4, 9, ... 225 or 256"."""


def _infer_shape(count: int) -> tuple[int, int]:
    side = round(count**0.5)
    if side * side != count:
        raise BoardError(
            f"{count} tiles is not a square board: a square board has {_SQUARE_COUNTS} tiles "
            "(give a size for rectangular boards)"
        )
    return side, side


def check_tiles(tiles: Iterable[int], rows: int, cols: int) -> Tiles:
    """Return tiles as a tuple, or raise BoardError saying what is wrong with them."""
    check_shape(rows, cols)
    values = tuple(tiles)
    size = rows * cols
    if len(values) != size:
        raise BoardError(
            f"{len(values)} tiles is not a {_shape_name(rows, cols)} board "
            f"(it needs {size}: 1 to {size - 1} and a blank)"
        )
    if BLANK not in values:
        raise BoardError("there is no blank: write it as 0, _ or .")
    seen: set[int] = set()
    for value in values:
        if value == BLANK and BLANK in seen:
            raise BoardError("the blank appears twice: a board has exactly one blank")
        if value in seen:
            raise BoardError(f"tile {value} appears twice")
        if not 0 <= value < size:
            raise BoardError(
                f"tile {value} is out of range for a {_shape_name(rows, cols)} board "
                f"(tiles are 1 to {size - 1})"
            )
        seen.add(value)
    missing = [v for v in range(1, size) if v not in seen]
    if missing:  # pragma: no cover - a full, duplicate-free, in-range list has no gaps
        raise BoardError(f"tile {missing[0]} is missing")
    return values


@dataclass(frozen=True)
class Board:
    """An immutable rows x cols sliding-tile board (0 is the blank)."""

    rows: int
    cols: int
    tiles: Tiles

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", check_tiles(self.tiles, self.rows, self.cols))

    def _moved(self, tiles: Tiles) -> Board:
        """The board of ``tiles``: this board's tiles with a tile and the blank swapped (a
        permutation of checked tiles, so not checked again: a game of 5,000 moves on a 16x16
        board builds its 5,001 boards in time linear in the moves, without 5,001 checks of
        256 tiles)."""
        board = object.__new__(Board)
        object.__setattr__(board, "rows", self.rows)
        object.__setattr__(board, "cols", self.cols)
        object.__setattr__(board, "tiles", tiles)
        return board

    @classmethod
    def from_string(cls, text: str, rows: int | None = None, cols: int | None = None) -> Board:
        """Parse the formats people paste: spaces, commas, rows on lines, ``_``/``.`` blanks.

        ``867254301`` (nine characters, no separators) is read as a 3x3 board.
        A shape given as rows/cols must agree with one written in the text.
        """
        if rows is not None and cols is None:
            cols = rows
        tokens, written = _tokens(text)
        values = [_tile_value(tok, i) for i, tok in enumerate(tokens)]
        if rows is not None and cols is not None:
            check_shape(rows, cols)
            if written is not None and written != (rows, cols) and len(values) == rows * cols:
                raise BoardError(
                    f"the text is written as {_shape_name(*written)} rows but the size is "
                    f"{_shape_name(rows, cols)}"
                )
            shape = (rows, cols)
        elif written is not None:
            shape = written
        else:
            shape = _infer_shape(len(values))
        missing_tiles = set(range(1, shape[0] * shape[1])) - set(values)
        if len(values) < shape[0] * shape[1] and len(values) == len(set(values)) and missing_tiles:
            raise BoardError(
                f"{len(values)} tiles is not a {_shape_name(*shape)} board: "
                f"tile {min(missing_tiles)} is missing"
            )
        return cls(shape[0], shape[1], tuple(values))

    @classmethod
    def goal(cls, rows: int, cols: int | None = None, name: str = "blank-last") -> Board:
        """Return a standard goal: ``blank-last`` (1..n then blank) or ``blank-first``."""
        cols = rows if cols is None else cols
        check_shape(rows, cols)
        size = rows * cols
        if name == "blank-last":
            return cls(rows, cols, tuple(range(1, size)) + (BLANK,))
        if name == "blank-first":
            return cls(rows, cols, tuple(range(size)))
        raise BoardError(f"unknown goal {_show(name, 20)}: use blank-last, blank-first or a tile list")

    @property
    def size(self) -> int:
        """Number of cells (tiles plus the blank)."""
        return self.rows * self.cols

    @property
    def shape(self) -> str:
        """The size written as ``RxC``."""
        return _shape_name(self.rows, self.cols)

    @property
    def blank(self) -> Position:
        """Index of the blank, row-major."""
        return self.tiles.index(BLANK)

    def position_of(self, tile: Tile) -> Position:
        """Index of a tile, row-major."""
        return self.tiles.index(tile)

    def to_string(self) -> str:
        """Compact form, tiles comma-separated row-major: also the URL format."""
        return ",".join(map(str, self.tiles))

    def to_grid(self) -> str:
        """Rows on lines, right-aligned, ``.`` for the blank."""
        width = len(str(self.size - 1))
        lines = []
        for r in range(self.rows):
            cells = self.tiles[r * self.cols : (r + 1) * self.cols]
            lines.append(" ".join(("." if t == BLANK else str(t)).rjust(width) for t in cells))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_grid()

    def goal_name(self) -> str | None:
        """``blank-last`` or ``blank-first`` if this board is that goal, else None."""
        for name in GOAL_NAMES:
            if self == Board.goal(self.rows, self.cols, name):
                return name
        return None

    def movable(self) -> Iterator[tuple[Tile, str]]:
        """Each tile that can slide into the blank, with the direction it slides (U, D, L, R)."""
        b, cols = self.blank, self.cols
        for cell in (b + cols, b - cols, b + 1, b - 1):
            direction = slide_direction(b, cell, cols) if 0 <= cell < self.size else None
            if direction is not None:
                yield self.tiles[cell], direction

    def direction_of(self, tile: Tile) -> str:
        """The direction ``tile`` would slide into the blank; BoardError if it is not next to it."""
        direction = slide_direction(self.blank, self.tiles.index(tile), self.cols) if tile in self.tiles else None
        if direction is None:
            raise BoardError(f"tile {tile} is not next to the blank and cannot move")
        return direction

    def slide(self, tile: Tile) -> Board:
        """The board after ``tile`` slides into the blank."""
        self.direction_of(tile)
        cells = list(self.tiles)
        b, t = self.blank, self.tiles.index(tile)
        cells[b], cells[t] = tile, BLANK
        return self._moved(tuple(cells))

    def replay(self, tiles: Iterable[Tile]) -> Played:
        """The moves ``tiles`` (the tile slid at each, in order) played from this board, each
        checked: MoveError (the move's number, counted from 1, and the board before it) for
        anything that is not a tile next to the blank. One pass over a list of cells, so a
        million moves on a 16x16 board cost no million boards.

        >>> Board.from_string("1 2 3 / 4 5 6 / 7 0 8").replay([8, 2])
        Traceback (most recent call last):
        ...
        npuzzle.board.MoveError: move 2: tile 2 is not next to the blank and cannot move
        """
        cols, size = self.cols, self.size
        cells = list(self.tiles)
        where = [0] * size
        for cell, tile in enumerate(cells):
            where[tile] = cell
        blank = where[BLANK]
        moved: list[Tile] = []
        directions: list[str] = []
        blanks = [blank]
        for number, tile in enumerate(tiles, 1):
            if isinstance(tile, bool) or not isinstance(tile, int) or not 0 < tile < size:
                why = ("there is no tile 0 to slide (0 is the blank, which never moves by itself)"
                       if isinstance(tile, int) and not isinstance(tile, bool) and tile == BLANK else
                       f"there is no tile {_value_text(tile)} to slide (a {self.shape} board's tiles are 1 to {size - 1})")
                raise MoveError(number, tile, Board(self.rows, cols, tuple(cells)), why)
            at = where[tile]
            direction = slide_direction(blank, at, cols)
            if direction is None:
                raise MoveError(number, tile, Board(self.rows, cols, tuple(cells)),
                                f"tile {tile} is not next to the blank and cannot move")
            cells[blank], cells[at] = tile, BLANK
            where[tile], blank = blank, at
            moved.append(tile)
            directions.append(direction)
            blanks.append(blank)
        return Played(self, tuple(moved), "".join(directions), tuple(blanks), Board(self.rows, cols, tuple(cells)))

    def tile_sliding(self, direction: str) -> Tile:
        """The tile that would slide in ``direction`` (U, D, L or R); BoardError if none can."""
        for tile, move in self.movable():
            if move == direction:
                return tile
        if direction not in DIRECTION_NAMES:
            raise BoardError(f"unknown direction {_show(direction, 8)}: use U, D, L or R")
        raise BoardError(f"no tile can slide {DIRECTION_NAMES[direction]}")

    def line_to_blank(self, tile: Tile) -> list[Tile]:
        """The tiles that slide, nearest the blank first, when ``tile`` is pushed toward it.

        ``tile`` must share a row or column with the blank; every tile between
        them slides one cell too (as in a real puzzle, where a whole row moves).
        BoardError otherwise.
        """
        if tile == BLANK or tile not in self.tiles:
            raise BoardError(f"there is no tile {tile} to move")
        b, t = self.blank, self.tiles.index(tile)
        br, bc = divmod(b, self.cols)
        tr, tc = divmod(t, self.cols)
        if br == tr:
            step = 1 if tc > bc else -1
        elif bc == tc:
            step = self.cols if tr > br else -self.cols
        else:
            raise BoardError(f"tile {tile} is not in the blank's row or column")
        return [self.tiles[p] for p in range(b + step, t + step, step)]

    def tiles_along(self, blanks: Sequence[Position]) -> Tiles:
        """The tiles that slide when the blank walks along the cells ``blanks`` (this board's
        blank first): a search's path as the moves ``replay`` takes (which checks them).

        >>> Board.from_string("1 2 3 / 4 5 6 / 7 0 8").tiles_along([7, 8, 5])
        (8, 6)
        """
        cells = list(self.tiles)
        tiles = []
        for before, after in zip(blanks, blanks[1:]):
            tiles.append(cells[after])
            cells[before], cells[after] = cells[after], BLANK
        return tuple(tiles)

    def play(self, tiles: Iterable[Tile]) -> Board:
        """The board after sliding each tile in turn (``replay``'s end: MoveError for a tile
        that is not next to the blank)."""
        return self.replay(tiles).end


@dataclass(frozen=True)
class Played:
    """Moves played from a board (``Board.replay``): each one checked legal."""

    start: Board
    tiles: Tiles
    """The tile slid at each move."""
    directions: str
    """The direction each slid (U, D, L or R), one letter per move."""
    blanks: tuple[Position, ...]
    """The blank's cell at the start and after each move."""
    end: Board
    """The board after the last move."""

    def boards(self) -> list[Board]:
        """Every position: the start, then the board after each move."""
        start = self.start
        out = [start]
        cells = list(start.tiles)
        for before, after in zip(self.blanks, self.blanks[1:]):
            cells[before], cells[after] = cells[after], BLANK
            out.append(start._moved(tuple(cells)))
        return out


def check_same_shape(board: Board, goal: Board) -> None:
    """Raise BoardError unless ``board`` and ``goal`` have the same rows and columns."""
    if (board.rows, board.cols) != (goal.rows, goal.cols):
        raise BoardError(f"the board is {board.shape} but the goal is {goal.shape}")


def relabel(board: Board, goal: Board) -> Tiles:
    """The board's cells relabelled against ``goal``: the tile that belongs at cell ``p``
    becomes ``p + 1`` and the blank stays 0, so every goal looks the same to a search
    (label ``L`` belongs at cell ``L - 1``; only the blank's goal cell varies).

    >>> relabel(Board.from_string("2 1 0 3"), Board.from_string("1 2 3 0"))
    (2, 1, 0, 3)
    """
    check_same_shape(board, goal)
    return relabel_tiles(board.tiles, goal.tiles)


def relabel_tiles(tiles: Sequence[int], goal: Sequence[int]) -> Tiles:
    """``relabel`` on bare tile lists of one shape (a search's cells relabelled against
    other cells of the same board)."""
    label = {tile: pos + 1 for pos, tile in enumerate(goal)}
    label[BLANK] = 0
    return tuple(label[t] for t in tiles)


def parse_goal(text: str, rows: int, cols: int) -> Board:
    """A goal by name (``blank-last``, ``blank-first``) or as an explicit tile list."""
    name = text.strip().lower()
    if name in GOAL_NAMES:
        return Board.goal(rows, cols, name)
    if not re.search(r"\d|_|\.", name):
        raise BoardError(
            f"unknown goal {_show(text, 20)}: use blank-last, blank-first or a tile list"
        )
    try:
        return Board.from_string(text, rows, cols)
    except BoardError as exc:
        raise BoardError(f"goal: {exc}") from None
