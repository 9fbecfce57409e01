"""The core page tests in WebKitGTK (the engine of Safari), driven through WebKitWebDriver
(tests/webkit.py): a link loads and Python starts, 3x3 solved optimally and played to the
goal, a 4x4 Korf instance solved optimally, Stop keeping the best, a 5x5's first solution
played to the goal, offline use, the Content-Security-Policy, a hostile link; no page error
in any of them.

One WebKitGTK window serves the whole module (it takes seconds to start, and Python as many
again in each new page): the first test loads the site, the later ones follow their links
inside that page as a pasted link or Back does, and a test that finds the page busy (a search
or a replay left running by a failure) starts a fresh page. Skipped, with the reason, where
the machine has no WebKitWebDriver."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from sitebuild.site import web_folder
from npuzzle import Board
from npuzzle.known import korf100, korf24_50

from .browsers import ENDED, outcome_of
from .pages import HARD, TILES_LABEL, distance, solution_shown
from .test_page_links import NOTHING_INJECTED
from .test_page_offline import Server, wait_stored
from .test_page_security import BLOCKED_PROBE
from .webkit import WebKitPage, skip_without_webkit, webkit_page

pytestmark = [
    pytest.mark.browser,
    # Selenium 4.51's own WebKitGTK class passes RemoteConnection an argument it deprecates.
    pytest.mark.filterwarnings("ignore:setting remote_server_addr in RemoteConnection:DeprecationWarning"),
]

KORF = {ident: (length, tiles) for ident, length, tiles in korf100()}
KORF_55 = KORF[55]  # 41 moves, blank-first: proven optimal in seconds
KORF_60 = KORF[60]  # 66 moves, blank-first: the anytime search is still improving when stopped
KORF24_1 = korf24_50()[0]  # (1, 95, tiles): 5x5, blank-first

# Reset by every solve: the status's state changed since (so an older "solved" is not read as new).
WATCH_STATUS = """
window.__statusChanged = false;
new MutationObserver(() => { window.__statusChanged = true; })
  .observe(document.getElementById("status"), { attributes: true, attributeFilter: ["data-state"] });
"""
STATE_IS = "return window.__statusChanged && arguments[0].includes(document.getElementById('status').dataset.state);"
BUSY = """
const shown = (id) => { const e = document.getElementById(id); return e && !e.hidden; };
return shown("stop") || shown("cancel") || document.getElementById("play").textContent.trim() === "Pause";
"""


@pytest.fixture(scope="module")
def webkit(request: pytest.FixtureRequest) -> Iterator[WebKitPage]:
    """One WebKitGTK window for the module; skipped (with why) where WebKit is missing."""
    skip_without_webkit()
    request.getfixturevalue("site_url")  # build before the browser starts
    with webkit_page() as page:
        yield page
        # Shown in every run (not captured): WebKit's start is slow, and this says how slow.
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        report = request.config.pluginmanager.get_plugin("terminalreporter")
        if capture is not None and report is not None:
            with capture.global_and_fixture_disabled():
                times = ", ".join(f"{seconds:.1f}" for _, seconds in page.ready_seconds)
                report.write_line(f"\nwebkit: solver ready {times} s after each page load was asked for")


@pytest.fixture
def wk(webkit: WebKitPage, site_url: str) -> Iterator[WebKitPage]:
    """The shared window, not busy, failing the test on any problem the page records."""
    if webkit.driver.current_url.startswith(site_url) and webkit.run(BUSY):
        webkit.driver.get("about:blank")  # a failed test left work running: start afresh
    if webkit.driver.current_url.startswith(site_url):
        webkit.clear_problems()
    yield webkit
    assert webkit.problems() == []


def solve(page: WebKitPage, timeout: float = 120) -> int:
    """Press Solve, wait for the search to end, and read the length the status reports."""
    page.run(WATCH_STATUS)
    page.click("#solve")
    page.wait_for(STATE_IS, "the search to end", timeout, list(ENDED))
    outcome = outcome_of(page)
    assert outcome.state == "solved" and outcome.length is not None, (outcome, page.text("#status"))
    return outcome.length


def stop_while_improving(page: WebKitPage) -> int:
    """Press Solve, wait for the anytime search's first solution, press Stop: the length kept."""
    page.run(WATCH_STATUS)
    page.click("#solve")
    page.wait_for(STATE_IS, "a first solution", 60, ["improving"])
    page.wait_for("return !document.getElementById('play').disabled;", "Play enabled while improving")
    page.click("#stop")
    page.wait_for(STATE_IS, "the search to stop", 10, ["solved"])
    outcome = outcome_of(page)
    assert outcome.length is not None, outcome
    return outcome.length


def link(tiles: list[int] | str, goal: str) -> str:
    board = tiles if isinstance(tiles, str) else ",".join(map(str, tiles))
    return f"#board={board}&goal={goal}"


def play_to_the_end(page: WebKitPage, goal: Board, length: int) -> None:
    """Play the solution shown (at 8x) and wait until the board stands on ``goal``."""
    page.run("const s = document.getElementById('speed'); s.value = '8'; s.dispatchEvent(new Event('change', {bubbles: true}));")
    page.click("#play")
    page.wait_for("return document.getElementById('play').textContent.trim() === 'Pause';", "Pause shown while playing", 10)
    page.wait_board(goal.to_string(), timeout=60)
    page.wait_for("return document.getElementById('play').textContent.trim() === 'Play';", "Play shown at the end")
    assert f"Step {length} of {length}" in page.text("#step-counter")


def test_a_link_loads_and_python_starts(wk: WebKitPage, site_url: str) -> None:
    """A fresh page from a link: the board at once, then Python ready; nothing goes wrong."""
    seconds = wk.load(site_url + link(HARD, "blank-last"))
    wk.wait_board(HARD)
    assert wk.get_by_label(TILES_LABEL).count() == 1
    assert wk.run("return document.getElementById('algorithm').value;") == "anytime"
    assert "ready" in wk.text("#solver-state").lower(), wk.text("#solver-state")
    assert wk.run("return document.getElementById('solver-state').dataset.workerStart;") == "snapshot"
    assert not wk.run("return document.getElementById('solve').disabled;")
    print(f"webkit: Python ready {seconds:.1f} s after the link was opened")


def test_3x3_link_is_solved_optimally_and_played_to_the_goal(wk: WebKitPage, site_url: str) -> None:
    wk.open_link(site_url, link(HARD, "blank-last"), board=HARD)
    length = solve(wk)
    assert length == distance(wk) == 31
    assert outcome_of(wk).optimal
    start, goal = Board.from_string(HARD), Board.goal(3, 3, "blank-last")
    boards = solution_shown(wk, start)
    assert len(boards) == length + 1 and boards[-1] == goal
    play_to_the_end(wk, goal, length)


def test_4x4_korf_instance_is_solved_optimally(wk: WebKitPage, site_url: str) -> None:
    optimal, tiles = KORF_55
    wk.open_link(site_url, link(tiles, "blank-first"), board=",".join(map(str, tiles)))
    assert solve(wk, timeout=180) == optimal == 41
    assert outcome_of(wk).optimal
    memory = int(wk.run("return document.getElementById('solver-state').dataset.workerMemory || 0;"))
    assert 10 * 2**20 < memory < 2 * 2**30, memory  # the worker's WebAssembly memory, which it sends in WebKit too
    boards = solution_shown(wk, Board(4, 4, tuple(tiles)))
    assert len(boards) == optimal + 1 and boards[-1] == Board.goal(4, 4, "blank-first")


def test_stop_keeps_the_best_solution_found(wk: WebKitPage, site_url: str) -> None:
    """Korf #60 (66 moves) with the anytime solver: Stop while it improves keeps its best,
    a solution that replays to the goal."""
    optimal, tiles = KORF_60
    wk.open_link(site_url, link(tiles, "blank-first"), board=",".join(map(str, tiles)))
    length = stop_while_improving(wk)
    assert length >= optimal
    if length > optimal:
        assert outcome_of(wk).stopped == "cancelled"  # not proven: kept because Stop was pressed
    boards = solution_shown(wk, Board(4, 4, tuple(tiles)))
    assert len(boards) == length + 1 and boards[-1] == Board.goal(4, 4, "blank-first")


def test_5x5_first_solution_is_played_to_the_goal(wk: WebKitPage, site_url: str) -> None:
    """Korf's first 24-puzzle (95 moves): the anytime solver's first solution, kept by Stop,
    replays to the goal, and the end of the replay shows the goal."""
    _, optimal, tiles = KORF24_1
    wk.open_link(site_url, link(tiles, "blank-first"), board=",".join(map(str, tiles)))
    length = stop_while_improving(wk)
    assert length >= optimal
    goal = Board.goal(5, 5, "blank-first")
    if length <= 400:  # longer move lists are shown a window at a time
        boards = solution_shown(wk, Board(5, 5, tuple(tiles)))
        assert len(boards) == length + 1 and boards[-1] == goal
    assert wk.run("return document.getElementById('scrubber').max;") == str(length)
    wk.run("const s = document.getElementById('speed'); s.value = '128'; s.dispatchEvent(new Event('change', {bubbles: true}));")
    wk.click("#play")
    wk.wait_board(goal.to_string(), timeout=90)
    assert f"Step {length} of {length}" in wk.text("#step-counter")


def test_the_policy_blocks_inline_script_and_foreign_requests(wk: WebKitPage, site_url: str) -> None:
    """An inline script added to the page does not run and a request to another origin is
    refused, each reported as a violation (so the watch every WebKit test runs would see one)."""
    wk.open_link(site_url, "#board=1,2,3,4,5,6,7,8,0", board="1,2,3,4,5,6,7,8,0")
    ran = wk.evaluate(BLOCKED_PROBE)
    assert ran == {"ran": False, "fetched": False}
    seen = wk.problems()
    assert any(re.match(r"CSP violation: script-src", p) for p in seen), seen
    assert any(re.match(r"CSP violation: connect-src", p) for p in seen), seen
    assert all(p.startswith("CSP violation") for p in seen), seen
    wk.clear_problems()
    assert not wk.run("return document.getElementById('solve').disabled;")


def test_markup_in_a_link_is_shown_as_text_never_run(wk: WebKitPage, site_url: str) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    wk.open_link(site_url, f"#board={hostile}&goal=<b>bold</b>&evil=<script>alert(2)</script>")
    wk.wait_text("#board-message", "unknown symbol")
    wk.wait_text("#link-notice", 'unknown parameter "evil"')
    assert wk.evaluate(NOTHING_INJECTED) is True
    assert wk.locator("main b, main script").count() == 0
    assert wk.run("return document.getElementById('tiles').value;") == hostile
    assert wk.run("return document.getElementById('solve').disabled;") is True


def test_the_site_works_offline_after_one_visit(wk: WebKitPage, built_site: Path) -> None:
    """Served by a server the test takes down: after one visit (the service worker stores the
    build), a reload with the server down loads from the cache and solves. (WebDriver cannot
    switch WebKit's network off, so the browser still believes it is online and the page does
    not say "working offline"; Chromium's and Firefox's tests check those words.)"""
    server = Server(built_site.parent)
    try:
        wk.load(server.url + link(HARD, "blank-last"))
        wk.wait_board(HARD)
        assert solve(wk) == 31
        state = wait_stored(wk, web_folder(built_site).name.removeprefix("web-"), tables=0)
        assert state["active"] == server.url + "sw.js"
        server.down = True
        wk.reload()
        assert wk.run("return Boolean(navigator.serviceWorker.controller);") is True
        wk.wait_board(HARD)
        assert solve(wk) == 31
        assert outcome_of(wk).optimal
        with pytest.raises(OSError):  # nothing came from the server: it answers nobody
            urllib.request.urlopen(server.url, timeout=5)
    finally:
        server.close()
