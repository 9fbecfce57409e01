"""The bytecode build.py ships (a precompiled standard library and package, compiled by the
pinned Pyodide under Node), checked inside that same Pyodide under Node: Python uses it
instead of compiling, and a traceback from the package still shows its source lines."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from build import web_folder

from .helpers import ROOT

# Loads Pyodide from node_modules with the site's standard library, unpacks the site's package
# as the worker does, and prints what Python says about where its modules came from.
CHECK = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, stdlib, archive] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdLibURL: stdlib });
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip");
console.log(pyodide.runPython(`
import importlib.machinery, json, sys, traceback
compiled = []  # sources Python compiles itself while importing the package
source_to_code = importlib.machinery.SourceFileLoader.source_to_code
def recording(self, data, path, *args, **kwargs):
    compiled.append(path)
    return source_to_code(self, data, path, *args, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = recording
import npuzzle.webapi
from npuzzle import Board
try:
    Board.from_string("1 2 3 / 4 5")
except ValueError:
    trace = traceback.format_exc()
json.dumps({
    "json": sys.modules["json"].__spec__.origin,
    "webapi": [npuzzle.webapi.__spec__.loader.path, npuzzle.webapi.__cached__],
    "loaded_bytecode": sorted(m.__name__ for m in list(sys.modules.values())
                              if getattr(m, "__spec__", None) and (m.__spec__.origin or "").endswith(".pyc")),
    "compiled_here": compiled,
    "trace": trace,
    "info": json.loads(npuzzle.webapi.handle(json.dumps({"op": "info"})))["ok"],
})
`));
"""


@pytest.fixture(scope="module")
def inside_pyodide(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    info = (web_folder(built_site) / "build-info.js").read_text()
    stdlib = built_site / "py" / re.search(r'STDLIB_ARCHIVE = "\.\./py/([^"]+)"', info).group(1)  # type: ignore[union-attr]
    archive = built_site / "py" / re.search(r'PACKAGE_ARCHIVE = "\.\./py/([^"]+)"', info).group(1)  # type: ignore[union-attr]
    script = tmp_path_factory.mktemp("bytecode") / "check.mjs"
    script.write_text(CHECK)
    runtime = ROOT / "node_modules" / "pyodide"
    done = subprocess.run([node, str(script), str(runtime), str(stdlib), str(archive)], capture_output=True, text=True,
                          timeout=180, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_standard_library_modules_the_solver_needs_load_from_bytecode(inside_pyodide: dict[str, object]) -> None:
    assert str(inside_pyodide["json"]).endswith("/json/__init__.pyc")
    assert inside_pyodide["info"] is True
    loaded = set(inside_pyodide["loaded_bytecode"])  # type: ignore[call-overload]
    assert {"json", "json.decoder", "heapq", "dataclasses", "enum", "typing"} <= loaded


def test_the_package_loads_from_its_shipped_bytecode(inside_pyodide: dict[str, object]) -> None:
    source, cached = inside_pyodide["webapi"]  # type: ignore[misc]
    assert source.endswith("npuzzle/webapi.py") and cached.endswith("npuzzle/__pycache__/webapi.cpython-314.pyc")
    assert inside_pyodide["compiled_here"] == []  # no module compiled from its source


def test_a_traceback_from_the_package_shows_its_source_lines(inside_pyodide: dict[str, object]) -> None:
    trace = str(inside_pyodide["trace"])
    assert re.search(r'File "[^"]*npuzzle/board\.py", line \d+, in from_string\n +\S', trace), trace
    assert "raise " in trace, trace  # the line that raised, read from the shipped source


def test_the_bytecode_is_the_same_at_every_build(built_site: Path) -> None:
    """Files are named by their content, so compiling the same sources again must give the
    same bytes (a fixed hash seed inside Pyodide, fixed zip timestamps)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    import build

    _, bytecode, _ = build._precompile(build.ensure_pyodide(), {}, build.package_sources())  # the package only
    archive = build.package_archive(bytecode)
    assert (built_site / "py" / f"npuzzle-{build._digest(archive)}.zip").read_bytes() == archive
