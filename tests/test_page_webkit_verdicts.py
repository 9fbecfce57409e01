"""The core of tests/test_page_verdicts.py in WebKitGTK (the engine of Safari), through
WebKitWebDriver: a link's code that replaces what it can reach in its own Python cannot forge
the verdict on a second link's code checked in the same tab. Skipped, with the reason, where the
machine has no WebKitWebDriver."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from .browsers import serve
from .pages import HARD, packed_code
from .test_page_verdicts import HOSTILE, TWICE, fresh_verdict
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


def run_linked(page: WebKitPage) -> dict[str, str]:
    """Press the consent's Run (it checks the link's heuristic); the check's end and verdict."""
    page.wait_for("return !document.getElementById('code-consent').hidden;", "the consent of the link's code", 60)
    page.click("#code-run-linked")
    state = page.wait_for("const s = document.getElementById('check-status').dataset.state || '';"
                          " return s && s !== 'checking' ? s : '';", "the check to end", 180)
    verdict: dict[str, str] = page.run("return {state: arguments[0], verdict: document.getElementById('check-verdict').textContent,"
                                       " error: document.getElementById('heuristic-code-error').textContent};", state)
    return verdict


def test_a_second_link_s_verdict_is_its_own_in_webkit(webkit: tuple[WebKitPage, str]) -> None:
    page, url = webkit
    page.load(f"{url}#board={HARD}&goal=blank-last&hcode={packed_code(HOSTILE)}")
    first = run_linked(page)
    assert first["state"] == "checked", first
    page.open_link(url, f"#board={HARD}&goal=blank-last&hcode={packed_code(TWICE)}")
    second = run_linked(page)
    assert second["state"] == "checked" and second["verdict"] == fresh_verdict(TWICE), second
