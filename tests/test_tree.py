"""The search tree: what a search records node by node when asked (``Search(tree=True)``,
``solve --tree``, the web API's ``"tree": true``), checked against the search itself:
as many expanded nodes as the result's count, every child one move from its parent,
the order each algorithm promises, and the solution found along the tree's own path."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from npuzzle import ALGORITHMS, Board, Limits, Search, StopReason, solve
from npuzzle.heuristics import HEURISTICS, table_needs
from npuzzle.known import HARDEST_BLANK_LAST
from npuzzle.random_boards import random_board, scramble
from npuzzle.search import MAX_TREE_EXPANSIONS, SearchResult, TreeError

from .helpers import call, check_solution, run_job, run_npuzzle

TREE_ALGORITHMS = [name for name, info in ALGORITHMS.items() if info.records_tree]
STATUSES = {"open", "duplicate", "pruned", "goal"}


def boards_to_try() -> list[tuple[Board, Board]]:
    """Boards up to 3x3 of every shape the tree takes, with each named goal and a custom one."""
    rng = random.Random(5)
    cases = []
    for rows, cols in ((2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 3), (3, 3)):
        for name in ("blank-last", "blank-first"):
            goal = Board.goal(rows, cols, name)
            cases.append((random_board(rows, cols, goal, seed=rng.randrange(10**6)), goal))
    custom = Board.from_string("8 1 3 4 0 2 7 6 5")
    cases.append((random_board(3, 3, custom, seed=3), custom))
    cases.append((scramble(custom, 6, seed=4), custom))
    cases.append((Board.goal(3, 3), Board.goal(3, 3)))  # the start is the goal
    return cases


def tree_of(result: SearchResult) -> dict[str, Any]:
    assert result.tree is not None
    tree = result.tree.to_dict()
    return json.loads(json.dumps(tree))  # as the page and the CLI's JSON get it


def check_tree(result: SearchResult, goal: Board) -> dict[str, Any]:
    """Everything a tree must be, whatever the algorithm; returns it."""
    tree = tree_of(result)
    nodes = tree["nodes"]
    iterations = tree["iterations"]
    info = ALGORITHMS[result.algorithm]
    expanded = [n for n in nodes if n["order"] is not None]
    # The count the issue names: the tree's expanded nodes are the result's, in order 1..E.
    assert len(expanded) == tree["expansions"] == result.expanded
    assert sorted(n["order"] for n in expanded) == list(range(1, result.expanded + 1))
    # Every node the search generated, plus the start once per tree.
    if result.expanded or result.length == 0:
        assert len(nodes) == result.generated + len(iterations), (len(nodes), result.generated, len(iterations))
    assert len(iterations) >= 1 and all(nodes[it["root"]]["parent"] is None for it in iterations)
    assert [n["iteration"] for n in nodes] == sorted(n["iteration"] for n in nodes)
    for node_id, node in enumerate(nodes):
        assert node["status"] in STATUSES
        board = Board(result.start.rows, result.start.cols, tuple(node["board"]))
        if node["parent"] is None:
            assert board == result.start and node["g"] == 0 and node["tile"] is None
            continue
        parent = nodes[node["parent"]]
        assert node["parent"] < node_id and parent["iteration"] == node["iteration"]
        assert parent["order"] is not None, "only an expanded node has children"
        assert node["g"] == parent["g"] + 1
        before = Board(result.start.rows, result.start.cols, tuple(parent["board"]))
        assert before.direction_of(node["tile"]) == node["dir"] and before.slide(node["tile"]) == board
        # Generated while its parent was expanded (breadth- and best-first), or later (depth-first).
        assert node["seen"] == parent["order"] if not info.iterative else node["seen"] >= parent["order"]
        if node["order"] is not None:
            assert node["order"] > node["seen"]
        if node["status"] in ("duplicate", "pruned", "goal"):
            assert node["order"] is None
        if node["status"] == "goal":
            assert board == goal
        if info.uses_heuristic:
            assert node["h"] is not None and node["f"] is not None
        else:
            assert node["h"] is None and node["f"] is None
    goals = [i for i, n in enumerate(nodes) if n["status"] == "goal"]
    if result.stop is StopReason.SOLVED:
        # The solution is the tree's own path from the start to the goal node.
        assert len(goals) == 1
        path = []
        node_id = goals[0]
        while nodes[node_id]["parent"] is not None:
            path.append(nodes[node_id]["tile"])
            node_id = nodes[node_id]["parent"]
        assert tuple(reversed(path)) == result.tiles
        check_solution(result.start, goal, result)
    else:
        assert goals == []
    return tree


@pytest.mark.parametrize("algorithm", TREE_ALGORITHMS)
def test_the_tree_is_the_search_node_for_node(algorithm: str) -> None:
    info = ALGORITHMS[algorithm]
    checked = 0
    for start, goal in boards_to_try():
        shape = (start.rows, start.cols, goal.blank)
        heuristics = [name for name, h in HEURISTICS.items() if h.suits(start.rows, start.cols)
                      and not table_needs([name], *shape)] if info.uses_heuristic else [None]
        for heuristic in heuristics:
            limits = Limits(max_nodes=300)
            plain = solve(start, goal, algorithm, heuristic, limits)
            result = solve(start, goal, algorithm, heuristic, limits, tree=True)
            # Recording changes nothing the search does.
            assert (result.stop, result.tiles, result.expanded, result.generated) == (
                plain.stop, plain.tiles, plain.expanded, plain.generated)
            check_tree(result, goal)
            checked += 1
    assert checked >= 17 * (4 if info.uses_heuristic else 1)


def test_each_algorithm_expands_in_its_own_order() -> None:
    """BFS by depth; A* by f (Manhattan is consistent); greedy by h; IDA* within each bound
    and IDDFS within each depth limit, pruning exactly what lies past it."""
    start = Board.from_string(HARDEST_BLANK_LAST[0])
    goal = Board.goal(3, 3)

    def in_order(result: SearchResult) -> list[dict[str, Any]]:
        nodes = tree_of(result)["nodes"]
        return sorted((n for n in nodes if n["order"] is not None), key=lambda n: n["order"])

    bfs = in_order(solve(start, goal, "bfs", limits=Limits(max_nodes=1500), tree=True))
    assert [n["g"] for n in bfs] == sorted(n["g"] for n in bfs) and bfs[-1]["g"] >= 6
    astar = in_order(solve(start, goal, "astar", "manhattan", Limits(max_nodes=1500), tree=True))
    assert [n["f"] for n in astar] == sorted(n["f"] for n in astar)
    greedy = solve(start, goal, "greedy", "manhattan", Limits(max_nodes=2000), tree=True)
    nodes = tree_of(greedy)["nodes"]
    for node in in_order(greedy):  # the node taken had the least h of the frontier then
        frontier = [n["h"] for n in nodes if n["status"] == "open" and n["seen"] < node["order"]
                    and (n["order"] is None or n["order"] >= node["order"]) and n["replaced"] is None]
        assert node["h"] == min(frontier)
    for name, heuristic in (("idastar", "manhattan"), ("iddfs", None)):
        result = solve(start, goal, name, heuristic, Limits(max_nodes=2000), tree=True)
        tree = tree_of(result)
        assert len(tree["iterations"]) >= 3
        for number, iteration in enumerate(tree["iterations"]):
            bound = iteration["bound"]
            inside = [n for n in tree["nodes"] if n["iteration"] == number]
            for node in inside:
                if name == "idastar":
                    assert (node["f"] > bound) == (node["status"] == "pruned")
                else:
                    assert (node["g"] == bound and node["status"] != "goal") == (node["status"] == "pruned")
            if number + 1 < len(tree["iterations"]):  # the next bound: IDA*'s least pruned f
                pruned = [n["f"] for n in inside if n["status"] == "pruned"]
                nxt = tree["iterations"][number + 1]["bound"]
                assert nxt == (min(pruned) if name == "idastar" else bound + 1)


def test_duplicates_and_replaced_nodes_are_what_they_say() -> None:
    start = Board.from_string("8 6 7 2 5 4 3 0 1")
    for name, weight in (("astar", None), ("wastar", 3.0), ("bfs", None), ("greedy", None)):
        info = ALGORITHMS[name]
        result = solve(start, Board.goal(3, 3), name, "manhattan" if info.uses_heuristic else None,
                       Limits(max_nodes=1000), weight=weight, tree=True)
        nodes = tree_of(result)["nodes"]
        first_g: dict[tuple[int, ...], int] = {}
        duplicates = 0
        for node in nodes:
            board = tuple(node["board"])
            if node["status"] == "duplicate":
                duplicates += 1
                assert board in first_g  # reached before...
                if name != "greedy":  # ...at no greater cost (greedy never reopens)
                    assert min(g for n in nodes[:nodes.index(node)] if tuple(n["board"]) == board
                               and n["status"] != "duplicate" for g in [n["g"]]) <= node["g"]
            first_g.setdefault(board, node["g"])
        assert duplicates > 0
        for node in nodes:
            if node["replaced"] is not None:
                assert node["order"] is None or node["order"] > node["replaced"]


def test_what_cannot_be_drawn_is_refused_with_the_reason() -> None:
    with pytest.raises(TreeError, match="up to 9 cells .* this board has 16") as exc:
        Search(Board.goal(4, 4), Board.goal(4, 4), "astar", "manhattan", tree=True)
    assert exc.value.field == "board"
    with pytest.raises(TreeError, match="at most 2,000 expansions") as exc:
        Search(Board.goal(3, 3), Board.goal(3, 3), "bfs", limits=Limits(max_nodes=MAX_TREE_EXPANSIONS + 1), tree=True)
    assert exc.value.field == "max_nodes"
    with pytest.raises(TreeError, match=r"runs several searches at once\): choose Breadth-first search, .* or .* in the Algorithm menu$") as exc:
        Search(Board.goal(3, 3), Board.goal(3, 3), "anytime", tree=True)
    assert exc.value.field == "algorithm"
    # Without a node limit, a tree search takes 200 expansions.
    assert Search(Board.from_string(HARDEST_BLANK_LAST[0]), Board.goal(3, 3), "bfs", tree=True).run().expanded == 200


def test_the_web_api_sends_the_tree_with_the_result_and_refuses_what_it_cannot_draw() -> None:
    board = "8,6,7,2,5,4,3,0,1"
    answer = run_job(call({"op": "solve", "board": board, "algorithm": "idastar", "heuristic": "manhattan",
                           "max_nodes": 150, "tree": True}))
    assert answer["ok"] and answer["type"] == "result"
    result = answer["result"]
    tree = result["tree"]
    assert tree["expansions"] == result["expanded"] == 150 and result["stopped"] == "node-limit"
    assert sum(n["order"] is not None for n in tree["nodes"]) == 150
    plain = run_job(call({"op": "solve", "board": board, "algorithm": "idastar", "max_nodes": 150}))
    assert "tree" not in plain["result"]
    info = call({"op": "info"})
    most = info["tree"].pop("max_recorded_nodes")
    assert info["tree"] == {"max_cells": 9, "max_nodes": MAX_TREE_EXPANSIONS, "default_max_nodes": 200}
    # The most nodes a tree may hold (the page refuses more from a person's code's worker): the
    # largest trees the searches record stay within it.
    for algorithm in TREE_ALGORITHMS:
        biggest = run_job(call({"op": "solve", "board": "8,6,7,2,5,4,3,0,1", "algorithm": algorithm,
                                "max_nodes": MAX_TREE_EXPANSIONS, "tree": True}))
        nodes = len(biggest["result"]["tree"]["nodes"])
        assert biggest["result"]["tree"]["expansions"] <= MAX_TREE_EXPANSIONS and 0 < nodes <= most, (algorithm, nodes, most)
    assert {a["name"] for a in info["algorithms"] if a["records_tree"]} == set(TREE_ALGORITHMS)
    for request, field, words in (
        ({"board": board, "tree": "yes"}, "tree", "tree must be true or false"),
        ({"board": ",".join(map(str, range(16))), "algorithm": "astar", "tree": True}, "board", "up to 9 cells"),
        ({"board": board, "algorithm": "bfs", "max_nodes": 2001, "tree": True}, "max_nodes", "at most 2,000"),
        ({"board": board, "tree": True}, "algorithm", "draws no search tree"),
    ):
        refused = call({"op": "solve", **request})
        assert not refused["ok"], request
        assert refused["error"]["field"] == field and words in refused["error"]["message"], refused


def test_the_cli_prints_the_tree_as_an_outline_and_puts_it_in_the_json() -> None:
    out = run_npuzzle("solve", "123456078", "--algorithm", "idastar", "--heuristic", "manhattan", "--tree")
    assert out.returncode == 0, out.stderr
    tree_text = out.stdout.split("Search tree:", 1)[1]
    assert "Iteration 1, f bound 2:" in tree_text
    assert "  start: g 0  h 2  f 2  expanded #1" in tree_text
    assert "    7 left: g 1  h 1  f 2  expanded #2" in tree_text
    assert "      8 left: g 2  h 0  f 2  goal" in tree_text
    assert "pruned (f 4 > bound 2)" in tree_text
    out = run_npuzzle("solve", "867254301", "--algorithm", "astar", "--heuristic", "manhattan",
                      "--tree", "--json", "--max-nodes", "40")
    assert out.returncode == 3, out.stderr  # stopped by the node limit
    result = json.loads(out.stdout)
    assert result["tree"]["expansions"] == result["expanded"] == 40
    out = run_npuzzle("solve", "867254301", "--algorithm", "bfs", "--tree", "--max-nodes", "30")
    lines = out.stdout.split("Search tree:", 1)[1].strip().splitlines()
    assert len(lines) == 1 + sum(1 for line in lines[1:] if line.startswith("  "))
    assert sum("expanded #" in line for line in lines) == 30
    refused = run_npuzzle("solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "--algorithm", "astar", "--tree")
    assert refused.returncode == 2 and "up to 9 cells" in refused.stderr
