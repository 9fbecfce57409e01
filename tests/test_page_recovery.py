"""Failures recovered, never silent: a worker that dies or stops answering mid-search is
replaced (the page says so in words and keeps the board and the link), and a runtime that
cannot load gets a clear message instead of an endless "Loading".

These tests break things on purpose, so they watch the page themselves (conftest's
``watch``) and allow only the console errors the breakage itself causes."""

from __future__ import annotations

import re
import struct
from typing import Any, Callable

import pytest
from playwright.sync_api import expect

from npuzzle.known import eight_puzzle_distances

from .conftest import watch
from .pages import HARD, editor, open_link, solve_and_read_length

# A 4x4 board 56 moves from the blank-first goal: IDA* with Manhattan distance searches it for minutes in the browser.
LONG = "#board=11,14,0,7,10,3,1,9,13,15,4,8,6,12,5,2&goal=blank-first&algorithm=idastar&heuristic=manhattan"

# Test instrumentation, never shipped. The page's workers are kept where the test can reach
# them (an init script), and the worker's script is served through a route that puts a
# listener first which does what the test asks by message: throw, hang, or make Python's next
# step run out of memory. (Not Playwright's page.workers and Worker.evaluate: Firefox under
# WebDriver BiDi closes them; a message works in every engine.)
KEEP_WORKERS = """{
  const Native = window.Worker;
  window.__workers = [];
  window.Worker = class extends Native { constructor(...args) { super(...args); window.__workers.push(this); } };
}"""
ON_REQUEST = """self.addEventListener("message", (event) => {
  const what = event.data && event.data.__test;
  if (!what) return;
  event.stopImmediatePropagation();
  if (what === "throw") setTimeout(() => { throw new Error("simulated crash"); });
  if (what === "hang") setTimeout(() => { for (;;) {} }); // busy for ever: no message, no error
  if (what === "out of memory") pyodide.runPython(`
import npuzzle.webapi as webapi
def out_of_memory(request):
    raise MemoryError("simulated: out of memory")
webapi._OPS["step"] = out_of_memory
`);
});
"""


def instrument(page: Any) -> None:
    def patch(route: Any) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=ON_REQUEST + response.text())

    page.add_init_script(KEEP_WORKERS)
    page.route(re.compile(r"/worker\.js$"), patch)


def ask_worker(page: Any, what: str) -> None:
    """Ask the page's one worker to ``what`` (see ON_REQUEST)."""
    assert page.evaluate("window.__workers.length") == 1
    page.evaluate("(what) => window.__workers[0].postMessage({ __test: what })", what)


def unexpected(problems: list[str], allowed: str) -> list[str]:
    return [p for p in problems if not re.search(allowed, p)]


def start_long_search(page: Any, site_url: str) -> tuple[str, str]:
    open_link(page, site_url, LONG)
    board, url = page.get_by_label("Puzzle board").get_attribute("data-board"), page.url
    page.get_by_role("button", name="Solve").click()
    expect(page.locator("#status")).to_have_attribute("data-state", "searching")
    # Under way: nodes expanded (a count, not half a second that a loaded machine may not fill).
    expect(page.locator("#status")).to_have_attribute("data-expanded", re.compile(r"^[1-9]"))
    return board, url


def recovered(page: Any, board: str, url: str, said: str) -> None:
    """The page said what happened, started a fresh worker, kept the board and link, and solves."""
    expect(page.locator("#status")).to_contain_text(
        re.compile(f"The solver failed: {said}.*It is being restarted; your board and link are kept. The search was lost"), timeout=60_000
    )
    expect(page.locator("#solver-state")).to_contain_text(re.compile(f"Solver ready again: .*restarted after {said}"), timeout=90_000)
    assert page.get_by_label("Puzzle board").get_attribute("data-board") == board
    assert page.url == url
    assert editor(page).input_value().split() == board.replace(",0,", ",.,").split(",")
    # The fresh worker solves: the board on screen, then another through the editor.
    expect(page.get_by_role("button", name="Solve")).to_be_enabled()
    editor(page).fill(HARD.replace(",", " "))
    expect(page.get_by_label("Puzzle board")).to_have_attribute("data-board", HARD)
    # The link's goal (blank first) is kept too.
    assert solve_and_read_length(page) == eight_puzzle_distances("blank-first")[tuple(map(int, HARD.split(",")))]


def test_a_worker_that_throws_mid_search_is_replaced(page: Any, site_url: str) -> None:
    instrument(page)
    problems = watch(page, site_url)
    board, url = start_long_search(page, site_url)
    ask_worker(page, "throw")
    recovered(page, board, url, r"the solver stopped with an error \(.*simulated crash\)")
    assert unexpected(problems, "simulated crash") == []


def test_a_worker_that_stops_answering_mid_search_is_replaced(page: Any, site_url: str) -> None:
    instrument(page)
    problems = watch(page, site_url)
    board, url = start_long_search(page, site_url)
    ask_worker(page, "hang")
    recovered(page, board, url, r"the solver stopped answering for \d+ s")
    assert problems == []


def test_python_running_out_of_memory_mid_search_replaces_the_worker(page: Any, site_url: str) -> None:
    """Python out of memory in the middle of a search (simulated: the next step raises
    MemoryError, which webapi.handle does not turn into an answer, as it does every bad
    request): the call into Python throws, the worker reports the runtime broken and is
    replaced, instead of answering every later request with an error."""
    instrument(page)
    problems = watch(page, site_url)
    board, url = start_long_search(page, site_url)
    ask_worker(page, "out of memory")
    recovered(page, board, url, "Python failed: .*MemoryError")
    assert unexpected(problems, "MemoryError") == []


BREAKAGES: dict[str, tuple[str, Callable[[Any], None], str]] = {
    "runtime script served as text": (
        r"/pyodide\.mjs$",
        lambda route: route.fulfill(body="export const x = 1;", content_type="text/plain"),
        r"the Python runtime's script pyodide\.mjs could not be loaded \(it was served as text/plain; a script must be served as text/javascript\)",
    ),
    "runtime library missing": (
        r"/python_stdlib-[0-9a-f]+\.zip$",
        lambda route: route.fulfill(status=404, body="gone"),
        r"the Python runtime did not start",
    ),
    "package missing": (
        r"/py/npuzzle-[0-9a-f]+\.zip$",
        lambda route: route.fulfill(status=404, body="gone"),
        r"could not fetch the npuzzle package \(HTTP 404\)",
    ),
    "worker script missing": (
        r"/worker\.js$",
        lambda route: route.fulfill(status=404, body="gone"),
        r"the solver's script could not be loaded|the solver could not start",
    ),
    # Pyodide's loader never settles when its WebAssembly does not instantiate: said at once.
    "runtime's WebAssembly broken": (
        r"/pyodide\.asm\.wasm$",
        lambda route: route.fulfill(body=b"not WebAssembly", content_type="application/wasm"),
        r"the Python runtime did not start \(its WebAssembly could not be instantiated: .+\)",
    ),
}


@pytest.mark.parametrize("breakage", list(BREAKAGES))
def test_a_runtime_that_cannot_load_says_why(page: Any, site_url: str, breakage: str) -> None:
    pattern, fulfil, said = BREAKAGES[breakage]
    page.route(re.compile(pattern), fulfil)
    open_link(page, site_url, "#board=1,2,3,4,5,6,7,0,8", valid_board=False, ready="failed")
    expect(page.locator("#solver-state")).to_contain_text(re.compile("The solver failed: " + said))
    expect(page.locator("#status")).to_contain_text(re.compile(f"The solver could not start: {said}.*Reload the page to try again"))
    expect(page.get_by_role("button", name="Solve")).to_be_disabled()
    editor(page).fill("1 2 3\n4 5 6\n0 7 8")  # the editor still takes text
    assert editor(page).input_value() == "1 2 3\n4 5 6\n0 7 8"
    assert page.url.endswith("#board=1,2,3,4,5,6,7,0,8")


def test_a_browser_without_module_workers_is_told_so(page: Any, site_url: str) -> None:
    # An old browser ignores {type: "module"} (it never reads the option).
    page.add_init_script("""{
      const Real = Worker;
      window.__started = 0;
      window.Worker = class extends Real { constructor(url) { super(url); window.__started++; } };
    }""")
    problems = watch(page, site_url)
    open_link(page, site_url, "#board=1,2,3,4,5,6,7,0,8", valid_board=False, ready="failed")
    expect(page.locator("#solver-state")).to_contain_text("does not support module workers")
    assert problems == []
    assert page.evaluate("window.__started") == 0  # none was started to find out


# What the solver's worker said of the memory snapshot when ready (its "ready" message's
# startup.snapshot), and in what order the page's first steps came.
SNAPSHOT_SEEN = """{
  const Native = window.Worker;
  window.__snapshot = null;
  window.__order = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      window.__order.push(`worker ${args[1] && args[1].name}`);
      this.addEventListener("message", (event) => {
        const m = event.data || {};
        if (m.type === "ready") window.__snapshot = (m.startup && m.startup.snapshot) || "none";
      });
    }
  };
  new MutationObserver((changes, observer) => {
    const board = document.getElementById("board");
    if (board && board.querySelector(".tile")) { window.__order.push("board drawn"); observer.disconnect(); }
  }).observe(document, { subtree: true, childList: true });
}"""


def test_the_solver_starts_early_from_the_builds_memory_snapshot(browser: Any, site_url: str) -> None:
    """The page's first script starts the solver's worker, before the rest of the page has drawn
    the link's board, and the worker restores Python from the build's memory snapshot instead of
    starting it; each visitor's Python draws its own random boards all the same."""
    boards = []
    for _ in range(2):
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(SNAPSHOT_SEEN)
        problems = watch(page, site_url)
        open_link(page, site_url, f"#board={HARD}&goal=blank-last")
        assert page.evaluate("window.__snapshot") == "restored"
        assert page.locator("#solver-state").get_attribute("data-worker-start") == "snapshot"
        assert page.evaluate("window.__order") == ["worker solver", "board drawn"]
        assert solve_and_read_length(page) == 31
        page.get_by_role("button", name="Shuffle").click()
        expect(page.get_by_label("Puzzle board")).not_to_have_attribute("data-board", HARD)
        boards.append(page.get_by_label("Puzzle board").get_attribute("data-board"))
        context.close()
        assert problems == []
    assert boards[0] != boards[1]


def another_builds_snapshot(route: Any) -> None:
    """The snapshot, its build id changed (as a snapshot of another Pyodide would be): byte 16
    of Pyodide's snapshot, in the first page build.py keeps (its pages' numbers after 16 bytes)."""
    body = bytearray(route.fetch().body())
    page, _, count = struct.unpack_from("<III", body, 4)
    first = struct.unpack_from("<I", body, 16)[0]
    assert first == 0 and page > 16
    body[16 + 4 * count + 16] ^= 0xFF
    route.fulfill(body=bytes(body), content_type="application/octet-stream")


SNAPSHOT_BREAKAGES: dict[str, Callable[[Any], None]] = {
    "missing": lambda route: route.fulfill(status=404, body="gone"),
    "not a snapshot": lambda route: route.fulfill(body=b"\x00" * 1000, content_type="application/octet-stream"),
    "cut short": lambda route: route.fulfill(body=route.fetch().body()[:100_000], content_type="application/octet-stream"),
    "another build's": another_builds_snapshot,
}


def test_a_runtime_that_fails_to_instantiate_once_starts_again_at_once(page: Any, site_url: str) -> None:
    """The first start (from the snapshot) gets WebAssembly that does not instantiate: the worker
    sees it (Pyodide's loader only logs it, and never settles) and starts Python as usual."""
    fetched = []

    def once_broken(route: Any) -> None:
        if route.request.method != "GET":
            return route.fallback()
        fetched.append(route.request.url)
        if len(fetched) == 1:
            return route.fulfill(body=b"not WebAssembly", content_type="application/wasm")
        return route.fallback()

    page.route(re.compile(r"/pyodide\.asm\.wasm$"), once_broken)
    page.add_init_script(SNAPSHOT_SEEN)
    problems = watch(page, site_url)
    open_link(page, site_url, f"#board={HARD}&goal=blank-last")
    assert re.match(r"not used: its WebAssembly could not be instantiated: .+", str(page.evaluate("window.__snapshot")))
    assert page.locator("#solver-state").get_attribute("data-worker-start") == "fresh"
    assert len(fetched) == 2
    assert solve_and_read_length(page) == 31
    assert problems == []


@pytest.mark.parametrize("breakage", list(SNAPSHOT_BREAKAGES))
def test_a_snapshot_that_cannot_be_restored_leaves_python_to_start_as_usual(page: Any, site_url: str, breakage: str) -> None:
    page.route(re.compile(r"/py/snapshot-[0-9a-f]+\.bin$"), SNAPSHOT_BREAKAGES[breakage])
    page.add_init_script(SNAPSHOT_SEEN)
    problems = watch(page, site_url)
    open_link(page, site_url, f"#board={HARD}&goal=blank-last")
    assert str(page.evaluate("window.__snapshot")).startswith("not used: ")
    assert page.locator("#solver-state").get_attribute("data-worker-start") == "fresh"
    assert solve_and_read_length(page) == 31
    assert unexpected(problems, "404") == []
