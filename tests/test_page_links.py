"""The page's address: links that open a board, fragment parameters, back and forward, Copy
link, and hostile or broken links."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, unquote

import pytest
from playwright.sync_api import expect

from npuzzle import Board

from .helpers import ROOT
from .pages import HARD, board_of, distance, editor, expect_step, open_link, solution_shown, solve_and_read_length

pytestmark = pytest.mark.browser


def test_invalid_link_shows_its_message_and_the_editor_stays_usable(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,7,7,0&goal=blank-last", valid_board=False)
    message = app.locator("#board-message")
    expect(message).to_contain_text("tile 7 appears twice")
    expect(app.get_by_role("button", name="Solve")).to_be_disabled()
    editor(app).fill("1 2 3\n4 5 6\n7 0 8")
    expect(message).to_be_hidden()
    expect(app.get_by_role("button", name="Solve")).to_be_enabled()
    assert solve_and_read_length(app) == 1


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


def test_editing_the_board_updates_the_link(app: Any, site_url: str) -> None:
    open_link(app, site_url, "")
    editor(app).fill("1 2 3 / 4 5 6 / 0 7 8")
    expect(app).to_have_url(re.compile(re.escape("board=1,2,3,4,5,6,0,7,8")))  # no string evaluation: the CSP forbids it
    app.get_by_label("Goal", exact=True).select_option("blank-first")
    expect(app).to_have_url(re.compile(re.escape("goal=blank-first")))  # no string evaluation: the CSP forbids it
    assert unquote(app.evaluate("location.hash")).startswith("#board=1,2,3,4,5,6,0,7,8&goal=blank-first&size=3x3")
    app.get_by_label("Rows").select_option("4")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "0,1,2,3,4,5,6,7,8,9,10,11")


def test_a_link_opens_on_a_given_step(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&size=3x3&algorithm=astar&heuristic=manhattan&step=12")
    expect(app.locator("#step-counter")).to_contain_text("Step 12 of 31", timeout=60_000)
    assert distance(app) == 31 - 12
    boards = solution_shown(app, Board.from_string(HARD))
    assert boards[-1] == Board.goal(3) and len(boards) == 32
    expect_step(app, boards, 12)
    expect(app.get_by_label("Algorithm", exact=True)).to_have_value("astar")
    expect(app.get_by_label("Heuristic", exact=True)).to_have_value("manhattan")
    app.get_by_role("button", name="Step forward").click()
    expect(app).to_have_url(re.compile(re.escape("step=13")))  # no string evaluation: the CSP forbids it
    expect_step(app, boards, 13)


def test_copy_link_carries_everything(app: Any, site_url: str) -> None:
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_link(app, site_url, f"#board={HARD}")
    solve_and_read_length(app)
    app.get_by_label("Step", exact=True).fill("5")
    app.get_by_role("button", name="Copy link").click()
    expect(app.locator("#copy-state")).to_have_text("Link copied.")
    copied = unquote(app.evaluate("navigator.clipboard.readText()"))
    assert copied.endswith(f"#board={HARD}&goal=blank-last&size=3x3&algorithm=anytime&heuristic=pdb&step=5")
    # The copied link opens the same solution on the same step.
    boards = solution_shown(app, Board.from_string(HARD))
    app.goto("about:blank")
    open_link(app, "", copied)
    expect_step(app, boards, 5, timeout=60_000)


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


HOSTILE = ['<img src=x onerror="window.__pwned=1">', '"><script>window.__pwned=2</script>',
           "javascript:window.__pwned=3", "<svg onload=window.__pwned=4>"]
# The keys a link may carry, read from the page's own list (a new key is covered at once).
LINK_KEYS = re.findall(r'"(\w+)"', re.search(r"LINK_KEYS = \[(.*?)\]", (ROOT / "web" / "link" / "url-state.js").read_text()).group(1))
NOTHING_INJECTED = """() => window.__pwned === undefined
  && document.querySelectorAll("img, script:not([src]), [onerror], [onload], [onclick]").length === 0"""


@pytest.mark.parametrize("key", LINK_KEYS)
def test_markup_in_any_link_parameter_or_editor_is_never_written_as_html(app: Any, site_url: str, key: str) -> None:
    """Every link parameter, and then the board and goal editors, given markup: the page
    shows a message and its text, never an element from it (a strict CSP would also
    block a script; the fixture fails the test on any violation)."""
    for payload in HOSTILE:
        params = {"board": HARD, key: payload}
        fragment = "&".join(f"{k}={quote(v, safe='')}" for k, v in params.items())
        open_link(app, site_url, "#" + fragment, valid_board=key not in ("board", "goal"))
        expect(app.locator("#link-notice, #board-message").first).to_be_attached()
        assert app.evaluate(NOTHING_INJECTED) is True
    # The editors: typed markup stays text.
    for label in ("Tiles, row by row (0, _ or . for the blank)", "Goal tiles, row by row"):
        field = app.get_by_label(label, exact=True)
        if not field.is_visible():
            continue
        field.fill(HOSTILE[0])
        expect(app.locator("#board-message, #goal-message").first).to_be_attached()
        assert app.evaluate(NOTHING_INJECTED) is True
