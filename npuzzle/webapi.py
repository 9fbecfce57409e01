"""The one function the browser calls: ``handle(request_json) -> response_json``.

Strings cross the Python/JavaScript seam, never proxies. Every response is a
JSON object with ``"ok"``; errors come back as data::

    {"ok": false, "error": {"field": "board", "message": "tile 7 appears twice"}}

Requests (``"op"`` names the operation):

``info``
    Version, sizes (``page_max_side``: the largest side the page offers), goals,
    direction words, the ``ALGORITHMS``/``HEURISTICS`` registries (with each
    algorithm's ``options``), the default time limit, and the limits of
    ``compare`` and of the page's hints.
``analyze`` ``{board, goal?, size?}``
    Parse and validate a board and goal; answer solvability with its reason.
``goal`` ``{size, goal?}``
    The goal board of a size, answered like ``analyze`` (for "new board").
``random`` ``{size, goal?, moves?, seed?, unsolvable?}``
    A random board (uniform among solvable ones, scrambled by ``moves``, or
    unsolvable), answered like ``analyze``.
``solve`` ``{board, goal?, size?, algorithm?, heuristic?, <option>?, max_nodes?, time_limit?, budget_ms?, trace?, tree?}``
    Start a search and run its first slice. The answer is either
    ``{"type": "result", "result": {...}}`` or ``{"type": "progress", "job": id,
    "progress": {...}}``; keep sending ``step`` until a result comes back. If the
    heuristic needs table files that are not here yet (the browser fetches them
    on demand), the answer is an error with field ``tables`` and ``"need": [file, ...]``:
    put those files in ``npuzzle/data/`` and send the request again; except for an
    anytime search, which starts at once with ``"need"`` in its first answer: it shows
    its first solution and waits (progress with a ``stage``) until the files are in
    ``npuzzle/data/``, then loads them and improves it. An algorithm's
    options (weighted A*'s ``weight``) are fields named after them. With ``"trace":
    true`` the search records what it does over time, for a chart: each progress
    answer then has ``"trace_delta": {"stride", "samples": [...], "iterations": [...]}``,
    what was added since the previous answer, and the result has ``"trace"``, the whole
    of it (shapes in ``npuzzle/search/trace.py``); without it, neither key is there.
    With ``"tree": true`` (boards up to 3x3, ``max_nodes`` at most 2,000, default 200;
    not the anytime solver) the result has ``"tree"``: every node the search generated,
    with g, h, f, its expansion order and status (shape in ``npuzzle/search/tree.py``);
    an error with field ``board``, ``max_nodes`` or ``algorithm`` otherwise.
``step`` ``{job, budget_ms?}``
    Run the job for about ``budget_ms`` milliseconds (default 30).
``cancel`` ``{job}``
    Stop the job; the answer is its result, marked ``"stopped": "cancelled"``.
``compare`` ``{board, goal?, size?, <option>?, max_nodes?, time_limit?, budget_ms?}``
    Every applicable algorithm/heuristic pair under the limits (per pair), as a job
    stepped like ``solve``; progress names the pair running, the result is
    ``{"type": "comparison", "results": [...]}``.
``prepare`` ``{size, goal?}``
    Load, in the background, the tables the default heuristic needs for that size
    and goal, so that a later ``solve`` does not wait for them: an error with field
    ``tables`` and ``need`` if files are missing (fetch them and send it again),
    else a job stepped like ``solve`` whose progress has a ``stage``, ending with
    ``{"type": "prepared", "heuristic": name, "seconds": s}``; at once when
    there is nothing to load.
``breakdown`` ``{board, goal?, size?, heuristic}``
    Why ``heuristic`` says what it says on the board: ``{"h", "parts": [{name, label,
    value}], "terms": [...]}``, the parts adding up to ``h`` (shapes in
    ``npuzzle/explain.py``); an error with field ``tables`` and ``need`` if its table
    files are missing (fetch them and send it again).
``move`` ``{board, goal?, size?, tile}`` or ``{..., direction}``
    Play: push ``tile`` (or the tile that slides in ``direction``, U/D/L/R) toward the blank (it must share the blank's row or column;
    the tiles between slide too). Answered like ``analyze`` plus ``moved`` (tiles, in
    order) and ``moves`` (their directions).
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from typing import Any, Sequence

from . import __version__
from .board import (
    DIRECTION_NAMES,
    GOAL_NAMES,
    MAX_SIDE,
    MIN_SIDE,
    Board,
    BoardError,
    parse_goal,
    parse_shape,
    relabel,
)
from .compare import COMPARE_MAX_NODES, COMPARE_TIME_LIMIT, Comparison
from .explain import ExplainError, breakdown
from .heuristics import (
    HEURISTICS,
    compile_heuristic,
    get_heuristic,
    heuristic_loading,
    heuristic_ready,
    heuristic_applies,
    missing_table_files,
    strongest_heuristic,
)
from .random_boards import MAX_SCRAMBLE_MOVES, choose_random
from .search import (
    ALGORITHMS,
    DEFAULT_TIME_LIMIT,
    DEFAULT_TREE_EXPANSIONS,
    MAX_TREE_CELLS,
    MAX_TREE_EXPANSIONS,
    Limits,
    OptionError,
    Progress,
    Search,
    SearchResult,
    TreeError,
    default_algorithm,
    default_heuristic,
    default_max_nodes,
)
from .search.solver import algorithm_options
from .solvability import explain_solvability

MAX_NODES_CAP = 100_000_000
TIME_LIMIT_CAP = 3600.0
DEFAULT_BUDGET_MS = 30
MAX_TEXT = 10_000
PAGE_MAX_SIDE = MAX_SIDE
"""The largest side the page offers in its size menus."""
HINT_LIMITS = Limits(max_nodes=5_000_000, time_limit=20.0)
"""The limits of the page's Hint button (an optimal search from the board shown)."""

_LOADED = object()


class Preparation:
    """Loading a heuristic's tables a step at a time, as a job (``prepare``)."""

    def __init__(self, name: str, rows: int, cols: int, blank_goal: int) -> None:
        self.name = name
        self.loading = heuristic_loading(name, rows, cols, blank_goal) or iter(())
        self.done = False
        self.seconds = 0.0
        tables = get_heuristic(name).tables
        self.stage = tables.stage if tables else "Preparing the heuristic"
        self.progress: Progress | None = None

    def step(self, budget: float) -> Progress | None:
        """Load for about ``budget`` seconds; None when everything is loaded."""
        started = time.perf_counter()
        end = started + budget
        while not self.done:
            if next(self.loading, _LOADED) is _LOADED:
                self.done = True
            elif time.perf_counter() >= end:
                break
        self.seconds += time.perf_counter() - started
        if self.done:
            return None
        self.progress = Progress(0, 0, 0, 0, self.seconds, stage=self.stage)
        return self.progress

    def cancel(self) -> None:
        """Stop loading (what is loaded stays loaded)."""
        self.done = True


_jobs: dict[int, Search | Comparison | Preparation] = {}
_job_ids = itertools.count(1)


class RequestError(Exception):
    """A request that cannot be served; ``field`` names the part that is wrong."""

    def __init__(self, field: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.details = details


def _quote(value: Any, limit: int = 40) -> str:
    """A value from a request, for a message: as JSON, shortened when long, so that a huge
    value never makes a huge message."""
    try:
        text = json.dumps(value)
    except (ValueError, RecursionError):  # an int of over 4,300 digits; nesting too deep
        text = "a number too long to show" if isinstance(value, int) else f"a {type(value).__name__} nested too deeply to show"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _text(request: dict[str, Any], key: str, default: str | None = None) -> str:
    value = request.get(key, default)
    if value is None:
        raise RequestError(key, f"{key} is missing")
    if not isinstance(value, str):
        raise RequestError(key, f"{key} must be text, not {type(value).__name__}")
    if len(value) > MAX_TEXT:
        raise RequestError(key, f"{key} is too long ({len(value)} characters)")
    return value


def _number(request: dict[str, Any], key: str, default: float, cap: float, whole: bool) -> Any:
    value = request.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and not isinstance(value, int)):
        kind = "a whole number" if whole else "a number"
        raise RequestError(key, f"{key} must be {kind}, not {_quote(value)}")
    if not 0 < value <= cap:
        shown = f"{value:g}" if isinstance(value, float) else _quote(value)  # an int may not fit a float
        raise RequestError(key, f"{key} must be above 0 and at most {cap:g}, not {shown}")
    return value


def _boards(request: dict[str, Any]) -> tuple[Board, Board]:
    size = request.get("size")
    shape: tuple[int | None, int | None] = (None, None)
    if size is not None and size != "":
        try:
            shape = parse_shape(_text(request, "size"))
        except BoardError as exc:
            raise RequestError("size", str(exc)) from None
    try:
        board = Board.from_string(_text(request, "board"), *shape)
    except BoardError as exc:
        raise RequestError("board", str(exc)) from None
    try:
        goal = parse_goal(_text(request, "goal", "blank-last"), board.rows, board.cols)
    except BoardError as exc:
        raise RequestError("goal", str(exc)) from None
    return board, goal


def _info(request: dict[str, Any]) -> dict[str, Any]:
    return {
        "version": __version__,
        "min_side": MIN_SIDE,
        "max_side": MAX_SIDE,
        "page_max_side": PAGE_MAX_SIDE,
        "goals": list(GOAL_NAMES),
        "directions": dict(DIRECTION_NAMES),
        "algorithms": [a.to_dict() for a in ALGORITHMS.values()],
        "heuristics": [h.to_dict() for h in HEURISTICS.values()],
        "defaults": {"time_limit": DEFAULT_TIME_LIMIT, "goal": GOAL_NAMES[0]},
        "compare": {"max_nodes": COMPARE_MAX_NODES, "time_limit": COMPARE_TIME_LIMIT},
        "hint": {"max_nodes": HINT_LIMITS.max_nodes, "time_limit": HINT_LIMITS.time_limit},
        "tree": {"max_cells": MAX_TREE_CELLS, "max_nodes": MAX_TREE_EXPANSIONS,
                 "default_max_nodes": DEFAULT_TREE_EXPANSIONS},
    }


def _analyze(request: dict[str, Any]) -> dict[str, Any]:
    board, goal = _boards(request)
    return _describe(board, goal)


def _shape_and_goal(request: dict[str, Any]) -> tuple[int, int, Board]:
    """The required ``size`` and the optional ``goal`` of a request for a new board."""
    try:
        rows, cols = parse_shape(_text(request, "size"))
    except BoardError as exc:
        raise RequestError("size", str(exc)) from None
    try:
        goal = parse_goal(_text(request, "goal", "blank-last"), rows, cols)
    except BoardError as exc:
        raise RequestError("goal", str(exc)) from None
    return rows, cols, goal


def _goal(request: dict[str, Any]) -> dict[str, Any]:
    _, _, goal = _shape_and_goal(request)
    return _describe(goal, goal)


def _random(request: dict[str, Any]) -> dict[str, Any]:
    rows, cols, goal = _shape_and_goal(request)
    seed = request.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise RequestError("seed", f"seed must be a number or text, not {_quote(seed)}")
    unsolvable = request.get("unsolvable", False)
    if not isinstance(unsolvable, bool):
        raise RequestError("unsolvable", f"unsolvable must be true or false, not {_quote(unsolvable)}")
    moves = request.get("moves")
    if moves is not None and (isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= MAX_SCRAMBLE_MOVES):
        raise RequestError("moves", f"moves must be a whole number from 0 to {MAX_SCRAMBLE_MOVES}, not {_quote(moves)}")
    try:
        board = choose_random(goal, moves, seed, unsolvable)
    except ValueError as exc:
        raise RequestError("moves", str(exc)) from None
    return _describe(board, goal)


def _describe(board: Board, goal: Board) -> dict[str, Any]:
    return {
        "rows": board.rows,
        "cols": board.cols,
        "tiles": list(board.tiles),
        "board": board.to_string(),
        "grid": board.to_grid(),
        "goal_tiles": list(goal.tiles),
        "goal": goal.goal_name() or goal.to_string(),
        "is_goal": board == goal,
        "solvability": explain_solvability(board, goal).to_dict(),
        "applicable": {
            "algorithms": [n for n, a in ALGORITHMS.items() if a.suits(board.rows, board.cols)],
            "heuristics": [n for n in HEURISTICS if heuristic_applies(n, board.rows, board.cols, goal.blank)],
        },
        "default_algorithm": default_algorithm(board.rows, board.cols),
        "default_heuristic": default_heuristic(board.rows, board.cols, goal.blank),
    }


def _h_path(start: Board, goal: Board, heuristic: str | None, tiles: Sequence[int]) -> tuple[str, list[int]]:
    """The heuristic's value at the start and after every move of a solution (for g, h
    and f in the page), updated move by move where the heuristic allows it. The search's own
    heuristic if it is ready, else the strongest one that is: this is computed between a
    search's slices, and must never load tables in one go (the search loads them in steps)."""
    name = heuristic
    if name is None or not heuristic_ready(name, start.rows, start.cols, goal.blank):
        name = strongest_heuristic(start.rows, start.cols, goal.blank, ready_only=True)
    compiled = compile_heuristic(name, start.rows, start.cols, goal.blank)
    cells = list(relabel(start, goal))
    position = {label: pos for pos, label in enumerate(cells)}
    label_of = {tile: label for tile, label in zip(start.tiles, cells)}
    h = compiled.evaluate(cells)
    values = [h]
    for tile in tiles:
        label = label_of[tile]
        frm, to = position[label], position[0]
        cells[to], cells[frm] = label, 0
        position[label], position[0] = to, frm
        if compiled.tile_table is not None:
            row = compiled.tile_table[label]
            h += row[to] - row[frm]
        elif compiled.update is not None:
            h = compiled.update(cells, h, label, frm, to)
        else:
            h = compiled.evaluate(cells)
        values.append(h)
    return name, values


def _solution(search: Search) -> dict[str, Any] | None:
    """An anytime search's better solution since the last answer, once (else None)."""
    if not search.improved or search.best is None:
        return None
    search.improved = False
    tiles, moves = search.best
    h_name, h_path = _h_path(search.board, search.goal, search.heuristic, tiles)
    progress = search.progress
    return {
        "length": len(tiles), "tiles": list(tiles), "moves": moves,
        "lower_bound": progress.lower_bound if progress else None, "h_name": h_name, "h_path": h_path,
    }


def _answer(job_id: int, job: Search | Comparison | Preparation, out: object) -> dict[str, Any]:
    if isinstance(job, Preparation):
        if job.done:
            _jobs.pop(job_id, None)
            return {"type": "prepared", "job": job_id, "heuristic": job.name, "seconds": round(job.seconds, 4)}
        return {"type": "progress", "job": job_id, "progress": job.progress.to_dict() if job.progress else None}
    if isinstance(job, Comparison):
        if job.done:
            _jobs.pop(job_id, None)
            return {"type": "comparison", "job": job_id, "results": [r.to_dict() for r in job.results]}
        running = job.pairs[len(job.results)]
        progress = job.current.progress if job.current else None
        return {
            "type": "progress", "job": job_id,
            "progress": {
                **(progress.to_dict() if progress else {}),
                "pair": {"algorithm": running[0], "heuristic": running[1]},
                "pairs_done": len(job.results), "pairs": len(job.pairs),
                "results": [r.to_dict() for r in job.results],
            },
        }
    if isinstance(out, SearchResult):
        _jobs.pop(job_id, None)
        result = out.to_dict()
        if out.solved:
            result["h_name"], result["h_path"] = _h_path(out.start, out.goal, out.heuristic, out.tiles)
        return {"type": "result", "job": job_id, "result": result}
    progress = job.progress
    answer = {"type": "progress", "job": job_id, "progress": progress.to_dict() if progress else None}
    if job.trace is not None:
        answer["trace_delta"] = job.trace.delta()
    solution = _solution(job)
    if solution is not None:
        answer["solution"] = solution
    return answer


def _limits(request: dict[str, Any], max_nodes: int, time_limit: float) -> Limits:
    return Limits(
        max_nodes=_number(request, "max_nodes", max_nodes, MAX_NODES_CAP, whole=True),
        time_limit=float(_number(request, "time_limit", time_limit, TIME_LIMIT_CAP, whole=False)),
    )


def _options(request: dict[str, Any]) -> dict[str, float]:
    """The algorithm options present in the request (fields named after them), as numbers;
    whether the algorithm takes them and their ranges are checked by the registry."""
    options = {}
    for name, (option, _) in algorithm_options().items():
        value = request.get(name)
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise RequestError(name, f"{name} must be a number, not {_quote(value)}")
            try:
                options[name] = float(value)
            except OverflowError:  # an int too large for a float: beyond any option's range
                bound = f"at most {option.maximum:g}" if value > 0 else f"at least {option.minimum:g}"
                raise RequestError(name, f"the {name} must be {bound}, not {_quote(value)}") from None
    return options


def _compare(request: dict[str, Any]) -> dict[str, Any]:
    board, goal = _boards(request)
    shape = (board.rows, board.cols, goal.blank)
    need = sorted({file for name in HEURISTICS for file in missing_table_files(name, *shape)})
    if need:  # compare every pair, the table-backed heuristics included: fetch them first
        raise RequestError("tables", f"the comparison needs {', '.join(need)}", need=need)
    limits = _limits(request, COMPARE_MAX_NODES, COMPARE_TIME_LIMIT)
    budget = _budget(request)  # every field is checked before the job exists
    try:
        job = Comparison(board, goal, limits, options=_options(request))
    except OptionError as exc:
        raise RequestError(exc.option, str(exc)) from None
    job_id = next(_job_ids)
    _jobs[job_id] = job
    job.step(budget)
    return _answer(job_id, job, None)


def _move(request: dict[str, Any]) -> dict[str, Any]:
    board, goal = _boards(request)
    tile = request.get("tile")
    direction = request.get("direction")
    if tile is None and isinstance(direction, str):
        try:
            tile = board.tile_sliding(direction)
        except BoardError as exc:
            raise RequestError("direction", str(exc)) from None
    if isinstance(tile, bool) or not isinstance(tile, int):
        raise RequestError("tile", f"tile must be a tile number, not {_quote(tile)}")
    if not 0 < tile < board.size:  # not on the board, however large
        raise RequestError("tile", f"there is no tile {_quote(tile)} to move")
    try:
        moved = board.line_to_blank(tile)
    except BoardError as exc:
        raise RequestError("tile", str(exc)) from None
    directions = []
    for t in moved:
        directions.append(board.direction_of(t))
        board = board.slide(t)
    return {**_describe(board, goal), "moved": moved, "moves": "".join(directions)}


def _budget(request: dict[str, Any]) -> float:
    return float(_number(request, "budget_ms", DEFAULT_BUDGET_MS, 1000, whole=False)) / 1000


def _solve(request: dict[str, Any]) -> dict[str, Any]:
    board, goal = _boards(request)
    algorithm = request.get("algorithm")
    heuristic = request.get("heuristic")
    if algorithm is not None and (not isinstance(algorithm, str) or algorithm not in ALGORITHMS):
        raise RequestError("algorithm", f"unknown algorithm {_quote(algorithm)}: choose one of {', '.join(ALGORITHMS)}")
    if heuristic is not None and (not isinstance(heuristic, str) or heuristic not in HEURISTICS):
        raise RequestError("heuristic", f"unknown heuristic {_quote(heuristic)}: choose one of {', '.join(HEURISTICS)}")
    if heuristic is not None and algorithm is not None and not ALGORITHMS[algorithm].uses_heuristic:
        raise RequestError("heuristic", f"the {algorithm} algorithm uses no heuristic, so {heuristic} would be ignored: leave heuristic out")
    trace = request.get("trace", False)
    if not isinstance(trace, bool):
        raise RequestError("trace", f"trace must be true or false, not {_quote(trace)}")
    tree = request.get("tree", False)
    if not isinstance(tree, bool):
        raise RequestError("tree", f"tree must be true or false, not {_quote(tree)}")
    max_nodes = DEFAULT_TREE_EXPANSIONS if tree else default_max_nodes(algorithm, board.rows, board.cols)
    limits = _limits(request, max_nodes, DEFAULT_TIME_LIMIT)
    options = _options(request)
    budget = _budget(request)
    try:
        search = Search(board, goal, algorithm, heuristic, limits, options=options, trace=trace, tree=tree)
    except OptionError as exc:
        raise RequestError(exc.option, str(exc)) from None
    except TreeError as exc:
        raise RequestError(exc.field, str(exc)) from None
    except ValueError as exc:  # the heuristic does not apply to the board
        raise RequestError("heuristic", str(exc)) from None
    need = missing_table_files(search.heuristic, board.rows, board.cols, goal.blank)
    if need and not search.info.anytime:
        raise RequestError("tables", f"the {search.heuristic} heuristic needs {', '.join(need)}", need=need)
    # An anytime search starts at once: it answers with a first solution while the
    # files it needs (in "need") are fetched, and waits for them before improving it.
    search.awaiting_files = bool(need)
    job_id = next(_job_ids)
    _jobs[job_id] = search
    answer = _answer(job_id, search, search.step(budget))
    if need:
        answer["need"] = need
    return answer


def _prepare(request: dict[str, Any]) -> dict[str, Any]:
    rows, cols, goal = _shape_and_goal(request)
    name = default_heuristic(rows, cols, goal.blank)
    need = missing_table_files(name, rows, cols, goal.blank)
    if need:
        raise RequestError("tables", f"the {name} heuristic needs {', '.join(need)}", need=need)
    budget = _budget(request)  # every field is checked before the job exists
    job = Preparation(name, rows, cols, goal.blank)
    job_id = next(_job_ids)
    _jobs[job_id] = job
    job.step(budget)
    return _answer(job_id, job, None)


def _job(request: dict[str, Any]) -> tuple[int, Search | Comparison | Preparation]:
    job_id = request.get("job")
    if isinstance(job_id, bool) or not isinstance(job_id, int):
        raise RequestError("job", f"job must be a job number, not {_quote(job_id)}")
    search = _jobs.get(job_id)
    if search is None:
        raise RequestError("job", f"there is no running job {_quote(job_id)}")
    return job_id, search


def _step(request: dict[str, Any]) -> dict[str, Any]:
    job_id, job = _job(request)
    return _answer(job_id, job, job.step(_budget(request)))


def _cancel(request: dict[str, Any]) -> dict[str, Any]:
    job_id, job = _job(request)
    out = job.cancel()
    return _answer(job_id, job, out)


def _breakdown(request: dict[str, Any]) -> dict[str, Any]:
    board, goal = _boards(request)
    try:
        return breakdown(board, goal, _text(request, "heuristic"))
    except ExplainError as exc:
        raise RequestError(exc.field, exc.message, **exc.details) from None


_OPS = {"prepare": _prepare, "info": _info, "analyze": _analyze, "goal": _goal, "random": _random, "move": _move, "compare": _compare, "solve": _solve, "step": _step, "cancel": _cancel, "breakdown": _breakdown}


def handle_dict(request: Any) -> dict[str, Any]:
    """``handle`` on an already-decoded request; never raises for bad input."""
    if not isinstance(request, dict):
        return _error("request", "a request must be a JSON object")
    op = request.get("op")
    if not isinstance(op, str) or op not in _OPS:
        return _error("op", f"unknown op {_quote(op)}: use one of {', '.join(_OPS)}")
    try:
        answer = _OPS[op](request)
    except RequestError as exc:
        return _error(exc.field, exc.message, **exc.details)
    answer["ok"] = True
    answer["op"] = op
    return answer


def _error(field: str, message: str, **details: Any) -> dict[str, Any]:
    return {"ok": False, "error": {"field": field, "message": message, **details}}


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON response (errors included, as data)."""
    try:
        request = json.loads(request_json, parse_int=_whole_number)
    except _NumberTooLong as exc:
        return json.dumps(_error("request", str(exc)))
    except RecursionError:
        return json.dumps(_error("request", "the request is nested too deeply"))
    except (TypeError, ValueError) as exc:
        return json.dumps(_error("request", f"the request is not valid JSON: {exc}"))
    return json.dumps(handle_dict(request))


class _NumberTooLong(ValueError):
    """A number in a request with more digits than Python converts (4,300 by default)."""


def _whole_number(text: str) -> int:
    """An int of the request's JSON; _NumberTooLong past Python's digit limit."""
    digits = len(text.lstrip("-"))
    if 0 < sys.get_int_max_str_digits() < digits:
        raise _NumberTooLong(f"the request holds a number of {digits:,} digits: too long to read")
    return int(text)
