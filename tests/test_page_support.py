"""Older browsers told, not broken; the site installable.

A browser too old for the Python runtime (web/solver/browser-support.js says what it needs) gets one
sentence naming what it lacks and which versions work, found before the runtime is started:
no file of the runtime is fetched, and the board editor keeps working. Each missing feature is
simulated in a current engine: an init script breaks it on the page (the page's probes run
there; the worker is never started for them), or, for JavaScript syntax the engine parses, a
route serves the probe module (./syntax-probe.js, which the worker imports too) written in a
syntax the engine refuses.

Installable: the manifest is served as a manifest, parses, its start URL and scope are the
site's sub-path, its icons are the PNGs it says, and Chromium reports the page installable
(through the DevTools protocol, so in Chromium only); the home-screen start URL opens offline."""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import expect

from .conftest import SUBPATH, watch
from .pages import editor, open_link

SUPPORTED = "it runs in Safari 16.4 or newer, Chrome or Edge 96 or newer, and Firefox 114 or newer"
LINK = "#board=1,2,3,4,5,6,7,0,8"

# What the runtime is made of: nothing of it may be fetched when the browser is too old.
RUNTIME = re.compile(r"/pyodide/|/py/|/tables/")

# An engine without a WebAssembly feature refuses any module using it: WebAssembly.validate
# answers false for the probe module holding these bytes (the instruction or section that
# only the feature defines), as such an engine's would.
REFUSE_BYTES = """(bytes) => {
  const real = WebAssembly.validate;
  WebAssembly.validate = (module) => {
    const data = Array.from(new Uint8Array(module.buffer || module));
    const found = data.some((_, i) => bytes.every((b, j) => data[i + j] === b));
    return found ? false : real.call(WebAssembly, module);
  };
}"""

# The feature's name in the sentence -> how it is taken away: an init script, or the bytes
# for REFUSE_BYTES.
MISSING: dict[str, str | list[int]] = {
    # An old browser ignores {type: "module"} (it never reads the option).
    "module workers": "{ const Real = Worker; window.Worker = class extends Real { constructor(url) { super(url); } }; }",
    "WebAssembly (it may be turned off)": "delete globalThis.WebAssembly;",
    "WebAssembly exception handling": [0x06, 0x40, 0x08, 0x00, 0x19],  # try, throw 0, catch_all
    "WebAssembly reference types": [0x25, 0x01],  # table.get of table 1 (externref)
    "WebAssembly bulk memory operations": [0xFC, 0x0A],  # memory.copy
    "WebAssembly non-trapping float-to-int conversions": [0xFC, 0x00],  # i32.trunc_sat_f32_s
    "WebAssembly sign-extension operators": [0xC0],  # i32.extend8_s
    "WebAssembly mutable globals": [0x03, 0x7F, 0x01],  # an imported (mut i32) global
    # Before BigInt integration, calling an export that takes or returns an i64 throws.
    "WebAssembly BigInt integration": """{
      const Real = WebAssembly.Instance;
      WebAssembly.Instance = function (module, imports) {
        const exports = new Real(module, imports).exports;
        return { exports: new Proxy(exports, { get: (target, name) => typeof target[name] !== "function" ? target[name]
          : () => { throw new TypeError("wasm function signature contains illegal type"); } }) };
      };
    }""",
}

# The probe module as an engine that cannot parse it sees it (Safari before 16.4 stops at a
# class static block with "Unexpected token '{'"): a module with a syntax error.
OLD_SYNTAX = "export const staticBlocks = class { static { this.parsed = true; } }.parsed === true; }\n"


def take_away(page: Any, lacks: str) -> None:
    breakage = MISSING[lacks]
    page.add_init_script(f"({REFUSE_BYTES})({json.dumps(breakage)})" if isinstance(breakage, list) else breakage)


def runtime_requests(page: Any) -> list[str]:
    """Collects every request of the page's context (its workers' too) for a runtime file."""
    fetched: list[str] = []
    page.context.on("request", lambda request: fetched.append(request.url) if RUNTIME.search(request.url) else None)
    return fetched


def told(page: Any, lacks: str) -> None:
    """The page says in one sentence what this browser lacks and which versions work, and the
    editor still works: the link's board is drawn, the text takes an edit."""
    state = page.locator("#solver-state")
    expect(state).to_have_attribute("data-kind", "failed")
    expect(state).to_have_text(f"This browser does not support {lacks}, which the solver needs: {SUPPORTED}.")
    expect(page.locator("#status")).to_contain_text("You can still edit the board")
    expect(page.get_by_role("button", name="Solve")).to_be_disabled()
    expect(page.get_by_label("Puzzle board").locator(".tile")).to_have_count(8)
    editor(page).fill("1 2 3\n4 5 6\n0 7 8")
    assert editor(page).input_value() == "1 2 3\n4 5 6\n0 7 8"
    assert page.url.endswith(LINK)


@pytest.mark.parametrize("lacks", list(MISSING))
def test_a_browser_without_a_feature_is_told_before_the_runtime_starts(page: Any, site_url: str, lacks: str) -> None:
    take_away(page, lacks)
    fetched = runtime_requests(page)
    problems = watch(page, site_url)
    page.goto(site_url + LINK)
    told(page, lacks)
    assert page.workers == []  # found before the worker was started
    assert fetched == []
    assert problems == []


def test_a_browser_that_cannot_parse_class_static_blocks_is_told_before_the_runtime_starts(page: Any, site_url: str) -> None:
    """Pyodide's script uses class static blocks (Safari 16.4+): the probe module, written with
    one, fails to parse on the page and in the worker, which stops before fetching the runtime."""
    page.route(re.compile(r"/syntax-probe\.js$"), lambda route: route.fulfill(body=OLD_SYNTAX, content_type="text/javascript"))
    fetched = runtime_requests(page)
    problems = watch(page, site_url)
    page.goto(site_url + LINK)
    told(page, "class static blocks (JavaScript 2022)")
    page.wait_for_timeout(500)  # time for a worker that had not stopped to ask for the runtime
    assert fetched == []
    # The worker's own failure to parse the probe may be logged; nothing else.
    assert [p for p in problems if not re.search(r"SyntaxError|Unexpected token", p)] == []


def test_a_browser_lacking_several_features_hears_them_all_in_one_sentence(page: Any, site_url: str) -> None:
    take_away(page, "module workers")
    take_away(page, "WebAssembly exception handling")
    page.route(re.compile(r"/syntax-probe\.js$"), lambda route: route.fulfill(body=OLD_SYNTAX, content_type="text/javascript"))
    fetched = runtime_requests(page)
    page.goto(site_url + LINK)
    told(page, "module workers, class static blocks (JavaScript 2022) and WebAssembly exception handling")
    assert fetched == []


def test_a_probe_that_never_answers_does_not_keep_the_page_waiting(page: Any, site_url: str) -> None:
    """Without module workers and with the syntax probe's file hanging, the page still says what
    it found (the client waits 5 s at most for the probe)."""
    take_away(page, "module workers")
    page.route(re.compile(r"/syntax-probe\.js$"), lambda route: None)  # never answered
    page.goto(site_url + LINK)
    told(page, "module workers")


def test_a_current_browser_lacks_nothing(app: Any, site_url: str) -> None:
    open_link(app, site_url, LINK, valid_board=False)
    web = app.evaluate("document.querySelector('script[type=module]').src").rsplit("/", 2)[0]
    support = app.evaluate("""async (web) => {
      const m = await import(`${web}/solver/browser-support.js`);
      return { missing: await m.missingFeatures(), supported: m.SUPPORTED,
               reason: m.unsupportedReason([{ name: "X" }]) };
    }""", web)
    assert support["missing"] == []
    assert support["supported"] == {"safari": "16.4", "chrome": 96, "firefox": 114}
    assert support["reason"] == f"this browser does not support X, which the solver needs: {SUPPORTED}"


# Before the page's scripts: what the page's WebAssembly probes validate and compile (the bytes
# of each module), and that count when the first worker (not the module-worker probe's, which
# throws) is started.
COUNT_PROBES = """
(() => {
  const probes = { validated: [], compiled: [], beforeWorker: null };
  window.__probes = probes;
  const size = (bytes) => bytes.byteLength ?? bytes.length;
  const validate = WebAssembly.validate;
  WebAssembly.validate = (bytes) => { probes.validated.push(size(bytes)); return validate.call(WebAssembly, bytes); };
  WebAssembly.Module = new Proxy(WebAssembly.Module, {
    construct(target, args) { probes.compiled.push(size(args[0])); return Reflect.construct(target, args); },
  });
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      if (!probes.beforeWorker) probes.beforeWorker = { validated: [...probes.validated], compiled: [...probes.compiled] };
    }
  };
})();
"""
PROBE_BYTES = 64
"""The most bytes of a probe module (each is a few dozen: a type, a function, a body)."""


def test_the_check_before_the_worker_validates_only_its_tiny_probes(app: Any, site_url: str) -> None:
    """The probes that run before the worker is started cost a few milliseconds, counted in
    what they do, not timed (bench/responsiveness.py times the check: 2-12 ms): six
    WebAssembly modules validated and one compiled (BigInt at the boundary), each of a few
    dozen bytes, and nothing else compiled before the worker starts."""
    app.add_init_script(COUNT_PROBES)
    open_link(app, site_url, LINK, valid_board=False)
    assert app.evaluate("performance.getEntriesByName('npuzzle: browser support check').length") == 1
    before = app.evaluate("window.__probes.beforeWorker")
    assert before is not None, "no worker was started"
    assert len(before["validated"]) == 6 and len(before["compiled"]) == 1, before
    assert max(before["validated"] + before["compiled"]) <= PROBE_BYTES, before


# -- installable ------------------------------------------------------------------------

def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, after checking its signature and header chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    assert zlib.crc32(data[12:29]) == struct.unpack(">I", data[29:33])[0]
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_served_parses_and_its_icons_are_what_it_says(app: Any, site_url: str) -> None:
    open_link(app, site_url, LINK, valid_board=False)
    href = app.locator("link[rel=manifest]").get_attribute("href")
    manifest_url = urljoin(site_url, href)
    response = app.request.get(manifest_url)
    assert response.ok
    assert response.headers["content-type"].split(";")[0] in ("application/manifest+json", "application/json")
    manifest = json.loads(response.text())
    for key in ("start_url", "scope", "id"):
        resolved = urljoin(urljoin(manifest_url, manifest["start_url"]) if key == "id" else manifest_url, manifest[key])
        assert resolved == site_url, (key, resolved)
    assert urlsplit(site_url).path == f"/{SUBPATH}/"
    assert manifest["display"] == "standalone"
    purposes = set()
    for icon in manifest["icons"]:
        got = app.request.get(urljoin(manifest_url, icon["src"]))
        assert got.ok and got.headers["content-type"] == icon["type"] == "image/png", icon
        width, height = png_size(got.body())
        assert icon["sizes"] == f"{width}x{height}", icon
        purposes |= set(icon.get("purpose", "any").split())
    assert {"any", "maskable"} <= purposes
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}


def test_chromium_reports_the_page_installable(
    browser_type: Any, browser_type_launch_args: dict[str, Any], browser_name: str, site_url: str, tmp_path: Path
) -> None:
    if browser_name != "chromium":
        pytest.skip("chromium only: installability is read through the DevTools protocol (CDP)")
    # A profile on disk: Playwright's usual contexts are incognito, where nothing installs.
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    try:
        page = context.new_page()
        problems = watch(page, site_url)
        open_link(page, site_url, LINK)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert manifest["url"].startswith(site_url) and manifest["url"].endswith("/manifest.webmanifest")
        understood = manifest.get("manifest") or {}
        if understood:  # recent Chromium also says how it understood the manifest
            assert understood["startUrl"] == site_url and understood["scope"] == site_url
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        assert problems == []
    finally:
        context.close()


def test_the_home_screen_start_url_opens_offline(offline_app: Any, site_url: str) -> None:
    """Once the service worker keeps the build, the manifest's start URL (the site's root, as
    a home-screen icon opens it) loads without a network, with the manifest and its icons."""
    app = offline_app
    open_link(app, site_url, LINK)
    for _ in range(600):
        if app.evaluate("Boolean(navigator.serviceWorker.controller)"):
            break
        app.wait_for_timeout(100)
    else:
        raise AssertionError("no service worker took control of the page")
    href = app.locator("link[rel=manifest]").get_attribute("href")
    manifest_url = urljoin(site_url, href)
    manifest = json.loads(app.request.get(manifest_url).text())
    start = urljoin(manifest_url, manifest["start_url"])
    app.context.set_offline(True)
    try:
        app.goto(start)
        expect(app.locator("#solver-state")).to_contain_text("working offline", timeout=90_000)
        icons = [urljoin(manifest_url, icon["src"]) for icon in manifest["icons"]]
        statuses = app.evaluate("(urls) => Promise.all(urls.map(async (u) => (await fetch(u)).status))", [manifest_url, *icons])
        assert statuses == [200] * (1 + len(icons))
    finally:
        app.context.set_offline(False)
