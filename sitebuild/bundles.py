"""The bundles: the scripts the site ships made by the pinned esbuild from web/'s sources (the
code editor with CodeMirror, the worker that runs a person's code with Pyodide's scripts, the
solver's worker with the modules it imports, the service worker with the build's constants), and
web/'s other files as they are."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from sitebuild.constants import CONSTANTS_MODULE
from sitebuild.files import ROOT
from sitebuild.offline import DIGESTS_MODULE
from sitebuild.policy import SANDBOX_BOOT
from sitebuild.runtime import pinned_pyodide_version
from sitebuild.seal import sealed_pyodide

SERVICE_WORKER_SOURCE = "solver/service-worker.js"
"""web/'s service worker source (its path in web/): bundled with the build's constants and
digests into the site's sw.js (``service_worker_bundle``)."""

EDITOR_ENTRY = "custom/editor-entry.js"
"""The code editor's entry in web/: its imports name npm packages, so it is not shipped but
bundled (``editor_bundle``) into EDITOR_BUNDLE."""
EDITOR_BUNDLE = "custom/editor-bundle.js"
SANDBOX_ENTRY = "custom/sandbox-worker.js"
"""The worker that runs a person's code, in web/: bundled with Pyodide's scripts
(``sandbox_bundle``) into SANDBOX_BUNDLE, a classic script the sandbox's frame starts from a
blob: URL (a module worker cannot start in an opaque-origin frame)."""
SANDBOX_BUNDLE = "custom/sandbox-bundle.js"
NOT_SHIPPED = (SERVICE_WORKER_SOURCE, EDITOR_ENTRY, SANDBOX_ENTRY, SANDBOX_BOOT)
"""web/'s sources that are not files of the site as they are (written elsewhere, or bundled)."""


def web_sources(web: Path) -> dict[str, bytes]:
    """web/'s files by their path in it ("app/main.js"), but the sources in NOT_SHIPPED, with the
    editor's and the sandbox worker's bundles."""
    sources = {p.relative_to(web).as_posix(): p.read_bytes() for p in sorted(web.rglob("*"))
               if p.is_file() and p.relative_to(web).as_posix() not in NOT_SHIPPED}
    sources[EDITOR_BUNDLE] = editor_bundle(web / EDITOR_ENTRY)
    sources[SANDBOX_BUNDLE] = sandbox_bundle(web / SANDBOX_ENTRY)
    return sources


def esbuild(entry: Path, *flags: str, minify: str | None = "--minify", cwd: Path = ROOT) -> bytes:
    """``entry`` and what it imports bundled into one minified script by the pinned esbuild (its
    native binary: no Node needed to run it); ``minify``: esbuild's flag for how far (None: not
    minified); ``cwd``: the folder it runs in (an unminified bundle names each module's path
    from there)."""
    binary = ROOT / "node_modules" / ".bin" / "esbuild"
    if not binary.exists():
        raise SystemExit("build: node_modules/.bin/esbuild is missing: run npm ci")
    done = subprocess.run(
        [str(binary), str(entry), "--bundle", *([minify] if minify else []), "--legal-comments=none", "--log-level=warning", *flags],
        cwd=cwd, check=False, capture_output=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"build: esbuild failed on {entry.name}: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


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


PAGE_ENTRY = "app/main.js"
"""The page's script in web/: shipped as one module, bundled with all it imports (``page_bundle``)."""
PAGE_DYNAMIC = ("../solver/syntax-probe.js", "../custom/editor-bundle.js")
"""What the page imports only when it needs it, as its modules name it (so that the name finds the
file from the bundle's folder, app/, too): left out of the page's bundle."""


def page_bundle(web: Path) -> bytes:
    """The page's script in the built web folder ``web`` (build-info.js written), bundled with
    every module it imports (boot.js's graph first: it starts the solver's worker) into one ES
    module: the page fetches one script, not about sixty (each a request the service worker
    answers and checks, queued beside the worker's own start). Whitespace minified, names kept.
    PAGE_DYNAMIC stays as it is: the syntax probe (a browser that cannot parse it must still run
    the page, to say so) and the code editor (imported when a person opens it)."""
    header = f"/* The page: web/{PAGE_ENTRY} and the modules it imports, bundled by build.py. */\n"
    return header.encode() + esbuild(web / PAGE_ENTRY, "--format=esm", *(f"--external:{name}" for name in PAGE_DYNAMIC),
                                      minify="--minify-whitespace")


def editor_bundle(entry: Path) -> bytes:
    """The code editor (CodeMirror and its Python mode from node_modules) and ``entry`` in one
    ES module, minified. The page imports it only when a person opens the code panel."""
    bundle = esbuild(entry, "--format=esm", "--target=es2020")
    notices: dict[str, list[str]] = {}  # each distinct licence text once, with the packages under it
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


def service_worker_bundle(web: Path, digests: str) -> bytes:
    """The site's service worker (sw.js, a classic script: every browser registers one): web/'s
    SERVICE_WORKER_SOURCE bundled with the constants module of the built web folder ``web`` and
    ``digests`` (offline.py's DIGESTS_MODULE text), which it imports. Not minified (esbuild
    drops the comments, not the names): a person can read in it what is kept and checked."""
    header = (f"/* The service worker: web/{SERVICE_WORKER_SOURCE} with the build's constants ({CONSTANTS_MODULE}) "
              "and the SHA-256 of every file it keeps, bundled by build.py. */\n")
    # The source's imports resolve as in a web folder: ../build-info.js, ./offline-digests.js.
    with tempfile.TemporaryDirectory(prefix="npuzzle-sw-") as folder:
        layout = Path(folder)
        entry = layout / SERVICE_WORKER_SOURCE
        entry.parent.mkdir(parents=True)
        entry.write_bytes((ROOT / "web" / SERVICE_WORKER_SOURCE).read_bytes())
        (layout / CONSTANTS_MODULE).write_bytes((web / CONSTANTS_MODULE).read_bytes())
        (entry.parent / DIGESTS_MODULE).write_text(digests)
        return header.encode() + esbuild(entry, "--format=iife", minify=None, cwd=layout)
