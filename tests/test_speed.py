"""The speed-solver's bench (issue 37): every shortest solution counted against independent
counters, move strings transformed, solutions shortened, and the front doors' answers and
refusals (the web API here; the command line in test_speed_cli.py)."""

from __future__ import annotations

import random
from collections import deque

import pytest

from npuzzle import Board
from npuzzle.analysis import read_game
from npuzzle.search.problem import neighbour_table
from npuzzle.search.result import Limits, StopReason
from npuzzle.speed.all_optimal import AllOptimal, AllOptimalError, run
from npuzzle.speed.metrics import invert, mirror_moves, mtm_length, simplify
from npuzzle.speed.optimize import Optimize, OptimizeError
from npuzzle.speed.request import mirror_board, mirror_goal, read_move_action
from npuzzle.webapi import handle_dict

from .helpers import replay, run_job

OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def _layers(start: tuple[int, ...], rows: int, cols: int, depth: int) -> dict[tuple[int, ...], tuple[int, int]]:
    """Every state within ``depth`` moves of ``start``: (distance, number of shortest paths from
    ``start``), by a plain breadth-first search over tuples (the independent counter)."""
    nbrs = neighbour_table(rows, cols)
    seen = {start: (0, 1)}
    frontier = [start]
    for d in range(1, depth + 1):
        nxt: dict[tuple[int, ...], int] = {}
        for state in frontier:
            paths = seen[state][1]
            blank = state.index(0)
            for nb in nbrs[blank]:
                cells = list(state)
                cells[blank], cells[nb] = cells[nb], 0
                child = tuple(cells)
                if child in seen:
                    continue
                nxt[child] = nxt.get(child, 0) + paths
        for child, paths in nxt.items():
            seen[child] = (d, paths)
        frontier = list(nxt)
    return seen


def _count_between(start: tuple[int, ...], goal: tuple[int, ...], rows: int, cols: int,
                   length: int) -> int:
    """Shortest paths from ``start`` to ``goal`` of ``length`` moves, met in the middle: the
    states ``length // 2`` from the start and the rest from the goal, their path counts multiplied."""
    half = length // 2
    forward = _layers(start, rows, cols, half)
    backward = _layers(goal, rows, cols, length - half)
    assert backward.get(start, (length, 0))[0] == length or length == 0
    return sum(paths * backward[state][1] for state, (d, paths) in forward.items()
               if d == half and backward.get(state, (-1, 0))[0] == length - half)


def _check(result_solutions: object, board: Board, goal: Board, length: int) -> None:
    seen = set()
    for s in result_solutions:  # type: ignore[attr-defined]
        assert replay(board, s.tiles, s.moves)[-1] == goal
        assert len(s.tiles) == length and s.stm == length
        assert s.mtm == mtm_length(s.moves)
        seen.add(s.moves)
    assert len(seen) == len(result_solutions)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def eight_counts() -> dict[tuple[int, ...], tuple[int, int]]:
    """Every 3x3 state's distance from the goal and its number of shortest solutions."""
    goal = Board.goal(3, 3)
    return _layers(goal.tiles, 3, 3, 31)


def test_every_shortest_3x3_solution_counted_like_an_independent_counter(eight_counts) -> None:
    goal = Board.goal(3, 3)
    rng = random.Random(37)
    states = sorted(eight_counts)
    boards = [Board(3, 3, s) for s in rng.sample(states, 60)] + [
        Board.from_string("8 6 7 2 5 4 3 0 1"), Board.from_string("6 4 7 8 5 0 3 2 1"), goal]
    for board in boards:
        distance, count = eight_counts[board.tiles]
        result = run(AllOptimal(board, goal, limit=10_000))
        assert result.complete and result.stop is StopReason.SOLVED
        assert (result.length, result.count) == (distance, count), board
        assert len(result.solutions) == count
        _check(result.solutions, board, goal, distance)
        assert sum(m.count for m in result.first_moves) == (count if distance else 0)
        assert sum(result.mtm_lengths.values()) == count
        assert [s.mtm for s in result.solutions] == sorted(s.mtm for s in result.solutions)
        assert min(result.mtm_lengths) == result.solutions[0].mtm
        if distance:
            for first in result.first_moves:
                assert first.count == sum(1 for s in result.solutions if s.moves[0] == first.direction)


def test_the_hardest_3x3_boards_have_their_known_counts(eight_counts) -> None:
    """The two 31-move 8-puzzles (blank-last goal) and their counts, from the counter."""
    goal = Board.goal(3, 3)
    for text in ("8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"):
        board = Board.from_string(text)
        assert run(AllOptimal(board, goal)).count == eight_counts[board.tiles][1]


def _walk(board: Board, moves: int, rng: random.Random) -> Board:
    cells = list(board.tiles)
    nbrs = neighbour_table(board.rows, board.cols)
    blank, before = cells.index(0), -1
    for _ in range(moves):
        nb = rng.choice([n for n in nbrs[blank] if n != before])
        cells[blank], cells[nb] = cells[nb], 0
        before, blank = blank, nb
    return Board(board.rows, board.cols, tuple(cells))


@pytest.mark.parametrize("shape,goal_name,walk,boards", [
    ((4, 4), "blank-last", 40, 6), ((4, 4), "blank-first", 36, 4), ((3, 4), "blank-last", 40, 4),
    ((2, 6), "blank-last", 40, 3),
])
def test_every_shortest_solution_on_bigger_boards_counted_met_in_the_middle(shape, goal_name, walk, boards) -> None:
    rows, cols = shape
    goal = Board.goal(rows, cols, goal_name)
    rng = random.Random(rows * 100 + cols + walk)
    checked = 0
    while checked < boards:
        board = _walk(goal, walk, rng)
        result = run(AllOptimal(board, goal, limit=500))
        assert result.complete and result.length is not None
        if result.length > 22:  # the counter's two searches stay small
            continue
        assert result.count == _count_between(board.tiles, goal.tiles, rows, cols, result.length), board
        _check(result.solutions, board, goal, result.length)
        checked += 1


def test_a_limit_leaves_a_lower_bound_said_so() -> None:
    board = Board.from_string("8 6 7 2 5 4 3 0 1")
    whole = run(AllOptimal(board, Board.goal(3, 3)))
    # Enough nodes to reach the last iteration, too few to end it.
    cut = None
    for nodes in range(200, whole.expanded, 50):
        cut = run(AllOptimal(board, Board.goal(3, 3), Limits(nodes, 60.0)))
        if cut.count:
            break
    assert cut is not None and 0 < cut.count < whole.count
    assert not cut.complete and cut.stop is StopReason.NODE_LIMIT and cut.length == whole.length
    assert cut.to_dict()["count_exact"] is False


def test_a_cancelled_count_says_so_and_keeps_what_it_found() -> None:
    job = AllOptimal(Board.from_string("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"), Board.goal(4, 4, "blank-first"))
    job.step(0.05)
    job.cancel()
    assert job.result is not None and job.result.stop is StopReason.CANCELLED and not job.result.complete


def test_keeping_fewer_keeps_those_with_fewest_multi_tile_moves() -> None:
    board, goal = Board.from_string("8 6 7 2 5 4 3 0 1"), Board.goal(3, 3)
    every = run(AllOptimal(board, goal, limit=10_000)).solutions
    few = run(AllOptimal(board, goal, limit=5)).solutions
    assert [s.mtm for s in few] == sorted(s.mtm for s in every)[:5]


def test_boards_too_large_and_bad_limits_are_refused() -> None:
    with pytest.raises(AllOptimalError, match="at most 16 cells"):
        AllOptimal(Board.goal(5, 5), Board.goal(5, 5))
    for limit in (0, 10_001, True):
        with pytest.raises(AllOptimalError, match="limit"):
            AllOptimal(Board.goal(3, 3), Board.goal(3, 3), limit=limit)  # type: ignore[arg-type]
    unsolvable = run(AllOptimal(Board.from_string("2 1 3 4 5 6 7 8 0"), Board.goal(3, 3)))
    assert (unsolvable.count, unsolvable.length, unsolvable.solvable) == (0, None, False)


# --- move strings ---------------------------------------------------------------------------

def test_metrics_and_transforms_on_random_strings() -> None:
    rng = random.Random(5)
    for _ in range(300):
        moves = "".join(rng.choice("UDLR") for _ in range(rng.randrange(0, 40)))
        runs = 0 if not moves else 1 + sum(moves[i] != moves[i - 1] for i in range(1, len(moves)))
        assert mtm_length(moves) == runs
        assert invert(invert(moves)) == moves and mirror_moves(mirror_moves(moves)) == moves
        short = simplify(moves)
        assert simplify(short) == short and len(short) <= len(moves) and len(short) % 2 == len(moves) % 2
        assert all(OPPOSITE[a] != b for a, b in zip(short, short[1:]))


def test_transforms_of_a_game_reach_what_they_say() -> None:
    rng = random.Random(11)
    for rows, cols, name in ((3, 3, "blank-last"), (4, 4, "blank-first"), (3, 5, "blank-last"), (2, 4, "blank-last")):
        goal = Board.goal(rows, cols, name)
        for _ in range(10):
            board = _walk(goal, 30, rng)
            solution = run(AllOptimal(board, goal, limit=1)).solutions[0]
            # Invert: from the goal back to the board.
            inv = read_move_action({"action": "invert", "board": board.to_string(), "goal": name,
                                    "size": f"{rows}x{cols}", "moves": solution.moves, "notation": "page"})
            assert inv.board == goal and replay(goal, [], None)[-1] == goal
            assert read_game(goal, board, inv.moves, "page").solved
            # Mirror: the reflected board solved by the reflected moves, and mirrored twice is itself.
            mirrored = mirror_board(board, goal)
            assert (mirrored.rows, mirrored.cols) == (cols, rows)
            assert mirror_board(mirrored, mirror_goal(goal)) == board
            assert read_game(mirrored, mirror_goal(goal), mirror_moves(solution.moves), "page").solved
            # Simplify with detours added: back to a solution no longer than the original.
            i = rng.randrange(len(solution.moves) + 1)
            game = read_game(board, goal, solution.moves, "page")
            boards = game.boards()
            detour = next(d for d in "UDLR" if _legal(boards[i], d))
            padded = solution.moves[:i] + detour + OPPOSITE[detour] + solution.moves[i:]
            simple = read_move_action({"action": "simplify", "board": board.to_string(), "goal": name,
                                       "size": f"{rows}x{cols}", "moves": padded, "notation": "page"})
            assert simple.moves == solution.moves and simple.solves


def _legal(board: Board, direction: str) -> bool:
    try:
        board.tile_sliding(direction)
    except ValueError:
        return False
    return True


def test_convert_round_trips_through_every_notation() -> None:
    board = Board.from_string("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
    goal = Board.goal(4, 4, "blank-first")
    moves = run(AllOptimal(board, goal, limit=1)).solutions[0].moves
    fields = {"board": board.to_string(), "goal": "blank-first"}
    for to in ("page", "slidysim", "blank", "numbers"):
        there = read_move_action({**fields, "action": "convert", "moves": moves, "notation": "page", "to": to})
        back = read_move_action({**fields, "action": "convert", "moves": there.text, "notation": to, "to": "page"})
        assert back.text == moves and there.moves == moves


def test_bad_move_strings_are_refused_naming_the_field_and_place() -> None:
    cases = [
        ({"action": "turn", "moves": "L", "notation": "page"}, "action", {}),
        ({"action": "invert", "moves": "L"}, "notation", {}),
        ({"action": "invert", "moves": "L", "notation": "morse"}, "notation", {}),
        ({"action": "convert", "moves": "L", "notation": "page", "to": "numbers"}, "to", {}),
        ({"action": "convert", "moves": "LLX", "notation": "page"}, "moves", {"character": 3}),
        ({"action": "convert", "moves": "R0", "notation": "slidysim"}, "moves", {"character": 2}),
        ({"action": "invert", "moves": "LLL", "notation": "page", "board": "1 2 3/4 5 6/0 7 8"}, "moves",
         {"move": 3, "board": [1, 2, 3, 4, 5, 6, 7, 8, 0]}),
    ]
    for fields, field, details in cases:
        answer = handle_dict({"op": "moves", **fields})
        assert not answer["ok"] and answer["error"]["field"] == field, (fields, answer)
        for key, value in details.items():
            assert answer["error"][key] == value


# --- shortening -----------------------------------------------------------------------------

@pytest.mark.thorough
def test_shortening_gives_a_solution_no_longer_and_the_optimum_when_proven(eight_counts) -> None:
    goal = Board.goal(3, 3)
    rng = random.Random(2)
    states = sorted(eight_counts)
    for tiles in rng.sample(states, 12):
        board = Board(3, 3, tiles)
        # A long solution: a detour of random moves, then a shortest way home.
        detour = _walk(board, 24, rng)
        there = _path(board, detour, eight_counts)
        home = run(AllOptimal(detour, goal, limit=1)).solutions[0].moves
        moves = there + home
        result = run(Optimize(board, goal, moves, "page", time_limit=20.0))
        assert replay(board, result.after.tiles, result.after.moves)[-1] == goal
        assert result.after.stm <= result.simplified.stm <= result.before.stm == len(moves)
        distance = eight_counts[tiles][0]
        assert result.optimal and result.after.stm == distance == result.lower_bound
        assert result.after.tiles[:result.kept] == read_game(board, goal, moves, "page").tiles[:result.kept]


def _path(board: Board, end: Board, counts: object) -> str:
    """Moves from ``board`` to ``end`` (any: a breadth-first search)."""
    nbrs = neighbour_table(board.rows, board.cols)
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], str] | None] = {board.tiles: None}
    queue = deque([board.tiles])
    while queue:
        state = queue.popleft()
        if state == end.tiles:
            break
        blank = state.index(0)
        for nb in nbrs[blank]:
            cells = list(state)
            cells[blank], cells[nb] = cells[nb], 0
            child = tuple(cells)
            if child not in parent:
                parent[child] = (state, Board(board.rows, board.cols, state).direction_of(state[nb]))
                queue.append(child)
    moves = []
    node = end.tiles
    while parent[node] is not None:
        node, move = parent[node]  # type: ignore[misc]
        moves.append(move)
    return "".join(reversed(moves))


def test_a_4x4_solve_twice_too_long_is_shortened_with_a_bound() -> None:
    board = Board.from_string("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")  # Korf #1: 57 moves
    goal = Board.goal(4, 4, "blank-first")
    from npuzzle import solve
    long = solve(board, goal, "greedy", "manhattan", Limits(200_000, 60.0))
    assert long.length is not None and long.length > 100
    result = run(Optimize(board, goal, " ".join(map(str, long.tiles)), "numbers", time_limit=3.0))
    assert replay(board, result.after.tiles, result.after.moves)[-1] == goal
    assert result.after.stm < long.length
    assert result.lower_bound is not None and result.lower_bound <= 57 <= result.after.stm
    assert result.optimal == (result.after.stm == 57 and result.lower_bound == 57)


def test_moves_that_are_not_a_solution_are_refused() -> None:
    with pytest.raises(OptimizeError, match="not on the goal"):
        Optimize(Board.from_string("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3), "L", "page")
    answer = handle_dict({"op": "optimize", "board": "1 2 3/4 5 6/0 7 8", "moves": "LLL", "notation": "page"})
    assert answer["error"]["field"] == "moves" and answer["error"]["move"] == 3
    answer = handle_dict({"op": "optimize", "board": "1 2 3/4 5 6/0 7 8", "moves": "LL"})
    assert answer["error"]["field"] == "notation"


# --- the web API ----------------------------------------------------------------------------

def test_the_web_api_answers_every_shortest_solution_as_a_job() -> None:
    answer = run_job(handle_dict({"op": "all_optimal", "board": "8 6 7 2 5 4 3 0 1", "limit": 3, "budget_ms": 1}))
    assert answer["ok"] and answer["type"] == "all_optimal"
    data = answer["all_optimal"]
    assert (data["count"], data["count_exact"], data["length"], data["listed"]) == (40, True, 31, 3)
    assert sum(m["count"] for m in data["first_moves"]) == 40
    refused = handle_dict({"op": "all_optimal", "board": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24"})
    assert refused["error"]["field"] == "board" and "16 cells" in refused["error"]["message"]
    assert handle_dict({"op": "all_optimal", "board": "1 2 3 4 5 6 7 0 8", "limit": 0})["error"]["field"] == "limit"


def test_the_web_api_shortens_and_reports_progress() -> None:
    first = handle_dict({"op": "optimize", "board": "1 2 3/4 5 6/0 7 8", "moves": "LRLLDU", "notation": "page"})
    answer = run_job(first)
    assert answer["type"] == "optimized"
    data = answer["optimized"]
    assert data["after"]["moves"] == "LL" and data["before"]["stm"] == 6 and data["optimal"]
    assert data["saved"] == {"stm": 4, "mtm": 4}
