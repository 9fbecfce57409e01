"""The command line: ``python -m npuzzle solve|compare|check|random|tables ...``.

Exit status: 0 when it answered (an unsolvable board is an answer), 2 for
invalid input (one line on stderr, no traceback; a heuristic file that cannot be
used is invalid input), 3 when a node or time limit stopped the search without a
solution or stopped a check, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence, TextIO

from . import answer, tables
from .answer import result_json
from .board import DIRECTION_NAMES, Board, BoardError
from .compare import COMPARE_MAX_NODES, COMPARE_TIME_LIMIT
from .custom import CheckProgress, CheckResult, HeuristicCheck, HeuristicTimeout, board_text
from .custom.deadline import hard_time_limit
from .heuristics import HEURISTICS
from .pattern_db import build_shipped_tables
from .random_boards import MAX_SCRAMBLE_MOVES
from .request import RequestError, read_check, read_compare, read_random, read_solve
from .search import (
    ALGORITHMS,
    DEFAULT_TIME_LIMIT,
    DEFAULT_TREE_EXPANSIONS,
    MAX_TREE_EXPANSIONS,
    Progress,
    SearchResult,
    StopReason,
    default_algorithm,
)
from .search.result import round_up
from .search.solver import AlgorithmOption, algorithm_options
from .solvability import explain_solvability

EXIT_OK = 0
EXIT_INVALID = 2
EXIT_LIMIT = 3
EXIT_INTERRUPTED = 130
HARD_LIMIT_GRACE = 0.5
"""Seconds past ``--time-limit`` after which a person's heuristic that has not returned is
stopped from outside (the search or check looks at the clock only between its calls)."""
FLAG_OF_FIELD = {"heuristic_code": "heuristic-file", "heuristic_filename": "heuristic-file"}
"""Request fields that come from a flag of another name."""


class InputError(Exception):
    """Invalid command-line input: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise InputError(message)


def _add_board_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("board", nargs="+", metavar="BOARD", help="the tiles (quote them or list them)")
    parser.add_argument(
        "--goal", default="blank-last",
        help="blank-last (default), blank-first, or the goal's tiles",
    )
    parser.add_argument("--size", help="RxC for a rectangular board (a square's size is inferred)")


def _add_limit_arguments(parser: argparse.ArgumentParser, max_nodes: int | None, time_limit: float) -> None:
    default = f"{max_nodes:,}" if max_nodes is not None else _default_node_limits()
    parser.add_argument(
        "--max-nodes", type=_positive_int, default=max_nodes, metavar="N",
        help=f"stop after N nodes expanded (default {default})",
    )
    parser.add_argument(
        "--time-limit", type=_positive_float, default=time_limit, metavar="S",
        help=f"stop after S seconds (default {time_limit:g})",
    )
    for option, takers in algorithm_options().values():
        parser.add_argument(
            f"--{option.name}", type=_option_type(option), metavar=option.name[0].upper(),
            help=(
                f"for {', '.join(takers)}: {option.description} "
                f"({option.minimum:g} to {option.maximum:g}, default {option.default:g})"
            ),
        )
    parser.add_argument("--json", action="store_true", help="print JSON")


def _default_node_limits() -> str:
    """Each algorithm's own default node limit, from the registry: "1,000,000 for bfs, ...;
    100,000,000 for iddfs, ...". """
    by_limit: dict[int, list[str]] = {}
    for name, info in ALGORITHMS.items():
        by_limit.setdefault(info.default_max_nodes, []).append(name)
    return "; ".join(f"{limit:,} for {', '.join(names)}" for limit, names in sorted(by_limit.items()))


def _option_type(option: AlgorithmOption) -> Callable[[str], float]:
    def parse(text: str) -> float:
        if not text.isascii():  # float() reads other scripts' digits too
            raise argparse.ArgumentTypeError(f"{_quote(text)} is not a number: write it with the digits 0 to 9")
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{_quote(text)} is not a number") from None
        try:
            return option.check(value)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def _given_options(args: argparse.Namespace) -> dict[str, float]:
    """The algorithm options given on the command line, by name."""
    return {name: getattr(args, name) for name in algorithm_options() if getattr(args, name) is not None}


BOARD_HELP = (
    "BOARD: tiles row-major separated by spaces or commas (0, _ or . for the blank), rows "
    "separated by / or new lines, or 9 digits for a 3x3 board; - reads standard input."
)


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m npuzzle",
        description="Solve sliding-tile puzzles (8-puzzle, 15-puzzle and other sizes).",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    solve = commands.add_parser(
        "solve",
        help="solve a board",
        description=(
            f"Solve BOARD. {BOARD_HELP} Each move names the tile and the direction it "
            "slides (U, D, L, R)."
        ),
    )
    _add_board_arguments(solve)
    solve.add_argument(
        "--algorithm", choices=list(ALGORITHMS), metavar="A",
        help=(
            f"one of {', '.join(ALGORITHMS)} (default on every size: {default_algorithm(3, 3)}, which answers at once "
            "with a proven bound on how far from the shortest its solution can be, then shortens it "
            "while it runs, and says optimal when it proves it)"
        ),
    )
    solve.add_argument(
        "--heuristic", choices=list(HEURISTICS), metavar="H",
        help=f"one of {', '.join(HEURISTICS)} (default: the strongest for the size)",
    )
    _add_heuristic_file(solve, "use your own heuristic instead (any informed algorithm): ")
    solve.add_argument(
        "--check-heuristic", action="store_true",
        help=("with --heuristic-file: check it first, as the check command does (within --time-limit); "
              "on boards up to 9 cells a heuristic proven admissible makes the solution's optimality "
              "proven, and the answer gives the check's verdict"),
    )
    _add_limit_arguments(solve, None, DEFAULT_TIME_LIMIT)
    solve.add_argument(
        "--trace", action="store_true",
        help=(
            "record what the search does over time: with --json, a \"trace\" key (samples of "
            "its counts, and IDA*'s and IDDFS's iterations); else the table of iterations "
            "(IDA*, IDDFS) or a summary"
        ),
    )
    solve.add_argument(
        "--tree", action="store_true",
        help=(
            "record the tree the search builds, node by node (boards up to 3x3, at most "
            f"{MAX_TREE_EXPANSIONS:,} expansions, default max nodes {DEFAULT_TREE_EXPANSIONS}; not the "
            "anytime solver): with --json, a \"tree\" key; else the tree as an indented outline"
        ),
    )

    comp = commands.add_parser(
        "compare",
        help="run every algorithm and heuristic on a board",
        description=f"Run every applicable algorithm/heuristic pair on BOARD under limits. {BOARD_HELP}",
    )
    _add_board_arguments(comp)
    _add_limit_arguments(comp, COMPARE_MAX_NODES, COMPARE_TIME_LIMIT)
    _add_heuristic_file(comp, "also run your own heuristic with every informed algorithm: ")

    check = commands.add_parser(
        "check",
        help="check your own heuristic against exact distances",
        description=(
            "Check the heuristic in a Python file (def h(tiles, goal, rows, cols) -> int) against "
            "exact distances: on boards up to 9 cells (3x3, 2x4, ...) every state and every move, "
            "so it is proven admissible and consistent or not; on bigger ones the 50,000 states "
            "nearest the goal (and on 4x4 Korf's 100 instances), where no overestimate found is "
            "not a proof."
        ),
    )
    _add_heuristic_file(check, "", required=True)
    check.add_argument("--size", default="3x3", help="N for N x N, or RxC (default 3x3)")
    check.add_argument("--goal", default="blank-last", help="blank-last (default), blank-first, or the goal's tiles")
    check.add_argument(
        "--time-limit", type=_positive_float, default=DEFAULT_TIME_LIMIT, metavar="S",
        help=f"stop after S seconds, also inside an h that never returns (default {DEFAULT_TIME_LIMIT:g})",
    )
    check.add_argument("--json", action="store_true", help="print JSON")

    rand = commands.add_parser(
        "random",
        help="print a random board",
        description=(
            "Print a random board, row-major and comma-separated: uniformly random among "
            "those that can reach the goal, or scrambled by K moves, or unsolvable."
        ),
    )
    rand.add_argument("--size", required=True, help="N for N x N, or RxC")
    rand.add_argument(
        "--moves", type=_scramble_moves, metavar="K",
        help=f"scramble the goal by K random moves (0 to {MAX_SCRAMBLE_MOVES:,})",
    )
    rand.add_argument("--seed", help="seed, for the same board every time")
    rand.add_argument("--unsolvable", action="store_true", help="a board that cannot reach the goal")
    rand.add_argument("--goal", default="blank-last", help="blank-last (default), blank-first, or tiles")

    tables = commands.add_parser(
        "tables",
        help="build the shipped pattern-database tables",
        description="Generate the table files shipped in npuzzle/data (about 13 minutes).",
    )
    table_commands = tables.add_subparsers(dest="tables_command", metavar="ACTION", parser_class=_Parser)
    build = table_commands.add_parser(
        "build", help="generate the table files",
        description=(
            "Generate the shipped table files by breadth-first search. Without --out they "
            "replace the files in npuzzle/data; with it they are written to DIR and each "
            "file's SHA-256 is compared with the shipped one's."
        ),
    )
    build.add_argument("--out", metavar="DIR", help="write the files here instead of npuzzle/data")
    return parser


def _add_heuristic_file(parser: argparse.ArgumentParser, purpose: str, required: bool = False) -> None:
    parser.add_argument(
        "--heuristic-file", metavar="F", required=required,
        help=(f"{purpose}a Python file that defines h(tiles, goal, rows, cols) -> int: tiles and goal are "
              "tuples of ints, row-major, 0 the blank; it returns a non-negative int"),
    )


def _quote(text: str, limit: int = 40) -> str:
    """An argument, quoted for a message and shortened when long."""
    return repr(text) if len(text) <= limit else repr(text[: limit - 3] + "...")


def _whole(text: str, minimum: int) -> int:
    if not text.isascii():  # int() reads other scripts' digits too; tiles and sizes take 0-9 only
        raise argparse.ArgumentTypeError(f"{_quote(text)} is not a whole number: write it with the digits 0 to 9")
    try:
        value = int(text)
    except ValueError:
        if text.strip().lstrip("+-").isdecimal():  # more digits than Python reads (4,300)
            raise argparse.ArgumentTypeError(f"{_quote(text)} is too large") from None
        raise argparse.ArgumentTypeError(f"{_quote(text)} is not a whole number") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{_quote(text)} must be at least {minimum}" if minimum else f"{_quote(text)} must be 0 or more")
    return value


def _positive_int(text: str) -> int:
    return _whole(text, 1)


def _scramble_moves(text: str) -> int:
    value = _whole(text, 0)
    if value > MAX_SCRAMBLE_MOVES:
        raise argparse.ArgumentTypeError(f"{_quote(text)} is too many moves: at most {MAX_SCRAMBLE_MOVES:,}")
    return value


def _positive_float(text: str) -> float:
    if not text.isascii():  # float() reads other scripts' digits too
        raise argparse.ArgumentTypeError(f"{_quote(text)} is not a number of seconds: write it with the digits 0 to 9")
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_quote(text)} is not a number of seconds") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{_quote(text)} must be a positive number of seconds")
    return value


def _fields(args: argparse.Namespace, stdin: TextIO) -> dict[str, Any]:
    """The command line's arguments as a request's fields (see request.py): the board (from
    standard input for ``-``), goal, size, limits and options given."""
    text = " ".join(args.board)
    fields: dict[str, Any] = {
        "board": stdin.read() if text == "-" else text, "goal": args.goal, "size": args.size,
        "max_nodes": args.max_nodes, "time_limit": args.time_limit, **_given_options(args),
    }
    for name in ("algorithm", "heuristic", "trace", "tree"):
        if name in args:
            fields[name] = getattr(args, name)
    fields.update(_heuristic_file_fields(args))
    return fields


def _heuristic_file_fields(args: argparse.Namespace) -> dict[str, str]:
    """``--heuristic-file``'s text and name as a request's ``heuristic_code`` and
    ``heuristic_filename`` (none without it); InputError when it cannot be read."""
    path = getattr(args, "heuristic_file", None)
    if path is None:
        return {}
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as exc:
        raise InputError(f"--heuristic-file: cannot read {_quote(path)}: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"--heuristic-file: {path} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return {"heuristic_code": text, "heuristic_filename": path}


def _hard_limit(args: argparse.Namespace, seconds: float) -> AbstractContextManager[None]:
    """With a heuristic file, a hard stop ``HARD_LIMIT_GRACE`` after ``seconds`` (an h that
    never returns); without one, nothing."""
    if getattr(args, "heuristic_file", None) is None:
        return nullcontext()

    def end_now() -> None:
        """The last resort against an h that catches every interruption: say so and end
        the process (exit status 3)."""
        sys.stdout.flush()
        sys.stderr.write(_timeout_line(seconds, None) + "\n")
        sys.stderr.flush()
        os._exit(EXIT_LIMIT)

    return hard_time_limit(seconds + HARD_LIMIT_GRACE, end_now)


def _timeout_line(seconds: float, board: Sequence[int] | None) -> str:
    """The one line for an h stopped from outside."""
    what = f"h did not return on board {board_text(board)}" if board is not None else "the heuristic file's code did not return"
    return f"npuzzle: time limit: stopped after {seconds:g} s (--time-limit): {what}"


def _progress_printer(stream: TextIO):  # type: ignore[no-untyped-def]
    def report(p: Progress) -> None:
        if p.best is not None:
            factor = f" (<= {round_up(p.best, p.lower_bound, 3):.3f} x shortest)" if p.lower_bound else ""
            stream.write(
                f"\r  improving: best {p.best:,} moves, lower bound {p.lower_bound:,}{factor}, "
                f"{p.expanded:,} expanded, {p.seconds:.1f} s   "
            )
        else:
            bound = f", bound {p.bound}" if p.bound is not None else ""
            stream.write(
                f"\r  searching: {p.expanded:,} expanded, frontier {p.frontier:,}{bound}, "
                f"{p.seconds:.1f} s   "
            )
        stream.flush()

    return report


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
        limit = {
            StopReason.NODE_LIMIT: "the node limit",
            StopReason.TIME_LIMIT: "the time limit",
            StopReason.CANCELLED: "cancellation",
        }[result.stop]
        lines.append(f"No solution yet: {method} was stopped by {limit} ({counts}).")
        if result.bound is not None and result.optimal is False and ALGORITHMS[result.algorithm].optimal:
            lines.append(f"The shortest solution has at least {result.bound} moves.")
        return "\n".join(lines)
    lines.append(f"Solution: {result.length} moves ({_quality(result)}); {method}, {counts}.")
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
            f"The shortest solution has at least {result.lower_bound} moves, so this one is at most "
            f"{factor:.3f} x as long."
        )
    if not result.stop.finished:
        limit = {
            StopReason.NODE_LIMIT: "the node limit",
            StopReason.TIME_LIMIT: "the time limit",
            StopReason.CANCELLED: "cancellation",
        }[result.stop]
        lines.append(f"The search for a shorter one was stopped by {limit}.")
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
            _quality_cell(r),
            f"{r.expanded:,}",
            f"{r.generated:,}",
            f"{r.max_frontier:,}",
            f"{r.seconds * 1000:.1f}",
            "" if r.stop.finished else r.stop.value,
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = []
    for n, row in enumerate(rows):
        cells = [row[i].ljust(widths[i]) if i < 2 else row[i].rjust(widths[i]) for i in range(len(row))]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _quality(result: SearchResult) -> str:
    """What the solution is proven to be, for a terminal: ``optimal``, ``at most 2 x
    optimal`` or ``not proven optimal`` (the JSON's ``quality``, with x for ×)."""
    return answer.quality(result, times="x")


def _quality_cell(result: SearchResult) -> str:
    """``_quality`` for the table's column: ``yes``, ``<= 2x`` or ``no``."""
    return answer.quality_short(result, times="x", at_most="<=")


def _solve(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    try:
        fields = _fields(args, stdin)
        with _hard_limit(args, args.time_limit):  # the file's top-level code runs as it is read
            request = read_solve(fields)
        checked = None
        if args.check_heuristic:
            if request.user is None:
                raise InputError("--check-heuristic: give the heuristic to check with --heuristic-file")
            with _hard_limit(args, args.time_limit):
                checked = HeuristicCheck(request.user, request.goal, args.time_limit).run()
            request = request.with_check(checked)
        search, _ = request.start()
    except RequestError as exc:
        if exc.field != "tables":
            raise
        raise InputError(
            f"{exc.message}, which is missing from {tables.DATA_DIR}: run python -m npuzzle tables build, "
            "or choose another --heuristic"
        ) from None
    show_progress = not args.json and stderr.isatty()
    try:
        with _hard_limit(args, search.limits.time_limit):
            result = search.run(_progress_printer(stderr) if show_progress else None)
    except KeyboardInterrupt:
        result = search.cancel()
    if show_progress:
        stderr.write("\r" + " " * 79 + "\r")
    if args.json:
        out = result_json(result)
        if checked is not None:
            out["heuristic_check"] = _check_summary(checked)
        stdout.write(json.dumps(out) + "\n")
    else:
        stdout.write(format_result(result) + "\n")
        if checked is not None:
            stdout.write(f"Check of {checked.heuristic}: {checked.verdict()} ({checked.seconds:.2f} s).\n")
            if checked.admissible is False and result.solved:
                stdout.write("It is not admissible, so this solution may be longer than the shortest.\n")
        if args.trace:
            stdout.write("\n" + format_trace(result) + "\n")
        if args.tree:
            stdout.write("\n" + format_tree(result) + "\n")
    if result.stop is StopReason.CANCELLED:
        return EXIT_INTERRUPTED
    return EXIT_OK if result.stop.finished or result.length is not None else EXIT_LIMIT


def _compare(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    fields = _fields(args, stdin)
    with _hard_limit(args, args.time_limit):
        comparison = read_compare(fields)
    board, goal, limits = comparison.board, comparison.goal, comparison.limits
    show_progress = not args.json and stderr.isatty()

    def report(result: SearchResult) -> None:
        stderr.write(f"\r  ran {result.algorithm} {result.heuristic or ''}".ljust(60) + "\r")
        stderr.flush()

    reported = 0
    while not comparison.done:  # each step under the hard limit, when there is a heuristic file
        with _hard_limit(args, limits.time_limit):
            comparison.step(0.1)
        if show_progress:
            for result in comparison.results[reported:]:
                report(result)
        reported = len(comparison.results)
    results = comparison.results
    if show_progress:
        stderr.write("\r" + " " * 60 + "\r")
    if args.json:
        stdout.write(json.dumps([result_json(r) for r in results]) + "\n")
    else:
        stdout.write(f"Board ({board.shape}, goal {goal.goal_name() or 'custom'}):\n{board.to_grid()}\n\n")
        if not results[0].solvable:
            stdout.write("Unsolvable. " + explain_solvability(board, goal).explanation() + "\n")
        else:
            stdout.write(format_table(results) + "\n")
            stdout.write(f"\nLimits per run: {limits.max_nodes:,} nodes expanded, {limits.time_limit:g} s.\n")
    return EXIT_OK


def _check_summary(check: CheckResult) -> dict[str, object]:
    """What ``solve --check-heuristic --json`` says of the check (``check --json`` says all)."""
    data = check.to_dict()
    keys = ("admissible", "consistent", "exhaustive", "complete", "states", "overestimates",
            "inconsistent_edges", "seconds", "stopped", "verdict")
    return {key: data[key] for key in keys}


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
    if result.stopped == "time-limit":
        lines += ["", "Stopped by the time limit: not every board was checked."]
    return "\n".join(lines)


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def _side_by_side(left: str, right: str) -> str:
    a, b = left.splitlines(), right.splitlines()
    width = max(len(line) for line in a)
    return "\n".join(f"  {x.ljust(width)}   {'->' if i == len(a) // 2 else '  '}   {y}"
                     for i, (x, y) in enumerate(zip(a, b)))


def _check(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    fields = {"size": args.size, "goal": args.goal, "time_limit": args.time_limit, **_heuristic_file_fields(args)}
    with _hard_limit(args, args.time_limit):
        check = read_check(fields)
    show_progress = not args.json and stderr.isatty()

    def report(p: CheckProgress) -> None:
        stderr.write(f"\r  {p.stage}: {p.states:,} of {p.total:,} boards, {p.seconds:.1f} s   ")
        stderr.flush()

    try:
        with _hard_limit(args, args.time_limit):
            result = check.run(report if show_progress else None)
    except KeyboardInterrupt:
        result = check.cancel()
    if show_progress:
        stderr.write("\r" + " " * 79 + "\r")
    if args.json:
        stdout.write(json.dumps(result.to_dict()) + "\n")
    else:
        stdout.write(format_check(result) + "\n")
    if result.stopped == "cancelled":
        return EXIT_INTERRUPTED
    return EXIT_LIMIT if result.stopped else EXIT_OK


def _random(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    random = read_random({"size": args.size, "goal": args.goal, "moves": args.moves, "seed": args.seed,
                          "unsolvable": args.unsolvable})
    stdout.write(random.board().to_string() + "\n")
    return EXIT_OK


def _tables(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if args.tables_command is None:
        raise InputError("tables needs an action: python -m npuzzle tables build [--out DIR]")

    def report(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    build_shipped_tables(Path(args.out) if args.out else None, report)
    return EXIT_OK


def _flag(exc: Exception) -> str:
    """``--heuristic: `` before the message of a request refused for a field given by a
    flag (a board's, goal's and size's messages quote what was typed)."""
    if isinstance(exc, RequestError) and exc.field not in ("board", "goal", "size"):
        return f"--{FLAG_OF_FIELD.get(exc.field, exc.field.replace('_', '-'))}: "
    return ""


_COMMANDS = {"solve": _solve, "compare": _compare, "check": _check, "random": _random, "tables": _tables}


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(stdout)
            raise InputError(f"choose a command: {', '.join(_COMMANDS)}")
        if getattr(args, "heuristic_file", None) is not None:
            # What a person's code prints goes to standard error: standard output stays the
            # answer (JSON with --json). The command writes to ``stdout``, taken above.
            with contextlib.redirect_stdout(stderr):
                return _COMMANDS[args.command](args, stdin, stdout, stderr)
        return _COMMANDS[args.command](args, stdin, stdout, stderr)
    except (InputError, RequestError, BoardError, ValueError) as exc:
        # One line, whatever the message quotes (argparse repeats unknown arguments as given).
        stderr.write(f"npuzzle: error: {_flag(exc)}{' '.join(str(exc).split())}\n")
        return EXIT_INVALID
    except HeuristicTimeout as exc:  # a person's h that did not return: stopped from outside
        stderr.write(_timeout_line(exc.seconds - HARD_LIMIT_GRACE, exc.board) + "\n")
        return EXIT_LIMIT
