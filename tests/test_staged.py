"""Staged solving of big boards (staged.py) and shortening by windows (windows.py)."""

from __future__ import annotations

import random
import time
from typing import Any, Generator

import pytest

from npuzzle import Board, Limits, solve
from npuzzle.heuristics import estimate
from npuzzle.random_boards import random_board
from npuzzle.search import staged, windows
from npuzzle.search.problem import Problem
from npuzzle.search.reduction import reduce
from npuzzle.search.staged import Staged, staged_solution
from npuzzle.search.windows import shorten

UNLIMITED_NODES = 10**9


def drain(steps: Generator[Any, Any, Any]) -> Any:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def replays(problem: Problem, board: Board, goal: Board, path: list[int]) -> int:
    """The number of moves of ``path`` (blank positions, start included), checked to take
    ``board`` to ``goal``."""
    tiles, _ = problem.decode(path)
    assert board.play(tiles) == goal
    return len(tiles)


SHAPES = [(7, 7), (8, 8), (5, 8), (9, 4), (4, 11), (10, 10), (6, 7)]


@pytest.mark.parametrize("shape", SHAPES, ids=[f"{r}x{c}" for r, c in SHAPES])
@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_a_staged_solution_replays_and_beats_the_line_by_line_one(shape: tuple[int, int], goal_name: str) -> None:
    rows, cols = shape
    goal = Board.goal(rows, cols, goal_name)
    board = random_board(rows, cols, goal, seed=f"staged{shape}{goal_name}")
    problem = Problem.from_boards(board, goal)
    first = len(drain(reduce(problem)))
    path = drain(staged_solution(problem, 64, time.perf_counter() + 60, 10**9))
    moves = replays(problem, board, goal, path)
    assert estimate("manhattan", board, goal) <= moves < first


def test_a_staged_solution_gives_up_once_it_cannot_beat_the_best() -> None:
    goal = Board.goal(8, 8)
    board = random_board(8, 8, goal, seed=4)
    problem = Problem.from_boards(board, goal)
    path = drain(staged_solution(problem, 32, time.perf_counter() + 60, 10**9))
    moves = len(path) - 1
    assert drain(staged_solution(problem, 32, time.perf_counter() + 60, moves)) is None  # the same, not shorter
    assert drain(staged_solution(problem, 32, time.perf_counter() + 60, moves + 1)) == path


def test_a_staged_solution_stops_when_cancelled() -> None:
    goal = Board.goal(12, 12)
    problem = Problem.from_boards(random_board(12, 12, goal, seed=2), goal)
    steps = staged_solution(problem, 256, time.perf_counter() + 60, 10**9)
    for _ in range(5):
        next(steps)
    with pytest.raises(StopIteration) as done:
        steps.send(True)
    assert done.value.value is None


def test_a_stuck_line_beam_goes_as_far_as_it_got_and_lines_finish_tile_by_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    # A beam one state wide with no patience gets stuck at once on a 12x12 board's long
    # lines; the solution must still be whole (the rest placed a tile at a time).
    monkeypatch.setattr(staged, "STALL", 0)
    goal = Board.goal(12, 12, "blank-first")
    board = random_board(12, 12, goal, seed=9)
    problem = Problem.from_boards(board, goal)
    calls: list[bool] = []
    place = Staged.place_labels

    def watched(self: Staged, *args: Any) -> Generator[None, None, bool]:
        done = yield from place(self, *args)
        calls.append(done)
        return done

    monkeypatch.setattr(Staged, "place_labels", watched)
    path = drain(staged_solution(problem, 1, time.perf_counter() + 60, 10**9))
    assert False in calls
    replays(problem, board, goal, path)


def beam_steps(monkeypatch: pytest.MonkeyPatch, pause_every: int) -> tuple[int, list[int]]:
    """The lines of a random 8x8 board filled by beams of width 256 down to the 5x5 core, a
    step at a time, with ``staged.PAUSE_EVERY`` set to ``pause_every``: how many steps it
    took (a beam yields once per layer, and after every ``pause_every`` states it expands)
    and the path it found."""
    monkeypatch.setattr(staged, "PAUSE_EVERY", pause_every)
    goal = Board.goal(8, 8)
    problem = Problem.from_boards(random_board(8, 8, goal, seed=1), goal)
    work = Staged(problem, 256)
    steps = sum(1 for _ in work.run_to(5))
    return steps, list(work.path)


def test_a_line_beam_pauses_every_few_thousand_states(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line's beam yields (so the worker's slice can end) after every PAUSE_EVERY states it
    expands, inside a layer too: here 32, in layers of up to 256 states, so several times as
    many steps as layers, for the same path. Counted, not timed (a step's seconds are
    bench/responsiveness.py's): without the pause a step expands a whole layer."""
    paused, path = beam_steps(monkeypatch, 32)
    whole_layers, same = beam_steps(monkeypatch, 1 << 30)
    assert same == path
    assert paused >= 4 * whole_layers and paused > 3000, (paused, whole_layers)


class Deadline(float):
    """A deadline that has not passed for its first ``looks`` looks (``now < deadline``) and
    has passed from then on, whatever the clock says: when work stops is then counted in
    looks, not timed."""

    looks: int

    def __new__(cls, looks: int) -> Deadline:
        deadline = super().__new__(cls, float("inf"))
        deadline.looks = looks
        return deadline

    def __gt__(self, now: object) -> bool:  # ``now < deadline`` asks the deadline first (a float subclass)
        self.looks -= 1
        return self.looks >= 0


def detoured(problem: Problem, path: list[int], seed: int) -> list[int]:
    """``path`` with blank round trips (out and straight back) put in at random places."""
    rng = random.Random(seed)
    longer = list(path)
    for _ in range(30):
        at = rng.randrange(len(longer))
        blank = longer[at]
        out = rng.choice(problem.neighbours[blank])
        longer[at + 1 : at + 1] = [out, blank]
    return longer


@pytest.mark.parametrize("shape", [(3, 3), (5, 5), (8, 8), (6, 11)])
def test_windows_take_out_detours_and_the_result_replays(shape: tuple[int, int]) -> None:
    rows, cols = shape
    goal = Board.goal(rows, cols)
    board = random_board(rows, cols, goal, seed=f"windows{shape}")
    problem = Problem.from_boards(board, goal)
    path = [board.blank] + drain(reduce(problem))
    longer = detoured(problem, path, seed=rows * cols)
    assert len(longer) == len(path) + 60
    shorter = drain(shorten(problem, longer, time.perf_counter() + 60))
    assert shorter is not None
    moves = replays(problem, board, goal, shorter)
    assert moves <= len(path) - 1  # every detour gone, and maybe more
    assert moves >= estimate("manhattan", board, goal)


def test_windows_leave_a_shortest_path_alone() -> None:
    goal = Board.goal(3, 3)
    board = Board.from_string("8 6 7 2 5 4 3 0 1")  # 31 moves, the farthest 8-puzzle
    result = solve(board, goal, "idastar", "manhattan", limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=60))
    problem = Problem.from_boards(board, goal)
    path = [board.blank]
    for move in result.moves:
        row, col = divmod(path[-1], 3)
        row, col = {"U": (row + 1, col), "D": (row - 1, col), "L": (row, col + 1), "R": (row, col - 1)}[move]
        path.append(row * 3 + col)
    replays(problem, board, goal, path)
    assert drain(shorten(problem, path, time.perf_counter() + 60)) is None


def test_windows_stop_at_the_deadline_with_what_they_have(monkeypatch: pytest.MonkeyPatch) -> None:
    goal = Board.goal(10, 10)
    board = random_board(10, 10, goal, seed=3)
    problem = Problem.from_boards(board, goal)
    path = [board.blank] + drain(reduce(problem))
    longer = detoured(problem, path, 1)
    # A deadline that passes after its fourth look (no clock involved): the first look lets
    # a pass start, the next three a window each, and no window starts once it has passed.
    deadline = Deadline(looks=4)
    steps = shorten(problem, longer, deadline)
    searched = 0
    while True:
        try:
            searched = max(searched, next(steps).expanded)  # the windows searched so far
        except StopIteration as done:
            out = done.value
            break
    assert searched == 3 and deadline.looks < 0
    if out is not None:
        replays(problem, board, goal, out)
    assert drain(shorten(problem, longer, Deadline(looks=0))) is None  # passed already: nothing searched
    monkeypatch.setattr(windows, "WINDOWS", (12,))
    steps = shorten(problem, path, time.perf_counter() + 60)
    next(steps)
    with pytest.raises(StopIteration) as done:
        steps.send(True)
    assert done.value.value is None


@pytest.mark.parametrize("shape", [(7, 7), (9, 9), (6, 10)])
def test_the_anytime_solver_improves_big_boards_by_stages(shape: tuple[int, int]) -> None:
    rows, cols = shape
    goal = Board.goal(rows, cols)
    board = random_board(rows, cols, goal, seed=f"anytime{shape}")
    # 1 s of this thread's CPU (conftest's cpu_clock): the first staged improvement comes
    # within 0.25 s here, whatever the load.
    result = solve(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=1.0))
    assert board.play(result.tiles) == goal and result.length == len(result.moves)
    lengths = [step.length for step in result.history if step.length is not None]
    assert len(lengths) >= 2 and result.length < lengths[0]
    assert result.lower_bound is not None and estimate("manhattan", board, goal) <= result.lower_bound <= result.length


def test_each_staged_solution_starts_from_the_best_so_far_and_windows_shorten_the_best(monkeypatch: pytest.MonkeyPatch) -> None:
    from npuzzle.search import anytime

    calls: list[tuple[int, int | None]] = []  # (best it was given, moves it found)
    shortened: list[int] = []
    real_staged, real_shorten = anytime.staged_solution, anytime.shorten

    def staged_watched(problem: Problem, width: int, deadline: float, best: int, *variant: int) -> Any:
        found = yield from real_staged(problem, width, deadline, best, *variant)
        calls.append((best, None if found is None else len(found) - 1))
        return found

    def shorten_watched(problem: Problem, path: list[int], deadline: float) -> Any:
        shortened.append(len(path) - 1)
        return (yield from real_shorten(problem, path, deadline))

    monkeypatch.setattr(anytime, "staged_solution", staged_watched)
    monkeypatch.setattr(anytime, "shorten", shorten_watched)
    goal = Board.goal(8, 8)
    board = random_board(8, 8, goal, seed="fresh best")
    # 1.5 s of CPU (conftest's cpu_clock): four staged solutions and a shortening by windows
    # here, the third done at 0.6 s.
    result = solve(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=1.5))
    assert len(calls) >= 3
    best = calls[0][0]
    for given, found in calls:
        assert given <= best  # never a stale best (windows may have shortened it meanwhile)
        if found is not None:
            assert found < given
            best = found
    assert shortened and all(length in [c[1] for c in calls] for length in shortened)
    assert result.length is not None and result.length <= min(c[1] for c in calls if c[1] is not None)


@pytest.mark.parametrize("rows, cols, goal_name", [(7, 7, "blank-last"), (7, 7, "blank-first"), (5, 8, "blank-last"), (8, 6, "blank-first")])
def test_core_tables_name_the_core_that_the_lines_leave(rows: int, cols: int, goal_name: str) -> None:
    """core_tables says which 5x5 tables the core will use without filling a line: the
    core that filling the lines leaves has that shape and its blank's goal there."""
    goal = Board.goal(rows, cols, goal_name)
    problem = Problem.from_boards(random_board(rows, cols, goal, seed=rows * cols), goal)
    reduction = Staged(problem, 8)
    lines = reduction.run_to(staged.CORE)
    with pytest.raises(StopIteration) as done:
        while True:
            next(lines)
    sub, _ = reduction.region_problem(*done.value.value)
    assert staged.core_tables(rows, cols, goal.blank) == (sub.rows, sub.cols, sub.goal.index(0))


def test_core_tables_are_none_where_the_5x5_tables_do_not_apply() -> None:
    assert staged.core_tables(7, 7, 3) is None  # the blank's goal on an edge, not in a corner
    assert staged.core_tables(7, 7, 24) is None  # in the middle
    assert staged.core_tables(4, 12, 47) is None  # a core of 4 rows
    assert staged.core_tables(12, 12, 11) == (5, 5, 4)


@pytest.mark.parametrize("rows, cols, goal_name", [(10, 10, "blank-last"), (9, 12, "blank-first"), (5, 8, "blank-last")])
def test_lines_are_numbered_in_the_order_staged_solving_fills_them(rows: int, cols: int, goal_name: str) -> None:
    """The weights of a beam's other tiles follow their lines' order (AHEAD_WEIGHTS): that
    order is the one the lines are filled in, the core after every line."""
    goal = Board.goal(rows, cols, goal_name)
    problem = Problem.from_boards(random_board(rows, cols, goal, seed=rows + cols), goal)
    work = Staged(problem, 4)
    filled: list[list[int]] = []
    fill = work.fill_line

    def watched(line: list[int], inward: int) -> Generator[None, None, None]:
        filled.append(line)
        return fill(line, inward)

    work.fill_line = watched  # type: ignore[method-assign]
    drain(work.run_to(staged.CORE))
    order = work.order
    assert filled and [sorted({order[c] for c in line}) for line in filled] == [[k] for k in range(len(filled))]
    core = [cell for cell in range(rows * cols) if all(cell not in line for line in filled)]
    assert len(core) == staged.CORE * staged.CORE and {order[c] for c in core} == {len(filled)}


def test_a_line_beam_weighs_other_tiles_by_how_soon_their_line_comes() -> None:
    """Staged solutions whose line beams count the next lines' tiles more than far-off
    ones (AHEAD_WEIGHTS) are far shorter than with every other tile counted alike: here
    (12x12, width 16) 2.58 against 2.91 x Manhattan on average (10x10, width 128, 16
    tuning boards: 2.10 against 2.29, before whole-line beams)."""
    ratios: dict[tuple[int, ...], list[float]] = {}
    for ahead, stage_weight, near in ((staged.AHEAD_WEIGHTS, staged.STAGE_WEIGHT, staged.NEAR_WEIGHT), ((1,), 2, 1)):
        for goal_name in ("blank-last", "blank-first"):
            goal = Board.goal(12, 12, goal_name)
            board = random_board(12, 12, goal, seed=f"ahead{goal_name}1")
            problem = Problem.from_boards(board, goal)
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(staged, "AHEAD_WEIGHTS", ahead)
                patch.setattr(staged, "NEAR_WEIGHT", near)
                path = drain(staged_solution(problem, 16, time.perf_counter() + 60, 10**9, stage_weight))
            moves = replays(problem, board, goal, path)
            ratios.setdefault(ahead, []).append(moves / estimate("manhattan", board, goal))
    weighted, alike = (sum(r) / len(r) for r in ratios.values())
    assert weighted < 2.7 and weighted < alike - 0.2


def test_a_whole_line_beam_brings_the_last_two_tiles_home_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line's last two tiles come home in the beam that brings the rest (the reduction's
    way of finishing them, ``finish_pair``, is left for the lines where it cannot)."""
    finished: list[int] = []
    finish = Staged.finish_pair

    def watched(self: Staged, *args: Any) -> None:
        if isinstance(self, Staged):  # the core's line-by-line solution is no staged one
            finished.append(1)
        finish(self, *args)

    monkeypatch.setattr(Staged, "finish_pair", watched)
    lines = 0
    for rows, goal_name in ((8, "blank-last"), (8, "blank-first"), (10, "blank-last"), (10, "blank-first")):
        goal = Board.goal(rows, rows, goal_name)
        board = random_board(rows, rows, goal, seed=f"whole{rows}{goal_name}")
        problem = Problem.from_boards(board, goal)
        replays(problem, board, goal, drain(staged_solution(problem, 32, time.perf_counter() + 60, 10**9)))
        lines += max(Staged(problem, 1).order)
    assert lines == 32 and len(finished) <= 4


def test_a_big_boards_first_solution_is_a_narrow_staged_one_never_cut_off() -> None:
    """Past 10x10 the anytime solver's first solution is a staged one with line beams
    FIRST_STAGED_WIDTH wide (faster than the reduction and far shorter), and it comes
    whatever the time limit."""
    from npuzzle.search import anytime

    goal = Board.goal(11, 11)
    board = random_board(11, 11, goal, seed="first")
    problem = Problem.from_boards(board, goal)
    narrow = drain(staged_solution(problem, anytime.FIRST_STAGED_WIDTH, float("inf"), 1 << 62))
    by_lines = drain(reduce(problem))
    result = solve(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=0.001))
    assert result.history[0].length == result.length == len(narrow) - 1 < len(by_lines)
    assert board.play(result.tiles) == goal


def test_a_staged_solution_in_a_hurry_ends_with_narrow_beams() -> None:
    """Past its ``hurry`` time a staged solution's beams are HURRY_WIDTH wide: one in a
    hurry from the start is the narrow one."""
    goal = Board.goal(9, 9, "blank-first")
    board = random_board(9, 9, goal, seed="hurry")
    problem = Problem.from_boards(board, goal)
    hurried = drain(staged_solution(problem, 256, float("inf"), 1 << 62, staged.STAGE_WEIGHT, staged.CHUNK, 0.0))
    narrow = drain(staged_solution(problem, staged.HURRY_WIDTH, float("inf"), 1 << 62))
    assert hurried == narrow
    replays(problem, board, goal, hurried)


def test_a_6x6_board_gets_staged_solutions_before_its_beams(monkeypatch: pytest.MonkeyPatch) -> None:
    from npuzzle.search import anytime

    widths: list[int] = []
    real = anytime.staged_solution

    def watched(problem: Problem, width: int, *rest: Any) -> Any:
        widths.append(width)
        return (yield from real(problem, width, *rest))

    monkeypatch.setattr(anytime, "staged_solution", watched)
    goal = Board.goal(6, 6)
    board = random_board(6, 6, goal, seed="ladder")
    result = solve(board, goal, limits=Limits(max_nodes=UNLIMITED_NODES, time_limit=1.0))
    assert widths and widths[0] == anytime.STAGED_WIDTH and widths == sorted(widths)
    assert board.play(result.tiles) == goal
