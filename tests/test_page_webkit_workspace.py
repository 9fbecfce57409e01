"""The core of tests/test_page_workspace.py in WebKitGTK (the engine of Safari), through
WebKitWebDriver: the board stays inside the viewport while the analysis steps through a game's
mistakes, at a desktop's and a phone's size, and the page stays free of errors and policy
violations meanwhile. Skipped, with the reason, where the machine has no WebKitWebDriver."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from .browsers import serve
from .test_page_workspace import GAME_LINK, JS_IN_VIEW, WORKSPACE_SIZES, inside
from .webkit import WebKitPage, skip_without_webkit, webkit_page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:setting remote_server_addr in RemoteConnection:DeprecationWarning"),
]


@pytest.fixture(scope="module")
def webkit(built_site: Path) -> Iterator[tuple[WebKitPage, str]]:
    """One WebKitGTK window and the served site; skipped (with why) where WebKit is missing."""
    skip_without_webkit()
    with serve(built_site) as url, webkit_page() as page:
        yield page, url


@pytest.mark.parametrize(("name", "size"), WORKSPACE_SIZES, ids=[name for name, _ in WORKSPACE_SIZES])
def test_the_board_stays_in_view_while_stepping_through_mistakes_in_webkit(webkit: tuple[WebKitPage, str], name: str,
                                                                          size: dict[str, int]) -> None:
    page, url = webkit
    page.driver.set_window_size(size["width"], size["height"])
    # The window's size holds the browser's frame too: the viewport is what the page measures.
    page.load(url + GAME_LINK)
    page.wait_for("return document.getElementById('analysis-panel').dataset.state === 'analysed';", "the analysis", 180)
    seen = set()
    for _ in range(3):
        before = page.run("return document.getElementById('analysis-panel').dataset.selected;")
        page.click("#analysis-next-mistake")
        page.wait_for("return document.getElementById('analysis-panel').dataset.selected !== arguments[0];",
                      "the next mistake", 30, before)
        page.wait_for_timeout(400)  # a smooth scroll ends
        seen.add(page.run("return document.getElementById('board').dataset.board;"))
        box = page.evaluate(f"() => ({JS_IN_VIEW})('#board')")
        assert inside(box), (name, box)
    assert len(seen) == 3, seen
    assert page.problems() == [], page.problems()
