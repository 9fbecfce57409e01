"""Board model: parsing what people paste, specific messages, round trips, moves."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npuzzle import Board, BoardError, explain_solvability, is_solvable, parse_goal, parse_shape, solve
from npuzzle.board import BLANK_STEPS, OPPOSITE, MoveError, check_same_shape, relabel, slide_direction
from npuzzle.heuristics import estimate
from npuzzle.search.problem import Problem
from npuzzle.walking_distance import walking_distance

EXPECTED = (8, 6, 7, 2, 5, 4, 3, 0, 1)


@pytest.mark.parametrize(
    "text",
    [
        "8 6 7 2 5 4 3 0 1",
        "8,6,7,2,5,4,3,0,1",
        "8, 6, 7, 2, 5, 4, 3, 0, 1",
        "867254301",
        "8672543_1",
        "8672543.1",
        "8 6 7\n2 5 4\n3 0 1\n",
        "  8 6 7\r\n2 5 4\r\n3 _ 1",
        "8 6 7 / 2 5 4 / 3 . 1",
        "8\t6\t7\n2\t5\t4\n3\t0\t1",
    ],
)
def test_every_paste_format_reads_the_same_board(text: str) -> None:
    board = Board.from_string(text)
    assert (board.rows, board.cols, board.tiles) == (3, 3, EXPECTED)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the board is empty"),
        ("1 2 3 4 5 6 7 0", "8 tiles is not a square board"),
        ("1 2 3 4 5 6 7 7 0", "tile 7 appears twice"),
        ("1 2 3 4 5 6 7 8 9", "there is no blank"),
        ("1 2 3 4 5 6 7 0 9", "tile 9 is out of range for a 3x3 board (tiles are 1 to 8)"),
        ("1 2 3 4 5 6 7 0 _", "the blank appears twice"),
        ("1 2 3 4 x 6 7 8 0", "unknown symbol 'x' at position 5"),
        ("1 2 3 4 -5 6 7 8 0", "unknown symbol '-5'"),
        ("1 2 3\n4 5\n6 7 8 0", "row 2 has 2 tiles but row 1 has 3"),
        ("1 2 3 4 5 6 7 0 10", "tile 10 is out of range"),
        ("1", "a 1x1 board is not supported"),
        ("0", "not supported"),
    ],
)
def test_invalid_boards_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BoardError) as info:
        Board.from_string(text)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_missing_tile_with_given_size() -> None:
    with pytest.raises(BoardError, match="tile 8 is missing"):
        Board.from_string("1 2 3 4 5 6 7 0", 3, 3)


def test_count_against_given_size() -> None:
    with pytest.raises(BoardError, match="9 tiles is not a 4x4 board"):
        Board.from_string("1 2 3 4 5 6 7 8 0", 4, 4)


def test_no_blank() -> None:
    with pytest.raises(BoardError, match="tile 3 appears twice"):
        Board(2, 2, (0, 3, 3, 1))
    with pytest.raises(BoardError, match="there is no blank"):
        Board.from_string("1 2 3 4", 2, 2)


@pytest.mark.parametrize("side", range(2, 9))
def test_square_sizes_two_to_eight_parse_and_round_trip(side: int) -> None:
    goal = Board.goal(side)
    assert Board.from_string(goal.to_string()) == goal
    assert Board.from_string(goal.to_grid()) == goal
    assert goal.size == side * side


def test_rectangular_board_needs_its_size_or_rows() -> None:
    board = Board.from_string("1 2 3 / 4 5 0")
    assert (board.rows, board.cols) == (2, 3)
    assert Board.from_string("1 2 3 4 5 0", 2, 3) == board
    with pytest.raises(BoardError, match="not a square board"):
        Board.from_string("1 2 3 4 5 0")


def test_repr_is_a_constructor_call() -> None:
    board = Board.from_string("1 2 3 0")
    assert eval(repr(board), {"Board": Board}) == board


def test_goals() -> None:
    assert Board.goal(3).tiles == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert Board.goal(3, 3, "blank-first").tiles == (0, 1, 2, 3, 4, 5, 6, 7, 8)
    assert parse_goal("blank-first", 2, 2).tiles == (0, 1, 2, 3)
    assert parse_goal(" Blank-Last ", 2, 2).tiles == (1, 2, 3, 0)
    assert parse_goal("3 2 1 0", 2, 2).tiles == (3, 2, 1, 0)
    assert Board.goal(4).goal_name() == "blank-last"
    assert Board.from_string("3 2 1 0").goal_name() is None
    with pytest.raises(BoardError, match="unknown goal 'sideways'"):
        parse_goal("sideways", 3, 3)
    with pytest.raises(BoardError, match="goal: tile 1 appears twice"):
        parse_goal("1 1 2 0", 2, 2)
    with pytest.raises(BoardError, match="goal: 4 tiles is not a 3x3 board"):
        parse_goal("1 2 3 0", 3, 3)


def test_sizes() -> None:
    assert parse_shape("4") == (4, 4)
    assert parse_shape("3x5") == (3, 5)
    for bad in ("", "x", "1", "17", "4x1", "four"):
        with pytest.raises(BoardError):
            parse_shape(bad)


def test_moves_name_the_tile_direction() -> None:
    board = Board.from_string("1 2 3 / 4 0 5 / 6 7 8")
    assert dict(board.movable()) == {7: "U", 2: "D", 5: "L", 4: "R"}
    assert board.slide(7).tiles == (1, 2, 3, 4, 7, 5, 6, 0, 8)
    assert board.slide(2).tiles == (1, 0, 3, 4, 2, 5, 6, 7, 8)
    with pytest.raises(BoardError, match="tile 1 is not next to the blank"):
        board.slide(1)
    assert board.play([5, 8]).tiles == (1, 2, 3, 4, 5, 8, 6, 7, 0)


def test_replay_plays_checked_moves_with_directions_boards_and_end() -> None:
    board = Board.from_string("1 2 3 / 4 0 5 / 6 7 8")
    played = board.replay([5, 8, 7])  # hand-checked: left, up, right
    assert (played.tiles, played.directions, played.blanks) == ((5, 8, 7), "LUR", (4, 5, 8, 7))
    assert played.end.tiles == (1, 2, 3, 4, 5, 8, 6, 0, 7)
    assert [b.tiles for b in played.boards()] == [
        board.tiles, (1, 2, 3, 4, 5, 0, 6, 7, 8), (1, 2, 3, 4, 5, 8, 6, 7, 0), (1, 2, 3, 4, 5, 8, 6, 0, 7)]
    empty = board.replay([])
    assert (empty.end, empty.directions, empty.boards()) == (board, "", [board])


@pytest.mark.parametrize(("tiles", "number", "before", "why"), [
    ([5, 8, 1], 3, (1, 2, 3, 4, 5, 8, 6, 7, 0), "tile 1 is not next to the blank"),
    ([5, 6], 2, (1, 2, 3, 4, 5, 0, 6, 7, 8), "tile 6 is not next to the blank"),  # no wrap: cells 5 and 6
    ([7, 0], 2, (1, 2, 3, 4, 7, 5, 6, 0, 8), "0 is the blank"),
    ([9], 1, (1, 2, 3, 4, 0, 5, 6, 7, 8), "there is no tile 9"),
    ([7, True], 2, (1, 2, 3, 4, 7, 5, 6, 0, 8), "there is no tile True"),
    (["5"], 1, (1, 2, 3, 4, 0, 5, 6, 7, 8), "there is no tile '5'"),
    ([7, 10**5000], 2, (1, 2, 3, 4, 7, 5, 6, 0, 8), "there is no tile a number too long to show"),
    (["x" * 10_000], 1, (1, 2, 3, 4, 0, 5, 6, 7, 8), "there is no tile 'xxxxxxxxxxxxxxxxxxxx..."),
])
def test_replay_names_an_illegal_moves_number_and_the_board_before_it(
        tiles: list[object], number: int, before: tuple[int, ...], why: str) -> None:
    board = Board.from_string("1 2 3 / 4 0 5 / 6 7 8")
    with pytest.raises(MoveError) as caught:
        board.replay(tiles)  # type: ignore[arg-type]
    error = caught.value
    assert (error.number, error.board.tiles, error.tile) == (number, before, tiles[number - 1])
    assert str(error).startswith(f"move {number}: ") and why in str(error)
    assert isinstance(error, BoardError)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.lists(st.integers(0, 3), max_size=40))
def test_replay_agrees_with_the_tiles_coordinates(rows: int, cols: int, picks: list[int]) -> None:
    """A random walk; each direction read another way: from where the tile was and went."""
    board = Board.goal(rows, cols)
    cells = list(board.tiles)
    tiles, expected = [], []
    for pick in picks:
        br, bc = divmod(cells.index(0), cols)
        options = [(r, c) for r, c in ((br + 1, bc), (br - 1, bc), (br, bc + 1), (br, bc - 1))
                   if 0 <= r < rows and 0 <= c < cols]
        r, c = options[pick % len(options)]
        tile = cells[r * cols + c]
        expected.append({(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}[(br - r, bc - c)])
        cells[br * cols + bc], cells[r * cols + c] = tile, 0
        tiles.append(tile)
        assert BLANK_STEPS[expected[-1]] == (r - br, c - bc)
        assert slide_direction(br * cols + bc, r * cols + c, cols) == expected[-1]
    played = board.replay(tiles)
    assert played.directions == "".join(expected) and played.end.tiles == tuple(cells)
    assert played.boards()[-1] == played.end and len(played.boards()) == len(tiles) + 1
    assert board.tiles_along(played.blanks) == tuple(tiles)  # the blank's path gives the tiles back
    back = played.end.replay(reversed(tiles))  # each move undone by the same tile, the other way
    assert back.end == board and back.directions == "".join(OPPOSITE[d] for d in reversed(expected))


tile_text = st.lists(
    st.sampled_from(["0", "1", "2", "3", "4", "5", "8", "12", "_", ".", "x", "-", " ", ",", "\n", "/"]),
    max_size=40,
).map("".join)
"""Junk made of the board alphabet: almost never a board."""


@st.composite
def board_text(draw: st.DrawFn) -> str:
    """A board written as people write it (spaces, commas, rows split by / or new lines,
    _ or . for the blank), sometimes with one token changed, doubled or dropped."""
    side = draw(st.integers(2, 5))
    tokens = [str(t) for t in draw(st.permutations(range(side * side)))]
    tokens = [draw(st.sampled_from(["0", "_", "."])) if t == "0" else t for t in tokens]
    mutation = draw(st.sampled_from(["none", "none", "none", "swap-in", "drop", "double"]))
    if mutation == "swap-in":
        tokens[draw(st.integers(0, len(tokens) - 1))] = draw(st.sampled_from(["x", "-", "99", "0"]))
    elif mutation == "drop":
        tokens.pop()
    elif mutation == "double":
        tokens.append(tokens[0])
    within, between = draw(st.sampled_from([(" ", " "), (",", ","), (" ", " / "), (" ", "\n"), (", ", "/")]))
    if len(tokens) != side * side:
        return within.join(tokens)
    return between.join(within.join(tokens[r * side:(r + 1) * side]) for r in range(side))


def test_any_text_raises_value_error_or_round_trips() -> None:
    outcomes = {"parsed": 0, "refused": 0}

    @settings(max_examples=400, deadline=None)
    @given(st.one_of(tile_text, board_text()))
    def check(text: str) -> None:
        try:
            board = Board.from_string(text)
        except ValueError:
            outcomes["refused"] += 1
            return
        outcomes["parsed"] += 1
        assert Board.from_string(board.to_string(), board.rows, board.cols) == board
        assert Board.from_string(board.to_grid()) == board
        assert Board.from_string(board.to_string()).to_string() == board.to_string()

    check()
    # Both branches ran, many times each (the junk alone almost never parses: about 60 of 400 do here).
    assert outcomes["parsed"] >= 20 and outcomes["refused"] >= 20, outcomes


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 8).flatmap(lambda n: st.permutations(range(n * n)).map(lambda p: (n, p))))
def test_every_permutation_is_a_board(case: tuple[int, list[int]]) -> None:
    side, perm = case
    board = Board(side, side, tuple(perm))
    assert Board.from_string(board.to_string()) == board


def test_relabel_names_each_tile_by_its_goal_cell() -> None:
    goal = Board.from_string("4 8 1 / 0 6 2 / 3 5 7")  # the blank's goal is cell 3
    board = Board.from_string("8 6 7 / 2 5 4 / 3 0 1")
    cells = relabel(board, goal)
    for pos, label in enumerate(cells):
        assert board.tiles[pos] == (0 if label == 0 else goal.tiles[label - 1])
    assert relabel(goal, goal) == (1, 2, 3, 0, 5, 6, 7, 8, 9)
    problem = Problem.from_boards(board, goal)
    assert (problem.start, problem.goal) == (cells, relabel(goal, goal))


@pytest.mark.parametrize(("board", "goal"), [(Board.goal(3), Board.goal(4)), (Board.goal(2, 3), Board.goal(3, 2))])
def test_one_shape_check_gives_one_message_everywhere(board: Board, goal: Board) -> None:
    """Problem, the heuristics, walking distance and solvability all check the shapes with
    ``check_same_shape`` (through ``relabel`` or directly), so they say the same thing."""
    message = f"the board is {board.shape} but the goal is {goal.shape}"
    calls = [
        lambda: check_same_shape(board, goal),
        lambda: relabel(board, goal),
        lambda: solve(board, goal),
        lambda: solve(board, goal, "bfs"),
        lambda: estimate("manhattan", board, goal),
        lambda: walking_distance(board, goal),
        lambda: explain_solvability(board, goal),
        lambda: is_solvable(board, goal),
    ]
    for call in calls:
        with pytest.raises(BoardError) as raised:
            call()
        assert str(raised.value) == message
    check_same_shape(board, board)  # the same shape passes


@pytest.mark.parametrize("size", ["\u0662x\u0662", "\u0663", "3x\u0665", "\uff13"])
def test_sizes_take_ascii_digits_only_as_tiles_do(size: str) -> None:
    """Arabic-Indic or full-width digits are refused in a size, as they are in tiles."""
    with pytest.raises(BoardError, match="digits 0 to 9"):
        parse_shape(size)
    with pytest.raises(BoardError, match="unknown symbol"):
        Board.from_string("\u0661 \u0662 \u0663 0")


def test_a_non_square_count_lists_every_square_count_accepted() -> None:
    """The message names exactly the tile counts that make a square board."""
    with pytest.raises(BoardError) as caught:
        Board.from_string(" ".join(map(str, range(10))))
    listed = [int(n) for n in re.findall(r"\d+", str(caught.value).split(":", 1)[1])]
    accepted = []
    for count in range(1, 20 * 20 + 1):
        try:
            Board.from_string(" ".join(map(str, range(count))))
        except BoardError:
            continue
        accepted.append(count)
    assert listed == accepted
    assert accepted[0] == 4 and accepted[-1] == 256 and 81 in accepted
