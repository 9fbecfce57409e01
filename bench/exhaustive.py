#!/usr/bin/env python3
"""Every optimal algorithm x admissible heuristic on all 181,440 8-puzzle states.

Each state is solved and its length compared with the exact distance from a
breadth-first search of the whole space (blank-last goal); the result must say
it is optimal and its lower bound may not pass the distance. The anytime default
is checked the same way (``--pairs anytime:pdb``: on 3x3 its IDA* proves every
answer shortest). Work is split into
chunks of states; each finished chunk is recorded in the results file at once,
so a run can be stopped and resumed (``--resume``) across sessions: a full
run is about 6.6 CPU-hours here, mostly IDA* with misplaced tiles.

    python bench/exhaustive.py --resume                  # all pairs, cheapest first
    python bench/exhaustive.py --pairs idastar:pdb,astar:manhattan
    python bench/exhaustive.py --resume --pairs anytime:pdb     # the default solver, bounds included
    python bench/exhaustive.py --resume --redo --pairs astar:pdb   # re-check a pair after a change
    python bench/exhaustive.py --report                  # print the results table
    pypy3 bench/exhaustive.py --resume --pairs idastar:hamming   # the same code, 7x faster

The package is pure Python and also runs on PyPy (Debian's pypy3, Python 3.9):
IDA* with misplaced tiles takes 25 minutes there instead of 3 hours; A* is not
faster on PyPy (its dicts of bytes), so the A* pairs run on CPython.

Results: bench/results/exhaustive-8puzzle.json (per pair: chunks done, states
checked, mismatches with examples, seconds) and a Markdown table beside it.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import platform
import sys
import time
from typing import Callable

from common import RESULTS as RESULTS_DIR
from common import machine_header, write_results

from npuzzle import Board, Limits, solve
from npuzzle.known import eight_puzzle_distances

STEM = RESULTS_DIR / "exhaustive-8puzzle"
RESULTS = STEM.with_suffix(".json")
CHUNK = 5000
# Cheapest first (measured: ms per state on a 60-state sample).
PAIRS = [
    ("idastar", "pdb"), ("astar", "walking-distance"), ("idastar", "walking-distance"),
    ("idastar", "manhattan"), ("astar", "manhattan"), ("astar", "pdb"),
    ("astar", "linear-conflict"), ("astar", "euclidean"), ("idastar", "linear-conflict"),
    ("idastar", "euclidean"), ("astar", "hamming"), ("idastar", "hamming"),
    ("anytime", "pdb"),  # the default solver: its answers and lower bounds
]


Entry = dict[str, object]


def _chunk_sizes() -> list[int]:
    return [min(CHUNK, 181_440 - start) for start in range(0, 181_440, CHUNK)]


def _converted(entry: Entry) -> Entry:
    """Per-chunk form. Older files listed finished chunks with pair totals only: their
    per-chunk seconds are estimated from the total (states and mismatches stay exact when
    the total had no mismatch, which is the only case converted)."""
    chunks = entry.get("chunks")
    if isinstance(chunks, dict):
        return entry
    listed = list(chunks or [])  # type: ignore[call-overload]
    if listed and int(entry.get("mismatches", 0)) != 0:  # type: ignore[call-overload]
        raise SystemExit("cannot convert an old entry with mismatches; rerun that pair")
    sizes = _chunk_sizes()
    total_states = sum(sizes[c] for c in listed) or 1
    seconds = float(entry.get("seconds", 0.0))  # type: ignore[arg-type]
    python = str(entry.get("python", "CPython 3.11.7"))
    return {
        "chunks": {
            str(c): {"states": sizes[c], "mismatches": 0, "seconds": seconds * sizes[c] / total_states,
                     "python": python}
            for c in listed
        },
        "examples": entry.get("examples", []),
    }


def load() -> dict[str, Entry]:
    if RESULTS.exists():
        return {k: _converted(v) for k, v in json.loads(RESULTS.read_text()).items()}
    return {}


def _locked(update: "Callable[[dict[str, Entry]], None] | None" = None) -> dict[str, Entry]:
    """Read the results under an exclusive lock, apply ``update``, write them back."""
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    with open(RESULTS.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        merged = load()
        if update is not None:
            update(merged)
            write_results(STEM, [report(merged)], json_text=json.dumps(merged, indent=1, sort_keys=True) + "\n")
        return merged


def save_chunk(key: str, chunk: int, record: dict[str, object], examples: list[object]) -> None:
    """Add one finished chunk; processes sharing a pair (or not) never undo each other."""

    def update(merged: dict[str, Entry]) -> None:
        entry = merged.setdefault(key, {"chunks": {}, "examples": []})
        entry["chunks"][str(chunk)] = record  # type: ignore[index]
        entry["examples"] = (list(entry["examples"]) + examples)[:10]  # type: ignore[call-overload]

    _locked(update)


def report(results: dict[str, Entry]) -> str:
    lines = [
        "# A* and IDA* on every 8-puzzle state (goal 1 2 3 / 4 5 6 / 7 8 _)",
        "",
        machine_header() + " (where this table was written; \"run by\" says which Python ran each pair)",
        "",
        "Command: `python bench/exhaustive.py --resume [--pairs ...] [--reverse]` (CPython for A*, `pypy3`"
        " for IDA*, which PyPy runs 7x faster here).",
        "Each state's solution length is compared with its exact BFS distance.",
        "",
        "| algorithm | heuristic | states checked | of | mismatches | CPU seconds | ms per state | run by |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    total_chunks = len(_chunk_sizes())
    for algorithm, heuristic in PAIRS:
        entry = results.get(f"{algorithm}:{heuristic}")
        records = list(entry["chunks"].values()) if entry else []  # type: ignore[attr-defined]
        if not records:
            lines.append(f"| {algorithm} | {heuristic} | 0 | 181,440 | - | - | - | |")
            continue
        states = sum(int(r["states"]) for r in records)
        bad = sum(int(r["mismatches"]) for r in records)
        seconds = sum(float(r["seconds"]) for r in records)
        runners = ", ".join(sorted({str(r["python"]) for r in records}))
        done = "" if len(records) == total_chunks else " (partial)"
        lines.append(
            f"| {algorithm} | {heuristic} | {states:,}{done} | 181,440 | {bad} | {seconds:,.0f} | "
            f"{1000 * seconds / states:.2f} | {runners} |"
        )
    return "\n".join(lines)


def run_pair(algorithm: str, heuristic: str, deadline: float, reverse: bool) -> bool:
    """Check the pair chunk by chunk, skipping chunks any process has finished;
    False if the deadline stopped it."""
    distances = eight_puzzle_distances("blank-last")
    states = sorted(distances)
    goal = Board.goal(3)
    key = f"{algorithm}:{heuristic}"
    python = f"{platform.python_implementation()} {platform.python_version()}"
    limits = Limits(max_nodes=10**9, time_limit=3600)
    order = list(range(len(_chunk_sizes())))
    for chunk in reversed(order) if reverse else order:
        entry = _locked().get(key)
        if entry and str(chunk) in entry["chunks"]:  # type: ignore[operator]
            continue
        if time.time() > deadline:
            return False
        began = time.process_time()
        bad = 0
        examples: list[object] = []
        part = states[chunk * CHUNK : (chunk + 1) * CHUNK]
        for tiles in part:
            result = solve(Board(3, 3, tiles), goal, algorithm, heuristic, limits=limits)
            bound = result.lower_bound
            if result.length != distances[tiles] or not result.optimal or (bound is not None and bound > distances[tiles]):
                bad += 1
                examples.append([list(tiles), distances[tiles], result.length])
        record = {"states": len(part), "mismatches": bad, "seconds": time.process_time() - began, "python": python}
        save_chunk(key, chunk, record, examples)
        print(f"{key}: chunk {chunk} done ({len(part):,} states, {bad} mismatches)", flush=True)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", help="comma-separated algorithm:heuristic (default: all, cheapest first)")
    parser.add_argument("--resume", action="store_true", help="keep the chunks already in the results file")
    parser.add_argument("--reverse", action="store_true", help="take chunks from the last (to share a pair)")
    parser.add_argument("--hours", type=float, default=24.0, help="stop starting new chunks after this long")
    parser.add_argument("--report", action="store_true", help="print the table and exit")
    parser.add_argument("--redo", action="store_true",
                        help="with --pairs: forget those pairs' results first (after a heuristic changed)")
    args = parser.parse_args()
    if args.report:
        print(report(load()))
        return 0
    if not args.resume and RESULTS.exists():
        RESULTS.unlink()
    pairs = PAIRS if not args.pairs else [tuple(p.split(":", 1)) for p in args.pairs.split(",")]
    if args.redo:
        if not args.pairs:
            parser.error("--redo needs --pairs")

        def forget(merged: dict[str, Entry]) -> None:
            for algorithm, heuristic in pairs:
                merged.pop(f"{algorithm}:{heuristic}", None)

        _locked(forget)
    deadline = time.time() + args.hours * 3600
    for algorithm, heuristic in pairs:
        if not run_pair(algorithm, heuristic, deadline, args.reverse):
            break
    print(report(load()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
