"""Helpers for the browser tests, on top of the harness (tests/browsers.py, whose readers are
re-exported here: open a link, solve, read the board and the solution shown): the solution
replayed, the 3x3's distance; what sticks out sideways at a phone's or a desktop's size; and the
few actions whose Playwright implementation differs between engines (a number typed into a
field, a tap, a screenshot, a download), done so that each engine really does them. The tests
take no screenshots: bench/screenshots.py takes them with ``screenshot`` here, for a person to
look at."""

from __future__ import annotations

import base64
import time
import zlib
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from npuzzle import Board
from npuzzle.known import eight_puzzle_distances

from .browsers import (  # noqa: F401 - the page tests import these readers from here
    BOARD_LABEL, DOWNLOADS, board_of, harness_style_blocked, move_labels, moves_of, open_link,
    solve_and_read_length, tiles_of,
)
from .helpers import ROOT, replay

TILES_LABEL = "Tiles, row by row (0, _ or . for the blank)"
HARD = "8,6,7,2,5,4,3,0,1"  # one of the two 31-move 3x3 boards (blank-last goal)
GOAL_3 = "1,2,3,4,5,6,7,8,0"


def distance(app: Any) -> int:
    """The exact distance of the 3x3 board shown to the blank-last goal."""
    return eight_puzzle_distances("blank-last")[tiles_of(app)]


def editor(app: Any) -> Any:
    return app.get_by_label(TILES_LABEL, exact=True)


def solution_shown(app: Any, start: Board) -> list[Board]:
    """The solution in the page's move list ("Step 3: tile 5 up"), replayed from ``start``:
    the board at every step, ``start`` first."""
    moves = moves_of(move_labels(app))
    return replay(start, [tile for _, tile, _ in moves], "".join(letter for _, _, letter in moves))


def expect_board(app: Any, board: Board, **options: Any) -> None:
    """Wait until the page shows ``board``."""
    expect(app.get_by_label(BOARD_LABEL)).to_have_attribute("data-board", board.to_string(), **options)


def expect_step(app: Any, boards: list[Board], step: int, **options: Any) -> None:
    """Wait until the page's replay stands at ``step`` of the solution that passes through
    ``boards``, showing its board."""
    expect(app.locator("#step-counter")).to_contain_text(f"Step {step} of {len(boards) - 1}", **options)
    expect_board(app, boards[step])


# ---- What differs between engines under Playwright 1.64.1 (Chromium over CDP, Firefox over
# WebDriver BiDi). Each helper does the same thing in every engine, or fails; never nothing.

SCREENSHOTS = ROOT / "test-results" / "screenshots"
"""bench/screenshots.py's screenshots, a folder per engine: test-results/screenshots/<engine>/<name>.png."""

SIZES = (("phone", {"width": 390, "height": 844}), ("desktop", {"width": 1280, "height": 900}))
"""A phone's and a desktop's size, where the layout tests measure the page and bench/screenshots.py
photographs it. Each loads the page once and resizes it for each (the layout follows the size
through CSS, as on a phone turned sideways): a page load and its solve for each size would
take minutes more per engine."""

JS_STICKING_OUT = """(selector) => {
  const width = document.documentElement.clientWidth;  // the viewport, without a scroll bar
  const found = [];
  const page = document.documentElement.scrollWidth;
  if (page > width + 1) found.push(`the page scrolls sideways: ${page} px wide in a ${width} px viewport`);
  const name = (el) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "")
    + (typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\\s+/).join(".")}` : "");
  // Inside something that scrolls or clips sideways (the board's frame, a table's wrapper),
  // an element may reach past the viewport: it is scrolled to, not cut off.
  const scrolled = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return true;
    }
    return false;
  };
  for (const root of document.querySelectorAll(selector)) {
    if (root.closest("[hidden]") || root.getClientRects().length === 0) continue;
    for (const el of [root, ...root.querySelectorAll("*")]) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;  // not drawn (display: none, a closed details)
      if (box.left >= -1 && box.right <= width + 1) continue;
      if (getComputedStyle(el).visibility === "hidden" || scrolled(el)) continue;
      found.push(`${name(el)} in ${name(root)}: ${Math.round(box.left)}-${Math.round(box.right)} outside 0-${width}`);
    }
  }
  return found;
}"""


def sticking_out(page: Any, selector: str = "section.panel") -> list[str]:
    """What sticks out sideways from the viewport at the page's present size, one line each
    (empty if nothing): the page itself if it scrolls sideways (``scrollWidth`` over the
    viewport's width), and every visible element matching ``selector`` or inside one whose box
    leaves the viewport's width, unless something around it scrolls or clips sideways."""
    found: list[str] = page.evaluate(JS_STICKING_OUT, selector)
    return found


def engine(page: Any) -> str:
    """The engine that runs ``page``: "chromium" or "firefox"."""
    return str(page.context.browser.browser_type.name)


def fill_number(field: Any, value: str) -> None:
    """Type ``value`` into a number field in place of what it holds. Playwright's ``fill``
    appends to a number field in Firefox (it cannot select a number field's text over BiDi:
    "20" filled with "3" became "203"); emptying it first is what a person does with the
    keyboard, and the value is checked, so a wrong one fails here, not later."""
    field.fill("")
    field.fill(value)
    expect(field).to_have_value(value)


def tap(target: Any) -> None:
    """Tap ``target`` with a finger. Chromium: a real touch (CDP). Firefox: Playwright's BiDi
    backend implements tap as a no-op (1.64.1: nothing reaches the page), so the events a tap
    makes are sent to the element's centre instead: pointerdown and pointerup of a touch
    pointer, then the click."""
    if engine(target.page) == "chromium":
        target.tap()
        return
    box = target.bounding_box()
    assert box is not None, "nothing to tap"
    at = {"clientX": box["x"] + box["width"] / 2, "clientY": box["y"] + box["height"] / 2,
          "pointerType": "touch", "isPrimary": True, "bubbles": True, "cancelable": True}
    target.dispatch_event("pointerdown", at)
    target.dispatch_event("pointerup", at)
    target.dispatch_event("click", {"clientX": at["clientX"], "clientY": at["clientY"], "bubbles": True})


def screenshot(target: Any, name: str) -> Path:
    """Save a screenshot of ``target`` (a page or a locator) as
    test-results/screenshots/<engine>/<name>.png and return its path.

    Under WebDriver BiDi, Playwright inserts an inline ``<style>body {}</style>`` into the page
    before every screenshot (to sync animations), which the page's Content-Security-Policy
    blocks, reports to the page and logs as an error. That one report, only while the
    screenshot is taken, and that one logged error a screenshot, are the harness's own and
    are not counted by the harness's watch (tests/browsers.py: ``window.__harnessScreenshot``,
    ``harness_style_blocked``); any other violation or error still fails the test."""
    page = target if hasattr(target, "goto") else target.page
    path = SCREENSHOTS / engine(page) / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    page._npuzzle_screenshots = getattr(page, "_npuzzle_screenshots", 0) + 1
    page.evaluate("window.__harnessScreenshot = { blocked: 0 }")
    try:
        target.screenshot(path=str(path), **({"full_page": True} if target is page else {}))
        # The report is an event queued after the blocked insertion: let it arrive.
        page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 50))")
    finally:
        blocked = page.evaluate("() => { const n = window.__harnessScreenshot.blocked; window.__harnessScreenshot = null; return n; }")
    assert blocked <= 1, f"{blocked} inline styles blocked during one screenshot: not only the harness's"
    return path


def wait_until(page: Any, condition: Any, what: str, timeout: float = 90) -> None:
    """Wait until ``condition()`` (a check in Python, of what Playwright's events filled in)
    holds, letting the page's events in meanwhile; fail saying ``what`` after ``timeout``
    seconds (a bound for a loaded machine, not a claim about speed)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout:g} s: {what}")
        page.wait_for_timeout(50)


def download(page: Any, click: Any, name: str) -> str:
    """Click what offers a file called ``name`` and return the text saved. Chromium reports the
    download to Playwright. Firefox saves it (into DOWNLOADS) but, over BiDi, reports no
    download that a blob: link starts (Playwright 1.64.1, Firefox ESR 153): there the file is
    awaited in the folder, the whole of it (no .part file left, the size settled)."""
    if engine(page) == "chromium":
        with page.expect_download() as started:
            click()
        assert started.value.suggested_filename == name
        saved = started.value.path()
        return Path(saved).read_text()
    path = DOWNLOADS / name
    if path.exists():
        path.unlink()
    click()
    deadline = time.monotonic() + 30
    last = -1
    while time.monotonic() < deadline:
        parts = list(DOWNLOADS.glob(f"{name}*.part")) if DOWNLOADS.exists() else []
        size = path.stat().st_size if path.exists() else -1
        if size > 0 and not parts and size == last:
            others = sorted(p.name for p in DOWNLOADS.iterdir() if p.name != name)
            assert others == [], f"other files downloaded: {others}"
            text = path.read_text()
            path.unlink()
            return text
        last = size
        time.sleep(0.2)
    raise AssertionError(f"{name} was not downloaded into {DOWNLOADS}")


# -- Your code (web/custom/) --------------------------------------------------------------

def open_part(app: Any, which: str) -> Any:
    """Open "Your heuristic" or "Your search" and return its editor (CodeMirror's content,
    once the editor has loaded)."""
    name = {"heuristic": "Your heuristic", "search": "Your search"}[which]
    app.locator(f"#{which}-code > summary").click()
    box = app.get_by_role("textbox", name=f"{name} (Python)")
    expect(box).to_have_attribute("contenteditable", "true")  # CodeMirror's, not the fallback text area
    return box


def packed_code(text: str) -> str:
    """``text`` as a link carries code in ``hcode=`` or ``scode=`` (web/custom/code-link.js:
    deflate-raw, base64url without padding)."""
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(squeezer.compress(text.encode()) + squeezer.flush()).decode().rstrip("=")


def write(app: Any, box: Any, text: str) -> None:
    """Replace the editor's text by ``text`` (as if pasted)."""
    box.click()
    app.keyboard.press("Control+a")
    app.keyboard.press("Delete")
    app.keyboard.insert_text(text)


def check(app: Any) -> Any:
    """Press Check and wait for its result; the result's element."""
    app.get_by_role("button", name="Check", exact=True).click()
    result = app.locator("#check-result")
    expect(result).to_be_visible(timeout=90_000)
    return result
