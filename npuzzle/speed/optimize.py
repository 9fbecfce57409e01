"""Shorten a solution: a person's solve, a replay's, or any solution on the page.

The solution is first simplified (every slide a later one undoes is taken out with it,
analysis/game.py's ``without_undos``), then handed to the anytime solver as its first answer
(search/anytime.py's ``seed``): its windows are solved again (windows.py), then beams search
for shorter paths, over the whole board and over the path's last parts, while IDA* with the
strongest admissible heuristic raises a proven lower bound, all within the time limit. What
comes out is never longer than what went in; on boards of up to 16 cells the lower bound
says how far it still is from the shortest (``optimal`` when the two meet).

>>> from ..board import Board
>>> job = Optimize(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), Board.goal(3, 3), "LRLLDU", "page")
>>> result = run(job)
>>> result.before.stm, result.after.moves, result.optimal
(6, 'LL', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.game import Game, read_game
from ..analysis.notation import DEFAULT_NOTATION, write_moves
from ..board import Board
from ..heuristics import Compiled, table_needs
from ..job import run
from ..search.anytime import anytime
from ..search.result import DEFAULT_MAX_NODES, Limits, Progress, StopReason
from ..search.solver import OverSearch, Search
from ..search.steps import Steps
from .all_optimal import Solution

__all__ = ["DEFAULT_OPTIMIZE_SECONDS", "Optimize", "OptimizeError", "OptimizeResult", "Measured", "run"]

DEFAULT_OPTIMIZE_SECONDS = 5.0
"""The time a shortening gets when none is given."""


class OptimizeError(ValueError):
    """Moves that are not a solution of the board (``field``: ``moves``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class Measured(Solution):
    """A solution's moves (this page's letters, and the tiles) and its length in both metrics
    (all_optimal's ``Solution``), written in Slidysim's notation too."""

    def to_dict(self) -> dict[str, object]:
        return {**super().to_dict(), "slidysim": write_moves(self.tiles, self.moves, "slidysim")}


@dataclass(frozen=True)
class OptimizeResult:
    """A solution before and after shortening, the proven lower bound on the shortest length
    (``optimal``: the shortened one is a shortest), how many of its first moves are the
    given solution's, and why it stopped."""

    start: Board
    goal: Board
    before: Measured
    simplified: Measured
    after: Measured
    lower_bound: int | None
    optimal: bool
    kept: int
    stop: StopReason
    seconds: float
    time_limit: float

    @property
    def stopped(self) -> str | None:
        """Why it ended before proving the shortened solution shortest (a stop reason's
        value: ``time-limit``, ``node-limit``, ``cancelled``), or None."""
        return None if self.optimal or self.stop.finished else self.stop.value

    def to_dict(self) -> dict[str, object]:
        """The keys of ``optimize --json`` and of the web API's answer."""
        return {
            "start": self.start.to_string(), "goal": self.goal.to_string(),
            "rows": self.start.rows, "cols": self.start.cols,
            "before": self.before.to_dict(), "simplified": self.simplified.to_dict(), "after": self.after.to_dict(),
            "saved": {"stm": self.before.stm - self.after.stm, "mtm": self.before.mtm - self.after.mtm},
            "lower_bound": self.lower_bound, "optimal": self.optimal,
            "from_optimal": (round(self.after.stm / self.lower_bound, 4)
                             if self.lower_bound else None),
            "kept": self.kept, "stopped": self.stopped,
            "seconds": round(self.seconds, 4), "time_limit": self.time_limit,
        }


class _Seeded(Search):
    """The anytime solver, its first answer the given solution's path."""

    def __init__(self, board: Board, goal: Board, limits: Limits, fetching: bool, seed: list[int]) -> None:
        super().__init__(board, goal, "anytime", None, limits, fetching=fetching)
        self.seed = seed

    def _start_steps(self, compiled: Compiled | None) -> Steps:
        assert compiled is not None  # the anytime solver takes a heuristic
        return anytime(self.problem, compiled, self.limits, self.options, seed=self.seed)


class Optimize(OverSearch):
    """A job (npuzzle/job.py): ``moves`` (a solution of ``board``, written in ``notation``)
    shortened within ``time_limit`` seconds. GameError (analysis/) for moves that cannot be
    read or played, OptimizeError for moves that do not end on the goal."""

    def __init__(self, board: Board, goal: Board, moves: str | Game, notation: str = DEFAULT_NOTATION,
                 time_limit: float = DEFAULT_OPTIMIZE_SECONDS, max_nodes: int = DEFAULT_MAX_NODES * 100,
                 fetching: bool = False) -> None:
        game = moves if isinstance(moves, Game) else read_game(board, goal, moves, notation)
        if not game.solved:
            what = "the move ends" if game.moves == 1 else f"the {game.moves:,} moves end"
            raise OptimizeError("moves", f"{what} on {game.end.to_string()!r}, not on the goal: only a solution can "
                                         "be shortened")
        self.game = game
        self.simplified = game.without_undos()
        self.time_limit = time_limit
        self._search = _Seeded(board, goal, Limits(max_nodes, time_limit), fetching, list(self.simplified.played.blanks))
        self.result: OptimizeResult | None = None

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def progress(self) -> Progress | None:
        return self._search.progress

    @property
    def best(self) -> tuple[tuple[int, ...], str] | None:
        """The shortest solution so far (tiles, moves), while it runs."""
        return self._search.best

    def missing_files(self) -> list[str]:
        """Table files the heuristic needs that are not here yet (the search waits for them)."""
        entry = self._search.heuristic_info
        game = self.game
        return table_needs([entry], game.start.rows, game.start.cols, game.goal.blank)

    def _finish(self) -> None:
        found = self._search.result
        if found is None:
            return
        game, simplified = self.game, self.simplified
        before = Measured(game.tiles, game.directions)
        simple = Measured(simplified.tiles, simplified.directions)
        after = Measured(found.tiles, found.moves) if found.solved and len(found.tiles) <= simple.stm else simple
        kept = 0
        for mine, theirs in zip(after.tiles, game.tiles):
            if mine != theirs:
                break
            kept += 1
        lower = found.lower_bound
        self.result = OptimizeResult(
            start=game.start, goal=game.goal, before=before, simplified=simple, after=after,
            lower_bound=lower, optimal=lower is not None and lower >= after.stm, kept=kept, stop=found.stop,
            seconds=found.seconds, time_limit=self.time_limit)
