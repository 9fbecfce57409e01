"""The page for everyone: the keyboard alone, axe, light and dark at a phone's and a desktop's
size, a phone with touch, Solve and Stop above the results on a phone and the comparison fitting
a desktop, and the page while the solver loads or when it cannot."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from npuzzle.known import eight_puzzle_distances

from .helpers import ROOT
from .pages import HARD, SIZES, check, editor, open_link, open_part, solve_and_read_length, sticking_out, tap, wait_until, write

pytestmark = pytest.mark.browser



def test_keyboard_alone(app: Any, site_url: str) -> None:
    open_link(app, site_url, "")
    editor(app).focus()
    app.keyboard.press("Control+a")
    app.keyboard.type("1 2 3 4 5 6 0 7 8")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,0,7,8")
    app.get_by_role("button", name="Solve").focus()
    app.keyboard.press("Enter")
    expect(app.locator("#status")).to_have_attribute("data-length", "2")
    app.get_by_role("button", name="Play").focus()
    app.keyboard.press("Enter")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    app.get_by_label("Play: slide tiles").focus()
    app.keyboard.press("Space")
    app.get_by_label("Puzzle board").focus()
    app.keyboard.press("ArrowRight")  # tile 8 slides right
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,0,8")


def show_your_code(app: Any) -> None:
    """Both editors open, an inadmissible heuristic checked (its worst boards shown) and the
    template search run with its message."""
    write(app, open_part(app, "heuristic"), "def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else 5\n")
    expect(check(app)).to_have_attribute("data-admissible", "false")
    open_part(app, "search")
    app.get_by_role("button", name="Run on the board").click()
    expect(app.locator("#search-status")).to_have_attribute("data-state", re.compile("solved|stopped"), timeout=60_000)


def test_axe_reports_no_serious_or_critical_violation(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}")
    solve_and_read_length(app)
    app.get_by_role("button", name="Compare all").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "compared", timeout=120_000)
    show_your_code(app)
    # Not a <script> tag: the page's CSP blocks inline scripts; evaluated by the test driver instead.
    app.evaluate((ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text())
    for scheme in ("light", "dark"):
        app.emulate_media(color_scheme=scheme)
        results = app.evaluate("axe.run(document, { resultTypes: ['violations'] })")
        bad = [
            {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:3]}
            for v in results["violations"] if v["impact"] in ("serious", "critical")
        ]
        assert bad == [], json.dumps(bad, indent=1)


def test_the_page_fits_a_phone_and_a_desktop_light_and_dark(app: Any, site_url: str) -> None:
    """The whole page, solved and compared, at a phone's and a desktop's size (and 1366 px),
    light and dark (one page, resized): it never scrolls sideways, and no visible panel or
    anything in one leaves the viewport's width (but inside what scrolls sideways: the board's
    frame, a table). On a desktop the comparison's table fits its panel (every column seen,
    nothing to scroll); on a phone too, with the five columns read first (Show every column
    brings the rest, scrolled sideways inside the table's wrapper)."""
    app.set_viewport_size(SIZES[0][1])
    open_link(app, site_url, f"#board={HARD}&step=9")
    expect(app.locator("#step-counter")).to_contain_text("Step 9 of 31", timeout=60_000)
    app.get_by_role("button", name="Compare all").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "compared", timeout=120_000)
    show_your_code(app)
    wrap = app.locator("#compare-panel .table-wrap")
    for name, viewport in (*SIZES, ("wide desktop", {"width": 1366, "height": 768})):
        app.set_viewport_size(viewport)
        for scheme in ("light", "dark"):
            app.emulate_media(color_scheme=scheme)
            assert sticking_out(app) == [], (name, scheme)
        table_width, shown_width = wrap.evaluate("el => [el.scrollWidth, el.clientWidth]")
        # Every column on a desktop, the five read first on a phone (issue 36): none scrolls.
        assert table_width <= shown_width, (name, table_width, shown_width)


def test_touch_tap_and_swipe_on_a_phone(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.set_default_timeout(90_000)
        open_link(page, site_url, "#board=1,2,3,4,0,5,7,8,6")
        tap(page.get_by_label("Play: slide tiles"))
        tap(page.locator('.tile[data-tile="5"]'))
        expect(page.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,0,7,8,6")
        # Swipe up across the board: the tile below the blank (6) slides up.
        box = page.get_by_label("Puzzle board").bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.8
        board = page.get_by_label("Puzzle board")
        for kind, dy in (("pointerdown", 0), ("pointerup", -80)):
            board.dispatch_event(kind, {"clientX": x, "clientY": y + dy, "pointerType": "touch", "isPrimary": True, "bubbles": True})
        expect(board).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
        expect(page.locator("#celebration")).to_contain_text("Solved in 2 moves")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
    assert errors == []


# Where an element sits on the page (not the viewport): [top, bottom, left, right] in px, or
# None when it is not drawn.
JS_BOXES = """(ids) => Object.fromEntries(ids.map((id) => {
  const el = document.getElementById(id);
  const r = el.getBoundingClientRect();
  return [id, el.closest("[hidden]") || r.height === 0 ? null : [r.top + scrollY, r.bottom + scrollY, r.left, r.right]];
}))"""
RESULTS = ("status", "result", "trace", "move-list")
"""What a search shows under the board, the status line first: Solve and Stop come before all."""
BIG = "7,17,23,15,2,6,21,11,10,14,0,13,4,9,22,24,1,3,16,20,12,5,18,19,8"  # random_board(5, 5, seed=3)


def test_on_a_phone_solve_and_stop_come_before_the_results(app: Any, site_url: str) -> None:
    """At 390x844 a solved board's Solve is under the board on the first screen, above the status
    line and every result, and while an anytime search runs Stop stands in the same row, in view
    without scrolling."""
    app.set_viewport_size({"width": 390, "height": 844})
    open_link(app, site_url, f"#board={HARD}&step=9")
    expect(app.locator("#step-counter")).to_contain_text("Step 9 of 31", timeout=60_000)
    app.evaluate("scrollTo(0, 0)")
    boxes = app.evaluate(JS_BOXES, ["board", "solve", *RESULTS])
    assert all(boxes[name] for name in ("board", "solve", *RESULTS)), boxes
    solve = boxes["solve"]
    assert boxes["board"][1] <= solve[0] and solve[1] <= 844, boxes  # under the board, on the first screen
    for name in RESULTS:
        assert solve[1] <= boxes[name][0], (name, boxes)
    open_link(app, site_url, f"#board={BIG}&size=5x5")
    app.evaluate("scrollTo(0, 0)")
    app.get_by_role("button", name="Solve").click()
    stop = app.get_by_role("button", name="Stop")
    expect(stop).to_be_visible()
    expect(stop).to_be_in_viewport()
    boxes = app.evaluate(JS_BOXES, ["solve", "stop", *RESULTS])
    # In Solve's row, on the first screen (Firefox's driver scrolls what it clicks to the middle).
    assert boxes["stop"][0] == boxes["solve"][0] and boxes["stop"][1] <= 844, boxes
    for name in RESULTS:
        assert boxes[name] is None or boxes["stop"][1] <= boxes[name][0], (name, boxes)
    stop.click()
    expect(app.locator("#status")).to_have_attribute("data-state", re.compile("^(solved|stopped)$"), timeout=60_000)


def test_page_is_editable_while_the_solver_loads(app: Any, site_url: str) -> None:
    held: list[Any] = []
    holding = [True]

    def hold(route: Any) -> None:
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    app.route("**/pyodide.asm.wasm", hold)
    app.goto(site_url + "#board=1,2,3,4,6,5,0,7,8,9,10,11&goal=blank-first&size=4x3")
    expect(app.locator("#solver-state")).to_contain_text("Loading")
    # The link's tiles are drawn at once, marked as not yet checked (not yet the board:
    # data-board stays empty until Python has read it), with its size and goal in the menus.
    board = app.get_by_label("Puzzle board")
    expect(board.locator("[data-tile]")).to_have_count(11)
    assert board.get_attribute("data-unchecked") == "" and board.get_attribute("data-board") == ""
    assert board.locator('[data-tile="12"]').count() == 0
    assert (app.get_by_label("Rows").input_value(), app.get_by_label("Columns").input_value()) == ("4", "3")
    assert app.get_by_label("Goal", exact=True).input_value() == "blank-first"
    editor(app).fill("1 2\n3 1")  # not drawable: the drawing goes
    expect(board.locator("[data-tile]")).to_have_count(0)
    # The loading indicator is drawn (a ring), not a character the font may lack.
    indicator = app.evaluate("""() => {
      const style = getComputedStyle(document.getElementById("solver-state"), "::before");
      return { content: style.content, border: style.borderTopWidth, width: style.width };
    }""")
    assert indicator["content"] == '""' and indicator["border"] != "0px" and indicator["width"] != "auto", indicator
    assert app.locator("#solver-state").inner_text().startswith("Loading")
    expect(app.get_by_role("button", name="Solve")).to_be_disabled()
    editor(app).fill("1 2 3\n4 5 6\n0 7 8")
    assert editor(app).input_value() == "1 2 3\n4 5 6\n0 7 8"
    wait_until(app, lambda: bool(held), "the runtime's requests held")
    holding[0] = False
    for route in held:
        route.continue_()
    expect(app.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=90_000)
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,0,7,8")
    # The link's goal (blank first) holds for the typed board.
    assert solve_and_read_length(app) == eight_puzzle_distances("blank-first")[(1, 2, 3, 4, 5, 6, 0, 7, 8)]


def test_a_solver_that_cannot_load_says_so(page: Any, site_url: str) -> None:
    # Not the `app` fixture: the failed fetch is logged as a console error on purpose here.
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url + "#board=1,2,3,4,5,6,7,0,8")
    expect(page.locator("#solver-state")).to_have_attribute("data-kind", "failed", timeout=60_000)
    expect(page.locator("#solver-state")).to_contain_text("The solver failed")
    expect(page.locator("#status")).to_contain_text("Reload the page to try again")
    expect(page.get_by_role("button", name="Solve")).to_be_disabled()
    assert editor(page).is_editable()
