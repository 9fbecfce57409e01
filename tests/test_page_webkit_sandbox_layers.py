"""The sandbox's layers, each with the layers in front of it turned off
(tests/test_page_sandbox_layers.py), in WebKitGTK (the engine of Safari) through WebKitWebDriver:
the site's own frame against every door, the frame's policy alone, the opaque origin alone and
the relay alone. In WebKitGTK the opaque origin alone does not keep the site's cookies from
going with a request to the site (measured: a credentialed fetch and importScripts from the
frame's worker carried them when the frame had no policy); the frame's policy, which lets no
request out, is what keeps them there. Skipped, with the reason, where the machine has no
WebKitWebDriver."""

from __future__ import annotations

import time
from typing import Iterator

import pytest

from .test_page_sandbox_layers import (  # noqa: F401 - lab_site: a fixture
    DOOR_REFUSED, FLOODS, Flood, Lab, LabSite, lab_site, opaque_origin_holds_alone, policy_holds_alone,
    relay_ends_a_flood, site_frame_holds_every_door, site_sandbox_ends_what_a_layer_refuses,
)
from .test_page_sandbox import REFUSAL
from .webkit import COLLECTOR, skip_without_webkit, webkit_page

pytestmark = [
    pytest.mark.browser,
    # Selenium 4.51's own WebKitGTK class passes RemoteConnection an argument it deprecates.
    pytest.mark.filterwarnings("ignore:setting remote_server_addr in RemoteConnection:DeprecationWarning"),
]


@pytest.fixture(scope="module")
def webkit_lab(lab_site: LabSite) -> Iterator[Lab]:
    """One WebKitGTK window for the module, failing on the lab page's own errors; skipped (with
    why) where WebKit is missing."""
    skip_without_webkit()
    with webkit_page() as page:
        def goto(url: str) -> None:
            page.driver.get(url)
            page.run(COLLECTOR)
        yield Lab(lab_site, "webkit", page.evaluate, goto, time.sleep)
        problems = page.run("return window.__problems || [];")
    own = [p for p in problems if not REFUSAL.search(p) and not DOOR_REFUSED.search(p)]
    assert own == [], own


def test_the_site_frame_holds_every_door_in_webkit(webkit_lab: Lab) -> None:
    site_frame_holds_every_door(webkit_lab)


def test_the_frame_policy_holds_alone_in_webkit(webkit_lab: Lab) -> None:
    policy_holds_alone(webkit_lab)


def test_the_opaque_origin_holds_alone_in_webkit(webkit_lab: Lab) -> None:
    opaque_origin_holds_alone(webkit_lab, cookies_kept=False)


@pytest.mark.parametrize("flood", FLOODS, ids=lambda f: f.name)
def test_the_relay_alone_ends_a_worker_that_breaks_its_rules_in_webkit(webkit_lab: Lab, flood: Flood) -> None:
    relay_ends_a_flood(webkit_lab, flood)


@pytest.mark.parametrize("attack", ["garbled", "not-text"])
def test_the_site_sandbox_ends_what_the_reader_or_the_relay_refuses_in_webkit(webkit_lab: Lab, attack: str) -> None:
    site_sandbox_ends_what_a_layer_refuses(webkit_lab, attack)
