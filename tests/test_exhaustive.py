"""Slow: A* and IDA* with every admissible heuristic on all 181,440 8-puzzle states.

Deselected by default (about 6.6 CPU-hours in all). Run one pair with
``bash tests/run.sh -m slow -k "idastar and pdb"``; bench/exhaustive.py runs the
same check resumably and records the results in bench/results/.
"""

from __future__ import annotations

import pytest

from npuzzle import ALGORITHMS, HEURISTICS, Board, Limits, solve
from npuzzle.known import eight_puzzle_distances

PAIRS = [
    (a, h) for a, info in ALGORITHMS.items() if info.optimal and info.uses_heuristic
    for h, hinfo in HEURISTICS.items() if hinfo.admissible
] + [("anytime", "pdb")]  # the default solver: on 3x3 it proves every answer shortest


@pytest.mark.slow
@pytest.mark.parametrize(("algorithm", "heuristic"), PAIRS)
def test_every_8_puzzle_state(algorithm: str, heuristic: str) -> None:
    distances = eight_puzzle_distances("blank-last")
    goal = Board.goal(3)
    limits = Limits(max_nodes=10**9, time_limit=3600)
    wrong = []
    for tiles, d in distances.items():
        result = solve(Board(3, 3, tiles), goal, algorithm, heuristic, limits=limits)
        if result.length != d or result.lower_bound is None or result.lower_bound > d:
            wrong.append(tiles)
    assert wrong == []
