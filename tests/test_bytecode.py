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

from sitebuild.archive import package_archive, package_sources
from sitebuild.bytecode import _precompile
from sitebuild.files import content_name
from sitebuild.runtime import ensure_pyodide
from sitebuild.site import web_folder

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

    _, bytecode, _ = _precompile(ensure_pyodide(), {}, package_sources())  # the package only
    archive = package_archive(bytecode)
    assert (built_site / "py" / f"npuzzle-{content_name(archive)}.zip").read_bytes() == archive


# Restores the site's memory snapshot twice, as the solver's worker does (made whole, then the
# package unpacked and Python's random reseeded), and reports what each Python says; then feeds
# Pyodide a snapshot of another build (its build id changed), which it must refuse.
SNAPSHOT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, stdlib, archive, snapshot, reader, constants] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const { whole } = await import(pathToFileURL(reader).href);  // the worker's own (web/solver/snapshot.js)
const { SNAPSHOT_MAGIC } = await import(pathToFileURL(constants).href);  // the build's constants, as the worker reads them
const memory = whole(new Uint8Array(readFileSync(snapshot)), SNAPSHOT_MAGIC);
const visits = [];
for (let visit = 0; visit < 2; visit++) {
  const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdLibURL: stdlib, _loadSnapshot: new Uint8Array(memory) });
  pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip");
  pyodide.runPython("import random; random.seed()");
  visits.push(JSON.parse(pyodide.runPython(`
import json, sys
import npuzzle.webapi
handle = npuzzle.webapi.handle
answer = json.loads(handle(json.dumps({"op": "solve", "board": "8,6,7,2,5,4,3,0,1", "algorithm": "idastar", "heuristic": "manhattan"})))
while answer.get("type") == "progress":
    answer = json.loads(handle(json.dumps({"op": "step", "job": answer["job"], "budget_ms": 1000})))
from npuzzle.board import Board
from npuzzle.distance_table import distance_table
table = distance_table(Board.goal(3, 3))
json.dumps({
    "imported_before": "npuzzle.webapi" in sys.modules,
    "table": [table.complete, table.states, table.distance_of(Board.from_string("8 6 7 2 5 4 3 0 1"))],
    "info": json.loads(handle(json.dumps({"op": "info"}))),
    "random": json.loads(handle(json.dumps({"op": "random", "size": "4x4"})))["board"],
    "solve": answer,
})
`)));
}
let refused = null;
const other = new Uint8Array(memory);
other[16] ^= 0xff;  // a byte of the build id (Pyodide's header: magic, offsets, then the id)
try {
  await loadPyodide({ indexURL: `${runtime}/`, stdLibURL: stdlib, _loadSnapshot: other });
} catch (error) {
  refused = String(error.message || error);
}
console.log(JSON.stringify({ visits, refused }));
"""


def test_the_memory_snapshot_restores_the_started_solver_with_its_own_randomness(
    built_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """What the worker restores instead of starting Python (build.py's snapshot): Python with the
    package imported and the 3x3's distance table built answers as a fresh one does (its info is the fresh start's, the 3x3 solved
    optimally); two restores draw different random boards (each reseeds); a snapshot of another
    runtime is refused (the worker then starts Python as usual)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    info = (web_folder(built_site) / "build-info.js").read_text()
    py = built_site / "py"
    stdlib = py / re.search(r'STDLIB_ARCHIVE = "\.\./py/([^"]+)"', info).group(1)  # type: ignore[union-attr]
    archive = py / re.search(r'PACKAGE_ARCHIVE = "\.\./py/([^"]+)"', info).group(1)  # type: ignore[union-attr]
    snapshot = py / re.search(r'SNAPSHOT = "\.\./py/([^"]+)"', info).group(1)  # type: ignore[union-attr]
    script = tmp_path_factory.mktemp("snapshot") / "snapshot.mjs"
    script.write_text(SNAPSHOT)
    reader = web_folder(built_site) / "solver" / "snapshot.js"
    constants = web_folder(built_site) / "build-info.js"
    done = subprocess.run([node, str(script), str(ROOT / "node_modules" / "pyodide"), str(stdlib), str(archive), str(snapshot), str(reader),
                           str(constants)],
                          capture_output=True, text=True, timeout=180, check=True)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    first, second = report["visits"]
    fresh = subprocess.run(["python3", "-c", "import json, npuzzle.webapi as w; print(w.handle(json.dumps({'op': 'info'})))"],
                           capture_output=True, text=True, check=True, cwd=ROOT)
    assert first["imported_before"] is True
    assert first["table"] == [True, 181_440, 31]  # the 3x3's distances, built at build time
    assert first["info"] == second["info"] == json.loads(fresh.stdout)
    assert first["random"] != second["random"]
    for visit in (first, second):
        assert visit["solve"]["ok"] and visit["solve"]["type"] == "result", visit["solve"]
        assert visit["solve"]["result"]["length"] == 31 and visit["solve"]["result"]["optimal"] is True
    assert report["refused"] and "build id mismatch" in report["refused"], report["refused"]
