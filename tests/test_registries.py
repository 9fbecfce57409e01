"""A heuristic or an algorithm is added by one registry entry: the CLI, the web API and
``compare`` ask the registries what it needs and takes, never its name.

Two made-up entries show it: a heuristic that reads a table file (Manhattan distance, served
from a file the browser would fetch), and weighted A* behind an option of its own, ``w2``.
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from npuzzle import ALGORITHMS, HEURISTICS, Board, cli
from npuzzle.heuristics import Compiled, HeuristicInfo, compile_heuristic
from npuzzle.search import AlgorithmInfo, AlgorithmOption, Limits
from npuzzle.search.problem import Problem
from npuzzle.search.steps import Options, Steps
from npuzzle.search.weighted_astar import weighted_astar
from npuzzle.tables import TableFiles, data_path

from .helpers import call, check_solution, run_job

HARD = "8 6 7 2 5 4 3 0 1"  # 31 moves
FAKE_FILE = "fake-manhattan.bin"


# -- a heuristic that needs a table file ------------------------------------------------


def _fake_files(rows: int, cols: int, blank_goal: int) -> tuple[str, ...]:
    return (FAKE_FILE,)


def _fake_loading(rows: int, cols: int, blank_goal: int) -> Iterator[None] | None:
    return None  # read at once by compile


def _compile_fake(rows: int, cols: int, blank_goal: int) -> Compiled:
    if not data_path(FAKE_FILE).is_file():
        raise FileNotFoundError(f"{FAKE_FILE} is missing")
    return dataclasses.replace(HEURISTICS["manhattan"].compile(rows, cols, blank_goal), name="fake")


FAKE_HEURISTIC = HeuristicInfo(
    "fake", "Fake tables", True, True, "Manhattan distance, read from a table file.",
    _compile_fake, strength=-1,
    tables=TableFiles(_fake_files, _fake_loading, "Loading fake tables"),
)


@pytest.fixture
def fake_heuristic(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """The fake heuristic registered, with an empty data folder; yields its file's path."""
    monkeypatch.setitem(HEURISTICS, "fake", FAKE_HEURISTIC)
    monkeypatch.setattr("npuzzle.tables.DATA_DIR", tmp_path)
    compile_heuristic.cache_clear()
    yield tmp_path / FAKE_FILE
    compile_heuristic.cache_clear()


def test_a_table_backed_heuristic_is_listed_and_its_file_asked_for(fake_heuristic: Path) -> None:
    info = call({"op": "info"})
    assert {"name": "fake", "label": "Fake tables", "uses_tables": True}.items() <= info["heuristics"][-1].items()
    analysis = call({"op": "analyze", "board": HARD})
    assert "fake" in analysis["applicable"]["heuristics"]
    assert analysis["default_heuristic"] == "pdb"  # the weakest ranked: not the default

    need = {"field": "tables", "message": f"the fake heuristic needs {FAKE_FILE}", "need": [FAKE_FILE]}
    assert call({"op": "solve", "board": HARD, "algorithm": "idastar", "heuristic": "fake"})["error"] == need
    assert call({"op": "solve", "board": HARD, "algorithm": "wastar", "heuristic": "fake"})["error"] == need
    # The default (anytime) starts at once, naming the file it waits for.
    started = call({"op": "solve", "board": HARD, "heuristic": "fake"})
    assert started["ok"] is True and started["need"] == [FAKE_FILE] and "solution" in started
    assert call({"op": "cancel", "job": started["job"]})["result"]["stopped"] == "cancelled"
    compared = call({"op": "compare", "board": HARD})
    assert compared["ok"] is False and compared["error"]["field"] == "tables"
    assert compared["error"]["need"] == [FAKE_FILE]
    # A solve with another heuristic needs no file.
    assert call({"op": "solve", "board": HARD, "heuristic": "manhattan", "budget_ms": 1000})["ok"] is True


def test_once_its_file_is_there_it_solves_everywhere(fake_heuristic: Path) -> None:
    fake_heuristic.write_bytes(b"tables")  # what the browser's worker does after a "need"
    answer = run_job(call({"op": "solve", "board": HARD, "heuristic": "fake", "budget_ms": 1000}))
    result = answer["result"]
    assert (result["algorithm"], result["heuristic"], result["length"], result["optimal"]) == (
        "anytime", "fake", 31, True)
    check_solution(Board.from_string(HARD), Board.goal(3), result)
    comparison = run_job(call({"op": "compare", "board": HARD, "max_nodes": 20_000, "budget_ms": 1000}))
    fake = [r for r in comparison["results"] if r["heuristic"] == "fake"]
    informed = [name for name, a in ALGORITHMS.items() if a.uses_heuristic]
    assert [r["algorithm"] for r in fake] == informed
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["solve", HARD, "--heuristic", "fake", "--json"], stdout=out, stderr=err) == 0, err.getvalue()
    assert json.loads(out.getvalue())["heuristic"] == "fake"


# -- an algorithm with an option of its own -------------------------------------------------


W2 = AlgorithmOption("w2", "Weight w2", 2.0, 1.0, 10.0, 0.5, "f = g + w2*h.")


def _weighted_by_w2(problem: Problem, heuristic: Compiled, limits: Limits, options: Options) -> Steps:
    return weighted_astar(problem, heuristic, limits, {"weight": options["w2"]})


FAKE_ALGORITHM = AlgorithmInfo(
    "wastar2", "Weighted A* (w2)", False, "Weighted A* with its weight named w2.",
    informed=_weighted_by_w2, options=(W2,), factor_option="w2",
)


@pytest.fixture
def fake_algorithm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ALGORITHMS, "wastar2", FAKE_ALGORITHM)


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(args), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_cli_grows_the_option(fake_algorithm: None, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli("solve", HARD, "--algorithm", "wastar2", "--w2", "3", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert (data["options"], data["suboptimality"], data["optimal"], data["weight"]) == ({"w2": 3.0}, 3.0, False, None)
    assert 31 <= data["length"] <= 93
    check_solution(Board.from_string(HARD), Board.goal(3), data)
    for args, message in (
        (["--algorithm", "wastar2", "--w2", "0.5"], "the w2 must be at least 1, not 0.5"),
        (["--algorithm", "wastar2", "--w2", "11"], "the w2 must be at most 10, not 11"),
        (["--algorithm", "astar", "--w2", "3"], "astar takes no w2"),
    ):
        status, out, err = run_cli("solve", HARD, *args)
        assert (status, out) == (2, "")
        assert len(err.splitlines()) == 1 and message in err
    status, out, err = run_cli("compare", HARD, "--w2", "3", "--max-nodes", "20000", "--json")
    assert status == 0, err
    runs = {(r["algorithm"], r["heuristic"]): r for r in json.loads(out)}
    assert runs[("wastar2", "manhattan")]["options"] == {"w2": 3.0}
    assert runs[("wastar", "manhattan")]["options"] == {"weight": 1.5}
    with pytest.raises(SystemExit) as done:
        cli.main(["solve", "--help"])
    assert done.value.code == 0
    assert "--w2 W" in capsys.readouterr().out


def test_the_web_api_takes_the_option(fake_algorithm: None) -> None:
    algorithms = {a["name"]: a for a in call({"op": "info"})["algorithms"]}
    assert algorithms["wastar2"]["options"] == [W2.to_dict()]
    result = run_job(call({"op": "solve", "board": HARD, "algorithm": "wastar2", "w2": 3, "budget_ms": 1000}))["result"]
    assert (result["options"], result["suboptimality"], result["quality"]) == (
        {"w2": 3.0}, 3.0, "at most 3 \u00d7 optimal")
    check_solution(Board.from_string(HARD), Board.goal(3), result)
    assert result["length"] <= 93
    for request, message in (
        ({"algorithm": "wastar2", "w2": 20}, "the w2 must be at most 10, not 20"),
        ({"algorithm": "wastar2", "w2": 0.5}, "the w2 must be at least 1, not 0.5"),
        ({"algorithm": "wastar2", "w2": "heavy"}, 'w2 must be a number, not "heavy"'),
        ({"algorithm": "astar", "w2": 3}, "astar takes no w2"),
    ):
        error: dict[str, Any] = call({"op": "solve", "board": HARD, **request})["error"]
        assert error == {"field": "w2", "message": message}
    assert call({"op": "compare", "board": HARD, "w2": 20})["error"]["field"] == "w2"


def test_compare_runs_it_with_its_option(fake_algorithm: None) -> None:
    answer = run_job(call({"op": "compare", "board": HARD, "w2": 3, "max_nodes": 20_000, "budget_ms": 1000}))
    results = answer["results"]
    mine = [r for r in results if r["algorithm"] == "wastar2"]
    assert [r["heuristic"] for r in mine] == list(HEURISTICS)
    # Every entry of the registry, by what it says of itself (not a count, which any new
    # algorithm would break): one run per heuristic if it uses one, else one run without;
    # none if it does not suit a 3x3 board; each run given exactly its own options.
    for name, info in ALGORITHMS.items():
        runs = [r for r in results if r["algorithm"] == name]
        expected = (list(HEURISTICS) if info.uses_heuristic else [None]) if info.suits(3, 3) else []
        assert [r["heuristic"] for r in runs] == expected, name
        assert all(set(r["options"]) == {o.name for o in info.options} for r in runs), name
    assert {r["algorithm"] for r in results} <= set(ALGORITHMS)
    # Each run of it solved, its solution replayed and within w2 times the known 31 moves, or
    # stopped by the 20,000 nodes it was given, with none. Both kinds occur: at w2 = 3 Manhattan
    # solves in under 1,000 nodes, Hamming (at most 8, a poor guide) needs about 36,000.
    solved = [r for r in mine if r["stopped"] is None]
    stopped = [r for r in mine if r["stopped"] is not None]
    assert "manhattan" in {r["heuristic"] for r in solved} and "hamming" in {r["heuristic"] for r in stopped}
    assert all(r["options"] == {"w2": 3.0} for r in mine)
    for r in solved:
        check_solution(Board.from_string(HARD), Board.goal(3), r)
        assert 31 <= r["length"] <= 3 * 31
    assert [(r["stopped"], r["expanded"], r["length"]) for r in stopped] == [("node-limit", 20_000, None)] * len(stopped)
    assert {json.dumps(r["options"]) for r in results if r["algorithm"] == "wastar"} == {'{"weight": 1.5}'}
