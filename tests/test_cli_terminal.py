"""The command line in a terminal, as a person runs it: every command that draws a progress
line (``solve`` on every size with the default solver and with each algorithm that applies,
``compare``, ``check``, ``solve --check-heuristic``, ``analyse``), and Ctrl-C in each. Each run's terminal
must have received the progress line, end with the answer on screen (the progress line
wiped), the exit status the docs give, and no traceback.

Limits make every run short. The algorithms other than the default get a node limit far
below what the board needs (so each stops by it, on any machine) and worth about half a
second of work here (so each draws its line, which comes every 0.1 s, even on a machine a few
times faster; a machine slowed down by others only draws more). A time limit would end a
run stalled by a loaded machine before its first line. The default solver answers at once
and goes on improving, so it draws its line whatever the machine. The runs go four at a
time, in terminals of their own (tests/terminal.py), in one fixture; each test reads its own.
The assertions are on what was drawn and said, never on seconds.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from npuzzle import ALGORITHMS, Board
from npuzzle.compare import comparison_pairs
from npuzzle.custom import TEMPLATE

from .terminal import COLUMNS, Run, npuzzle, run_all

pytestmark = pytest.mark.thorough  # every case runs in one module fixture (a terminal each, or one Pyodide): the full command's run

BOARDS = {
    "3x3": ("8 6 7 2 5 4 3 0 1", "blank-last"),  # 31 moves, the hardest 8-puzzles' kin
    "4x4": ("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "blank-first"),  # Korf #1, 57 moves
    "5x5": ("8 6 18 24 5 7 15 3 11 19 12 20 21 9 17 23 1 10 13 14 4 22 2 0 16", "blank-last"),  # random, seed 1
    "8x8": (" ".join(str(t) for t in (  # random --size 8 --seed 1
        18, 7, 57, 23, 14, 16, 40, 9, 20, 35, 41, 17, 46, 42, 13, 22, 21, 11, 49, 4, 36, 47, 53, 38, 48, 63, 29, 2,
        54, 24, 5, 27, 59, 26, 39, 30, 60, 56, 32, 12, 37, 43, 6, 10, 45, 50, 61, 51, 52, 33, 15, 34, 58, 0, 1, 19,
        25, 55, 28, 8, 44, 3, 31, 62)), "blank-last"),
}
HEURISTIC = {"3x3": "hamming", "4x4": "hamming", "5x5": "hamming", "8x8": "manhattan"}
"""Weak heuristics, so that no algorithm but greedy on the small boards solves these boards
within the node limits below (3x3: BFS needs 181,378 expansions, A* with hamming 121,526,
weighted A* 81,602, IDA* over a million; greedy on 5x5 and 8x8 over 100,000)."""
NODES = {
    ("bfs", "3x3"): 120_000, ("iddfs", "3x3"): 350_000, ("astar", "3x3"): 75_000, ("wastar", "3x3"): 55_000,
    ("idastar", "3x3"): 300_000,
    ("bfs", "4x4"): 120_000, ("iddfs", "4x4"): 160_000, ("astar", "4x4"): 40_000, ("wastar", "4x4"): 50_000,
    ("idastar", "4x4"): 240_000,
    ("greedy", "5x5"): 50_000, ("astar", "5x5"): 50_000, ("wastar", "5x5"): 55_000, ("idastar", "5x5"): 280_000,
    ("greedy", "8x8"): 55_000, ("astar", "8x8"): 35_000, ("wastar", "8x8"): 40_000, ("idastar", "8x8"): 300_000,
}
"""Each run's node limit: about 0.4 s of its search on this 2-core machine (the fastest of
two runs, under load: `bench/`-style figures belong elsewhere, these only size the runs)."""
QUICK = {("greedy", "3x3"): "linear-conflict", ("greedy", "4x4"): "linear-conflict"}
"""Greedy answers these at once with linear conflict (64 and 553 nodes): whether a line is
drawn depends on the machine's speed, so only the answer is checked."""
GAME_4X4 = ("3,4,5,14,10,2,7,8,1,0,11,15,13,6,12,9", " ".join(str(t) for t in (  # a 4x4 solved by the reduction: 99 moves
    2, 10, 1, 2, 10, 4, 3, 1, 2, 10, 4, 2, 10, 4, 11, 7, 5, 3, 2, 11, 4, 10, 11, 4, 7, 5, 4, 7, 5, 15, 8, 4, 15, 8, 4,
    14, 3, 15, 14, 4, 8, 14, 15, 3, 4, 15, 7, 5, 10, 11, 5, 7, 14, 12, 9, 8, 12, 9, 6, 10, 9, 6, 10, 13, 11, 9, 6, 10,
    13, 11, 9, 6, 11, 13, 10, 11, 6, 9, 13, 10, 11, 12, 8, 11, 12, 14, 15, 8, 11, 12, 14, 15, 7, 6, 10, 14, 15, 11, 12)))
"""A game like a person's (bench/analysis.py's seed 5): its analysis takes a few seconds here."""
DEFAULT_LIMIT = {"3x3": None, "4x4": "1", "5x5": "0.5", "8x8": "0.5"}
"""The default solver's --time-limit: the 3x3 is proven shortest at once; the others stop
improving after that long (or prove the 4x4's length first)."""


def solve_cases() -> dict[str, Run]:
    runs = {}
    for size, (board, goal) in BOARDS.items():
        rows = int(size.split("x")[0])
        limit = DEFAULT_LIMIT[size]
        runs[f"solve-{size}-default"] = npuzzle("solve", board, "--goal", goal,
                                                *(["--time-limit", limit] if limit else []))
        for name, info in ALGORITHMS.items():
            if name == "anytime" or not info.suits(rows, rows):
                continue
            heuristic = ["--heuristic", QUICK.get((name, size), HEURISTIC[size])] if info.uses_heuristic else []
            nodes = ["--max-nodes", str(NODES[name, size])] if (name, size) in NODES else []
            runs[f"solve-{size}-{name}"] = npuzzle("solve", board, "--goal", goal, "--algorithm", name, *heuristic,
                                                   *nodes)
    return runs


SOLVES = sorted(solve_cases())


@pytest.fixture(scope="module")
def heuristic_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("terminal") / "my_h.py"
    path.write_text(TEMPLATE)
    return path


@pytest.fixture(scope="module")
def runs(heuristic_file: Path) -> dict[str, Run]:
    """Every run of this file, done two at a time before the first test reads one."""
    h = str(heuristic_file)
    board3, _ = BOARDS["3x3"]
    board5, _ = BOARDS["5x5"]
    cases = solve_cases() | {
        "compare": npuzzle("compare", board3, "--max-nodes", "3000"),
        "check": npuzzle("check", "--heuristic-file", h),
        "check-4x4": npuzzle("check", "--heuristic-file", h, "--size", "4x4"),
        "solve-checked": npuzzle("solve", board3, "--heuristic-file", h, "--check-heuristic"),
        "solve-ctrl-c": npuzzle("solve", board5, "--time-limit", "60", interrupt_after=", lower bound "),
        "compare-ctrl-c": npuzzle("compare", board3, interrupt_after="runs done; running astar"),
        "check-ctrl-c": npuzzle("check", "--heuristic-file", h, "--size", "4x4", interrupt_after="boards,"),
        "analyse": npuzzle("analyse", GAME_4X4[0], GAME_4X4[1], "--notation", "numbers"),
        "analyse-ctrl-c": npuzzle("analyse", GAME_4X4[0], GAME_4X4[1], "--notation", "numbers",
                                  interrupt_after="positions settled"),
    }
    run_all(list(cases.values()), at_once=4)
    return cases


def check_terminal(run: Run, status: int, drawn: str | None) -> str:
    """The run ended with ``status`` and no traceback; the terminal received the progress
    line (``drawn``: a pattern of its first words, drawn over itself after a carriage
    return), never as wide as the terminal, and nothing of it is left on screen (nor the
    ``^C`` of an interrupted run). Returns the screen."""
    assert run.status == status, run.received
    assert "Traceback" not in run.received and "Error" not in run.received, run.received
    if drawn is not None:
        lines = [part for part in run.received.split("\r") if re.match(f"  {drawn}", part)]
        assert lines, run.received
        assert all(len(line) < COLUMNS for line in lines), lines  # it never wraps
    for line in run.screen:
        assert not line.startswith("  ") or re.match(r" +\d+\. ", line), run.screen  # the answer's steps
        assert "^C" not in line, run.screen
    return run.text


@pytest.mark.parametrize("case", SOLVES)
def test_solve_draws_its_progress_and_answers(case: str, runs: dict[str, Run]) -> None:
    _, size, algorithm = case.split("-")
    run = runs[case]
    text = run.text
    rows = int(size.split("x")[0])
    board, goal = BOARDS[size]
    assert text.startswith(f"Board ({size}, goal {goal}):\n{Board.from_string(board).to_grid()}\n"), text
    if algorithm == "default":
        screen = check_terminal(run, 0, "improving: best")
        found = re.search(r"Solution: (\d+) moves \((optimal|at most [\d.]+ x optimal)\); anytime with (\S+),", screen)
        assert found, screen
        length = int(found.group(1))
        assert screen.count("\n") >= length and f"{length:4}. " in screen and "Goal reached:" in screen
        assert screen.endswith(Board.goal(rows, rows, goal).to_grid())
        if size == "3x3":
            assert found.groups() == ("31", "optimal", "pdb")
        else:
            assert "The search for a shorter one was stopped by the time limit." in screen or found.group(2) == "optimal"
        return
    info = ALGORITHMS[algorithm]
    method = algorithm + (f" with {QUICK.get((algorithm, size), HEURISTIC[size])}" if info.uses_heuristic else "")
    if info.options:  # weighted A*'s weight, at its default
        method += f" ({', '.join(f'{o.name} = {o.default:g}' for o in info.options)})"
    if (algorithm, size) in QUICK:
        screen = check_terminal(run, 0, None)
        assert re.search(rf"Solution: \d+ moves \(not proven optimal\); {method}, ", screen), screen
        return
    screen = check_terminal(run, 3, "searching:")
    assert f"No solution yet: {method} was stopped by the node limit ({NODES[algorithm, size]:,} nodes expanded" in screen, screen
    if info.optimal:
        assert re.search(r"The shortest solution has at least \d+ moves\.", screen), screen


RUN_ON = {
    "3x3": {"bfs", "iddfs", "greedy", "astar", "wastar", "idastar"},
    "4x4": {"bfs", "iddfs", "greedy", "astar", "wastar", "idastar"},
    "5x5": {"greedy", "astar", "wastar", "idastar"},  # bfs and iddfs are for boards up to 16 cells
    "8x8": {"greedy", "astar", "wastar", "idastar"},
}
"""The algorithms run on each size, written out by hand (docs/cli.md's table), not by the
registry's filter that chose the cases."""


def test_every_size_and_algorithm_is_run() -> None:
    """The cases above: the default on four sizes, every other algorithm where it applies; a
    new algorithm fails here until it is added to ``RUN_ON``."""
    assert SOLVES == sorted(f"solve-{size}-{name}" for size, names in RUN_ON.items() for name in {"default", *names})
    assert len(SOLVES) == 24
    assert set().union(*RUN_ON.values()) == set(ALGORITHMS) - {"anytime"}


def test_compare_draws_each_run_and_prints_the_table(runs: dict[str, Run]) -> None:
    screen = check_terminal(runs["compare"], 0, r"\d+ of 32 runs done; running ")
    board = Board.from_string(BOARDS["3x3"][0])
    pairs = comparison_pairs(board, Board.goal(3))
    assert len(pairs) == 32
    rows = [line.split() for line in screen.splitlines() if line.split()[:1] and line.split()[0] in ALGORITHMS]
    assert [(row[0], None if row[1] == "-" else row[1]) for row in rows] == pairs
    assert screen.endswith("Limits per run: 3,000 nodes expanded, 5 s.")


def test_check_draws_the_boards_checked_and_gives_its_verdict(runs: dict[str, Run]) -> None:
    screen = check_terminal(runs["check"], 0, "checking every state:")
    assert "of 181,440 boards" in runs["check"].received
    assert "Admissible: h never exceeds the true distance on all 181,440 states; consistent:" in screen
    sampled = check_terminal(runs["check-4x4"], 0, "checking the states nearest the goal:")
    assert "No overestimate found on 50,100 boards; no inconsistent move found among" in sampled


def test_solve_checks_a_heuristic_file_first_with_its_own_progress(runs: dict[str, Run]) -> None:
    run = runs["solve-checked"]
    screen = check_terminal(run, 0, "checking every state:")
    assert "Solution: 31 moves (optimal); anytime with custom:my_h.py" in screen
    assert "Check of custom:my_h.py: admissible: h never exceeds the true distance" in screen


def test_ctrl_c_stops_each_command_and_keeps_what_it_has(runs: dict[str, Run]) -> None:
    """Ctrl-C in the terminal (SIGINT from the terminal itself): the command stops at once,
    says so, keeps what it found, and exits 130."""
    solve = runs["solve-ctrl-c"]
    assert solve.interrupted
    screen = check_terminal(solve, 130, "improving: best")
    assert re.search(r"Solution: \d+ moves \(at most [\d.]+ x optimal\); anytime with pdb", screen), screen
    assert "The search for a shorter one was stopped by cancellation." in screen
    compare = runs["compare-ctrl-c"]
    assert compare.interrupted
    screen = check_terminal(compare, 130, r"\d+ of 32 runs done; running ")
    assert "cancelled" in screen and "Stopped by cancellation: not every pair was run." in screen
    check = runs["check-ctrl-c"]
    assert check.interrupted
    screen = check_terminal(check, 130, "checking the states nearest the goal:")
    assert "(cancelled)" in screen and screen.endswith("Stopped by cancellation: not every board was checked.")


ANALYSING = r"[a-z' ,]+: \d+ of 100 positions settled, "
"""The analysis's progress line: what it does, then the positions settled."""


def test_analyse_draws_the_positions_settled_and_prints_every_move(runs: dict[str, Run]) -> None:
    screen = check_terminal(runs["analyse"], 0, ANALYSING)
    assert screen.startswith("Game (4x4, goal blank-last): 99 moves in the numbers notation (tile numbers), analysed as played.")
    moves = [line for line in screen.splitlines() if re.match(r" +\d+\. ", line)]
    assert [int(line.split(".")[0]) for line in moves] == list(range(1, 100))
    assert all(re.search(r"\d+ -> \d+ +(optimal|mistake \(-2\))", line) for line in moves), moves
    assert "Moves played: 99 single-tile, 79 multi-tile." in screen and "Excess: " in screen
    assert "Stopped" not in screen


def test_ctrl_c_stops_the_analysis_and_keeps_what_it_found(runs: dict[str, Run]) -> None:
    run = runs["analyse-ctrl-c"]
    assert run.interrupted
    screen = check_terminal(run, 130, ANALYSING)
    assert screen.endswith("Stopped by you (Ctrl-C): the positions not settled keep their bounds.")
