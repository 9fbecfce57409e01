"""The page as a person uses it: edit, solve, replay, compare, play, share, accessibility."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from npuzzle import Board, is_solvable

from .pages import board_of, editor, open_link, solve_and_read_length, tiles_of
from npuzzle.known import eight_puzzle_distances

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-results" / "screenshots"
HARD = "8,6,7,2,5,4,3,0,1"
DIST = eight_puzzle_distances("blank-last")


def distance(app: Any) -> int:
    return DIST[tiles_of(app)]


# -- edit ---------------------------------------------------------------------


def test_rectangular_sizes_and_goal_editing(app: Any, site_url: str) -> None:
    open_link(app, site_url, "")
    app.get_by_label("Rows", exact=True).select_option("3")
    app.get_by_label("Columns", exact=True).select_option("5")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", ",".join(map(str, [*range(1, 15), 0])))
    app.wait_for_function("location.hash.includes('size=3x5')")
    app.get_by_label("Goal", exact=True).select_option("custom")
    goal = app.get_by_label("Goal tiles, row by row", exact=True)
    goal.fill("2 1 3 4 5 / 6 7 8 9 10 / 11 12 13 14 0")
    expect(app.locator("#solvability")).to_contain_text("Unsolvable")
    goal.fill("2 1 3 4 5 / 6 7 8 9 10 / 11 12 13 0")
    expect(app.locator("#board-message")).to_have_text("Goal: row 3 has 4 tiles but row 1 has 5: every row needs the same count")
    expect(app.get_by_role("button", name="Solve")).to_be_disabled()
    goal.fill("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 0 14")
    expect(app.locator("#board-message")).to_be_hidden()
    assert solve_and_read_length(app) == 1


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
    app.locator("#scramble-moves").fill("3")
    app.get_by_role("button", name="Scramble").click()
    expect(app.get_by_label("Puzzle board")).not_to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    assert distance(app) in (1, 3)  # three moves, no undo: distance 3 or 1


# -- solve ---------------------------------------------------------------------


def test_menus_come_from_the_registries_and_every_choice_solves(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,0,6,7,5,8")
    algorithms = app.locator("#algorithm option").all_text_contents()
    heuristics = app.locator("#heuristic option").all_text_contents()
    assert algorithms == ["Breadth-first search", "Iterative deepening DFS", "Greedy best-first", "A*", "Weighted A*", "IDA*"]
    assert heuristics[-1] == "Pattern database" and "Walking distance" in heuristics
    expect(app.get_by_label("Algorithm", exact=True)).to_have_value("idastar")
    expect(app.get_by_label("Heuristic", exact=True)).to_have_value("pdb")
    app.get_by_label("Algorithm", exact=True).select_option("wastar")
    expect(app.get_by_label("Weight w")).to_be_visible()
    app.get_by_label("Weight w").fill("2")
    app.get_by_label("Heuristic", exact=True).select_option("hamming")
    assert solve_and_read_length(app) == 2
    expect(app.locator("#result")).to_contain_text("at most 2 \u00d7 optimal")
    app.get_by_label("Algorithm", exact=True).select_option("bfs")
    expect(app.get_by_label("Heuristic", exact=True)).to_be_disabled()
    assert solve_and_read_length(app) == 2
    expect(app.locator("#result")).to_contain_text("Breadth-first search")


def test_limits_are_adjustable_and_reported(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&algorithm=bfs")
    app.locator("summary", has_text="Limits").click()
    # Empty means the algorithm's own limit, which the page states.
    expect(app.get_by_label("Max nodes")).to_have_attribute("placeholder", "automatic")
    expect(app.locator("#max-nodes-hint")).to_contain_text("Breadth-first search's own limit, 1,000,000 nodes")
    app.get_by_label("Algorithm").select_option("idastar")
    expect(app.locator("#max-nodes-hint")).to_contain_text("IDA*'s own limit, 100,000,000 nodes")
    app.get_by_label("Algorithm").select_option("bfs")
    app.get_by_label("Max nodes").fill("500")
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_contain_text("Stopped by the node limit")
    expect(app.locator("#status")).to_contain_text("choose Weighted A* or Greedy best-first")
    expect(app.locator("#result")).to_contain_text("500")
    app.get_by_label("Max nodes").fill("0")
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_contain_text("max_nodes must be above 0")


def test_progress_often_cancel_and_no_long_main_thread_task(app: Any, site_url: str) -> None:
    app.add_init_script("""
        window.__long = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); })
            .observe({ type: "longtask", buffered: false });
    """)
    open_link(app, site_url, "#board=14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3&goal=blank-first&algorithm=idastar&heuristic=manhattan")
    app.locator("summary", has_text="Limits").click()
    app.get_by_label("Max nodes").fill("100000000")
    app.wait_for_timeout(500)
    app.evaluate("window.__long = []; window.__status = []")
    app.evaluate("""new MutationObserver(() => window.__status.push(performance.now()))
        .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true })""")
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_contain_text(re.compile(r"Searching: [\d,]+ nodes expanded, frontier \d+, bound \d+"))
    app.wait_for_timeout(2000)
    stamps = app.evaluate("window.__status")
    gaps = [b - a for a, b in zip(stamps, stamps[1:])]
    assert len(stamps) > 8 and max(gaps) < 200, gaps
    app.get_by_role("button", name="Cancel").click()
    expect(app.locator("#status")).to_contain_text("Stopped by you", timeout=2000)
    long_tasks = app.evaluate("window.__long")
    assert all(d <= 50 for d in long_tasks), long_tasks


# -- replay --------------------------------------------------------------------


def test_scrubber_move_list_keys_and_ghf(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}")
    assert solve_and_read_length(app) == 31
    scrubber = app.get_by_label("Step", exact=True)
    scrubber.fill("10")
    expect(app.locator("#step-counter")).to_contain_text("Step 10 of 31")
    assert distance(app) == 21
    expect(app.locator("#ghf")).to_contain_text(re.compile(r"g = 10, h = \d+, f = \d+"))
    ghf = re.search(r"g = 10, h = (\d+), f = (\d+)", app.locator("#ghf").inner_text())
    assert ghf and int(ghf.group(2)) == 10 + int(ghf.group(1)) and int(ghf.group(1)) <= 21
    expect(app.locator('#move-list button[aria-current="step"]')).to_have_attribute("data-step", "10")
    app.locator('#move-list button[data-step="25"]').click()
    expect(app.locator("#step-counter")).to_contain_text("Step 25 of 31")
    assert distance(app) == 6
    app.locator("body").press("ArrowLeft")
    expect(app.locator("#step-counter")).to_contain_text("Step 24 of 31")
    app.locator("body").press("ArrowRight")
    app.locator("body").press("ArrowRight")
    expect(app.locator("#step-counter")).to_contain_text("Step 26 of 31")
    app.get_by_label("Speed").select_option("2")
    assert app.locator('.tile[data-tile="1"]').evaluate("e => getComputedStyle(e).transitionDuration") == "0.08s"
    scrubber.fill("0")
    app.get_by_label("Puzzle board").focus()  # Space on the slider is the slider's own
    app.keyboard.press("Space")
    expect(app.get_by_role("button", name="Pause")).to_be_visible()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    expect(app.get_by_role("button", name="Play")).to_be_visible()


# -- compare -------------------------------------------------------------------


def test_compare_fills_the_table_and_the_chart(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}")
    app.get_by_role("button", name="Compare all").click()
    expect(app.locator("#compare-status")).to_contain_text("Done: 26 runs", timeout=120_000)
    rows = app.locator("#compare-table tbody tr")
    expect(rows).to_have_count(26)
    idastar_pdb = rows.filter(has_text="IDA*").filter(has_text="Pattern database")
    expect(idastar_pdb.locator("td").nth(1)).to_have_text("31")
    expect(idastar_pdb.locator("td").nth(2)).to_have_text("yes")
    bfs = rows.filter(has_text="Breadth-first search")
    expect(bfs).to_contain_text("node limit")
    bars = app.locator("#compare-chart svg rect")
    expect(bars).to_have_count(26)
    widths = [float(w) for w in bars.evaluate_all("els => els.map(e => e.getAttribute('width'))")]
    expanded = [int(t.replace(",", "")) for t in rows.locator("td:nth-child(5)").all_text_contents()]
    # Bar lengths are proportional to log10(nodes expanded), in table order.
    ratios = [w / math.log10(max(n, 2)) for w, n in zip(widths, expanded)]
    assert max(ratios) / min(ratios) < 1.02, ratios


# -- play ----------------------------------------------------------------------


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
    expect(app.locator("#status")).to_contain_text(re.compile(r"Hint: slide tile \d+ \w+"))
    tile = int(re.search(r"Hint: slide tile (\d+)", app.locator("#status").inner_text()).group(1))  # type: ignore[union-attr]
    app.locator(f'.tile[data-tile="{tile}"]').click()
    expect(app.locator("#move-count")).to_have_text("Moves: 3")
    assert distance(app) == before - 1


# -- share ---------------------------------------------------------------------


def test_a_link_opens_on_a_given_step(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&size=3x3&algorithm=astar&heuristic=manhattan&step=12")
    expect(app.locator("#step-counter")).to_contain_text("Step 12 of 31", timeout=60_000)
    assert distance(app) == 31 - 12
    expect(app.get_by_label("Algorithm", exact=True)).to_have_value("astar")
    expect(app.get_by_label("Heuristic", exact=True)).to_have_value("manhattan")
    app.get_by_role("button", name="Step forward").click()
    app.wait_for_function("location.hash.includes('step=13')")


def test_copy_link_carries_everything(app: Any, site_url: str) -> None:
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_link(app, site_url, f"#board={HARD}")
    solve_and_read_length(app)
    app.get_by_label("Step", exact=True).fill("5")
    app.get_by_role("button", name="Copy link").click()
    expect(app.locator("#copy-state")).to_have_text("Link copied.")
    copied = unquote(app.evaluate("navigator.clipboard.readText()"))
    assert copied.endswith(f"#board={HARD}&goal=blank-last&size=3x3&algorithm=idastar&heuristic=pdb&step=5")


def test_back_and_forward_move_between_boards(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,7,8,0")
    app.get_by_role("button", name="Shuffle").click()
    expect(app.get_by_label("Puzzle board")).not_to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    first = board_of(app)
    app.get_by_role("button", name="Shuffle").click()
    expect(app.get_by_label("Puzzle board")).not_to_have_attribute("data-board", first)
    second = board_of(app)
    app.go_back()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", first)
    app.go_back()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    app.go_forward()
    app.go_forward()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", second)


@pytest.mark.parametrize(
    ("fragment", "message"),
    [
        ("&algorithm=quantum", 'algorithm "quantum" is not one of'),
        ("&heuristic=vibes", 'heuristic "vibes" is not one of'),
        ("&step=twelve", 'step "twelve" is not a whole number'),
        ("&weight=0.2", 'weight "0.2" is not a number of at least 1'),
        ("&size=huge", 'size "huge" is not like 4 or 3x5'),
    ],
)
def test_every_link_parameter_is_checked(app: Any, site_url: str, fragment: str, message: str) -> None:
    open_link(app, site_url, f"#board={HARD}{fragment}")
    expect(app.locator("#link-notice")).to_contain_text(message)
    expect(app.get_by_role("button", name="Solve")).to_be_enabled()
    assert board_of(app) == HARD


# -- accessibility and looks --------------------------------------------------------


def test_keyboard_alone(app: Any, site_url: str) -> None:
    open_link(app, site_url, "")
    editor(app).focus()
    app.keyboard.press("Control+a")
    app.keyboard.type("1 2 3 4 5 6 0 7 8")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,0,7,8")
    app.get_by_role("button", name="Solve").focus()
    app.keyboard.press("Enter")
    expect(app.locator("#status")).to_contain_text("2 moves")
    app.get_by_role("button", name="Play").focus()
    app.keyboard.press("Enter")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    app.get_by_label("Play: slide tiles").focus()
    app.keyboard.press("Space")
    app.get_by_label("Puzzle board").focus()
    app.keyboard.press("ArrowRight")  # tile 8 slides right
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,0,8")


def test_axe_reports_no_serious_or_critical_violation(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}")
    solve_and_read_length(app)
    app.get_by_role("button", name="Compare all").click()
    expect(app.locator("#compare-status")).to_contain_text("Done", timeout=120_000)
    app.add_script_tag(path=str(ROOT / "node_modules" / "axe-core" / "axe.min.js"))
    for scheme in ("light", "dark"):
        app.emulate_media(color_scheme=scheme)
        results = app.evaluate("axe.run(document, { resultTypes: ['violations'] })")
        bad = [
            {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:3]}
            for v in results["violations"] if v["impact"] in ("serious", "critical")
        ]
        assert bad == [], json.dumps(bad, indent=1)


@pytest.mark.parametrize(
    ("name", "viewport", "scheme"),
    [("phone", {"width": 390, "height": 844}, "light"), ("phone-dark", {"width": 390, "height": 844}, "dark"),
     ("desktop", {"width": 1280, "height": 900}, "light"), ("desktop-dark", {"width": 1280, "height": 900}, "dark")],
)
def test_screenshots(app: Any, site_url: str, name: str, viewport: dict[str, int], scheme: str) -> None:
    app.set_viewport_size(viewport)
    app.emulate_media(color_scheme=scheme)
    open_link(app, site_url, f"#board={HARD}&step=9")
    expect(app.locator("#step-counter")).to_contain_text("Step 9 of 31", timeout=60_000)
    app.get_by_role("button", name="Compare all").click()
    expect(app.locator("#compare-status")).to_contain_text("Done", timeout=120_000)
    # Nothing may stick out sideways on a phone.
    assert app.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    app.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    assert (ARTIFACTS / f"{name}.png").stat().st_size > 10_000


def test_touch_tap_and_swipe_on_a_phone(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.set_default_timeout(90_000)
        open_link(page, site_url, "#board=1,2,3,4,0,5,7,8,6")
        page.get_by_label("Play: slide tiles").tap()
        page.locator('.tile[data-tile="5"]').tap()
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


def test_on_a_phone_solving_brings_the_status_into_view(app: Any, site_url: str) -> None:
    app.set_viewport_size({"width": 390, "height": 844})
    open_link(app, site_url, f"#board={HARD}")
    solve = app.get_by_role("button", name="Solve")
    solve.scroll_into_view_if_needed()
    expect(app.locator("#status")).not_to_be_in_viewport()
    solve.click()
    expect(app.locator("#status")).to_contain_text("31 moves")
    expect(app.locator("#status")).to_be_in_viewport()
