"""Explain in words: what the chosen algorithm guarantees and what the heuristic is, read from
Python's registries (info), never a second copy in JavaScript."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from npuzzle.webapi import handle

from .pages import open_link

INFO = json.loads(handle(json.dumps({"op": "info"})))


def test_every_algorithm_and_heuristic_is_explained_from_the_registry(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=8,6,7,2,5,4,3,0,1&goal=blank-last")
    algorithm_about, heuristic_about = app.locator("#algorithm-about"), app.locator("#heuristic-about")
    offered = app.get_by_label("Algorithm", exact=True).locator("option").evaluate_all("os => os.map((o) => o.value)")
    assert len(offered) >= 6
    for entry in INFO["algorithms"]:
        if entry["name"] not in offered:
            continue
        app.get_by_label("Algorithm", exact=True).select_option(entry["name"])
        expect(algorithm_about).to_have_text(f"{entry['label']}: {entry['description']}")
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
