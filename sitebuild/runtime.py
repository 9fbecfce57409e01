"""The Python runtime: the pinned Pyodide from node_modules (``npm ci`` when it is missing or
not the pinned version), the files of it the site ships, and Node, which runs it at build time."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from sitebuild.files import ROOT

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of node_modules/pyodide the build uses (the lock file too: without it Node crashes
and a browser parses a 404 page as JSON)."""
RUNTIME_FILES = {
    "loader": "pyodide.mjs",
    "script": "pyodide.asm.mjs",
    "wasm": "pyodide.asm.wasm",
    "lock": "pyodide-lock.json",
}
"""What the site's pyodide/<version>/ holds, by role: the stock standard library is replaced by
py/python_stdlib-<hash>.zip, its precompiled copy. The page and its workers read these names from
the generated constants module (``RUNTIME_FILES``)."""


def pinned_pyodide_version() -> str:
    """The exact Pyodide version package.json pins."""
    return str(json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"])


def installed_version(name: str) -> str | None:
    """The version of the npm package ``name`` in node_modules, or None if it is not there."""
    manifest = ROOT / "node_modules" / name / "package.json"
    return json.loads(manifest.read_text()).get("version") if manifest.exists() else None


def ensure_pyodide() -> Path:
    """node_modules/pyodide at the pinned version, and every other package package.json pins
    (the editor and its bundler) at its version, running ``npm ci`` if one is not."""
    package = ROOT / "node_modules" / "pyodide"
    manifest = json.loads((ROOT / "package.json").read_text())
    pinned = {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}
    stale = [name for name, version in pinned.items() if installed_version(name) != version]
    if stale:
        print(f"build: installing {', '.join(stale)} with npm ci", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    missing = [name for name in PYODIDE_FILES if not (package / name).exists()]
    if missing:
        raise SystemExit(f"build: node_modules/pyodide lacks {', '.join(missing)}")
    return package


def copy_runtime(pyodide: Path, out: Path) -> str:
    """Copy RUNTIME_FILES from ``pyodide`` (node_modules/pyodide) into ``out``/pyodide/<version>/;
    returns that folder's path in the site (``pyodide/<version>/``)."""
    folder = f"pyodide/{pinned_pyodide_version()}/"
    (out / folder).mkdir(parents=True)
    for name in RUNTIME_FILES.values():
        shutil.copy2(pyodide / name, out / folder / name)
    return folder


def node(why: str) -> str:
    """The path of ``node`` (Node.js 20 or newer); stops the build saying ``why`` it is needed."""
    found = shutil.which("node")
    if found is None:
        raise SystemExit(f"build: node (Node.js 20 or newer) is needed {why}; build with --stdlib-pyc none")
    return found
