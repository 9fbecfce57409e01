"""Each heuristic's value taken apart: one explainer per heuristic, named by its registry
entry (``HeuristicInfo.explain`` in heuristics.py), so that "why h" asks the registry, not
the name.

An explainer takes a ``Case`` (the board, its goal, the relabelled cells the heuristic
reads, and its pattern lookups) and gives the parts that add up to h, their terms and any
other keys; ``npuzzle/explain.py``'s ``breakdown`` checks the sum and documents the shapes.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .board import Board
from .pattern_db import PatternLookup
from .walking_distance import _Axis, _axis_table

Json = dict[str, Any]


@dataclass(frozen=True)
class Case:
    """One board against one goal, as the heuristic sees them."""

    board: Board
    goal: Board
    cells: tuple[int, ...]
    """Relabelled: ``cells[pos]`` is 0 for the blank, else ``L``, the tile whose goal cell is ``L - 1``."""
    patterns: tuple[PatternLookup, ...] = ()
    """The pattern-database lookups the compiled heuristic reads (none for the others)."""

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
Explainer = Callable[[Case], Explained]
"""A heuristic's explainer: its registry entry's ``explain``."""


def _part(name: str, label: str, terms: Sequence[Json]) -> Json:
    """A part whose value is its terms' sum."""
    return {"name": name, "label": label, "value": sum(t["value"] for t in terms)}


def _tile_terms(case: Case, part: str, cost: Callable[[int, int], int]) -> list[Json]:
    return [
        {"kind": "tile", "part": part, "tile": tile, "cell": cell, "goal_cell": goal_cell,
         "value": cost(*case.distance(cell, goal_cell))}
        for tile, cell, goal_cell in case.tiles()
    ]


def _manhattan_terms(case: Case) -> list[Json]:
    return _tile_terms(case, "manhattan", lambda dr, dc: dr + dc)


def explain_manhattan(case: Case) -> Explained:
    """The manhattan heuristic's parts and terms (see npuzzle/explain.py)."""
    terms = _manhattan_terms(case)
    return [_part("manhattan", "Manhattan distance", terms)], terms, {}


def explain_hamming(case: Case) -> Explained:
    """The hamming heuristic's parts and terms (see npuzzle/explain.py)."""
    terms = _tile_terms(case, "misplaced", lambda dr, dc: int(dr + dc > 0))
    return [_part("misplaced", "Misplaced tiles", terms)], terms, {}


def explain_euclidean(case: Case) -> Explained:
    """The euclidean heuristic's parts and terms (see npuzzle/explain.py)."""
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


def _line_conflicts(case: Case, line: str, index: int, positions: Sequence[int]) -> list[Json]:
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


def explain_linear_conflict(case: Case) -> Explained:
    """The linear conflict heuristic's parts and terms (see npuzzle/explain.py)."""
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


def _walking_term(case: Case, vertical: bool) -> Json:
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


def explain_walking_distance(case: Case) -> Explained:
    """The walking distance heuristic's parts and terms (see npuzzle/explain.py)."""
    vertical, horizontal = _walking_term(case, True), _walking_term(case, False)
    parts = [
        _part("vertical", "Vertical walking distance (tiles told apart by goal row)", [vertical]),
        _part("horizontal", "Horizontal walking distance (tiles told apart by goal column)", [horizontal]),
    ]
    return parts, [vertical, horizontal], {}


# -- pattern databases -------------------------------------------------------------


def _pattern_terms(case: Case, lookup: PatternLookup) -> list[Json]:
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


def explain_pdb(case: Case) -> Explained:
    """The pdb heuristic's parts and terms (see npuzzle/explain.py)."""
    lookups = case.patterns
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
