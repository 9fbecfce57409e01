"""Explain in words: what the chosen algorithm guarantees and what the heuristic is, read from
Python's registries (info), never a second copy in JavaScript; and "Why h": the heuristic's
value on the board shown, broken into parts that add up to Python's own h, at every edit and
every replay step."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from npuzzle import Board
from npuzzle.heuristics import estimate
from npuzzle.random_boards import random_board
from npuzzle.webapi import handle

from .pages import SIZES, editor, open_link, solve_and_read_length, sticking_out


INFO = json.loads(handle(json.dumps({"op": "info"})))


def test_every_algorithm_and_heuristic_is_explained_from_the_registry(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=8,6,7,2,5,4,3,0,1&goal=blank-last")
    algorithm_about, heuristic_about = app.locator("#algorithm-about"), app.locator("#heuristic-about")
    summary = app.locator("#about-summary")
    # One line under the menus; the registry's words behind it.
    expect(algorithm_about).to_be_hidden()
    summary.click()
    expect(algorithm_about).to_be_visible()
    offered = app.get_by_label("Algorithm", exact=True).locator("option").evaluate_all("os => os.map((o) => o.value)")
    assert len(offered) >= 6
    for entry in INFO["algorithms"]:
        if entry["name"] not in offered:
            continue
        app.get_by_label("Algorithm", exact=True).select_option(entry["name"])
        expect(algorithm_about).to_have_text(f"{entry['label']}: {entry['description']}")
        expect(summary).to_contain_text(f"About: {entry['label']} ")
        expect(summary).to_contain_text("is optimal" if entry["optimal"] else re.compile(r"(at most|improves|not optimal)"))
        if not entry["uses_heuristic"]:
            expect(heuristic_about).to_be_hidden()
    app.get_by_label("Algorithm", exact=True).select_option("astar")
    heuristics = app.get_by_label("Heuristic", exact=True).locator("option").evaluate_all("os => os.map((o) => o.value)")
    assert len(heuristics) >= 5
    for entry in INFO["heuristics"]:
        if entry["name"] not in heuristics:
            continue
        app.get_by_label("Heuristic", exact=True).select_option(entry["name"])
        expect(heuristic_about).to_contain_text(entry["description"])
        words = heuristic_about.inner_text()
        assert ("not admissible" in words) != entry["admissible"]
        assert ("not consistent" in words) != entry["consistent"], (entry["name"], words)
        line = summary.inner_text()
        assert entry["label"] in line and ("not admissible" in line) != entry["admissible"], line
        if entry["admissible"]:  # (an inadmissible one is said to be so, and no more)
            assert ("not consistent" in line) != entry["consistent"], line


def why_h(app: Any) -> tuple[int, list[int]]:
    """The h "Why h" shows and the parts its sum line adds."""
    summary = app.locator("#why-h-summary").inner_text()
    match = re.match(r"Why h = (\d+)", summary)
    assert match, summary
    line = app.locator("#why-h-sum").inner_text()
    left, _, right = line.rpartition("=")
    assert int(right) == int(match.group(1)), line
    return int(match.group(1)), [int(part.split(" (")[0]) for part in left.strip().split(" + ")]


def test_why_h_sums_to_pythons_h_on_random_boards_and_follows_the_replay(app: Any, site_url: str) -> None:
    rng = random.Random(11)
    goal = Board.goal(3, 3)
    open_link(app, site_url, "#board=8,6,7,2,5,4,3,0,1&goal=blank-last&algorithm=astar")
    app.locator("#why-h-summary").click()
    for name in ("manhattan", "linear-conflict", "walking-distance", "pdb", "hamming"):
        app.get_by_label("Heuristic", exact=True).select_option(name)
        for _ in range(3):
            board = random_board(3, 3, goal, seed=rng.randrange(10**6))
            editor(app).fill(board.to_string())
            expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", ",".join(map(str, board.tiles)))
            h = estimate(name, board, goal)
            expect(app.locator("#why-h-summary")).to_contain_text(f"Why h = {h} ")
            shown, parts = why_h(app)
            assert shown == h and sum(parts) == h, (name, board, parts)
            if name in ("manhattan", "hamming"):  # each tile's badge is its share
                badges = app.locator("#board [data-h]").evaluate_all("ts => ts.map((t) => Number(t.dataset.h))")
                assert sum(badges) == h
    # At every replay step, "Why h" explains the step's board, forward and back.
    app.get_by_label("Heuristic", exact=True).select_option("manhattan")
    editor(app).fill("8 6 7\n2 5 4\n3 0 1")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "8,6,7,2,5,4,3,0,1")
    assert solve_and_read_length(app) == 31
    for button in ["Step forward"] * 4 + ["Step back"]:
        before = app.get_by_label("Puzzle board").get_attribute("data-board")
        app.get_by_role("button", name=button).click()
        expect(app.get_by_label("Puzzle board")).not_to_have_attribute("data-board", before)
        shown = Board(3, 3, tuple(int(t) for t in str(app.get_by_label("Puzzle board").get_attribute("data-board")).split(",")))
        expect(app.locator("#why-h-summary")).to_contain_text(f"Why h = {estimate('manhattan', shown, goal)} ")


@pytest.mark.parametrize("heuristic", ["linear-conflict", "pdb"])
def test_why_h_fits_a_phone_and_a_desktop(app: Any, site_url: str, heuristic: str) -> None:
    """"Why h" opened (its terms for linear conflicts, its pattern database's parts): nothing
    in the page or the solution's panel leaves the viewport's width on a phone or a desktop."""
    app.set_viewport_size(SIZES[0][1])
    open_link(app, site_url, f"#board=8,6,7,2,5,4,3,0,1&goal=blank-last&algorithm=astar&heuristic={heuristic}")
    app.locator("#why-h-summary").click()
    expect(app.locator("#why-h-summary")).to_contain_text(f"Why h = {estimate(heuristic, Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1)), Board.goal(3, 3))} ")
    for name, viewport in SIZES:
        app.set_viewport_size(viewport)
        expect(app.locator("#why-h-terms")).to_be_visible()
        assert sticking_out(app, ".stage") == [], name
