"""The page: index.html as the site serves it, its policy allowing the sandbox (policy.py), its
URLs pointing into the build's web folder, and one script: the page's, which the build bundles
with its whole module graph."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from sitebuild.constants import CONSTANTS_MODULE
from sitebuild.policy import page_policy


def page_modules(web: Path, entry: str = "app/main.js") -> list[str]:
    """The modules ``entry`` (a path in ``web``) imports statically, directly or not, as paths
    in ``web`` (the page's module graph, without the worker's), in the order found. It follows
    relative imports (``from "./x.js"``, ``from "../board/y.js"``, ``import "./z.js"``), on one line or several;
    CONSTANTS_MODULE, which the build writes, is in the graph but has no imports."""
    found: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        if name == CONSTANTS_MODULE:
            continue
        text = (web / name).read_text()
        for imported in re.findall(r'^(?:import|export) (?:[^;"]*? from )?"(\.{1,2}/[\w./-]+\.js)";$', text, re.M):
            path = posixpath.normpath(posixpath.join(posixpath.dirname(name), imported))
            if path not in found and path != entry:
                found.append(path)
                todo.append(path)
    return found


def page_html(html: str, web: Path, folder: str, boot_hash: str) -> str:
    """index.html (``html``) as the site serves it: its policy allowing the sandbox's frame script
    (``boot_hash``: policy.page_policy), every ``web/`` URL pointing into the build's web folder
    ``folder`` (``web-<hash>``), and its last module script alone: the build bundles it with every
    module it imports (bundles.py's ``page_bundle``), so the scripts before it (the page's first,
    app/boot.js, which starts the solver's worker) must be among them, and are dropped (served
    beside the bundle, a module would run twice: two workers)."""
    html = page_policy(html, boot_hash)
    scripts = re.findall(r'<script type="module"(?: async)? src="web/([\w./-]+)"></script>', html)
    if not scripts:
        raise SystemExit("build: index.html has no <script type=\"module\" src=\"web/...\"> to start the page")
    entry = scripts[-1]
    tag = f'<script type="module" src="web/{entry}"></script>'
    if tag not in html:
        raise SystemExit(f"build: index.html's last module script must be a plain <script type=\"module\" src=...>: {tag}")
    graph = page_modules(web, entry)
    for script in scripts[:-1]:
        if script not in graph:
            raise SystemExit(f"build: index.html's script web/{script} is not imported by web/{entry}, which the build bundles alone")
        html = re.sub(r'<script type="module"(?: async)? src="web/' + re.escape(script) + r'"></script>\n?\s*', "", html)
    return html.replace('"web/', f'"{folder}/')
