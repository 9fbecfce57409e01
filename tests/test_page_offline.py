"""Offline use after the first visit (the service worker, web/solver/service-worker.js), and a new
build replacing the stored one on the next visit.

The site is built from a copy of the project (so the test can change the package and build
again, as a deploy would) and served from a sub-path by a plain static server that the test
can take down: offline is both the browser's (``context.set_offline``) and the server's, so
nothing can come from the network by any path."""

from __future__ import annotations

import functools
import hashlib
import http.server
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import expect

from npuzzle.known import korf100
from sitebuild.server import QuietHandler
from sitebuild.site import web_folder

from .browsers import outcome_of
from .conftest import SUBPATH, watch
from .helpers import ROOT
from .pages import check, engine, open_link, open_part, solve_and_read_length

HARD_3 = "8,6,7,2,5,4,3,0,1"  # 31 moves to blank-last
KORF_55 = next((length, tiles) for ident, length, tiles in korf100() if ident == 55)  # 41 moves, blank-first


class Server:
    """A static server on 127.0.0.1 that can be taken down (connections dropped unanswered)."""

    def __init__(self, directory: Path) -> None:
        self.down = False
        server = self

        class Handler(QuietHandler):
            def handle_one_request(self) -> None:
                if server.down:
                    self.close_connection = True
                    self.raw_requestline = self.rfile.readline(65537)
                    return
                super().handle_one_request()

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/{SUBPATH}/"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of what build.py reads, so the package can be changed and built again."""
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("build.py", "index.html", "package.json", "package-lock.json"):
        shutil.copy2(ROOT / name, copy / name)
    for name in ("npuzzle", "sitebuild", "web"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    return copy


def build(project: Path, out: Path) -> str:
    """Build the copy into ``out`` with its own build.py; the build's name."""
    subprocess.run([sys.executable, str(project / "build.py"), "--out", str(out)], check=True, cwd=project)
    return web_folder(out).name.removeprefix("web-")


@pytest.fixture
def served(project: Path, tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    site = tmp_path / "site"
    build(project, site / SUBPATH)
    server = Server(site)
    yield server, site / SUBPATH
    server.close()


def stored(page: Any) -> dict[str, Any]:
    """What the page's origin keeps for offline use: cache names and the tables stored."""
    return page.evaluate("""async () => {
      const names = await caches.keys();
      const tables = names.includes("npuzzle-tables") ? (await (await caches.open("npuzzle-tables")).keys()).map((r) => r.url) : [];
      const registration = await navigator.serviceWorker.getRegistration();
      const active = registration && registration.active ? registration.active.scriptURL : null;
      const states = registration ? ["installing", "waiting", "active"].map((k) => `${k}: ${registration[k] ? registration[k].state : "-"}`).join(", ") : "none";
      return { names, tables, active, states, controlled: Boolean(navigator.serviceWorker.controller) };
    }""")


def wait_stored(page: Any, build_name: str, tables: int) -> dict[str, Any]:
    """Wait until the build's cache is the only one, its service worker controls the page
    and ``tables`` tables are stored."""
    for _ in range(1200):
        state = stored(page)
        names = [n for n in state["names"] if n != "npuzzle-tables"]
        if names == [f"npuzzle-{build_name}"] and state["controlled"] and len(state["tables"]) >= tables:
            return state
        page.wait_for_timeout(100)
    raise AssertionError(f"not stored for offline use: {state}")


def shows(page: Any, tiles: str) -> None:
    """Wait until the page shows the board ``tiles`` (comma-separated, as a link writes them)."""
    expect(page.get_by_label("Puzzle board")).to_have_attribute("data-board", tiles)


def expect_stored(page: Any, site: str, file: str, digest: str) -> None:
    """Wait until the stored copy of the site's ``file`` has the SHA-256 ``digest`` (hex)."""
    for _ in range(600):
        found = page.evaluate("""async (url) => {
          const hit = await caches.match(url, { ignoreSearch: true });
          if (!hit) return null;
          const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await hit.arrayBuffer()));
          return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
        }""", site + file)
        if found == digest:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{file} is stored as {found}, not the build's {digest}")


def solve_both(page: Any, url: str) -> None:
    open_link(page, url, f"#board={HARD_3}&goal=blank-last")
    shows(page, HARD_3)
    assert solve_and_read_length(page) == 31
    length, tiles = KORF_55
    korf = ",".join(map(str, tiles))
    open_link(page, url, f"#board={korf}&goal=blank-first")
    # The second link changes only the fragment: the page is not reloaded, so the first
    # board and its "Solved: 31 moves" stay until Python has read the new one.
    shows(page, korf)
    assert solve_and_read_length(page) == length == 41
    assert outcome_of(page).optimal


def test_the_site_works_offline_after_one_visit_and_a_new_build_replaces_it(
    offline_browser: Any, served: tuple[Server, Path], project: Path
) -> None:
    server, out = served
    first = web_folder(out).name.removeprefix("web-")
    context = offline_browser.new_context()
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    problems = watch(page, server.url)

    # First visit: solve a 3x3 and a 4x4 (which fetches the 4x4 tables).
    solve_both(page, server.url)
    state = wait_stored(page, first, tables=1)
    assert state["active"] == server.url + "sw.js"
    assert all(re.search(r"/tables/pdb-4x4-663x2\.bin\?v=[0-9a-f]{12}$", url) for url in state["tables"]), state

    # Offline, browser and server: the page loads from the cache, says so, and solves both.
    server.down = True
    context.set_offline(True)
    page.reload()
    expect(page.locator("#solver-state")).to_contain_text("working offline", timeout=90_000)
    solve_both(page, server.url)
    assert "working offline" in page.locator("#solver-state").inner_text()
    # Your code too: its sandbox gets the runtime as bytes from the page (never by URL).
    open_part(page, "heuristic")
    page.locator("#check-size").select_option("3x3")
    result = check(page)
    expect(result).to_have_attribute("data-admissible", "true")
    expect(result).to_have_attribute("data-states", "181440")

    # Back online; a deploy changes the package. The next visit gets the new build whole.
    context.set_offline(False)
    server.down = False
    if engine(page) == "firefox":
        # Firefox's network emulation under WebDriver BiDi (ESR 153): a document loaded while
        # offline sees navigator.onLine turn true when the emulation ends, but is sent no
        # "online" event (one loaded before going offline is). Send the event it is owed.
        assert page.evaluate("navigator.onLine") is True
        page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#solver-state")).not_to_contain_text("offline")
    init = project / "npuzzle" / "__init__.py"
    init.write_text(init.read_text() + "\n# a new build\n")
    second = build(project, out)
    assert second != first
    page.close()
    requests.clear()
    page = context.new_page()
    problems += watch(page, server.url)
    open_link(page, server.url, f"#board={HARD_3}&goal=blank-last")
    scripts = page.evaluate("[...document.querySelectorAll('script[type=module]')].map((s) => s.src)")
    assert scripts and all(f"/web-{second}/app/" in src for src in scripts), scripts
    assert solve_and_read_length(page) == 31
    wait_stored(page, second, tables=1)  # the old build's cache is gone; the tables are kept
    site_files = [u for u in requests if re.search(r"/web-[0-9a-f]+/|/py/", u)]
    assert site_files and all(f"/web-{second}/" in u or "/py/" in u for u in site_files), site_files
    new_package = next(web_folder(out).glob("build-info.js")).read_text()
    package = re.search(r"npuzzle-[0-9a-f]{12}\.zip", new_package)
    assert package and any(package.group(0) in u for u in requests)
    context.close()
    assert problems == []


POISON = """async ([entry, table, snapshot]) => {
  const changed = async (cache, request, change) => {
    const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
    await cache.put(request, new Response(change(bytes)));
  };
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url === entry) await cache.put(request, new Response("window.__planted = 1", { headers: { "Content-Type": "text/javascript" } }));
      // One byte in the table's last piece (the service worker checks it piece by piece, so the
      // pieces before it were served when it finds this one): a byte flipped.
      if (request.url.includes(table)) await changed(cache, request, (bytes) => { bytes[bytes.length - 100] ^= 0xff; return bytes; });
      // The snapshot, every piece the build's, with bytes past its end.
      if (request.url.includes(snapshot)) {
        await changed(cache, request, (bytes) => { const longer = new Uint8Array(bytes.length + 1000); longer.set(bytes); return longer; });
      }
    }
  }
}"""


def test_a_stored_file_that_is_not_the_builds_is_dropped_fetched_again_and_never_run(
    offline_browser: Any, served: tuple[Server, Path]
) -> None:
    """However a stored copy came to differ (any script of the site's origin can write its
    caches), the service worker serves a file only if its bytes are the build's: the page's
    entry script and a table replaced in the cache are dropped, fetched again, and the page is
    the build's own and solves (the 4x4 with the table's real bytes)."""
    server, out = served
    build_name = web_folder(out).name.removeprefix("web-")
    context = offline_browser.new_context()
    page = context.new_page()
    problems = watch(page, server.url)
    solve_both(page, server.url)
    wait_stored(page, build_name, tables=1)
    entry = server.url + f"web-{build_name}/app/main.js"
    page.evaluate(POISON, [entry, "pdb-4x4-663x2.bin", "/py/snapshot-"])
    planted = page.evaluate(f"async () => (await (await caches.match({entry!r})).text())")
    assert planted == "window.__planted = 1"  # the cache now holds the planted script
    page.reload()
    expect(page.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=90_000)
    assert page.evaluate("window.__planted") is None
    # The snapshot's stored copy, bytes past its end, was served as the build's (its pieces, then
    # its end from the network): Python was restored from it.
    assert page.locator("#solver-state").get_attribute("data-worker-start") == "snapshot"
    solve_both(page, server.url)  # the 4x4 reads the table again: optimal, 41 moves
    restored = page.evaluate(f"async () => (await (await caches.match({entry!r})).text())")
    assert restored == (web_folder(out) / "app" / "main.js").read_text()
    # Each dropped copy is stored again, the build's bytes.
    for path in (next((out / "tables").glob("pdb-4x4-663x2.bin")), next((out / "py").glob("snapshot-*.bin"))):
        expect_stored(page, server.url, path.relative_to(out).as_posix(), hashlib.sha256(path.read_bytes()).hexdigest())
    context.close()
    assert problems == []


def test_leaving_while_the_service_worker_activates_keeps_the_site_open(browser: Any, site_url: str) -> None:
    """A person who leaves the site while its service worker is still taking over, and comes
    back, gets the site. Firefox never settled clients.claim() for a page that had navigated
    away; while the worker waited on it in "activating", the next navigation into the site
    hung for 60 s and failed (NS_ERROR_INTERCEPTION_FAILED), in about 1 visit in 3. Three
    first visits, each in a fresh profile, each leaving as soon as the worker controls it."""
    for _ in range(3):
        context = browser.new_context()
        page = context.new_page()
        problems = watch(page, site_url)
        page.goto(site_url + f"#board={HARD_3}")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.goto("about:blank")
        page.goto(site_url + f"#board={HARD_3}", timeout=20_000)
        expect(page.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=60_000)
        context.close()
        assert problems == []
