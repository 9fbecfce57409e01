"""The page: index.html as the site serves it, its policy allowing the sandbox (policy.py), its
URLs pointing into the build's web folder, and its whole module graph preloaded."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from sitebuild.constants import CONSTANTS_MODULE
from sitebuild.policy import page_policy


def page_modules(web: Path, entry: str = "app/main.js") -> list[str]:
    """The modules ``entry`` (a path in ``web``) imports statically, directly or not, as paths
    in ``web`` (the page's module graph, without the worker's), in the order found. It follows
    relative imports (``from "./x.js"``, ``from "../board/y.js"``), on one line or several;
    CONSTANTS_MODULE, which the build writes, is in the graph but has no imports."""
    found: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        if name == CONSTANTS_MODULE:
            continue
        text = (web / name).read_text()
        for imported in re.findall(r'^(?:import|export) [^;"]*? from "(\.{1,2}/[\w./-]+\.js)";$', text, re.M):
            path = posixpath.normpath(posixpath.join(posixpath.dirname(name), imported))
            if path not in found and path != entry:
                found.append(path)
                todo.append(path)
    return found


def page_html(html: str, web: Path, folder: str, boot_hash: str) -> str:
    """index.html (``html``) as the site serves it: its policy allowing the sandbox's frame script
    (``boot_hash``: policy.page_policy), every ``web/`` URL pointing into the build's web folder
    ``folder`` (``web-<hash>``), and, after its last module script, a modulepreload for every
    module its scripts import (the modules in ``web``, the sources): the browser fetches the
    page's whole module graph at once, not import by import."""
    html = page_policy(html, boot_hash)
    scripts = re.findall(r'<script type="module"(?: async)? src="web/([\w./-]+)"></script>', html)
    if not scripts:
        raise SystemExit("build: index.html has no <script type=\"module\" src=\"web/...\"> to start the page")
    html = html.replace('"web/', f'"{folder}/')
    graph = list(dict.fromkeys(m for entry in scripts for m in page_modules(web, entry) if m not in scripts))
    preload = "".join(f'\n  <link rel="modulepreload" href="{folder}/{m}">' for m in graph)
    tag = f'<script type="module" src="{folder}/{scripts[-1]}"></script>'
    if tag not in html:
        raise SystemExit(f"build: index.html's last module script must be a plain <script type=\"module\" src=...>: {tag}")
    return html.replace(tag, tag + preload)
