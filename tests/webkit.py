"""WebKitGTK (the engine of Safari) for the page tests: WebKitWebDriver driving MiniBrowser
through Selenium, on the display given or on an Xvfb display of its own.

Playwright cannot drive WebKit here (its own WebKit build cannot be downloaded, and the stock
MiniBrowser lacks its pipe), and WebKitWebDriver offers no BiDi: no console or page-error
events, no script run before the page's own. So the page is watched from inside: after every
load a collector (run through WebDriver's "execute script", which the page's
Content-Security-Policy does not block) records uncaught errors, unhandled rejections,
``console.error`` calls and policy violations, and the resources the page fetched (from the
start of the load, through the Resource Timing buffer) must all come from the site. An error
thrown before the load ends is seen by its effect: the solver never becomes ready, or shows
"failed".

``WebKitPage`` answers the few calls the harness's readers (tests/browsers.py, re-exported by
tests/pages.py) make on a Playwright page (``get_by_label(...).get_attribute``,
``locator(...).evaluate_all``, ``evaluate``, ``wait_for_timeout``), so ``board_of``,
``tiles_of``, ``distance``, ``solution_shown`` and test_page_offline's ``wait_stored`` work on it
unchanged. The harness finds WebKitWebDriver and MiniBrowser and launches them
(``webkit_page``, re-exported here).
"""

from __future__ import annotations

import re
import time
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement

from .browsers import (  # noqa: F401 - the WebKit tests and benchmarks import these from here
    JS_BOARD, JS_SOLVER_STATE, READY_STATES, READY_TIMEOUT, display, webkit_page,
)
from .browsers import find_webkit_browser as find_browser  # noqa: F401
from .browsers import find_webkit_driver as find_driver  # noqa: F401
from .browsers import webkit_unavailable as unavailable  # noqa: F401

WAIT_TIMEOUT = 30.0
"""Seconds any other wait lasts by default (a wait is not a loosened check: values stay exact)."""


def skip_without_webkit() -> None:
    """Skip the calling test (with why) where the machine has no WebKitWebDriver; fail it where a
    variable names a driver that is not there (a misnamed driver must not pass as skipped)."""
    import pytest

    reason = unavailable()
    if reason:
        message, mistaken = reason
        if mistaken:
            pytest.fail(message)
        pytest.skip(message)


# The element ``arguments[0]`` brought into view (at once), and whether its box and the page's
# scroll are what they were the last two times asked (a tenth of a second apart, as click() asks).
STILL_IN_VIEW = """
const e = document.querySelector(arguments[0]);
const box = e.getBoundingClientRect();
// (the board's dock stays over the page's or its column's top: an element under it is scrolled
// to, as a person scrolls to what they see covered)
const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
const covered = !hit || !(hit === e || e.contains(hit));
if (covered || box.top < 0 || box.bottom > innerHeight) e.scrollIntoView({ block: "center", behavior: "instant" });
const now = e.getBoundingClientRect();
const key = [now.top, now.left, now.width, now.height, scrollX, scrollY].join();
window.__still = window.__still && window.__still.key === key ? { key, times: window.__still.times + 1 } : { key, times: 0 };
return window.__still.times >= 2;
"""

# Installed after every load: what must not happen, kept in window.__problems.
COLLECTOR = """
if (!window.__problems) {
  const problems = window.__problems = [];
  const where = (e) => (e.filename ? ` (${e.filename}:${e.lineno})` : "");
  window.addEventListener("error", (e) => problems.push(`page error: ${e.message}${where(e)}`));
  window.addEventListener("unhandledrejection", (e) => problems.push(`unhandled rejection: ${e.reason && e.reason.message ? e.reason.message : e.reason}`));
  document.addEventListener("securitypolicyviolation", (e) =>
    problems.push(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
  const error = console.error;
  console.error = (...args) => { problems.push(`console error: ${args.map(String).join(" ")}`); error.apply(console, args); };
  window.alert = window.confirm = window.prompt = (text) => { problems.push(`dialog: ${text}`); };
  // Where the driver's clicks landed (a failed wait says so).
  window.__clicks = [];
  document.addEventListener("click", (e) => window.__clicks.push(`${e.target.id || e.target.tagName} at ${e.clientX},${e.clientY}`), true);
}
return true;
"""

# The resources this document fetched since its load began that came from another origin.
FOREIGN_RESOURCES = """
return performance.getEntriesByType("resource").map((e) => e.name)
  .filter((url) => /^https?:/.test(url) && new URL(url).origin !== location.origin);
"""


class Waited(AssertionError):
    """A condition the page did not reach in time."""


class WebKitElement:
    """The part of a Playwright locator that tests/pages.py's readers use."""

    def __init__(self, page: WebKitPage, find: str, argument: str) -> None:
        self.page, self.find, self.argument = page, find, argument

    def _elements(self) -> str:
        return f"({self.find})(arguments[0])"

    def get_attribute(self, name: str) -> str | None:
        value = self.page.run(f"const e = {self._elements()}[0]; return e ? e.getAttribute(arguments[1]) : null;", self.argument, name)
        return None if value is None else str(value)

    def inner_text(self) -> str:
        return str(self.page.run(f"return {self._elements()}[0].innerText;", self.argument))

    def evaluate_all(self, function: str) -> Any:
        return self.page.run(f"return ({function})({self._elements()});", self.argument)

    def count(self) -> int:
        return int(self.page.run(f"return {self._elements()}.length;", self.argument))


BY_CSS = "(css) => Array.from(document.querySelectorAll(css))"
# Elements labelled ``label`` exactly, by aria-label or a <label for>.
BY_LABEL = """(label) => Array.from(document.querySelectorAll("[aria-label], label[for]")).flatMap((e) =>
  e.tagName === "LABEL" ? (e.textContent.trim() === label ? [document.getElementById(e.htmlFor)] : [])
                        : (e.getAttribute("aria-label") === label ? [e] : []))"""


class WebKitPage:
    """One WebKitGTK window driven through WebKitWebDriver, with the calls the tests need."""

    def __init__(self, driver: webdriver.WebKitGTK) -> None:
        self.driver = driver
        self.ready_seconds: list[tuple[str, float]] = []
        """Seconds from asking for each page load to the solver ready, with what was loaded."""

    # Playwright-shaped readers (tests/pages.py).
    def get_by_label(self, label: str, exact: bool = True) -> WebKitElement:
        return WebKitElement(self, BY_LABEL, label)

    def locator(self, css: str) -> WebKitElement:
        return WebKitElement(self, BY_CSS, css)

    def evaluate(self, source: str) -> Any:
        """A JavaScript expression's value, or a function's (awaited if it is async), as
        Playwright's ``page.evaluate`` gives it."""
        is_function = bool(re.match(r"\s*(async\s*)?(\(|function\b|\w+\s*=>)", source))
        body = f"({source})()" if is_function else f"({source})"
        answer = self.driver.execute_async_script(
            f"const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => {body}).then((value) => done({{value}}), (e) => done({{error: String(e)}}));"
        )
        if "error" in answer:
            raise AssertionError(f"page script failed: {answer['error']}")
        return answer.get("value")

    def wait_for_timeout(self, milliseconds: float) -> None:
        time.sleep(milliseconds / 1000)

    # Our own.
    def run(self, script: str, *arguments: Any) -> Any:
        """``script`` run in the page (a function body: ``return`` gives its value)."""
        return self.driver.execute_script(script, *arguments)

    def element(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def click(self, css: str) -> None:
        """A real click (WebDriver's, as a person's) on the element ``css``, once it is enabled,
        in view and still (as a person clicks what they see). WebKitWebDriver takes the point to
        click before the page has settled from its own scrolling: an editor above the element
        that draws the lines it scrolled into view, and finds them taller or shorter than it
        guessed, moves the element first (a click on Check landed 250 px below it)."""
        self.wait_for(f"const e = document.querySelector({css!r}); return e && !e.disabled && !e.hidden;", f"{css} enabled")
        self.wait_for(STILL_IN_VIEW, f"{css} in view and still", WAIT_TIMEOUT, css)
        self.element(css).click()

    def text(self, css: str) -> str:
        return str(self.run("const e = document.querySelector(arguments[0]); return e ? e.textContent : '';", css))

    def wait_for(self, script: str, what: str, timeout: float = WAIT_TIMEOUT, *arguments: Any) -> Any:
        """Wait until ``script`` (a function body) returns something truthy; that value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(script, *arguments)
            if value:
                return value
            if time.monotonic() > deadline:
                raise Waited(f"waited {timeout:.0f} s for {what}; the page says: {self.run(SNAPSHOT)}")
            time.sleep(0.1)

    def wait_text(self, css: str, pattern: str, timeout: float = WAIT_TIMEOUT) -> re.Match[str]:
        """Wait until the text of ``css`` matches the regular expression ``pattern``."""
        self.wait_for(
            "const e = document.querySelector(arguments[0]); return e && new RegExp(arguments[1]).test(e.textContent);",
            f"{css} to match {pattern!r}", timeout, css, pattern,
        )
        match = re.search(pattern, self.text(css))
        assert match, (css, pattern, self.text(css))
        return match

    def wait_board(self, board: str, timeout: float = WAIT_TIMEOUT) -> None:
        """Wait until the page shows ``board`` (its data-board, "1,2,3,...")."""
        self.wait_for(f"return {JS_BOARD} === arguments[0];",
                      f"the board {board}", timeout, board)

    def load(self, url: str, *, ready: str = "ready", timeout: float = READY_TIMEOUT) -> float:
        """Load ``url`` afresh (a new document, a new solver) and wait for the solver's state
        ``ready`` (or "failed"); the seconds that took."""
        started = time.monotonic()
        if self.driver.current_url.split("#")[0] == url.split("#")[0]:
            self.driver.get("about:blank")  # else a link differing only in its fragment stays in the page
        self.driver.get(url)
        self.run(COLLECTOR)
        self.wait_for(f"return {list(READY_STATES)!r}.includes({JS_SOLVER_STATE});", "the solver to start", timeout)
        seconds = time.monotonic() - started
        self.ready_seconds.append((url, seconds))
        assert self.run(f"return {JS_SOLVER_STATE};") == ready, self.text("#solver-state")
        return seconds

    def reload(self, *, timeout: float = READY_TIMEOUT) -> float:
        """Reload the page and wait for the solver to start; the seconds that took."""
        started = time.monotonic()
        self.driver.refresh()
        self.run(COLLECTOR)
        self.wait_for(f"return {list(READY_STATES)!r}.includes({JS_SOLVER_STATE});", "the solver to start", timeout)
        seconds = time.monotonic() - started
        self.ready_seconds.append((self.driver.current_url + " (reloaded)", seconds))
        return seconds

    def open_link(self, site_url: str, fragment: str, *, board: str | None = None, fresh: bool = False) -> None:
        """Open the site at ``fragment``: in the page already open on the site (a link
        followed within it, as Back or a pasted link does: no new Python) unless ``fresh``;
        then wait for the solver to be ready and, if ``board`` is given, for it to be drawn."""
        current = self.driver.current_url.split("#")[0]
        if fresh or current != site_url or self.run(f"return {JS_SOLVER_STATE};") != "ready":
            self.load(site_url + fragment)
        else:
            self.driver.get(site_url + fragment)  # the same document: a hashchange
        if board is not None:
            self.wait_board(board)

    def problems(self) -> list[str]:
        """What went wrong in the page since its load: errors, rejections, console errors,
        policy violations, dialogs, resources from another origin."""
        problems = list(self.run("return window.__problems || ['no collector in this page'];"))
        problems += [f"request left the site: {url}" for url in self.run(FOREIGN_RESOURCES)]
        return problems

    def clear_problems(self) -> None:
        self.run("if (window.__problems) window.__problems.length = 0;")


SNAPSHOT = """
const text = (id) => { const e = document.getElementById(id); return e && !e.hidden ? e.textContent.trim() : ""; };
return { solver: text("solver-state"), status: text("status"), board: (document.getElementById("board") || {}).dataset?.board,
         message: text("board-message"), notice: text("link-notice"), steps: text("step-counter"),
         check: text("check-status"), checkState: document.getElementById("check-status").dataset.state,
         codeError: text("heuristic-code-error"), consent: text("code-consent-text"), frames: document.querySelectorAll("iframe").length,
         open: [...document.querySelectorAll("details[open]")].map((d) => d.id), clicks: window.__clicks,
         problems: window.__problems, age: Math.round(performance.now()), scrollY, url: location.href };
"""
"""What the page shows of its state (the solver's, the status line's, the code panel's), and
where the driver's clicks landed: a wait that runs out says it (here, and tests/test_page_sandbox.py's)."""
