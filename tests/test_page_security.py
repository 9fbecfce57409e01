"""The page's Content-Security-Policy is in force in the browser, and the tests would see a breach."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import CSP_WATCH
from .pages import open_link

BLOCKED_PROBE = """async () => {
  window.__ran = false;
  const script = document.createElement("script");
  script.textContent = "window.__ran = true";
  document.body.append(script);
  let fetched = true;
  try { await fetch("https://example.invalid/x"); } catch { fetched = false; }
  await new Promise((r) => setTimeout(r, 100));
  script.remove();  // a page shared with a later test (WebKit's) keeps no stray script element
  return { ran: window.__ran, fetched };
}"""
"""Adds an inline script and fetches another origin: the policy must block both (used in every
engine's CSP test)."""


def test_the_policy_blocks_inline_script_and_the_watch_reports_it(page: Any, site_url: str) -> None:
    """Not through the `app` fixture (which fails on any violation): here one is caused on
    purpose, an inline script and a request to another origin, and both are blocked and
    reported; so the watch every page test runs is known to work."""
    seen: list[str] = []
    page.expose_function("__cspViolation", lambda what: seen.append(what))
    page.add_init_script(CSP_WATCH)
    open_link(page, site_url, "#board=1,2,3,4,5,6,7,8,0")
    ran = page.evaluate(BLOCKED_PROBE)
    assert ran == {"ran": False, "fetched": False}
    expect(page.get_by_role("button", name="Solve")).to_be_enabled()
    assert any(v.startswith("script-src") for v in seen), seen
    assert any(v.startswith("connect-src") for v in seen), seen
