"""Each module of the build (sitebuild/) alone, on small inputs of the test's own, without building
the site (tests/test_build.py checks the site a whole build writes)."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import io
import json
import re
import struct
import subprocess
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest

from sitebuild import archive, bytecode, constants, offline, page, policy, runtime, seal, server, site, snapshot
from sitebuild.bundles import service_worker_bundle
from sitebuild.files import ROOT, content_name, deterministic_zip
from sitebuild.icons import icon_pixels, png

from .test_build import png_pixels


def node_json(script: str) -> Any:
    """What a Node module script prints as JSON (run from the project's folder)."""
    done = subprocess.run(["node", "--no-warnings", "--input-type=module", "-e", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


# -- files -----------------------------------------------------------------------------

def test_a_zip_is_the_same_bytes_for_the_same_files_in_the_order_given() -> None:
    files: dict[str, bytes | None] = {"b/": None, "b/x.py": b"x = 1\n", "a.txt": b"a"}
    first, second = deterministic_zip(files), deterministic_zip(dict(files))
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as zipped:
        assert zipped.namelist() == ["b/", "b/x.py", "a.txt"]
        assert zipped.getinfo("b/").is_dir() and zipped.read("b/x.py") == b"x = 1\n"
        assert {info.date_time for info in zipped.infolist()} == {(2020, 1, 1, 0, 0, 0)}
    assert deterministic_zip({"a.txt": b"b"}) != deterministic_zip({"a.txt": b"a"})


def test_a_content_name_is_twelve_hex_digits_that_follow_the_bytes() -> None:
    assert re.fullmatch(r"[0-9a-f]{12}", content_name(b"x"))
    assert content_name(b"x") == content_name(b"x") != content_name(b"y")


# -- runtime ---------------------------------------------------------------------------

def test_the_runtime_is_the_version_the_lock_file_pins_and_its_files_are_copied() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert runtime.pinned_pyodide_version() == lock["packages"]["node_modules/pyodide"]["version"]
    assert set(runtime.RUNTIME_FILES.values()) == set(runtime.PYODIDE_FILES) - {"python_stdlib.zip"}


def test_the_runtime_copied_holds_its_files_and_not_the_stock_standard_library(tmp_path: Path) -> None:
    stock = tmp_path / "node_modules-pyodide"
    stock.mkdir()
    for name in runtime.PYODIDE_FILES:
        (stock / name).write_bytes(name.encode())
    folder = runtime.copy_runtime(stock, tmp_path / "site")
    assert folder == f"pyodide/{runtime.pinned_pyodide_version()}/"
    copied = {p.name: p.read_bytes() for p in (tmp_path / "site" / folder).iterdir()}
    assert copied == {name: name.encode() for name in runtime.RUNTIME_FILES.values()}


def test_a_build_without_node_says_how_to_build_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit, match=r"node .* is needed to make the memory snapshot; build with --stdlib-pyc none"):
        runtime.node("to make the memory snapshot")


# -- archive ---------------------------------------------------------------------------

def test_the_package_archive_holds_every_module_but_the_offline_ones_and_the_page_data() -> None:
    every = {p.relative_to(ROOT).as_posix() for p in (ROOT / "npuzzle").rglob("*.py")}
    sources = archive.package_sources()
    assert set(sources) == every - archive.OFFLINE_ONLY and archive.OFFLINE_ONLY <= every
    assert sources["npuzzle/board.py"] == (ROOT / "npuzzle" / "board.py").read_bytes()
    pyc = {"npuzzle/__pycache__/board.cpython-314.pyc": b"code"}
    with zipfile.ZipFile(io.BytesIO(archive.package_archive(pyc))) as zipped:
        names = zipped.namelist()
        assert names[-1] == "npuzzle/__pycache__/board.cpython-314.pyc" and zipped.read(names[-1]) == b"code"
        assert set(names) == set(sources) | set(archive.PAGE_DATA) | set(pyc)


# -- bytecode --------------------------------------------------------------------------

def test_the_standard_library_gets_bytecode_only_where_asked(tmp_path: Path) -> None:
    stock = tmp_path / "python_stdlib.zip"
    stock.write_bytes(deterministic_zip({"json/": None, "json/__init__.py": b"j", "os.py": b"o", "broken.py": b"("}))
    compiled = {"json/__init__.py": b"J", "os.py": b"O"}  # broken.py did not compile

    def listing(which: set[str] | None) -> dict[str, bytes | None]:
        with zipfile.ZipFile(io.BytesIO(bytecode.stdlib_archive(stock, compiled, which))) as zipped:
            return {i.filename: None if i.is_dir() else zipped.read(i) for i in zipped.infolist()}

    assert listing({"os.py"}) == {"json/": None, "json/__init__.py": b"j", "os.pyc": b"O", "broken.py": b"("}
    assert listing(None) == {"json/": None, "json/__init__.pyc": b"J", "os.pyc": b"O", "broken.py": b"("}


def test_without_bytecode_the_stock_standard_library_ships_and_nothing_runs_node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "python_stdlib.zip").write_bytes(b"stock")
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)  # Node would stop the build
    stdlib, package = bytecode.python_archives(tmp_path, "none")
    assert stdlib == b"stock" and package == archive.package_archive()
    with pytest.raises(ValueError, match="stdlib_pyc must be one of imported, all, none"):
        bytecode.python_archives(tmp_path, "some")


# -- snapshot --------------------------------------------------------------------------

def whole(packed: bytes) -> bytes:
    """The snapshot ``packed`` made whole again, read as its docstring says (the worker's
    snapshot.js does the same in the browser; tests/js/snapshot.test.mjs checks that one)."""
    assert packed[:4] == b"NPSS"
    page_size, length, count = struct.unpack_from("<III", packed, 4)
    numbers = struct.unpack_from(f"<{count}I", packed, 16)
    out, at = bytearray(length), 16 + 4 * count
    for number in numbers:
        piece = packed[at:at + min(page_size, length - number * page_size)]
        out[number * page_size:number * page_size + len(piece)] = piece
        at += len(piece)
    assert at == len(packed)
    return bytes(out)


def test_a_snapshot_keeps_only_its_pages_that_are_not_zeros() -> None:
    page_size = snapshot.SNAPSHOT_PAGE
    memory = bytearray(page_size * 6 + 100)
    memory[5] = 1
    memory[page_size * 3 + 7] = 2
    memory[-1] = 3  # in the short last page
    packed = snapshot.sparse(bytes(memory))
    assert struct.unpack_from("<III", packed, 4) == (page_size, len(memory), 3)
    assert struct.unpack_from("<3I", packed, 16) == (0, 3, 6)
    assert len(packed) == 16 + 4 * 3 + 2 * page_size + 100
    assert whole(packed) == bytes(memory)
    assert whole(snapshot.sparse(bytes(page_size * 2))) == bytes(page_size * 2)  # all zeros: no page kept


# -- seal ------------------------------------------------------------------------------

def test_each_door_asks_the_gate_first_and_a_shut_one_refuses_before_reading_its_arguments() -> None:
    bridge = "".join(f"function {d}(a,b){{try{{return a(b)}}catch(e){{throw e}}}}\n" for d in seal.BRIDGE_DOORS)
    shut = "".join(f"function {d}(a){{return use(a)}}\n" for d in seal.SHUT_DOORS)
    sealed = seal.sealed_pyodide(bridge + shut)
    for door in seal.BRIDGE_DOORS:
        assert f"function {door}(a,b){{try{{__npuzzleGate('{door}');return a(b)}}" in sealed
    for door, (refusal, what) in seal.SHUT_DOORS.items():
        # (the words quoted as JavaScript reads them: "a host's name" in double quotes)
        assert f"function {door}(a){{if(__npuzzleShut({door!r},{what!r}))return {refusal};return use(a)}}" in sealed
    assert f"export function {seal.SEAL_EXPORT}(refuse,shut)" in sealed
    with pytest.raises(SystemExit, match="defines JsvArray_New 2 times"):
        seal.sealed_pyodide(bridge + shut + "function JsvArray_New(x){}")


# -- policy ----------------------------------------------------------------------------

def test_the_page_policy_gains_the_sandbox_sources_and_nothing_else() -> None:
    html = "<meta content=\"default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'\">"
    assert policy.page_policy(html, "'sha256-AB'") == (
        "<meta content=\"default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-AB'; "
        "worker-src 'self' blob:; connect-src 'self'\">")
    with pytest.raises(SystemExit, match="must hold \"worker-src 'self';\" once"):
        policy.page_policy(html.replace("worker-src 'self';", ""), "'sha256-AB'")


def test_the_frame_allows_its_one_script_by_its_hash_and_refuses_a_script_that_would_end_it() -> None:
    frame, allowed = policy.sandbox_frame("start();")
    assert allowed == "'sha256-" + base64.b64encode(hashlib.sha256(b"start();").digest()).decode() + "'"
    assert f"script-src {allowed} 'wasm-unsafe-eval'" in frame and frame.endswith("<script>start();</script></body></html>")
    with pytest.raises(SystemExit, match="may not contain '</script'"):
        policy.sandbox_frame("a = '</SCRIPT>';")


# -- page ------------------------------------------------------------------------------

def test_the_page_is_its_last_script_alone_which_must_import_the_ones_before(tmp_path: Path) -> None:
    """The build bundles the page's last module script with all it imports (page_bundle), so the
    served page names that script alone, with no preloads: an earlier script it imports (boot.js)
    is dropped (served beside the bundle, it would run twice), one it does not import stops the
    build. The graph is followed through every static form of import, not dynamic ones."""
    web = tmp_path / "web"
    (web / "app").mkdir(parents=True)
    (web / "board").mkdir()
    (web / "app" / "boot.js").write_text('import { a } from "./a.js";\n')
    (web / "app" / "main.js").write_text('import "./boot.js";\nimport {\n  b,\n  c,\n} from "../board/b.js";\nimport { a } from "./a.js";\n')
    (web / "app" / "a.js").write_text(f'export {{ BUILD }} from "../{constants.CONSTANTS_MODULE}";\n')
    (web / "board" / "b.js").write_text('import "./side-effect.js";\nconst later = () => import("./lazy.js");\n')
    (web / "board" / "side-effect.js").write_text("")
    assert page.page_modules(web, "app/main.js") == ["app/boot.js", "board/b.js", "app/a.js", "board/side-effect.js",
                                                    constants.CONSTANTS_MODULE]
    html = ('<meta content="script-src \'self\' \'wasm-unsafe-eval\'; worker-src \'self\';">\n'
            '<link rel="stylesheet" href="web/style.css">\n'
            '<script type="module" async src="web/app/boot.js"></script>\n<script type="module" src="web/app/main.js"></script>\n'
            '<link rel="modulepreload" href="web/solver/syntax-probe.js">\n')
    served = page.page_html(html, web, "web-abc", "'sha256-AB'")
    assert '<link rel="stylesheet" href="web-abc/style.css">' in served
    assert served.endswith('<link rel="stylesheet" href="web-abc/style.css">\n<script type="module" src="web-abc/app/main.js"></script>\n'
                           '<link rel="modulepreload" href="web-abc/solver/syntax-probe.js">\n')
    assert "boot.js" not in served and served.count("modulepreload") == 1
    (web / "app" / "main.js").write_text('import { a } from "./a.js";\n')
    with pytest.raises(SystemExit, match=r"web/app/boot\.js is not imported by web/app/main\.js"):
        page.page_html(html, web, "web-abc", "'sha256-AB'")
    with pytest.raises(SystemExit, match="no <script"):
        page.page_html(html.replace('type="module" ', ""), web, "web-abc", "'sha256-AB'")


# -- constants -------------------------------------------------------------------------

def some_facts() -> constants.Facts:
    return constants.Facts(
        pyodide_version="1.2.3", pyodide_url="../pyodide/1.2.3/", runtime_files=dict(runtime.RUNTIME_FILES),
        package_archive="../py/npuzzle-a.zip", stdlib_archive="../py/python_stdlib-b.zip", snapshot=None,
        table_files={"t.bin": "../tables/t.bin?v=c"}, frame_html='<p title="x">\u00e9</p>', sandbox_bundle="custom/s.js",
        cache_prefix=offline.CACHE_PREFIX, table_cache=offline.TABLE_CACHE, piece=offline.PIECE_BYTES,
        link_limits={"moves": 5, "code": 7}, build="abc", files=("./", "index.html"), tables=("tables/t.bin?v=c",),
    )


def test_the_constants_module_exports_each_fact_as_javascript_reads_it() -> None:
    facts = some_facts()
    text = facts.module()
    script = (f"const m = await import('data:text/javascript,' + encodeURIComponent({json.dumps(text)}));"
              "console.log(JSON.stringify(m));")
    exported = node_json(script)
    assert exported == {f.name.upper(): (list(v) if isinstance(v := getattr(facts, f.name), tuple) else v)
                        for f in dataclasses.fields(facts)}


def test_every_constant_the_javascript_imports_is_one_the_build_writes() -> None:
    """web/'s sources import from the constants module only names it exports: a name the build
    stops writing (or one the JavaScript starts to want) fails here, not in a browser."""
    written = {f.name.upper() for f in dataclasses.fields(constants.Facts)}
    imported: dict[str, set[str]] = {}
    for path in sorted((ROOT / "web").rglob("*.js")):
        for names in re.findall(r'^import \{([^}]*)\} from "(?:\.\./)+' + re.escape(constants.CONSTANTS_MODULE) + '";$',
                                path.read_text(), re.M):
            imported[path.relative_to(ROOT / "web").as_posix()] = {n.strip() for n in names.split(",")}
    assert {"solver/worker.js", "solver/service-worker.js", "custom/sandbox-host.js", "app/main.js"} <= set(imported)
    assert {name for names in imported.values() for name in names} <= written


def code_of(script: str) -> str:
    """A JavaScript source without its comments (what it says in words may name anything)."""
    return re.sub(r"(?<![:\\])//.*$", "", re.sub(r"/\*.*?\*/", "", script, flags=re.S), flags=re.M)


def test_the_snapshot_mark_and_the_service_worker_reach_the_javascript_from_the_build() -> None:
    """The sparse snapshot's mark (snapshot.py) and the service worker's path (offline.py) are
    facts of the constants module: the worker's snapshot.js makes Python's own sparse snapshot whole
    with the mark the module exports (and refuses it with another), the path the module exports
    is the one the build writes the service worker to, and no file of web/ restates either."""
    facts = some_facts()
    memory = bytearray(snapshot.SNAPSHOT_PAGE * 3 + 10)
    memory[7], memory[-1] = 1, 2
    packed = base64.b64encode(snapshot.sparse(bytes(memory))).decode()
    script = (f"const m = await import('data:text/javascript,' + encodeURIComponent({json.dumps(facts.module())}));"
              "const { whole } = await import('./web/solver/snapshot.js');"
              f"const packed = Uint8Array.from(atob({json.dumps(packed)}), (c) => c.charCodeAt(0));"
              "let other = null; try { whole(packed, m.SNAPSHOT_MAGIC.replace(/.$/, '?')); } catch (e) { other = e.message; }"
              "console.log(JSON.stringify({whole: Buffer.from(whole(packed, m.SNAPSHOT_MAGIC)).toString('base64'), other,"
              " worker: new URL(m.SERVICE_WORKER, 'https://example.org/site/web-abc/').href}));")
    read = node_json(script)
    assert base64.b64decode(read["whole"]) == bytes(memory)
    assert read["other"] == "it is not a snapshot of this site's"
    assert read["worker"] == f"https://example.org/site/{offline.SERVICE_WORKER}"
    restated = re.compile(r"NPSS|0x4e505353|\bsw\.js\b", re.I)
    sources = {path.relative_to(ROOT).as_posix(): code_of(path.read_text()) for path in sorted((ROOT / "web").rglob("*.js"))}
    assert len(sources) > 50 and "SNAPSHOT_MAGIC" in sources["web/solver/worker.js"] and "SERVICE_WORKER" in sources["web/app/main.js"]
    assert {name: restated.findall(code) for name, code in sources.items() if restated.search(code)} == {}


def test_the_build_name_follows_the_sources_and_the_facts_but_not_the_file_list() -> None:
    facts = some_facts()
    sources = {"app/main.js": b"main"}
    name = facts.name(sources)
    assert name == dataclasses.replace(facts, build="other", files=("./",)).name(sources)
    assert name != facts.name({"app/main.js": b"main2"})
    assert name != dataclasses.replace(facts, package_archive="../py/npuzzle-d.zip").name(sources)


# -- offline ---------------------------------------------------------------------------

def test_the_service_worker_keeps_every_file_but_the_tables_and_itself(tmp_path: Path) -> None:
    for name in ("index.html", "sw.js", "web-a/app/main.js", "py/p.zip", "tables/t.bin"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(name.encode())
    assert offline.site_files(tmp_path, "web-a/build-info.js") == [
        "./", "index.html", "py/p.zip", "web-a/app/main.js", "web-a/build-info.js"]


def test_the_digests_are_of_each_file_and_of_each_piece_of_the_large_data_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(offline, "PIECE_BYTES", 4)
    files = {"index.html": b"<html>", "py/p.zip": b"0123456789", "app.js": b"0123456789", "py/s.bin": b"0123", "tables/t.bin": b"abcde"}
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    text = offline.digests_module(tmp_path, ["./", "py/p.zip", "app.js", "py/s.bin"], ["tables/t.bin?v=1"])
    script = (f"const m = await import('data:text/javascript,' + encodeURIComponent({json.dumps(text)}));"
              "console.log(JSON.stringify({ SHA256: m.SHA256, PIECES: m.PIECES }));")
    digests = node_json(script)
    sha = lambda data: hashlib.sha256(data).hexdigest()  # noqa: E731
    assert digests["SHA256"] == {"./": sha(b"<html>"), "py/p.zip": sha(b"0123456789"), "app.js": sha(b"0123456789"),
                                 "py/s.bin": sha(b"0123"), "tables/t.bin?v=1": sha(b"abcde")}
    # A zip, a table longer than a piece: by pieces; a script, and a file of one piece: whole.
    assert digests["PIECES"] == {"py/p.zip": [sha(b"0123"), sha(b"4567"), sha(b"89")], "tables/t.bin?v=1": [sha(b"abcd"), sha(b"e")]}


# -- bundles ---------------------------------------------------------------------------

def test_the_service_worker_is_one_classic_script_with_the_constants_and_digests(tmp_path: Path) -> None:
    (tmp_path / constants.CONSTANTS_MODULE).write_text(some_facts().module())
    digests = 'export const SHA256 = {"./": "d1"};\nexport const PIECES = {"py/p.zip": ["d2"]};\n'
    bundle = service_worker_bundle(tmp_path, digests)
    assert bundle == service_worker_bundle(tmp_path, digests)  # the same bytes at every build
    text = bundle.decode()
    assert str(tmp_path) not in text and "/tmp/" not in text
    # A classic script (what every browser registers): it compiles as one, and reads the facts.
    script = f"const vm = await import('node:vm'); new vm.Script({json.dumps(text)}); console.log('true');"
    assert node_json(script) is True
    assert not re.search(r"^\s*(import|export)\b", text, re.M)
    assert '"index.html"' in text and '"d2"' in text and 'var CACHE_PREFIX = "npuzzle-";' in text


# -- icons -----------------------------------------------------------------------------

def test_an_icon_is_a_png_of_its_size_with_transparent_corners_unless_maskable() -> None:
    width, height, rows = png_pixels(png(icon_pixels(48, False)))
    assert (width, height) == (48, 48) and rows[0][3] == 0 and rows[24][4 * 24 + 3] == 255
    width, height, rows = png_pixels(png(icon_pixels(48, True)))
    assert (width, height) == (48, 48) and rows[0][3] == 255
    assert png(icon_pixels(48, True)) == png(icon_pixels(48, True))


# -- server and site -------------------------------------------------------------------

def test_the_server_gives_the_runtime_the_types_it_needs_and_no_caching(tmp_path: Path) -> None:
    for name in ("a.wasm", "b.mjs", "m.webmanifest"):
        (tmp_path / name).write_bytes(b"x")
    with server.serving_in_background(tmp_path) as url:
        for name, kind in (("a.wasm", "application/wasm"), ("b.mjs", "text/javascript"), ("m.webmanifest", "application/manifest+json")):
            with urllib.request.urlopen(url + name) as response:
                assert response.headers["Content-Type"] == kind and response.headers["Cache-Control"] == "no-cache"


def test_an_unknown_bytecode_choice_stops_the_build_before_it_touches_the_folder(tmp_path: Path) -> None:
    (tmp_path / "kept.txt").write_text("kept")
    with pytest.raises(ValueError, match="stdlib_pyc must be one of"):
        site.build(tmp_path, "some")
    assert (tmp_path / "kept.txt").read_text() == "kept"
    (tmp_path / "web-abc").mkdir()
    assert site.web_folder(tmp_path) == tmp_path / "web-abc"
