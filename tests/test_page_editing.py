"""The page's board editor: sizes, goals, swapping tiles, Shuffle, Scramble, Reset, and the
solvability verdict shown at once."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from npuzzle import Board, is_solvable
from npuzzle.board import MIN_SIDE
from npuzzle.webapi import PAGE_MAX_SIDE

from .pages import HARD, distance, editor, fill_number, open_link, solve_and_read_length, tiles_of

pytestmark = pytest.mark.browser


def size_menus(app: Any) -> list[list[str]]:
    return [app.get_by_label(name, exact=True).locator("option").all_text_contents() for name in ("Rows", "Columns")]


# The reload must fetch the patched package through the route: no service worker serves it from its cache.
@pytest.mark.browser_context_args(service_workers="block")
def test_size_menus_offer_the_sides_info_gives(app: Any, site_url: str, built_site: Path) -> None:
    open_link(app, site_url, "")
    sides = [str(n) for n in range(MIN_SIDE, PAGE_MAX_SIDE + 1)]
    assert size_menus(app) == [sides, sides] and sides[-1] == "16"
    # The cap is Python's info.page_max_side: a package that says 5 gives menus up to 5.
    archive = next((built_site / "py").glob("npuzzle-*.zip"))
    patched = io.BytesIO()
    with zipfile.ZipFile(archive) as original, zipfile.ZipFile(patched, "w") as changed:
        for item in original.infolist():
            data = original.read(item)
            if item.filename == "npuzzle/webapi.py":
                assert b"\nPAGE_MAX_SIDE = MAX_SIDE\n" in data
                data = data.replace(b"\nPAGE_MAX_SIDE = MAX_SIDE\n", b"\nPAGE_MAX_SIDE = 5\n")
            changed.writestr(item, data)
    app.route("**/py/npuzzle-*.zip", lambda route: route.fulfill(body=patched.getvalue(), content_type="application/zip"))
    # Without the build's memory snapshot (the package imported as built), Python starts afresh
    # from the patched package.
    app.route("**/py/snapshot-*", lambda route: route.fulfill(status=404))
    app.reload()
    expect(app.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=90_000)
    expect(app.get_by_label("Rows", exact=True).locator("option")).to_have_count(4)
    assert size_menus(app) == [["2", "3", "4", "5"]] * 2


def test_rectangular_sizes_and_goal_editing(app: Any, site_url: str) -> None:
    open_link(app, site_url, "")
    app.get_by_label("Rows", exact=True).select_option("3")
    app.get_by_label("Columns", exact=True).select_option("5")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", ",".join(map(str, [*range(1, 15), 0])))
    expect(app).to_have_url(re.compile(re.escape("size=3x5")))  # no string evaluation: the CSP forbids it
    app.get_by_label("Goal", exact=True).select_option("custom")
    goal = app.get_by_label("Goal tiles, row by row", exact=True)
    expect(app.locator("#solvability")).to_contain_text("Solvable")  # the answer for the custom goal as chosen
    goal.fill("2 1 3 4 5 / 6 7 8 9 10 / 11 12 13 14 0")
    expect(app.locator("#solvability")).to_contain_text("Unsolvable")
    goal.fill("2 1 3 4 5 / 6 7 8 9 10 / 11 12 13 0")
    expect(app.locator("#board-message")).to_have_text("Goal: row 3 has 4 tiles but row 1 has 5: every row needs the same count")
    expect(app.get_by_role("button", name="Solve")).to_be_disabled()
    goal.fill("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 0 14")
    expect(app.locator("#board-message")).to_be_hidden()
    assert solve_and_read_length(app) == 1


def test_typing_a_goal_is_never_undone_by_an_older_answer(app: Any, site_url: str) -> None:
    """Choosing a custom goal asks Python about the board; goal text typed before that answer
    arrives (within the editor's 150 ms pause) stays as typed and is the goal checked (CI
    once lost it: the answer rewrote the editor with the goal it was asked about)."""
    open_link(app, site_url, "#board=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0&size=3x5")
    expect(app.locator("#solvability")).to_contain_text("Solvable")
    app.evaluate("""(typed) => {
        const goal = document.getElementById("goal");
        goal.value = "custom";
        goal.dispatchEvent(new Event("change", { bubbles: true }));
        const tiles = document.getElementById("goal-tiles");
        tiles.value = typed;  // in the same task: before Python's answer to the change
        tiles.dispatchEvent(new Event("input", { bubbles: true }));
    }""", "2 1 3 4 5 / 6 7 8 9 10 / 11 12 13 14 0")
    expect(app.locator("#solvability")).to_contain_text("Unsolvable")
    expect(app.get_by_label("Goal tiles, row by row", exact=True)).to_have_value(re.compile(r"^2 1 3 4 5"))


def test_click_two_tiles_to_swap_them(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}")
    app.locator('.tile[data-tile="8"]').click()
    app.locator('.tile[data-tile="1"]').click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,6,7,2,5,4,3,0,8")
    assert "1 6 7" in editor(app).input_value()
    expect(app.locator("#solvability")).to_contain_text("Unsolvable")  # one swap flips parity


def test_shuffle_scramble_and_reset(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,7,8,0")
    app.get_by_role("button", name="Shuffle").click()
    expect(app.get_by_label("Puzzle board")).not_to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    assert is_solvable(Board(3, 3, tiles_of(app)), Board.goal(3))
    app.get_by_role("button", name="Reset to goal").click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    fill_number(app.locator("#scramble-moves"), "3")
    app.get_by_role("button", name="Scramble").click()
    expect(app.get_by_label("Puzzle board")).not_to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    assert distance(app) in (1, 3)  # three moves, no undo: distance 3 or 1


def test_unsolvable_board_says_so_at_once(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,8,7,0&goal=blank-last")
    expect(app.locator("#solvability")).to_contain_text("Unsolvable")
    expect(app.locator("#solvability")).to_contain_text("1 inversions (odd)")
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "unsolvable")
    expect(app.locator("#status")).to_contain_text("Unsolvable")


@pytest.mark.parametrize("width", [1280, 390])
def test_every_control_stays_inside_its_card(app: Any, site_url: str, width: int) -> None:
    """On a 1280-px desktop the Algorithm menu stuck out of its card: its longest option
    ("Anytime (best within the time limit)") is wider than the card. Every menu, field and
    button keeps within its panel's padding, on a desktop and on a phone, whatever is chosen."""
    app.set_viewport_size({"width": width, "height": 900})
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    outside = app.evaluate("""() => {
      const found = [];
      for (const panel of document.querySelectorAll("section.panel")) {
        if (panel.hidden) continue;
        const outer = panel.getBoundingClientRect(), style = getComputedStyle(panel);
        const card = {left: outer.left + parseFloat(style.paddingLeft), right: outer.right - parseFloat(style.paddingRight)};
        for (const control of panel.querySelectorAll("select, input, textarea, button")) {
          const box = control.getBoundingClientRect();
          if (box.width === 0 || control.closest("[hidden], details:not([open]) > :not(summary)")) continue;
          if (box.left < card.left - 1 || box.right > card.right + 1) {
            found.push(`${control.id || control.textContent.trim() || control.name}: ${Math.round(box.left)}-${Math.round(box.right)} outside ${Math.round(card.left)}-${Math.round(card.right)}`);
          }
        }
      }
      return found;
    }""")
    assert app.locator("#algorithm").input_value() == "anytime"
    assert outside == []
