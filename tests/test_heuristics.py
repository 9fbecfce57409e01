"""Heuristics: admissible on every 3x3 state, consistent, correct on 4x4 states of known distance.

The pattern databases' own tests (tables, lookups, symmetries, loading) are in test_pattern_db.py.
"""

from __future__ import annotations

import random
import re
from typing import Iterator
from pathlib import Path

import pytest

import npuzzle
from npuzzle import HEURISTICS, Board, Limits, solve, tables
from npuzzle.request import RequestError, refuse_missing
from npuzzle.board import relabel
from npuzzle.heuristics import (
    compile_heuristic,
    estimate,
    heuristic_available,
    line_conflicts,
    linear_conflict,
    manhattan,
    table_needs,
)
from npuzzle.known import blank_first_to_blank_last, eight_puzzle_distances, korf100
from npuzzle.random_boards import random_board
from npuzzle.tables import DATA_DIR

from .helpers import check_solution, eight_puzzle_states

ALL = list(HEURISTICS)
KNOWN_PATHS = (79, 12, 42, 55, 97)  # Korf's instances whose every solution state is used


@pytest.mark.thorough
@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_admissible_on_every_8_puzzle_state(name: str, goal_name: str) -> None:
    goal = Board.goal(3, 3, goal_name)
    evaluate = compile_heuristic(name, 3, 3, goal.blank).evaluate
    distances = eight_puzzle_distances(goal_name)
    label = {tile: pos + 1 for pos, tile in enumerate(goal.tiles)}
    label[0] = 0
    over = [s for s, d in distances.items() if evaluate([label[t] for t in s]) > d]
    assert over == []
    assert evaluate([label[t] for t in goal.tiles]) == 0


@pytest.mark.parametrize("name", ALL)
def test_consistency_is_as_declared(name: str) -> None:
    """Declared consistent: no move changes it by more than one, on 3,000 states.
    Declared inconsistent: a move that changes it by more than one exists."""
    goal = Board.goal(3)
    rng = random.Random(name)
    states = rng.sample(eight_puzzle_states("blank-last"), 3000)
    jumps = 0
    for tiles in states:
        board = Board(3, 3, tiles)
        h = estimate(name, board, goal)
        for tile, _ in board.movable():
            jumps += abs(estimate(name, board.slide(tile), goal) - h) > 1
    assert (jumps == 0) == HEURISTICS[name].consistent


def test_stronger_heuristics_are_stronger_on_average() -> None:
    goal = Board.goal(3)
    states = random.Random(3).sample(eight_puzzle_states("blank-last"), 2000)
    mean = {
        name: sum(estimate(name, Board(3, 3, s), goal) for s in states) / len(states) for name in ALL
    }
    assert mean["hamming"] < mean["euclidean"] <= mean["manhattan"] < mean["linear-conflict"]
    assert mean["manhattan"] < mean["walking-distance"]
    assert mean["linear-conflict"] < mean["pdb"]


def test_linear_conflict_uses_the_least_tiles_rule() -> None:
    # Row 3 2 1: three conflicting pairs, but only two tiles must leave the row: +4, not +6.
    assert line_conflicts([2, 1, 0]) == 2
    assert line_conflicts([0, 1, 2]) == 0
    assert line_conflicts([1, 0, 3, 2]) == 2
    assert line_conflicts([3, 0, 1, 2]) == 1
    board = Board.from_string("3 2 1 / 4 5 6 / 7 8 0")
    assert manhattan(board, Board.goal(3)) == 4
    assert linear_conflict(board, Board.goal(3)) == 8
    # Conflicts in a column count too, and only tiles in their goal line take part.
    column = Board.from_string("7 2 3 / 4 5 6 / 1 8 0")
    assert linear_conflict(column, Board.goal(3)) == manhattan(column, Board.goal(3)) + 4
    one_pair = Board.from_string("4 2 3 / 1 5 6 / 7 8 0")
    assert linear_conflict(one_pair, Board.goal(3)) == manhattan(one_pair, Board.goal(3)) + 2


def test_every_heuristic_ignores_the_blank() -> None:
    # Only the blank is off its goal cell: every estimate must be 0 for the goal itself,
    # and moving the blank alone is impossible, so check a one-move board instead.
    goal = Board.goal(4)
    one_move = Board.from_string("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")
    checked = []
    for name in ALL:
        if heuristic_available(name, 4, 4, goal.blank):
            assert estimate(name, goal, goal) == 0
            assert estimate(name, one_move, goal) == 1
            checked.append(name)
    assert checked == ALL  # every heuristic serves the 4x4 blank-last goal


def known_4x4_states() -> list[tuple[Board, Board, int]]:
    """States with exactly known distances: Korf's starts, and every state on an
    optimal solution of the easiest ones (a state i moves along a solution of the
    published optimal length L is exactly L - i from the goal)."""
    goal = Board.goal(4, 4, "blank-first")
    cases = []
    for ident, length, tiles in korf100():
        start = Board(4, 4, tuple(tiles))
        cases.append((start, goal, length))
        cases.append((Board(4, 4, tuple(blank_first_to_blank_last(tiles, 4))), Board.goal(4), length))
        if ident in KNOWN_PATHS:
            result = solve(start, goal, "idastar", "pdb", limits=Limits(max_nodes=10**7))
            assert result.length == length
            for i, board in enumerate(check_solution(start, goal, result)[1:], start=1):
                cases.append((board, goal, length - i))
    return cases


def test_admissible_on_4x4_states_of_known_distance() -> None:
    cases = known_4x4_states()
    assert len(cases) > 400
    lengths = {ident: length for ident, length, _ in korf100()}
    assert len(cases) == 2 * len(lengths) + sum(lengths[ident] for ident in KNOWN_PATHS)
    checked = 0
    for name in ALL:
        for board, goal, distance in cases:
            if heuristic_available(name, 4, 4, goal.blank):
                assert estimate(name, board, goal) <= distance, (name, board.tiles)
                checked += 1
    assert checked == len(ALL) * len(cases)  # both corner goals are served by every heuristic


def test_heuristic_registry_describes_itself() -> None:
    labels = [info.label for info in HEURISTICS.values()]
    assert len(set(labels)) == len(labels)  # the page's menu tells them apart
    for name, info in HEURISTICS.items():
        data = info.to_dict()
        assert data["admissible"] is True
        assert data["label"] and data["description"] and data["sizes"]
        assert data == {
            "name": name, "label": info.label, "admissible": info.admissible,
            "consistent": info.consistent, "description": info.description, "sizes": info.sizes,
            "uses_tables": info.tables is not None,
        }
        # "sizes" says in words what ``suits`` answers: every shape it names is served.
        if info.applies is None:
            assert info.sizes == "any board" and info.suits(2, 2) and info.suits(16, 16)
            continue
        assert not info.suits(16, 16), name
        named = [(int(r), int(c)) for r, c in re.findall(r"(\d+)x(\d+)", info.sizes)]
        assert named and all(info.suits(r, c) for r, c in named), (name, info.sizes)
        cells = re.search(r"up to (\d+) cells", info.sizes)
        if cells:
            small = [(r, c) for r in range(2, 9) for c in range(2, 9) if r * c <= int(cells.group(1))]
            assert all(info.suits(r, c) for r, c in small), (name, info.sizes)
    assert Path(DATA_DIR).is_dir()
    assert DATA_DIR == Path(npuzzle.__file__).resolve().parent / "data"
    # Every table file a heuristic declares for a shape and goal it serves is shipped.
    declared = {
        file
        for info in HEURISTICS.values() if info.tables is not None
        for rows in range(2, 9) for cols in range(2, 9) for blank in range(rows * cols)
        if info.applies_to(rows, cols, blank)
        for file in info.tables.files(rows, cols, blank)
    }
    assert declared == {path.name for path in DATA_DIR.glob("*.bin")} == {"pdb-4x4-663x2.bin", "pdb-5x5-55554x2.bin"}


def random_walk(cells: list[int], rows: int, cols: int, rng: random.Random, moves: int) -> Iterator[tuple[int, int, int]]:
    """Slide a random tile into the blank of ``cells`` (changed in place) ``moves`` times;
    yields (tile, where it was, where it went) after each slide."""
    for _ in range(moves):
        blank = cells.index(0)
        r, c = divmod(blank, cols)
        frm = rng.choice([p for p, ok in ((blank - cols, r > 0), (blank + cols, r < rows - 1),
                                          (blank - 1, c > 0), (blank + 1, c < cols - 1)) if ok])
        tile = cells[frm]
        cells[blank], cells[frm] = tile, 0
        yield tile, frm, blank


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 4), (2, 4), (5, 5)])
def test_values_along_a_walk_equal_full_evaluation(rows: int, cols: int) -> None:
    """``values_along`` (the one owner of h move by move: ``after_move`` for each move) is
    ``evaluate`` of every state along random walks, for every heuristic, both goals."""
    for goal_name in ("blank-last", "blank-first"):
        goal = Board.goal(rows, cols, goal_name)
        for name in HEURISTICS:
            if not heuristic_available(name, rows, cols, goal.blank):
                continue
            compiled = compile_heuristic(name, rows, cols, goal.blank)
            rng = random.Random(f"{name}{rows}{cols}{goal_name}")
            start = list(relabel(random_board(rows, cols, goal, rng.random()), goal))
            cells, labels, states = list(start), [], [tuple(start)]
            for tile, _, _ in random_walk(cells, rows, cols, rng, 150):
                labels.append(tile)
                states.append(tuple(cells))
            assert compiled.values_along(start, labels) == [compiled.evaluate(s) for s in states], (name, goal_name)
            assert compiled.values_along(tuple(start), []) == [compiled.evaluate(start)]


@pytest.mark.thorough
@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 4), (3, 5), (5, 5)])
def test_incremental_updates_equal_full_evaluation(rows: int, cols: int) -> None:
    """Along random walks, every heuristic with an ``update`` agrees with ``evaluate``; so do
    the per-tile sums updated by the tile that moved and the pattern databases' indices
    updated by one addition (what the searches do instead of calling ``evaluate``)."""
    checked = set()
    for goal_name in ("blank-last", "blank-first"):
        goal = Board.goal(rows, cols, goal_name)
        for name in HEURISTICS:
            if not heuristic_available(name, rows, cols, goal.blank):
                continue
            compiled = compile_heuristic(name, rows, cols, goal.blank)
            if compiled.update is None and compiled.tile_table is None and compiled.patterns is None:
                continue
            checked.add(name)
            rng = random.Random(f"{name}{rows}{cols}{goal_name}")
            cells = list(relabel(random_board(rows, cols, goal, rng.random()), goal))
            h = h_tiles = compiled.evaluate(cells)
            indices = [lookup.indices(cells) for lookup in compiled.patterns or ()]
            for tile, frm, blank in random_walk(cells, rows, cols, rng, 400):
                if compiled.update is not None:
                    h = compiled.update(cells, h, tile, frm, blank)
                    assert h == compiled.evaluate(cells)
                if compiled.tile_table is not None:
                    h_tiles += compiled.tile_table[tile][blank] - compiled.tile_table[tile][frm]
                    assert h_tiles == compiled.evaluate(cells)
                for lookup, index in zip(compiled.patterns or (), indices):
                    g = lookup.group[tile]
                    if g >= 0:
                        index[g] += lookup.contrib[tile][blank] - lookup.contrib[tile][frm]
                    assert index == lookup.indices(cells)
                if compiled.patterns is not None:
                    summed = [sum(t[i] for t, i in zip(lookup.tables, index))
                              for lookup, index in zip(compiled.patterns, indices)]
                    base = compiled.patterns[0].manhattan
                    if base is None:
                        assert max(summed) == compiled.evaluate(cells)
                    else:  # tables of halved excesses over Manhattan (5x5)
                        manhattan = sum(base[label][pos] for pos, label in enumerate(cells))
                        assert manhattan + 2 * max(summed) == compiled.evaluate(cells)
    assert {"hamming", "manhattan", "linear-conflict"} <= checked
    assert ("pdb" in checked) == (rows * cols <= 9 or (rows, cols) in ((4, 4), (5, 5)))


def test_table_needs_is_every_heuristics_missing_files_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The one answer to which table files work needs: checked against the files by name (the
    shipped 4x4 and 5x5 tables, and a 3x3's built on demand), with none on disk and then all."""
    assert table_needs(HEURISTICS, 4, 4, 15) == [] and table_needs(HEURISTICS, 5, 5, 24) == []  # shipped
    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)
    assert table_needs(["pdb"], 4, 4, 15) == ["pdb-4x4-663x2.bin"]
    assert table_needs([HEURISTICS["pdb"], "pdb", None, "manhattan"], 4, 4, 0) == ["pdb-4x4-663x2.bin"]
    assert table_needs(HEURISTICS, 5, 5, 24) == ["pdb-5x5-55554x2.bin"]
    assert table_needs(HEURISTICS, 3, 3, 8) == [] and table_needs([None], 4, 4, 15) == []
    assert table_needs(["pdb"], 4, 4, 5) == []  # a goal the tables do not serve: pdb does not apply
    with pytest.raises(RequestError) as refused:
        refuse_missing(table_needs(["pdb"], 4, 4, 15), "the pdb heuristic")
    assert (refused.value.field, refused.value.details, refused.value.message) == (
        "tables", {"need": ["pdb-4x4-663x2.bin"]}, "the pdb heuristic needs pdb-4x4-663x2.bin")
    refuse_missing([], "the pdb heuristic")  # nothing missing: no refusal
