"""Pattern databases: the shipped tables, their generator, lookups, symmetries, loading."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from npuzzle import Board, Limits, Progress, Search, StopReason, solve
from npuzzle import pattern_db as pdb
from npuzzle.heuristics import compile_heuristic, heuristic_available, heuristic_ready
from npuzzle.random_boards import random_board
from npuzzle.known import korf100
from npuzzle.pattern_db import (
    SHIPPED,
    build_table,
    file_digest,
    pattern_lookups,
    read_pattern_set,
    symmetries,
)
from npuzzle.tables import DATA_DIR

from . import table_cache
from .helpers import ROOT, advance, call, check_solution, run_npuzzle

# The shipped 4x4 tables, by checksum: regenerating them (python -m npuzzle tables build) must give these bytes.
SHIPPED_SHA256 = {
    "pdb-4x4-663x2.bin": "6154cfa25c77772b29a56ebbdef8ed662d4ef9f08dfa6142363cb4c85a258391",
    "pdb-5x5-55554x2.bin": "0dd7af6ff1d4778184019c700cd4dd7f0925091e570285d4c7c0270390b729b7",
}
KORF_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"  # 57 moves, blank-first goal


# -- the shipped file and its generator ------------------------------------------


def test_shipped_tables_match_their_checksums() -> None:
    for name, digest in SHIPPED_SHA256.items():
        assert file_digest(DATA_DIR / name) == digest
    assert {entry.file for entry in SHIPPED.values()} == set(SHIPPED_SHA256)


@pytest.mark.from_scratch
def test_shipped_table_is_reproduced_by_the_generator() -> None:
    shipped = SHIPPED[(4, 4)]
    tables = read_pattern_set(DATA_DIR / shipped.file)
    assert tables.patterns == shipped.patterns
    assert [[len(p) for p in partition] for partition in shipped.partitions] == [[6, 6, 3]] * 2
    # The 3-tile tables regenerate in a second and must come out byte for byte the same;
    # the 6-tile ones take minutes each (test_six_tile_table_is_reproduced, marked slow).
    for partition in shipped.partitions:
        small = partition[2]
        assert build_table(4, 4, small, shipped.blank_goal) == tables.partition([small]).tables[0]


@pytest.mark.slow
def test_six_tile_table_is_reproduced() -> None:
    shipped = SHIPPED[(4, 4)]
    tables = read_pattern_set(DATA_DIR / shipped.file)
    pattern = shipped.partitions[0][1]
    assert build_table(4, 4, pattern, shipped.blank_goal) == tables.partition([pattern]).tables[0]


def test_the_generator_is_a_command() -> None:
    """``python -m npuzzle tables build [--out DIR]`` (``tables`` alone: see test_cli)."""
    out = run_npuzzle("tables", "build", "--help")
    assert out.returncode == 0, out.stderr
    assert "--out DIR" in out.stdout and "npuzzle/data" in out.stdout
    assert out.stderr == ""


def test_six_tile_tables_are_at_least_their_parts() -> None:
    """Spot values of the big tables: a pattern's distance is at least that of any part of it
    (fewer tiles, fewer constraints), checked against a 4-tile table built here (a 5-tile one
    took 9 s of the fast loop; a 4-tile one is as much a part)."""
    shipped = SHIPPED[(4, 4)]
    tables = read_pattern_set(DATA_DIR / shipped.file)
    six = shipped.partitions[0][0]
    part_tiles = six[:4]
    big = tables.partition([six]).tables[0]
    sources = sorted((ROOT / "npuzzle" / "pattern_db").glob("*.py"))  # built once per version of the generator
    part = table_cache.kept(f"pdb-4x4-{'-'.join(map(str, part_tiles))}", sources,
                            lambda: build_table(4, 4, part_tiles, shipped.blank_goal))
    rng = random.Random(6)
    stronger = 0
    for _ in range(5000):
        cells = rng.sample(range(16), 6)
        big_value = big[sum(c * 16**i for i, c in enumerate(cells))]
        part_value = part[sum(c * 16**i for i, c in enumerate(cells[:4]))]
        assert big_value != 255 and big_value >= part_value
        stronger += big_value > part_value
    assert stronger > 500


# -- lookups and symmetries ------------------------------------------------------


def test_pattern_database_spot_values() -> None:
    lookups = pattern_lookups(4, 4, 15)
    assert len(lookups) == 4  # two partitions, each read directly and through the reflection
    goal = list(range(1, 16)) + [0]
    for lookup in lookups:
        assert lookup.evaluate(goal) == 0
    # Tiles 1 and 5 swapped. Partition B read directly holds both in one pattern and sees
    # the conflict (more than Manhattan's 2); its reflection splits them, and sees 2.
    swapped = [5, 2, 3, 4, 1] + list(range(6, 16)) + [0]
    assert lookups[0].group[1] == lookups[0].group[5]
    assert lookups[1].group[1] != lookups[1].group[5]
    assert lookups[0].evaluate(swapped) > 2 == lookups[1].evaluate(swapped)
    assert compile_heuristic("pdb", 4, 4, 15).evaluate(swapped) == max(
        lookup.evaluate(swapped) for lookup in lookups
    )


def transposed(cells: list[int], n: int) -> list[int]:
    """Relabelled cells of the board reflected about its main diagonal (goal blank-last)."""
    def t(p: int) -> int:
        return (p % n) * n + p // n

    out = [0] * (n * n)
    for pos, label in enumerate(cells):
        out[t(pos)] = 0 if label == 0 else t(label - 1) + 1
    return out


@pytest.mark.parametrize("n", [3, 4])
def test_reflected_lookup_is_the_direct_lookup_of_the_reflected_board(n: int) -> None:
    lookups = pattern_lookups(n, n, n * n - 1)
    pairs = [(lookups[i], lookups[i + 1]) for i in range(0, len(lookups), 2)]
    rng = random.Random(n)
    cells = list(range(1, n * n)) + [0]
    for direct, reflected in pairs:
        for _ in range(300):
            rng.shuffle(cells)
            assert reflected.evaluate(cells) == direct.evaluate(transposed(cells, n))
    h = compile_heuristic("pdb", n, n, n * n - 1).evaluate
    differ = 0
    for _ in range(300):
        rng.shuffle(cells)
        values = [lookup.evaluate(cells) for lookup in lookups]
        assert h(cells) == max(values)
        differ += len(set(values)) > 1
    assert differ > 100  # the other readings group other tiles together, so they add something


def test_one_lookup_where_no_reflection_keeps_the_blank() -> None:
    assert len(pattern_lookups(2, 3, 5)) == 1  # a rectangle: no diagonal
    assert len(pattern_lookups(3, 3, 0)) == 2  # a corner blank: the diagonal keeps it
    assert len(pattern_lookups(3, 3, 4)) == 2  # the centre: several symmetries, two are used


def test_symmetries_keep_adjacency() -> None:
    for rows, cols in ((4, 4), (3, 3), (2, 3)):
        for mapping in symmetries(rows, cols):
            assert sorted(mapping) == list(range(rows * cols))
            for p in range(rows * cols):
                for q in range(rows * cols):
                    adjacent = abs(p // cols - q // cols) + abs(p % cols - q % cols) == 1
                    mp, mq = mapping[p], mapping[q]
                    assert adjacent == (abs(mp // cols - mq // cols) + abs(mp % cols - mq % cols) == 1)


# -- which goals the 4x4 tables serve ----------------------------------------------


def test_pdb_for_4x4_needs_a_corner_blank() -> None:
    assert heuristic_available("pdb", 4, 4, 0) and heuristic_available("pdb", 4, 4, 3)
    assert not heuristic_available("pdb", 4, 4, 5)
    assert heuristic_available("pdb", 5, 5, 24) and not heuristic_available("pdb", 5, 5, 12)
    assert not heuristic_available("pdb", 6, 6, 35)
    with pytest.raises(ValueError, match="corner"):
        pattern_lookups(4, 4, 5)


@pytest.mark.parametrize("corner", [3, 12])
def test_4x4_pattern_databases_serve_every_corner_goal(corner: int) -> None:
    """Korf's instances mirrored (blank goal top-right) or turned (bottom-left) with their
    goal keep their optimal lengths; the tables reach those goals through a symmetry."""
    def mirror(p: int) -> int:  # left-right: the blank-first goal's blank goes to cell 3
        return (p // 4) * 4 + 3 - p % 4

    def turn(p: int) -> int:  # a quarter turn: cell 0 goes to cell 12
        r, c = divmod(p, 4)
        return (3 - c) * 4 + r

    move = mirror if corner == 3 else turn
    goal_tiles = [0] * 16
    for p, t in enumerate(Board.goal(4, 4, "blank-first").tiles):
        goal_tiles[move(p)] = t
    goal = Board(4, 4, tuple(goal_tiles))
    assert goal.blank == corner
    for ident in (55, 97, 12):
        _, length, tiles = next(case for case in korf100() if case[0] == ident)
        moved = [0] * 16
        for p, t in enumerate(tiles):
            moved[move(p)] = t
        board = Board(4, 4, tuple(moved))
        result = solve(board, goal, limits=Limits(max_nodes=10**6))
        assert result.heuristic == "pdb" and result.length == length
        check_solution(board, goal, result)


# -- loading -------------------------------------------------------------------------


def test_tables_load_a_step_at_a_time_and_a_cancel_is_seen_between_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The 4x4 tables are tens of megabytes once decompressed; a search loads them one
    table per step, reporting the stage, so the browser's worker can take a cancel."""

    def fresh() -> Search:
        monkeypatch.setattr(pdb, "_LOADED", {})
        compile_heuristic.cache_clear()
        pdb.pattern_lookups.cache_clear()
        return Search(Board.from_string(KORF_1), Board.goal(4, 4, "blank-first"), "idastar", "pdb")

    search = fresh()
    stages = []
    out = advance(search)
    while isinstance(out, Progress) and out.stage:
        stages.append(out.stage)
        assert out.expanded == 0 and out.to_dict()["stage"] == "Loading pattern databases"
        out = advance(search)
    assert len(stages) >= len(pdb.SHIPPED[(4, 4)].patterns)  # at least one step per table
    result = search.run()
    assert result.stop is StopReason.SOLVED and result.length == 57 and result.setup_seconds > 0

    search = fresh()
    progress = advance(search)
    assert isinstance(progress, Progress) and progress.stage
    search.cancel()
    cancelled = search.result
    assert cancelled is not None
    assert cancelled.stop is StopReason.CANCELLED and cancelled.expanded == 0
    assert "stage" not in cancelled.to_dict()
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()


def test_an_anytime_solve_shows_a_solution_before_its_tables_are_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default solver's first answer (the reduction) needs no tables: it comes with the
    first step, while the 4x4 tables still load, and the search goes on to the optimum."""
    monkeypatch.setattr(pdb, "_LOADED", {})
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()
    board, goal = Board.from_string(KORF_1), Board.goal(4, 4, "blank-first")
    search = Search(board, goal)
    first = advance(search)
    assert isinstance(first, Progress) and first.stage == "Loading pattern databases"
    assert first.path is not None and first.best == len(first.path) - 1 and search.best is not None
    tiles, _ = search.best
    assert board.play(tiles) == goal and len(tiles) >= 57
    later = advance(search)
    assert isinstance(later, Progress) and later.stage and later.path is None  # still loading
    assert later.best == first.best  # the status keeps naming the solution shown
    result = search.run()
    assert result.length == 57 and result.optimal and result.setup_seconds > 0
    # Stopped while its tables load, it keeps the solution it showed.
    monkeypatch.setattr(pdb, "_LOADED", {})
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()
    search = Search(board, goal)
    first = advance(search)
    assert isinstance(first, Progress) and first.stage and first.best is not None
    search.cancel()
    stopped = search.result
    assert stopped is not None
    assert stopped.stop is StopReason.CANCELLED and stopped.length == first.best
    assert board.play(stopped.tiles) == goal
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()


@pytest.mark.parametrize("shape", [(3, 3, 8), (3, 3, 4), (2, 4, 0)])
def test_small_boards_build_their_tables_in_short_steps(shape: tuple[int, int, int]) -> None:
    """Tables built on demand come a few thousand states per step, like a loaded file's,
    so that a browser's worker answers while it builds them; the result is the same."""
    rows, cols, blank = shape
    pdb._BUILT.pop(shape, None)
    steps = pdb.table_loading(rows, cols, blank)
    assert steps is not None
    count = sum(1 for _ in steps)
    assert count >= (2 if rows * cols == 9 else 1)
    assert pdb.table_loading(rows, cols, blank) is None  # built once
    built = pdb._BUILT[shape]
    again = pdb.build_pattern_set(rows, cols, blank, pdb.halves(rows, cols, blank))
    assert built.patterns == again.patterns and built.tables == again.tables


def test_an_anytime_solve_answers_while_its_files_are_fetched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default solver does not wait for a download: its first answer names the files
    it needs and carries a first solution; it then waits (saying so, keeping that solution)
    until the files are there, loads them and ends with the optimum."""
    monkeypatch.setattr("npuzzle.tables.DATA_DIR", tmp_path)
    monkeypatch.setattr(pdb, "_LOADED", {})
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()
    board, goal = Board.from_string(KORF_1), Board.goal(4, 4, "blank-first")
    answer = call({"op": "solve", "board": KORF_1, "goal": "blank-first"})
    assert answer["ok"] is True and answer["need"] == ["pdb-4x4-663x2.bin"]
    first = answer["solution"]
    assert board.play(first["tiles"]) == goal
    assert answer["progress"]["stage"] == "Downloading pattern databases"
    waiting = call({"op": "step", "job": answer["job"]})
    assert waiting["progress"]["stage"] == "Downloading pattern databases"
    assert waiting["progress"]["best"] == len(first["tiles"]) and "solution" not in waiting
    (tmp_path / "pdb-4x4-663x2.bin").write_bytes((DATA_DIR / "pdb-4x4-663x2.bin").read_bytes())
    out = waiting
    while out["type"] == "progress":
        out = call({"op": "step", "job": answer["job"], "budget_ms": 200})
    assert out["type"] == "result" and out["result"]["length"] == 57 and out["result"]["optimal"]
    # Cancelled while waiting, it keeps the first solution.
    (tmp_path / "pdb-4x4-663x2.bin").unlink()
    monkeypatch.setattr(pdb, "_LOADED", {})
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()
    answer = call({"op": "solve", "board": KORF_1, "goal": "blank-first"})
    stopped = call({"op": "cancel", "job": answer["job"]})
    assert stopped["result"]["stopped"] == "cancelled" and stopped["result"]["length"] == len(answer["solution"]["tiles"])
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()


def test_a_big_boards_anytime_solve_wants_the_cores_tables_and_uses_them_once_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A big board's anytime search names the 5x5 tables its core uses in "want" (not
    "need": it does not wait for them), answers without them, and loads them (a step at a
    time) as soon as their file is there."""
    monkeypatch.setattr("npuzzle.tables.DATA_DIR", tmp_path)
    monkeypatch.setattr(pdb, "_LOADED", {})
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()
    goal = Board.goal(7, 7)
    board = random_board(7, 7, goal, seed=5)
    # Steps of a few milliseconds, however loaded the machine: what is asserted is what comes,
    # not how soon (a first 100 ms step found no solution yet under a load of 13).
    request = {"op": "solve", "board": board.to_string(), "budget_ms": 10, "time_limit": 60}
    answer = call(request)
    assert answer["ok"] is True and answer["want"] == ["pdb-5x5-55554x2.bin"] and "need" not in answer
    out = answer
    while "solution" not in out:
        assert out["type"] == "progress", out
        out = call({"op": "step", "job": answer["job"], "budget_ms": 10})
    assert board.play(out["solution"]["tiles"]) == goal
    stopped = call({"op": "cancel", "job": answer["job"]})
    assert stopped["result"]["length"] is not None and not heuristic_ready("pdb", 5, 5, 24)
    assert "want" not in call({"op": "solve", "board": board.to_string(), "algorithm": "greedy", "time_limit": 1})
    (tmp_path / "pdb-5x5-55554x2.bin").write_bytes((DATA_DIR / "pdb-5x5-55554x2.bin").read_bytes())
    answer = call(request)
    assert "want" not in answer
    out = answer
    steps = 0
    while out["type"] == "progress" and not heuristic_ready("pdb", 5, 5, 24):  # loaded by the search, for its core
        out = call({"op": "step", "job": answer["job"], "budget_ms": 10})
        steps += 1
    assert steps > 1  # a step at a time
    out = call({"op": "cancel", "job": answer["job"]})
    assert out["type"] == "result" and board.play(out["result"]["tiles"]) == goal
    assert heuristic_ready("pdb", 5, 5, 24)
    compile_heuristic.cache_clear()
    pdb.pattern_lookups.cache_clear()


def test_missing_tables_are_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("npuzzle.tables.DATA_DIR", tmp_path)
    answer = call({"op": "solve", "board": KORF_1, "goal": "blank-first", "algorithm": "idastar"})
    assert answer["ok"] is False
    assert answer["error"] == {
        "field": "tables", "message": "the pdb heuristic needs pdb-4x4-663x2.bin", "need": ["pdb-4x4-663x2.bin"],
    }
    # The analysis still names pdb as the default: the browser fetches it on Solve.
    assert call({"op": "analyze", "board": KORF_1, "goal": "blank-first"})["default_heuristic"] == "pdb"
    assert call({"op": "compare", "board": KORF_1, "goal": "blank-first"})["error"]["need"] == ["pdb-4x4-663x2.bin"]
    # A 3x3 board needs no file.
    assert call({"op": "solve", "board": "8 6 7 2 5 4 3 0 1", "budget_ms": 1000})["ok"] is True
