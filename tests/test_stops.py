"""Why a job stopped: one closed set of values (``StopReason``, npuzzle/search/result.py), worded
once per side (``StopReason.stopped_by``; the page's web/common/stops.js). The web API's ``info``
lists the values (``stop_reasons``); the page's module words exactly those (read here by Node, as
the page imports it), and every job that stops early (a search, an analysis, a check, a person's
search) says so with one of them."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from npuzzle import StopReason
from npuzzle.custom import SEARCH_TEMPLATE, TEMPLATE
from npuzzle.custom.check import STOPS as CHECK_STOPS
from npuzzle.search.result import EARLY_STOPS
from npuzzle.webapi import handle_dict

from .helpers import ROOT

HARD = "8 6 7 2 5 4 3 0 1"  # 31 moves from the 3x3 goal


def page_words() -> dict[str, Any]:
    """What web/common/stops.js words: its WORDED values, and stoppedBy's answer for each of
    StopReason's values (and the short form), read by Node importing the page's own module."""
    script = (
        "const m = await import('./web/common/stops.js');"
        f"const values = {json.dumps([r.value for r in StopReason])};"
        "console.log(JSON.stringify({worded: m.WORDED,"
        " words: values.map((v) => [v, m.stoppedBy(v), m.stoppedBy(v, {short: true})])}));"
    )
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to read the page's module (tests/run.sh installs it)")
    done = subprocess.run([node, "--no-warnings", "--input-type=module", "-e", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_info_lists_every_early_stop_and_the_page_words_exactly_those() -> None:
    info = handle_dict({"op": "info"})
    early = [reason.value for reason in StopReason if not reason.finished]
    assert info["stop_reasons"] == early == [r.value for r in EARLY_STOPS]
    assert len(early) == 3
    page = page_words()
    assert sorted(page["worded"]) == sorted(early)
    assert [value for value, _, _ in page["words"]] == [r.value for r in StopReason]
    for value, long, short in page["words"]:
        if StopReason(value).finished:
            assert (long, short) == (None, None), value  # an answer is not a stop
        else:
            # Both sides word a value the same way (the page's cancel: "you", its default).
            assert long == StopReason(value).stopped_by(cancelled="you"), value
            assert short == StopReason(value).stopped_by(short=True), value


def test_python_words_each_early_stop_once_with_its_contexts_as_parameters() -> None:
    assert [r.stopped_by() for r in EARLY_STOPS] == ["the node limit", "the time limit", "cancellation"]
    assert StopReason.CANCELLED.stopped_by("you (Ctrl-C)") == "you (Ctrl-C)"
    assert StopReason.NODE_LIMIT.stopped_by("you") == "the node limit"
    assert [r.stopped_by(short=True) for r in EARLY_STOPS] == ["node limit", "time limit", "cancelled"]
    for finished in (StopReason.SOLVED, StopReason.UNSOLVABLE):
        with pytest.raises(ValueError, match="not an early stop"):
            finished.stopped_by()


def test_every_job_stops_with_one_of_the_values() -> None:
    assert set(CHECK_STOPS) <= set(handle_dict({"op": "info"})["stop_reasons"])
    # A person's search and a search, stopped by the node limit through the web API.
    searched = handle_dict({"op": "user_search", "board": HARD, "search_code": SEARCH_TEMPLATE, "max_nodes": 50})
    assert searched["result"]["stopped"] == StopReason.NODE_LIMIT.value, searched
    solved = run({"op": "solve", "board": HARD, "algorithm": "bfs", "max_nodes": 50})
    assert solved["result"]["stopped"] == StopReason.NODE_LIMIT.value, solved
    assert solved["result"]["quality"] == "not finished (node limit)"
    # A check of a person's heuristic and an analysis, stopped by the time limit.
    checked = run({"op": "check", "heuristic_code": TEMPLATE, "size": "3x3", "time_limit": 0.001})
    assert checked["check"]["stopped"] == StopReason.TIME_LIMIT.value, checked
    analysed = run({"op": "analyse", "board": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "moves": "RL",
                    "notation": "page", "time_limit": 0.0001})
    assert analysed["analysis"]["stopped"] == StopReason.TIME_LIMIT.value, analysed


def run(request: dict[str, object]) -> dict[str, Any]:
    """A job of the web API stepped to its last answer."""
    answer = handle_dict(request)
    while answer.get("type") == "progress":
        answer = handle_dict({"op": "step", "job": answer["job"]})
    return answer
