"""Heuristics: admissible on every 3x3 state, consistent, correct on 4x4 states of known distance."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from npuzzle import HEURISTICS, Board, Limits, solve
from npuzzle.heuristics import (
    compile_heuristic,
    estimate,
    heuristic_available,
    line_conflicts,
    linear_conflict,
    manhattan,
)
from npuzzle.tables import DATA_DIR
from npuzzle.pattern_db import (

    SHIPPED,
    build_table,
    file_digest,
    pattern_lookups,
    read_pattern_set,
    symmetries,
)
from npuzzle.search.problem import Problem

from npuzzle.known import blank_first_to_blank_last, eight_puzzle_distances, korf100

ALL = list(HEURISTICS)
# The shipped 4x4 tables, by checksum: regenerating them (python -m npuzzle tables build) must give these bytes.
SHIPPED_SHA256 = {"pdb-4x4-663x2.bin": "6154cfa25c77772b29a56ebbdef8ed662d4ef9f08dfa6142363cb4c85a258391"}


def relabelled(board: Board, goal: Board) -> list[int]:
    return list(Problem.from_boards(board, goal).start)


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
    states = rng.sample(sorted(eight_puzzle_distances("blank-last")), 3000)
    jumps = 0
    for tiles in states:
        board = Board(3, 3, tiles)
        h = estimate(name, board, goal)
        for tile, _ in board.movable():
            jumps += abs(estimate(name, board.slide(tile), goal) - h) > 1
    assert (jumps == 0) == HEURISTICS[name].consistent


def test_stronger_heuristics_are_stronger_on_average() -> None:
    goal = Board.goal(3)
    states = random.Random(3).sample(sorted(eight_puzzle_distances("blank-last")), 2000)
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
    for name in ALL:
        if heuristic_available(name, 4, 4, goal.blank):
            assert estimate(name, goal, goal) == 0
            assert estimate(name, one_move, goal) == 1


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
        if ident in (79, 12, 42, 55, 97):
            result = solve(start, goal, "idastar", "pdb", limits=Limits(max_nodes=10**7))
            assert result.length == length
            board = start
            for i, tile in enumerate(result.tiles, start=1):
                board = board.slide(tile)
                cases.append((board, goal, length - i))
    return cases


def test_admissible_on_4x4_states_of_known_distance() -> None:
    cases = known_4x4_states()
    assert len(cases) > 400
    for name in ALL:
        for board, goal, distance in cases:
            if heuristic_available(name, 4, 4, goal.blank):
                assert estimate(name, board, goal) <= distance, (name, board.tiles)


def test_shipped_tables_match_their_checksums() -> None:
    for name, digest in SHIPPED_SHA256.items():
        assert file_digest(DATA_DIR / name) == digest
    assert {entry.file for entry in SHIPPED.values()} == set(SHIPPED_SHA256)


def test_shipped_table_is_reproduced_by_the_generator() -> None:
    shipped = SHIPPED[(4, 4)]
    tables = read_pattern_set(DATA_DIR / shipped.file)
    assert tables.patterns == shipped.patterns
    assert [[len(p) for p in partition] for partition in shipped.partitions] == [[6, 6, 3]] * 2
    # The 3-tile tables regenerate in a second and must come out byte for byte the same;
    # the 6-tile ones take minutes each (test_six_tile_table_is_reproduced, marked slow).
    for partition in shipped.partitions:
        small = partition[2]
        assert build_table(4, 4, small, shipped.blank_goal) == tables.partition([small]).tables[0]


@pytest.mark.slow
def test_six_tile_table_is_reproduced() -> None:
    shipped = SHIPPED[(4, 4)]
    tables = read_pattern_set(DATA_DIR / shipped.file)
    pattern = shipped.partitions[0][1]
    assert build_table(4, 4, pattern, shipped.blank_goal) == tables.partition([pattern]).tables[0]


def test_six_tile_tables_are_at_least_their_five_tile_parts() -> None:
    """Spot values of the big tables: a pattern's distance is at least that of any part of it
    (fewer tiles, fewer constraints), checked against a 5-tile table built here (~15 s)."""
    shipped = SHIPPED[(4, 4)]
    tables = read_pattern_set(DATA_DIR / shipped.file)
    six = shipped.partitions[0][0]
    five = six[:5]
    big = tables.partition([six]).tables[0]
    part = build_table(4, 4, five, shipped.blank_goal)
    rng = random.Random(6)
    stronger = 0
    for _ in range(5000):
        cells = rng.sample(range(16), 6)
        big_value = big[sum(c * 16**i for i, c in enumerate(cells))]
        part_value = part[sum(c * 16**i for i, c in enumerate(cells[:5]))]
        assert big_value != 255 and big_value >= part_value
        stronger += big_value > part_value
    assert stronger > 500


def test_pattern_database_spot_values() -> None:
    lookups = pattern_lookups(4, 4, 15)
    assert len(lookups) == 4  # two partitions, each read directly and through the reflection
    goal = list(range(1, 16)) + [0]
    for lookup in lookups:
        assert lookup.evaluate(goal) == 0
    # Tiles 1 and 5 swapped. Partition B read directly holds both in one pattern and sees
    # the conflict (more than Manhattan's 2); its reflection splits them, and sees 2.
    swapped = [5, 2, 3, 4, 1] + list(range(6, 16)) + [0]
    assert lookups[0].group[1] == lookups[0].group[5]
    assert lookups[1].group[1] != lookups[1].group[5]
    assert lookups[0].evaluate(swapped) > 2 == lookups[1].evaluate(swapped)
    assert compile_heuristic("pdb", 4, 4, 15).evaluate(swapped) == max(
        lookup.evaluate(swapped) for lookup in lookups
    )


def transposed(cells: list[int], n: int) -> list[int]:
    """Relabelled cells of the board reflected about its main diagonal (goal blank-last)."""
    def t(p: int) -> int:
        return (p % n) * n + p // n

    out = [0] * (n * n)
    for pos, label in enumerate(cells):
        out[t(pos)] = 0 if label == 0 else t(label - 1) + 1
    return out


@pytest.mark.parametrize("n", [3, 4])
def test_reflected_lookup_is_the_direct_lookup_of_the_reflected_board(n: int) -> None:
    lookups = pattern_lookups(n, n, n * n - 1)
    pairs = [(lookups[i], lookups[i + 1]) for i in range(0, len(lookups), 2)]
    rng = random.Random(n)
    cells = list(range(1, n * n)) + [0]
    for direct, reflected in pairs:
        for _ in range(300):
            rng.shuffle(cells)
            assert reflected.evaluate(cells) == direct.evaluate(transposed(cells, n))
    h = compile_heuristic("pdb", n, n, n * n - 1).evaluate
    differ = 0
    for _ in range(300):
        rng.shuffle(cells)
        values = [lookup.evaluate(cells) for lookup in lookups]
        assert h(cells) == max(values)
        differ += len(set(values)) > 1
    assert differ > 100  # the other readings group other tiles together, so they add something


def test_one_lookup_where_no_reflection_keeps_the_blank() -> None:
    assert len(pattern_lookups(2, 3, 5)) == 1  # a rectangle: no diagonal
    assert len(pattern_lookups(3, 3, 0)) == 2  # a corner blank: the diagonal keeps it
    assert len(pattern_lookups(3, 3, 4)) == 2  # the centre: several symmetries, two are used


def test_symmetries_keep_adjacency() -> None:
    for rows, cols in ((4, 4), (3, 3), (2, 3)):
        for mapping in symmetries(rows, cols):
            assert sorted(mapping) == list(range(rows * cols))
            for p in range(rows * cols):
                for q in range(rows * cols):
                    adjacent = abs(p // cols - q // cols) + abs(p % cols - q % cols) == 1
                    mp, mq = mapping[p], mapping[q]
                    assert adjacent == (abs(mp // cols - mq // cols) + abs(mp % cols - mq % cols) == 1)


def test_pdb_for_4x4_needs_a_corner_blank() -> None:
    assert heuristic_available("pdb", 4, 4, 0) and heuristic_available("pdb", 4, 4, 3)
    assert not heuristic_available("pdb", 4, 4, 5)
    assert not heuristic_available("pdb", 5, 5, 24)
    with pytest.raises(ValueError, match="corner"):
        pattern_lookups(4, 4, 5)


def test_heuristic_registry_describes_itself() -> None:
    for info in HEURISTICS.values():
        data = info.to_dict()
        assert data["admissible"] is True
        assert data["label"] and data["description"] and data["sizes"]
    assert Path(DATA_DIR).is_dir()


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 4), (3, 5), (5, 5)])
def test_incremental_updates_equal_full_evaluation(rows: int, cols: int) -> None:
    """Along random walks, every heuristic with an ``update`` agrees with ``evaluate``."""
    from npuzzle.random_boards import random_board

    for goal_name in ("blank-last", "blank-first"):
        goal = Board.goal(rows, cols, goal_name)
        for name in HEURISTICS:
            if not heuristic_available(name, rows, cols, goal.blank):
                continue
            compiled = compile_heuristic(name, rows, cols, goal.blank)
            if compiled.update is None:
                continue
            rng = random.Random(f"{name}{rows}{cols}{goal_name}")
            cells = relabelled(random_board(rows, cols, goal, rng.random()), goal)
            h = compiled.evaluate(cells)
            for _ in range(400):
                blank = cells.index(0)
                r, c = divmod(blank, cols)
                options = [p for p, ok in ((blank - cols, r > 0), (blank + cols, r < rows - 1),
                                           (blank - 1, c > 0), (blank + 1, c < cols - 1)) if ok]
                frm = rng.choice(options)
                tile = cells[frm]
                cells[blank], cells[frm] = tile, 0
                h = compiled.update(cells, h, tile, frm, blank)
                assert h == compiled.evaluate(cells)
