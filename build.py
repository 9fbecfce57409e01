#!/usr/bin/env python3
"""Build the static site into dist/ and, with --serve, serve it on 127.0.0.1.

    python3 build.py            # build dist/
    python3 build.py --serve    # build, then serve http://127.0.0.1:8000/

The site is self-contained: index.html, web/ (ES modules and CSS), the
Pyodide runtime files copied from node_modules/pyodide (installed with
``npm ci`` from the pinned package-lock.json if missing), the npuzzle
package as a zip whose name carries a hash of its contents, so a new build
is never hidden by a cached old one, and the pattern-database tables in
tables/ (fetched by the worker only when a solve needs them). Every URL in the site is relative, so
it works under a sub-path such as GitHub Pages' /<repo>/.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import io
import json
import shutil
import subprocess
import sys
import threading
import zipfile
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


def pinned_pyodide_version() -> str:
    """The exact Pyodide version package.json pins."""
    return str(json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"])


def ensure_pyodide() -> Path:
    """node_modules/pyodide at the pinned version, running ``npm ci`` if needed."""
    package = ROOT / "node_modules" / "pyodide"
    wanted = pinned_pyodide_version()
    installed = None
    if (package / "package.json").exists():
        installed = json.loads((package / "package.json").read_text()).get("version")
    if installed != wanted:
        print(f"build: installing pyodide {wanted} with npm ci", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    missing = [name for name in PYODIDE_FILES if not (package / name).exists()]
    if missing:
        raise SystemExit(f"build: node_modules/pyodide lacks {', '.join(missing)}")
    return package


def package_archive() -> bytes:
    """npuzzle/**/*.py as a zip with fixed timestamps, so equal sources give equal bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((ROOT / "npuzzle").rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def build(out: Path) -> Path:
    """Write the site into ``out`` (replacing it) and return it."""
    pyodide = ensure_pyodide()
    if out.exists():
        shutil.rmtree(out)
    (out / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "pyodide" / name)
    shutil.copytree(ROOT / "web", out / "web")
    shutil.copy2(ROOT / "index.html", out / "index.html")
    archive = package_archive()
    digest = hashlib.sha256(archive).hexdigest()[:12]
    archive_name = f"npuzzle-{digest}.zip"
    (out / "py").mkdir()
    (out / "py" / archive_name).write_bytes(archive)
    tables = {}
    (out / "tables").mkdir()
    for path in sorted((ROOT / "npuzzle" / "data").glob("*.bin")):
        shutil.copy2(path, out / "tables" / path.name)
        version = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        tables[path.name] = f"../tables/{path.name}?v={version}"
    (out / "web" / "build-info.js").write_text(
        "// Written by build.py: where the worker finds the npuzzle package and its tables.\n"
        f'export const PACKAGE_ARCHIVE = "../py/{archive_name}";\n'
        f'export const PYODIDE_VERSION = "{pinned_pyodide_version()}";\n'
        f"export const TABLE_FILES = {json.dumps(tables, indent=2)};\n"
    )
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are
    print(f"build: wrote {out} (package {archive_name}, {len(archive):,} bytes)", flush=True)
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types Pyodide needs, never cached (for development)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
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
    args = parser.parse_args(argv)
    out = build(args.out.resolve())
    if args.serve:
        serve(out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
