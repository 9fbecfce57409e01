"""The analysis of a game (npuzzle/analysis/, issue 30): notations read and written back, bad
games refused with the right index and message, undos, and every distance, verdict and
best-move set against exact distances computed another way (a plain breadth-first search up
to 9 cells, IDA* and Korf's published lengths on 4x4); bounds on bigger boards that bracket
the distance; progress, limits and cancel (counts, never seconds)."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npuzzle import Board, Limits, solve
from npuzzle.analysis import (
    MAX_GAME_MOVES,
    NOTATIONS,
    AnalysisProgress,
    AnalysisResult,
    Game,
    GameAnalysis,
    GameError,
    GameSizeError,
    GameTooLongError,
    IllegalMoveError,
    NotationError,
    UnknownMoveError,
    UnsolvableGameError,
    ZeroCountError,
    analyse_game,
    analysis_method,
    read_game,
    read_moves,
    write_moves,
)
from npuzzle.analysis import distances
from npuzzle.analysis.bounded import BoundedSearch
from npuzzle.board import relabel
from npuzzle.custom import TEMPLATE, load_heuristic
from npuzzle.custom.check import HeuristicCheck
from npuzzle.distance_table import distance_table
from npuzzle.heuristics import compile_heuristic
from npuzzle.job import run
from npuzzle.known import bfs_distances, korf100
from npuzzle.random_boards import random_board, scramble

from .helpers import SMALL_GOALS, goal_of

Tiles = tuple[int, ...]
GOAL_3 = Board.goal(3, 3)
GOAL_4_FIRST = Board.goal(4, 4, "blank-first")
KORF = {ident: (length, tuple(tiles)) for ident, length, tiles in korf100()}


def random_game(start: Board, goal: Board, moves: int, seed: int, undo_every: int = 0) -> Game:
    """``moves`` random moves from ``start`` (every ``undo_every``-th one slides the last tile back)."""
    rng = random.Random(seed)
    board, tiles = start, []
    for n in range(1, moves + 1):
        if undo_every and n % undo_every == 0 and tiles:
            tile = tiles[-1]
        else:
            tile = rng.choice([t for t, _ in board.movable()])
        tiles.append(tile)
        board = board.slide(tile)
    return Game(start, goal, tuple(tiles))


def finishing_game(start: Board, goal: Board, seed: int, wander: int) -> Game:
    """``wander`` random moves, then a shortest way to the goal (IDA*): a game that ends solved."""
    wandering = random_game(start, goal, wander, seed)
    rest = solve(wandering.end, goal, "idastar", "pdb")
    return Game(start, goal, wandering.tiles + rest.tiles)


@functools.lru_cache(maxsize=None)
def exact_distances(goal: Board) -> dict[Tiles, int]:
    return bfs_distances(goal)


def neighbours(board: Board) -> list[tuple[int, Board]]:
    return [(tile, board.slide(tile)) for tile, _ in board.movable()]


def check_against(result: AnalysisResult, distance: dict[Tiles, int] | None = None,
                  optimal: object = None) -> None:
    """Every distance, verdict and best-move set of ``result`` against exact distances (a
    dict, or a function of a board), every finish replayed, the totals added up."""
    def d(board: Board) -> int:
        return distance[board.tiles] if distance is not None else optimal(board)  # type: ignore[operator]

    game = result.game
    boards = game.boards()
    assert [p.board for p in result.positions] == [b.tiles for b in boards]
    for position, board in zip(result.positions, boards, strict=True):
        assert position.exact and position.distance == d(board)
        best = {tile for tile, child in neighbours(board) if d(child) < d(board)}
        assert position.best is not None and set(position.best) == best
        assert [board.direction_of(t) for t in position.best] == list(position.best_directions)
        assert position.finish is not None and len(position.finish) == d(board)
        assert board.play(position.finish) == game.goal
    for move in result.moves:
        before, after = d(boards[move.number - 1]), d(boards[move.number])
        assert move.before == before and move.after == after
        assert move.verdict == ("optimal" if after < before else "mistake")
        assert move.lost == (0 if after < before else 2)
        assert (move.tile in result.positions[move.number - 1].best) == (move.verdict == "optimal")
    assert result.optimal_length == d(boards[0])
    assert result.excess == game.moves - (d(boards[0]) - d(boards[-1])) == 2 * result.mistakes
    assert result.complete and result.stopped is None and result.unknown_moves == 0


# -- notations --------------------------------------------------------------------


def test_the_notations_read_and_write_what_slidysim_does() -> None:
    assert "".join(m.direction or "" for m in read_moves("R3D2LU", "slidysim")) == "RRRDDLU"
    assert "".join(m.direction or "" for m in read_moves("r1 d1, l", "slidysim")) == "RDL"  # counts of 1, case, spaces
    assert write_moves((), "RRRDDLUU", "slidysim") == "R3D2LU2"
    assert write_moves((), "ULDR", "blank") == "DRUL"
    assert "".join(m.direction or "" for m in read_moves("DRUL", "blank")) == "ULDR"
    assert [m.tile for m in read_moves("7 8, 5", "numbers")] == [7, 8, 5]
    assert [m.character for m in read_moves("R3 D", "slidysim")] == [1, 1, 1, 4]
    assert set(NOTATIONS) == {"page", "slidysim", "blank", "numbers"}
    for info in NOTATIONS.values():
        assert set(info.to_dict()) == {"name", "label", "description", "example"}
        assert info.read(info.example)


@st.composite
def games(draw: st.DrawFn) -> Game:
    rows, cols = draw(st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (2, 5), (5, 5)]))
    goal = Board.goal(rows, cols, draw(st.sampled_from(["blank-last", "blank-first"])))
    start = random_board(rows, cols, goal, seed=draw(st.integers(0, 10**6)))
    board, tiles = start, []
    for _ in range(draw(st.integers(0, 60))):
        choices = sorted(t for t, _ in board.movable())
        tile = tiles[-1] if tiles and draw(st.integers(0, 5)) == 0 else choices[draw(st.integers(0, len(choices) - 1))]
        tiles.append(tile)
        board = board.slide(tile)
    return Game(start, goal, tuple(tiles))


@settings(max_examples=80, deadline=None)
@given(games(), st.sampled_from(sorted(NOTATIONS)))
def test_any_game_written_in_any_notation_reads_back_the_same(game: Game, notation: str) -> None:
    text = game.write(notation)
    assert read_game(game.start, game.goal, text, notation) == game
    assert read_game(game.start, game.goal, text.lower(), notation) == game


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="UDLRudlrX0123 ,7\n", max_size=30), st.sampled_from(sorted(NOTATIONS)))
def test_any_text_is_read_or_refused_with_a_game_error(text: str, notation: str) -> None:
    start = Board.from_string("1 2 3 / 4 0 5 / 6 7 8")
    try:
        game = read_game(start, GOAL_3, text, notation)
    except GameError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert read_game(start, GOAL_3, game.write(notation), notation) == game


# -- bad games ----------------------------------------------------------------------


START_3 = Board.from_string("1 2 3 / 4 5 6 / 0 7 8")


def test_an_unknown_letter_is_refused_with_its_place() -> None:
    with pytest.raises(UnknownMoveError) as caught:
        read_game(START_3, GOAL_3, "LLXU", "page")
    assert caught.value.character == 3 and isinstance(caught.value, ValueError)
    assert str(caught.value).startswith("unknown move 'X' at character 3 of 'LLXU'")
    with pytest.raises(UnknownMoveError, match=r"a count '2' at character 2 of 'L2': the page notation has no repeat counts"):
        read_game(START_3, GOAL_3, "L2", "page")
    with pytest.raises(UnknownMoveError, match=r"the count '3' at character 1 of '3L' follows no move letter"):
        read_game(START_3, GOAL_3, "3L", "slidysim")
    with pytest.raises(UnknownMoveError, match=r"unknown tile 'x' at character 3 of '7 x'"):
        read_game(START_3, GOAL_3, "7 x", "numbers")
    with pytest.raises(NotationError, match=r"unknown notation 'chess': choose one of page, slidysim, blank, numbers"):
        read_game(START_3, GOAL_3, "L", "chess")


def test_a_count_of_zero_is_refused_with_its_place() -> None:
    with pytest.raises(ZeroCountError) as caught:
        read_game(START_3, GOAL_3, "L2U00R", "slidysim")
    assert caught.value.character == 4
    assert str(caught.value) == "a count of 0 at character 4 of 'L2U00R': a count repeats a move at least once"


def test_an_illegal_move_is_refused_with_its_number_and_the_board_before_it() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        read_game(START_3, GOAL_3, "LL L", "page")
    error = caught.value
    assert error.move == 3 and error.board == Board.goal(3, 3)
    assert str(error) == ("move 3 (L, at character 4 of 'LL L') is not possible on '1,2,3,4,5,6,7,8,0': "
                          "no tile can slide left")
    with pytest.raises(IllegalMoveError) as caught:
        read_game(START_3, GOAL_3, "L2R3", "slidysim")
    assert caught.value.move == 5 and caught.value.board == START_3
    with pytest.raises(IllegalMoveError) as caught:
        read_game(START_3, GOAL_3, "7 1", "numbers")
    assert caught.value.move == 2 and "tile 1 is not next to the blank" in str(caught.value)
    with pytest.raises(IllegalMoveError) as caught:
        Game(START_3, GOAL_3, (7, 8, 8, 2))
    assert caught.value.move == 4 and caught.value.board == START_3.play([7, 8, 8])


def test_a_game_longer_than_the_limit_is_refused_before_it_is_played() -> None:
    with pytest.raises(GameTooLongError) as caught:
        read_game(START_3, GOAL_3, f"L1R{MAX_GAME_MOVES}", "slidysim")
    assert caught.value.limit == MAX_GAME_MOVES
    assert str(caught.value) == f"the game has {MAX_GAME_MOVES + 1:,} moves or more: at most {MAX_GAME_MOVES:,} can be analysed"
    with pytest.raises(GameTooLongError):
        read_game(START_3, GOAL_3, "L99999999999999999999999", "slidysim")
    with pytest.raises(GameTooLongError):
        read_game(START_3, GOAL_3, "LR" * (MAX_GAME_MOVES // 2) + "L", "page")
    assert read_game(START_3, GOAL_3, "LR" * (MAX_GAME_MOVES // 2), "page").moves == MAX_GAME_MOVES


def test_a_board_and_a_game_of_different_sizes_are_refused() -> None:
    with pytest.raises(GameSizeError, match=r"the board is 3x3 but the goal is 4x4"):
        read_game(START_3, Board.goal(4, 4), "L", "page")
    with pytest.raises(GameSizeError, match=r"tile 12 \(move 2\) is not on the board: a 3x3 board's tiles are 1 to 8"):
        read_game(START_3, GOAL_3, "7 12", "numbers")
    with pytest.raises(GameSizeError, match=r"tile 0 \(move 1\) is not on the board: 0 is the blank"):
        read_game(START_3, GOAL_3, "0", "numbers")
    with pytest.raises(GameSizeError, match=r"tile 9 \(move 1\) is not on a 3x3 board"):
        Game(START_3, GOAL_3, (9,))


def test_an_unsolvable_start_is_refused_by_the_analysis() -> None:
    start = Board.from_string("2 1 3 / 4 5 6 / 7 8 0")
    with pytest.raises(UnsolvableGameError, match="the board cannot reach the goal"):
        GameAnalysis(Game(start, GOAL_3))


# -- undos and move counts ----------------------------------------------------------------


def test_undos_are_marked_and_taken_out_as_a_stack_does() -> None:
    game = read_game(START_3, GOAL_3, "LRLL", "page")
    assert game.undos() == (False, True, False, False)
    assert game.without_undos().tiles == (7, 8)
    cancelled = Game(START_3, GOAL_3, (7, 5, 5, 7))  # a b b a: nothing left
    assert cancelled.undos() == (False, False, True, True)
    assert cancelled.without_undos().tiles == () and cancelled.end == START_3


@settings(max_examples=50, deadline=None)
@given(games())
def test_without_undos_ends_on_the_same_board_with_no_undo_left(game: Game) -> None:
    stripped = game.without_undos()
    assert stripped.end == game.end and not any(stripped.undos())
    assert stripped.moves == game.moves - 2 * sum(game.undos())


def test_single_and_multi_tile_moves() -> None:
    game = read_game(Board.from_string("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0"), Board.goal(4, 4),
                     "R3D2LU", "slidysim")
    assert game.moves == 7 and game.multi_tile_moves == 4
    assert Game(START_3, GOAL_3).multi_tile_moves == 0


# -- up to 9 cells: the table -----------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_100_move_3x3_game_against_a_plain_breadth_first_search(seed: int) -> None:
    game = random_game(random_board(3, 3, GOAL_3, seed=seed), GOAL_3, 100, seed, undo_every=9)
    result = analyse_game(game)
    assert result.method == "table" and result.heuristic is None and result.undos == "as-played"
    check_against(result, exact_distances(GOAL_3))
    assert sum(m.undo for m in result.moves) == sum(game.undos()) > 0
    stripped = analyse_game(game, undos="without-undos")
    assert stripped.undos == "without-undos" and stripped.played_moves == 100
    assert stripped.game == game.without_undos()
    check_against(stripped, exact_distances(GOAL_3))


@pytest.mark.parametrize("shape, goal_text", SMALL_GOALS)
def test_every_small_shape_and_goal(shape: tuple[int, int], goal_text: str) -> None:
    rows, cols = shape
    goal = goal_of(rows, cols, goal_text)
    game = finishing_game(random_board(rows, cols, goal, seed=5), goal, 5, 12)
    result = analyse_game(game)
    check_against(result, exact_distances(goal))
    assert result.game.solved and result.positions[-1].best == ()


def test_the_table_is_built_once_per_goal_and_shared_with_the_heuristic_check() -> None:
    goal = Board.goal(2, 4, "blank-first")
    table = distance_table(goal)
    analyse_game(random_game(random_board(2, 4, goal, seed=1), goal, 10, 1))
    assert distance_table(goal) is table and table.complete and table.states == 20_160
    check = run(HeuristicCheck(load_heuristic(TEMPLATE), goal))
    assert check.states == 20_160 and distance_table(goal) is table


def test_a_table_built_in_steps_shows_its_states_and_a_cancelled_one_goes_on_later() -> None:
    goal = Board.from_string("8 7 6 / 5 4 3 / 2 1 0")  # a goal no other test builds
    game = random_game(random_board(3, 3, goal, seed=4), goal, 30, 4)
    job = GameAnalysis(game)
    seen: list[AnalysisProgress] = []
    while len(seen) < 3:
        job.step(0.0)
        assert job.progress is not None
        seen.append(job.progress)
    assert [p.states for p in seen] == sorted(p.states for p in seen) and 0 < seen[-1].states < 181_440
    assert all(p.total_states == 181_440 and p.done == 0 and p.stage.startswith("building") for p in seen)
    job.cancel()
    result = job.result
    assert result is not None and result.stopped == "cancelled" and not result.complete
    assert all(p.best is None for p in result.positions)
    assert all(p.lower is None or p.lower <= p.upper for p in result.positions)  # type: ignore[operator]
    built = distance_table(goal).states
    again = GameAnalysis(game)
    again.step(0.0)
    assert again.progress is not None and again.progress.states > built
    check_against(run(again), bfs_distances(goal))


# -- 10 to 16 cells: bounded searches -------------------------------------------------------


def optimal_4x4(goal: Board) -> object:
    @functools.lru_cache(maxsize=None)
    def length(board: Board) -> int:
        result = solve(board, goal, "idastar", "pdb")
        assert result.optimal and result.length is not None
        return result.length
    return length


@pytest.mark.parametrize("ident", [42, 47, 12])
def test_4x4_starts_against_korf_published_lengths(ident: int) -> None:
    length, tiles = KORF[ident]
    start = Board(4, 4, tiles)
    game = random_game(start, GOAL_4_FIRST, 3, ident)
    result = analyse_game(game)
    assert result.method == "search" and result.heuristic == "pdb"
    assert result.optimal_length == length
    check_against(result, optimal=optimal_4x4(GOAL_4_FIRST))


def test_a_4x4_game_near_the_goal_against_ida_star_position_by_position() -> None:
    goal = Board.goal(4, 4)
    start = scramble(goal, 30, seed=8)
    game = finishing_game(start, goal, 8, 14)
    result = analyse_game(game)
    assert result.mistakes > 0 and result.optimal_moves > 0
    check_against(result, optimal=optimal_4x4(goal))
    data = result.to_dict()
    assert data["optimal_length"] == result.optimal_length and data["excess"] == 2 * result.mistakes


def test_an_unfinished_4x4_game_and_one_that_starts_on_the_goal() -> None:
    goal = Board.goal(4, 4)
    unfinished = random_game(scramble(goal, 40, seed=2), goal, 12, 2)
    assert not unfinished.solved
    result = analyse_game(unfinished)
    check_against(result, optimal=optimal_4x4(goal))
    wandering = random_game(goal, goal, 8, 3)
    away = analyse_game(wandering)
    check_against(away, optimal=optimal_4x4(goal))
    assert away.optimal_length == 0 and away.positions[0].best == () and away.positions[0].finish == ()
    alone = analyse_game(Game(unfinished.start, goal))
    assert alone.moves == () and alone.positions[0].distance == result.optimal_length
    assert alone.positions[0].best == result.positions[0].best


def test_the_bounded_searches_agree_with_ida_star_on_korf_instances() -> None:
    goal = GOAL_4_FIRST
    searches = BoundedSearch(4, 4, relabel(goal, goal), compile_heuristic("pdb", 4, 4, goal.blank))
    for ident in (42, 47, 9):
        length, tiles = KORF[ident]
        cells = list(relabel(Board(4, 4, tiles), goal))
        below = run_probe(searches, cells, length - 2)
        assert below.path is None and below.next_bound >= length - 1
        found = run_probe(searches, cells, length)
        assert found.path is not None and len(found.path) - 1 == length
        searches.learn(cells, found.path)
        assert searches.exact(cells) == length
        assert Board(4, 4, tiles).play(path_tiles(tiles, found.path)) == goal


def run_probe(searches: BoundedSearch, cells: list[int], bound: int):  # type: ignore[no-untyped-def]
    steps = searches.probe(cells, bound)
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        return stop.value


def path_tiles(tiles: Tiles, blanks: list[int]) -> list[int]:
    cells, moved = list(tiles), []
    for before, after in zip(blanks, blanks[1:]):
        moved.append(cells[after])
        cells[before], cells[after] = cells[after], 0
    return moved


def test_a_2x5_is_searched_exactly_with_another_heuristic() -> None:
    goal = Board.goal(2, 5)
    game = random_game(scramble(goal, 24, seed=3), goal, 10, 3)
    assert analysis_method(2, 5) == "search"
    result = analyse_game(game)
    assert result.heuristic == "walking-distance"

    @functools.lru_cache(maxsize=None)
    def length(board: Board) -> int:
        return solve(board, goal, "idastar", "linear-conflict").length  # type: ignore[return-value]

    check_against(result, optimal=length)


def test_progress_comes_position_by_position_and_cancel_keeps_what_was_found() -> None:
    length, tiles = KORF[1]
    game = random_game(Board(4, 4, tiles), GOAL_4_FIRST, 8, 1)
    job = GameAnalysis(game)
    reports: list[AnalysisProgress] = []
    while not job.done and len(reports) < 4:
        job.step(0.0)
        if job.progress is not None:
            reports.append(job.progress)
    assert [p.expanded for p in reports] == sorted(p.expanded for p in reports)
    assert all(p.positions == 9 and len(p.lower) == 9 and len(p.verdicts) == 8 for p in reports)
    job.cancel()
    result = job.result
    assert result is not None and result.stopped == "cancelled" and not result.complete
    start = result.positions[0]
    assert start.lower is not None and start.lower <= length
    assert job.done and job.result is result
    job.step(1.0)
    assert job.result is result
    data = job.progress.to_dict() if job.progress else {}
    assert set(data) == {"stage", "positions", "done", "distances", "lower", "upper", "verdicts", "expanded",
                         "states", "total_states", "seconds"}


def test_the_node_and_time_limits_stop_it_and_say_which() -> None:
    length, tiles = KORF[3]  # 59 moves: half a million nodes
    game = random_game(Board(4, 4, tiles), GOAL_4_FIRST, 4, 3)
    by_nodes = analyse_game(game, limits=Limits(max_nodes=5_000, time_limit=600))
    assert by_nodes.stopped == "node-limit" and 5_000 <= by_nodes.expanded < 5_000 + 2_048
    assert by_nodes.optimal_length is None and by_nodes.unknown_moves == 4
    assert all(p.lower is not None and p.lower <= p.upper if p.upper is not None else True for p in by_nodes.positions)
    assert by_nodes.positions[0].lower <= length  # type: ignore[operator]
    by_time = analyse_game(game, limits=Limits(max_nodes=10**9, time_limit=1e-6))
    assert by_time.stopped == "time-limit" and not by_time.complete


# -- bigger boards: bounds -------------------------------------------------------------------


def test_bounds_on_a_5x5_bracket_the_distance_and_never_claim_more() -> None:
    goal = Board.goal(5, 5)
    start = scramble(goal, 16, seed=11)
    game = random_game(start, goal, 6, 11)
    assert analysis_method(5, 5) == "bounds"
    result = analyse_game(game, position_seconds=0.05, heuristic="linear-conflict")
    assert result.method == "bounds" and result.position_seconds == 0.05
    # The truth by IDA* with another heuristic (Manhattan's); each position is 16 to 18 moves
    # from the goal, under 1 ms of IDA*'s work: well within its 50 ms, so every bound is exact.
    truths = [solve(board, goal, "idastar", "manhattan").length for board in game.boards()]
    for position, board, truth in zip(result.positions, game.boards(), truths, strict=True):
        assert position.lower is not None and position.upper is not None and truth is not None
        assert position.lower <= truth <= position.upper, (position, truth)
        assert position.best is None or position.exact
        assert position.finish is not None, position
        assert board.play(position.finish) == goal and len(position.finish) == truth
    assert len(result.moves) == 6
    for move in result.moves:
        before, after = truths[move.number - 1], truths[move.number]
        assert move.verdict == ("optimal" if after < before else "mistake"), (move, before, after)  # type: ignore[operator]


def test_the_result_json_has_its_stable_keys() -> None:
    result = analyse_game(read_game(START_3, GOAL_3, "LRLL", "page"))
    data = result.to_dict()
    assert set(data) == {
        "rows", "cols", "start", "goal", "tiles", "moves_text", "undos", "played_moves", "method", "heuristic",
        "single_tile_moves", "multi_tile_moves", "optimal_length", "start_lower", "start_upper", "excess",
        "mistakes", "optimal_moves", "unknown_moves", "solved", "exact", "complete", "stopped", "expanded",
        "seconds", "position_seconds", "missing_files", "summary", "positions", "moves", "notation", "timing",
    }
    assert set(data["positions"][0]) == {  # type: ignore[index]
        "index", "board", "distance", "exact", "lower", "upper", "best", "best_moves", "finish", "finish_moves"}
    assert data["moves"][1] == {  # type: ignore[index]
        "number": 2, "tile": 7, "move": "R", "undo": True, "verdict": "mistake", "lost": 2, "before": 1, "after": 2}
    assert (data["single_tile_moves"], data["multi_tile_moves"], data["optimal_length"], data["excess"]) == (4, 3, 2, 2)
    assert data["positions"][0]["finish"] == [7, 8] and data["positions"][0]["finish_moves"] == "LL"  # type: ignore[index]


def test_the_per_move_table_in_words_csv_and_markdown() -> None:
    result = analyse_game(read_game(START_3, GOAL_3, "LRLL", "page"))
    assert result.summary() == ("4 moves (3 in the multi-tile metric) from a start 2 moves from the goal: 1 mistake, 2 moves lost; "
                                "3 optimal moves.")
    lines = result.to_csv().splitlines()
    assert lines[0] == "number,tile,move,undo,before,after,verdict,lost,best"
    assert lines[2] == "2,7,R,true,1,2,mistake,2,L" and len(lines) == 5
    markdown = result.to_markdown().splitlines()
    assert markdown[0] == result.summary() and markdown[5] == "| 2 | 7 | R (undo) | 1 | 2 | mistake | 2 | L |"
    length, tiles = KORF[3]
    stopped = analyse_game(random_game(Board(4, 4, tiles), GOAL_4_FIRST, 2, 3), limits=Limits(max_nodes=3_000))
    assert stopped.summary().endswith("not decided (bounds only). Stopped by the node limit.")
    assert all("-" in row["before"] or row["before"].startswith(">=") for row in stopped.rows())  # type: ignore[operator]


def test_while_its_table_files_are_fetched_the_analysis_waits_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    fetched = {"done": False}

    def missing(heuristics: object, rows: int, cols: int, blank: int) -> list[str]:
        return [] if fetched["done"] else ["pdb-4x4-663x2.bin"]

    monkeypatch.setattr(distances, "table_needs", missing)
    length, tiles = KORF[42]
    job = GameAnalysis(Game(Board(4, 4, tiles), GOAL_4_FIRST), fetching=True)
    assert job.heuristic == "pdb" and job.missing_files == ()
    for _ in range(3):
        job.step(1.0)  # returns at once: it waits for the file
        assert job.progress is not None and job.progress.stage == "waiting for the heuristic's tables"
        assert not job.done and job.progress.expanded == 0
    fetched["done"] = True
    result = run(job)
    assert result.optimal_length == length


# -- a long game on a big board: linear work, in slices (red-team finding 1) -----------------


def _long_big_game() -> Game:
    """5,000 moves (the limit) on a 16x16 board: tile 255 slid right and back, 2,500 times.
    Every other position is the goal, so every bound is decided by the game itself."""
    goal = Board.goal(16, 16)
    return read_game(goal, goal, "RL" * (MAX_GAME_MOVES // 2), "page")


def test_a_5000_move_game_on_16x16_is_analysed_in_work_linear_in_its_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counted: the positions every propagation of bounds visits. Before, the bounds method
    # propagated over the whole game before each position: 5,001 x 5,001 visits in one slice.
    visited = [0]
    propagate = distances.Sheet.propagate

    def counting(sheet: distances.Sheet) -> None:
        visited[0] += len(sheet.lower)
        propagate(sheet)

    monkeypatch.setattr(distances.Sheet, "propagate", counting)
    game = _long_big_game()
    positions = game.moves + 1
    assert positions == 5_001 and analysis_method(16, 16) == "bounds"
    result = analyse_game(game)
    assert result.stopped is None and len(result.positions) == positions
    assert [p.distance for p in result.positions] == [i % 2 for i in range(positions)]
    assert all(m.verdict == ("mistake" if m.number % 2 else "optimal") for m in result.moves)
    assert 0 < visited[0] <= 4 * positions, visited[0]


def test_a_5000_move_game_on_16x16_reports_progress_in_slices_and_stops_when_cancelled() -> None:
    game = _long_big_game()
    job = GameAnalysis(game)
    dones = []
    for _ in range(40):  # a budget of 0: each step does one piece of work, then reports
        job.step(0)
        assert not job.done
        progress = job.progress
        assert progress is not None and progress.positions == game.moves + 1
        dones.append(progress.done)
    assert 0 < dones[0] < dones[-1] < game.moves + 1 and dones == sorted(dones), dones
    job.cancel()
    result = job.result
    assert job.done and result is not None and result.stopped == "cancelled"
    assert len(result.positions) == game.moves + 1
