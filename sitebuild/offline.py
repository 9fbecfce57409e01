"""Offline use: what the service worker keeps (the build's files, and the tables once fetched)
and the SHA-256 it checks each of them against before serving a stored copy (every file's, and
of each piece of the large ones, which it checks as they are read)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

SERVICE_WORKER = "sw.js"
"""The service worker in the site's root (its scope is the site)."""
CACHE_PREFIX = "npuzzle-"
"""Every cache the service worker owns is named so: npuzzle-<build> for a build's files, and
TABLE_CACHE."""
TABLE_CACHE = "npuzzle-tables"
"""The tables' cache, kept across builds (they are large and change rarely)."""
PIECE_BYTES = 1 << 20
CHECKED_AS_READ = (".bin", ".zip", ".wasm")
"""The service worker checks a stored file read as data (the memory snapshot, the zips, the
tables, and the runtime's WebAssembly where the browser keeps no compiled code beside a stored
response: files with these suffixes) longer than PIECE_BYTES piece by piece as it serves it,
each PIECE_BYTES against its own SHA-256 (PIECES), rather than the whole file before its
first byte."""
DIGESTS_MODULE = "offline-digests.js"
"""The module of SHA-256 digests the service worker imports (``SHA256``, ``PIECES``): written
only for bundling into sw.js, never shipped as a file. The digests cannot live in the constants
module, which is one of the files they check, and sw.js is the one file the browser keeps out of
the caches' reach."""


def site_files(out: Path, *more: str) -> list[str]:
    """Every file of the site in ``out`` the service worker keeps, relative to ``out``, sorted,
    "./" (the page) first: all but the tables (kept once fetched) and the service worker itself;
    ``more`` adds files not written yet."""
    written = (p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    return ["./", *sorted({*(f for f in written if not f.startswith("tables/") and f != SERVICE_WORKER), *more})]


def piece_digests(data: bytes) -> list[str]:
    """The SHA-256 (hex) of each PIECE_BYTES of ``data`` in turn, the last piece shorter."""
    return [hashlib.sha256(data[at:at + PIECE_BYTES]).hexdigest() for at in range(0, len(data), PIECE_BYTES)]


def digests_module(out: Path, files: list[str], tables: list[str]) -> str:
    """DIGESTS_MODULE's text for the site in ``out``: ``SHA256``, the SHA-256 (hex) of each of
    ``files`` and ``tables`` (relative to ``out``; a table's URL carries ?v=<hash>), and
    ``PIECES``, those of each PIECE_BYTES of every one of them CHECKED_AS_READ and longer."""
    paths = {name: out / ("index.html" if name == "./" else name.split("?")[0]) for name in [*files, *tables]}
    data = {name: path.read_bytes() for name, path in paths.items()}
    digests = {name: hashlib.sha256(content).hexdigest() for name, content in data.items()}
    pieces = {name: piece_digests(content) for name, content in data.items()
              if paths[name].suffix in CHECKED_AS_READ and len(content) > PIECE_BYTES}
    return ("// Written by build.py (sitebuild/offline.py), bundled into sw.js: the SHA-256 of every file the\n"
            "// service worker keeps, and of each piece of those it checks as they are read.\n"
            f"export const SHA256 = {json.dumps(digests, indent=2)};\n"
            f"export const PIECES = {json.dumps(pieces, indent=2)};\n")
