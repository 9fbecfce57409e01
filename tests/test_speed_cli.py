"""The speed-solver's commands as a person runs them (issue 37): ``solve --all-optimal`` in a
terminal (its progress line drawn and wiped, Ctrl-C giving what it counted), ``optimize`` and
``moves``, each bad input one line and exit 2, every command the docs print for them."""

from __future__ import annotations

import json
import re

from npuzzle import Board
from npuzzle.analysis import read_game

from .helpers import run_npuzzle
from .terminal import npuzzle, run_all

def test_all_optimal_in_a_terminal_draws_its_line_and_ctrl_c_keeps_the_count() -> None:
    done = npuzzle("solve", "8 6 7 2 5 4 3 0 1", "--all-optimal", "--limit", "3")
    # Korf #3 (59 moves, 91 shortest solutions): seconds of counting after its length is reached.
    stopped = npuzzle("solve", "14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15", "--goal", "blank-first", "--all-optimal",
                      interrupt_after="found so far")
    run_all([done, stopped])
    assert done.status == 0 and done.screen[0] == "40 shortest solutions of 31 moves", done.text
    assert sum(1 for line in done.screen if re.match(r"\s*\d+\. \d+ STM, \d+ MTM  ", line)) == 3
    assert stopped.status == 130 and "every shortest solution" in stopped.received, stopped.text
    assert "Traceback" not in stopped.received
    first = stopped.screen[0] if stopped.screen[0].strip() else stopped.screen[1]
    assert "stopped by you (Ctrl-C)" in first or "shortest length was not reached" in first, stopped.text


def test_all_optimal_json_and_its_refusals() -> None:
    out = run_npuzzle("solve", "8 6 7 2 5 4 3 0 1", "--all-optimal", "--json", "--limit", "5")
    data = json.loads(out.stdout)
    assert (data["count"], data["count_exact"], data["listed"], data["length"]) == (40, True, 5, 31)
    board = Board.from_string("8 6 7 2 5 4 3 0 1")
    for s in data["solutions"]:
        assert read_game(board, Board.goal(3, 3), s["moves"], "page").solved
    for args, said in (
        (("solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24", "--all-optimal"), "16 cells"),
        (("solve", "8 6 7 2 5 4 3 0 1", "--limit", "3"), "--all-optimal"),
        (("solve", "8 6 7 2 5 4 3 0 1", "--all-optimal", "--limit", "0"), "--limit"),
        (("solve", "8 6 7 2 5 4 3 0 1", "--all-optimal", "--algorithm", "astar"), "--algorithm"),
    ):
        bad = run_npuzzle(*args)
        assert bad.returncode == 2 and said in bad.stderr and bad.stderr.count("\n") == 1, (args, bad.stderr)


def test_optimize_shortens_and_refuses_what_is_not_a_solution() -> None:
    out = run_npuzzle("optimize", "1 2 3/4 5 6/0 7 8", "LRLLDU", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["after"]["moves"] == "LL" and data["optimal"]
    words = run_npuzzle("optimize", "1 2 3/4 5 6/0 7 8", "LRLLDU")
    assert "After:  2 moves (1 MTM): L2" in words.stdout and "proven" in words.stdout
    for moves, said in (("L", "not on the goal"), ("LLL", "move 3"), ("LX", "character 2")):
        bad = run_npuzzle("optimize", "1 2 3/4 5 6/0 7 8", moves)
        assert bad.returncode == 2 and said in bad.stderr and bad.stderr.count("\n") == 1, bad.stderr


def test_moves_transforms_and_refusals() -> None:
    out = run_npuzzle("moves", "invert", "R3D2LU", "--notation", "slidysim", "--to", "blank")
    assert out.returncode == 0 and out.stdout.splitlines()[0] == "ULDDRRR"
    out = run_npuzzle("moves", "mirror", "LL", "--board", "1 2 3/4 5 6/0 7 8", "--json")
    data = json.loads(out.stdout)
    assert data["moves"] == "UU" and data["board"] == "1,2,0,4,5,3,7,8,6" and data["solves"]
    out = run_npuzzle("moves", "simplify", "RLDU", "--board", "1 2 3/4 5 6/7 8 0")
    assert out.returncode == 0 and out.stdout.splitlines()[1] == "0 moves (0 MTM)"
    for args, said in ((("moves", "turn", "L"), "unknown action"), (("moves", "convert", "L", "--to", "numbers"), "board"),
                       (("moves", "convert", "LLL", "--board", "1 2 3/4 5 6/0 7 8"), "move 3")):
        bad = run_npuzzle(*args)
        assert bad.returncode == 2 and said in bad.stderr and bad.stderr.count("\n") == 1, (args, bad.stderr)


def test_solve_in_the_multi_tile_metric_through_both_front_doors() -> None:
    from npuzzle.webapi import handle_dict

    from .helpers import run_job
    from .test_speed_mtm import bfs

    exact = bfs(Board.goal(3, 3).tiles, 3, 3)
    for text in ("8 6 7 2 5 4 3 0 1", "1 2 3 4 5 6 0 7 8", "4 1 2 0 8 7 6 3 5"):
        board = Board.from_string(text)
        data = json.loads(run_npuzzle("solve", text, "--metric", "mtm", "--json").stdout)
        assert data["metric"] == "mtm" and data["mtm_optimal"] and data["mtm"] == exact[board.tiles]
        assert read_game(board, Board.goal(3, 3), data["moves"], "page").solved
        web = run_job(handle_dict({"op": "solve", "board": text, "metric": "mtm"}))["result"]
        assert (web["mtm"], web["quality"]) == (exact[board.tiles], "fewest multi-tile moves")
    words = run_npuzzle("solve", "8 6 7 2 5 4 3 0 1", "--metric", "mtm").stdout
    assert "Solution: 20 multi-tile moves (fewest multi-tile moves), 31 single-tile;" in words
    for args, said in ((("--metric", "mtm", "--algorithm", "astar"), "leave algorithm out"),
                       (("--metric", "xtm"), "invalid choice")):
        bad = run_npuzzle("solve", "8 6 7 2 5 4 3 0 1", *args)
        assert bad.returncode == 2 and said in bad.stderr and bad.stderr.count("\n") == 1, bad.stderr
    bad = run_npuzzle("solve", "1 2 3 4 5 6 7 8 9 10 11 0", "--size", "3x4", "--metric", "mtm")
    assert bad.returncode == 2 and "not available for a 3x4 board" in bad.stderr
    refused = handle_dict({"op": "solve", "board": "1 2 3 4 5 6 7 8 0", "metric": "mtm", "heuristic": "pdb"})
    assert refused["error"]["field"] == "metric"
    # An STM solve says both counts too.
    stm = json.loads(run_npuzzle("solve", "8 6 7 2 5 4 3 0 1", "--json").stdout)
    assert (stm["metric"], stm["length"], stm["mtm"]) == ("stm", 31, mtm_of(stm["moves"]))
    assert handle_dict({"op": "analyze", "board": "1 2 3 4 5 6 7 8 9 10 11 0", "size": "3x4"})["applicable"]["metrics"] == ["stm"]


def mtm_of(moves: str) -> int:
    return sum(1 for i, m in enumerate(moves) if i == 0 or m != moves[i - 1])
