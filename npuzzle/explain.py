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

A heuristic added to the registry without an explainer here gets one part, ``total``,
and no terms.

>>> from npuzzle.board import Board
>>> b = breakdown(Board.from_string("3 2 1 / 4 5 6 / 7 8 0"), Board.goal(3), "linear-conflict")
>>> b["h"], [(p["name"], p["value"]) for p in b["parts"]]
(8, [('manhattan', 4), ('conflicts', 4)])
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .board import Board, relabel
from .heuristics import (
    HEURISTICS,
    Compiled,
    HeuristicInfo,
    compile_heuristic,
    heuristic_loading,
)
from .pattern_db import PatternLookup
from .request import RequestError
from .walking_distance import _Axis, _axis_table

Json = dict[str, Any]


class ExplainError(RequestError):
    """A breakdown that cannot be given: a request refused (``RequestError``) whose ``field``
    names what is at fault (``heuristic``, ``goal`` or ``tables``), ``details`` holding data
    for the caller (``need``: the table files to fetch)."""


@dataclass(frozen=True)
class _Case:
    """One board against one goal, with the heuristic compiled for them."""

    board: Board
    goal: Board
    cells: tuple[int, ...]
    """Relabelled: ``cells[pos]`` is 0 for the blank, else ``L``, the tile whose goal cell is ``L - 1``."""
    compiled: Compiled
    info: HeuristicInfo

    @property
    def cols(self) -> int:
        """The board's width."""
        return self.board.cols

    def tiles(self) -> list[tuple[int, int, int]]:
        """``(tile, cell, goal_cell)`` for every tile (not the blank), in cell order."""
        return [(self.board.tiles[pos], pos, label - 1) for pos, label in enumerate(self.cells) if label]

    def distance(self, cell: int, goal_cell: int) -> tuple[int, int]:
        """Rows and columns between two cells."""
        return abs(cell // self.cols - goal_cell // self.cols), abs(cell % self.cols - goal_cell % self.cols)

    def tile_of(self, label: int) -> int:
        """The board's number for a label."""
        return self.goal.tiles[label - 1]


Explained = tuple[list[Json], list[Json], Json]
"""Parts, terms, and any other keys of the breakdown."""


def _part(name: str, label: str, terms: Sequence[Json]) -> Json:
    """A part whose value is its terms' sum."""
    return {"name": name, "label": label, "value": sum(t["value"] for t in terms)}


def _tile_terms(case: _Case, part: str, cost: Callable[[int, int], int]) -> list[Json]:
    return [
        {"kind": "tile", "part": part, "tile": tile, "cell": cell, "goal_cell": goal_cell,
         "value": cost(*case.distance(cell, goal_cell))}
        for tile, cell, goal_cell in case.tiles()
    ]


def _manhattan_terms(case: _Case) -> list[Json]:
    return _tile_terms(case, "manhattan", lambda dr, dc: dr + dc)


def _explain_manhattan(case: _Case) -> Explained:
    terms = _manhattan_terms(case)
    return [_part("manhattan", "Manhattan distance", terms)], terms, {}


def _explain_hamming(case: _Case) -> Explained:
    terms = _tile_terms(case, "misplaced", lambda dr, dc: int(dr + dc > 0))
    return [_part("misplaced", "Misplaced tiles", terms)], terms, {}


def _explain_euclidean(case: _Case) -> Explained:
    terms: list[Json] = []
    for tile, cell, goal_cell in case.tiles():
        dr, dc = case.distance(cell, goal_cell)
        terms.append({"kind": "tile", "part": "distance", "tile": tile, "cell": cell, "goal_cell": goal_cell,
                      "value": math.hypot(dr, dc), "squared": dr * dr + dc * dc})
    exact = sum(t["value"] for t in terms)  # in cell order, as the heuristic adds them
    part: Json = {"name": "distance", "label": "Straight-line distances, rounded up",
            "value": math.ceil(exact - 1e-9), "exact": exact}
    return [part], terms, {}


# -- linear conflict ---------------------------------------------------------------


def _longest_run(seq: Sequence[int]) -> set[int]:
    """Indices of one longest strictly increasing subsequence of ``seq`` (patience sorting,
    as ``heuristics.line_conflicts`` counts it, keeping each pile's predecessor)."""
    tails: list[int] = []
    before = [-1] * len(seq)
    for i, x in enumerate(seq):
        at = bisect_left(tails, x, key=lambda j: seq[j])
        before[i] = tails[at - 1] if at else -1
        if at == len(tails):
            tails.append(i)
        else:
            tails[at] = i
    kept = set()
    i = tails[-1] if tails else -1
    while i >= 0:
        kept.add(i)
        i = before[i]
    return kept


def _line_conflicts(case: _Case, line: str, index: int, positions: Sequence[int]) -> list[Json]:
    """Conflict terms of one row or column: its tiles that belong in it, less a longest
    run in goal order, each with the tiles it stands reversed with."""
    cols = case.cols
    in_line = []  # (label, goal place along the line), in line order
    for pos in positions:
        label = case.cells[pos]
        if not label:
            continue
        goal_row, goal_col = divmod(label - 1, cols)
        if (goal_row if line == "row" else goal_col) == index:
            in_line.append((label, goal_col if line == "row" else goal_row))
    if len(in_line) < 2:
        return []
    places = [place for _, place in in_line]
    kept = _longest_run(places)
    terms = []
    for i, (label, place) in enumerate(in_line):
        if i in kept:
            continue
        reversed_with = [
            case.tile_of(other) for j, (other, other_place) in enumerate(in_line)
            if (j < i and other_place > place) or (j > i and other_place < place)
        ]
        terms.append({"kind": "conflict", "part": "conflicts", "tile": case.tile_of(label), "line": line,
                      "index": index, "with": reversed_with, "value": 2})
    return terms


def _explain_linear_conflict(case: _Case) -> Explained:
    rows, cols = case.board.rows, case.cols
    size = rows * cols
    manhattan = _manhattan_terms(case)
    conflicts = []
    for r in range(rows):
        conflicts += _line_conflicts(case, "row", r, range(r * cols, (r + 1) * cols))
    for c in range(cols):
        conflicts += _line_conflicts(case, "column", c, range(c, size, cols))
    parts = [
        _part("manhattan", "Manhattan distance", manhattan),
        _part("conflicts", "Linear conflicts: 2 per tile that must leave its line", conflicts),
    ]
    return parts, manhattan + conflicts, {}


# -- walking distance --------------------------------------------------------------


def _walking_term(case: _Case, vertical: bool) -> Json:
    """One axis of walking distance, read from the same table the heuristic reads."""
    rows, cols = case.board.rows, case.cols
    lines, per_line = (rows, cols) if vertical else (cols, rows)
    blank_goal = case.goal.blank
    table = _axis_table(lines, per_line, blank_goal // cols if vertical else blank_goal % cols)
    axis = _Axis(lines, per_line)
    counts = [[0] * lines for _ in range(lines)]
    key = manhattan = blank_line = 0
    for pos, label in enumerate(case.cells):
        line = pos // cols if vertical else pos % cols
        if not label:
            blank_line = line
            continue
        goal_line = (label - 1) // cols if vertical else (label - 1) % cols
        counts[line][goal_line] += 1
        key += axis.tile_part(line, goal_line)
        manhattan += abs(line - goal_line)
    key += axis.blank_part(blank_line)
    return {"kind": "walking", "part": "vertical" if vertical else "horizontal",
            "line": "row" if vertical else "column", "counts": counts, "blank_line": blank_line,
            "manhattan": manhattan, "value": table[key]}


def _explain_walking_distance(case: _Case) -> Explained:
    vertical, horizontal = _walking_term(case, True), _walking_term(case, False)
    parts = [
        _part("vertical", "Vertical walking distance (tiles told apart by goal row)", [vertical]),
        _part("horizontal", "Horizontal walking distance (tiles told apart by goal column)", [horizontal]),
    ]
    return parts, [vertical, horizontal], {}


# -- pattern databases -------------------------------------------------------------


def _pattern_terms(case: _Case, lookup: PatternLookup) -> list[Json]:
    """One term per group of ``lookup``: its tiles and the value the heuristic adds for it."""
    index = lookup.indices(case.cells)
    scale = 1 if lookup.manhattan is None else 2  # excess tables hold halved excesses
    where = {label: pos for pos, label in enumerate(case.cells)}
    terms = []
    for g, table in enumerate(lookup.tables):
        labels = [label for label, group in enumerate(lookup.group) if group == g]
        term: Json = {
            "kind": "pattern", "part": "patterns", "group": g,
            "tiles": [case.tile_of(label) for label in labels],
            "cells": [where[label] for label in labels],
            "goal_cells": [label - 1 for label in labels],
            "table": table[index[g]], "value": scale * table[index[g]],
        }
        if lookup.manhattan is not None:
            term["manhattan"] = sum(lookup.manhattan[label][where[label]] for label in labels)
        terms.append(term)
    return terms


def _explain_pdb(case: _Case) -> Explained:
    lookups = case.compiled.patterns or ()
    over_manhattan = any(lookup.manhattan is not None for lookup in lookups)
    manhattan = _manhattan_terms(case) if over_manhattan else []
    base = sum(t["value"] for t in manhattan)
    candidates = []
    for lookup in lookups:
        groups = _pattern_terms(case, lookup)
        candidates.append({"name": lookup.name, "value": base + sum(t["value"] for t in groups), "groups": groups})
    chosen = max(range(len(candidates)), key=lambda i: candidates[i]["value"])
    terms = [dict(t) for t in candidates[chosen]["groups"]]
    parts = []
    if over_manhattan:
        parts.append(_part("manhattan", "Manhattan distance", manhattan))
        label = f"Pattern databases ({lookups[chosen].name}): moves beyond Manhattan"
    else:
        label = f"Pattern databases ({lookups[chosen].name})"
    parts.append(_part("patterns", label, terms))
    return parts, manhattan + terms, {"candidates": candidates, "chosen": chosen}


def _explain_opaque(case: _Case) -> Explained:
    """A heuristic this module does not know: its value as one part."""
    value = case.compiled.evaluate(case.cells)
    return [{"name": "total", "label": case.info.label, "value": value}], [], {}


_EXPLAINERS: dict[str, Callable[[_Case], Explained]] = {
    "hamming": _explain_hamming,
    "manhattan": _explain_manhattan,
    "euclidean": _explain_euclidean,
    "linear-conflict": _explain_linear_conflict,
    "walking-distance": _explain_walking_distance,
    "pdb": _explain_pdb,
}


# -- the entry point ---------------------------------------------------------------


def _usable(name: str, board: Board, goal: Board, load: bool) -> HeuristicInfo:
    """The registry entry, once it is sure to apply here with its tables at hand."""
    info = HEURISTICS.get(name)
    if info is None:
        raise ExplainError("heuristic", f"unknown heuristic {name!r}: choose one of {', '.join(HEURISTICS)}")
    if (board.rows, board.cols) != (goal.rows, goal.cols):
        raise ExplainError("goal", f"the board is {board.shape} but the goal is {goal.shape}")
    rows, cols, blank_goal = board.rows, board.cols, goal.blank
    if not info.suits(rows, cols):
        raise ExplainError(
            "heuristic", f"the {name} heuristic does not apply to a {board.shape} board: it works on {info.sizes}"
        )
    if not info.applies_to(rows, cols, blank_goal):
        raise ExplainError(
            "heuristic",
            f"the {name} heuristic does not apply to this goal on a {board.shape} board: it works on {info.sizes}",
        )
    need = info.missing_files(rows, cols, blank_goal)
    if need:
        raise ExplainError("tables", f"the {name} heuristic needs {', '.join(need)}", need=need)
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
    parts, terms, extra = _EXPLAINERS.get(name, _explain_opaque)(_Case(board, goal, cells, compiled, info))
    if sum(part["value"] for part in parts) != h:  # pragma: no cover - a bug here, not bad input
        raise RuntimeError(f"the {name} breakdown sums to {sum(p['value'] for p in parts)}, not {h}")
    return {"heuristic": name, "label": info.label, "rows": board.rows, "cols": board.cols, "h": h,
            "parts": parts, "terms": terms, **extra}
