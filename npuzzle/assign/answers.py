"""The half of grading that runs where the graded code runs: it only answers, and judges nothing.

* ``QuietValues``: h's values on every board of the check (custom/check.py's ``check_boards``),
  a job, as ``HeuristicValues`` answers them;
* ``heuristic_values``: h's values on the boards the judge asked for, in order, each checked as
  h's answer is (custom/heuristic.py: UserCodeError for an exception, a non-int, a negative or
  a huge number), stopping at the time limit (``stopped`` then ``time-limit``, with the values so
  far);
* ``search_moves``: the moves a search returns on one board (or None), under its node and time
  limits (custom/search.py's ``Problem``), as they are: not replayed, since the judge replays them.

What the code prints is counted and thrown away (``MAX_PRINTED`` bytes; past that, the answer is a
UserCodeError saying so): the page's sandbox caps it too, and a command line or test stays quiet.
Every count and verdict is made from these answers by the judge (grade.py), where no code runs;
the code's own ``seconds`` and ``expansions`` are its claims, and the judge does not use them.
"""

from __future__ import annotations

import contextlib
import functools
import io
import time
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from ..board import Board, Tiles
from ..custom.check import HeuristicValues
from ..custom.heuristic import UserCodeError, UserHeuristic, _shown, load_heuristic
from ..custom.search import Problem, SearchCodeError, UserSearch, call_search, load_search
from ..search.result import StopReason

MAX_PRINTED = 65_536
"""The most characters the code may print while answering one request."""
MAX_ANSWER_MOVES = 100_000
"""The most moves a search's answer may hold (a 3x3's solutions have at most 31, a 4x4's 80)."""
MAX_ASKED = 4_096
"""The most boards one request may ask h about."""


class PrintedTooMuch(BaseException):
    """Raised into the code when it prints past MAX_PRINTED (a BaseException: its ``except
    Exception`` does not swallow it)."""


class _Sink(io.TextIOBase):
    """Where the code's prints go: counted, then dropped."""

    def __init__(self) -> None:
        self.count = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.count += len(text)
        if self.count > MAX_PRINTED:
            raise PrintedTooMuch()
        return len(text)


@contextlib.contextmanager
def _quiet(filename: str, error: type[UserCodeError], sink: _Sink | None = None) -> Iterator[None]:
    """What the code prints inside counted into ``sink`` (a new one by default) and dropped;
    ``error`` once past MAX_PRINTED."""
    sink = sink or _Sink()
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            yield
    except PrintedTooMuch:
        raise error(f"{filename}: your code printed more than {MAX_PRINTED:,} characters while answering; "
                    "print less (a print in h runs on every board)", "printed") from None


class QuietValues(HeuristicValues):
    """custom/check.py's ``HeuristicValues`` (h on every board of ``check_boards``, judging
    nothing), its prints counted and dropped over the whole job: past MAX_PRINTED, a step raises
    UserCodeError (kind ``printed``)."""

    def __init__(self, h: UserHeuristic, goal: Board, time_limit: float) -> None:
        super().__init__(h, goal, time_limit)
        self._sink = _Sink()

    def step(self, budget: float = 0.03) -> None:
        """``HeuristicValues.step``, quietly."""
        with _quiet(self.heuristic.filename, UserCodeError, self._sink):
            super().step(budget)

    def cancel(self) -> None:
        """``HeuristicValues.cancel``, quietly."""
        with _quiet(self.heuristic.filename, UserCodeError, self._sink):
            super().cancel()


@functools.lru_cache(maxsize=2)
def loaded_heuristic(code: str, filename: str) -> UserHeuristic:
    """``load_heuristic``, kept for the next request with the same text: grading asks h in many
    rounds, and the file's top level (a table it builds, say) runs once, not once a round. The
    page runs each code text in a worker of its own, so what is kept is that code's alone."""
    with _quiet(filename, UserCodeError):
        return load_heuristic(code, filename)


@functools.lru_cache(maxsize=2)
def loaded_search(code: str, filename: str) -> UserSearch:
    """``load_search``, kept as ``loaded_heuristic`` is."""
    with _quiet(filename, SearchCodeError):
        return load_search(code, filename)


@dataclass(frozen=True)
class ValuesAnswer:
    """h's values on the boards asked, in order (fewer when ``stopped`` is ``time-limit``)."""

    values: tuple[int, ...]
    stopped: str | None
    seconds: float

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (the web API's ``assignment_answer`` for ``kind: values``)."""
        return {"kind": "values", "values": list(self.values), "stopped": self.stopped,
                "seconds": round(self.seconds, 4)}


def heuristic_values(user: UserHeuristic, goal: Board, boards: Sequence[Tiles], time_limit: float) -> ValuesAnswer:
    """h on each of ``boards`` in order, checked, within ``time_limit`` seconds (looked at after
    each call: an h that never returns is the page's to end); UserCodeError when h fails."""
    began = time.perf_counter()
    deadline = began + time_limit
    values: list[int] = []
    stopped = None
    rows, cols, target = goal.rows, goal.cols, goal.tiles
    with _quiet(user.filename, UserCodeError):
        for tiles in boards:
            values.append(user(tiles, target, rows, cols))
            if time.perf_counter() > deadline:
                stopped = StopReason.TIME_LIMIT.value
                break
    return ValuesAnswer(tuple(values), stopped, time.perf_counter() - began)


@dataclass(frozen=True)
class MovesAnswer:
    """A search's answer on one board, as it returned it: the tiles slid, or None; ``stopped``
    when a limit of ``Problem`` ended it; its expansions (its own count, never used to judge)."""

    moves: tuple[int, ...] | None
    stopped: str | None
    expansions: int
    seconds: float

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (the web API's ``assignment_answer`` for ``kind: search``)."""
        return {"kind": "search", "moves": None if self.moves is None else list(self.moves), "stopped": self.stopped,
                "expansions": self.expansions, "seconds": round(self.seconds, 4)}


def search_moves(user: UserSearch, start: Board, goal: Board, max_nodes: int, time_limit: float) -> MovesAnswer:
    """Run ``user``'s search on ``start`` under the limits and hand back its moves as it returned
    them (not replayed: the judge does). SearchCodeError when it raises, or returns something
    that is neither None nor a list of whole numbers (at most MAX_ANSWER_MOVES)."""
    problem = Problem(start, goal, max_nodes, time_limit)
    with _quiet(user.filename, SearchCodeError):
        answer, stopped, seconds = call_search(user, problem)
    if stopped is not None or answer is None:
        return MovesAnswer(None, stopped, problem.expansions, seconds)
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)):
        raise SearchCodeError(f"{user.filename}: search returned {_shown(answer)} ({type(answer).__name__}), "
                              "not a list of moves (tiles) or None", "returned")
    if len(answer) > MAX_ANSWER_MOVES:
        raise SearchCodeError(f"{user.filename}: search returned {len(answer):,} moves, more than "
                              f"{MAX_ANSWER_MOVES:,}", "returned")
    moves = []
    for number, move in enumerate(answer, 1):
        if isinstance(move, bool) or not isinstance(move, int) or not -2**31 < move < 2**31:
            raise SearchCodeError(f"{user.filename}: search returned a move {_shown(move)} at step {number}, "
                                  "not a tile number", "returned")
        moves.append(int(move))
    return MovesAnswer(tuple(moves), None, problem.expansions, seconds)


__all__ = ["MAX_ANSWER_MOVES", "MAX_ASKED", "MAX_PRINTED", "MovesAnswer", "QuietValues", "ValuesAnswer", "heuristic_values",
           "loaded_heuristic", "loaded_search", "search_moves"]
