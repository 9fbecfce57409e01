"""Fixtures for the browser tests: the built site served from a sub-path, and every browser
engine the machine has (Chromium and Firefox through Playwright; WebKit through Selenium in
tests/webkit.py). How each engine is found and launched, the site built and served, and a
page watched come from tests/browsers.py, the harness the benchmarks use too.

Engines: each page test runs once per engine (pytest-playwright's ``browser_name``: every
engine in PLAYWRIGHT_ENGINES unless ``--browser`` names some). Each engine's executable comes
from a variable (NPUZZLE_CHROMIUM, NPUZZLE_FIREFOX; WebKit's NPUZZLE_WEBKIT_DRIVER), else
the usual place: an engine the machine lacks is skipped with the reason, a variable naming
nothing fails. The end of the run says, per engine, whether it ran or why not, the outcomes
and how long its tests took (and writes it as JSON where NPUZZLE_ENGINE_REPORT says, for
tests/run.sh, which runs engines in parallel processes). A test about an engine-only tool
(the DevTools protocol) skips the other engines saying so ("chromium only: ...").

Also read: NPUZZLE_SITE, a site build.py already built (a folder named npuzzle/) to serve
instead of building one; NPUZZLE_ONLY_ENGINES, engines (comma-separated) whose tests alone
are kept (the others are deselected).

The ``browser`` marker is given, not written: every test in a ``test_page_*.py`` file, and
every test anywhere that uses a fixture that drives an engine (``BROWSER_FIXTURES``), is
marked ``browser`` at collection, so ``-m "not browser"`` (``bash tests/run.sh --fast``)
never opens one. A test file outside ``test_page_*.py`` that imports what drives a browser
(Playwright, Selenium, tests/browsers.py, pages.py, webkit.py) stops the collection with
the file's name: a page test lives in a page-test file."""

from __future__ import annotations

import inspect
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import expect

from .browsers import (  # noqa: F401 - CSP_WATCH, SUBPATH and watch: the page tests import them from here
    CSP_WATCH, ENGINES, PLAYWRIGHT_ENGINES, SUBPATH, build_site, launch_options, serve, site_named, watch,
)

# Assertions wait up to 20 s (not Playwright's 5 s): animations and Pyodide run slower on a
# loaded 2-core machine. A wait is not a loosened check: the expected values stay exact.
expect.set_options(timeout=20_000)


def pytest_configure(config: pytest.Config) -> None:
    """Every Playwright engine unless ``--browser`` names some."""
    if not config.option.browser:
        config.option.browser = list(PLAYWRIGHT_ENGINES)


def engine_of(nodeid: str) -> str | None:
    """The engine the test ``nodeid`` drives, if any: pytest-playwright's ``browser_name`` is
    its first parameter (``test_x[firefox]``, ``test_x[firefox-case]``), and WebKit's tests
    live in ``test_page_webkit*.py``. From the id alone, because a pytest-xdist run's reports
    reach the controlling process, which collects nothing."""
    path, _, rest = nodeid.partition("::")
    if "webkit" in path:
        return "webkit"
    first = rest.partition("[")[2].split("-", 1)[0].rstrip("]")
    return first if first in PLAYWRIGHT_ENGINES else None


PAGE_TESTS = "test_page_"
"""A page test's file name starts with this: every test in it is marked ``browser``."""
BROWSER_FIXTURES = frozenset({
    # pytest-playwright's
    "playwright", "browser_type", "browser", "browser_name", "context", "new_context", "page",
    "launch_browser",
    # ours (here and in test_page_webkit.py)
    "app", "offline_browser", "offline_app", "webkit", "wk",
})
"""Fixtures that start or drive a browser engine: a test using one (directly or through
another fixture) is marked ``browser`` wherever it lives."""
BROWSER_MODULES = ("playwright", "selenium", "tests.browsers", "tests.pages", "tests.webkit")
"""What drives a browser: a test file that imports one of these (or from one) must be a
page-test file."""


BUILDS_THE_SITE = "built_site"
"""A test using this fixture (directly or through another) is marked ``from_scratch``: without
NPUZZLE_SITE the fixture builds the site, so ``bash tests/run.sh --fast`` leaves it to the
full command, which builds the site once for every test."""


def shares_a_module_fixture(item: pytest.Item) -> str | None:
    """The test's file, if the test uses a module-scoped fixture: tests/run.sh's pytest-xdist
    run (``--dist loadgroup``) then keeps the file's tests in one worker, which makes the
    fixture once (a terminal's every run, the docs' every example, a table) instead of once
    in each worker that got some of them."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    for name in item.fixturenames:  # type: ignore[attr-defined]
        definitions = info.name2fixturedefs.get(name)
        if definitions and definitions[-1].scope == "module":
            return str(item.path.name) if getattr(item, "path", None) else None
    return None


def drives_a_browser(item: pytest.Item) -> bool:
    """Whether ``item`` is a browser test: it lives in a page-test file or uses a fixture
    that drives an engine."""
    path = getattr(item, "path", None)
    if path is not None and path.name.startswith(PAGE_TESTS):
        return True
    return not BROWSER_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def browser_imports(module: Any) -> list[str]:
    """The names in ``module`` (a test file's module) that come from what drives a browser."""
    found = []
    for name, value in vars(module).items():
        origin = value.__name__ if inspect.ismodule(value) else getattr(value, "__module__", None)
        if isinstance(origin, str) and any(origin == m or origin.startswith(m + ".") for m in BROWSER_MODULES):
            found.append(f"{name} (from {origin})")
    return found


def unmarked_browser_tests(items: list[pytest.Item]) -> list[str]:
    """Test files outside ``test_page_*.py`` that import what drives a browser, each with those
    names: their tests could open a browser while ``-m "not browser"`` runs them."""
    problems: dict[str, str] = {}
    for item in items:
        module = getattr(item, "module", None)
        path = getattr(item, "path", None)
        if module is None or path is None or path.name.startswith(PAGE_TESTS) or str(path) in problems:
            continue
        names = browser_imports(module)
        if names:
            problems[str(path)] = f"{path.name}: {', '.join(names)}"
    return sorted(problems.values())


@pytest.hookimpl(tryfirst=True)  # before -m selects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every browser test marked ``browser`` (page-test files, and tests using a browser's
    fixtures), every test using ``built_site`` marked ``from_scratch``, and the tests of a file
    that share a module-scoped fixture grouped for pytest-xdist; a test file outside the page
    tests that imports a browser's driver stops the run. With NPUZZLE_ONLY_ENGINES, only the
    tests of those engines are kept."""
    for item in items:
        if drives_a_browser(item) and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
        if BUILDS_THE_SITE in getattr(item, "fixturenames", ()) and item.get_closest_marker("from_scratch") is None:
            item.add_marker(pytest.mark.from_scratch)
        shared = shares_a_module_fixture(item)
        if shared and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(shared))
    unmarked = unmarked_browser_tests(items)
    if unmarked:
        raise pytest.UsageError(
            "these test files import what drives a browser but are not page-test files "
            f"({PAGE_TESTS}*.py, whose tests are all marked browser): " + "; ".join(unmarked))
    only_engines = [e for e in os.environ.get("NPUZZLE_ONLY_ENGINES", "").split(",") if e]
    kept, dropped = [], []
    for item in items:
        engine = engine_of(item.nodeid)
        if only_engines and engine not in only_engines:
            dropped.append(item)
            continue
        kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


class EngineReport:
    """Per engine: its tests' outcomes, the seconds they took (setup, call and teardown), and
    why they were skipped; printed at the end of the run and written as JSON if asked."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.results: dict[str, dict[str, Any]] = {}

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        for item in session.items:  # none in a pytest-xdist run's controlling process
            engine = engine_of(item.nodeid)
            if engine:
                self.result(engine)

    def result(self, engine: str) -> dict[str, Any]:
        return self.results.setdefault(engine, {"outcomes": {}, "seconds": 0.0, "skipped": []})

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        engine = engine_of(report.nodeid)
        if engine is None:
            return
        result = self.result(engine)
        result["seconds"] += report.duration
        outcome = None
        if report.when == "call":
            outcome = report.outcome
        elif report.when == "setup" and not report.passed:
            outcome = "error" if report.failed else "skipped"
        elif report.when == "teardown" and report.failed:
            outcome = "error"
        if outcome and hasattr(report, "wasxfail"):
            outcome = "xfailed" if report.skipped else "xpassed"
            if f"expected to fail: {report.wasxfail}" not in result["skipped"]:
                result["skipped"].append(f"expected to fail: {report.wasxfail}")
        elif outcome and report.skipped and isinstance(report.longrepr, tuple):
            why = str(report.longrepr[2]).removeprefix("Skipped: ")
            if why not in result["skipped"]:
                result["skipped"].append(why)
        if outcome:
            result["outcomes"][outcome] = result["outcomes"].get(outcome, 0) + 1

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.results:
            return
        terminalreporter.section("browser engines")
        for line in engine_lines([self.results]):
            terminalreporter.write_line(line)
        path = os.environ.get("NPUZZLE_ENGINE_REPORT")
        if path:
            Path(path).write_text(json.dumps(self.results))


def engine_lines(runs: list[dict[str, dict[str, Any]]]) -> list[str]:
    """What the end of a run says about each engine, from one or more runs' results."""
    lines = []
    for name, engine in ENGINES.items():
        executable, why = engine.executable()
        outcomes: dict[str, int] = {}
        seconds, skipped = 0.0, []
        for run in runs:
            if name in run:
                for outcome, n in run[name]["outcomes"].items():
                    outcomes[outcome] = outcomes.get(outcome, 0) + n
                seconds += run[name]["seconds"]
                skipped += [s for s in run[name]["skipped"] if s not in skipped]
        if not any(name in run for run in runs):
            lines.append(f"{name}: not in this run ({executable or why})")
            continue
        ran = sum(n for outcome, n in outcomes.items() if outcome != "skipped")
        counts = ", ".join(f"{n} {outcome}" for outcome, n in sorted(outcomes.items()))
        if ran:
            lines.append(f"{name}: ran ({executable}, {engine.driven_by}): {counts} in {seconds:.0f} s")
            lines += [f"  - {why}" for why in skipped]
        else:
            lines.append(f"{name}: SKIPPED: {'; '.join(skipped) or why or 'no test ran'}")
    return lines


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.pluginmanager.register(EngineReport(session.config), "npuzzle-engine-report")


class CpuClock:
    """The ``time`` module as the package sees it in a test (``cpu_clock``): the same, but
    ``perf_counter`` reads this thread's CPU time."""

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)

    perf_counter = staticmethod(time.thread_time)


@pytest.fixture(autouse=True)
def cpu_clock(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In every test but the browser tests, the package's clock (``time.perf_counter``, by
    which a search keeps its time limit, a job its step's budget, the anytime solver its
    turns) is the test thread's CPU time: what a search does within its limits then depends
    on the work, not on how loaded the machine is (a test's process waiting for a core, with
    the browsers' runs beside it, no longer counts against it). A command run in a process
    of its own keeps the real clock, and so does a test marked ``wall_clock`` (one whose code
    sleeps, or races the command line's hard time limit, which is wall time)."""
    if request.node.get_closest_marker("browser") or request.node.get_closest_marker("wall_clock"):
        return
    clock = CpuClock()
    for name, module in list(sys.modules.items()):
        if (name == "npuzzle" or name.startswith("npuzzle.")) and getattr(module, "time", None) is time:
            monkeypatch.setattr(module, "time", clock)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build of the site in <tmp>/npuzzle/, made with build.py as a user would (or
    the one NPUZZLE_SITE names, which tests/run.sh builds once for its parallel runs)."""
    return site_named() or build_site(tmp_path_factory.mktemp("site") / SUBPATH)


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """http://127.0.0.1:<free port>/npuzzle/, served by build.py's own handler."""
    with serve(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], browser_name: str) -> dict[str, Any]:
    """Launch the engine as the harness does (tests/browsers.py: the executable from its
    variable, GitHub's runners' Google Chrome and Firefox, else Debian's chromium or
    firefox-esr); an engine the machine lacks is skipped, a variable naming nothing fails."""
    try:
        return launch_options(browser_name, browser_type_launch_args)
    except LookupError as missing:
        if os.environ.get(ENGINES[browser_name].variable):
            pytest.fail(str(missing))  # a misnamed browser must not pass as skipped
        pytest.skip(str(missing))


@pytest.fixture
def app(page: Any, site_url: str) -> Iterator[Any]:
    """The page, failing the test on any console error, page error, foreign request or
    Content-Security-Policy violation."""
    problems = watch(page, site_url)
    yield page
    assert problems == []


@pytest.fixture
def offline_browser(browser_type: Any, browser_type_launch_args: dict[str, Any]) -> Iterator[Any]:
    """A browser of the test's engine of its own, for a test that takes the browser offline,
    so that its network emulation and its service worker's state never reach another test.
    (Firefox refused navigations in full runs, NS_ERROR_INTERCEPTION_FAILED and offline
    NS_ERROR_OFFLINE, while the site's service worker hung in "activating": Firefox never
    settles clients.claim() for a page that navigated away. The worker no longer waits on it.)"""
    browser = browser_type.launch(**browser_type_launch_args)
    yield browser
    browser.close()


@pytest.fixture
def offline_app(offline_browser: Any, site_url: str) -> Iterator[Any]:
    """Like ``app``, in ``offline_browser``."""
    page = offline_browser.new_context().new_page()
    problems = watch(page, site_url)
    yield page
    assert problems == []

