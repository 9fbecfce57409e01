"""The ``browser`` marker is given by construction (tests/conftest.py): a page-test file's
tests and any test using a browser's fixture are marked, and a test file outside the page
tests that imports what drives a browser stops the collection. So ``-m "not browser"``
(``bash tests/run.sh --fast``) never opens a browser."""

from __future__ import annotations

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


def test_every_collected_page_test_is_marked(request: pytest.FixtureRequest) -> None:
    """In this very run: no test of a page-test file, and no test using a browser's fixture,
    was collected without the marker (with ``-m "not browser"``, none is collected at all)."""
    session = request.session
    for collected in session.items:
        if drives_a_browser(collected):
            assert collected.get_closest_marker("browser") is not None, collected.nodeid
    page_files = sorted(p.name for p in (ROOT / "tests").glob("test_page_*.py"))
    assert len(page_files) >= 17
