"""What the command line prints for people: a search's result, its trace and tree, the
comparison's table, a check's report, a game's analysis, and the one progress line every job
draws.

``cli.py`` reads the arguments and runs the commands; every sentence they print is made
here (the words that the web API's JSON shares, such as ``quality`` and what stopped a
search, come from answer.py). ``ProgressLine`` draws any job's progress on a terminal,
each kind of progress in the words of its entry in ``PROGRESS_WORDS``: a new kind of job
is one entry there.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Sequence, TextIO

from .analysis import METHODS, NOTATIONS, AnalysisProgress, AnalysisResult, PositionAnalysis
from .answer import quality, quality_short
from .board import DIRECTION_NAMES, Board
from .compare import ComparisonProgress
from .speed.all_optimal import AllOptimalProgress
from .speed.metrics import mtm_length
from .speed.words import all_optimal_progress
from .custom import CheckProgress, CheckResult, board_text
from .custom.check import ValuesProgress
from .search import ALGORITHMS, Limits, Progress, SearchResult, StopReason
from .search.result import round_up
from .solvability import explain_solvability



def _moves(count: int | None) -> str:
    """"1 move", "31 moves"."""
    return f"{count} move" if count == 1 else f"{count} moves"

def search_progress(p: Progress) -> str:
    """A search's progress: what it prepares (loading tables), the best solution so far
    and the proven lower bound (the anytime solver), or its counts."""
    seconds = f"{p.seconds:.1f} s"
    if p.best is not None:
        bound = ""
        if p.lower_bound:
            bound = f", lower bound {p.lower_bound:,} (<= {round_up(p.best, p.lower_bound, 3):.3f} x shortest)"
        doing = f" ({p.stage.lower()})" if p.stage else ""
        return f"improving: best {p.best:,} moves{bound}{doing}, {p.expanded:,} expanded, {seconds}"
    if p.stage:
        return f"{p.stage}: {seconds}"
    bound = f", bound {p.bound}" if p.bound is not None else ""
    return f"searching: {p.expanded:,} expanded, frontier {p.frontier:,}{bound}, {seconds}"


def comparison_progress(p: ComparisonProgress) -> str:
    """A comparison's progress: the runs done, the pair running and its counts."""
    pair = p.algorithm + (f" with {p.heuristic}" if p.heuristic else "")
    counts = f": {p.search.expanded:,} expanded, {p.search.seconds:.1f} s" if p.search else ""
    return f"{p.pairs_done} of {p.pairs} runs done; running {pair}{counts}"


def check_progress(p: CheckProgress | ValuesProgress) -> str:
    """A check's progress (or its half that asks h, ``ValuesProgress``): its stage and the boards
    checked of those it will check."""
    return f"{p.stage}: {p.states:,} of {p.total:,} boards, {p.seconds:.1f} s"


def analysis_progress(p: AnalysisProgress) -> str:
    """An analysis's progress: what it does, the positions settled, and its counts (the
    states of a table being built, else the nodes its searches expanded)."""
    counts = (f"{p.states:,} of {p.total_states:,} states" if p.total_states and p.states < p.total_states
              else f"{p.expanded:,} expanded")
    return f"{p.stage}: {p.done} of {p.positions} positions settled, {counts}, {p.seconds:.1f} s"


PROGRESS_WORDS: dict[type, Callable[[Any], str]] = {
    Progress: search_progress,
    ComparisonProgress: comparison_progress,
    CheckProgress: check_progress,
    ValuesProgress: check_progress,
    AnalysisProgress: analysis_progress,
    AllOptimalProgress: all_optimal_progress,
}
"""Each kind of progress in words, by its class."""


class ProgressLine:
    """The one progress line of the command line: a job's progress drawn over itself on a
    terminal (``show``), never wider than the terminal, and wiped before the answer is
    printed (``clear``), with the ``^C`` a terminal echoes after it when Ctrl-C stops the job."""

    ECHO = 2
    """Columns kept free after the line for the terminal's echo of Ctrl-C (``^C``)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.drawn = 0

    def width(self) -> int:
        """How wide a line may be: the terminal's width less the echo's columns and one (a
        full line would wrap); 77 when it cannot be read (a stream without a file, or a
        terminal that says 0)."""
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = 0
        return (columns if columns > 20 else 80) - self.ECHO - 1

    def show(self, progress: object) -> None:
        """Draw ``progress`` in the words of its kind (``PROGRESS_WORDS``)."""
        words = PROGRESS_WORDS[type(progress)]
        line = ("  " + words(progress))[: self.width()]
        text = "\r" + line.ljust(self.drawn)
        self.drawn = max(self.drawn, len(line))  # first: a Ctrl-C during the write still wipes it
        self.stream.write(text)
        self.stream.flush()

    def clear(self) -> None:
        """Wipe the line (and a ``^C`` after it), if one was drawn."""
        if self.drawn:
            self.stream.write("\r" + " " * (self.drawn + self.ECHO) + "\r")
            self.stream.flush()
            self.drawn = 0


def format_result(result: SearchResult) -> str:
    """The readable report: the board, the verdict, then each step."""
    goal_name = result.goal.goal_name() or "custom"
    lines = [f"Board ({result.start.shape}, goal {goal_name}):", result.start.to_grid(), ""]
    why = explain_solvability(result.start, result.goal)
    if not result.solvable:
        lines.append("Unsolvable. " + why.explanation())
        return "\n".join(lines)
    method = result.algorithm + (f" with {result.heuristic}" if result.heuristic else "")
    if result.options:
        method += f" ({', '.join(f'{name} = {value:g}' for name, value in result.options.items())})"
    counts = f"{result.expanded:,} nodes expanded, {result.generated:,} generated, {result.seconds * 1000:.0f} ms"
    if not result.solved:
        lines.append(f"No solution yet: {method} was stopped by {result.stop.stopped_by()} ({counts}).")
        if result.bound is not None and result.metric == "mtm":
            lines.append(f"A solution has at least {result.bound} multi-tile moves.")
        elif result.bound is not None and result.optimal is False and ALGORITHMS[result.algorithm].optimal:
            lines.append(f"The shortest solution has at least {_moves(result.bound)}.")
        return "\n".join(lines)
    if result.metric == "mtm":
        setup = f", its tables built in {result.setup_seconds:.2f} s" if result.setup_seconds >= 0.005 else ""
        lines.append(f"Solution: {mtm_length(result.moves)} multi-tile moves ({quality(result)}), {result.length} "
                     f"single-tile; {method}, {counts}{setup}.")
    else:
        lines.append(f"Solution: {_moves(result.length)} ({quality(result, times='x')}); {method}, {counts}; "
                     f"{mtm_length(result.moves)} in the multi-tile metric.")
    if result.optimal_if_admissible is not None and not result.optimal:
        lines.append(
            f"{result.heuristic} is your own heuristic: it is not proven admissible, so nothing is proven "
            "from it (python -m npuzzle check --heuristic-file, or solve --check-heuristic, tells)."
        )
    elif result.optimal_if_admissible is not None:
        lines.append(f"{result.heuristic} is your own heuristic, checked admissible on every state.")
    factor = result.factor_up(3)
    if not result.optimal and result.lower_bound is not None and factor is not None:
        lines.append(
            f"The shortest solution has at least {_moves(result.lower_bound)}, so this one is at most "
            f"{factor:.3f} x as long."
        )
    if not result.stop.finished:
        lines.append(f"The search for a shorter one was stopped by {result.stop.stopped_by()}.")
    if len(result.history) > 1:
        lines.append("Improvements: " + ", ".join(
            f"{step.length} moves at {step.seconds:.2f} s" for step in result.history
            if step.length is not None and step is _first_with_length(result, step.length)
        ) + ".")
    for i, (tile, move) in enumerate(zip(result.tiles, result.moves), start=1):
        lines.append(f"{i:4}. {tile:>3} {DIRECTION_NAMES[move]}")
    if result.tiles:
        lines += ["", "Goal reached:", result.start.play(result.tiles).to_grid()]
    else:
        lines.append("The board is already the goal.")
    return "\n".join(lines)


def format_trace(result: SearchResult) -> str:
    """The trace in words: the table of iterations (bound, nodes expanded and generated in
    each, seconds) for IDA* and IDDFS, else a summary of the samples."""
    trace = result.trace
    if trace is None:
        return "No trace was recorded."
    samples = trace.samples
    last = samples[-1] if samples else None
    if trace.iterations:
        info = ALGORITHMS[result.algorithm]
        header = ("f bound" if info.uses_heuristic else "depth limit", "expanded", "generated", "seconds", "")
        rows = [header] + [
            (str(i.bound), f"{i.expanded:,}", f"{i.generated:,}", f"{i.seconds:.4f}",
             "" if i.outcome == "exhausted" else i.outcome)
            for i in trace.iterations
        ]
        widths = [max(len(row[c]) for row in rows) for c in range(len(header))]
        lines = [f"Iterations ({len(trace.iterations)}):"]
        for n, row in enumerate(rows):
            lines.append("  " + "  ".join(cell.rjust(widths[c]) for c, cell in enumerate(row)).rstrip())
            if n == 0:
                lines.append("  " + "  ".join("-" * w for w in widths[:-1]))
        return "\n".join(lines)
    if last is None:  # pragma: no cover - a finished trace always ends with the result's sample
        return "Trace: no samples."
    rate = f" ({last.expanded / last.seconds:,.0f} a second)" if last.seconds > 0 and last.expanded else ""
    kept = f", one progress report in {trace.stride}" if trace.stride > 1 else ""
    lines = [
        f"Trace: {len(samples)} sample{'s' if len(samples) > 1 else ''} over {last.seconds:.3f} s{kept}; "
        f"{last.expanded:,} nodes expanded{rate}."
    ]
    frontiers = [s.frontier for s in samples if s.frontier is not None]
    if frontiers:
        lines.append(f"Frontier: {frontiers[0]:,} at the first sample, {max(frontiers):,} at most.")
    bests = [(s.seconds, s.best) for s in samples if s.best is not None]
    lowers = [(s.seconds, s.lower_bound) for s in samples if s.lower_bound is not None]
    if bests:
        lines.append(f"Best length: {bests[0][1]} at {bests[0][0]:.3f} s, {bests[-1][1]} at {bests[-1][0]:.3f} s.")
    if lowers:
        lines.append(f"Lower bound: {lowers[0][1]} at {lowers[0][0]:.3f} s, {lowers[-1][1]} at {lowers[-1][0]:.3f} s.")
    return "\n".join(lines)


def format_tree(result: SearchResult) -> str:
    """The search tree as an outline: one line per node, indented by depth, with the move
    that made it, g, h and f, and what the search did with it (expanded as the n-th,
    left on the frontier, duplicate, pruned, goal); IDA*'s and IDDFS's iterations each
    under their bound."""
    if result.tree is None:
        return "No tree was recorded."
    tree = result.tree.to_dict()
    nodes: list[dict[str, Any]] = tree["nodes"]  # type: ignore[assignment]
    iterations: list[dict[str, Any]] = tree["iterations"]  # type: ignore[assignment]
    info = ALGORITHMS[result.algorithm]
    children: dict[int, list[int]] = {}
    for node_id, node in enumerate(nodes):
        if node["parent"] is not None:
            children.setdefault(node["parent"], []).append(node_id)
    lines = [f"Search tree: {tree['expansions']:,} expanded, {len(nodes):,} nodes generated "
             f"(the start included{', once per iteration' if info.iterative else ''})."]

    def what(node: dict[str, Any], bound: int | None) -> str:
        if node["status"] == "goal":
            return "goal"
        if node["status"] == "duplicate":
            return "duplicate (reached before at no greater cost)"
        if node["status"] == "pruned":
            return f"pruned (f {node['f']} > bound {bound})" if info.uses_heuristic else f"cut off at depth {bound}"
        if node["order"] is not None:
            return f"expanded #{node['order']}"
        return "replaced by a shorter path" if node["replaced"] is not None else "frontier"

    for number, iteration in enumerate(iterations, 1):
        bound = iteration["bound"]
        if info.iterative:
            kind = "f bound" if info.uses_heuristic else "depth limit"
            lines.append(f"Iteration {number}, {kind} {bound}:")
        stack = [(iteration["root"], 0)]
        while stack:
            node_id, depth = stack.pop()
            node = nodes[node_id]
            move = "start" if node["tile"] is None else f"{node['tile']} {DIRECTION_NAMES[node['dir']]}"
            counts = f"g {node['g']}" + (f"  h {node['h']}  f {node['f']}" if node["h"] is not None else "")
            lines.append(f"{'  ' * (depth + 1)}{move}: {counts}  {what(node, bound)}")
            stack.extend((child, depth + 1) for child in reversed(children.get(node_id, [])))
    return "\n".join(lines)


def _first_with_length(result: SearchResult, length: int) -> object:
    """The first history step that reached ``length`` (a step may only raise the bound)."""
    return next(step for step in result.history if step.length == length)


def format_table(results: list[SearchResult]) -> str:
    """The ``compare`` table, one row per algorithm/heuristic pair."""
    header = ("algorithm", "heuristic", "length", "optimal", "expanded", "generated", "max frontier", "ms", "stopped")
    rows = [header]
    for r in results:
        rows.append((
            r.algorithm,
            r.heuristic or "-",
            "-" if r.length is None else str(r.length),
            quality_short(r, times="x", at_most="<="),
            f"{r.expanded:,}",
            f"{r.generated:,}",
            f"{r.max_frontier:,}",
            f"{r.seconds * 1000:.1f}",
            "" if r.stop.finished else r.stop.value,
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    widths[7] = max(widths[7], len("99999.9"))  # ms: a table as wide whether runs took 5 ms or 50 s
    lines = []
    for n, row in enumerate(rows):
        cells = [row[i].ljust(widths[i]) if i < 2 else row[i].rjust(widths[i]) for i in range(len(row))]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def format_comparison(board: Board, goal: Board, results: list[SearchResult], limits: Limits) -> str:
    """The ``compare`` report: the board, then the table (or why it cannot be solved) and
    the limits each run had."""
    lines = [f"Board ({board.shape}, goal {goal.goal_name() or 'custom'}):", board.to_grid(), ""]
    if results and not results[0].solvable:
        lines.append("Unsolvable. " + explain_solvability(board, goal).explanation())
        return "\n".join(lines)
    lines.append(format_table(results))
    if results and results[-1].stop is StopReason.CANCELLED:
        lines += ["", f"Stopped by {StopReason.CANCELLED.stopped_by()}: not every pair was run."]
    lines += ["", f"Limits per run: {limits.max_nodes:,} nodes expanded, {limits.time_limit:g} s."]
    return "\n".join(lines)


def format_solve_check(check: CheckResult, result: SearchResult) -> str:
    """What ``solve --check-heuristic`` adds: the check's verdict, and what it means for the
    solution."""
    lines = [f"Check of {check.heuristic}: {check.verdict()} ({check.seconds:.2f} s)."]
    if check.admissible is False and result.solved:
        lines.append("It is not admissible, so this solution may be longer than the shortest.")
    return "\n".join(lines)


def format_check(result: CheckResult) -> str:
    """The check's report: what was checked, the verdict, the figures, the worst boards."""
    goal = Board(result.rows, result.cols, result.goal)
    name = result.heuristic.split(":", 1)[-1]
    lines = [f"Checking {name} on {goal.shape} boards, goal {goal.goal_name() or goal.to_string()}: "
             f"{result.samples}.", ""]
    lines.append(result.verdict()[0].upper() + result.verdict()[1:] + ".")
    share = f"{result.exact_share:.1%}" if result.exact_share is not None else "-"
    ratio = f"{result.mean_ratio:.3f}" if result.mean_ratio is not None else "-"
    lines.append(f"h(goal) = {result.h_goal}; exact on {result.exact:,} boards ({share}); mean h / distance "
                 f"{ratio}; {result.states:,} boards up to {result.max_distance} moves from the goal, "
                 f"{result.edges:,} moves; {result.seconds:.2f} s.")
    over = result.worst_overestimate
    if over is not None:
        lines += ["", f"Worst overestimate: h {over.h} where {over.distance} moves suffice "
                      f"({board_text(over.board)}):", _indent(Board(result.rows, result.cols, over.board).to_grid())]
    edge = result.worst_inconsistent_edge
    if edge is not None:
        lines += ["", f"Worst inconsistent move: h drops from {edge.h_before} to {edge.h_after} "
                      f"({board_text(edge.before)} -> {board_text(edge.after)}):",
                  _side_by_side(Board(result.rows, result.cols, edge.before).to_grid(),
                                Board(result.rows, result.cols, edge.after).to_grid())]
    if result.stopped is not None:
        lines += ["", f"Stopped by {StopReason(result.stopped).stopped_by()}: not every board was checked."]
    return "\n".join(lines)


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def _side_by_side(left: str, right: str) -> str:
    a, b = left.splitlines(), right.splitlines()
    width = max(len(line) for line in a)
    return "\n".join(f"  {x.ljust(width)}   {'->' if i == len(a) // 2 else '  '}   {y}"
                     for i, (x, y) in enumerate(zip(a, b)))


CTRL_C = "you (Ctrl-C)"
"""Who stopped a job the command line ran to its end (``StopReason.stopped_by``'s ``cancelled``)."""


def _distance(position: PositionAnalysis) -> str:
    """A position's distance: exact, or its bounds (``40-46``, ``>= 40``, ``?``)."""
    if position.exact:
        return str(position.distance)
    if position.lower is None:
        return "?" if position.upper is None else f"<= {position.upper}"
    return f"{position.lower}-{position.upper}" if position.upper is not None else f">= {position.lower}"


def _slides(tiles: Sequence[int], directions: str) -> str:
    """Tiles and their directions in words: ``7 left, 8 up``."""
    return ", ".join(f"{tile} {DIRECTION_NAMES[d]}" for tile, d in zip(tiles, directions))


def format_analysis(result: AnalysisResult) -> str:
    """A game's analysis for people: the game, a row per move (the distance before and after
    it, its verdict, the best moves there), the totals, and how the distances were found."""
    game = result.game
    goal = game.goal
    notation = NOTATIONS[result.notation]
    how = "as played" if result.undos == "as-played" else f"without its undone moves ({result.played_moves} played)"
    lines = [f"Game ({goal.shape}, goal {goal.goal_name() or goal.to_string()}): {game.moves} moves in the "
             f"{notation.name} notation ({notation.label.lower()}), analysed {how}.", game.start.to_grid(), ""]
    if result.moves:
        header = ("Move", "tile", "slid", "distance", "verdict", "best moves there")
        rows = [header]
        for move in result.moves:
            before, after = result.positions[move.number - 1], result.positions[move.number]
            verdict = move.verdict + (f" (-{move.lost})" if move.lost else "")
            best = _slides(before.best, before.best_directions) if before.best is not None else ""
            rows.append((f"{move.number}.", str(move.tile), DIRECTION_NAMES[move.direction] + (" (undo)" if move.undo else ""),
                         f"{_distance(before)} -> {_distance(after)}", verdict, best))
        widths = [max(len(row[c]) for row in rows) for c in range(len(header))]
        for n, row in enumerate(rows):
            cells = [cell.rjust(widths[c]) if c < 2 else cell.ljust(widths[c]) for c, cell in enumerate(row)]
            lines.append("  ".join(cells).rstrip() if n else "  ".join(cells).strip())
        lines.append("")
    start, end = result.positions[0], result.positions[-1]
    optimal = str(result.optimal_length) if result.optimal_length is not None else f"{_distance(start)} (bounds)"
    excess = f"{result.excess}" if result.excess is not None else "not known (bounds)"
    played = (f"Moves played: {game.moves} single-tile" if result.undos == "as-played" else
              f"Moves: {result.played_moves} played, {game.moves} without the undone ones: {game.moves} single-tile")
    lines.append(f"{played}, {game.multi_tile_moves} multi-tile. The start's optimal length: {optimal} (single-tile moves, as every distance here). Excess: {excess}.")
    lines.append(result.summary(stopped=False))
    timing = result.timing
    if timing is not None:
        pauses = ", ".join(f"before move {p.move} ({p.ms / 1000:.2f} s)" for p in timing.pauses) or "none"
        tps = f"{timing.tps:.2f} moves per second" if timing.tps else "no time"
        lines.append(f"Time: {timing.total_ms / 1000:.3f} s, {tps}. Pauses of {timing.pause_ms / 1000:.2f} s or "
                     f"more: {pauses}.")
    if not game.solved and end.finish is not None:
        lines.append(f"The game ends {end.distance} moves from the goal; a shortest finish: "
                     f"{_slides(end.finish, end.finish_directions)}.")
    elif game.moves == 0 and start.best is not None and start.best:
        lines.append(f"Best moves here: {_slides(start.best, start.best_directions)}.")
    method = METHODS[result.method] + (f" (heuristic {result.heuristic})" if result.heuristic else "")
    counts = f"{result.expanded:,} nodes expanded, " if result.method != "table" else ""
    lines.append(f"Distances: {method}; {counts}{result.seconds:.2f} s.")
    if not result.exact:
        lines.append("Distances shown as bounds (lower-upper) are not exact: the verdicts there are only those the "
                     "bounds prove.")
    if result.stopped:
        lines.append(f"Stopped by {StopReason(result.stopped).stopped_by(CTRL_C)}: the positions not settled keep their bounds.")
    return "\n".join(lines)
