"""What ships: the package's own files (typed, with its data), and the site build.py writes,
complete, self-contained and relative."""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import json
import math
import re
import struct
import subprocess
import tomllib
import zipfile
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from sitebuild.bundles import NOT_SHIPPED, SANDBOX_BUNDLE
from sitebuild.icons import APP_ICONS, app_icons
from sitebuild.policy import SANDBOX_BOOT, sandbox_frame
from sitebuild.seal import BRIDGE_DOORS, SEAL_EXPORT, sealed_pyodide
from sitebuild.server import Handler
from sitebuild.site import web_folder

from .helpers import ROOT

PYODIDE_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"}  # the stdlib: py/python_stdlib-<hash>.zip


def test_site_has_every_file(built_site: Path) -> None:
    assert (built_site / "index.html").is_file()
    (runtime,) = (built_site / "pyodide").iterdir()  # pyodide/<version>/
    assert PYODIDE_FILES <= {p.name for p in runtime.iterdir()}
    web = web_folder(built_site)
    for name in ("app/main.js", "solver/worker.js", "app/controller.js", "style.css", "build-info.js"):
        assert (web / name).is_file(), name
    # Every file of web/ is built, in its folder (but the service worker: it is sw.js; the
    # editor's entry: bundled with CodeMirror into custom/editor-bundle.js; the sandbox's worker
    # and frame script: bundled with Pyodide, and inline in the frame's document).
    sources = {p.relative_to(ROOT / "web").as_posix() for p in (ROOT / "web").rglob("*") if p.is_file()}
    built = {p.relative_to(web).as_posix() for p in web.rglob("*") if p.is_file()}
    assert sources - set(NOT_SHIPPED) <= built
    assert (built_site / "sw.js").is_file()
    assert not (web / "solver" / "service-worker.js").exists()  # it is sw.js
    assert not (web / "custom" / "editor-entry.js").exists()  # its imports name npm packages
    bundle = (web / "custom" / "editor-bundle.js").read_text()
    assert bundle.startswith("/*! The code editor") and "MIT License" in bundle  # the licences head it
    assert not re.search(r'(from|import)\s*"(@codemirror|@lezer|codemirror|style-mod|w3c-keyname|crelt)', bundle)  # one module
    assert "editor-bundle.js" not in (built_site / "index.html").read_text()  # loaded when the editor opens, not preloaded
    # The solver's worker is one module: it imports statically only the syntax probe (which stops
    # a browser too old for the runtime), the rest of its graph inside; its names kept.
    worker = (web / "solver" / "worker.js").read_text()
    assert worker.startswith("/* The solver's worker: web/solver/worker.js and the modules it imports")
    assert re.findall(r"""\b(?:import|from)\s*["']([^"']+)["']""", worker) == ["./syntax-probe.js"]
    assert re.search(r"\bvar pyodide = null;|\bvar pyodide=null;", worker)
    assert re.search(r"import\(new URL\(RUNTIME_FILES\.script\b", worker)  # imported beside Pyodide's loader
    # Korf's instances ship in the package archive: the 4x4 check of a person's heuristic reads them.
    info = (web / "build-info.js").read_text()
    archive = zipfile.ZipFile(built_site / "py" / re.search(r'PACKAGE_ARCHIVE = "\.\./py/([^"]+)"', info).group(1))
    assert archive.read("npuzzle/data/korf100.txt") == (ROOT / "npuzzle" / "data" / "korf100.txt").read_bytes()


def test_package_archive_is_named_by_content_and_complete(built_site: Path) -> None:
    info = (web_folder(built_site) / "build-info.js").read_text()
    match = re.search(r'PACKAGE_ARCHIVE = "\.\./py/(npuzzle-[0-9a-f]{12}\.zip)"', info)
    assert match, info
    archive = built_site / "py" / match.group(1)
    names = set(zipfile.ZipFile(archive).namelist())
    assert {"npuzzle/__init__.py", "npuzzle/webapi.py", "npuzzle/search/astar.py"} <= names
    # Bytecode (compiled by the pinned Pyodide) beside every source, which stays for tracebacks.
    assert {n for n in names if n.endswith(".pyc")} == {
        re.sub(r"([^/]+)\.py$", r"__pycache__/\1.cpython-314.pyc", n) for n in names if n.endswith(".py")}


def test_our_files_request_nothing_outside_the_site(built_site: Path) -> None:
    for path in [built_site / "index.html", built_site / "sw.js", *sorted(p for p in web_folder(built_site).rglob("*") if p.is_file())]:
        if path.suffix == ".png":
            continue  # the app's icons: pixels, no addresses
        text = path.read_text()
        if path.name == Path(SANDBOX_BUNDLE).name:  # Pyodide's scripts inside: their own addresses only
            for runtime in ("pyodide.mjs", "pyodide.asm.mjs"):
                for address in re.findall(r"https?://[^\"'`)]*", (ROOT / "node_modules" / "pyodide" / runtime).read_text()):
                    # the same address, the names in its template minified
                    pattern = r"\$\{\w+\}".join(map(re.escape, re.split(r"\$\{\w+\}", address)))
                    text = re.sub(pattern, "", text)
        assert not re.search(r"https?://", text.replace("http://www.w3.org/2000/svg", "")), path.name
        # Absolute paths would break under a sub-path such as GitHub Pages' /<repo>/.
        assert not re.search(r"""(?:src|href)=["']/""", text), path.name
        assert not re.search(r"""from ["']/|import\(["']/""", text), path.name


def test_tables_are_shipped_beside_the_package_not_inside_it(built_site: Path) -> None:
    info = (web_folder(built_site) / "build-info.js").read_text()
    assert re.search(r'"pdb-4x4-663x2\.bin": "\.\./tables/pdb-4x4-663x2\.bin\?v=[0-9a-f]{12}"', info)
    assert (built_site / "tables" / "pdb-4x4-663x2.bin").stat().st_size < 12 * 2**20
    archive = next((built_site / "py").glob("npuzzle-*.zip"))
    assert not any(n.endswith(".bin") for n in zipfile.ZipFile(archive).namelist())


def test_the_package_says_it_is_typed_and_ships_its_data() -> None:
    package = ROOT / "npuzzle"
    assert (package / "py.typed").is_file()
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = setuptools["package-data"]["npuzzle"]
    assert "py.typed" in patterns
    # Every data file (the shipped tables, the known puzzles) is matched by a package-data pattern.
    data = sorted(p.relative_to(package).as_posix() for p in (package / "data").iterdir())
    assert {"data/pdb-4x4-663x2.bin", "data/korf100.txt"} <= set(data)
    assert [name for name in data if not any(fnmatch.fnmatch(name, p) for p in patterns)] == []


def content_security_policy(html: str) -> dict[str, list[str]]:
    """The page's Content-Security-Policy meta tag, directive -> sources."""
    found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert len(found) == 1, found
    policy: dict[str, list[str]] = {}
    for part in found[0].split(";"):
        name, *sources = part.split()
        policy[name] = sources
    return policy


def test_the_page_carries_a_strict_content_security_policy(built_site: Path) -> None:
    """A meta tag (GitHub Pages sets no headers): scripts and workers only from the site
    (WebAssembly compiled, nothing evaluated), no inline script or style, nothing
    fetched elsewhere, no plugins, no <base>. Two sources more, for the sandbox that runs a
    person's code (its srcdoc frame inherits this policy): the frame's one script, by its
    hash, and a worker from a blob: URL (the frame's worker)."""
    html = (built_site / "index.html").read_text()
    policy = content_security_policy(html)
    frame_html, boot_hash = sandbox_frame((ROOT / "web" / SANDBOX_BOOT).read_text())
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'", boot_hash]
    assert policy["worker-src"] == ["'self'", "blob:"] and policy["connect-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert not any("unsafe-inline" in s or "unsafe-eval" == s.strip("'") for v in policy.values() for s in v)
    # Nothing inline that such a policy would block.
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script"
    assert not re.search(r"<[^>]*\sstyle\s*=", html) and "<style" not in html, "inline style"
    assert not re.search(r"<[^>]*\son[a-z]+\s*=", html), "inline event handler"


def test_the_sandbox_frame_allows_its_one_script_and_no_request(built_site: Path) -> None:
    """The document of the frame that owns a person's code's worker (build-info.js's
    FRAME_HTML): its own policy allows no request of any kind and no script but its inline one,
    whose hash it and the page name; the worker's script is a file of the build (a classic
    script: the bundle of web/custom/sandbox-worker.js with Pyodide's scripts)."""
    info = (web_folder(built_site) / "build-info.js").read_text()
    frame = json.loads(re.search(r"export const FRAME_HTML = (\".*\");", info).group(1))
    boot = (ROOT / "web" / SANDBOX_BOOT).read_text()
    assert frame.count("<script>") == 1 and f"<script>{boot}</script>" in frame
    policy = content_security_policy(frame)
    digest = "'sha256-" + base64.b64encode(hashlib.sha256(boot.encode()).digest()).decode() + "'"
    assert policy == {
        "default-src": ["'none'"], "script-src": [digest, "'wasm-unsafe-eval'"], "worker-src": ["blob:"],
        "connect-src": ["'none'"], "base-uri": ["'none'"], "form-action": ["'none'"],
    }
    assert digest in content_security_policy((built_site / "index.html").read_text())["script-src"]
    bundle = (web_folder(built_site) / SANDBOX_BUNDLE).read_text()
    assert bundle.startswith("/*! The worker that runs a person's code") and "export " not in bundle[:2000]
    assert not (web_folder(built_site) / "custom" / "sandbox-worker.js").exists()
    assert not (web_folder(built_site) / "custom" / "sandbox-boot.js").exists()
    # Pyodide's bridge to JavaScript sealed: every door asks the gate (minified, by its name).
    # (the gate first; the minifier may hoist a function declared inside before it)
    for door in BRIDGE_DOORS:
        assert re.search(r"function " + door + r"\([^)]*\)\{.{0,600}?\w+\(\"" + door + r"\"\)", bundle), door


def test_every_door_of_the_bridge_asks_the_gate_and_a_renamed_one_stops_the_build() -> None:
    """build.sealed_pyodide on the pinned pyodide.asm.mjs: each of BRIDGE_DOORS starts by asking
    the gate (inside its own try where it has one, so a refusal becomes a Python exception), the
    module exports the seal, and a Pyodide without one of the doors stops the build."""
    source = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text()
    sealed = sealed_pyodide(source)
    for door in BRIDGE_DOORS:
        head = re.search(r"function " + door + r"\([^)]*\)\{(try\{)?", sealed)
        assert head and sealed[head.end():].startswith(f"__npuzzleGate('{door}');"), door
    assert f"export function {SEAL_EXPORT}(" in sealed
    assert sealed.count("__npuzzleGate(") == len(BRIDGE_DOORS) + 1  # each door, and the gate itself
    with pytest.raises(SystemExit, match="JsvFunction_Construct"):
        sealed_pyodide(source.replace("function JsvFunction_Construct(", "function JsvFunction_Make("))


# -- installable: the web app manifest and its icons -----------------------------------

def css_colours(css: str) -> dict[str, dict[str, str]]:
    """web/style.css's custom properties, light (the root rule) and dark (the media query)."""
    light = re.search(r":root \{(.*?)\}", css, re.S)
    dark = re.search(r"@media \(prefers-color-scheme: dark\) \{\s*:root \{(.*?)\}", css, re.S)
    assert light and dark
    return {mode: dict(re.findall(r"(--[\w-]+):\s*([^;]+);", match.group(1))) for mode, match in (("light", light), ("dark", dark))}


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGBA rows of an 8-bit RGBA PNG written without filters (as build.py
    writes them), after checking every chunk's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, []
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks.append((kind, body))
        at += 12 + length
    assert [k for k, _ in chunks][0] == b"IHDR" and chunks[-1][0] == b"IEND"
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, colour, interlace) == (8, 6, 0)
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = 1 + 4 * width
    assert len(raw) == stride * height
    rows = [raw[y * stride:(y + 1) * stride] for y in range(height)]
    assert {row[0] for row in rows} == {0}
    return width, height, [row[1:] for row in rows]


def manifest_of(built_site: Path) -> tuple[str, dict[str, Any]]:
    """The manifest index.html links (its URL relative to the site) and its contents."""
    html = (built_site / "index.html").read_text()
    links = re.findall(r'<link rel="manifest" href="([^"]+)">', html)
    assert len(links) == 1, links
    return links[0], json.loads((built_site / links[0]).read_text())


def test_the_site_is_an_installable_web_app(built_site: Path) -> None:
    href, manifest = manifest_of(built_site)
    assert href == f"{web_folder(built_site).name}/manifest.webmanifest"
    site = "https://example.org/npuzzle/"  # any sub-path, as GitHub Pages serves a project site
    here = urljoin(site, href)
    start = urljoin(here, manifest["start_url"])
    assert start == site and urljoin(here, manifest["scope"]) == site and urljoin(start, manifest["id"]) == site
    assert manifest["display"] == "standalone"
    assert manifest["name"].startswith("npuzzle") and manifest["short_name"] == "npuzzle" and manifest["description"]
    # The page's colours: the manifest takes the light background, the page's theme-color both.
    colours = css_colours((ROOT / "web" / "style.css").read_text())
    assert manifest["theme_color"] == manifest["background_color"] == colours["light"]["--bg"]
    html = (built_site / "index.html").read_text()
    themes = dict((m, c) for c, m in re.findall(r'<meta name="theme-color" content="([^"]+)" media="\(prefers-color-scheme: (\w+)\)">', html))
    assert themes == {"light": colours["light"]["--bg"], "dark": colours["dark"]["--bg"]}
    # Its icons: PNGs of the sizes it says, 192 and 512, one maskable; the service worker keeps them.
    files = json.loads(re.search(r"export const FILES = (\[.*?\]);", (web_folder(built_site) / "build-info.js").read_text(), re.S).group(1))  # type: ignore[union-attr]
    assert href in files
    purposes = {}
    for icon in manifest["icons"]:
        path = built_site / web_folder(built_site).name / icon["src"]
        width, height, _ = png_pixels(path.read_bytes())
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png", icon
        assert f"{web_folder(built_site).name}/{icon['src']}" in files
        purposes[icon["sizes"], icon["purpose"]] = path
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(purposes)
    # The dev server serves the manifest as one (GitHub Pages does too).
    assert Handler.extensions_map[".webmanifest"] == "application/manifest+json"
    assert Handler.extensions_map[".png"] == "image/png"


def test_the_icons_look_like_the_svg_and_the_maskable_one_keeps_the_safe_zone(built_site: Path) -> None:
    """icon.svg's colours, drawn opaque where it is opaque; the maskable icon fills its square
    and draws nothing but background outside the central circle of 40% of its size (what every
    mask shape keeps); the icons are the same bytes at every build."""
    svg = (ROOT / "web" / "icon.svg").read_text()
    dark, tile = (tuple(bytes.fromhex(c)) for c in re.findall(r'fill="#([0-9a-f]{6})"', svg)[:2])
    folder = web_folder(built_site)
    assert {name: (folder / name).read_bytes() for name in APP_ICONS} == app_icons()
    for name, (size, maskable) in APP_ICONS.items():
        width, height, rows = png_pixels((folder / name).read_bytes())
        assert width == height == size
        pixel = lambda x, y: tuple(rows[y][4 * x:4 * x + 4])  # noqa: E731
        centre_of_first_tile = round(size * (0.3 if maskable else 9 / 32))
        assert pixel(centre_of_first_tile, centre_of_first_tile) == (*tile, 255), name
        assert pixel(size * 3 // 4, size * 3 // 4) == (*dark, 255), name  # the blank's cell
        if not maskable:
            assert pixel(0, 0)[3] == 0  # the rounded corner is transparent
            continue
        outside = 0
        for y in range(size):
            for x in range(size):
                if pixel(x, y) != (*dark, 255):
                    assert math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= 0.4 * size, (x, y)
                elif math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) > 0.4 * size:
                    outside += 1
        assert outside > 0


def test_the_readme_names_the_versions_the_page_names() -> None:
    """README's "Browsers" names the versions the page's support check names when a browser is
    too old (web/solver/browser-support.js's SUPPORTED, read by Node: no browser needed)."""
    script = "const m = await import('./web/solver/browser-support.js'); console.log(JSON.stringify(m.SUPPORTED));"
    done = subprocess.run(["node", "--no-warnings", "--input-type=module", "-e", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    supported = json.loads(done.stdout)
    assert supported == {"safari": "16.4", "chrome": 96, "firefox": 114}
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Browsers"):]
    section = section[:section.index("\n## ", 1)]
    for version in (f"Safari {supported['safari']}", f"Chrome and Edge {supported['chrome']}", f"Firefox {supported['firefox']}"):
        assert version in section, version
