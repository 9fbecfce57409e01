"""What the analysis of a game answers: per position, per move, the totals, and its progress.

A position's distance to the goal is a pair of bounds, ``lower`` and ``upper``; it is
**exact** when they are equal (always, on boards up to 9 cells; on 4x4 unless a limit
stopped the analysis first). A move's verdict follows from the distances before and after
it: every move changes the distance by exactly one, so a move is ``optimal`` (the distance
drops by one) or a ``mistake`` (it rises by one: two moves lost); ``unknown`` when the bounds
do not tell. The JSON forms (``to_dict``) have stable keys: the command line's ``--json``,
the web API and the page read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..board import Tiles
from ..search.result import StopReason
from ..speed.timing import Timing
from .game import Game
from .notation import DEFAULT_NOTATION

OPTIMAL = "optimal"
MISTAKE = "mistake"
UNKNOWN = "unknown"
VERDICTS = (OPTIMAL, MISTAKE, UNKNOWN)
LOST_BY_A_MISTAKE = 2
"""Moves a mistake costs: the distance rises by one instead of dropping by one."""


def _moves(count: int) -> str:
    return f"{count} move{'s' if count != 1 else ''}"


def _bounds(position: PositionAnalysis) -> str:
    """A position's distance in words: exact, or its bounds (``40-46``, ``>= 40``)."""
    if position.exact:
        return str(position.distance)
    if position.lower is None:
        return ""
    return f"{position.lower}-{position.upper}" if position.upper is not None else f">= {position.lower}"


def verdict(before: tuple[int | None, int | None], after: tuple[int | None, int | None]) -> str:
    """A move's verdict from the bounds (lower, upper) on the distance before and after it:
    optimal when the distance after is surely below the one before, a mistake when surely
    above, else unknown (a move changes the distance by exactly one).

    >>> verdict((20, 20), (19, 19)), verdict((20, 20), (21, 21)), verdict((18, 24), (17, 25))
    ('optimal', 'mistake', 'unknown')
    """
    (lo_before, up_before), (lo_after, up_after) = before, after
    if up_after is not None and lo_before is not None and up_after < lo_before:
        return OPTIMAL
    if lo_after is not None and up_before is not None and lo_after > up_before:
        return MISTAKE
    return UNKNOWN


@dataclass(frozen=True)
class PositionAnalysis:
    """One position of the game (the start is position 0; position ``i`` follows move
    ``i``): bounds on its distance, the moves that lower it, and a shortest way to finish."""

    index: int
    board: Tiles
    lower: int | None
    """A proven lower bound on the distance (None before anything is known)."""
    upper: int | None
    """A proven upper bound: a path that long is known (None without one)."""
    best: tuple[int, ...] | None = None
    """The tiles whose move lowers the distance (every one of them), when known; empty at the goal."""
    best_directions: str = ""
    """The direction each of ``best`` slides (this page's letters), in the same order."""
    finish: tuple[int, ...] | None = None
    """A shortest solution from here (the tiles moved), when the distance is exact."""
    finish_directions: str = ""

    @property
    def exact(self) -> bool:
        """Whether the distance is known exactly."""
        return self.lower is not None and self.lower == self.upper

    @property
    def distance(self) -> int | None:
        """The distance to the goal, when known exactly."""
        return self.lower if self.exact else None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "index": self.index,
            "board": list(self.board),
            "distance": self.distance,
            "exact": self.exact,
            "lower": self.lower,
            "upper": self.upper,
            "best": None if self.best is None else list(self.best),
            "best_moves": None if self.best is None else self.best_directions,
            "finish": None if self.finish is None else list(self.finish),
            "finish_moves": None if self.finish is None else self.finish_directions,
        }


@dataclass(frozen=True)
class MoveAnalysis:
    """One move of the game (numbered from 1): from position ``number - 1`` to ``number``."""

    number: int
    tile: int
    direction: str
    """The direction the tile slid (this page's letters)."""
    undo: bool
    """Whether it undid the move before it (slid the same tile back)."""
    verdict: str
    """``optimal``, ``mistake`` or ``unknown``."""
    before: int | None
    """The distance before the move, when exact."""
    after: int | None
    """The distance after it, when exact."""

    @property
    def lost(self) -> int | None:
        """Moves lost: 0 for an optimal move, 2 for a mistake, None when unknown."""
        return {OPTIMAL: 0, MISTAKE: LOST_BY_A_MISTAKE}.get(self.verdict)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"number": self.number, "tile": self.tile, "move": self.direction, "undo": self.undo,
                "verdict": self.verdict, "lost": self.lost, "before": self.before, "after": self.after}


@dataclass(frozen=True)
class AnalysisProgress:
    """How far an analysis has got: the distances known so far, position by position."""

    stage: str
    """What it is doing, in words (building the table, loading tables, solving the start,
    the positions, ...)."""
    positions: int
    """Positions in the game (moves + 1)."""
    done: int
    """Positions finished (distance and best moves), counted from the start."""
    lower: tuple[int | None, ...]
    upper: tuple[int | None, ...]
    verdicts: tuple[str | None, ...]
    """Per move: its verdict once its two positions are finished, else None."""
    expanded: int
    """Nodes the searches expanded so far."""
    states: int = 0
    """While a distance table is built: the states it has found so far (of ``total_states``)."""
    total_states: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "stage": self.stage,
            "positions": self.positions,
            "done": self.done,
            "distances": [lo if lo is not None and lo == up else None for lo, up in zip(self.lower, self.upper)],
            "lower": list(self.lower),
            "upper": list(self.upper),
            "verdicts": list(self.verdicts),
            "expanded": self.expanded,
            "states": self.states,
            "total_states": self.total_states,
            "seconds": round(self.seconds, 4),
        }


@dataclass(frozen=True)
class AnalysisResult:
    """The analysis of one game: every position and move, and the totals speed-solvers use."""

    game: Game
    """The game analysed: as played, or without its undone moves (``undos``)."""
    undos: str
    """``as-played`` or ``without-undos``: which game was analysed."""
    played_moves: int
    """Moves of the game as played (``game.moves`` is fewer when undone moves were taken out)."""
    method: str
    """How the distances were found: ``table``, ``search`` or ``bounds`` (distances.py)."""
    heuristic: str | None
    """The searches' heuristic (None for a table)."""
    positions: tuple[PositionAnalysis, ...]
    moves: tuple[MoveAnalysis, ...]
    stopped: str | None
    """None when it ran to the end, else ``time-limit``, ``node-limit`` or ``cancelled``."""
    expanded: int
    seconds: float
    position_seconds: float | None = None
    """The bounds method: the time each position's search was given."""
    missing_files: tuple[str, ...] = field(default=())
    """Table files the strongest heuristic needed but did not have (a weaker one served)."""
    notation: str = DEFAULT_NOTATION
    """How the game's moves were written (notation.py's name)."""
    timing: Timing | None = None
    """The time each move as played took, when the game came with times (a replay's)."""

    @property
    def exact(self) -> bool:
        """Whether every position's distance is exact."""
        return all(p.exact for p in self.positions)

    @property
    def complete(self) -> bool:
        """Whether the analysis ran to its end with every distance exact."""
        return self.stopped is None and self.exact

    @property
    def optimal_length(self) -> int | None:
        """The start's distance (the fewest moves that solve it), when exact."""
        return self.positions[0].distance

    @property
    def mistakes(self) -> int:
        """Moves proven to be mistakes."""
        return sum(1 for m in self.moves if m.verdict == MISTAKE)

    @property
    def optimal_moves(self) -> int:
        """Moves proven optimal."""
        return sum(1 for m in self.moves if m.verdict == OPTIMAL)

    @property
    def unknown_moves(self) -> int:
        """Moves whose verdict the bounds do not tell."""
        return sum(1 for m in self.moves if m.verdict == UNKNOWN)

    @property
    def excess(self) -> int | None:
        """Moves beyond the fewest that get from the start to where the game ends (two per
        mistake): ``moves - (start distance - end distance)``; for a solved game, the moves
        beyond the optimal length. None unless both distances are exact."""
        start, end = self.positions[0].distance, self.positions[-1].distance
        if start is None or end is None:
            return None
        return self.game.moves - (start - end)

    def position(self, index: int) -> PositionAnalysis:
        """Position ``index`` (0: the start)."""
        return self.positions[index]

    def summary(self, stopped: bool = True) -> str:
        """The totals in one sentence, and, when ``stopped`` and a limit or a cancel ended the
        analysis, what stopped it (the JSON's ``summary`` leaves that to its ``stopped`` key).

        >>> from npuzzle.board import Board
        >>> from npuzzle.analysis import analyse_game, read_game
        >>> analyse_game(read_game(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), Board.goal(3, 3), "LRLL")).summary()
        '4 moves (3 in the multi-tile metric) from a start 2 moves from the goal: 1 mistake, 2 moves lost; 3 optimal moves.'
        """
        game = self.game
        start = self.positions[0]
        if start.exact:
            where = f"a start {_moves(start.distance or 0)} from the goal"
        else:
            where = f"a start {start.lower} to {start.upper if start.upper is not None else '?'} moves from the goal"
        parts = [f"{_moves(game.moves)} ({game.multi_tile_moves} in the multi-tile metric) from {where}"]
        verdicts = [f"{self.mistakes} mistake{'s' if self.mistakes != 1 else ''}"]
        if self.excess is not None:
            verdicts.append(f"{_moves(self.excess)} lost")
        tail = f"{self.optimal_moves} optimal move{'s' if self.optimal_moves != 1 else ''}"
        if self.unknown_moves:
            tail += f", {self.unknown_moves} not decided (bounds only)"
        stop = f" Stopped by {StopReason(self.stopped).stopped_by('you')}." if self.stopped and stopped else ""
        return f"{parts[0]}: {', '.join(verdicts)}; {tail}.{stop}"

    def rows(self) -> list[dict[str, object]]:
        """The per-move table: one row per move (the position before it, the move, its verdict)."""
        out = []
        for move in self.moves:
            before = self.positions[move.number - 1]
            out.append({
                "number": move.number, "tile": move.tile, "move": move.direction, "undo": move.undo,
                "before": _bounds(before), "after": _bounds(self.positions[move.number]), "verdict": move.verdict,
                "lost": move.lost, "best": before.best_directions if before.best is not None else None,
            })
        return out

    def to_csv(self) -> str:
        """The per-move table as CSV (a header line, then one line per move)."""
        header = ["number", "tile", "move", "undo", "before", "after", "verdict", "lost", "best"]
        lines = [",".join(header)]
        for row in self.rows():
            lines.append(",".join("" if row[k] is None else str(row[k]).lower() if isinstance(row[k], bool)
                                  else str(row[k]) for k in header))
        return "\n".join(lines) + "\n"

    def to_markdown(self) -> str:
        """The per-move table in Markdown, after the summary."""
        lines = [self.summary(), "", "| # | tile | move | distance before | after | verdict | lost | best moves |",
                 "| ---: | ---: | --- | ---: | ---: | --- | ---: | --- |"]
        for row in self.rows():
            undo = " (undo)" if row["undo"] else ""
            lines.append(f"| {row['number']} | {row['tile']} | {row['move']}{undo} | {row['before']} | {row['after']} | "
                         f"{row['verdict']} | {'' if row['lost'] is None else row['lost']} | {row['best'] or ''} |")
        return "\n".join(lines) + "\n"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (what ``python -m npuzzle analyse --json`` prints)."""
        start = self.positions[0]
        return {
            "rows": self.game.start.rows,
            "cols": self.game.start.cols,
            "start": list(self.game.start.tiles),
            "goal": list(self.game.goal.tiles),
            "tiles": list(self.game.tiles),
            "moves_text": self.game.directions,
            "notation": self.notation,
            "undos": self.undos,
            "played_moves": self.played_moves,
            "method": self.method,
            "heuristic": self.heuristic,
            "single_tile_moves": self.game.moves,
            "multi_tile_moves": self.game.multi_tile_moves,
            "optimal_length": self.optimal_length,
            "start_lower": start.lower,
            "start_upper": start.upper,
            "excess": self.excess,
            "mistakes": self.mistakes,
            "optimal_moves": self.optimal_moves,
            "unknown_moves": self.unknown_moves,
            "solved": self.game.solved,
            "exact": self.exact,
            "complete": self.complete,
            "stopped": self.stopped,
            "expanded": self.expanded,
            "seconds": round(self.seconds, 4),
            "position_seconds": self.position_seconds,
            "missing_files": list(self.missing_files),
            "summary": self.summary(stopped=False),
            "positions": [p.to_dict() for p in self.positions],
            "moves": [m.to_dict() for m in self.moves],
            "timing": self.timing.to_dict() if self.timing is not None else None,
        }

