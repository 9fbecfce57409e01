"""The browser harness: the one module the page tests (tests/conftest.py, tests/pages.py,
tests/webkit.py) and the browser benchmarks (bench/*_browser.py, first_seconds.py,
memory_engines.py, webkit_start.py) take their browsers and their readings of the page from.

It lives in ``tests/`` because the tests are its strictest user and ``tests`` is already a
package: a benchmark reaches it as ``tests.browsers`` (bench/common.py puts the repository on
``sys.path``), whereas ``bench/`` is a folder of scripts that import one another by file name,
which the tests could import only by changing ``sys.path``. Whoever imports ``tests`` has the
repository on ``sys.path``, so this checkout's ``npuzzle`` and ``build.py`` are the ones used.
Playwright is imported where it is used, Selenium when WebKit is launched.

What it holds:

- **Engines**: each engine's executable (``NPUZZLE_CHROMIUM``, ``NPUZZLE_FIREFOX``,
  ``NPUZZLE_WEBKIT_DRIVER`` and ``NPUZZLE_WEBKIT_BROWSER``, else Debian's places) and how it is
  launched: Chromium's flags, Firefox's options (``launch_options``, ``launch``), WebKitGTK's
  WebKitWebDriver and MiniBrowser on a display of its own (``webkit_page``; the page it drives
  is tests/webkit.py's ``WebKitPage``).
- **The site**: built by build.py into a folder named ``npuzzle/`` (or the one ``NPUZZLE_SITE``
  names) and served on 127.0.0.1 under ``/npuzzle/``, as GitHub Pages serves a project site
  (``build_site``, ``serve``, ``served_site``).
- **Watching a page**: console errors, page errors, dialogs, requests leaving the site and
  Content-Security-Policy violations (``watch``).
- **Opening a link** and waiting for the solver to be ready and the board drawn (``open_link``).
- **Reading the page**: from the ``data-*`` attributes it keeps for tests and benchmarks, never
  from its words: ``data-board`` on the board, ``data-kind`` and ``data-worker-memory`` on
  ``#solver-state`` (``board_of``, ``solver_state``, ``worker_memory``), what a search reported
  on the status line (web/solver/outcome.js: ``outcome_of``, ``wait_ended``,
  ``solve_and_read_length``), the whole solution on the move list (``read_moves``), and the
  ``JS_*`` expressions for code that runs in the page. The move list's accessible names are
  read by ``moves_of`` for the tests of those names.
- **Hooks for measuring**: the worker's script served with code before and after it
  (``hook_worker``, ``KEEP_WASM_EXPORTS``, ``RUN_PYTHON``, ``WORKER_TRAFFIC``: the worker's own
  record of the messages it posts and takes in), the page's traffic with its worker in order
  with what each message did to the page (``WATCH_TRAFFIC``, ``traffic_of``,
  ``worker_traffic``, ``reports_after_abort``: counts where the tests once timed), the page's main thread watched
  (``WATCH_MAIN_THREAD``, ``MAIN_THREAD``), Solve clicked from inside the page the moment it
  is enabled, every status recorded (``CLICK_SOLVE_WHEN_ENABLED``), the page's heap read
  through Chromium's DevTools protocol (``heap_nodes``, ``heap_objects``), and the site's own
  ``SolverClient`` started in a page (``START_CLIENT``).
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence
from urllib.parse import urlsplit

from npuzzle.board import DIRECTION_NAMES

ROOT = Path(__file__).resolve().parent.parent
"""The repository."""

# ---- Engines ------------------------------------------------------------------------------------

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
"""Chromium's flags, in tests and benchmarks alike."""

DOWNLOADS = Path(tempfile.gettempdir()) / f"npuzzle-downloads-{os.getpid()}"
"""Where Firefox saves downloads (its launch option ``downloads_path``; tests/pages.py's
``download`` looks there)."""

WEBKIT_BROWSER_VARIABLE = "NPUZZLE_WEBKIT_BROWSER"
WEBKIT_BROWSER_PLACES = (
    "/usr/lib/*/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/*/webkit2gtk-4.0/MiniBrowser",
    "/usr/lib/*/webkitgtk-6.0/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.*/MiniBrowser",
    "/usr/libexec/webkitgtk-6.0/MiniBrowser",
)
"""Where Debian's webkit2gtk-driver (and other distributions) put the browser it drives."""

READY_TIMEOUT = 120.0
"""Seconds to wait for the solver to be ready (WebKitGTK took 10-30 s on a loaded machine)."""


def _named_or_found(variable: str, defaults: Sequence[str], hint: str = "") -> tuple[str | None, str]:
    """The executable ``variable`` names, else the first of ``defaults`` found; and why not."""
    named = os.environ.get(variable)
    if named:
        if os.access(named, os.X_OK) and not os.path.isdir(named):
            return named, ""
        return None, f"{variable}={named} is not an executable"
    for candidate in defaults:
        found = shutil.which(candidate)
        if found:
            return found, ""
    return None, f"not installed ({variable} unset, no {' or '.join(defaults)}{hint})"


@dataclass(frozen=True)
class Engine:
    """A browser engine the tests and benchmarks drive: the variable that names its executable
    (WebKit: its WebDriver) and where to look when the variable is unset."""

    name: str
    variable: str
    defaults: tuple[str, ...]
    driven_by: str

    def executable(self) -> tuple[str | None, str]:
        """The executable to launch (or None) and, when there is none, why."""
        if self.name == "webkit":  # WebKit needs more than its driver: MiniBrowser and a display
            why = webkit_unavailable()
            return (find_webkit_driver()[0], "") if why is None else (None, why[0].removeprefix("webkit: "))
        return _named_or_found(self.variable, self.defaults)


ENGINES = {
    engine.name: engine for engine in (
        Engine("chromium", "NPUZZLE_CHROMIUM", ("chromium", "/usr/bin/chromium"), "Playwright over CDP"),
        Engine("firefox", "NPUZZLE_FIREFOX", ("/usr/bin/firefox-esr", "firefox-esr", "firefox"), "Playwright over WebDriver BiDi"),
        Engine("webkit", "NPUZZLE_WEBKIT_DRIVER", ("/usr/bin/WebKitWebDriver", "WebKitWebDriver"), "Selenium and WebKitWebDriver"),
    )
}
PLAYWRIGHT_ENGINES = ("chromium", "firefox")
"""The engines every page test runs in by default (WebKit runs its own core set)."""


def find_webkit_driver() -> tuple[str | None, str]:
    """WebKitWebDriver (``NPUZZLE_WEBKIT_DRIVER``, else Debian's webkit2gtk-driver's), and why not."""
    engine = ENGINES["webkit"]
    return _named_or_found(engine.variable, engine.defaults, "; apt-get install webkit2gtk-driver")


def find_webkit_browser() -> tuple[str | None, str]:
    """MiniBrowser (or ``NPUZZLE_WEBKIT_BROWSER``), and why not when there is none."""
    named = os.environ.get(WEBKIT_BROWSER_VARIABLE)
    if named:
        if os.access(named, os.X_OK):
            return named, ""
        return None, f"{WEBKIT_BROWSER_VARIABLE}={named} is not an executable"
    for pattern in WEBKIT_BROWSER_PLACES:
        for found in sorted(glob.glob(pattern)):
            if os.access(found, os.X_OK):
                return found, ""
    return None, f"no MiniBrowser ({WEBKIT_BROWSER_VARIABLE} unset, none in {', '.join(WEBKIT_BROWSER_PLACES)})"


def webkit_unavailable() -> tuple[str, bool] | None:
    """Why WebKit cannot run here, and whether that is a mistake (a variable naming something
    that is not there) rather than a machine without WebKit; None if it can."""
    driver, why = find_webkit_driver()
    if driver is None:
        return f"webkit: {why}", bool(os.environ.get(ENGINES["webkit"].variable))
    browser, why = find_webkit_browser()
    if browser is None:
        return f"webkit: {why}", bool(os.environ.get(WEBKIT_BROWSER_VARIABLE))
    if not os.environ.get("DISPLAY") and not shutil.which("Xvfb"):
        return "webkit: no DISPLAY and no Xvfb to make one (apt-get install xvfb)", False
    return None


def executable_of(name: str) -> str:
    """The executable of the engine ``name``; LookupError, saying why, if the machine lacks it."""
    executable, why = ENGINES[name].executable()
    if executable is None:
        raise LookupError(f"{name}: {why}")
    return executable


def launch_options(name: str, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """Playwright's launch options for the engine ``name`` ("chromium" or "firefox"), added to
    ``base``: its executable (Playwright's own browser downloads are not used) and Chromium's
    flags, or Firefox's channel (a stock Firefox over WebDriver BiDi) and downloads folder.
    Raises LookupError, saying why, where the machine lacks the engine."""
    options = {**(base or {}), "executable_path": executable_of(name)}
    if name == "firefox":
        return {**options, "channel": "moz-firefox", "downloads_path": str(DOWNLOADS)}
    return {**options, "args": CHROMIUM_FLAGS}


def launch(playwright: Any, name: str = "chromium", **options: Any) -> Any:
    """A headless Playwright browser of the engine ``name``, launched as the tests launch it."""
    return getattr(playwright, name).launch(**launch_options(name, {"headless": True, **options}))


@contextmanager
def display() -> Iterator[str]:
    """The X display to use: $DISPLAY if set, else a new Xvfb on a free display number
    (Xvfb picks it: -displayfd), stopped afterwards."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    read, write = os.pipe()
    # -noreset: the server lives until stopped, not until its last client leaves.
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-noreset", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write)
    answer = os.fdopen(read)  # kept open while Xvfb runs: it may write here again
    try:
        number = answer.readline().strip()
        if not number.isdigit():
            raise RuntimeError(f"Xvfb did not start (exit status {xvfb.poll()})")
        yield f":{number}"
    finally:
        answer.close()
        xvfb.terminate()
        try:
            xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            xvfb.kill()
            xvfb.wait()


@contextmanager
def webkit_page(**environment: str) -> Iterator[Any]:
    """A WebKitGTK window (MiniBrowser under WebKitWebDriver, through Selenium), on an Xvfb
    display of its own when there is no DISPLAY, as tests/webkit.py's ``WebKitPage``; closed
    afterwards. ``environment`` is added to the browser's."""
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    from .webkit import WebKitPage

    reason = webkit_unavailable()
    if reason:
        raise RuntimeError(reason[0])
    driver_path, _ = find_webkit_driver()
    browser, _ = find_webkit_browser()
    assert driver_path and browser
    with display() as screen:
        options = Options()
        options.binary_location = browser
        options.add_argument("--automation")
        service = Service(executable_path=driver_path, env={**os.environ, "DISPLAY": screen, **environment})
        driver = webdriver.WebKitGTK(options=options, service=service)
        try:
            driver.set_script_timeout(60)
            driver.set_page_load_timeout(READY_TIMEOUT)
            yield WebKitPage(driver)
        finally:
            try:
                driver.quit()
            except WebDriverException:
                pass


# ---- The site -----------------------------------------------------------------------------------

SUBPATH = "npuzzle"
"""The site is served at /npuzzle/, as GitHub Pages serves a project site (/<repo>/)."""
SITE_VARIABLE = "NPUZZLE_SITE"


def build_site(out: Path, **options: str) -> Path:
    """Build the site into ``out`` (a folder named npuzzle/) with build.py, as a user runs it;
    ``options`` are its own (``stdlib_pyc="all"`` is ``--stdlib-pyc all``)."""
    assert out.name == SUBPATH, out
    flags = [part for key, value in options.items() for part in (f"--{key.replace('_', '-')}", str(value))]
    subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(out), *flags],
                   check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    return out


def site_named() -> Path | None:
    """The site ``NPUZZLE_SITE`` names, already built by build.py (tests/run.sh builds one for
    its parallel runs), or None when the variable is unset."""
    named = os.environ.get(SITE_VARIABLE)
    if not named:
        return None
    site = Path(named)
    assert site.name == SUBPATH and (site / "index.html").is_file(), f"{SITE_VARIABLE}={named} is not a built site"
    return site


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """``site`` (a built site, in a folder named npuzzle/) served by build.py's own handler at
    http://127.0.0.1:<free port>/npuzzle/."""
    assert site.name == SUBPATH, f"{site} is not a folder named {SUBPATH}/"
    from sitebuild.server import serving_in_background

    with serving_in_background(site.parent) as base:
        yield f"{base}{SUBPATH}/"


@contextmanager
def served_site(**options: str) -> Iterator[str]:
    """A fresh build of the site (``options``: build.py's), served at
    http://127.0.0.1:<free port>/npuzzle/; without options, the site ``NPUZZLE_SITE`` names if set."""
    named = None if options else site_named()
    if named is not None:
        with serve(named) as url:
            yield url
        return
    with tempfile.TemporaryDirectory(prefix="npuzzle-site-") as folder:
        with serve(build_site(Path(folder) / SUBPATH, **options)) as url:
            yield url


def board_link(board: Any, goal: str) -> str:
    """The link that opens ``board`` (an npuzzle Board) with the goal ``goal``, relative to the site."""
    return f"index.html#board={board.to_string()}&goal={goal}&size={board.rows}x{board.cols}"


# ---- Watching a page ----------------------------------------------------------------------------

CSP_WATCH = """
document.addEventListener("securitypolicyviolation", (e) => {
  // Playwright's own inline style, inserted while it takes a screenshot under WebDriver BiDi
  // (tests/pages.py's screenshot(), which then checks there was at most one).
  const shot = window.__harnessScreenshot;
  if (shot && e.violatedDirective === "style-src-elem" && e.blockedURI === "inline") { shot.blocked++; return; }
  // The harness's own scripts, which Playwright injects into every frame: the sandbox's frame
  // (the srcdoc frame that runs a person's code) refuses them, as it refuses any script but its own.
  if (e.documentURI === "about:srcdoc" || (e.violatedDirective === "script-src-elem" && e.blockedURI === "data")) return;
  window.__cspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
});
"""

HARNESS_SCRIPT_BLOCKED = re.compile(r"blocked a script \(script-src-elem\) at data:text/javascript,|Missing 'unsafe-eval'")
"""How Firefox logs, as a page error, the sandbox's frame refusing the scripts Playwright injects
into every frame (the harness's init scripts and bindings): the frame allows no script but its own."""

BLOCKED_STYLE_LOG = "blocked an inline style (style-src-elem)"
"""How Firefox logs a blocked inline style element (as an error, which Playwright reports as
a page error)."""


def harness_style_blocked(page: Any, message: str) -> bool:
    """Whether the error ``message`` logged on ``page`` is the log of the inline style that
    Playwright inserted for one of the screenshots taken there (tests/pages.py's
    ``screenshot``): each screenshot excuses one."""
    if BLOCKED_STYLE_LOG not in message:
        return False
    excused = getattr(page, "_npuzzle_excused", 0)
    if excused >= getattr(page, "_npuzzle_screenshots", 0):
        return False
    page._npuzzle_excused = excused + 1
    return True


def watch(page: Any, site_url: str, problems: list[str] | None = None, where: str = "") -> list[str]:
    """Start collecting what must not happen on the Playwright page ``page``: console errors,
    page errors, dialogs, requests to another origin than ``site_url``'s, Content-Security-Policy
    violations. Returns the list the problems go into (``problems`` if given; each prefixed
    with ``where`` if given)."""
    found: list[str] = [] if problems is None else problems
    origin = urlsplit(site_url).netloc
    prefix = f"{where}: " if where else ""

    def add(problem: str) -> None:
        found.append(prefix + problem)

    page.on("console", lambda m: add(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: None if harness_style_blocked(page, str(e)) or HARNESS_SCRIPT_BLOCKED.search(str(e))
            else add(f"page error: {e}"))

    def dialog(d: Any) -> None:
        add(f"dialog: {d.message}")
        d.dismiss()

    page.on("dialog", dialog)

    def check_request(request: Any) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https") and parts.netloc != origin:
            add(f"request left the site: {request.url}")

    page.on("request", check_request)
    # Any Content-Security-Policy violation is a problem (the page's policy is strict).
    page.expose_function("__cspViolation", lambda what: add(f"CSP violation: {what}"))
    page.add_init_script(CSP_WATCH)
    page.set_default_timeout(90_000)
    return found


# ---- Reading the page ---------------------------------------------------------------------------
# The data-* attributes the page keeps for tests and benchmarks, as JavaScript expressions (for
# code run in the page: Playwright's evaluate, a WebDriver script's `return (...)`).

BOARD_LABEL = "Puzzle board"
JS_BOARD = "(document.getElementById('board') || { dataset: {} }).dataset.board"
"""The tiles shown, "1,2,3,...,0" (empty while the board is not a valid one)."""
JS_SOLVER_STATE = "(document.getElementById('solver-state') || { dataset: {} }).dataset.kind"
"""The solver's state: "loading", "ready", "failed", ..."""
JS_WORKER_MEMORY = "(Number((document.getElementById('solver-state') || { dataset: {} }).dataset.workerMemory) || null)"
"""The bytes of the worker's WebAssembly memory (sent with its ready message and each final answer), or null."""
READY_STATES = ("ready", "failed")
"""The solver's states once it has started (or could not)."""


def board_of(page: Any) -> str:
    """The board shown (``data-board``): "1,2,3,...,0"."""
    return str(page.get_by_label(BOARD_LABEL).get_attribute("data-board"))


def tiles_of(page: Any) -> tuple[int, ...]:
    return tuple(int(t) for t in board_of(page).split(","))


def solver_state(page: Any) -> str | None:
    """The solver's state (``data-kind`` on #solver-state)."""
    value = page.locator("#solver-state").get_attribute("data-kind")
    return None if value is None else str(value)


def worker_memory(page: Any) -> int | None:
    """The bytes of the worker's WebAssembly memory the page keeps (``data-worker-memory``)."""
    value = page.locator("#solver-state").get_attribute("data-worker-memory")
    return int(value) if value else None


def open_link(page: Any, site_url: str, fragment: str, *, valid_board: bool = True, ready: str = "ready",
              timeout: float = 90_000) -> None:
    """Open the site at ``fragment`` in the Playwright page ``page`` and wait for the solver's
    state ``ready`` (or "failed") and, for a valid board, for Python's answer to it to be drawn."""
    from playwright.sync_api import expect

    page.goto(site_url + fragment)
    expect(page.locator("#solver-state")).to_have_attribute("data-kind", ready, timeout=timeout)
    if not valid_board:
        return
    # The worker parses the linked board; "ready" can come before that answer is drawn.
    expect(page.get_by_label(BOARD_LABEL)).to_have_attribute("data-board", re.compile(r"\d"))


# The status line's data-* attributes (web/solver/outcome.js): what a search reported, as data.

JS_STATUS = "({ ...(document.getElementById('status') || { dataset: {} }).dataset })"
"""The status line's data-* attributes as an object: state, length, best, optimal, lower, factor,
stopped, preparing, tile, move, expanded (each a string, "" when the state has none)."""
ENDED = ("solved", "stopped", "failed")
"""The states of a search that has ended: with a solution, without one, refused or crashed."""
SHOWN = ("improving", "solved")
"""The states with a solution shown (``length``): during the search or at its end."""
COMPARE_ENDED = ("compared", "compare-cancelled", "failed")
"""The states once Compare all has ended: run to its end, cancelled, or refused."""
_ENDED = re.compile(f"^(?:{'|'.join(ENDED)})$")


@dataclass(frozen=True)
class Outcome:
    """What the status line reports (its data-* attributes), read from a page."""
    state: str
    length: int | None = None
    best: int | None = None
    optimal: bool = False
    lower: int | None = None
    factor: float | None = None
    stopped: str | None = None
    preparing: bool = False
    tile: int | None = None
    move: str | None = None
    expanded: int | None = None

    @classmethod
    def of(cls, data: dict[str, str]) -> "Outcome":
        """From the attributes' values (JS_STATUS's object)."""
        def number(key: str) -> int | None:
            return int(data[key]) if data.get(key) else None
        return cls(state=data.get("state") or "", length=number("length"), best=number("best"),
                   optimal=data.get("optimal") == "true", lower=number("lower"),
                   factor=float(data["factor"]) if data.get("factor") else None,
                   stopped=data.get("stopped") or None, preparing=data.get("preparing") == "true",
                   tile=number("tile"), move=data.get("move") or None, expanded=number("expanded"))

    @property
    def ended(self) -> bool:
        return self.state in ENDED


def outcome_of(page: Any) -> Outcome:
    """What the page's status line reports now (a Playwright page, or tests/webkit.py's)."""
    return Outcome.of(page.evaluate(f"() => {JS_STATUS}"))


def wait_ended(page: Any, timeout: float = 90_000) -> Outcome:
    """Wait until the Playwright page's search has ended (solved, stopped or failed); what it reports."""
    from playwright.sync_api import expect

    expect(page.locator("#status")).to_have_attribute("data-state", _ENDED, timeout=timeout)
    return outcome_of(page)


def solve_and_read_length(page: Any) -> int:
    """Solve, wait for the search to end (an anytime search shows better solutions as it
    goes), and read the length of the solution it reports."""
    page.get_by_role("button", name="Solve").click()
    assert page.locator("#status").get_attribute("role") == "status"
    outcome = wait_ended(page)
    assert outcome.state == "solved" and outcome.length is not None, (outcome, page.locator("#status").inner_text())
    return outcome.length


MOVE_LABEL = re.compile(r"Step (\d+): tile (\d+) (up|down|left|right)")
"""A move in the move list, by its accessible name ("Step 3: tile 5 up")."""
_LETTER = {word: letter for letter, word in DIRECTION_NAMES.items()}  # "up": "U", ...
JS_MOVE_LABELS = "(els) => els.map((e) => e.getAttribute('aria-label'))"
MOVE_BUTTONS = "#move-list button"


def moves_of(labels: Sequence[str | None], first: int = 1) -> list[tuple[int, int, str]]:
    """The moves named by the move list's ``labels``, numbered from ``first``: (step, tile,
    move letter U/D/L/R) each. Raises ValueError on a label that is not a move or out of order."""
    moves = []
    for step, label in enumerate(labels, start=first):
        match = MOVE_LABEL.fullmatch(label or "")
        if not match or int(match.group(1)) != step:
            raise ValueError(f"step {step} reads {label!r}")
        moves.append((step, int(match.group(2)), _LETTER[match.group(3)]))
    return moves


def move_labels(page: Any) -> list[str | None]:
    """The labels of the moves the page lists now (works on tests/webkit.py's page too)."""
    return list(page.locator(MOVE_BUTTONS).evaluate_all(JS_MOVE_LABELS))


def read_moves(page: Any) -> list[tuple[int, str]]:
    """The whole solution the page's replay holds, (tile, move letter) per step: the move
    list's ``data-tiles`` and ``data-moves`` (the list itself shows a long one a page at a time)."""
    data = page.evaluate("() => { const d = document.getElementById('move-list').dataset; return [d.tiles || '', d.moves || '']; }")
    tiles = [int(t) for t in data[0].split(",")] if data[0] else []
    if len(tiles) != len(data[1]):
        raise ValueError(f"the move list holds {len(tiles)} tiles and {len(data[1])} moves")
    return list(zip(tiles, data[1]))


def replay_problem(start: Any, goal: Any, moves: list[tuple[int, str]], length: int | None) -> str | None:
    """None if ``moves`` (each tile in the direction the page names) take the Board ``start``
    to ``goal`` in ``length`` steps; else what is wrong."""
    if length is None:
        return "no solution shown"
    if len(moves) != length:
        return f"the move list has {len(moves)} steps, the status says {length}"
    board = start
    for step, (tile, letter) in enumerate(moves, start=1):
        try:
            if board.direction_of(tile) != letter:
                return f"step {step}: tile {tile} slides {board.direction_of(tile)}, the page says {letter}"
        except ValueError as exc:
            return f"step {step}: {exc}"
        board = board.slide(tile)
    if start.play([tile for tile, _ in moves]) != goal:
        return "the solution does not reach the goal"
    return None


# ---- Hooks for measuring ------------------------------------------------------------------------

WORKER_SCRIPT = re.compile(r"/worker[^/]*\.js(?:\?.*)?$")
"""The worker's script, wherever the build puts it (``web-<hash>/.../worker.js``)."""

KEEP_WASM_EXPORTS = """// the harness (tests/browsers.py): keep the WebAssembly exports this worker instantiates.
globalThis.__harnessExports = [];
{
  const keep = (result) => {
    const instance = result && (result.instance || result);
    const exports = instance && instance.exports;
    if (exports && exports.memory instanceof WebAssembly.Memory) globalThis.__harnessExports.push(exports);
    return result;
  };
  const streaming = WebAssembly.instantiateStreaming;
  if (streaming) WebAssembly.instantiateStreaming = (...args) => streaming.apply(WebAssembly, args).then(keep);
  const plain = WebAssembly.instantiate;
  WebAssembly.instantiate = (...args) => plain.apply(WebAssembly, args).then(keep);
}
"""
"""Put before the worker's own code: keeps the exports of each WebAssembly instance it makes
that has a memory (Pyodide's: its ``memory``, and its allocator's ``malloc``, ``free`` and
``mallinfo``) in ``globalThis.__harnessExports``, for reading."""

RUN_PYTHON = """
// the harness (tests/browsers.py): run Python in this worker's Pyodide (`typeof` keeps it
// harmless when the worker names it otherwise).
globalThis.__harnessPython = (code) =>
  (typeof pyodide !== "undefined" && pyodide ? String(pyodide.runPython(code)) : null);
"""
"""Put after the worker's own code: ``globalThis.__harnessPython(code)`` runs Python in the
worker's Pyodide (the module's ``pyodide``) and gives the last expression's value as text."""


def hook_worker(context: Any, before: str = "", after: str = "") -> list[str]:
    """Serve the worker's script to the Playwright ``context``'s pages with ``before`` and
    ``after`` around its code (measuring aids: the site never ships them). Returns the list of
    the URLs hooked, filled as they are fetched."""
    hooked: list[str] = []

    def hook(route: Any) -> None:
        from playwright.sync_api import Error as PlaywrightError

        hooked.append(route.request.url)
        try:
            response = route.fetch()
            route.fulfill(response=response, body=before + response.text() + after)
        except PlaywrightError as error:
            # The test ended while its context's service worker still fetched the script: the
            # request has nowhere to go (left alone, the error surfaced in the next test's
            # first call, a CI run's "Route.fetch: Request context disposed").
            if "disposed" not in str(error) and "closed" not in str(error):
                raise

    context.route(WORKER_SCRIPT, hook)
    return hooked


# Served before the worker's own code (hook_worker): the worker's own record of its traffic.
WORKER_TRAFFIC = """// the harness (tests/browsers.py): the worker's record of its traffic, in the order it
// happened: each message it posts ({out: type, id}) and each one it takes in ({in: op, id,
// target}: an abort is taken in when the worker's event loop hands it over, between two slices
// of work). A request {id, op: "__harnessTraffic"} is answered with the record, and never
// reaches the worker's own code.
{
  const traffic = [];
  const post = globalThis.postMessage.bind(globalThis);
  globalThis.postMessage = (message, ...rest) => {
    if (message && typeof message === "object") traffic.push({ out: message.type, id: typeof message.id === "number" ? message.id : null });
    return post(message, ...rest);
  };
  self.addEventListener("message", (event) => {
    const m = event.data;
    if (m && m.op === "__harnessTraffic") {
      event.stopImmediatePropagation();
      post({ type: "answer", id: m.id, answer: traffic.slice() });
      return;
    }
    if (m && typeof m === "object") traffic.push({ in: m.op, id: typeof m.id === "number" ? m.id : null, target: m.target ?? null });
  });
}
"""
"""Put before the worker's own code (``hook_worker(context, WORKER_TRAFFIC)``): the worker keeps
a record of the messages it posts and takes in, in order; ``worker_traffic(page)`` reads it
(with ``WATCH_TRAFFIC`` on the page)."""

# Installed before the page's own scripts: the page's side of its traffic with the solver's
# worker, in one ordered record with what each message did to the page.
WATCH_TRAFFIC = """
(() => {
  const watch = { log: [], worker: null, probes: new Map(), asked: 0 };
  window.__traffic = watch;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      if (!options || options.name !== "solver") return;
      watch.worker = this;
      this.addEventListener("message", (event) => {
        const m = event.data || {};
        const id = typeof m.id === "number" ? m.id : null;
        const probe = id === null ? null : watch.probes.get(id);
        if (probe) {
          watch.probes.delete(id);
          event.stopImmediatePropagation();
          probe(m.answer);
          return;
        }
        watch.log.push({ message: m.type, id, solution: m.solution ? m.solution.tiles.length : null,
                         expanded: m.progress && typeof m.progress.expanded === "number" ? m.progress.expanded : null });
      });
    }
    postMessage(message, ...rest) {
      if (this === watch.worker && message && typeof message === "object" && !watch.probes.has(message.id)) {
        watch.log.push({ posted: message.op, id: message.id, target: message.target ?? null });
      }
      return super.postMessage(message, ...rest);
    }
  };
  // Ask the worker for its own record (WORKER_TRAFFIC).
  watch.ask = () => new Promise((resolve) => {
    const id = 3e9 + ++watch.asked;
    watch.probes.set(id, resolve);
    watch.worker.postMessage({ id, op: "__harnessTraffic" });
  });
  document.addEventListener("click", (event) => {
    const button = event.target && event.target.closest ? event.target.closest("button") : null;
    watch.log.push({ click: button ? button.id || button.textContent.trim() : null });
  }, true);
  // What each task did to the page: the nodes it added, and where it changed anything (the
  // ids of the nearest elements with one; "#status" for the status line).
  document.addEventListener("DOMContentLoaded", () => {
    const status = document.getElementById("status");
    new MutationObserver((records) => {
      const where = new Set();
      let added = 0;
      for (const record of records) {
        added += record.addedNodes.length;
        let node = record.target;
        if (status && (node === status || status.contains(node))) { where.add("#status"); continue; }
        while (node && !(node.id)) node = node.parentNode;
        where.add(node && node.id ? `#${node.id}` : "?");
      }
      watch.log.push({ dom: [...where].sort(), added });
    }).observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
  });
})();
"""
"""Installed before the page's own scripts (``page.add_init_script``): ``window.__traffic.log``,
one record in order of what happened on the page: each request it posts to the solver's worker
(``{posted: op, id, target}``), each message back (``{message: type, id, solution, expanded}``),
each click on a button (``{click: id}``), and what each task then did to the page (``{dom:
[where], added: nodes}``). ``traffic_of(page)`` reads it; ``worker_traffic(page)`` asks the
worker for its own record."""


def traffic_of(page: Any) -> list[dict[str, Any]]:
    """The page's record of its traffic with the solver's worker (``WATCH_TRAFFIC``)."""
    return list(page.evaluate("() => window.__traffic.log"))


def worker_traffic(page: Any) -> list[dict[str, Any]]:
    """The worker's own record of its traffic (``WORKER_TRAFFIC``, served before its code)."""
    return list(page.evaluate("() => window.__traffic.ask()"))


def reports_after_abort(worker_log: list[dict[str, Any]], request: int) -> int:
    """How many progress reports the worker sent for ``request`` once it had taken in an abort
    of it, before its answer (from ``worker_traffic``)."""
    seen = False
    reports = 0
    for entry in worker_log:
        if entry.get("in") == "abort" and entry.get("target") == request:
            seen = True
        elif seen and entry.get("id") == request and entry.get("out") == "progress":
            reports += 1
        elif entry.get("id") == request and entry.get("out") == "answer":
            assert seen, f"request {request} was answered before its abort was taken in"
            return reports
    raise AssertionError(f"request {request}: no answer after its abort in {worker_log}")


# Installed before the page's own scripts: long tasks and timer lateness on the main thread.
WATCH_MAIN_THREAD = """
(() => {
  const watch = { longtasks: [], heartbeatMaxLateMs: 0 };
  window.__mainThread = watch;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        watch.longtasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: "longtask", buffered: true });
    watch.supported = true;
  } catch (error) {
    watch.supported = false;
  }
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    watch.heartbeatMaxLateMs = Math.max(watch.heartbeatMaxLateMs, now - last - 100);
    last = now;
  }, 100);
})();
"""

# The main thread's figures since `since` (ms): long tasks, and the heartbeat's lateness (reset).
MAIN_THREAD = """
(since) => {
  const watch = window.__mainThread;
  const tasks = watch.longtasks.filter((t) => t.start >= since);
  const late = watch.heartbeatMaxLateMs;
  watch.heartbeatMaxLateMs = 0;
  return {
    supported: watch.supported,
    longtasks: tasks.length,
    longest_ms: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    total_ms: tasks.reduce((s, t) => s + t.duration, 0),
    heartbeat_max_late_ms: late,
    now: performance.now(),
  };
}
"""

# Installed before the page's own scripts: clicks Solve from inside the page the moment it is
# enabled on a drawn board (a DOM click(): no person is quicker), and records every status the
# page shows, as its data-* attributes, in window.__statuses (read them with Outcome.of).
CLICK_SOLVE_WHEN_ENABLED = """
window.__statuses = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("status");
  new MutationObserver(() => window.__statuses.push({ ...status.dataset }))
    .observe(status, { attributes: true, attributeFilter: ["data-state", "data-length", "data-preparing"] });
  const solve = document.getElementById("solve");
  const board = document.getElementById("board");
  const go = () => {
    if (solve.disabled || !board.dataset.board) return false;
    observer.disconnect();
    solve.click();
    return true;
  };
  const observer = new MutationObserver(go);
  if (!go()) observer.observe(document, { subtree: true, attributes: true, attributeFilter: ["disabled", "data-board"] });
});
"""


def heap_nodes(cdp: Any) -> list[tuple[str, str, int]]:
    """The page's heap, from a DevTools heap snapshot taken after a forced GC (``cdp``: a
    Chromium CDP session on the page): one ``(kind, name, self size in bytes)`` per node, such
    as ``("object", "Array", 32)`` or ``("native", "Text", 120)``."""
    chunks: list[str] = []
    listener = lambda event: chunks.append(event["chunk"])  # noqa: E731
    cdp.on("HeapProfiler.addHeapSnapshotChunk", listener)
    try:
        cdp.send("HeapProfiler.collectGarbage")
        cdp.send("HeapProfiler.takeHeapSnapshot", {"reportProgress": False})
    finally:
        cdp.remove_listener("HeapProfiler.addHeapSnapshotChunk", listener)
    snapshot = json.loads("".join(chunks))
    meta = snapshot["snapshot"]["meta"]
    fields, kinds, strings, nodes = meta["node_fields"], meta["node_types"][0], snapshot["strings"], snapshot["nodes"]
    width, kind_at, name_at, size_at = len(fields), fields.index("type"), fields.index("name"), fields.index("self_size")
    return [(kinds[nodes[i + kind_at]], strings[nodes[i + name_at]], nodes[i + size_at]) for i in range(0, len(nodes), width)]


NOT_JS_OBJECTS = frozenset({"native", "code", "hidden", "object shape", "synthetic"})
"""Heap snapshot kinds that are not JavaScript objects: Blink's C++ objects, compiled code and V8's own structures."""


def heap_objects(cdp: Any) -> int:
    """Bytes of JavaScript objects on the page (``heap_nodes`` less ``NOT_JS_OBJECTS``)."""
    return sum(size for kind, _, size in heap_nodes(cdp) if kind not in NOT_JS_OBJECTS)


# In the site's index.html: a SolverClient of its own (window.__bench.client) from the build's
# web folder, its worker ready. The files are found in the build's list of its files (FILES in
# its constants module, build-info.js, beside the page's app/ folder), wherever the build puts them.
START_CLIENT = """
async (site) => {
  const main = [...document.querySelectorAll("script[type=module]")].find((s) => s.src.endsWith("/app/main.js"));
  if (!main) throw new Error("the page has no app/main.js script");
  const buildInfo = await import(new URL("../build-info.js", main.src).href);
  const find = (name) => {
    const file = buildInfo.FILES.find((f) => f.startsWith("web-") && f.endsWith(`/${name}`));
    if (!file) throw new Error(`the build lists no ${name}`);
    return new URL(file, site).href;
  };
  const { SolverClient } = await import(find("solver-client.js"));
  const started = performance.now();
  const workerUrl = new URL(find("worker.js"));
  const client = new SolverClient(() => new Worker(workerUrl, { type: "module", name: "solver" }));
  const info = await client.ready;
  window.__bench = { client };
  return {
    ready_ms: performance.now() - started,
    info,
    pyodide: buildInfo.PYODIDE_VERSION,
    table_files: buildInfo.TABLE_FILES,
    user_agent: navigator.userAgent,
  };
}
"""
