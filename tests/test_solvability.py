"""Solvability from parity, checked against brute force on every small board."""

from __future__ import annotations

import itertools

import pytest

from npuzzle import Board, count_inversions, explain_solvability, is_solvable
from npuzzle.known import bfs_distances, eight_puzzle_distances


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)])
@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_parity_rule_matches_brute_force_on_small_boards(rows: int, cols: int, goal_name: str) -> None:
    goal = Board.goal(rows, cols, goal_name)
    reachable = bfs_distances(goal)
    count = 0
    for perm in itertools.permutations(range(rows * cols)):
        board = Board(rows, cols, perm)
        assert is_solvable(board, goal) == (perm in reachable), perm
        count += 1
    assert len(reachable) * 2 == count


@pytest.mark.thorough
@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_parity_rule_matches_brute_force_on_all_3x3_boards(goal_name: str) -> None:
    goal = Board.goal(3, 3, goal_name)
    reachable = eight_puzzle_distances(goal_name)
    assert len(reachable) == 181_440
    mismatches = [
        perm for perm in itertools.permutations(range(9))
        if is_solvable(Board(3, 3, perm), goal) != (perm in reachable)
    ]
    assert mismatches == []


def test_custom_goal_uses_the_same_rule() -> None:
    goal = Board.from_string("2 1 3 / 4 5 6 / 7 8 0")  # one swap away from blank-last
    reachable = bfs_distances(goal)
    for perm in itertools.islice(itertools.permutations(range(9)), 0, 362_880, 97):
        assert is_solvable(Board(3, 3, perm), goal) == (perm in reachable)


def test_inversions_are_counted_without_the_blank() -> None:
    assert count_inversions((1, 2, 3, 4, 5, 6, 7, 8, 0)) == 0
    assert count_inversions((0, 1, 2, 3)) == 0
    assert count_inversions((8, 6, 7, 2, 5, 4, 3, 0, 1)) == 24
    tiles = tuple(range(63, -1, -1))
    assert count_inversions(tiles) == 63 * 62 // 2


def test_explanation_names_the_numbers() -> None:
    odd = explain_solvability(Board.from_string("1 2 3 4 5 6 8 7 0"), Board.goal(3))
    assert not odd.solvable
    assert odd.inversions == 1 and odd.goal_inversions == 0
    assert "1 inversions (odd)" in odd.explanation() and "unsolvable" in odd.explanation()

    even = explain_solvability(Board.from_string("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0"), Board.goal(4))
    assert not even.solvable
    assert (even.blank_row, even.goal_blank_row) == (4, 4)
    assert "1 + 4 = 5 (odd)" in even.explanation()
    assert even.to_dict()["width_is_even"] is True


def test_large_boards_answer_instantly() -> None:
    # 255..1 then the blank: 255 * 254 / 2 = 32,385 inversions (odd), blank on the goal's row.
    board = Board(16, 16, tuple(range(255, 0, -1)) + (0,))
    facts = explain_solvability(board, Board.goal(16))
    assert facts.inversions == 32_385
    assert not facts.solvable
