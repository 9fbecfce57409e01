"""A person's search (npuzzle/custom/search.py) and the web API's ops for a person's code
(``check``, ``user_search``, ``breakdown`` with ``heuristic_code``): the template solves
every board it is given with the shortest solution, an answer that does not replay is
refused with its step, the limits stop a search, and errors name their line."""

from __future__ import annotations

import random

import pytest

from npuzzle import Board
from npuzzle.custom import SEARCH_TEMPLATE, TEMPLATE, IllegalMove, UserCodeError, load_search, run_search
from npuzzle.custom.search import SearchCodeError
from npuzzle.custom.search import CLOCK_EVERY, replay
from npuzzle.known import bfs_distances
from npuzzle.solvability import is_solvable
from npuzzle.webapi import handle_dict

GOAL = Board.goal(3, 3)


def boards(count: int, seed: int) -> list[Board]:
    """Solvable 3x3 boards, random, with their exact distances from the table of every state."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        tiles = list(range(9))
        rng.shuffle(tiles)
        board = Board(3, 3, tuple(tiles))
        if is_solvable(board, GOAL):
            out.append(board)
    return out


@pytest.mark.thorough
def test_the_template_finds_shortest_solutions_that_replay_to_the_goal() -> None:
    distances = bfs_distances(GOAL)
    search = load_search(SEARCH_TEMPLATE)
    for board in boards(3, seed=19):
        run = run_search(search, board, GOAL, max_nodes=200_000)
        assert run.solved and run.stopped is None
        assert run.length == distances[board.tiles]  # breadth-first: shortest
        assert replay(board, GOAL, run.moves) == run.directions
        assert 0 < run.expansions <= 181_440


def test_a_move_of_a_tile_away_from_the_blank_is_refused_with_its_step() -> None:
    start = Board.from_string("1 2 3 4 5 6 0 7 8")
    with pytest.raises(IllegalMove) as caught:
        run_search(load_search("def search(problem):\n    return [7, 8, 3]\n", "s.py"), start, GOAL)
    error = caught.value
    assert (error.kind, error.step, error.board) == ("illegal", 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    assert error.message == ("s.py: step 3 of 3: tile 3 is not next to the blank (row 3, column 3), so it "
                             "cannot slide; board before it 1,2,3,4,5,6,7,8,0")
    with pytest.raises(IllegalMove) as caught:
        run_search(load_search("def search(problem):\n    return [7]\n", "s.py"), start, GOAL)
    assert caught.value.step == 1 and "not on the goal" in caught.value.message
    for move, reason in ((9, r"the move 9 is not a tile of a 3x3 board \(its tiles are 1 to 8\)"), ("7", "is not a tile number"),
                         (True, "is not a tile number"),
                         (10**5000, "step 1 of 1: the move, a number too long to show, is not a tile of a 3x3 board "
                                    r"\(its tiles are 1 to 8\); board before it")):  # no str() for it
        with pytest.raises(IllegalMove, match=reason):
            replay(start, GOAL, [move])


@pytest.mark.parametrize("count", ["-5", "10**40", "float('nan')", "3.0", "True", "'7'"])
def test_an_expansion_count_the_search_set_to_what_no_count_can_be_is_refused(count: str) -> None:
    code = f"def search(problem):\n    problem.expansions = {count}\n    return [7, 8]\n"
    with pytest.raises(SearchCodeError) as caught:
        run_search(load_search(code, "s.py"), Board.from_string("1 2 3 4 5 6 0 7 8"), GOAL, max_nodes=1_000)
    assert caught.value.message.startswith("s.py: problem.expansions is ")
    assert caught.value.message.endswith("which no count of expansions can be: it counts the calls of successors, "
                                         "a whole number from 0 to the node limit (1,000); leave it to successors")
    answer = handle_dict({"op": "user_search", "board": "1,2,3,4,5,6,0,7,8", "search_code": code})
    assert answer["ok"] is False and answer["error"]["field"] == "search_code"
    assert "no count of expansions can be" in answer["error"]["message"]


def test_a_search_that_sets_its_count_still_meets_its_node_limit() -> None:
    # The limits count calls of successors themselves: setting problem.expansions does not escape them.
    code = ("def search(problem):\n    for _ in range(10_000):\n        problem.expansions = 0\n"
            "        problem.successors(problem.start)\n    return None\n")
    run = run_search(load_search(code, "s.py"), Board.from_string("8 6 7 2 5 4 3 0 1"), GOAL, max_nodes=500)
    assert (run.solved, run.stopped) == (False, "node-limit")
    honest = run_search(load_search("def search(problem):\n    problem.successors(problem.start)\n    return [7, 8]\n"),
                        Board.from_string("1 2 3 4 5 6 0 7 8"), GOAL)
    assert (honest.solved, honest.expansions) == (True, 1)


def test_the_limits_stop_a_search_and_say_which() -> None:
    endless = load_search("def search(problem):\n    while True:\n        try:\n            problem.successors(problem.start)\n"
                          "        except Exception:\n            pass\n")
    start = Board.from_string("8 6 7 2 5 4 3 0 1")
    run = run_search(endless, start, GOAL, max_nodes=1_000)
    assert (run.solved, run.stopped, run.expansions) == (False, "node-limit", 1_000)
    # The clock is read every CLOCK_EVERY expansions: a time limit that has passed by the first
    # reading stops the search there (how soon is counted, not timed).
    run = run_search(endless, start, GOAL, max_nodes=10**9, time_limit=1e-6)
    assert (run.solved, run.stopped, run.expansions) == (False, "time-limit", CLOCK_EVERY)


def test_errors_name_their_line() -> None:
    start = Board.from_string("1 2 3 4 5 6 0 7 8")
    with pytest.raises(UserCodeError) as caught:
        load_search("def search(problem:\n    return None\n", "s.py")
    assert (caught.value.kind, caught.value.line) == ("syntax", 1)
    with pytest.raises(UserCodeError, match="no function search defined"):
        load_search("def h(problem):\n    return None\n")
    with pytest.raises(UserCodeError) as caught:
        run_search(load_search("def search(problem):\n    x = []\n    return x[3]\n", "s.py"), start, GOAL)
    assert (caught.value.kind, caught.value.line) == ("raised", 3) and "IndexError" in caught.value.message
    with pytest.raises(UserCodeError, match="not a list of moves"):
        run_search(load_search("def search(problem):\n    return 'LL'\n"), start, GOAL)
    with pytest.raises(UserCodeError, match="successors\\(\\) needs a board of 9 cells"):
        run_search(load_search("def search(problem):\n    problem.successors((1, 2))\n"), start, GOAL)
    with pytest.raises(UserCodeError, match="returned None \\(no solution\\), but this board can reach the goal"):
        run_search(load_search("def search(problem):\n    return None\n"), start, GOAL)
    unsolvable = Board.from_string("2 1 3 4 5 6 7 8 0")
    assert not run_search(load_search("def search(problem):\n    return None\n"), unsolvable, GOAL).solved


def test_the_web_api_checks_a_heuristic_as_a_job_with_progress() -> None:
    inadmissible = "def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else 5\n"
    answer = handle_dict({"op": "check", "heuristic_code": inadmissible, "size": "2x3", "budget_ms": 1})
    seen_progress = answer["ok"] and answer["type"] == "progress"
    while answer["ok"] and answer["type"] == "progress":
        answer = handle_dict({"op": "step", "job": answer["job"], "budget_ms": 50})
    assert answer["ok"] and answer["type"] == "check", answer
    check = answer["check"]
    assert seen_progress or check["states"] == 360
    assert (check["admissible"], check["exhaustive"], check["states"]) == (False, True, 360)
    # Every board at distance 1 to 4 overestimates: h is 5 there.
    assert check["worst_overestimate"]["h"] == 5 and check["worst_overestimate"]["distance"] == 1


def test_the_web_api_refuses_code_that_cannot_be_used_with_its_field_and_line() -> None:
    answer = handle_dict({"op": "check", "heuristic_code": "def h(tiles, goal, rows, cols)\n    return 0\n"})
    assert answer["ok"] is False and answer["error"]["field"] == "heuristic_code" and answer["error"]["line"] == 1
    answer = handle_dict({"op": "user_search", "board": "1 2 3 4 5 6 0 7 8", "search_code": "def search(p):\n    return [5]\n"})
    assert answer["error"]["field"] == "search_code" and (answer["error"]["kind"], answer["error"]["step"]) == ("illegal", 1)
    assert handle_dict({"op": "user_search", "board": "1 2 3 4 5 6 0 7 8"})["error"]["field"] == "search_code"


def test_the_web_api_runs_a_search_and_explains_a_persons_heuristic() -> None:
    answer = handle_dict({"op": "user_search", "board": "1 2 3 4 5 6 0 7 8", "search_code": SEARCH_TEMPLATE})
    assert answer["ok"] and answer["result"]["moves"] == "LL" and answer["result"]["tiles"] == [7, 8]
    answer = handle_dict({"op": "breakdown", "board": "1 2 3 4 5 6 0 7 8", "heuristic_code": TEMPLATE,
                          "heuristic_filename": "my_h.py"})
    assert answer["ok"] and answer["h"] == 2 and answer["parts"][0]["value"] == 2 and "my_h.py" in answer["label"]
    info = handle_dict({"op": "info"})
    assert info["templates"]["heuristic"]["code"] == TEMPLATE and info["templates"]["search"]["code"] == SEARCH_TEMPLATE


def test_a_move_of_an_int_subclass_is_refused_with_its_step_before_anything_hashes_it() -> None:
    code = ("class E(int):\n    def __eq__(s, o): return True\n    def __hash__(s): raise RuntimeError('hash')\n"
            "    def __index__(s): return 7\n    def __repr__(s): return '<b>x</b>'\n"
            "def search(problem):\n    return [7, E(8)]\n")
    with pytest.raises(IllegalMove) as caught:
        run_search(load_search(code, "s.py"), Board.from_string("1 2 3 4 5 6 0 7 8"), GOAL)
    assert caught.value.step == 2 and caught.value.board == (1, 2, 3, 4, 5, 6, 7, 0, 8)
    assert caught.value.message == ("s.py: step 2 of 2: the move is a 'E', a kind of int the code made, not a plain whole "
                                    "number; board before it 1,2,3,4,5,6,7,0,8")
    answer = handle_dict({"op": "user_search", "board": "1,2,3,4,5,6,0,7,8", "search_code": code})
    assert answer["ok"] is False and answer["error"]["step"] == 2 and answer["error"]["field"] == "search_code"
