"""A person's heuristic, written in Python: loading it, calling it, and its one error type.

The interface (``HeuristicFunction``): a heuristic file defines

    def h(tiles, goal, rows, cols) -> int

where ``tiles`` and ``goal`` are tuples of ints in row-major order, 0 the blank, and
``rows`` and ``cols`` the board's shape; it returns a non-negative ``int`` (``bool`` is
not one), an estimate of the moves left. It may cache what it derives from the goal (a
dict at the module's top level, say): the same goal comes back for every board of a
search. The same file runs in the page and in ``python -m npuzzle ... --heuristic-file``.

Everything that can go wrong with the person's code is one ``UserCodeError`` with a
``message`` (one line), the ``line`` of their file it points at (when known) and the
``board`` it failed on (when it failed on one): a syntax error, no ``h`` or one that is
not callable, an ``h`` that raises, or one that returns a non-int or a negative number.

>>> heuristic = load_heuristic("def h(tiles, goal, rows, cols):\\n    return sum(t != g for t, g in zip(tiles, goal) if t)\\n")
>>> heuristic((1, 2, 3, 0), (1, 2, 0, 3), 2, 2)
1
>>> load_heuristic("def h(tiles, goal, rows, cols):\\n    return -1\\n", "mine.py")((1, 2, 3, 0), (1, 2, 3, 0), 2, 2)
Traceback (most recent call last):
...
npuzzle.custom.heuristic.UserCodeError: mine.py: h returned -1, a negative number, on board 1,2,3,0
"""

from __future__ import annotations

import builtins
import inspect
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Callable, Protocol, Sequence

from ..board import Tiles

DEFAULT_FILENAME = "your_heuristic.py"
"""The name messages give a heuristic whose source came without a file's name."""
MAX_SHOWN = 40
"""Longest text of a returned value quoted in a message."""
MAX_H = 2**31 - 1
"""The largest answer taken: no board is that far from its goal, and larger numbers would
overflow the floats that weighted A* and the checker's ratios use."""


class HeuristicFunction(Protocol):
    """What a heuristic file's ``h`` is: ``h(tiles, goal, rows, cols) -> int``.

    ``tiles``: the board, row-major, 0 the blank (``(1, 2, 3, 4, 5, 6, 7, 0, 8)``);
    ``goal``: the goal in the same form; ``rows``, ``cols``: its shape. Returns a
    non-negative int: the estimated number of moves from ``tiles`` to ``goal``.
    Admissible if it never exceeds the true distance; consistent if one move never
    changes it by more than one (``python -m npuzzle check`` finds out).
    """

    def __call__(self, tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        """The estimate of the moves from ``tiles`` to ``goal``."""


class UserCodeError(ValueError):
    """A person's heuristic that cannot be used: ``message`` (one line, file and line
    included), ``line`` (in their file, or None), ``board`` (the tiles it failed on, or
    None), ``kind`` (``syntax``, ``missing``, ``raised``, ``returned``, ``timeout``)."""

    field = "heuristic_code"
    """The web API's field for code that fails: a heuristic's (a search's is ``search_code``)."""

    def __init__(self, message: str, kind: str, line: int | None = None, board: Tiles | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.line = line
        self.board = board

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (for the web API)."""
        return {"message": self.message, "kind": self.kind, "line": self.line,
                "board": list(self.board) if self.board is not None else None}


class HeuristicTimeout(BaseException):
    """Raised into a person's code that ran past its time (see deadline.py). A
    ``BaseException``, so that their ``except Exception`` does not swallow it;
    ``board`` is the board ``h`` was working on, when known."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"h did not return within {seconds:g} s")
        self.seconds = seconds
        self.board: Tiles | None = None


def board_text(tiles: Sequence[int]) -> str:
    """A board in the package's compact form (``1,2,3,0``), for messages."""
    return ",".join(map(str, tiles))


def _user_line(tb: TracebackType | None, filename: str) -> int | None:
    """The line of the person's file nearest the error in a traceback (its last frame there)."""
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _said(exc: BaseException) -> str:
    """An exception's message on one line, shortened; never raises (a hostile ``__str__``)."""
    try:
        text = " ".join(str(exc).split())
    except Exception:
        return ""
    return text if len(text) <= 100 else text[:97] + "..."


def _shown(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, an int of over 4,300 digits
        text = "a number too long to show" if isinstance(value, int) else f"a {type(value).__name__}"
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


@dataclass(frozen=True)
class UserHeuristic:
    """A loaded heuristic file: call it like ``h``; every call's answer is checked
    (UserCodeError for an exception, a non-int or a negative number, with the board)."""

    function: Callable[..., Any]
    filename: str
    source: str

    @property
    def name(self) -> str:
        """What results call it: ``custom:`` and the file's name (``custom:my_h.py``), never
        a built-in heuristic's name."""
        base = self.filename.replace("\\", "/").rsplit("/", 1)[-1]
        return f"custom:{base}"

    def __call__(self, tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        """``h(tiles, goal, rows, cols)``, checked."""
        try:
            value = self.function(tiles, goal, rows, cols)
        except (Exception, SystemExit) as exc:  # exit() in the person's code ends only their h
            raise self.raised(exc, tiles) from None
        except HeuristicTimeout as exc:
            if exc.board is None:
                exc.board = tiles
            raise
        if type(value) is not int:
            return self.checked(value, tiles)
        if value < 0 or value > MAX_H:
            raise self.returned(value, tiles)
        return value

    def raised(self, exc: BaseException, tiles: Tiles) -> UserCodeError:
        """The error for ``h`` raising ``exc`` on ``tiles``: the line of the person's file
        (from the traceback) and the board."""
        line = _user_line(exc.__traceback__, self.filename)
        where = f" at line {line}" if line is not None else ""
        detail = _said(exc)
        what = f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__
        if len(what) > 120:
            what = what[:117] + "..."
        return UserCodeError(f"{self.filename}: h raised {what}{where}, on board {board_text(tiles)}",
                             "raised", line, tuple(tiles))

    def checked(self, value: object, tiles: Tiles) -> int:
        """``value`` as h's answer: an int that is not a bool (an int subclass such as an
        IntEnum counts as its value), else UserCodeError."""
        if isinstance(value, int) and not isinstance(value, bool):
            number = int(value)
            if number < 0 or number > MAX_H:
                raise self.returned(number, tiles)
            return number
        what = ("None, not an int (is a return missing?)" if value is None
                else f"{_shown(value)} ({type(value).__name__}), not an int")
        raise UserCodeError(f"{self.filename}: h returned {what}, on board {board_text(tiles)}",
                            "returned", None, tuple(tiles))

    def returned(self, value: int, tiles: Tiles) -> UserCodeError:
        """The error for a negative answer, or one above ``MAX_H``."""
        what = "a negative number" if value < 0 else f"more than {MAX_H:,} (no board is that far)"
        shown = _shown(value) if value < 0 else "a number"
        return UserCodeError(f"{self.filename}: h returned {shown}, {what}, on board "
                             f"{board_text(tiles)}", "returned", None, tuple(tiles))


def load_heuristic(source: str, filename: str = DEFAULT_FILENAME) -> UserHeuristic:
    """Compile and run a heuristic file's text (``filename`` names it in messages and
    tracebacks), and return its ``h``, checked. UserCodeError for a syntax error (its
    line), code at the top level that raises (its line), no ``h``, an ``h`` that is not
    callable or cannot take four arguments."""
    function = load_function(source, filename, "h", "def h(tiles, goal, rows, cols):", 4, UserCodeError)
    return UserHeuristic(function, filename, source)


def load_function(source: str, filename: str, name: str, signature: str, arguments: int,
                  error: type[UserCodeError]) -> Callable[..., Any]:
    """The function ``name`` a person's file defines, once its text is compiled and run (a
    module of its own); ``error`` (UserCodeError or a subclass) for a syntax error (its line),
    code at the top level that raises (its line), no such function, or one that is not
    callable or cannot take ``arguments`` arguments (``signature`` says how to write it)."""
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError as exc:  # IndentationError and TabError are SyntaxErrors
        line = exc.lineno
        where = f" line {line}" if line is not None else ""
        message = " ".join(str(exc.msg).split())
        raise error(f"{filename}{where}: {type(exc).__name__}: {message}", "syntax", line) from None
    except ValueError as exc:  # source with a null byte
        raise error(f"{filename}: {exc}", "syntax") from None
    namespace: dict[str, Any] = {"__name__": f"npuzzle_user_{name}", "__file__": filename,
                                 "__builtins__": builtins}
    try:
        exec(code, namespace)
    except (Exception, SystemExit) as exc:
        line = _user_line(exc.__traceback__, filename)
        where = f" at line {line}" if line is not None else ""
        raise error(f"{filename}: the file raised {type(exc).__name__}: "
                    f"{_said(exc)}{where} while loading", "raised", line) from None
    function = namespace.get(name)
    if function is None:
        raise error(f"{filename}: no function {name} defined: write {signature}", "missing")
    if not callable(function):
        raise error(f"{filename}: {name} is a {type(function).__name__}, not a function: write "
                    f"{signature}", "missing", _definition_line(function))
    try:
        inspect.signature(function).bind(*[None] * arguments)
    except TypeError:
        count = "one argument" if arguments == 1 else f"{['no', 'one', 'two', 'three', 'four'][arguments]} arguments"
        raise error(f"{filename}: {name} must take {count}: {signature}",
                    "missing", _definition_line(function)) from None
    except ValueError:  # no signature to read (a builtin): calling it will tell
        pass
    found: Callable[..., Any] = function
    return found


def _definition_line(function: object) -> int | None:
    code = getattr(function, "__code__", None)
    return getattr(code, "co_firstlineno", None)


def load_heuristic_file(path: str) -> UserHeuristic:
    """``load_heuristic`` on a file's text (UTF-8); OSError when it cannot be read,
    UserCodeError when it is not valid text."""
    with open(path, "rb") as stream:
        data = stream.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UserCodeError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})", "syntax") from None
    return load_heuristic(text, path)


__all__ = [
    "HeuristicFunction",
    "HeuristicTimeout",
    "UserCodeError",
    "UserHeuristic",
    "board_text",
    "load_heuristic",
    "load_heuristic_file",
]
