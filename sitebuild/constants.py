"""The generated constants module: every fact of a build that the page, its workers and the
service worker read (where the runtime, the package, the snapshot and the tables are, the
sandbox's frame, the build's name, the files kept offline), written once by the build as one
ES module, build-info.js in the build's web folder, and imported, never restated, by the
JavaScript (web/app/main.js, web/solver/worker.js, web/solver/service-worker.js,
web/custom/sandbox-host.js).

Paths are relative to the web folder (web-<hash>/, where the module is), but FILES and TABLES,
which are relative to the site's root, where the service worker (sw.js) is."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

from sitebuild.files import content_name
from sitebuild.offline import SERVICE_WORKER
from sitebuild.snapshot import SNAPSHOT_MAGIC

CONSTANTS_MODULE = "build-info.js"
"""The generated module's path in the build's web folder (the sources import it as
``../build-info.js``; it is never committed: only the built site has it)."""


@dataclass(frozen=True)
class Facts:
    """What the build tells the JavaScript, each field one exported constant (its name in
    capitals: ``pyodide_url`` is ``PYODIDE_URL``), in this order."""

    pyodide_version: str
    """The pinned Pyodide's version ("314.0.7")."""
    pyodide_url: str
    """The runtime's folder ("../pyodide/<version>/")."""
    runtime_files: dict[str, str]
    """The runtime's files in that folder by role: loader, script, wasm, lock (runtime.py)."""
    package_archive: str
    """The npuzzle package's zip ("../py/npuzzle-<hash>.zip")."""
    stdlib_archive: str
    """The standard library's zip, passed as loadPyodide's stdLibURL."""
    snapshot: str | None
    """The memory snapshot ("../py/snapshot-<hash>.bin"), or None if the build has none."""
    table_files: dict[str, str]
    """Each pattern-database file's URL by its name ("../tables/<name>?v=<hash>")."""
    frame_html: str
    """The document of the sandbox's frame (policy.py's ``sandbox_frame``)."""
    sandbox_bundle: str
    """The script of the worker that runs a person's code (bundles.py)."""
    cache_prefix: str
    """The start of every cache name the service worker owns (offline.py)."""
    table_cache: str
    """The cache the tables are kept in across builds (the solver's worker stores each one it
    fetches; the service worker serves from it)."""
    piece: int
    """The size of the pieces a file read as data is checked in (offline.py)."""
    link_limits: dict[str, int]
    """The longest text each of a link's fields may carry (npuzzle.webapi.LINK_LIMITS: a link
    is read before Python is loaded)."""
    snapshot_magic: str = SNAPSHOT_MAGIC.decode("ascii")
    """The first bytes of the memory snapshot as snapshot.py writes it ("NPSS"), which the
    solver's worker checks before it makes the snapshot whole (web/solver/snapshot.js)."""
    service_worker: str = f"../{SERVICE_WORKER}"
    """The service worker's script (offline.py's SERVICE_WORKER, at the site's root: "../sw.js"),
    which the page registers."""
    build: str = ""
    """The build's name, the hash in its web folder's name (``name``: set, with the file list,
    once the other facts are known)."""
    files: tuple[str, ...] = ()
    """Every file the service worker keeps, relative to the site's root ("./" is the page)."""
    tables: tuple[str, ...] = ()
    """The tables' URLs relative to the site's root, which the service worker may keep."""

    def name(self, sources: dict[str, bytes]) -> str:
        """The build's name: a content name of the web folder's ``sources`` (path -> bytes) and of
        every fact but the name and the file list (which the name decides)."""
        facts = {k: v for k, v in dataclasses.asdict(self).items() if k not in ("build", "files")}
        text = b"".join(n.encode() + b"\0" + data for n, data in sources.items())
        return content_name(text + json.dumps(facts, sort_keys=True).encode())

    def module(self) -> str:
        """The ES module's text: a header, then ``export const NAME = <JSON>;`` for each fact."""
        lines = [
            "// Written by build.py (sitebuild/constants.py): this build's facts, for the page, its workers and",
            "// the service worker. Paths are relative to this file's folder; FILES and TABLES to the site's root.",
        ]
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            text = json.dumps(list(value) if isinstance(value, tuple) else value, indent=2 if isinstance(value, (dict, tuple)) else None)
            lines.append(f"export const {field.name.upper()} = {text};")
        return "\n".join(lines) + "\n"
