"""A person's heuristic file on the command line and in the searches: check, solve and
compare with --heuristic-file, every bad file's one line and exit status, the time limit
on an h that never returns, and the same answers as the built-in Manhattan distance."""

from __future__ import annotations

import io
import json
import random
import threading
from pathlib import Path

import pytest

from npuzzle import Board, Limits, Search, solve
from npuzzle.cli import main
from npuzzle.custom import TEMPLATE, heuristic_entry, load_heuristic
from npuzzle.custom.deadline import hard_time_limit_available
from npuzzle.known import eight_puzzle_distances

from .helpers import check_solution, run_npuzzle
from .test_cli import EVERY_JSON_KEY

HARD = "8 6 7 2 5 4 3 0 1"
BAD_FILES = {
    "syntax": ("def h(tiles, goal, rows, cols):\n    return (1 +\n",
               "npuzzle: error: --heuristic-file: {path} line 2: SyntaxError: '(' was never closed"),
    "missing": ("def g(tiles, goal, rows, cols):\n    return 0\n",
                "npuzzle: error: --heuristic-file: {path}: no function h defined: write def h(tiles, goal, rows, cols):"),
    "not callable": ("h = 0\n", "npuzzle: error: --heuristic-file: {path}: h is a int, not a function: write def h(tiles, goal, rows, cols):"),
    "raises": ("def h(tiles, goal, rows, cols):\n    if tiles != goal:\n        return tiles.index(99)\n    return 0\n",
               "npuzzle: error: {path}: h raised ValueError: tuple.index(x): x not in tuple at line 3, on board {board}"),
    "float": ("def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else 1.5\n",
              "npuzzle: error: {path}: h returned 1.5 (float), not an int, on board {board}"),
    "bool": ("def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else tiles != goal\n",
             "npuzzle: error: {path}: h returned True (bool), not an int, on board {board}"),
    "negative": ("def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else -3\n",
                 "npuzzle: error: {path}: h returned -3, a negative number, on board {board}"),
}
LOOPS = (
    "def h(tiles, goal, rows, cols):\n    while True:\n        pass\n",
    # A bare except would swallow one interruption: the alarm repeats until it gets out.
    "def h(tiles, goal, rows, cols):\n    while True:\n        try:\n            while True:\n                pass\n"
    "        except:\n            pass\n",
)


def write(tmp_path: Path, text: str, name: str = "my_h.py") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def run(*args: str) -> tuple[int, str, str]:
    """``main`` in this process: exit status, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), stdin=io.StringIO(), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_every_bad_file_gives_its_one_line_and_exit_2(tmp_path: Path, case: str) -> None:
    source, expected = BAD_FILES[case]
    path = write(tmp_path, source)
    commands = {
        "check": (["check", "--heuristic-file", path, "--size", "2x2"], "1,2,3,4"),  # board filled in below
        "solve": (["solve", HARD, "--algorithm", "astar", "--heuristic-file", path], HARD.replace(" ", ",")),
        "compare": (["compare", "1 2 0 3", "--heuristic-file", path], "1,2,0,3"),
    }
    for command, (args, board) in commands.items():
        status, out, err = run(*args)
        assert status == 2 and out == "", (command, err)
        assert err.count("\n") == 1, (command, err)
        if "{board}" in expected:  # the first board h was asked about that is not the goal
            head, tail = expected.format(path=path, board="\0").split("\0")
            assert err.startswith(head) and err.endswith(tail + "\n"), (command, err)
            shown = err[len(head): len(err) - len(tail) - 1]
            if command == "solve":
                assert shown == board
            else:
                tiles = [int(t) for t in shown.split(",")]
                assert sorted(tiles) == [0, 1, 2, 3]
        else:
            assert err == expected.format(path=path) + "\n", (command, err)


def test_a_check_names_the_board_it_failed_on(tmp_path: Path) -> None:
    source = "def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else abs(1 // (tiles[0] - 2))\n"
    status, _, err = run("check", "--heuristic-file", write(tmp_path, source))
    assert status == 2 and "ZeroDivisionError" in err and "at line 2, on board 2," in err


@pytest.mark.parametrize("source", LOOPS)
def test_an_h_that_never_returns_is_stopped_by_the_time_limit(tmp_path: Path, source: str) -> None:
    path = write(tmp_path, source)
    for args in (["check", "--heuristic-file", path], ["solve", HARD, "--algorithm", "idastar", "--heuristic-file", path]):
        done = run_npuzzle(*args, "--time-limit", "0.3")
        assert done.returncode == 3, done.stderr
        assert done.stdout == "" and done.stderr.count("\n") == 1
        # On the board when the raise got out; else (a bare except caught every one) without it.
        assert done.stderr.startswith("npuzzle: time limit: stopped after 0.3 s (--time-limit): ")
        assert "h did not return on board " in done.stderr or "code did not return" in done.stderr


@pytest.mark.wall_clock  # its h sleeps (no CPU time), and the command line's hard limit is wall time
def test_a_slow_check_stops_at_the_time_limit_with_what_it_checked(tmp_path: Path) -> None:
    slow = "import time\n" + TEMPLATE.replace("    return total\n", "    time.sleep(0.0002)\n    return total\n")
    status, out, _ = run("check", "--heuristic-file", write(tmp_path, slow), "--time-limit", "0.3", "--json")
    data = json.loads(out)
    assert status == 3 and data["stopped"] == "time-limit" and 0 < data["states"] < 181_440
    assert data["admissible"] is None and data["exhaustive"] is False
    assert data["verdict"].startswith(f"no overestimate found on {data['states']:,} boards (stopped by the time limit)")


def test_check_json_and_words(tmp_path: Path) -> None:
    status, out, _ = run("check", "--heuristic-file", write(tmp_path, TEMPLATE), "--size", "2x3", "--goal", "blank-first", "--json")
    data = json.loads(out)
    assert status == 0
    assert {"admissible", "consistent", "exhaustive", "states", "overestimates", "inconsistent_edges",
            "worst_overestimate", "worst_inconsistent_edge", "h_goal", "exact_share", "mean_ratio", "seconds"} <= set(data)
    assert (data["admissible"], data["consistent"], data["exhaustive"], data["states"]) == (True, True, True, 360)
    assert data["goal"] == [0, 1, 2, 3, 4, 5] and data["heuristic"] == "custom:my_h.py"
    double = TEMPLATE.replace("    return total\n", "    return 2 * total\n")
    status, out, _ = run("check", "--heuristic-file", write(tmp_path, double, "double.py"), "--size", "2x3")
    assert status == 0
    assert "Not admissible: h exceeds the true distance on" in out and "Worst overestimate: h " in out
    assert "Worst inconsistent move: h drops from 2 to 0" in out
    status, out, _ = run("check", "--heuristic-file", write(tmp_path, TEMPLATE), "--size", "4", "--time-limit", "30")
    assert status == 0 and "No overestimate found on 50,100 boards" in out and "Admissible" not in out


def test_informed_only_and_not_both(tmp_path: Path) -> None:
    path = write(tmp_path, TEMPLATE)
    for algorithm in ("bfs", "iddfs"):
        status, _, err = run("solve", HARD, "--algorithm", algorithm, "--heuristic-file", path)
        assert status == 2 and err == (f"npuzzle: error: --heuristic-file: the {algorithm} algorithm uses no heuristic, "
                                       "so your heuristic would be ignored: leave it out or choose another algorithm\n")
    status, _, err = run("solve", HARD, "--heuristic", "pdb", "--heuristic-file", path)
    assert status == 2 and err.startswith("npuzzle: error: --heuristic-file: give a heuristic or your own, not both")
    status, _, err = run("solve", HARD, "--heuristic-file", str(Path(path).with_name("absent.py")))
    assert status == 2 and err.startswith("npuzzle: error: --heuristic-file: cannot read ")


def test_the_template_solves_like_the_built_in_manhattan(tmp_path: Path) -> None:
    """Same lengths, same node counts, for A* and IDA*, on boards of every distance; the
    result says that optimality holds only if the heuristic is admissible."""
    distances = eight_puzzle_distances("blank-last")
    goal = Board.goal(3, 3)
    entry = heuristic_entry(load_heuristic(TEMPLATE, "my_h.py"), goal)
    boards = random.Random(19).sample(sorted(distances), 12)
    for tiles in boards:
        board = Board(3, 3, tiles)
        for algorithm in ("astar", "idastar"):
            mine = Search(board, goal, algorithm, entry, Limits(max_nodes=1_000_000)).run()
            built_in = solve(board, goal, algorithm, "manhattan")
            assert mine.length == built_in.length == distances[tiles]
            assert (mine.expanded, mine.generated) == (built_in.expanded, built_in.generated)
            assert mine.optimal is False and mine.optimal_if_admissible is True and built_in.optimal
            assert mine.heuristic == "custom:my_h.py" and mine.lower_bound is None
            check_solution(board, goal, mine)
    status, out, _ = run("solve", HARD, "--algorithm", "idastar", "--heuristic-file", write(tmp_path, TEMPLATE), "--json")
    data = json.loads(out)
    assert status == 0 and set(data) == EVERY_JSON_KEY | {"optimal_if_admissible"}
    assert (data["length"], data["optimal"], data["optimal_if_admissible"]) == (31, False, True)
    assert (data["quality"], data["quality_short"]) == ("optimal only if the heuristic is admissible", "if admissible")
    status, out, _ = run("solve", HARD, "--heuristic-file", write(tmp_path, TEMPLATE))
    assert status == 0 and "(optimal only if the heuristic is admissible)" in out and "is your own heuristic" in out


def test_h_gets_the_real_tiles_and_goal_not_the_search_labels(tmp_path: Path) -> None:
    """A heuristic that depends on tile numbers: the searches work on relabelled cells,
    and map each state back before calling h."""
    source = (
        "SEEN = []\n"
        "def h(tiles, goal, rows, cols):\n"
        "    SEEN.append((tiles, goal, rows, cols))\n"
        "    where = {t: i for i, t in enumerate(goal)}\n"
        "    return sum(abs(i // cols - where[t] // cols) + abs(i % cols - where[t] % cols)\n"
        "               for i, t in enumerate(tiles) if t)\n"
    )
    goal = Board.from_string("5 3 1 / 0 4 2", 2, 3)
    board = Board.from_string("3 1 2 / 5 0 4", 2, 3)
    user = load_heuristic(source, "tiles.py")
    result = Search(board, goal, "astar", heuristic_entry(user, goal)).run()
    reference = solve(board, goal, "astar", "manhattan")
    assert result.length == reference.length and result.expanded == reference.expanded
    seen = user.function.__globals__["SEEN"]
    assert seen[0] == (board.tiles, goal.tiles, 2, 3)
    assert all(g == goal.tiles and sorted(t) == sorted(goal.tiles) and (r, c) == (2, 3) for t, g, r, c in seen)


def test_compare_gives_a_row_for_it_with_every_informed_algorithm(tmp_path: Path) -> None:
    status, out, _ = run("compare", "1 2 3 / 4 5 6 / 0 7 8", "--heuristic-file", write(tmp_path, TEMPLATE), "--json")
    rows = json.loads(out)
    mine = [r for r in rows if r["heuristic"] == "custom:my_h.py"]
    assert status == 0 and [r["algorithm"] for r in mine] == ["greedy", "astar", "wastar", "idastar", "anytime"]
    assert all(r["length"] == 2 and "optimal_if_admissible" in r for r in mine)
    assert all("optimal_if_admissible" not in r for r in rows if r["heuristic"] != "custom:my_h.py")
    status, out, _ = run("compare", "1 2 3 / 4 5 6 / 0 7 8", "--heuristic-file", write(tmp_path, TEMPLATE))
    assert status == 0 and "custom:my_h.py" in out and "if admissible" in out


def test_the_hard_limit_is_only_offered_in_the_main_thread() -> None:
    found: list[bool] = []
    thread = threading.Thread(target=lambda: found.append(hard_time_limit_available()))
    thread.start()
    thread.join()
    assert found == [False] and hard_time_limit_available() is True


def test_the_web_api_reads_the_same_fields_and_answers_errors_as_data() -> None:
    from npuzzle import webapi

    def go(request: dict[str, object]) -> dict[str, object]:
        answer = json.loads(webapi.handle(json.dumps({"budget_ms": 1000, **request})))
        while answer.get("type") == "progress":
            answer = json.loads(webapi.handle(json.dumps({"op": "step", "job": answer["job"], "budget_ms": 1000})))
        return answer

    answer = go({"op": "solve", "board": HARD, "algorithm": "idastar", "heuristic_code": TEMPLATE,
                 "heuristic_filename": "mine.py"})
    result = answer["result"]
    assert isinstance(result, dict) and result["heuristic"] == "custom:mine.py" and result["length"] == 31
    assert result["optimal"] is False and result["optimal_if_admissible"] is True
    answer = go({"op": "solve", "board": HARD, "algorithm": "bfs", "heuristic_code": TEMPLATE})
    assert answer["ok"] is False and answer["error"]["field"] == "heuristic_code"  # type: ignore[index]
    answer = go({"op": "solve", "board": HARD, "heuristic_code": "def h(:\n"})
    assert answer["error"] == {"field": "heuristic_code", "message": "your_heuristic.py line 1: SyntaxError: invalid syntax",
                               "kind": "syntax", "line": 1, "board": None}
    jobs = dict(webapi._jobs)
    answer = go({"op": "solve", "board": HARD, "algorithm": "astar",
                 "heuristic_code": "def h(t, g, r, c):\n    return 1 // 0\n"})
    assert answer["error"] == {"field": "heuristic_code", "kind": "raised", "line": 2, "board": [8, 6, 7, 2, 5, 4, 3, 0, 1],
                               "message": "your_heuristic.py: h raised ZeroDivisionError: integer division or modulo by zero "
                                          "at line 2, on board 8,6,7,2,5,4,3,0,1"}
    assert webapi._jobs == jobs  # the failed job is not left behind
    answer = go({"op": "compare", "board": "1 2 3 4 5 6 0 7 8", "heuristic_code": TEMPLATE})
    results = answer["results"]
    assert isinstance(results, list) and sum(r["heuristic"] == "custom:your_heuristic.py" for r in results) == 5


def test_top_level_code_that_never_ends_is_stopped_too(tmp_path: Path) -> None:
    done = run_npuzzle("check", "--heuristic-file", write(tmp_path, "while True:\n    pass\n"), "--time-limit", "0.3")
    assert done.returncode == 3 and done.stderr == (
        "npuzzle: time limit: stopped after 0.3 s (--time-limit): the heuristic file's code did not return\n")


def test_what_h_prints_goes_to_standard_error_and_the_json_stays_whole(tmp_path: Path) -> None:
    source = 'print("loading")\ndef h(tiles, goal, rows, cols):\n    print("h of", tiles)\n    return 0\n'
    done = run_npuzzle("solve", "1 2 3 4 5 6 7 0 8", "--algorithm", "astar", "--heuristic-file",
                       write(tmp_path, source), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["length"] == 1
    assert done.stderr.startswith("loading\nh of (1, 2, 3, 4, 5, 6, 7, 0, 8)\n")


@pytest.mark.parametrize("body, message", [
    ("return 10 ** 400", "h returned a number, more than 2,147,483,647 (no board is that far), on board 1,2,0,3"),
    ("raise SystemExit(4)", "h raised SystemExit: 4 at line 2, on board 1,2,0,3"),
])
def test_hostile_answers_are_bad_files_too(tmp_path: Path, body: str, message: str) -> None:
    source = f"def h(tiles, goal, rows, cols):\n    {body}\n"
    path = write(tmp_path, source)
    status, out, err = run("solve", "1 2 0 3", "--algorithm", "idastar", "--heuristic-file", path)
    assert (status, out, err) == (2, "", f"npuzzle: error: {path}: {message}\n")


@pytest.mark.thorough
def test_solve_can_check_the_heuristic_first(tmp_path: Path) -> None:
    """Proven admissible by the exhaustive check, a solution is proven optimal; found
    inadmissible, it is not, and the answer says what the check found."""
    status, out, _ = run("solve", HARD, "--algorithm", "astar", "--heuristic-file", write(tmp_path, TEMPLATE),
                         "--check-heuristic", "--json")
    data = json.loads(out)
    assert status == 0 and (data["optimal"], data["lower_bound"], data["quality"]) == (True, 31, "optimal")
    assert data["heuristic_check"]["admissible"] is True and data["heuristic_check"]["states"] == 181_440
    double = TEMPLATE.replace("    return total\n", "    return 2 * total\n")
    status, out, _ = run("solve", HARD, "--algorithm", "astar", "--heuristic-file", write(tmp_path, double, "d.py"),
                         "--check-heuristic")
    assert status == 0 and "Check of custom:d.py: not admissible" in out and "may be longer than the shortest" in out
    status, _, err = run("solve", HARD, "--check-heuristic")
    assert status == 2 and err == "npuzzle: error: --check-heuristic: give the heuristic to check with --heuristic-file\n"
    from npuzzle.custom import check_heuristic

    small = check_heuristic(load_heuristic(TEMPLATE), Board.goal(2, 2))
    with pytest.raises(ValueError, match="another goal"):
        heuristic_entry(load_heuristic(TEMPLATE), Board.goal(2, 2, "blank-first"), small)
    assert heuristic_entry(load_heuristic(TEMPLATE), Board.goal(2, 2), small).admissible is True
