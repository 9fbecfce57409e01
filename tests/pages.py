"""Helpers for the browser tests: open a link, solve, read the board."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

TILES_LABEL = "Tiles, row by row (0, _ or . for the blank)"


def open_link(app: Any, site_url: str, fragment: str, *, valid_board: bool = True) -> None:
    app.goto(site_url + fragment)
    expect(app.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=90_000)
    if not valid_board:
        return
    # The worker parses the linked board; "ready" can come before that answer is drawn.
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", re.compile(r"\d"))


def board_of(app: Any) -> str:
    return str(app.get_by_label("Puzzle board").get_attribute("data-board"))


def tiles_of(app: Any) -> tuple[int, ...]:
    return tuple(int(t) for t in board_of(app).split(","))


def editor(app: Any) -> Any:
    return app.get_by_label(TILES_LABEL, exact=True)


def solve_and_read_length(app: Any) -> int:
    app.get_by_role("button", name="Solve").click()
    status = app.locator("#status")
    assert status.get_attribute("role") == "status"
    expect(status).to_contain_text(re.compile(r"\d+ moves"), timeout=90_000)
    match = re.search(r"(\d+) moves", status.inner_text())
    assert match, status.inner_text()
    return int(match.group(1))
