"""A request is read once, by npuzzle/request.py, for both front doors: the same refusals
(one error type naming the field), the same defaults and the same table checks."""

from __future__ import annotations

import io
import json

import pytest

from npuzzle import ALGORITHMS, cli, tables
from npuzzle.request import RequestError, read_compare, read_solve
from npuzzle.search import DEFAULT_TREE_EXPANSIONS
from npuzzle.webapi import CAPS, MAX_NODES_CAP

from .helpers import call

KORF1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"


def _cli_error(*args: str) -> str:
    err = io.StringIO()
    assert cli.main(list(args), stdout=io.StringIO(), stderr=err) == 2
    return err.getvalue().strip()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"algorithm": "iddfs", "heuristic": "pdb"}, "heuristic"),
        ({"algorithm": "bfs", "heuristic": "manhattan"}, "heuristic"),
        ({"algorithm": "astar", "weight": 2}, "weight"),
        ({"algorithm": "anytime", "tree": True}, "algorithm"),
        ({"algorithm": "astar", "tree": True, "max_nodes": 5000}, "max_nodes"),
    ],
)
def test_both_doors_refuse_alike_naming_the_field(fields: dict[str, object], field: str) -> None:
    board = "1 2 3 4 5 6 7 0 8"
    with pytest.raises(RequestError) as caught:
        read_solve({"board": board, **fields}).start()
    assert caught.value.field == field
    web = call({"op": "solve", "board": board, **fields})["error"]
    assert web == {"field": field, "message": caught.value.message}
    flags = [f"--{k.replace('_', '-')}" if v is True else f"--{k.replace('_', '-')}={v}" for k, v in fields.items()]
    assert _cli_error("solve", board, *flags) == f"npuzzle: error: --{field.replace('_', '-')}: {caught.value.message}"


def test_defaults_are_the_request_modules() -> None:
    board = {"board": "1 2 3 4 5 6 7 0 8"}
    for name, info in ALGORITHMS.items():
        assert read_solve({**board, "algorithm": name}).limits.max_nodes == info.default_max_nodes
    assert read_solve(board).limits.max_nodes == ALGORITHMS["anytime"].default_max_nodes
    assert read_solve({**board, "algorithm": "astar", "tree": True}).limits.max_nodes == DEFAULT_TREE_EXPANSIONS
    assert read_compare(board).limits.max_nodes == 100_000 and read_compare(board).limits.time_limit == 5.0


def test_the_web_caps_what_the_page_asks_the_command_line_does_not() -> None:
    fields = {"board": "1 2 3 4 5 6 7 0 8", "algorithm": "idastar", "max_nodes": MAX_NODES_CAP + 1}
    with pytest.raises(RequestError, match="at most"):
        read_solve(fields, CAPS)
    assert read_solve(fields).limits.max_nodes == MAX_NODES_CAP + 1
    out = io.StringIO()
    assert cli.main(["solve", "1 2 3 4 5 6 7 0 8", "--algorithm", "idastar", "--max-nodes", str(10**10), "--json"],
                    stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue())["length"] == 1


def test_missing_tables_are_refused_unless_the_search_can_wait_for_them(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)
    idastar = read_solve({"board": KORF1, "goal": "blank-first", "algorithm": "idastar"})
    for fetching in (False, True):  # IDA* cannot start without them, fetched or not
        with pytest.raises(RequestError) as caught:
            idastar.start(fetching=fetching)
        assert caught.value.field == "tables" and caught.value.details["need"] == ["pdb-4x4-663x2.bin"]
    default = read_solve({"board": KORF1, "goal": "blank-first"})
    with pytest.raises(RequestError, match="pdb-4x4-663x2.bin"):
        default.start()  # nobody fetches them: refused
    search, need = default.start(fetching=True)  # the browser fetches them: it starts, and waits
    assert need == ("pdb-4x4-663x2.bin",) and search.info.anytime
    search.cancel()


def test_a_random_board_is_asked_alike_through_both_doors() -> None:
    from npuzzle.request import read_random

    with pytest.raises(RequestError) as caught:
        read_random({"size": "3", "moves": 4, "unsolvable": True})
    assert caught.value.field == "moves"
    assert call({"op": "random", "size": "3", "moves": 4, "unsolvable": True})["error"] == {
        "field": "moves", "message": caught.value.message}
    assert _cli_error("random", "--size", "3", "--moves", "4", "--unsolvable") == f"npuzzle: error: --moves: {caught.value.message}"
    out = io.StringIO()
    assert cli.main(["random", "--size", "3x4", "--seed", "7"], stdout=out, stderr=io.StringIO()) == 0
    assert out.getvalue().strip() == call({"op": "random", "size": "3x4", "seed": "7"})["board"]
