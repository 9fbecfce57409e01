"""Helpers shared by the tests: replaying a solution, stepping a job, calling the web API."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Mapping, Sequence, TypeVar

from npuzzle import Board, SearchResult
from npuzzle.job import Job
from npuzzle.known import eight_puzzle_distances
from npuzzle.webapi import handle

P = TypeVar("P")
R = TypeVar("R")

ROOT = Path(__file__).resolve().parent.parent
"""The repository."""


SMALL_GOALS: list[tuple[tuple[int, int], str]] = [
    ((2, 2), "blank-first"), ((2, 3), "3 1 2 / 0 5 4"), ((3, 2), "blank-last"), ((2, 4), "0 7 6 5 4 3 2 1"),
    ((4, 2), "blank-first"),
]
"""Every small shape with a goal each ((rows, cols), a goal's name or its tiles), some with the
blank elsewhere than a corner: what a check or an analysis must get right on any shape and goal."""


def goal_of(rows: int, cols: int, text: str) -> Board:
    """The goal ``text`` names on a ``rows`` x ``cols`` board: "blank-first"/"blank-last", or its tiles."""
    return Board.goal(rows, cols, text) if text.startswith("blank") else Board.from_string(text, rows, cols)


def replay(start: Board, tiles: Sequence[int], moves: str | None = None) -> list[Board]:
    """The boards a solution passes through, ``start`` first. Each tile must be next to the
    blank, and each move letter (when given) must be the direction its tile really slides."""
    if moves is not None:
        assert len(moves) == len(tiles), (len(moves), len(tiles))
    boards = [start]
    for i, tile in enumerate(tiles):
        board = boards[-1]
        if moves is not None:
            assert board.direction_of(tile) == moves[i], (i, tile, moves[i])
        boards.append(board.slide(tile))
    return boards


def check_solution(start: Board, goal: Board, result: SearchResult | Mapping[str, Any]) -> list[Board]:
    """Check a solution (a ``SearchResult`` or its JSON form): it has one move letter per
    tile, as many as its length, and replayed from ``start`` it reaches ``goal``. Returns
    the boards it passes through."""
    if isinstance(result, SearchResult):
        assert result.solved
        tiles, moves, length = result.tiles, result.moves, result.length
    else:
        # An anytime search stopped by a limit keeps its answer, so "stopped" may be set.
        assert result["length"] is not None and result["solvable"] is True
        tiles, moves, length = result["tiles"], result["moves"], result["length"]
    assert len(tiles) == len(moves) == length
    boards = replay(start, tiles, moves)
    assert boards[-1] == goal
    return boards


def advance(job: Job[P, R], budget: float = 0.0) -> P | R | None:
    """The one way tests step a job (a search, a comparison, a check, a table loading): one
    step of about ``budget`` seconds, then its result if it is done, else its latest
    progress. ``npuzzle.job.run`` runs one to the end; ``job.cancel()`` stops it."""
    job.step(budget)
    return job.result if job.done else job.progress


def call(request: Any) -> dict[str, Any]:
    """One web API request, as the browser's worker sends it (JSON text both ways)."""
    answer = json.loads(handle(json.dumps(request)))
    assert isinstance(answer, dict) and isinstance(answer["ok"], bool)
    return answer


def run_job(answer: dict[str, Any], budget_ms: int = 1000) -> dict[str, Any]:
    """Step a web API job (solve or compare) to its end; the final answer."""
    while answer["type"] == "progress":
        answer = call({"op": "step", "job": answer["job"], "budget_ms": budget_ms})
    return answer


def run_npuzzle(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m npuzzle ARGS`` as a user runs it, from the repository."""
    return subprocess.run(
        [sys.executable, "-m", "npuzzle", *args],
        capture_output=True, text=True, input=stdin, cwd=ROOT, timeout=120,
    )


@functools.lru_cache(maxsize=None)
def eight_puzzle_states(goal_name: str, longest: int = 31) -> tuple[tuple[int, ...], ...]:
    """The 8-puzzle states at most ``longest`` moves from the named goal, sorted: what the
    tests draw their samples from (``random.Random(seed).sample``), sorted once per run
    rather than once per test (181,440 states: 0.13 s each time)."""
    return tuple(sorted(s for s, d in eight_puzzle_distances(goal_name).items() if d <= longest))
