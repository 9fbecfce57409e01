"""Fixtures for the browser tests: the built site served from a sub-path, Debian's chromium."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from .helpers import ROOT

# Assertions wait up to 20 s (not Playwright's 5 s): animations and Pyodide run slower on a
# loaded 2-core machine. A wait is not a loosened check: the expected values stay exact.
expect.set_options(timeout=20_000)

SUBPATH = "npuzzle"  # as GitHub Pages serves a project site: /<repo>/
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build of the site in <tmp>/npuzzle/, made with build.py as a user would."""
    root = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--out", str(root / SUBPATH)], check=True, cwd=ROOT
    )
    return root / SUBPATH


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """http://127.0.0.1:<free port>/npuzzle/, served by build.py's own handler."""
    sys.path.insert(0, str(ROOT))
    from build import serving_in_background

    with serving_in_background(built_site.parent) as base:
        yield f"{base}{SUBPATH}/"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch the Chromium that NPUZZLE_CHROMIUM names (GitHub's runners: Google Chrome),
    else Debian's chromium (Playwright's own browser download is not available here)."""
    executable = os.environ.get("NPUZZLE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_FLAGS}


def watch(page: Any, site_url: str) -> list[str]:
    """Start collecting what must not happen on ``page``: console errors, page errors,
    dialogs, requests to another origin than ``site_url``'s, Content-Security-Policy
    violations. Returns the list the problems go into."""
    problems: list[str] = []
    origin = urlsplit(site_url).netloc
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))

    def check_request(request: Any) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https") and parts.netloc != origin:
            problems.append(f"request left the site: {request.url}")

    page.on("request", check_request)
    # Any Content-Security-Policy violation fails the test (the page's policy is strict).
    page.expose_function("__cspViolation", lambda what: problems.append(f"CSP violation: {what}"))
    page.add_init_script(CSP_WATCH)
    page.set_default_timeout(90_000)
    return problems


@pytest.fixture
def app(page: Any, site_url: str) -> Iterator[Any]:
    """The page, failing the test on any console error, page error, foreign request or
    Content-Security-Policy violation."""
    problems = watch(page, site_url)
    yield page
    assert problems == []


CSP_WATCH = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
});
"""
