"""Walking distance: table sizes, admissibility against exact distances, consistency, limits."""

from __future__ import annotations

import random
from collections import deque
from typing import Iterator, Sequence

import pytest

from npuzzle.board import Board, BoardError, relabel
from npuzzle.heuristics import manhattan
from npuzzle.known import bfs_distances, blank_first_to_blank_last, eight_puzzle_distances, korf100
from npuzzle.search.problem import neighbour_table
from npuzzle.walking_distance import (
    MAX_CONFIGURATIONS,
    _axis_table,
    count_configurations,
    supports,
    table_sizes,
    walking_distance,
    walking_distance_evaluator,
)


def reference_axis(rows: int, cols: int, tiles: tuple[int, ...], goal: Board, vertical: bool) -> int:
    """One WD component by a plain BFS over count matrices (tuples), written independently."""
    def line_of(pos: int) -> int:
        return pos // cols if vertical else pos % cols

    lines = rows if vertical else cols
    where = {t: p for p, t in enumerate(goal.tiles)}

    def config(cells: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], int]:
        m = [[0] * lines for _ in range(lines)]
        for p, t in enumerate(cells):
            if t:
                m[line_of(p)][line_of(where[t])] += 1
        return tuple(tuple(r) for r in m), line_of(cells.index(0))

    start, target = config(tiles), config(goal.tiles)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state == target:
            return seen[state]
        m, b = state
        for n in (b - 1, b + 1):
            if 0 <= n < lines:
                for g in range(lines):
                    if m[n][g]:
                        rows_ = [list(r) for r in m]
                        rows_[n][g] -= 1
                        rows_[b][g] += 1
                        child = (tuple(tuple(r) for r in rows_), n)
                        if child not in seen:
                            seen[child] = seen[state] + 1
                            queue.append(child)
    raise AssertionError("goal configuration not reachable")


def random_state(goal: Board, rng: random.Random, steps: int = 200) -> tuple[int, ...]:
    """A solvable state: a random walk from the goal."""
    nbrs = neighbour_table(goal.rows, goal.cols)
    cells = list(goal.tiles)
    blank = cells.index(0)
    for _ in range(steps):
        nb = rng.choice(nbrs[blank])
        cells[blank], cells[nb] = cells[nb], 0
        blank = nb
    return tuple(cells)


def children(cells: Sequence[int], nbrs: Sequence[Sequence[int]]) -> Iterator[list[int]]:
    """The cells after each move from ``cells`` (``nbrs``: neighbour_table of the shape)."""
    blank = cells.index(0)
    for nb in nbrs[blank]:
        child = list(cells)
        child[blank], child[nb] = child[nb], 0
        yield child


# -- table sizes ---------------------------------------------------------------


@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_4x4_tables_have_24964_configurations(goal_name: str) -> None:
    goal = Board.goal(4, 4, goal_name)
    assert table_sizes(4, 4, goal.blank) == (24964, 24964)
    assert count_configurations(4, 4) == 24964


def test_4x4_deepest_configuration_is_35_moves() -> None:
    """The widely quoted maximum of one 15-puzzle WD axis."""
    assert max(_axis_table(4, 4, 3).values()) == 35


@pytest.mark.parametrize(
    "rows, cols, blank_goal",
    [(2, 2, 3), (2, 3, 0), (3, 2, 5), (2, 4, 2), (4, 2, 1), (3, 3, 4), (3, 4, 11), (4, 3, 6),
     (4, 4, 5), (2, 5, 9), (5, 2, 3)],
)
def test_every_counted_configuration_is_reached(rows: int, cols: int, blank_goal: int) -> None:
    assert table_sizes(rows, cols, blank_goal) == (
        count_configurations(rows, cols),
        count_configurations(cols, rows),
    )


def test_small_counts() -> None:
    assert count_configurations(3, 3) == 105
    assert count_configurations(2, 3) == 6
    assert count_configurations(3, 2) == 33


# -- 3x3: exhaustive -----------------------------------------------------------


@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_every_8_puzzle_state_is_between_manhattan_and_the_true_distance(goal_name: str) -> None:
    goal = Board.goal(3, 3, goal_name)
    evaluate = walking_distance_evaluator(3, 3, goal.blank)
    distances = eight_puzzle_distances(goal_name)
    assert len(distances) == 181440
    above_manhattan = 0
    for tiles, distance in distances.items():
        board = Board(3, 3, tiles)
        wd = evaluate(relabel(board, goal))
        md = manhattan(board, goal)
        assert md <= wd <= distance, tiles
        assert wd % 2 == distance % 2  # each move changes WD by exactly one
        above_manhattan += wd > md
    assert above_manhattan > 0  # strictly better somewhere
    assert evaluate(relabel(goal, goal)) == 0


@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_each_move_changes_wd_by_exactly_one_on_3x3(goal_name: str) -> None:
    goal = Board.goal(3, 3, goal_name)
    evaluate = walking_distance_evaluator(3, 3, goal.blank)
    nbrs = neighbour_table(3, 3)
    states = list(eight_puzzle_distances(goal_name))
    for tiles in random.Random(3).sample(states, 3000):
        cells = relabel(Board(3, 3, tiles), goal)
        here = evaluate(cells)
        for child in children(cells, nbrs):
            assert abs(evaluate(child) - here) == 1


def test_matches_an_independent_reference_on_3x3() -> None:
    rng = random.Random(5)
    goal = Board(3, 3, (4, 8, 1, 0, 6, 2, 3, 5, 7))  # blank goal in the middle row, first column
    for _ in range(200):
        tiles = random_state(goal, rng)
        expected = reference_axis(3, 3, tiles, goal, True) + reference_axis(3, 3, tiles, goal, False)
        assert walking_distance(Board(3, 3, tiles), goal) == expected


# -- 4x4 -----------------------------------------------------------------------


def test_korf_100_never_overestimates() -> None:
    first, last = Board.goal(4, 4, "blank-first"), Board.goal(4)
    for _, optimal, tiles in korf100():
        assert walking_distance(Board(4, 4, tuple(tiles)), first) <= optimal
        converted = blank_first_to_blank_last(tiles, 4)
        assert walking_distance(Board(4, 4, tuple(converted)), last) <= optimal
        # the conversion is a symmetry of the puzzle, and WD respects it
        assert walking_distance(Board(4, 4, tuple(converted)), last) == walking_distance(
            Board(4, 4, tuple(tiles)), first
        )


@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_goal_is_zero_on_4x4(goal_name: str) -> None:
    goal = Board.goal(4, 4, goal_name)
    assert walking_distance(goal, goal) == 0


def test_4x4_moves_change_wd_by_one_and_it_beats_manhattan() -> None:
    rng = random.Random(11)
    goal = Board(4, 4, tuple(rng.sample(range(16), 16)))  # any arrangement is a valid goal
    evaluate = walking_distance_evaluator(4, 4, goal.blank)
    nbrs = neighbour_table(4, 4)
    for _ in range(300):
        tiles = random_state(goal, rng)
        cells = relabel(Board(4, 4, tiles), goal)
        here = evaluate(cells)
        assert here == walking_distance(Board(4, 4, tiles), goal)
        assert here >= manhattan(Board(4, 4, tiles), goal)
        for child in children(cells, nbrs):
            assert abs(evaluate(child) - here) == 1


# -- rectangles ----------------------------------------------------------------


@pytest.mark.parametrize(
    "goal",
    [
        Board.goal(2, 3),
        Board.goal(3, 2, "blank-first"),
        Board(2, 3, (5, 0, 1, 4, 2, 3)),
        Board.goal(2, 4),
        Board(4, 2, (3, 7, 1, 0, 6, 2, 5, 4)),
    ],
    ids=lambda g: f"{g.shape}:{g.to_string()}",
)
def test_rectangles_never_overestimate(goal: Board) -> None:
    evaluate = walking_distance_evaluator(goal.rows, goal.cols, goal.blank)
    exact = bfs_distances(goal)
    for tiles, distance in exact.items():
        board = Board(goal.rows, goal.cols, tiles)
        wd = evaluate(relabel(board, goal))
        assert manhattan(board, goal) <= wd <= distance


@pytest.mark.parametrize("shape", [(3, 4), (4, 3)])
def test_3x4_against_the_reference(shape: tuple[int, int]) -> None:
    rows, cols = shape
    rng = random.Random(rows)
    goal = Board(rows, cols, tuple(rng.sample(range(12), 12)))
    for _ in range(40):
        tiles = random_state(goal, rng)
        expected = reference_axis(rows, cols, tiles, goal, True) + reference_axis(
            rows, cols, tiles, goal, False
        )
        assert walking_distance(Board(rows, cols, tiles), goal) == expected


# -- limits and errors ---------------------------------------------------------


def test_supported_shapes() -> None:
    assert supports(3, 3) and supports(4, 4) and supports(3, 4) and supports(4, 3)
    assert all(supports(2, n) and supports(n, 2) for n in range(2, 7))
    assert supports(3, 5) and supports(5, 3)
    assert not supports(2, 7) and not supports(4, 5) and not supports(5, 5)
    assert not supports(16, 16) and not supports(2, 16)
    assert count_configurations(5, 4) > MAX_CONFIGURATIONS


@pytest.mark.parametrize("shape", [(5, 5), (4, 5), (5, 4), (2, 7), (8, 8)])
def test_too_big_raises_value_error(shape: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="not available"):
        walking_distance_evaluator(shape[0], shape[1], shape[0] * shape[1] - 1)
    goal = Board.goal(*shape)
    with pytest.raises(ValueError, match="not available"):
        walking_distance(goal, goal)


def test_bad_arguments() -> None:
    with pytest.raises(BoardError):
        walking_distance(Board.goal(3), Board.goal(4))
    with pytest.raises(ValueError):
        walking_distance_evaluator(3, 3, 9)
    with pytest.raises(ValueError):
        walking_distance_evaluator(1, 3, 2)
