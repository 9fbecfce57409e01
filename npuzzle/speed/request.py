"""The speed-solver's requests, read once for both front doors (as npuzzle/request.py reads the
others): every shortest solution, a solution shortened, a move string transformed.

Each reader refuses a request with a ``RequestError`` naming its field, in one sentence.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from ..analysis import MAX_GAME_MOVES, GameError, NOTATIONS, get_notation, read_moves
from ..analysis.game import Game, game_from_moves
from ..analysis.notation import NotationError, WrittenMove, write_moves
from ..board import Board
from ..request import (
    Caps, Fields, NO_CAPS, RequestError, flag_field, game_error, number_field, quote, read_boards, read_limits, read_played,
    text_field,
)
from ..search.result import DEPTH_FIRST_MAX_NODES, DEFAULT_TIME_LIMIT
from .all_optimal import DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, AllOptimal, AllOptimalError
from .metrics import invert, mirror_moves, mtm_length, simplify
from .optimize import DEFAULT_OPTIMIZE_SECONDS, Optimize, OptimizeError
from .slidysim import Replay, ReplayError, read_replay, write_replay_file, write_replay_link, write_scramble
from .timing import Timing, TimingError, gaps_of, read_gaps

MAX_REPLAY_TEXT = 200_000
"""The longest replay text read (slidysim.py refuses more)."""

__all__ = ["MOVE_ACTIONS", "SLIDYSIM_ACTIONS", "MoveAnswer", "ReplayAnswer", "read_replay_request", "slidysim_request", "write_replay_request", "mirror_board", "mirror_goal", "read_all_optimal", "read_move_action", "read_optimize"]

MOVE_ACTIONS = {
    "invert": "the moves that undo them (reversed, each the opposite way)",
    "mirror": "the board reflected in its main diagonal and the moves with it (U and L swap, D and R swap)",
    "simplify": "every slide a later one undoes taken out with it",
    "convert": "the same moves written in another notation (--to)",
}
"""What the ``moves`` command and op do, by name."""


def read_all_optimal(fields: Fields, caps: Caps = NO_CAPS, fetching: bool = False) -> AllOptimal:
    """Every shortest solution of the boards: ``limit`` (how many to keep and list, default
    100), ``max_nodes`` and ``time_limit``. RequestError for a board too large (field
    ``board``) or a limit out of range."""
    boards = read_boards(fields, caps)
    for key in ("algorithm", "heuristic", "heuristic_code"):
        if fields.get(key) is not None:
            raise RequestError(key, f"every shortest solution is found by IDA* with the strongest heuristic for the "
                                    f"board: leave the {key.replace('_', ' ')} out")
    limit = int(number_field(fields, "limit", DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, whole=True))
    limits = read_limits(fields, DEPTH_FIRST_MAX_NODES, DEFAULT_TIME_LIMIT, caps)
    try:
        return AllOptimal(boards.board, boards.goal, limits, limit, fetching=fetching)
    except AllOptimalError as exc:
        raise RequestError(exc.field, str(exc)) from None


def read_optimize(fields: Fields, caps: Caps = NO_CAPS, fetching: bool = False) -> Optimize:
    """A solution to shorten: the game (``board``, ``moves``, ``notation``: as an analysis reads
    it), ``time_limit`` (5 s by default) and ``max_nodes``. RequestError naming ``moves`` for
    moves that cannot be read or played or do not end on the goal."""
    game, _ = read_played(fields, caps)
    limits = read_limits(fields, DEPTH_FIRST_MAX_NODES, DEFAULT_OPTIMIZE_SECONDS, caps)
    try:
        return Optimize(game.start, game.goal, game, time_limit=limits.time_limit, max_nodes=limits.max_nodes,
                        fetching=fetching)
    except OptimizeError as exc:
        raise RequestError(exc.field, str(exc)) from None
    except GameError as exc:
        raise game_error(exc) from None


@dataclass(frozen=True)
class MoveAnswer:
    """A move string transformed: the moves (this page's letters) written in ``notation``, both
    lengths, and the board they start from when one was given (mirrored for ``mirror``)."""

    action: str
    text: str
    notation: str
    moves: str
    board: Board | None
    goal: Board | None
    solves: bool | None

    def to_dict(self) -> dict[str, object]:
        return {
            "action": self.action, "text": self.text, "notation": self.notation, "moves": self.moves,
            "stm": len(self.moves), "mtm": mtm_length(self.moves),
            "board": self.board.to_string() if self.board else None,
            "rows": self.board.rows if self.board else None, "cols": self.board.cols if self.board else None,
            "goal": self.goal.to_string() if self.goal else None, "solves": self.solves,
        }


def _notation(fields: Fields, key: str, caps: Caps, default: str | None) -> str:
    name = text_field(fields, key, caps) if fields.get(key) is not None or default is None else default
    try:
        return get_notation(name).name
    except NotationError as exc:
        raise RequestError(key, str(exc)) from None


def read_move_action(fields: Fields, caps: Caps = NO_CAPS) -> MoveAnswer:
    """``action`` (invert, mirror, simplify or convert) applied to ``moves`` written in
    ``notation`` (required), written in ``to`` (default: the same notation). With a ``board``
    the moves are played on it (an illegal one refused with its number and the board before);
    without one, only letter notations can be read or written (tile numbers need the board)."""
    action = text_field(fields, "action", caps)
    if action not in MOVE_ACTIONS:
        raise RequestError("action", f"unknown action {quote(action)}: choose one of {', '.join(MOVE_ACTIONS)}")
    if fields.get("notation") is None:
        raise RequestError("notation", f"notation is missing: say how the moves are written, one of {', '.join(NOTATIONS)}")
    notation = _notation(fields, "notation", caps, None)
    to = _notation(fields, "to", caps, notation)
    if fields.get("board") is not None:
        game, _ = read_played({**fields, "notation": notation}, caps)
        return _transformed(action, game, to)
    for key in ("goal", "size"):
        if fields.get(key) is not None:
            raise RequestError(key, f"a {key} is of the board the moves are played on: give the board too, or leave "
                                    f"the {key} out")
    if "numbers" in (notation, to):
        field = "notation" if notation == "numbers" else "to"
        raise RequestError(field, "tile numbers need the board the moves are played on: give the board too")
    text = text_field(fields, "moves", caps)
    try:
        directions = "".join(m.direction or "" for m in read_moves(text, notation))
    except GameError as exc:
        raise game_error(exc) from None
    moves = _apply(action, directions)
    return MoveAnswer(action, write_moves((), moves, to), to, moves, None, None, None)


def _apply(action: str, directions: str) -> str:
    if action == "invert":
        return invert(directions)
    if action == "mirror":
        return mirror_moves(directions)
    if action == "simplify":
        return simplify(directions)
    return directions


def _transformed(action: str, game: Game, to: str) -> MoveAnswer:
    """The action on a game played on its board: the moves, and the board they start from."""
    if action == "invert":
        start, goal = game.end, game.start
    elif action == "mirror":
        start, goal = mirror_board(game.start, game.goal), mirror_goal(game.goal)
    else:
        start, goal = game.start, game.goal
    moves = _apply(action, game.directions)
    try:
        out = game_from_moves(start, goal, [_letter(m) for m in moves])
    except GameError as exc:  # pragma: no cover - each action's moves are legal where they start
        raise RuntimeError(f"{action} gave moves illegal on their board: {exc}") from None
    return MoveAnswer(action, write_moves(out.tiles, out.directions, to), to, out.directions, start, goal,
                      out.solved if game.solved or action == "invert" else None)


def _letter(direction: str) -> WrittenMove:
    return WrittenMove(direction, None, 0, direction)


def mirror_goal(goal: Board) -> Board:
    """The goal on the board reflected in its main diagonal: the same named goal of the
    transposed shape, or a custom goal transposed."""
    name = goal.goal_name()
    if name is not None:
        return Board.goal(goal.cols, goal.rows, name)
    return _transpose(goal, {t: t for t in goal.tiles})


def mirror_board(board: Board, goal: Board) -> Board:
    """``board`` reflected in its main diagonal, each tile renamed as the tile whose goal cell
    is its goal cell's reflection, so that the goal reflected is the goal again."""
    mirrored_goal = mirror_goal(goal)
    rows, cols = goal.rows, goal.cols
    rename: dict[int, int] = {}
    for cell, tile in enumerate(goal.tiles):
        r, c = divmod(cell, cols)
        rename[tile] = mirrored_goal.tiles[c * rows + r]
    return _transpose(board, rename)


def _transpose(board: Board, rename: dict[int, int]) -> Board:
    rows, cols = board.rows, board.cols
    tiles = [0] * board.size
    for cell, tile in enumerate(board.tiles):
        r, c = divmod(cell, cols)
        tiles[c * rows + r] = rename[tile]
    return Board(cols, rows, tuple(tiles))


@dataclass(frozen=True)
class ReplayAnswer:
    """A Slidysim replay read: its board (Slidysim's goal is blank-last), its moves (this page's
    letters) and their gaps, or a game written as a replay link."""

    replay: Replay

    def to_dict(self) -> dict[str, object]:
        r = self.replay
        board = r.board
        return {
            "board": board.to_string(), "rows": board.rows, "cols": board.cols, "size": f"{board.rows}x{board.cols}",
            "goal": "blank-last", "moves": r.moves, "solution": r.solution, "stm": len(r.moves),
            "mtm": mtm_length(r.moves), "times": Timing(gaps_of(r.times)).text() if r.times is not None else None,
            "time_ms": r.time, "tps": r.tps, "solved": r.solved, "scramble": write_scramble(board),
            "link": write_replay_link(r), "file": write_replay_file(r),
        }


SLIDYSIM_ACTIONS = ("read", "write")
"""What the ``slidysim`` op does, by its ``action``."""


def slidysim_request(fields: Fields, caps: Caps = NO_CAPS) -> ReplayAnswer:
    """A Slidysim replay read (``action`` ``read``: ``read_replay_request``) or written
    (``write``: ``write_replay_request``); RequestError naming ``action`` for any other."""
    action = fields.get("action")
    if action == "read":
        return read_replay_request(fields, caps)
    if action == "write":
        return write_replay_request(fields, caps)
    choose = " or ".join(SLIDYSIM_ACTIONS)
    if action is None:
        raise RequestError("action", f"action is missing: choose {choose}")
    raise RequestError("action", f"unknown action {quote(action)}: choose {choose}")


def read_replay_request(fields: Fields, caps: Caps = NO_CAPS) -> ReplayAnswer:
    """A Slidysim replay (``text``: its link, the link's query or ``r`` value, or a replay file's
    text) read; RequestError naming ``text`` with what is wrong (and ``move`` and ``board`` for an
    illegal move)."""
    text = text_field(fields, "text", replace(caps, text=MAX_REPLAY_TEXT) if caps.text is not None else caps)
    try:
        replay = read_replay(text)
    except ReplayError as exc:
        raise _replay_error(exc, "text") from None
    if flag_field(fields, "analyse") and len(replay.moves) > MAX_GAME_MOVES:
        raise RequestError("text", f"the replay's solve has {len(replay.moves):,} moves: at most "
                                   f"{MAX_GAME_MOVES:,} can be analysed", limit=MAX_GAME_MOVES)
    return ReplayAnswer(replay)


def write_replay_request(fields: Fields, caps: Caps = NO_CAPS) -> ReplayAnswer:
    """A game (``board``, ``moves``, ``notation``, as an analysis reads it; optional ``times``,
    the gaps as an analysis takes them) written as a Slidysim replay. Slidysim's puzzles end
    blank-last: another goal is refused (field ``goal``)."""
    game, _ = read_played(fields, caps)
    if game.goal != Board.goal(game.goal.rows, game.goal.cols):
        raise RequestError("goal", "Slidysim's puzzles are solved with the blank last: a replay of a game toward "
                                   "another goal would be read as another game")
    if not game.moves:
        raise RequestError("moves", "the game has no moves: a replay needs at least one")
    times = None
    if fields.get("times") is not None:
        try:
            gaps = read_gaps(text_field(fields, "times", replace(caps, text=MAX_REPLAY_TEXT) if caps.text is not None else caps),
                             game.moves).gaps
        except TimingError as exc:
            raise RequestError("times", str(exc)) from None
        times = tuple(itertools.accumulate(gaps))
    try:
        return ReplayAnswer(Replay(game.start, game.directions, times))
    except ReplayError as exc:
        raise _replay_error(exc, {"scramble": "board", "solution": "moves", "times": "times"}.get(exc.field, "moves")) from None


def _replay_error(exc: ReplayError, field: str) -> RequestError:
    """A replay refused, as a request's error naming ``field`` (``part``: the replay's part at fault)."""
    details: dict[str, object] = {"part": exc.field}
    if exc.move is not None:
        details["move"] = exc.move
    if exc.board is not None:
        details["board"] = list(exc.board)
    return RequestError(field, str(exc), **details)
