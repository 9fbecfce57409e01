"""Compare, for a class: a link that opens on the comparison of its board, the table copied as
Markdown and downloaded as CSV, the chart downloaded as SVG, each checked against the table
the page shows; the comparison fits a phone and a desktop."""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from typing import Any

from playwright.sync_api import expect

from .pages import SIZES, download, open_link, sticking_out

BOARD = "1,2,3,4,0,6,7,5,8"  # 2 moves from blank-last: every algorithm finishes at once


def table(app: Any) -> list[list[str]]:
    """The comparison table's rows as the page shows them."""
    return [[cell.inner_text().strip() for cell in row.locator("th, td").all()]
            for row in app.locator("#compare-table tbody tr").all()]


def open_comparison(app: Any, site_url: str, fragment: str) -> list[list[str]]:
    open_link(app, site_url, fragment)
    expect(app.locator("#status")).to_have_attribute("data-state", "compared", timeout=90_000)
    rows = table(app)
    assert len(rows) >= 8, rows  # every applicable algorithm and heuristic
    return rows


def test_a_link_opens_on_the_comparison_of_its_board(app: Any, site_url: str) -> None:
    rows = open_comparison(app, site_url, f"#board={BOARD}&goal=blank-last&view=compare")
    assert app.get_by_label("Puzzle board").get_attribute("data-board") == BOARD
    optimal = [r for r in rows if r[3] == "yes"]  # the Optimal column: proven shortest
    assert len(optimal) >= 5 and all(r[2] == "2" for r in optimal)
    # The address keeps the view while the comparison is of the board shown; an edit drops it.
    assert "view=compare" in app.url
    app.get_by_label("Tiles, row by row (0, _ or . for the blank)", exact=True).fill("1 2 3\n4 5 6\n7 0 8")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,0,8")
    expect(app).not_to_have_url(re.compile("view=compare"))
    # Pressing Compare all puts it back, so Copy link shares what the class should see.
    app.get_by_role("button", name="Compare all").click()
    expect(app).to_have_url(re.compile("view=compare"))


def test_an_unknown_view_is_reported_and_the_board_shown(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={BOARD}&view=%3Cb%3Etree")
    expect(app.locator("#link-notice")).to_contain_text('The link\'s view "<b>tree" is not one of compare')
    assert app.locator("#compare-panel").is_hidden()


def test_the_table_exports_match_the_table(app: Any, site_url: str) -> None:
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    rows = open_comparison(app, site_url, f"#board={BOARD}&goal=blank-last&view=compare")
    headers = [th.inner_text().strip() for th in app.locator("#compare-table thead th").all()]

    app.get_by_role("button", name="Copy table as Markdown").click()
    expect(app.locator("#compare-export-state")).to_have_text("Table copied as Markdown.")
    markdown = app.evaluate("navigator.clipboard.readText()")
    lines = markdown.strip().split("\n")
    cells = [[c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines]
    assert cells[0] == headers
    assert all(re.fullmatch(r"-{3}:?", c) for c in cells[1])
    assert cells[2:] == rows

    text = download(app, app.get_by_role("button", name="Download CSV").click, "npuzzle-comparison.csv")
    records = list(csv.DictReader(io.StringIO(text, newline="")))
    assert len(records) == len(rows)
    for record, row in zip(records, rows, strict=True):
        assert record["algorithm"] == row[0]
        assert (record["heuristic"] or "\u2014") == row[1]
        assert (record["length"] or "\u2014") == row[2].split(" ")[0]
        assert record["expanded"] == row[4].replace(",", "")
        assert record["generated"] == row[5].replace(",", "")
        assert (record["max_frontier"] or "\u2014") == row[6].replace(",", "")  # the anytime solver: none
        assert record["ms"] == row[7]
        assert (record["mtm"] or "\u2014") == row[8]  # both counts of every solution (issue 37)
        if record["length"]:
            assert 0 < int(record["mtm"]) <= int(record["length"])

    text = download(app, app.get_by_role("button", name="Download chart (SVG)").click, "npuzzle-comparison.svg")
    svg = ET.fromstring(text.encode())
    ns = {"svg": "http://www.w3.org/2000/svg"}
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(svg.findall("svg:rect", ns)) == len(rows)
    values = [t.text for t in svg.findall("svg:text", ns) if t.get("class") == "value"]
    assert values == [row[4] for row in rows]  # each bar is labelled with its row's nodes expanded
    assert svg.find("svg:style", ns) is not None  # its colours go with it


def test_the_comparison_fits_a_phone_and_a_desktop(app: Any, site_url: str) -> None:
    """Nothing in the page or the comparison's panel (table, chart, exports) leaves the
    viewport's width on a phone or a desktop; a wide table scrolls inside its wrapper."""
    app.set_viewport_size(SIZES[0][1])
    open_comparison(app, site_url, f"#board={BOARD}&goal=blank-last&view=compare")
    for name, viewport in SIZES:
        app.set_viewport_size(viewport)
        assert sticking_out(app, "#compare-panel") == [], name


def test_editing_the_board_after_a_comparison_link_takes_away_its_words_and_its_comparison(app: Any, site_url: str) -> None:
    open_comparison(app, site_url, f"#board={BOARD}&goal=blank-last&view=compare")
    expect(app.locator("#link-carries")).to_have_text("This link opens a comparison of every algorithm on this board.")
    app.get_by_label("Tiles, row by row (0, _ or . for the blank)", exact=True).fill("1 2 3\n4 5 6\n7 0 8")
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", "1,2,3,4,5,6,7,0,8")
    # The comparison and the words of what the link opened were the last board's: they go.
    expect(app.locator("#link-carries")).to_be_hidden()
    expect(app.locator("#compare-panel")).to_be_hidden()
    expect(app.locator("#compare-status")).to_have_text("")
    assert app.locator("#compare-table tbody tr").count() == 0
