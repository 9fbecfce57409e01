"""A solution in the page: playing it to the goal, stepping, the scrubber, the move list, keys,
g/h/f; and play mode (sliding tiles by hand, Undo, Hint, the win)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from npuzzle import Board
from npuzzle.board import DIRECTION_NAMES
from npuzzle.known import eight_puzzle_distances
from npuzzle.random_boards import random_board

from .browsers import outcome_of, wait_ended
from .pages import (
    GOAL_3, HARD, board_of, distance, expect_board, expect_step, open_link, solution_shown, solve_and_read_length,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("tiles", "goal_name", "optimal"),
    [
        ("8,6,7,2,5,4,3,0,1", "blank-last", 31),
        ("8,7,6,0,4,1,2,5,3", "blank-first", 31),
        ("1,2,3,4,5,6,7,8,9,0,10,11,13,14,15,12", "blank-last", 3),  # 10 left, 11 left, 12 up
    ],
    ids=["3x3-blank-last", "3x3-blank-first", "4x4"],
)
def test_shared_link_is_solved_optimally_and_played_to_the_goal(
    app: Any, site_url: str, tiles: str, goal_name: str, optimal: int
) -> None:
    open_link(app, site_url, f"#board={tiles}&goal={goal_name}")
    assert board_of(app) == tiles
    length = solve_and_read_length(app)
    start = Board.from_string(tiles)
    if start.size == 9:
        assert eight_puzzle_distances(goal_name)[start.tiles] == optimal
    assert length == optimal
    assert outcome_of(app).optimal
    goal = Board.goal(start.rows, start.cols, goal_name)
    boards = solution_shown(app, start)
    assert len(boards) == length + 1 and boards[-1] == goal

    app.get_by_role("button", name="Play").click()
    expect(app.get_by_role("button", name="Pause")).to_be_visible()
    expect_board(app, goal, timeout=60_000)
    expect(app.get_by_role("button", name="Play")).to_be_visible()
    expect(app.locator("#step-counter")).to_contain_text(f"Step {length} of {length}")


def test_step_forward_and_back_walk_the_solution(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,0,5,7,8,6&goal=blank-last")
    start = board_of(app)
    assert solve_and_read_length(app) == 2
    boards = solution_shown(app, Board.from_string(start))
    back = app.get_by_role("button", name="Step back")
    forward = app.get_by_role("button", name="Step forward")
    expect(back).to_be_disabled()
    forward.click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,0,7,8,6")
    expect_step(app, boards, 1)
    forward.click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", GOAL_3)
    expect_step(app, boards, 2)
    expect(forward).to_be_disabled()
    back.click()
    expect_step(app, boards, 1)
    back.click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", start)
    expect(back).to_be_disabled()


def test_scrubber_move_list_keys_and_ghf(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}")
    assert solve_and_read_length(app) == 31
    boards = solution_shown(app, Board.from_string(HARD))
    assert boards[-1] == Board.goal(3)
    scrubber = app.get_by_label("Step", exact=True)
    scrubber.fill("10")
    expect_step(app, boards, 10)
    assert distance(app) == 21
    expect(app.locator("#ghf")).to_contain_text(re.compile(r"g = 10, h = \d+, f = \d+"))
    ghf = re.search(r"g = 10, h = (\d+), f = (\d+)", app.locator("#ghf").inner_text())
    assert ghf and int(ghf.group(2)) == 10 + int(ghf.group(1)) and int(ghf.group(1)) <= 21
    expect(app.locator('#move-list button[aria-current="step"]')).to_have_attribute("data-step", "10")
    app.locator('#move-list button[data-step="25"]').click()
    expect_step(app, boards, 25)
    assert distance(app) == 6
    app.locator("body").press("ArrowLeft")
    expect_step(app, boards, 24)
    app.locator("body").press("ArrowRight")
    app.locator("body").press("ArrowRight")
    expect_step(app, boards, 26)
    app.get_by_label("Speed").select_option("2")
    assert app.locator('.tile[data-tile="1"]').evaluate("e => getComputedStyle(e).transitionDuration") == "0.08s"
    scrubber.fill("0")
    expect_step(app, boards, 0)
    app.get_by_label("Puzzle board").focus()  # Space on the slider is the slider's own
    app.keyboard.press("Space")
    expect(app.get_by_role("button", name="Pause")).to_be_visible()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    expect(app.get_by_role("button", name="Play")).to_be_visible()


def test_play_mode_click_keys_undo_hint_and_win(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,0,7,8")
    app.get_by_label("Play: slide tiles").check()
    # The whole row: clicking 8 (two cells from the blank) slides 7 and 8.
    app.locator('.tile[data-tile="8"]').click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    expect(app.locator("#celebration")).to_contain_text("Solved in 2 moves")
    app.get_by_role("button", name="Undo").click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,0,7,8")
    expect(app.locator("#move-count")).to_have_text("Moves: 0")
    board = app.get_by_label("Puzzle board")
    board.focus()
    board.press("ArrowLeft")
    expect(board).to_have_attribute("data-board", "1,2,3,4,5,6,7,0,8")
    expect(app.locator("#move-count")).to_have_text("Moves: 1")
    board.press("ArrowDown")  # tile 5 slides down
    expect(board).to_have_attribute("data-board", "1,2,3,4,0,6,7,5,8")
    before = distance(app)
    app.get_by_role("button", name="Hint").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "hint")
    hint = outcome_of(app)
    assert hint.tile is not None and hint.move is not None, hint
    tile = hint.tile
    shown = Board.from_string(board_of(app))
    assert hint.move == shown.direction_of(tile)
    # The hint names the tile and the way it slides, in Python's words (info.directions).
    expect(app.locator("#status")).to_contain_text(f"Hint: slide tile {tile} {DIRECTION_NAMES[hint.move]}")
    app.locator(f'.tile[data-tile="{tile}"]').click()
    expect(app.locator("#move-count")).to_have_text("Moves: 3")
    assert distance(app) == before - 1


# Records, once the board first shows the goal, every board and step counter the page shows.
WATCH_AFTER_GOAL = """
window.__afterGoal = null;
document.addEventListener("DOMContentLoaded", () => {
  const board = document.getElementById("board");
  const counter = document.getElementById("step-counter");
  const record = () => {
    if (window.__afterGoal === null) {
      if (board.dataset.board !== window.__goal) return;
      window.__afterGoal = [];
    }
    window.__afterGoal.push({ board: board.dataset.board, counter: counter.textContent });
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["data-board"] });
});
"""


@pytest.mark.parametrize("size", [5, 6])
def test_a_better_solution_after_playback_reached_the_goal_opens_at_its_end(app: Any, site_url: str, size: int) -> None:
    """Solve a shuffled big board, Play at once at the fastest speed: the tiles reach the goal
    while the anytime search goes on, and each better solution that replaces the one watched
    opens at its end, so the board stays solved (it used to jump back to the start)."""
    start = random_board(size, size, seed=1)
    goal = Board.goal(size, size)
    app.add_init_script(f"window.__goal = {goal.to_string()!r};" + WATCH_AFTER_GOAL)
    open_link(app, site_url, f"#board={start.to_string()}&goal=blank-last")
    app.get_by_label("Speed").select_option("128")
    app.get_by_role("button", name="Solve").click()
    play = app.get_by_role("button", name="Play")
    expect(play).to_be_enabled(timeout=30_000)
    play.click()
    expect_board(app, goal, timeout=60_000)
    # A solution shorter than the one that first reached the goal replaces it.
    app.wait_for_function("""() => {
        const seen = window.__afterGoal || [];
        const lengths = seen.map((s) => (s.counter.match(/ of (\\d+)/) || [])[1]).filter(Boolean);
        return new Set(lengths).size > 1;
    }""", timeout=60_000)
    app.get_by_role("button", name="Stop").click()
    length = wait_ended(app).length
    expect_board(app, goal)
    expect(app.locator("#step-counter")).to_contain_text(f"Step {length} of {length}")
    seen = app.evaluate("window.__afterGoal")
    left = [s for s in seen if s["board"] != goal.to_string()]
    assert not left, left[:3]
