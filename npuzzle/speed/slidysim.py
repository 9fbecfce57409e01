"""Slidysim's scrambles and replay links, read and written the way Slidysim does.

Slidysim is the speed-solving community's simulator; its leaderboard and replay page live at
slidysim.github.io (repository slidysim/slidysim.github.io). What this module follows, read
in that repository (commit db85c88, August 2026) and in dphdmn/slidyreplay, the replay
video tool by the same author:

* **Scramble** (``modules/slidingPuzzle.js``: ``puzzleToScramble``, ``scrambleToPuzzle``):
  the rows top to bottom, separated by ``/``; in a row the tiles left to right, separated by
  a space; ``0`` is the blank: ``5 3 8 9/0 2 4 1/7 10 14 13/12 11 6 15``. Any width and
  height; the solved puzzle (``createPuzzle``) is 1, 2, ... row by row with the blank last,
  bottom right (``Board.goal(rows, cols)``, "blank-last").
* **Solution** (``expandSolution``, ``compressSolution``): one letter per slide naming the
  direction the *tile* moves (this package's letters, board.py), a run of one letter written
  once with its count: ``R3D2LU`` is ``RRRDDLU``. Every slide is a move (the single-tile
  metric, STM); the multi-tile metric (MTM) would count ``R3`` once.
* **Move times**: one number per slide, milliseconds since the solve started (the first
  slide's is usually 0), never decreasing; slides pushed at once share a time.
* **Replay link** (``modules/dataFetching.js``: ``compressArrayToString``; read by
  ``customReplayCheck`` in ``modules/replayGeneration.js``):
  ``https://slidysim.github.io/replay?r=`` then ``encodeURIComponent(base64(zlib(JSON)))``:
  the JSON text of an array, deflated by pako at level 9 with the zlib header, in standard
  base64 (``+``, ``/``, ``=`` padding) whose ``+``, ``/`` and ``=`` are percent-encoded.
  An array of fewer than 10 items is a **custom replay**, the one the replay page's "Share
  replay" writes (``shareReplay``): ``[solution, tps, scramble, times]``, with the speed in
  thousandths of a tile per second (an integer) and the times a list or ``-1`` for none.
  An array of 10 is a **leaderboard replay** (``handleSavedReplay``): ``[score, solveData,
  event, tps, width, height, titleHtml, videoLink, tier, isWorldRecord]``; ``solveData`` is
  itself base64 of zlib of ``solutions;times;moves;tps;memo;[times;times...]`` (one
  comma-separated entry per solve of an average or relay) and carries no scramble: the page
  undoes the solution from the solved puzzle of that width and height (``parseScramble``).
* **Replay file**: a text file holding the link; the page opens one dropped on it
  (``scripts/dropreplay.js`` reads the file's text as the URL), slidyreplay's ``-f`` reads one
  and its ``generate_big_replay.py`` writes one (the link and a newline).

Reading follows the page but refuses what it would fail on or show wrongly, with a
``ReplayError`` naming the ``field`` and, for a move, its number and the board before it:

>>> replay = read_replay(write_replay_link(Replay(read_scramble("1 2 3/4 5 6/7 0 8"), "L", (0,), 1.0)))
>>> replay.solution, replay.times, replay.solved, write_scramble(replay.board)
('L', (0,), True, '1 2 3/4 5 6/7 0 8')
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import zlib
from dataclasses import dataclass, field
from typing import Sequence
from urllib.parse import quote, unquote

from ..board import BLANK, BLANK_STEPS, MAX_SIDE, MIN_SIDE, OPPOSITE, TILE_SIDE, Board, Tiles
from ..solvability import explain_solvability

__all__ = [
    "FIELDS",
    "MAX_SLIDES",
    "MAX_TEXT",
    "MAX_UNPACKED",
    "REPLAY_PAGE",
    "Replay",
    "ReplayError",
    "Score",
    "read_replay",
    "read_scramble",
    "write_replay_file",
    "write_replay_link",
    "write_scramble",
]

REPLAY_PAGE = "https://slidysim.github.io/replay"
"""Slidysim's replay page: a link is this, ``?r=`` and the replay's data."""
MAX_TEXT = 200_000
"""The longest text read, in characters (a 16x16 solve's leaderboard link is about 30,000)."""
MAX_UNPACKED = 2_000_000
"""The most a link's data may unpack to, in bytes: a 16x16 solve's is about 80,000, and a
link of ``MAX_TEXT`` characters could otherwise unpack to a thousand times its size."""
MAX_SLIDES = 100_000
"""The longest replay, in slides (a 16x16 solve takes about 7,000)."""
FIELDS = ("link", "scramble", "solution", "times", "tps")
"""What a ``ReplayError`` can name as wrong."""
DEFAULT_TPS = 15.0
"""The speed a link is written with when the replay has neither one nor move times
(slidyreplay's default)."""

_SCRAMBLE_SYMBOL = re.compile(r"[^0-9/ \t\r\n]")
_SOLUTION_TOKEN = re.compile(r"([UDLR])([0-9]*)|([0-9]+)|[ \t\r\n]+")
_RUNS = re.compile(r"U+|D+|L+|R+")
_LINK_VALUE = re.compile(r"(?:^|[?&])r=([A-Za-z0-9%+/=._~-]*)")
_BARE_DATA = re.compile(r"[A-Za-z0-9%+/=]+")
_STRUCTURE = re.compile(r'[\[\]{}"\\]')
_TIMES_LIST = re.compile(r"\[[^\]\n\r\u2028\u2029]*\]")
_LARGEST_NUMBER = 2**53
"""Times and speeds at or above this are refused: JavaScript's numbers are not exact there."""
_MAX_DEPTH = 16
"""Nesting of a link's JSON beyond this is refused before it is parsed (a replay's is 3)."""
_MAX_COUNT_DIGITS = 9


class ReplayError(ValueError):
    """A scramble, solution or replay that cannot be read or is not valid: the message is one
    sentence saying what is wrong and where; ``field`` is one of ``FIELDS``; ``move`` is the
    1-based number of the move (or of its time) at fault, ``board`` the tiles before an
    illegal move."""

    def __init__(self, message: str, field: str, move: int | None = None, board: Tiles | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.move = move
        self.board = board


@dataclass(frozen=True)
class Score:
    """What a leaderboard replay link says about its solve besides the moves (each None
    when the link lacks it)."""

    player: str | None = None
    timestamp: int | None = None
    """When the solve was done: milliseconds since 1970-01-01 UTC."""
    time: int | None = None
    """The solve's time in milliseconds, as the leaderboard has it."""
    controls: str | None = None
    """``Mouse`` or ``Keyboard``."""
    mode: str | None = None
    """The leaderboard's game mode: ``Standard``, ``BLD``, a relay or a marathon."""
    display: str | None = None
    """The display type: ``Standard``, ``Minimal``, ``Fading tiles``..."""
    video: str | None = None
    world_record: bool = False


@dataclass(frozen=True)
class Replay:
    """A solve to replay: the scramble, every slide, and when each was made.

    Checked when made (a ``ReplayError`` otherwise): the board is solvable, the moves are
    legal on it in order, the times (if any) are one per move and never decrease, the speed
    is positive. The moves need not end solved (an unfinished solve, ``solved``). Times are
    whole milliseconds and the speed a multiple of 0.001, as a link holds them (rounded to
    those when made).
    """

    board: Board
    """The scramble, the board before the first move."""
    moves: str
    """One letter per slide, the direction the tile moves (this package's letters)."""
    times: tuple[int, ...] | None = None
    """Milliseconds since the start, one per slide; None when the replay has none."""
    tps: float | None = None
    """Tiles per second, as the link states it (the page plays at this speed when there are
    no times); None: none given (``write_replay_link`` then writes the solve's own, or
    ``DEFAULT_TPS``)."""
    score: Score | None = None
    """The leaderboard's record of the solve, from a leaderboard link (never written)."""
    end: Board = field(init=False, repr=False, compare=False)
    """The board after the last move."""

    def __post_init__(self) -> None:
        if not isinstance(self.board, Board):
            raise ReplayError(f"the scramble should be a Board, not {_kind(self.board)}", "scramble")
        _check_solvable(self.board)
        if not isinstance(self.moves, str):
            raise ReplayError(f"the moves should be text like RRDLU, not {_kind(self.moves)}", "solution")
        if len(self.moves) > MAX_SLIDES:
            raise _too_long(len(self.moves))
        odd = re.search(r"[^UDLR]", self.moves)
        if odd:
            raise ReplayError(
                f"the moves have {odd.group()!r} at character {odd.start() + 1}: write one letter per slide, "
                "U, D, L or R (the direction the tile moves)", "solution")
        if not self.moves:
            raise ReplayError("the replay has no moves: there is nothing to replay", "solution")
        end = _play(self.board, [(run.group()[0], len(run.group())) for run in _RUNS.finditer(self.moves)])
        object.__setattr__(self, "end", Board(self.board.rows, self.board.cols, end))
        if self.times is not None:
            object.__setattr__(self, "times", _check_times(self.times, len(self.moves)))
        if self.tps is not None:
            object.__setattr__(self, "tps", _thousandths(self.tps, 1000) / 1000)
        if self.score is not None and not isinstance(self.score, Score):
            raise ReplayError(f"the score should be a Score, not {_kind(self.score)}", "link")

    @property
    def solution(self) -> str:
        """The moves in Slidysim's notation, runs written with their count: ``R3D2LU``."""
        return "".join(run if len(run) == 1 else f"{run[0]}{len(run)}"
                       for run in (m.group() for m in _RUNS.finditer(self.moves)))

    @property
    def goal(self) -> Board:
        """Slidysim's solved puzzle of this size: 1, 2, ... row by row, the blank last."""
        return Board.goal(self.board.rows, self.board.cols)

    @property
    def solved(self) -> bool:
        """Whether the moves end on the solved puzzle."""
        return self.end == self.goal

    @property
    def time(self) -> int | None:
        """The solve's time in milliseconds: the last move's, else the leaderboard's, else None."""
        if self.times:
            return self.times[-1]
        return self.score.time if self.score is not None else None


def read_scramble(text: str) -> Board:
    """The board a Slidysim scramble writes (``1 2 3/4 5 6/7 8 0``); a ``ReplayError``
    (field ``scramble``) for text that is not one, or a board that cannot be solved.

    >>> read_scramble("5 3 8 9/0 2 4 1/7 10 14 13/12 11 6 15").tiles[:5]
    (5, 3, 8, 9, 0)
    """
    if not isinstance(text, str):
        raise ReplayError(f"the scramble should be text like 1 2 3/4 5 6/7 8 0, not {_kind(text)}", "scramble")
    if len(text) > MAX_TEXT:
        raise ReplayError(f"the scramble is {len(text):,} characters long: at most {MAX_TEXT:,} are read", "scramble")
    odd = _SCRAMBLE_SYMBOL.search(text)
    if odd:
        raise ReplayError(
            f"the scramble has {odd.group()!r} at character {odd.start() + 1}: Slidysim writes the tiles as "
            "numbers (0 for the blank) separated by spaces, and the rows separated by /", "scramble")
    if not text.strip():
        raise ReplayError("the scramble is empty: write the rows separated by /, as in 1 2 3/4 5 6/7 8 0", "scramble")
    rows = [line.split() for line in text.strip().split("/")]
    for number, row in enumerate(rows, start=1):
        if not row:
            raise ReplayError(f"the scramble's row {number} is empty (a / with no tiles after it)", "scramble")
        if len(row) != len(rows[0]):
            raise ReplayError(
                f"the scramble's row {number} has {len(row)} tiles where row 1 has {len(rows[0])}", "scramble")
    height, width = len(rows), len(rows[0])
    if not (MIN_SIDE <= height <= MAX_SIDE and MIN_SIDE <= width <= MAX_SIDE):
        raise ReplayError(
            f"the scramble has {height} row{'s' * (height != 1)} of {width} tile{'s' * (width != 1)}: boards of "
            f"{MIN_SIDE} to {MAX_SIDE} rows and columns are supported", "scramble")
    size = height * width
    seen: set[int] = set()
    tiles: list[int] = []
    for token in (token for row in rows for token in row):
        digits = token.lstrip("0") or "0"
        value = int(digits) if len(digits) <= 6 else size
        if value >= size:
            raise ReplayError(
                f"tile {token[:12]} is out of range: a board of {height} rows of {width} has tiles 1 to {size - 1} "
                "and 0 for the blank", "scramble")
        if value in seen:
            raise ReplayError("the blank (0) appears twice in the scramble" if value == BLANK
                              else f"tile {value} appears twice in the scramble", "scramble")
        seen.add(value)
        tiles.append(value)
    board = Board(height, width, tuple(tiles))
    _check_solvable(board)
    return board


def write_scramble(board: Board) -> str:
    """``board`` written as Slidysim writes a scramble: ``1 2 3/4 5 6/7 8 0``."""
    return "/".join(" ".join(str(tile) for tile in board.tiles[row * board.cols:(row + 1) * board.cols])
                    for row in range(board.rows))


def read_replay(text: str) -> Replay:
    """The replay a Slidysim replay link holds: the whole link, its query (``?r=...``),
    the ``r`` value alone, or a replay file's text (the link on a line); a ``ReplayError``
    saying what is wrong and where otherwise. A leaderboard link of several solves (an
    average, a relay) is refused: it is not one replay."""
    data = _unpack(_link_value(text), "the link's data")
    if not isinstance(data, list):
        raise ReplayError(f"the link's data is {_kind(data)}, not a Slidysim replay (a list)", "link")
    if len(data) < 10:
        return _custom_replay(data)
    return _leaderboard_replay(data)


def write_replay_link(replay: Replay) -> str:
    """The link Slidysim's replay page opens on ``replay``: a custom replay, as its "Share
    replay" writes it (the same bytes for the same replay). It carries the scramble, the
    moves, the times and the speed; a leaderboard score is not part of it. A replay with no
    speed is written with the solve's own (moves over its last time), else ``DEFAULT_TPS``."""
    tps = replay.tps if replay.tps is not None else _own_tps(replay)
    data = [replay.solution, _thousandths(tps, 1000), write_scramble(replay.board),
            list(replay.times) if replay.times is not None else -1]
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    packed = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    return f"{REPLAY_PAGE}?r={quote(packed, safe='')}"


def write_replay_file(replay: Replay) -> str:
    """A replay file's text: the link and a newline (what slidyreplay writes, and what the
    replay page opens when the file is dropped on it)."""
    return write_replay_link(replay) + "\n"


# Reading a link.


def _link_value(text: str) -> str:
    """The replay's data from the text: the ``r`` value of the one link in it, or the text
    itself when it is nothing but that value."""
    if not isinstance(text, str):
        raise ReplayError(f"the replay should be text (a link or a replay file's text), not {_kind(text)}", "link")
    if len(text) > MAX_TEXT:
        raise ReplayError(f"the replay text is {len(text):,} characters long: at most {MAX_TEXT:,} are read", "link")
    stripped = text.strip()
    if not stripped:
        raise ReplayError(f"the replay text is empty: paste a Slidysim replay link ({REPLAY_PAGE}?r=...)", "link")
    found = [match.group(1) for match in _LINK_VALUE.finditer(stripped)]
    if len(found) > 1:
        raise ReplayError(f"the text holds {len(found)} replay links: give one at a time", "link")
    if found:
        value = found[0]
    elif _BARE_DATA.fullmatch(stripped) and len(stripped) >= 8:
        value = stripped
    else:
        raise ReplayError(
            f"no replay link in the text: a Slidysim replay link is {REPLAY_PAGE}?r= followed by the replay's data",
            "link")
    value = unquote(value)
    if "%" in value:  # the page decodes twice (URLSearchParams, then decodeURIComponent)
        value = unquote(value)
    if not value:
        raise ReplayError("the link's r= is empty: the replay's data is missing", "link")
    return value


def _unpack(value: str, what: str) -> object:
    """The JSON value that base64 of zlib ``value`` holds, as the page reads it."""
    return _json(_inflate(value, what), what)


def _inflate(value: str, what: str) -> str:
    """The text that base64 of zlib ``value`` holds (``what`` names it in messages)."""
    compact = re.sub(r"[ \t\n\f\r]", "", value)  # atob's forgiving base64: spaces go, padding may
    unpadded = compact
    if len(compact) % 4 == 0 and compact.endswith("="):
        unpadded = compact[:-2] if compact.endswith("==") else compact[:-1]
    odd = re.search(r"[^A-Za-z0-9+/]", unpadded)
    if odd:
        raise ReplayError(f"{what} has {odd.group()!r} at character {odd.start() + 1}, which is not base64"
                          + (" (= only pads its end)" if odd.group() == "=" else ""), "link")
    if len(unpadded) % 4 == 1:
        raise ReplayError(f"{what} is cut short: its base64 has one character too many or too few", "link")
    try:
        packed = base64.b64decode(unpadded + "=" * (-len(unpadded) % 4), validate=True)
    except (binascii.Error, ValueError) as error:  # pragma: no cover - the checks above leave none
        raise ReplayError(f"{what} is not base64 ({error})", "link") from None
    inflater = zlib.decompressobj(32 + zlib.MAX_WBITS)  # zlib or gzip, as pako.inflate takes
    try:
        unpacked = inflater.decompress(packed, MAX_UNPACKED + 1)
    except zlib.error:
        raise ReplayError(f"{what} does not unpack: it is not Slidysim's packed data, or it was changed",
                          "link") from None
    if len(unpacked) > MAX_UNPACKED:
        raise ReplayError(f"{what} unpacks to more than {MAX_UNPACKED:,} bytes: no replay is that large", "link")
    if not inflater.eof:
        raise ReplayError(f"{what} is cut short: it ends before the packed replay does", "link")
    return unpacked.decode("utf-8", errors="replace")


def _json(text: str, what: str) -> object:
    """``text`` parsed as JSON, refusing deep nesting and NaN or Infinity."""
    depth, in_string, skip = 0, False, -1
    nested = text.count("[") + text.count("{") > _MAX_DEPTH
    for match in _STRUCTURE.finditer(text) if nested else ():
        at = match.start()
        if at == skip:
            continue
        symbol = match.group()
        if in_string:
            if symbol == "\\":
                skip = at + 1
            elif symbol == '"':
                in_string = False
        elif symbol == '"':
            in_string = True
        elif symbol in "[{":
            depth += 1
            if depth > _MAX_DEPTH:
                raise ReplayError(f"{what} nests lists more than {_MAX_DEPTH} deep: it is not a replay", "link")
        elif symbol in "]}":
            depth -= 1

    def constant(name: str) -> object:
        raise ValueError(f"{name} is not a number a link holds")

    try:
        return json.loads(text, parse_constant=constant)
    except (ValueError, RecursionError):
        raise ReplayError(f"{what} unpacks to text that is not JSON: it is not a Slidysim replay", "link") from None


def _custom_replay(data: list[object]) -> Replay:
    """``[solution, tps in thousandths, scramble, times or -1]``: the replay page's own."""
    if len(data) < 4:
        raise ReplayError(
            f"the link's data has {len(data)} item{'s' * (len(data) != 1)} where a replay has 4 (the solution, "
            "the speed, the scramble and the move times)", "link")
    solution, tps, scramble, times = data[:4]
    if not isinstance(scramble, str):
        raise ReplayError(f"the link's scramble should be text like 1 2 3/4 5 6/7 8 0, not {_kind(scramble)}",
                          "scramble")
    board = read_scramble(scramble)
    moves = _expand_on(board, solution)
    speed = _thousandths(tps, 1) / 1000
    return Replay(board, moves, _link_times(times, len(moves)), speed)


def _leaderboard_replay(data: list[object]) -> Replay:
    """``[score, solveData, event, tps, width, height, title, video, tier, isWR]``: a
    leaderboard solve the page opened; the scramble is the solution undone from the goal."""
    item, solve_data, _, tps, width, height = data[:6]
    if not isinstance(item, dict):
        raise ReplayError(f"the link's score should be an object, not {_kind(item)}", "link")
    if not isinstance(solve_data, str):
        raise ReplayError(f"the link's solve data should be text, not {_kind(solve_data)}", "link")
    cols, rows = _side(width, "width"), _side(height, "height")
    text = _inflate(solve_data, "the link's solve data")
    listed = _TIMES_LIST.search(text)
    rest = text.replace(listed.group(), "", 1) if listed else text
    solutions = rest.split(";")[0]
    if solutions in ("", "-1"):
        raise ReplayError("the link holds no solution: the leaderboard kept none for this solve", "solution")
    count = len(solutions.split(","))
    if count > 1:
        raise ReplayError(
            f"the link holds {count} solves (an average or a relay), not one replay: open it on Slidysim's replay "
            "page, choose a solve and copy its own link in Custom replay mode", "link")
    goal = Board.goal(rows, cols)
    runs = _runs(solutions)
    undone = _play(goal, [(OPPOSITE[letter], repeat) for letter, repeat, _ in reversed(runs)], undoing=True)
    board = Board(rows, cols, undone)
    moves = "".join(letter * repeat for letter, repeat, _ in runs)
    times: object = -1
    if listed:
        first = listed.group()[1:-1].split(";")[0].split(",")
        if len(first) > 1:  # the page takes a single entry (or none) for no times
            times = [_decimal(entry, number) for number, entry in enumerate(first, start=1)]
    video = data[7]
    score = Score(
        player=_text_or_none(item.get("nameFilter")), timestamp=_int_or_none(item.get("timestamp")),
        time=_int_or_none(item.get("time")), controls=_text_or_none(item.get("controls")),
        mode=_text_or_none(item.get("gameMode")), display=_text_or_none(item.get("displayType")),
        video=video if isinstance(video, str) and video else None, world_record=data[9] is True)
    return Replay(board, moves, _link_times(times, len(moves)), _thousandths(tps, 1) / 1000, score)


def _side(value: object, name: str) -> int:
    """The link's puzzle width or height, if it is one this package takes."""
    if isinstance(value, int) and not isinstance(value, bool) and MIN_SIDE <= value <= MAX_SIDE:
        return value
    shown = str(value) if _finite(value) is not None else _kind(value)
    raise ReplayError(f"the link's puzzle {name} is {shown}: boards of {MIN_SIDE} to {MAX_SIDE} rows and columns "
                      "are supported", "scramble")


# Moves.


def _runs(solution: str) -> list[tuple[str, int, int]]:
    """Slidysim's solution as runs: (letter, count, character), counts over 10**9 kept at it."""
    runs: list[tuple[str, int, int]] = []
    at = 0
    while at < len(solution):
        match = _SOLUTION_TOKEN.match(solution, at)
        if match is None:
            odd = solution[at]
            raise ReplayError(
                f"the solution has {odd!r} at character {at + 1}: Slidysim writes each move as U, D, L or R (the "
                "direction the tile moves), with a count when it repeats, as in R3D2LU", "solution")
        letter, digits, stray = match.groups()
        if stray is not None:
            raise ReplayError(f"the solution's count {stray[:12]} at character {at + 1} follows no move letter",
                              "solution")
        if letter is not None:
            count = 1
            if digits:
                significant = digits.lstrip("0")
                if not significant:
                    raise ReplayError(f"the solution's count of 0 at character {at + 2}: a count repeats a move at "
                                      "least once", "solution")
                count = int(significant) if len(significant) <= _MAX_COUNT_DIGITS else 10**_MAX_COUNT_DIGITS
            if len(runs) == MAX_SLIDES:  # every run is a move at least: stop reading before memory goes
                raise _too_long(None)
            runs.append((letter, count, at + 1))
        at = match.end()
    return runs


def _expand_on(board: Board, solution: object) -> str:
    """The link's solution read and played on ``board``: one letter per slide."""
    if not isinstance(solution, str):
        raise ReplayError(f"the link's solution should be text like R3D2LU, not {_kind(solution)}", "solution")
    runs = _runs(solution)
    _play(board, [(letter, repeat) for letter, repeat, _ in runs])
    return "".join(letter * repeat for letter, repeat, _ in runs)


def _play(board: Board, runs: Sequence[tuple[str, int]], undoing: bool = False) -> Tiles:
    """The tiles after the runs of slides, each (letter, count); a ``ReplayError`` for the
    first slide that is illegal (its number and the board before it) or past ``MAX_SLIDES``.
    ``undoing``: the runs undo a solution from the goal, numbered from the solution's end."""
    cells = list(board.tiles)
    rows, cols = board.rows, board.cols
    blank = cells.index(BLANK)
    row, col = divmod(blank, cols)
    total = sum(repeat for _, repeat in runs)
    done = 0
    for letter, repeat in runs:
        d_row, d_col = BLANK_STEPS[letter]
        room = (rows - 1 - row if d_row > 0 else row) if d_row else (cols - 1 - col if d_col > 0 else col)
        legal = min(repeat, room)
        if done + legal > MAX_SLIDES:
            raise _too_long(total)
        step = d_row * cols + d_col
        for _ in range(legal):
            cells[blank] = cells[blank + step]
            blank += step
        cells[blank] = BLANK
        row, col, done = row + d_row * legal, col + d_col * legal, done + legal
        if repeat > room:
            if undoing:
                number = total - done
                original = OPPOSITE[letter]
                raise ReplayError(
                    f"the solution cannot have solved a board of {rows} rows and {cols} columns: undone from the "
                    f"solved puzzle, its move {number} ({original}) takes the blank off the board", "solution",
                    move=number)
            number = done + 1
            raise ReplayError(f"move {number} ({letter}) is illegal: no tile is {TILE_SIDE[letter]} the blank",
                              "solution", move=number, board=tuple(cells))
    return tuple(cells)


def _too_long(moves: int | None) -> ReplayError:
    """The solution has ``moves`` (None: more than ``MAX_SLIDES``)."""
    count = f"{moves:,}" if moves is not None else f"more than {MAX_SLIDES:,}"
    return ReplayError(f"the solution has {count} moves: at most {MAX_SLIDES:,} are replayed", "solution")


def _check_solvable(board: Board) -> None:
    """A ``ReplayError`` unless ``board`` can reach Slidysim's solved puzzle."""
    facts = explain_solvability(board, Board.goal(board.rows, board.cols))
    if not facts.solvable:
        where = f" with the blank on row {facts.blank_row}" if facts.width_is_even else ""
        raise ReplayError(
            f"the scramble cannot be solved: its {facts.inversions} inversions{where} have the other parity from "
            "the solved puzzle's, and no slide changes it", "scramble")


# Times and speed.


def _link_times(times: object, moves: int) -> tuple[int, ...] | None:
    """The link's move times: ``-1`` (or null) for none, else one number per move."""
    if times is None or _finite(times) == -1:
        return None
    if not isinstance(times, list):
        raise ReplayError(f"the link's move times should be a list of numbers or -1 (none), not {_kind(times)}",
                          "times")
    return _check_times(times, moves)


def _check_times(times: Sequence[object], moves: int) -> tuple[int, ...]:
    """``times`` as whole milliseconds (rounded), checked: one per move, numbers from 0, never
    decreasing."""
    if not isinstance(times, (list, tuple)):
        raise ReplayError(f"the times should be a list of numbers, not {_kind(times)}", "times")
    if len(times) != moves:
        raise ReplayError(f"there are {len(times):,} move times for {moves:,} moves: Slidysim keeps one per move",
                          "times")
    checked: list[int] = []
    for number, given in enumerate(times, start=1):
        value = _finite(given)
        if value is None:
            raise ReplayError(f"move {number}'s time is {_kind(given)}, not a number of milliseconds", "times",
                              move=number)
        if not 0 <= value < _LARGEST_NUMBER:
            raise ReplayError(f"move {number}'s time, {_number(value)} ms, is out of range: times count "
                              "milliseconds from the start", "times", move=number)
        whole = math.floor(value + 0.5)
        if checked and whole < checked[-1]:
            raise ReplayError(f"move {number}'s time, {whole} ms, is before move {number - 1}'s, {checked[-1]} ms: "
                              "times never decrease", "times", move=number)
        checked.append(whole)
    return tuple(checked)


def _decimal(entry: str, number: int) -> int:
    """A time as the leaderboard's solve data writes it (digits)."""
    text = entry.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 16:
        raise ReplayError(f"move {number}'s time is {entry[:20]!r}, not a number of milliseconds", "times",
                          move=number)
    return int(text)


def _thousandths(given: object, scale: int) -> int:
    """A speed as the link holds it, in thousandths of a tile per second (``given`` times
    ``scale``, rounded); a ``ReplayError`` unless that is 1 or more and finite."""
    value = _finite(given)
    if value is None:
        raise ReplayError(f"the speed (tps) should be a number, not {_kind(given)}", "tps")
    whole = math.floor(value * scale + 0.5) if abs(value * scale) < _LARGEST_NUMBER else -1
    if whole == -1 and abs(value * scale) >= _LARGEST_NUMBER:
        raise ReplayError(f"the speed, {_number(value)}, is out of range for tiles per second", "tps")
    if not 1 <= whole < _LARGEST_NUMBER:
        raise ReplayError(f"the speed is {_number(value * scale / 1000)} tiles per second: it must be at least 0.001",
                          "tps")
    return whole


def _own_tps(replay: Replay) -> float:
    """The solve's speed, moves per second of its last time (``DEFAULT_TPS`` without one)."""
    if replay.times and replay.times[-1] > 0:
        return max(1, len(replay.moves) * 1_000_000 // replay.times[-1]) / 1000
    return DEFAULT_TPS


# Small helpers.


def _finite(value: object) -> int | float | None:
    """``value`` if it is a finite number (not true or false), else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value  # (any size: math.isfinite cannot take one past a float's range; the callers' ranges can)
    if isinstance(value, float) and math.isfinite(value):
        return value
    return None


def _number(value: float) -> str:
    if isinstance(value, int) and abs(value) >= 10**15:  # past a float's range, perhaps: its first digits, its size
        digits = str(value)
        return f"{digits[:7]}... ({len(digits.lstrip('-')):,} digits)"
    return f"{value:.6g}"


def _kind(value: object) -> str:
    """A value's JSON kind for a message ("text", "a list", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return f"the number {_number(value)}"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _int_or_none(given: object) -> int | None:
    value = _finite(given)
    return math.floor(value + 0.5) if value is not None and abs(value) < _LARGEST_NUMBER else None
