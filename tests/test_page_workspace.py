"""One workspace (issue 36), measured as a person sees it, at a desktop's and a phone's size.

- The board stays inside the viewport while the analysis steps through a game's mistakes
  (Next mistake), at 1366x900 and 390x844: beside the panels on a desktop, pinned on a phone.
- A link says what it carries in the first screen: its code's notice with Run, a game to analyse.
- A second link opened in the same tab clears every result of the first (a tree, an analysis,
  a verdict) before anything else is shown.
- On a phone the tables show the columns read first, none wider than its panel; Show every
  column brings the rest.
- A run a limit stopped says "not finished (node limit)", under the Limits panel's limit,
  said in the table; the anytime solver shows no frontier.
- The console stays clean through load, solve, analyse, check and editing (the `app` fixture
  fails on any console error or policy violation); the runtime's files are each fetched once,
  and no request is aborted.

WebKitGTK's twin of the first: tests/test_page_webkit_workspace.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from npuzzle import Board, solve

from .pages import HARD, check, open_link, open_part, packed_code, write

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
WORKSPACE_SIZES = (("desktop", DESKTOP), ("phone", PHONE))

INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def game_with_mistakes() -> str:
    """A game on HARD: its optimal solution with three detours (a move and its undo), each a
    mistake, as the page's letters."""
    moves = list(solve(Board.from_string(HARD.replace(",", " ")), algorithm="astar", heuristic="manhattan").moves)
    for at in (25, 12, 4):
        moves[at:at] = [moves[at], INVERSE[moves[at]]]
    return ",".join(moves)


GAME_LINK = f"#board={HARD}&goal=blank-last&view=analysis&moves={game_with_mistakes()}&notation=page"

JS_IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return { top: box.top, bottom: box.bottom, left: box.left, right: box.right,
           width: innerWidth, height: innerHeight };
}"""


def in_view(app: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = app.evaluate(JS_IN_VIEW, selector)
    return box


def inside(box: dict[str, float]) -> bool:
    return box["top"] >= -1 and box["bottom"] <= box["height"] + 1 and box["left"] >= -1 and box["right"] <= box["width"] + 1


@pytest.mark.parametrize(("name", "size"), WORKSPACE_SIZES, ids=[name for name, _ in WORKSPACE_SIZES])
def test_the_board_stays_in_view_while_the_analysis_steps_through_mistakes(app: Any, site_url: str, name: str,
                                                                          size: dict[str, int]) -> None:
    app.set_viewport_size(size)
    open_link(app, site_url, GAME_LINK)
    panel = app.locator("#analysis-panel")
    expect(panel).to_have_attribute("data-state", "analysed", timeout=120_000)
    expect(panel).to_have_attribute("data-mistakes", "3")
    # The link said what it opens, and the page went to it: the analysis's buttons are on screen.
    expect(app.locator("#link-carries")).to_have_text("This link opens a game to analyse move by move.")
    boards = []
    for _ in range(3):
        app.get_by_role("button", name="Next mistake").click()  # scrolled to, as a person would
        board = app.get_by_label("Puzzle board")
        expect(board).to_have_attribute("data-board", re.compile(r"\d"))
        selected = panel.get_attribute("data-selected")
        boards.append((selected, board.get_attribute("data-board")))
        button = in_view(app, "#analysis-next-mistake")
        box = in_view(app, "#board")
        assert inside(box), (name, selected, box)
        assert inside(button), (name, selected, button)
        # Board and button both on screen, not one over the other (the pinned dock covers nothing pressed).
        assert box["bottom"] <= button["top"] or box["right"] <= button["left"], (box, button)
    # Each mistake showed its own position on the board.
    assert len({b for _, b in boards}) == 3, boards


@pytest.mark.parametrize(("name", "size"), WORKSPACE_SIZES, ids=[name for name, _ in WORKSPACE_SIZES])
def test_a_link_with_code_says_so_in_the_first_screen_with_run(app: Any, site_url: str, name: str, size: dict[str, int]) -> None:
    app.set_viewport_size(size)
    code = "def h(tiles, goal, rows, cols):\n    return 0\n"
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&hcode={packed_code(code)}&heuristic=custom")
    consent = app.locator("#code-consent")
    expect(consent).to_be_visible(timeout=60_000)
    expect(app.locator("#code-consent-text")).to_contain_text("Until then the menus offer the site's own")
    run = app.get_by_role("button", name="Run", exact=True)
    assert app.evaluate("() => [scrollX, scrollY]") == [0, 0]
    assert inside(in_view(app, "#code-consent")), in_view(app, "#code-consent")
    assert inside(in_view(app, "#code-run-linked"))
    # Until Run, the Heuristic menu holds the site's own heuristics only.
    options = app.locator("#heuristic option").all_inner_texts()
    assert options and not any("Your heuristic" in o for o in options), options
    # Read the code first: the heuristic's editor opens and comes on screen.
    app.get_by_role("button", name="Read the code first").click()
    editor = app.get_by_role("textbox", name="Your heuristic (Python)")
    expect(editor).to_contain_text("return 0")
    expect(editor).to_be_in_viewport()
    run.click()
    expect(consent).to_be_hidden()
    expect(app.locator("#check-verdict")).to_contain_text("admissible", timeout=120_000)
    expect(app.locator("#check-status")).to_be_in_viewport()


def test_on_a_phone_a_pasted_board_is_solved_without_scrolling_back_past_the_board(app: Any, site_url: str) -> None:
    app.set_viewport_size(PHONE)
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    tiles = app.get_by_label("Tiles, row by row (0, _ or . for the blank)")
    tiles.scroll_into_view_if_needed()
    tiles.fill("1 2 3\n4 5 6\n0 7 8")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,0,7,8")
    # The board and Solve are pinned above the tiles box, all three on screen: no scrolling.
    for selector in ("#board", "#solve", "#tiles"):
        assert inside(in_view(app, selector)), (selector, in_view(app, selector))
    assert in_view(app, "#solve")["bottom"] <= in_view(app, "#tiles")["top"]
    app.locator("#solve").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "solved", timeout=60_000)
    # The page brought the result's status line under the board; the board stayed in view.
    expect(app.locator("#status")).to_be_in_viewport()
    assert inside(in_view(app, "#board"))


def test_a_second_link_in_the_same_tab_clears_the_first_ones_results(app: Any, site_url: str) -> None:
    app.set_viewport_size(DESKTOP)
    # Link 1: code, checked; then a tree; then a game, analysed.
    zero = packed_code("def h(tiles, goal, rows, cols):\n    return 0\n")
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&hcode={zero}")
    app.get_by_role("button", name="Run", exact=True).click()
    expect(app.locator("#check-result")).to_be_visible(timeout=120_000)
    # Link 2: other code, and a tree: link 1's verdict goes before link 2's code is shown.
    other = packed_code("def h(tiles, goal, rows, cols):\n    return 1 if tiles != goal else 0\n")
    app.goto(f"{site_url}#board=1,2,3,4,0,5,7,8,6&goal=blank-last&algorithm=bfs&view=tree&hcode={other}")
    expect(app.locator("#tree-step-text")).to_contain_text("Expansion 0 of")
    expect(app.locator("#check-result")).to_be_hidden()
    expect(app.locator("#check-status")).to_have_text("")
    expect(app.locator("#link-carries")).to_have_text("This link opens the search tree of this board.")
    expect(app.locator("#code-consent")).to_be_visible()
    app.goto(f"{site_url}{GAME_LINK}")
    expect(app.locator("#analysis-panel")).to_have_attribute("data-state", "analysed", timeout=120_000)
    expect(app.locator("#tree-panel")).to_be_hidden()
    # Link 3: a board alone: the analysis, its words and the last link's notice are gone.
    app.goto(f"{site_url}#board=1,2,3,4,5,6,7,0,8&goal=blank-last")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,0,8")
    expect(app.locator("#analysis-panel")).to_have_attribute("data-state", "idle")
    expect(app.locator("#analysis-body")).to_be_hidden()
    expect(app.locator("#link-carries")).to_be_hidden()
    expect(app.locator("#code-consent")).to_be_visible()  # link 2's code, still not run, still says so


JS_CELLS_WIDER = """(table) => {
  const wrap = document.getElementById(table).closest(".table-wrap");
  const panel = wrap.closest("section").getBoundingClientRect();
  const shown = [...document.querySelectorAll(`#${table} th, #${table} td`)].filter((c) => c.getClientRects().length > 0);
  return { shown: shown.length,
           wider: shown.filter((c) => c.getBoundingClientRect().right > panel.right + 1 || c.getBoundingClientRect().left < panel.left - 1)
             .map((c) => c.textContent.slice(0, 30)),
           scrolls: wrap.scrollWidth > wrap.clientWidth + 1,
           headers: [...document.querySelectorAll(`#${table} thead th`)].filter((c) => c.getClientRects().length > 0).map((c) => c.textContent) };
}"""


def test_phone_tables_show_the_columns_read_first_within_their_panel(app: Any, site_url: str) -> None:
    app.set_viewport_size(PHONE)
    open_link(app, site_url, GAME_LINK)
    expect(app.locator("#analysis-panel")).to_have_attribute("data-state", "analysed", timeout=120_000)
    analysis = app.evaluate(JS_CELLS_WIDER, "analysis-table")
    assert analysis["headers"] == ["Move", "Verdict", "Best moves there"], analysis
    assert analysis["wider"] == [] and not analysis["scrolls"], analysis
    toggle = app.locator('[aria-controls="analysis-table-wrap"]')
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert app.evaluate(JS_CELLS_WIDER, "analysis-table")["headers"] == ["Move", "Verdict", "Lost", "Before", "After", "Best moves there"]
    # Compare all, each run under 2,000 nodes (the Limits panel's), on the hardest 8-puzzle.
    app.locator("summary", has_text="Limits").click()
    app.get_by_label("Max nodes").fill("2000")
    app.get_by_role("button", name="Compare all").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "compared", timeout=180_000)
    expect(app.locator("#compare-panel")).to_be_in_viewport()
    compare = app.evaluate(JS_CELLS_WIDER, "compare-table")
    assert compare["headers"] == ["Algorithm", "Heuristic", "Length", "Optimal", "Expanded"], compare
    assert compare["wider"] == [] and not compare["scrolls"], compare
    caption = app.locator("#compare-limits")
    expect(caption).to_contain_text("Each run stops at 2,000 nodes (Max nodes, under Limits)")
    # A run the node limit stopped before any solution says so, never "no".
    rows = app.locator("#compare-table tbody tr").evaluate_all(
        "rows => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))")
    unfinished = [r for r in rows if r[1] == "\u2014"]
    assert len(unfinished) >= 5, rows
    assert all(r[2] == "not finished (node limit)" for r in unfinished), unfinished
    # Words wrap between words: no cell's text is cut inside a word.
    app.locator('[aria-controls="compare-table-wrap"]').click()
    headers = app.evaluate(JS_CELLS_WIDER, "compare-table")["headers"]
    assert headers[-4:] == ["Generated", "Largest frontier", "ms", "MTM"], headers
    anytime = app.locator("#compare-table tbody tr").filter(has_text="Anytime")
    for cell in anytime.locator("td:nth-child(7)").all_inner_texts():
        assert cell == "\u2014", cell  # no frontier of its own


JS_REQUESTS = """() => performance.getEntriesByType("resource").map((e) => e.name)"""


def test_the_console_stays_clean_through_load_solve_analyse_check_and_editing(app: Any, site_url: str) -> None:
    failed: list[str] = []
    app.on("requestfailed", lambda r: failed.append(f"{r.method} {r.url}: {r.failure}"))
    runtime: list[str] = []
    app.on("request", lambda r: runtime.append(f"{r.method} {r.url.rsplit('/', 1)[-1]}") if "/pyodide/" in r.url else None)
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "solved", timeout=120_000)
    # The solver's worker asked for each of the runtime's files once (a HEAD before the
    # WebAssembly's GET was logged aborted). The code's worker, a runtime of its own, comes later.
    assert len(runtime) == len(set(runtime)), runtime
    assert [r for r in runtime if r.endswith("pyodide.asm.wasm")] == ["GET pyodide.asm.wasm"], runtime
    app.get_by_role("button", name="Analyse this solution").click()
    expect(app.locator("#analysis-panel")).to_have_attribute("data-state", "analysed", timeout=120_000)
    box = open_part(app, "heuristic")
    write(app, box, "def h(tiles, goal, rows, cols):\n    return 0\n")
    result = check(app)
    expect(result).to_contain_text("admissible")
    # Select all, then type over it (Chromium's own editing wrote an inline style here).
    box.click()
    app.keyboard.press("Control+a")
    app.keyboard.type("def h(tiles, goal, rows, cols):\n")
    app.keyboard.type("return 1 if tiles != goal else 0")
    expect(box).to_contain_text("return 1 if tiles != goal else 0")
    assert box.inner_text().startswith("def h(tiles, goal, rows, cols):\n    return 1"), box.inner_text()
    assert failed == [], failed


JS_WRAPPED_ROWS = """() => {
  const line = document.querySelector("#heuristic-editor").shadowRoot.querySelectorAll(".cm-line")[1];
  const range = document.createRange();
  range.selectNodeContents(line);
  const rows = new Map(); // each row the line wraps into: its top, and where its text starts
  for (const r of range.getClientRects()) {
    if (r.width === 0) continue;
    const top = Math.round(r.top);
    rows.set(top, Math.min(rows.get(top) ?? Infinity, r.left));
  }
  // One column's width: a run of the line's own leading spaces, measured.
  const text = [...line.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && /^ {4}/.test(n.textContent));
  const four = document.createRange();
  four.setStart(text, 0);
  four.setEnd(text, 4);
  return { starts: [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, left]) => left),
           column: four.getBoundingClientRect().width / 4 };
}"""


def test_a_wrapped_line_of_code_keeps_its_indentation_in_sight_on_a_phone(app: Any, site_url: str) -> None:
    app.set_viewport_size(PHONE)
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    box = open_part(app, "heuristic")
    write(app, box, "def h(tiles, goal, rows, cols):\n"
                    "    return sum(1 for index, tile in enumerate(tiles) if tile and tile != goal[index] and rows == cols)\n")
    expect(box).to_contain_text("rows == cols")
    rows = app.evaluate(JS_WRAPPED_ROWS)
    starts = rows["starts"]
    assert len(starts) >= 2, rows  # it wraps at a phone's width
    # Each continuation starts past the line's own four columns of indentation (a hanging indent),
    # never back at column 0 where it would read as less indented than the line.
    assert all(start > starts[0] + 4.5 * rows["column"] for start in starts[1:]), rows
