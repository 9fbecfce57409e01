"""The adversarial suite of tests/test_page_sandbox.py in WebKitGTK (the engine of Safari),
through WebKitWebDriver: every door a linked program might try, shut. Every page load takes
WebKitGTK seconds (Python starts in each), so the doors that leave the code's worker running
are tried by one link, one after another, and those that end it each by a link of its own.
Skipped, with the reason, where the machine has no WebKitWebDriver."""

from __future__ import annotations

from typing import Iterator

import pytest

from .test_page_sandbox import DOORS, Door, Site, WebKitDriver, every_door, sandbox_site, try_door  # noqa: F401 - a fixture
from .webkit import unavailable, webkit_page

pytestmark = [
    pytest.mark.browser,
    # Selenium 4.51's own WebKitGTK class passes RemoteConnection an argument it deprecates.
    pytest.mark.filterwarnings("ignore:setting remote_server_addr in RemoteConnection:DeprecationWarning"),
]


@pytest.fixture(scope="module")
def webkit_driver(sandbox_site: Site) -> Iterator[WebKitDriver]:
    """One WebKitGTK window for the module; skipped (with why) where WebKit is missing."""
    reason = unavailable()
    if reason:
        message, mistaken = reason
        if mistaken:
            pytest.fail(message)  # a misnamed driver must not pass as skipped
        pytest.skip(message)
    with webkit_page() as page:
        yield WebKitDriver(page)


WEBKIT_DOORS = [every_door(DOORS), *(d for d in DOORS if d.ends is not None or "stopped" in d.states)]


@pytest.mark.parametrize("door", WEBKIT_DOORS, ids=lambda d: d.name)
def test_a_linked_door_out_of_the_sandbox_stays_shut_in_webkit(webkit_driver: WebKitDriver, sandbox_site: Site, door: Door) -> None:
    try_door(webkit_driver, sandbox_site, door)
