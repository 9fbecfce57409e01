"""A request, read once for both front doors (the command line and the web API).

``read_boards``, ``read_new_board``, ``read_solve``, ``read_compare`` and ``read_analyse`` turn the fields
of a request (the web API's JSON object, or the command line's arguments put in the same
form) into one typed value, refusing it with a ``RequestError`` that names the field.
This module owns the defaults (node limits, the tree's cap) and the table checks; the
callers only act on what it gives back.

>>> read_solve({"board": "1 2 3 0", "algorithm": "iddfs", "heuristic": "pdb"})
Traceback (most recent call last):
...
npuzzle.request.RequestError: the iddfs algorithm uses no heuristic, so the heuristic pdb would be ignored: leave it out or choose another algorithm
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .analysis import (
    DEFAULT_LIMITS as ANALYSIS_LIMITS,
    DEFAULT_NOTATION,
    DEFAULT_POSITION_SECONDS,
    MAX_GAME_MOVES,
    NOTATIONS,
    UNDO_CHOICES,
    Game,
    GameAnalysis,
    GameError,
    GameTooLongError,
    IllegalMoveError,
    MoveTextError,
    NotationError,
    UnsolvableGameError,
    get_notation,
    read_game,
)
from .board import Board, BoardError, MoveError, Played, parse_goal, parse_shape
from .compare import COMPARE_MAX_NODES, COMPARE_TIME_LIMIT, Comparison
from .custom import (
    DEFAULT_FILENAME,
    CheckResult,
    HeuristicCheck,
    UserCodeError,
    UserHeuristic,
    SearchRun,
    UserSearch,
    heuristic_entry,
    load_heuristic,
    load_search,
    run_search,
)
from .custom.check import STOPS as CHECK_STOPS, HeuristicValues, JudgedCheck, check_board_count, judge_check
from .custom.search import (
    DEFAULT_MAX_NODES as SEARCH_MAX_NODES,
    DEFAULT_SEARCH_FILENAME,
    DEFAULT_TIME_LIMIT as SEARCH_TIME_LIMIT,
)
from .heuristics import HEURISTICS, HeuristicInfo, NotApplicable, table_needs
from .random_boards import MAX_SCRAMBLE_MOVES, choose_random
from .search.anytime import wanted_table_files
from .search.result import DEPTH_FIRST_MAX_NODES
from .speed.mtm import MtmUnsupported
from .speed.mtm_solve import METRICS, MtmSolve
from .speed.timing import Timing, TimingError, read_gaps
from .tables import needs_sentence
from .search import (
    ALGORITHMS,
    DEFAULT_TIME_LIMIT,
    DEFAULT_TREE_EXPANSIONS,
    Limits,
    OptionError,
    Search,
    TreeError,
    algorithm_options,
    default_heuristic,
    default_max_nodes,
)

Loaded = TypeVar("Loaded")
Fields = Mapping[str, Any]
"""A request's fields by name: JSON values (the command line's arguments as text, numbers
and booleans)."""


class RequestError(ValueError):
    """A request that cannot be served; ``field`` names the part that is wrong, ``details``
    add facts (``need``: the table files missing)."""

    def __init__(self, field: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.details = details


def refuse_missing(need: Sequence[str], who: str) -> None:
    """RequestError with field ``tables`` and ``need`` (the files, for the caller to fetch
    and ask again) when ``need`` (``heuristics.table_needs``'s answer) names any: ``who``
    (``the pdb heuristic``, ``the comparison``) needs them."""
    if need:
        raise RequestError("tables", needs_sentence(who, need), need=list(need))


@dataclass(frozen=True)
class Caps:
    """What a request may ask for at most: the web API caps what the page can ask; the
    command line trusts its user (no caps)."""

    max_nodes: int | None = None
    time_limit: float | None = None
    text: int | None = None
    """The longest text field, in characters."""


NO_CAPS = Caps()


def quote(value: Any, limit: int = 40) -> str:
    """A value from a request, for a message: as JSON, shortened when long, so that a huge
    value never makes a huge message."""
    try:
        text = json.dumps(value)
    except (ValueError, RecursionError):  # an int of over 4,300 digits; nesting too deep
        text = "a number too long to show" if isinstance(value, int) else f"a {type(value).__name__} nested too deeply to show"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def text_field(fields: Fields, key: str, caps: Caps = NO_CAPS, default: str | None = None) -> str:
    """The text field ``key`` (``default`` when absent); RequestError when missing or not text."""
    value = fields.get(key, default)
    if value is None:
        raise RequestError(key, f"{key} is missing")
    if not isinstance(value, str):
        raise RequestError(key, f"{key} must be text, not {type(value).__name__}")
    if caps.text is not None and len(value) > caps.text:
        raise RequestError(key, f"{key} is too long ({len(value)} characters)")
    return value


def number_field(fields: Fields, key: str, default: float, cap: float | None, whole: bool) -> Any:
    """The positive number ``key`` (``default`` when absent), at most ``cap`` when given."""
    value = fields.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and not isinstance(value, int)):
        kind = "a whole number" if whole else "a number"
        raise RequestError(key, f"{key} must be {kind}, not {quote(value)}")
    if not 0 < value <= (cap if cap is not None else float("inf")) or value == float("inf"):
        shown = f"{value:g}" if isinstance(value, float) else quote(value)  # an int may not fit a float
        most = "" if cap is None else f" and at most {cap:,.0f}" if cap == int(cap) else f" and at most {cap:g}"
        raise RequestError(key, f"{key} must be above 0{most}, not {shown}")
    return value


def flag_field(fields: Fields, key: str) -> bool:
    """The true-or-false field ``key`` (false when absent)."""
    value = fields.get(key, False)
    if not isinstance(value, bool):
        raise RequestError(key, f"{key} must be true or false, not {quote(value)}")
    return value


@dataclass(frozen=True)
class Boards:
    """A board and the goal it is to reach."""

    board: Board
    goal: Board


def read_boards(fields: Fields, caps: Caps = NO_CAPS) -> Boards:
    """``board`` (required), ``size`` (for a rectangular board) and ``goal`` (default blank-last)."""
    shape: tuple[int | None, int | None] = (None, None)
    if fields.get("size") not in (None, ""):
        try:
            shape = parse_shape(text_field(fields, "size", caps))
        except BoardError as exc:
            raise RequestError("size", str(exc)) from None
    try:
        board = Board.from_string(text_field(fields, "board", caps), *shape)
    except BoardError as exc:
        raise RequestError("board", str(exc)) from None
    return Boards(board, _goal(fields, board.rows, board.cols, caps))


def read_new_board(fields: Fields, caps: Caps = NO_CAPS) -> tuple[int, int, Board]:
    """The required ``size`` and the optional ``goal`` of a request for a new board:
    (rows, cols, goal)."""
    try:
        rows, cols = parse_shape(text_field(fields, "size", caps))
    except BoardError as exc:
        raise RequestError("size", str(exc)) from None
    return rows, cols, _goal(fields, rows, cols, caps)


def _goal(fields: Fields, rows: int, cols: int, caps: Caps) -> Board:
    try:
        return parse_goal(text_field(fields, "goal", caps, "blank-last"), rows, cols)
    except BoardError as exc:
        raise RequestError("goal", str(exc)) from None


def read_options(fields: Fields) -> dict[str, float]:
    """The algorithm options present (fields named after them), as numbers; whether the
    algorithm takes them and their ranges are checked by its registry entry."""
    options = {}
    for name, (option, _) in algorithm_options().items():
        value = fields.get(name)
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise RequestError(name, f"{name} must be a number, not {quote(value)}")
            try:
                options[name] = float(value)
            except OverflowError:  # an int too large for a float: beyond any option's range
                bound = f"at most {option.maximum:g}" if value > 0 else f"at least {option.minimum:g}"
                raise RequestError(name, f"the {name} must be {bound}, not {quote(value)}") from None
    return options


def read_limits(fields: Fields, max_nodes: int, time_limit: float, caps: Caps = NO_CAPS) -> Limits:
    """``max_nodes`` and ``time_limit``, with these defaults."""
    return Limits(
        max_nodes=number_field(fields, "max_nodes", max_nodes, caps.max_nodes, whole=True),
        time_limit=float(number_field(fields, "time_limit", time_limit, caps.time_limit, whole=False)),
    )


def read_heuristic_code(fields: Fields, caps: Caps = NO_CAPS) -> UserHeuristic | None:
    """A person's heuristic: ``heuristic_code`` (the text of a heuristic file, see
    custom/heuristic.py) compiled and run, named in messages by ``heuristic_filename``;
    None when absent. RequestError with field ``heuristic_code`` (and ``line``, ``kind``,
    ``board`` among its details) for code that cannot be used."""
    if fields.get("heuristic_code") is None:
        return None
    return _read_code(fields, caps, "heuristic", DEFAULT_FILENAME, load_heuristic)


def _read_code(fields: Fields, caps: Caps, kind: str, default: str, load: Callable[[str, str], Loaded]) -> Loaded:
    """``<kind>_code`` loaded by ``load``, named by ``<kind>_filename`` (``default`` if absent);
    its UserCodeError as a RequestError."""
    text = text_field(fields, f"{kind}_code", caps)
    filename = text_field(fields, f"{kind}_filename", caps, default)
    try:
        return load(text, filename)
    except UserCodeError as exc:
        raise user_code_error(exc) from None


def user_code_error(exc: UserCodeError) -> RequestError:
    """A person's code that cannot be used, as a request's error (the error's field:
    ``heuristic_code`` or ``search_code``), its ``kind``, ``line``, ``board`` (and ``step``) as details."""
    details = exc.to_dict()
    del details["message"]
    return RequestError(exc.field, exc.message, **details)


def _name(fields: Fields, key: str, registry: Mapping[str, object]) -> str | None:
    value = fields.get(key)
    if value is not None and (not isinstance(value, str) or value not in registry):
        raise RequestError(key, f"unknown {key} {quote(value)}: choose one of {', '.join(registry)}")
    return value


@dataclass(frozen=True)
class SolveRequest:
    """A search to run: ``start`` makes it."""

    board: Board
    goal: Board
    algorithm: str | None
    """None for the default."""
    heuristic: str | None
    """None for the algorithm's default (or for an algorithm that uses none)."""
    limits: Limits
    options: dict[str, float] = field(default_factory=dict)
    trace: bool = False
    tree: bool = False
    custom: HeuristicInfo | None = None
    """A person's heuristic (``heuristic_code``), used instead of ``heuristic``."""
    user: UserHeuristic | None = None
    """That heuristic itself (to check it: ``with_check``)."""
    metric: str = "stm"
    """What to minimise: ``stm`` (every slide: the search above) or ``mtm`` (multi-tile moves:
    speed/mtm_solve.py, which takes no algorithm or heuristic)."""

    def with_check(self, check: CheckResult) -> SolveRequest:
        """The same request, its person's heuristic known admissible (and consistent) when
        ``check`` proved it (custom/entry.py)."""
        if self.user is None:
            raise RequestError("heuristic_code", "there is no heuristic of your own to check")
        return replace(self, custom=heuristic_entry(self.user, self.goal, check))

    def start(self, fetching: bool = False) -> tuple[Search | MtmSolve, tuple[str, ...]]:
        """The search, and the table files its heuristic needs that are missing. RequestError
        for an option, a tree or a heuristic that does not apply, and for missing files
        unless ``fetching`` (the caller fetches them while the search runs) and the
        algorithm can start without them (the anytime solver shows a first solution). With
        the metric ``mtm``, the MTM solve (its tables are built, not fetched)."""
        if self.metric == "mtm":
            try:
                return MtmSolve(self.board, self.goal, self.limits), ()
            except MtmUnsupported as exc:
                raise RequestError("metric", str(exc)) from None
        try:
            search = Search(self.board, self.goal, self.algorithm, self.custom or self.heuristic, self.limits,
                            options=self.options, trace=self.trace, tree=self.tree, fetching=fetching)
        except OptionError as exc:
            raise RequestError(exc.option, str(exc)) from None
        except TreeError as exc:
            raise RequestError(exc.field, str(exc)) from None
        except NotApplicable as exc:
            raise RequestError("heuristic", str(exc)) from None
        need = table_needs([search.heuristic_info], self.board.rows, self.board.cols, self.goal.blank)
        if not (fetching and search.info.anytime):
            refuse_missing(need, f"the {search.heuristic} heuristic")
        return search, tuple(need)

    def wanted(self, search: Search | MtmSolve, need: Sequence[str]) -> list[str]:
        """Table files an anytime search uses if they come, without waiting for them (a big
        board's 5x5 core, ``wanted_table_files``), that ``need`` does not name already;
        none for any other search."""
        if isinstance(search, MtmSolve) or not search.info.anytime:
            return []
        rows, cols, blank_goal = self.board.rows, self.board.cols, self.goal.blank
        return [name for name in wanted_table_files(rows, cols, blank_goal) if name not in need]


def read_solve(fields: Fields, caps: Caps = NO_CAPS) -> SolveRequest:
    """A search: the boards, ``algorithm`` and ``heuristic`` (registry names, or absent for
    the defaults; a heuristic is refused for an algorithm that uses none), or a person's
    heuristic (``heuristic_code``, see ``read_heuristic_code``) instead, the options,
    ``max_nodes`` (default: the algorithm's own, or the tree's), ``time_limit``, ``trace``
    and ``tree``; ``metric`` ``mtm`` instead solves in the multi-tile metric (and takes none
    of the algorithm, heuristic or tree; records no trace)."""
    boards = read_boards(fields, caps)
    algorithm = _name(fields, "algorithm", ALGORITHMS)
    heuristic = _name(fields, "heuristic", HEURISTICS)
    if heuristic is not None and algorithm is not None and not ALGORITHMS[algorithm].uses_heuristic:
        raise RequestError(
            "heuristic", f"the {algorithm} algorithm uses no heuristic, so the heuristic {heuristic} "
            "would be ignored: leave it out or choose another algorithm",
        )
    custom: HeuristicInfo | None = None
    user: UserHeuristic | None = None
    if fields.get("heuristic_code") is not None:
        if heuristic is not None:
            raise RequestError("heuristic_code", f"give a heuristic or your own, not both (heuristic {heuristic})")
        if algorithm is not None and not ALGORITHMS[algorithm].uses_heuristic:
            raise RequestError(
                "heuristic_code", f"the {algorithm} algorithm uses no heuristic, so your heuristic would be "
                "ignored: leave it out or choose another algorithm",
            )
        user = read_heuristic_code(fields, caps)
        if user is not None:
            custom = heuristic_entry(user, boards.goal)
    trace = flag_field(fields, "trace")
    tree = flag_field(fields, "tree")
    board = boards.board
    metric = text_field(fields, "metric", caps, "stm")
    if metric not in METRICS:
        raise RequestError("metric", f"unknown metric {quote(metric)}: choose {' or '.join(METRICS)}")
    if metric == "mtm":
        # (A trace asked for is not recorded: the page asks every solve for one.)
        given = [key for key in ("algorithm", "heuristic", "heuristic_code", "tree") if fields.get(key)]
        if given:
            raise RequestError("metric", f"the multi-tile metric is solved by its own search: leave "
                                         f"{given[0].replace('_', ' ')} out")
        limits = read_limits(fields, DEPTH_FIRST_MAX_NODES, DEFAULT_TIME_LIMIT, caps)
        return SolveRequest(board, boards.goal, None, None, limits, metric="mtm")
    max_nodes = DEFAULT_TREE_EXPANSIONS if tree else default_max_nodes(algorithm)
    limits = read_limits(fields, max_nodes, DEFAULT_TIME_LIMIT, caps)
    return SolveRequest(board, boards.goal, algorithm, heuristic, limits, read_options(fields), trace, tree, custom, user)


def read_compare(fields: Fields, caps: Caps = NO_CAPS) -> Comparison:
    """Every applicable algorithm/heuristic pair on the boards, each under ``max_nodes`` and
    ``time_limit`` (100,000 nodes and 5 s by default), with the options given, a
    person's heuristic (``heuristic_code``) with every informed algorithm and a person's
    search (``search_code``) at the end; RequestError
    with field ``tables`` and ``need`` if a table-backed heuristic's files are missing."""
    boards = read_boards(fields, caps)
    board, goal = boards.board, boards.goal
    # Compare every pair, the table-backed heuristics included: fetch them first.
    refuse_missing(sorted(table_needs(HEURISTICS, board.rows, board.cols, goal.blank)), "the comparison")
    limits = read_limits(fields, COMPARE_MAX_NODES, COMPARE_TIME_LIMIT, caps)
    options = read_options(fields)
    user = read_heuristic_code(fields, caps)
    extra = (heuristic_entry(user, goal),) if user is not None else ()
    searches = (read_search_code(fields, caps),) if fields.get("search_code") is not None else ()
    try:
        return Comparison(board, goal, limits, options=options, heuristics=extra, searches=searches)
    except OptionError as exc:
        raise RequestError(exc.option, str(exc)) from None


def read_check(fields: Fields, caps: Caps = NO_CAPS) -> HeuristicCheck:
    """A check of a person's heuristic (``heuristic_code``, required) against the exact
    distances of a ``size`` (default 3x3) and ``goal``, within ``time_limit`` (60 s by
    default)."""
    if fields.get("heuristic_code") is None:
        raise RequestError("heuristic_code", "heuristic_code is missing: the text of a file that defines h")
    if fields.get("size") in (None, ""):
        fields = {**fields, "size": "3x3"}
    _, _, goal = read_new_board(fields, caps)
    time_limit = float(number_field(fields, "time_limit", DEFAULT_TIME_LIMIT, caps.time_limit, whole=False))
    user = read_heuristic_code(fields, caps)
    if user is None:  # pragma: no cover - checked above
        raise RequestError("heuristic_code", "heuristic_code is missing")
    return HeuristicCheck(user, goal, time_limit)


def read_check_values(fields: Fields, caps: Caps = NO_CAPS) -> HeuristicValues:
    """The half of a check that runs a person's heuristic: the fields of ``read_check``;
    h is asked about every board the check judges, and nothing is judged."""
    check = read_check(fields, caps)
    return HeuristicValues(check.heuristic, check.goal, check.time_limit)


def read_judge_check(fields: Fields, caps: Caps = NO_CAPS) -> JudgedCheck:
    """A check judged from h's answers given as ``values`` (a ``check_values`` answer's, in its
    order) for a ``size`` (default 3x3) and ``goal``; ``stopped`` (``time-limit``,
    ``cancelled``) when they stop short, ``seconds`` the check's time as the asker measured it,
    ``heuristic_filename`` its name. Each value is read as h's answer is, when the check reaches
    it (an error with field ``heuristic_code`` for one that is not a non-negative int)."""
    if fields.get("size") in (None, ""):
        fields = {**fields, "size": "3x3"}
    _, _, goal = read_new_board(fields, caps)
    values = fields.get("values")
    most = check_board_count(goal)
    if not isinstance(values, list):
        raise RequestError("values", f"values must be a list of h's answers, not {quote(values)}")
    if len(values) > most:
        raise RequestError("values", f"{len(values):,} values for a check of {most:,} boards")
    stopped = fields.get("stopped")
    if stopped is not None and stopped not in CHECK_STOPS:
        raise RequestError("stopped", f"stopped must be one of {', '.join(CHECK_STOPS)} or null, not {quote(stopped)}")
    seconds = float(number_field(fields, "seconds", 0, None, whole=False)) if "seconds" in fields else None
    filename = text_field(fields, "heuristic_filename", caps, DEFAULT_FILENAME)
    return judge_check(values, goal, filename, stopped, seconds, flag_field(fields, "more"))


@dataclass(frozen=True)
class UserSearchRequest:
    """A person's search to run (``search_code``) on the boards under the limits: ``run`` runs it."""

    search: UserSearch
    board: Board
    goal: Board
    limits: Limits

    def run(self) -> SearchRun:
        """Run it and replay its answer; RequestError with field ``search_code`` for code
        that fails, answers something else than moves, or moves that do not replay to the goal."""
        try:
            return run_search(self.search, self.board, self.goal, self.limits.max_nodes, self.limits.time_limit)
        except UserCodeError as exc:
            raise user_code_error(exc) from None


def read_user_search(fields: Fields, caps: Caps = NO_CAPS) -> UserSearchRequest:
    """A person's search: the boards, ``search_code`` (the text of a file that defines
    ``search(problem)``, see custom/search.py), ``search_filename``, ``max_nodes``
    (expansions, 200,000 by default) and ``time_limit`` (20 s by default)."""
    boards = read_boards(fields, caps)
    if fields.get("search_code") is None:
        raise RequestError("search_code", "search_code is missing: the text of a file that defines search(problem)")
    search = read_search_code(fields, caps)
    limits = read_limits(fields, SEARCH_MAX_NODES, SEARCH_TIME_LIMIT, caps)
    return UserSearchRequest(search, boards.board, boards.goal, limits)


def read_search_code(fields: Fields, caps: Caps = NO_CAPS) -> UserSearch:
    """A person's search: ``search_code`` compiled and run, named by ``search_filename``;
    RequestError with field ``search_code`` (and ``kind``, ``line``) for code that cannot be used."""
    return _read_code(fields, caps, "search", DEFAULT_SEARCH_FILENAME, load_search)


def read_prepare(fields: Fields, caps: Caps = NO_CAPS) -> tuple[str, int, int, Board]:
    """The default heuristic of a ``size`` and ``goal``, to load ahead: (name, rows, cols,
    goal); RequestError with field ``tables`` and ``need`` if its files are missing."""
    rows, cols, goal = read_new_board(fields, caps)
    name = default_heuristic(rows, cols, goal.blank)
    refuse_missing(table_needs([name], rows, cols, goal.blank), f"the {name} heuristic")
    return name, rows, cols, goal


MAX_REPLAY_MOVES = 1_000_000
"""The most moves ``read_replay`` takes (a 16x16 anytime solution has thousands)."""


def read_move(fields: Fields, caps: Caps = NO_CAPS) -> tuple[Boards, Played]:
    """A push on the boards: ``tile`` (or the tile that slides in ``direction``, U/D/L/R)
    toward the blank, in its row or column, the tiles between sliding too; the boards and
    the slides played (``Board.replay``'s). RequestError naming ``tile`` or ``direction``."""
    boards = read_boards(fields, caps)
    board = boards.board
    tile = fields.get("tile")
    direction = fields.get("direction")
    if tile is None and isinstance(direction, str):
        try:
            tile = board.tile_sliding(direction)
        except BoardError as exc:
            raise RequestError("direction", str(exc)) from None
    if isinstance(tile, bool) or not isinstance(tile, int):
        raise RequestError("tile", f"tile must be a tile number, not {quote(tile)}")
    if not 0 < tile < board.size:  # not on the board, however large
        raise RequestError("tile", f"there is no tile {quote(tile)} to move")
    try:
        moved = board.line_to_blank(tile)
    except BoardError as exc:
        raise RequestError("tile", str(exc)) from None
    return boards, board.replay(moved)


def read_replay(fields: Fields, caps: Caps = NO_CAPS) -> tuple[Boards, Played]:
    """``tiles`` (the tile slid at each move) replayed from the board (``Board.replay``), at
    most ``MAX_REPLAY_MOVES``; RequestError with field ``tiles`` (and ``step``, ``board``: the
    move refused and the board before it) otherwise."""
    boards = read_boards(fields, caps)
    tiles = fields.get("tiles")
    if not isinstance(tiles, list):
        raise RequestError("tiles", f"tiles must be a list of tile numbers, not {quote(tiles)}")
    if len(tiles) > MAX_REPLAY_MOVES:
        raise RequestError("tiles", f"{len(tiles):,} moves are more than {MAX_REPLAY_MOVES:,}")
    try:
        return boards, boards.board.replay(tiles)
    except MoveError as exc:
        raise RequestError("tiles", str(exc), step=exc.number, board=list(exc.board.tiles)) from None


@dataclass(frozen=True)
class Feed:
    """What a step brings a judged check that takes values as it runs: the next ``values``
    in order, whether they are the last (``final``), why there are no more (``stopped``) and
    the seconds the page measured."""

    values: list[Any]
    final: bool
    stopped: Any
    seconds: float | None


def read_feed(fed: Any) -> Feed:
    """A step's ``feed`` (``{values, final, stopped?, seconds?}``); RequestError with field
    ``feed`` otherwise."""
    if not isinstance(fed, dict) or not isinstance(fed.get("values"), list) or not isinstance(fed.get("final"), bool):
        raise RequestError("feed", f"feed must be {{values: [...], final: true or false}}, not {quote(fed)}")
    seconds = fed.get("seconds")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 1e9):
        raise RequestError("feed", f"feed's seconds must be a number of seconds, not {quote(seconds)}")
    return Feed(fed["values"], fed["final"], fed.get("stopped"), seconds)


@dataclass(frozen=True)
class RandomRequest:
    """A random board to make: ``board`` makes it."""

    goal: Board
    moves: int | None
    """Scramble the goal by this many random moves (None: uniform among solvable boards)."""
    seed: int | str | None
    unsolvable: bool

    def board(self) -> Board:
        """The board: the same for the same seed."""
        return choose_random(self.goal, self.moves, self.seed, self.unsolvable)


def read_random(fields: Fields, caps: Caps = NO_CAPS) -> RandomRequest:
    """``size`` (required), ``goal``, ``moves`` (0 to MAX_SCRAMBLE_MOVES), ``seed`` (a number
    or text) and ``unsolvable``, which does not go with ``moves``."""
    _, _, goal = read_new_board(fields, caps)
    seed = fields.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise RequestError("seed", f"seed must be a number or text, not {quote(seed)}")
    unsolvable = flag_field(fields, "unsolvable")
    moves = fields.get("moves")
    if moves is not None and (isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= MAX_SCRAMBLE_MOVES):
        raise RequestError("moves", f"moves must be a whole number from 0 to {MAX_SCRAMBLE_MOVES}, not {quote(moves)}")
    if unsolvable and moves is not None:
        raise RequestError("moves", "unsolvable and moves do not go together: moves from the goal stay solvable")
    return RandomRequest(goal, moves, seed, unsolvable)


MOVES_TEXT = 10 * MAX_GAME_MOVES
"""The longest ``moves`` text a capped request may send, in characters: room for the longest
game in any notation (a tile's number and a space per move), so that a game over the limit is
refused as one (``GameTooLongError``), not as a long text."""


def game_error(exc: GameError) -> RequestError:
    """A game that cannot be read or played, as a request's error naming its field: ``notation``
    (an unknown one), ``board`` (a start that cannot reach the goal), else ``moves``, with
    ``character`` (where the text is wrong), ``move`` and ``board`` (an illegal move's number and
    the board before it) or ``limit`` (a game too long) among its details."""
    message = str(exc)
    if isinstance(exc, NotationError):
        return RequestError("notation", message)
    if isinstance(exc, UnsolvableGameError):
        return RequestError("board", message)
    if isinstance(exc, MoveTextError):
        return RequestError("moves", message, character=exc.character)
    if isinstance(exc, IllegalMoveError):
        return RequestError("moves", message, move=exc.move, board=list(exc.board.tiles))
    if isinstance(exc, GameTooLongError):
        return RequestError("moves", message, limit=exc.limit)
    return RequestError("moves", message)


def read_played(fields: Fields, caps: Caps = NO_CAPS) -> tuple[Game, str]:
    """A game: the boards (``board`` is its start), ``moves`` (text, required; empty for a game
    without moves) and ``notation``, its name (required when there is a move: never guessed,
    since the same letters mean opposite moves in two notations). (game, notation);
    RequestError naming the field otherwise (``game_error``)."""
    boards = read_boards(fields, caps)
    moves = text_field(fields, "moves", replace(caps, text=MOVES_TEXT) if caps.text is not None else caps)
    if fields.get("notation") is None:
        if moves.strip(" \t\r\n,;"):
            choices = ", ".join(NOTATIONS)
            raise RequestError("notation", f"notation is missing: say how the moves are written, one of {choices} "
                               "(it is never guessed: the same letters mean opposite moves in page and blank)")
        notation = DEFAULT_NOTATION
    else:
        notation = text_field(fields, "notation", caps)
    try:
        notation = get_notation(notation).name
        return read_game(boards.board, boards.goal, moves, notation), notation
    except GameError as exc:
        raise game_error(exc) from None


@dataclass(frozen=True)
class AnalyseRequest:
    """The analysis of a game to run: ``start`` makes the job."""

    game: Game
    notation: str
    """How the moves were written (a name in ``NOTATIONS``)."""
    undos: str
    """``as-played`` or ``without-undos``."""
    limits: Limits
    position_seconds: float
    timing: Timing | None = None
    """The time each move as played took (``times``), when given."""

    def start(self, fetching: bool = False) -> GameAnalysis:
        """The analysis (a job); RequestError with field ``board`` for a start that cannot
        reach the goal. ``fetching``: the caller fetches missing table files meanwhile."""
        try:
            return GameAnalysis(self.game, self.undos, self.limits, self.position_seconds, fetching=fetching,
                                notation=self.notation, timing=self.timing)
        except GameError as exc:
            raise game_error(exc) from None


def read_analyse(fields: Fields, caps: Caps = NO_CAPS) -> AnalyseRequest:
    """The analysis of a game: the game (``read_played``), ``undos`` (``as-played``, the
    default, or ``without-undos``), ``max_nodes`` and ``time_limit`` (100,000,000 nodes and
    60 s by default), and ``position_seconds`` (the bounds method's time on each position of
    a board over 16 cells; 0.2 s by default)."""
    game, notation = read_played(fields, caps)
    undos = text_field(fields, "undos", caps, UNDO_CHOICES[0])
    if undos not in UNDO_CHOICES:
        raise RequestError("undos", f"unknown undos {quote(undos)}: choose {' or '.join(UNDO_CHOICES)}")
    limits = read_limits(fields, ANALYSIS_LIMITS.max_nodes, ANALYSIS_LIMITS.time_limit, caps)
    seconds = float(number_field(fields, "position_seconds", DEFAULT_POSITION_SECONDS, caps.time_limit, whole=False))
    timing = None
    if fields.get("times") is not None:
        text = text_field(fields, "times", replace(caps, text=MOVES_TEXT * 2) if caps.text is not None else caps)
        try:
            timing = read_gaps(text, game.moves)
        except TimingError as exc:
            raise RequestError("times", str(exc)) from None
    return AnalyseRequest(game, notation, undos, limits, seconds, timing)


def read_write_moves(fields: Fields, caps: Caps = NO_CAPS) -> tuple[Game, str]:
    """A game to write in another notation: the game (``read_played``) and ``to``, the
    notation to write it in (required). (game, the notation's name)."""
    game, _ = read_played(fields, caps)
    try:
        return game, get_notation(text_field(fields, "to", caps)).name
    except NotationError as exc:
        raise RequestError("to", str(exc)) from None
