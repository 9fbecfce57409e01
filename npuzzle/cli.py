"""The command line: ``python -m npuzzle solve BOARD [options]``.

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
from .heuristics import HEURISTICS
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
            "Solve BOARD: tiles row-major separated by spaces or commas (0, _ or . for the "
            "blank), rows separated by / or new lines, or 9 digits for a 3x3 board; - reads "
            "standard input. Each move names the tile and the direction it slides (U, D, L, R)."
        ),
    )
    solve.add_argument("board", nargs="+", metavar="BOARD", help="the tiles (quote them or list them)")
    solve.add_argument(
        "--goal", default="blank-last",
        help="blank-last (default), blank-first, or the goal's tiles",
    )
    solve.add_argument("--size", help="RxC for a rectangular board (a square's size is inferred)")
    solve.add_argument(
        "--algorithm", choices=list(ALGORITHMS), metavar="A",
        help=f"one of {', '.join(ALGORITHMS)} (default: the best optimal solver for the size)",
    )
    solve.add_argument(
        "--heuristic", choices=list(HEURISTICS), metavar="H",
        help=f"one of {', '.join(HEURISTICS)} (default: the strongest for the size)",
    )
    solve.add_argument(
        "--max-nodes", type=_positive_int, default=DEFAULT_MAX_NODES, metavar="N",
        help=f"stop after N nodes expanded (default {DEFAULT_MAX_NODES:,})",
    )
    solve.add_argument(
        "--time-limit", type=_positive_float, default=DEFAULT_TIME_LIMIT, metavar="S",
        help=f"stop after S seconds (default {DEFAULT_TIME_LIMIT:g})",
    )
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
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
    quality = "optimal" if result.optimal else "not proven optimal"
    lines.append(f"Solution: {result.length} moves ({quality}); {method}, {counts}.")
    for i, (tile, move) in enumerate(zip(result.tiles, result.moves), start=1):
        lines.append(f"{i:4}. {tile:>3} {DIRECTION_NAMES[move]}")
    if result.tiles:
        lines += ["", "Goal reached:", result.start.play(result.tiles).to_grid()]
    else:
        lines.append("The board is already the goal.")
    return "\n".join(lines)


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
        board, goal = _read_board(args, stdin)
        search = Search(
            board, goal, args.algorithm, args.heuristic,
            Limits(max_nodes=args.max_nodes, time_limit=args.time_limit),
        )
    except (InputError, BoardError, ValueError) as exc:
        stderr.write(f"npuzzle: error: {exc}\n")
        return EXIT_INVALID
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
