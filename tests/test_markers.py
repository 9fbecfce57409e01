"""The ``browser`` marker is given by construction (tests/conftest.py): a page-test file's
tests and any test using a browser's fixture are marked, and a test file outside the page
tests that imports what drives a browser stops the collection. So ``-m "not browser"``
(``bash tests/run.sh --fast``) never opens a browser. A test using the built site is marked
``from_scratch`` the same way, and the fast tier leaves it to the full command."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from . import conftest
from .conftest import BROWSER_FIXTURES, drives_a_browser, unmarked_browser_tests
from .helpers import ROOT


def item(name: str, fixtures: tuple[str, ...] = (), **imported: Any) -> Any:
    """A stand-in for a collected test: its file, fixtures and its module's names."""
    module = types.ModuleType(name.removesuffix(".py"))
    for key, value in imported.items():
        setattr(module, key, value)
    return SimpleNamespace(path=Path("tests") / name, fixturenames=list(fixtures), module=module)


def test_a_page_test_file_or_a_browser_fixture_makes_a_browser_test() -> None:
    assert drives_a_browser(item("test_page_new.py"))  # no fixture at all: still a page test
    for fixture in ("page", "app", "browser_type", "context", "offline_app", "wk"):
        assert fixture in BROWSER_FIXTURES
        assert drives_a_browser(item("test_search.py", ("tmp_path", fixture)))
    assert not drives_a_browser(item("test_search.py", ("tmp_path", "monkeypatch", "built_site")))


def test_a_test_file_importing_a_browser_driver_must_be_a_page_test_file() -> None:
    from playwright.sync_api import expect

    from . import browsers, pages

    drivers = [
        item("test_new.py", playwright_expect=expect),
        item("test_new2.py", harness=browsers),
        item("test_new3.py", open_link=pages.open_link),
    ]
    found = unmarked_browser_tests(drivers)
    assert [line.split(":")[0] for line in found] == ["test_new.py", "test_new2.py", "test_new3.py"]
    assert "open_link (from tests.browsers)" in found[2]  # pages.py re-exports the harness's
    fine = [item("test_page_new.py", harness=browsers), item("test_board.py", root=ROOT, pytest=pytest)]
    assert unmarked_browser_tests(fine) == []


def test_the_collection_stops_on_such_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    config = SimpleNamespace(hook=None)
    from . import browsers

    with pytest.raises(pytest.UsageError, match=r"test_sneaky\.py: harness \(from tests\.browsers\)"):
        conftest.pytest_collection_modifyitems(config, [item("test_sneaky.py", harness=browsers)])  # type: ignore[arg-type]


SUITE = {
    "conftest.py": "from tests.conftest import app, built_site, pytest_collection_modifyitems, pytest_configure  # noqa: F401\n",
    "test_page_new.py": "def test_plain():\n    pass\n",
    "test_other.py": """import pytest


@pytest.fixture
def through(app):
    return app


def test_plain():
    pass


def test_tmp(tmp_path):
    pass


@pytest.fixture
def served(built_site):
    return built_site


def test_site(served):
    pass


def test_page(page):
    pass


def test_through_a_fixture(through):
    pass
""",
}
"""A suite of its own, under the project's collection hook: a page-test file, and beside it
tests that use a browser's fixture (directly or through one of their own) or none, and one
that uses the built site."""


def collected(folder: Path, marker: str) -> list[str]:
    """The test ids ``pytest --collect-only -m marker`` collects in ``folder``, in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         "-m", marker, "--rootdir", str(folder), "-c", str(folder / "pytest.ini"), str(folder)],
        cwd=folder, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode in (0, 5), done.stdout + done.stderr
    return sorted(line for line in done.stdout.splitlines() if "::" in line)


@pytest.mark.thorough
def test_not_browser_collects_exactly_the_tests_that_open_no_browser(tmp_path: Path) -> None:
    """``-m "not browser"`` keeps exactly the three tests that open no browser, and ``-m browser``
    the three that do; ``bash tests/run.sh --fast``'s markers leave out the one that builds the
    site too (each list written by hand)."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    for name, text in SUITE.items():
        (tmp_path / name).write_text(text)
    assert collected(tmp_path, "not browser") == ["test_other.py::test_plain", "test_other.py::test_site",
                                                  "test_other.py::test_tmp"]
    assert collected(tmp_path, "not browser and not from_scratch") == ["test_other.py::test_plain", "test_other.py::test_tmp"]
    assert collected(tmp_path, "browser") == [
        "test_other.py::test_page[chromium]", "test_other.py::test_page[firefox]",
        "test_other.py::test_through_a_fixture[chromium]", "test_other.py::test_through_a_fixture[firefox]",
        "test_page_new.py::test_plain"]
