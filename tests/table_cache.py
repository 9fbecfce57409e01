"""Tables the tests build, kept on disk between runs: built once per version of the code that
builds them, then read back (a pickle in ``.pytest_cache/npuzzle-tables/``, which git ignores).

The key is the name, the Python version and a hash of the source files named: a change to
that code builds the table afresh, and the tests of the build itself (reported steps, cancel,
node limits) still build from nothing. Two pytest-xdist workers asking at once each build it;
the file is written whole under a temporary name and renamed, so a reader never sees half.
NPUZZLE_TABLE_CACHE=off builds every time."""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterable, TypeVar

from .helpers import ROOT

T = TypeVar("T")
FOLDER = ROOT / ".pytest_cache" / "npuzzle-tables"


def key(name: str, sources: Iterable[Path]) -> str:
    """The file name of ``name``'s table as the code in ``sources`` builds it."""
    digest = hashlib.sha256(sys.version.encode())
    for source in sorted(sources):
        digest.update(str(source.relative_to(ROOT)).encode() + b"\0" + source.read_bytes())
    return f"{name}-{digest.hexdigest()[:16]}.pickle"


def kept(name: str, sources: Iterable[Path], build: Callable[[], T]) -> T:
    """``build()``'s value, read from the disk if this code built it before, else built and kept."""
    path = FOLDER / key(name, sources)
    if os.environ.get("NPUZZLE_TABLE_CACHE") != "off":
        try:
            with path.open("rb") as f:
                value: T = pickle.load(f)
            return value
        except (OSError, EOFError, pickle.UnpicklingError):
            pass
    value = build()
    FOLDER.mkdir(parents=True, exist_ok=True)
    for old in FOLDER.glob(f"{name}-*.pickle"):  # earlier versions' tables
        old.unlink(missing_ok=True)
    with tempfile.NamedTemporaryFile("wb", dir=FOLDER, delete=False) as f:
        pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(f.name, path)
    return value
