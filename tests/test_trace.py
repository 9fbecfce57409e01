"""The search as it runs: the trace a search records when asked (samples of its counts,
IDA*'s and IDDFS's iterations), in the CLI's ``--json --trace`` and the web API's
``"trace": true``, and nothing of it when not asked."""

from __future__ import annotations

import json
from typing import Any

import pytest

from npuzzle import Board, Limits, Search, StopReason, solve
from npuzzle.known import HARDEST_BLANK_LAST, eight_puzzle_distances, korf100
from npuzzle.random_boards import random_board
from npuzzle.search import MAX_SAMPLES, Iteration, Sample, SearchResult, Trace
from npuzzle.webapi import handle_dict

from .helpers import advance, call, check_solution, run_job, run_npuzzle

HARD = Board.from_string(HARDEST_BLANK_LAST[0])
"""A 31-move 8-puzzle."""
GOAL3 = Board.goal(3)


def some_8_puzzles(count: int, seed: int = 11) -> list[tuple[Board, int]]:
    """Solvable 3x3 boards spread over the distances, with their optimal lengths."""
    distances = eight_puzzle_distances("blank-last")
    boards = sorted(distances.items())[seed::181_440 // count][:count]
    return [(Board(3, 3, tiles), length) for tiles, length in boards]


def check_iterations(result: SearchResult) -> list[Iteration]:
    """The iteration rows of an IDA* or IDDFS result: they add up to its counts exactly,
    their bounds strictly rise, only the last may be unfinished, and each ended later."""
    assert result.trace is not None
    rows = result.trace.iterations
    assert rows, result
    assert sum(r.expanded for r in rows) == result.expanded
    assert sum(r.generated for r in rows) == result.generated
    assert all(a.bound < b.bound for a, b in zip(rows, rows[1:])), [r.bound for r in rows]
    assert all(r.outcome == "exhausted" for r in rows[:-1])
    assert rows[-1].outcome == result.stop.value
    assert all(r.seconds >= 0 and r.expanded >= 0 for r in rows)
    assert all(a.ended <= b.ended for a, b in zip(rows, rows[1:]))
    assert rows[-1].bound == result.bound
    return rows


def check_samples(result: SearchResult) -> list[Sample]:
    """Samples rise in time and in nodes, stay within the cap, and end on the result's counts."""
    assert result.trace is not None
    samples = result.trace.samples
    assert 1 <= len(samples) <= result.trace.cap
    assert all(a.seconds <= b.seconds for a, b in zip(samples, samples[1:]))
    assert all(a.expanded <= b.expanded for a, b in zip(samples, samples[1:]))
    assert all(a.generated <= b.generated for a, b in zip(samples, samples[1:]))
    last = samples[-1]
    assert (last.expanded, last.generated) == (result.expanded, result.generated)
    assert last.seconds == pytest.approx(result.seconds)
    return samples


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict", "pdb", "hamming"])
def test_ida_star_iterations_add_up_and_end_at_the_length(heuristic: str) -> None:
    for board, length in some_8_puzzles(12):
        result = solve(board, algorithm="idastar", heuristic=heuristic, trace=True)
        assert result.length == length and result.optimal
        rows = check_iterations(result)
        # With an admissible heuristic, the last bound is the solution's length.
        assert rows[-1].bound == length and rows[-1].outcome == "solved"
        check_samples(result)


def test_ida_star_iterations_on_the_15_puzzle() -> None:
    goal = Board.goal(4, 4, "blank-first")
    for number, length, tiles in korf100()[:3]:
        board = Board(4, 4, tuple(tiles))
        result = solve(board, goal, algorithm="idastar", heuristic="pdb", trace=True)
        assert result.length == length, number
        rows = check_iterations(result)
        assert rows[-1].bound == length
        check_solution(board, goal, result)


def test_iddfs_iterations_are_the_depth_limits() -> None:
    distances = eight_puzzle_distances("blank-last")
    for length in (0, 1, 5, 9, 12, 14):  # IDDFS repeats its work: short ones keep it quick
        board = Board(3, 3, min(tiles for tiles, d in distances.items() if d == length))
        result = solve(board, algorithm="iddfs", trace=True)
        assert result.length == length
        rows = check_iterations(result)
        assert [r.bound for r in rows] == (list(range(1, length + 1)) if length else [0])
        assert rows[-1].outcome == "solved"
        check_samples(result)


@pytest.mark.parametrize("algorithm", ["idastar", "iddfs"])
def test_iterations_add_up_when_a_limit_stops_the_search(algorithm: str) -> None:
    for limits in (Limits(max_nodes=20_000), Limits(max_nodes=10**8, time_limit=0.05)):
        result = solve(HARD, algorithm=algorithm, heuristic="hamming" if algorithm == "idastar" else None,
                       limits=limits, trace=True)
        assert not result.solved
        rows = check_iterations(result)
        assert rows[-1].outcome == result.stop.value
        check_samples(result)


def test_cancelled_searches_keep_their_iterations() -> None:
    search = Search(HARD, GOAL3, "idastar", "hamming", Limits(max_nodes=10**8), trace=True)
    assert search.trace is not None
    while len(search.trace.iterations) < 3:
        assert not isinstance(advance(search, 0.005), SearchResult)
    search.cancel()
    result = search.result
    assert result is not None
    assert result.stop is StopReason.CANCELLED
    check_iterations(result)
    check_samples(result)


def test_the_iteration_table_is_the_classic_one() -> None:
    """The hardest 8-puzzle with Manhattan: f bounds 21, 23, ..., 31."""
    result = solve(HARD, algorithm="idastar", heuristic="manhattan", trace=True)
    rows = check_iterations(result)
    assert [r.bound for r in rows] == [21, 23, 25, 27, 29, 31]
    assert all(a.expanded < b.expanded for a, b in zip(rows[:-2], rows[1:-1]))  # growing, but the last (stopped at the goal)


@pytest.mark.parametrize("algorithm", ["astar", "greedy", "wastar", "bfs"])
def test_best_first_traces_have_frontier_sizes(algorithm: str) -> None:
    heuristic = None if algorithm == "bfs" else "manhattan"
    result = solve(HARD, algorithm=algorithm, heuristic=heuristic, trace=True)
    samples = check_samples(result)
    assert result.trace is not None and result.trace.iterations == []
    assert len(samples) >= 2
    frontiers = [s.frontier for s in samples[:-1]]
    assert all(isinstance(f, int) and f >= 0 for f in frontiers)
    assert max(f for f in frontiers if f is not None) <= result.max_frontier
    assert samples[-1].frontier is None  # the result's counts: no open list any more
    assert all(s.best is None and s.lower_bound is None for s in samples)


def test_depth_first_samples_have_bounds_and_no_frontier() -> None:
    result = solve(HARD, algorithm="idastar", heuristic="manhattan", trace=True)
    samples = check_samples(result)
    assert all(s.frontier is None and s.bound is not None for s in samples)
    assert all(a.bound is not None and b.bound is not None and a.bound <= b.bound for a, b in zip(samples, samples[1:]))


@pytest.mark.parametrize("board, goal, shortest, proves", [
    (HARD, GOAL3, 31, True),  # the 8-puzzle's hardest: 31 moves
    # Korf's published length; proved in about 8 s here, so under the time limit on a busy machine perhaps not.
    (Board(4, 4, tuple(korf100()[59][2])), Board.goal(4, 4, "blank-first"), korf100()[59][1], False),
    (Board.from_string("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15"), Board.goal(4), 1, True),  # one slide, by hand
])
@pytest.mark.thorough
def test_anytime_traces_close_in(board: Board, goal: Board, shortest: int, proves: bool) -> None:
    result = solve(board, goal, algorithm="anytime", limits=Limits(max_nodes=10**8, time_limit=20), trace=True)
    samples = check_samples(result)
    # Every sample with both bounds holds the known shortest length between them.
    both = [s for s in samples if s.best is not None and s.lower_bound is not None]
    assert len(both) >= 2, samples
    assert all(s.lower_bound <= shortest <= s.best for s in both), both
    assert all(a.lower_bound is None or b.lower_bound is None or a.lower_bound <= b.lower_bound
               for a, b in zip(samples, samples[1:]))
    bests = [s.best for s in samples if s.best is not None]
    assert bests == sorted(bests, reverse=True)
    last = samples[-1]
    assert (last.best, last.lower_bound) == (result.length, result.lower_bound)
    assert result.stop in (StopReason.SOLVED, StopReason.TIME_LIMIT)
    proved = result.stop is StopReason.SOLVED
    assert result.optimal is proved and (last.best == last.lower_bound == shortest) is proved
    assert result.optimal or not proves


def test_the_trace_stays_bounded_on_a_long_search() -> None:
    # Breadth-first over the whole reachable half of the 8-puzzle: 2,834 progress reports.
    result = solve(HARD, algorithm="bfs", trace=True)
    assert result.trace is not None
    samples = check_samples(result)
    assert result.trace.stride > 1 and len(samples) <= MAX_SAMPLES
    assert len(samples) >= MAX_SAMPLES // 2
    # Spread over the whole search, not bunched at either end.
    assert samples[len(samples) // 2].expanded == pytest.approx(result.expanded / 2, rel=0.25)
    # IDDFS stopped by a limit after more reports than the cap (one per 1,024 nodes): the same cap.
    result = solve(HARD, algorithm="iddfs", limits=Limits(max_nodes=1024 * (MAX_SAMPLES + 100)), trace=True)
    assert result.trace is not None and result.trace.stride > 1 and len(result.trace.samples) <= MAX_SAMPLES
    check_iterations(result)


def test_thinning_keeps_every_other_sample_and_the_last() -> None:
    trace = Trace(cap=8)
    for n in range(100):
        trace.add(Sample(n / 10, n, n))
        assert len(trace.samples) < 8
    kept = [s.expanded for s in trace.samples]
    assert kept[0] == 0 and all(k % trace.stride == 0 for k in kept)
    assert kept == list(range(0, 100, trace.stride))[: len(kept)]
    trace.finish(Sample(10.0, 100, 100))
    assert trace.samples[-1].expanded == 100 and len(trace.samples) <= 8
    trace.finish(Sample(11.0, 101, 101))  # once only
    assert trace.samples[-1].expanded == 100
    with pytest.raises(ValueError):
        Trace(cap=2)


@pytest.mark.thorough
def test_deltas_add_up_to_the_trace() -> None:
    """What a page gets step by step: no sample twice, none out of order, and every
    iteration once, in order."""
    search = Search(HARD, GOAL3, "idastar", "hamming", Limits(max_nodes=10**8), trace=True)
    assert search.trace is not None
    sent: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    seen = -1  # what a reader keeps: the newest sample's number it was given
    while True:
        out = advance(search, 0.002)
        samples, seen = search.trace.after(seen)
        sent += [s.to_dict() for s in samples]
        rows += [r.to_dict() for r in search.trace.iterations[len(rows):]]
        if isinstance(out, SearchResult):
            break
    assert rows == [r.to_dict() for r in search.trace.iterations]
    assert [s["seconds"] for s in sent] == sorted(s["seconds"] for s in sent)
    assert [s["expanded"] for s in sent] == sorted(s["expanded"] for s in sent)
    assert len({s["expanded"] for s in sent}) == len(sent)
    final = search.trace.to_dict()["samples"]
    assert sent[-1] == final[-1]  # type: ignore[index]
    assert search.trace.after(seen) == ([], seen)


@pytest.mark.thorough
def test_the_web_api_sends_each_sample_and_iteration_once() -> None:
    """The web adapter keeps what it told the page (not the trace): a solve's progress answers'
    trace_delta add up to the result's trace, nothing twice."""
    answer = handle_dict({"op": "solve", "board": HARD.to_string(), "goal": "blank-last", "algorithm": "idastar",
                          "heuristic": "hamming", "trace": True, "budget_ms": 2})
    sent: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    while answer["type"] == "progress":
        delta = answer["trace_delta"]
        assert set(delta) == {"stride", "samples", "iterations"}
        sent += delta["samples"]
        rows += delta["iterations"]
        answer = handle_dict({"op": "step", "job": answer["job"], "budget_ms": 2})
    assert answer["type"] == "result", answer
    trace = answer["result"]["trace"]
    assert rows == trace["iterations"][: len(rows)] and len(rows) >= len(trace["iterations"]) - 1
    assert len(sent) >= 2 and len({s["expanded"] for s in sent}) == len(sent)
    assert [s["expanded"] for s in sent] == sorted(s["expanded"] for s in sent)


def iteration_table(trace: dict[str, Any]) -> list[tuple[int, int, int, str]]:
    """The parts of a trace's iterations that do not depend on the clock."""
    return [(r["bound"], r["expanded"], r["generated"], r["outcome"]) for r in trace["iterations"]]


@pytest.mark.parametrize("board, heuristic", [(HARD, "manhattan"), (Board.from_string("8 6 7 2 5 4 3 0 1"), "linear-conflict"),
                                              (Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), "pdb")])
def test_the_cli_table_matches_the_web_api(board: Board, heuristic: str) -> None:
    """The IDA* iteration table of ``solve --json --trace`` is the web API's for the same board."""
    out = run_npuzzle("solve", board.to_string(), "--algorithm", "idastar", "--heuristic", heuristic,
                      "--json", "--trace")
    assert out.returncode == 0, out.stderr
    cli = json.loads(out.stdout)
    answer = call({"op": "solve", "board": board.to_string(), "algorithm": "idastar", "heuristic": heuristic,
                   "trace": True, "budget_ms": 1})
    deltas: list[dict[str, Any]] = []
    while answer["type"] == "progress":
        assert answer["ok"] and "trace_delta" in answer
        deltas += answer["trace_delta"]["iterations"]
        answer = call({"op": "step", "job": answer["job"], "budget_ms": 1})
    web = answer["result"]
    assert iteration_table(cli["trace"]) == iteration_table(web["trace"])
    assert iteration_table(cli["trace"])[-1][0] == cli["length"] == web["length"]
    assert sum(r["expanded"] for r in cli["trace"]["iterations"]) == cli["expanded"]
    # The progress answers sent every iteration but the last (which is in the result).
    assert deltas == web["trace"]["iterations"][: len(deltas)]
    assert set(cli["trace"]) == {"cap", "stride", "samples", "iterations"}
    assert set(cli["trace"]["samples"][0]) == {"seconds", "expanded", "generated", "frontier", "bound", "best",
                                               "lower_bound"}
    assert set(cli["trace"]["iterations"][0]) == {"bound", "expanded", "generated", "seconds", "ended", "outcome"}
    # The JSON is the CLI's usual object plus "trace".
    plain = json.loads(run_npuzzle("solve", board.to_string(), "--algorithm", "idastar", "--heuristic", heuristic,
                                   "--json").stdout)
    assert set(cli) == set(plain) | {"trace"} and "trace" not in plain


def test_cli_prints_the_table_or_a_summary() -> None:
    out = run_npuzzle("solve", HARD.to_string(), "--algorithm", "idastar", "--heuristic", "manhattan", "--trace")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    table = text[text.index("Iterations (6):"):].splitlines()
    assert table[1].split() == ["f", "bound", "expanded", "generated", "seconds"]
    assert [line.split()[0] for line in table[3:]] == ["21", "23", "25", "27", "29", "31"]
    assert table[-1].split()[-1] == "solved"
    out = run_npuzzle("solve", HARD.to_string(), "--algorithm", "iddfs", "--time-limit", "0.3", "--trace")
    assert "depth limit" in out.stdout and "time-limit" in out.stdout
    out = run_npuzzle("solve", HARD.to_string(), "--algorithm", "astar", "--heuristic", "manhattan", "--trace")
    assert out.returncode == 0 and "Trace: " in out.stdout and "Frontier: " in out.stdout
    out = run_npuzzle("solve", HARD.to_string(), "--trace")
    assert "Best length: " in out.stdout and "Lower bound: " in out.stdout
    plain = run_npuzzle("solve", HARD.to_string(), "--algorithm", "idastar", "--heuristic", "manhattan")
    assert "Iterations" not in plain.stdout and "Trace" not in plain.stdout


def test_web_api_trace_is_asked_for_and_checked() -> None:
    board = "1 2 3 / 4 5 6 / 0 7 8"
    plain = call({"op": "solve", "board": board, "algorithm": "astar"})
    assert plain["type"] == "result" and "trace" not in plain["result"] and "trace_delta" not in plain
    assert "trace" not in call({"op": "solve", "board": board, "algorithm": "astar", "trace": False})["result"]
    traced = call({"op": "solve", "board": board, "algorithm": "astar", "trace": True})
    assert traced["result"]["trace"]["samples"][-1]["expanded"] == traced["result"]["expanded"]
    for bad in (1, "yes", None, [], {"a": 1}):
        answer = call({"op": "solve", "board": board, "trace": bad})
        assert not answer["ok"]
        assert answer["error"]["field"] == "trace"
        assert "trace must be true or false" in answer["error"]["message"]


def test_web_api_progress_answers_carry_deltas() -> None:
    """A 6x6 anytime search stepped in slices, as the page does: each progress answer has
    the samples that are new, for a live chart of the best length and the lower bound."""
    board = random_board(6, 6, seed=7)
    answer = call({"op": "solve", "board": board.to_string(), "trace": True, "budget_ms": 20, "time_limit": 1})
    samples: list[dict[str, Any]] = []
    progress_answers = 0
    while answer["type"] == "progress":
        progress_answers += 1
        delta = answer["trace_delta"]
        assert set(delta) == {"stride", "samples", "iterations"} and delta["iterations"] == []
        samples += delta["samples"]
        answer = call({"op": "step", "job": answer["job"], "budget_ms": 20})
    result = answer["result"]
    assert progress_answers >= 10 and len(samples) >= 10
    assert "trace_delta" not in answer
    assert [s["seconds"] for s in samples] == sorted(s["seconds"] for s in samples)
    assert all(s["best"] >= s["lower_bound"] for s in samples if s["best"] is not None)
    kept = result["trace"]["samples"]
    assert kept[-1]["best"] == result["length"] and kept[-1]["lower_bound"] == result["lower_bound"]
    if result["trace"]["stride"] == 1:  # nothing thinned: the deltas are the trace, but its last
        assert samples == kept[: len(samples)] and len(kept) == len(samples) + 1
    check_solution(board, Board.goal(6), result)


def test_no_trace_when_not_asked() -> None:
    result = solve(HARD, algorithm="idastar", heuristic="manhattan")
    assert result.trace is None and "trace" not in result.to_dict()
    search = Search(HARD, GOAL3, "idastar", "manhattan")
    assert search.trace is None
    final = run_job(call({"op": "solve", "board": HARD.to_string(), "algorithm": "iddfs", "budget_ms": 5,
                          "time_limit": 0.2}))
    assert "trace" not in final["result"]


def test_an_unsolvable_board_has_a_one_sample_trace() -> None:
    result = solve(Board.from_string("1 2 3 / 4 5 6 / 8 7 0"), trace=True)
    assert not result.solvable and result.trace is not None
    assert [s.expanded for s in result.trace.samples] == [0] and result.trace.iterations == []
    assert result.to_dict()["trace"] == result.trace.to_dict()
