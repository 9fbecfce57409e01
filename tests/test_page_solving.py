"""Solving in the page: the solver menus, progress and Cancel, the tables fetched only for
4x4, the limits, and Compare all."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from npuzzle import Board
from npuzzle.known import korf100

from .browsers import (
    CLICK_SOLVE_WHEN_ENABLED, WATCH_TRAFFIC, WORKER_TRAFFIC, Outcome, hook_worker, outcome_of, reports_after_abort,
    traffic_of, worker_traffic,
)
from .pages import HARD, board_of, fill_number, open_link, solution_shown, solve_and_read_length, wait_until

pytestmark = pytest.mark.browser

KORF = {ident: (ident, length, tiles) for ident, length, tiles in korf100()}


def test_menus_come_from_the_registries_and_every_choice_solves(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,0,6,7,5,8")
    algorithms = app.locator("#algorithm option").all_text_contents()
    heuristics = app.locator("#heuristic option").all_text_contents()
    assert algorithms == ["Breadth-first search", "Iterative deepening DFS", "Greedy best-first", "A*", "Weighted A*", "IDA*",
                          "Anytime (best within the time limit)"]
    assert heuristics[-1] == "Pattern database" and "Walking distance" in heuristics
    expect(app.get_by_label("Algorithm", exact=True)).to_have_value("anytime")
    expect(app.get_by_label("Heuristic", exact=True)).to_have_value("pdb")
    app.get_by_label("Algorithm", exact=True).select_option("wastar")
    expect(app.get_by_label("Weight w")).to_be_visible()
    fill_number(app.get_by_label("Weight w"), "2")
    app.get_by_label("Heuristic", exact=True).select_option("hamming")
    assert solve_and_read_length(app) == 2
    expect(app.locator("#result")).to_contain_text("at most 2 \u00d7 optimal")
    app.get_by_label("Algorithm", exact=True).select_option("bfs")
    expect(app.get_by_label("Heuristic", exact=True)).to_be_disabled()
    assert solve_and_read_length(app) == 2
    expect(app.locator("#result")).to_contain_text("Breadth-first search")


def test_pattern_databases_are_fetched_only_for_a_4x4_solve(app: Any, site_url: str) -> None:
    fetched: list[str] = []
    app.on("request", lambda r: fetched.append(r.url) if "/tables/" in r.url else None)
    open_link(app, site_url, "#board=8,6,7,2,5,4,3,0,1&goal=blank-last")
    assert solve_and_read_length(app) == 31
    assert fetched == []
    # Korf (1985) instance 55: 41 moves optimal, for the blank-first goal.
    _, length, tiles = KORF[55]
    open_link(app, site_url, f"#board={','.join(map(str, tiles))}&goal=blank-first")
    assert solve_and_read_length(app) == length == 41
    assert outcome_of(app).optimal
    assert "Pattern database" in app.locator("#status").inner_text()
    assert re.search(r"Pattern databases \(9\.7 MB\) downloaded in \d+ ms, decoded in [\d.]+ m?s",
                     app.locator("#status").inner_text())
    assert len(fetched) == 1 and "/npuzzle/tables/pdb-4x4-663x2.bin?v=" in fetched[0]
    boards = solution_shown(app, Board(4, 4, tuple(tiles)))
    assert len(boards) == 42 and boards[-1] == Board.goal(4, 4, "blank-first")


REPORTS_BEFORE_CANCEL = 12
"""Progress reports shown before Cancel is pressed (one per slice of about 30 ms of work)."""


def shown_reports(log: list[dict[str, Any]], request: int, until_click: str) -> list[dict[str, Any]]:
    """What each progress report for ``request`` did to the page, until the click on the button
    ``until_click``: per report, the record of the task that followed it (``{dom, added}``;
    ``{}`` if it changed nothing before the next message)."""
    shown = []
    for i, entry in enumerate(log):
        if entry.get("click") == until_click:
            return shown
        if entry.get("message") == "progress" and entry.get("id") == request:
            following = log[i + 1] if i + 1 < len(log) else {}
            shown.append(following if "dom" in following else {})
    raise AssertionError(f"no click on #{until_click} in {log}")


def request_of(log: list[dict[str, Any]], op: str) -> int:
    """The id of the last request ``op`` the page posted to its worker."""
    return [entry["id"] for entry in log if entry.get("posted") == op][-1]


def test_optimal_4x4_solve_shows_every_report_and_cancels_at_the_next_slice(app: Any, site_url: str) -> None:
    """IDA* with the pattern databases on Korf #60 (66 moves), the most work of the 100: over
    a million nodes, so it is still running when cancelled. Counted, not timed (how many
    milliseconds apart, and how long Cancel takes, are bench/responsiveness.py's): the worker
    reports after every slice of its work, each report reaches the status line and changes
    nothing else on the page (a few nodes of text: no long task), and once the worker has taken
    in the Cancel it answers at its next slice, with at most one report more."""
    hook_worker(app.context, WORKER_TRAFFIC)
    app.add_init_script(WATCH_TRAFFIC)
    open_link(app, site_url, f"#board={','.join(map(str, KORF[60][2]))}&goal=blank-first&algorithm=idastar")
    app.get_by_role("button", name="Solve").click()
    status = app.locator("#status")
    expect(status).to_contain_text(re.compile(r"Searching: [\d,]+ nodes expanded, frontier \d+, bound \d+, [\d.]+ s"))
    solve = request_of(traffic_of(app), "solve")
    app.wait_for_function("""([id, count]) => window.__traffic.log.filter(
        (e) => e.message === "progress" && e.id === id && e.expanded > 0).length >= count""",
                          arg=[solve, REPORTS_BEFORE_CANCEL])
    app.get_by_role("button", name="Cancel").click()
    expect(status).to_have_attribute("data-state", "stopped")
    assert outcome_of(app).stopped == "cancelled"
    expect(status).to_contain_text("Stopped by you")
    expect(app.get_by_role("button", name="Solve")).to_be_enabled()
    shown = shown_reports(traffic_of(app), solve, "cancel")
    assert len(shown) >= REPORTS_BEFORE_CANCEL
    # The status line's text (one node), and now and then the worker's memory (#solver-state's data-worker-memory).
    assert all(set(task.get("dom", ())) <= {"#status", "#solver-state"} and "#status" in task["dom"] and task["added"] <= 3
               for task in shown), shown
    assert reports_after_abort(worker_traffic(app), solve) <= 1


def test_limits_are_adjustable_and_reported(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&algorithm=bfs")
    app.locator("summary", has_text="Limits").click()
    # Empty means the algorithm's own limit, which the page states.
    expect(app.get_by_label("Max nodes")).to_have_attribute("placeholder", "automatic")
    expect(app.locator("#max-nodes-hint")).to_contain_text("Breadth-first search's own limit, 1,000,000 nodes")
    app.get_by_label("Algorithm").select_option("idastar")
    expect(app.locator("#max-nodes-hint")).to_contain_text("IDA*'s own limit, 100,000,000 nodes")
    app.get_by_label("Algorithm").select_option("bfs")
    fill_number(app.get_by_label("Max nodes"), "500")
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "stopped")
    assert outcome_of(app).stopped == "node-limit"
    expect(app.locator("#status")).to_contain_text("Stopped by the node limit")
    expect(app.locator("#status")).to_contain_text(
        "choose Anytime (best within the time limit), Weighted A* or Greedy best-first")
    expect(app.locator("#result")).to_contain_text("500")
    fill_number(app.get_by_label("Max nodes"), "0")
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "failed")
    # Python's refusal, said with the field's label as the person sees it (wording.js's limitsWords).
    expect(app.locator("#status")).to_contain_text("Max nodes (under Limits) must be above 0 and at most 100,000,000, not 0")


def test_compare_fills_the_table_and_the_chart(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}")
    app.get_by_role("button", name="Compare all").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "compared", timeout=120_000)
    rows = app.locator("#compare-table tbody tr")
    expect(rows).to_have_count(32)
    # The anytime solver proves the 31-move optimum with every admissible heuristic here.
    expect(rows.filter(has_text="Anytime").locator("td:nth-child(3)")).to_have_text(["31"] * 6)
    idastar_pdb = rows.filter(has_text="IDA*").filter(has_text="Pattern database")
    expect(idastar_pdb.locator("td").nth(1)).to_have_text("31")
    expect(idastar_pdb.locator("td").nth(2)).to_have_text("yes")
    bfs = rows.filter(has_text="Breadth-first search")
    expect(bfs).to_contain_text("node limit")
    # The "optimal" column is Python's wording (quality_short) for what each run proves.
    expect(rows.filter(has_text="Greedy best-first").locator("td:nth-child(4)")).to_have_text(["no"] * 6)
    solved_wastar = app.locator("#compare-table tbody tr:not(.stopped)").filter(has_text="Weighted A*")
    expect(solved_wastar.first).to_be_visible()
    for cell in solved_wastar.locator("td:nth-child(4)").all_text_contents():
        assert cell == "\u2264 1.5\u00d7"
    bars = app.locator("#compare-chart svg rect")
    expect(bars).to_have_count(32)
    widths = [float(w) for w in bars.evaluate_all("els => els.map(e => e.getAttribute('width'))")]
    expanded = [int(t.replace(",", "")) for t in rows.locator("td:nth-child(5)").all_text_contents()]
    # Bar lengths are proportional to log10(nodes expanded), in table order.
    ratios = [w / math.log10(max(n, 2)) for w, n in zip(widths, expanded)]
    assert max(ratios) / min(ratios) < 1.02, ratios


def test_default_solve_answers_at_once_improves_and_stop_keeps_the_best(app: Any, site_url: str) -> None:
    """The default (anytime) solver on Korf #60: a playable solution at once, the status
    says the best length, the lower bound and the factor as they improve, and Stop keeps
    the best found, ready to play. Counted, not timed (bench/responsiveness.py times Stop):
    once the worker has taken in the Stop it answers at its next slice (at most one report
    more); a report changes the status line only, and one with a better solution its move
    list too (a button per move: never more nodes than that and ten)."""
    hook_worker(app.context, WORKER_TRAFFIC)
    app.add_init_script(WATCH_TRAFFIC)
    open_link(app, site_url, f"#board={','.join(map(str, KORF[60][2]))}&goal=blank-first")
    expect(app.get_by_label("Algorithm", exact=True)).to_have_value("anytime")
    app.get_by_role("button", name="Solve").click()
    status = app.locator("#status")
    expect(status).to_have_attribute("data-state", "improving")
    expect(status).to_have_attribute("data-lower", re.compile(r"^\d+$"))
    expect(app.get_by_role("button", name="Play")).to_be_enabled()  # playable while it improves
    expect(app.get_by_role("button", name="Cancel")).to_be_hidden()
    improving = outcome_of(app)
    assert improving.lower is not None and improving.length is not None
    assert improving.lower <= 66 <= improving.length
    # In words too: the bound and what it proves.
    expect(status).to_contain_text(re.compile(r"Improving: \d+ moves \(at least \d+, so at most [\d.]+\u00d7 the shortest\)"))
    app.get_by_role("button", name="Stop").click()
    expect(status).to_have_attribute("data-state", "solved")
    stopped = outcome_of(app)
    assert stopped.length is not None and stopped.length >= 66
    if stopped.length > 66:
        assert stopped.stopped == "cancelled" and not stopped.optimal
        expect(status).to_contain_text("before you stopped the search")
    length = stopped.length
    start = Board(4, 4, tuple(KORF[60][2]))
    boards = solution_shown(app, start)
    assert len(boards) == length + 1 and boards[-1] == Board.goal(4, 4, "blank-first")
    app.get_by_role("button", name="Play").click()
    expect(app.get_by_role("button", name="Pause")).to_be_visible()
    log = traffic_of(app)
    solve = request_of(log, "solve")
    worker = worker_traffic(app)
    if any(entry.get("in") == "abort" and entry.get("target") == solve for entry in worker):
        assert reports_after_abort(worker, solve) <= 1
    else:  # proven optimal before the Stop reached the worker
        assert stopped.optimal and stopped.length == 66
    reports = [entry for entry in log if entry.get("message") == "progress" and entry.get("id") == solve]
    shown = shown_reports(log, solve, "stop")
    assert len(shown) >= 1 and any(report["solution"] for report in reports)
    for report, task in zip(reports, shown):
        assert "#status" in task.get("dom", ()), (report, task)
        assert task["added"] <= (report["solution"] or 0) + 10, (report, task)
        if not report["solution"]:
            assert set(task["dom"]) <= {"#status", "#solver-state"}, (report, task)


@pytest.mark.parametrize("size", [5, 8])
def test_a_shuffled_big_board_gets_a_playable_solution_and_stop_keeps_it(app: Any, site_url: str, size: int) -> None:
    fetched: list[str] = []
    app.on("request", lambda r: fetched.append(r.url) if "/tables/" in r.url else None)
    open_link(app, site_url, "#board=1,2,3,4,5,6,7,8,0")
    app.get_by_label("Rows").select_option(str(size))
    app.get_by_label("Columns").select_option(str(size))
    expect(app.get_by_label("Puzzle board")).to_have_attribute(
        "data-board", ",".join(map(str, Board.goal(size, size).tiles)))
    app.get_by_role("button", name="Shuffle").click()
    expect(app.get_by_label("Puzzle board")).not_to_have_attribute(
        "data-board", ",".join(map(str, Board.goal(size, size).tiles)))
    start = Board(size, size, tuple(int(t) for t in board_of(app).split(",")))
    app.get_by_role("button", name="Solve").click()
    status = app.locator("#status")
    expect(status).to_have_attribute("data-state", "improving")
    # The 5x5 tables: the 5x5 board's own heuristic's (fetched while the page is idle, or
    # on Solve), and the 8x8's core's (fetched while its search runs, used once they are in).
    wait_until(app, lambda: any("/npuzzle/tables/pdb-5x5-55554x2.bin?v=" in url for url in fetched),
               f"the 5x5 tables fetched ({fetched})")
    expect(app.get_by_role("button", name="Play")).to_be_enabled()
    app.get_by_role("button", name="Stop").click()
    expect(status).to_have_attribute("data-state", "solved")
    length = outcome_of(app).length
    assert length is not None
    if length <= 400:  # longer move lists are shown a window at a time
        boards = solution_shown(app, start)
        assert len(boards) == length + 1 and boards[-1] == Board.goal(size, size)
    scrubber = app.get_by_label("Step", exact=True)
    expect(scrubber).to_have_attribute("max", str(length))
    app.get_by_role("button", name="Play").click()
    expect(app.get_by_role("button", name="Pause")).to_be_visible()
    scrubber.fill(str(length))  # the end of the solution is the goal
    expect(app.get_by_label("Puzzle board")).to_have_attribute(
        "data-board", ",".join(map(str, Board.goal(size, size).tiles)))


def test_solve_on_a_fresh_4x4_link_shows_a_solution_before_the_tables_are_in(app: Any, site_url: str) -> None:
    """Solve pressed the moment a fresh 4x4 link's page allows it: the tables are still
    downloading and decoding (the background preparation gives way to the solve), yet a
    playable first solution is shown while they load; then the optimum comes."""
    ident, length, tiles = KORF[1]
    app.add_init_script(CLICK_SOLVE_WHEN_ENABLED)
    app.goto(site_url + "#board=" + ",".join(map(str, tiles)) + "&goal=blank-first")
    status = app.locator("#status")
    expect(status).to_have_attribute("data-state", "solved", timeout=60_000)
    assert outcome_of(app).length == length and outcome_of(app).optimal
    statuses = [Outcome.of(s) for s in app.evaluate("window.__statuses")]
    early = [s for s in statuses if s.state == "improving" and s.preparing]
    assert early, statuses
    first = early[0].length
    assert first is not None and first >= length
    start = Board(4, 4, tuple(tiles))
    boards = solution_shown(app, start)
    assert len(boards) == length + 1 and boards[-1] == Board.goal(4, 4, "blank-first")
