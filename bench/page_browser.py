#!/usr/bin/env python3
"""What a person feels on the real page: Solve on a fresh link, and every size, in headless Chromium.

    .venv/bin/python bench/page_browser.py fresh-link                 # 10 held-out 4x4 and 5x5 boards each
    .venv/bin/python bench/page_browser.py fresh-link --boards 2 --sizes 4
    .venv/bin/python bench/page_browser.py sizes                      # 2x2 .. 16x16 and 5x8, both goals
    .venv/bin/python bench/page_browser.py sizes --sizes 3,4,5x8 --goals blank-last

The site is built and served by the browser harness (tests/browsers.py's ``served_site``: a
fresh build under a sub-path on 127.0.0.1), which also launches Chromium and watches each page. Unlike the other browser benchmarks, nothing is sent to the
worker directly: the script opens the page's own ``index.html`` at a link that carries the board
(``#board=...&goal=...&size=RxC``, the form ``web/link/link-state.js`` reads and writes) and presses
the page's buttons by their accessible names (Solve, Stop), as the browser tests do.

Watching the page (an init script installed before the page's own scripts, besides
the harness's ``WATCH_MAIN_THREAD`` for long tasks): a ``MutationObserver`` stamps with
``performance.now()`` every write of the status line and every change of the Solve, Stop,
Cancel and Play buttons; a capturing click listener stamps each click; and a listener on the
page's ``Worker`` (the class is wrapped, messages pass unchanged) stamps each request the page
posts and each message the worker sends back. Each status write is logged with the status
line's ``data-*`` attributes (web/solver/outcome.js; the words are kept only as a record), and
every figure is read from those: "first solution shown" is the first write after the click
whose ``data-state`` is one of the harness's ``SHOWN`` ("improving" or "solved", with
``data-length``; the page enables Play in the same task), the end the first whose state is one
of ``ENDED``, and "optimal" is ``data-optimal``. All times are milliseconds in the page, from
the page's navigation start or from the click. Every final solution is read from the move
list's ``data-tiles`` and ``data-moves`` (the harness's ``read_moves``) and replayed with
``Board.play``.

``fresh-link``: for each held-out board (``random_board`` with seeds from ``--seed``, 1001 by
default, never used by the tests), two runs, each in a new browser context (empty HTTP cache,
so Pyodide, the package and the tables are fetched afresh): "at once" clicks Solve the moment
it is enabled (a DOM ``click()`` from a script in the page, the harness's
``CLICK_SOLVE_WHEN_ENABLED``: no person is quicker); "idle" waits until the page's background preparation of the size's tables
(``web/solver/table-preparer.js``, a ``prepare`` request sent when the board is shown) has answered.
The page itself shows no sign of that (the preparer tells nobody), so the bench reads it from
the worker's answer to that request. Recorded: opening the link to Solve enabled; the click to
the first solution shown; on 4x4 the click to the final answer (the anytime solver usually
proves the optimum); on 5x5 (which improves for the whole time limit) Stop is pressed 0.5 s
after the first solution. A run "waited for the tables" when the click came while the
preparation was running and the first solution came only after it had answered.

``sizes``: for each size the page's Rows and Columns menus offer (``--sizes``: all squares
and 5x8) and each goal on its Goal menu (not Custom), a random board by link in a new page of
one context (cache warm: a returning visitor), Solve once the page is idle, then Stop about
``--stop-after`` seconds after the click (small boards are proven optimal before). Recorded:
the first solution; the longest gap between two writes of the status line from the click to
Stop (progress must come at least every 200 ms); long tasks on the page's main thread from the
click until 0.5 s after the stop (none may exceed 50 ms); Stop to the status saying it stopped
(within 200 ms), the solution kept and Play enabled. The worker's memory: ``performance.memory``
exists only on the page's main thread (it is reported too), so for this mode the worker script
is served with a prefix that keeps the ``WebAssembly.Memory`` Pyodide instantiates, and the
bench reads its size (Pyodide's whole linear memory; it never shrinks, so after Stop it is the
peak) before Solve and after Stop. ``--no-memory`` serves the worker untouched.

Results: bench/results/page-fresh-link-browser[-label].md / .json and
page-sizes-browser[-label].md / .json, each figure next to its target. Exit status 1 if any
target is missed, any solution fails to replay, or the page logs an error.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from typing import Any, Callable, Sequence

from common import command_line, machine_header, machine_info, write_results

from npuzzle import Board
from npuzzle.random_boards import random_board
from tests.browsers import (
    BOARD_LABEL, CLICK_SOLVE_WHEN_ENABLED, ENDED, KEEP_WASM_EXPORTS, MAIN_THREAD, SHOWN, WATCH_MAIN_THREAD, Outcome,
    board_link, executable_of, hook_worker, launch, read_moves, replay_problem, served_site, watch,
)

GAP_TARGET_MS = 200.0  # the status line changes at least this often while searching
LONG_TASK_TARGET_MS = 50.0  # no task on the page's main thread is longer
STOP_TARGET_MS = 200.0  # from the click on Stop to the page saying it stopped
FIRST_FRESH_TARGET_MS = 200.0  # fresh link: median click to first solution shown (each variant)
FIRST_SIZES_TARGET_MS = 2000.0  # every size: README, "in milliseconds (a second or two on 16x16)"
ISSUE_BASELINE_MS = 910.0  # the issue: first 4x4 solve from a fresh link, median, waiting for the tables
READY_TIMEOUT_MS = 180_000  # opening a link to Solve enabled (a fresh context loads Pyodide)
FINAL_TIMEOUT_MS = 75_000  # the page's default time limit is 60 s

# The status line's data-state once a solution is shown or the search has ended (the harness's
# states), for Playwright's waits on the attribute.
SHOWN_OR_ENDED = re.compile(f"^(?:{'|'.join(SHOWN + ENDED)})$")
FINISHED = re.compile(f"^(?:{'|'.join(ENDED)})$")
# The status line's data-* attributes the page log watches (web/solver/outcome.js): every write
# of the status line sets them all, in the same task as its words.
STATUS_ATTRIBUTES = ["data-state", "data-length", "data-best", "data-optimal", "data-lower", "data-factor",
                     "data-stopped", "data-preparing"]

# Installed in every page before its own scripts: stamps of the status line (its words, kept as a
# record, and its data-* attributes, which the figures are read from), the buttons, clicks and
# the page's traffic with its worker (the Worker class is wrapped; messages pass unchanged).
WATCH_PAGE = """
(() => {
  const log = { status: [], controls: [], clicks: [], worker: [], posted: {} };
  window.__page = log;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const m = event.data || {};
        const entry = { t: performance.now(), id: typeof m.id === "number" ? m.id : null, type: m.type };
        if (entry.id !== null) entry.op = log.posted[entry.id] || null;
        if (m.progress && m.progress.stage) entry.stage = m.progress.stage;
        if (m.solution) entry.solution = m.solution.length;
        if (m.answer) {
          entry.answer = m.answer.ok ? (m.answer.type || "ok") : "error";
          if (!m.answer.ok) entry.error = m.answer.error;
          if (m.answer.tables) entry.tables = m.answer.tables;
          if (typeof m.answer.seconds === "number") entry.seconds = m.answer.seconds;
        }
        log.worker.push(entry);
      });
    }
    postMessage(message, ...rest) {
      if (message && typeof message === "object" && typeof message.id === "number") {
        log.posted[message.id] = message.op;
        log.worker.push({ t: performance.now(), id: message.id, type: "posted", op: message.op });
      }
      return super.postMessage(message, ...rest);
    }
  };
  const state = {};
  const observer = new MutationObserver((records) => {
    const now = performance.now();
    const status = document.getElementById("status");
    if (status && records.some((r) => r.target === status || status.contains(r.target))) {
      log.status.push({ t: now, text: status.textContent, data: { ...status.dataset } });
    }
    for (const id of ["solve", "stop", "cancel", "play"]) {
      const el = document.getElementById(id);
      if (!el) continue;
      const s = el.hidden ? "hidden" : el.disabled ? "disabled" : "enabled";
      if (state[id] !== s) {
        state[id] = s;
        log.controls.push({ t: now, id, state: s });
      }
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true,
                               attributeFilter: ["disabled", "hidden", ...STATUS_ATTRIBUTES] });
  document.addEventListener("click", (event) => {
    const button = event.target && event.target.closest ? event.target.closest("button") : null;
    log.clicks.push({ t: performance.now(), id: button ? button.id : null });
  }, true);
})();
""".replace("...STATUS_ATTRIBUTES", ", ".join(json.dumps(name) for name in STATUS_ATTRIBUTES))

PREPARED = """() => {
  const log = window.__page;
  const ids = Object.keys(log.posted).filter((id) => log.posted[id] === "prepare").map(Number);
  return ids.length > 0 && ids.every((id) => log.worker.some((e) => e.id === id && e.type === "answer"));
}"""

LONG_TASKS = """([since, until]) => (window.__mainThread.longtasks || [])
  .filter((t) => t.start >= since && t.start <= until).map((t) => Math.round(t.duration))"""


# -- reading the page's log ------------------------------------------------------------------


def after(entries: Sequence[dict[str, Any]], t: float, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any] | None:
    """The first entry at or after time ``t`` that passes ``test``."""
    return next((e for e in entries if e["t"] >= t and test(e)), None)


def outcome(entry: dict[str, Any]) -> Outcome:
    """What a status write in the page's log reported (its data-* attributes)."""
    return Outcome.of(entry.get("data") or {})


def shown_length(entry: dict[str, Any]) -> int | None:
    """The length of the solution a status write says is shown (state improving or solved), if any."""
    reported = outcome(entry)
    return reported.length if reported.state in SHOWN else None


def ended(entry: dict[str, Any]) -> bool:
    """Whether a status write says the search has ended (solved, stopped or failed)."""
    return bool(outcome(entry).ended)


def max_gap(stamps: Sequence[float]) -> float | None:
    return max((b - a for a, b in zip(stamps, stamps[1:])), default=None)


def prepare_state(log: dict[str, Any], t: float) -> dict[str, Any]:
    """The page's table preparation around time ``t``: when it was posted and answered, and
    whether it was running at ``t``."""
    posts = [e for e in log["worker"] if e["type"] == "posted" and e["op"] == "prepare"]
    if not posts:
        return {"posted_ms": None, "answered_ms": None, "running": False, "tables": None, "seconds": None}
    before = [p for p in posts if p["t"] <= t]
    post = before[-1] if before else posts[0]
    answer = next((e for e in log["worker"] if e["id"] == post["id"] and e["type"] == "answer"), None)
    return {
        "posted_ms": round(post["t"]), "answered_ms": round(answer["t"]) if answer else None,
        "running": post["t"] <= t and (answer is None or answer["t"] > t),
        "tables": answer.get("tables") if answer else None, "seconds": answer.get("seconds") if answer else None,
        "answer": answer.get("answer") if answer else None,
    }


def analyse(log: dict[str, Any], click_t: float) -> dict[str, Any]:
    """Everything one Solve shows, from the page's log: first and final solution, Stop, gaps."""
    status = log["status"]
    first = after(status, click_t, lambda e: shown_length(e) is not None)
    final = after(status, click_t, ended)
    stop_click = next((c for c in log["clicks"] if c["t"] >= click_t and c["id"] in ("stop", "cancel")), None)
    play = after(log["controls"], click_t, lambda e: e["id"] == "play" and e["state"] == "enabled")
    solve_post = next((e for e in log["worker"] if e["type"] == "posted" and e["op"] == "solve" and e["t"] >= click_t), None)
    end = stop_click["t"] if stop_click else final["t"] if final else status[-1]["t"]
    stamps = [click_t] + [e["t"] for e in status if click_t <= e["t"] <= end]
    gap = max_gap(stamps)
    worker_gap = None
    if solve_post:
        mine = [e["t"] for e in log["worker"] if e["id"] == solve_post["id"] and e["t"] <= end]
        worker_gap = max_gap(mine)
    before_stop = None
    if stop_click:
        shown = [shown_length(e) for e in status if click_t <= e["t"] <= stop_click["t"]]
        lengths = [n for n in shown if n is not None]
        before_stop = lengths[-1] if lengths else None
    prep = prepare_state(log, click_t)
    waited = bool(prep["running"] and first and prep["answered_ms"] is not None and first["t"] >= prep["answered_ms"])
    return {
        "first_ms": round(first["t"] - click_t) if first else None,
        "first_length": shown_length(first) if first else None,
        "play_enabled_ms": round(play["t"] - click_t) if play else None,
        "request_held_ms": round(solve_post["t"] - click_t) if solve_post else None,
        "final_ms": round(final["t"] - click_t) if final else None,
        "final_text": final["text"] if final else (status[-1]["text"] if status else ""),  # a record only
        "final_state": outcome(final).state if final else None,
        "final_length": shown_length(final) if final else None,
        "optimal": bool(final and outcome(final).optimal),
        "factor": outcome(final).factor if final else None,
        "stopped_by_click": stop_click is not None,
        "stop_ms": round(final["t"] - stop_click["t"]) if stop_click and final else None,
        "length_before_stop": before_stop,
        "status_max_gap_ms": round(gap) if gap is not None else None,
        "status_writes": len(stamps) - 1,
        "worker_max_gap_ms": round(worker_gap) if worker_gap is not None else None,
        "prepare": prep,
        "waited_for_tables": waited,
    }


# -- driving the page ------------------------------------------------------------------------


link = board_link


def new_page(context: Any, site: str, problems: list[str], where: str) -> Any:
    page = context.new_page()
    watch(page, site, problems, where)
    return page


def open_link(page: Any, site: str, board: Board, goal_name: str, *, click_at_once: bool = False) -> float:
    """Open the board's link; wait until Solve is enabled on that board (``click_at_once``: and
    clicked by a script in the page the moment it is). Returns when it was enabled (ms from
    the page's navigation start)."""
    from playwright.sync_api import expect

    if click_at_once:  # the harness's script, installed before the page's own; one page per run
        page.add_init_script(CLICK_SOLVE_WHEN_ENABLED)
    page.goto(site + link(board, goal_name))
    if click_at_once:  # Solve is disabled again at once, while it searches
        # A function, not an expression: Playwright evaluates an expression with eval, which the
        # page's Content-Security-Policy blocks.
        page.wait_for_function("() => window.__page.clicks.some((c) => c.id === 'solve')", timeout=READY_TIMEOUT_MS)
    else:
        expect(page.get_by_role("button", name="Solve")).to_be_enabled(timeout=READY_TIMEOUT_MS)
    expect(page.get_by_label(BOARD_LABEL)).to_have_attribute("data-board", board.to_string())
    log = page.evaluate("window.__page")
    enabled = [c for c in log["controls"] if c["id"] == "solve" and c["state"] == "enabled"]
    return float(enabled[0]["t"])


def wait_idle(page: Any, timeout_ms: float = 120_000) -> float:
    """Wait until the page's table preparation has answered; returns when (page ms)."""
    page.wait_for_function(PREPARED, timeout=timeout_ms)
    return float(prepare_state(page.evaluate("window.__page"), 0)["answered_ms"] or 0)


def click_time(page: Any, button: str, since: float) -> float:
    log = page.evaluate("window.__page")
    return float(next(c["t"] for c in log["clicks"] if c["id"] == button and c["t"] >= since))


def solve(page: Any, *, stop: Callable[[float, float], float | None], clicked: bool = False) -> tuple[float, dict[str, Any]]:
    """Click Solve (unless ``clicked`` already), wait for the first solution shown, then for the
    end of the search, pressing Stop when ``stop(click_ms, first_ms)`` says (a page time, or
    None: let it finish). Returns the click's time and the page's log."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    if clicked:
        since = 0.0
    else:
        since = page.evaluate("performance.now()")
        page.get_by_role("button", name="Solve").click()
    click = click_time(page, "solve", since)
    status = page.locator("#status")
    expect(status).to_have_attribute("data-state", SHOWN_OR_ENDED, timeout=FINAL_TIMEOUT_MS)
    log = page.evaluate("window.__page")
    first = after(log["status"], click, lambda e: shown_length(e) is not None)
    stop_at = stop(click, first["t"]) if first else None
    wait = FINAL_TIMEOUT_MS if stop_at is None else max(0.0, stop_at - page.evaluate("performance.now()"))
    try:
        expect(status).to_have_attribute("data-state", FINISHED, timeout=max(1.0, wait))
    except AssertionError:
        try:
            page.get_by_role("button", name="Stop").click(timeout=1_000)
        except PlaywrightTimeout:
            pass  # it finished meanwhile
        expect(status).to_have_attribute("data-state", FINISHED, timeout=10_000)
    page.wait_for_timeout(500)  # the final answer's rendering, for the long tasks
    return click, page.evaluate("window.__page")


read_solution = read_moves
replays = replay_problem


def main_thread(page: Any, click: float) -> dict[str, Any]:
    watch: dict[str, Any] = page.evaluate(MAIN_THREAD, click)
    watch["durations"] = page.evaluate(LONG_TASKS, [click, watch["now"]])
    return watch


# -- figures -----------------------------------------------------------------------------------


def median(values: Sequence[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms" if value < 10_000 else f"{value / 1000:.1f} s"


def med_max(values: Sequence[float | None]) -> str:
    known = [v for v in values if v is not None]
    if not known:
        return "-"
    return f"{ms(statistics.median(known))} (max {ms(max(known))}, n={len(known)})"


def verdict(ok: bool) -> str:
    return "yes" if ok else "**NO**"


def mb(n: int | None) -> str:
    return "-" if n is None else f"{n / 1e6:.0f} MB"


# -- fresh-link mode ---------------------------------------------------------------------------


def fresh_link(browser: Any, site: str, args: argparse.Namespace, problems: list[str]) -> list[dict[str, Any]]:
    rows = []
    for side in [int(s) for s in args.sizes.split(",")]:
        goal = Board.goal(side, side, "blank-last")
        for seed in range(args.seed, args.seed + args.boards):
            board = random_board(side, side, goal, seed=seed)
            for variant in ("at once", "idle"):
                context = browser.new_context()
                context.add_init_script(WATCH_MAIN_THREAD)
                context.add_init_script(WATCH_PAGE)
                where = f"{side}x{side} seed {seed} {variant}"
                page = new_page(context, site, problems, where)
                at_once = variant == "at once"
                enabled = open_link(page, site, board, "blank-last", click_at_once=at_once)
                idle = None if at_once else wait_idle(page)
                # 4x4: let the anytime solver prove its answer; 5x5 improves for the whole minute.
                click, log = solve(page, stop=lambda c, f: None if side == 4 else f + 500, clicked=at_once)
                row: dict[str, Any] = {"size": f"{side}x{side}", "seed": seed, "variant": variant,
                                       "board": board.to_string(), "solve_enabled_ms": round(enabled),
                                       "idle_ms": round(idle) if idle is not None else None,
                                       "clicked_ms": round(click), **analyse(log, click)}
                row["main_thread"] = main_thread(page, click)
                row["replay_problem"] = replays(board, goal, read_solution(page), row["final_length"])
                rows.append(row)
                context.close()
                print(f"{where}: Solve enabled at {ms(enabled)}, clicked at {ms(click)}, tables prepared at "
                      f"{ms(row['prepare']['answered_ms'])}; request held {ms(row['request_held_ms'])}, first "
                      f"{row['first_length']} moves at +{ms(row['first_ms'])}, final {row['final_length']} at "
                      f"+{ms(row['final_ms'])} {'optimal' if row['optimal'] else ''}; stop {ms(row['stop_ms'])}; "
                      f"waited for tables: {row['waited_for_tables']}; {row['replay_problem'] or 'replayed'}", flush=True)
    return rows


def fresh_link_report(rows: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The markdown lines and the list of missed targets."""
    missed: list[str] = []
    sizes = sorted({r["size"] for r in rows}, key=lambda s: int(s.split("x")[0]))

    def pick(size: str, variant: str) -> list[dict[str, Any]]:
        return [r for r in rows if r["size"] == size and r["variant"] == variant]

    head = "| figure | " + " | ".join(sizes) + " | target | met |"
    lines = ["## Targets", "", head, "|" + " --- |" * (len(sizes) + 3)]
    for variant, label in (("at once", "Solve clicked as soon as enabled"), ("idle", "Solve clicked once the page is idle")):
        cells, ok = [], True
        for size in sizes:
            m = median([r["first_ms"] for r in pick(size, variant)])
            cells.append(med_max([r["first_ms"] for r in pick(size, variant)]))
            ok = ok and m is not None and m <= FIRST_FRESH_TARGET_MS
        baseline = f"; issue baseline (4x4): {ms(ISSUE_BASELINE_MS)}" if variant == "at once" else ""
        lines.append(f"| {label}: click to first solution shown, median | {' | '.join(cells)} | "
                     f"median ≤ {ms(FIRST_FRESH_TARGET_MS)}{baseline} | {verdict(ok)} |")
        if not ok:
            missed.append(f"fresh link, {variant}: median first solution over {ms(FIRST_FRESH_TARGET_MS)}")
    cells, ok = [], True
    for size in sizes:
        waited = [r for r in pick(size, "at once") if r["waited_for_tables"]]
        cells.append(f"{len(waited)} of {len(pick(size, 'at once'))}")
        ok = ok and not waited
    lines.append(f"| Solve clicked as soon as enabled: runs whose first solution waited for the table download "
                 f"and decoding | {' | '.join(cells)} | none | {verdict(ok)} |")
    if not ok:
        missed.append("fresh link: a first solution waited for the tables")
    stops = [r["stop_ms"] for r in rows if r["stopped_by_click"]]
    if stops:
        ok = all(s is not None and s <= STOP_TARGET_MS for s in stops)
        cells = [med_max([r["stop_ms"] for r in rows if r["size"] == s and r["stopped_by_click"]]) for s in sizes]
        lines.append(f"| Stop (5x5, 0.5 s after the first solution) to the status saying it stopped | "
                     f"{' | '.join(cells)} | each ≤ {ms(STOP_TARGET_MS)} | {verdict(ok)} |")
        if not ok:
            missed.append("fresh link: a Stop took over 200 ms")
    bad = [r for r in rows if r["replay_problem"]]
    cells = [f"{sum(1 for r in rows if r['size'] == s and not r['replay_problem'])} of "
             f"{sum(1 for r in rows if r['size'] == s)}" for s in sizes]
    lines.append(f"| solutions read from the move list that replay to the goal | {' | '.join(cells)} | all | "
                 f"{verdict(not bad)} |")
    if bad:
        missed.append("fresh link: a solution does not replay")

    lines += ["", "## Information (no target)", "", "| figure | " + " | ".join(f"{s} {v}" for s in sizes for v in ("at once", "idle")) + " |",
              "|" + " --- |" * (2 * len(sizes) + 1)]

    def info(label: str, key: Callable[[dict[str, Any]], float | None]) -> None:
        cells = [med_max([key(r) for r in pick(s, v)]) for s in sizes for v in ("at once", "idle")]
        lines.append(f"| {label} | {' | '.join(cells)} |")

    info("opening the link to Solve enabled (Pyodide fetched and started), median", lambda r: r["solve_enabled_ms"])
    info("opening the link to the tables prepared (the worker's answer to `prepare`)", lambda r: r["prepare"]["answered_ms"])
    info("click to the solve request posted to the worker (held while tables load)", lambda r: r["request_held_ms"])
    info("click to Play enabled", lambda r: r["play_enabled_ms"])
    info("click to the final answer (4x4: proven optimal unless the time limit; 5x5: Stop)", lambda r: r["final_ms"])
    info("longest gap between two status writes, click to end", lambda r: r["status_max_gap_ms"])
    info("longest long task on the page's main thread, click to end", lambda r: r["main_thread"]["longest_ms"])
    optimal = [r for r in rows if r["size"] == "4x4"]
    if optimal:
        lines.append(f"| 4x4 answers proven optimal | {sum(r['optimal'] for r in optimal)} of {len(optimal)} |")
    for size in sizes:
        got = [r["prepare"] for r in rows if r["size"] == size and r["prepare"]["tables"]]
        if got:
            lines.append(f"| {size} tables ({', '.join(got[0]['tables']['files'])}, "
                         f"{got[0]['tables']['bytes'] / 1e6:.1f} MB): download median "
                         f"{ms(median([g['tables']['download_ms'] for g in got]))}, decoding median "
                         f"{ms(median([1000 * g['seconds'] for g in got if g['seconds'] is not None]))} (Python's own clock) |")

    lines += ["", "## Each run", "",
              "Times in ms: \"enabled\", \"clicked\" and \"prepared\" from opening the link; the rest from the click. "
              "\"held\": click to the solve request reaching the worker; \"waited\": the first solution came only "
              "after the table preparation running at the click had ended.", "",
              "| size | seed | variant | enabled | clicked | prepared | held | first | first len | final | final len | "
              "optimal | stop | status gap | longest task | waited | replay |",
              "|" + " --- |" * 17]
    for r in rows:
        lines.append(
            f"| {r['size']} | {r['seed']} | {r['variant']} | {r['solve_enabled_ms']} | {r['clicked_ms']} | "
            f"{r['prepare']['answered_ms']} | {r['request_held_ms']} | {r['first_ms']} | {r['first_length']} | "
            f"{r['final_ms']} | {r['final_length']} | {'yes' if r['optimal'] else 'no'} | {r['stop_ms'] if r['stop_ms'] is not None else '-'} | "
            f"{r['status_max_gap_ms']} | {r['main_thread']['longest_ms']:.0f} | {'yes' if r['waited_for_tables'] else 'no'} | "
            f"{r['replay_problem'] or 'ok'} |")
    return lines, missed


# -- sizes mode --------------------------------------------------------------------------------


def menu(page: Any, label: str) -> list[str]:
    return [str(v) for v in page.get_by_label(label, exact=True).locator("option").evaluate_all("els => els.map(e => e.value)")]


def offered(page: Any, args: argparse.Namespace) -> tuple[list[tuple[int, int]], list[str]]:
    """The sizes (from --sizes, or every square the Rows menu offers and 5x8) and goals to run."""
    rows_menu, cols_menu, goals = menu(page, "Rows"), menu(page, "Columns"), menu(page, "Goal")
    goals = [g for g in goals if g != "custom"]
    if args.goals:
        goals = [g for g in args.goals.split(",") if g in goals]
    wanted = args.sizes.split(",") if args.sizes else [*rows_menu, "5x8"]
    shapes = []
    for size in wanted:
        r, _, c = size.partition("x")
        if r in rows_menu and (c or r) in cols_menu:
            shapes.append((int(r), int(c or r)))
        else:
            print(f"the page does not offer {size}; skipped", flush=True)
    return shapes, goals


def worker_memory(page: Any) -> int | None:
    try:
        sizes = page.workers[0].evaluate("(globalThis.__harnessExports || []).map((e) => e.memory.buffer.byteLength)")
    except Exception:  # noqa: BLE001 - no worker, or the hook is not served
        return None
    return int(sum(sizes)) if sizes else None


def page_heap(page: Any) -> int | None:
    value = page.evaluate("performance.memory ? performance.memory.usedJSHeapSize : null")
    return int(value) if value is not None else None


def sizes(browser: Any, site: str, args: argparse.Namespace, problems: list[str]) -> list[dict[str, Any]]:
    context = browser.new_context()
    context.add_init_script(WATCH_MAIN_THREAD)
    context.add_init_script(WATCH_PAGE)
    if not args.no_memory:
        hook_worker(context, KEEP_WASM_EXPORTS)
    page = new_page(context, site, problems, "menus")
    open_link(page, site, Board.goal(3), "blank-last")
    shapes, goals = offered(page, args)
    page.close()
    rows = []
    for r, c in shapes:
        for goal_name in goals:
            goal = Board.goal(r, c, goal_name)
            seed = args.seed
            while (board := random_board(r, c, goal, seed=seed)) == goal:
                seed += 1
            where = f"{r}x{c} {goal_name} seed {seed}"
            page = new_page(context, site, problems, where)
            open_link(page, site, board, goal_name)
            wait_idle(page)
            memory_idle = worker_memory(page)
            page.evaluate(MAIN_THREAD, 0)  # resets the heartbeat
            click, log = solve(page, stop=lambda click, first: max(click + 1000 * args.stop_after, first + 300))
            row: dict[str, Any] = {"size": f"{r}x{c}", "goal": goal_name, "seed": seed, "board": board.to_string(),
                                   **analyse(log, click)}
            row["main_thread"] = main_thread(page, click)
            row["play_enabled_after"] = page.get_by_role("button", name="Play").is_enabled()
            row["memory_idle"] = memory_idle
            row["memory_after"] = worker_memory(page)
            row["page_heap"] = page_heap(page)
            row["replay_problem"] = replays(board, goal, read_solution(page), row["final_length"])
            if row["stopped_by_click"] and row["length_before_stop"] is not None and row["final_length"] is not None \
                    and row["final_length"] > row["length_before_stop"]:
                row["replay_problem"] = (f"Stop kept {row['final_length']} moves, longer than the "
                                         f"{row['length_before_stop']} shown before")
            rows.append(row)
            page.close()
            mt = row["main_thread"]
            print(f"{where}: first {row['first_length']} moves at {ms(row['first_ms'])}; status gap "
                  f"{ms(row['status_max_gap_ms'])}; long tasks {mt['longtasks']} (longest {mt['longest_ms']:.0f} ms); "
                  f"{'stop ' + ms(row['stop_ms']) if row['stopped_by_click'] else 'finished at ' + ms(row['final_ms'])}; "
                  f"kept {row['final_length']} (shown before Stop {row['length_before_stop']}); play "
                  f"{row['play_enabled_after']}; memory {mb(row['memory_idle'])} -> {mb(row['memory_after'])}; "
                  f"{row['replay_problem'] or 'replayed'}", flush=True)
    context.close()
    return rows


def sizes_report(rows: list[dict[str, Any]], args: argparse.Namespace) -> tuple[list[str], list[str]]:
    missed: list[str] = []
    for r in rows:
        r["misses"] = misses = []
        if r["first_ms"] is None or r["first_ms"] > FIRST_SIZES_TARGET_MS:
            misses.append("first solution")
        if r["status_max_gap_ms"] is None or r["status_max_gap_ms"] > GAP_TARGET_MS:
            misses.append("status gap")
        if r["main_thread"]["longest_ms"] > LONG_TASK_TARGET_MS:
            misses.append("long task")
        if r["stopped_by_click"] and (r["stop_ms"] is None or r["stop_ms"] > STOP_TARGET_MS):
            misses.append("stop")
        if not r["play_enabled_after"]:
            misses.append("Play disabled")
        if r["replay_problem"]:
            misses.append("replay")
        missed += [f"{r['size']} {r['goal']}: {m}" for m in misses]

    def worst_of(key: Callable[[dict[str, Any]], float | None]) -> str:
        known = [(value, r) for r in rows if (value := key(r)) is not None]
        if not known:
            return "-"
        value, r = max(known, key=lambda x: x[0])
        return f"{ms(value)} ({r['size']} {r['goal']})"

    stopped = [r for r in rows if r["stopped_by_click"]]
    lines = [
        "## Targets", "",
        "| figure | worst (where) | median | target | met |", "| --- | --- | --- | --- | --- |",
        f"| click to first solution shown | {worst_of(lambda r: r['first_ms'])} | "
        f"{ms(median([r['first_ms'] for r in rows]))} | each ≤ {ms(FIRST_SIZES_TARGET_MS)} (README: a second or two "
        f"on 16x16) | {verdict(not any('first solution' in r['misses'] for r in rows))} |",
        f"| longest gap between status writes, click to Stop (or end) | {worst_of(lambda r: r['status_max_gap_ms'])} | "
        f"{ms(median([r['status_max_gap_ms'] for r in rows]))} | each ≤ {ms(GAP_TARGET_MS)} | "
        f"{verdict(not any('status gap' in r['misses'] for r in rows))} |",
        f"| longest task on the page's main thread, click to 0.5 s after the end | "
        f"{worst_of(lambda r: r['main_thread']['longest_ms'])} | "
        f"{ms(median([r['main_thread']['longest_ms'] for r in rows]))} | none over {ms(LONG_TASK_TARGET_MS)} | "
        f"{verdict(not any('long task' in r['misses'] for r in rows))} |",
        f"| Stop to the status saying it stopped ({len(stopped)} of {len(rows)} runs were still searching) | "
        f"{worst_of(lambda r: r['stop_ms'] if r['stopped_by_click'] else None)} | "
        f"{ms(median([r['stop_ms'] for r in stopped]))} | each ≤ {ms(STOP_TARGET_MS)} | "
        f"{verdict(not any('stop' in r['misses'] for r in rows))} |",
        f"| solution kept, Play enabled, replays to the goal | "
        f"{sum(1 for r in rows if not r['replay_problem'] and r['play_enabled_after'])} of {len(rows)} | | all | "
        f"{verdict(all(not r['replay_problem'] and r['play_enabled_after'] for r in rows))} |",
        "",
        "Worker memory: Pyodide's WebAssembly memory (its whole heap: Python objects, tables, search "
        "state; it grows and never shrinks), read in the worker " + (
            "was not read (--no-memory)." if args.no_memory else
            "before Solve (idle, tables prepared) and after Stop (the peak so far). `performance.memory` "
            "is the page's main thread only, shown as \"page heap\"."),
        "",
        "## Each run", "",
        "Times in ms from the click on Solve. \"status gap\": the longest wait between two writes of the status "
        "line until Stop; \"worker gap\": the same between the worker's messages for the solve; \"stop\": Stop to "
        "the status saying it stopped (\"finished\": proven before Stop).", "",
        "| size | goal | seed | first | first len | status gap | worker gap | long tasks (longest) | stop | kept len | "
        "optimal | Play | memory idle → after | page heap | replay | missed |",
        "|" + " --- |" * 16,
    ]
    for r in rows:
        mt = r["main_thread"]
        stop = f"{r['stop_ms']}" if r["stopped_by_click"] else f"finished at {r['final_ms']}"
        lines.append(
            f"| {r['size']} | {r['goal']} | {r['seed']} | {r['first_ms']} | {r['first_length']} | "
            f"{r['status_max_gap_ms']} | {r['worker_max_gap_ms']} | {mt['longtasks']} ({mt['longest_ms']:.0f}) | "
            f"{stop} | {r['final_length']} | {'yes' if r['optimal'] else 'no'} | "
            f"{'enabled' if r['play_enabled_after'] else 'DISABLED'} | {mb(r['memory_idle'])} → {mb(r['memory_after'])} | "
            f"{mb(r['page_heap'])} | {r['replay_problem'] or 'ok'} | {', '.join(r['misses']) or '-'} |")
    return lines, missed


# -- main ----------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["fresh-link", "sizes"])
    parser.add_argument("--boards", type=int, default=10, help="fresh-link: boards per size (default 10)")
    parser.add_argument("--sizes", help="fresh-link: sides (default 4,5); sizes: like 2,3,5x8 (default: every "
                                        "square the page offers, and 5x8)")
    parser.add_argument("--goals", help="sizes: goal names (default: every goal the page offers but custom)")
    parser.add_argument("--seed", type=int, default=1001, help="the first random_board seed (default 1001)")
    parser.add_argument("--stop-after", type=float, default=3.0, help="sizes: seconds from Solve to Stop (default 3)")
    parser.add_argument("--no-memory", action="store_true", help="sizes: serve the worker untouched (no memory figure)")
    parser.add_argument("--label", default="", help="suffix for the results files")
    args = parser.parse_args()
    if args.mode == "fresh-link" and not args.sizes:
        args.sizes = "4,5"

    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    began = time.perf_counter()
    with served_site() as site, sync_playwright() as playwright:
        browser = launch(playwright, "chromium")
        chromium_version = browser.version
        if args.mode == "fresh-link":
            rows = fresh_link(browser, site, args, problems)
        else:
            rows = sizes(browser, site, args, problems)
        browser.close()
    seconds = time.perf_counter() - began

    machine = machine_info()
    command = command_line("page_browser.py", python=".venv/bin/python")
    if args.mode == "fresh-link":
        title = "# A fresh link in the page: does Solve wait for a download? (headless Chromium)"
        body, missed = fresh_link_report(rows)
        what = [
            f"- boards: {args.boards} per size, `random_board` seeds {args.seed}..{args.seed + args.boards - 1}, "
            f"goal blank-last, opened by link; each run in a new browser context (empty HTTP cache: Pyodide, the "
            f"package and the tables are fetched afresh from 127.0.0.1, so a download is as fast as it can be)",
            "- \"at once\": Solve clicked by a script in the page the moment it is enabled (a DOM `click()`: no "
            "person is quicker); \"idle\": clicked by Playwright after the page's "
            "table preparation answered. The page shows no sign of that (web/solver/table-preparer.js tells nobody), so "
            "the bench reads the worker's answer to the page's `prepare` request (a listener on the page's Worker)",
            "- 4x4: the search runs to its end (the page's default time limit, 60 s); 5x5: Stop 0.5 s after the "
            "first solution (the anytime solver improves a 5x5 for the whole time limit)",
        ]
        stem = "page-fresh-link-browser"
    else:
        title = "# Every size in the page: first solution, progress, long tasks, Stop (headless Chromium)"
        body, missed = sizes_report(rows, args)
        what = [
            f"- one random board per size and goal (`random_board`, seed {args.seed}, the next seed if that is the "
            f"goal), opened by link in a new page (one browser context, cache warm), Solve clicked once the page's "
            f"table preparation answered, Stop about {args.stop_after:g} s after the click (once a solution is shown)",
        ]
        stem = "page-sizes-browser"
    if problems:
        missed.append(f"{len(problems)} console or page errors")
    header = [
        title, "",
        machine_header(machine),
        f"- command: `{command}`",
        f"- browser: headless Chromium {chromium_version} ({executable_of('chromium')}) via Playwright, driving the built site's "
        f"index.html by its buttons; {seconds / 60:.1f} min in all",
        *what,
        f"- console or page errors: {'; '.join(problems) or 'none'}",
        f"- targets missed: {'; '.join(missed) or 'none'}",
        "",
    ]
    for r in rows:  # the long-task durations are kept; the page's raw log is not
        r["main_thread"] = {k: v for k, v in r["main_thread"].items() if k != "now"}
    report = {"command": command, **machine, "chromium": chromium_version, "mode": args.mode,
              "targets_ms": {"first_fresh_median": FIRST_FRESH_TARGET_MS, "first_sizes": FIRST_SIZES_TARGET_MS,
                             "status_gap": GAP_TARGET_MS, "long_task": LONG_TASK_TARGET_MS, "stop": STOP_TARGET_MS,
                             "issue_baseline_first_4x4": ISSUE_BASELINE_MS},
              "seconds": round(seconds, 1), "problems": problems, "missed": missed, "rows": rows}
    stem = stem + (f"-{args.label}" if args.label else "")
    written = write_results(stem, header + body, report)
    print("\n".join(header + body[:16]))
    print(f"wrote {written}.md and .json")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
