"""The checker of a person's heuristic (npuzzle/custom/check.py): exhaustive on boards up
to 9 cells, against a direct computation over exact distances; sampled beyond, never
claiming admissibility there; in steps, with a time limit and cancel."""

from __future__ import annotations

import functools
from typing import Callable

import pytest

from npuzzle import Board, is_solvable
from npuzzle.custom import TEMPLATE, UserCodeError, load_heuristic
from npuzzle.custom.check import CheckProgress, CheckResult, HeuristicCheck, check_heuristic, korf_instances
from npuzzle.job import run
from npuzzle.known import bfs_distances, blank_first_to_blank_last, eight_puzzle_distances, korf100
from npuzzle.search.problem import neighbour_table

from .helpers import SMALL_GOALS, advance, goal_of

Tiles = tuple[int, ...]
MANHATTAN = load_heuristic(TEMPLATE)
GOAL = Board.goal(3, 3)


@functools.lru_cache(maxsize=None)
def manhattan_values(goal_name: str) -> dict[Tiles, int]:
    """The template's value on every 3x3 state (computed once for the tests here)."""
    goal = Board.goal(3, 3, goal_name).tiles
    return {tiles: MANHATTAN(tiles, goal, 3, 3) for tiles in eight_puzzle_distances(goal_name)}


def moves(tiles: Tiles, cols: int, rows: int) -> list[Tiles]:
    blank = tiles.index(0)
    out = []
    for cell in _neighbours(rows, cols)[blank]:
        cells = list(tiles)
        cells[blank], cells[cell] = cells[cell], 0
        out.append(tuple(cells))
    return out


_neighbours = functools.lru_cache(maxsize=None)(neighbour_table)


def direct(h: Callable[[Tiles, Tiles, int, int], int], goal: Board,
           distances: dict[Tiles, int]) -> tuple[dict[Tiles, int], set[tuple[Tiles, Tiles]]]:
    """The overestimating boards (h - distance) and the inconsistent moves, computed
    directly from the exact distances."""
    values = {tiles: h(tiles, goal.tiles, goal.rows, goal.cols) for tiles in distances}
    over = {tiles: values[tiles] - d for tiles, d in distances.items() if values[tiles] > d}
    edges = {(a, b) for a in distances for b in moves(a, goal.cols, goal.rows) if values[a] - values[b] > 1}
    return over, edges


@pytest.mark.thorough
def test_a_planted_overestimate_is_found_at_exactly_its_boards() -> None:
    distances = eight_puzzle_distances("blank-last")
    planted = {tiles: d for tiles, d in distances.items() if d == 20 and tiles[:3] == (1, 2, 3)}
    assert 3 <= len(planted) < 100
    extra = {tiles: 1 + i % 4 for i, tiles in enumerate(sorted(planted))}

    base = manhattan_values("blank-last")

    def h(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        return planted[tiles] + extra[tiles] if tiles in planted else base[tiles]

    result = check_heuristic(h, GOAL)
    over, _ = direct(h, GOAL, distances)
    assert set(over) == set(planted)
    assert result.exhaustive and result.admissible is False and result.overestimates == len(planted)
    assert {o.board for o in result.overestimate_examples} == set(planted)
    assert all(o.h - o.distance == extra[o.board] and o.distance == 20 for o in result.overestimate_examples)
    worst = result.worst_overestimate
    assert worst is not None and worst.h - worst.distance == max(over.values()) == max(extra.values())
    assert over[worst.board] == max(over.values())
    assert result.verdict().startswith(f"not admissible: h exceeds the true distance on {len(planted)} of 181,440")


def test_a_planted_inconsistency_is_found_at_exactly_its_moves() -> None:
    """Manhattan + 2 on a few boards where that still does not overestimate: admissible,
    but h drops by 3 along every move from them that lowers Manhattan."""
    distances = eight_puzzle_distances("blank-last")
    base = manhattan_values("blank-last")
    planted = {tiles for tiles, d in distances.items() if d == 16 and base[tiles] + 2 <= d and tiles[:4] == (1, 2, 3, 4)}
    assert 2 <= len(planted) <= 20

    def h(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        return base[tiles] + (2 if tiles in planted else 0)

    result = check_heuristic(h, GOAL)
    over, edges = direct(h, GOAL, distances)
    assert not over and edges and {a for a, _ in edges} <= planted
    assert result.admissible is True and result.consistent is False
    assert result.inconsistent_edges == len(edges) < 100
    assert {(e.before, e.after) for e in result.inconsistent_examples} == edges
    assert all(e.drop == 3 for e in result.inconsistent_examples)
    worst = result.worst_inconsistent_edge
    assert worst is not None and (worst.before, worst.after) in edges and worst.drop == 3
    data = result.to_dict()
    assert data["worst_inconsistent_edge"] == {"before": list(worst.before), "after": list(worst.after),
                                               "h_before": worst.h_before, "h_after": worst.h_after, "drop": 3}


@pytest.mark.thorough
def test_double_manhattan_against_the_direct_count_with_exact_share_and_mean_ratio() -> None:
    distances = eight_puzzle_distances("blank-first")
    goal = Board.goal(3, 3, "blank-first")

    base = manhattan_values("blank-first")

    def h(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        return 2 * base[tiles]

    result = check_heuristic(h, goal)
    over, edges = direct(h, goal, distances)
    assert (result.overestimates, result.inconsistent_edges) == (len(over), len(edges))
    assert result.states == 181_440 and result.edges == 483_840 and result.max_distance == 31
    worst = result.worst_overestimate
    assert worst is not None and worst.h - worst.distance == max(over.values())
    exact = sum(1 for tiles, d in distances.items() if 2 * base[tiles] == d)
    ratio = sum(2 * base[t] / d for t, d in distances.items() if d) / (len(distances) - 1)
    assert result.exact == exact and result.mean_ratio == pytest.approx(ratio)
    assert result.to_dict()["admissible"] is False and result.to_dict()["consistent"] is False


@pytest.mark.parametrize("shape, goal_text", SMALL_GOALS)
def test_every_small_shape_and_any_goal(shape: tuple[int, int], goal_text: str) -> None:
    rows, cols = shape
    goal = goal_of(rows, cols, goal_text)
    distances = bfs_distances(goal)
    result = check_heuristic(MANHATTAN, goal)
    assert (result.admissible, result.consistent, result.exhaustive) == (True, True, True)
    assert result.states == len(distances) and result.max_distance == max(distances.values())
    assert result.h_goal == 0 and result.verdict().startswith(f"admissible: h never exceeds the true distance on all {len(distances):,}")

    def h(tiles: Tiles, goal: Tiles, r: int, c: int) -> int:  # exact, so consistent too
        return distances[tiles]

    exact = check_heuristic(h, goal)
    assert exact.exact == exact.states and exact.exact_share == 1.0 and exact.mean_ratio == 1.0
    assert exact.admissible and exact.consistent


def test_h_of_the_goal_above_zero_is_an_overestimate_at_the_goal() -> None:
    def h(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        return 1

    result = check_heuristic(h, Board.goal(2, 2))
    assert result.h_goal == 1 and result.admissible is False
    assert result.overestimate_examples[0].board == (1, 2, 3, 0)


def test_a_user_error_in_the_check_names_the_board() -> None:
    h = load_heuristic("def h(tiles, goal, rows, cols):\n    return 0 if tiles[0] == 1 else tiles.index(99)\n", "bad.py")
    with pytest.raises(UserCodeError) as caught:
        check_heuristic(h, Board.goal(2, 2))
    assert caught.value.line == 2 and caught.value.board is not None and caught.value.board[0] != 1
    assert "ValueError" in caught.value.message


def test_bigger_boards_are_sampled_and_never_called_admissible() -> None:
    result = run(HeuristicCheck(MANHATTAN, Board.goal(4, 4), sample_states=3_000))
    assert not result.exhaustive and result.admissible is None and result.consistent is None
    assert result.states == 3_100 and "Korf's 100 instances" in result.samples
    assert result.verdict() == f"no overestimate found on 3,100 boards; no inconsistent move found among {result.edges:,}"
    assert "admissible:" not in result.verdict()
    assert result.max_distance == max(length for _, length, _ in korf100())

    def double(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        return 2 * MANHATTAN(tiles, goal, rows, cols)

    bad = run(HeuristicCheck(double, Board.goal(3, 4), sample_states=2_000))
    assert bad.admissible is False and bad.consistent is False and bad.states == 2_000
    assert bad.verdict().startswith("not admissible: h exceeds the true distance on")
    distances = bfs_distances(Board.goal(3, 4), max_depth=bad.max_distance)
    assert all(distances[o.board] == o.distance for o in bad.overestimate_examples)


@pytest.mark.parametrize("goal_name", ["blank-first", "blank-last", "0 4 8 12 1 5 9 13 2 6 10 14 3 7 11 15",
                                       "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0", "4 3 2 0 8 7 6 1 12 11 10 5 9 13 14 15"])
def test_korf_instances_map_onto_any_goal_with_the_blank_in_a_corner(goal_name: str) -> None:
    goal = goal_of(4, 4, goal_name)
    instances = list(korf_instances(goal))
    assert len(instances) == 100
    assert all(is_solvable(Board(4, 4, tiles), goal) for tiles, _ in instances)
    assert all(MANHATTAN(tiles, goal.tiles, 4, 4) <= length for tiles, length in instances)
    if goal_name == "blank-first":
        assert [list(t) for t, _ in instances] == [tiles for _, _, tiles in korf100()]
    if goal_name == "blank-last":
        assert [list(t) for t, _ in instances] == [blank_first_to_blank_last(tiles, 4) for _, _, tiles in korf100()]
    assert not list(korf_instances(Board.from_string("1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15")))


def test_the_check_runs_in_steps_stops_at_its_time_limit_and_cancels() -> None:
    check = HeuristicCheck(MANHATTAN, GOAL)
    first = advance(check, 0.01)
    assert isinstance(first, CheckProgress) and 0 < first.states < first.total == 181_440
    check.cancel()
    result = check.result
    assert result is not None and result.stopped == "cancelled" and not result.exhaustive and result.admissible is None
    assert result.verdict().startswith(f"no overestimate found on {result.states:,} boards (cancelled)")
    assert advance(check) is result and check.done

    timed = run(HeuristicCheck(MANHATTAN, GOAL, time_limit=0.05))
    assert timed.stopped == "time-limit" and timed.states < 181_440 and timed.admissible is None
    assert "(stopped by the time limit)" in timed.verdict()
    reports: list[CheckProgress] = []
    full = run(HeuristicCheck(MANHATTAN, Board.goal(2, 4)), lambda p: reports.append(p) is not None, interval=0.001)
    assert isinstance(full, CheckResult) and full.complete and reports
    assert [p.states for p in reports] == sorted(p.states for p in reports)


def test_a_check_cancelled_before_it_began_calls_no_h() -> None:
    def h(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        raise AssertionError("not called")

    check = HeuristicCheck(h, GOAL)
    check.cancel()
    result = check.result
    assert result is not None and (result.states, result.h_goal, result.stopped, result.admissible) == (0, None, "cancelled", None)
