"""The built site in Debian's chromium, served from a sub-path, solving in real Pyodide."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from npuzzle import Board

from .pages import board_of, editor, open_link, solve_and_read_length
from npuzzle.known import eight_puzzle_distances, korf100

pytestmark = pytest.mark.browser

GOAL_3 = "1,2,3,4,5,6,7,8,0"
KORF = {ident: (ident, length, tiles) for ident, length, tiles in korf100()}


@pytest.mark.parametrize(
    ("tiles", "goal_name"),
    [("8,6,7,2,5,4,3,0,1", "blank-last"), ("8,7,6,0,4,1,2,5,3", "blank-first")],
)
def test_shared_link_is_solved_optimally_and_played_to_the_goal(
    app: Any, site_url: str, tiles: str, goal_name: str
) -> None:
    open_link(app, site_url, f"#board={tiles}&goal={goal_name}")
    assert board_of(app) == tiles
    length = solve_and_read_length(app)
    expected = eight_puzzle_distances(goal_name)[tuple(int(t) for t in tiles.split(","))]
    assert length == expected == 31
    assert "optimal" in app.locator("#status").inner_text()

    app.get_by_role("button", name="Play").click()
    expect(app.get_by_role("button", name="Pause")).to_be_visible()
    goal = Board.goal(3, 3, goal_name).to_string()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", goal, timeout=60_000)
    expect(app.get_by_role("button", name="Play")).to_be_visible()
    expect(app.locator("#step-counter")).to_contain_text(f"Step {length} of {length}")


def test_step_forward_and_back_walk_the_solution(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,0,5,7,8,6&goal=blank-last")
    start = board_of(app)
    assert solve_and_read_length(app) == 2
    back = app.get_by_role("button", name="Step back")
    forward = app.get_by_role("button", name="Step forward")
    expect(back).to_be_disabled()
    forward.click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,0,7,8,6")
    forward.click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", GOAL_3)
    expect(forward).to_be_disabled()
    back.click()
    back.click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", start)


def test_a_4x4_link_is_solved_and_played(app: Any, site_url: str) -> None:
    tiles = "1,2,3,4,5,6,7,8,9,0,10,11,13,14,15,12"  # 10 left, 11 left, 12 up
    open_link(app, site_url, f"#board={tiles}&goal=blank-last")
    assert solve_and_read_length(app) == 3
    app.get_by_role("button", name="Play").click()
    goal = Board.goal(4).to_string()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", goal, timeout=30_000)


def test_pattern_databases_are_fetched_only_for_a_4x4_solve(app: Any, site_url: str) -> None:
    fetched: list[str] = []
    app.on("request", lambda r: fetched.append(r.url) if "/tables/" in r.url else None)
    open_link(app, site_url, "#board=8,6,7,2,5,4,3,0,1&goal=blank-last")
    assert solve_and_read_length(app) == 31
    assert fetched == []
    # Korf (1985) instance 55: 41 moves optimal, for the blank-first goal.
    _, length, tiles = KORF[55]
    open_link(app, site_url, f"#board={','.join(map(str, tiles))}&goal=blank-first")
    assert solve_and_read_length(app) == length == 41
    assert "optimal" in app.locator("#status").inner_text()
    assert "Pattern database" in app.locator("#status").inner_text()
    assert re.search(r"Pattern databases \(9\.7 MB\) downloaded in \d+ ms, decoded in [\d.]+ m?s",
                     app.locator("#status").inner_text())
    assert len(fetched) == 1 and "/npuzzle/tables/pdb-4x4-663x2.bin?v=" in fetched[0]


def test_invalid_link_shows_its_message_and_the_editor_stays_usable(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,7,7,0&goal=blank-last", valid_board=False)
    message = app.locator("#board-message")
    expect(message).to_contain_text("tile 7 appears twice")
    expect(app.get_by_role("button", name="Solve")).to_be_disabled()
    editor(app).fill("1 2 3\n4 5 6\n7 0 8")
    expect(message).to_be_hidden()
    expect(app.get_by_role("button", name="Solve")).to_be_enabled()
    assert solve_and_read_length(app) == 1


def test_markup_in_a_link_is_shown_as_text_never_run(app: Any, site_url: str) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    open_link(app, site_url, f"#board={hostile}&goal=<b>bold</b>&evil=<script>alert(2)</script>", valid_board=False)
    expect(app.locator("#board-message")).to_contain_text("unknown symbol")
    expect(app.locator("#link-notice")).to_contain_text('unknown parameter "evil"')
    assert app.locator("img").count() == 0
    assert app.locator("main b, main script").count() == 0
    assert editor(app).input_value() == hostile


def test_broken_fragment_encoding_is_reported(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=%E0%A4%A&goal=blank-last")
    expect(app.locator("#link-notice")).to_contain_text("garbled")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", re.compile(r"^\d"))


def test_unsolvable_board_says_so_at_once(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,8,7,0&goal=blank-last")
    expect(app.locator("#solvability")).to_contain_text("Unsolvable")
    expect(app.locator("#solvability")).to_contain_text("1 inversions (odd)")
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_contain_text("Unsolvable")


def test_editing_the_board_updates_the_link(app: Any, site_url: str) -> None:
    open_link(app, site_url, "")
    editor(app).fill("1 2 3 / 4 5 6 / 0 7 8")
    app.wait_for_function("location.hash.includes('board=1,2,3,4,5,6,0,7,8')")
    app.get_by_label("Goal", exact=True).select_option("blank-first")
    app.wait_for_function("location.hash.includes('goal=blank-first')")
    assert unquote(app.evaluate("location.hash")).startswith("#board=1,2,3,4,5,6,0,7,8&goal=blank-first&size=3x3")
    app.get_by_label("Rows").select_option("4")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "0,1,2,3,4,5,6,7,8,9,10,11")


def test_page_is_editable_while_the_solver_loads(app: Any, site_url: str) -> None:
    held: list[Any] = []
    holding = [True]

    def hold(route: Any) -> None:
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    app.route("**/pyodide.asm.wasm", hold)
    app.goto(site_url + "#board=1,2,3,4,5,6,7,0,8")
    expect(app.locator("#solver-state")).to_contain_text("Loading")
    expect(app.get_by_role("button", name="Solve")).to_be_disabled()
    editor(app).fill("1 2 3\n4 5 6\n0 7 8")
    assert editor(app).input_value() == "1 2 3\n4 5 6\n0 7 8"
    app.wait_for_timeout(200)
    assert held, "the runtime's requests should be held"
    holding[0] = False
    for route in held:
        route.continue_()
    expect(app.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=90_000)
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,0,7,8")
    assert solve_and_read_length(app) == 2


def test_default_4x4_solve_shows_progress_and_cancels_within_200_ms(app: Any, site_url: str) -> None:
    # Korf #60 (66 moves), the most work of the 100 for the default solver: over a
    # million nodes, several seconds in the browser, so it is still running when cancelled.
    open_link(app, site_url, f"#board={','.join(map(str, KORF[60][2]))}&goal=blank-first")
    app.get_by_role("button", name="Solve").click()
    status = app.locator("#status")
    expect(status).to_contain_text(re.compile(r"Searching: [\d,]+ nodes expanded, frontier \d+, bound \d+, [\d.]+ s"))
    first = status.inner_text()
    expect(status).not_to_have_text(first)  # progress keeps coming
    app.evaluate("""() => {
        window.__stopped = null;
        new MutationObserver(() => {
            if (window.__stopped === null && document.getElementById('status').textContent.includes('Stopped by you'))
                window.__stopped = performance.now();
        }).observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true });
        window.__clicked = null;
        document.addEventListener('click', () => { if (window.__clicked === null) window.__clicked = performance.now(); }, true);
    }""")
    app.get_by_role("button", name="Cancel").click()
    expect(status).to_contain_text("Stopped by you", timeout=5_000)
    latency = app.evaluate("window.__stopped - window.__clicked")
    assert 0 <= latency <= 200, latency
    expect(app.get_by_role("button", name="Solve")).to_be_enabled()


def test_a_solver_that_cannot_load_says_so(page: Any, site_url: str) -> None:
    # Not the `app` fixture: the failed fetch is logged as a console error on purpose here.
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url + "#board=1,2,3,4,5,6,7,0,8")
    expect(page.locator("#solver-state")).to_have_attribute("data-kind", "failed", timeout=60_000)
    expect(page.locator("#solver-state")).to_contain_text("The solver failed")
    expect(page.locator("#status")).to_contain_text("Reload the page to try again")
    expect(page.get_by_role("button", name="Solve")).to_be_disabled()
    assert editor(page).is_editable()
