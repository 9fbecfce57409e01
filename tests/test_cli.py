"""The command line as a user runs it: exit codes, JSON keys, one-line errors."""

from __future__ import annotations

import json
import re

import pytest

from npuzzle import Board

from .helpers import check_solution, run_npuzzle

JSON_KEYS = {
    "solvable", "optimal", "length", "tiles", "moves", "expanded", "generated",
    "max_frontier", "seconds", "algorithm", "heuristic", "stopped",
}
EVERY_JSON_KEY = JSON_KEYS | {
    "bound", "weight", "suboptimality", "quality", "quality_short", "mtm", "metric", "mtm_optimal", "setup_seconds", "options",
    "start", "goal", "rows", "cols", "lower_bound", "factor", "history",
}
"""What ``solve --json`` prints, no more and no less (the README's table)."""


def test_json_answer_for_a_hard_8_puzzle() -> None:
    out = run_npuzzle("solve", "8 6 7 2 5 4 3 0 1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert JSON_KEYS <= set(data)
    assert set(data) == EVERY_JSON_KEY
    assert data["solvable"] is True and data["optimal"] is True
    assert data["length"] == 31 == len(data["tiles"]) == len(data["moves"])
    assert data["stopped"] is None
    assert set(data["moves"]) <= set("UDLR")
    check_solution(Board.from_string("8 6 7 2 5 4 3 0 1"), Board.goal(3), data)


def test_board_as_separate_arguments_goal_and_algorithm() -> None:
    out = run_npuzzle("solve", "0", "1", "2", "3", "4", "5", "6", "8", "7", "--goal", "1,2,3,4,5,6,7,0,8",
              "--algorithm", "idastar", "--heuristic", "hamming", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["algorithm"], data["heuristic"]) == ("idastar", "hamming")
    assert data["goal"] == [1, 2, 3, 4, 5, 6, 7, 0, 8]
    # That board cannot reach that goal (one inversion against none): the answer says so.
    assert data["start"] == [0, 1, 2, 3, 4, 5, 6, 8, 7]
    assert (data["solvable"], data["length"], data["stopped"]) == (False, None, None)
    out = run_npuzzle("solve", "1", "2", "3", "4", "5", "6", "0", "7", "8", "--goal", "1,2,3,4,5,6,7,0,8",
              "--algorithm", "idastar", "--heuristic", "hamming", "--json")
    data = json.loads(out.stdout)
    check_solution(Board.from_string("1 2 3 4 5 6 0 7 8"), Board.from_string("1,2,3,4,5,6,7,0,8"), data)
    assert (data["tiles"], data["moves"], data["optimal"]) == ([7], "L", True)


def test_board_from_standard_input() -> None:
    out = run_npuzzle("solve", "-", "--json", stdin="1 2 3\n4 5 6\n7 0 8\n")
    assert json.loads(out.stdout)["tiles"] == [8]


def test_unsolvable_is_an_answer() -> None:
    out = run_npuzzle("solve", "1,2,3,4,5,6,8,7,0", "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["solvable"] is False and data["length"] is None and data["stopped"] is None


@pytest.mark.thorough
def test_limit_gives_exit_status_3() -> None:
    out = run_npuzzle("solve", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "--goal", "blank-first",
              "--algorithm", "idastar", "--max-nodes", "2000", "--json")
    assert out.returncode == 3
    assert json.loads(out.stdout)["stopped"] == "node-limit"
    # Korf #88, the hardest of the 100 (65 moves): seconds of search, far over 0.2 s.
    out = run_npuzzle("solve", "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4", "--goal", "blank-first",
              "--algorithm", "idastar", "--time-limit", "0.2", "--max-nodes", "100000000", "--json")
    assert out.returncode == 3
    assert json.loads(out.stdout)["stopped"] == "time-limit"


@pytest.mark.thorough
def test_the_default_stopped_by_a_limit_still_answers() -> None:
    # The anytime default has an answer at once: a limit ends the improving, not the answer.
    korf88 = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4"
    for limit in (["--max-nodes", "2000"], ["--time-limit", "0.2"]):
        out = run_npuzzle("solve", korf88, "--goal", "blank-first", *limit, "--json")
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        assert data["algorithm"] == "anytime" and data["stopped"] in ("node-limit", "time-limit")
        assert data["length"] >= 65 >= data["lower_bound"] and data["optimal"] is False
        # The factor is a proven bound: rounded up (never below length / lower bound, by less
        # than 0.0001), so it also bounds the length against the known optimum, 65.
        assert 0 <= data["factor"] - data["length"] / data["lower_bound"] < 1e-4
        assert data["length"] / 65 <= data["factor"]
        check_solution(Board.from_string(korf88), Board.goal(4, 4, "blank-first"), data)
    text = run_npuzzle("solve", korf88, "--goal", "blank-first", "--time-limit", "0.2").stdout
    assert "The shortest solution has at least" in text and "stopped by the time limit" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "1 2 3 4 5 6 7 7 0"], "tile 7 appears twice"),
        (["solve", "1 2 3 4 5 6 7 0"], "8 tiles is not a square board"),
        (["solve", "1 2 3 4 5 6 7 8 0", "--goal", "upside-down"], "unknown goal"),
        (["solve", "1 2 3 4 5 6 7 8 0", "--algorithm", "dijkstra"], "invalid choice: 'dijkstra'"),
        (["solve", "1 2 3 4 5 6 7 8 0", "--heuristic", "magic"], "invalid choice: 'magic'"),
        (["solve", "1 2 3 4 5 6 7 8 0", "--max-nodes", "0"], "must be at least 1"),
        (["solve", "1 2 3 4 5 6 7 8 0", "--time-limit", "soon"], "is not a number of seconds"),
        (["solve", "1 2 3 4 5 6 7 8 0", "--size", "2x9"], "not a 2x9 board"),
        (["solve", "1 2 a 4 5 6 7 8 0"], "unknown symbol 'a' at position 3"),
        (["solve", "1 2 3 4 5 6 7 8 0", "--algorithm", "iddfs", "--heuristic", "pdb"],
         "--heuristic: the iddfs algorithm uses no heuristic"),
        (["solve", "1 2 3 4 5 6 7 8 0", "--algorithm", "bfs", "--heuristic", "manhattan"],
         "--heuristic: the bfs algorithm uses no heuristic"),
        (["solve", "1 2 3 0", "--size", "\u0662x\u0662"], "write its numbers with the digits 0 to 9"),
        (["random", "--size", "\u0663"], "write its numbers with the digits 0 to 9"),
        (["solve", "1 2 3 0", "--max-nodes", "\u0662"], "with the digits 0 to 9"),
        (["solve", "1 2 3 0", "--time-limit", "\u0661"], "with the digits 0 to 9"),
        (["solve", " ".join(map(str, range(80)))], "a square board has 4, 9, 16, 25, 36, 49, 64, 81, 100"),
        (["frobnicate"], "invalid choice"),
        (["tables"], "tables needs an action: python -m npuzzle tables build"),
        (["tables", "rebuild"], "invalid choice: 'rebuild'"),
    ],
)
def test_invalid_input_gives_one_line_and_exit_status_2(args: list[str], message: str) -> None:
    out = run_npuzzle(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "Traceback" not in out.stderr
    assert message in lines[0]


def test_readable_output_shows_board_then_steps() -> None:
    out = run_npuzzle("solve", "1 2 3 / 4 5 6 / 0 7 8")
    assert out.returncode == 0
    text = out.stdout
    assert text.index("1 2 3") < text.index("Solution: 2 moves (optimal)")
    assert "   1.   7 left" in text and "   2.   8 left" in text
    assert text.rstrip().endswith("7 8 .")


@pytest.mark.thorough
def test_every_algorithm_and_heuristic_by_registry_name() -> None:
    from npuzzle import ALGORITHMS, HEURISTICS

    for algorithm, info in ALGORITHMS.items():
        for heuristic in (HEURISTICS if info.uses_heuristic else [None]):
            args = ["solve", "1 2 3 / 4 0 6 / 7 5 8", "--algorithm", algorithm, "--json"]
            if heuristic:
                args += ["--heuristic", heuristic]
            out = run_npuzzle(*args)
            assert out.returncode == 0, out.stderr
            data = json.loads(out.stdout)
            assert (data["algorithm"], data["heuristic"], data["length"]) == (algorithm, heuristic, 2)
            check_solution(Board.from_string("1 2 3 / 4 0 6 / 7 5 8"), Board.goal(3), data)


def test_weighted_astar_states_its_bound() -> None:
    out = run_npuzzle("solve", "8 6 7 2 5 4 3 0 1", "--algorithm", "wastar", "--weight", "2", "--json")
    data = json.loads(out.stdout)
    assert data["weight"] == 2 and data["suboptimality"] == 2
    assert 31 <= data["length"] <= 62 and data["optimal"] is False
    check_solution(Board.from_string("8 6 7 2 5 4 3 0 1"), Board.goal(3), data)
    assert data["options"] == {"weight": 2.0} and data["quality"] == "at most 2 \u00d7 optimal"
    text = run_npuzzle("solve", "8 6 7 2 5 4 3 0 1", "--algorithm", "wastar", "--weight", "2").stdout
    assert "at most 2 x optimal" in text
    bad = run_npuzzle("solve", "8 6 7 2 5 4 3 0 1", "--algorithm", "wastar", "--weight", "0.5")
    assert bad.returncode == 2 and "must be at least 1" in bad.stderr


def test_rectangular_board_with_size() -> None:
    out = run_npuzzle("solve", "1 2 3 4 5 6 7 8 9 0 10 11", "--size", "3x4", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["rows"], data["cols"], data["length"]) == (3, 4, 2)
    check_solution(Board.from_string("1 2 3 4 5 6 7 8 9 0 10 11", 3, 4), Board.goal(3, 4), data)


@pytest.mark.thorough
def test_compare_table_and_json() -> None:
    out = run_npuzzle("compare", "8 6 7 2 5 4 3 0 1", "--max-nodes", "20000")
    assert out.returncode == 0, out.stderr
    header = r"algorithm\s+heuristic\s+length\s+optimal\s+expanded\s+generated\s+max frontier\s+ms\s+stopped"
    assert re.search(header, out.stdout)
    assert re.search(r"idastar\s+pdb\s+31\s+yes", out.stdout)
    # A run the node limit stopped before any solution proves nothing either way: never "no".
    assert re.search(r"bfs\s+-\s+-\s+not finished \(node limit\)\s+20,000 .* node-limit", out.stdout)
    data = json.loads(run_npuzzle("compare", "1 2 3 / 4 0 6 / 7 5 8", "--json").stdout)
    pairs = {(r["algorithm"], r["heuristic"]) for r in data}
    assert ("bfs", None) in pairs and ("idastar", "pdb") in pairs and ("wastar", "hamming") in pairs
    assert ("anytime", "pdb") in pairs
    assert len(pairs) == len(data) == 2 + 5 * 6
    assert all(r["length"] == 2 for r in data)


@pytest.mark.thorough
def test_random_boards_from_the_command_line() -> None:
    first = run_npuzzle("random", "--size", "4", "--seed", "7")
    assert first.returncode == 0
    board = Board.from_string(first.stdout)
    assert board.rows == 4 and first.stdout == run_npuzzle("random", "--size", "4", "--seed", "7").stdout
    solved = json.loads(run_npuzzle("solve", first.stdout.strip(), "--json", "--max-nodes", "1").stdout)
    assert solved["solvable"] is True
    bad = run_npuzzle("random", "--size", "3", "--unsolvable", "--seed", "1").stdout.strip()
    assert json.loads(run_npuzzle("solve", bad, "--json").stdout)["solvable"] is False
    near = run_npuzzle("random", "--size", "3x4", "--moves", "6", "--seed", "2").stdout.strip()
    data = json.loads(run_npuzzle("solve", near, "--size", "3x4", "--json").stdout)
    assert data["length"] <= 6 and data["length"] % 2 == 0
    assert run_npuzzle("random", "--size", "3", "--moves", "-2").returncode == 2


@pytest.mark.thorough
def test_default_solver_is_not_stopped_by_a_small_node_limit() -> None:
    # Korf #88 (65 moves) needs about 1.07 million nodes: more than the 1,000,000 default
    # of searches that store states, within IDA*'s own default.
    out = run_npuzzle("solve", "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4", "--goal", "blank-first",
                      "--algorithm", "idastar", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["algorithm"], data["heuristic"], data["length"], data["optimal"]) == ("idastar", "pdb", 65, True)
    assert data["expanded"] > 1_000_000
    # The default (anytime) proves the same optimum, its IDA* within the same default limit.
    out = run_npuzzle("solve", "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4", "--goal", "blank-first", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["algorithm"], data["heuristic"], data["length"], data["optimal"]) == ("anytime", "pdb", 65, True)
    assert data["lower_bound"] == 65 and data["expanded"] > 1_000_000


def test_a_missing_table_file_is_one_line_not_a_traceback(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io

    from npuzzle import cli, tables

    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)
    out, err = io.StringIO(), io.StringIO()
    korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    status = cli.main(["solve", korf1, "--goal", "blank-first", "--algorithm", "idastar"], stdout=out, stderr=err)
    assert status == 2 and out.getvalue() == ""
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and "pdb-4x4-663x2.bin" in lines[0] and "tables build" in lines[0]
    # Another heuristic needs no file and solves.
    status = cli.main(["solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "--heuristic", "manhattan"],
                      stdout=io.StringIO(), stderr=io.StringIO())
    assert status == 0


def test_a_proven_factor_is_rounded_up_everywhere() -> None:
    """111 moves against a lower bound of 97 is 1.14433... x: shown as at most 1.145 (text)
    and 1.1444 (JSON), never 1.144 or 1.1443, which would claim more than is proven."""
    from npuzzle.report import format_result, search_progress
    from npuzzle.search import Progress, SearchResult, StopReason

    goal = Board.goal(2)
    result = SearchResult("anytime", "manhattan", goal, goal, StopReason.TIME_LIMIT, tiles=(2,) * 111,
                          moves="DU" * 55 + "D", lower_bound=97)
    assert "so this one is at most 1.145 x as long" in format_result(result)
    assert result.to_dict()["factor"] == 1.1444
    assert "(<= 1.145 x shortest)" in search_progress(Progress(0, 0, 0, 0, 1.0, best=111, lower_bound=97))
    exact = SearchResult("anytime", "manhattan", goal, goal, StopReason.TIME_LIMIT, tiles=(2,) * 111,
                         moves="DU" * 55 + "D", lower_bound=111 * 2 // 3 + 1)  # 111 / 75 = 1.48 exactly
    assert exact.to_dict()["factor"] == 1.48 and "at most 1.480 x" in format_result(exact)


def test_help_says_what_the_default_solver_is() -> None:
    text = " ".join(run_npuzzle("solve", "--help").stdout.split())
    assert "best optimal solver" not in text
    assert "(default on every size: anytime, which answers at once" in text


def test_help_gives_each_algorithms_own_default_node_limit() -> None:
    """--max-nodes's help names every algorithm once, with the limit a search really gets
    (the old help left out the anytime default)."""
    import re as re_

    from npuzzle import ALGORITHMS
    from npuzzle.request import read_solve

    text = " ".join(run_npuzzle("solve", "--help").stdout.split())
    defaults = re_.search(r"--max-nodes N stop after N nodes expanded \(default (.*?)\)", text)
    assert defaults is not None, text
    said = {}
    for group in defaults.group(1).split("; "):
        limit, names = group.split(" for ")
        said.update({name: int(limit.replace(",", "")) for name in names.split(", ")})
    assert sorted(said) == sorted(ALGORITHMS)
    for name, limit in said.items():
        assert read_solve({"board": "1 2 3 0", "algorithm": name}).limits.max_nodes == limit
