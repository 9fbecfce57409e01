"""The site: every step of the build in order, into one folder (see this package's docstring for
what it holds)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from sitebuild.bundles import PAGE_ENTRY, SANDBOX_BUNDLE, SOLVER_WORKER, page_bundle, service_worker_bundle, solver_worker_bundle, web_sources
from sitebuild.bytecode import STDLIB_PYC, python_archives
from sitebuild.constants import CONSTANTS_MODULE, Facts
from sitebuild.files import ROOT, content_name
from sitebuild.icons import app_icons
from sitebuild.offline import CACHE_PREFIX, PIECE_BYTES, SERVICE_WORKER, TABLE_CACHE, digests_module, site_files
from sitebuild.page import page_html
from sitebuild.policy import SANDBOX_BOOT, sandbox_frame
from sitebuild.runtime import RUNTIME_FILES, copy_runtime, ensure_pyodide, pinned_pyodide_version
from sitebuild.snapshot import memory_snapshot

from npuzzle.webapi import LINK_LIMITS

OUT = ROOT / "dist"
"""Where the site is written by default (the Pages workflow publishes this folder)."""


def build(out: Path, stdlib_pyc: str = "imported") -> Path:
    """Write the site into ``out`` (replacing it) and return it. ``stdlib_pyc``: which
    standard-library modules ship precompiled (one of STDLIB_PYC); "none" ships Pyodide's
    stock zip and the package without bytecode, and needs no Node."""
    if stdlib_pyc not in STDLIB_PYC:
        raise ValueError(f"stdlib_pyc must be one of {', '.join(STDLIB_PYC)}, not {stdlib_pyc!r}")
    pyodide = ensure_pyodide()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    runtime = copy_runtime(pyodide, out)
    stdlib, archive = python_archives(pyodide, stdlib_pyc)
    snapshot = memory_snapshot(pyodide, stdlib, archive) if stdlib_pyc != "none" else None
    py = {f"python_stdlib-{content_name(stdlib)}.zip": stdlib, f"npuzzle-{content_name(archive)}.zip": archive}
    if snapshot is not None:
        py[f"snapshot-{content_name(snapshot)}.bin"] = snapshot
    (out / "py").mkdir()
    for name, data in py.items():
        (out / "py" / name).write_bytes(data)
    tables = copy_tables(out)
    frame, boot_hash = sandbox_frame((ROOT / "web" / SANDBOX_BOOT).read_text())
    stdlib_name, archive_name, *snapshot_name = py
    facts = Facts(
        pyodide_version=pinned_pyodide_version(), pyodide_url=f"../{runtime}", runtime_files=dict(RUNTIME_FILES),
        package_archive=f"../py/{archive_name}", stdlib_archive=f"../py/{stdlib_name}",
        snapshot=f"../py/{snapshot_name[0]}" if snapshot_name else None,
        table_files={name: f"../{url}" for name, url in tables.items()}, frame_html=frame, sandbox_bundle=SANDBOX_BUNDLE,
        cache_prefix=CACHE_PREFIX, table_cache=TABLE_CACHE, piece=PIECE_BYTES, link_limits=dict(LINK_LIMITS),
    )
    sources = web_sources(ROOT / "web")
    sources.update(app_icons())  # the manifest's PNG icons, drawn here (no binary in the repository)
    name = facts.name(sources)
    web = out / f"web-{name}"
    for file_name, data in sources.items():
        (web / file_name).parent.mkdir(parents=True, exist_ok=True)
        (web / file_name).write_bytes(data)
    (out / "index.html").write_text(page_html((ROOT / "index.html").read_text(), ROOT / "web", web.name, boot_hash))
    files = site_files(out, f"{web.name}/{CONSTANTS_MODULE}")
    facts = dataclasses.replace(facts, build=name, files=tuple(files), tables=tuple(sorted(tables.values())))
    (web / CONSTANTS_MODULE).write_text(facts.module())
    (web / SOLVER_WORKER).write_bytes(solver_worker_bundle(web))
    (web / PAGE_ENTRY).write_bytes(page_bundle(web))
    (out / SERVICE_WORKER).write_bytes(service_worker_bundle(web, digests_module(out, files, list(facts.tables))))
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are
    print(f"build: wrote {out} (build {name}, package {archive_name}, {len(archive):,} bytes; "
          f"standard library {stdlib_name}, {len(stdlib):,} bytes)", flush=True)
    return out


def copy_tables(out: Path) -> dict[str, str]:
    """Copy the package's pattern-database tables (npuzzle/data/*.bin) into ``out``/tables/;
    returns each one's URL in the site by its name (``tables/<name>?v=<content name>``)."""
    (out / "tables").mkdir()
    urls = {}
    for path in sorted((ROOT / "npuzzle" / "data").glob("*.bin")):
        shutil.copy2(path, out / "tables" / path.name)
        urls[path.name] = f"tables/{path.name}?v={content_name(path.read_bytes())}"
    return urls


def web_folder(out: Path) -> Path:
    """The built site's web folder (web-<hash>/) in ``out``."""
    (folder,) = out.glob("web-*")
    return folder
