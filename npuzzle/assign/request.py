"""The request the half of grading that runs the code answers (the web API's
``assignment_answer``), read once: which kind of answer, on which goal, within which limits,
for which boards; the code itself is loaded by the web API, which keeps it for the next round.

Each reader refuses a request with a ``RequestError`` naming its field, in one sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board, BoardError, Tiles
from ..custom.search import DEFAULT_MAX_NODES as SEARCH_MAX_NODES
from ..request import Caps, Fields, NO_CAPS, RequestError, number_field, quote, read_new_board, text_field
from .answers import MAX_ASKED
from .assignment import DEFAULT_TIME_LIMIT

KINDS = ("check", "values", "search")
"""What the code's side answers: h on the check's boards (a job), h on boards asked, a search's moves."""


@dataclass(frozen=True)
class AnswerRequest:
    """An ``assignment_answer`` request read: its ``kind``, ``goal`` and ``time_limit``; the
    ``boards`` h is asked about (``values``); the ``start`` and ``max_nodes`` of a search."""

    kind: str
    goal: Board
    time_limit: float
    boards: tuple[Tiles, ...] = ()
    start: Board | None = None
    max_nodes: int = SEARCH_MAX_NODES

    @property
    def code_kind(self) -> str:
        """Which code answers it: ``heuristic`` or ``search``."""
        return "search" if self.kind == "search" else "heuristic"


def _tile_list(value: object) -> bool:
    """Whether ``value`` is a list of whole numbers (not true or false)."""
    return isinstance(value, list) and all(type(t) is int for t in value)


def read_answer_request(request: Fields, caps: Caps = NO_CAPS) -> AnswerRequest:
    """An ``assignment_answer`` request's fields but its code, checked (RequestError naming the field)."""
    kind = request.get("kind")
    if kind not in KINDS:
        raise RequestError("kind", f"kind must be check, values or search, not {quote(kind)}")
    _, _, goal = read_new_board(request, caps)
    time_limit = float(number_field(request, "time_limit", DEFAULT_TIME_LIMIT, caps.time_limit, whole=False))
    if kind == "check":
        return AnswerRequest(kind, goal, time_limit)
    if kind == "values":
        return AnswerRequest(kind, goal, time_limit, boards=_asked_boards(request.get("boards"), goal))
    board = request.get("board")
    if isinstance(board, list) and not _tile_list(board):
        raise RequestError("board", f"board must be a list of tiles, not {quote(board)}")
    try:
        start = Board(goal.rows, goal.cols, tuple(board)) if isinstance(board, list) else Board.from_string(
            text_field(request, "board", caps), goal.rows, goal.cols)
    except BoardError as exc:
        raise RequestError("board", str(exc)) from None
    max_nodes = number_field(request, "max_nodes", SEARCH_MAX_NODES, caps.max_nodes, whole=True)
    return AnswerRequest(kind, goal, time_limit, start=start, max_nodes=int(max_nodes))


def _asked_boards(boards: object, goal: Board) -> tuple[Tiles, ...]:
    if not isinstance(boards, list) or len(boards) > MAX_ASKED:
        raise RequestError("boards", f"boards must be a list of at most {MAX_ASKED:,} boards")
    tiles = []
    for i, board in enumerate(boards):
        if not _tile_list(board):
            raise RequestError("boards", f"boards[{i}] must be a list of tiles, not {quote(board)}")
        try:
            tiles.append(Board(goal.rows, goal.cols, tuple(board)).tiles)
        except BoardError as exc:
            raise RequestError("boards", f"boards[{i}]: {exc}") from None
    return tuple(tiles)


__all__ = ["AnswerRequest", "KINDS", "read_answer_request"]
