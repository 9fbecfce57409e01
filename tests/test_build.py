"""What ships: the package's own files (typed, with its data), and the site build.py writes,
complete, self-contained and relative."""

from __future__ import annotations

import fnmatch
import re
import tomllib
import zipfile
from pathlib import Path

from build import web_folder

from .helpers import ROOT

PYODIDE_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"}  # the stdlib: py/python_stdlib-<hash>.zip


def test_site_has_every_file(built_site: Path) -> None:
    assert (built_site / "index.html").is_file()
    (runtime,) = (built_site / "pyodide").iterdir()  # pyodide/<version>/
    assert PYODIDE_FILES <= {p.name for p in runtime.iterdir()}
    for name in ("main.js", "worker.js", "controller.js", "style.css", "build-info.js"):
        assert (web_folder(built_site) / name).is_file(), name
    assert (built_site / "sw.js").is_file()
    assert not (web_folder(built_site) / "service-worker.js").exists()  # it is sw.js


def test_package_archive_is_named_by_content_and_complete(built_site: Path) -> None:
    info = (web_folder(built_site) / "build-info.js").read_text()
    match = re.search(r'PACKAGE_ARCHIVE = "\.\./py/(npuzzle-[0-9a-f]{12}\.zip)"', info)
    assert match, info
    archive = built_site / "py" / match.group(1)
    names = set(zipfile.ZipFile(archive).namelist())
    assert {"npuzzle/__init__.py", "npuzzle/webapi.py", "npuzzle/search/astar.py"} <= names
    # Bytecode (compiled by the pinned Pyodide) beside every source, which stays for tracebacks.
    assert {n for n in names if n.endswith(".pyc")} == {
        re.sub(r"([^/]+)\.py$", r"__pycache__/\1.cpython-314.pyc", n) for n in names if n.endswith(".py")}


def test_our_files_request_nothing_outside_the_site(built_site: Path) -> None:
    for path in [built_site / "index.html", built_site / "sw.js", *sorted(web_folder(built_site).iterdir())]:
        text = path.read_text()
        assert not re.search(r"https?://", text.replace("http://www.w3.org/2000/svg", "")), path.name
        # Absolute paths would break under a sub-path such as GitHub Pages' /<repo>/.
        assert not re.search(r"""(?:src|href)=["']/""", text), path.name
        assert not re.search(r"""from ["']/|import\(["']/""", text), path.name


def test_tables_are_shipped_beside_the_package_not_inside_it(built_site: Path) -> None:
    info = (web_folder(built_site) / "build-info.js").read_text()
    assert re.search(r'"pdb-4x4-663x2\.bin": "\.\./tables/pdb-4x4-663x2\.bin\?v=[0-9a-f]{12}"', info)
    assert (built_site / "tables" / "pdb-4x4-663x2.bin").stat().st_size < 12 * 2**20
    archive = next((built_site / "py").glob("npuzzle-*.zip"))
    assert not any(n.endswith(".bin") for n in zipfile.ZipFile(archive).namelist())


def test_the_package_says_it_is_typed_and_ships_its_data() -> None:
    package = ROOT / "npuzzle"
    assert (package / "py.typed").is_file()
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = setuptools["package-data"]["npuzzle"]
    assert "py.typed" in patterns
    # Every data file (the shipped tables, the known puzzles) is matched by a package-data pattern.
    data = sorted(p.relative_to(package).as_posix() for p in (package / "data").iterdir())
    assert {"data/pdb-4x4-663x2.bin", "data/korf100.txt"} <= set(data)
    assert [name for name in data if not any(fnmatch.fnmatch(name, p) for p in patterns)] == []


def content_security_policy(html: str) -> dict[str, list[str]]:
    """The page's Content-Security-Policy meta tag, directive -> sources."""
    found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert len(found) == 1, found
    policy: dict[str, list[str]] = {}
    for part in found[0].split(";"):
        name, *sources = part.split()
        policy[name] = sources
    return policy


def test_the_page_carries_a_strict_content_security_policy(built_site: Path) -> None:
    """A meta tag (GitHub Pages sets no headers): scripts and workers only from the site
    (WebAssembly compiled, nothing evaluated), no inline script or style, nothing
    fetched elsewhere, no plugins, no <base>."""
    html = (built_site / "index.html").read_text()
    policy = content_security_policy(html)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert policy["worker-src"] == ["'self'"] and policy["connect-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert not any("unsafe-inline" in s or "unsafe-eval" == s.strip("'") for v in policy.values() for s in v)
    # Nothing inline that such a policy would block.
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script"
    assert not re.search(r"<[^>]*\sstyle\s*=", html) and "<style" not in html, "inline style"
    assert not re.search(r"<[^>]*\son[a-z]+\s*=", html), "inline event handler"
