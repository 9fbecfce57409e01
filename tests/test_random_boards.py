"""Random boards: uniform over solvable boards, reproducible, scrambles without undo."""

from __future__ import annotations

import collections

import pytest

from npuzzle import Board, is_solvable
from npuzzle.random_boards import random_board, random_unsolvable, scramble


def test_uniform_over_the_twelve_solvable_2x2_boards() -> None:
    goal = Board.goal(2)
    counts = collections.Counter(random_board(2, seed=i).tiles for i in range(12_000))
    assert len(counts) == 12  # 4!/2 solvable boards, every one reached
    assert all(is_solvable(Board(2, 2, t), goal) for t in counts)
    # Each expected 1,000 times; 5 standard deviations is about +-150.
    assert all(850 <= n <= 1150 for n in counts.values()), counts


def test_uniform_over_3x3_by_distance_histogram() -> None:
    # A short random walk would pile up at small distances; a uniform draw has mean ~22.
    from npuzzle.known import eight_puzzle_distances

    distances = eight_puzzle_distances("blank-last")
    draws = [distances[random_board(3, seed=f"u{i}").tiles] for i in range(3000)]
    mean = sum(draws) / len(draws)
    assert 21.6 < mean < 22.4  # published mean 21.97


@pytest.mark.parametrize("shape", [(3, 3), (4, 4), (3, 5), (8, 8)])
@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_solvable_and_unsolvable_as_asked_and_reproducible(shape: tuple[int, int], goal_name: str) -> None:
    rows, cols = shape
    goal = Board.goal(rows, cols, goal_name)
    for seed in range(20):
        board = random_board(rows, cols, goal, seed)
        assert is_solvable(board, goal)
        assert random_board(rows, cols, goal, seed) == board
        bad = random_unsolvable(rows, cols, goal, seed)
        assert not is_solvable(bad, goal)
        assert random_unsolvable(rows, cols, goal, seed) == bad
    assert len({random_board(rows, cols, goal, s) for s in range(20)}) == 20


def test_scramble_never_undoes_the_previous_move() -> None:
    goal = Board.goal(4)
    for seed in range(10):
        board = goal
        previous = None
        for step in range(1, 41):
            after = scramble(goal, step, seed)
            moved = [t for t, _ in board.movable() if board.slide(t) == after]
            assert len(moved) == 1, "each step is one legal move on from the last"
            assert moved[0] != previous
            previous = moved[0]
            board = after
    assert scramble(goal, 0, 1) == goal
    assert scramble(goal, 25, "x") == scramble(goal, 25, "x")
    with pytest.raises(ValueError):
        scramble(goal, -1)
