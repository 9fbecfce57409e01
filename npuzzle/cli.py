"""The command line: ``python -m npuzzle solve|compare|random ...``.

Exit status: 0 when it answered (an unsolvable board is an answer), 2 for
invalid input (one line on stderr, no traceback), 3 when a node or time limit
stopped the search without a solution, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn, Sequence, TextIO

from .board import DIRECTION_NAMES, Board, BoardError, parse_goal, parse_shape
from .compare import COMPARE_MAX_NODES, COMPARE_TIME_LIMIT, compare
from .heuristics import HEURISTICS
from .random_boards import random_board, random_unsolvable, scramble
from .search import (
    ALGORITHMS,
    DEFAULT_MAX_NODES,
    DEFAULT_TIME_LIMIT,
    Limits,
    Progress,
    Search,
    SearchResult,
    StopReason,
)
from .search.result import DEPTH_FIRST_MAX_NODES
from .search.solver import DEFAULT_WEIGHT, default_max_nodes
from .solvability import explain_solvability

EXIT_OK = 0
EXIT_INVALID = 2
EXIT_LIMIT = 3
EXIT_INTERRUPTED = 130


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
    default = (
        f"{max_nodes:,}" if max_nodes is not None else
        f"{DEFAULT_MAX_NODES:,} for searches that store every state, "
        f"{DEPTH_FIRST_MAX_NODES:,} for idastar and iddfs, whose memory stays small"
    )
    parser.add_argument(
        "--max-nodes", type=_positive_int, default=max_nodes, metavar="N",
        help=f"stop after N nodes expanded (default {default})",
    )
    parser.add_argument(
        "--time-limit", type=_positive_float, default=time_limit, metavar="S",
        help=f"stop after S seconds (default {time_limit:g})",
    )
    parser.add_argument(
        "--weight", type=_weight, metavar="W",
        help=f"weight w >= 1 for wastar (default {DEFAULT_WEIGHT:g}): length <= w * optimal",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


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
        help=f"one of {', '.join(ALGORITHMS)} (default: the best optimal solver for the size)",
    )
    solve.add_argument(
        "--heuristic", choices=list(HEURISTICS), metavar="H",
        help=f"one of {', '.join(HEURISTICS)} (default: the strongest for the size)",
    )
    _add_limit_arguments(solve, None, DEFAULT_TIME_LIMIT)

    comp = commands.add_parser(
        "compare",
        help="run every algorithm and heuristic on a board",
        description=f"Run every applicable algorithm/heuristic pair on BOARD under limits. {BOARD_HELP}",
    )
    _add_board_arguments(comp)
    _add_limit_arguments(comp, COMPARE_MAX_NODES, COMPARE_TIME_LIMIT)

    rand = commands.add_parser(
        "random",
        help="print a random board",
        description=(
            "Print a random board, row-major and comma-separated: uniformly random among "
            "those that can reach the goal, or scrambled by K moves, or unsolvable."
        ),
    )
    rand.add_argument("--size", required=True, help="N for N x N, or RxC")
    rand.add_argument("--moves", type=_non_negative_int, metavar="K", help="scramble the goal by K random moves")
    rand.add_argument("--seed", help="seed, for the same board every time")
    rand.add_argument("--unsolvable", action="store_true", help="a board that cannot reach the goal")
    rand.add_argument("--goal", default="blank-last", help="blank-last (default), blank-first, or tiles")
    return parser


def _whole(text: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least {minimum}" if minimum else f"{text!r} must be 0 or more")
    return value


def _positive_int(text: str) -> int:
    return _whole(text, 1)


def _non_negative_int(text: str) -> int:
    return _whole(text, 0)


def _weight(text: str) -> float:
    value = _positive_float(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive number of seconds")
    return value


def _read_board(args: argparse.Namespace, stdin: TextIO) -> tuple[Board, Board]:
    text = " ".join(args.board)
    if text == "-":
        text = stdin.read()
    shape = parse_shape(args.size) if args.size else (None, None)
    board = Board.from_string(text, *shape)
    goal = parse_goal(args.goal, board.rows, board.cols)
    return board, goal


def _progress_printer(stream: TextIO):  # type: ignore[no-untyped-def]
    def report(p: Progress) -> None:
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
    if result.weight is not None:
        method += f" (w = {result.weight:g})"
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
    if result.optimal:
        quality = "optimal"
    elif result.suboptimality is not None:
        quality = f"at most {result.suboptimality:g} x optimal"
    else:
        quality = "not proven optimal"
    lines.append(f"Solution: {result.length} moves ({quality}); {method}, {counts}.")
    for i, (tile, move) in enumerate(zip(result.tiles, result.moves), start=1):
        lines.append(f"{i:4}. {tile:>3} {DIRECTION_NAMES[move]}")
    if result.tiles:
        lines += ["", "Goal reached:", result.start.play(result.tiles).to_grid()]
    else:
        lines.append("The board is already the goal.")
    return "\n".join(lines)


def format_table(results: list[SearchResult]) -> str:
    """The ``compare`` table, one row per algorithm/heuristic pair."""
    header = ("algorithm", "heuristic", "length", "optimal", "expanded", "generated", "max frontier", "ms", "stopped")
    rows = [header]
    for r in results:
        rows.append((
            r.algorithm,
            r.heuristic or "-",
            "-" if r.length is None else str(r.length),
            "yes" if r.optimal else ("<= %gx" % r.suboptimality if r.suboptimality else "no"),
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


def _solve(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    board, goal = _read_board(args, stdin)
    max_nodes = args.max_nodes
    if max_nodes is None:
        max_nodes = default_max_nodes(args.algorithm, board.rows, board.cols)
    search = Search(
        board, goal, args.algorithm, args.heuristic,
        Limits(max_nodes=max_nodes, time_limit=args.time_limit), args.weight,
    )
    show_progress = not args.json and stderr.isatty()
    try:
        result = search.run(_progress_printer(stderr) if show_progress else None)
    except KeyboardInterrupt:
        result = search.cancel()
    if show_progress:
        stderr.write("\r" + " " * 79 + "\r")
    if args.json:
        stdout.write(json.dumps(result.to_dict()) + "\n")
    else:
        stdout.write(format_result(result) + "\n")
    if result.stop is StopReason.CANCELLED:
        return EXIT_INTERRUPTED
    return EXIT_OK if result.stop.finished else EXIT_LIMIT


def _compare(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    board, goal = _read_board(args, stdin)
    limits = Limits(max_nodes=args.max_nodes, time_limit=args.time_limit)
    show_progress = not args.json and stderr.isatty()

    def report(result: SearchResult) -> None:
        if show_progress:
            stderr.write(f"\r  ran {result.algorithm} {result.heuristic or ''}".ljust(60) + "\r")
            stderr.flush()

    results = compare(board, goal, limits, args.weight, report)
    if show_progress:
        stderr.write("\r" + " " * 60 + "\r")
    if args.json:
        stdout.write(json.dumps([r.to_dict() for r in results]) + "\n")
    else:
        stdout.write(f"Board ({board.shape}, goal {goal.goal_name() or 'custom'}):\n{board.to_grid()}\n\n")
        if not results[0].solvable:
            stdout.write("Unsolvable. " + explain_solvability(board, goal).explanation() + "\n")
        else:
            stdout.write(format_table(results) + "\n")
            stdout.write(f"\nLimits per run: {limits.max_nodes:,} nodes expanded, {limits.time_limit:g} s.\n")
    return EXIT_OK


def _random(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    rows, cols = parse_shape(args.size)
    goal = parse_goal(args.goal, rows, cols)
    if args.unsolvable and args.moves is not None:
        raise InputError("--unsolvable and --moves do not go together: moves from the goal stay solvable")
    if args.unsolvable:
        board = random_unsolvable(rows, cols, goal, args.seed)
    elif args.moves is not None:
        board = scramble(goal, args.moves, args.seed)
    else:
        board = random_board(rows, cols, goal, args.seed)
    stdout.write(board.to_string() + "\n")
    return EXIT_OK


_COMMANDS = {"solve": _solve, "compare": _compare, "random": _random}


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
            return EXIT_INVALID
        return _COMMANDS[args.command](args, stdin, stdout, stderr)
    except (InputError, BoardError, ValueError) as exc:
        stderr.write(f"npuzzle: error: {exc}\n")
        return EXIT_INVALID
