"""The analysis of a game, as a job (npuzzle/job.py): stepped, with progress, cancelled.

``GameAnalysis(game)`` finds the distance to the goal of every position of the game
(distances.py chooses how by the board's size), then marks each move optimal or a mistake,
lists the best moves at every position and a shortest finish from it, and adds up the totals
(result.py). It runs under ``Limits``: the time limit counts from its first step, the node
limit counts every node its searches expand; when one of them (or a cancel) stops it, the
result says so (``stopped``) and keeps what it had: exact distances where found, bounds
elsewhere (carried from the positions around), verdicts only where those bounds tell.

>>> from npuzzle.board import Board
>>> from npuzzle.analysis.game import read_game
>>> game = read_game(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), Board.goal(3, 3), "LRLL")
>>> result = analyse_game(game)
>>> [m.verdict for m in result.moves], result.optimal_length, result.excess
(['optimal', 'mistake', 'optimal', 'optimal'], 2, 2)
>>> analyse_game(game, undos="without-undos").moves[-1].verdict
'optimal'
"""

from __future__ import annotations

import time

from ..heuristics import get_heuristic, strongest_heuristic, table_needs
from ..job import run
from ..search.result import DEFAULT_TIME_LIMIT, DEPTH_FIRST_MAX_NODES, Limits, StopReason
from ..solvability import explain_solvability, is_solvable
from .distances import Sheet, Work, analysis_method, bounds_work, search_work, table_work
from .game import Game
from ..speed.timing import Timing
from .notation import DEFAULT_NOTATION, GameError
from .result import AnalysisProgress, AnalysisResult, MoveAnalysis, PositionAnalysis, verdict

UNDO_CHOICES = ("as-played", "without-undos")
"""How a game's undone moves are analysed: as played, or taken out (with their undos)."""
DEFAULT_LIMITS = Limits(max_nodes=DEPTH_FIRST_MAX_NODES, time_limit=DEFAULT_TIME_LIMIT)
DEFAULT_POSITION_SECONDS = 0.2
"""The bounds method (boards over 16 cells): the anytime solver's time on each position."""


class UnsolvableGameError(GameError):
    """A game whose start cannot reach the goal: no position has a distance."""


class GameAnalysis:
    """The analysis of one game as a job: ``step(budget)`` until ``done``, ``progress``
    meanwhile, then ``result``; ``cancel`` stops it with what it has."""

    def __init__(self, game: Game, undos: str = "as-played", limits: Limits | None = None,
                 position_seconds: float = DEFAULT_POSITION_SECONDS, fetching: bool = False,
                 heuristic: str | None = None, notation: str = DEFAULT_NOTATION, timing: Timing | None = None) -> None:
        """ValueError for an unknown ``undos``; UnsolvableGameError when the start cannot
        reach the goal. ``fetching``: the caller fetches missing table files meanwhile
        (the browser's worker): the strongest heuristic's are waited for; without it, the
        strongest heuristic whose files are present serves, and ``missing_files`` says
        what the stronger one lacked. ``heuristic`` names another admissible heuristic for the
        searches (ValueError if it is not one, or does not apply); a table needs none.
        ``notation``: how the game's moves were written (its answers say so). ``timing``: the
        time each move as played took (a replay's), said in the result beside the analysis."""
        if undos not in UNDO_CHOICES:
            raise ValueError(f"unknown undos {undos!r}: choose {' or '.join(UNDO_CHOICES)}")
        if not is_solvable(game.start, game.goal):
            why = explain_solvability(game.start, game.goal).explanation()
            raise UnsolvableGameError(f"the board cannot reach the goal, so no position has a distance. {why}")
        if not (isinstance(position_seconds, (int, float)) and 0 < position_seconds < float("inf")):
            raise ValueError(f"position_seconds must be a positive number of seconds, not {position_seconds!r}")
        if timing is not None and len(timing.gaps) != game.moves:
            raise ValueError(f"{len(timing.gaps):,} times for {game.moves:,} moves: give one per move as played")
        self.played = game
        self.timing = timing
        self.notation = notation
        self.undos = undos
        self.game = game.without_undos() if undos == "without-undos" else game
        self.limits = limits or DEFAULT_LIMITS
        self.position_seconds = position_seconds
        self.fetching = fetching
        goal = game.goal
        self.method = analysis_method(goal.rows, goal.cols)
        where = (goal.rows, goal.cols, goal.blank)
        self.heuristic: str | None = None
        """The searches' heuristic (None for a table)."""
        self.missing_files: tuple[str, ...] = ()
        if heuristic is not None and self.method != "table":
            info = get_heuristic(heuristic)
            if not info.admissible or not info.applies_to(*where):
                raise ValueError(f"the {heuristic} heuristic cannot serve here: the analysis needs an admissible "
                                 f"heuristic that applies to a {goal.shape} board and its goal")
            self.heuristic = heuristic
        elif self.method != "table":
            wanted = strongest_heuristic(*where)
            self.heuristic = wanted if fetching else strongest_heuristic(*where, available_only=True)
            if self.heuristic != wanted:
                self.missing_files = tuple(table_needs([wanted], *where))
        self.sheet = Sheet(self.game)
        self._work: Work | None = None
        self._started = 0.0
        self._progress: AnalysisProgress | None = None
        self._result: AnalysisResult | None = None

    @property
    def wanted_files(self) -> list[str]:
        """Table files the analysis would read that are missing now (the browser fetches them)."""
        goal = self.game.goal
        return table_needs([self.heuristic], goal.rows, goal.cols, goal.blank)

    @property
    def done(self) -> bool:
        """Whether the analysis has its result."""
        return self._result is not None

    @property
    def progress(self) -> AnalysisProgress | None:
        """The latest progress (None before the first step)."""
        return self._progress

    @property
    def result(self) -> AnalysisResult | None:
        """The result, once done."""
        return self._result

    def _start(self) -> Work:
        if self.method == "table":
            return table_work(self.sheet)
        if self.method == "search":
            assert self.heuristic is not None
            return search_work(self.sheet, self.heuristic, self.fetching)
        assert self.heuristic is not None
        return bounds_work(self.sheet, self.heuristic, self.position_seconds, self.limits.max_nodes, self.fetching)

    def step(self, budget: float = 0.03) -> None:
        """Work for about ``budget`` seconds (less when it ends first, or waits for a file)."""
        if self._result is not None:
            return
        now = time.perf_counter()
        if self._work is None:
            self._started = now
            self._work = self._start()
        end = now + budget
        deadline = self._started + self.limits.time_limit
        work = self._work
        try:
            while True:
                pause = next(work)
                now = time.perf_counter()
                if now >= deadline:
                    self._finish(StopReason.TIME_LIMIT.value)
                    return
                if self.sheet.expanded >= self.limits.max_nodes:
                    self._finish(StopReason.NODE_LIMIT.value)
                    return
                if pause or now >= end:
                    self._progress = self._report()
                    return
        except StopIteration:
            self._finish(None)

    def cancel(self) -> None:
        """Stop now: the result keeps what was found and says ``cancelled``."""
        if self._result is None:
            self._finish(StopReason.CANCELLED.value)

    def _report(self) -> AnalysisProgress:
        sheet = self.sheet
        if sheet.stale:  # bounds a walk carried only forward: spread them both ways, once a report
            sheet.propagate()
        lower, upper = tuple(sheet.lower), tuple(sheet.upper)
        verdicts: list[str | None] = []
        for i in range(1, len(lower)):  # a verdict once both distances are exact (bounds may still narrow)
            exact = lower[i - 1] is not None and lower[i - 1] == upper[i - 1] and lower[i] == upper[i]
            verdicts.append(verdict((lower[i - 1], upper[i - 1]), (lower[i], upper[i])) if exact else None)
        return AnalysisProgress(sheet.stage, len(lower), sheet.done, lower, upper, tuple(verdicts),
                                sheet.expanded, sheet.states, sheet.total_states,
                                time.perf_counter() - self._started if self._work else 0.0)

    def _finish(self, stopped: str | None) -> None:
        if self._work is not None:
            self._work.close()
        sheet = self.sheet
        sheet.propagate()
        game = self.game
        boards = sheet.boards
        positions = []
        for i, board in enumerate(boards):
            best = sheet.best[i] if sheet.finished[i] else None
            finish = sheet.finish[i]
            positions.append(PositionAnalysis(
                i, board.tiles, sheet.lower[i], sheet.upper[i], best,
                "".join(board.direction_of(t) for t in best) if best else "",
                finish, board.replay(finish).directions if finish else "",
            ))
        undos = game.undos()
        directions = game.directions
        moves = []
        for n, tile in enumerate(game.tiles, 1):
            before, after = positions[n - 1], positions[n]
            moves.append(MoveAnalysis(n, tile, directions[n - 1], undos[n - 1],
                                      verdict((before.lower, before.upper), (after.lower, after.upper)),
                                      before.distance, after.distance))
        self._result = AnalysisResult(
            game=game, undos=self.undos, played_moves=self.played.moves, method=self.method,
            heuristic=self.heuristic, positions=tuple(positions), moves=tuple(moves), stopped=stopped,
            expanded=sheet.expanded, seconds=time.perf_counter() - self._started if self._work else 0.0,
            position_seconds=self.position_seconds if self.method == "bounds" else None,
            missing_files=self.missing_files, notation=self.notation, timing=self.timing,
        )
        self._progress = self._report()


def analyse_game(game: Game, undos: str = "as-played", limits: Limits | None = None,
                 position_seconds: float = DEFAULT_POSITION_SECONDS, heuristic: str | None = None) -> AnalysisResult:
    """Analyse ``game`` to the end (or its limits) and return the result."""
    return run(GameAnalysis(game, undos, limits, position_seconds, heuristic=heuristic))
