"""The memory snapshot: the pinned Pyodide started under Node with the package imported, its
memory written out (Pyodide's private ``_makeSnapshot``), without its pages of zeros. The solver's
worker restores it instead of starting Python (web/solver/snapshot.js makes it whole again)."""

from __future__ import annotations

import struct
import subprocess
import tempfile
from pathlib import Path

from sitebuild.runtime import node


# Run by Node: the pinned Pyodide started on the build's own standard library, the package
# unpacked, npuzzle.webapi imported and "info" answered (all a worker's start does), then its
# memory written as a snapshot (Pyodide's private _makeSnapshot; a worker restores it instead of
# starting Python and importing the package). The randomness and clocks it sees are fixed, so
# equal sources give equal bytes; a worker that restores it reseeds Python's random.
SNAPSHOT_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, stdlib, pkg, out] = process.argv.slice(2);
let seed = 0x9e3779b9;
const next = () => { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; return seed >>> 0; };
const fill = (a) => { const b = new Uint8Array(a.buffer, a.byteOffset, a.byteLength); for (let i = 0; i < b.length; i++) b[i] = next() & 255; return a; };
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill });
(await import("node:crypto")).default.randomFillSync = fill;
Math.random = () => next() / 2 ** 32;
Date.now = () => 1767225600000;
let tick = 0;
performance.now = () => (tick += 0.001);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdLibURL: stdlib, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
pyodide.unpackArchive(new Uint8Array(readFileSync(pkg)), "zip");
pyodide.runPython(`
import gc, json
import npuzzle.webapi
answer = json.loads(npuzzle.webapi.handle(json.dumps({"op": "info"})))
if not answer.get("ok"):
    raise SystemExit(f"npuzzle.webapi answered info with {answer}")
del answer
# The 3x3's table of every state's distance to the default goal (analysing a game, checking a
# person's heuristic): built here once, not in every visitor's first analysis.
from npuzzle.board import Board
from npuzzle.distance_table import distance_table
distance_table(Board.goal(3, 3)).grow_all()
# A link's first board check asks which heuristics suit the board's shape (walking distance
# counts that shape's configurations: 8 ms in CPython, 30-50 ms in a browser, kept per shape):
# asked here for the usual sizes and both goals, not in every visitor's first check.
for side in (3, 4, 5):
    for goal in ("blank-first", "blank-last"):
        board = ",".join(map(str, Board.goal(side, side, goal).tiles))
        answer = json.loads(npuzzle.webapi.handle(json.dumps({"op": "analyze", "board": board, "goal": goal})))
        if not answer.get("ok"):
            raise SystemExit(f"npuzzle.webapi answered analyze with {answer}")
del answer, board
gc.collect()
`);
writeFileSync(out, pyodide.makeMemorySnapshot());
"""
SNAPSHOT_LIMIT = 30 * 2**20
"""Pyodide 314 restores a snapshot into its initial memory (30 MiB) without growing it first
(pyodide#6254): a larger one would fail to load, so the build refuses to write it."""


SNAPSHOT_MAGIC = b"NPSS"
"""The sparse snapshot's first bytes; the worker reads them from the constants module
(constants.py's ``snapshot_magic``), never its own copy."""
SNAPSHOT_PAGE = 4096


def sparse(snapshot: bytes) -> bytes:
    """``snapshot`` without its pages of zeros (more than half of it): ``SNAPSHOT_MAGIC``, then
    as little-endian u32s the page size, the snapshot's length, the count of pages kept and
    their numbers, then those pages (the last one may be short). The worker makes the whole
    snapshot again (web/solver/snapshot.js ``whole``) in milliseconds, where gunzipping took a
    hundred or more; gzip would make it 2.6 times smaller for the network, not for the cache."""
    page = SNAPSHOT_PAGE
    kept = [i for i in range(0, len(snapshot), page) if snapshot[i:i + page].strip(b"\0")]
    head = SNAPSHOT_MAGIC + struct.pack(f"<III{len(kept)}I", page, len(snapshot), len(kept), *(i // page for i in kept))
    return head + b"".join(snapshot[i:i + page] for i in kept)


def memory_snapshot(runtime: Path, stdlib: bytes, archive: bytes) -> bytes:
    """The memory of the pinned Pyodide (in ``runtime``) started on ``stdlib`` with the package
    ``archive`` imported, as Pyodide's snapshot, without its pages of zeros (``sparse``)."""
    runner = node("to make the memory snapshot")
    with tempfile.TemporaryDirectory(prefix="npuzzle-snapshot-") as folder:
        job = Path(folder)
        (job / "snapshot.mjs").write_text(SNAPSHOT_JS)
        (job / "stdlib.zip").write_bytes(stdlib)
        (job / "package.zip").write_bytes(archive)
        done = subprocess.run([runner, str(job / "snapshot.mjs"), str(runtime), str(job / "stdlib.zip"),
                               str(job / "package.zip"), str(job / "snapshot.bin")], capture_output=True, text=True)
        if done.returncode != 0 or not (job / "snapshot.bin").exists():
            raise SystemExit(f"build: making the memory snapshot under Node failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")
        snapshot = (job / "snapshot.bin").read_bytes()
    (header,) = struct.unpack_from("<I", snapshot, 4)  # where the memory starts (after Pyodide's own state)
    if len(snapshot) - header > SNAPSHOT_LIMIT:
        raise SystemExit(f"build: the memory snapshot holds {len(snapshot) - header:,} bytes of memory, "
                         f"more than Pyodide restores ({SNAPSHOT_LIMIT:,})")
    return sparse(snapshot)
