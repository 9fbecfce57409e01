"""A person's own search, written in Python, run against a small problem interface and
its answer replayed move by move.

The interface: a search file defines

    def search(problem) -> list of moves, or None

where ``problem`` (``Problem``) offers

* ``problem.start``: the start board, a tuple of ints in row-major order, 0 the blank;
* ``problem.goal``, ``problem.rows``, ``problem.cols``: the goal in the same form, the shape;
* ``problem.is_goal(state)``: whether ``state`` is the goal;
* ``problem.successors(state)``: the boards one move away, as ``(move, next_state)`` pairs,
  ``move`` being the tile that slides into the blank; each call counts one expansion;
* ``problem.expansions``: how many times ``successors`` was called.

and returns the moves from the start to the goal (the tiles slid, in order), or None when
it finds no solution. The answer is replayed from the start (``replay``): a move of a tile
that is not next to the blank, or moves that do not end on the goal, is refused with the
step and the reason. ``successors`` keeps the limits: past ``max_nodes`` expansions or
``time_limit`` seconds it raises ``SearchLimit`` (a ``BaseException``, so that an
``except Exception`` in the person's code does not swallow it) and the run says which
limit stopped it. Code that never calls ``successors`` again is stopped from outside
(deadline.py on the command line; the page ends the code's worker).

>>> from npuzzle import Board
>>> run = run_search(load_search(SEARCH_TEMPLATE), Board.from_string("1 2 3 4 5 6 7 0 8"), Board.goal(3, 3))
>>> run.solved, run.moves, run.expansions > 0
(True, (8,), True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..board import Board, MoveError, Played, Tiles
from ..search.problem import neighbour_table
from ..search.result import StopReason
from ..solvability import is_solvable
from .heuristic import UserCodeError, _said, _shown, _user_line, board_text, load_function

DEFAULT_SEARCH_FILENAME = "your_search.py"
"""The name messages give a search whose source came without a file's name."""
SEARCH_TEMPLATE_FILENAME = "my_search.py"
DEFAULT_MAX_NODES = 200_000
DEFAULT_TIME_LIMIT = 20.0
CLOCK_EVERY = 64
"""Expansions between two looks at the clock."""

SEARCH_TEMPLATE = '''\
"""My search: breadth-first search, written plainly.

search(problem) returns the moves from problem.start to the goal (the tiles
slid into the blank, in order), or None if it finds none.

problem.start       the start board: a tuple of ints, row-major, 0 the blank
problem.goal        the goal board, in the same form
problem.rows, problem.cols   the board's shape
problem.is_goal(state)       True when state is the goal
problem.successors(state)    [(move, next_state), ...]: the boards one move
                    away; move is the tile that slides. Each call is one
                    expansion (problem.expansions counts them).

The page replays the moves from the start: a tile that is not next to the
blank is refused, with its step.
"""

from collections import deque


def search(problem):
    frontier = deque([problem.start])
    parent = {problem.start: None}  # state -> (previous state, move)
    while frontier:
        state = frontier.popleft()
        if problem.is_goal(state):
            moves = []
            while parent[state] is not None:
                state, move = parent[state]
                moves.append(move)
            return moves[::-1]
        for move, next_state in problem.successors(state):
            if next_state not in parent:
                parent[next_state] = (state, move)
                frontier.append(next_state)
    return None
'''
"""A search file that runs as it is: breadth-first search, with the interface in its docstring."""


class SearchCodeError(UserCodeError):
    """A person's search that cannot be used (field ``search_code`` in the web API)."""

    field = "search_code"


class SearchLimit(BaseException):
    """Raised by ``Problem.successors`` past a limit: ``which`` is ``node-limit`` or ``time-limit``."""

    def __init__(self, which: str) -> None:
        super().__init__(which)
        self.which = which


class Problem:
    """What a person's search works on (see the module's docstring)."""

    def __init__(self, start: Board, goal: Board, max_nodes: int = DEFAULT_MAX_NODES,
                 time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        self.start: Tiles = start.tiles
        self.goal: Tiles = goal.tiles
        self.rows, self.cols = start.rows, start.cols
        self.expansions = 0
        """The calls of ``successors`` so far (what the run reports; code that sets it to what
        no count can be, such as -5 or NaN, is refused at the end)."""
        self._calls = 0
        """The same count, kept where the limits read it: a search that sets ``expansions``
        does not escape them."""
        self._max_nodes = max_nodes
        self._deadline = time.perf_counter() + time_limit
        self._cells = start.size
        self._neighbours = neighbour_table(start.rows, start.cols)

    def is_goal(self, state: Sequence[int]) -> bool:
        """Whether ``state`` is the goal."""
        return tuple(state) == self.goal

    def successors(self, state: Sequence[int]) -> list[tuple[int, Tiles]]:
        """The ``(move, next_state)`` pairs one move from ``state`` (``move``: the tile that
        slides into the blank); one expansion. SearchLimit past a limit; ValueError for
        something that is not a board of this size."""
        if self._calls >= self._max_nodes:
            raise SearchLimit(StopReason.NODE_LIMIT.value)
        self._calls += 1
        self.expansions = self._calls
        if self._calls % CLOCK_EVERY == 0 and time.perf_counter() > self._deadline:
            raise SearchLimit(StopReason.TIME_LIMIT.value)
        tiles = tuple(state)
        if len(tiles) != self._cells or sorted(tiles) != list(range(self._cells)):
            raise ValueError(f"successors() needs a board of {self._cells} cells holding 0 to "
                             f"{self._cells - 1} once each, not {_shown(state)}")
        blank = tiles.index(0)
        out = []
        for cell in self._neighbours[blank]:
            after = list(tiles)
            after[blank], after[cell] = after[cell], 0
            out.append((tiles[cell], tuple(after)))
        return out


@dataclass(frozen=True)
class UserSearch:
    """A loaded search file: ``function`` is its ``search``."""

    function: Callable[..., Any]
    filename: str
    source: str

    @property
    def name(self) -> str:
        """What results call it: ``custom:`` and the file's name."""
        return "custom:" + self.filename.replace("\\", "/").rsplit("/", 1)[-1]


@dataclass(frozen=True)
class SearchRun:
    """What a person's search did: its moves (replayed: they reach the goal), expansions,
    seconds, and ``stopped`` (``node-limit``, ``time-limit``) when a limit ended it."""

    name: str
    solved: bool
    moves: tuple[int, ...]
    directions: str
    expansions: int
    seconds: float
    stopped: str | None

    @property
    def length(self) -> int | None:
        """Moves in the solution, or None when there is none."""
        return len(self.moves) if self.solved else None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (the web API's ``user_search`` answer)."""
        return {"name": self.name, "solved": self.solved, "length": self.length, "tiles": list(self.moves),
                "moves": self.directions, "expansions": self.expansions,
                "seconds": round(self.seconds, 4), "stopped": self.stopped}


def load_search(source: str, filename: str = DEFAULT_SEARCH_FILENAME) -> UserSearch:
    """Compile and run a search file's text; SearchCodeError for a syntax error, code that
    raises while loading, no ``search``, or one that cannot take one argument."""
    return UserSearch(load_function(source, filename, "search", "def search(problem):", 1, SearchCodeError),
                      filename, source)


def replay(start: Board, goal: Board, moves: Sequence[int], filename: str = DEFAULT_SEARCH_FILENAME) -> str:
    """The directions (U/D/L/R) of ``moves`` (tiles slid) from ``start``; UserCodeError
    (kind ``illegal``, its ``step`` counted from 1 and the ``board`` before it) for a move
    that is not a tile next to the blank, or moves that end elsewhere than on ``goal``. A move
    must be a plain ``int``: a subclass (whose ``__hash__``, ``__eq__`` or ``__index__`` the
    code wrote) is refused with its step, before anything hashes or compares it."""
    odd = next((i for i, move in enumerate(moves) if type(move) is not int), None)
    if odd is not None:
        before = _played(start, moves[:odd], len(moves), filename).end
        move = moves[odd]
        reason = (f"the move {_shown(move)} is not a tile number" if isinstance(move, bool) or not isinstance(move, int)
                  else f"the move is a {_shown(type(move).__name__)}, a kind of int the code made, not a plain whole number")
        raise IllegalMove(f"{filename}: step {odd + 1} of {len(moves)}: {reason}; board before it "
                          f"{board_text(before.tiles)}", odd + 1, before.tiles)
    played = _played(start, moves, len(moves), filename)
    end = played.end
    if end != goal:
        count = f"the {len(moves)} moves end" if len(moves) != 1 else "the one move ends"
        raise IllegalMove(f"{filename}: {count} on board {board_text(end.tiles)}, "
                          f"not on the goal {board_text(goal.tiles)}", len(moves), end.tiles)
    return played.directions


def _played(start: Board, moves: Sequence[int], total: int, filename: str) -> Played:
    """``moves`` (plain ints, the first of ``total``) played from ``start``, or IllegalMove for
    the first that is not a tile next to the blank."""
    try:
        return start.replay(moves)
    except MoveError as exc:
        tile, board = exc.tile, exc.board
        if not (isinstance(tile, int) and 0 < tile < board.size):  # (plain ints: only a tile number can be wrong)
            shown = _shown(tile)
            what = f"the move {shown}" if shown[:1].isdigit() or shown[:1] == "-" else f"the move, {shown},"
            reason = f"{what} is not a tile of a {board.shape} board (its tiles are 1 to {board.size - 1})"
        else:
            r, c = divmod(board.blank, board.cols)
            reason = f"tile {tile} is not next to the blank (row {r + 1}, column {c + 1}), so it cannot slide"
        raise IllegalMove(f"{filename}: step {exc.number} of {total}: {reason}; board before it "
                          f"{board_text(board.tiles)}", exc.number, board.tiles) from None


class IllegalMove(SearchCodeError):
    """A search's answer that does not replay to the goal: ``step`` (from 1) and the board before it."""

    def __init__(self, message: str, step: int, board: Tiles) -> None:
        super().__init__(message, "illegal", None, board)
        self.step = step

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form, with the step."""
        return {**super().to_dict(), "step": self.step}


def _check_count(problem: Problem, filename: str) -> None:
    """SearchCodeError when the search set ``problem.expansions`` to what no count of calls of
    ``successors`` can be: not a whole number (an ``int``, not a ``bool`` or a float), below 0
    or above the node limit."""
    count = problem.expansions
    if type(count) is int and 0 <= count <= problem._max_nodes:
        return
    raise SearchCodeError(f"{filename}: problem.expansions is {_shown(count)}, which no count of expansions can be: "
                          f"it counts the calls of successors, a whole number from 0 to the node limit "
                          f"({problem._max_nodes:,}); leave it to successors", "returned")


def call_search(user: UserSearch, problem: Problem) -> tuple[Any, str | None, float]:
    """Call ``user``'s search on ``problem``: what it returned (None when a limit stopped it),
    the limit that stopped it (else None), and the seconds it took. SearchCodeError, with its
    line, when it raises."""
    began = time.perf_counter()
    try:
        return user.function(problem), None, time.perf_counter() - began
    except SearchLimit as limit:
        return None, limit.which, time.perf_counter() - began
    except (Exception, SystemExit) as exc:
        line = _user_line(exc.__traceback__, user.filename)
        where = f" at line {line}" if line is not None else ""
        raise SearchCodeError(f"{user.filename}: search raised {type(exc).__name__}: {_said(exc)}{where}",
                              "raised", line) from None


def run_search(user: UserSearch, start: Board, goal: Board, max_nodes: int = DEFAULT_MAX_NODES,
               time_limit: float = DEFAULT_TIME_LIMIT) -> SearchRun:
    """Run ``user``'s search from ``start`` to ``goal`` under the limits and replay its
    answer. SearchCodeError when it raises (its line), answers None for a board that can
    reach the goal or something that is not a list of moves, or moves that do not replay
    to the goal (IllegalMove)."""
    problem = Problem(start, goal, max_nodes, time_limit)
    answer, stopped, seconds = call_search(user, problem)
    _check_count(problem, user.filename)
    if stopped is not None:
        return SearchRun(user.name, False, (), "", problem.expansions, seconds, stopped)
    if answer is None:
        if not is_solvable(start, goal):
            return SearchRun(user.name, False, (), "", problem.expansions, seconds, None)
        raise SearchCodeError(f"{user.filename}: search returned None (no solution), but this board can reach "
                              "the goal", "returned")
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)):
        raise SearchCodeError(f"{user.filename}: search returned {_shown(answer)} ({type(answer).__name__}), "
                            "not a list of moves (tiles) or None", "returned")
    moves = tuple(answer)
    directions = replay(start, goal, moves, user.filename)
    return SearchRun(user.name, True, moves, directions, problem.expansions, seconds, None)


__all__ = [
    "DEFAULT_SEARCH_FILENAME",
    "IllegalMove",
    "Problem",
    "SEARCH_TEMPLATE",
    "SEARCH_TEMPLATE_FILENAME",
    "SearchCodeError",
    "SearchLimit",
    "SearchRun",
    "UserSearch",
    "load_search",
    "replay",
    "run_search",
]
