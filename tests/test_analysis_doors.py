"""The analysis of a game through its front doors (issue 30): the web API's ``analyse`` job
(its progress, only what changed, adds up to its result; its tables named in ``need``) and
``write_moves``; a request read once, refused alike by both doors naming its field (the move's
index and the board before it, the character, the limit); the command line through pipes (its
table and totals, ``--json``'s keys, standard input, undos, limits, exit statuses). Held-out
games: a 3x3's and a 4x4's every distance, mistake and best-move set in the CLI's JSON and the
web API's answer equal to exact ones found another way (a plain breadth-first search, IDA*)."""

from __future__ import annotations

import functools
import io
import json
import random

import pytest

from npuzzle import Board, cli
from npuzzle.analysis import MAX_GAME_MOVES, NOTATIONS, Game, analyse_game, analysis, distances, read_game
from npuzzle.request import RequestError, read_analyse
from npuzzle.webapi import CAPS

from . import oracles
from .helpers import call, run_job, run_npuzzle

START_3 = "1 2 3 / 4 5 6 / 0 7 8"
NEAR_4 = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15"


def random_game(start: Board, goal: Board, moves: int, seed: int) -> Game:
    """``moves`` random moves from ``start``, none undoing the one before."""
    rng = random.Random(seed)
    board, tiles = start, []
    for _ in range(moves):
        tile = rng.choice([t for t, _ in board.movable() if not tiles or t != tiles[-1]])
        tiles.append(tile)
        board = board.slide(tile)
    return Game(start, goal, tuple(tiles))


HARD_3 = Board.from_string("8 6 7 / 2 5 4 / 3 0 1")  # 31 moves from the goal
HELD_3_GAME = random_game(HARD_3, Board.goal(3), 60, 5)
HELD_3 = (HARD_3.to_string(), HELD_3_GAME.write("page"))
"""A held-out 3x3 game: 60 random moves from one of the hardest starts (its board and its
moves in the page's notation)."""


@functools.lru_cache(maxsize=None)
def held_4x4() -> Game:
    """A held-out 4x4 game: the goal scrambled by 12 moves (seed 11), then 24 random moves: 5
    optimal moves and 19 mistakes, its positions 7 to 20 moves from the goal (near enough for
    the plain search of ``exact_4x4``)."""
    goal = Board.goal(4)
    start = random_game(goal, goal, 12, 11).end
    return random_game(start, goal, 24, 12)


@functools.lru_cache(maxsize=None)
def distances_3x3() -> dict[tuple[int, ...], int]:
    """Every 3x3 state's distance to the blank-last goal, by a plain breadth-first search
    (tests/oracles.py, once)."""
    return oracles.bfs_distances(tuple(range(1, 9)) + (0,), 3, 3)


def exact_3x3(tiles: tuple[int, ...]) -> int:
    return distances_3x3()[tiles]


@functools.lru_cache(maxsize=None)
def distances_4x4() -> oracles.Distances:
    """4x4 distances to the blank-last goal, found without the package: a breadth-first search
    12 moves around the goal, a plain IDA* on Manhattan plus linear conflicts beyond it."""
    return oracles.Distances(tuple(range(1, 16)) + (0,), 4, 4, radius=12)


def exact_4x4(tiles: tuple[int, ...]) -> int:
    return distances_4x4()(tiles)


def test_the_oracles_know_hand_checked_distances() -> None:
    """The oracles themselves, on distances counted by hand: the goal 0, one move 1, the 3x3
    of the docs 2, one of the hardest 8-puzzles 31 (the known maximum), and a 4x4 two
    moves from the goal; Manhattan plus linear conflicts on a row of two swapped tiles: 2 + 2."""
    goal_4 = tuple(range(1, 16)) + (0,)
    assert exact_3x3(tuple(range(1, 9)) + (0,)) == 0
    assert exact_3x3((1, 2, 3, 4, 5, 6, 7, 0, 8)) == 1
    assert exact_3x3((1, 2, 3, 4, 5, 6, 0, 7, 8)) == 2
    assert exact_3x3(HARD_3.tiles) == 31 == max(distances_3x3().values())
    assert len(distances_3x3()) == 181_440  # half of 9!: every solvable state
    assert exact_4x4(goal_4) == 0
    assert exact_4x4(goal_4[:13] + (0, 14, 15)) == 2
    swapped = (2, 1) + goal_4[2:]  # unsolvable, but a fine board to count on
    assert oracles.manhattan_linear_conflict(swapped, goal_4, 4, 4) == 4
    plain = oracles.Distances(goal_4, 4, 4, radius=0)  # IDA* alone, all the way to the goal
    assert plain(goal_4[:12] + (0, 13, 14, 15)) == 3
    game = held_4x4()
    table = oracles.bfs_distances(goal_4, 4, 4, 12)
    beyond = [b for b in oracles.play(game.start.tiles, 4, game.tiles) if b not in table]
    assert len(beyond) >= 10  # the held-out game goes past the breadth-first search's radius
    nearest = min(beyond, key=exact_4x4)
    assert exact_4x4(nearest) == plain(nearest) == 13


def check_exact(data: dict, game: Game, distance) -> None:  # type: ignore[no-untyped-def]
    """An analysis's JSON of ``game``: as many positions and moves as the game has, each
    position the board the game's moves reach (replayed here, tests/oracles.py), its distance
    and best moves, and every move's tile and verdict, equal to ``distance``'s (exact distances
    found another way)."""
    rows, cols = data["rows"], data["cols"]
    boards = oracles.play(game.start.tiles, cols, game.tiles)
    assert len(data["positions"]) == len(boards) == game.moves + 1
    assert len(data["moves"]) == game.moves
    for i, (board, position) in enumerate(zip(boards, data["positions"])):
        assert position["index"] == i and tuple(position["board"]) == board, i
        d = distance(board)
        assert position["distance"] == d and position["exact"], i
        best = sorted(t for t in oracles.movable(board, rows, cols) if distance(oracles.slide(board, cols, t)) < d)
        assert sorted(position["best"]) == best, i
    for n, move in enumerate(data["moves"], 1):
        before, after = distance(boards[n - 1]), distance(boards[n])
        verdict = "optimal" if after < before else "mistake"
        assert (move["number"], move["tile"], move["before"], move["after"]) == (n, game.tiles[n - 1], before, after)
        assert (move["verdict"], move["lost"]) == (verdict, 0 if verdict == "optimal" else 2), n
    mistakes = sum(distance(b) > distance(a) for a, b in zip(boards, boards[1:]))
    assert data["complete"] and data["mistakes"] == mistakes


# -- the web API -------------------------------------------------------------------------------


def test_a_held_out_3x3_game_through_the_web_api_equals_a_breadth_first_search() -> None:
    board, moves = HELD_3
    answer = run_job(call({"op": "analyse_game", "board": board, "moves": moves, "notation": "page"}))
    assert answer["ok"] and answer["type"] == "analysis"
    data = answer["analysis"]
    check_exact(data, HELD_3_GAME, exact_3x3)
    assert data["notation"] == "page" and data["written"]["page"] == moves and data["moves_text"] == moves
    assert data["csv"].splitlines()[0] == "number,tile,move,undo,before,after,verdict,lost,best"
    assert len(data["csv"].splitlines()) == len(moves) + 1 and data["markdown"].startswith(data["summary"])


def test_the_progress_sends_what_changed_and_adds_up_to_the_result() -> None:
    game = held_4x4()
    moves = game.write("numbers")
    answer = call({"op": "analyse_game", "board": game.start.to_string(), "size": "4x4", "moves": moves,
                   "notation": "numbers", "budget_ms": 0.001})  # a step settles about one position (the game is quick)
    assert answer["ok"] and answer["type"] == "progress" and "need" not in answer  # CPython has the tables
    first = answer["progress"]
    assert first["game"] == {"tiles": list(game.tiles), "moves": game.directions, "undos": list(game.undos())}
    lower: list[int | None] = [None] * (game.moves + 1)
    upper: list[int | None] = [None] * (game.moves + 1)
    verdicts: dict[int, str] = {}
    reports = 0
    while answer["type"] == "progress":
        p = answer["progress"]
        reports += 1
        assert p["positions"] == game.moves + 1 and 0 <= p["done"] <= p["positions"]
        assert reports == 1 or "game" not in p  # the game once
        for i, lo, up in p["changed"]:
            assert (lower[i], upper[i]) != (lo, up)  # only what changed
            lower[i], upper[i] = lo, up
        for number, verdict in p["marks"]:
            assert number not in verdicts and verdict in ("optimal", "mistake", "unknown")
            verdicts[number] = verdict
        answer = call({"op": "step", "job": answer["job"], "budget_ms": 0.001})
    assert reports > 3, reports  # position by position
    data = answer["analysis"]
    check_exact(data, game, exact_4x4)
    # What the progress said holds in the result: bounds only narrow, and a verdict once given stays.
    for i, lo, up in ((p["index"], p["lower"], p["upper"]) for p in data["positions"]):
        assert lower[i] is None or lower[i] <= lo
        assert upper[i] is None or upper[i] >= up
    assert verdicts and all(data["moves"][n - 1]["verdict"] == v for n, v in verdicts.items())


def test_a_4x4_analysis_names_the_tables_it_waits_for(monkeypatch: pytest.MonkeyPatch) -> None:
    fetched = {"done": False}

    def missing(heuristics: object, rows: int, cols: int, blank: int) -> list[str]:
        return [] if fetched["done"] else ["pdb-4x4-663x2.bin"]

    monkeypatch.setattr(distances, "table_needs", missing)
    monkeypatch.setattr(analysis, "table_needs", missing)
    answer = call({"op": "analyse_game", "board": NEAR_4, "moves": "RL", "notation": "page", "budget_ms": 5})
    assert answer["ok"] and answer["need"] == ["pdb-4x4-663x2.bin"]
    for _ in range(2):
        assert answer["type"] == "progress" and answer["progress"]["stage"] == "waiting for the heuristic's tables"
        answer = call({"op": "step", "job": answer["job"], "budget_ms": 1})
    fetched["done"] = True
    data = run_job(answer)["analysis"]
    assert data["heuristic"] == "pdb" and [m["verdict"] for m in data["moves"]] == ["mistake", "optimal"]


def test_a_game_without_moves_answers_the_positions_best_moves_and_finish() -> None:
    data = run_job(call({"op": "analyse_game", "board": START_3, "moves": ""}))["analysis"]
    assert data["moves"] == [] and data["optimal_length"] == 2
    assert data["positions"][0]["best"] == [7] and data["positions"][0]["finish"] == [7, 8]


def test_stop_keeps_what_was_found() -> None:
    game = held_4x4()
    answer = call({"op": "analyse_game", "board": game.start.to_string(), "moves": game.write("page"),
                   "notation": "page", "budget_ms": 1})
    answer = call({"op": "cancel", "job": answer["job"]})
    data = answer["analysis"]
    assert data["stopped"] == "cancelled" and not data["complete"]
    assert len(data["positions"]) == game.moves + 1


@pytest.mark.parametrize("notation", list(NOTATIONS))
def test_write_moves_writes_any_game_in_any_notation_and_reads_back(notation: str) -> None:
    game = held_4x4()
    for source in NOTATIONS:
        answer = call({"op": "write_moves", "board": game.start.to_string(), "moves": game.write(source),
                       "notation": source, "to": notation})
        assert answer["ok"] and answer["type"] == "written" and answer["moves"] == game.moves
        assert answer["text"] == game.write(notation)
        assert read_game(game.start, game.goal, answer["text"], notation).tiles == game.tiles


def test_info_lists_the_notations_and_the_analysis_facts() -> None:
    info = call({"op": "info"})
    assert [n["name"] for n in info["notations"]] == list(NOTATIONS)
    assert all(set(n) == {"name", "label", "description", "example"} for n in info["notations"])
    assert info["analysis"]["max_moves"] == MAX_GAME_MOVES and info["analysis"]["undos"] == ["as-played", "without-undos"]
    assert set(info["analysis"]["methods"]) == {"table", "search", "bounds"}


# -- a request read once: both doors refuse alike, naming the field ----------------------------

REFUSALS = [
    # (fields, field, details, CLI flag prefix)
    ({"moves": "LX", "notation": "page"}, "moves", {"character": 2}, ""),
    ({"moves": "L0", "notation": "slidysim"}, "moves", {"character": 2}, ""),
    ({"moves": "LLL", "notation": "page"}, "moves", {"move": 3, "board": [1, 2, 3, 4, 5, 6, 7, 8, 0]}, ""),
    ({"moves": "L" * (MAX_GAME_MOVES + 1), "notation": "page"}, "moves", {"limit": MAX_GAME_MOVES}, ""),
    ({"moves": "7 15", "notation": "numbers"}, "moves", {}, ""),
    ({"moves": "L", "notation": "chess"}, "notation", {}, "--notation: "),
    ({"moves": "L", "notation": "page", "undos": "never"}, "undos", {}, "--undos: "),
    ({"moves": "L", "notation": "page", "goal": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"}, "goal", {}, ""),
    ({"board": "1 2 3 / 4 5 6 / 0 8 7", "moves": "", "notation": "page"}, "board", {}, ""),
]


@pytest.mark.parametrize(("fields", "field", "details", "flag"), REFUSALS, ids=lambda v: str(v)[:30])
def test_both_doors_refuse_a_bad_game_alike_naming_the_field(
        fields: dict[str, str], field: str, details: dict[str, object], flag: str) -> None:
    request = {"board": START_3, **fields}
    with pytest.raises(RequestError) as caught:
        read_analyse(request, CAPS).start()
    assert caught.value.field == field and caught.value.details == details
    web = call({"op": "analyse_game", **request})
    assert web == {"ok": False, "error": {"field": field, "message": caught.value.message, **details}}
    args = ["analyse", request["board"], request["moves"]]
    for name in ("notation", "undos", "goal"):
        if name in request:
            args += [f"--{name}", request[name]]
    err = io.StringIO()
    assert cli.main(args, stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue() == f"npuzzle: error: {flag}{' '.join(caught.value.message.split())}\n"


def test_the_illegal_moves_message_names_its_index_and_the_board_before_it() -> None:
    error = call({"op": "analyse_game", "board": START_3, "moves": "LLL", "notation": "page"})["error"]
    assert error["message"].startswith("move 3 (L, at character 3 of 'LLL') is not possible on '1,2,3,4,5,6,7,8,0'")


def test_the_web_api_asks_for_the_notation_when_there_are_moves_and_never_guesses() -> None:
    error = call({"op": "analyse_game", "board": START_3, "moves": "LL"})["error"]
    assert error["field"] == "notation" and "never guessed" in error["message"]
    assert call({"op": "write_moves", "board": START_3, "moves": "7 8", "notation": "numbers", "to": "morse"})[
        "error"]["field"] == "to"


def test_the_web_api_reads_a_game_as_long_as_its_limit_in_any_notation() -> None:
    game = random_game(Board.from_string(START_3), Board.goal(3), MAX_GAME_MOVES, 3)
    answer = call({"op": "write_moves", "board": START_3, "moves": game.write("numbers"), "notation": "numbers",
                   "to": "slidysim"})
    assert answer["ok"] and answer["moves"] == MAX_GAME_MOVES


# -- the command line through pipes -------------------------------------------------------------


def test_the_command_line_prints_the_table_and_the_totals() -> None:
    done = run_npuzzle("analyse", START_3, "LRLL")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "Game (3x3, goal blank-last): 4 moves in the page notation (this page's letters), analysed as played."
    assert lines[5].split() == ["Move", "tile", "slid", "distance", "verdict", "best", "moves", "there"]
    assert lines[6].split() == ["1.", "7", "left", "2", "->", "1", "optimal", "7", "left"]
    assert lines[7].split() == ["2.", "7", "right", "(undo)", "1", "->", "2", "mistake", "(-2)", "8", "left"]
    assert "Moves played: 4 single-tile, 3 multi-tile. The start's optimal length: 2 (single-tile moves, as every distance here). Excess: 2." in lines
    assert "4 moves (3 in the multi-tile metric) from a start 2 moves from the goal: 1 mistake, 2 moves lost; 3 optimal moves." in lines


def test_the_command_lines_json_is_the_results_and_reads_moves_from_standard_input() -> None:
    board, moves = HELD_3
    done = run_npuzzle("analyse", board, "-", "--notation", "blank", "--json",
                       stdin=HELD_3_GAME.write("blank"))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    check_exact(data, HELD_3_GAME, exact_3x3)
    assert data["notation"] == "blank" and data["moves_text"] == moves
    assert set(data) == set(analyse_game(Game(Board.from_string(START_3), Board.goal(3))).to_dict())


def test_a_held_out_4x4_game_in_the_command_lines_json_equals_ida_star() -> None:
    game = held_4x4()
    done = run_npuzzle("analyse", game.start.to_string(), game.write("slidysim"), "--notation", "slidysim", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["method"] == "search" and data["tiles"] == list(game.tiles)
    check_exact(data, game, exact_4x4)


def test_undos_are_taken_out_when_asked_and_the_text_says_which() -> None:
    played = run_npuzzle("analyse", START_3, "LRLL", "--json")
    taken = run_npuzzle("analyse", START_3, "LRLL", "--undos", "without-undos", "--json")
    a, b = json.loads(played.stdout), json.loads(taken.stdout)
    assert (a["undos"], a["played_moves"], a["single_tile_moves"], a["mistakes"]) == ("as-played", 4, 4, 1)
    assert (b["undos"], b["played_moves"], b["single_tile_moves"], b["mistakes"]) == ("without-undos", 4, 2, 0)
    text = run_npuzzle("analyse", START_3, "LRLL", "--undos", "without-undos").stdout
    assert "analysed without its undone moves (4 played)." in text.splitlines()[0]


def test_a_limit_stops_the_command_with_status_3_keeping_what_it_found() -> None:
    game = held_4x4()
    done = run_npuzzle("analyse", game.start.to_string(), game.write("page"), "--max-nodes", "1")
    assert done.returncode == 3, done.stderr
    assert "Stopped by the node limit: the positions not settled keep their bounds." in done.stdout
    assert "Distances shown as bounds (lower-upper) are not exact" in done.stdout
