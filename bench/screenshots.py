"""Screenshots of the page, for a person to look at: every view the page tests once saved
(they now measure the layout instead), taken in each engine asked for and printed as it goes.

    .venv/bin/python bench/screenshots.py                      # Chromium
    .venv/bin/python bench/screenshots.py --browser chromium --browser firefox

The site is built and served by the harness (tests/browsers.py; ``NPUZZLE_SITE`` names a
built one to use instead); each shot is tests/pages.py's ``screenshot`` (which excuses the
inline style Playwright inserts under WebDriver BiDi, and nothing else) into
test-results/screenshots/<engine>/<name>.png:

- phone, phone-dark, desktop, desktop-dark: the whole page, a 31-move 3x3 at step 9 after
  Compare all;
- compare-<size>: the comparison's panel (a ``view=compare`` link);
- why-h-<heuristic>-<size>: the solution's panel with "Why h" open (linear-conflict, pdb);
- trace-<algorithm>-<size>: the trace after a 4x4 solve (idastar, anytime; pdb);
- tree-<size>, tree-diagram-<size>: the search tree's panel, as an outline and as boards;
- code-<size>[-dark]: Your code, an inadmissible heuristic checked and a search refused.

Sizes are tests/pages.py's SIZES (phone 390x844, desktop 1280x900). The exit status is 1 if a
page logs an error, leaves the site or violates its Content-Security-Policy (the harness's
``watch``).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import common  # noqa: E402,F401 - this checkout's package on sys.path
from npuzzle.random_boards import random_board  # noqa: E402
from tests.browsers import launch, open_link, served_site, solve_and_read_length, watch  # noqa: E402
from tests.pages import HARD, SIZES, screenshot  # noqa: E402

COMPARE_BOARD = "1,2,3,4,0,6,7,5,8"  # 2 moves: every algorithm finishes at once
TRACE_BOARD = "11,14,0,7,10,3,1,9,13,15,4,8,6,12,5,2"  # 56 moves from blank-first


def tree_link(rows: int, cols: int, seed: int, algorithm: str, extra: str) -> str:
    board = random_board(rows, cols, seed=seed)
    return (f"#board={board.to_string()}&goal=blank-last&size={rows}x{cols}"
            f"&algorithm={algorithm}&heuristic=manhattan{extra}")


def whole_page(page: Any, url: str) -> list[Path]:
    from playwright.sync_api import expect

    page.set_viewport_size(SIZES[0][1])
    open_link(page, url, f"#board={HARD}&step=9")
    expect(page.locator("#step-counter")).to_contain_text("Step 9 of 31", timeout=60_000)
    page.get_by_role("button", name="Compare all").click()
    expect(page.locator("#status")).to_have_attribute("data-state", "compared", timeout=120_000)
    shots = []
    for name, viewport in SIZES:
        page.set_viewport_size(viewport)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shots.append(screenshot(page, name + ("-dark" if scheme == "dark" else "")))
    page.emulate_media(color_scheme="light")
    return shots


def comparison(page: Any, url: str) -> list[Path]:
    from playwright.sync_api import expect

    page.set_viewport_size(SIZES[0][1])
    open_link(page, url, f"#board={COMPARE_BOARD}&goal=blank-last&view=compare")
    expect(page.locator("#status")).to_have_attribute("data-state", "compared", timeout=90_000)
    shots = []
    for name, viewport in SIZES:
        page.set_viewport_size(viewport)
        shots.append(screenshot(page.locator("#compare-panel"), f"compare-{name}"))
    return shots


def why_h(page: Any, url: str) -> list[Path]:
    from playwright.sync_api import expect

    shots = []
    for heuristic in ("linear-conflict", "pdb"):
        page.set_viewport_size(SIZES[0][1])
        open_link(page, url, f"#board={HARD}&goal=blank-last&algorithm=astar&heuristic={heuristic}")
        if not page.locator("#why-h").evaluate("(details) => details.open"):  # open from the last link
            page.locator("#why-h-summary").click()
        expect(page.locator("#why-h-terms")).to_be_visible()
        for name, viewport in SIZES:
            page.set_viewport_size(viewport)
            shots.append(screenshot(page.locator(".stage"), f"why-h-{heuristic}-{name}"))
    return shots


def trace(page: Any, url: str) -> list[Path]:
    from playwright.sync_api import expect

    shots = []
    for algorithm in ("idastar", "anytime"):
        page.set_viewport_size(SIZES[0][1])
        open_link(page, url, f"#board={TRACE_BOARD}&goal=blank-first&algorithm={algorithm}&heuristic=pdb")
        solve_and_read_length(page)
        expect(page.locator("#trace")).to_be_visible()
        for name, viewport in SIZES:
            page.set_viewport_size(viewport)
            shots.append(screenshot(page.locator("#trace"), f"trace-{algorithm}-{name}"))
    return shots


def tree(page: Any, url: str) -> list[Path]:
    from playwright.sync_api import expect

    shots = []
    for name, viewport in SIZES:
        page.set_viewport_size(viewport)
        open_link(page, url, tree_link(2, 4, 1, "idastar", "&view=tree&step=40"))
        expect(page.locator("#tree-step-text")).to_contain_text(re.compile(r"^Expansion 40 of "))
        shots.append(screenshot(page.locator("#tree-panel"), f"tree-{name}"))
        page.goto("about:blank")  # a fresh page: the tree's menus hold the last link's choices
        open_link(page, url, tree_link(3, 3, 3, "astar", "&view=diagram&step=12"))
        expect(page.locator("#tree-step-text")).to_contain_text(re.compile(r"^Expansion 12 of "))
        expect(page.locator("#tree-diagram [data-state=current]")).to_have_count(1)
        shots.append(screenshot(page.locator("#tree-panel"), f"tree-diagram-{name}"))
        page.goto("about:blank")
    return shots


def your_code(page: Any, url: str) -> list[Path]:
    from playwright.sync_api import expect

    from tests.pages import check, open_part, write

    shots = []
    page.set_viewport_size(SIZES[0][1])
    open_link(page, url, f"#board={HARD}&goal=blank-last")
    write(page, open_part(page, "heuristic"), "def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else 5\n")
    expect(check(page)).to_have_attribute("data-admissible", "false")
    box = open_part(page, "search")
    write(page, box, "def search(problem):\n    return [problem.start[0]]\n")
    page.get_by_role("button", name="Run on the board").click()
    expect(page.locator("#search-code-error")).to_be_visible(timeout=60_000)
    for name, viewport in SIZES:
        page.set_viewport_size(viewport)
        # An editor off screen measures its wrapped lines again only once it is shown (its
        # gutter is a line off until then): show the first one and give it a frame.
        page.locator("#heuristic-code").scroll_into_view_if_needed()
        page.wait_for_timeout(200)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shots.append(screenshot(page.locator("#code-panel"), f"code-{name}" + ("-dark" if scheme == "dark" else "")))
    page.emulate_media(color_scheme="light")
    return shots


VIEWS: list[Callable[[Any, str], list[Path]]] = [whole_page, comparison, why_h, trace, tree, your_code]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--browser", action="append", choices=("chromium", "firefox"),
                        help="an engine to take them in (repeatable; default chromium)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    with served_site() as url, sync_playwright() as playwright:
        for name in args.browser or ["chromium"]:
            browser = launch(playwright, name)
            try:
                for view in VIEWS:
                    page = browser.new_page()
                    watch(page, url, problems, where=f"{name} {view.__name__}")
                    for path in view(page, url):
                        print(path.relative_to(common.ROOT), flush=True)
                    page.close()
            finally:
                browser.close()
    for problem in problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
