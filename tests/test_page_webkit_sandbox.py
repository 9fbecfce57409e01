"""The adversarial suite of tests/test_page_sandbox.py in WebKitGTK (the engine of Safari),
through WebKitWebDriver: every door a linked program might try, shut. Every page load takes
WebKitGTK seconds (Python starts in each), so the doors that leave the code's worker running
are tried by one link, one after another, and those that end it each by a link of its own.
Skipped, with the reason, where the machine has no WebKitWebDriver."""

from __future__ import annotations

from typing import Iterator

import pytest

from .test_page_sandbox import CHECK_ENDED, DOORS, PYTHON_ONLY, Door, Site, WebKitDriver, every_door, sandbox_site, try_door  # noqa: F401 - a fixture
from .webkit import Waited, skip_without_webkit, webkit_page

pytestmark = [
    pytest.mark.browser,
    # Selenium 4.51's own WebKitGTK class passes RemoteConnection an argument it deprecates.
    pytest.mark.filterwarnings("ignore:setting remote_server_addr in RemoteConnection:DeprecationWarning"),
]


@pytest.fixture(scope="module")
def webkit_driver(sandbox_site: Site) -> Iterator[WebKitDriver]:
    """One WebKitGTK window for the module; skipped (with why) where WebKit is missing."""
    skip_without_webkit()
    with webkit_page() as page:
        yield WebKitDriver(page)


PANEL = """
const byId = (id) => document.getElementById(id);
const result = byId("check-result").dataset;
return { status: byId("check-status").textContent, state: byId("check-status").dataset.state,
         error: byId("heuristic-code-error").textContent, consent: byId("code-consent-text").textContent,
         admissible: result.admissible, consistent: result.consistent, states: result.states };
"""
"""What the "Your code" panel says of its check (a failed check's message with it)."""

WEBKIT_DOORS = [every_door(DOORS), *(d for d in DOORS if d.name in PYTHON_ONLY and not d.name.endswith("-slowly"))]
"""Every door at once, then each door that needs no JavaScript (a limit, a forged answer); of the
places that hold bytes (a pipe, a socket, a link's target, a device), each filled at once: the
slow fill of each is Chromium's and Firefox's (each WebKitGTK page load starts Python anew)."""


@pytest.mark.parametrize("door", WEBKIT_DOORS, ids=lambda d: d.name)
def test_a_linked_door_out_of_the_sandbox_stays_shut_in_webkit(webkit_driver: WebKitDriver, sandbox_site: Site, door: Door) -> None:
    try_door(webkit_driver, sandbox_site, door)


def test_your_code_checks_in_webkit_too(webkit_driver: WebKitDriver, sandbox_site: Site) -> None:
    """The panel as a person uses it: the template heuristic checked on every 3x3 state in its
    sandbox, admissible and consistent, the solver still solving beside it."""
    page = webkit_driver.page
    webkit_driver.stored = False
    webkit_driver.load(f"{sandbox_site.url}#board=8,6,7,2,5,4,3,0,1&goal=blank-last")
    page.click("#heuristic-code > summary")  # the template, in the editor (in its shadow root)
    page.wait_for("const host = document.getElementById('heuristic-editor');"
                  " return Boolean(host.shadowRoot && host.shadowRoot.querySelector('.cm-content[contenteditable=true]')) && !host.style.height;",
                  "the editor in its own room, as a person sees it before pressing Check")
    for tries in range(3):  # as a person clicks again when nothing happened: under load WebKitWebDriver's
        page.click("#check-heuristic")  # click once landed beside a button that had just moved
        try:
            page.wait_for("return document.getElementById('check-status').dataset.state || '';", "the check to start", 15)
            break
        except Waited:
            if tries == 2:
                raise
    state = webkit_driver.wait(CHECK_ENDED, "the check to end", 180)
    said = page.run(PANEL)
    assert state == "checked" and said["admissible"] == "true", said
    assert said["consistent"] == "true" and said["states"] == "181440", said
    assert webkit_driver.solve() == 31
