"""The seam the browser uses: JSON in, JSON out, errors as data."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from npuzzle import ALGORITHMS, HEURISTICS, Board, __version__
from npuzzle import webapi
from npuzzle.board import DIRECTION_NAMES, GOAL_NAMES, MAX_SIDE, MIN_SIDE, relabel
from npuzzle.compare import COMPARE_MAX_NODES, COMPARE_TIME_LIMIT
from npuzzle.heuristics import compile_heuristic, heuristic_along, heuristic_available
from npuzzle.search import DEFAULT_TIME_LIMIT
from npuzzle.webapi import HINT_LIMITS, PAGE_MAX_SIDE, handle

from .helpers import call, check_solution, replay, run_job


ALGORITHM_FACTS = {
    # name: (optimal, uses_heuristic, bounded, anytime, iterative, records_tree), from what each is
    "bfs": (True, False, False, False, False, True),
    "iddfs": (True, False, False, False, True, True),
    "greedy": (False, True, False, False, False, True),
    "astar": (True, True, False, False, False, True),
    "wastar": (False, True, True, False, False, True),
    "idastar": (True, True, False, False, True, True),
    "anytime": (False, True, False, True, False, False),
}
HEURISTIC_FACTS = {
    # name: (admissible, consistent, uses_tables): the pattern database's reflected maximum is
    # admissible, not consistent; only it reads table files
    "hamming": (True, True, False),
    "manhattan": (True, True, False),
    "euclidean": (True, True, False),
    "linear-conflict": (True, True, False),
    "walking-distance": (True, True, False),
    "pdb": (True, False, True),
}


def test_info_lists_the_registries() -> None:
    """``info`` says what each algorithm and heuristic is, checked against what they are
    known to be (not against the code that writes ``info``), and in the registries' order."""
    info = call({"op": "info"})
    assert [a["name"] for a in info["algorithms"]] == list(ALGORITHMS)
    assert [h["name"] for h in info["heuristics"]] == list(HEURISTICS)
    assert info["min_side"] == 2 and info["max_side"] >= 8
    algorithms = {a["name"]: a for a in info["algorithms"]}
    for name, facts in ALGORITHM_FACTS.items():
        entry = algorithms[name]
        keys = ("optimal", "uses_heuristic", "bounded", "anytime", "iterative", "records_tree")
        assert tuple(entry[key] for key in keys) == facts, name
        assert entry["label"] and entry["description"] and entry["default_max_nodes"] >= 100_000
    # Memory decides the default node limit: small for what stores every state, high for
    # depth-first searches; breadth-first and IDDFS are offered only for small boards.
    assert algorithms["astar"]["default_max_nodes"] < algorithms["idastar"]["default_max_nodes"]
    assert algorithms["bfs"]["max_cells"] and algorithms["iddfs"]["max_cells"]
    assert algorithms["astar"]["max_cells"] is None and algorithms["anytime"]["max_cells"] is None
    heuristics = {h["name"]: h for h in info["heuristics"]}
    for name, (admissible, consistent, uses_tables) in HEURISTIC_FACTS.items():
        entry = heuristics[name]
        assert (entry["admissible"], entry["consistent"], entry["uses_tables"]) == (admissible, consistent, uses_tables), name
    # What info says an algorithm takes is what solve does: a heuristic is refused by those
    # that use none, taken by the others.
    for name, entry in algorithms.items():
        answer = call({"op": "solve", "board": "1 2 3 / 4 5 6 / 7 0 8", "algorithm": name,
                       "heuristic": "manhattan", "budget_ms": 1000})
        assert answer["ok"] is entry["uses_heuristic"], (name, answer)
        if answer["ok"] and answer["type"] == "progress":
            call({"op": "cancel", "job": answer["job"]})


def test_info_carries_every_fact_the_page_shows() -> None:
    """The page asks ``info`` for sizes, words and limits instead of keeping its own copies."""
    info = call({"op": "info"})
    assert (info["min_side"], info["max_side"], info["page_max_side"]) == (MIN_SIDE, MAX_SIDE, PAGE_MAX_SIDE)
    assert (MIN_SIDE, MAX_SIDE, PAGE_MAX_SIDE) == (2, 16, 16)
    assert info["directions"] == DIRECTION_NAMES == {"U": "up", "D": "down", "L": "left", "R": "right"}
    assert info["goals"] == list(GOAL_NAMES)
    assert info["version"] == __version__
    assert info["compare"] == {"max_nodes": COMPARE_MAX_NODES, "time_limit": COMPARE_TIME_LIMIT}
    assert info["compare"] == {"max_nodes": 100_000, "time_limit": 5.0}
    assert info["hint"] == {"max_nodes": HINT_LIMITS.max_nodes, "time_limit": HINT_LIMITS.time_limit}
    # No single default node limit: each algorithm has its own (default_max_nodes).
    assert info["defaults"] == {"time_limit": DEFAULT_TIME_LIMIT, "goal": GOAL_NAMES[0]}
    assert "max_nodes" not in info["defaults"]
    options = {a["name"]: a["options"] for a in info["algorithms"]}
    assert options["wastar"] == [{
        "name": "weight", "label": "Weight w", "default": 1.5, "minimum": 1.0, "maximum": 1000.0,
        "step": 0.1, "description": ALGORITHMS["wastar"].options[0].description,
    }]
    assert all(options[name] == [] for name in ALGORITHMS if name != "wastar")
    # The page's hint is an optimal search within these limits: the hint request it sends works.
    hint = call({"op": "solve", "board": "1 2 3 / 4 0 6 / 7 5 8", **info["hint"], "budget_ms": 1000})
    while hint["type"] == "progress":  # a first solution may come while the 3x3 tables are built
        hint = call({"op": "step", "job": hint["job"], "budget_ms": 1000})
    assert hint["result"]["optimal"] is True and (hint["result"]["tiles"], hint["result"]["moves"]) == ([5, 8], "UL")


def test_analyze_reports_solvability_and_canonical_text() -> None:
    answer = call({"op": "analyze", "board": "8 6 7\n2 5 4\n3 _ 1", "goal": "blank-last"})
    assert answer["ok"]
    assert answer["board"] == "8,6,7,2,5,4,3,0,1"
    assert answer["grid"] == "8 6 7\n2 5 4\n3 . 1"
    assert answer["solvability"]["solvable"] is True
    assert answer["is_goal"] is False
    assert "24 inversions" in answer["solvability"]["explanation"]


@pytest.mark.parametrize(
    ("request_", "field", "message"),
    [
        ({"op": "analyze", "board": "1 0 3 3"}, "board", "tile 3 appears twice"),
        ({"op": "analyze", "board": "1 2 3 0", "goal": "1 2 0"}, "goal", "3 tiles is not a 2x2 board"),
        ({"op": "analyze", "board": 42}, "board", "board must be text"),
        ({"op": "analyze"}, "board", "board is missing"),
        ({"op": "analyze", "board": "1 2 3 0", "size": "99"}, "size", "not supported"),
        ({"op": "solve", "board": "1 2 3 0", "max_nodes": -5}, "max_nodes", "must be above 0"),
        ({"op": "solve", "board": "1 2 3 0", "max_nodes": 1.5}, "max_nodes", "whole number"),
        ({"op": "solve", "board": "1 2 3 0", "time_limit": "soon"}, "time_limit", "must be a number"),
        ({"op": "solve", "board": "1 2 3 0", "algorithm": "magic"}, "algorithm", "unknown algorithm"),
        ({"op": "solve", "board": "1 2 3 0", "heuristic": "<b>x</b>"}, "heuristic", "unknown heuristic"),
        ({"op": "solve", "board": "1 2 3 0", "algorithm": "iddfs", "heuristic": "manhattan"}, "heuristic", "uses no heuristic"),
        ({"op": "analyze", "board": "1 2 3 0", "size": "\u0662x\u0662"}, "size", "digits 0 to 9"),
        ({"op": "random", "size": "\u0663"}, "size", "digits 0 to 9"),
        ({"op": "step", "job": 999999}, "job", "no running job 999999"),
        ({"op": "step", "job": "1"}, "job", "must be a job number"),
        ({"op": "explode"}, "op", "unknown op"),
        ([1, 2], "request", "must be a JSON object"),
    ],
)
def test_bad_requests_come_back_as_data(request_: Any, field: str, message: str) -> None:
    answer = call(request_)
    assert answer["ok"] is False
    assert answer["error"]["field"] == field
    assert message in answer["error"]["message"]


def test_invalid_json() -> None:
    answer = json.loads(handle("{not json"))
    assert answer["ok"] is False and "not valid JSON" in answer["error"]["message"]


def test_solve_in_slices_then_cancel() -> None:
    # Korf #88: seconds of search. A first 4x4 solve in a process loads the tables
    # first, one per slice, reporting the stage; then the node counts grow.
    first = call({"op": "solve", "board": "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4",
                  "goal": "blank-first", "max_nodes": 10**8, "budget_ms": 20})
    assert first["ok"] and first["type"] == "progress"
    job = first["job"]
    while "stage" in first["progress"]:
        assert first["progress"]["stage"] == "Loading pattern databases"
        first = call({"op": "step", "job": job, "budget_ms": 20})
    second = call({"op": "step", "job": job, "budget_ms": 20})
    assert second["type"] == "progress"
    assert second["progress"]["expanded"] > first["progress"]["expanded"]
    done = call({"op": "cancel", "job": job})
    assert done["type"] == "result" and done["result"]["stopped"] == "cancelled"
    assert call({"op": "step", "job": job})["ok"] is False  # the job is gone


def test_solve_to_the_end() -> None:
    answer = call({"op": "solve", "board": "8,6,7,2,5,4,3,0,1", "budget_ms": 1000})
    while answer["type"] == "progress":
        answer = call({"op": "step", "job": answer["job"]})
    result = answer["result"]
    assert result["length"] == 31 and result["optimal"] is True
    check_solution(Board.from_string("8,6,7,2,5,4,3,0,1"), Board.goal(3), result)
    assert (result["quality"], result["quality_short"]) == ("optimal", "yes")


def test_goal_op_gives_a_new_board() -> None:
    answer = call({"op": "goal", "size": "4", "goal": "blank-first"})
    assert answer["tiles"] == list(range(16))
    assert answer["is_goal"] is True


def test_random_op() -> None:
    answer = call({"op": "random", "size": "3", "seed": 5})
    assert answer["ok"] and answer["solvability"]["solvable"] is True
    assert call({"op": "random", "size": "3", "seed": 5})["tiles"] == answer["tiles"]
    assert call({"op": "random", "size": "3", "unsolvable": True})["solvability"]["solvable"] is False
    near = call({"op": "random", "size": "4", "moves": 1, "seed": 1})
    assert near["ok"] and sum(a != b for a, b in zip(near["tiles"], near["goal_tiles"])) == 2
    assert call({"op": "random", "size": "4", "moves": -1})["error"]["field"] == "moves"
    assert call({"op": "random", "size": "4", "seed": [1]})["error"]["field"] == "seed"


def test_weight_in_requests() -> None:
    answer = call({"op": "solve", "board": "8 6 7 2 5 4 3 0 1", "algorithm": "wastar", "weight": 3, "budget_ms": 1000})
    assert answer["result"]["suboptimality"] == 3
    assert call({"op": "solve", "board": "1 2 3 0", "weight": 2})["error"]["field"] == "weight"
    assert call({"op": "solve", "board": "1 2 3 0", "algorithm": "wastar", "weight": 0.5})["error"]["field"] == "weight"


def test_compare_runs_as_a_job_with_progress() -> None:
    answer = call({"op": "compare", "board": "8 6 7 2 5 4 3 0 1", "max_nodes": 5000, "budget_ms": 10})
    seen_pairs = set()
    while answer["type"] == "progress":
        seen_pairs.add((answer["progress"]["pair"]["algorithm"], answer["progress"]["pair"]["heuristic"]))
        assert answer["progress"]["pairs"] == 32
        answer = call({"op": "step", "job": answer["job"], "budget_ms": 10})
    assert answer["type"] == "comparison"
    results = answer["results"]
    assert len(results) == 32 and len(seen_pairs) > 3
    assert {(r["algorithm"], r["heuristic"]) for r in results} >= {("bfs", None), ("idastar", "pdb")}
    assert all(r["length"] in (None, 31) or not r["optimal"] for r in results)
    # Every pair ran once, under the request's node limit, and says how it ended.
    assert len({(r["algorithm"], r["heuristic"]) for r in results}) == 32
    board = Board.from_string("8 6 7 2 5 4 3 0 1")
    for r in results:
        if r["algorithm"] == "anytime":
            # It checks its node limit between slices of its searches (every 1,024 nodes at
            # most), and has an answer whatever stopped it.
            assert r["expanded"] <= 5000 + 1024
            check_solution(board, Board.goal(3), r)
            assert r["length"] >= 31 and r["lower_bound"] <= 31
            continue
        assert r["expanded"] <= 5000
        if r["stopped"] is not None:
            assert r["stopped"] in ("node-limit", "time-limit") and r["length"] is None and not r["optimal"]
            continue
        check_solution(board, Board.goal(3), r)
        assert r["length"] >= 31
        if r["optimal"]:
            assert r["length"] == 31
        if r["suboptimality"] is not None:
            assert r["algorithm"] == "wastar" and r["length"] <= r["suboptimality"] * 31
    assert [r for r in results if r["algorithm"] == "idastar" and r["heuristic"] == "pdb"][0]["optimal"] is True


def test_compare_can_be_cancelled() -> None:
    answer = call({"op": "compare", "board": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
                   "goal": "blank-first", "budget_ms": 5})
    assert answer["type"] == "progress"
    done = call({"op": "cancel", "job": answer["job"]})
    assert done["type"] == "comparison"
    assert done["results"][-1]["stopped"] == "cancelled"


def test_a_comparison_s_progress_sends_each_result_once() -> None:
    """The web adapter keeps what it told the page: each progress answer brings the results
    finished since the last (results_delta, after results_from), and they add up to the final
    results, in order, none twice."""
    answer = call({"op": "compare", "board": "1 2 3 4 5 6 0 7 8", "goal": "blank-last", "budget_ms": 1})
    sent: list[dict[str, Any]] = []
    reports = 0
    while answer["type"] == "progress":
        progress = answer["progress"]
        if progress is not None:
            reports += 1
            assert "results" not in progress
            assert progress["results_from"] == len(sent)
            sent += progress["results_delta"]
        answer = call({"op": "step", "job": answer["job"], "budget_ms": 1})
    assert answer["type"] == "comparison"
    final = answer["results"]
    assert reports >= 2 and 1 <= len(sent) <= len(final)
    assert sent == final[: len(sent)]


def test_move_pushes_a_whole_row() -> None:
    answer = call({"op": "move", "board": "1 2 3 4 / 5 6 7 8 / 9 10 0 11 / 13 14 15 12", "tile": 9})
    assert answer["moved"] == [10, 9] and answer["moves"] == "RR"
    assert answer["tiles"][8:12] == [0, 9, 10, 11]
    error = call({"op": "move", "board": "1 2 3 4 / 5 6 7 8 / 9 10 0 11 / 13 14 15 12", "tile": 1})
    assert error["error"] == {"field": "tile", "message": "tile 1 is not in the blank's row or column"}
    assert call({"op": "move", "board": "1 2 3 0", "tile": "2"})["error"]["field"] == "tile"
    up = call({"op": "move", "board": "1 2 3 / 4 0 6 / 7 5 8", "direction": "U"})
    assert up["moved"] == [5] and up["tiles"] == [1, 2, 3, 4, 5, 6, 7, 0, 8]
    edge = call({"op": "move", "board": "1 2 3 / 4 5 6 / 7 8 0", "direction": "U"})
    assert edge["error"] == {"field": "direction", "message": "no tile can slide up"}


def test_solution_carries_h_at_every_step() -> None:
    result = call({"op": "solve", "board": "1 2 3 / 4 0 6 / 7 5 8", "budget_ms": 1000})["result"]
    assert result["h_name"] == "pdb" and result["h_path"] == [2, 1, 0]
    bfs = call({"op": "solve", "board": "1 2 3 / 4 0 6 / 7 5 8", "algorithm": "bfs", "budget_ms": 1000})["result"]
    assert bfs["heuristic"] is None and len(bfs["h_path"]) == 3
    # Without a heuristic of its own, the path is scored by the strongest available one.
    assert bfs["h_name"] == "pdb" and bfs["h_path"] == [2, 1, 0]


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 4)])
@pytest.mark.parametrize("goal_name", ["blank-last", "blank-first"])
def test_h_path_is_each_states_full_evaluation(rows: int, cols: int, goal_name: str) -> None:
    """``h_path`` (worked out move by move by ``Compiled.values_along``) is the heuristic's plain
    ``evaluate`` of every state along the solution, for every heuristic that applies; so is
    ``heuristic_along`` along a long random walk, which passes through many more kinds of move."""
    goal = Board.goal(rows, cols, goal_name)
    rng = random.Random(f"{rows}x{cols}{goal_name}")
    walk, board, last = [], goal, None
    for _ in range(200):
        tile = rng.choice([t for t, _ in board.movable() if t != last])
        walk.append(tile)
        board, last = board.slide(tile), tile
    start = goal
    for tile in walk[:12]:
        start = start.slide(tile)
    checked = []
    for name in HEURISTICS:
        if not heuristic_available(name, rows, cols, goal.blank):
            continue
        compiled = compile_heuristic(name, rows, cols, goal.blank)
        result = run_job(call({"op": "solve", "board": start.to_string(), "goal": goal_name,
                               "algorithm": "astar", "heuristic": name, "budget_ms": 1000}))["result"]
        boards = check_solution(start, goal, result)
        assert result["h_name"] == name
        assert result["h_path"] == [compiled.evaluate(relabel(b, goal)) for b in boards], name
        h_name, h_path = heuristic_along(goal, goal, name, walk)
        assert h_name == name
        assert h_path == [compiled.evaluate(relabel(b, goal)) for b in replay(goal, walk)], name
        checked.append(name)
    assert {"hamming", "manhattan", "euclidean", "linear-conflict", "walking-distance", "pdb"} <= set(checked)


def test_node_limit_defaults_to_the_algorithms_own() -> None:
    """Depth-first searches keep little memory, so their default node limit is high (the time
    limit binds); searches that store every state keep the low one."""
    info = call({"op": "info"})
    defaults = {a["name"]: a["default_max_nodes"] for a in info["algorithms"]}
    assert defaults["idastar"] == defaults["iddfs"] == 100_000_000
    assert defaults["astar"] == defaults["bfs"] == 1_000_000
    hard = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4"  # Korf #88: about 1.07 million nodes
    answer = call({"op": "solve", "board": hard, "goal": "blank-first", "budget_ms": 1})
    assert answer["ok"] and answer["type"] == "progress"
    search = webapi._jobs[answer["job"]].job
    assert search.limits.max_nodes == 100_000_000
    call({"op": "cancel", "job": answer["job"]})
    answer = call({"op": "solve", "board": hard, "goal": "blank-first", "algorithm": "astar",
                   "heuristic": "manhattan", "budget_ms": 1})
    assert webapi._jobs[answer["job"]].job.limits.max_nodes == 1_000_000
    call({"op": "cancel", "job": answer["job"]})


@pytest.mark.thorough
def test_a_solution_shown_while_tables_load_never_loads_them_in_one_go(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 5x5's tables are loaded by the search a slice at a time. The g/h/f path that comes
    with each solution used to load them at once when they were on disk but not yet loaded:
    a third of a second in the browser without a word from the worker. Now it scores the path
    with the strongest heuristic that is ready, and says which."""
    from npuzzle import pattern_db
    from npuzzle.heuristics import compile_heuristic

    name = pattern_db.table_file(5, 5, 24)
    assert name is not None and pattern_db.data_path(name).is_file()
    monkeypatch.setattr(pattern_db, "_LOADED", {})  # on disk, not loaded
    compile_heuristic.cache_clear()
    pattern_db.pattern_lookups.cache_clear()
    from npuzzle.random_boards import random_board

    board = random_board(5, 5, seed=2001).to_string()
    first = call({"op": "solve", "board": board, "time_limit": 3, "budget_ms": 20})
    assert first["type"] == "progress" and first["progress"]["stage"] == "Loading pattern databases"
    assert first["solution"]["h_name"] != "pdb" and len(first["solution"]["h_path"]) == first["solution"]["length"] + 1
    assert name not in pattern_db._LOADED  # a first solution, no tables loaded for it
    steps = 0
    answer = first
    while answer["type"] == "progress" and "stage" in answer["progress"]:
        answer = call({"op": "step", "job": first["job"], "budget_ms": 20})
        steps += 1
    assert steps >= 3, steps  # tens of megabytes, decoded over several slices
    assert name in pattern_db._LOADED
    result = run_job(answer)["result"]
    assert result["h_name"] == "pdb"
    compile_heuristic.cache_clear()
    pattern_db.pattern_lookups.cache_clear()


def test_replay_replays_legal_slides_and_refuses_any_other() -> None:
    """The solver's worker replays what the worker running a person's code reports (its
    solutions are taken only as Python replays them): every move a tile next to the blank."""
    start = "8 6 7 / 2 5 4 / 3 0 1"
    result = run_job(call({"op": "solve", "board": start, "algorithm": "astar", "heuristic": "manhattan", "budget_ms": 1000}))["result"]
    assert result["length"] == 31
    done = call({"op": "replay", "board": start, "tiles": result["tiles"]})
    assert done["moves"] == result["moves"] and done["at_goal"] and done["end"] == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    assert (done["start"], done["goal"], done["rows"], done["cols"]) == (result["start"], result["goal"], 3, 3)
    part = call({"op": "replay", "board": start, "tiles": result["tiles"][:3]})
    assert part["moves"] == result["moves"][:3] and not part["at_goal"]
    assert call({"op": "replay", "board": "1 2 3 / 4 5 6 / 7 8 0", "tiles": []})["at_goal"]
    assert call({"op": "replay", "board": "1 2 3 / 4 5 6 / 7 0 8", "size": "3x3", "goal": "blank-first", "tiles": [8]})["at_goal"] is False
    # Edges do not wrap: on a 3x3, cell 3 is not next to cell 2.
    wrap = call({"op": "replay", "board": "1 2 0 / 3 4 5 / 6 7 8", "tiles": [3]})["error"]
    assert wrap == {"field": "tiles", "message": "move 1: tile 3 is not next to the blank and cannot move",
                    "step": 1, "board": [1, 2, 0, 3, 4, 5, 6, 7, 8]}
    bad: list[Any] = [[1, 1, 1, 5], [7, 0], [7, 9], [7, "8"], [7, True], [7, 2.0], "7", None, [7, 7] * 10**6]
    for tiles in bad:
        error = call({"op": "replay", "board": "1 2 3 / 4 5 6 / 7 0 8", "tiles": tiles})["error"]
        assert error["field"] == "tiles", (tiles, error)
    assert call({"op": "replay", "board": "1 2 3 / 4 5 6 / 7 0 8", "tiles": [7, 7, 8, 5]})["error"]["step"] == 4


def test_analyse_is_an_alias_of_analyse_game_and_analyze_another_op() -> None:
    """``analyse_game`` analyses a game (a job); ``analyse``, its old name, is the same op; ``analyze``
    describes a board. The unknown-op message offers the current names only."""
    request = {"board": "1 2 3 / 4 5 6 / 0 7 8", "moves": "LRLL", "notation": "page"}
    new = run_job(call({"op": "analyse_game", **request}))
    old = run_job(call({"op": "analyse", **request}))
    assert new["type"] == old["type"] == "analysis"
    assert [m["verdict"] for m in new["analysis"]["moves"]] == [m["verdict"] for m in old["analysis"]["moves"]]
    assert [m["tile"] for m in new["analysis"]["moves"]] == [7, 7, 7, 8]  # hand-checked: L R L L from 0 7 8
    for key in ("job", "op", "analysis"):
        new.pop(key), old.pop(key)
    assert new == old
    described = call({"op": "analyze", **request})
    assert described["ok"] and "solvability" in described and "job" not in described
    assert described["tiles"] == [1, 2, 3, 4, 5, 6, 0, 7, 8] and described["op"] == "analyze"
    offered = call({"op": "analyse-game"})["error"]["message"].split("use one of ")[1].split(", ")
    assert "analyse_game" in offered and "analyze" in offered and "analyse" not in offered
