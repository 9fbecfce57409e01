"""A teacher's assignment (issue 39): its versioned JSON, read and validated once, its
canonical form and id, and its link and file forms.

The JSON (version 1; every key required unless marked optional)::

    {
      "format": "npuzzle-assignment",
      "version": 1,
      "title": "Write an admissible heuristic",
      "task": "heuristic",                 # or "search"
      "size": "3x3",                       # rows x cols, at most MAX_CELLS cells
      "goal": "blank-last",                # optional: or "blank-first"
      "boards": {"seed": 7, "count": 10},  # drawn at random (optional "moves": scrambled by k moves)
      # or "boards": [[8, 6, 7, 2, 5, 4, 3, 0, 1], "1 2 3 / 4 5 6 / 0 7 8"]   (pasted)
      "criteria": [{"name": "admissible", "weight": 2},
                   {"name": "astar_mean_nodes", "weight": 1, "max_mean": 270}],
      "starter_code": "def h(tiles, goal, rows, cols):\\n    ...",   # optional ("" = the page's template)
      "instructions": "Plain text.",       # optional
      "time_limit": 10                     # optional: seconds per board
    }

Reading (``read_assignment``) refuses, with an ``AssignmentError`` naming the field, anything
malformed, too large (``LIMITS``), of an unknown version, an unknown criterion or one that does
not apply to the task, a criterion chosen twice, weights that are negative or all zero, an A*
node cap below the set's mean optimal length (which no heuristic can meet), boards of the wrong
size or that cannot reach the goal, and too many boards. The **canonical** form is what reading
gives back, written with sorted keys and no spaces (``canonical_json``); the assignment's
**id** is the first 16 hexadecimal digits of its SHA-256, so a submission names the assignment
it answers. Random boards are the package's (random_boards.py), board ``i`` drawn with the seed
``"npuzzle-assignment:<seed>:<i>"``, so the same seed gives the same boards everywhere.

>>> a = read_assignment({"format": "npuzzle-assignment", "version": 1, "title": "Tiny", "task": "heuristic",
...                      "size": "2x2", "boards": [[3, 1, 2, 0]], "criteria": [{"name": "admissible", "weight": 1}]})
>>> a.id, [b.tiles for b in a.boards]
('c6248e2db5073589', [(3, 1, 2, 0)])
>>> read_assignment_text(a.link_value()) == a
True
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any, Mapping

from ..board import GOAL_NAMES, MAX_SIDE, MIN_SIDE, Board, BoardError, parse_shape
from ..distance_table import TABLE_CELLS, distance_table
from ..heuristics import manhattan
from ..random_boards import random_board, scramble
from ..solvability import explain_solvability
from .criteria import CRITERIA, TASKS, CriterionInfo
from .errors import AssignmentError
from .link import link_value, pack, packed_limit, unpack

FORMAT = "npuzzle-assignment"
VERSION = 1
VERSIONS = (1,)
"""The versions this package reads."""
MAX_CELLS = 16
"""The largest boards an assignment may set (2x2 to 4x4, and rectangles up to 16 cells)."""
DEFAULT_TIME_LIMIT = 10
"""Seconds per board when an assignment names none."""
SEED_SALT = "npuzzle-assignment"

LIMITS: dict[str, int] = {
    "json_bytes": 65_536,
    "title": 200,
    "instructions": 8_000,
    "starter_code": 10_000,
    "boards": 50,
    "seed": 2**53 - 1,
    "moves": 10_000,
    "time_limit": 60,
    "max_cells": MAX_CELLS,
    "weight": 1_000,
}
"""What an assignment may hold at most: its JSON's bytes (UTF-8), the title's, instructions'
and starter code's characters, the boards, a seed, scrambling moves, seconds per board, a
board's cells and a criterion's weight (``info``'s ``assignment.limits``)."""
MAX_PACKED = packed_limit(LIMITS["json_bytes"])
"""The longest ``assignment=`` link value (LINK_LIMITS' ``assignment``)."""

_KEYS = {"format", "version", "title", "task", "size", "goal", "boards", "criteria", "starter_code",
         "instructions", "time_limit"}


@dataclass(frozen=True)
class Choice:
    """One criterion of an assignment: its registry entry, weight and parameters' values."""

    info: CriterionInfo
    weight: int | float
    parameters: tuple[tuple[str, int | float], ...]

    @property
    def name(self) -> str:
        """The criterion's name."""
        return self.info.name

    def parameter(self, name: str) -> int | float:
        """A parameter's value."""
        return dict(self.parameters)[name]

    def to_dict(self) -> dict[str, object]:
        """Canonical JSON form."""
        return {"name": self.name, "weight": self.weight, **dict(self.parameters)}


@dataclass(frozen=True)
class Assignment:
    """A validated assignment (see the module). Two equal assignments have equal canonical
    JSON and ids."""

    title: str
    task: str
    rows: int
    cols: int
    goal_name: str
    pasted: tuple[tuple[int, ...], ...] | None
    """The boards as pasted (tuples of tiles), or None for random ones."""
    draw: tuple[int, int, int | None] | None
    """Random boards' (seed, count, moves or None), or None for pasted ones."""
    criteria: tuple[Choice, ...]
    starter_code: str
    instructions: str
    time_limit: int | float
    boards: tuple[Board, ...]
    """The boards the work is judged on (drawn, when random)."""

    @property
    def goal(self) -> Board:
        """The goal board."""
        return Board.goal(self.rows, self.cols, self.goal_name)

    @property
    def size(self) -> str:
        """``RxC``."""
        return f"{self.rows}x{self.cols}"

    @property
    def total_weight(self) -> int | float:
        """The criteria's weights added."""
        return sum(c.weight for c in self.criteria)

    def choice(self, name: str) -> Choice | None:
        """The criterion ``name`` if chosen."""
        return next((c for c in self.criteria if c.name == name), None)

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON object."""
        boards: object
        if self.draw is not None:
            seed, count, moves = self.draw
            boards = {"seed": seed, "count": count, **({"moves": moves} if moves is not None else {})}
        else:
            boards = [list(t) for t in self.pasted or ()]
        return {"format": FORMAT, "version": VERSION, "title": self.title, "task": self.task, "size": self.size,
                "goal": self.goal_name, "boards": boards, "criteria": [c.to_dict() for c in self.criteria],
                "starter_code": self.starter_code, "instructions": self.instructions, "time_limit": self.time_limit}

    def canonical_json(self) -> str:
        """The canonical text: sorted keys, no spaces, UTF-8 characters as they are."""
        return canonical(self.to_dict())

    @property
    def id(self) -> str:
        """The first 16 hexadecimal digits of the canonical text's SHA-256."""
        return digest(self.canonical_json())

    def link_value(self) -> str:
        """The ``assignment=`` parameter's value (link.py's packing of the canonical text)."""
        return pack(self.canonical_json())

    def file_text(self) -> str:
        """The file form: the same JSON, indented (read back to the same assignment)."""
        return pretty(self.to_dict())

    def summary(self) -> dict[str, Any]:
        """What a page shows and works with: the canonical JSON, id, link value, file text,
        the boards (drawn, when random) and the criteria with their words."""
        return {
            "assignment": self.to_dict(), "id": self.id, "link_value": self.link_value(), "file": self.file_text(),
            "boards": [list(b.tiles) for b in self.boards], "rows": self.rows, "cols": self.cols,
            "goal_tiles": list(self.goal.tiles), "total_weight": self.total_weight,
            "criteria": [{**c.to_dict(), "label": c.info.label, "description": c.info.description}
                         for c in self.criteria],
        }


def canonical(value: object) -> str:
    """JSON with sorted keys and no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def pretty(value: object) -> str:
    """JSON indented by two spaces, keys sorted, ending with a newline (the file forms)."""
    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def digest(text: str) -> str:
    """The first 16 hexadecimal digits of ``text``'s SHA-256 (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _number(value: object, field: str, minimum: float, maximum: float, whole: bool = False,
            exclusive_minimum: bool = False) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (isinstance(value, float) and not math.isfinite(value)):
        kind = "a whole number" if whole else "a number"
        raise AssignmentError(field, f"{field} must be {kind}, not {_shown(value)}")
    if whole and not (isinstance(value, int) or value.is_integer()):
        raise AssignmentError(field, f"{field} must be a whole number, not {value:g}")
    low = value <= minimum if exclusive_minimum else value < minimum
    if low or value > maximum:
        bound = "above" if exclusive_minimum else "at least"
        raise AssignmentError(field, f"{field} must be {bound} {minimum:g} and at most {maximum:g}, not {_shown(value)}")
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _shown(value: object, limit: int = 40) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def plain_text(value: object, field: str, most: int, lines: bool, required: bool = False) -> str:
    """A plain-text field: text of at most ``most`` characters (``\\r\\n`` read as ``\\n``), with
    no control character but tab and, when ``lines``, the line break."""
    if not isinstance(value, str):
        raise AssignmentError(field, f"{field} must be text, not {_shown(value)}")
    text = value.replace("\r\n", "\n")
    if len(text) > most:
        raise AssignmentError(field, f"{field} is too long: {len(text):,} characters, at most {most:,}")
    if required and not text.strip():
        raise AssignmentError(field, f"{field} is empty")
    for at, char in enumerate(text):
        if (ord(char) < 32 and char not in ("\t\n" if lines else "\t")) or 127 <= ord(char) < 160:
            what = "a line break" if char in "\r\n" else f"the control character U+{ord(char):04X}"
            raise AssignmentError(field, f"{field} holds {what} at character {at + 1}: plain text only")
    return text


def _board(value: object, field: str, rows: int, cols: int, goal: Board) -> Board:
    try:
        if isinstance(value, str):
            board = Board.from_string(value, rows, cols)
        elif isinstance(value, list) and all(isinstance(t, int) and not isinstance(t, bool) for t in value):
            if len(value) != rows * cols:
                raise AssignmentError(field, f"{field} has {len(value)} cells, not the {rows * cols} of a {rows}x{cols} board")
            board = Board(rows, cols, tuple(value))
        else:
            raise AssignmentError(field, f"{field} must be a list of tiles or a board's text, not {_shown(value)}")
    except BoardError as exc:
        raise AssignmentError(field, f"{field}: {exc}") from None
    solvability = explain_solvability(board, goal)
    if not solvability.solvable:
        raise AssignmentError(field, f"{field} cannot reach the goal: {solvability.explanation()}")
    return board


def draw_boards(rows: int, cols: int, goal: Board, seed: int, count: int, moves: int | None) -> tuple[Board, ...]:
    """The random boards of a seed: board ``i`` from the seed ``"npuzzle-assignment:<seed>:<i>"``,
    uniformly random among those that reach the goal, or ``moves`` random moves from it."""
    out = []
    for i in range(count):
        key = f"{SEED_SALT}:{seed}:{i}"
        out.append(scramble(goal, moves, key) if moves is not None else random_board(rows, cols, goal, key))
    return tuple(out)


def _boards(value: object, rows: int, cols: int, goal: Board) -> tuple[tuple[tuple[int, ...], ...] | None, tuple[int, int, int | None] | None, tuple[Board, ...]]:
    most = LIMITS["boards"]
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"seed", "count", "moves"})
        if unknown:
            raise AssignmentError("boards", f"boards has an unknown key {unknown[0]!r}: use seed, count and moves")
        if "seed" not in value or "count" not in value:
            raise AssignmentError("boards", "random boards need a seed and a count: {\"seed\": 7, \"count\": 10}")
        seed = int(_number(value["seed"], "boards.seed", 0, LIMITS["seed"], whole=True))
        count = int(_number(value["count"], "boards.count", 1, most, whole=True))
        moves = None
        if value.get("moves") is not None:
            moves = int(_number(value["moves"], "boards.moves", 1, LIMITS["moves"], whole=True))
        return None, (seed, count, moves), draw_boards(rows, cols, goal, seed, count, moves)
    if isinstance(value, list):
        if not value:
            raise AssignmentError("boards", "boards is empty: paste at least one board, or give a seed and a count")
        if len(value) > most:
            raise AssignmentError("boards", f"too many boards: {len(value):,}, at most {most}")
        boards = tuple(_board(v, f"boards[{i}]", rows, cols, goal) for i, v in enumerate(value))
        return tuple(b.tiles for b in boards), None, boards
    raise AssignmentError("boards", f"boards must be a list of boards or {{seed, count}}, not {_shown(value)}")


def _criteria(value: object, task: str) -> tuple[Choice, ...]:
    if not isinstance(value, list):
        raise AssignmentError("criteria", f"criteria must be a list, not {_shown(value)}")
    if not value:
        raise AssignmentError("criteria", "criteria is empty: choose at least one")
    if len(value) > len(CRITERIA):
        raise AssignmentError("criteria", f"{len(value)} criteria, but there are only {len(CRITERIA)} to choose from")
    out: list[Choice] = []
    for i, item in enumerate(value):
        field = f"criteria[{i}]"
        if not isinstance(item, dict):
            raise AssignmentError(field, f"{field} must be an object {{name, weight, ...}}, not {_shown(item)}")
        name = item.get("name")
        info = CRITERIA.get(name) if isinstance(name, str) else None
        if info is None:
            raise AssignmentError(f"{field}.name", f"unknown criterion {_shown(name)}: choose one of {', '.join(CRITERIA)}")
        if task not in info.tasks:
            raise AssignmentError(f"{field}.name", f"the criterion {name} does not apply to a {task} task "
                                                   f"(it judges a {' or a '.join(info.tasks)})")
        if any(c.name == name for c in out):
            raise AssignmentError(f"{field}.name", f"the criterion {name} is chosen twice")
        allowed = {"name", "weight"} | {p.name for p in info.parameters}
        unknown = sorted(set(item) - allowed)
        if unknown:
            raise AssignmentError(f"{field}.{unknown[0]}", f"the criterion {name} has no parameter {unknown[0]!r}"
                                  + (f": it takes {', '.join(p.name for p in info.parameters)}" if info.parameters else ""))
        if "weight" not in item:
            raise AssignmentError(f"{field}.weight", f"{field}.weight is missing")
        weight = _number(item["weight"], f"{field}.weight", 0, LIMITS["weight"])
        parameters = []
        for p in info.parameters:
            if p.name not in item:
                raise AssignmentError(f"{field}.{p.name}", f"the criterion {name} needs {p.name} ({p.label})")
            parameters.append((p.name, _number(item[p.name], f"{field}.{p.name}", p.minimum, p.maximum, p.whole,
                                               p.exclusive_minimum)))
        out.append(Choice(info, weight, tuple(parameters)))
    if not any(c.weight > 0 for c in out):
        raise AssignmentError("criteria", "every criterion weighs 0: at least one must weigh more, or every score "
                                          "would be 0 of 0")
    return tuple(out)


def mean_lower_bound(boards: tuple[Board, ...], goal: Board) -> tuple[float, bool]:
    """The boards' mean optimal length, exact (True) on boards of at most 9 cells, else their
    mean Manhattan distance (False), a lower bound of it."""
    if goal.size <= TABLE_CELLS:
        table = distance_table(goal).grow_all()
        return sum(table.distance_of(b) or 0 for b in boards) / len(boards), True
    return sum(manhattan(b, goal) for b in boards) / len(boards), False


def _contradictions(criteria: tuple[Choice, ...], boards: tuple[Board, ...], goal: Board) -> None:
    for i, choice in enumerate(criteria):
        if choice.name == "astar_mean_nodes":
            cap = choice.parameter("max_mean")
            mean, exact = mean_lower_bound(boards, goal)
            if cap < mean:
                what = "mean optimal length" if exact else "mean Manhattan distance (a lower bound of its mean optimal length)"
                raise AssignmentError(
                    f"criteria[{i}].max_mean",
                    f"no heuristic can pass: A* expands at least every board on its solution's path but the goal, so "
                    f"at least the set's {what}, {mean:.1f} nodes on average, more than max_mean {cap:,}")


def read_assignment(value: object) -> Assignment:
    """An assignment from its JSON object (see the module); AssignmentError naming the field."""
    if not isinstance(value, Mapping):
        raise AssignmentError("assignment", f"an assignment must be a JSON object, not {_shown(value)}")
    if value.get("format") != FORMAT:
        raise AssignmentError("format", f"not an assignment: its format is {_shown(value.get('format'))}, not \"{FORMAT}\"")
    version = value.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise AssignmentError("version", f"version must be a whole number, not {_shown(version)}")
    if version not in VERSIONS:
        newer = " (made by a newer npuzzle?)" if version > VERSION else ""
        raise AssignmentError("version", f"unknown assignment version {version}{newer}: this page reads version "
                                         f"{', '.join(map(str, VERSIONS))}")
    unknown = sorted(set(value) - _KEYS)
    if unknown:
        raise AssignmentError(unknown[0], f"an assignment has no key {unknown[0]!r}")
    for key in ("title", "task", "size", "boards", "criteria"):
        if key not in value:
            raise AssignmentError(key, f"{key} is missing")
    title = plain_text(value["title"], "title", LIMITS["title"], lines=False, required=True)
    task = value["task"]
    if task not in TASKS:
        raise AssignmentError("task", f"unknown task {_shown(task)}: use {' or '.join(TASKS)}")
    size = value["size"]
    if not isinstance(size, str):
        raise AssignmentError("size", f"size must be text such as \"3x3\", not {_shown(size)}")
    try:
        rows, cols = parse_shape(size)
    except BoardError as exc:
        raise AssignmentError("size", str(exc)) from None
    if rows * cols > MAX_CELLS or not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise AssignmentError("size", f"a {rows}x{cols} board is too large for an assignment: at most {MAX_CELLS} cells")
    goal_name = value.get("goal", GOAL_NAMES[0])
    if goal_name not in GOAL_NAMES:
        raise AssignmentError("goal", f"unknown goal {_shown(goal_name)}: use {' or '.join(GOAL_NAMES)}")
    goal = Board.goal(rows, cols, goal_name)
    pasted, draw, boards = _boards(value["boards"], rows, cols, goal)
    criteria = _criteria(value["criteria"], task)
    starter = plain_text(value.get("starter_code", ""), "starter_code", LIMITS["starter_code"], lines=True)
    instructions = plain_text(value.get("instructions", ""), "instructions", LIMITS["instructions"], lines=True)
    time_limit = _number(value.get("time_limit", DEFAULT_TIME_LIMIT), "time_limit", 0, LIMITS["time_limit"],
                         exclusive_minimum=True)
    _contradictions(criteria, boards, goal)
    assignment = Assignment(title, task, rows, cols, goal_name, pasted, draw, criteria, starter, instructions,
                            time_limit, boards)
    size_bytes = len(assignment.canonical_json().encode("utf-8"))
    if size_bytes > LIMITS["json_bytes"]:
        raise AssignmentError("assignment", f"the assignment is too large: {size_bytes:,} bytes of JSON, at most "
                                            f"{LIMITS['json_bytes']:,}")
    return assignment


def parse_json(text: str, what: str, max_bytes: int) -> object:
    """The JSON value of ``text`` of at most ``max_bytes`` bytes (UTF-8); AssignmentError (field
    ``what``) otherwise."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise AssignmentError(what, f"the {what} is too large: {size:,} bytes, at most {max_bytes:,}")
    try:
        return json.loads(text, object_pairs_hook=_once_each, parse_int=_whole)
    except RecursionError:
        raise AssignmentError(what, f"the {what}'s JSON is nested too deeply") from None
    except _Unread as exc:
        raise AssignmentError(what, f"the {what}'s JSON {exc}") from None
    except ValueError as exc:
        raise AssignmentError(what, f"the {what} is not valid JSON: {exc}") from None


MAX_DIGITS = 30
"""The most digits a whole number in an assignment's or a submission's JSON may have (its largest
field takes 10; Python's own cap, 4,300, would be worded in its terms)."""


class _Unread(ValueError):
    """JSON this module does not read: a key twice in one object, a number of too many digits."""


def _once_each(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object of ``pairs``, each key once (a key twice would read differently elsewhere: the
    last or the first one wins, by reader)."""
    value: dict[str, object] = {}
    for key, item in pairs:
        if key in value:
            raise _Unread(f"repeats the key {_shown(key)} in one object")
        value[key] = item
    return value


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Unread(f"has a whole number of {len(digits.lstrip('-')):,} digits, more than {MAX_DIGITS}")
    return int(digits)


def read_text(text: str, what: str, max_bytes: int) -> object:
    """The JSON object a text holds: a link or its ``what=`` value (packed, link.py), a bare packed
    value, or a file's JSON (starting with ``{``)."""
    if not isinstance(text, str):
        raise AssignmentError(what, f"the {what} must be text (a link or a file's JSON), not {_shown(text)}")
    stripped = text.strip().lstrip("\ufeff")
    if not stripped:
        raise AssignmentError(what, f"the {what} is empty: paste its link or open its file")
    binary = next((c for c in stripped if c < " " and c not in "\t\n\r" or c == "\x7f"), None)
    if binary is not None:
        raise AssignmentError(what, f"this is not an npuzzle {what}: it holds a control character (U+{ord(binary):04X}), "
                                    f"as a binary file does; paste the {what}'s link or open its .json file")
    if stripped.startswith("{"):
        return parse_json(stripped, what, max_bytes)
    value = link_value(stripped, what)
    if value is None:
        if "://" in stripped or "#" in stripped or "=" in stripped:
            raise AssignmentError(what, f"this link carries no {what}: its address has no {what}= parameter")
        value = stripped
    return parse_json(unpack(value, max_bytes, what), what, max_bytes)


def read_assignment_text(text: str) -> Assignment:
    """An assignment from a link, a link's ``assignment=`` value, or its file's text."""
    return read_assignment(read_text(text, "assignment", LIMITS["json_bytes"]))


__all__ = [
    "Assignment", "Choice", "DEFAULT_TIME_LIMIT", "FORMAT", "LIMITS", "MAX_CELLS", "MAX_PACKED", "VERSION", "VERSIONS",
    "canonical", "digest", "draw_boards", "mean_lower_bound", "parse_json", "plain_text", "pretty", "read_assignment",
    "read_assignment_text", "read_text",
]
