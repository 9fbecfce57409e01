"""Why h says what it says (npuzzle/explain.py): every heuristic's breakdown sums exactly to
the value the searches use, on every shape and goal it applies to, and its terms say true
things about the board (tiles where they stand, conflicts inside their goal line, pattern
groups covering the tiles once, walking distance's two axes each read on its own)."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import npuzzle.pattern_db as pdb
from npuzzle import HEURISTICS, Board
from npuzzle.board import relabel
from npuzzle.explain import ExplainError, breakdown
from npuzzle.heuristics import compile_heuristic, estimate, heuristic_applies, line_conflicts
from npuzzle.random_boards import scramble

Json = dict[str, Any]

# Walking distance's tables for these shapes take 2 to 5 s each to build in CPython: they run
# in the slow test only (the code path is the one every other shape takes).
SLOW_WALKING = {(3, 5), (5, 3), (2, 6), (6, 2)}
SHAPES = [
    (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3), (4, 4),
    (3, 5), (2, 6), (4, 5), (5, 5), (6, 6), (3, 7), (16, 16),
]
GOALS = ["blank-last", "blank-first", "custom-corner", "custom-middle"]


def make_goal(rows: int, cols: int, kind: str, rng: random.Random) -> Board:
    """A standard goal, or random tiles with the blank in the top-right corner or the middle."""
    if kind in ("blank-last", "blank-first"):
        return Board.goal(rows, cols, kind)
    tiles = list(range(1, rows * cols))
    rng.shuffle(tiles)
    blank = cols - 1 if kind == "custom-corner" else (rows // 2) * cols + cols // 2
    tiles.insert(blank, 0)
    return Board(rows, cols, tuple(tiles))


def transpose(board: Board) -> Board:
    """The board reflected about its main diagonal (rows become columns)."""
    tiles = tuple(board.tiles[r * board.cols + c] for c in range(board.cols) for r in range(board.rows))
    return Board(board.cols, board.rows, tiles)


# -- the one check every breakdown goes through -------------------------------------


def check_breakdown(b: Json, board: Board, goal: Board) -> None:
    """``b`` is JSON-ready, sums exactly to the heuristic's own value, and each term is true
    of the board: raises AssertionError otherwise."""
    name = b["heuristic"]
    assert json.loads(json.dumps(b)) == b
    h = estimate(name, board, goal)
    assert h == compile_heuristic(name, board.rows, board.cols, goal.blank).evaluate(relabel(board, goal))
    assert (b["h"], b["rows"], b["cols"], b["label"]) == (h, board.rows, board.cols, HEURISTICS[name].label)
    parts, terms = b["parts"], b["terms"]
    assert all(type(p["value"]) is int for p in parts)
    assert sum(p["value"] for p in parts) == h
    names = [p["name"] for p in parts]
    assert len(set(names)) == len(names)
    assert all(t["part"] in names for t in terms)
    for part in parts:
        own = [t for t in terms if t["part"] == part["name"]]
        if part["name"] == "total":  # a heuristic without an explainer: one opaque part
            assert not own and len(parts) == 1
        elif "exact" in part:  # Euclidean: the distances' sum, rounded up
            assert part["exact"] == pytest.approx(sum(t["value"] for t in own))
            assert part["value"] == math.ceil(part["exact"] - 1e-9)
        else:
            assert part["value"] == sum(t["value"] for t in own)
    for part in {t["part"] for t in terms if t["kind"] == "tile"}:
        tiles = [t["tile"] for t in terms if t["part"] == part]
        assert sorted(tiles) == list(range(1, board.size)), "every tile once"
    for term in terms:
        {"tile": _check_tile, "conflict": _check_conflict, "walking": _check_walking,
         "pattern": _check_pattern}[term["kind"]](term, board, goal)
    _check_conflict_counts(b, board, goal)
    if "candidates" in b:
        _check_candidates(b, board, goal)


def _rc(cell: int, cols: int) -> tuple[int, int]:
    return divmod(cell, cols)


def _check_tile(t: Json, board: Board, goal: Board) -> None:
    assert board.tiles[t["cell"]] == t["tile"] != 0 and goal.tiles[t["goal_cell"]] == t["tile"]
    (r, c), (gr, gc) = _rc(t["cell"], board.cols), _rc(t["goal_cell"], board.cols)
    dr, dc = abs(r - gr), abs(c - gc)
    expected = {"manhattan": dr + dc, "misplaced": int(t["cell"] != t["goal_cell"]), "distance": math.hypot(dr, dc)}
    assert t["value"] == expected[t["part"]]
    if t["part"] == "distance":
        assert t["squared"] == dr * dr + dc * dc


def _line_of(cell: int, line: str, cols: int) -> int:
    return cell // cols if line == "row" else cell % cols


def _place(cell: int, line: str, cols: int) -> int:
    """Where along its line a cell is."""
    return cell % cols if line == "row" else cell // cols


def _check_conflict(t: Json, board: Board, goal: Board) -> None:
    cols, line, index = board.cols, t["line"], t["index"]
    assert line in ("row", "column") and t["value"] == 2 and t["with"]
    tile = t["tile"]
    here, there = board.position_of(tile), goal.position_of(tile)
    assert _line_of(here, line, cols) == index == _line_of(there, line, cols)
    for other in t["with"]:
        o_here, o_there = board.position_of(other), goal.position_of(other)
        assert _line_of(o_here, line, cols) == index == _line_of(o_there, line, cols), "same line, belongs there"
        standing = _place(here, line, cols) < _place(o_here, line, cols)
        belonging = _place(there, line, cols) < _place(o_there, line, cols)
        assert standing != belonging, f"tiles {tile} and {other} stand in goal order"


def _check_conflict_counts(b: Json, board: Board, goal: Board) -> None:
    """Per line, as many conflict terms as ``heuristics.line_conflicts`` counts, and every
    pair standing reversed has a tile that leaves."""
    conflicts = [t for t in b["terms"] if t["kind"] == "conflict"]
    per_line = Counter((t["line"], t["index"]) for t in conflicts)
    assert max(Counter((t["line"], t["tile"]) for t in conflicts).values(), default=1) == 1
    if b["heuristic"] != "linear-conflict":
        assert not conflicts
        return
    cols = board.cols
    for line, count in (("row", board.rows), ("column", cols)):
        for index in range(count):
            cells = [p for p in range(board.size) if _line_of(p, line, cols) == index]
            home = [(board.tiles[p], _place(goal.position_of(board.tiles[p]), line, cols)) for p in cells
                    if board.tiles[p] and _line_of(goal.position_of(board.tiles[p]), line, cols) == index]
            assert per_line[(line, index)] == (line_conflicts([g for _, g in home]) if len(home) > 1 else 0)
            leaving = {t["tile"] for t in conflicts if (t["line"], t["index"]) == (line, index)}
            for i, (a, ga) in enumerate(home):
                for bb, gb in home[i + 1:]:
                    if ga > gb:
                        assert a in leaving or bb in leaving


def _check_walking(t: Json, board: Board, goal: Board) -> None:
    vertical = t["line"] == "row"
    assert t["part"] == ("vertical" if vertical else "horizontal")
    lines, per_line = (board.rows, board.cols) if vertical else (board.cols, board.rows)
    counts = t["counts"]
    line = (lambda p: p // board.cols) if vertical else (lambda p: p % board.cols)
    assert t["blank_line"] == line(board.blank)
    assert [sum(row) for row in counts] == [per_line - (r == line(board.blank)) for r in range(lines)]
    assert [sum(col) for col in zip(*counts)] == [per_line - (g == line(goal.blank)) for g in range(lines)]
    assert t["manhattan"] == sum(abs(r - g) * counts[r][g] for r in range(lines) for g in range(lines))
    assert t["manhattan"] <= t["value"] and (t["value"] - t["manhattan"]) % 2 == 0


def _check_pattern(t: Json, board: Board, goal: Board) -> None:
    assert len(t["tiles"]) == len(t["cells"]) == len(t["goal_cells"]) > 0
    for tile, cell, goal_cell in zip(t["tiles"], t["cells"], t["goal_cells"]):
        assert board.tiles[cell] == tile == goal.tiles[goal_cell] != 0
    manhattan = sum(sum(map(abs, (a - b for a, b in zip(_rc(cell, board.cols), _rc(goal_cell, board.cols)))))
                    for cell, goal_cell in zip(t["cells"], t["goal_cells"]))
    if "manhattan" in t:  # an excess table: the value is moves beyond the group's Manhattan
        assert t["manhattan"] == manhattan and t["value"] == 2 * t["table"]
    else:
        assert t["value"] == t["table"] >= manhattan


def _check_candidates(b: Json, board: Board, goal: Board) -> None:
    candidates, chosen = b["candidates"], b["chosen"]
    assert b["h"] == candidates[chosen]["value"] == max(c["value"] for c in candidates)
    assert [t for t in b["terms"] if t["kind"] == "pattern"] == candidates[chosen]["groups"]
    base = sum(p["value"] for p in b["parts"] if p["name"] == "manhattan")
    for candidate in candidates:
        groups = candidate["groups"]
        assert candidate["value"] == base + sum(g["value"] for g in groups)
        assert sorted(t for g in groups for t in g["tiles"]) == list(range(1, board.size)), "a partition"
        assert [g["group"] for g in groups] == list(range(len(groups)))
        if base or any("manhattan" in g for g in groups):  # excess tables: Manhattan split by group
            assert sum(g["manhattan"] for g in groups) == base
        for group in groups:
            _check_pattern(group, board, goal)


# -- every heuristic, every shape, every goal ---------------------------------------


@pytest.mark.parametrize("goal_kind", GOALS)
@pytest.mark.parametrize("shape", SHAPES, ids=[f"{r}x{c}" for r, c in SHAPES])
def test_every_breakdown_sums_to_the_heuristic(shape: tuple[int, int], goal_kind: str) -> None:
    rows, cols = shape
    rng = random.Random(f"{rows}x{cols} {goal_kind}")
    goal = make_goal(rows, cols, goal_kind, rng)
    count = 3 if rows * cols > 36 else 12
    boards = [goal] + [Board(rows, cols, tuple(rng.sample(goal.tiles, goal.size))) for _ in range(count)]
    boards += [scramble(goal, rng.randrange(1, 30), seed=rng.random()) for _ in range(count // 3)]
    for name in HEURISTICS:
        if not heuristic_applies(name, rows, cols, goal.blank):
            with pytest.raises(ExplainError) as refused:
                breakdown(goal, goal, name)
            assert refused.value.field == "heuristic" and name in str(refused.value)
            continue
        if name == "walking-distance" and shape in SLOW_WALKING:
            continue
        for board in boards:
            b = breakdown(board, goal, name)
            check_breakdown(b, board, goal)
            if board == goal:
                assert b["h"] == 0 and all(p["value"] == 0 for p in b["parts"])


@pytest.mark.slow
@pytest.mark.parametrize("goal_kind", GOALS)
@pytest.mark.parametrize("shape", sorted(SLOW_WALKING))
def test_walking_distance_on_its_largest_shapes(shape: tuple[int, int], goal_kind: str) -> None:
    rows, cols = shape
    rng = random.Random(f"{rows}x{cols} {goal_kind} wd")
    goal = make_goal(rows, cols, goal_kind, rng)
    for _ in range(20):
        board = Board(rows, cols, tuple(rng.sample(goal.tiles, goal.size)))
        check_breakdown(breakdown(board, goal, "walking-distance"), board, goal)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_board_and_goal(data: st.DataObject) -> None:
    rows = data.draw(st.integers(2, 5), label="rows")
    cols = data.draw(st.integers(2, 5), label="cols")
    size = rows * cols
    goal = Board(rows, cols, tuple(data.draw(st.permutations(range(size)), label="goal")))
    board = Board(rows, cols, tuple(data.draw(st.permutations(range(size)), label="board")))
    for name in HEURISTICS:
        if (rows, cols) in SLOW_WALKING and name == "walking-distance":
            continue
        if heuristic_applies(name, rows, cols, goal.blank):
            check_breakdown(breakdown(board, goal, name), board, goal)
        else:
            with pytest.raises(ExplainError):
                breakdown(board, goal, name)


def test_walking_distance_axes_are_each_read_on_their_own() -> None:
    """The heuristic only ever adds the two axes; a board's vertical part is its transpose's
    horizontal part, which tells the two apart."""
    rng = random.Random(7)
    for rows, cols in [(3, 3), (4, 4), (3, 4), (2, 5)]:
        for kind in GOALS:
            goal = make_goal(rows, cols, kind, rng)
            for _ in range(10):
                board = Board(rows, cols, tuple(rng.sample(goal.tiles, goal.size)))
                b = breakdown(board, goal, "walking-distance")
                t = breakdown(transpose(board), transpose(goal), "walking-distance")
                values = {p["name"]: p["value"] for p in b["parts"]}
                flipped = {p["name"]: p["value"] for p in t["parts"]}
                assert (values["vertical"], values["horizontal"]) == (flipped["horizontal"], flipped["vertical"])
                vertical = next(term for term in b["terms"] if term["part"] == "vertical")
                across = next(term for term in t["terms"] if term["part"] == "horizontal")
                assert vertical["counts"] == across["counts"]


# -- boards checked by hand ----------------------------------------------------------


def _explain(text: str, name: str, goal: str = "blank-last") -> Json:
    board = Board.from_string(text)
    target = Board.goal(board.rows, board.cols, goal)
    b = breakdown(board, target, name)
    check_breakdown(b, board, target)
    return b


def _parts(b: Json) -> dict[str, int]:
    return {p["name"]: p["value"] for p in b["parts"]}


def _nonzero(b: Json) -> dict[int, Any]:
    return {t["tile"]: t["value"] for t in b["terms"] if t["kind"] == "tile" and t["value"]}


def test_manhattan_and_misplaced_tiles_by_hand() -> None:
    b = _explain("1 2 3 / 4 5 6 / 0 7 8", "manhattan")
    assert b["h"] == 2 and _nonzero(b) == {7: 1, 8: 1} and _parts(b) == {"manhattan": 2}
    assert [t for t in b["terms"] if t["tile"] == 7] == [
        {"kind": "tile", "part": "manhattan", "tile": 7, "cell": 7, "goal_cell": 6, "value": 1}
    ]
    b = _explain("8 6 7 / 2 5 4 / 3 0 1", "manhattan")
    assert _nonzero(b) == {8: 3, 6: 2, 7: 4, 2: 2, 4: 2, 3: 4, 1: 4} and b["h"] == 21
    b = _explain("8 6 7 / 2 5 4 / 3 0 1", "hamming")
    assert _nonzero(b) == {8: 1, 6: 1, 7: 1, 2: 1, 4: 1, 3: 1, 1: 1} and _parts(b) == {"misplaced": 7}
    b = _explain("1 2 3 / 4 5 6 / 7 8 0", "manhattan", goal="blank-first")
    assert _nonzero(b) == {1: 1, 2: 1, 3: 3, 4: 1, 5: 1, 6: 3, 7: 1, 8: 1} and b["h"] == 12


def test_euclidean_by_hand() -> None:
    b = _explain("8 2 3 / 4 5 6 / 7 1 0", "euclidean")  # 8 and 1 swapped: each sqrt(5) away
    assert {t["tile"]: t["squared"] for t in b["terms"] if t["squared"]} == {8: 5, 1: 5}
    assert b["parts"][0]["exact"] == pytest.approx(2 * math.sqrt(5)) and b["h"] == 5


def _conflicts(b: Json) -> list[tuple[str, int, int, list[int]]]:
    return [(t["line"], t["index"], t["tile"], t["with"]) for t in b["terms"] if t["kind"] == "conflict"]


def test_linear_conflicts_by_hand() -> None:
    b = _explain("2 1 3 / 4 5 6 / 7 8 0", "linear-conflict")  # 2 and 1 swapped in their row
    assert _parts(b) == {"manhattan": 2, "conflicts": 2} and b["h"] == 4
    [(line, index, tile, others)] = _conflicts(b)
    assert (line, index) == ("row", 0) and {tile, *others} == {1, 2} and len(others) == 1

    b = _explain("3 2 1 / 4 5 6 / 7 8 0", "linear-conflict")  # reversed: two of three leave
    assert _parts(b) == {"manhattan": 4, "conflicts": 4} and b["h"] == 8
    assert [(line, index) for line, index, _, _ in _conflicts(b)] == [("row", 0)] * 2

    b = _explain("7 2 3 / 4 5 6 / 1 8 0", "linear-conflict")  # the same down the first column
    assert _parts(b) == {"manhattan": 4, "conflicts": 4} and b["h"] == 8
    assert [(line, index) for line, index, _, _ in _conflicts(b)] == [("column", 0)] * 2

    # Row 1 holds 6 5 4 and column 1 holds 8 5 2, all in their goal lines and reversed:
    # two tiles leave each, 8 more moves; 5 stands on its goal cell yet may leave both.
    b = _explain("1 8 3 / 6 5 4 / 7 2 0", "linear-conflict")
    assert _parts(b) == {"manhattan": 8, "conflicts": 8} and b["h"] == 16
    assert Counter((line, index) for line, index, _, _ in _conflicts(b)) == {("row", 1): 2, ("column", 1): 2}

    b = _explain("1 2 3 / 4 5 6 / 8 7 0", "linear-conflict", goal="blank-first")  # no line in goal order
    assert b["h"] == estimate("linear-conflict", Board.from_string("1 2 3 / 4 5 6 / 8 7 0"), Board.goal(3, 3, "blank-first"))


def test_walking_distance_by_hand() -> None:
    assert _parts(_explain("1 2 3 / 4 5 6 / 7 0 8", "walking-distance")) == {"vertical": 0, "horizontal": 1}
    assert _parts(_explain("1 2 3 / 4 5 0 / 7 8 6", "walking-distance")) == {"vertical": 1, "horizontal": 0}
    b = _explain("0 1 2 / 3 4 5 / 6 7 8", "walking-distance")
    assert b["h"] == 12
    vertical = b["terms"][0]
    # Row 0 holds 1 2 (goal row 0), row 1 holds 3 (goal row 0) and 4 5 (row 1), row 2 holds 6 (row 1) and 7 8.
    assert vertical["counts"] == [[2, 0, 0], [1, 2, 0], [0, 1, 2]] and vertical["blank_line"] == 0
    assert vertical["manhattan"] == 2


def test_pattern_databases_by_hand() -> None:
    b = _explain("1 2 3 / 4 5 6 / 7 0 8", "pdb")
    assert b["h"] == 1 and len(b["candidates"]) == 2
    [group] = [t for t in b["terms"] if t["value"]]
    assert 8 in group["tiles"] and group["value"] == group["table"] == 1

    b = _explain("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15", "pdb")  # 4x4: four lookups
    assert b["h"] == 1 and len(b["candidates"]) == 4 and {c["name"] for c in b["candidates"]} == {"6-6-3"}
    assert [(t["tiles"], t["value"]) for t in b["terms"] if t["value"]] == [
        ([t for t in b["terms"] if 15 in t["tiles"]][0]["tiles"], 1)
    ]

    b = _explain("1 0 2 3 4 / 5 6 7 8 9 / 10 11 12 13 14 / 15 16 17 18 19 / 20 21 22 23 24", "pdb", "blank-first")
    assert b["h"] == 1 and _parts(b) == {"manhattan": 1, "patterns": 0}
    assert _nonzero(b) == {1: 1} and len(b["candidates"]) == 4
    assert all(sorted(len(g["tiles"]) for g in c["groups"]) == [4, 5, 5, 5, 5] for c in b["candidates"])

    # 5x5, blank-first goal: 1 and 2 swapped in the top row. Partition B keeps the cells of 1
    # and 2 in one group, whose table sees the swap: moves beyond their Manhattan distance.
    b = _explain("0 2 1 3 4 / 5 6 7 8 9 / 10 11 12 13 14 / 15 16 17 18 19 / 20 21 22 23 24", "pdb", "blank-first")
    assert _parts(b)["manhattan"] == 2 and _parts(b)["patterns"] > 0
    [group] = [t for t in b["terms"] if t["kind"] == "pattern" and t["value"]]
    assert {1, 2} <= set(group["tiles"]) and group["manhattan"] == 2


# -- a dropped term is caught --------------------------------------------------------


@pytest.mark.parametrize("name", list(HEURISTICS))
def test_a_dropped_term_or_part_is_caught(name: str) -> None:
    board, goal = Board.from_string("8 6 7 / 2 5 4 / 3 0 1"), Board.goal(3)
    b = breakdown(board, goal, name)
    check_breakdown(b, board, goal)
    assert sum(p["value"] for p in b["parts"]) - 1 != b["h"]
    dropped = 0
    for key in ("terms", "parts"):
        for i, item in enumerate(b[key]):
            if not item["value"]:
                continue
            broken = copy.deepcopy(b)
            del broken[key][i]
            with pytest.raises(AssertionError):
                check_breakdown(broken, board, goal)
            dropped += 1
    assert dropped >= 2


# -- what cannot be explained, and tables ------------------------------------------


def test_refusals_name_their_field() -> None:
    board = Board.from_string("8 6 7 / 2 5 4 / 3 0 1")
    with pytest.raises(ExplainError) as unknown:
        breakdown(board, Board.goal(3), "nearest")
    assert unknown.value.field == "heuristic" and "'nearest'" in str(unknown.value) and "pdb" in str(unknown.value)
    with pytest.raises(ExplainError) as shapes:
        breakdown(board, Board.goal(4), "manhattan")
    assert shapes.value.field == "goal" and str(shapes.value) == "the board is 3x3 but the goal is 4x4"
    big = Board.goal(6, 6)
    with pytest.raises(ExplainError) as too_big:
        breakdown(big, big, "walking-distance")
    assert too_big.value.field == "heuristic" and "6x6" in str(too_big.value)
    with pytest.raises(ExplainError) as no_pdb:
        breakdown(big, big, "pdb")
    assert no_pdb.value.field == "heuristic"
    middle = make_goal(4, 4, "custom-middle", random.Random(1))
    with pytest.raises(ExplainError) as corner:
        breakdown(middle, middle, "pdb")
    assert corner.value.field == "heuristic" and "corner" in str(corner.value)
    assert isinstance(corner.value, ValueError)


def test_missing_table_files_are_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("npuzzle.tables.DATA_DIR", tmp_path)
    for rows, file in [(4, "pdb-4x4-663x2.bin"), (5, "pdb-5x5-55554x2.bin")]:
        goal = Board.goal(rows)
        with pytest.raises(ExplainError) as missing:
            breakdown(goal, goal, "pdb")
        assert (missing.value.field, missing.value.details) == ("tables", {"need": [file]})
        assert str(missing.value) == f"the pdb heuristic needs {file}"
        assert breakdown(goal, goal, "linear-conflict")["h"] == 0  # the others need nothing
    small = Board.goal(3)
    assert breakdown(small, small, "pdb")["h"] == 0  # built on demand, no file


def test_tables_not_loaded_are_said_without_loading_them(monkeypatch: pytest.MonkeyPatch) -> None:
    goal = Board.goal(4)
    board = Board.from_string("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15")
    breakdown(goal, goal, "pdb")  # loads the tables if no test did
    assert breakdown(board, goal, "pdb", load=False)["h"] == 1  # loaded: fine
    monkeypatch.setattr(pdb, "_LOADED", {})
    with pytest.raises(ExplainError) as loading:
        breakdown(board, goal, "pdb", load=False)
    assert loading.value.field == "tables" and loading.value.details == {"stage": "Loading pattern databases"}
    assert not pdb._LOADED
    assert breakdown(board, goal, "manhattan", load=False)["h"] == 1


@pytest.fixture
def unknown_to_explain(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A heuristic registered without an explainer (Manhattan under another name)."""
    info = dataclasses.replace(HEURISTICS["manhattan"], name="newcomer", label="Newcomer", explain=None)
    monkeypatch.setitem(HEURISTICS, "newcomer", info)
    compile_heuristic.cache_clear()
    yield "newcomer"
    compile_heuristic.cache_clear()


def test_a_heuristic_without_an_explainer_is_one_part(unknown_to_explain: str) -> None:
    board, goal = Board.from_string("8 6 7 / 2 5 4 / 3 0 1"), Board.goal(3)
    b = breakdown(board, goal, unknown_to_explain)
    assert b["parts"] == [{"name": "total", "label": "Newcomer", "value": 21}] and b["terms"] == []
    check_breakdown(b, board, goal)
