"""The anytime solver (the default on every size): answers, bounds and history."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any, Generator, Sequence

import pytest

from npuzzle import Board, Limits, Search, SearchResult, StopReason, solve
from npuzzle.search.result import Progress
from npuzzle.known import (
    blank_first_to_blank_last,
    eight_puzzle_distances,
    fifteen_antipodes80,
    korf24_50,
    korf100,
)
from npuzzle.heuristics import Compiled, compile_heuristic
from npuzzle.random_boards import random_board
from npuzzle.search.beam import beam_search
from npuzzle.search.problem import Problem
from npuzzle.search.reduction import reduce

from .helpers import advance, eight_puzzle_states

UNLIMITED_NODES = 10**9


def check_answer(result: SearchResult, start: Board, goal: Board, optimal: int | None = None) -> None:
    """The solution replays to the goal, the bound is below it, the history is monotone; the
    factor shown bounds the length against ``optimal``, the shortest length, when known."""
    assert result.length is not None
    assert start.play(result.tiles) == goal
    assert len(result.moves) == result.length
    assert result.lower_bound is not None and 0 <= result.lower_bound <= result.length
    assert (result.length - result.lower_bound) % 2 == 0  # every solution has one parity
    lengths = [step.length for step in result.history if step.length is not None]
    bounds = [step.lower_bound for step in result.history if step.lower_bound is not None]
    assert lengths == sorted(lengths, reverse=True) and lengths[-1] == result.length
    assert bounds == sorted(bounds) and bounds[-1] == result.lower_bound
    assert all(a.seconds <= b.seconds for a, b in zip(result.history, result.history[1:]))
    factor = result.to_dict()["factor"]
    if result.optimal:
        assert result.lower_bound == result.length and factor == 1
    elif result.lower_bound:
        # A proven bound, so rounded up: never below length / lower bound, and by less than 0.0001.
        assert isinstance(factor, float) and 0 <= factor - result.length / result.lower_bound < 1e-4
    if optimal is not None:
        assert result.lower_bound <= optimal <= result.length
        assert isinstance(factor, float) and result.length <= factor * optimal


SHAPES = [(2, 2), (2, 3), (3, 2), (2, 7), (3, 3), (3, 5), (4, 4), (4, 6), (5, 5), (5, 8), (6, 6),
          (7, 3), (8, 8), (10, 10), (12, 9), (16, 16)]


@pytest.mark.thorough
@pytest.mark.parametrize("shape", SHAPES, ids=[f"{r}x{c}" for r, c in SHAPES])
@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_every_size_gets_an_answer_that_replays_to_the_goal(shape: tuple[int, int], goal_name: str) -> None:
    rows, cols = shape
    goal = Board.goal(rows, cols, goal_name)
    board = random_board(rows, cols, goal, seed=f"{shape}{goal_name}")
    time_limit = 1.5 if rows * cols > 100 else 0.5
    result = solve(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=time_limit))
    assert result.algorithm == "anytime"
    check_answer(result, board, goal)


def test_a_custom_goal_with_the_blank_in_the_middle() -> None:
    goal = Board.from_string("1 2 3 4 5 / 6 7 8 9 10 / 11 12 0 13 14 / 15 16 17 18 19 / 20 21 22 23 24")
    board = random_board(5, 5, goal, seed=3)
    result = solve(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=0.5))
    check_answer(result, board, goal)


def test_the_reduction_alone_solves_every_shape() -> None:
    rng = random.Random(5)
    for _ in range(40):
        rows, cols = rng.randint(2, 9), rng.randint(2, 9)
        goal = Board.goal(rows, cols, rng.choice(["blank-last", "blank-first"]))
        board = random_board(rows, cols, goal, seed=rng.random())
        problem = Problem.from_boards(board, goal)
        for together in (0, 16):
            steps = reduce(problem, together)
            while True:
                try:
                    next(steps)
                except StopIteration as done:
                    path = done.value
                    break
            tiles, _ = problem.decode([board.blank] + path)
            assert board.play(tiles) == goal


@pytest.mark.thorough
def test_8_puzzle_answers_are_proven_optimal_and_bounds_exact() -> None:
    distances = eight_puzzle_distances("blank-last")
    goal = Board.goal(3, 3)
    states = random.Random(7).sample(eight_puzzle_states("blank-last"), 400)
    for tiles in states:
        board = Board(3, 3, tiles)
        result = solve(board, goal)
        assert result.optimal and result.length == distances[tiles] == result.lower_bound
        assert board.play(result.tiles) == goal


@pytest.mark.thorough
@pytest.mark.parametrize("ident", [1, 9, 12, 30, 55, 88])
def test_15_puzzles_end_optimal_and_bounds_never_pass_the_optimum(ident: int) -> None:
    _, optimal, tiles = next(case for case in korf100() if case[0] == ident)
    goal = Board.goal(4, 4, "blank-first")
    board = Board(4, 4, tuple(tiles))
    early = solve(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=0.05))
    check_answer(early, board, goal, optimal)
    last = Board(4, 4, tuple(blank_first_to_blank_last(tiles, 4)))
    result = solve(last, Board.goal(4, 4), limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=120))
    check_answer(result, last, Board.goal(4, 4), optimal)
    assert result.optimal and result.length == optimal and result.stop is StopReason.SOLVED


def answers_at_once(board: Board, goal: Board) -> None:
    """The default solver shows a solution within its first steps of no time at all (one
    per tile the first solution places, or the first step while its tables load), before
    any node is searched: "at once" counted in steps and nodes (its seconds are
    bench/responsiveness.py's)."""
    search = Search(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=60))
    for _ in range(board.size):
        first = advance(search, 0.0)
        assert isinstance(first, Progress) and first.expanded == 0
        if first.path is not None:
            break
    assert first.path is not None and search.best is not None and board.play(search.best[0]) == goal
    assert first.best == len(search.best[0])
    search.cancel()


def test_a_hard_15_puzzle_gets_a_near_optimal_answer_at_once() -> None:
    board = Board(4, 4, tuple(fifteen_antipodes80()[0]))
    goal = Board.goal(4, 4)
    answers_at_once(board, goal)
    result = solve(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=1.0))
    check_answer(result, board, goal, 80)


@pytest.mark.thorough
@pytest.mark.parametrize("index", [0, 7, 21])
def test_24_puzzle_bounds_stay_below_the_published_optimum(index: int) -> None:
    ident, optimal, tiles = korf24_50()[index]
    goal = Board.goal(5, 5, "blank-first")
    board = Board(5, 5, tuple(tiles))
    answers_at_once(board, goal)
    result = solve(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=1.0))
    check_answer(result, board, goal, optimal)
    assert result.stop is StopReason.TIME_LIMIT and result.length is not None


def test_stop_keeps_the_best_answer_and_limits_say_which() -> None:
    goal = Board.goal(6, 6)
    board = random_board(6, 6, goal, seed=11)
    search = Search(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=30))
    out = advance(search, 0.2)
    assert isinstance(out, Progress)
    assert search.best is not None and out.best is not None and out.lower_bound is not None
    search.cancel()
    stopped = search.result
    assert stopped is not None
    assert stopped.stop is StopReason.CANCELLED
    check_answer(stopped, board, goal)
    limited = solve(board, goal, limits=Limits(max_nodes=2000, time_limit=30))
    assert limited.stop is StopReason.NODE_LIMIT
    check_answer(limited, board, goal)


def test_progress_reports_each_better_solution_once() -> None:
    goal = Board.goal(5, 5)
    board = random_board(5, 5, goal, seed=2)
    # 1 s of CPU (conftest's cpu_clock): better solutions come from 0.06 s on here.
    search = Search(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=1))
    seen = []
    told = None  # the best already reported (a new one is a new tuple)
    while True:
        out = advance(search, 0.03)
        if search.best is not None and search.best is not told:
            told = search.best
            seen.append(len(told[0]))
        if isinstance(out, SearchResult):
            break
    assert seen and seen == sorted(seen, reverse=True) and len(set(seen)) == len(seen)
    assert seen[-1] == out.length


@pytest.mark.parametrize("side, goal_name", [(3, "blank-last"), (4, "blank-first"), (5, "blank-first")])
def test_the_pattern_beam_ranks_children_as_a_full_evaluation_would(side: int, goal_name: str) -> None:
    """The beam's per-move pattern-database updates give the same ranks, hence the
    same path, as evaluating every child in full with the lookups it uses: the larger of
    the two lookups' estimates plus their mean (doubled; a single lookup counts twice)."""
    goal = Board.goal(side, side, goal_name)
    problem = Problem.from_boards(random_board(side, side, goal, seed=side), goal)
    pdb = compile_heuristic("pdb", side, side, goal.blank)
    assert pdb.patterns is not None
    used = (list(pdb.patterns[::2] if len(pdb.patterns) == 4 else pdb.patterns) * 2)[:2]

    def rank(cells: Sequence[int]) -> int:
        first, second = (lookup.evaluate(cells) for lookup in used)
        return 2 * max(first, second) + first + second

    full = Compiled("full", rank)
    paths = []
    for heuristic in (pdb, full):
        steps = beam_search(problem, heuristic, 64, deadline=time.perf_counter() + 60)
        with pytest.raises(StopIteration) as done:
            while True:
                next(steps)
        paths.append(done.value.value)
    assert paths[0] is not None and paths[0] == paths[1]
    tiles, _ = problem.decode(paths[0])
    assert problem.start_board.play(tiles) == goal


@pytest.mark.parametrize("side, goal_name", [(4, "blank-first"), (5, "blank-last")])
def test_the_pattern_beams_move_tables_give_what_a_whole_board_gives(side: int, goal_name: str) -> None:
    """The pattern beam knows a child by its Zobrist key and its estimate by per-move
    changes read from one table per tile: along a random walk, each key, Manhattan distance
    and lookup index so updated equals the one computed from the whole board."""
    from npuzzle.search.beam import _move_tables

    goal = Board.goal(side, side, goal_name)
    problem = Problem.from_boards(random_board(side, side, goal, seed=side + 11), goal)
    pdb = compile_heuristic("pdb", side, side, goal.blank)
    assert pdb.patterns is not None
    padded = [pdb.patterns[0], pdb.patterns[2 if len(pdb.patterns) == 4 else -1]]
    zobrist, per_tile = _move_tables(padded, problem.neighbours)
    assert _move_tables(padded, problem.neighbours)[1] is per_tile  # made once per pair of lookups
    n = side * side
    # Tables of excesses over Manhattan (5x5) add Manhattan's change; others (4x4) add 0.
    manhattan = padded[0].manhattan or tuple([tuple([0] * n)] * (n + 1))

    def whole(cells: list[int]) -> tuple[int, int, list[int]]:
        key = 0
        for pos, label in enumerate(cells):
            key ^= zobrist[label * n + pos]
        return key, sum(manhattan[label][pos] for pos, label in enumerate(cells)), [
            i for lookup in padded for i in lookup.indices(cells)]

    cells = list(problem.start)
    key, man, indices = whole(cells)
    rng = random.Random(side)
    keys = {key}
    for _ in range(300):
        blank = cells.index(0)
        nb = rng.choice(problem.neighbours[blank])
        tile = cells[nb]
        z, md, slot0, change0, _, slot1, change1, _ = per_tile[tile]
        move = blank * n + nb
        key ^= z[move]
        man += md[move]
        indices[slot0] += change0[move]
        indices[slot1] += change1[move]
        cells[blank], cells[nb] = tile, 0
        assert (key, man, indices) == whole(cells)
        keys.add(key)
    assert len(keys) > 50  # the walk went somewhere, and its boards had keys of their own


@pytest.mark.parametrize("heuristic_name", ["pdb", "manhattan"])
def test_a_beam_pauses_inside_the_work_between_two_layers(monkeypatch: pytest.MonkeyPatch, heuristic_name: str) -> None:
    """Between two layers, a beam keeps the best children and remembers them: 70-110 ms at
    width 32,768 in CPython, more than a 30 ms slice. It yields every PAUSE_EVERY states of
    that work too, and pausing changes nothing of the path it finds."""
    from npuzzle.search import beam

    goal = Board.goal(5, 5, "blank-first")
    problem = Problem.from_boards(random_board(5, 5, goal, seed=7), goal)
    heuristic = compile_heuristic(heuristic_name, 5, 5, goal.blank)

    def run() -> tuple[list[int] | None, int]:
        steps = beam_search(problem, heuristic, 128, deadline=time.perf_counter() + 60)
        pauses = 0
        with pytest.raises(StopIteration) as done:
            while True:
                next(steps)
                pauses += 1
        return done.value.value, pauses

    monkeypatch.setattr(beam, "PAUSE_EVERY", 1 << 30)
    path, layer_pauses = run()
    monkeypatch.setattr(beam, "PAUSE_EVERY", 16)
    same_path, pauses = run()
    assert path is not None and same_path == path
    layers = len(path) - 1
    # At least 128 // 16 pauses while keeping each full layer, and as many remembering it.
    assert pauses - layer_pauses >= layers * 2 * (128 // 16) // 2, (pauses, layer_pauses, layers)


def test_the_proven_factor_is_rounded_up_exactly() -> None:
    """11 moves against a lower bound of 5 is exactly 2.2 x; rounding up through floats
    (ceil(11 / 5 * 100) / 100) gave 2.21, a true bound but not the one proven."""
    from npuzzle.search import ALGORITHMS
    from npuzzle.search.proof import prove
    from npuzzle.search.steps import Outcome

    problem = Problem.from_boards(Board.from_string("1 2 3 4 5 6 7 0 8"), Board.goal(3))  # odd lengths
    for length, lower, factor in ((11, 5, 2.2), (111, 97, 1.15), (13, 7, 1.86)):
        outcome = Outcome(StopReason.TIME_LIMIT, None, 0, 0, 0, None, lower_bound=lower)
        proof = prove(ALGORITHMS["anytime"], {}, True, problem, StopReason.TIME_LIMIT, length, None, None, outcome)
        assert (proof.lower_bound, proof.suboptimality) == (lower, factor)


def test_a_stop_at_the_first_step_after_the_tables_load_keeps_the_solution_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page shows the anytime solver's first solution while its tables download; a Stop
    that comes at the search's first step once they are in (before the search has found its
    own) kept no solution at all: the status said "stopped" with none, the replay emptied.
    It keeps the one shown."""
    from npuzzle import tables

    size = 5  # the 5x5 search takes a step before its first solution (a 4x4 one has it at once)
    shipped = tables.data_path("pdb-5x5-55554x2.bin")
    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)  # the file is not there yet
    board, goal = random_board(size, size, seed=2), Board.goal(size, size)
    search = Search(board, goal, fetching=True)
    first = advance(search)
    assert isinstance(first, Progress) and first.stage and search.best is not None
    shown = search.best
    (tmp_path / shipped.name).write_bytes(shipped.read_bytes())  # the file arrives
    out = advance(search)
    while isinstance(out, Progress) and (out.stage or "").startswith(("Downloading", "Loading")):  # the tables
        out = advance(search)
    assert isinstance(out, Progress) and out.path is None, out  # the search's first step: nothing of its own yet
    search.cancel()
    result = search.result
    assert result is not None
    assert result.stop is StopReason.CANCELLED and result.length is not None
    assert (tuple(result.tiles), result.moves) == shown
    check_answer(result, board, goal)


@pytest.mark.thorough
def test_with_pattern_databases_only_the_last_parts_of_the_best_path_are_searched_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After its widest beam the anytime solver searches parts of the best path again; a
    first part ends at a board other than the goal, where the 5x5 tables do not apply, so
    with them only the last parts are (beams stubbed out: only the schedule is watched)."""
    from npuzzle.search import anytime

    def no_beam(*args: object, **kwargs: object) -> Generator[Progress, bool, None]:
        return None
        yield  # a generator that finds nothing at once

    parts: list[bool] = []
    real_part = anytime._part

    def watched(problem: Problem, best: list[list[int]], fraction: float, first: bool, width: int,
                deadline: float) -> Generator[Progress, bool, list[int] | None]:
        parts.append(first)
        return (yield from real_part(problem, best, fraction, first, width, deadline))

    def drain(steps: Generator[Any, Any, Any]) -> Any:
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    monkeypatch.setattr(anytime, "beam_search", no_beam)
    monkeypatch.setattr(anytime, "_part", watched)
    for side, goal_name, tables in ((5, "blank-first", True), (6, "blank-last", False)):
        goal = Board.goal(side, side, goal_name)
        problem = Problem.from_boards(random_board(side, side, goal, seed=side), goal)
        heuristic = compile_heuristic("pdb" if tables else "linear-conflict", side, side, goal.blank)
        best = [[problem.start.index(0)] + drain(reduce(problem))]
        parts.clear()
        for improver in anytime._improvers(problem, heuristic, time.perf_counter() + 5, best):
            drain(improver)
        assert parts and (set(parts) == {False} if tables else set(parts) == {True, False})
