"""The npuzzle package as the browser gets it: one zip of its modules (but those the browser
never imports), the data files the page reads and, when given, their bytecode."""

from __future__ import annotations

from sitebuild.files import ROOT, deterministic_zip

OFFLINE_ONLY = frozenset({"npuzzle/pattern_db/builder.py", "npuzzle/cli.py", "npuzzle/__main__.py"})
"""Package modules the browser never imports, left out of its archive: the offline builder
of the shipped tables (small boards' tables are built on demand by pattern_db/bfs.py) and the
command line (tests/test_imports.py checks that nothing the worker loads imports them)."""


PAGE_DATA = ("npuzzle/data/korf100.txt",)
"""Data files the page reads from the package (the check of a person's heuristic on 4x4 uses
Korf's instances, 5 KB); the tables are fetched on demand instead."""


def package_sources() -> dict[str, bytes]:
    """npuzzle/**/*.py by archive name (``npuzzle/board.py``), sorted, but OFFLINE_ONLY."""
    files = {p.relative_to(ROOT).as_posix(): p for p in sorted((ROOT / "npuzzle").rglob("*.py"))}
    return {name: path.read_bytes() for name, path in files.items() if name not in OFFLINE_ONLY}


def package_archive(bytecode: dict[str, bytes] | None = None) -> bytes:
    """The package zip: npuzzle/**/*.py, PAGE_DATA, and ``bytecode`` (archive name -> .pyc bytes,
    such as ``npuzzle/__pycache__/board.cpython-314.pyc``) if given. The sources stay beside the
    bytecode so that tracebacks show their lines. Its files are stored, not deflated (2.2 MB
    instead of 0.9 MB): the solver's worker writes them into Python's file system as they are
    (web/solver/unzip.js), where inflating 165 files one stream each cost it more than the
    download saved."""
    data = {name: (ROOT / name).read_bytes() for name in PAGE_DATA}
    return deterministic_zip({**package_sources(), **data, **dict(sorted((bytecode or {}).items()))}, deflated=False)
