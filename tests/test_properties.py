"""Property tests: random shapes, goals, algorithms and heuristics."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npuzzle import ALGORITHMS, HEURISTICS, Board, Limits, StopReason, is_solvable, solve
from npuzzle.answer import quality
from npuzzle.heuristics import estimate, heuristic_available
from npuzzle.known import bfs_distances

from .helpers import check_solution

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]
MAX_NODES = 2_000_000
IDDFS_3X3_MAX_NODES = 50_000
"""IDDFS is exponential on long 3x3 boards (tested on short ones elsewhere): here it gets a
small node limit, so it either solves a near board or stops at that limit and says so."""


@st.composite
def problems(draw: st.DrawFn) -> tuple[Board, Board]:
    rows, cols = draw(st.sampled_from(SHAPES))
    goal = Board(rows, cols, tuple(draw(st.permutations(range(rows * cols)))))
    board = Board(rows, cols, tuple(draw(st.permutations(range(rows * cols)))))
    return board, goal


_DISTANCES: dict[Board, dict[tuple[int, ...], int]] = {}


def distance(board: Board, goal: Board) -> int | None:
    """The exact distance from ``board`` to ``goal`` (None if unsolvable), by breadth-first
    search from the goal. Tiles are only names: renamed so that the goal becomes the goal of
    its shape with its blank in the same cell and the tiles 1, 2, ... in reading order, the
    board is as far from it; that goal's search serves every goal with the blank there (at
    most 41 searches for these shapes instead of one per goal drawn, which took most of this
    file's time)."""
    cells = list(range(1, goal.size))
    cells.insert(goal.blank, 0)
    canonical = Board(goal.rows, goal.cols, tuple(cells))
    renamed = {tile: cells[pos] for pos, tile in enumerate(goal.tiles)}  # goal's tile -> canonical's, cell by cell
    if canonical not in _DISTANCES:
        _DISTANCES[canonical] = bfs_distances(canonical)
    return _DISTANCES[canonical].get(tuple(renamed[t] for t in board.tiles))


@pytest.mark.thorough
@settings(max_examples=150, deadline=None)
@given(problems(), st.sampled_from(list(ALGORITHMS)), st.sampled_from(list(HEURISTICS)))
def test_any_search_answers_correctly(problem: tuple[Board, Board], algorithm: str, heuristic: str) -> None:
    """Whatever the board, goal, algorithm and heuristic, the result says what it can prove
    and nothing more: a solved result replays to the goal; an optimal pair gives the BFS
    distance; a bounded one stays within its factor; a stopped one names its limit."""
    board, goal = problem
    info = ALGORITHMS[algorithm]
    # Every heuristic serves every goal of these shapes (at most 9 cells): none is skipped.
    assert heuristic_available(heuristic, board.rows, board.cols, goal.blank)
    max_nodes = IDDFS_3X3_MAX_NODES if board.size == 9 and algorithm == "iddfs" else MAX_NODES
    result = solve(board, goal, algorithm, heuristic if info.uses_heuristic else None,
                   limits=Limits(max_nodes=max_nodes))
    exact = distance(board, goal)
    assert result.solvable == is_solvable(board, goal) == (exact is not None)
    assert result.heuristic == (heuristic if info.uses_heuristic else None)
    if exact is None:
        assert result.length is None
        assert result.stop is StopReason.UNSOLVABLE and result.expanded == 0 and result.tiles == ()
        assert result.to_dict()["stopped"] is None and not result.optimal
        return
    proves_optimal = info.optimal and (not info.uses_heuristic or HEURISTICS[heuristic].admissible)
    if result.lower_bound is not None:  # every result's lower bound is a true one
        assert result.lower_bound <= exact and (exact - result.lower_bound) % 2 == 0
    if info.anytime:
        # An answer whatever stopped it, proven optimal exactly when its bound meets it.
        check_solution(board, goal, result)
        assert result.length is not None and result.length >= exact
        assert result.optimal == (result.lower_bound == result.length)
        if result.optimal:
            assert result.length == exact and quality(result) == "optimal"
        else:
            assert result.suboptimality is not None and result.length <= result.suboptimality * exact
        if result.stop is StopReason.NODE_LIMIT:
            assert result.expanded >= max_nodes
        return
    if result.stop.value in ("node-limit", "time-limit"):
        # Only the weak heuristics with IDA*, and IDDFS far from the goal, may need more:
        # IDDFS grows about 1.5x per move on 2x4 (the most of 15 boards at 26 moves took
        # 764,000 nodes, at 28 moves 1.76 million, and one at 30 moves 2.78 million).
        weak = heuristic in ("hamming", "euclidean") and algorithm == "idastar"
        assert weak or (algorithm == "iddfs" and (exact >= 27 or max_nodes == IDDFS_3X3_MAX_NODES)), (
            algorithm, heuristic, exact)
        # A stopped result says which limit stopped it, and claims no solution.
        assert result.to_dict()["stopped"] == result.stop.value
        assert result.length is None and result.tiles == () and not result.optimal
        if result.stop is StopReason.NODE_LIMIT:
            assert result.expanded == max_nodes
        if proves_optimal:  # its last bound is a lower bound on the length
            assert result.bound is not None and result.bound <= exact
        return
    assert result.stop is StopReason.SOLVED
    assert board.play(result.tiles) == goal
    check_solution(board, goal, result)
    assert result.length is not None
    assert result.length >= exact and (result.length - exact) % 2 == 0  # every path has the parity
    assert result.optimal == proves_optimal
    if proves_optimal:
        assert result.length == exact
        assert quality(result) == "optimal"
    if result.optimal:
        assert result.length == exact
    if info.factor_option is not None:  # weighted A*: within its factor of the optimum
        factor = result.options[info.factor_option]
        default = next(o.default for o in info.options if o.name == info.factor_option)
        assert result.suboptimality == factor == default
        assert result.length <= factor * exact
    elif not info.optimal:  # greedy: proves nothing
        assert result.suboptimality is None and quality(result) == "not proven optimal"
    if result.suboptimality is not None:
        assert result.length is not None and result.length <= result.suboptimality * exact


@pytest.mark.thorough
@settings(max_examples=200, deadline=None)
@given(problems(), st.sampled_from(list(HEURISTICS)))
def test_admissible_heuristics_never_overestimate(problem: tuple[Board, Board], heuristic: str) -> None:
    board, goal = problem
    if not heuristic_available(heuristic, board.rows, board.cols, goal.blank):
        return
    assert estimate(heuristic, goal, goal) == 0
    exact = distance(board, goal)
    if exact is not None and HEURISTICS[heuristic].admissible:
        assert estimate(heuristic, board, goal) <= exact
