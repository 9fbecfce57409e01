"""The search as it runs: the live chart gains points while a search runs, and IDA*'s table
of iterations on the page is the CLI's --trace table for the same board; the chart and the
table fit a phone and a desktop."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from playwright.sync_api import expect

from .browsers import outcome_of
from .helpers import ROOT
from .pages import SIZES, open_link, solve_and_read_length, sticking_out

# A 4x4 board 56 moves from the blank-first goal: IDA* with Manhattan distance searches it for minutes.
LONG = "#board=11,14,0,7,10,3,1,9,13,15,4,8,6,12,5,2&goal=blank-first&algorithm=idastar&heuristic=manhattan"


def points(app: Any) -> int:
    return int(app.locator("#trace-chart").get_attribute("data-points") or 0)


def test_the_chart_gains_points_while_a_search_runs(app: Any, site_url: str) -> None:
    open_link(app, site_url, LONG)
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#trace")).to_be_visible()
    # The chart is redrawn with new points (kept at most 512, thinned evenly) while the
    # count of nodes expanded (Python's, on the status line's data) rises; the caption says it.
    # Waited for by count (more nodes than last seen), not for 0.7 s a loaded machine may not fill.
    seen = [0]
    for _ in range(4):
        app.wait_for_function("""(last) => Number(document.getElementById("status").dataset.expanded) > last
            && Number(document.getElementById("trace-chart").getAttribute("data-points")) > 1""", arg=seen[-1])
        assert points(app) > 1
        expanded = outcome_of(app).expanded
        assert expanded is not None
        seen.append(expanded)
    assert seen == sorted(seen) and len(set(seen)) == 5, seen
    expect(app.locator("#trace-caption")).to_contain_text("expanded")
    rows = app.locator("#trace-iterations tbody tr")
    expect(rows.first).to_be_visible()  # the finished iterations, while the search goes on
    app.get_by_role("button", name="Cancel").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "stopped")


def cli_iterations(board: str, goal: str) -> list[tuple[int, int]]:
    out = subprocess.run(
        [sys.executable, "-m", "npuzzle", "solve", board, "--goal", goal, "--algorithm", "idastar",
         "--heuristic", "manhattan", "--json", "--trace"],
        check=True, capture_output=True, text=True, cwd=ROOT,
    ).stdout
    return [(it["bound"], it["expanded"]) for it in json.loads(out)["trace"]["iterations"]]


@pytest.mark.parametrize("board", ["8,6,7,2,5,4,3,0,1", "5,1,8,4,2,6,0,3,7"])
def test_the_iterations_table_is_the_clis(app: Any, site_url: str, board: str) -> None:
    open_link(app, site_url, f"#board={board}&goal=blank-last&algorithm=idastar&heuristic=manhattan")
    solve_and_read_length(app)
    rows = app.locator("#trace-iterations tbody tr").all()
    shown = [(int(r.locator("td").nth(1).inner_text()), int(r.locator("td").nth(2).inner_text().replace(",", ""))) for r in rows]
    assert shown == cli_iterations(board, "blank-last")
    assert sum(n for _, n in shown) == outcome_of(app).expanded


@pytest.mark.parametrize("algorithm", ["idastar", "anytime"])
def test_the_trace_fits_a_phone_and_a_desktop(app: Any, site_url: str, algorithm: str) -> None:
    """After a solve, the chart and the iterations (IDA*) or the anytime history: nothing in
    the page or the solution's panel leaves the viewport's width on a phone or a desktop."""
    app.set_viewport_size(SIZES[0][1])
    open_link(app, site_url, f"#board=11,14,0,7,10,3,1,9,13,15,4,8,6,12,5,2&goal=blank-first&algorithm={algorithm}&heuristic=pdb")
    solve_and_read_length(app)
    expect(app.locator("#trace")).to_be_visible()
    assert points(app) > 1
    for name, viewport in SIZES:
        app.set_viewport_size(viewport)
        assert sticking_out(app, ".stage") == [], name
        chart = app.locator("#trace-chart").bounding_box()
        assert chart is not None and chart["x"] >= 0 and chart["x"] + chart["width"] <= viewport["width"], chart
