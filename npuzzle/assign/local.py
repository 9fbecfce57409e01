"""Both halves of grading in one interpreter, for the command line and tests: the judge's asks
(grade.py) answered by the code's side (answers.py, custom/check.py's ``HeuristicValues``).

The page never does this: there the code's side runs in the sandbox's worker and the judge in
the solver's. Here the code runs in the same Python as the judge, so nothing stops it from
changing the judge: use it for code you trust (your own, a test's).
"""

from __future__ import annotations

import time
from typing import Any

from ..custom.heuristic import DEFAULT_FILENAME, UserCodeError
from ..custom.search import DEFAULT_SEARCH_FILENAME
from ..job import run
from .answers import QuietValues, heuristic_values, loaded_heuristic, loaded_search, search_moves
from .assignment import Assignment
from .grade import Ask, GradeResult, Grading


def answer_ask(ask: Ask, assignment: Assignment, code: str, filename: str) -> list[dict[str, Any]]:
    """The feeds that answer ``ask`` with ``code`` run here (an error's message when it fails)."""
    began = time.perf_counter()
    goal = assignment.goal
    try:
        if ask.kind == "check_values":
            values = run(QuietValues(loaded_heuristic(code, filename), goal, ask.time_limit))
            return [{"ask": ask.id, "values": list(values.values), "final": True, "stopped": values.stopped,
                     "seconds": time.perf_counter() - began}]
        if ask.kind == "values":
            answer = heuristic_values(loaded_heuristic(code, filename), goal, ask.boards, ask.time_limit)
            return [{"ask": ask.id, "values": list(answer.values), "stopped": answer.stopped,
                     "seconds": time.perf_counter() - began}]
        board = assignment.boards[ask.board or 0]
        moves = search_moves(loaded_search(code, filename), board, goal, ask.max_nodes or 1, ask.time_limit)
        return [{"ask": ask.id, "moves": None if moves.moves is None else list(moves.moves), "stopped": moves.stopped,
                 "seconds": time.perf_counter() - began}]
    except UserCodeError as exc:
        return [{"ask": ask.id, "error": exc.message, "seconds": time.perf_counter() - began}]


def grade_locally(assignment: Assignment, code: str, filename: str | None = None) -> GradeResult:
    """Grade ``code`` against ``assignment`` with both halves here (see the module)."""
    name = filename or (DEFAULT_FILENAME if assignment.task == "heuristic" else DEFAULT_SEARCH_FILENAME)
    grading = Grading(assignment, name)
    while not grading.done:
        grading.step(1.0)
        if grading.waiting and grading.ask is not None:
            for fed in answer_ask(grading.ask, assignment, code, name):
                grading.feed(fed)
    if grading.result is None:  # pragma: no cover - a job that is done has its result
        raise RuntimeError("grading ended without a result")
    return grading.result


__all__ = ["answer_ask", "grade_locally"]
