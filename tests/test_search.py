"""Searches: optimal lengths against exhaustive BFS and published facts, replays, limits."""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path

import pytest

from npuzzle import ALGORITHMS, HEURISTICS, Board, Limits, Progress, Search, StopReason, answer, solve
from npuzzle.known import (
    EIGHT_PUZZLE_HISTOGRAM,
    HARDEST_BLANK_FIRST,
    HARDEST_BLANK_LAST,
    bfs_distances,
    blank_first_to_blank_last,
    eight_puzzle_distances,
    korf100,
)
from npuzzle.heuristics import HeuristicInfo
from npuzzle.random_boards import random_board
from npuzzle.search import OptionError, beam, staged
from npuzzle.search.steps import CHECK_EVERY, CHECK_EVERY_DFS

from .helpers import advance, check_solution, eight_puzzle_states

OPTIMAL = [name for name, info in ALGORITHMS.items() if info.optimal]
INFORMED_OPTIMAL = [name for name, info in ALGORITHMS.items() if info.optimal and info.uses_heuristic]
ADMISSIBLE = [name for name, info in HEURISTICS.items() if info.admissible]


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
    for tiles in rng.sample(eight_puzzle_states(goal_name, longest), count):
        board = Board(3, 3, tiles)
        result = solve(board, goal, algorithm, heuristic, limits=Limits(max_nodes=10**7))
        assert result.length == distances[tiles], tiles
        assert result.optimal
        check_solution(board, goal, result)


@pytest.mark.thorough
@pytest.mark.parametrize("algorithm", ["bfs", "iddfs"])
def test_uninformed_searches_are_optimal(algorithm: str) -> None:
    distances = eight_puzzle_distances("blank-last")
    longest = 31 if algorithm == "bfs" else 14
    rng = random.Random(algorithm)
    for tiles in rng.sample(eight_puzzle_states("blank-last", longest), 25):
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
    for tiles in rng.sample(eight_puzzle_states("blank-last", longest), 20):
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
    for tiles in rng.sample(eight_puzzle_states("blank-last"), 30):
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
    # Any solution of Korf #1 has 57 moves, so no search can finish within 30 expansions;
    # the anytime solver has one at once, and a limit ends its improving.
    goal = Board.goal(4, 4, "blank-first")
    result = solve(HARD_4X4, goal, algorithm, limits=Limits(max_nodes=30))
    assert result.stop is StopReason.NODE_LIMIT
    if ALGORITHMS[algorithm].anytime:
        assert result.expanded >= 30 and result.to_dict()["stopped"] == "node-limit"
        assert result.length is not None and result.length >= 57 >= result.lower_bound
        check_solution(HARD_4X4, goal, result)
        return
    assert result.expanded == 30
    assert result.length is None and not result.optimal
    assert result.to_dict()["stopped"] == "node-limit"
    if ALGORITHMS[algorithm].optimal:
        assert result.bound is not None and result.bound <= 57


def reads_the_clock_every(algorithm: str) -> int:
    """How many nodes a search expands at most between two looks at the clock (and two
    progress reports, where a cancel is seen): 64 for best-first searches, 1024 for
    depth-first ones (steps.py); the anytime solver's parts pause every few thousand states
    (a staged line's beam, a beam's layer)."""
    if ALGORITHMS[algorithm].anytime:
        return max(staged.PAUSE_EVERY, beam.PAUSE_EVERY)
    return (CHECK_EVERY_DFS if ALGORITHMS[algorithm].iterative else CHECK_EVERY) + 1


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_time_limit_stops_the_search_and_says_so(algorithm: str) -> None:
    """A search stops at its first look at the clock past the time limit: with a limit that
    has passed by then (a microsecond), within as many nodes as it expands between two looks
    (how far past a limit a search can run is counted, not timed: bench/responsiveness.py
    times it). The anytime solver first finds its first solution, and keeps it."""
    result = solve(HARD_8X8, algorithm=algorithm, limits=Limits(max_nodes=10**9, time_limit=1e-6))
    assert result.stop is StopReason.TIME_LIMIT
    assert result.to_dict()["stopped"] == "time-limit"
    if ALGORITHMS[algorithm].anytime:
        assert result.expanded == 0 and result.length is not None
        check_solution(HARD_8X8, Board.goal(8, 8), result)
    else:
        assert result.expanded == reads_the_clock_every(algorithm) and result.length is None


@pytest.mark.thorough
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
    """Progress comes at least every so many nodes (``reads_the_clock_every``: 64 for A*), so
    a slice of work ends, and a cancel is seen, within that many: each step of no time at all
    ends at the next report. A progress callback that answers True cancels the search.
    (Counted, not timed: bench/responsiveness.py times the gaps.)"""
    search = Search(HARD_8X8, Board.goal(8, 8), algorithm, limits=Limits(max_nodes=10**9, time_limit=600))
    counts = [0]
    for _ in range(200):
        out = advance(search, 0.0)
        assert isinstance(out, Progress)
        counts.append(out.expanded)
    gaps = [b - a for a, b in zip(counts, counts[1:])]
    assert min(gaps) >= 0 and max(gaps) <= reads_the_clock_every(algorithm), sorted(set(gaps))
    assert counts[-1] > 0
    search.cancel()
    stopped = search.result
    assert stopped is not None
    assert stopped.stop is StopReason.CANCELLED and stopped.expanded >= counts[-1]

    seen: list[Progress] = []

    def progress(p: Progress) -> bool:
        seen.append(p)
        return len(seen) >= 4

    search = Search(HARD_8X8, Board.goal(8, 8), algorithm, limits=Limits(max_nodes=10**9, time_limit=600))
    result = search.run(progress, interval=0.001)
    assert result.stop is StopReason.CANCELLED
    assert len(seen) == 4
    assert [p.expanded for p in seen] == sorted(p.expanded for p in seen)
    assert result.expanded >= seen[-1].expanded


def test_search_can_be_stepped_and_cancelled() -> None:
    search = Search(HARD_4X4, Board.goal(4, 4, "blank-first"), "idastar", limits=Limits(max_nodes=10**9))
    first = advance(search, 0.02)
    assert isinstance(first, Progress)
    search.cancel()
    result = search.result
    assert result is not None and result.stop is StopReason.CANCELLED and search.done
    assert advance(search, 0.02) is result


# 20 easy Korf (1985) instances (the fewest nodes for the earlier 5-5-5 tables; with the
# shipped tables each takes under 16,000 nodes: bench/results/korf100-cpython.md).
KORF_EASIEST_20 = [55, 97, 30, 12, 42, 79, 19, 47, 71, 94, 31, 46, 48, 9, 86, 93, 96, 85, 58, 38]


@pytest.mark.parametrize("ident", KORF_EASIEST_20, ids=lambda i: f"korf{i}")
def test_korf_15_puzzles_in_both_goal_conventions(ident: int) -> None:
    _, length, tiles = next(case for case in korf100() if case[0] == ident)
    first = Board(4, 4, tuple(tiles))
    result = solve(first, Board.goal(4, 4, "blank-first"), limits=Limits(max_nodes=10**7))
    assert (result.algorithm, result.heuristic) == ("anytime", "pdb")
    assert result.length == length and result.optimal
    check_solution(first, Board.goal(4, 4, "blank-first"), result)
    last = Board(4, 4, tuple(blank_first_to_blank_last(tiles, 4)))
    converted = solve(last, Board.goal(4), limits=Limits(max_nodes=10**7))
    assert converted.length == length
    check_solution(last, Board.goal(4), converted)


@pytest.mark.parametrize("case", [c for c in korf100() if c[0] in (79, 12, 42)], ids=lambda c: f"korf{c[0]}")
def test_korf_with_manhattan_matches_korfs_own_ida(case: tuple[int, int, list[int]]) -> None:
    _, length, tiles = case
    board, goal = Board(4, 4, tuple(tiles)), Board.goal(4, 4, "blank-first")
    result = solve(board, goal, "idastar", "manhattan", limits=Limits(max_nodes=10**7))
    assert result.length == length
    check_solution(board, goal, result)


def test_korf_data_is_intact() -> None:
    rows = korf100()
    assert len(rows) == 100
    assert sum(length for _, length, _ in rows) == 5305
    for _, _, tiles in rows:
        assert sorted(tiles) == list(range(16))


# -- what a result says about itself, options, and searches without a heuristic ----------


def test_quality_says_what_is_proven() -> None:
    board = Board.from_string(HARDEST_BLANK_LAST[0])
    optimal = solve(board, algorithm="astar", heuristic="manhattan")
    weighted = solve(board, algorithm="wastar", heuristic="manhattan", options={"weight": 2})
    greedy = solve(board, algorithm="greedy", heuristic="manhattan")
    uninformed = solve(board, algorithm="bfs")
    stopped = solve(board, algorithm="astar", heuristic="manhattan", limits=Limits(max_nodes=5))
    for result, quality, short in (
        (optimal, "optimal", "yes"),
        (uninformed, "optimal", "yes"),
        (weighted, "at most 2 \u00d7 optimal", "\u2264 2\u00d7"),
        (greedy, "not proven optimal", "no"),
        (stopped, "not finished (node limit)", "not finished (node limit)"),
    ):
        assert (answer.quality(result), answer.quality_short(result)) == (quality, short), result.algorithm
        data = answer.result_json(result)
        assert (data["quality"], data["quality_short"]) == (quality, short)
        assert "quality" not in result.to_dict()  # the words are the front doors', said once
    assert optimal.length == 31 and 31 <= (weighted.length or 0) <= 62 and (greedy.length or 0) >= 31
    assert weighted.to_dict()["options"] == {"weight": 2.0} and optimal.to_dict()["options"] == {}


def test_options_are_checked_by_the_registry() -> None:
    board = Board.from_string("8 6 7 / 2 5 4 / 3 0 1")
    by_option = solve(board, algorithm="wastar", heuristic="linear-conflict", options={"weight": 3})
    by_keyword = solve(board, algorithm="wastar", heuristic="linear-conflict", weight=3)
    assert by_option.tiles == by_keyword.tiles and by_option.options == by_keyword.options == {"weight": 3.0}
    assert by_option.weight == by_option.suboptimality == 3
    default = solve(board, algorithm="wastar", heuristic="linear-conflict")
    assert default.options == {"weight": ALGORITHMS["wastar"].options[0].default}
    for algorithm, options, message in (
        ("astar", {"weight": 2}, "astar takes no weight"),
        ("wastar", {"weight": 0.5}, "must be at least 1"),
        ("wastar", {"weight": 5000}, "must be at most 1000"),
        ("wastar", {"weight": "2"}, "must be a number"),
        ("wastar", {"speed": 2}, "wastar takes no speed"),
    ):
        with pytest.raises(OptionError, match=message) as raised:
            solve(board, algorithm=algorithm, heuristic="manhattan", options=options)
        assert raised.value.option == next(iter(options))
        assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize("algorithm", [name for name, info in ALGORITHMS.items() if not info.uses_heuristic])
def test_searches_without_a_heuristic_never_prepare_one(algorithm: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """bfs and iddfs are started without a heuristic, even when one is named."""
    def refuse(*args: object) -> None:
        raise AssertionError(f"{algorithm} prepared a heuristic")

    for module in ("npuzzle.heuristics", "npuzzle.search.preparation"):
        monkeypatch.setattr(f"{module}.compile_heuristic", refuse)
        monkeypatch.setattr(f"{module}.heuristic_loading", refuse)
    board = Board.from_string("1 2 3 / 4 0 6 / 7 5 8")
    for heuristic in (None, "pdb"):
        result = solve(board, algorithm=algorithm, heuristic=heuristic)
        assert result.heuristic is None and result.length == 2 and result.optimal
        check_solution(board, Board.goal(3), result)


def test_an_informed_search_needs_a_heuristic_and_the_registry_one_search_function() -> None:
    from npuzzle.search import AlgorithmInfo
    from npuzzle.search.bfs import bfs
    from npuzzle.search.problem import Problem

    problem = Problem.from_boards(Board.from_string("1 2 3 / 4 0 6 / 7 5 8"), Board.goal(3))
    with pytest.raises(ValueError, match="astar needs a heuristic"):
        ALGORITHMS["astar"].start(problem, None, Limits(), {})
    with pytest.raises(TypeError, match="exactly one of informed and uninformed"):
        AlgorithmInfo("both", "Both", True, "", informed=ALGORITHMS["astar"].informed, uninformed=bfs)
    with pytest.raises(TypeError, match="exactly one of informed and uninformed"):
        AlgorithmInfo("neither", "Neither", True, "")


def test_the_anytime_solver_waits_for_its_own_tables_while_they_are_fetched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Told that the caller fetches missing files (``fetching``), the anytime solver shows its
    first solution at once and waits, each step ending at once, until they arrive; then it
    loads them and goes on. Other algorithms are not told to wait (their entry's ``prepare``)."""
    from npuzzle import tables
    from npuzzle.search.anytime import wait_for_tables
    from npuzzle.search.preparation import load_heuristic

    assert ALGORITHMS["anytime"].prepare is wait_for_tables
    assert all(info.prepare is load_heuristic for name, info in ALGORITHMS.items() if name != "anytime")
    shipped = tables.data_path("pdb-4x4-663x2.bin")
    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)  # the file is not there yet
    board = Board.from_string("14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3")  # Korf #1, 57 moves
    goal = Board.goal(4, 4, "blank-first")
    search = Search(board, goal, heuristic="pdb", fetching=True)
    assert search.fetching and search.heuristic == "pdb" and search.heuristic_info is HEURISTICS["pdb"]
    first = advance(search, 10.0)
    assert isinstance(first, Progress) and first.stage == "Downloading pattern databases"
    assert first.path is not None and search.best is not None and first.best == len(search.best[0])
    assert board.play(search.best[0]) == goal
    looks: list[str] = []
    real_missing = HeuristicInfo.missing_files

    def missing_files(self: HeuristicInfo, rows: int, cols: int, blank_goal: int) -> list[str]:
        looks.append(self.name)
        return real_missing(self, rows, cols, blank_goal)

    monkeypatch.setattr(HeuristicInfo, "missing_files", missing_files)
    for step in range(1, 4):  # still waiting: each step returns at once, without the first solution again
        waiting = advance(search, 10.0)
        assert isinstance(waiting, Progress) and waiting.stage == first.stage and waiting.path is None
        assert looks == ["pdb"] * step  # a step of 10 s looks for the files once and returns (counted, not timed)
        assert waiting.expanded == 0
    (tmp_path / shipped.name).write_bytes(shipped.read_bytes())  # the file arrives
    result = search.run()
    assert result.optimal and result.length == 57 and result.stop is StopReason.SOLVED
    check_solution(board, goal, result)


def test_a_cancel_while_waiting_for_tables_keeps_the_first_solution(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from npuzzle import tables

    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)
    board = Board.from_string("14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3")
    goal = Board.goal(4, 4, "blank-first")
    search = Search(board, goal, heuristic="pdb", fetching=True)
    assert isinstance(advance(search, 1.0), Progress)
    search.cancel()
    result = search.result
    assert result is not None and result.stop is StopReason.CANCELLED and result.length and not result.optimal
    check_solution(board, goal, result)


def _scrambled(goal: Board, moves: int, rng: random.Random) -> Board:
    """``goal`` after ``moves`` random moves that never undo the one before."""
    board, last = goal, None
    for _ in range(moves):
        tile = rng.choice([t for t, _ in board.movable() if t != last])
        board, last = board.slide(tile), tile
    return board


@pytest.mark.parametrize(("rows", "cols", "moves"), [(3, 3, 22), (2, 4, 18), (4, 4, 16), (5, 5, 14)])
def test_idastar_h_agrees_with_values_along(rows: int, cols: int, moves: int) -> None:
    """IDA* writes ``Compiled.after_move`` out inline (and keeps pattern databases' indices and
    sums itself): the h it gives each node on its solution path, read from its search tree, is
    what ``values_along`` gives along that path. Both goals; every heuristic that applies
    (pattern databases with one lookup on 2x4, two on 3x3, four on 4x4 and on 5x5, whose
    tables hold excesses over Manhattan)."""
    from npuzzle.heuristics import compile_heuristic, heuristic_available
    from npuzzle.search.idastar import idastar
    from npuzzle.search.problem import Problem
    from npuzzle.search.tree import TreeRecorder

    checked = set()
    for goal_name in ("blank-last", "blank-first"):
        goal = Board.goal(rows, cols, goal_name)
        rng = random.Random(f"{rows}x{cols}{goal_name}")
        start = _scrambled(goal, moves, rng)
        problem = Problem.from_boards(start, goal)
        for name in HEURISTICS:
            if not heuristic_available(name, rows, cols, goal.blank):
                continue
            if rows * cols > 9 and name in ("hamming", "euclidean"):
                continue  # too weak for IDA* on these boards in a test's time
            compiled = compile_heuristic(name, rows, cols, goal.blank)
            tree = TreeRecorder(problem)
            steps = idastar(problem, compiled, Limits(max_nodes=10**6, time_limit=60), {}, tree)
            try:
                while True:
                    next(steps)
            except StopIteration as stop:
                outcome = stop.value
            assert outcome.stop is StopReason.SOLVED and outcome.path is not None, (name, goal_name)
            goal_node = max(node for node, status in enumerate(tree.status) if status == "goal")
            chain = [goal_node]
            while tree.parents[chain[-1]] != -1:
                chain.append(tree.parents[chain[-1]])
            chain.reverse()
            assert len(chain) == len(outcome.path)
            states = [tree.states[node] for node in chain]
            labels = [after[before.index(0)] for before, after in zip(states, states[1:])]
            assert [tree.h[node] for node in chain] == compiled.values_along(problem.start, labels), (name, goal_name)
            checked.add(name)
    assert {"manhattan", "linear-conflict"} <= checked
    assert ("pdb" in checked) == ((rows, cols) != (5, 5) or heuristic_available("pdb", 5, 5, 24))
    assert ("hamming" in checked) == (rows * cols <= 9)
