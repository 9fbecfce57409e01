"""Helpers for the browser tests: open a link, solve, read the board and the solution shown."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from npuzzle import Board
from npuzzle.board import DIRECTION_NAMES
from npuzzle.known import eight_puzzle_distances

from .helpers import replay

TILES_LABEL = "Tiles, row by row (0, _ or . for the blank)"
HARD = "8,6,7,2,5,4,3,0,1"  # one of the two 31-move 3x3 boards (blank-last goal)
GOAL_3 = "1,2,3,4,5,6,7,8,0"
_LETTER = {word: letter for letter, word in DIRECTION_NAMES.items()}


def open_link(app: Any, site_url: str, fragment: str, *, valid_board: bool = True, ready: str = "ready") -> None:
    """Open the site at ``fragment`` and wait for the solver's state ``ready`` (or "failed")
    and, for a valid board, for Python's answer to it to be drawn."""
    app.goto(site_url + fragment)
    expect(app.locator("#solver-state")).to_have_attribute("data-kind", ready, timeout=90_000)
    if not valid_board:
        return
    # The worker parses the linked board; "ready" can come before that answer is drawn.
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", re.compile(r"\d"))


def board_of(app: Any) -> str:
    return str(app.get_by_label("Puzzle board").get_attribute("data-board"))


def tiles_of(app: Any) -> tuple[int, ...]:
    return tuple(int(t) for t in board_of(app).split(","))


def distance(app: Any) -> int:
    """The exact distance of the 3x3 board shown to the blank-last goal."""
    return eight_puzzle_distances("blank-last")[tiles_of(app)]


def editor(app: Any) -> Any:
    return app.get_by_label(TILES_LABEL, exact=True)


def solve_and_read_length(app: Any) -> int:
    """Solve, wait for the search to end (an anytime search shows better solutions as it
    goes), and read the length of the solution the status reports."""
    app.get_by_role("button", name="Solve").click()
    status = app.locator("#status")
    assert status.get_attribute("role") == "status"
    expect(status).to_contain_text(re.compile(r"^(Solved|Stopped|Could not)"), timeout=90_000)
    expect(status).to_contain_text(re.compile(r"\d+ moves"))
    match = re.search(r"(\d+) moves", status.inner_text())
    assert match, status.inner_text()
    return int(match.group(1))


def solution_shown(app: Any, start: Board) -> list[Board]:
    """The solution in the page's move list ("Step 3: tile 5 up"), replayed from ``start``:
    the board at every step, ``start`` first."""
    labels = app.locator("#move-list button").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    tiles, moves = [], []
    for step, label in enumerate(labels, start=1):
        match = re.fullmatch(rf"Step {step}: tile (\d+) (up|down|left|right)", label)
        assert match, label
        tiles.append(int(match.group(1)))
        moves.append(_LETTER[match.group(2)])
    return replay(start, tiles, "".join(moves))


def expect_board(app: Any, board: Board, **options: Any) -> None:
    """Wait until the page shows ``board``."""
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", board.to_string(), **options)


def expect_step(app: Any, boards: list[Board], step: int, **options: Any) -> None:
    """Wait until the page's replay stands at ``step`` of the solution that passes through
    ``boards``, showing its board."""
    expect(app.locator("#step-counter")).to_contain_text(f"Step {step} of {len(boards) - 1}", **options)
    expect_board(app, boards[step])
