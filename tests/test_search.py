"""Searches: optimal lengths against exhaustive BFS and published facts, replays, limits."""

from __future__ import annotations

import random
import time
import tracemalloc

import pytest

from npuzzle import ALGORITHMS, HEURISTICS, Board, Limits, Progress, Search, StopReason, solve
from npuzzle.random_boards import random_board

from npuzzle.known import (
    EIGHT_PUZZLE_HISTOGRAM,
    HARDEST_BLANK_FIRST,
    HARDEST_BLANK_LAST,
    bfs_distances,
    blank_first_to_blank_last,
    eight_puzzle_distances,
    korf100,
)

OPTIMAL = [name for name, info in ALGORITHMS.items() if info.optimal]
INFORMED_OPTIMAL = [name for name, info in ALGORITHMS.items() if info.optimal and info.uses_heuristic]
ADMISSIBLE = [name for name, info in HEURISTICS.items() if info.admissible]


def check_solution(board: Board, goal: Board, result) -> None:  # type: ignore[no-untyped-def]
    """Replay the moves; each direction must be the one the tile really slides."""
    assert result.solved
    assert len(result.tiles) == len(result.moves) == result.length
    current = board
    for tile, move in zip(result.tiles, result.moves):
        assert current.direction_of(tile) == move
        current = current.slide(tile)
    assert current == goal


@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_bfs_histogram_matches_the_published_8_puzzle_distances(goal_name: str) -> None:
    distances = eight_puzzle_distances(goal_name)
    histogram = [0] * (max(distances.values()) + 1)
    for d in distances.values():
        histogram[d] += 1
    assert histogram == EIGHT_PUZZLE_HISTOGRAM
    hardest = HARDEST_BLANK_LAST if goal_name == "blank-last" else HARDEST_BLANK_FIRST
    assert sorted(s for s, d in distances.items() if d == 31) == sorted(
        Board.from_string(t).tiles for t in hardest
    )


@pytest.mark.parametrize("algorithm", ["bfs", *INFORMED_OPTIMAL])
@pytest.mark.parametrize(
    ("text", "goal_name"),
    [(t, "blank-last") for t in HARDEST_BLANK_LAST] + [(t, "blank-first") for t in HARDEST_BLANK_FIRST],
)
def test_31_move_boards(algorithm: str, text: str, goal_name: str) -> None:
    board = Board.from_string(text)
    goal = Board.goal(3, 3, goal_name)
    result = solve(board, goal, algorithm=algorithm)
    assert result.length == 31 and result.optimal
    check_solution(board, goal, result)


# Per heuristic: how many sampled states, and the longest distance sampled. The weak
# ones need millions of nodes on the longest boards (see bench/), so they get shorter ones.
SAMPLE = {"pdb": (150, 31), "walking-distance": (80, 31), "linear-conflict": (60, 31),
          "manhattan": (60, 31), "euclidean": (25, 24), "hamming": (25, 22)}


@pytest.mark.parametrize("algorithm", INFORMED_OPTIMAL)
@pytest.mark.parametrize("heuristic", ADMISSIBLE)
@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_optimal_lengths_on_a_sample_of_8_puzzle_states(algorithm: str, heuristic: str, goal_name: str) -> None:
    distances = eight_puzzle_distances(goal_name)
    goal = Board.goal(3, 3, goal_name)
    count, longest = SAMPLE[heuristic]
    rng = random.Random(f"{algorithm}-{heuristic}-{goal_name}")
    states = sorted(s for s, d in distances.items() if d <= longest)
    for tiles in rng.sample(states, count):
        board = Board(3, 3, tiles)
        result = solve(board, goal, algorithm, heuristic, limits=Limits(max_nodes=10**7))
        assert result.length == distances[tiles], tiles
        assert result.optimal
        check_solution(board, goal, result)


@pytest.mark.parametrize("algorithm", ["bfs", "iddfs"])
def test_uninformed_searches_are_optimal(algorithm: str) -> None:
    distances = eight_puzzle_distances("blank-last")
    longest = 31 if algorithm == "bfs" else 14
    rng = random.Random(algorithm)
    states = sorted(s for s, d in distances.items() if d <= longest)
    for tiles in rng.sample(states, 25):
        board = Board(3, 3, tiles)
        result = solve(board, algorithm=algorithm, limits=Limits(max_nodes=10**7))
        assert result.length == distances[tiles] and result.optimal
        check_solution(board, Board.goal(3), result)


@pytest.mark.parametrize("heuristic", ADMISSIBLE)
@pytest.mark.parametrize("weight", [1.0, 1.5, 2.0, 5.0])
def test_weighted_astar_keeps_its_bound(heuristic: str, weight: float) -> None:
    distances = eight_puzzle_distances("blank-last")
    rng = random.Random(f"{heuristic}{weight}")
    longest = SAMPLE[heuristic][1]
    states = sorted(s for s, d in distances.items() if d <= longest)
    for tiles in rng.sample(states, 20):
        board = Board(3, 3, tiles)
        result = solve(board, algorithm="wastar", heuristic=heuristic, weight=weight,
                       limits=Limits(max_nodes=10**7))
        check_solution(board, Board.goal(3), result)
        assert result.suboptimality == weight
        assert result.length is not None and result.length <= weight * distances[tiles]
        assert result.optimal == (weight == 1.0)
        if weight == 1.0:
            assert result.length == distances[tiles]


@pytest.mark.parametrize("heuristic", list(HEURISTICS))
def test_greedy_finds_legal_solutions(heuristic: str) -> None:
    rng = random.Random(heuristic)
    for tiles in rng.sample(sorted(eight_puzzle_distances("blank-last")), 30):
        board = Board(3, 3, tiles)
        result = solve(board, algorithm="greedy", heuristic=heuristic)
        check_solution(board, Board.goal(3), result)
        assert result.optimal is False and result.suboptimality is None


def test_optimal_algorithms_agree_on_4x4_boards() -> None:
    goal = Board.goal(4)
    rng = random.Random(44)
    for _ in range(12):
        board = goal
        for _ in range(rng.randrange(6, 16)):
            board = board.slide(rng.choice([t for t, _ in board.movable()]))
        lengths = {
            (a, h): solve(board, goal, a, h, limits=Limits(max_nodes=10**6)).length
            for a in INFORMED_OPTIMAL for h in ("manhattan", "linear-conflict", "walking-distance", "pdb")
        }
        lengths[("bfs", None)] = solve(board, goal, "bfs").length
        assert len(set(lengths.values())) == 1, lengths


@pytest.mark.parametrize("shape", ["1 2 3 / 4 5 0", "1 2 / 3 4 / 5 0", "1 2 3 4 / 5 6 7 0"])
def test_custom_goal_and_rectangular_board(shape: str) -> None:
    board = Board.from_string(shape)
    distances = bfs_distances(board)
    farthest = max(distances.values())
    goal = Board(board.rows, board.cols, min(s for s, d in distances.items() if d == farthest))
    a, b = solve(board, goal, "astar"), solve(board, goal, "idastar")
    assert a.length == b.length == farthest
    check_solution(board, goal, a)
    check_solution(board, goal, b)


def test_solved_board_has_an_empty_solution() -> None:
    for name in ALGORITHMS:
        result = solve(Board.goal(4), algorithm=name)
        assert result.solved and result.length == 0 and result.tiles == () and result.moves == ""


def test_unsolvable_board_is_answered_without_search() -> None:
    result = solve(Board.from_string("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0"))
    assert result.stop is StopReason.UNSOLVABLE and not result.solvable
    assert result.expanded == 0 and result.length is None
    assert result.to_dict()["stopped"] is None


def test_default_algorithm_is_optimal() -> None:
    for text in ("1 2 3 / 4 5 6 / 0 7 8", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 0 14 15"):
        result = solve(Board.from_string(text))
        assert result.optimal and result.length == 2


HARD_4X4 = Board.from_string("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")  # Korf #1, 57 moves
# Hard for every algorithm, greedy included: a uniformly random 8x8 board.
HARD_8X8 = random_board(8, seed="limits")


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_node_limit_stops_the_search_and_says_so(algorithm: str) -> None:
    # Any solution of Korf #1 has 57 moves, so no search can finish within 30 expansions.
    goal = Board.goal(4, 4, "blank-first")
    result = solve(HARD_4X4, goal, algorithm, limits=Limits(max_nodes=30))
    assert result.stop is StopReason.NODE_LIMIT
    assert result.expanded == 30
    assert result.length is None and not result.optimal
    assert result.to_dict()["stopped"] == "node-limit"
    if ALGORITHMS[algorithm].optimal:
        assert result.bound is not None and result.bound <= 57


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_time_limit_stops_the_search_and_says_so(algorithm: str) -> None:
    started = time.perf_counter()
    result = solve(HARD_8X8, algorithm=algorithm, limits=Limits(max_nodes=10**9, time_limit=0.3))
    elapsed = time.perf_counter() - started
    assert result.stop is StopReason.TIME_LIMIT
    assert result.to_dict()["stopped"] == "time-limit"
    assert elapsed < 2.0


def test_bfs_on_a_4x4_board_stops_at_its_node_limit_with_bounded_memory() -> None:
    tracemalloc.start()
    try:
        result = solve(HARD_4X4, Board.goal(4, 4, "blank-first"), "bfs", limits=Limits(max_nodes=100_000))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.stop is StopReason.NODE_LIMIT and result.expanded == 100_000
    assert peak < 150 * 2**20  # about 300k states stored, far below exhausting memory


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_progress_is_reported_often_and_can_cancel(algorithm: str) -> None:
    seen: list[Progress] = []
    stamps: list[float] = []

    def progress(p: Progress) -> bool:
        seen.append(p)
        stamps.append(time.perf_counter())
        return len(seen) >= 4

    started = time.perf_counter()
    result = solve(HARD_8X8, algorithm=algorithm, limits=Limits(max_nodes=10**9), progress=progress)
    assert result.stop is StopReason.CANCELLED
    assert len(seen) == 4
    assert [p.expanded for p in seen] == sorted(p.expanded for p in seen)
    gaps = [b - a for a, b in zip([started, *stamps], stamps)]
    assert max(gaps) < 0.5, gaps  # about every 100 ms of work
    assert result.expanded >= seen[-1].expanded


def test_search_can_be_stepped_and_cancelled() -> None:
    search = Search(HARD_4X4, Board.goal(4, 4, "blank-first"), "idastar", limits=Limits(max_nodes=10**9))
    first = search.step(0.02)
    assert isinstance(first, Progress)
    result = search.cancel()
    assert result.stop is StopReason.CANCELLED
    assert search.step(0.02) is result


# 20 easy Korf (1985) instances (the fewest nodes for the earlier 5-5-5 tables; with the
# shipped tables each takes under 16,000 nodes: bench/results/korf100-cpython.md).
KORF_EASIEST_20 = [55, 97, 30, 12, 42, 79, 19, 47, 71, 94, 31, 46, 48, 9, 86, 93, 96, 85, 58, 38]


@pytest.mark.parametrize("ident", KORF_EASIEST_20, ids=lambda i: f"korf{i}")
def test_korf_15_puzzles_in_both_goal_conventions(ident: int) -> None:
    _, length, tiles = next(case for case in korf100() if case[0] == ident)
    first = Board(4, 4, tuple(tiles))
    result = solve(first, Board.goal(4, 4, "blank-first"), limits=Limits(max_nodes=10**7))
    assert (result.algorithm, result.heuristic) == ("idastar", "pdb")
    assert result.length == length and result.optimal
    check_solution(first, Board.goal(4, 4, "blank-first"), result)
    last = Board(4, 4, tuple(blank_first_to_blank_last(tiles, 4)))
    converted = solve(last, Board.goal(4), limits=Limits(max_nodes=10**7))
    assert converted.length == length
    check_solution(last, Board.goal(4), converted)


@pytest.mark.parametrize("case", [c for c in korf100() if c[0] in (79, 12, 42)], ids=lambda c: f"korf{c[0]}")
def test_korf_with_manhattan_matches_korfs_own_ida(case: tuple[int, int, list[int]]) -> None:
    _, length, tiles = case
    result = solve(Board(4, 4, tuple(tiles)), Board.goal(4, 4, "blank-first"), "idastar", "manhattan",
                   limits=Limits(max_nodes=10**7))
    assert result.length == length


def test_korf_data_is_intact() -> None:
    rows = korf100()
    assert len(rows) == 100
    assert sum(length for _, length, _ in rows) == 5305
    for _, _, tiles in rows:
        assert sorted(tiles) == list(range(16))


def test_tables_load_a_step_at_a_time_and_a_cancel_is_seen_between_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The 4x4 tables are tens of megabytes once decompressed; a search loads them one
    table per step, reporting the stage, so the browser's worker can take a cancel."""
    from npuzzle import pattern_db as pdb
    from npuzzle.heuristics import compile_heuristic

    def fresh() -> Search:
        monkeypatch.setattr(pdb, "_LOADED", {})
        compile_heuristic.cache_clear()
        pdb.pattern_lookups.cache_clear()
        return Search(HARD_4X4, Board.goal(4, 4, "blank-first"), "idastar", "pdb")

    search = fresh()
    stages = []
    out = search.step(0.0)
    while isinstance(out, Progress) and out.stage:
        stages.append(out.stage)
        assert out.expanded == 0 and out.to_dict()["stage"] == "Loading pattern databases"
        out = search.step(0.0)
    assert len(stages) >= len(pdb.SHIPPED[(4, 4)].patterns)  # at least one step per table
    result = search.run()
    assert result.stop is StopReason.SOLVED and result.length == 57 and result.setup_seconds > 0

    search = fresh()
    progress = search.step(0.0)
    assert isinstance(progress, Progress) and progress.stage
    cancelled = search.cancel()
    assert cancelled.stop is StopReason.CANCELLED and cancelled.expanded == 0
    assert "stage" not in cancelled.to_dict()
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()


@pytest.mark.parametrize("corner", [3, 12])
def test_4x4_pattern_databases_serve_every_corner_goal(corner: int) -> None:
    """Korf's instances mirrored (blank goal top-right) or turned (bottom-left) with their
    goal keep their optimal lengths; the tables reach those goals through a symmetry."""
    def mirror(p: int) -> int:  # left-right: the blank-first goal's blank goes to cell 3
        return (p // 4) * 4 + 3 - p % 4

    def turn(p: int) -> int:  # a quarter turn: cell 0 goes to cell 12
        r, c = divmod(p, 4)
        return (3 - c) * 4 + r

    move = mirror if corner == 3 else turn
    goal_tiles = [0] * 16
    for p, t in enumerate(Board.goal(4, 4, "blank-first").tiles):
        goal_tiles[move(p)] = t
    goal = Board(4, 4, tuple(goal_tiles))
    assert goal.blank == corner
    for ident in (55, 97, 12):
        _, length, tiles = next(case for case in korf100() if case[0] == ident)
        moved = [0] * 16
        for p, t in enumerate(tiles):
            moved[move(p)] = t
        board = Board(4, 4, tuple(moved))
        result = solve(board, goal, limits=Limits(max_nodes=10**6))
        assert result.heuristic == "pdb" and result.length == length
        check_solution(board, goal, result)
