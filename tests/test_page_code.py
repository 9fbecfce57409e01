"""Your code in the page: a person's heuristic written in the editor, checked on every 3x3
state in a worker of its own, used by Solve like a built-in one; a person's search run and
replayed, an illegal move refused with its step; code that loops forever or does not parse
gives its message while the solver still solves; a link carries the code and does not run it
until the person presses Run."""

from __future__ import annotations

import itertools
import re
from typing import Any

from playwright.sync_api import expect

from npuzzle.known import eight_puzzle_distances
from npuzzle.webapi import CAPS

from .pages import HARD, check, download, engine, fill_number, open_link, open_part, packed_code, solve_and_read_length, write

DISTANCES = eight_puzzle_distances("blank-last")
INADMISSIBLE = "def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else 5\n"
ENDLESS = "def h(tiles, goal, rows, cols):\n    while True:\n        pass\n"
BROKEN = "def h(tiles, goal, rows, cols):\n    total = 0\n    return total +\n"
ILLEGAL_SEARCH = "def search(problem):\n    return [problem.start[0]]\n"


def test_the_template_is_checked_on_every_state_and_solves_like_the_built_in_manhattan(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&algorithm=astar&heuristic=manhattan")
    built_in = solve_and_read_length(app)
    box = open_part(app, "heuristic")
    expect(box).to_contain_text("My heuristic: the Manhattan distance, written plainly.")
    result = check(app)
    expect(result).to_have_attribute("data-admissible", "true")
    expect(result).to_have_attribute("data-consistent", "true")
    expect(result).to_have_attribute("data-states", "181440")
    expect(app.locator("#check-verdict")).to_contain_text("admissible: h never exceeds the true distance on all 181,440 states")
    # In the Heuristic menu, proven admissible: A* with it is optimal, as long as the built-in one.
    app.get_by_role("button", name="Use in the Heuristic menu").click()
    expect(app.get_by_label("Heuristic", exact=True)).to_have_value("custom")
    expect(app.locator("#about-summary")).to_contain_text("Your heuristic (my_heuristic.py) is admissible and consistent")
    assert solve_and_read_length(app) == built_in == DISTANCES[tuple(map(int, HARD.split(",")))]
    expect(app.locator("#result")).to_contain_text("Your heuristic (my_heuristic.py)")
    expect(app.locator("#status")).to_contain_text("The check found your heuristic admissible on every state of this size and goal")
    expect(app.locator("#trace")).to_be_visible()  # the trace of the search with it, charted


def test_an_inadmissible_heuristic_is_caught_with_its_worst_board_a_click_away(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    write(app, open_part(app, "heuristic"), INADMISSIBLE)
    result = check(app)
    expect(result).to_have_attribute("data-admissible", "false")
    expect(app.locator("#check-verdict")).to_contain_text("not admissible")
    worst = app.locator('figure[data-worst="overestimate"]')
    expect(worst).to_contain_text("h is 5 where 1 move suffices")
    board = worst.get_attribute("data-board")
    tiles = tuple(int(t) for t in board.split(","))
    assert DISTANCES[tiles] == 1
    worst.get_by_role("link", name="Open this board").click()
    expect(app.locator("#board")).to_have_attribute("data-board", board)
    csv = download(app, lambda: app.get_by_role("button", name="Download check (CSV)").click(), "npuzzle-check.csv")
    header, row = csv.strip().split("\n")
    assert header.startswith("file,heuristic,rows,cols,admissible,consistent") and ",false," in row
    if engine(app) == "chromium":  # (Firefox over BiDi has no clipboard permission to grant)
        app.context.grant_permissions(["clipboard-read", "clipboard-write"])
        app.get_by_role("button", name="Copy check as Markdown").click()
        expect(app.locator("#check-export-state")).to_have_text("Check copied as Markdown.")
        markdown = app.evaluate("navigator.clipboard.readText()")
        assert markdown.startswith("**my_heuristic.py**: not admissible") and "| Admissible | no |" in markdown
    code = download(app, lambda: app.get_by_role("button", name="Download .py").first.click(), "my_heuristic.py")
    assert code == INADMISSIBLE


WATCH_CHECK_BUTTON = """() => {
  const button = document.getElementById("check-heuristic"), part = document.getElementById("heuristic-code");
  const host = document.getElementById("heuristic-editor");
  window.__checkAt = [];
  let after = 0; // frames seen with the editor in place
  const frame = () => {
    const editor = host.shadowRoot && host.shadowRoot.querySelector(".cm-editor");
    if (part.open) window.__checkAt.push([Math.round(button.getBoundingClientRect().top + scrollY),
      editor ? "editor" : host.querySelector("textarea[data-placeholder]") ? "closed panel's text" : "text area"]);
    if (!editor || ++after < 20) requestAnimationFrame(frame);
  };
  frame();
}"""


def test_opening_your_heuristic_puts_check_where_it_stays_as_the_editor_loads(app: Any, site_url: str) -> None:
    """A person who opens "Your heuristic" and presses Check at once presses Check: the text area
    that holds the code until the editor has loaded takes the editor's room, so nothing under it
    moves when the editor takes over (a WebDriver click landed beside a button that moved so).
    At a desktop's width, where no line of the template wraps; on a phone's, the editor estimates
    the height of wrapped lines it has not drawn, and the buttons move once when it has loaded.
    (1366 px: the panels' column beside the board's is wide enough for the template's 79
    columns.)"""
    app.set_viewport_size({"width": 1366, "height": 900})
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    app.evaluate(WATCH_CHECK_BUTTON)
    open_part(app, "heuristic")
    app.wait_for_function("() => window.__checkAt.filter(([, holder]) => holder === 'editor').length >= 20")
    seen = app.evaluate("window.__checkAt")
    tops = {top for top, holder in seen if holder != "closed panel's text"}  # (until the panel's open event: a frame at most)
    assert max(tops) - min(tops) <= 1, [(top, holder, len(list(group))) for (top, holder), group in itertools.groupby(seen)]


def test_the_editor_is_usable_by_keyboard_and_indents_by_itself(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    box = open_part(app, "heuristic")
    write(app, box, "")
    app.keyboard.type("def h(tiles, goal, rows, cols):")
    app.keyboard.press("Enter")
    app.keyboard.type("return sum(1 for t, g in zip(tiles, goal) if t and t != g)")
    # Enter indented the body by itself; Space typed a space (not the page's play shortcut).
    assert app.evaluate("() => document.querySelector('#heuristic-editor').shadowRoot.querySelector('.cm-content').innerText").startswith(
        "def h(tiles, goal, rows, cols):\n    return sum(1 for t")
    # Escape, then Tab, leaves the editor for the next control (the first Escape closes the
    # completion list that typing opened).
    app.keyboard.press("Escape")
    app.keyboard.press("Escape")
    app.keyboard.press("Tab")
    focused = app.evaluate("() => document.activeElement.id")
    assert focused != "heuristic-editor" and focused, focused
    expect(check(app)).to_have_attribute("data-admissible", "true")  # misplaced tiles


def test_an_endless_loop_and_a_syntax_error_give_their_message_while_the_solver_still_solves(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&algorithm=astar&heuristic=manhattan")
    box = open_part(app, "heuristic")
    write(app, box, BROKEN)
    app.get_by_role("button", name="Check", exact=True).click()
    error = app.locator("#heuristic-code-error")
    expect(error).to_have_text(re.compile(r"^my_heuristic\.py line 3: SyntaxError: "))
    expect(app.locator("#heuristic-editor .cm-lintRange-error, #heuristic-editor .cm-lintRange")).to_have_count(1)
    write(app, box, ENDLESS)
    app.get_by_role("button", name="Check", exact=True).click()
    # The solver is another worker: it solves while the person's h loops.
    assert solve_and_read_length(app) == 31
    status = app.locator("#check-status")
    expect(status).to_have_attribute("data-state", "stopped", timeout=40_000)
    expect(status).to_contain_text("stopped answering for 1")  # 10 s, or 11 by the watch's tick
    expect(error).to_contain_text("Your code was stopped")
    # And the code's worker starts afresh: the template checks again.
    app.get_by_role("button", name="Start from the template").first.click()
    expect(check(app)).to_have_attribute("data-admissible", "true")


def test_a_persons_search_is_replayed_and_an_illegal_move_refused_with_its_step(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,0,7,8&goal=blank-last")
    box = open_part(app, "search")
    app.get_by_role("button", name="Run on the board").click()
    status = app.locator("#search-status")
    expect(status).to_have_attribute("data-state", "solved", timeout=60_000)
    expect(status).to_contain_text("Your search: 2 moves, replayed to the goal")
    expect(app.locator("#move-list")).to_have_attribute("data-moves", "LL")
    write(app, box, ILLEGAL_SEARCH)
    app.get_by_role("button", name="Run on the board").click()
    expect(app.locator("#search-code-error")).to_contain_text("step 1 of 1: tile 1 is not next to the blank")
    expect(status).to_have_attribute("data-state", "failed")


def test_a_persons_search_stopped_by_the_node_limit_is_told_so_not_that_it_found_nothing(app: Any, site_url: str) -> None:
    # The template (breadth-first search) needs far more than 50 expansions from a 31-move board:
    # Python stops it at the node limit ("node-limit"), and the page says so, not "it returned None".
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    app.locator("summary", has_text="Limits").click()
    # The Limits fields' bounds are Python's caps, read from its info.
    expect(app.get_by_label("Max nodes")).to_have_attribute("max", str(CAPS.max_nodes))
    expect(app.get_by_label("Seconds")).to_have_attribute("max", f"{CAPS.time_limit:g}")
    fill_number(app.get_by_label("Max nodes"), "50")
    open_part(app, "search")
    app.get_by_role("button", name="Run on the board").click()
    status = app.locator("#search-status")
    expect(status).to_have_attribute("data-state", "stopped", timeout=60_000)
    expect(status).to_contain_text("Your search was stopped by the node limit after 50 expansions")
    expect(status).not_to_contain_text("returned None")


def test_a_link_carries_the_code_and_opens_without_running_it(app: Any, site_url: str, browser: Any) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    write(app, open_part(app, "heuristic"), INADMISSIBLE)
    app.get_by_role("button", name="Use in the Heuristic menu").click()
    expect(app).to_have_url(re.compile(r"hcode=[A-Za-z0-9_-]+"))
    expect(app).to_have_url(re.compile(r"heuristic=custom"))
    address = app.url
    other = browser.new_context().new_page()
    try:
        other.goto(address)
        consent = other.locator("#code-consent")
        expect(consent).to_be_visible(timeout=60_000)
        expect(consent).to_contain_text("It has not run")
        expect(other.get_by_role("textbox", name="Your heuristic (Python)")).to_contain_text("return 0 if tiles == goal else 5")
        other.wait_for_timeout(500)
        expect(other.locator("#check-result")).to_be_hidden()
        assert other.locator("#heuristic option[value=custom]").count() == 0
        other.get_by_role("button", name="Run", exact=True).click()
        expect(consent).to_be_hidden()
        expect(other.get_by_label("Heuristic", exact=True)).to_have_value("custom")
        expect(other.locator("#check-result")).to_have_attribute("data-admissible", "false", timeout=90_000)
    finally:
        other.context.close()


# "Trojan Source": a zero-width space makes "plain\u200b" another string than "plain", and a
# right-to-left override makes a comment show "return 0," where Python reads only a comment.
TROJAN = ('def h(tiles, goal, rows, cols):\n    mode = "plain\u200b"\n    if mode == "plain":  # \u202e ,0 nruter\n'
          '        return 0\n    return sum(t != g for t, g in zip(tiles, goal) if t)\n')
# The first and the last letter of what follows the override, where the page draws them (x).
LETTERS_AT = """(box) => {
  const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, at = node.data.indexOf(",0 nruter");
    if (at < 0) continue;
    const x = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect().x; };
    return [x(at), x(at + ",0 nruter".length - 1)];
  }
  return null;
}"""


def test_a_links_hidden_characters_are_said_before_run_and_marked_in_the_code(app: Any, site_url: str) -> None:
    """The consent says the code's length and names each invisible or direction-changing
    character; the editor draws each as a red mark with its code point in the character's place,
    so the override reorders nothing (the letters after it stay in their order, left to right)."""
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&hcode={packed_code(TROJAN)}")
    consent = app.locator("#code-consent")
    expect(consent).to_be_visible(timeout=60_000)
    expect(consent).to_have_attribute("data-heuristic-lines", "5")
    expect(consent).to_have_attribute("data-hidden-count", "2")
    expect(consent).to_have_attribute("data-hidden-chars", "U+200B U+202E")
    expect(app.locator("#code-consent-text")).to_have_text(
        "This link carries a heuristic of 5 lines written by someone else. It has not run: read it under Your code, then press "
        "Run to use it. Until then the menus offer the site's own algorithms and heuristics. The heuristic holds 2 invisible or direction-changing characters (U+200B, U+202E), each marked in the code "
        "by its code point.")
    box = app.get_by_role("textbox", name="Your heuristic (Python)")
    expect(box).to_have_attribute("contenteditable", "true")
    marks = box.locator(".cm-hiddenChar")
    expect(marks).to_have_text(["U+200B", "U+202E"])
    assert [marks.nth(i).get_attribute("title") for i in range(2)] == ["U+200B zero width space", "U+202E right-to-left override"]
    assert [marks.nth(i).get_attribute("aria-label") for i in range(2)] == ["U+200B zero width space", "U+202E right-to-left override"]
    for i in range(2):
        drawn = marks.nth(i).bounding_box()
        assert drawn is not None and drawn["width"] > 10, drawn
    # Red and boxed, by the editor's theme (its constructable style sheet: no CSP violation).
    style = marks.first.evaluate("""(mark) => {
      const error = getComputedStyle(document.getElementById("heuristic-code-error")).color;
      const drawn = getComputedStyle(mark);
      return [drawn.color === error, drawn.borderTopColor === error, drawn.borderTopStyle];
    }""")
    assert style == [True, True, "solid"]
    shown = box.evaluate("(box) => box.textContent")
    assert "\u202e" not in shown and "\u200b" not in shown and "U+202E" in shown
    first, last = box.evaluate(LETTERS_AT)
    assert first < last, "the override still reverses the text after it"
    app.wait_for_timeout(500)
    expect(app.locator("#check-result")).to_be_hidden()  # nothing ran


HUGE = "hoard = []\n\n\ndef h(tiles, goal, rows, cols):\n    hoard.append(bytearray(400_000_000))\n    return 0\n"


def test_a_huge_allocation_is_stopped_by_the_memory_cap_while_the_solver_still_solves(app: Any, site_url: str) -> None:
    """The second 400 MB passes the cap of the worker that runs the code (512 MB): the
    allocation fails at once, the message names that limit, and a fresh worker takes the next
    try. (Doors out of the sandbox: tests/test_page_sandbox.py.)"""
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&algorithm=astar&heuristic=manhattan")
    box = open_part(app, "heuristic")
    write(app, box, HUGE)
    app.get_by_role("button", name="Check", exact=True).click()
    error = app.locator("#heuristic-code-error")
    expect(error).to_contain_text("your code tried to use more than 512 MB of memory, the limit of the worker that runs it",
                                  timeout=60_000)
    expect(app.locator("#check-status")).to_have_attribute("data-state", "stopped")
    assert solve_and_read_length(app) == 31
    app.get_by_role("button", name="Start from the template").first.click()
    expect(check(app)).to_have_attribute("data-admissible", "true")


def test_your_heuristic_and_search_race_in_compare_all_and_explain_h(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,0,7,8&goal=blank-last")
    open_part(app, "heuristic")
    app.get_by_role("button", name="Use in the Heuristic menu").click()
    open_part(app, "search")
    # Why h: the person's h on the board shown (the template is Manhattan: 2 here).
    app.locator("#why-h-summary").click()
    expect(app.locator("#why-h-sum")).to_contain_text("2")
    expect(app.locator("#why-h-summary")).to_contain_text("Your heuristic (my_heuristic.py)")
    app.get_by_role("button", name="Compare all").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "compared", timeout=120_000)
    rows = app.locator("#compare-table tbody tr")
    texts = rows.all_inner_texts()
    own = [t for t in texts if "Your heuristic (my_heuristic.py)" in t]
    assert len(own) >= 3, texts  # every informed algorithm ran it
    search = [t for t in texts if "Your search (my_search.py)" in t]
    assert len(search) == 1 and "\t2\t" in search[0], search
    # The search tree of A* with the person's heuristic.
    app.get_by_label("Algorithm", exact=True).select_option("astar")
    app.get_by_role("button", name="Search tree").click()
    expect(app.locator("#tree-step-text")).to_contain_text("Expansion", timeout=60_000)


SLOW = ("def h(tiles, goal, rows, cols):\n    for _ in range(3000):\n        pass\n"
        "    return sum(1 for t, g in zip(tiles, goal) if t and t != g)\n")
ENDLESS_SEARCH = "def search(problem):\n    while True:\n        pass\n"


def test_a_check_shows_progress_and_cancels_and_a_search_is_cancelled_at_once(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    write(app, open_part(app, "heuristic"), SLOW)
    app.get_by_role("button", name="Check", exact=True).click()
    status = app.locator("#check-status")
    expect(status).to_contain_text(re.compile(r"of 181,440 boards \(\d"), timeout=60_000)
    app.get_by_role("button", name="Cancel check").click()
    expect(status).to_have_attribute("data-state", "cancelled")
    result = app.locator("#check-result")
    expect(result).to_be_visible()
    states = int(result.get_attribute("data-states"))
    assert 0 < states < 181_440
    expect(result).to_have_attribute("data-admissible", "null")  # what was not checked is not claimed
    # A search that never returns: Cancel ends its worker at once.
    write(app, open_part(app, "search"), ENDLESS_SEARCH)
    app.get_by_role("button", name="Run on the board").click()
    search_status = app.locator("#search-status")
    expect(search_status).to_contain_text("Running your search")
    app.get_by_role("button", name="Cancel search").click()
    expect(search_status).to_have_attribute("data-state", "stopped")
    expect(search_status).to_contain_text("you cancelled your search")


def test_a_4x4_check_samples_and_claims_no_more_than_it_saw(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15&goal=blank-last")
    open_part(app, "heuristic")
    expect(app.get_by_label("Check on")).to_have_value("4x4")  # the board's size
    result = check(app)
    expect(result).to_have_attribute("data-admissible", "null")
    expect(result).to_have_attribute("data-exhaustive", "false")
    expect(app.locator("#check-verdict")).to_contain_text(re.compile(r"^no overestimate found on [\d,]+ boards"))
    expect(app.locator("#check-facts")).to_contain_text("Korf's 100 instances")
