"""The site's build, one step a module; build.py (the command the README names) runs it.

    files.py      where the project is, deterministic zips, names taken from contents
    runtime.py    the pinned Pyodide (npm ci when missing), the files of it the site ships, Node
    archive.py    the npuzzle package's zip as the browser gets it
    bytecode.py   Python precompiled by the pinned Pyodide under Node (standard library, package)
    snapshot.py   the memory snapshot of Pyodide started with the package imported
    seal.py       Pyodide's bridge to JavaScript gated, for the worker that runs a person's code
    policy.py     the page's Content-Security-Policy and the sandbox frame's document
    bundles.py    the scripts esbuild makes (editor, sandbox worker, solver worker, service worker)
    constants.py  the generated constants module (build-info.js) the JavaScript imports
    offline.py    what the service worker keeps and the SHA-256 it checks them against
    page.py       index.html as served: its policy, its web folder, its module graph preloaded
    icons.py      the web app manifest's PNG icons, drawn
    site.py       every step in order into one folder (``build``)
    server.py     serving a built site on 127.0.0.1

The site is self-contained and every URL in it is relative, so it works under a sub-path
such as GitHub Pages' /<repo>/. Every file but two is named by its content, so a new build
never mixes with a cached old one and the service worker can keep a build's files offline:

    index.html                   the page (names the build's web folder)
    sw.js                        the service worker (web/solver/service-worker.js bundled with
                                 build-info.js and the SHA-256 of every file it keeps): offline
                                 use after the first visit
    web-<hash>/                  web/ (ES modules, CSS) and build-info.js, the constants module
                                 the page, its workers and the service worker import; <hash>
                                 covers them; custom/editor-bundle.js is the code editor
                                 (CodeMirror, from node_modules, bundled by esbuild from
                                 web/custom/editor-entry.js); custom/sandbox-bundle.js the worker
                                 that runs a person's code (web/custom/sandbox-worker.js with
                                 Pyodide's scripts, one classic script), and build-info.js's
                                 FRAME_HTML the document of the sandbox's frame
                                 (web/custom/sandbox-boot.js inline, allowed by its hash, which
                                 index.html's policy names too); solver/worker.js the solver's
                                 worker bundled with the modules it imports (one script to
                                 fetch, not a graph)
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

The folder is not build/ (pip and setuptools write there) and is no part of the npuzzle wheel
(pyproject.toml's package discovery includes npuzzle* only).
"""
