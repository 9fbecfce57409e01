"""The command line: ``python -m npuzzle solve|compare|check|analyse|optimize|moves|replay|random|tables ...``.

This module reads the arguments (one parser), turns them into a request's fields
(request.py reads them, as it does the web API's), runs the job that answers (one loop,
``_drive``, which draws any job's progress on a terminal) and prints the answer: JSON, or
for people the words of report.py.

Exit status: 0 when it answered (an unsolvable board is an answer), 2 for
invalid input (one line on stderr, no traceback; a heuristic file that cannot be
used is invalid input, and so is a game that cannot be read or played), 3 when a
node or time limit stopped the search without a solution or stopped a check or an
analysis, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence, TextIO, TypeVar

from . import tables
from .analysis import DEFAULT_LIMITS as ANALYSIS_LIMITS
from .analysis import DEFAULT_NOTATION, DEFAULT_POSITION_SECONDS, NOTATIONS, UNDO_CHOICES, AnalysisResult
from .answer import result_json
from .board import BoardError
from .compare import COMPARE_MAX_NODES, COMPARE_TIME_LIMIT
from .custom import CheckResult, HeuristicCheck, HeuristicTimeout, board_text
from .custom.deadline import hard_time_limit
from .heuristics import HEURISTICS
from .job import Job
from .pattern_db import build_shipped_tables
from .random_boards import MAX_SCRAMBLE_MOVES
from .report import (
    ProgressLine,
    format_analysis,
    format_check,
    format_comparison,
    format_result,
    format_solve_check,
    format_trace,
    format_tree,
)
from .request import RequestError, read_analyse, read_check, read_compare, read_random, read_solve
from .speed.all_optimal import ALL_OPTIMAL_MAX_CELLS, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT
from .speed.optimize import DEFAULT_OPTIMIZE_SECONDS
from .speed.request import (
    MAX_REPLAY_TEXT, MOVE_ACTIONS, read_all_optimal, read_move_action, read_optimize, read_replay_request, write_replay_request,
)
from .speed.words import format_all_optimal, format_moves, format_optimize
from .search import (
    ALGORITHMS,
    DEFAULT_ALGORITHM,
    DEFAULT_TIME_LIMIT,
    DEFAULT_TREE_EXPANSIONS,
    MAX_TREE_EXPANSIONS,
    AlgorithmOption,
    StopReason,
    algorithm_options,
)

R = TypeVar("R")
EXIT_OK = 0
EXIT_INVALID = 2
EXIT_LIMIT = 3
EXIT_INTERRUPTED = 130
STEP = 0.1
"""Seconds of work between two looks at a job: its progress line drawn, Ctrl-C seen."""
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
            f"one of {', '.join(ALGORITHMS)} (default on every size: {DEFAULT_ALGORITHM}, which answers at once "
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
        "--metric", choices=["stm", "mtm"], default="stm", metavar="M",
        help=("stm (default: every slide counts) or mtm (a run of slides of one line in one direction counts "
              "once): with mtm, the fewest multi-tile moves, proven (boards up to 9 cells and 4x4; no "
              "--algorithm, --heuristic or --tree; --trace records nothing)"),
    )
    solve.add_argument(
        "--all-optimal", action="store_true",
        help=(f"every shortest solution (boards up to {ALL_OPTIMAL_MAX_CELLS} cells): their exact count (or a lower "
              "bound, said so, when a limit stops it), the first moves with how many start with each, and the "
              "solutions with fewest multi-tile moves first (--limit of them)"),
    )
    solve.add_argument(
        "--limit", type=_positive_int, default=None, metavar="N",
        help=f"with --all-optimal: keep and list N solutions (default {DEFAULT_LIST_LIMIT}, at most {MAX_LIST_LIMIT:,})",
    )
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

    analyse = commands.add_parser(
        "analyse",
        help="analyse a game move by move against the exact distance to the goal",
        description=(
            "Where were moves lost? Analyse the game MOVES played from BOARD: every position's distance "
            "to the goal (exact up to 16 cells: a table up to 9, bounded IDA* searches up to 16; bounds "
            "beyond, never shown as exact), each move optimal or a mistake (two moves lost), the best "
            f"moves at every position and the totals. {BOARD_HELP} MOVES is one argument (quote it), "
            "empty for a game without moves, or - to read it from standard input."
        ),
    )
    analyse.add_argument("board", metavar="BOARD", help="the start board (quote it)")
    analyse.add_argument("moves", metavar="MOVES", help="the moves played from BOARD, in --notation (- reads standard input)")
    analyse.add_argument("--goal", default="blank-last", help="blank-last (default), blank-first, or the goal's tiles")
    analyse.add_argument("--size", help="RxC for a rectangular board (a square's size is inferred)")
    analyse.add_argument(
        "--notation", default=DEFAULT_NOTATION, metavar="N",
        help=("how MOVES are written (never guessed from the text): "
              + "; ".join(f"{info.name}: {info.description} e.g. {info.example}" for info in NOTATIONS.values())
              + f" (default {DEFAULT_NOTATION})"),
    )
    analyse.add_argument(
        "--undos", default=UNDO_CHOICES[0], metavar="U",
        help=(f"{UNDO_CHOICES[0]} (default: a move sliding back the tile just moved is analysed like any other) "
              f"or {UNDO_CHOICES[1]} (every undone move and its undo taken out)"),
    )
    analyse.add_argument(
        "--max-nodes", type=_positive_int, default=None, metavar="N",
        help=f"stop after N nodes expanded by its searches (default {ANALYSIS_LIMITS.max_nodes:,})",
    )
    analyse.add_argument(
        "--time-limit", type=_positive_float, default=ANALYSIS_LIMITS.time_limit, metavar="S",
        help=f"stop after S seconds, keeping the distances found (default {ANALYSIS_LIMITS.time_limit:g})",
    )
    analyse.add_argument(
        "--position-seconds", type=_positive_float, default=DEFAULT_POSITION_SECONDS, metavar="S",
        help=f"boards over 16 cells: the anytime solver's seconds on each position (default {DEFAULT_POSITION_SECONDS:g})",
    )
    analyse.add_argument("--json", action="store_true", help="print JSON")

    optimize = commands.add_parser(
        "optimize",
        help="shorten a solution",
        description=(
            "Shorten MOVES, a solution of BOARD: slides a later one undoes taken out, then its windows solved "
            "again and shorter paths searched for within --time-limit, while a proven lower bound says how far "
            f"it still is from the shortest (on boards up to 16 cells, exact when they meet). {BOARD_HELP} "
            "MOVES is one argument (quote it), or - to read it from standard input."
        ),
    )
    optimize.add_argument("board", metavar="BOARD", help="the start board (quote it)")
    optimize.add_argument("moves", metavar="MOVES", help="a solution of BOARD, in --notation (- reads standard input)")
    _add_game_arguments(optimize)
    optimize.add_argument(
        "--time-limit", type=_positive_float, default=DEFAULT_OPTIMIZE_SECONDS, metavar="S",
        help=f"stop after S seconds with the shortest found (default {DEFAULT_OPTIMIZE_SECONDS:g})",
    )
    optimize.add_argument("--json", action="store_true", help="print JSON")

    moves = commands.add_parser(
        "moves",
        help="invert, mirror, simplify or convert a move string",
        description=(
            "Transform MOVES: " + "; ".join(f"{name}: {what}" for name, what in MOVE_ACTIONS.items())
            + ". With --board the moves are played on it (an illegal one is refused with its number and the "
            "board before it) and the answer says the board they start from."
        ),
    )
    moves.add_argument("action", metavar="ACTION", help=f"one of {', '.join(MOVE_ACTIONS)}")
    moves.add_argument("moves", metavar="MOVES", help="the moves, in --notation (- reads standard input)")
    moves.add_argument("--board", help="the board they are played on (needed for tile numbers and to mirror a board)")
    _add_game_arguments(moves)
    moves.add_argument("--to", metavar="N", help="the notation to write them in (default: --notation)")
    moves.add_argument("--json", action="store_true", help="print JSON")

    replay = commands.add_parser(
        "replay",
        help="read or write a Slidysim replay",
        description=(
            "read TEXT: a Slidysim replay (its link, or a replay file's text; - reads standard input): its "
            "scramble, solution and times; with --analyse, the analysis of the solve with its time (where moves "
            "were lost, moves per second, the pauses). write BOARD MOVES: the game as a Slidysim replay link "
            "(--times: the gap in milliseconds before each move, 120,85,...)."
        ),
    )
    replay.add_argument("action", metavar="ACTION", choices=["read", "write"], help="read or write")
    replay.add_argument("text", metavar="TEXT_OR_BOARD", help="read: the replay (- reads standard input); write: the board")
    replay.add_argument("moves", metavar="MOVES", nargs="?", help="write: the moves, in --notation")
    replay.add_argument("--notation", default=DEFAULT_NOTATION, metavar="N", help=f"write: how MOVES are written (default {DEFAULT_NOTATION})")
    replay.add_argument("--times", metavar="T", help="write: the gap in milliseconds before each move, 120,85,...")
    replay.add_argument("--analyse", action="store_true", help="read: analyse the solve too, with its time")
    replay.add_argument("--json", action="store_true", help="print JSON")

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


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """``--goal``, ``--size`` and ``--notation``, for a command that reads moves."""
    parser.add_argument("--goal", default="blank-last", help="blank-last (default), blank-first, or the goal's tiles")
    parser.add_argument("--size", help="RxC for a rectangular board (a square's size is inferred)")
    parser.add_argument(
        "--notation", default=DEFAULT_NOTATION, metavar="N",
        help=(f"how MOVES are written, one of {', '.join(NOTATIONS)} (default {DEFAULT_NOTATION}; never guessed: "
              "see analyse --help)"),
    )


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
    for name in ("algorithm", "heuristic", "trace", "tree", "metric"):
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


def _drive(job: Job[Any, R], line: ProgressLine | None,
           guard: Callable[[], AbstractContextManager[None]] = nullcontext) -> R:
    """The command line's one loop: run ``job`` to its end, each step under ``guard`` (a hard
    time limit on a person's code), its progress drawn on ``line`` (a terminal's, or None);
    Ctrl-C cancels it, and its result says so."""
    try:
        while not job.done:
            with guard():
                job.step(STEP)
            progress = job.progress
            if line is not None and not job.done and progress is not None:
                line.show(progress)
    except KeyboardInterrupt:
        job.cancel()
    finally:
        if line is not None:
            line.clear()
    if job.result is None:  # pragma: no cover - a job that is done has its result
        raise RuntimeError(f"{type(job).__name__} ended without a result")
    return job.result


def _progress_line(args: argparse.Namespace, stderr: TextIO) -> ProgressLine | None:
    """The progress line on a terminal (none with ``--json`` or when stderr is not one)."""
    return ProgressLine(stderr) if not args.json and stderr.isatty() else None


def _solve(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    line = _progress_line(args, stderr)
    if args.limit is not None and not args.all_optimal:
        raise InputError("--limit: it says how many of every shortest solution to list: give --all-optimal too")
    if args.all_optimal:
        return _all_optimal(args, stdin, stdout, line)
    try:
        fields = _fields(args, stdin)
        with _hard_limit(args, args.time_limit):  # the file's top-level code runs as it is read
            request = read_solve(fields)
        checked = None
        if args.check_heuristic:
            if request.user is None:
                raise InputError("--check-heuristic: give the heuristic to check with --heuristic-file")
            with _hard_limit(args, args.time_limit):
                checked = _drive(HeuristicCheck(request.user, request.goal, args.time_limit), line)
            if checked.stopped == StopReason.CANCELLED.value:
                stdout.write(format_check(checked) + "\n")
                return EXIT_INTERRUPTED
            request = request.with_check(checked)
        search, _ = request.start()
    except RequestError as exc:
        if exc.field != "tables":
            raise
        raise InputError(
            f"{exc.message}, which is missing from {tables.DATA_DIR}: run python -m npuzzle tables build, "
            "or choose another --heuristic"
        ) from None
    with _hard_limit(args, search.limits.time_limit):
        result = _drive(search, line)
    if args.json:
        out = result_json(result)
        if checked is not None:
            out["heuristic_check"] = _check_summary(checked)
        stdout.write(json.dumps(out) + "\n")
    else:
        stdout.write(format_result(result) + "\n")
        if checked is not None:
            stdout.write(format_solve_check(checked, result) + "\n")
        if args.trace:
            stdout.write("\n" + format_trace(result) + "\n")
        if args.tree:
            stdout.write("\n" + format_tree(result) + "\n")
    if result.stop is StopReason.CANCELLED:
        return EXIT_INTERRUPTED
    return EXIT_OK if result.stop.finished or result.length is not None else EXIT_LIMIT


def _all_optimal(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, line: ProgressLine | None) -> int:
    """``solve --all-optimal``: every shortest solution, counted and listed."""
    taken = [flag for flag, given in (("--algorithm", args.algorithm), ("--heuristic", args.heuristic),
                                      ("--heuristic-file", args.heuristic_file), ("--trace", args.trace),
                                      ("--tree", args.tree)) if given]
    if taken:
        raise InputError(f"{taken[0]}: --all-optimal runs IDA* with the strongest heuristic for the board; "
                         f"leave {taken[0]} out")
    fields = {**_fields(args, stdin), "limit": args.limit}
    try:
        job = read_all_optimal(fields)
    except RequestError as exc:
        if exc.field == "limit":
            raise InputError(f"--limit: {exc.message}") from None
        raise
    result = _drive(job, line)
    stdout.write((json.dumps(result.to_dict()) if args.json else format_all_optimal(result)) + "\n")
    if result.stop is StopReason.CANCELLED:
        return EXIT_INTERRUPTED
    return EXIT_OK if result.stop.finished else EXIT_LIMIT


def _game_fields(args: argparse.Namespace, stdin: TextIO, board: str | None) -> dict[str, Any]:
    return {"board": board, "goal": args.goal, "size": args.size,
            "moves": stdin.read() if args.moves == "-" else args.moves, "notation": args.notation}


def _optimize(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    fields = {**_game_fields(args, stdin, args.board), "time_limit": args.time_limit}
    try:
        job = read_optimize(fields)
    except RequestError as exc:
        if exc.field == "moves":  # MOVES is an argument, not a flag: its message quotes it
            raise InputError(exc.message) from None
        raise
    result = _drive(job, _progress_line(args, stderr))
    stdout.write((json.dumps(result.to_dict()) if args.json else format_optimize(result)) + "\n")
    return EXIT_INTERRUPTED if result.stopped == StopReason.CANCELLED.value else EXIT_OK


def _moves(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    fields = {**_game_fields(args, stdin, args.board), "action": args.action, "to": args.to}
    if args.board is None and args.goal == "blank-last":  # the default goal: of no board, not given
        fields["goal"] = None
    try:
        answer = read_move_action(fields)
    except RequestError as exc:
        if exc.field in ("moves", "action"):  # arguments, not flags: their messages quote them
            raise InputError(exc.message) from None
        raise
    stdout.write((json.dumps(answer.to_dict()) if args.json else format_moves(answer)) + "\n")
    return EXIT_OK


def _replay(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if args.action == "write":
        if args.moves is None:
            raise InputError("replay write needs the board and the moves: replay write BOARD MOVES")
        fields = {"board": args.text, "moves": stdin.read() if args.moves == "-" else args.moves,
                  "notation": args.notation, "times": args.times}
        try:
            answer = write_replay_request(fields)
        except RequestError as exc:
            if exc.field in ("moves", "board", "text"):  # arguments, not flags: their messages quote them
                raise InputError(exc.message) from None
            raise
        stdout.write((json.dumps(answer.to_dict()) if args.json else answer.to_dict()["link"]) + "\n")  # type: ignore[operator]
        return EXIT_OK
    if args.moves is not None:
        raise InputError(f"replay read takes one TEXT, not also {_quote(args.moves)}")
    # Standard input is read only as far as a replay can go (what follows is refused unread).
    text = stdin.read(MAX_REPLAY_TEXT + 1) if args.text == "-" else args.text
    try:
        answer = read_replay_request({"text": text, "analyse": args.analyse})
    except RequestError as exc:
        raise InputError(exc.message) from None
    data = answer.to_dict()
    if not args.analyse:
        if args.json:
            stdout.write(json.dumps(data) + "\n")
        else:
            time_ms = data["time_ms"]
            said = f", {time_ms / 1000:.3f} s" if isinstance(time_ms, int) else ""
            stdout.write(f"Scramble: {data['scramble']}\nSolution: {data['solution']}\n"
                         f"{data['stm']} moves ({data['mtm']} MTM){said}"
                         f"{'' if data['solved'] else ', not solved'}\n")
        return EXIT_OK
    analysis = read_analyse({"board": data["board"], "size": data["size"], "moves": data["moves"],
                             "notation": "page", "times": data["times"]}).start()
    result = _drive(analysis, _progress_line(args, stderr))
    return _answer(result, format_analysis(result), args, stdout)


def _compare(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    fields = _fields(args, stdin)
    with _hard_limit(args, args.time_limit):
        comparison = read_compare(fields)
    # Each step under the hard limit, when there is a heuristic file: the limits are per pair.
    results = _drive(comparison, _progress_line(args, stderr), lambda: _hard_limit(args, comparison.limits.time_limit))
    if args.json:
        stdout.write(json.dumps([result_json(r) for r in results]) + "\n")
    else:
        stdout.write(format_comparison(comparison.board, comparison.goal, results, comparison.limits) + "\n")
    cancelled = bool(results) and results[-1].stop is StopReason.CANCELLED
    return EXIT_INTERRUPTED if cancelled else EXIT_OK


def _check_summary(check: CheckResult) -> dict[str, object]:
    """What ``solve --check-heuristic --json`` says of the check (``check --json`` says all)."""
    data = check.to_dict()
    keys = ("admissible", "consistent", "exhaustive", "complete", "states", "overestimates",
            "inconsistent_edges", "seconds", "stopped", "verdict")
    return {key: data[key] for key in keys}


def _check(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    fields = {"size": args.size, "goal": args.goal, "time_limit": args.time_limit, **_heuristic_file_fields(args)}
    with _hard_limit(args, args.time_limit):  # the file's top-level code runs as it is read
        check = read_check(fields)
    with _hard_limit(args, args.time_limit):
        result = _drive(check, _progress_line(args, stderr))
    return _answer(result, format_check(result), args, stdout)


def _answer(result: CheckResult | AnalysisResult, words: str, args: argparse.Namespace, stdout: TextIO) -> int:
    """Print a check's or an analysis's answer (its JSON with ``--json``, else ``words``); its
    exit status: 130 when Ctrl-C stopped it, 3 when a limit did."""
    stdout.write((json.dumps(result.to_dict()) if args.json else words) + "\n")
    if result.stopped == StopReason.CANCELLED.value:
        return EXIT_INTERRUPTED
    return EXIT_LIMIT if result.stopped else EXIT_OK


def _analyse(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    fields = {"board": args.board, "goal": args.goal, "size": args.size,
              "moves": stdin.read() if args.moves == "-" else args.moves, "notation": args.notation,
              "undos": args.undos, "max_nodes": args.max_nodes, "time_limit": args.time_limit,
              "position_seconds": args.position_seconds}
    try:
        analysis = read_analyse(fields).start()
    except RequestError as exc:
        if exc.field == "moves":  # MOVES is an argument, not a flag: its message quotes it
            raise InputError(exc.message) from None
        raise
    result = _drive(analysis, _progress_line(args, stderr))
    return _answer(result, format_analysis(result), args, stdout)


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


_COMMANDS = {"solve": _solve, "compare": _compare, "check": _check, "analyse": _analyse, "optimize": _optimize,
             "moves": _moves, "replay": _replay, "random": _random, "tables": _tables}


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
