"""Optimal solving in the multi-tile metric (npuzzle/speed/mtm.py): every table entry against
an independent breadth-first search, the group estimate never above the exact distance (every
3x3 state, 4x4 states of known distance), shortest solutions that replay, and the search's
protocol (progress, limits, cancel, refusals).

The independent searches here move the blank one swap at a time along a direction and keep
plain dicts of tuples; the module moves whole runs with precomputed code gains and ranks."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path
from typing import Iterator

import pytest

from npuzzle import Board
from npuzzle.distance_table import UNSEEN
from npuzzle.search.problem import Problem
from npuzzle.search.result import Limits, Progress, StopReason
from npuzzle.search.steps import Outcome, Steps
from npuzzle.speed import mtm
from npuzzle.speed.mtm import (
    GROUP_STAGE,
    TABLE_STAGE,
    MtmUnsupported,
    check_mtm_supported,
    group_estimate,
    group_estimator,
    mtm_search,
    mtm_supported,
    mtm_table,
)

from . import table_cache
from .helpers import replay

Tiles = tuple[int, ...]
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
"""Row and column steps of the blank: up, down, left, right."""
GROUPINGS_3X3 = ("112112333", "111223223")
"""Two groupings of a 3x3 (the estimate's machinery is the 4x4's, on a board small enough to
check every state)."""


def neighbours(state: Tiles, rows: int, cols: int) -> Iterator[tuple[Tiles, int]]:
    """Every state one MTM move away, with the move's axis (0 vertical, 1 horizontal): the blank
    swapped with its neighbour again and again in one direction."""
    blank = state.index(0)
    for dr, dc in DIRECTIONS:
        cells = list(state)
        r, c = divmod(blank, cols)
        while 0 <= r + dr < rows and 0 <= c + dc < cols:
            here, there = r * cols + c, (r + dr) * cols + c + dc
            cells[here], cells[there] = cells[there], cells[here]
            r, c = r + dr, c + dc
            yield tuple(cells), 0 if dr else 1


def bfs(goal: Tiles, rows: int, cols: int, depth: int | None = None) -> dict[Tiles, int]:
    """Every state within ``depth`` MTM moves of ``goal`` (all, by default) and its distance."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        d = dist[state]
        if depth is not None and d == depth:
            continue
        for child, _ in neighbours(state, rows, cols):
            if child not in dist:
                dist[child] = d + 1
                queue.append(child)
    return dist


def axis_bfs(goal: Tiles, rows: int, cols: int, depth: int | None = None) -> dict[tuple[Tiles, int], int]:
    """The fewest MTM moves from each state to ``goal`` when the first move must be along a
    given axis, for every (state, axis) whose answer is at most ``depth``: a breadth-first
    search backwards, over pairs, where a state's path through its neighbour must change axis."""
    dist = {(goal, 0): 0, (goal, 1): 0}
    queue = deque(dist)
    while queue:
        state, axis = queue.popleft()
        d = dist[state, axis]
        if depth is not None and d == depth:
            continue
        for child, move_axis in neighbours(state, rows, cols):
            if move_axis != axis and (child, move_axis) not in dist:
                dist[child, move_axis] = d + 1
                queue.append((child, move_axis))
    return dist


def mtm_length(moves: str) -> int:
    """Runs of one letter in a string of single slides."""
    return sum(1 for i, move in enumerate(moves) if i == 0 or move != moves[i - 1])


def finish(steps: Steps, cancel_when: object = None) -> tuple[Outcome, list[Progress]]:
    """Drive a search to its end; ``cancel_when(progress)`` true sends a cancel."""
    reports: list[Progress] = []
    try:
        progress = next(steps)
        while True:
            reports.append(progress)
            progress = steps.send(bool(cancel_when and cancel_when(progress)))  # type: ignore[operator]
    except StopIteration as stop:
        return stop.value, reports


def solve(board: Board, goal: Board, limits: Limits | None = None) -> tuple[Outcome, list[Progress]]:
    return finish(mtm_search(Problem.from_boards(board, goal), limits or Limits(max_nodes=10**8, time_limit=600)))


def check_shortest(board: Board, goal: Board, outcome: Outcome, length: int) -> None:
    """Solved, the path replays legally from ``board`` to ``goal``, and is ``length`` MTM moves."""
    assert outcome.stop is StopReason.SOLVED and outcome.path is not None
    tiles, moves = Problem.from_boards(board, goal).decode(outcome.path)
    assert replay(board, tiles, moves)[-1] == goal
    assert outcome.bound == mtm_length(moves) == length, (board, moves)


def walk(goal: Board, moves: int, rng: random.Random) -> Board:
    """``goal`` after ``moves`` random MTM moves, each along the other axis than the last."""
    state, axis = goal.tiles, None
    for _ in range(moves):
        options = [(child, a) for child, a in neighbours(state, goal.rows, goal.cols) if a != axis]
        state, axis = rng.choice(options)
    return Board(goal.rows, goal.cols, state)


def exact_near(board: Board, around_goal: dict[Tiles, int], radius: int) -> int | None:
    """A 4x4 board's MTM distance when it is at most twice ``radius``, met in the middle: the
    fewest ``i + around_goal[f]`` over the states f within i <= radius moves of the board
    (``around_goal``: every state within ``radius`` of the goal)."""
    best = None
    for state, i in bfs(board.tiles, board.rows, board.cols, radius).items():
        j = around_goal.get(state)
        if j is not None and (best is None or i + j < best):
            best = i + j
    return best if best is not None and best <= 2 * radius else None


@pytest.fixture(scope="module")
def exact_3x3() -> dict[Tiles, int]:
    return bfs(Board.goal(3).tiles, 3, 3)


@pytest.fixture(scope="module")
def four() -> mtm.GroupEstimate:
    """The 4x4's estimate for the blank-last goal, its tables complete: built (about ten
    seconds) by this version of mtm.py once, then read back (tests/table_cache.py).
    ``test_building_the_4x4_tables_is_reported_and_can_be_cancelled`` builds them from nothing."""
    tables = table_cache.kept("mtm-4x4-blank-last", [Path(mtm.__file__)], lambda: group_estimator(4, 4, 15).grow().tables)
    for table in tables:
        assert table.complete
        mtm._GROUP_TABLES[table.rows, table.cols, table.grouping, table.blank_goal] = table
    estimate = group_estimator(4, 4, 15)  # a new estimate over the tables read back
    assert estimate.ready and all(any(t is kept for kept in tables) for t in estimate.tables)
    return estimate


FOUR_RADIUS = 7


@pytest.fixture(scope="module")
def around_4x4() -> dict[Tiles, int]:
    return bfs(Board.goal(4).tiles, 4, 4, FOUR_RADIUS)


# -- the tables of every state -------------------------------------------------------


def test_the_3x3_table_matches_an_independent_search_on_every_state(exact_3x3) -> None:
    table = mtm_table(Board.goal(3)).grow_all()
    assert table.complete and table.states == len(exact_3x3) == 181_440
    assert all(table.distance_of(state) == d for state, d in exact_3x3.items())
    assert table.max_distance == max(exact_3x3.values()) == 24
    order = [table.distance[table.numbering.rank(code)] for code in table.order]
    assert order == sorted(order)  # breadth-first: distances never decrease along the queue
    assert table.distance_of((2, 1, 3, 4, 5, 6, 7, 8, 0)) is None  # the other parity, never reached


@pytest.mark.parametrize("rows, cols, goal_name", [(2, 3, "blank-last"), (3, 2, "blank-first"), (2, 4, "blank-last"),
                                                    (4, 2, "blank-first"), (2, 2, "blank-last")])
def test_small_tables_match_an_independent_search(rows, cols, goal_name) -> None:
    goal = Board.goal(rows, cols, goal_name)
    exact = bfs(goal.tiles, rows, cols)
    table = mtm_table(goal)
    while not table.complete:  # grown in small steps, as the browser grows it
        table.grow(97)
    assert table.states == len(exact)
    assert all(table.distance_of(state) == d for state, d in exact.items())


def test_a_table_is_kept_per_goal_and_refused_beyond_nine_cells() -> None:
    assert mtm_table(Board.goal(3)) is mtm_table(Board.goal(3))
    with pytest.raises(ValueError, match="at most 9 cells"):
        mtm_table(Board.goal(3, 4))


# -- the group estimate ---------------------------------------------------------------


@pytest.mark.thorough
@pytest.mark.parametrize("goal_text", ["1 2 3 / 4 5 6 / 7 8 0", "0 1 2 / 3 4 5 / 6 7 8", "1 2 3 / 4 0 5 / 6 7 8"])
def test_the_group_estimate_never_exceeds_the_exact_distance_on_any_3x3_state(goal_text) -> None:
    """For each axis of the next move, against exact distances of (state, axis) pairs; the
    blank-first goal goes through the mirror that moves its blank to the corner, the third
    goal keeps its blank in the middle (tables of their own)."""
    goal = Board.from_string(goal_text)
    exact = axis_bfs(goal.tiles, 3, 3)
    assert len(exact) == 2 * 181_440
    sigma = mtm.symmetry_to_corner(3, 3, goal.blank)
    estimator = group_estimator(3, 3, sigma[goal.blank], GROUPINGS_3X3).grow()
    assert len(estimator.lookups) == 4  # each grouping as it is and transposed
    place = {goal.tiles[cell]: sigma[cell] for cell in range(9)}
    total = 0
    for (state, axis), d in exact.items():
        cells = [0] * 9
        for cell, tile in enumerate(state):
            cells[sigma[cell]] = place[tile] + 1 if tile else 0
        value = estimator.estimate(cells, axis)
        assert value <= d, (state, axis, value, d)
        total += value
    assert total / len(exact) > 10  # informative (the exact distances average over 16)
    board = Board(3, 3, next(iter(exact))[0])
    assert group_estimate(board, goal, groupings=GROUPINGS_3X3) <= min(exact[board.tiles, 0], exact[board.tiles, 1])


def test_the_group_estimate_drops_by_at_most_one_per_move() -> None:
    """Consistent along alternating moves: a move along an axis lowers the estimate for that
    axis by at most one (3x3 states drawn at random, and their children)."""
    estimator = group_estimator(3, 3, 8, GROUPINGS_3X3).grow()
    rng = random.Random(5)
    state = Board.goal(3).tiles
    checked = 0
    for _ in range(3000):
        for axis in (0, 1):
            before = estimator.estimate(list(state), axis)
            for child, move_axis in neighbours(state, 3, 3):
                if move_axis == axis:
                    checked += 1
                    assert before <= 1 + estimator.estimate(list(child), 1 - axis)
        state = rng.choice(list(neighbours(state, 3, 3)))[0]
    assert checked >= 3000 * 2  # every state has a move along each axis


def test_the_4x4_estimate_never_exceeds_the_exact_distance_near_the_goal(four, around_4x4) -> None:
    exact = axis_bfs(Board.goal(4).tiles, 4, 4, FOUR_RADIUS)
    for (state, axis), d in exact.items():
        assert four.estimate(list(state), axis) <= d, (state, axis)
    for state, d in around_4x4.items():
        assert four.estimate(list(state)) <= d
    assert len(around_4x4) > 6000


def test_the_4x4_estimate_never_exceeds_the_exact_distance_of_random_walks(four, around_4x4) -> None:
    """Boards up to 14 MTM moves from the goal, their distance met in the middle."""
    rng = random.Random(37)
    goal = Board.goal(4)
    checked = 0
    for moves in (8, 10, 12, 14, 14, 16, 16, 20):
        board = walk(goal, moves, rng)
        d = exact_near(board, around_4x4, FOUR_RADIUS)
        if d is not None:
            checked += 1
            assert group_estimate(board, goal) <= d
            assert four.estimate(list(board.tiles)) <= d
    assert checked >= 5


def test_the_estimate_refuses_boards_without_tables() -> None:
    with pytest.raises(MtmUnsupported, match="at most 16 cells"):
        group_estimate(Board.goal(5), Board.goal(5))
    with pytest.raises(MtmUnsupported, match="4x4"):
        group_estimate(Board.goal(3), Board.goal(3))


def test_a_group_table_numbers_every_abstract_board_once() -> None:
    """Every abstract board reached from both axes: no two share a rank."""
    table = mtm.GroupTable(3, 3, "112112333", 8).grow_all()
    assert table.expanded == 2 * table.size == 2 * 3780
    assert table.first[0].count(UNSEEN) == table.first[1].count(UNSEEN) == 0


# -- shortest solutions ---------------------------------------------------------------


def test_3x3_solutions_are_shortest_and_replay(exact_3x3) -> None:
    goal = Board.goal(3)
    rng = random.Random(8)
    states = list(exact_3x3)
    for state in [*rng.sample(states, 40), max(exact_3x3, key=exact_3x3.__getitem__), goal.tiles]:
        board = Board(3, 3, state)
        outcome, _ = solve(board, goal)
        check_shortest(board, goal, outcome, exact_3x3[state])


def test_small_boards_with_another_goal_are_solved_shortest() -> None:
    goal = Board.from_string("0 4 2 / 3 1 5")
    exact = bfs(goal.tiles, 2, 3)
    for state in random.Random(2).sample(list(exact), 15):
        outcome, _ = solve(Board(2, 3, state), goal)
        check_shortest(Board(2, 3, state), goal, outcome, exact[state])


def test_4x4_boards_at_a_known_distance_are_solved_shortest(four, around_4x4) -> None:
    rng = random.Random(15)
    goal = Board.goal(4)
    solved = 0
    for moves in (5, 9, 11, 13, 14, 16, 18):
        board = walk(goal, moves, rng)
        d = exact_near(board, around_4x4, FOUR_RADIUS)
        if d is not None:
            outcome, _ = solve(board, goal)
            check_shortest(board, goal, outcome, d)
            solved += 1
    assert solved >= 5


KNOWN_4X4 = {
    "6 11 1 2 / 10 5 7 3 / 4 0 12 8 / 13 9 14 15": 20,
    "8 7 2 15 / 1 6 3 14 / 5 0 9 11 / 13 12 10 4": 25,
    "3 9 15 11 / 12 0 6 5 / 13 14 4 1 / 10 8 7 2": 30,
    "11 9 13 2 / 3 6 10 0 / 1 14 4 7 / 5 15 8 12": 30,
}
"""Random 4x4 boards (``random_board(4, seed=s)`` for s = 11, 14, 10, 16) and their MTM
distance, found by a separate solver written in C for this test: IDA* over the same moves
with the larger of two lookups in a 252,252,000-entry table of boards whose tiles are told
apart only by their goal row (the board as it is and transposed)."""


@pytest.mark.parametrize("text, length", KNOWN_4X4.items())
def test_random_4x4_boards_get_their_independently_known_length(four, text, length) -> None:
    board = Board.from_string(text)
    outcome, reports = solve(board, Board.goal(4))
    check_shortest(board, Board.goal(4), outcome, length)
    assert all(r.stage is None for r in reports)  # the tables were ready


def test_a_blank_first_4x4_goal_is_solved_through_the_mirror(four) -> None:
    """The blank-first goal's blank goes to the last cell by a half turn (both mirrors): the
    same tables, and the path mapped back."""
    goal = Board.goal(4, 4, "blank-first")
    around = bfs(goal.tiles, 4, 4, 6)
    rng = random.Random(4)
    for moves in (7, 10, 12):
        board = walk(goal, moves, rng)
        d = exact_near(board, around, 6)
        assert d is not None
        outcome, reports = solve(board, goal)
        check_shortest(board, goal, outcome, d)
        assert all(r.stage is None for r in reports)


def test_the_goal_itself_is_solved_in_no_move(four) -> None:
    for goal in (Board.goal(4), Board.goal(3), Board.goal(2, 4)):
        outcome, _ = solve(goal, goal)
        assert outcome.stop is StopReason.SOLVED and outcome.path == [goal.blank] and outcome.bound == 0


def test_unsolvable_boards_are_answered_at_once() -> None:
    for text, goal in (("2 1 3 / 4 5 6 / 7 8 0", Board.goal(3)),
                       ("2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0", Board.goal(4)),
                       ("4 5 0 / 1 2 3", Board.from_string("5 4 0 / 1 2 3"))):
        outcome, reports = solve(Board.from_string(text), goal)
        assert outcome.stop is StopReason.UNSOLVABLE and outcome.path is None and reports == []


# -- the protocol: progress, limits, cancel, refusals ----------------------------------


def renamed(board: Board, names: dict[int, int]) -> Board:
    return Board(board.rows, board.cols, tuple(names[tile] for tile in board.tiles))


def fresh_3x3(seed: int, exact: dict[Tiles, int]) -> tuple[Board, Board]:
    """A 3x3 goal no other test asks for (its table is built afresh: the standard goal with its
    tiles renamed), and the board farthest from it (24 moves)."""
    names = list(range(1, 9))
    random.Random(seed).shuffle(names)
    rename = dict(zip(range(1, 9), names)) | {0: 0}
    farthest = Board(3, 3, max(exact, key=exact.__getitem__))
    return renamed(farthest, rename), renamed(Board.goal(3), rename)


def test_a_table_is_built_in_reported_steps_and_a_cancel_stops_it(exact_3x3) -> None:
    board, goal = fresh_3x3(1, exact_3x3)
    outcome, reports = solve(board, goal)
    check_shortest(board, goal, outcome, 24)
    assert len(reports) >= 181_440 // mtm.GROW_STEP - 2 and all(r.stage == TABLE_STAGE for r in reports)
    assert all(0 < b.expanded - a.expanded <= mtm.GROW_STEP for a, b in zip(reports, reports[1:]))
    board, goal = fresh_3x3(2, exact_3x3)
    outcome, reports = finish(mtm_search(Problem.from_boards(board, goal), Limits()), cancel_when=lambda p: True)
    assert outcome.stop is StopReason.CANCELLED and outcome.path is None and len(reports) == 1
    outcome, _ = solve(board, goal)  # the table is grown on from where the cancel left it
    check_shortest(board, goal, outcome, 24)
    assert outcome.expanded < 181_440 - mtm.GROW_STEP // 2


def test_a_table_build_stops_at_the_node_limit(exact_3x3) -> None:
    board, goal = fresh_3x3(3, exact_3x3)
    outcome, _ = finish(mtm_search(Problem.from_boards(board, goal), Limits(max_nodes=5000)))
    assert outcome.stop is StopReason.NODE_LIMIT and outcome.expanded == 5000 and outcome.path is None
    outcome, _ = finish(mtm_search(Problem.from_boards(board, goal), Limits(time_limit=1e-9)))
    assert outcome.stop is StopReason.TIME_LIMIT and outcome.path is None


HARD_4X4 = Board.from_string("3 11 1 15 / 7 6 4 9 / 8 12 0 2 / 13 14 10 5")
"""``random_board(4, seed=1)``: 34 MTM moves, millions of nodes."""


def test_the_4x4_search_reports_every_1024_expansions_and_each_iteration(four) -> None:
    outcome, reports = solve(Board.from_string(list(KNOWN_4X4)[-1]), Board.goal(4))
    assert outcome.stop is StopReason.SOLVED
    searching = [r for r in reports if r.stage is None]
    assert len(searching) >= outcome.expanded // 1024
    bounds = [(r.iteration.bound, r.bound) for r in searching if r.iteration is not None]
    assert bounds and all(before < after for before, after in bounds)
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:])) and bounds[-1][1] == outcome.bound
    assert outcome.iteration is not None and outcome.iteration.bound == outcome.bound
    assert sum(r.iteration.expanded for r in searching if r.iteration) + outcome.iteration.expanded == outcome.expanded


def test_the_4x4_search_stops_at_its_limits_and_on_cancel(four) -> None:
    problem = Problem.from_boards(HARD_4X4, Board.goal(4))
    outcome, _ = finish(mtm_search(problem, Limits(max_nodes=3000)))
    assert outcome.stop is StopReason.NODE_LIMIT and outcome.path is None and outcome.expanded == 3000
    outcome, _ = finish(mtm_search(problem, Limits(time_limit=1e-9)))
    assert outcome.stop is StopReason.TIME_LIMIT and outcome.path is None
    outcome, reports = finish(mtm_search(problem, Limits()), cancel_when=lambda p: p.expanded >= 4096)
    assert outcome.stop is StopReason.CANCELLED and reports[-1].expanded == 4096 and outcome.expanded == 4096


def test_building_the_4x4_tables_is_reported_and_can_be_cancelled(monkeypatch) -> None:
    """With the kept tables set aside, a search first builds them, saying so; a cancel stops it."""
    monkeypatch.setattr(mtm, "_GROUP_TABLES", type(mtm._GROUP_TABLES)())
    monkeypatch.setattr(mtm, "_ESTIMATES", {})
    seen: list[Progress] = []

    def third(progress: Progress) -> bool:
        seen.append(progress)
        return len(seen) == 3

    outcome, reports = finish(mtm_search(Problem.from_boards(HARD_4X4, Board.goal(4)), Limits()), cancel_when=third)
    assert outcome.stop is StopReason.CANCELLED
    assert [r.stage for r in reports] == [GROUP_STAGE] * 3


@pytest.mark.parametrize("rows, cols", [(3, 4), (4, 3), (2, 5), (5, 5), (4, 5), (2, 8)])
def test_other_sizes_are_refused_before_anything_starts(rows, cols) -> None:
    assert not mtm_supported(rows, cols)
    goal = Board.goal(rows, cols)
    with pytest.raises(MtmUnsupported, match=f"{rows}x{cols} board: only boards of at most 9 cells"):
        mtm_search(Problem.from_boards(goal, goal), Limits())
    with pytest.raises(ValueError):
        check_mtm_supported(rows, cols)


def test_supported_sizes() -> None:
    assert [s for s in ((2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (4, 4)) if mtm_supported(*s)] == \
        [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (4, 4)]
    check_mtm_supported(4, 4)
