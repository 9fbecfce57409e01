"""How a game's moves are written: the notations, read and written back.

Every notation is chosen by name (``NOTATIONS``); none is ever guessed from the text, since
the same letters mean opposite moves in two of them:

* ``page``: this page's own (board.py): one letter per move, ``U``, ``D``, ``L`` or ``R``,
  the direction the **tile** slides (``U``: the tile below the blank slides up);
* ``slidysim``: the speed-solving community's, as Slidysim writes and reads it: the same
  letters (the tile's direction) with repeat counts, ``R3D2LU`` for ``RRRDDLU``. A move
  made once has no count when written; reading, a count of 1 is taken too, 0 is refused;
* ``blank``: one letter per move naming the direction the **blank** moves, the other
  convention (many solvers' output): the blank moving up is the tile above it sliding down;
* ``numbers``: the tiles moved, by number (``7 8 5``), as the page records a game.

Reading ignores case, spaces and commas between moves. Bad text raises a ``GameError``
subclass whose message quotes the text and says what is wrong and where (its 1-based
``character``): an unknown letter (``UnknownMoveError``), a count of zero
(``ZeroCountError``), more than ``MAX_GAME_MOVES`` moves (``GameTooLongError``).

>>> [m.direction for m in read_moves("R3D2LU", "slidysim")]
['R', 'R', 'R', 'D', 'D', 'L', 'U']
>>> write_moves((), "RRRDDLU", "slidysim"), write_moves((), "RRRDDLU", "blank")
('R3D2LU', 'LLLUURD')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from ..board import OPPOSITE

MAX_GAME_MOVES = 5_000
"""The longest game that is read or analysed, in moves: a person's 4x4 solve takes about
100 moves, a 10x10's about 1,500."""

class GameError(ValueError):
    """A game that cannot be read or played; the message quotes the input and says what is
    wrong (each kind of mistake is a subclass)."""


class NotationError(GameError):
    """A notation name that is not one of ``NOTATIONS``."""


class MoveTextError(GameError):
    """Text that is not a move in the chosen notation, at ``character`` (1-based) of ``text``."""

    def __init__(self, message: str, text: str, character: int) -> None:
        super().__init__(message)
        self.text = text
        self.character = character


class UnknownMoveError(MoveTextError):
    """A letter or symbol that names no move in the chosen notation."""


class ZeroCountError(MoveTextError):
    """A repeat count of zero (``R0``): a count repeats a move at least once."""


class GameTooLongError(GameError):
    """A game of more than ``MAX_GAME_MOVES`` moves."""

    def __init__(self, moves: int, limit: int = MAX_GAME_MOVES) -> None:
        super().__init__(f"the game has {moves:,} moves or more: at most {limit:,} can be analysed")
        self.moves = moves
        self.limit = limit


@dataclass(frozen=True)
class WrittenMove:
    """One move as a text names it: the direction the tile slides (letter notations) or
    the tile's number (``numbers``), and where it is written (1-based)."""

    direction: str | None
    tile: int | None
    character: int
    written: str
    """The move as written (a letter, or a tile's number), for messages."""


@dataclass(frozen=True)
class NotationInfo:
    """A registry entry: a notation's name, words for menus, and how it is read and written."""

    name: str
    label: str
    description: str
    example: str
    read: Callable[[str], list[WrittenMove]]
    write: Callable[[Sequence[int], str], str]
    """``write(tiles, directions)``: the moves written (the tiles moved, and the direction
    each slides, this page's letters)."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready description, for menus."""
        return {"name": self.name, "label": self.label, "description": self.description, "example": self.example}


def excerpt(text: str, character: int, width: int = 40) -> str:
    """The text quoted for a message (repr), cut around ``character`` (1-based) if long."""
    flat = text.replace("\n", " ")
    if len(flat) <= width:
        return repr(flat)
    start = max(0, min(character - 1 - width // 2, len(flat) - width))
    piece = flat[start:start + width]
    return repr(("..." if start else "") + piece + ("..." if start + width < len(flat) else ""))


_SEPARATORS = " \t\r\n,;"
_COUNT = re.compile(r"[0-9]+")


def _letters(text: str, notation: str, counts: bool, blank: bool) -> list[WrittenMove]:
    """Letter notations: each letter a move, optionally followed by a repeat count."""
    moves: list[WrittenMove] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        letter = ch.upper()
        if ch.isascii() and ch.isdigit():
            run = _COUNT.match(text, i)
            digits = run.group() if run else ch
            if counts:
                raise UnknownMoveError(
                    f"the count {digits!r} at character {i + 1} of {excerpt(text, i + 1)} follows no move letter: "
                    "write a count right after the letter it repeats, as in R3", text, i + 1)
            raise UnknownMoveError(
                f"a count {digits!r} at character {i + 1} of {excerpt(text, i + 1)}: the {notation} notation has no "
                "repeat counts (the slidysim notation has: R3D2LU)", text, i + 1)
        if letter not in OPPOSITE:
            shown = repr(ch)
            raise UnknownMoveError(
                f"unknown move {shown} at character {i + 1} of {excerpt(text, i + 1)}: write each move as U, D, L "
                f"or R ({'the direction the blank moves' if blank else 'the direction the tile slides'})",
                text, i + 1)
        direction = OPPOSITE[letter] if blank else letter
        repeat = 1
        after = i + 1
        if counts:
            run = _COUNT.match(text, after)
            if run:
                digits = run.group().lstrip("0")
                if not digits:
                    raise ZeroCountError(
                        f"a count of 0 at character {after + 1} of {excerpt(text, after + 1)}: a count repeats "
                        "a move at least once", text, after + 1)
                repeat = int(digits) if len(digits) <= 7 else 10**7
                after = run.end()
        if len(moves) + repeat > MAX_GAME_MOVES:
            raise GameTooLongError(len(moves) + repeat)
        moves.extend([WrittenMove(direction, None, i + 1, ch)] * repeat)
        i = after
    return moves


def _numbers(text: str) -> list[WrittenMove]:
    """The tiles moved, by number, separated by spaces or commas."""
    moves: list[WrittenMove] = []
    for found in re.finditer(r"[^\s,;]+", text):
        token = found.group()
        if not (token.isascii() and token.isdigit()):
            raise UnknownMoveError(
                f"unknown tile {token[:12]!r} at character {found.start() + 1} of {excerpt(text, found.start() + 1)}: "
                "write the tiles moved as numbers, separated by spaces", text, found.start() + 1)
        if len(moves) + 1 > MAX_GAME_MOVES:
            raise GameTooLongError(len(moves) + 1)
        digits = token.lstrip("0") or "0"
        moves.append(WrittenMove(None, int(digits) if len(digits) <= 12 else 10**12, found.start() + 1, token[:12]))
    return moves


def _run_length(directions: str) -> str:
    """``RRRDDLU`` written as ``R3D2LU`` (a run of one has no count)."""
    return "".join(run if len(run) == 1 else f"{run[0]}{len(run)}"
                   for run in (m.group() for m in re.finditer(r"U+|D+|L+|R+", directions)))


NOTATIONS: dict[str, NotationInfo] = {
    info.name: info
    for info in (
        NotationInfo(
            "page", "This page's letters",
            "One letter per move, U, D, L or R: the direction the tile slides (U: the tile below the "
            "blank slides up).",
            "RRDLU",
            lambda text: _letters(text, "page", counts=False, blank=False),
            lambda tiles, directions: directions,
        ),
        NotationInfo(
            "slidysim", "Slidysim (letters with counts)",
            "The speed-solving community's notation, as Slidysim writes it: the tile's direction, U, D, "
            "L or R, with a count for a move repeated (R3 is RRR).",
            "R2DLU",
            lambda text: _letters(text, "slidysim", counts=True, blank=False),
            lambda tiles, directions: _run_length(directions),
        ),
        NotationInfo(
            "blank", "Blank's letters",
            "One letter per move, U, D, L or R: the direction the blank moves (U: the blank moves up, "
            "the tile above it slides down).",
            "LLURD",
            lambda text: _letters(text, "blank", counts=False, blank=True),
            lambda tiles, directions: "".join(OPPOSITE[d] for d in directions),
        ),
        NotationInfo(
            "numbers", "Tile numbers",
            "The tiles moved, by number, separated by spaces.",
            "7 8 5",
            _numbers,
            lambda tiles, directions: " ".join(map(str, tiles)),
        ),
    )
}

DEFAULT_NOTATION = "page"


def get_notation(name: str) -> NotationInfo:
    """The registry entry for ``name``; NotationError listing the choices otherwise."""
    info = NOTATIONS.get(name.strip().lower()) if isinstance(name, str) else None
    if info is None:
        raise NotationError(f"unknown notation {str(name)[:20]!r}: choose one of {', '.join(NOTATIONS)}")
    return info


def read_moves(text: str, notation: str = DEFAULT_NOTATION) -> list[WrittenMove]:
    """The moves ``text`` writes in ``notation`` (a GameError saying what and where otherwise)."""
    return get_notation(notation).read(text)


def write_moves(tiles: Sequence[int], directions: str, notation: str = DEFAULT_NOTATION) -> str:
    """The moves written in ``notation``, from the tiles moved and the direction each slides
    (this page's letters); ``numbers`` needs the tiles, the others the directions."""
    return get_notation(notation).write(tiles, directions)
