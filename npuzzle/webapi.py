"""The one function the browser calls: ``handle(request_json) -> response_json``.

Strings cross the Python/JavaScript seam, never proxies. Every response is a
JSON object with ``"ok"``; errors come back as data::

    {"ok": false, "error": {"field": "board", "message": "tile 7 appears twice"}}

Requests (``"op"`` names the operation; their fields are read once by
``npuzzle/request.py``, the same reading as the command line's, under the page's caps;
``solve``, ``compare``, ``check``, ``prepare`` and ``analyse_game`` start jobs (npuzzle/job.py), which one
adapter, ``WebJob``, steps, cancels and answers, each kind in the JSON of its ``JobJson``):

``info``
    Version, sizes (``page_max_side``: the largest side the page offers), goals, the
    ``metrics`` a solve counts in (name, label, description) and how a multi-tile solve works
    (``mtm_methods``, its result's heuristic in words),
    direction words, the ``ALGORITHMS``/``HEURISTICS`` registries (with each
    algorithm's ``options``), the default time limit, the most a request may ask for
    (``caps``: ``max_nodes``, ``time_limit``), ``stop_reasons`` (every value an answer's
    ``stopped`` key may carry: ``StopReason``'s early stops), the limits of ``compare``, of
    the page's hints and of a person's search (``user_search``: its defaults), the search
    tree's (``tree``: cells, expansions, ``max_recorded_nodes``), the trace's
    (``max_samples``), every shortest solution's (``all_optimal``: ``max_cells``), an assignment's
    (``assignment``: format, versions, tasks, goals, ``criteria`` (the closed set: name, label,
    description, tasks, parameters), ``limits``, ``default_time_limit``, the link
    ``parameters``, ``verdicts``, ``grading``'s caps) and a submission's (``submission``: format,
    versions, ``limits``), and the analysis's ``notations`` (the
    ``NOTATIONS`` registry: name, label, description, example) and ``analysis`` facts
    (``max_moves``, ``undos``, ``default_notation``, ``search_cells``, ``methods``: how each
    size's distances are found, in words).
``analyze`` ``{board, goal?, size?}``
    Parse and validate a board and goal; answer solvability with its reason (a board
    described, not a game analysed: that is ``analyse_game``).
``goal`` ``{size, goal?}``
    The goal board of a size, answered like ``analyze`` (for "new board").
``random`` ``{size, goal?, moves?, seed?, unsolvable?}``
    A random board (uniform among solvable ones, scrambled by ``moves``, or
    unsolvable), answered like ``analyze``.
``solve`` ``{board, goal?, size?, algorithm?, heuristic?, <option>?, max_nodes?, time_limit?, budget_ms?, trace?, tree?, metric?}``
    Start a search and run its first slice. The answer is either
    ``{"type": "result", "result": {...}}`` or ``{"type": "progress", "job": id,
    "progress": {...}}``; keep sending ``step`` until a result comes back. If the
    heuristic needs table files that are not here yet (the browser fetches them
    on demand), the answer is an error with field ``tables`` and ``"need": [file, ...]``:
    put those files in ``npuzzle/data/`` and send the request again; except for an
    anytime search, which starts at once with ``"need"`` in its first answer: it shows
    its first solution and waits (progress with a ``stage``) until the files are in
    ``npuzzle/data/``, then loads them and improves it. An anytime search may also name
    in ``"want"`` files it uses if they come but does not wait for (a big board's 5x5
    core tables): fetch them while it runs; without them it goes on as it is. An algorithm's
    options (weighted A*'s ``weight``) are fields named after them. With ``"trace":
    true`` the search records what it does over time, for a chart: each progress
    answer then has ``"trace_delta": {"stride", "samples": [...], "iterations": [...]}``,
    what was added since the previous answer, and the result has ``"trace"``, the whole
    of it (shapes in ``npuzzle/search/trace.py``); without it, neither key is there.
    With ``"metric": "mtm"`` (no algorithm, heuristic or tree, no trace recorded; boards up to 9 cells and
    4x4, ``applicable.metrics`` says) the search finds the fewest multi-tile moves (a run of
    slides of one line in one direction counts once; speed/mtm.py), and its result says
    ``"metric": "mtm"``, ``mtm_optimal`` and ``mtm``; its tables are built in its first slices
    (progress with a ``stage``). Every result has ``metric``, ``mtm`` and ``mtm_optimal``.
    With ``"tree": true`` (boards up to 3x3, ``max_nodes`` at most 2,000, default 200;
    not the anytime solver) the result has ``"tree"``: every node the search generated,
    with g, h, f, its expansion order and status (shape in ``npuzzle/search/tree.py``);
    an error with field ``board``, ``max_nodes`` or ``algorithm`` otherwise.
``step`` ``{job, budget_ms?}``
    Run the job for about ``budget_ms`` milliseconds (default 30).
``cancel`` ``{job}``
    Stop the job; the answer is its result, marked ``"stopped": "cancelled"``.
``compare`` ``{board, goal?, size?, <option>?, max_nodes?, time_limit?, budget_ms?, heuristic_code?, search_code?}``
    Every applicable algorithm/heuristic pair under the limits (per pair), with a person's
    heuristic (every informed algorithm runs it too) and search (one row, at the end), as a job
    stepped like ``solve``; progress names the pair running and brings the results finished
    since the last answer (``results_delta``, after the ``results_from`` sent before), the
    result is ``{"type": "comparison", "results": [...]}``, all of them.
``prepare`` ``{size, goal?}``
    Load, in the background, the tables the default heuristic needs for that size
    and goal, so that a later ``solve`` does not wait for them: an error with field
    ``tables`` and ``need`` if files are missing (fetch them and send it again),
    else a job stepped like ``solve`` whose progress has a ``stage``, ending with
    ``{"type": "prepared", "heuristic": name, "seconds": s}``; at once when
    there is nothing to load.
``breakdown`` ``{board, goal?, size?, heuristic}`` or ``{..., heuristic_code, heuristic_filename?}``
    Why ``heuristic`` says what it says on the board: ``{"h", "parts": [{name, label,
    value}], "terms": [...]}``, the parts adding up to ``h`` (shapes in
    ``npuzzle/explain.py``); an error with field ``tables`` and ``need`` if its table
    files are missing (fetch them and send it again). With a person's heuristic
    (``heuristic_code``) instead: its value on the board, as one part.
``check`` ``{heuristic_code, heuristic_filename?, size?, goal?, time_limit?, budget_ms?}``
    Check a person's heuristic (the text of a file that defines ``h``) against the exact
    distances of ``size`` (3x3 by default): every state up to 9 cells, sampled boards
    beyond (custom/check.py). A job stepped like ``solve``; progress has ``states``,
    ``total`` and a ``stage``; the result is ``{"type": "check", "check": {...}}`` (the
    keys of ``python -m npuzzle check --json``). Code that cannot be used is an error
    with field ``heuristic_code`` and ``kind``, ``line``, ``board``.
``check_values`` ``{heuristic_code, heuristic_filename?, size?, goal?, time_limit?, budget_ms?}``
    The half of a check that runs the person's code, and judges nothing: h asked about every
    board the check judges (``custom.check.check_boards``, in that order), as a job stepped
    like ``solve`` (progress: ``states``, ``total``, ``stage``, ``seconds``); the result is
    ``{"type": "check_values", "values": [...], "total", "stopped", "seconds"}``. Each progress
    report brings the values h gave since the last answer (``values_delta``, after ``values_from``
    of them), and the result the rest (``values``, after ``values_from``). The page asks it of
    the worker that runs a person's code, never ``check``.
``judge_check`` ``{values, size?, goal?, stopped?, seconds?, heuristic_filename?, more?}``
    The other half, where no one's code runs: the check of the heuristic whose answers are
    ``values`` (a ``check_values`` result's), as ``check`` answers it (the same job, progress
    and result), with ``stopped`` saying why there are fewer values than boards and
    ``seconds`` the time the page measured. A value that is not h's kind of answer is an error
    with field ``heuristic_code``, as in ``check``; so are fewer values with no reason, or more
    than the boards. With ``"more": true`` more values come while it runs: each ``step`` may
    bring ``"feed": {values, final, stopped?, seconds?}`` (the next values in order; the last
    with ``final``), and the job waits for them (its slices end at once meanwhile), so the page
    judges h's values while the code's worker is still computing them.
``user_search`` ``{board, goal?, size?, search_code, search_filename?, max_nodes?, time_limit?}``
    Run a person's search (a file that defines ``search(problem)``, custom/search.py)
    once, within the limits, and replay its moves: ``{"type": "user_search", "result":
    {name, solved, length, tiles, moves, expansions, seconds, stopped}}``; an error with
    field ``search_code`` (and ``kind``, ``line``, ``board``, ``step`` for a move that is
    refused) otherwise. It is one call: the page runs it in a worker of its own, which it
    ends when the call outlives the time limit.
``analyse_game`` ``{board, goal?, size?, moves, notation?, undos?, times?, max_nodes?, time_limit?, position_seconds?, budget_ms?}``
    Analyse a game (npuzzle/analysis/): the start ``board``, the ``moves`` played from it
    (text; empty for a game without moves: one position's distance, best moves and finish)
    written in ``notation`` (``page``, ``slidysim``, ``blank`` or ``numbers``; required when
    there is a move, never guessed), ``undos`` ``as-played`` (the default) or ``without-undos``.
    A job stepped like ``solve``. Each progress answer's ``progress`` has ``stage``,
    ``positions``, ``done`` (positions settled), ``expanded``, ``states`` and
    ``total_states`` (a table being built), ``seconds``, and only what changed since the
    previous answer: ``changed``, ``[index, lower, upper]`` per position whose bounds moved
    (equal bounds: the exact distance), and ``marks``, ``[number, verdict]`` per move whose
    verdict was decided; the first progress answer also has ``game``, the game analysed
    (``tiles``, ``moves``: the direction each slid, ``undos``). The result is ``{"type": "analysis", "analysis": {...}}``: the keys
    of ``python -m npuzzle analyse --json``, plus ``notation`` (the one read), ``written``
    (the moves in every notation), ``csv`` and ``markdown`` (the per-move table). On 4x4
    the first answer may name in ``"need"`` the table files the analysis waits for, as an
    anytime ``solve`` does: it starts at once, says it waits (``stage``) until they are in
    ``npuzzle/data/``. Errors name their field: ``moves`` (with ``character`` for an
    unknown letter or a count of zero, ``move`` and ``board``, the board before it, for an
    illegal move, ``limit`` for a game too long), ``notation``, ``undos``, ``board`` (a
    start that cannot reach the goal), ``goal`` and ``size``.
``write_moves`` ``{board, goal?, size?, moves, notation?, to}``
    A game's moves written in another notation (``to``): ``{"type": "written", "text",
    "notation", "moves"}``; refused like ``analyse_game``'s game (field ``to`` for an unknown
    notation to write in). The page writes a best finish with it (the position's board,
    the finish's tiles in ``numbers``).
``replay`` ``{board, goal?, size?, tiles, distance?}``
    Replay a sequence of single slides (``tiles``: the tile slid at each move, each next to
    the blank) from ``board``: ``{"type": "replayed", "start", "goal", "rows", "cols", "tiles",
    "moves": their directions, "end": the board reached, "at_goal"}``; an error with field ``tiles`` (and ``step``, ``board``: the
    move refused and the board before it) for a tile that is not next to the blank, at most
    ``MAX_REPLAY_MOVES`` moves (request.py). The page replays here, in the solver's own worker, every
    solution the worker that runs a person's code reports before it shows one. With
    ``"distance": true``, ``distance`` is the start's exact distance to the goal on boards of at
    most 9 cells (else null): whether a solution found with a person's heuristic is a shortest one
    is then the solver's to say, not the code's.
``all_optimal`` ``{board, goal?, size?, limit?, max_nodes?, time_limit?, budget_ms?}``
    Every shortest solution of a board of at most 16 cells (speed/all_optimal.py), as a job
    stepped like ``solve``: progress has the search's counts, ``length`` (the shortest length,
    once the search reaches it) and ``found``; the result is ``{"type": "all_optimal",
    "all_optimal": {...}}`` (the keys of ``solve --all-optimal --json``: ``count``,
    ``count_exact``, ``length``, ``first_moves``, ``mtm_lengths``, ``solutions`` fewest
    multi-tile moves first, at most ``limit`` of them, default 100). An error with field
    ``tables`` and ``need`` when the heuristic's files are missing (fetch them and send it again),
    field ``board`` for a board too large.
``optimize`` ``{board, goal?, size?, moves, notation, max_nodes?, time_limit?, budget_ms?}``
    Shorten a solution (speed/optimize.py), a job stepped like ``solve`` whose progress has the
    best length so far (``best``) and the proven ``lower_bound``; the result is ``{"type":
    "optimized", "optimized": {...}}`` (the keys of ``optimize --json``). Moves are read and
    refused as ``analyse_game`` reads them, and moves that do not end on the goal are refused (field
    ``moves``). Like an anytime ``solve``, it may name in ``need`` files it fetches meanwhile.
``moves`` ``{action, moves, notation, to?, board?, goal?, size?}``
    A move string inverted, mirrored, simplified or converted (speed/request.py's
    ``MOVE_ACTIONS``): ``{"type": "moves", "text", "notation", "moves", "stm", "mtm", "board",
    "goal", "solves"}``; errors name ``action``, ``notation``, ``to`` or ``moves`` (with
    ``character``, or ``move`` and ``board`` for an illegal move).
``slidysim`` ``{action: "read", text, analyse?}`` or ``{action: "write", board, goal?, size?, moves, notation, times?}``
    Read a Slidysim replay (its link, the link's ``r`` value, or a replay file's text), or write
    a game as one (speed/slidysim.py): ``{"type": "replay", "board", "rows", "cols", "size",
    "goal", "moves" (this page's letters), "solution" (Slidysim's), "stm", "mtm", "times" (the
    gaps, as ``analyse_game`` takes them, or null), "time_ms", "tps", "solved", "scramble", "link", "file"}`` (a replay file's text).
    A replay that cannot be read is an error with field ``text`` (and ``part``, ``move`` and
    ``board`` for an illegal move; with ``"analyse": true``, a solve longer than an analysis
    takes too); a game that cannot be written, field ``board``, ``moves`` or ``times``, and
    toward a goal other than blank-last, field ``goal``.
``move`` ``{board, goal?, size?, tile}`` or ``{..., direction}``
    Play: push ``tile`` (or the tile that slides in ``direction``, U/D/L/R) toward the blank (it must share the blank's row or column;
    the tiles between slide too). Answered like ``analyze`` plus ``moved`` (tiles, in
    order) and ``moves`` (their directions).

**A teacher's assignment** (issue 39; formats in npuzzle/assign/ and docs/page.md). Errors of an
assignment or submission name the request's field (``text``, ``assignment``, ``name``, the
code, ``claimed``, ``rows``) and, in ``key``, the part of its JSON that is wrong
(``criteria[1].max_mean``):

``assignment_read`` ``{text}`` or ``{assignment}``
    Read and validate an assignment: ``text`` is its link (``#assignment=VALUE`` or ``?assignment=``),
    the bare value, or its file's JSON; ``assignment`` its JSON object. The answer ``{"type":
    "assignment", "assignment": <canonical JSON>, "id", "link_value", "file", "boards": [tiles, ...]
    (drawn, when random), "rows", "cols", "goal_tiles", "total_weight", "criteria": [{name, weight,
    <parameters>, label, description}]}``.
``assignment_write`` ``{assignment}``
    The same from the Set panel's JSON object: validated, answered as ``assignment_read``
    (``link_value`` for ``#assignment=``, ``file`` for the file).
``submission_write`` ``{assignment, name, code, claimed?}``
    A student's submission for ``assignment`` (object or text): ``{"type": "submission",
    "submission": <JSON>, "assignment_id", "name", "code", "task", "matches": true, "flag": null,
    "link_value" (for ``#submission=``), "file"}``. ``claimed`` is carried, never trusted.
``submission_read`` ``{text, assignment?}``
    Read a submission's link, value or file (its carried assignment validated, its
    ``assignment_id`` that assignment's id). With the teacher's ``assignment``, ``matches`` says
    whether it answers it, and ``flag`` says why not (a row to flag, not an error).
``assignment_grade`` ``{assignment, code_filename?, budget_ms?}``
    The judge, in the worker that runs no one's code (a request carrying ``heuristic_code`` or
    ``search_code`` is refused): a job stepped like ``solve``. Each progress answer has
    ``progress`` (``stage``, ``board``, ``boards``, ``asks``, ``waiting``, ``seconds``), ``waiting``
    and ``ask``: null, or what the code's side must answer, ``{id, kind, board, streams,
    request}``: send ``request`` with the code's field (``heuristic_code`` or ``search_code``) to
    the worker that runs the code, then ``step`` with ``"feed": {ask: id, ...its answer...,
    seconds: the page's clock, final}``, or ``"feed": {ask: id, error: message, seconds}`` when
    that worker failed (an error answer, a hang, a crash). A ``streams`` ask (kind
    ``check_values``, whose request is ``assignment_answer`` with ``kind: check``, a job) is fed
    each progress report's ``values_delta`` (``final: false``) and then the result's ``values``
    with ``stopped`` (``final: true``). The result is ``{"type": "grade", "grade":
    {assignment_id, task, score, passed_weight, total_weight, criteria: [{name, label, weight,
    verdict, sentence, sampled, evidence}], boards: [{index, tiles, nodes, manhattan_nodes,
    length, optimal, seconds, estimated, problem, ...}], stopped, seconds}}``. An error with field
    ``tables`` and ``need`` when a search task's optimal lengths beyond 9 cells need table files
    (fetch them and send it again); field ``feed`` for a feed of the wrong shape or for an ask never
    made. A feed for an earlier ask is ignored: when a progress answer's ``ask`` is null or has
    another id while the page still streams a ``check_values`` ask, the grader is done with it
    (it judged a failure, or has what it needs): cancel the code's job.
``assignment_answer`` ``{kind, size, goal?, time_limit?, boards?, board?, max_nodes?, heuristic_code?, heuristic_filename?, search_code?, search_filename?, budget_ms?}``
    The code's side, which judges nothing (a heuristic's kinds take ``heuristic_code``, a
    search's ``search_code``, as ``check`` and ``user_search`` do): ``kind: check``, h on every board of the check
    (``custom.check.check_boards``), a job answered exactly as ``check_values`` is (progress with
    ``values_delta`` after ``values_from``, the result ``{"type": "check_values", "values",
    "values_from", "total", "stopped", "seconds"}``); ``kind: values``, h on each of ``boards`` (lists of
    tiles, at most ``MAX_ASKED``) in order, ``{"type": "assignment_answer", "kind": "values",
    "values", "stopped", "seconds"}`` (``stopped``: ``time-limit`` with the values so far);
    ``kind: search``, the search's moves on ``board`` as returned, not replayed: ``{"kind":
    "search", "moves": [...] or null, "stopped", "expansions", "seconds"}``. Code that fails is an
    error with field ``heuristic_code`` or ``search_code`` as in ``check``; so is printing more
    than ``MAX_PRINTED`` characters (kind ``printed``).
``class_table`` ``{assignment, rows}``
    The class table of ``rows``, each ``{name, grade, flag, error}`` (``grade`` as
    ``assignment_grade`` answers it, or none with an ``error``; ``flag`` and ``error`` optional
    notes), at most ``class_max_rows``: ``{"type": "class_table", "header", "rows":
    [{name, verdicts: {criterion: verdict}, score, seconds, note}], "csv", "markdown"}``; each row's
    grade (``assignment_grade``'s) read again (verdicts of the assignment's criteria, a score from 0
    to 100), names kept from being spreadsheet formulas or Markdown. Errors: field ``rows``, ``key``
    the row.

Aliases (``OP_ALIASES``): an old name of an op, still answered, the same op under its old name
(the answer's ``op`` is the name sent). No link or saved file carries an op name (links carry
fields such as ``moves`` and ``view``), so an op is renamed only to tell it apart:

``analyse`` ``{board, goal?, size?, moves, notation?, undos?, times?, max_nodes?, time_limit?, position_seconds?, budget_ms?}``
    ``analyse_game`` (its name until issue 38: one letter from ``analyze``, which describes a board).
"""

from __future__ import annotations

import itertools
import json
import sys
from dataclasses import dataclass
from typing import Any, Callable, Generic, Sequence, TypeVar

from . import __version__
from .analysis import DEFAULT_NOTATION, MAX_GAME_MOVES, METHODS, NOTATIONS, SEARCH_CELLS, UNDO_CHOICES, GameAnalysis
from .answer import result_json
from .assign import CRITERIA, TASKS, AssignmentError, make_submission, read_assignment, read_assignment_text, read_submission_text
from .assign.answers import (
    MAX_ANSWER_MOVES,
    MAX_ASKED,
    MAX_PRINTED,
    QuietValues,
    heuristic_values,
    loaded_heuristic,
    loaded_search,
    search_moves,
)
from .assign.assignment import (
    DEFAULT_TIME_LIMIT as ASSIGNMENT_TIME_LIMIT,
    FORMAT as ASSIGNMENT_FORMAT,
    LIMITS as ASSIGNMENT_LIMITS,
    MAX_PACKED as ASSIGNMENT_PACKED,
    VERSION as ASSIGNMENT_VERSION,
    VERSIONS as ASSIGNMENT_VERSIONS,
    Assignment,
)
from .assign.request import read_answer_request
from .assign.grade import ASTAR_MAX_NODES, MAX_BATCH, PREFETCH_DEPTH, VERDICTS, Grading, NeedTables, ProtocolError
from .assign.link import PARAMETERS as ASSIGNMENT_PARAMETERS
from .assign.table import MAX_ROWS as CLASS_MAX_ROWS, class_table
from .assign.submission import (
    FORMAT as SUBMISSION_FORMAT,
    LIMITS as SUBMISSION_LIMITS,
    MAX_PACKED as SUBMISSION_PACKED,
    VERSION as SUBMISSION_VERSION,
    VERSIONS as SUBMISSION_VERSIONS,
)
from .board import DIRECTION_NAMES, GOAL_NAMES, MAX_SIDE, MIN_SIDE, Board
from .compare import COMPARE_MAX_NODES, COMPARE_TIME_LIMIT, Comparison
from .distance_table import exact_distance
from .explain import ExplainError, breakdown
from .custom.check import DEFAULT_TIME_LIMIT as CHECK_TIME_LIMIT, JudgedCheck
from .custom.heuristic import DEFAULT_FILENAME
from .custom.search import (
    DEFAULT_MAX_NODES as SEARCH_MAX_NODES,
    DEFAULT_SEARCH_FILENAME,
    DEFAULT_TIME_LIMIT as SEARCH_TIME_LIMIT,
)
from .custom import (
    SEARCH_TEMPLATE,
    SEARCH_TEMPLATE_FILENAME,
    TEMPLATE,
    TEMPLATE_FILENAME,
    HeuristicCheck,
    HeuristicValues,
    UserCodeError,
    heuristic_entry,
)
from .heuristics import HEURISTICS, heuristic_along, heuristic_applies
from .job import Job
from .request import (
    MOVES_TEXT,
    Caps,
    Fields,
    RequestError,
    flag_field,
    number_field,
    quote as _quote,
    read_analyse,
    read_boards,
    read_check,
    read_check_values,
    read_judge_check,
    read_compare,
    read_heuristic_code,
    read_new_board,
    read_prepare,
    read_random,
    read_solve,
    read_user_search,
    read_write_moves,
    read_move,
    read_replay,
    read_feed,
    refuse_missing,
    text_field,
    user_code_error,
)
from .search import (
    ALGORITHMS,
    DEFAULT_ALGORITHM,
    DEFAULT_TIME_LIMIT,
    DEFAULT_TREE_EXPANSIONS,
    MAX_TREE_CELLS,
    MAX_SAMPLES,
    MAX_TREE_EXPANSIONS,
    MAX_TREE_NODES,
    Limits,
    Search,
    Trace,
    default_heuristic,
)
from .search.preparation import TableLoading
from .search.result import EARLY_STOPS
from .solvability import explain_solvability
from .speed.all_optimal import ALL_OPTIMAL_MAX_CELLS, AllOptimal
from .speed.mtm import mtm_supported
from .speed.mtm_solve import METRIC_WORDS, METRICS, MTM_METHOD_WORDS, MtmSolve
from .speed.optimize import Optimize
from .speed.request import MAX_REPLAY_TEXT, read_all_optimal, read_move_action, read_optimize, slidysim_request

__all__ = ["RequestError", "handle", "handle_dict"]

MAX_NODES_CAP = 100_000_000
TIME_LIMIT_CAP = 3600.0
DEFAULT_BUDGET_MS = 30
MAX_TEXT = 10_000
CAPS = Caps(max_nodes=MAX_NODES_CAP, time_limit=TIME_LIMIT_CAP, text=MAX_TEXT)

LINK_LIMITS = {
    "moves": MOVES_TEXT,
    "times": 2 * MOVES_TEXT,
    "replay": MAX_REPLAY_TEXT,
    "code": MAX_TEXT,
    "packed": MAX_TEXT * 4 * 4 // 3 + 1024,
    "assignment": ASSIGNMENT_PACKED,
    "submission": SUBMISSION_PACKED,
}
"""The longest text a link's fields may carry, in characters, as the requests they become are
capped: a game's moves and times, a Slidysim replay, a person's code (and that code as a link
packs it: each character at most 4 bytes of UTF-8, deflated, which hardly grows what it cannot
shrink, in base64url, 4 characters for 3 bytes), and an assignment's and a submission's link values
(``assignment=``, ``submission=``: their JSON deflated in base64url, npuzzle/assign/link.py). A link is read before Python is loaded, so
the build writes these into the page's constants module (sitebuild/constants.py) as well as
``info`` giving them (``link``)."""
"""What the page may ask for at most."""
PAGE_MAX_SIDE = MAX_SIDE
"""The largest side the page offers in its size menus."""
HINT_LIMITS = Limits(max_nodes=5_000_000, time_limit=20.0)
"""The limits of the page's Hint button (an optimal search from the board shown)."""

J = TypeVar("J")
R = TypeVar("R")
Json = dict[str, Any]


@dataclass
class Told:
    """What the page has been told of one job so far: the web adapter's bookkeeping (WebJob's),
    never the job's own, so that each answer sends only what is new since the last."""

    best: object = None
    """The best solution last sent (an anytime search's, a shortening's), by identity."""
    trace_serial: int = -1
    """The newest trace sample sent (its serial number, Trace.after)."""
    trace_iterations: int = 0
    """The trace's iterations sent."""
    values: int = 0
    """h's values sent (a check's half that calls h)."""
    results: int = 0
    """A comparison's results sent."""
    game: bool = False
    """Whether an analysis's game was sent."""
    bounds: list[tuple[int | None, int | None]] | None = None
    """An analysis's bounds on each position's distance, as sent."""
    verdicts: list[str | None] | None = None
    """An analysis's verdict on each move, as sent."""


@dataclass(frozen=True)
class JobJson(Generic[J]):
    """What the page is told about one kind of job: the ``type`` of its last answer and
    that answer's keys (``result``), and a progress answer's keys (``progress``: the
    ``progress`` key and any other), each given the job and what the page was told of it
    so far (``Told``, which each updates). A new kind of job is one entry of ``JOB_JSON``."""

    type: str
    result: Callable[[J, Told], Json]
    progress: Callable[[J, Told], Json]


def _progress(job: Job[Any, Any], told: Told | None = None) -> Json:
    """The plain progress answer's keys: ``progress``, its JSON form (None before the first)."""
    progress = job.progress
    return {"progress": progress.to_dict() if progress is not None else None}


def _values_news(job: HeuristicValues, told: Told, out: dict[str, Any]) -> dict[str, Any]:
    """``out`` with the values h gave since the last answer: ``values_from`` (how many came
    before them) and ``values`` (a result's) or ``values_delta`` (a progress report's)."""
    before = told.values
    told.values = len(job.values)
    return {**out, "values_from": before, ("values" if job.done else "values_delta"): job.values[before:told.values]}


def _done(job: Job[Any, R]) -> R:
    """The result of a job that is done."""
    if job.result is None:  # pragma: no cover - a job that is done has its result
        raise RuntimeError(f"{type(job).__name__} is not done")
    return job.result


def _search_result(search: Search, told: Told) -> Json:
    """``result``, with the heuristic along its solution (``h_name``, ``h_path``)."""
    result = _done(search)
    out = result_json(result)
    if result.solved:
        out["h_name"], out["h_path"] = heuristic_along(result.start, result.goal, result.heuristic, result.tiles)
    return {"result": out}


def _search_progress(search: Search, told: Told) -> Json:
    """``progress``, with the trace's news (``trace_delta``) and an anytime search's better
    solution (``solution``) when there are some."""
    out = _progress(search)
    if search.trace is not None:
        out["trace_delta"] = _trace_news(search.trace, told)
    solution = _solution(search, told)
    if solution is not None:
        out["solution"] = solution
    return out


def _trace_news(trace: Trace, told: Told) -> Json:
    """The samples kept and the iterations recorded since the last answer (all of them the first
    time), with the stride: ``{"stride", "samples", "iterations"}``."""
    samples, told.trace_serial = trace.after(told.trace_serial)
    iterations = trace.iterations[told.trace_iterations:]
    told.trace_iterations = len(trace.iterations)
    return {"stride": trace.stride, "samples": [s.to_dict() for s in samples], "iterations": [i.to_dict() for i in iterations]}


def _comparison_progress(comparison: Comparison, told: Told) -> Json:
    """``progress``: the running pair's search progress, the pair, and the results finished
    since the last answer (``results_delta``, after the ``results_from`` sent before)."""
    p = comparison.progress
    if p is None:  # pragma: no cover - JobJson.progress is asked of a job that is not done
        return {"progress": None}
    before = told.results
    told.results = len(p.results)
    return {"progress": {
        **(p.search.to_dict() if p.search else {}),
        "pair": {"algorithm": p.algorithm, "heuristic": p.heuristic},
        "pairs_done": p.pairs_done, "pairs": p.pairs,
        "results_from": before, "results_delta": [result_json(r) for r in p.results[before:]],
    }}


def _analysis_result(analysis: GameAnalysis, told: Told) -> Json:
    """``analysis``: the result's JSON (the command line's), with the notation it was read
    in, the moves written in every notation, and the per-move table as CSV and Markdown."""
    result = _done(analysis)
    game = result.game
    return {"analysis": {
        **result.to_dict(),
        "written": {name: game.write(name) for name in NOTATIONS},
        "csv": result.to_csv(), "markdown": result.to_markdown(),
    }}


def _analysis_progress(analysis: GameAnalysis, told: Told) -> Json:
    """``progress``: the counts, and what changed since the last answer: ``changed``,
    ``[index, lower, upper]`` for each position whose bounds moved; ``marks``, ``[number,
    verdict]`` for each move whose verdict was decided; and, the first time only, ``game``: the
    game analysed (``tiles``, ``moves``: each tile's direction, ``undos``: whether each move
    undid the one before). Only these, so that a long game's progress stays small."""
    p = analysis.progress
    if p is None:
        return {"progress": None}
    out: Json = {key: value for key, value in p.to_dict().items() if key not in ("distances", "lower", "upper", "verdicts")}
    if not told.game:
        told.game = True
        game = analysis.game
        out["game"] = {"tiles": list(game.tiles), "moves": game.directions, "undos": list(game.undos())}
    bounds = told.bounds = told.bounds or [(None, None)] * len(p.lower)
    verdicts = told.verdicts = told.verdicts or [None] * len(p.verdicts)
    changed: list[list[int | None]] = []
    for i, now in enumerate(zip(p.lower, p.upper)):
        if now != bounds[i]:
            bounds[i] = now
            changed.append([i, now[0], now[1]])
    marks: list[list[int | str]] = []
    for n, said in enumerate(p.verdicts):
        if said is not None and said != verdicts[n]:
            verdicts[n] = said
            marks.append([n + 1, said])
    return {"progress": {**out, "changed": changed, "marks": marks}}


def _optimize_progress(job: Optimize, told: Told) -> Json:
    """``progress``, with the best solution since the last answer (``solution``) when there is one."""
    out = _progress(job)
    best = job.best
    if best is not None and best is not told.best:
        told.best = best
        out["solution"] = {"length": len(best[0]), "tiles": list(best[0]), "moves": best[1]}
    return out


JOB_JSON: dict[type, JobJson[Any]] = {
    MtmSolve: JobJson[MtmSolve]("result", lambda j, _: {"result": result_json(_done(j))}, _progress),
    AllOptimal: JobJson[AllOptimal]("all_optimal", lambda j, _: {"all_optimal": _done(j).to_dict()}, _progress),
    Optimize: JobJson[Optimize]("optimized", lambda j, _: {"optimized": _done(j).to_dict()}, _optimize_progress),
    Search: JobJson[Search]("result", _search_result, _search_progress),
    Comparison: JobJson[Comparison](
        "comparison", lambda c, _: {"results": [result_json(r) for r in _done(c)]}, _comparison_progress),
    HeuristicCheck: JobJson[HeuristicCheck]("check", lambda c, _: {"check": _done(c).to_dict()}, _progress),
    JudgedCheck: JobJson[JudgedCheck]("check", lambda c, _: {"check": _done(c).to_dict()},
                                      lambda c, _: {**_progress(c), "waiting": c.waiting}),
    HeuristicValues: JobJson[HeuristicValues]("check_values", lambda v, told: _values_news(v, told, _done(v).to_dict()),
                                              lambda v, told: {"progress": _values_news(v, told, _progress(v)["progress"] or {})}),
    QuietValues: JobJson[QuietValues]("check_values", lambda v, told: _values_news(v, told, _done(v).to_dict()),
                                      lambda v, told: {"progress": _values_news(v, told, _progress(v)["progress"] or {})}),
    TableLoading: JobJson[TableLoading](
        "prepared", lambda t, _: {"heuristic": _done(t).heuristic, "seconds": round(_done(t).seconds, 4)}, _progress),
    GameAnalysis: JobJson[GameAnalysis]("analysis", _analysis_result, _analysis_progress),
    Grading: JobJson[Grading]("grade", lambda g, _: {"grade": _done(g).to_dict()},
                              lambda g, _: {**_progress(g), "ask": g.ask_json(), "waiting": g.waiting}),
}
"""Each kind of job's JSON, by its class."""


class WebJob:
    """The one adapter between the page and any job: it steps it, cancels it, and answers
    what the page is told now, in the JSON of the job's kind (``JOB_JSON``)."""

    def __init__(self, job: Job[Any, Any]) -> None:
        self.job = job
        self.json = JOB_JSON[type(job)]
        self.told = Told()

    @property
    def done(self) -> bool:
        """Whether the job has ended (its next answer is its last)."""
        return self.job.done

    def step(self, budget: float) -> None:
        """Run the job for about ``budget`` seconds."""
        self.job.step(budget)

    def cancel(self) -> None:
        """Stop the job; its next answer is its last."""
        self.job.cancel()

    def answer(self, job_id: int) -> Json:
        """Progress (``{"type": "progress", "job", "progress", ...}``), or once done the last
        answer (``{"type": <the kind's>, "job", ...}``)."""
        if self.job.done:
            return {"type": self.json.type, "job": job_id, **self.json.result(self.job, self.told)}
        return {"type": "progress", "job": job_id, **self.json.progress(self.job, self.told)}


_jobs: dict[int, WebJob] = {}
_job_ids = itertools.count(1)


def _info(request: Fields) -> dict[str, Any]:
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
        "caps": {"max_nodes": CAPS.max_nodes, "time_limit": CAPS.time_limit},
        "link": dict(LINK_LIMITS),
        "stop_reasons": [reason.value for reason in EARLY_STOPS],
        "compare": {"max_nodes": COMPARE_MAX_NODES, "time_limit": COMPARE_TIME_LIMIT},
        "templates": {"heuristic": {"filename": TEMPLATE_FILENAME, "code": TEMPLATE},
                      "search": {"filename": SEARCH_TEMPLATE_FILENAME, "code": SEARCH_TEMPLATE}},
        "hint": {"max_nodes": HINT_LIMITS.max_nodes, "time_limit": HINT_LIMITS.time_limit},
        "user_search": {"max_nodes": SEARCH_MAX_NODES, "time_limit": SEARCH_TIME_LIMIT},
        "tree": {"max_cells": MAX_TREE_CELLS, "max_nodes": MAX_TREE_EXPANSIONS,
                 "default_max_nodes": DEFAULT_TREE_EXPANSIONS, "max_recorded_nodes": MAX_TREE_NODES},
        "trace": {"max_samples": MAX_SAMPLES},
        "all_optimal": {"max_cells": ALL_OPTIMAL_MAX_CELLS},
        "notations": [n.to_dict() for n in NOTATIONS.values()],
        "metrics": list(METRIC_WORDS),
        "mtm_methods": dict(MTM_METHOD_WORDS),
        "analysis": {"max_moves": MAX_GAME_MOVES, "undos": list(UNDO_CHOICES), "default_notation": DEFAULT_NOTATION,
                     "search_cells": SEARCH_CELLS, "methods": dict(METHODS)},
        "assignment": {
            "format": ASSIGNMENT_FORMAT, "version": ASSIGNMENT_VERSION, "versions": list(ASSIGNMENT_VERSIONS),
            "tasks": list(TASKS), "goals": list(GOAL_NAMES), "criteria": [c.to_dict() for c in CRITERIA.values()],
            "limits": dict(ASSIGNMENT_LIMITS), "default_time_limit": ASSIGNMENT_TIME_LIMIT,
            "parameters": list(ASSIGNMENT_PARAMETERS), "verdicts": list(VERDICTS), "class_max_rows": CLASS_MAX_ROWS,
            "grading": {"astar_max_nodes": ASTAR_MAX_NODES, "check_time_limit": CHECK_TIME_LIMIT,
                        "prefetch_depth": PREFETCH_DEPTH, "max_batch": MAX_BATCH, "search_max_nodes": SEARCH_MAX_NODES,
                        "max_asked": MAX_ASKED, "max_answer_moves": MAX_ANSWER_MOVES, "max_printed": MAX_PRINTED},
        },
        "submission": {"format": SUBMISSION_FORMAT, "version": SUBMISSION_VERSION,
                       "versions": list(SUBMISSION_VERSIONS), "limits": dict(SUBMISSION_LIMITS)},
    }


def _analyze(request: Fields) -> dict[str, Any]:
    boards = read_boards(request, CAPS)
    return _describe(boards.board, boards.goal)


def _goal(request: Fields) -> dict[str, Any]:
    _, _, goal = read_new_board(request, CAPS)
    return _describe(goal, goal)


def _random(request: Fields) -> dict[str, Any]:
    random = read_random(request, CAPS)
    return _describe(random.board(), random.goal)


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
            "metrics": [m for m in METRICS if m == "stm" or mtm_supported(board.rows, board.cols)],
        },
        "default_algorithm": DEFAULT_ALGORITHM,
        "default_heuristic": default_heuristic(board.rows, board.cols, goal.blank),
    }


def _solution(search: Search, told: Told) -> dict[str, Any] | None:
    """An anytime search's better solution since the last answer, once (else None)."""
    best = search.best
    if best is None or best is told.best:
        return None
    told.best = best
    tiles, moves = best
    h_name, h_path = heuristic_along(search.board, search.goal, search.heuristic, tiles)
    progress = search.progress
    return {
        "length": len(tiles), "tiles": list(tiles), "moves": moves,
        "lower_bound": progress.lower_bound if progress else None, "h_name": h_name, "h_path": h_path,
    }


def _begin(job: Job[Any, Any], budget: float, need: Sequence[str] = (), want: Sequence[str] = ()) -> dict[str, Any]:
    """Keep ``job``, run its first slice and answer; with the table files it waits for
    (``need``) and those it uses if they come (``want``), for the page to fetch, when any."""
    job_id = next(_job_ids)
    web = _jobs[job_id] = WebJob(job)
    _slice(job_id, web, budget)
    answer = _answer(job_id, web)
    if need:
        answer["need"] = list(need)
    if want:
        answer["want"] = list(want)
    return answer


def _slice(job_id: int, job: WebJob, budget: float) -> None:
    """Run a slice of ``job``. A person's heuristic that fails in it (raises, returns a
    non-int or a negative number) ends the job: RequestError, field ``heuristic_code``."""
    try:
        job.step(budget)
    except UserCodeError as exc:
        _jobs.pop(job_id, None)
        raise user_code_error(exc) from None


def _answer(job_id: int, job: WebJob) -> dict[str, Any]:
    """The job's answer; a finished job is forgotten."""
    if job.done:
        _jobs.pop(job_id, None)
    return job.answer(job_id)


def _compare(request: Fields) -> dict[str, Any]:
    comparison = read_compare(request, CAPS)
    return _begin(comparison, _budget(request))


def _all_optimal(request: Fields) -> dict[str, Any]:
    job = read_all_optimal(request, CAPS, fetching=True)
    budget = _budget(request)  # every field is checked before the job exists
    refuse_missing(job.missing_files(), f"the {job.heuristic} heuristic")
    return _begin(job, budget)


def _optimize(request: Fields) -> dict[str, Any]:
    job = read_optimize(request, CAPS, fetching=True)
    budget = _budget(request)  # every field is checked before the job exists
    return _begin(job, budget, need=job.missing_files())


def _slidysim(request: Fields) -> dict[str, Any]:
    return {"type": "replay", **slidysim_request(request, CAPS).to_dict()}


def _moves(request: Fields) -> dict[str, Any]:
    return {"type": "moves", **read_move_action(request, CAPS).to_dict()}


def _move(request: Fields) -> dict[str, Any]:
    boards, played = read_move(request, CAPS)
    return {**_describe(played.end, boards.goal), "moved": list(played.tiles), "moves": played.directions}


def _replay(request: Fields) -> dict[str, Any]:
    boards, played = read_replay(request, CAPS)
    board = boards.board
    answer = {"type": "replayed", "start": list(board.tiles), "goal": list(boards.goal.tiles), "rows": board.rows,
              "cols": board.cols, "tiles": list(played.tiles), "moves": played.directions,
              "end": list(played.end.tiles), "at_goal": played.end == boards.goal}
    if flag_field(request, "distance"):
        answer["distance"] = exact_distance(board, boards.goal)
    return answer


def _budget(request: Fields) -> float:
    return float(number_field(request, "budget_ms", DEFAULT_BUDGET_MS, 1000, whole=False)) / 1000


def _solve(request: Fields) -> dict[str, Any]:
    solve = read_solve(request, CAPS)
    budget = _budget(request)  # every field is checked before the job exists
    # An anytime search starts at once: it answers with a first solution while the
    # files it needs (in "need") are fetched, and waits for them before improving it.
    search, need = solve.start(fetching=True)
    return _begin(search, budget, need=need, want=solve.wanted(search, need))


def _analyse_game(request: Fields) -> dict[str, Any]:
    analyse = read_analyse(request, CAPS)
    budget = _budget(request)  # every field is checked before the job exists
    # On 4x4 the analysis starts at once and waits (progress with a stage) for the table
    # files it names in "need", which the worker fetches meanwhile.
    analysis = analyse.start(fetching=True)
    return _begin(analysis, budget, need=analysis.wanted_files)


def _write_moves(request: Fields) -> dict[str, Any]:
    game, notation = read_write_moves(request, CAPS)
    return {"type": "written", "text": game.write(notation), "notation": notation, "moves": game.moves}


def _check(request: Fields) -> dict[str, Any]:
    check = read_check(request, CAPS)
    return _begin(check, _budget(request))


def _check_values(request: Fields) -> dict[str, Any]:
    values = read_check_values(request, CAPS)
    return _begin(values, _budget(request))


def _judge_check(request: Fields) -> dict[str, Any]:
    budget = _budget(request)  # every field is checked before the job exists
    return _begin(read_judge_check(request, CAPS), budget)


def _user_search(request: Fields) -> dict[str, Any]:
    run = read_user_search(request, CAPS).run()
    return {"type": "user_search", "result": run.to_dict()}


def _prepare(request: Fields) -> dict[str, Any]:
    name, rows, cols, goal = read_prepare(request, CAPS)
    budget = _budget(request)  # every field is checked before the job exists
    return _begin(TableLoading(name, rows, cols, goal.blank), budget)


def _job(request: Fields) -> tuple[int, WebJob]:
    job_id = request.get("job")
    if isinstance(job_id, bool) or not isinstance(job_id, int):
        raise RequestError("job", f"job must be a job number, not {_quote(job_id)}")
    job = _jobs.get(job_id)
    if job is None:
        raise RequestError("job", f"there is no running job {_quote(job_id)}")
    return job_id, job


def _step(request: Fields) -> dict[str, Any]:
    job_id, job = _job(request)
    budget = _budget(request)
    if request.get("feed") is not None:
        _feed(job, request["feed"])
    _slice(job_id, job, budget)
    return _answer(job_id, job)


def _feed(job: WebJob, fed: Any) -> None:
    """What a step brings a job that takes more as it runs (a judged check: h's values, ``{values,
    final, stopped?, seconds?}``); RequestError with field ``feed`` otherwise."""
    check = job.job
    if isinstance(check, Grading):
        try:
            check.feed(fed)  # an answer to an ask it no longer waits for is ignored
        except ProtocolError as exc:
            raise RequestError("feed", str(exc)) from None
        return
    if not isinstance(check, JudgedCheck):
        raise RequestError("feed", "only a judge_check started with more: true, or an assignment_grade, takes "
                                   "answers as it runs")
    feed = read_feed(fed)
    try:
        check.feed(feed.values, feed.final, feed.stopped, feed.seconds)
    except ValueError as exc:
        raise RequestError("feed", str(exc)) from None


def _cancel(request: Fields) -> dict[str, Any]:
    job_id, job = _job(request)
    job.cancel()
    return _answer(job_id, job)


def _assignment_error(exc: AssignmentError, field: str) -> RequestError:
    """An assignment or submission that cannot be read: the request's ``field``, with ``key``
    naming the part of its JSON that is wrong (``criteria[1].max_mean``)."""
    return RequestError(field, exc.message, key=exc.field)


def _assignment_field(request: Fields, field: str = "assignment") -> Assignment:
    """The assignment of a request's ``field``: its JSON object, or text (a link, a link's
    ``assignment=`` value, or its file's JSON)."""
    value = request.get(field)
    if value is None:
        raise RequestError(field, f"{field} is missing: an assignment's JSON object, link or file text")
    try:
        return read_assignment(value) if isinstance(value, dict) else read_assignment_text(value)
    except AssignmentError as exc:
        raise _assignment_error(exc, field) from None


def _assignment_read(request: Fields) -> dict[str, Any]:
    text = request.get("text")
    if text is None and isinstance(request.get("assignment"), dict):
        return {"type": "assignment", **_assignment_field(request).summary()}
    if not isinstance(text, str):
        raise RequestError("text", "text must be an assignment's link, its assignment= value or its file's text")
    try:
        assignment = read_assignment_text(text)
    except AssignmentError as exc:
        raise _assignment_error(exc, "text") from None
    return {"type": "assignment", **assignment.summary()}


def _assignment_write(request: Fields) -> dict[str, Any]:
    if not isinstance(request.get("assignment"), dict):
        raise RequestError("assignment", "assignment must be the assignment's JSON object")
    return {"type": "assignment", **_assignment_field(request).summary()}


def _submission_write(request: Fields) -> dict[str, Any]:
    assignment = _assignment_field(request)
    try:
        submission = make_submission(assignment, request.get("name"), request.get("code"), request.get("claimed"))
    except AssignmentError as exc:
        raise _assignment_error(exc, exc.field if exc.field in ("name", "code", "claimed") else "assignment") from None
    return {"type": "submission", **submission.summary(assignment)}


def _submission_read(request: Fields) -> dict[str, Any]:
    text = request.get("text")
    if not isinstance(text, str):
        raise RequestError("text", "text must be a submission's link, its submission= value or its file's text")
    teacher = _assignment_field(request) if request.get("assignment") is not None else None
    try:
        submission = read_submission_text(text)
    except AssignmentError as exc:
        raise _assignment_error(exc, "text") from None
    return {"type": "submission", **submission.summary(teacher)}


def _assignment_grade(request: Fields) -> dict[str, Any]:
    for field in ("heuristic_code", "search_code"):
        if request.get(field) is not None:
            raise RequestError(field, "the judge never takes code: send the code's side's requests (each ask's "
                                      "request) to the worker that runs it, and their answers here as feeds")
    assignment = _assignment_field(request)
    default = DEFAULT_FILENAME if assignment.task == "heuristic" else DEFAULT_SEARCH_FILENAME
    filename = text_field(request, "code_filename", CAPS, default)
    budget = _budget(request)  # every field is checked before the job exists
    try:
        grading = Grading(assignment, filename)
    except NeedTables as exc:
        refuse_missing(exc.need, "grading's optimal solver")
    return _begin(grading, budget)


def _class_table(request: Fields) -> dict[str, Any]:
    assignment = _assignment_field(request)
    try:
        table = class_table(assignment, request.get("rows"))
    except AssignmentError as exc:
        raise _assignment_error(exc, "rows") from None
    return {"type": "class_table", **table.to_dict()}


def _answering_code(request: Fields, kind: str) -> Any:
    """The request's ``<kind>_code`` loaded (kept for the next round of the same text,
    answers.py's ``loaded_heuristic``); RequestError with field ``<kind>_code`` as ``check`` says."""
    field = f"{kind}_code"
    if request.get(field) is None:
        what = "h" if kind == "heuristic" else "search(problem)"
        raise RequestError(field, f"{field} is missing: the text of a file that defines {what}")
    text = text_field(request, field, CAPS)
    default = DEFAULT_FILENAME if kind == "heuristic" else DEFAULT_SEARCH_FILENAME
    filename = text_field(request, f"{kind}_filename", CAPS, default)
    try:
        return loaded_heuristic(text, filename) if kind == "heuristic" else loaded_search(text, filename)
    except UserCodeError as exc:
        raise user_code_error(exc) from None


def _assignment_answer(request: Fields) -> dict[str, Any]:
    asked = read_answer_request(request, CAPS)
    if asked.kind == "check":
        budget = _budget(request)
        return _begin(QuietValues(_answering_code(request, "heuristic"), asked.goal, asked.time_limit), budget)
    code = _answering_code(request, asked.code_kind)
    try:
        if asked.kind == "values":
            answer = heuristic_values(code, asked.goal, asked.boards, asked.time_limit).to_dict()
        else:
            assert asked.start is not None
            answer = search_moves(code, asked.start, asked.goal, asked.max_nodes, asked.time_limit).to_dict()
    except UserCodeError as exc:
        raise user_code_error(exc) from None
    return {"type": "assignment_answer", **answer}


def _breakdown(request: Fields) -> dict[str, Any]:
    boards = read_boards(request, CAPS)
    user = read_heuristic_code(request, CAPS)
    if user is None:
        name = text_field(request, "heuristic", CAPS)
        try:
            return breakdown(boards.board, boards.goal, name)
        except ExplainError as exc:
            raise RequestError(exc.field, exc.message, **exc.details) from None
    try:  # a person's heuristic: its entry, as the searches take it
        return breakdown(boards.board, boards.goal, heuristic_entry(user, boards.goal))
    except UserCodeError as exc:
        raise user_code_error(exc) from None


_OPS = {"prepare": _prepare, "info": _info, "analyze": _analyze, "goal": _goal, "random": _random, "move": _move, "replay": _replay, "compare": _compare, "solve": _solve, "step": _step, "cancel": _cancel, "breakdown": _breakdown,
        "check": _check, "check_values": _check_values, "judge_check": _judge_check, "user_search": _user_search, "analyse_game": _analyse_game, "write_moves": _write_moves,
        "all_optimal": _all_optimal, "optimize": _optimize, "moves": _moves, "slidysim": _slidysim,
        "assignment_read": _assignment_read, "assignment_write": _assignment_write, "submission_read": _submission_read,
        "submission_write": _submission_write, "assignment_grade": _assignment_grade,
        "assignment_answer": _assignment_answer, "class_table": _class_table}
OP_ALIASES = {"analyse": "analyse_game"}
"""Old names still answered, each the op it names now (the module's docstring, Aliases)."""
_OPS.update({alias: _OPS[op] for alias, op in OP_ALIASES.items()})


def handle_dict(request: Any) -> dict[str, Any]:
    """``handle`` on an already-decoded request; never raises for bad input."""
    if not isinstance(request, dict):
        return _error("request", "a request must be a JSON object")
    op = request.get("op")
    if not isinstance(op, str) or op not in _OPS:
        return _error("op", f"unknown op {_quote(op)}: use one of {', '.join(o for o in _OPS if o not in OP_ALIASES)}")
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
