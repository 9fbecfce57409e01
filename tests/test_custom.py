"""A person's heuristic file (npuzzle/custom/heuristic.py): loading, the one error type
with its line and board, and the starting template, which is admissible and consistent."""

from __future__ import annotations

from pathlib import Path

import pytest

from npuzzle import Board
from npuzzle.custom import TEMPLATE, UserCodeError, load_heuristic, load_heuristic_file
from npuzzle.heuristics import manhattan
from npuzzle.known import eight_puzzle_distances
from npuzzle.search.problem import neighbour_table

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
ONE_AWAY = (1, 2, 3, 4, 5, 6, 7, 0, 8)


def error_of(source: str, tiles: tuple[int, ...] = ONE_AWAY) -> UserCodeError:
    """The UserCodeError of loading ``source`` and calling its h on ``tiles``."""
    with pytest.raises(UserCodeError) as caught:
        load_heuristic(source, "mine.py")(tiles, GOAL, 3, 3)
    return caught.value


def test_a_syntax_error_names_its_line() -> None:
    error = error_of("def h(tiles, goal, rows, cols):\n    x = 1\n    return x +\n")
    assert (error.kind, error.line, error.board) == ("syntax", 3, None)
    assert error.message.startswith("mine.py line 3: SyntaxError: ")
    error = error_of("def h(tiles, goal, rows, cols):\nreturn 0\n")
    assert (error.kind, error.line) == ("syntax", 2) and "IndentationError" in error.message


def test_no_h_or_an_h_that_is_not_a_function() -> None:
    error = error_of("def g(tiles, goal, rows, cols):\n    return 0\n")
    assert error.kind == "missing" and error.message == "mine.py: no function h defined: write def h(tiles, goal, rows, cols):"
    assert error_of("h = 3\n").message.startswith("mine.py: h is a int, not a function")
    error = error_of("def h(tiles):\n    return 0\n")
    assert (error.kind, error.line) == ("missing", 1) and "four arguments" in error.message


def test_an_h_that_raises_gives_the_board_and_its_line() -> None:
    source = "def helper(t):\n    return 1 // 0\n\ndef h(tiles, goal, rows, cols):\n    return helper(tiles)\n"
    error = error_of(source)
    assert (error.kind, error.line, error.board) == ("raised", 2, ONE_AWAY)
    assert error.message == "mine.py: h raised ZeroDivisionError: integer division or modulo by zero at line 2, on board 1,2,3,4,5,6,7,0,8"
    assert str(error) == error.message and "\n" not in error.message
    error = error_of("x = [][1]\ndef h(tiles, goal, rows, cols):\n    return 0\n")
    assert (error.kind, error.line) == ("raised", 1) and "while loading" in error.message


@pytest.mark.parametrize("value, shown", [
    ("1.5", "1.5 (float), not an int"), ("True", "True (bool), not an int"), ("None", "None, not an int (is a return missing?)"), ("'3'", "'3' (str), not an int"),
])
def test_an_h_that_returns_a_non_int_gives_the_board(value: str, shown: str) -> None:
    error = error_of(f"def h(tiles, goal, rows, cols):\n    return {value}\n")
    assert error.kind == "returned" and error.board == ONE_AWAY
    assert error.message == f"mine.py: h returned {shown}, on board 1,2,3,4,5,6,7,0,8"


def test_an_h_that_returns_a_negative_number_gives_the_board() -> None:
    error = error_of("def h(tiles, goal, rows, cols):\n    return -2\n")
    assert error.message == "mine.py: h returned -2, a negative number, on board 1,2,3,4,5,6,7,0,8"
    assert error.to_dict() == {"message": error.message, "kind": "returned", "line": None,
                                "board": list(ONE_AWAY)}


def test_an_int_subclass_counts_as_its_value() -> None:
    source = "import enum\nclass N(enum.IntEnum):\n    ONE = 1\ndef h(tiles, goal, rows, cols):\n    return N.ONE\n"
    value = load_heuristic(source)(ONE_AWAY, GOAL, 3, 3)
    assert value == 1 and type(value) is int


def test_a_file_is_read_as_utf8_and_named_in_messages(tmp_path: Path) -> None:
    path = tmp_path / "my_h.py"
    path.write_text("# é\ndef h(tiles, goal, rows, cols):\n    return 0\n", encoding="utf-8")
    heuristic = load_heuristic_file(str(path))
    assert heuristic.name == "custom:my_h.py" and heuristic(GOAL, GOAL, 3, 3) == 0
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(UserCodeError, match="not UTF-8"):
        load_heuristic_file(str(path))


def test_the_template_is_the_manhattan_distance_admissible_and_consistent() -> None:
    """On every 3x3 state, against exact distances: never above them, one move changes it
    by one, and it agrees with the built-in Manhattan distance."""
    h = load_heuristic(TEMPLATE)
    for goal_name in ("blank-last",):  # blank-first: tests/test_custom_check.py, through the checker
        goal = Board.goal(3, 3, goal_name)
        distances = eight_puzzle_distances(goal_name)
        values = {tiles: h(tiles, goal.tiles, 3, 3) for tiles in distances}
        assert all(values[tiles] <= d for tiles, d in distances.items())
        assert values[goal.tiles] == 0
        neighbours = neighbour_table(3, 3)
        for tiles, value in values.items():
            blank = tiles.index(0)
            for nb in neighbours[blank]:
                cells = list(tiles)
                cells[blank], cells[nb] = cells[nb], 0
                assert abs(values[tuple(cells)] - value) == 1
        for tiles in list(distances)[::997]:
            assert values[tiles] == manhattan(Board(3, 3, tiles), goal)
