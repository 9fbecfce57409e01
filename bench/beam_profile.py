"""Where the pattern-database beam's time goes, child by child, in CPython and in Pyodide.

Usage (from the repository root):

    python bench/beam_profile.py                       # CPython (~50 s)
    python bench/beam_profile.py --runtime pyodide     # the same inside Pyodide under Node (~2 min)
    python bench/beam_profile.py --ids 1-10 --width 8192

A line profiler cannot see inside one loop, and cProfile sees only calls, so the child
loop of ``beam._pattern_beam`` (the 24-puzzle's beam with the 5x5 tables) is profiled by
building it up: on every layer of a beam of ``--width`` over Korf and Felner's 24-puzzles
``--ids``, the same layer is expanded by the loop cut after each of its parts, and the
differences between the times are each part's cost:

- walk:     the states, their blank's neighbours, the tile that moves;
- key:      the child's key;
- dedupe:   whether the key was seen (in the last layers; bytes: or in this layer, noted
            per child; zobrist: a board made twice in a layer is dropped at select);
- estimate: the two lookups' index changes and table reads, Manhattan's change, and the rank
            (zobrist: the larger lookup plus the two lookups' mean, as the beam ranks now);
- bucket:   the child into its estimate's bucket (the whole child loop);

then, per layer, ``select`` (the ``width`` best into the next layer, each with its board
and lookup indices) and ``remember`` (the new layer's keys into ``seen``, the old ones out).
Two ways to key a child, each profiled over the same boards:

- bytes:   the child's board copied (``bytearray``, two writes, ``bytes``) and used as the
           key; per lookup, three tables indexed by the tile (the beam before 2026-11-25);
- zobrist: an int key updated by one xor from a table per tile and move; the board built
           only for the children kept, in one flat bytearray per layer; per tile one tuple
           of tables indexed by the move (blank * n + neighbour): the key's, Manhattan's and
           each lookup's change (the beam now, with the package's own tables).

The parts are assembled from one text per part, so the loops measured are the beam's own
code. Then ``beam_search`` itself (the package's, whichever way it keys children) runs
on the same boards for the end-to-end rate.

Writes bench/results/beam-profile-<runtime>.md and .json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any, Callable

import common  # noqa: F401  (this checkout's package on sys.path)
from common import IS_PYODIDE, command_line, machine_header, machine_info, rerun_in_pyodide, write_results

from npuzzle.board import Board
from npuzzle.heuristics import compile_heuristic
from npuzzle.known import korf24_50
from npuzzle.search.beam import _move_tables, _remember, beam_search
from npuzzle.search.problem import Problem

RUNTIME = "pyodide" if IS_PYODIDE else "cpython"
PARTS = ("walk", "key", "dedupe", "estimate", "bucket")

HEAD = """
def expand(layer, keys, blanks, backs, ixs, sums, ms, seen, made, buckets):
    count = 0
    for index, k in enumerate(keys):
        blank = blanks[index]
        back = backs[index]
        at = index * stride
        p0 = sums[2 * index]
        p1 = sums[2 * index + 1]
        m = ms[index]
        base = blank * n
        o = index * n
        for nb in neighbours[blank]:
            if nb == back:
                continue
"""
TAIL = """
    return count
"""
CODE = {
    "bytes": {
        "walk": """
            tile = layer[index][nb]
""",
        "key": """
            child = bytearray(layer[index])
            child[blank] = tile
            child[nb] = 0
            key = bytes(child)
""",
        "dedupe": """
            if key in seen or key in made:
                continue
            made.add(key)
""",
        "estimate": """
            c = co0[tile]
            old = ixs[at + sl0[tile]]
            t = ta0[tile]
            s0 = p0 - t[old] + t[old + c[blank] - c[nb]]
            c = co1[tile]
            old = ixs[at + sl1[tile]]
            t = ta1[tile]
            s1 = p1 - t[old] + t[old + c[blank] - c[nb]]
            h1 = s0 if s0 > s1 else s1
            row = man[tile]
            m1 = m - row[nb] + row[blank]
            h1 = m1 + 2 * h1
""",
        "bucket": """
            bucket = buckets.get(h1)
            if bucket is None:
                bucket = buckets[h1] = []
            bucket.extend((key, index, nb, s0, s1, m1))
            count += 1
""",
    },
    "zobrist": {
        "walk": """
            mv = base + nb
            tile = layer[o + nb]
""",
        "key": """
            z, md, sl0, d0, t0, sl1, d1, t1 = per_tile[tile]
            key = k ^ z[mv]
""",
        "dedupe": """
            if key in seen:
                continue
""",
        "estimate": """
            old = ixs[at + sl0]
            s0 = p0 - t0[old] + t0[old + d0[mv]]
            old = ixs[at + sl1]
            s1 = p1 - t1[old] + t1[old + d1[mv]]
            m1 = m + md[mv]
            h1 = 2 * (m1 + (s0 if s0 > s1 else s1)) + s0 + s1
""",
        "bucket": """
            bucket = buckets.get(h1)
            if bucket is None:
                bucket = buckets[h1] = []
            bucket.extend((key, index, nb, s0, s1, m1))
            count += 1
""",
    },
}
"""The child loop's parts, as the beam had them before (bytes) and has them now (zobrist)."""


class Tables:
    """The beam's tables for one 24-puzzle, both ways of keying a child."""

    def __init__(self, problem: Problem) -> None:
        heuristic = compile_heuristic("pdb", problem.rows, problem.cols, problem.goal.index(0))
        lookups = heuristic.patterns
        assert lookups is not None and lookups[0].manhattan is not None, "the 5x5 excess tables"
        self.padded = padded = (list(lookups[::2] if len(lookups) == 4 else lookups) * 2)[:2]
        start = problem.start
        self.n = n = len(start)
        self.neighbours = problem.neighbours
        self.man = man = lookups[0].manhattan
        first: list[int] = []
        slots = []
        for lookup in padded:
            base = len(first)
            slots.append([base + max(g, 0) for g in lookup.group])
            first.extend(lookup.indices(start))
        self.first, self.stride = first, len(first)
        self.sl0, self.sl1 = slots
        self.co0, self.co1 = (list(lookup.contrib) for lookup in padded)
        self.ta0, self.ta1 = ([lookup.tables[max(g, 0)] for g in lookup.group] for lookup in padded)
        self.zob, self.per_tile = _move_tables(padded, problem.neighbours)  # the beam's own tables

    def loop(self, scheme: str, upto: str) -> Callable[..., int]:
        """The child loop of ``scheme`` cut after part ``upto``."""
        body = "".join(CODE[scheme][part] for part in PARTS[: PARTS.index(upto) + 1])
        space = dict(vars(self))
        exec(HEAD + body + TAIL, space)  # noqa: S102  (our own text: the parts above)
        return space["expand"]  # type: ignore[no-any-return]


def profile_board(tables: Tables, problem: Problem, scheme: str, width: int, times: dict[str, float]) -> dict[str, int]:
    """One beam of ``width`` to the goal, every layer expanded by every cut loop; the
    seconds per part are added to ``times``. Returns the counts."""
    loops = {part: tables.loop(scheme, part) for part in PARTS}
    select = _select_bytes if scheme == "bytes" else _select_zobrist
    man = tables.man
    start = bytes(problem.start)
    key0 = 0
    for pos, label in enumerate(start):
        key0 ^= tables.zob[label * tables.n + pos]
    first: Any = start if scheme == "bytes" else key0
    state = {
        "layer": [start] if scheme == "bytes" else bytearray(start), "keys": [first],
        "ixs": list(tables.first), "sums": [lookup.table_sum(start) for lookup in tables.padded],
        "ms": [sum(man[label][pos] for pos, label in enumerate(start))],
        "blanks": [start.index(0)], "backs": [-1],
    }
    seen: dict[Any, int] = {first: 0}
    recent: list[list[Any]] = [[first]]
    children = kept = depth = 0
    clock = time.perf_counter
    while True:
        before = 0.0
        args = [state[name] for name in ("layer", "keys", "blanks", "backs", "ixs", "sums", "ms")]
        for part in PARTS:
            buckets: dict[int, list[Any]] = {}
            began = clock()
            loops[part](*args, seen, set(), buckets)
            took = clock() - began
            times[part] += took - before  # this part's cost: the cut loop's time past the one before
            before = took
        children += sum(len(tables.neighbours[b]) - (back >= 0) for b, back in zip(state["blanks"], state["backs"]))
        began = clock()
        state, done = select(tables, state, buckets, width)
        times["select"] += clock() - began
        depth += 1
        kept += len(state["keys"])
        began = clock()
        for _ in _remember(seen, recent, state["keys"], depth):
            pass
        times["remember"] += clock() - began
        if done or not state["keys"]:
            break
    return {"children": children, "kept": kept, "depth": depth}


def _select_bytes(tables: Tables, state: dict[str, Any], buckets: dict[int, list[Any]], width: int) -> tuple[dict[str, Any], bool]:
    """The next layer as the beam chose it before: each child's key is its board."""
    layer, ixs, blanks, stride = state["layer"], state["ixs"], state["blanks"], tables.stride
    contribs = [(tables.sl0, tables.co0), (tables.sl1, tables.co1)]
    nxt: dict[str, Any] = {name: [] for name in ("layer", "keys", "ixs", "sums", "ms", "blanks", "parents")}
    done = False
    for h1 in sorted(buckets):
        run = buckets[h1]
        for k in range(0, min(len(run), 6 * (width - len(nxt["layer"]))), 6):
            key, index, nb, s0, s1, m1 = run[k : k + 6]
            blank = blanks[index]
            tile = key[blank]
            here = len(nxt["ixs"])
            nxt["ixs"].extend(ixs[index * stride : index * stride + stride])
            for slots, contrib in contribs:
                c = contrib[tile]
                nxt["ixs"][here + slots[tile]] += c[blank] - c[nb]
            nxt["layer"].append(key)
            nxt["keys"].append(key)
            nxt["sums"].extend((s0, s1))
            nxt["ms"].append(m1)
            nxt["parents"].append(index)
            nxt["blanks"].append(nb)
            done = done or m1 == 0
        if len(nxt["layer"]) >= width:
            break
    nxt["backs"] = [blanks[i] for i in nxt["parents"]]
    return nxt, done


def _select_zobrist(tables: Tables, state: dict[str, Any], buckets: dict[int, list[Any]], width: int) -> tuple[dict[str, Any], bool]:
    """The next layer as the beam chooses it now: boards built for the kept children only,
    into one flat bytearray; a board made twice in the layer kept once."""
    boards, ixs, blanks, stride, n, per_tile = state["layer"], state["ixs"], state["blanks"], tables.stride, tables.n, tables.per_tile
    next_boards = bytearray()
    next_keys: list[int] = []
    next_ixs: list[int] = []
    next_sums: list[int] = []
    next_ms: list[int] = []
    parent_index: list[int] = []
    blanks_next: list[int] = []
    chosen: set[int] = set()
    done = False
    for h1 in sorted(buckets):
        run = iter(buckets[h1])
        for key, index, nb, s0, s1, m1 in zip(run, run, run, run, run, run):
            if key in chosen:
                continue
            chosen.add(key)
            blank = blanks[index]
            o = index * n
            tile = boards[o + nb]
            here = len(next_boards)
            next_boards += boards[o : o + n]
            next_boards[here + blank] = tile
            next_boards[here + nb] = 0
            _, _, sl0, d0, _, sl1, d1, _ = per_tile[tile]
            mv = blank * n + nb
            here = len(next_ixs)
            next_ixs += ixs[index * stride : index * stride + stride]
            next_ixs[here + sl0] += d0[mv]
            next_ixs[here + sl1] += d1[mv]
            next_keys.append(key)
            next_sums += (s0, s1)
            next_ms.append(m1)
            parent_index.append(index)
            blanks_next.append(nb)
            done = done or m1 == 0
            if len(next_keys) >= width:
                break
        if len(next_keys) >= width:
            break
    return {
        "layer": next_boards, "keys": next_keys, "ixs": next_ixs, "sums": next_sums, "ms": next_ms,
        "blanks": blanks_next, "backs": [blanks[i] for i in parent_index],
    }, done


def end_to_end(problem: Problem, width: int) -> tuple[int, float, int]:
    """The package's beam_search on ``problem``: length, seconds, children generated."""
    heuristic = compile_heuristic("pdb", problem.rows, problem.cols, problem.goal.index(0))
    began = time.perf_counter()
    steps = beam_search(problem, heuristic, width, began + 600)
    progress = None
    try:
        while True:
            progress = next(steps)
    except StopIteration as stop:
        path = stop.value
    took = time.perf_counter() - began
    assert path is not None and progress is not None
    return len(path) - 1, took, progress.generated


def parse_ids(text: str) -> list[int]:
    ids: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        ids += range(int(low), int(high or low) + 1)
    return ids


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ids", default="1-3", help="Korf and Felner's 24-puzzles (default 1-3)")
    p.add_argument("--width", type=int, default=4096, help="beam width (default 4096)")
    p.add_argument("--repeats", type=int, default=2, help="runs of each board and version (default 2)")
    p.add_argument("--runtime", choices=("cpython", "pyodide"), default=RUNTIME)
    p.add_argument("--out", default=None, help="output stem (default bench/results/beam-profile-<runtime>)")
    p.add_argument("--host-info", default=None, help=argparse.SUPPRESS)  # set by pyodide_search.mjs
    args = p.parse_args(argv)
    if args.runtime == "pyodide" and not IS_PYODIDE:
        return rerun_in_pyodide(__file__, argv)
    host = json.loads(args.host_info) if args.host_info else {}
    info = machine_info(host)
    cases = {ident: (optimal, tiles) for ident, optimal, tiles in korf24_50()}
    goal = Board.goal(5, 5, "blank-first")
    data: dict[str, Any] = {"machine": info, "runtime": RUNTIME, "width": args.width, "ids": args.ids, "schemes": {}}
    # The schemes take turns board by board (the order swapped each time), so that a slower
    # minute of a noisy machine falls on both; each part's figure is the median over the runs.
    per_run: dict[str, list[dict[str, float]]] = {scheme: [] for scheme in CODE}
    counts = {scheme: {"children": 0, "kept": 0, "depth": 0} for scheme in CODE}
    turn = 0
    for _ in range(args.repeats):
        for ident in parse_ids(args.ids):
            problem = Problem.from_boards(Board(5, 5, tuple(cases[ident][1])), goal)
            tables = Tables(problem)
            for scheme in list(CODE)[:: 1 if turn % 2 == 0 else -1]:
                times = dict.fromkeys((*PARTS, "select", "remember"), 0.0)
                done = profile_board(tables, problem, scheme, args.width, times)
                per_run[scheme].append({part: t * 1e6 / done["children"] for part, t in times.items()})
                for name, value in done.items():
                    counts[scheme][name] += value
            turn += 1
    for scheme in CODE:
        medians = {part: statistics.median(run[part] for run in per_run[scheme]) for part in per_run[scheme][0]}
        data["schemes"][scheme] = {"us_per_child": medians, "runs": per_run[scheme], **counts[scheme]}
        print(scheme, {k: f"{v:.3f}" for k, v in medians.items()}, counts[scheme], flush=True)
    runs = []
    for ident in parse_ids(args.ids):
        optimal, tiles = cases[ident]
        problem = Problem.from_boards(Board(5, 5, tuple(tiles)), goal)
        length, took, generated = end_to_end(problem, args.width)
        runs.append({"id": ident, "optimal": optimal, "length": length, "seconds": round(took, 3), "generated": generated})
        print(f"beam_search #{ident}: {length} moves (optimal {optimal}), {took:.2f} s, {generated / took:,.0f} children/s", flush=True)
    data["beam_search"] = runs
    lines = [
        machine_header(info),
        f"- command: `{host.get('command') or command_line('beam_profile.py', argv)}`",
        "",
        f"# Where the 24-puzzle beam's time goes ({RUNTIME}, width {args.width}, Korf and Felner's #{args.ids})",
        "",
        "Microseconds per child generated (median over the boards' runs, the two versions taking "
        "turns), each part the time of the child loop cut after it less the "
        "time cut before it; select and remember are per layer, counted per child too.",
        "",
        "| part | " + " | ".join(CODE) + " |",
        "| --- | " + " | ".join("---:" for _ in CODE) + " |",
    ]
    schemes = data["schemes"]
    for part in (*PARTS, "select", "remember"):
        cells = [f"{schemes[s]['us_per_child'][part]:.3f}" for s in CODE]
        lines.append(f"| {part} | " + " | ".join(cells) + " |")
    totals = {s: statistics.median(sum(run.values()) for run in schemes[s]["runs"]) for s in CODE}
    lines.append("| **all** | " + " | ".join(f"**{totals[s]:.3f}**" for s in CODE) + " |")
    lines += [
        "",
        f"All parts (median of the runs' sums): bytes / zobrist {totals['bytes'] / totals['zobrist']:.2f}x. "
        f"{len(schemes['zobrist']['runs'])} runs a version: {schemes['zobrist']['children']:,} children "
        f"over {schemes['zobrist']['depth']} layers.",
        "",
        "The package's beam_search on the same boards (end to end, one run each):",
        "",
        "| board | length | optimal | seconds | children / s |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for run in runs:
        lines.append(f"| #{run['id']} | {run['length']} | {run['optimal']} | {run['seconds']:.2f} | "
                     f"{run['generated'] / run['seconds']:,.0f} |")
    write_results(args.out or f"beam-profile-{RUNTIME}", lines, data)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
