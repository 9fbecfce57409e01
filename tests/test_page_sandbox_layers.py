"""Each layer of the sandbox that runs a person's code, with the layers in front of it turned
off (issue 35), in Chromium and Firefox (WebKitGTK: tests/test_page_webkit_sandbox_layers.py).

tests/test_page_sandbox.py tries every door as a person's Python from a link, and each door
ends at the first layer, Pyodide's sealed bridge: the layers behind it are not reached there.
Here the attacker is JavaScript itself, run as the code's worker (what a hole in the seal would
give): a page of the site's origin makes the frame the site makes (build-info.js's FRAME_HTML,
srcdoc, sandbox="allow-scripts"), hands it an attacker's worker script instead of the real one,
and turns off what stands in front of the layer under test:

| layer under test | the frame | its page |
| --- | --- | --- |
| all of them, as the site has them | made by the site's own sandbox-host.js (SandboxWorker) | the site's policy |
| the frame's policy alone | FRAME_HTML, ``allow-same-origin`` added: the site's origin | no policy |
| the opaque origin alone | FRAME_HTML without its policy | no policy |
| the relay (sandbox-boot.js) alone | FRAME_HTML, its port read raw (no readMessage) | no policy |
| the page's reader behind a relay that passes text | SandboxWorker's | no policy |

The frames made here carry the sandbox attribute of the frame sandbox-host.js makes (read from
one it made), so that a change there reaches them. A page without a policy is what lets the
frame's layers stand alone: a srcdoc frame inherits its parent's policy, and the site's own
forbids eval and foreign requests by itself. It is a page of this module's server at the
site's origin (``/lab/``, outside the service worker's scope), so the site's storage is its:
the module plants an entry in the origin's CacheStorage, IndexedDB, localStorage and cookies,
and no test may change them.

Every door's requests go to a recording server standing in for a foreign site (never cleared:
it must be empty at the end of every test) and to the site's own server under a path naming
the test. A worker reports what each door gave only once every attempt has settled (a request
refused, or answered: by then its server has recorded it), and a relay's silence after it ended
a worker is judged once a second, honest frame has relayed ticks of its own since, never after a
fixed pause. Each test also shows the layers it turned off were off (a control): the policy's
absence lets eval run and the site be reached, allow-same-origin gives the worker the site's
origin."""

from __future__ import annotations

import functools
import http.server
import io
import json
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from sitebuild.server import QuietHandler
from sitebuild.site import web_folder

from .browsers import SUBPATH, watch
from .test_page_sandbox import REFUSAL, Recorder

pytestmark = [pytest.mark.browser]

BARE = "/lab/bare.html"
"""A page of the site's origin with no policy of its own."""
STRICT = "/lab/strict.html"
"""A page of the site's origin under the site's page policy (the built index.html's)."""

DOOR_REFUSED = re.compile(r"can.t establish a connection to the server at http://127\.0\.0\.1:\d+/(?:npuzzle/probe/)?[\w-]+-(?:chromium|firefox|webkit)/")
"""How Firefox reports, as the page's error, an EventSource of a door (under a test's tag) refused."""
POLICY_META = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>')

PLANTED = "the site's own"
"""What the module plants in the origin's storage (a cache entry, a database record, local storage)."""
COOKIE = "npuzzle_lab=the-sites-own"


def frame_html(built_site: Path) -> str:
    """The sandbox frame's document as the build wrote it (build-info.js's FRAME_HTML)."""
    info = (web_folder(built_site) / "build-info.js").read_text()
    found = re.search(r"^export const FRAME_HTML = (\".*\");$", info, re.MULTILINE)
    assert found, "build-info.js has no FRAME_HTML"
    return str(json.loads(found.group(1)))


def boot_limits(html: str) -> tuple[int, int, int]:
    """MAX_CHARS and the per-second budget of messages and characters, as the frame's script has them."""
    def number(pattern: str) -> int:
        found = re.search(pattern, html)
        assert found, f"the frame's script has no {pattern}"
        product = 1
        for factor in found.group(1).split("*"):
            product *= int(factor)
        return product
    return (number(r"const MAX_CHARS = ([\d\s*]+);"), number(r"messages: ([\d\s*]+)[,}]"),
            number(r"chars: ([\d\s*]+)[,}]"))


@dataclass
class LabSite:
    """The built site served by this module (its requests recorded with their cookies), its lab
    pages, and a foreign site."""

    root: Path
    foreign: Recorder
    origin: str = ""
    requests: list[tuple[str, str]] = field(default_factory=list)
    """(path, Cookie header) of every request the site's server received."""
    frame: str = ""
    """The sandbox frame's document, FRAME_HTML."""
    web: str = ""
    """The build's web folder, relative to the site ("web-<hash>/")."""

    @property
    def url(self) -> str:
        return f"{self.origin}/{SUBPATH}/"

    def asked_for(self, tag: str) -> list[tuple[str, str]]:
        """The requests whose path names ``tag`` (a test's attempts on the site)."""
        return [(path, cookie) for path, cookie in self.requests if f"/{tag}/" in path or path.endswith(f"?{tag}")]


@pytest.fixture(scope="module")
def lab_site(built_site: Path) -> Iterator[LabSite]:
    """The built site and its lab pages served on 127.0.0.1, and a foreign site; at the end, the
    foreign site must not have been asked for anything."""
    site = LabSite(built_site, Recorder())
    site.frame = frame_html(built_site)
    site.web = f"{web_folder(built_site).name}/"
    policy = POLICY_META.search((built_site / "index.html").read_text())
    assert policy, "the built index.html has no policy"
    pages = {BARE: "", STRICT: policy.group(0)}

    class Handler(QuietHandler):
        def send_head(self) -> Any:
            site.requests.append((self.path, self.headers.get("Cookie") or ""))
            if self.path in pages:
                body = (f'<!doctype html><html><head><meta charset="utf-8">{pages[self.path]}'
                        "<title>lab</title></head><body></body></html>").encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)
            return super().send_head()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(built_site.parent)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site.origin = f"http://127.0.0.1:{server.server_address[1]}"
    yield site
    server.shutdown()
    server.server_close()
    site.foreign.close()
    assert site.foreign.paths == [], f"the foreign server was asked for {site.foreign.paths}"


# -- In the page ---------------------------------------------------------------------------

LAB = """async () => {
  if (window.__lab) return;
  let seq = 0;
  // What a port gave, kept small: text (or its length, if long), or an object as JSON.
  const summary = (data) => {
    seq += 1;
    if (typeof data === "string") return { seq, length: data.length, text: data.length <= 4000 ? data : null };
    let value;
    try { value = JSON.parse(JSON.stringify(data)); } catch { value = String(data); }
    return { seq, kind: data === null ? "null" : typeof data, value };
  };
  window.__lab = {
    frames: [],
    // A frame of `html` with `sandbox`, handed `script` as its worker's and a port read raw.
    async frame({ html, sandbox, script }) {
      const frame = document.createElement("iframe");
      frame.setAttribute("sandbox", sandbox);
      frame.hidden = true;
      frame.srcdoc = html;
      const channel = new MessageChannel();
      const record = { frame, got: [] };
      channel.port1.onmessage = (e) => record.got.push(summary(e.data));
      const started = new Promise((resolve) => {
        const ready = (e) => {
          if (e.source !== frame.contentWindow || e.data !== "npuzzle-sandbox") return;
          removeEventListener("message", ready);
          frame.contentWindow.postMessage({ script, files: {} }, "*", [channel.port2]);
          resolve();
        };
        addEventListener("message", ready);
      });
      document.body.append(frame);
      await started;
      this.frames.push(record);
      return this.frames.length - 1;
    },
    // The site's own sandbox: sandbox-host.js's SandboxWorker, its frame made as the site makes
    // it; of the runtime's files it fetches, its worker's script is `script` and the rest empty.
    async host({ module, bundle, script }) {
      const { SandboxWorker } = await import(module);
      const fetch = window.fetch;
      window.fetch = async (url) => new Response(new URL(url, location.href).pathname.endsWith(`/${bundle}`) ? script : "");
      let worker;
      try { worker = new SandboxWorker(document); } finally { window.fetch = fetch; }
      const record = { worker, frame: worker.frame, got: [], errors: [], unreadable: 0 };
      worker.onmessage = (e) => record.got.push(summary(JSON.stringify(e.data)));
      worker.onerror = (e) => record.errors.push(String(e.message));
      worker.onmessageerror = () => { record.unreadable += 1; };
      this.frames.push(record);
      return this.frames.length - 1;
    },
    end() {
      for (const record of this.frames) record.worker ? record.worker.terminate() : record.frame.remove();
      this.frames = [];
    },
  };
}"""

PLANT = f"""async (site) => {{
  const cache = await caches.open("npuzzle-lab");
  await cache.put(`${{site}}index.html`, new Response({json.dumps(PLANTED)}));
  localStorage.setItem("npuzzle-lab", {json.dumps(PLANTED)});
  document.cookie = "{COOKIE}; path=/";
  await new Promise((resolve, reject) => {{
    const request = indexedDB.open("npuzzle-lab");
    request.onupgradeneeded = () => request.result.createObjectStore("s").put({json.dumps(PLANTED)}, "k");
    request.onsuccess = () => {{ request.result.close(); resolve(); }};
    request.onerror = () => reject(request.error);
  }});
}}"""
"""The site's storage, planted once per page: what no frame's worker may see or change."""

STORAGE = """async () => {
  const caches_ = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) caches_[`${name} ${request.url}`] = await (await cache.match(request)).text();
  }
  const record = await new Promise((resolve) => {
    const request = indexedDB.open("npuzzle-lab");
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains("s")) { db.close(); return resolve("no store"); }
      const get = db.transaction("s").objectStore("s").get("k");
      get.onsuccess = () => { db.close(); resolve(get.result); };
      get.onerror = () => { db.close(); resolve(String(get.error)); };
    };
    request.onerror = () => resolve(String(request.error));
  });
  const databases = indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name).sort() : [];
  return { caches: caches_, record, databases, local: { ...localStorage }, cookie: document.cookie };
}"""
"""The site's storage as its page sees it."""


# -- The attackers (each a worker's script) ------------------------------------------------

DOORS = """
const { foreign: FOREIGN, site: SITE, tag: TAG, groups, report, workers } = LAB;
const said = (e) => String(e && e.name ? `${e.name}: ${e.message}` : e).slice(0, 160);
const xhr = (url) => { const x = new XMLHttpRequest(); x.open("GET", url, false); x.send(); return `${x.status} ${x.responseText.slice(0, 40)}`; };
const kept = [];  // every socket and worker made, held until its first event (never collected before it)
// A connection's first event: open, or an error (after its server answered, if it was asked).
const connect = (make) => new Promise((resolve, reject) => {
  const c = make();
  kept.push(c);
  c.onopen = () => { c.close(); resolve("connected"); };
  c.onerror = () => { c.close(); reject(new Error("error event")); };
});
// A worker's first event: an error (its script refused, or failed once fetched) or a message.
const nested = (url) => new Promise((resolve, reject) => {
  const w = new Worker(url);
  kept.push(w);
  w.onerror = (e) => { e.preventDefault(); w.terminate(); reject(new Error("error event")); };
  w.onmessage = () => { w.terminate(); resolve("ran"); };
});
const blob = (text) => URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
const DOORS = { network: {}, evaluation: {}, storage: {}, control: {} };
for (const [where, base] of Object.entries({ foreign: `${FOREIGN}/${TAG}/`, site: `${SITE}probe/${TAG}/` })) {
  Object.assign(DOORS.network, {
    [`fetch ${where}`]: () => fetch(`${base}fetch`).then((r) => `${r.status} ${r.type}`),
    [`XMLHttpRequest ${where}`]: () => xhr(`${base}xhr`),
    [`import() ${where}`]: () => import(`${base}import.js`),
    [`importScripts ${where}`]: () => importScripts(`${base}import-scripts.js`),
    [`WebSocket ${where}`]: () => connect(() => new WebSocket(`${base.replace(/^http/, "ws")}socket`)),
    [`EventSource ${where}`]: () => connect(() => new EventSource(`${base}event-source`)),
    [`WebAssembly.compileStreaming ${where}`]: () => WebAssembly.compileStreaming(fetch(`${base}module.wasm`)),
  });
  if (workers) DOORS.network[`Worker ${where}`] = () => nested(`${base}worker.js`);
}
Object.assign(DOORS.evaluation, {
  eval: () => eval("6 * 7"),
  Function: () => new Function("return 6 * 7")(),
  "import() of a blob:": () => import(blob("export default 6 * 7")).then((m) => m.default),
  "import() of a data:": () => import("data:text/javascript,export default 6 * 7").then((m) => m.default),
  "importScripts of a blob:": () => { importScripts(blob("self.__evaluated = 6 * 7")); return self.__evaluated; },
});
Object.assign(DOORS.storage, {
  // What the site's CacheStorage holds under the planted name, then a copy planted over it.
  caches: async () => {
    if (typeof caches === "undefined") throw new Error("no caches");
    const names = await caches.keys();
    const cache = await caches.open("npuzzle-lab");
    const seen = await cache.match(`${SITE}index.html`);
    const text = seen ? await seen.text() : null;
    await cache.put(`${SITE}index.html`, new Response("planted"));
    await (await caches.open("npuzzle-planted")).put(`${SITE}index.html`, new Response("planted"));
    return JSON.stringify({ names, seen: text });
  },
  // The site's planted record, then a record planted over it.
  indexedDB: () => new Promise((resolve, reject) => {
    const request = indexedDB.open("npuzzle-lab");
    request.onupgradeneeded = () => request.result.createObjectStore("s");  // a database of its own
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const store = db.transaction("s", "readwrite").objectStore("s");
      const get = store.get("k");
      get.onerror = () => reject(get.error);
      get.onsuccess = () => { const seen = get.result === undefined ? null : get.result; store.put("planted", "k"); db.close(); resolve(JSON.stringify({ seen })); };
    };
  }),
  cookieStore: async () => {
    if (typeof cookieStore === "undefined") throw new Error("no cookieStore");
    return JSON.stringify(await cookieStore.getAll());
  },
  localStorage: () => { if (typeof localStorage === "undefined") throw new Error("no localStorage"); return JSON.stringify({ ...localStorage }); },
  // The site's page read through the network, with the site's cookies if they go.
  "the site's page": () => fetch(`${SITE}index.html?${TAG}`, { credentials: "include" }).then((r) => r.text()),
});
Object.assign(DOORS.control, {
  origin: () => self.origin,
  "the site reached": () => fetch(`${SITE}probe/${TAG}/reached`, { mode: "no-cors", credentials: "include" }).then((r) => r.type),
  "eval runs": () => eval("6 * 7"),
});
(async () => {
  const saw = {};
  for (const group of groups) {
    for (const [name, attempt] of Object.entries(DOORS[group])) {
      const trying = `trying ${name}`;  // said, so that a door that never settles is named
      postMessage(report === "protocol" ? JSON.stringify({ type: "loading", stage: trying }) : trying);
      try {
        saw[name] = `open: ${String(await attempt()).slice(0, 160)}`;
      } catch (error) {
        saw[name] = `refused: ${said(error)}`;
      }
    }
  }
  const text = JSON.stringify({ report: saw });
  postMessage(report === "protocol" ? JSON.stringify({ type: "fatal", message: text }) : text);
})();
"""
"""Every door of ``LAB.groups``, tried in turn from the worker; the report posted once all have
settled (as a protocol message, which the page's reader takes, if ``LAB.report`` is "protocol")."""


NO_NESTED_WORKERS = ("firefox",)
"""Engines whose doors leave out a worker made from a URL inside the frame's worker. In Firefox
under Playwright the frame's worker stopped for good at ``new Worker(url)`` (no report, no
timer of its own ever ran again) in 3 runs of 65 while Playwright listened for the page's errors,
and in none of 65 with no listener: the harness's doing, not the sandbox's, so Firefox's run
tries no nested worker (Chromium's and WebKit's do)."""


def doors_script(lab: Lab, tag: str, groups: list[str], report: str = "text") -> str:
    """The attacker's script: the doors of ``groups`` under ``tag``; its report as text, or as a
    protocol message (``report`` "protocol") for the page's reader."""
    setup = {"foreign": lab.site.foreign.origin, "site": lab.site.url, "tag": tag, "groups": groups, "report": report,
             "workers": lab.engine not in NO_NESTED_WORKERS}
    return f"const LAB = {json.dumps(setup)};\n{DOORS}"


def relay_script(attack: str) -> str:
    """A worker that says hello, makes its attack, says it is done and then ticks for ever."""
    return f'postMessage("hello");\n{attack}\npostMessage("done");\nsetInterval(() => postMessage("tick"), 10);\n'


TICKER = 'setInterval(() => postMessage("tick"), 10);\n'
"""The honest worker of a control frame."""
TICKS = 30
"""Ticks the control frame relays after the attacker's worker was ended before its silence is judged."""


# -- The tests' engine-neutral body --------------------------------------------------------

class Lab:
    """A lab page of the site's origin in one engine: ``evaluate`` runs an async function in it,
    ``goto`` loads a URL, ``pause`` waits between two looks at a condition."""

    def __init__(self, site: LabSite, engine: str, evaluate: Callable[[str], Any], goto: Callable[[str], None],
                 pause: Callable[[float], None]) -> None:
        self.site, self.engine = site, engine
        self._evaluate, self._goto, self.pause = evaluate, goto, pause
        self.page = ""
        self._sandbox = ""
        self.limits = boot_limits(site.frame)

    def call(self, function: str, argument: Any = None) -> Any:
        return self._evaluate(f"async () => ({function})({json.dumps(argument)})")

    def open(self, page: str) -> None:
        """Load the lab page ``page`` (BARE or STRICT) unless it is open; the site's storage planted."""
        if self.page == page:
            self.call("async () => window.__lab.end()")
            return
        self._goto(self.site.origin + page)
        self.call(LAB)
        self.call(PLANT, self.site.url)
        self.page = page

    def wait(self, function: str, argument: Any, what: str, index: int, timeout: float = 60) -> Any:
        """Wait until ``function`` of ``argument`` gives something; if it never does, say what the
        frame ``index`` last gave."""
        for _ in range(int(timeout * 10)):
            value = self.call(function, argument)
            if value:
                return value
            self.pause(0.1)
        last = self.call("""async (i) => {
          const record = window.__lab.frames[i];
          return { last: record.got.slice(-3).map((m) => m.text ? m.text.slice(0, 200) : m.value || m.length),
                   errors: record.errors, unreadable: record.unreadable };
        }""", index)
        raise AssertionError(f"waited {timeout:.0f} s for {what}; the frame gave {last}")

    def frame(self, html: str, sandbox: str, script: str) -> int:
        return int(self.call("async (a) => window.__lab.frame(a)", {"html": html, "sandbox": sandbox, "script": script}))

    def host(self, script: str) -> int:
        """The site's own sandbox (sandbox-host.js) with ``script`` as its worker's."""
        module = f"{self.site.url}{self.site.web}custom/sandbox-host.js"
        return int(self.call("async (a) => window.__lab.host(a)", {"module": module, "bundle": "custom/sandbox-bundle.js", "script": script}))

    def sandbox(self) -> str:
        """The sandbox attribute of the frame the site's sandbox-host.js makes (asked of it once):
        the frames made here have it, so that they stand for the site's."""
        if not self._sandbox:
            index = self.host("")
            self._sandbox = str(self.call("async (i) => window.__lab.frames[i].frame.getAttribute('sandbox')", index))
        return self._sandbox

    def report(self, index: int, what: str) -> dict[str, str]:
        """The door report the frame ``index``'s worker sent (waited for)."""
        text = self.wait("""async (i) => {
          const record = window.__lab.frames[i];
          const found = record.got.find((m) => m.text && /^[{]"(report|type":"fatal)"/.test(m.text));
          if (found) return found.text;
          if (record.errors && record.errors.length) return JSON.stringify({ failed: record.errors });
          const told = record.got.find((m) => m.kind === "object");
          return told ? JSON.stringify({ failed: told.value }) : null;
        }""", index, what, index)
        message = json.loads(text)
        assert "failed" not in message, f"{what}: {message}"
        if message.get("type") == "fatal":  # through the page's reader
            message = json.loads(message["message"])
        return dict(message["report"])

    def storage(self) -> dict[str, Any]:
        return dict(self.call(STORAGE))


def refused(report: dict[str, str], names: list[str]) -> list[str]:
    return [f"{name}: {report[name]}" for name in names if not report[name].startswith("refused")]


def network_unreached(lab: Lab, tag: str) -> None:
    """Nothing the doors asked for reached the foreign server (ever) or the site's (under ``tag``)."""
    assert lab.site.foreign.paths == [], f"the foreign server was asked for {lab.site.foreign.paths}"
    assert lab.site.asked_for(tag) == [], f"the site was asked for {lab.site.asked_for(tag)}"


def not_the_sites(report: dict[str, str]) -> list[str]:
    """The storage doors that saw the site's own storage (each may be refused, or a store of the
    worker's own that holds nothing the site planted)."""
    problems = []
    for name, outcome in report.items():
        if outcome.startswith("refused") or name not in ("caches", "indexedDB", "cookieStore", "localStorage", "the site's page"):
            continue
        seen = outcome.removeprefix("open: ")
        if name == "caches" and (json.loads(seen)["seen"] is not None or "npuzzle-lab" in json.loads(seen)["names"]):
            problems.append(f"{name} is the site's: {seen}")
        elif name == "indexedDB" and json.loads(seen)["seen"] is not None:
            problems.append(f"{name} is the site's: {seen}")
        elif name in ("cookieStore", "localStorage") and ("npuzzle_lab" in seen or "npuzzle-lab" in seen):
            problems.append(f"{name} is the site's: {seen}")
        elif name == "the site's page":
            problems.append(f"the site's page was read: {seen[:60]}")
    return problems


def site_frame_holds_every_door(lab: Lab) -> None:
    """The site's own sandbox (sandbox-host.js's frame, FRAME_HTML) under the site's page policy,
    its worker an attacker: no request reaches any server, nothing is evaluated, no storage
    it sees is the site's, and the site's storage is as it was."""
    tag = f"site-frame-{lab.engine}"
    lab.open(STRICT)
    before = lab.storage()
    index = lab.host(doors_script(lab, tag, ["network", "evaluation", "storage"], report="protocol"))
    report = lab.report(index, "the attacker's report through the site's sandbox")
    network_unreached(lab, tag)
    evaluation = [name for name in report if name in ("eval", "Function") or name.startswith(("import() of", "importScripts of"))]
    assert refused(report, evaluation) == [], report
    assert not_the_sites(report) == [], report
    assert lab.storage() == before


def policy_holds_alone(lab: Lab) -> None:
    """FRAME_HTML's policy with the opaque origin off (allow-same-origin: the worker is of the
    site's origin) and no page policy to inherit: every request and every evaluation refused."""
    tag = f"policy-alone-{lab.engine}"
    lab.open(BARE)
    index = lab.frame(lab.site.frame, f"{lab.sandbox()} allow-same-origin", doors_script(lab, tag, ["control", "network", "evaluation"]))
    report = lab.report(index, "the attacker's report from a frame of the site's origin")
    assert report["origin"] == f"open: {lab.site.origin}", report  # the opaque origin is off
    network_unreached(lab, tag)
    doors = [name for name in report if name not in ("origin", "the site reached")]
    assert refused(report, doors) == [], report


def opaque_origin_holds_alone(lab: Lab, cookies_kept: bool = True) -> None:
    """An opaque-origin frame (the site's sandbox attribute) whose document has no policy, under
    a page with none: its worker may evaluate and reach the network, but no CacheStorage,
    IndexedDB, local storage or cookie it sees is the site's, it cannot read the site's page,
    its origin is no one's, and the site's storage is as it was. ``cookies_kept``: that the
    site's cookie goes with none of its requests to the site (WebKitGTK sends it)."""
    tag = f"opaque-alone-{lab.engine}"
    lab.open(BARE)
    before = lab.storage()
    html = POLICY_META.sub("", lab.site.frame)
    index = lab.frame(html, lab.sandbox(), doors_script(lab, tag, ["control", "storage"]))
    report = lab.report(index, "the attacker's report from an opaque-origin frame without a policy")
    asked = lab.site.asked_for(tag)
    # The policy is off: eval runs and the site is reached.
    assert report["eval runs"] == "open: 42" and any(path.endswith("/reached") for path, _ in asked), (report, asked)
    assert not_the_sites(report) == [], report
    assert lab.storage() == before
    if cookies_kept:
        assert [path for path, cookie in asked if "npuzzle_lab" in cookie] == [], asked
    assert report["origin"] == "open: null", report
    assert lab.site.foreign.paths == [], lab.site.foreign.paths


@dataclass(frozen=True)
class Flood:
    """An attack on the relay: ``attack`` is the worker's code (with MAX_CHARS, MESSAGES and
    CHARS defined), ``told`` the pattern of the violation it must end with."""

    name: str
    attack: str
    told: str


FLOODS = [
    Flood("not-text", 'postMessage({ type: "answer", id: 1, answer: { ok: true } });', r"something other than text"),
    Flood("oversized", 'postMessage("x".repeat(MAX_CHARS + 1));', r"a message of \d+ characters \(at most \d+\)"),
    Flood("message-flood", 'for (let i = 0; i < 3 * MESSAGES; i++) postMessage("{}");', r"more than \d+ messages in a second"),
    Flood("character-flood", 'const big = "x".repeat(MAX_CHARS);\nfor (let i = 0; i < 2 * CHARS / MAX_CHARS; i++) postMessage(big);',
          r"more than \d+ characters in a second"),
]

RELAYED = """async ({ attacker, control, ticks }) => {
  const a = window.__lab.frames[attacker].got, c = window.__lab.frames[control].got;
  const end = a.find((m) => (m.kind === "object" && m.value && m.value.sandbox) || m.text === "done");
  if (!end || c.filter((m) => m.seq > end.seq).length < ticks) return null;
  return a.map((m) => m.kind ? { kind: m.kind, value: m.value, after: m.seq > end.seq }
                             : { length: m.length, text: m.length <= 40 ? m.text : null, after: m.seq > end.seq });
}"""
"""What the attacker's port gave, once it said a violation (or its worker said it was done) and
the control frame has relayed ``ticks`` ticks since."""


def relay_ends_a_flood(lab: Lab, flood: Flood) -> None:
    """sandbox-boot.js alone (its port read raw, no page reader behind it): the attacker's worker
    says hello (relayed), then breaks one rule; the frame ends it and tells the port a
    violation, nothing that broke the rule reaches the port, and the worker, which ticks for
    ever once done, is silent while an honest frame beside it relays TICKS ticks."""
    max_chars, messages, chars = lab.limits
    lab.open(BARE)
    control = lab.frame(lab.site.frame, lab.sandbox(), TICKER)
    setup = f"const MAX_CHARS = {max_chars}, MESSAGES = {messages}, CHARS = {chars};\n"
    attacker = lab.frame(lab.site.frame, lab.sandbox(), relay_script(setup + flood.attack))
    got = lab.wait(RELAYED, {"attacker": attacker, "control": control, "ticks": TICKS}, f"the relay to end the {flood.name}", attacker)
    before = [m for m in got if not m["after"]]
    after = [m for m in got if m["after"]]
    told = [m for m in before if m.get("kind")]
    assert before[0].get("text") == "hello", before[:3]
    assert len(told) == 1 and told[0]["value"]["sandbox"] == "violation", (told, [m for m in before if not m.get("kind")][-3:])
    assert re.search(flood.told, told[0]["value"]["message"]), told
    assert before[-1] is told[0], before[-3:]
    texts = [m for m in before if not m.get("kind")]
    assert all(m["length"] <= max_chars for m in texts), [m["length"] for m in texts if m["length"] > max_chars]
    if flood.name == "message-flood":
        assert len([m for m in texts if m["text"] == "{}"]) <= messages, len(texts)
    if flood.name == "character-flood":
        assert sum(m["length"] for m in texts if m["length"] == max_chars) <= chars
    assert after == [], f"the ended worker still reached the port: {after[:5]}"
    lab.call("async () => window.__lab.end()")


READER = """async (i) => {
  const record = window.__lab.frames[i];
  if (!record.unreadable && !record.errors.length && record.got.length < 2) return null;
  return { got: record.got.map((m) => m.text), errors: record.errors, unreadable: record.unreadable, framed: record.frame.isConnected };
}"""


def site_sandbox_ends_what_a_layer_refuses(lab: Lab, attack: str) -> None:
    """The site's own sandbox (SandboxWorker, its frame and port as sandbox-host.js makes them),
    behind no policy: a worker's first, well-formed message reaches the page; then text the
    relay passes but the page's reader refuses (``attack`` "garbled") ends the worker as
    unreadable, and a message that is not text ("not-text") ends it at the relay, before the
    reader, told as the frame's violation. Either way the frame is removed and nothing of the
    attack was given to the page."""
    lab.open(BARE)
    first = '{"type":"loading","stage":"hello"}'
    bad = {"garbled": 'postMessage(JSON.stringify({ type: "answer", id: "1", answer: { ok: true } }));',
           "not-text": 'postMessage({ type: "answer", id: 1, answer: { ok: true } });'}[attack]
    index = lab.host(f"postMessage({json.dumps(first)});\n{bad}\nsetInterval(() => postMessage({json.dumps(first)}), 10);\n")
    seen = lab.wait(READER, index, f"the site's sandbox to end a worker that sent {attack} messages", index)
    assert seen["got"] == [first], seen
    assert seen["framed"] is False, seen
    if attack == "garbled":
        assert seen["unreadable"] == 1 and seen["errors"] == [], seen
    else:
        assert seen["unreadable"] == 0 and len(seen["errors"]) == 1, seen
        assert re.search(r"something other than text", seen["errors"][0]), seen


# -- Chromium and Firefox ------------------------------------------------------------------

@pytest.fixture(scope="module")
def lab(browser: Any, browser_name: str, lab_site: LabSite) -> Iterator[Lab]:
    """One page for the module (its own context), failing on the page's own errors and dialogs
    (the frames' refusals, which engines may report to the page, are expected; so are the
    requests the engine saw the doors attempt: the servers' records say what left)."""
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page, lab_site.url)
    page.set_default_timeout(60_000)
    yield Lab(lab_site, browser_name, page.evaluate, page.goto, lambda seconds: page.wait_for_timeout(seconds * 1000))
    context.close()
    own = [p for p in problems if p.startswith(("page error", "dialog")) and not REFUSAL.search(p) and not DOOR_REFUSED.search(p)]
    assert own == [], own


def test_the_site_frame_holds_every_door(lab: Lab) -> None:
    site_frame_holds_every_door(lab)


def test_the_frame_policy_holds_alone(lab: Lab) -> None:
    policy_holds_alone(lab)


def test_the_opaque_origin_holds_alone(lab: Lab) -> None:
    opaque_origin_holds_alone(lab)


@pytest.mark.parametrize("flood", FLOODS, ids=lambda f: f.name)
def test_the_relay_alone_ends_a_worker_that_breaks_its_rules(lab: Lab, flood: Flood) -> None:
    relay_ends_a_flood(lab, flood)


@pytest.mark.parametrize("attack", ["garbled", "not-text"])
def test_the_site_sandbox_ends_what_the_reader_or_the_relay_refuses(lab: Lab, attack: str) -> None:
    site_sandbox_ends_what_a_layer_refuses(lab, attack)
