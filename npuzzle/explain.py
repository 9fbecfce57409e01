"""Why h says what it says: a heuristic's value taken apart, ready to draw on the board.

``breakdown(board, goal, heuristic)`` evaluates the heuristic exactly as the searches do
(``compile_heuristic(...).evaluate`` on the relabelled cells) and returns, as JSON-ready
data, what each tile, line or pattern contributes. Every breakdown has::

    {"heuristic": "linear-conflict", "label": "Linear conflict", "rows": 3, "cols": 3,
     "h": 8, "parts": [...], "terms": [...]}

* ``parts``: the few summands of ``h``, each ``{"name", "label", "value"}`` with integer
  values; ``sum(part["value"] for part in parts) == h`` always.
* ``terms``: what the parts are made of, each naming its part in ``"part"``; a part's
  value is the sum of its terms' values (Euclidean distance rounds that sum up).

Tiles are the board's own numbers, cells are row-major indices (0 at the top left).
Terms by heuristic:

``hamming``
    part ``misplaced``; one ``tile`` term per tile: ``{"kind": "tile", "part",
    "tile", "cell", "goal_cell", "value"}``, value 1 if the tile is off its goal cell, else 0.
``manhattan``
    part ``manhattan``; one ``tile`` term per tile, value its rows plus columns to go.
``euclidean``
    part ``distance`` (with ``"exact"``, the unrounded sum); one ``tile`` term per tile,
    value its straight-line distance (a float) and ``"squared"`` its square (an int):
    the part's value is the terms' sum rounded up.
``linear-conflict``
    parts ``manhattan`` (its ``tile`` terms) and ``conflicts``: for each row and column,
    the tiles that stand in it and belong in it must, all but a longest run in goal
    order, step out and back: one ``conflict`` term per such tile, ``{"kind":
    "conflict", "part", "tile", "line": "row" | "column", "index", "with": [tiles it
    stands in reverse order with, in that line], "value": 2}``. Which longest run is
    kept is a choice (the heuristic only counts); the count is the heuristic's. A tile
    on its goal cell can leave its row and its column: two terms.
``walking-distance``
    parts ``vertical`` and ``horizontal``, one ``walking`` term each: ``{"kind":
    "walking", "part", "line": "row" | "column", "counts": counts[line][goal_line] (how
    many tiles in each row that belong in each row; columns for the horizontal part),
    "blank_line", "manhattan" (the tiles' row, or column, distances: a lower bound of
    the value), "value"}``.
``pdb``
    part ``patterns``, and on 5x5, whose tables hold moves beyond Manhattan, first part
    ``manhattan`` with its ``tile`` terms. One ``pattern`` term per group of the chosen
    candidate: ``{"kind": "pattern", "part", "group", "tiles", "cells", "goal_cells",
    "table" (the raw table entry), "value" (as the heuristic adds it: the entry, or twice
    it on 5x5)}``, with ``"manhattan"`` (the group's Manhattan distance) on 5x5. The
    heuristic is the largest of several additive sums (a partition read directly and
    through a reflection): ``"candidates"`` lists each, ``{"name", "value", "groups":
    [pattern terms]}``, and ``"chosen"`` the index of the one giving ``h`` (the first
    largest).

A heuristic whose registry entry has no explainer (``HeuristicInfo.explain``; the
explainers are in ``explainers.py``) gets one part, ``total``, and no terms.

>>> from npuzzle.board import Board
>>> b = breakdown(Board.from_string("3 2 1 / 4 5 6 / 7 8 0"), Board.goal(3), "linear-conflict")
>>> b["h"], [(p["name"], p["value"]) for p in b["parts"]]
(8, [('manhattan', 4), ('conflicts', 4)])
"""

from __future__ import annotations

from typing import Any

from .board import Board, relabel
from .explainers import Case, Explained, Json
from .heuristics import (
    HEURISTICS,
    HeuristicInfo,
    NotApplicable,
    compile_heuristic,
    heuristic_loading,
    table_needs,
)
from .tables import needs_sentence


class ExplainError(ValueError):
    """A breakdown that cannot be given; ``field`` names what is at fault (``heuristic``,
    ``goal`` or ``tables``), ``details`` hold data for the caller (``need``: the table files
    to fetch). The web API answers it as a refused request with that field."""

    def __init__(self, field: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.details = details


def _usable(name: str, board: Board, goal: Board, load: bool) -> HeuristicInfo:
    """The registry entry, once it is sure to apply here with its tables at hand."""
    info = HEURISTICS.get(name)
    if info is None:
        raise ExplainError("heuristic", f"unknown heuristic {name!r}: choose one of {', '.join(HEURISTICS)}")
    if (board.rows, board.cols) != (goal.rows, goal.cols):
        raise ExplainError("goal", f"the board is {board.shape} but the goal is {goal.shape}")
    rows, cols, blank_goal = board.rows, board.cols, goal.blank
    try:
        info.require(rows, cols, blank_goal)
    except NotApplicable as exc:
        raise ExplainError("heuristic", str(exc)) from None
    need = table_needs([info], rows, cols, blank_goal)
    if need:
        raise ExplainError("tables", needs_sentence(f"the {name} heuristic", need), need=need)
    if not load and heuristic_loading(name, rows, cols, blank_goal) is not None:
        stage = info.tables.stage if info.tables else "Preparing the heuristic"
        raise ExplainError("tables", f"the {name} heuristic's tables are not loaded yet", stage=stage)
    return info


def breakdown(board: Board, goal: Board, heuristic: str | HeuristicInfo, *, load: bool = True) -> Json:
    """What each tile, line or pattern contributes to ``heuristic``'s value for ``board``
    against ``goal``; the parts sum to that value (see the module's docstring for the shape).
    ``heuristic`` is a registry name, or an entry of its own (a person's heuristic,
    custom/entry.py, made for this goal): its value is one part.

    ExplainError (a ValueError) with ``field`` ``heuristic`` when the name is unknown or
    the heuristic does not apply to the board's shape or goal, ``goal`` when the shapes
    differ, and ``tables`` with ``details["need"]`` when table files are missing (as
    the solver reports them). Tables present but not yet loaded are loaded here, as
    ``compile_heuristic`` does; with ``load=False`` that is an ExplainError ``tables``
    instead (``details["stage"]``), so a caller can load them a step at a time first
    (``heuristics.heuristic_loading``).

    >>> from npuzzle.board import Board
    >>> b = breakdown(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), Board.goal(3), "manhattan")
    >>> b["h"], [(t["tile"], t["value"]) for t in b["terms"] if t["value"]]
    (2, [(7, 1), (8, 1)])
    """
    if isinstance(heuristic, HeuristicInfo):
        info, name = heuristic, heuristic.name
        compiled = info.compile(board.rows, board.cols, goal.blank)
    else:
        info, name = _usable(heuristic, board, goal, load), heuristic
        compiled = compile_heuristic(name, board.rows, board.cols, goal.blank)
    cells = relabel(board, goal)  # as heuristics.estimate and the searches see the board
    h = compiled.evaluate(cells)
    explained: Explained = ([{"name": "total", "label": info.label, "value": h}], [], {})  # no explainer
    if info.explain is not None:
        explained = info.explain(Case(board, goal, cells, compiled.patterns or ()))
    parts, terms, extra = explained
    if sum(part["value"] for part in parts) != h:  # pragma: no cover - a bug here, not bad input
        raise RuntimeError(f"the {name} breakdown sums to {sum(p['value'] for p in parts)}, not {h}")
    return {"heuristic": name, "label": info.label, "rows": board.rows, "cols": board.cols, "h": h,
            "parts": parts, "terms": terms, **extra}
