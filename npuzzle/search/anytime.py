"""The anytime solver: an answer at once, then shorter ones and a rising lower bound.

1. **A first solution in milliseconds** on any board (reduction.py: filled a line
   at a time, as a person does; long, about three times the Manhattan distance
   on big boards, but immediate; past 10x10, a staged solution with narrow beams,
   faster and far shorter).
2. **Then two searches share the time that is left**, in short turns:
   * *shorter solutions*: on boards up to 36 cells (6x6), beam searches (beam.py),
     each cut off at the length of the best solution so far, so that only a
     shorter one can come out: doubling in width while they are cheap, then the
     widest one the time left allows (a beam cut off by the deadline gives
     nothing), then beams over parts of the best path; the beam's memory is
     capped. On bigger boards, where a beam over the whole board loses its way,
     staged solutions (staged.py: the outer lines by beams that see the whole
     board, then a beam over a 5x5 core) of growing width, the best of them
     shortened by solving short windows of it again (windows.py);
   * *a rising lower bound*: IDA* with the heuristic (admissible), whose current
     f bound is a proven lower bound on the shortest length; when it reaches the
     best length, that solution is proven shortest, and when IDA* finds a
     solution, that one is.
   On 3x3 and 4x4, where IDA* with pattern databases usually proves the optimum
   in well under a second, IDA* gets three quarters of the time; on bigger
   boards, where no proof is in reach, a tenth (past 12x12, 3 %).
3. **It stops** when the best solution is proven shortest, at the node or time
   limit, when cancelled, or when it has nothing left to try: then it returns
   the best solution found, with the lower bound and the history of improvements.

Lower bounds are rounded up to the parity every solution has (each move moves
the blank one cell, so every solution's length has the parity of the blank's
Manhattan distance to its goal cell).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Generator, Iterator

from ..board import relabel_tiles
from ..heuristics import (
    HEURISTICS, Compiled, HeuristicInfo, compile_heuristic, heuristic_available, heuristic_loading, table_needs,
    strongest_heuristic,
)
from .beam import beam_search
from .idastar import idastar
from .preparation import Preparation, load_heuristic, registered, shape
from .problem import Problem
from .reduction import reduce
from .staged import core_tables, staged_solution
from .windows import shorten
from .result import Improvement, Limits, Progress, StopReason
from .steps import Options, Outcome, Steps

FIRST_WIDTH = 16
"""The first beam's width; beams double in width up to ``JUMP_WIDTH``."""
JUMP_WIDTH = 1024
"""From this width on, each next beam is the widest the time left allows."""
MAX_WIDTH = 32_768
"""The widest beam: its layer, its children and the states it remembers take about
100 MB."""
BEAM_STATES = 8_000_000
"""The most states (width x depth) a beam keeps for its path: 6 bytes each."""
WIDTH_COST = 1.26
"""A beam's time grows as its width to this power (a beam twice as wide takes 2.4
times as long: its sets and tables outgrow the processor's caches); measured with
the 5x5 pattern databases."""
TIME_MARGIN = 0.85
"""The share of the time left that a beam is planned to take."""
PART_COST = 1.6
"""How much slower a beam is with linear conflict than with the 5x5 pattern databases."""
PART_WIDTH = 256
"""Parts of the best path are searched again by beams at least this wide."""
BEAM_CELLS = 36
"""Boards up to this many cells (6x6) are improved by beam searches over the whole board;
bigger ones, where such a beam loses its way, by staged solutions (staged.py)."""
STAGED_WIDTH = 32
"""The first staged improver's line beams are this wide."""
FIRST_STAGED_WIDTH = 8
"""On boards past ``FIRST_STAGED_CELLS`` the first solution is a staged one with line beams
this wide: faster than the reduction (16x16, CPython: 0.4 s against 0.8 s) and far shorter
(2.9 against 3.6 x Manhattan)."""
FIRST_STAGED_CELLS = 100
"""Boards past this many cells (10x10) get a staged first solution; on smaller ones the
reduction is as fast, and beams this narrow can lose their way (7x6: 698 moves against the
reduction's 636)."""
STAGED_MAX_WIDTH = 2048
"""The widest line beam of a staged solution: it remembers each state it keeps (about 100
bytes each), up to 800 layers of them for a line."""
STAGED_COST = 1.2
"""A staged solution's time grows as its width to this power (10x10, CPython: width 256
took 1.5 s, 925 took 7.2 s)."""
HURRY_MARGIN = 1.5
"""A staged improver narrows its beams at least this many first solutions' times before
the deadline (a staged first solution's time says how long narrow beams take)."""
HURRY_SHARE = 0.03
"""A staged improver narrows its beams at least this share of the time limit before the
deadline."""
STAGED_SHARE = 0.45
"""The most of the time limit one staged solution is planned to take."""
VARIANT_CELLS = 144
"""Past this many cells (12x12) one staged solution may take all the time, and windows
get at most an eighth of it (not a third): there a wider beam still gains far more than
another variant or windows (16x16: width 16 gives 3.07 x Manhattan, 64 gives 2.31)."""
STAGED_VARIANTS = ((4, 8), (5, 8), (4, 6), (5, 6))
"""Staged solutions' (weight of a line's tiles, tiles per chunk of a long line)
(staged.py): the first while they grow wider (it gives the shorter ones), then each in turn."""
SHORTEN_SECONDS = 0.001
"""About how long shortening a solution by windows takes per move, in CPython (windows.py)."""
LADDER_CELLS = 25
"""Boards past this many cells (up to BEAM_CELLS) get staged solutions before their beams."""
LADDER_SHARE = 0.1
"""The most of the time limit those staged solutions are planned to take."""
PROOF_CELLS = 16
"""Boards up to this many cells give IDA* (the proof) three quarters of the time."""
BIG_PROOF_SHARE = 0.03
"""IDA*'s share of the time past VARIANT_CELLS (12x12): there its first iterations raise the
bound a few moves above linear conflict (16x16: 2751 to 2755 in a second) and later ones
hardly at all, while a wider staged solution still gains."""
TURN_SECONDS = 0.02
"""How long one search runs before the other gets its turn."""

Improver = Generator[Progress, bool, "list[int] | None"]
"""A search for a shorter solution: yields progress, returns a path (blank positions,
start included) or None."""


def _reduction(problem: Problem, together: int) -> Improver:
    """A reduction as an improver (progress after every tile placed)."""
    started = time.perf_counter()
    steps = reduce(problem, together)
    placed = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            path: list[int] = done.value
            return [problem.start.index(0)] + path
        placed += 1
        cancel = yield Progress(placed, placed, 0, 0, time.perf_counter() - started)
        if cancel:
            steps.close()
            return None


def first_solution(problem: Problem) -> list[int]:
    """The reduction's solution at once (blank positions, start included): what an
    anytime search can show while its tables are still being loaded."""
    steps = _reduction(problem, 0)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            path: list[int] = done.value
            return path


def wait_for_tables(problem: Problem, heuristic: HeuristicInfo | None, fetching: bool = False) -> Preparation:
    """How the anytime solver gets its heuristic ready: when its tables must first be
    fetched (``fetching``: the caller fetches the missing files meanwhile) or loaded, it
    shows its first solution at once (the reduction needs no tables; the search finds it
    again after), waits for the files, then loads the tables a step at a time."""
    if heuristic is None:  # pragma: no cover - the registry always hands it one
        return None
    where = shape(problem)
    missing = heuristic.missing_files(*where) if fetching else []
    if not missing and (not registered(heuristic) or heuristic_loading(heuristic.name, *where) is None):
        return (yield from load_heuristic(problem, heuristic))  # ready: nothing to show first
    started = time.perf_counter()
    path = first_solution(problem) if problem.start != problem.goal else None
    best = len(path) - 1 if path else None
    fresh = tuple(path) if path else None
    tables = heuristic.tables
    while missing:  # each step ends at once: the files arrive between steps
        stage = f"Downloading {tables.stage.split(' ', 1)[1]}" if tables else "Waiting for the heuristic's tables"
        if (yield Progress(0, 0, 0, 0, time.perf_counter() - started, stage=stage, best=best, path=fresh), True):
            return None
        fresh = None
        missing = heuristic.missing_files(*where)
    if fresh is not None:  # shown at once, before the first step of loading
        stage = tables.stage if tables else "Preparing the heuristic"
        if (yield Progress(0, 0, 0, 0, time.perf_counter() - started, stage=stage, best=best, path=fresh), True):
            return None
    return (yield from load_heuristic(problem, heuristic, best=best))


def _cells_at(problem: Problem, path: list[int], index: int) -> tuple[int, ...]:
    """The cells after the first ``index`` moves of ``path`` (blank positions)."""
    cells = list(problem.start)
    for before, after in zip(path, path[1 : index + 1]):
        cells[before], cells[after] = cells[after], 0
    return tuple(cells)


def _between(problem: Problem, start: tuple[int, ...], goal: tuple[int, ...]) -> Problem:
    """The problem of going from cells ``start`` to cells ``goal`` (both relabelled
    against the real goal), relabelled against ``goal`` so that heuristics apply."""
    return Problem(
        problem.start_board, problem.goal_board, problem.rows, problem.cols,
        relabel_tiles(start, goal), relabel_tiles(goal, goal), problem.neighbours,
    )


def _part(problem: Problem, best: list[list[int]], fraction: float, first: bool, width: int,
          deadline: float) -> Improver:
    """Search again, with a beam of ``width``, the first or the second part of the best
    path (split at ``fraction`` of its length) and return the whole path if that part
    comes out shorter: a beam over half the depth can afford to be wider."""
    path = best[0]
    split = max(1, int((len(path) - 1) * fraction))
    middle = _cells_at(problem, path, split)
    if first:
        sub = _between(problem, problem.start, middle)
        cap = split - 2
    else:
        sub = _between(problem, middle, problem.goal)
        cap = len(path) - 1 - split - 2
    if cap < 1:
        return None
    blank_goal = sub.goal.index(0)
    name = strongest_heuristic(problem.rows, problem.cols, blank_goal, ready_only=True)  # never a load in one go
    found = yield from beam_search(sub, compile_heuristic(name, problem.rows, problem.cols, blank_goal),
                                   width, deadline, max_depth=cap)
    if found is None:
        return None
    return found + path[split + 1 :] if first else path[: split] + found


def _then_shorten(problem: Problem, improver: Improver, deadline: float) -> Improver:
    """``improver``, and if it finds a path, that path shortened by windows (windows.py:
    on boards up to 6x6 a pass takes a few milliseconds). Its counts go on from the
    improver's."""
    base = [0, 0]
    found = yield from _counted(improver, base, (0, 0))
    if found is None:
        return None
    shorter = yield from _counted(shorten(problem, found, deadline), [0, 0], (base[0], base[1]))
    return shorter if shorter is not None else found


def _counted(steps: Improver, last: list[int], offset: tuple[int, int]) -> Improver:
    """``steps`` with ``offset`` added to the counts of its progress; ``last`` gets the counts
    of its last report."""
    try:
        p = next(steps)
        while True:
            last[:] = [p.expanded, p.generated]
            cancel = yield replace(p, expanded=p.expanded + offset[0], generated=p.generated + offset[1])
            p = steps.send(cancel)
    except StopIteration as done:
        path: list[int] | None = done.value
        return path


def _seeded(problem: Problem, seed: list[int], deadline: float) -> Improver:
    """``seed`` shortened by windows (within a tenth of the time), or as it is."""
    started = time.perf_counter()
    shorter = yield from shorten(problem, seed, started + (deadline - started) / 10)
    return shorter if shorter is not None else list(seed)


def wanted_table_files(rows: int, cols: int, blank_goal: int) -> list[str]:
    """Table files the anytime solver uses on this board when they are here, without
    waiting for them (a big board's 5x5 core): those not on disk, for the browser to
    fetch while the search runs."""
    core = core_tables(rows, cols, blank_goal) if rows * cols > BEAM_CELLS else None
    return [] if core is None else table_needs(["pdb"], *core)


def _loading(steps: Iterator[None]) -> Improver:
    """Tables loaded a step at a time, as an improver that finds nothing (so that a
    cancel is seen between the steps)."""
    started = time.perf_counter()
    for _ in steps:
        if (yield Progress(0, 0, 0, 0, time.perf_counter() - started)):
            return None
    return None


def _improvers(problem: Problem, heuristic: Compiled, deadline: float, best: list[list[int]],
               first_seconds: float = 0.0) -> Iterator[Improver]:
    """The searches for shorter solutions, in the order they are tried; ``best[0]`` is
    the best path so far when each one starts.

    Small boards (past LADDER_CELLS cells: after staged solutions, four times wider each
    while they take a tenth of the time): beams over the whole path, doubling in width while they are cheap
    (without pattern databases, from width 256 a beam that finds nothing shorter is
    followed by beams over the parts of the best path, as below, at its width);
    then the widest beam that the time left allows (judged by how long the last one
    took: a beam's quality grows with its width, and a beam cut off by the deadline
    gives nothing); then, while time remains, beams over the parts of the best path
    (split at a half, a third and two thirds; with pattern databases the last parts
    only), each as wide as the time left allows for its depth.

    Big boards: staged solutions (lines filled by beams over the whole board down to a
    5x5 core, then a beam over the core), four times wider each while time allows, then
    variants of it as wide as the time allows; the best one shortened by solving its
    windows again (windows.py), then staged solutions in the time still left.
    """
    if problem.size > BEAM_CELLS:
        total = deadline - time.perf_counter()
        variants = problem.size <= VARIANT_CELLS
        ran, took, shortened, variant = 0, 0.0, 0, 0
        core = core_tables(problem.rows, problem.cols, problem.goal.index(0))
        while True:
            # The 5x5 pattern databases solve the core far shorter than linear conflict
            # (and in a fifth of the time): loaded, a step at a time, as soon as their file
            # is here (at once in CPython; in the browser once the worker has fetched it).
            if core is not None and heuristic_available("pdb", *core):
                loading = heuristic_loading("pdb", *core)
                if loading is not None:
                    yield _loading(loading)
            # A staged solution's time grows as its width to STAGED_COST. The next one is
            # four times as wide while one run takes at most STAGED_SHARE of the time and
            # the time left allows (less what shortening the best by windows will take,
            # at most a third of the whole or an eighth past VARIANT_CELLS, unless that is
            # done); then as wide as that allows, each with the next variant (a different
            # solution: on 10x10 the best of four variants is shorter than one run twice
            # as long). When the width would fall below half the last one, the best is
            # shortened by windows, and the staged solutions go on in the time still left.
            left = deadline - time.perf_counter()
            if shortened != len(best[0]):
                left -= min(SHORTEN_SECONDS * len(best[0]), total * (1 / 3 if variants else 1 / 8))
            budget = min(left, (STAGED_SHARE if variants else 1.0) * total)
            width = STAGED_WIDTH if not ran else min(
                4 * ran, STAGED_MAX_WIDTH, int(ran * (max(budget, 0.0) * TIME_MARGIN / max(took, 1e-3)) ** (1 / STAGED_COST)))
            floor = STAGED_WIDTH if shortened == len(best[0]) else max(STAGED_WIDTH, ran // 2)
            if ran and width < floor:
                if shortened == len(best[0]):
                    return
                yield shorten(problem, best[0], deadline)
                shortened = len(best[0])
                continue
            if ran and width <= ran:
                variant += 1
            weight, chunk = STAGED_VARIANTS[variant % len(STAGED_VARIANTS)]
            began = time.perf_counter()
            # A run that takes longer than planned (a busy machine, a slower engine) ends
            # its lines with narrow beams in time, rather than giving nothing: a staged
            # first solution's time (beams FIRST_STAGED_WIDTH wide) says how long that takes.
            hurry = deadline - max(HURRY_MARGIN * first_seconds, HURRY_SHARE * total)
            yield staged_solution(problem, width, deadline, len(best[0]) - 1, weight, chunk, hurry)
            ran, took = width, time.perf_counter() - began

    def then(improver: Improver) -> Improver:
        """The improver, its path shortened by windows where the heuristic has no pattern
        databases (6x6 and the like: there a beam's path has detours that windows find; with
        the 5x5 tables it is near the shortest, and the windows' time is better spent on a
        wider beam)."""
        return improver if heuristic.patterns is not None else _then_shorten(problem, improver, deadline)

    def widest(width: int, took: float, share: float) -> int:
        """The widest beam over ``share`` of the depth that should end in the time
        left, given that one of ``width`` over the whole depth took ``took``."""
        budget = (deadline - time.perf_counter()) * TIME_MARGIN
        if budget <= 0:
            return 0
        grown = width * (budget / max(took * share, 1e-6)) ** (1 / WIDTH_COST)
        cap = min(MAX_WIDTH, BEAM_STATES // max(1, int((len(best[0]) - 1) * share)))
        return int(min(grown, cap))

    if problem.size > LADDER_CELLS:
        # 6x6 and the like: staged solutions first, four times wider each while they take a
        # tenth of the time at most: a floor the beams must then beat, reached in a second
        # where a beam over the whole board needs several (in the browser, twice as many).
        total = deadline - time.perf_counter()
        ladder_width, spent = STAGED_WIDTH, 0.0
        while True:
            began = time.perf_counter()
            yield staged_solution(problem, ladder_width, deadline, len(best[0]) - 1)
            took = time.perf_counter() - began
            spent += took
            ladder_width *= 4
            if spent + took * 4**STAGED_COST > LADDER_SHARE * total or ladder_width > STAGED_MAX_WIDTH:
                break
    width = FIRST_WIDTH
    while True:
        length = len(best[0])
        began = time.perf_counter()
        yield then(beam_search(problem, heuristic, width, deadline, max_depth=len(best[0]) - 2))
        took = time.perf_counter() - began
        if heuristic.patterns is None and len(best[0]) == length and width >= PART_WIDTH:
            # Without pattern databases (boards past 5x5) a beam over the whole path
            # often loses its way; over a part of it, with a nearer goal, it does not.
            for fraction in (0.5, 1 / 3, 2 / 3):
                yield then(_part(problem, best, fraction, True, width, deadline))
                yield then(_part(problem, best, fraction, False, width, deadline))
        if width < JUMP_WIDTH:
            width *= 2
            continue
        wider = widest(width, took, 1.0)
        if wider >= 2 * width:
            width = wider
            continue
        break
    # The parts of the best path, while time remains and they shrink it. A first part
    # ends at a state other than the goal, where pattern databases do not apply: its
    # beams are planned as PART_COST times slower, then by the last part's time. With
    # pattern databases only the last parts are searched again (a first part's beam with
    # linear conflict, or with the tables read toward its end, never came out shorter on
    # Korf & Felner's 24-puzzles).
    firsts = (False,) if heuristic.patterns is not None else (True, False)
    if heuristic.patterns is None:
        took *= PART_COST
    while True:
        length = len(best[0])
        for fraction in (0.5, 1 / 3, 2 / 3):
            for first in firsts:
                share = fraction if first else 1 - fraction
                part_width = widest(width, took, share)
                if part_width < PART_WIDTH:
                    return
                began = time.perf_counter()
                yield then(_part(problem, best, fraction, first, part_width, deadline))
                width, took = part_width, (time.perf_counter() - began) / share
        if len(best[0]) == length:
            return


def anytime(problem: Problem, heuristic: Compiled, limits: Limits, options: Options,
            seed: list[int] | None = None) -> Steps:
    """An answer at once, then shorter ones until proven shortest or a limit. Yields
    progress (with each better solution); send True to stop and keep the best. With
    ``seed`` (a solution, as blank positions from the start), that solution shortened by
    windows (windows.py) is the first answer instead of a reduction's: the shortening of a
    given solution (speed/optimize.py)."""
    started = time.perf_counter()
    deadline = started + limits.time_limit
    start_blank = problem.start.index(0)
    # A person's heuristic (not in the registry) is taken at its word: what the search then
    # proves holds only if it is admissible, and the result says so (optimal_if_admissible).
    entry = HEURISTICS.get(heuristic.name)
    admissible = entry is None or entry.admissible
    lower = problem.at_parity(heuristic.evaluate(problem.start) if admissible else 0)
    history: list[Improvement] = []
    best: list[list[int]] = [[start_blank]]
    counts = {"proof": (0, 0), "improve": (0, 0), "improved": (0, 0)}

    def now() -> float:
        return time.perf_counter() - started

    def totals() -> tuple[int, int]:
        return (
            counts["proof"][0] + counts["improve"][0] + counts["improved"][0],
            counts["proof"][1] + counts["improve"][1] + counts["improved"][1],
        )

    def outcome(stop: StopReason, proven: bool = False) -> Outcome:
        expanded, generated = totals()
        solved = len(best[0]) > 1 or problem.start == problem.goal
        return Outcome(
            stop, best[0] if solved else None, expanded, generated, 0, None, lower_bound=lower,
            proven=proven, history=tuple(history),
        )

    def report(path: tuple[int, ...] | None = None, stage: str | None = None) -> Progress:
        expanded, generated = totals()
        return Progress(expanded, generated, 0, 0, now(), lower, stage=stage,
                        best=len(best[0]) - 1 if len(best[0]) > 1 or path else None,
                        lower_bound=lower, path=path)

    if problem.start == problem.goal:
        history.append(Improvement(now(), 0, 0))
        return outcome(StopReason.SOLVED, proven=True)

    # 1. The first solution (never cut off: the deadline passes it whatever it takes).
    first = (_seeded(problem, seed, deadline) if seed is not None
             else staged_solution(problem, FIRST_STAGED_WIDTH, float("inf"), 1 << 62)
             if problem.size > FIRST_STAGED_CELLS else _reduction(problem, 0))
    while True:
        try:
            next(first)
        except StopIteration as done:
            best[0] = done.value if done.value is not None else first_solution(problem)  # (always a path)
            break
        if (yield report(stage="Finding a first solution")):
            first.close()
            return outcome(StopReason.CANCELLED)
    history.append(Improvement(now(), len(best[0]) - 1, lower))
    if (yield report(path=tuple(best[0]))):
        return outcome(StopReason.CANCELLED)

    # 2. Shorter solutions and a rising lower bound, in turns.
    proof: Steps | None = (
        idastar(problem, heuristic, Limits(max_nodes=1 << 62, time_limit=limits.time_limit), {})
        if admissible else None
    )
    proof_share = 0.75 if problem.size <= PROOF_CELLS else 0.1 if problem.size <= VARIANT_CELLS else BIG_PROOF_SHARE
    improvers = _improvers(problem, heuristic, deadline, best, now())
    improving: Improver | None = next(improvers, None)
    spent = {"proof": 0.0, "improve": 0.0}

    def close_all() -> None:
        if proof is not None:
            proof.close()
        if improving is not None:
            improving.close()

    while True:
        if lower >= len(best[0]) - 1:
            close_all()
            if history[-1].lower_bound != lower:
                history.append(Improvement(now(), len(best[0]) - 1, lower))
            return outcome(StopReason.SOLVED, proven=True)
        clock = time.perf_counter()
        if clock >= deadline:
            close_all()
            return outcome(StopReason.TIME_LIMIT)
        if totals()[0] >= limits.max_nodes:
            close_all()
            return outcome(StopReason.NODE_LIMIT)
        if proof is None and improving is None:
            return outcome(StopReason.SOLVED)  # nothing left to try: the best solution stands
        use_proof = proof is not None and (
            improving is None or spent["proof"] * (1 - proof_share) <= spent["improve"] * proof_share
        )
        turn_end = min(clock + TURN_SECONDS, deadline)
        found: list[int] | None = None
        finished = False
        while True:
            try:
                if use_proof and proof is not None:
                    p = next(proof)
                    counts["proof"] = (p.expanded, p.generated)
                    if p.bound is not None and problem.at_parity(p.bound) > lower:
                        lower = problem.at_parity(p.bound)
                        history.append(Improvement(now(), len(best[0]) - 1, lower))
                elif improving is not None:
                    p = next(improving)
                    counts["improve"] = (p.expanded, p.generated)
            except StopIteration as done:
                if use_proof:
                    out: Outcome = done.value
                    proof = None
                    counts["proof"] = (out.expanded, out.generated)
                    if out.stop is StopReason.SOLVED and out.path is not None:
                        found = out.path
                        lower = len(found) - 1
                else:
                    improved = counts["improved"]
                    counts["improved"] = (improved[0] + counts["improve"][0], improved[1] + counts["improve"][1])
                    counts["improve"] = (0, 0)
                    found = done.value
                    finished = True
                break
            if (yield report()):
                close_all()
                return outcome(StopReason.CANCELLED)
            if time.perf_counter() >= turn_end or lower >= len(best[0]) - 1:
                break
            if totals()[0] >= limits.max_nodes:
                break
        spent["proof" if use_proof else "improve"] += time.perf_counter() - clock
        if found is not None and len(found) < len(best[0]):
            best[0] = found
            history.append(Improvement(now(), len(found) - 1, lower))
            if (yield report(path=tuple(found))):
                close_all()
                return outcome(StopReason.CANCELLED)
        if finished:  # the next one starts from the best path, this one's included
            improving = next(improvers, None)
