"""The shipped 5x5 pattern databases: the file, admissibility, symmetries, IDA*'s incremental path."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Sequence

import pytest

from npuzzle import Board
from npuzzle.board import relabel_tiles
from npuzzle.heuristics import (
    Compiled,
    compile_heuristic,
    estimate,
    heuristic_available,
    strongest_heuristic,
)
from npuzzle.known import bfs_distances, blank_first_to_blank_last, korf24_50
from npuzzle.pattern_db import (
    SHIPPED,
    UNSEEN,
    PatternLookup,
    PatternSet,
    lookup_from,
    build_pattern_set,
    build_table,
    excess_table,
    file_digest,
    halves,
    manhattan_table,
    pattern_lookups,
    read_pattern_set,
    symmetries,
    write_pattern_set,
)
from npuzzle.search.idastar import idastar
from npuzzle.search.problem import Problem, neighbour_table
from npuzzle.search.result import Limits, StopReason
from npuzzle.search.steps import Outcome
from npuzzle.tables import data_path

SHIPPED_5X5 = SHIPPED[(5, 5)]
SHA256 = "0dd7af6ff1d4778184019c700cd4dd7f0925091e570285d4c7c0270390b729b7"
MAX_BYTES = 12_000_000  # the browser downloads it before a 5x5 solve


def relabelled(board: Board, goal: Board) -> list[int]:
    return list(Problem.from_boards(board, goal).start)


def korf_boards() -> list[tuple[Board, int]]:
    return [(Board(5, 5, tuple(tiles)), length) for _, length, tiles in korf24_50()]


def test_shipped_file_is_pinned_and_small() -> None:
    path = data_path(SHIPPED_5X5.file)
    assert path.stat().st_size <= MAX_BYTES
    assert file_digest(path) == SHA256
    tables = read_pattern_set(path)
    assert tables.over_manhattan and tables.patterns == SHIPPED_5X5.patterns
    assert all(sorted(len(p) for p in partition) == [4, 5, 5, 5, 5] for partition in SHIPPED_5X5.partitions)


@pytest.mark.from_scratch
def test_four_tile_table_is_regenerated_byte_for_byte() -> None:
    """The 5-tile tables take minutes each in CPython; the 4-tile one (~7 s) must come out the same."""
    tables = read_pattern_set(data_path(SHIPPED_5X5.file))
    for pattern in SHIPPED_5X5.patterns:
        if len(pattern) == 4:
            built = excess_table(5, 5, pattern, build_table(5, 5, pattern, SHIPPED_5X5.blank_goal))
            assert built == tables.partition([pattern]).tables[0]
            break
    else:  # pragma: no cover
        pytest.fail("no 4-tile pattern")


def test_excess_tables_give_the_distances_back(tmp_path: Path) -> None:
    """Manhattan plus twice the excess is the table's distance wherever a placement maps,
    and a file of excess tables reads back as one (3x3, built on demand)."""
    raw = build_pattern_set(3, 3, 0, halves(3, 3, 0))
    excess = PatternSet(
        3, 3, 0, raw.patterns,
        tuple(excess_table(3, 3, p, t) for p, t in zip(raw.patterns, raw.tables)), over_manhattan=True,
    )
    for pattern, distances, halved in zip(raw.patterns, raw.tables, excess.tables, strict=True):
        manhattan = manhattan_table(3, 3, pattern)
        assert all(d == UNSEEN or d == m + 2 * e for d, m, e in zip(distances, manhattan, halved))
    write_pattern_set(tmp_path / "t.bin", excess)
    assert read_pattern_set(tmp_path / "t.bin") == excess
    direct, through = lookup_from(raw, list(range(9))), lookup_from(excess, list(range(9)))
    rng = random.Random(3)
    cells = list(range(2, 10)) + [0]
    for _ in range(500):
        rng.shuffle(cells)
        assert direct.evaluate(cells) == through.evaluate(cells)


def test_admissible_on_korf_felners_24_puzzles() -> None:
    goal = Board.goal(5, 5, "blank-first")
    last = Board.goal(5, 5, "blank-last")
    pdb = []
    conflict = []
    for board, length in korf_boards():
        h = estimate("pdb", board, goal)
        assert estimate("manhattan", board, goal) <= h <= length
        mirrored = Board(5, 5, tuple(blank_first_to_blank_last(list(board.tiles), 5)))
        assert estimate("pdb", mirrored, last) == h  # the same tables, through the half turn
        pdb.append(h)
        conflict.append(estimate("linear-conflict", board, goal))
    assert sum(pdb) > sum(conflict)


@pytest.mark.thorough
@pytest.mark.parametrize("goal_name", ["blank-first", "blank-last"])
def test_admissible_on_every_state_within_14_moves(goal_name: str) -> None:
    """Exact distances by breadth-first search around the goal; no estimate exceeds them."""
    goal = Board.goal(5, 5, goal_name)
    evaluate = compile_heuristic("pdb", 5, 5, goal.blank).evaluate
    assert relabelled(Board(5, 5, goal.tiles[::-1]), goal) == list(relabel_tiles(goal.tiles[::-1], goal.tiles))
    checked = exact = 0
    for tiles, depth in bfs_distances(goal, max_depth=14).items():
        h = evaluate(relabel_tiles(tiles, goal.tiles))  # (a Board per state spent more than the lookups)
        assert h <= depth
        checked += 1
        exact += h == depth
    assert checked > 150_000 and exact > checked // 4


def transposed(cells: Sequence[int]) -> list[int]:
    """Relabelled cells of the board reflected about its main diagonal."""
    def t(p: int) -> int:
        return (p % 5) * 5 + p // 5

    out = [0] * 25
    for pos, label in enumerate(cells):
        out[t(pos)] = 0 if label == 0 else t(label - 1) + 1
    return out


def test_reflected_lookup_is_the_direct_lookup_of_the_reflected_board() -> None:
    lookups = pattern_lookups(5, 5, 0)
    assert len(lookups) == 2 * len(SHIPPED_5X5.partitions)
    h = compile_heuristic("pdb", 5, 5, 0).evaluate
    rng = random.Random(5)
    cells = list(range(2, 26)) + [0]
    differ = 0
    for _ in range(300):
        rng.shuffle(cells)
        values = [lookup.evaluate(cells) for lookup in lookups]
        for i in range(0, len(lookups), 2):
            assert values[i + 1] == lookups[i].evaluate(transposed(cells))
        assert h(cells) == max(values)
        differ += len(set(values)) > 1
    assert differ > 100


@pytest.mark.parametrize("corner", [0, 4, 20, 24])
def test_serves_every_corner_goal_through_a_symmetry(corner: int) -> None:
    assert heuristic_available("pdb", 5, 5, corner)
    assert strongest_heuristic(5, 5, corner) == "pdb"
    assert len(pattern_lookups(5, 5, corner)) == 4  # both partitions, each through two symmetries
    goal = Board.goal(5, 5, "blank-first")
    for mapping in symmetries(5, 5):
        if mapping[0] != corner:
            continue
        # The board and its goal carried by the symmetry: every distance stays the same.
        moved_goal = [0] * 25
        for pos, tile in enumerate(goal.tiles):
            moved_goal[mapping[pos]] = tile
        for board, _ in korf_boards()[:10]:
            moved = [0] * 25
            for pos, tile in enumerate(board.tiles):
                moved[mapping[pos]] = tile
            assert estimate("pdb", Board(5, 5, tuple(moved)), Board(5, 5, tuple(moved_goal))) == estimate(
                "pdb", board, goal
            )


def test_not_for_a_blank_goal_off_the_corners() -> None:
    for cell in (1, 7, 12, 23):
        assert not heuristic_available("pdb", 5, 5, cell)
        assert strongest_heuristic(5, 5, cell) == "linear-conflict"
    with pytest.raises(ValueError, match="corner"):
        pattern_lookups(5, 5, 12)


def run(problem: Problem, heuristic: Compiled) -> Outcome:
    steps = idastar(problem, heuristic, Limits(max_nodes=50_000, time_limit=60), {})
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            outcome: Outcome = stop.value
            return outcome


def with_lookups(lookups: Sequence[PatternLookup]) -> Compiled:
    chosen = tuple(lookups)

    def evaluate(cells: Sequence[int]) -> int:
        return max(lookup.evaluate(cells) for lookup in chosen)

    return Compiled("pdb", evaluate, patterns=chosen)


def scramble(goal: Board, moves: int, rng: random.Random) -> Board:
    board = goal
    previous = -1
    for _ in range(moves):
        tile = rng.choice([t for t, _ in board.movable() if t != previous])
        board = board.slide(tile)
        previous = tile
    return board


@pytest.mark.thorough
@pytest.mark.parametrize("goal_name", ["blank-first", "blank-last"])
def test_idastar_incremental_path_equals_full_evaluation(goal_name: str) -> None:
    """IDA* updates Manhattan and every lookup's indices and sums per move (one, two or four
    lookups: each has its own code). With the same estimates as a full evaluation per node,
    it must expand the same nodes in the same order and stop alike (solved with the same
    path, or at the node limit with the same bound)."""
    goal = Board.goal(5, 5, goal_name)
    lookups = pattern_lookups(5, 5, goal.blank)
    rng = random.Random(goal_name)
    boards = [scramble(goal, 60, rng) for _ in range(3)]
    expanded = solved = 0
    pdb = compile_heuristic("pdb", 5, 5, goal.blank)
    assert pdb.patterns == lookups
    for fast in (pdb, with_lookups(lookups[:2]), with_lookups(lookups[1:2])):
        full = Compiled("pdb", fast.evaluate)  # no lookups: IDA* calls evaluate per node
        for board in boards:
            problem = Problem.from_boards(board, goal)
            outcome = run(problem, fast)
            assert outcome == run(problem, full)
            expanded += outcome.expanded
            solved += outcome.stop is StopReason.SOLVED
    assert expanded > 100_000 and solved >= 3
    # Along a random walk, indices and Manhattan updated per move equal the full ones.
    cells = relabelled(boards[0], goal)
    manhattan = lookups[0].manhattan
    assert manhattan is not None
    idx = [lookup.indices(cells) for lookup in lookups]
    m = sum(manhattan[label][pos] for pos, label in enumerate(cells))
    for _ in range(500):
        blank = cells.index(0)
        frm = rng.choice(neighbour_table(5, 5)[blank])
        tile = cells[frm]
        cells[blank], cells[frm] = tile, 0
        m += manhattan[tile][blank] - manhattan[tile][frm]
        for j, lookup in enumerate(lookups):
            c = lookup.contrib[tile]
            idx[j][lookup.group[tile]] += c[blank] - c[frm]
            assert idx[j] == lookup.indices(cells)
        assert m == sum(manhattan[label][pos] for pos, label in enumerate(cells))
        assert m + 2 * max(lookup.table_sum(cells) for lookup in lookups) == pdb.evaluate(cells)
