#!/usr/bin/env python3
"""Build the static site into dist/ and, with --serve, serve it on 127.0.0.1.

    python3 build.py            # build dist/
    python3 build.py --serve    # build, then serve http://127.0.0.1:8000/

The site is self-contained and every URL in it is relative, so it works under a sub-path
such as GitHub Pages' /<repo>/. Every file but two is named by its content, so a new build
never mixes with a cached old one and the service worker can keep a build's files offline:

    index.html                   the page (names the build's web folder)
    sw.js                        the service worker (web/service-worker.js after the build's
                                 file list): offline use after the first visit
    web-<hash>/                  web/ (ES modules, CSS) and build-info.js; <hash> covers them;
                                 custom/editor-bundle.js is the code editor (CodeMirror, from
                                 node_modules, bundled by esbuild from web/custom/editor-entry.js);
                                 custom/sandbox-bundle.js the worker that runs a person's code
                                 (web/custom/sandbox-worker.js with Pyodide's scripts, one
                                 classic script), and build-info.js's FRAME_HTML the document of
                                 the sandbox's frame (web/custom/sandbox-boot.js inline, allowed
                                 by its hash, which index.html's policy names too);
                                 solver/worker.js the solver's worker bundled with the
                                 modules it imports (one script to fetch, not a graph)
    pyodide/<version>/           the Pyodide runtime, copied from node_modules/pyodide
                                 (installed with ``npm ci`` from the pinned lock file if missing)
    py/npuzzle-<hash>.zip        the npuzzle package: its sources, and beside them bytecode
                                 (__pycache__/*.cpython-314.pyc) compiled by the pinned Pyodide
    py/python_stdlib-<hash>.zip  Pyodide's standard library, the modules the solver imports
                                 precompiled to .pyc by the same Pyodide (the worker passes it
                                 as loadPyodide's stdLibURL; the rest stays .py)
    py/snapshot-<hash>.bin       the memory of that Pyodide once started with the package
                                 imported (made under Node), which the worker restores instead
                                 of starting Python (it starts normally if that fails)
    tables/<name>.bin            the pattern-database tables (fetched by the worker only when a
                                 solve needs them; their URLs carry ?v=<hash of the file>)
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import io
import json
import math
import posixpath
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import zipfile
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent
OUT = ROOT / "dist"
"""Where the site is written by default (the Pages workflow publishes this folder)."""
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
SHIPPED_RUNTIME = tuple(name for name in PYODIDE_FILES if name != "python_stdlib.zip")
"""What the site's pyodide/<version>/ holds: the stock standard library is replaced by
py/python_stdlib-<hash>.zip, its precompiled copy."""
STDLIB_PYC = ("imported", "all", "none")
"""Which standard-library modules get bytecode: those the solver imports (the default),
all of them, or none (Pyodide's stock zip, compiled from source at every start)."""


def pinned_pyodide_version() -> str:
    """The exact Pyodide version package.json pins."""
    return str(json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"])


def _installed_version(name: str) -> str | None:
    manifest = ROOT / "node_modules" / name / "package.json"
    return json.loads(manifest.read_text()).get("version") if manifest.exists() else None


def ensure_pyodide() -> Path:
    """node_modules/pyodide at the pinned version, and every other package package.json pins
    (the editor and its bundler) at its version, running ``npm ci`` if one is not."""
    package = ROOT / "node_modules" / "pyodide"
    manifest = json.loads((ROOT / "package.json").read_text())
    pinned = {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}
    stale = [name for name, version in pinned.items() if _installed_version(name) != version]
    if stale:
        print(f"build: installing {', '.join(stale)} with npm ci", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    missing = [name for name in PYODIDE_FILES if not (package / name).exists()]
    if missing:
        raise SystemExit(f"build: node_modules/pyodide lacks {', '.join(missing)}")
    return package


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


def deterministic_zip(files: dict[str, bytes | None]) -> bytes:
    """A zip of ``files`` (name -> bytes; None for a folder entry) in the order given, with
    fixed timestamps and modes, so equal contents give equal bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if data is None else zipfile.ZIP_DEFLATED
            info.external_attr = (0o40755 << 16) | 0x10 if data is None else 0o644 << 16
            archive.writestr(info, b"" if data is None else data)
    return buffer.getvalue()


def package_archive(bytecode: dict[str, bytes] | None = None) -> bytes:
    """The package zip: npuzzle/**/*.py, PAGE_DATA, and ``bytecode`` (archive name -> .pyc bytes,
    such as ``npuzzle/__pycache__/board.cpython-314.pyc``) if given. The sources stay beside the
    bytecode so that tracebacks show their lines."""
    data = {name: (ROOT / name).read_bytes() for name in PAGE_DATA}
    return deterministic_zip({**package_sources(), **data, **dict(sorted((bytecode or {}).items()))})


# Run by Node: load the pinned Pyodide and run PRECOMPILE_PY in it, on the job folder.
PRECOMPILE_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, job] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
// A fixed hash seed: the order of a frozenset constant in the bytecode depends on it.
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, env: { PYTHONHASHSEED: "0" } });
pyodide.FS.mkdirTree("/job");
pyodide.FS.writeFile("/job/in.zip", new Uint8Array(readFileSync(`${job}/in.zip`)));
pyodide.runPython(readFileSync(`${job}/precompile.py`, "utf8"));
writeFileSync(`${job}/out.zip`, pyodide.FS.readFile("/job/out.zip"));
"""

# Run inside Pyodide (Python 3.14), so the bytecode is that Python's own. in.zip holds
# stdlib/<name> and package/<name> sources; out.zip gets the same names with the .pyc bytes,
# plus imported.json: the standard-library files loaded once Pyodide has started, every module
# of the package is imported and "info" is answered (what the worker does at start, and what
# the package's other modules import at their top; a module a function imports when it runs
# stays .py, compiled the first time it is needed).
PRECOMPILE_PY = r"""
import importlib, importlib.util, json, marshal, os, pkgutil, sys, zipfile

def pyc(source, filename, checked):
    code = compile(source, filename, "exec", dont_inherit=True)
    # Hash-based (PEP 552), so no timestamp can mismatch: unchecked for the standard library
    # (no sources beside it), checked for the package (its sources ship too; an edited one wins).
    flags = 0b11 if checked else 0b01
    return importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little") + importlib.util.source_hash(source) + marshal.dumps(code)

stdlib = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile("/job/in.zip") as sources, zipfile.ZipFile("/job/out.zip", "w") as out:
    os.makedirs("/job/package")
    for name in sources.namelist():
        kind, path = name.split("/", 1)
        source = sources.read(name)
        if kind == "stdlib":
            try:
                out.writestr(name, pyc(source, f"{stdlib}/{path}", checked=False))
            except SyntaxError:
                pass  # left as source
        else:
            # Where the worker unpacks it (its working directory); the loader corrects it anyway.
            out.writestr(name, pyc(source, f"{os.getcwd()}/{path}", checked=True))
            out.writestr("cache/" + path, importlib.util.cache_from_source(path))
            os.makedirs(os.path.dirname(f"/job/package/{path}"), exist_ok=True)
            with open(f"/job/package/{path}", "wb") as file:
                file.write(source)
    sys.path.insert(0, "/job/package")
    sys.dont_write_bytecode = True
    import npuzzle, npuzzle.webapi
    for module in pkgutil.walk_packages(npuzzle.__path__, "npuzzle."):
        if module.name != "npuzzle.__main__":
            importlib.import_module(module.name)
    answer = json.loads(npuzzle.webapi.handle(json.dumps({"op": "info"})))
    if not answer.get("ok"):
        raise SystemExit(f"npuzzle.webapi answered info with {answer}")
    imported = sorted(
        m.__spec__.origin[len(stdlib) + 1:] for m in list(sys.modules.values())
        if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(stdlib + "/")
    )
    out.writestr("imported.json", json.dumps(imported))
"""


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
gc.collect()
`);
writeFileSync(out, pyodide.makeMemorySnapshot());
"""
SNAPSHOT_LIMIT = 30 * 2**20
"""Pyodide 314 restores a snapshot into its initial memory (30 MiB) without growing it first
(pyodide#6254): a larger one would fail to load, so the build refuses to write it."""


SNAPSHOT_MAGIC = b"NPSS"
SNAPSHOT_PAGE = 4096


def sparse(snapshot: bytes) -> bytes:
    """``snapshot`` without its pages of zeros (more than half of it): ``SNAPSHOT_MAGIC``, then
    as little-endian u32s the page size, the snapshot's length, the count of pages kept and
    their numbers, then those pages (the last one may be short). The worker makes the whole
    snapshot again (web/solver/worker.js ``whole``) in milliseconds, where gunzipping took a
    hundred or more; gzip would make it 2.6 times smaller for the network, not for the cache."""
    page = SNAPSHOT_PAGE
    kept = [i for i in range(0, len(snapshot), page) if snapshot[i:i + page].strip(b"\0")]
    head = SNAPSHOT_MAGIC + struct.pack(f"<III{len(kept)}I", page, len(snapshot), len(kept), *(i // page for i in kept))
    return head + b"".join(snapshot[i:i + page] for i in kept)


def memory_snapshot(runtime: Path, stdlib: bytes, archive: bytes) -> bytes:
    """The memory of the pinned Pyodide (in ``runtime``) started on ``stdlib`` with the package
    ``archive`` imported, as Pyodide's snapshot, without its pages of zeros (``sparse``)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build: node (Node.js 20 or newer) is needed to make the memory snapshot; build with --stdlib-pyc none")
    with tempfile.TemporaryDirectory(prefix="npuzzle-snapshot-") as folder:
        job = Path(folder)
        (job / "snapshot.mjs").write_text(SNAPSHOT_JS)
        (job / "stdlib.zip").write_bytes(stdlib)
        (job / "package.zip").write_bytes(archive)
        done = subprocess.run([node, str(job / "snapshot.mjs"), str(runtime), str(job / "stdlib.zip"),
                               str(job / "package.zip"), str(job / "snapshot.bin")], capture_output=True, text=True)
        if done.returncode != 0 or not (job / "snapshot.bin").exists():
            raise SystemExit(f"build: making the memory snapshot under Node failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")
        snapshot = (job / "snapshot.bin").read_bytes()
    (header,) = struct.unpack_from("<I", snapshot, 4)  # where the memory starts (after Pyodide's own state)
    if len(snapshot) - header > SNAPSHOT_LIMIT:
        raise SystemExit(f"build: the memory snapshot holds {len(snapshot) - header:,} bytes of memory, "
                         f"more than Pyodide restores ({SNAPSHOT_LIMIT:,})")
    return sparse(snapshot)


PRECOMPILED_CACHE = ROOT / "node_modules" / ".cache" / "npuzzle-pyc"
"""Where the standard library's bytecode is kept between builds, named by a hash of all that
makes it (the runtime, its sources, the scripts that compile them): compiling 559 modules in
Pyodide takes most of a build's time, and the standard library only changes with Pyodide."""


def precompile(runtime: Path, stdlib: dict[str, bytes], package: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, bytes], set[str]]:
    """Compile ``stdlib`` and ``package`` sources (archive name -> source) with the Pyodide in
    ``runtime``, under Node (the standard library's bytecode comes from PRECOMPILED_CACHE when
    it is there). Returns the standard library's bytecode (by source name; a file that does not
    compile is left out), the package's (by its __pycache__ name), and the standard-library
    files the package imports at start."""
    key = hashlib.sha256((runtime / "package.json").read_bytes() + PRECOMPILE_JS.encode() + PRECOMPILE_PY.encode())
    for name, data in sorted(stdlib.items()):
        key.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    kept = PRECOMPILED_CACHE / f"stdlib-{key.hexdigest()[:20]}.zip"
    if kept.exists():
        with zipfile.ZipFile(kept) as archive:
            std = {name: archive.read(name) for name in archive.namelist()}
        _, pkg, imported = _precompile(runtime, {}, package)
        return std, pkg, imported
    std, pkg, imported = _precompile(runtime, stdlib, package)
    PRECOMPILED_CACHE.mkdir(parents=True, exist_ok=True)
    partial = kept.with_suffix(".partial")
    partial.write_bytes(deterministic_zip(dict(sorted(std.items()))))
    partial.replace(kept)
    return std, pkg, imported


def _precompile(runtime: Path, stdlib: dict[str, bytes], package: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, bytes], set[str]]:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build: node (Node.js 20 or newer) is needed to precompile Python with the pinned Pyodide; "
                         "install it, or build with --stdlib-pyc none")
    with tempfile.TemporaryDirectory(prefix="npuzzle-precompile-") as folder:
        job = Path(folder)
        (job / "precompile.mjs").write_text(PRECOMPILE_JS)
        (job / "precompile.py").write_text(PRECOMPILE_PY)
        sources = {f"stdlib/{n}": data for n, data in stdlib.items()} | {f"package/{n}": data for n, data in package.items()}
        (job / "in.zip").write_bytes(deterministic_zip(dict(sources)))
        done = subprocess.run([node, str(job / "precompile.mjs"), str(runtime), str(job)], capture_output=True, text=True)
        if done.returncode != 0 or not (job / "out.zip").exists():
            raise SystemExit(f"build: precompiling Python under Node failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")
        with zipfile.ZipFile(job / "out.zip") as out:
            compiled = {name: out.read(name) for name in out.namelist()}
    std = {n.removeprefix("stdlib/"): data for n, data in compiled.items() if n.startswith("stdlib/")}
    caches = {n.removeprefix("cache/"): data.decode() for n, data in compiled.items() if n.startswith("cache/")}
    pkg = {caches[n.removeprefix("package/")]: data for n, data in compiled.items() if n.startswith("package/")}
    return std, pkg, set(json.loads(compiled["imported.json"]))


def stdlib_archive(stock: Path, compiled: dict[str, bytes], which: set[str] | None) -> bytes:
    """Pyodide's standard library zip ``stock`` with each .py that ``compiled`` has and
    ``which`` names (every one if None) replaced by its .pyc; everything else as it was."""
    files: dict[str, bytes | None] = {}
    with zipfile.ZipFile(stock) as archive:
        for item in archive.infolist():
            name = item.filename
            if item.is_dir():
                files[name] = None
            elif name in compiled and (which is None or name in which):
                files[name[:-3] + ".pyc"] = compiled[name]
            else:
                files[name] = archive.read(item)
    return deterministic_zip(files)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


SERVICE_WORKER = "solver/service-worker.js"
"""web/'s service worker source (its path in web/): written to the site's root as sw.js (its
scope is the site)."""

PIECE_BYTES = 1 << 20
CHECKED_AS_READ = (".bin", ".zip", ".wasm")
"""The service worker checks a stored file read as data (the memory snapshot, the zips, the
tables, and the runtime's WebAssembly where the browser keeps no compiled code beside a stored
response: files with these suffixes) longer than PIECE_BYTES piece by piece as it serves it,
each PIECE_BYTES against its own SHA-256 (sw.js's PIECES), rather than the whole file before its
first byte."""


def piece_digests(data: bytes) -> list[str]:
    """The SHA-256 (hex) of each PIECE_BYTES of ``data`` in turn, the last piece shorter."""
    return [hashlib.sha256(data[at:at + PIECE_BYTES]).hexdigest() for at in range(0, len(data), PIECE_BYTES)]


EDITOR_ENTRY = "custom/editor-entry.js"
"""The code editor's entry in web/: its imports name npm packages, so it is not shipped but
bundled (``editor_bundle``) into EDITOR_BUNDLE."""
EDITOR_BUNDLE = "custom/editor-bundle.js"
SANDBOX_ENTRY = "custom/sandbox-worker.js"
"""The worker that runs a person's code, in web/: bundled with Pyodide's scripts
(``sandbox_bundle``) into SANDBOX_BUNDLE, a classic script the sandbox's frame starts from a
blob: URL (a module worker cannot start in an opaque-origin frame)."""
SANDBOX_BUNDLE = "custom/sandbox-bundle.js"
SANDBOX_BOOT = "custom/sandbox-boot.js"
"""The sandbox frame's one script, in web/: not shipped as a file but inline in FRAME_HTML."""
NOT_SHIPPED = (SERVICE_WORKER, EDITOR_ENTRY, SANDBOX_ENTRY, SANDBOX_BOOT)
"""web/'s sources that are not files of the site as they are (written elsewhere, or bundled)."""


def web_sources(web: Path) -> dict[str, bytes]:
    """web/'s files by their path in it ("app/main.js"), but the sources in NOT_SHIPPED, with the
    editor's and the sandbox worker's bundles."""
    sources = {p.relative_to(web).as_posix(): p.read_bytes() for p in sorted(web.rglob("*"))
               if p.is_file() and p.relative_to(web).as_posix() not in NOT_SHIPPED}
    sources[EDITOR_BUNDLE] = editor_bundle(web / EDITOR_ENTRY)
    sources[SANDBOX_BUNDLE] = sandbox_bundle(web / SANDBOX_ENTRY)
    return sources


def esbuild(entry: Path, *flags: str, minify: str = "--minify") -> bytes:
    """``entry`` and what it imports bundled into one minified script by the pinned esbuild (its
    native binary: no Node needed to run it); ``minify``: esbuild's flag for how far."""
    binary = ROOT / "node_modules" / ".bin" / "esbuild"
    if not binary.exists():
        raise SystemExit("build: node_modules/.bin/esbuild is missing: run npm ci")
    done = subprocess.run(
        [str(binary), str(entry), "--bundle", minify, "--legal-comments=none", "--log-level=warning", *flags],
        cwd=ROOT, check=False, capture_output=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"build: esbuild failed on {entry.name}: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


BRIDGE_DOORS = (
    # Calls and constructions: every JavaScript function Python calls goes through one of these.
    "JsvFunction_CallBound", "JsvFunction_Call_OneArg", "JsvFunction_Construct", "JsvObject_CallMethod",
    "JsvObject_CallMethod_NoArgs", "JsvObject_CallMethod_OneArg", "JsvObject_CallMethod_TwoArgs",
    "JsvPromise_Resolve",
    # JavaScript objects made or filled from Python's values (to_js, a JsProxy's item set, ...).
    "JsvArray_New", "JsvArray_Push", "JsvArray_Extend", "JsvArray_Set", "JsvArray_Insert",
    "JsvArray_ShallowCopy", "JsvArray_slice", "JsvArray_slice_assign", "JsvObject_New", "JsvObject_SetAttr",
    "JsvMap_New", "JsvMap_Set", "JsvSet_New", "JsvSet_Add", "JsvLiteralMap_New", "JsvBuffer_assignFromPtr",
    "_python2js_buffer_inner", "python2js__default_converter_js", "python2js__eager_converter_js",
    # A Python object handed to JavaScript (create_proxy, a callback).
    "pyproxy_new", "pyproxy_new_ex",
    # A JsProxy's attributes and items set or deleted, a JavaScript array repeated, iterators and
    # context managers (they call the object's own methods).
    "JsProxy_SetAttr_js", "JsProxy_DelAttr_js", "_JsObject_Set_js", "JsObjMap_ass_subscript_js",
    "JsArray_repeat_js", "JsArray_inplace_repeat_js", "JsProxy_GetIter_js", "JsProxy_GetAsyncIter_js",
    "JsMap_GetIter_js", "JsObjMap_GetIter_js", "JsProxy_exit_js", "JsProxy_aexit_js",
    # A JavaScript value written out or made from Python's text (a JsException's message).
    "JsvObject_toString", "JsException_new_helper",
    # Calls with no bridge object between: a bare call, callables and promises for JavaScript,
    # generators handed over.
    "raw_call_js", "create_once_callable", "create_promise_handles", "wrap_generator", "wrap_async_generator",
    # ctypes (libffi's calls and callbacks) and loading a library: through them Python reaches every
    # function the runtime exports (running a script, making promises, timers, a shell in Node).
    "ffi_call_js", "ffi_prep_closure_loc_js", "__dlopen_js", "__emscripten_dlopen_js", "__dlsym_js",
    "__dlsym_catchup_js", "_emscripten_run_script", "_emscripten_run_script_int", "_emscripten_run_script_string",
    "__emscripten_system",
)
"""The functions of Pyodide's pyodide.asm.mjs through which Python makes JavaScript do anything
but read a value: calling, constructing, making, filling or changing an object. In the worker
that runs a person's code, ``sealed_pyodide`` makes each ask a gate first."""

SHUT_DOORS = {
    # A pipe: PIPEFS keeps what is written into it in JavaScript memory, 8 KB buckets without end.
    "___syscall_pipe": ("-63", "a pipe"),  # -EPERM
    # A socket: SOCKFS queues what is sent in JavaScript memory (socketpair makes two); every other
    # call of the network needs one.
    "___syscall_socket": ("-63", "a socket"),
    # A host's name looked up (getaddrinfo, gethostbyname): Emscripten's DNS keeps every name
    # for ever, each given a made-up address.
    "_getaddrinfo": ("-4", "the network (a host's name)"),  # EAI_FAIL
    "__emscripten_lookup_name": ("0", "the network (a host's name)"),  # the address 0.0.0.0
}
"""The functions of Pyodide's pyodide.asm.mjs that make something Python has no use for in the
worker that runs a person's code and that keeps bytes in JavaScript memory, out of the file
system's count (sandbox-seal.js counts and refuses what goes through Emscripten's FS): each name,
what the function returns once shut (a refusal C understands: a negative errno, an error code)
and what it is, in words. ``sealed_pyodide`` puts the same gate at the head of each."""

SEAL_EXPORT = "sealBridge"
"""The function the sealed pyodide.asm.mjs exports: ``sealBridge(refuse, shut)`` makes every door
in BRIDGE_DOORS call ``refuse(name)`` (which throws) before it does anything, and every door of
SHUT_DOORS call ``shut(name, what)`` (which records it) and return its refusal instead."""


def sealed_pyodide(source: str) -> str:
    """Pyodide's pyodide.asm.mjs with a gate at the head of each of BRIDGE_DOORS and SHUT_DOORS,
    shut by its exported SEAL_EXPORT: once the worker that runs a person's code has imported the
    package, Python can no longer make JavaScript allocate memory (outside WebAssembly's, which is
    capped) or run anything, nor open a pipe or a socket or look a name up. Each door must be found
    once (a Pyodide that renames one stops the build)."""
    def one(name: str, tuple_name: str) -> re.Pattern[str]:
        pattern = re.compile(r"function " + re.escape(name) + r"\(([^)]*)\)\{((?:try\{)?)")
        found = pattern.findall(source)
        if len(found) != 1:
            raise SystemExit(f"build: Pyodide's pyodide.asm.mjs defines {name} {len(found)} times, not once: "
                             f"{tuple_name} must name its functions")
        return pattern

    for name in BRIDGE_DOORS:
        # Inside the door's own try, where there is one: the refusal becomes a Python exception.
        source = one(name, "BRIDGE_DOORS").sub(
            lambda m, name=name: f"function {name}({m.group(1)}){{{m.group(2)}__npuzzleGate({name!r});", source)
    for name, (refusal, what) in SHUT_DOORS.items():
        # At the very head, before the arguments are read: nothing is made.
        gate = f"if(__npuzzleShut({name!r},{what!r}))return {refusal};"
        source = one(name, "SHUT_DOORS").sub(lambda m: f"function {name}({m.group(1)}){{{gate}{m.group(2)}", source)
    return (source + "\nlet __npuzzleRefuse=null,__npuzzleShutOne=null;"
            "function __npuzzleGate(name){if(__npuzzleRefuse)__npuzzleRefuse(name)}"
            "function __npuzzleShut(name,what){if(!__npuzzleRefuse)return false;if(__npuzzleShutOne)__npuzzleShutOne(name,what);return true}"
            f"export function {SEAL_EXPORT}(refuse,shut){{__npuzzleRefuse=refuse;__npuzzleShutOne=shut}}\n")


def sandbox_bundle(entry: Path) -> bytes:
    """The worker that runs a person's code: ``entry``, the solver's worker core and Pyodide's
    pyodide.mjs and pyodide.asm.mjs (from node_modules; the second sealed by ``sealed_pyodide``,
    imported as "pyodide-sealed") in one classic script. Their Node-only imports (``node:*``,
    never reached in a browser) stay as they are."""
    header = (f"/*! The worker that runs a person's code: web/{SANDBOX_ENTRY} with Pyodide "
              f"{pinned_pyodide_version()}'s pyodide.mjs and pyodide.asm.mjs (the Pyodide project's, under the "
              "Mozilla Public License 2.0; the second with a gate on its bridge to JavaScript), bundled by "
              "build.py. */\n")
    asm = ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs"
    if not asm.exists():
        raise SystemExit("build: node_modules/pyodide/pyodide.asm.mjs is missing: run npm ci")
    # Beside node_modules' packages, so its own imports resolve as Pyodide's do.
    with tempfile.TemporaryDirectory(dir=asm.parent.parent, prefix=".sealed-") as folder:
        sealed = Path(folder) / "pyodide.asm.mjs"
        sealed.write_text(sealed_pyodide(asm.read_text(encoding="utf-8")), encoding="utf-8")
        return header.encode() + esbuild(entry, "--format=iife", "--target=es2022", "--external:node:*",
                                         f"--alias:pyodide-sealed={sealed}")


SOLVER_WORKER = "solver/worker.js"
"""The solver's worker in web/: shipped as one module, bundled with what it imports
(``solver_worker_bundle``)."""
SYNTAX_PROBE = "syntax-probe.js"
"""The module beside the solver's worker that uses the newest syntax the runtime needs."""


def solver_worker_bundle(web: Path) -> bytes:
    """The solver's worker in the built web folder ``web`` (build-info.js written), bundled with
    the modules it imports into one ES module: a worker that starts fetches one script, not a
    graph three imports deep, one level after another (but SYNTAX_PROBE). Whitespace minified, names
    kept (tests/test_page_recovery.py's instrumentation reaches the worker's ``pyodide``); its
    dynamic import of the runtime's script stays as it is."""
    header = (f"/* The solver's worker: web/{SOLVER_WORKER} and the modules it imports, bundled by build.py. */\n")
    # The syntax probe stays its own module (imported first, as the page's check imports it): a
    # browser that cannot parse it stops the worker before anything of the runtime is fetched,
    # and the tests stand in for such a browser by serving another probe.
    return header.encode() + esbuild(web / SOLVER_WORKER, "--format=esm", f"--external:./{SYNTAX_PROBE}",
                                     minify="--minify-whitespace")


def sandbox_frame(boot: str) -> tuple[str, str]:
    """The sandbox frame's document (its policy, then ``boot`` inline) and the hash that allows
    ``boot`` (a CSP source, 'sha256-...'). The policy forbids every request and every script but
    ``boot``; the page's own (which a srcdoc frame inherits) applies too."""
    if "</script" in boot.lower():
        raise SystemExit(f"build: web/{SANDBOX_BOOT} may not contain '</script'")
    digest = "sha256-" + base64.b64encode(hashlib.sha256(boot.encode()).digest()).decode()
    policy = (f"default-src 'none'; script-src '{digest}' 'wasm-unsafe-eval'; worker-src blob:; "
              "connect-src 'none'; base-uri 'none'; form-action 'none'")
    html = (f'<!doctype html><html><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{policy}"></head>'
            f"<body><script>{boot}</script></body></html>")
    return html, f"'{digest}'"


def page_policy(html: str, boot_hash: str) -> str:
    """index.html with its policy allowing the sandbox: its frame's script (by ``boot_hash``),
    which a srcdoc frame's policy inherits, and workers from blob: (the frame's worker)."""
    rules = {"script-src 'self' 'wasm-unsafe-eval';": f"script-src 'self' 'wasm-unsafe-eval' {boot_hash};",
             "worker-src 'self';": "worker-src 'self' blob:;"}
    for old, new in rules.items():
        if html.count(old) != 1:
            raise SystemExit(f"build: index.html's Content-Security-Policy must hold {old!r} once")
        html = html.replace(old, new)
    return html


def editor_bundle(entry: Path) -> bytes:
    """The code editor (CodeMirror and its Python mode from node_modules) and ``entry`` in one
    ES module, minified. The page imports it only when a person opens the code panel."""
    bundle = esbuild(entry, "--format=esm", "--target=es2020")
    notices = {}  # each distinct licence text once, with the packages under it
    for manifest in sorted((ROOT / "node_modules").glob("**/package.json")):
        folder = manifest.parent
        name = folder.relative_to(ROOT / "node_modules").as_posix()
        if name.split("/")[0] in EDITOR_PACKAGES and (folder / "LICENSE").exists():
            notices.setdefault((folder / "LICENSE").read_text().strip(), []).append(name)
    header = "/*! The code editor: web/custom/editor-entry.js with the npm packages below, bundled by build.py.\n"
    for text, names in notices.items():
        header += f"\n{', '.join(names)}:\n{text.replace('*/', '* /')}\n"
    return (header + "*/\n").encode() + bundle


EDITOR_PACKAGES = frozenset({"codemirror", "@codemirror", "@lezer", "style-mod", "w3c-keyname", "crelt"})
"""The npm packages (or scopes) the editor's bundle is made of: their licences head it."""


def build(out: Path, stdlib_pyc: str = "imported") -> Path:
    """Write the site into ``out`` (replacing it) and return it. ``stdlib_pyc``: which
    standard-library modules ship precompiled (one of STDLIB_PYC); "none" ships Pyodide's
    stock zip and the package without bytecode, and needs no Node."""
    if stdlib_pyc not in STDLIB_PYC:
        raise ValueError(f"stdlib_pyc must be one of {', '.join(STDLIB_PYC)}, not {stdlib_pyc!r}")
    pyodide = ensure_pyodide()
    version = pinned_pyodide_version()
    if out.exists():
        shutil.rmtree(out)
    runtime = out / "pyodide" / version
    runtime.mkdir(parents=True)
    for name in SHIPPED_RUNTIME:
        shutil.copy2(pyodide / name, runtime / name)
    if stdlib_pyc == "none":
        stdlib, archive = (pyodide / "python_stdlib.zip").read_bytes(), package_archive()
    else:
        with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stock:
            sources = {n: stock.read(n) for n in stock.namelist() if n.endswith(".py")}
        compiled, bytecode, imported = precompile(pyodide, sources, package_sources())
        stdlib = stdlib_archive(pyodide / "python_stdlib.zip", compiled, imported if stdlib_pyc == "imported" else None)
        archive = package_archive(bytecode)
    stdlib_name = f"python_stdlib-{_digest(stdlib)}.zip"
    archive_name = f"npuzzle-{_digest(archive)}.zip"
    (out / "py").mkdir()
    (out / "py" / stdlib_name).write_bytes(stdlib)
    (out / "py" / archive_name).write_bytes(archive)
    snapshot_name = None
    if stdlib_pyc != "none":
        snapshot = memory_snapshot(pyodide, stdlib, archive)
        snapshot_name = f"snapshot-{_digest(snapshot)}.bin"
        (out / "py" / snapshot_name).write_bytes(snapshot)
    tables = {}
    (out / "tables").mkdir()
    for path in sorted((ROOT / "npuzzle" / "data").glob("*.bin")):
        shutil.copy2(path, out / "tables" / path.name)
        tables[path.name] = f"../tables/{path.name}?v={_digest(path.read_bytes())}"
    info = (
        "// Written by build.py: where the worker finds Python, the npuzzle package and its tables\n"
        "// (relative to this folder), and the build's name.\n"
        f'export const PYODIDE_URL = "../pyodide/{version}/";\n'
        f'export const PACKAGE_ARCHIVE = "../py/{archive_name}";\n'
        f'export const STDLIB_ARCHIVE = "../py/{stdlib_name}";\n'
        f'export const PYODIDE_VERSION = "{version}";\n'
        f"export const SNAPSHOT = {json.dumps(f'../py/{snapshot_name}' if snapshot_name else None)};\n"
        f"export const TABLE_FILES = {json.dumps(tables, indent=2)};\n"
    )
    frame, boot_hash = sandbox_frame((ROOT / "web" / SANDBOX_BOOT).read_text())
    info += (
        "// The sandbox that runs a person's code (custom/sandbox-host.js): its frame's document, and\n"
        "// its worker's script (relative to this folder).\n"
        f"export const FRAME_HTML = {json.dumps(frame)};\n"
        f'export const SANDBOX_BUNDLE = "{SANDBOX_BUNDLE}";\n'
    )
    sources = web_sources(ROOT / "web")
    sources.update(app_icons())  # the manifest's PNG icons, drawn here (no binary in the repository)
    name = _digest(b"".join(n.encode() + b"\0" + data for n, data in sources.items()) + info.encode())
    info += f'export const BUILD = "{name}";\n'
    web = out / f"web-{name}"
    web.mkdir()
    for file_name, data in sources.items():
        (web / file_name).parent.mkdir(parents=True, exist_ok=True)
        (web / file_name).write_bytes(data)
    (web / "build-info.js").write_text(info)
    (web / SOLVER_WORKER).write_bytes(solver_worker_bundle(web))
    html = page_policy((ROOT / "index.html").read_text(), boot_hash)
    scripts = re.findall(r'<script type="module"(?: async)? src="web/([\w./-]+)"></script>', html)
    if not scripts:
        raise SystemExit("build: index.html has no <script type=\"module\" src=\"web/...\"> to start the page")
    html = html.replace('"web/', f'"{web.name}/')
    # Fetch the page's whole module graph at once, not import by import: every module its
    # scripts import, after the last script.
    graph = list(dict.fromkeys(m for entry in scripts for m in page_modules(ROOT / "web", entry) if m not in scripts))
    preload = "".join(f'\n  <link rel="modulepreload" href="{web.name}/{m}">' for m in graph)
    tag = f'<script type="module" src="{web.name}/{scripts[-1]}"></script>'
    if tag not in html:
        raise SystemExit(f"build: index.html's last module script must be a plain <script type=\"module\" src=...>: {tag}")
    html = html.replace(tag, tag + preload)
    (out / "index.html").write_text(html)
    files = ["./", *(p.relative_to(out).as_posix() for p in sorted(out.rglob("*")) if p.is_file() and p.parts[len(out.parts)] != "tables")]
    table_urls = {u.removeprefix("../"): out / u.removeprefix("../").split("?")[0] for u in tables.values()}
    digests = {file: hashlib.sha256((out / ("index.html" if file == "./" else file)).read_bytes()).hexdigest() for file in files}
    digests.update({url: hashlib.sha256(path.read_bytes()).hexdigest() for url, path in table_urls.items()})
    paths = {**{file: out / file for file in files if file != "./"}, **table_urls}
    pieces = {file: piece_digests(path.read_bytes()) for file, path in paths.items()
              if path.suffix in CHECKED_AS_READ and path.stat().st_size > PIECE_BYTES}
    (out / "sw.js").write_text(
        f"// Written by build.py from web/{SERVICE_WORKER}: the build, the files it keeps (relative to this\n"
        "// file), the tables it may keep once fetched, the SHA-256 of every one of them, and of each\n"
        "// piece of those checked as they are read.\n"
        f'const BUILD = "{name}";\n'
        f"const FILES = {json.dumps(files, indent=2)};\n"
        f"const TABLES = {json.dumps(sorted(table_urls), indent=2)};\n"
        f"const SHA256 = {json.dumps(digests, indent=2)};\n"
        f"const PIECE = {PIECE_BYTES};\n"
        f"const PIECES = {json.dumps(pieces, indent=2)};\n\n"
        + (ROOT / "web" / SERVICE_WORKER).read_text()
    )
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are
    print(f"build: wrote {out} (build {name}, package {archive_name}, {len(archive):,} bytes; "
          f"standard library {stdlib_name}, {len(stdlib):,} bytes)", flush=True)
    return out


# The app's icons for the web app manifest (web/manifest.webmanifest), drawn at build time
# from web/icon.svg's geometry: a dark rounded square holding three amber tiles, the blank
# at the bottom right (in its 32-unit viewBox: the square 0..32 with corners of radius 6,
# tiles 12 wide at 3 and 17 with corners of radius 2). The maskable one fills its square
# with the dark colour and keeps the tiles inside the central circle of 40% of its size
# that every mask shape leaves visible.
ICON_DARK = (0x1F, 0x29, 0x37)
ICON_TILE = (0xF5, 0x9E, 0x0B)
APP_ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}
"""The PNG icons build.py writes into the site's web folder: name -> (size, maskable)."""
MASKABLE_GRID = 0.55
"""The maskable icon's three tiles span this fraction of its side: their farthest corner is
then 0.55/sqrt(2) = 39% of the side from the centre (less, rounded), inside the 40% safe zone."""


def _paint_rounded_rect(pixels: list[bytearray], box: tuple[float, float, float, float], radius: float, rgb: tuple[int, int, int]) -> None:
    """Paint an anti-aliased rounded rectangle (x0, y0, x1, y1, in pixels) over RGBA rows;
    each pixel is covered as far as the shape's signed distance from its centre says."""
    x0, y0, x1, y1 = box
    size = len(pixels)
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - radius, (y1 - y0) / 2 - radius

    def coverage(x: int, y: int) -> float:
        qx, qy = abs(x + 0.5 - cx) - hx, abs(y + 0.5 - cy) - hy
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - radius
        return min(max(0.5 - outside, 0.0), 1.0)

    def blend(row: bytearray, x: int, alpha: float) -> None:
        if alpha <= 0:
            return
        under = row[4 * x + 3] / 255
        out = alpha + under * (1 - alpha)
        for c in range(3):
            row[4 * x + c] = round((rgb[c] * alpha + row[4 * x + c] * under * (1 - alpha)) / out)
        row[4 * x + 3] = round(255 * out)

    left, right = max(0, math.floor(x0)), min(size, math.ceil(x1))
    for y in range(max(0, math.floor(y0)), min(size, math.ceil(y1))):
        row = pixels[y]
        straight = y + 1 > y0 + radius and y < y1 - radius  # a row between the corners' arcs
        edge = 1 if straight else math.ceil(radius) + 1
        inner_left, inner_right = min(right, left + edge), max(left + edge, right - edge)
        for x in (*range(left, inner_left), *range(inner_right, right)):
            blend(row, x, coverage(x, y))
        middle = coverage(inner_left, y) if inner_left < inner_right else 0.0
        if middle >= 1:
            row[4 * inner_left:4 * inner_right] = bytes((*rgb, 255)) * (inner_right - inner_left)
        else:
            for x in range(inner_left, inner_right):
                blend(row, x, middle)


def icon_pixels(size: int, maskable: bool) -> list[bytearray]:
    """The icon's RGBA rows (``size`` x ``size``)."""
    pixels = [bytearray(4 * size) for _ in range(size)]
    if maskable:
        _paint_rounded_rect(pixels, (0, 0, size, size), 0, ICON_DARK)
        scale, offset = MASKABLE_GRID * size / 26, size * (1 - MASKABLE_GRID) / 2 - 3 * MASKABLE_GRID * size / 26
    else:
        scale, offset = size / 32, 0.0
        _paint_rounded_rect(pixels, (0, 0, size, size), 6 * scale, ICON_DARK)
    for tx, ty in ((3, 3), (17, 3), (3, 17)):
        box = (offset + tx * scale, offset + ty * scale, offset + (tx + 12) * scale, offset + (ty + 12) * scale)
        _paint_rounded_rect(pixels, box, 2 * scale, ICON_TILE)
    return pixels


def png(pixels: list[bytearray]) -> bytes:
    """8-bit RGBA rows as a PNG file (no filtering, zlib level 9: the same rows give the same bytes)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(pixels[0]) // 4, len(pixels), 8, 6, 0, 0, 0)
    raw = b"".join(b"\0" + bytes(row) for row in pixels)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def app_icons() -> dict[str, bytes]:
    """The manifest's PNG icons by file name (APP_ICONS), drawn afresh."""
    return {name: png(icon_pixels(size, maskable)) for name, (size, maskable) in APP_ICONS.items()}


def page_modules(web: Path, entry: str = "app/main.js") -> list[str]:
    """The modules ``entry`` (a path in ``web``) imports statically, directly or not, as paths
    in ``web`` (the page's module graph, without the worker's), in the order found. It follows
    relative imports (``from "./x.js"``, ``from "../board/y.js"``), on one line or several;
    build-info.js, which the build writes, is in the graph but has no imports."""
    found: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        if name == "build-info.js":
            continue
        text = (web / name).read_text()
        for imported in re.findall(r'^(?:import|export) [^;"]*? from "(\.{1,2}/[\w./-]+\.js)";$', text, re.M):
            path = posixpath.normpath(posixpath.join(posixpath.dirname(name), imported))
            if path not in found and path != entry:
                found.append(path)
                todo.append(path)
    return found


def web_folder(out: Path) -> Path:
    """The built site's web folder (web-<hash>/) in ``out``."""
    (folder,) = out.glob("web-*")
    return folder


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types Pyodide needs, never cached (for development)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".png": "image/png",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def serve(directory: Path, port: int) -> None:
    """Serve ``directory`` on http://127.0.0.1:port/ until interrupted."""
    handler = functools.partial(Handler, directory=str(directory))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"build: serving {directory} at http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


class QuietHandler(Handler):
    """``Handler`` without a log line per request (tests and benchmarks)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serving_in_background(directory: Path) -> Iterator[str]:
    """Serve ``directory`` quietly on a free 127.0.0.1 port from a thread; yields the base URL."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    """Command line of build.py."""
    parser = argparse.ArgumentParser(description="Build (and optionally serve) the npuzzle site.")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default dist/)")
    parser.add_argument("--serve", action="store_true", help="serve the site after building")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument("--stdlib-pyc", choices=STDLIB_PYC, default="imported",
                        help="standard-library modules shipped as bytecode: those the solver imports (default), all, "
                        "or none (Pyodide's stock zip; no Node needed)")
    args = parser.parse_args(argv)
    out = build(args.out.resolve(), args.stdlib_pyc)
    if args.serve:
        serve(out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
