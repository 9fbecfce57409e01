"""The speed-solver's answers in words, for the command line (the page words them the same way
from the JSON: web/speed/speed-words.js)."""

from __future__ import annotations

from ..analysis.notation import write_moves
from ..search.result import StopReason
from .all_optimal import AllOptimalProgress, AllOptimalResult
from .optimize import OptimizeResult
from .request import MoveAnswer

CTRL_C = "you (Ctrl-C)"
"""Who stopped a job the command line ran (``StopReason.stopped_by``'s ``cancelled``)."""


def all_optimal_progress(p: AllOptimalProgress) -> str:
    """The progress line: the bound until the shortest length is reached, then the count so far."""
    search = p.search
    if search is not None and search.stage:
        return search.stage
    nodes = f"{search.expanded:,} nodes, {search.seconds:.1f} s" if search is not None else ""
    if p.length is None:
        bound = search.bound if search is not None else None
        return f"every shortest solution: looking for the shortest length, bound {bound}, {nodes}"
    return f"every shortest solution: length {p.length}, {p.found:,} found so far, {nodes}"


def count_words(result: AllOptimalResult) -> str:
    """``40 shortest solutions of 31 moves`` (``at least`` when a limit cut the count short)."""
    if result.length is None:
        if not result.solvable:
            return "no solution: the board cannot reach the goal"
        return f"the shortest length was not reached: stopped by {result.stop.stopped_by(CTRL_C)}"
    plural = "" if result.count == 1 else "s"
    count = f"{result.count:,}" if result.complete else f"at least {result.count:,}"
    return f"{count} shortest solution{plural} of {result.length} moves"


def format_all_optimal(result: AllOptimalResult) -> str:
    """The count, the first moves, the spread of multi-tile lengths and the solutions kept."""
    lines = [count_words(result).capitalize() + (
        "" if result.complete or result.length is None else
        f" (stopped by {result.stop.stopped_by(CTRL_C)} before all were counted)")]
    if result.count:
        first = ", ".join(f"{m.direction} (tile {m.tile}): {m.count:,}" for m in result.first_moves)
        lines.append(f"First moves: {first}")
        spread = ", ".join(f"{mtm}: {n:,}" for mtm, n in sorted(result.mtm_lengths.items()))
        lines.append(f"Multi-tile moves (MTM): fewest {min(result.mtm_lengths)}; solutions by MTM length: {spread}")
        shown = len(result.solutions)
        more = f" ({shown:,} kept of {result.count:,}: those with fewest MTM)" if shown < result.count else ""
        lines.append(f"Solutions, fewest multi-tile moves first{more}:")
        width = len(str(shown))
        for i, s in enumerate(result.solutions, 1):
            lines.append(f"{i:>{width}}. {s.stm} STM, {s.mtm} MTM  {write_moves(s.tiles, s.moves, 'slidysim')}")
    lines.append(f"{result.expanded:,} nodes expanded in {result.seconds:.2f} s ({result.heuristic} heuristic)")
    return "\n".join(lines)


def format_optimize(result: OptimizeResult) -> str:
    """Before and after in both metrics, how far from the shortest, the shortened moves."""
    before, after = result.before, result.after
    lines = [f"Before: {before.stm} moves ({before.mtm} MTM)",
             f"After:  {after.stm} moves ({after.mtm} MTM): {write_moves(after.tiles, after.moves, 'slidysim')}"]
    if result.simplified.stm < before.stm:
        lines.insert(1, f"Undone slides taken out: {result.simplified.stm} moves ({result.simplified.mtm} MTM)")
    if result.optimal:
        lines.append(f"Shortest: {after.stm} moves is the shortest length (proven)")
    elif result.lower_bound:
        lines.append(f"The shortest is at least {result.lower_bound} moves: this is at most "
                     f"{after.stm - result.lower_bound} moves ({after.stm / result.lower_bound:.2f}x) from it")
    lines.append("Your first move kept" if result.kept == 1 else f"Your first {result.kept} moves kept" if result.kept
                 else "None of your first moves kept")
    stopped = result.stopped
    end = f"stopped by {StopReason(stopped).stopped_by(CTRL_C)}" if stopped else "done"
    lines.append(f"{end} after {result.seconds:.2f} s (time limit {result.time_limit:g} s)")
    return "\n".join(lines)


def format_moves(answer: MoveAnswer) -> str:
    """The moves, their lengths, and the board they start from when there is one."""
    count = len(answer.moves)
    lines = [answer.text, f"{count} move{'' if count == 1 else 's'} ({answer.to_dict()['mtm']} MTM)"]
    if answer.board is not None:
        lines.append(f"from {answer.board.to_string()}" + (
            " (to the goal)" if answer.solves else ""))
    return "\n".join(lines)
