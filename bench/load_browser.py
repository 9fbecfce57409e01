#!/usr/bin/env python3
"""Load: one page, hundreds of solves in a row across sizes (and compares), in headless Chromium.

    .venv/bin/python bench/load_browser.py                        # 300 solves, 20 compares
    .venv/bin/python bench/load_browser.py --solves 60 --compares 4 --label quick

Issue 10: "one page, 300 solves in a row across sizes (and 20 compares): the worker's memory
(Pyodide heap) stops growing after warm-up, no job is left behind, the page's own memory is
flat, and the last solve is as fast as the first."

The site is built and served by the browser harness (tests/browsers.py's ``served_site``: a
fresh build under a sub-path on 127.0.0.1), Chromium launched by it as the tests launch it
(``NPUZZLE_CHROMIUM``, else Debian's chromium, the tests' flags). One page, never reloaded, driven as a person would: a cycle of 20
boards (3x3 at distances 12 to 30, 4x4 scrambles of known optimal length, 2x2, 2x3, 3x4, 5x5,
6x6 and 8x8) is repeated until ``--solves`` solves are done, so that the first cycle and the
last solve the same boards. Each board is opened by a link (the address's fragment,
``index.html#board=...&goal=blank-last&size=RxC``: the same document, as a link followed from
the page) or typed into the Tiles box; the Limits box's Seconds field is set to 10 for the
boards up to 4x4 (the anytime solver proves them optimal well before) and to ``--big-limit``
(1 s) for the 5x5 and 8x8 boards, which the anytime solver improves until its time limit; the
6x6 gets 10 s too, and Stop is pressed ``--stop-after`` seconds after Solve (the cancel path). After every
``--solves / --compares`` solves, a 3x3 board is typed and Compare all pressed.

Measured, the page never reloaded:

- per solve: the time from the click on Solve (or Compare all) to the status line reporting
  the end: its ``data-state`` (web/solver/outcome.js) one of the harness's ``ENDED`` or
  ``COMPARE_ENDED`` (a capturing click listener and a ``MutationObserver`` of that attribute in
  the page, both installed before the page's scripts; they keep only the latest stamps, so
  measuring does not grow the heap it measures); the solution's length and proof from the
  status line's ``data-length``, ``data-optimal`` and ``data-factor`` (its words are kept as a
  record only), checked against the known optimum (3x3: the exhaustive BFS table of
  ``npuzzle.known``; 4x4: IDA* with the pattern databases in this CPython: it must be proven
  optimal) and replayed from the move list's ``data-tiles`` and ``data-moves`` with
  ``Board.play`` (every solution, every size).
- after every solve: the worker's WebAssembly memory (Pyodide's whole linear memory: Python
  heap, tables, search state; it grows and never shrinks, so it is the high-water mark) and
  what its allocator (Emscripten's dlmalloc, under Python) has handed out and not taken back
  (``mallinfo``'s ``uordblks``). The worker script is served with a few lines before its code
  (they keep the WebAssembly exports Pyodide instantiates: its memory, ``malloc``, ``free`` and
  ``mallinfo``) and one after it, which lets the bench run Python in the worker
  (``pyodide.runPython``) to collect garbage and count the objects Python's gc tracks, by type
  at warm-up and at the end, and the web API's job registry (``npuzzle.webapi._jobs``).
  Measuring aids only: the site never ships them.
- every ``--sample-every`` solves (and before the first): the page's JavaScript heap after a
  forced garbage collection (Chrome DevTools Protocol: ``HeapProfiler.collectGarbage``, then
  ``Runtime.getHeapUsage``), its DOM counters (``Memory.getDOMCounters``: nodes, including
  those no longer in the document that something still holds, documents, event listeners),
  the nodes and elements in the document, and the worker's figures after ``gc.collect()``.
  At warm-up and at the end, a heap snapshot of the page, summed by kind (the page's
  JavaScript objects, Blink's C++ objects, compiled code), for what grew.
- at the end, "no job left behind" three ways: every job number the worker handed out (the
  web API numbers jobs 1, 2, 3, ...; the highest is read from the final answers) is sent a
  ``cancel`` through the page's own worker, and each must answer "there is no running job"
  (a job still alive would answer with its result, and so end); Python's registry must be
  empty; and every request the page posted must have had its answer.

``--open link`` or ``--open type`` puts every board on the page the one way (what grows with
typing is Chromium's undo stack of the Tiles box, which keeps the box's old text nodes: see
the results). Results: bench/results/load-browser[-label].md and .json. Exit status 1 if a solution is wrong,
a job is left, or the page logs an error.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any, Sequence

from common import command_line, machine_header, machine_info, write_results

from npuzzle import Board, solve
from npuzzle.known import eight_puzzle_distances
from npuzzle.random_boards import random_board, scramble
from tests.browsers import (
    COMPARE_ENDED, ENDED, KEEP_WASM_EXPORTS, RUN_PYTHON, WORKER_SCRIPT, Outcome, executable_of, heap_nodes,
    hook_worker, launch, read_moves, replay_problem, served_site, watch,
)

# Put after the worker's own code, besides the harness's RUN_PYTHON (its KEEP_WASM_EXPORTS goes
# before): the sizes of the worker's own bookkeeping (requests marked aborted, ticks waited for,
# table downloads), for measuring.
WORKER_STATE = """
// bench/load_browser.py: the sizes of the worker's own bookkeeping, for measuring.
globalThis.__benchWorkerState = () => ({
  aborted: typeof aborted !== "undefined" && aborted ? aborted.size : null,
  waiting: typeof waiting !== "undefined" && waiting ? waiting.length : null,
  downloads: typeof downloads !== "undefined" && downloads ? downloads.size : null,
});
"""

# In the worker: the WebAssembly memory's size, and what its allocator (Emscripten's dlmalloc,
# under Python's heap) has handed out and not taken back (mallinfo's uordblks: bytes in use).
WORKER_MEMORY = """() => {
  const all = globalThis.__harnessExports || [];
  const out = { size: all.reduce((sum, e) => sum + e.memory.buffer.byteLength, 0), in_use: null, arena: null };
  const ex = all.find((e) => typeof e.mallinfo === "function" && typeof e.malloc === "function" && typeof e.free === "function");
  if (ex) {
    const p = ex.malloc(64);
    ex.mallinfo(p);
    const fields = new Uint32Array(ex.memory.buffer, p, 10);
    out.arena = fields[0];
    out.in_use = fields[7];
    ex.free(p);
  }
  return all.length ? out : null;
}"""

PYTHON_FIGURES = """
import gc, json, sys
import npuzzle.webapi as _webapi
gc.collect()
json.dumps({"objects": len(gc.get_objects()),
            "jobs": len(_webapi._jobs) if isinstance(getattr(_webapi, "_jobs", None), dict) else None})
"""

# The objects the garbage collector tracks, by type (for where a growth comes from).
PYTHON_TYPES = """
import collections, gc, json
gc.collect()
json.dumps(collections.Counter(type(o).__module__ + "." + type(o).__qualname__ for o in gc.get_objects()))
"""

# Installed before the page's scripts. Keeps a constant amount of state, so that it does not
# grow the heap it helps to measure: the page's Worker (the class is wrapped, messages pass
# unchanged), the requests still waiting for an answer, counts, the highest job number in an
# answer, and the latest click on Solve / Compare all with the status that ended it (its
# data-state one of FINAL, the harness's ENDED and COMPARE_ENDED; its data-* attributes and, as
# a record, its words).
WATCH_LOAD = """
(() => {
  const load = { workers: [], pending: new Map(), posted: 0, answers: 0, progress: 0, maxJob: 0,
                 probes: new Map(), clicked: null, button: null, final: null, finalText: null, finalData: null,
                 waiter: null };
  window.__load = load;
  const FINAL = FINAL_STATES;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      load.workers.push(this);
      this.addEventListener("message", (event) => {
        const m = event.data || {};
        if (typeof m.id !== "number") return;
        if (m.type === "progress") { load.progress += 1; return; }
        if (m.type !== "answer") return;
        const probe = load.probes.get(m.id);
        if (probe) { load.probes.delete(m.id); probe(m.answer); return; }
        load.answers += 1;
        load.pending.delete(m.id);
        if (m.answer && typeof m.answer.job === "number") load.maxJob = Math.max(load.maxJob, m.answer.job);
      });
    }
    postMessage(message, ...rest) {
      if (message && typeof message === "object" && typeof message.id === "number" && !load.probes.has(message.id)) {
        load.posted += 1;
        if (message.op !== "abort") load.pending.set(message.id, message.op);
      }
      return super.postMessage(message, ...rest);
    }
  };
  const check = () => {
    const status = document.getElementById("status");
    if (!status || load.clicked === null || load.final !== null) return;
    if (!FINAL.includes(status.dataset.state)) return;
    load.final = performance.now();
    load.finalText = status.textContent;
    load.finalData = { ...status.dataset };
    const waiter = load.waiter;
    load.waiter = null;
    if (waiter) waiter();
  };
  // #status does not exist yet: the document is watched for that attribute (on #status, checked above).
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
  document.addEventListener("click", (event) => {
    const button = event.target && event.target.closest ? event.target.closest("button") : null;
    if (!button || (button.id !== "solve" && button.id !== "compare")) return;
    Object.assign(load, { clicked: performance.now(), button: button.id, final: null, finalText: null, finalData: null });
  }, true);
})();
""".replace("FINAL_STATES", json.dumps(list(dict.fromkeys(ENDED + COMPARE_ENDED))))

# Resolves once the page shows `board` (data-board) with Solve enabled.
WAIT_BOARD = """([board, timeout]) => new Promise((resolve, reject) => {
  const ready = () => {
    const shown = document.getElementById("board");
    const solve = document.getElementById("solve");
    return shown && solve && shown.dataset.board === board && !solve.disabled;
  };
  if (ready()) return resolve(true);
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect(); clearTimeout(timer); resolve(true);
  });
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error(`the page did not show ${board}`)); }, timeout);
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-board", "disabled"] });
})"""

# Resolves with the click's and the final status's stamps once the status says the job ended.
WAIT_FINAL = """(timeout) => new Promise((resolve, reject) => {
  const load = window.__load;
  const done = () => resolve({ clicked: load.clicked, button: load.button, final: load.final, text: load.finalText,
                               data: load.finalData });
  if (load.final !== null) return done();
  const timer = setTimeout(() => { load.waiter = null; reject(new Error("the status never said the job ended")); }, timeout);
  load.waiter = () => { clearTimeout(timer); done(); };
})"""

# Resolves once no request the page posted is waiting for its answer (or after `timeout`).
WAIT_QUIET = """(timeout) => new Promise((resolve) => {
  const started = performance.now();
  const poll = () => {
    const load = window.__load;
    if (load.pending.size === 0 || performance.now() - started > timeout) return resolve(load.pending.size);
    setTimeout(poll, 20);
  };
  poll();
})"""

PAGE_STATE = """() => {
  const load = window.__load;
  return { posted: load.posted, answers: load.answers, progress: load.progress, maxJob: load.maxJob,
           pending: [...load.pending.entries()], elements: document.getElementsByTagName("*").length,
           attached: (() => { let n = 1; const walk = document.createTreeWalker(document); while (walk.nextNode()) n += 1; return n; })() };
}"""

# Sends `cancel` for jobs first..last through the page's own worker (the answers go to this
# probe, not to the page); returns each answer.
PROBE_JOBS = """async ([first, last]) => {
  const load = window.__load;
  const worker = load.workers[load.workers.length - 1];
  const asks = [];
  for (let job = first; job <= last; job++) {
    const id = 1e9 + job;
    asks.push(new Promise((resolve) => {
      load.probes.set(id, (answer) => resolve({ job, answer }));
      worker.postMessage({ id, op: "cancel", job });
    }));
  }
  return Promise.all(asks);
}"""

NO_JOB = re.compile(r"^there is no running job \d+$")
TILES_LABEL = "Tiles, row by row (0, _ or . for the blank)"
FINAL_TIMEOUT_MS = 120_000
READY_TIMEOUT_MS = 180_000
SMALL_LIMIT = 10.0  # seconds: the small boards are proven optimal long before
SPEED_TARGET = 1.25  # the last cycle's median over the first's (same boards): "as fast as the first"
HEAP_TARGET = 1_000_000  # bytes: the page's JS heap after GC, end against warm-up
NODES_SLACK = 10  # the document's nodes at each cycle's end after warm-up: the compare tables differ by a few


@dataclass
class Task:
    """One thing the person does: a solve or a compare of ``board``."""

    kind: str  # "solve" or "compare"
    board: Board
    how: str  # "link" or "type"
    time_limit: float
    expected: int | None = None  # the optimal length, where known
    stop_after: float | None = None  # press Stop this many seconds after Solve

    @property
    def size(self) -> str:
        return f"{self.board.rows}x{self.board.cols}"


def eight_puzzles(distances: Sequence[int], seed: int) -> list[tuple[Board, int]]:
    """One 3x3 board at each distance (blank-last goal), with the distance."""
    known = eight_puzzle_distances("blank-last")
    by_distance: dict[int, list[tuple[int, ...]]] = {}
    for tiles, d in sorted(known.items()):
        by_distance.setdefault(d, []).append(tiles)
    rng = random.Random(seed)
    return [(Board(3, 3, rng.choice(by_distance[d])), d) for d in distances]


def cycle(args: argparse.Namespace) -> list[Task]:
    """The 20 solves repeated in order: 3x3 at eight distances, five 4x4 of known optimal
    length, 2x2, 2x3, 3x4, two 5x5, a 6x6 (stopped by Stop) and an 8x8."""
    threes = iter(eight_puzzles([12, 16, 19, 21, 23, 25, 27, 30], args.seed))
    goal4 = Board.goal(4, 4)
    fours = []
    for seed in (3, 6, 8, 4, 2):
        board = scramble(goal4, 80, seed=args.seed + seed)
        result = solve(board, goal4, algorithm="idastar", heuristic="pdb")
        fours.append((board, result.length))
    fours_it = iter(fours)
    big = args.big_limit

    def three(how: str) -> Task:
        board, d = next(threes)
        return Task("solve", board, how, SMALL_LIMIT, d)

    def four(how: str) -> Task:
        board, d = next(fours_it)
        return Task("solve", board, how, SMALL_LIMIT, d)

    def rand(rows: int, cols: int, how: str, limit: float, seed: int, **extra: Any) -> Task:
        goal = Board.goal(rows, cols)
        while (board := random_board(rows, cols, goal, seed=seed)) == goal:
            seed += 1
        return Task("solve", board, how, limit, **extra)

    s = args.seed
    return [
        three("type"), four("link"), rand(2, 2, "link", SMALL_LIMIT, s), three("type"),
        rand(5, 5, "type", big, s), three("link"), four("type"), rand(2, 3, "link", SMALL_LIMIT, s),
        three("type"), rand(6, 6, "type", SMALL_LIMIT, s, stop_after=args.stop_after), four("link"),
        three("type"), rand(3, 4, "link", SMALL_LIMIT, s), rand(5, 5, "link", big, s + 1), three("type"),
        four("type"), three("link"), rand(8, 8, "link", big, s), four("type"), three("type"),
    ]


def compare_boards(seed: int) -> list[Task]:
    """3x3 boards 10 to 16 moves from the goal: every algorithm ends quickly on them."""
    return [Task("compare", board, "type", SMALL_LIMIT, d) for board, d in eight_puzzles([10, 12, 14, 16], seed + 1)]


def plan(args: argparse.Namespace) -> tuple[list[Task], int]:
    """``--solves`` solves, the cycle repeated, with a compare after every solves/compares; and
    the cycle's length."""
    boards = cycle(args)
    compares = compare_boards(args.seed)
    every = max(1, args.solves // args.compares) if args.compares else 0
    tasks: list[Task] = []
    done = 0
    for i in range(args.solves):
        tasks.append(boards[i % len(boards)])
        if every and (i + 1) % every == 0 and done < args.compares:
            tasks.append(compares[done % len(compares)])
            done += 1
    return tasks, len(boards)


# -- driving the page ----------------------------------------------------------------------------


def fragment(board: Board) -> str:
    return f"#board={board.to_string()}&goal=blank-last&size={board.rows}x{board.cols}"


def typed(board: Board) -> str:
    return "\n".join(" ".join(str(t) for t in board.tiles[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows))


def show(page: Any, site: str, task: Task, how: str) -> None:
    """Put the task's board on the page, by a link or by typing it (``how``: as the task says,
    or "link" or "type" for every board)."""
    if (task.how if how == "mixed" else how) == "link":
        page.goto(site + "index.html" + fragment(task.board))
    else:
        page.get_by_label(TILES_LABEL, exact=True).fill(typed(task.board))
    page.evaluate(WAIT_BOARD, [task.board.to_string(), 30_000])


def set_time_limit(page: Any, seconds: float) -> bool:
    """Type ``seconds`` in the Limits box's Seconds field unless it holds them; whether it typed."""
    field = page.get_by_label("Seconds", exact=True)
    if float(field.input_value() or "nan") == seconds:
        return False
    field.fill(f"{seconds:g}")
    return True


def run_task(page: Any, task: Task) -> dict[str, Any]:
    """Press Solve (or Compare all), and Stop when the task says; the page's stamps."""
    name = "Solve" if task.kind == "solve" else "Compare all"
    page.get_by_role("button", name=name, exact=True).click()
    if task.stop_after is not None:
        page.wait_for_timeout(task.stop_after * 1000)
        stop = page.get_by_role("button", name="Stop", exact=True)
        if stop.is_visible():
            stop.click()
    out: dict[str, Any] = page.evaluate(WAIT_FINAL, FINAL_TIMEOUT_MS)
    return out


def check(page: Any, task: Task, outcome: Outcome, text: str) -> tuple[int | None, str | None]:
    """The length the status line reports (``outcome``: its data-* attributes; ``text``: its
    words, for the message), and what is wrong with the answer (None: nothing)."""
    if task.kind == "compare":
        return None, None if outcome.state == "compared" else f"the comparison ended in state {outcome.state!r}: {text!r}"
    length = outcome.length
    if outcome.state != "solved" or length is None:
        return None, f"the solve ended in state {outcome.state!r} with no length: {text!r}"
    if task.expected is not None and (length != task.expected or not outcome.optimal):
        proof = "optimal" if outcome.optimal else f"not proven optimal, factor {outcome.factor}"
        return length, f"{length} moves ({proof}), the optimum is {task.expected}"
    return length, replay_problem(task.board, Board.goal(task.board.rows, task.board.cols), read_moves(page), length)


def worker_of(page: Any) -> Any:
    workers = [w for w in page.workers if WORKER_SCRIPT.search(w.url)]
    if not workers:
        raise SystemExit(f"no solver worker in the page (workers: {[w.url for w in page.workers]})")
    return workers[-1]


def worker_memory(page: Any) -> dict[str, Any] | None:
    """The worker's WebAssembly memory: ``size`` (bytes), ``in_use`` and ``arena`` (its allocator's)."""
    out: dict[str, Any] | None = worker_of(page).evaluate(WORKER_MEMORY)
    return out


def python_figures(page: Any, code: str = PYTHON_FIGURES) -> Any:
    text = worker_of(page).evaluate("(code) => globalThis.__harnessPython ? globalThis.__harnessPython(code) : null", code)
    return json.loads(text) if text else None


def heap_snapshot(cdp: Any) -> dict[str, list[int]]:
    """The page's heap (the harness's ``heap_nodes``: a DevTools heap snapshot, taken after a
    forced GC) summed by kind and name of node, "kind:name" -> [count, bytes]: "object:Array",
    "native:Text", "code:..."."""
    out: dict[str, list[int]] = {}
    for kind, name, size in heap_nodes(cdp):
        label = kind if "string" in kind or kind in ("number", "bigint") else name[:60]
        entry = out.setdefault(f"{kind}:{label}", [0, 0])
        entry[0] += 1
        entry[1] += size
    return out


# What a heap snapshot's node kinds are: the page's JavaScript objects, the browser's own
# (Blink's C++ objects: DOM nodes, performance entries, DevTools' records, the undo stack), and
# compiled code.
SNAPSHOT_GROUPS = {"native": "Blink (native)", "code": "compiled code", "hidden": "V8 internal",
                   "object shape": "V8 internal", "synthetic": "V8 internal"}


def snapshot_growth(warm: dict[str, list[int]], end: dict[str, list[int]]) -> dict[str, Any]:
    """Between two heap snapshots: bytes grown by group, and the names that grew most."""
    groups: dict[str, int] = {}
    names = []
    for key in set(warm) | set(end):
        a, b = warm.get(key, [0, 0]), end.get(key, [0, 0])
        group = SNAPSHOT_GROUPS.get(key.split(":", 1)[0], "JavaScript")
        groups[group] = groups.get(group, 0) + b[1] - a[1]
        if b != a:
            names.append((key, b[0] - a[0], b[1] - a[1]))
    names.sort(key=lambda x: -abs(x[2]))
    return {"bytes_by_group": groups, "top": names[:15]}


def sample(page: Any, cdp: Any, after: int, types: bool = False) -> dict[str, Any]:
    """Everything memory says, once the page is quiet: the worker's WebAssembly memory, its
    allocator's bytes in use after Python's ``gc.collect()``, Python's tracked objects and job
    registry, the page's JS heap after a forced GC, its DOM counters (``types``: also Python's
    objects by type, and a heap snapshot of the page)."""
    page.evaluate(WAIT_QUIET, 10_000)
    before = worker_memory(page) or {}  # before Python's gc.collect(): what the person's worker has
    python = python_figures(page) or {}
    after_gc = worker_memory(page) or {}
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    dom = cdp.send("Memory.getDOMCounters")
    state = page.evaluate(PAGE_STATE)
    out = {
        "after_solves": after, "wasm_size": before.get("size"), "malloc_in_use": before.get("in_use"),
        "malloc_in_use_after_gc": after_gc.get("in_use"), "malloc_arena": after_gc.get("arena"),
        "py_objects": python.get("objects"), "py_jobs": python.get("jobs"),
        "js_heap_used": int(heap["usedSize"]), "js_heap_total": int(heap["totalSize"]),
        "dom_nodes": dom.get("nodes"), "documents": dom.get("documents"), "listeners": dom.get("jsEventListeners"),
        "elements": state["elements"], "attached_nodes": state["attached"], "requests_posted": state["posted"], "progress_messages": state["progress"],
    }
    if types:
        out["py_types"] = python_figures(page, PYTHON_TYPES)
        out["heap_snapshot"] = heap_snapshot(cdp)
    return out


def jobs_left(page: Any) -> dict[str, Any]:
    """Whether anything is left: every job number the worker handed out answers "no running
    job" to a cancel, Python's registry is empty, every request the page posted was answered."""
    waiting = page.evaluate(WAIT_QUIET, 30_000)
    state = page.evaluate(PAGE_STATE)
    last = int(state["maxJob"]) + 5  # and a few past the last seen: none may exist
    answers = page.evaluate(PROBE_JOBS, [1, last])
    alive = [a["job"] for a in answers if a["answer"].get("ok")]
    odd = [a for a in answers if not a["answer"].get("ok")
           and not NO_JOB.match(str(a["answer"].get("error", {}).get("message", "")))]
    python = python_figures(page) or {}
    worker_state = worker_of(page).evaluate("() => globalThis.__benchWorkerState ? globalThis.__benchWorkerState() : null")
    return {
        "worker_state": worker_state,
        "jobs_handed_out": state["maxJob"], "probed": [1, last], "alive": alive, "odd_answers": odd,
        "python_registry": python.get("jobs"), "requests_unanswered": state["pending"], "waited_for": waiting,
    }


# -- the run -------------------------------------------------------------------------------------


def run(browser: Any, site: str, tasks: list[Task], args: argparse.Namespace, problems: list[str]) -> dict[str, Any]:
    context = browser.new_context()
    context.add_init_script(WATCH_LOAD)

    hook_worker(context, KEEP_WASM_EXPORTS, RUN_PYTHON + WORKER_STATE)
    page = context.new_page()
    watch(page, site, problems)
    cdp = context.new_cdp_session(page)

    first = tasks[0]
    page.goto(site + "index.html" + fragment(first.board))
    page.locator("#solver-state[data-kind=ready]").wait_for(timeout=READY_TIMEOUT_MS)
    page.evaluate(WAIT_BOARD, [first.board.to_string(), 60_000])
    memory = worker_memory(page)
    if not memory or memory["in_use"] is None or python_figures(page) is None:
        raise SystemExit(f"the worker script was not hooked (memory {memory}): nothing to read in the worker")
    page.locator("summary", has_text="Limits").click()
    samples = [sample(page, cdp, 0)]
    rows: list[dict[str, Any]] = []
    solves = fills = 0  # fills: edits typed into a text box (the Tiles box, Seconds)
    began = time.perf_counter()
    for n, task in enumerate(tasks):
        fills += set_time_limit(page, task.time_limit)
        if n > 0:
            show(page, site, task, args.open)
            fills += (task.how if args.open == "mixed" else args.open) == "type"
        stamps = run_task(page, task)
        outcome = Outcome.of(stamps["data"] or {})
        length, problem = check(page, task, outcome, stamps["text"])
        row: dict[str, Any] = {
            "n": n, "kind": task.kind, "size": task.size, "board": task.board.to_string(), "how": task.how if args.open == "mixed" else args.open,
            "time_limit": task.time_limit, "stop_after": task.stop_after,
            "ms": round(stamps["final"] - stamps["clicked"], 1), "length": length, "expected": task.expected,
            "optimal": outcome.optimal if task.kind == "solve" else None,
            "factor": outcome.factor if task.kind == "solve" else None,
            "problem": problem, "state": outcome.state, "status": stamps["text"][:160],  # status: the words, a record
        }
        if task.kind == "solve":
            row["solve"] = solves + 1
            row["cycle"], row["index"] = divmod(solves, args.cycle_length)
            solves += 1
        memory = worker_memory(page) or {}
        row["wasm_size"], row["malloc_in_use"] = memory.get("size"), memory.get("in_use")
        rows.append(row)
        if problem:
            problems.append(f"#{n} {task.kind} {task.size} {task.board.to_string()}: {problem}")
            print(f"  PROBLEM #{n} {task.kind} {task.size}: {problem}", flush=True)
        if task.kind == "solve" and solves % args.sample_every == 0:
            samples.append({**sample(page, cdp, solves, types=solves in (args.warmup, args.solves)), "fills": fills})
            x = samples[-1]
            print(f"{solves:4d} solves, {time.perf_counter() - began:4.0f} s: worker memory {mb(x['wasm_size'])}, "
                  f"in use {mb(x['malloc_in_use'], 2)} ({mb(x['malloc_in_use_after_gc'], 2)} after gc), "
                  f"{x['py_objects']} Python objects, {x['py_jobs']} jobs; page heap {mb(x['js_heap_used'], 2)}, "
                  f"{x['dom_nodes']} DOM nodes ({x['attached_nodes']} in the document), {x['listeners']} listeners, {x['elements']} elements", flush=True)
    left = jobs_left(page)
    seconds = time.perf_counter() - began
    context.close()
    return {"rows": rows, "samples": samples, "left": left, "seconds": round(seconds, 1)}


# -- figures -------------------------------------------------------------------------------------


def mb(n: float | None, digits: int = 1) -> str:
    return "-" if n is None else f"{n / 1e6:.{digits}f} MB"


def median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def at(samples: Sequence[dict[str, Any]], solves: int) -> dict[str, Any]:
    """The first sample taken at or after ``solves`` solves (the last one if none)."""
    return next((s for s in samples if s["after_solves"] >= solves), samples[-1])


def per_100(samples: Sequence[dict[str, Any]], key: str) -> float | None:
    """The least-squares slope of ``key`` over the samples, per 100 solves."""
    points = [(s["after_solves"], s[key]) for s in samples if s.get(key) is not None]
    if len(points) < 2:
        return None
    xs, ys = zip(*points)
    return statistics.linear_regression(xs, ys).slope * 100


def type_growth(warm: dict[str, int] | None, end: dict[str, int] | None, top: int = 8) -> list[tuple[str, int]]:
    """The object types whose count grew most between two samples."""
    if not warm or not end:
        return []
    diff = [(name, end.get(name, 0) - warm.get(name, 0)) for name in set(warm) | set(end)]
    return sorted([d for d in diff if d[1] != 0], key=lambda d: -abs(d[1]))[:top]


def summarise(out: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    rows, samples, left = out["rows"], out["samples"], out["left"]
    solves = [r for r in rows if r["kind"] == "solve"]
    compares = [r for r in rows if r["kind"] == "compare"]
    n = len(solves)
    cycles = solves[-1]["cycle"] + 1
    full = [c for c in range(cycles) if sum(1 for r in solves if r["cycle"] == c) == args.cycle_length]
    last_c = full[-1] if full else cycles - 1
    cycle_ms = {c: [r["ms"] for r in solves if r["cycle"] == c] for c in range(cycles)}
    warm_i = min(args.warmup, n) - 1  # the row of the warm-up's last solve
    size = [r["wasm_size"] for r in solves]
    grew = [(i + 1, size[i - 1], size[i]) for i in range(warm_i + 1, n) if size[i] != size[i - 1]]
    start, warm, end = samples[0], at(samples, args.warmup), samples[-1]
    after_warm = [x for x in samples if x["after_solves"] >= warm["after_solves"]]
    by_size: dict[str, dict[str, float | None]] = {}
    for r in solves:
        by_size.setdefault(r["size"], {})
    for key in by_size:
        by_size[key] = {"first": median([r["ms"] for r in solves if r["size"] == key and r["cycle"] == 0]),
                        "last": median([r["ms"] for r in solves if r["size"] == key and r["cycle"] == last_c])}
    first_ms, last_ms = median(cycle_ms[0]), median(cycle_ms[last_c])

    def trio(key: str) -> list[Any]:
        return [start.get(key), warm.get(key), end.get(key)]

    return {
        "solves": n, "compares": len(compares), "cycles": cycles, "last_full_cycle": last_c,
        "warm_sample_after": warm["after_solves"], "end_sample_after": end["after_solves"],
        "cycle_median_ms": {c: median(v) for c, v in cycle_ms.items()},
        "first_cycle_median_ms": first_ms, "last_cycle_median_ms": last_ms,
        "speed_ratio": last_ms / first_ms if first_ms and last_ms else None,
        "by_size_ms": by_size,
        "compare_ms": [r["ms"] for r in compares],
        "wasm_size": [start["wasm_size"], size[warm_i], size[-1]],
        "wasm_grew_after_warmup": grew,
        "malloc_in_use_after_gc": trio("malloc_in_use_after_gc"),
        "malloc_in_use_per_100": per_100(after_warm, "malloc_in_use_after_gc"),
        "py_objects": trio("py_objects"), "py_objects_per_100": per_100(after_warm, "py_objects"),
        "py_types_grown": type_growth(warm.get("py_types"), end.get("py_types")),
        "heap_snapshot_growth": snapshot_growth(warm["heap_snapshot"], end["heap_snapshot"])
        if warm.get("heap_snapshot") and end.get("heap_snapshot") else None,
        "js_heap": trio("js_heap_used"), "js_heap_per_100": per_100(after_warm, "js_heap_used"),
        "dom_nodes": trio("dom_nodes"), "listeners": trio("listeners"), "elements": trio("elements"),
        "attached_nodes": trio("attached_nodes"), "fills": trio("fills"),
        # the document at the end of each cycle after warm-up (the same board shown; the compare
        # panel shows one of the compare boards, whose tables differ by a few nodes)
        "attached_at_cycle_ends": [x["attached_nodes"] for x in after_warm if x["after_solves"] % args.cycle_length == 0],
        "jobs_left": len(left["alive"]) + (left["python_registry"] or 0) + len(left["requests_unanswered"]),
        "wrong": sum(1 for r in rows if r["problem"]),
    }


def report(out: dict[str, Any], summary: dict[str, Any], args: argparse.Namespace) -> tuple[list[str], list[str]]:
    s = summary
    left = out["left"]
    growth_ok = not s["wasm_grew_after_warmup"]
    heap_ok = s["js_heap"][2] - s["js_heap"][1] <= HEAP_TARGET
    speed_ok = s["speed_ratio"] is not None and s["speed_ratio"] <= SPEED_TARGET
    jobs_ok = s["jobs_left"] == 0 and not left["odd_answers"]
    ends = s["attached_at_cycle_ends"]
    nodes_ok = bool(ends) and max(ends) - min(ends) <= NODES_SLACK
    missed = [what for ok, what in [
        (growth_ok, "the worker's memory grew after warm-up"), (heap_ok, "the page's heap grew"),
        (speed_ok, "the last cycle was slower"), (jobs_ok, "jobs left"), (nodes_ok, "the document grew"), (s["wrong"] == 0, "wrong answers")] if not ok]
    w = s["warm_sample_after"]
    rate = s["malloc_in_use_per_100"]
    lines = [
        "## Targets", "",
        f"| figure | start | warm-up (after solve {w}) | end (after solve {s['end_sample_after']}) | target | met |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| worker's WebAssembly memory (Pyodide's whole heap; it never shrinks) | {mb(s['wasm_size'][0])} | "
        f"{mb(s['wasm_size'][1])} | {mb(s['wasm_size'][2])} | no growth after warm-up | "
        f"{'yes' if growth_ok else '**NO**'} |",
        f"| its allocator's bytes in use (mallinfo, after Python's gc.collect) | "
        f"{mb(s['malloc_in_use_after_gc'][0], 2)} | {mb(s['malloc_in_use_after_gc'][1], 2)} | "
        f"{mb(s['malloc_in_use_after_gc'][2], 2)} ({'-' if rate is None else f'{rate / 1e3:+,.1f} kB'} per 100 "
        f"solves) | flat | - |",
        f"| Python objects tracked by gc | {s['py_objects'][0]} | {s['py_objects'][1]} | {s['py_objects'][2]} "
        f"({s['py_objects_per_100'] or 0:+.0f} per 100 solves) | flat | - |",
        f"| page's JS heap after a forced GC | {mb(s['js_heap'][0], 2)} | {mb(s['js_heap'][1], 2)} | "
        f"{mb(s['js_heap'][2], 2)} ({(s['js_heap_per_100'] or 0) / 1e3:+,.1f} kB per 100 solves) | end within "
        f"{mb(HEAP_TARGET)} of warm-up | {'yes' if heap_ok else '**NO**'} |",
        f"| DOM nodes in the document / all the page holds / event listeners (warm-up and end: the same board "
        f"shown) | {s['attached_nodes'][0]} / {s['dom_nodes'][0]} / {s['listeners'][0]} | {s['attached_nodes'][1]} / "
        f"{s['dom_nodes'][1]} / {s['listeners'][1]} | {s['attached_nodes'][2]} / {s['dom_nodes'][2]} / "
        f"{s['listeners'][2]} | in the document, at each cycle's end after warm-up: within {NODES_SLACK} "
        f"({min(ends) if ends else '-'} to {max(ends) if ends else '-'}) | {'yes' if nodes_ok else '**NO**'} |",
        f"| median click to final status, first cycle vs last ({args.cycle_length} boards, the same) | | "
        f"{s['first_cycle_median_ms']:.0f} ms | {s['last_cycle_median_ms']:.0f} ms (x{s['speed_ratio']:.2f}) | "
        f"at most x{SPEED_TARGET} | {'yes' if speed_ok else '**NO**'} |",
        f"| jobs alive among the {left['jobs_handed_out']} handed out (and 5 more); in Python's registry; requests "
        f"the page posted and never had answered | | | {len(left['alive'])}; {left['python_registry']}; "
        f"{len(left['requests_unanswered'])} | none | {'yes' if jobs_ok else '**NO**'} |",
        f"| the worker's own bookkeeping: requests marked aborted / ticks waited for / table downloads kept | | | "
        f"{' / '.join(str((left['worker_state'] or {}).get(k)) for k in ('aborted', 'waiting', 'downloads'))} | "
        f"0 / 0 / one per table file fetched | - |",
        f"| answers wrong (length against the optimum, or the move list does not replay) | | | {s['wrong']} | none | "
        f"{'yes' if s['wrong'] == 0 else '**NO**'} |",
        "",
    ]
    if s["py_types_grown"]:
        lines += ["Python objects whose count changed most from warm-up to the end: " + ", ".join(
            f"{name} {d:+d}" for name, d in s["py_types_grown"]) + ".", ""]
    held = (s["dom_nodes"][2] - s["attached_nodes"][2]) - (s["dom_nodes"][1] - s["attached_nodes"][1])
    typed = s["fills"][2] - s["fills"][1]
    lines += [f"DOM nodes held outside the document: {held:+d} from warm-up to the end, over {typed} edits typed into "
              f"a text box ({held / typed if typed else 0:.1f} a fill). Chromium keeps each typed edit in the text box's "
              f"undo stack (up to 1,000 edits) with the box's old text nodes (`--open link`: none); the page's own "
              f"nodes are those in the document.", ""]
    growth = s["heap_snapshot_growth"]
    if growth:
        lines += ["The page's heap, from a heap snapshot at warm-up and one at the end (after a forced GC), grew by "
                  + ", ".join(f"{group} {b / 1e3:+,.1f} kB" for group, b in sorted(growth["bytes_by_group"].items()))
                  + "; most: " + ", ".join(f"{k} {c:+d} ({b / 1e3:+,.1f} kB)" for k, c, b in growth["top"][:10])
                  + ".", ""]
    if s["wasm_grew_after_warmup"]:
        lines += ["The worker's memory grew after warm-up at solves: " + ", ".join(
            f"{i} ({mb(a)} -> {mb(b)})" for i, a, b in s["wasm_grew_after_warmup"]) + ".", ""]
    lines += ["## Median time per size, first cycle and last", "", "| size | first cycle | last cycle |",
              "| --- | --- | --- |"]
    for size, v in sorted(s["by_size_ms"].items(), key=lambda kv: [int(x) for x in kv[0].split("x")]):
        lines.append(f"| {size} | {v['first']:.0f} ms | {v['last']:.0f} ms |")
    lines += ["", "Compare all (3x3 boards, every algorithm and heuristic), in order: "
              + ", ".join(f"{x:.0f}" for x in s["compare_ms"]) + " ms.", "",
              "## Median time per cycle", "", "| cycle | median | max | worker memory at its end |",
              "| --- | --- | --- | --- |"]
    solves = [r for r in out["rows"] if r["kind"] == "solve"]
    for c in range(s["cycles"]):
        mine = [r for r in solves if r["cycle"] == c]
        lines.append(f"| {c} | {median([r['ms'] for r in mine]):.0f} ms | {max(r['ms'] for r in mine):.0f} ms | "
                     f"{mb(mine[-1]['wasm_size'])} |")
    lines += [
        "", "## Samples", "",
        "| after solves | worker memory | in use (after gc) | Python objects | Python jobs | page heap (after GC) | "
        "DOM nodes (in the document) | listeners | elements | requests posted | progress messages |",
        "|" + " --- |" * 11,
    ]
    for x in out["samples"]:
        lines.append(f"| {x['after_solves']} | {mb(x['wasm_size'])} | {mb(x['malloc_in_use'], 2)} "
                     f"({mb(x['malloc_in_use_after_gc'], 2)}) | {x['py_objects']} | {x['py_jobs']} | "
                     f"{mb(x['js_heap_used'], 2)} | {x['dom_nodes']} ({x['attached_nodes']}) | {x['listeners']} | {x['elements']} | "
                     f"{x['requests_posted']} | {x['progress_messages']} |")
    wrong = [r for r in out["rows"] if r["problem"]]
    if wrong:
        lines += ["", "## Wrong answers", ""] + [f"- #{r['n']} {r['kind']} {r['size']} {r['board']}: {r['problem']}"
                                                  for r in wrong]
    return lines, missed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solves", type=int, default=300, help="solves in all (default 300; the cycle is 20 boards)")
    parser.add_argument("--compares", type=int, default=20, help="Compare all presses, spread evenly (default 20)")
    parser.add_argument("--warmup", type=int, default=40,
                        help="solves counted as warm-up (default 40: two cycles, so that warm-up and end show the same board)")
    parser.add_argument("--sample-every", type=int, default=10,
                        help="solves between heap / DOM / Python samples (default 10)")
    parser.add_argument("--big-limit", type=float, default=1.0, help="Seconds for 5x5 and larger (default 1)")
    parser.add_argument("--stop-after", type=float, default=1.0, help="the 6x6: Stop this long after Solve (default 1)")
    parser.add_argument("--open", choices=["mixed", "link", "type"], default="mixed",
                        help="how boards are put on the page: as the cycle says (default), or all by link or typed")
    parser.add_argument("--seed", type=int, default=1010, help="the boards' seed (default 1010)")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args()
    tasks, args.cycle_length = plan(args)

    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    with served_site() as site, sync_playwright() as playwright:
        browser = launch(playwright, "chromium")
        chromium_version = browser.version
        out = run(browser, site, tasks, args, problems)
        browser.close()
    summary = summarise(out, args)
    for x in out["samples"]:  # summarised above; too big to keep
        x.pop("heap_snapshot", None)
        x.pop("py_types", None)
    body, missed = report(out, summary, args)
    errors = [p for p in problems if not p.startswith("#")]
    if errors:
        missed.append(f"{len(errors)} console or page errors")
    machine = machine_info()
    command = command_line("load_browser.py", python=".venv/bin/python")
    header = [
        "# Load: one page, many solves in a row (headless Chromium)", "",
        machine_header(machine),
        f"- command: `{command}`",
        f"- browser: headless Chromium {chromium_version} ({executable_of('chromium')}) via Playwright, one page of the built site, "
        f"never reloaded; {out['seconds'] / 60:.1f} min for {summary['solves']} solves and {summary['compares']} "
        f"compares",
        f"- a cycle of {args.cycle_length} boards (3x3 at distances 12-30, five 4x4 of known optimum, 2x2, 2x3, 3x4, "
        f"two 5x5 and an 8x8 at {args.big_limit:g} s, a 6x6 stopped by Stop after {args.stop_after:g} s), repeated; "
        f"boards opened by link or typed; times from the click to the status saying the job ended",
        f"- console or page errors: {'; '.join(errors) or 'none'}",
        f"- targets missed: {'; '.join(missed) or 'none'}",
        "",
    ]
    report_json = {"command": command, **machine, "chromium": chromium_version, "args": vars(args),
                   "summary": summary, "problems": problems, "missed": missed, **out}
    stem = "load-browser" + (f"-{args.label}" if args.label else "")
    written = write_results(stem, header + body, report_json)
    print("\n".join(header + body[:14]))
    print(f"wrote {written}.md and .json")
    return 1 if (summary["wrong"] or summary["jobs_left"] or out["left"]["odd_answers"] or errors) else 0


if __name__ == "__main__":
    sys.exit(main())
