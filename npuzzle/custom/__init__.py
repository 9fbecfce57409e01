"""A person's own heuristic, written in Python: loaded, checked against exact distances,
and used by the package's searches like a built-in one.

* ``heuristic.py``: the interface (``h(tiles, goal, rows, cols) -> int``), loading a
  file's text, and the one error type ``UserCodeError``;
* ``template.py``: the starting template (the Manhattan distance, written plainly);
* ``check.py``: the check against exact distances (``HeuristicCheck``, ``check_heuristic``),
  and its two halves for a check judged outside the code it checks (``HeuristicValues``:
  h's answers on ``check_boards``; ``judge_check``: the verdict from them);
* ``entry.py``: the heuristic as the searches take one (``heuristic_entry``);
* ``search.py``: a person's own search against a small problem interface (``Problem``),
  its answer replayed move by move (``run_search``, ``SEARCH_TEMPLATE``);
* ``deadline.py``: a hard time limit on code that never returns (CPython's main thread).
"""

from .check import (
    CheckProgress,
    CheckResult,
    HeuristicCheck,
    HeuristicValues,
    InconsistentEdge,
    Overestimate,
    check_boards,
    check_heuristic,
    judge_check,
)
from .entry import heuristic_entry
from .heuristic import (
    DEFAULT_FILENAME,
    HeuristicFunction,
    HeuristicTimeout,
    UserCodeError,
    UserHeuristic,
    board_text,
    load_heuristic,
    load_heuristic_file,
)
from .search import (
    SEARCH_TEMPLATE,
    SEARCH_TEMPLATE_FILENAME,
    IllegalMove,
    Problem,
    SearchRun,
    UserSearch,
    load_search,
    run_search,
)
from .template import TEMPLATE, TEMPLATE_FILENAME

__all__ = [
    "DEFAULT_FILENAME",
    "CheckProgress",
    "CheckResult",
    "HeuristicCheck",
    "HeuristicValues",
    "InconsistentEdge",
    "Overestimate",
    "check_boards",
    "check_heuristic",
    "judge_check",
    "heuristic_entry",
    "HeuristicFunction",
    "HeuristicTimeout",
    "IllegalMove",
    "Problem",
    "SEARCH_TEMPLATE",
    "SEARCH_TEMPLATE_FILENAME",
    "SearchRun",
    "UserSearch",
    "load_search",
    "run_search",
    "TEMPLATE",
    "TEMPLATE_FILENAME",
    "UserCodeError",
    "UserHeuristic",
    "board_text",
    "load_heuristic",
    "load_heuristic_file",
]
