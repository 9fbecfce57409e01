"""Python precompiled: the standard library's and the package's modules compiled to bytecode by
the pinned Pyodide itself, under Node (so the magic number and the bytecode are that Python's),
and Pyodide's standard-library zip rebuilt with the modules the solver imports as .pyc."""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
import zipfile
from pathlib import Path

from sitebuild.archive import package_archive, package_sources
from sitebuild.files import ROOT, deterministic_zip
from sitebuild.runtime import node

STDLIB_PYC = ("imported", "all", "none")
"""Which standard-library modules get bytecode: those the solver imports (the default),
all of them, or none (Pyodide's stock zip, compiled from source at every start)."""


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
    runner = node("to precompile Python with the pinned Pyodide")
    with tempfile.TemporaryDirectory(prefix="npuzzle-precompile-") as folder:
        job = Path(folder)
        (job / "precompile.mjs").write_text(PRECOMPILE_JS)
        (job / "precompile.py").write_text(PRECOMPILE_PY)
        sources = {f"stdlib/{n}": data for n, data in stdlib.items()} | {f"package/{n}": data for n, data in package.items()}
        (job / "in.zip").write_bytes(deterministic_zip(dict(sources)))
        done = subprocess.run([runner, str(job / "precompile.mjs"), str(runtime), str(job)], capture_output=True, text=True)
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


def python_archives(pyodide: Path, stdlib_pyc: str) -> tuple[bytes, bytes]:
    """The standard library's zip and the package's, for ``stdlib_pyc`` (one of STDLIB_PYC):
    "none" gives Pyodide's stock zip (``pyodide`` is node_modules/pyodide) and the package
    without bytecode, and needs no Node."""
    if stdlib_pyc not in STDLIB_PYC:
        raise ValueError(f"stdlib_pyc must be one of {', '.join(STDLIB_PYC)}, not {stdlib_pyc!r}")
    if stdlib_pyc == "none":
        return (pyodide / "python_stdlib.zip").read_bytes(), package_archive()
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stock:
        sources = {n: stock.read(n) for n in stock.namelist() if n.endswith(".py")}
    compiled, bytecode, imported = precompile(pyodide, sources, package_sources())
    stdlib = stdlib_archive(pyodide / "python_stdlib.zip", compiled, imported if stdlib_pyc == "imported" else None)
    return stdlib, package_archive(bytecode)
