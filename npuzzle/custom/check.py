"""Checking a heuristic against exact distances: admissible, consistent, how close.

Boards of at most 9 cells (2x2, 2x3, 3x2, 2x4, 4x2, 3x3: at most 181,440 states that
can reach the goal) are checked **exhaustively**: the breadth-first search from the goal that gives every
state's exact distance (distance_table.py, shared with the analysis of a game, and kept per
goal) is walked in the order it finds the states, just behind it; ``h`` is called once on
each, and every move (in both directions) is checked. States are numbered by that table's
perfect hash, so the walk keeps its estimates in one list, not in dicts of boards. The two
halves of a judged check (below) lay the walk out once per goal (walk.py): the boards as bytes
for the half that calls h, and each state's distance and moves back as arrays for the judge,
which passes a block of states with nothing wrong in a few passes over slices (grading a class
judges the same walk once per submission).

Bigger boards are **sampled**: the states nearest the goal, by breadth-first search
(exact distances, up to ``SAMPLE_STATES`` of them), and on 4x4 with the blank's goal in a
corner, Korf's 100 instances with their published optimal lengths (mapped onto the goal:
a relabelling and a reflection keep distances). The verdict then says "no overestimate
found on N boards", never "admissible": ``admissible`` and ``consistent`` are None
unless a counterexample was found.

Consistency is checked per move: a move from ``a`` to ``b`` is inconsistent when h drops
by more than one along it (``h(a) - h(b) > 1``); every move is reversible, so checking
every move in both directions is the same as ``|h(a) - h(b)| <= 1`` on every edge.

A check is a job like a search (npuzzle/job.py: ``HeuristicCheck.step`` works for a slice
of time, ``progress`` says how far it got, ``result`` is set once ``done``; ``cancel``
stops it), honours a time limit, and says when it stopped early (``stopped``).

**Judged outside the code.** Which boards a check asks h about, and in which order, depends
only on the goal (``check_boards``), never on h's answers. So a check splits in two: where the
person's code runs, ``HeuristicValues`` only calls h on those boards and answers the values
(it judges nothing); where no one's code runs, ``judge_check`` replays them into the same
``HeuristicCheck``, whose verdict is then the verdict of a check that called h itself. Code
that changes anything in its own interpreter (this module's classes included) changes only
the values it answers, which are its own to give.

>>> from npuzzle import Board
>>> from npuzzle.custom import TEMPLATE, load_heuristic
>>> result = check_heuristic(load_heuristic(TEMPLATE), Board.goal(2, 3))
>>> result.admissible, result.consistent, result.states, result.exhaustive
(True, True, 360, True)
>>> result.verdict()
'admissible: h never exceeds the true distance on all 360 states; consistent: no move lowers h by more than 1 (840 moves checked)'
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Iterator, Sequence, cast

from ..board import Board, Tiles
from ..distance_table import DistanceTable, distance_table
from ..job import run
from ..known import korf100
from ..search.problem import neighbour_table
from ..search.result import StopReason
from .heuristic import DEFAULT_FILENAME, MAX_H, HeuristicFunction, UserCodeError, UserHeuristic
from .walk import Walk, exhaustive_walk, walk_boards

EXHAUSTIVE_CELLS = 9
"""Boards of at most this many cells are checked on every state (3x3: 181,440)."""
SAMPLE_STATES = 50_000
"""On bigger boards, how many states nearest the goal are checked (breadth-first)."""
MAX_EXAMPLES = 100
"""How many overestimating boards and inconsistent moves a result lists (the first found)."""
DEFAULT_TIME_LIMIT = 60.0
GROW_EVERY = 256
"""States the shared breadth-first search expands at a time, just ahead of the walk that
checks them (custom/check.py walks the states in the order it finds them)."""
REPORT_EVERY = 63
"""States expanded between two looks at the clock and progress reports: few, so that a slow h
still meets the time limit (a report costs about a microsecond)."""


@dataclass(frozen=True)
class Overestimate:
    """A board where h exceeds the true distance."""

    board: Tiles
    h: int
    distance: int

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"board": list(self.board), "h": self.h, "distance": self.distance}


@dataclass(frozen=True)
class InconsistentEdge:
    """A move from ``before`` to ``after`` along which h drops by more than one."""

    before: Tiles
    after: Tiles
    h_before: int
    h_after: int

    @property
    def drop(self) -> int:
        """How much h drops along the move (more than 1)."""
        return self.h_before - self.h_after

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"before": list(self.before), "after": list(self.after), "h_before": self.h_before,
                "h_after": self.h_after, "drop": self.drop}


@dataclass(frozen=True)
class CheckProgress:
    """How far a check has got."""

    states: int
    """States whose h was checked against their distance so far."""
    total: int
    """States it will check when it runs to the end."""
    overestimates: int
    inconsistent_edges: int
    seconds: float
    stage: str

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"states": self.states, "total": self.total, "overestimates": self.overestimates,
                "inconsistent_edges": self.inconsistent_edges, "seconds": round(self.seconds, 4),
                "stage": self.stage}


@dataclass(frozen=True)
class CheckResult:
    """What a check found. ``admissible`` and ``consistent`` are True only when proven
    (every state checked, none failed), False when a counterexample was found, and None
    when neither (sampled boards, or stopped early)."""

    rows: int
    cols: int
    goal: Tiles
    heuristic: str
    exhaustive: bool
    """Whether every state that can reach the goal was checked (and every move)."""
    states: int
    """Boards whose h was compared with their exact distance."""
    edges: int
    """Moves along which h was checked."""
    overestimates: int
    inconsistent_edges: int
    worst_overestimate: Overestimate | None
    """The largest h - distance (the first found among equals)."""
    worst_inconsistent_edge: InconsistentEdge | None
    """The largest drop along a move (the first found among equals)."""
    h_goal: int | None
    """h at the goal (None only when the check was cancelled before it began)."""
    exact: int
    """Boards where h equals the distance."""
    mean_ratio: float | None
    """Mean of h / distance over the boards checked, the goal left out."""
    max_distance: int
    """The largest distance among the boards checked."""
    seconds: float
    stopped: str | None
    """None when it ran to the end, else ``time-limit`` or ``cancelled``."""
    samples: str
    """Which boards were checked, in words."""
    overestimate_examples: tuple[Overestimate, ...] = field(default=(), repr=False)
    """The first ``MAX_EXAMPLES`` overestimates found (breadth-first order)."""
    inconsistent_examples: tuple[InconsistentEdge, ...] = field(default=(), repr=False)
    """The first ``MAX_EXAMPLES`` inconsistent moves found."""

    @property
    def complete(self) -> bool:
        """Whether the check proved what it could: exhaustive and not stopped early."""
        return self.exhaustive and self.stopped is None

    @property
    def admissible(self) -> bool | None:
        """True when proven (never above the distance, on every state), False when an
        overestimate was found, None otherwise."""
        if self.overestimates:
            return False
        return True if self.complete else None

    @property
    def consistent(self) -> bool | None:
        """True when proven (no move lowers h by more than 1, on every move), False when
        an inconsistent move was found, None otherwise."""
        if self.inconsistent_edges:
            return False
        return True if self.complete else None

    @property
    def exact_share(self) -> float | None:
        """The share of boards checked where h is exact."""
        return self.exact / self.states if self.states else None

    def verdict(self) -> str:
        """The finding in words: "admissible" only when proven on every state."""
        why = StopReason(self.stopped) if self.stopped else None
        if why is None:
            stop = ""
        elif why is StopReason.CANCELLED:
            stop = f" ({why.stopped_by(short=True)})"  # "(cancelled)"
        else:
            stop = f" (stopped by {why.stopped_by()})"
        if self.overestimates:
            worst = self.worst_overestimate
            first = (f"not admissible: h exceeds the true distance on {self.overestimates:,} of "
                     f"{self.states:,} boards checked")
            if worst is not None:
                moves = "1 move suffices" if worst.distance == 1 else f"{worst.distance} moves suffice"
                first += f" (worst: h {worst.h} where {moves})"
        elif self.complete:
            first = f"admissible: h never exceeds the true distance on all {self.states:,} states"
        else:
            first = f"no overestimate found on {self.states:,} boards{stop}"
        if self.inconsistent_edges:
            edge = self.worst_inconsistent_edge
            second = f"not consistent: h drops by more than 1 along {self.inconsistent_edges:,} moves"
            if edge is not None:
                second += f" (worst: from {edge.h_before} to {edge.h_after})"
        elif self.complete:
            second = f"consistent: no move lowers h by more than 1 ({self.edges:,} moves checked)"
        else:
            second = f"no inconsistent move found among {self.edges:,}"
        return f"{first}; {second}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (what ``python -m npuzzle check --json`` prints)."""
        return {
            "admissible": self.admissible,
            "consistent": self.consistent,
            "exhaustive": self.exhaustive,
            "complete": self.complete,
            "states": self.states,
            "edges": self.edges,
            "overestimates": self.overestimates,
            "inconsistent_edges": self.inconsistent_edges,
            "worst_overestimate": self.worst_overestimate.to_dict() if self.worst_overestimate else None,
            "worst_inconsistent_edge": (self.worst_inconsistent_edge.to_dict()
                                        if self.worst_inconsistent_edge else None),
            "overestimate_examples": [o.to_dict() for o in self.overestimate_examples],
            "inconsistent_examples": [e.to_dict() for e in self.inconsistent_examples],
            "h_goal": self.h_goal,
            "exact": self.exact,
            "exact_share": None if self.exact_share is None else round(self.exact_share, 6),
            "mean_ratio": None if self.mean_ratio is None else round(self.mean_ratio, 6),
            "max_distance": self.max_distance,
            "seconds": round(self.seconds, 4),
            "stopped": self.stopped,
            "samples": self.samples,
            "verdict": self.verdict(),
            "heuristic": self.heuristic,
            "rows": self.rows,
            "cols": self.cols,
            "goal": list(self.goal),
        }


class _Tally:
    """What the check has found so far."""

    def __init__(self) -> None:
        self.states = 0
        self.edges = 0
        self.exact = 0
        self.ratio_sum = 0.0
        self.ratio_count = 0
        self.max_distance = 0
        self.overestimates = 0
        self.inconsistent = 0
        self.worst_over: Overestimate | None = None
        self.worst_edge: InconsistentEdge | None = None
        self.over_examples: list[Overestimate] = []
        self.edge_examples: list[InconsistentEdge] = []

    def overestimate(self, board: Tiles, h: int, distance: int) -> None:
        self.overestimates += 1
        worst = self.worst_over
        new_worst = worst is None or h - distance > worst.h - worst.distance
        if new_worst or len(self.over_examples) < MAX_EXAMPLES:
            found = Overestimate(board, h, distance)
            if len(self.over_examples) < MAX_EXAMPLES:
                self.over_examples.append(found)
            if new_worst:
                self.worst_over = found

    def inconsistent_edge(self, before: Tiles, after: Tiles, h_before: int, h_after: int) -> None:
        self.inconsistent += 1
        worst = self.worst_edge
        new_worst = worst is None or h_before - h_after > worst.drop
        if new_worst or len(self.edge_examples) < MAX_EXAMPLES:
            found = InconsistentEdge(before, after, h_before, h_after)
            if len(self.edge_examples) < MAX_EXAMPLES:
                self.edge_examples.append(found)
            if new_worst:
                self.worst_edge = found


def _slide(tiles: Tiles, blank: int, cell: int) -> Tiles:
    """The board after the tile at ``cell`` slides into the blank at ``blank``."""
    cells = list(tiles)
    cells[blank] = cells[cell]
    cells[cell] = 0
    return tuple(cells)


def _codes(table: DistanceTable) -> Iterator[int]:
    """The codes of the states that can reach the table's goal, in the order its breadth-first
    search finds them (the goal first), the table grown just ahead."""
    order = table.order
    walked = 0
    while True:
        if walked == len(order):
            if table.complete:
                return
            table.grow(GROW_EVERY)
            continue
        yield order[walked]
        walked += 1


@functools.lru_cache(maxsize=2)
def nearest_states(goal: Board, cap: int) -> tuple[list[Tiles], dict[Tiles, int]]:
    """The ``cap`` states nearest ``goal`` (fewer if fewer can reach it), in the order a
    breadth-first search from the goal finds them (the goal first), and each one's distance.
    Kept for the last two goals asked (a judged check, its reader and its count ask the same
    search; callers read them, never change them).

    >>> boards, distance = nearest_states(Board.goal(2, 2), 3)
    >>> boards, [distance[b] for b in boards]
    ([(1, 2, 3, 0), (1, 0, 3, 2), (1, 2, 0, 3)], [0, 1, 1])
    """
    neighbours = neighbour_table(goal.rows, goal.cols)
    distance = {goal.tiles: 0}
    boards = [goal.tiles]
    at = 0
    while at < len(boards) and len(boards) < cap:
        tiles = boards[at]
        at += 1
        d1 = distance[tiles] + 1
        blank = tiles.index(0)
        for cell in neighbours[blank]:
            board = _slide(tiles, blank, cell)
            if board not in distance and len(boards) < cap:
                distance[board] = d1
                boards.append(board)
    return boards, distance


def check_boards(goal: Board, sample_states: int = SAMPLE_STATES) -> Iterator[Tiles]:
    """Every board a check of ``goal`` asks h about, in the order it asks (the goal first): on
    at most EXHAUSTIVE_CELLS cells every state, in the order of the breadth-first search from the
    goal; beyond, the ``sample_states`` nearest the goal, then each of Korf's instances (where
    they apply) followed by the boards one move from it. It depends on the goal alone.

    >>> list(check_boards(Board.goal(2, 2)))
    [(1, 2, 3, 0), (1, 0, 3, 2), (1, 2, 0, 3), (0, 1, 3, 2), (0, 2, 1, 3), (3, 1, 0, 2), (2, 0, 1, 3), (3, 1, 2, 0), (2, 3, 1, 0), (3, 0, 2, 1), (2, 3, 0, 1), (0, 3, 2, 1)]
    """
    if goal.size <= EXHAUSTIVE_CELLS:
        walked, n = walk_boards(goal), goal.size
        for at in range(0, len(walked), n):
            yield tuple(walked[at:at + n])
        return
    boards, _ = nearest_states(goal, sample_states)
    yield from boards
    neighbours = neighbour_table(goal.rows, goal.cols)
    for tiles, _ in korf_instances(goal):
        yield tiles
        blank = tiles.index(0)
        for cell in neighbours[blank]:
            yield _slide(tiles, blank, cell)


def check_board_count(goal: Board, sample_states: int = SAMPLE_STATES) -> int:
    """How many boards ``check_boards`` gives (the exhaustive count without walking them)."""
    if goal.size <= EXHAUSTIVE_CELLS:
        return math.factorial(goal.size) // 2
    return sum(1 for _ in check_boards(goal, sample_states))


Work = Generator[CheckProgress, bool, "str | None"]
"""A check's work: yields progress, takes True to cancel, returns why it stopped early
(None when it ran to the end)."""


class _Sliced:
    """The stepping every check job shares: a generator of progress (``_work``, made by
    ``_begin`` on the first step) advanced for a slice of time, told to stop on ``cancel``,
    and ``_finish``ed with why it stopped (None when it ran to the end). A job of this shape
    ends, rather than raises, when ``_ending`` says an exception ends it (see ``judge_check``)."""

    time_limit: float
    progress: object | None
    result: object | None

    def __init__(self, time_limit: float) -> None:
        self.time_limit = time_limit
        self.waiting = False
        """Whether the work waits for what it needs (a judged check for values): the slice ends."""
        self._started = time.perf_counter()
        self._deadline = self._started + time_limit
        self._work: Generator[object, bool, "str | None"] | None = None

    @property
    def done(self) -> bool:
        """Whether the job has its result."""
        return self.result is not None

    def step(self, budget: float = 0.03) -> None:
        """Work for about ``budget`` seconds (``progress`` then says how far it got, and
        ``result`` is set once it ends)."""
        self._advance(budget, False)

    def cancel(self) -> None:
        """Stop now; the result says what was done, and ``stopped`` is ``cancelled``."""
        while self.result is None:
            self._advance(0.0, True)

    def _begin(self) -> Generator[object, bool, "str | None"]:
        raise NotImplementedError

    def _finish(self, stopped: str | None) -> None:
        raise NotImplementedError

    def _ending(self, exc: BaseException) -> str | None:
        """Why the job stopped when its work raised ``exc``; re-raises it by default."""
        raise exc

    def _advance(self, budget: float, cancel: bool) -> None:
        """Work for about ``budget`` seconds, telling the work to stop when ``cancel``."""
        if self.result is not None:
            return
        if self._work is None:
            if cancel:
                self._finish(StopReason.CANCELLED.value)
                return
            self._started = time.perf_counter()
            self._deadline = self._started + self.time_limit
            self._work = self._begin()
            send: bool | None = None
        else:
            send = cancel
        end = time.perf_counter() + budget
        try:
            while True:
                self.progress = self._work.send(send)  # type: ignore[arg-type]
                send = False
                if self.waiting or time.perf_counter() >= end:
                    return
        except StopIteration as stop:
            # A work that died (KeyboardInterrupt in h) ends with None: cancelled, not complete.
            self._finish(StopReason.CANCELLED.value if cancel and stop.value is None else stop.value)
        except _ValuesEnded as ended:
            self._finish(self._ending(ended))


class _ValuesEnded(BaseException):
    """Raised by a replay of h's values (``judge_check``) asked for one more than it holds."""


class HeuristicCheck(_Sliced):
    """One check of heuristic ``h`` against ``goal``, a job (npuzzle/job.py): advanced by
    ``step`` in slices of time (``job.run`` runs it to the end). ``h`` is a loaded file's
    heuristic (its answers are checked: UserCodeError for an exception, a non-int or a
    negative number, with the board) or any function of the same shape. It asks h about
    ``check_boards(goal)`` in that order, each once."""

    def __init__(self, h: HeuristicFunction, goal: Board, time_limit: float = DEFAULT_TIME_LIMIT,
                 sample_states: int = SAMPLE_STATES, name: str | None = None) -> None:
        super().__init__(time_limit)
        self.goal = goal
        self.rows, self.cols = goal.rows, goal.cols
        self.heuristic: UserHeuristic = h if isinstance(h, UserHeuristic) else UserHeuristic(h, "h", "")
        self.name: str = name or (self.heuristic.name if isinstance(h, UserHeuristic) else str(getattr(h, "__name__", "h")))
        self._h: Callable[[Tiles, Tiles, int, int], int] = self.heuristic
        """What the walks call for h (the checked heuristic; a judged check's replay of its values)."""
        self.sample_states = sample_states
        self.exhaustive = goal.size <= EXHAUSTIVE_CELLS
        self.total = math.factorial(goal.size) // 2 if self.exhaustive else sample_states + len(self._korf())
        self.tally = _Tally()
        self.h_goal: int | None = None
        self.result: CheckResult | None = None
        self.progress: CheckProgress | None = None
        self.seconds: float | None = None
        """The check's seconds, when they are not this job's own (a judged check's: the page's clock)."""
        self._stage = "checking every state" if self.exhaustive else "checking the states nearest the goal"

    @property
    def samples(self) -> str:
        """Which boards are checked, in words."""
        if self.exhaustive:
            return f"every state that can reach the goal ({self.total:,})"
        korf = " and Korf's 100 instances (published optimal lengths)" if self._korf() else ""
        return f"the {self.sample_states:,} states nearest the goal (breadth-first){korf}"

    def _begin(self) -> Work:
        return self._exhaustive() if self.exhaustive else self._sampled()

    def _report(self) -> CheckProgress:
        t = self.tally
        return CheckProgress(t.states, self.total, t.overestimates, t.inconsistent,
                             time.perf_counter() - self._started, self._stage)

    def _finish(self, stopped: str | None) -> None:
        t = self.tally
        self._work = None
        seconds = self.seconds if self.seconds is not None else time.perf_counter() - self._started
        self.result = CheckResult(
            rows=self.rows, cols=self.cols, goal=self.goal.tiles, heuristic=self.name,
            exhaustive=self.exhaustive and stopped is None, states=t.states, edges=t.edges,
            overestimates=t.overestimates, inconsistent_edges=t.inconsistent,
            worst_overestimate=t.worst_over, worst_inconsistent_edge=t.worst_edge, h_goal=self.h_goal,
            exact=t.exact, mean_ratio=t.ratio_sum / t.ratio_count if t.ratio_count else None,
            max_distance=t.max_distance, seconds=seconds, stopped=stopped,
            samples=self.samples, overestimate_examples=tuple(t.over_examples),
            inconsistent_examples=tuple(t.edge_examples),
        )

    def _see_goal(self) -> int:
        """h at the goal (checked like any state: 0 is exact)."""
        goal = self.goal.tiles
        h0 = self.h_goal = self._h(goal, goal, self.rows, self.cols)
        t = self.tally
        t.states += 1
        if h0 == 0:
            t.exact += 1
        else:
            t.overestimate(goal, h0, 0)
        return h0

    def _exhaustive(self) -> Work:
        """Every state in the order the breadth-first search from the goal finds it (the
        shared distance table, grown just ahead of this walk): its distance, h, and each move
        between it and a state walked before it, both ways."""
        rows, cols, goal = self.rows, self.cols, self.goal.tiles
        h = self._h
        t = self.tally
        table = distance_table(self.goal)
        numbering = table.numbering
        prefix, suffix, split, weights = numbering.prefix, numbering.suffix, numbering.split, numbering.weights
        neighbours = table.neighbours
        distance = table.distance
        values: list[int] = [-1] * numbering.size  # h of each state walked so far (h is never negative)
        codes = _codes(table)
        stop = yield from self._pause(math.inf)
        if stop:
            return stop
        values[numbering.rank(next(codes))] = self._see_goal()
        exact = states = edges = 0
        ratio_sum = 0.0
        deadline = self._deadline
        report = REPORT_EVERY
        d = 0
        try:
            for code in codes:
                rank = prefix[code // split] + suffix[code % split]
                tiles = numbering.tiles(code)
                hv = values[rank] = h(tiles, goal, rows, cols)
                d = distance[rank]
                states += 1
                if hv > d:
                    t.overestimate(tiles, hv, d)
                elif hv == d:
                    exact += 1
                ratio_sum += hv / d
                blank = tiles.index(0)
                wb = weights[blank]
                for cell in neighbours[blank]:
                    wc = weights[cell]
                    other = code + tiles[cell] * (wb - wc)
                    hc = values[prefix[other // split] + suffix[other % split]]
                    if hc < 0:
                        continue  # not walked yet: this move is checked when it is
                    edges += 2
                    if hv - hc > 1:
                        t.inconsistent_edge(tiles, _slide(tiles, blank, cell), hv, hc)
                    if hc - hv > 1:
                        t.inconsistent_edge(_slide(tiles, blank, cell), tiles, hc, hv)
                report -= 1
                if not report:
                    report = REPORT_EVERY
                    self._add(states, edges, exact, ratio_sum, d)
                    states = edges = exact = 0
                    ratio_sum = 0.0
                    stop = yield from self._pause(deadline)
                    if stop:
                        return stop
        finally:  # what was walked since the last report counts, however the walk ends
            self._add(states, edges, exact, ratio_sum, d)  # the last state walked is the farthest
        return None

    def _add(self, states: int, edges: int, exact: int, ratio_sum: float, depth: int) -> None:
        t = self.tally
        t.states += states
        t.edges += edges
        t.exact += exact
        t.ratio_sum += ratio_sum
        t.ratio_count += states
        t.max_distance = max(t.max_distance, depth)

    def _sampled(self) -> Work:
        """The states nearest the goal (breadth-first, exact distances), each with the moves
        between it and those before it, both ways; then Korf's instances where they apply."""
        rows, cols, goal = self.rows, self.cols, self.goal.tiles
        h = self._h
        t = self.tally
        neighbours = neighbour_table(rows, cols)
        boards, distance = nearest_states(self.goal, self.sample_states)
        stop = yield from self._pause(math.inf)
        if stop:
            return stop
        values = {goal: self._see_goal()}
        deadline = self._deadline
        report = REPORT_EVERY
        for board in boards[1:]:
            d = distance[board]
            hv = values[board] = h(board, goal, rows, cols)
            t.states += 1
            t.ratio_sum += hv / d
            t.ratio_count += 1
            t.max_distance = d
            if hv > d:
                t.overestimate(board, hv, d)
            elif hv == d:
                t.exact += 1
            blank = board.index(0)
            for cell in neighbours[blank]:
                other = _slide(board, blank, cell)
                hc = values.get(other)
                if hc is None:
                    continue  # not asked yet (or beyond the sample): checked when it is
                t.edges += 2
                if hv - hc > 1:
                    t.inconsistent_edge(board, other, hv, hc)
                if hc - hv > 1:
                    t.inconsistent_edge(other, board, hc, hv)
            report -= 1
            if not report:
                report = REPORT_EVERY
                stop = yield from self._pause(deadline)
                if stop:
                    return stop
        self._stage = "checking Korf's instances"
        for number, (tiles, length) in enumerate(self._korf(), 1):
            hv = h(tiles, goal, rows, cols)
            t.states += 1
            t.ratio_sum += hv / length
            t.ratio_count += 1
            t.max_distance = max(t.max_distance, length)
            if hv > length:
                t.overestimate(tiles, hv, length)
            elif hv == length:
                t.exact += 1
            blank = tiles.index(0)
            for cell in neighbours[blank]:  # the moves from it: consistency needs no distance
                board = _slide(tiles, blank, cell)
                hc = h(board, goal, rows, cols)
                t.edges += 1
                if hv - hc > 1:
                    t.inconsistent_edge(tiles, board, hv, hc)
            if not number % 10:
                stop = yield from self._pause(deadline)
                if stop:
                    return stop
        return None

    def _starved(self) -> bool:
        """Whether the walk must wait before its next REPORT_EVERY states (never: h is at hand;
        a judged check waits for values still to come, ``waiting`` then set)."""
        return False

    def _pause(self, deadline: float) -> Generator[CheckProgress, bool, "str | None"]:
        """Where a walk looks up between two batches of states: why it stops (past ``deadline``,
        or told to cancel when it reports), else None once it may walk on (a judged check waits
        here, reporting, for values still to come)."""
        if time.perf_counter() >= deadline:
            return StopReason.TIME_LIMIT.value
        if (yield self._report()):
            return StopReason.CANCELLED.value
        while self._starved():
            if (yield self._report()):
                return StopReason.CANCELLED.value
        return None

    def _korf(self) -> list[tuple[Tiles, int]]:
        """Korf's 100 15-puzzles with their optimal lengths, mapped onto this goal: only on
        4x4 with the blank's goal in a corner (else none)."""
        return list(korf_instances(self.goal))


@dataclass(frozen=True)
class ValuesProgress:
    """How far h has been asked about a check's boards (``HeuristicValues``)."""

    states: int
    total: int
    seconds: float
    stage: str = "running h on every board the check judges"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (the keys a check's progress shares)."""
        return {"states": self.states, "total": self.total, "seconds": round(self.seconds, 4), "stage": self.stage}


@dataclass(frozen=True)
class Values:
    """h's answers on the first ``len(values)`` of ``check_boards(goal)``; ``stopped``:
    None when h was asked about every one, else ``time-limit`` or ``cancelled``."""

    values: tuple[int, ...]
    total: int
    stopped: str | None
    seconds: float

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (the web API's ``check_values`` answer)."""
        return {"values": list(self.values), "total": self.total, "stopped": self.stopped,
                "seconds": round(self.seconds, 4)}


class HeuristicValues(_Sliced):
    """The half of a check that runs where the person's code runs: h asked about every board
    of ``check_boards(goal)``, in order, under a time limit; it judges nothing (``judge_check``
    does, where no one's code runs). A job like ``HeuristicCheck``; its answers are checked as
    a check's are (UserCodeError for an exception, a non-int or a negative number)."""

    def __init__(self, h: HeuristicFunction, goal: Board, time_limit: float = DEFAULT_TIME_LIMIT,
                 sample_states: int = SAMPLE_STATES) -> None:
        super().__init__(time_limit)
        self.goal = goal
        self.heuristic: UserHeuristic = h if isinstance(h, UserHeuristic) else UserHeuristic(h, "h", "")
        self.sample_states = sample_states
        self.total = check_board_count(goal, sample_states)
        self.values: list[int] = []
        self.progress: ValuesProgress | None = None
        self.result: Values | None = None

    def _begin(self) -> Generator[ValuesProgress, bool, "str | None"]:
        h, goal, rows, cols = self.heuristic, self.goal.tiles, self.goal.rows, self.goal.cols
        values = self.values
        deadline = self._deadline
        report = REPORT_EVERY
        for tiles in check_boards(self.goal, self.sample_states):
            values.append(h(tiles, goal, rows, cols))
            report -= 1
            if not report:
                report = REPORT_EVERY
                if time.perf_counter() >= deadline:
                    return StopReason.TIME_LIMIT.value
                if (yield ValuesProgress(len(values), self.total, time.perf_counter() - self._started)):
                    return StopReason.CANCELLED.value
        return None

    def _finish(self, stopped: str | None) -> None:
        self._work = None
        self.result = Values(tuple(self.values), self.total, stopped, time.perf_counter() - self._started)


STOPS = (StopReason.TIME_LIMIT.value, StopReason.CANCELLED.value)
"""Why the half of a check that calls h may say it stopped early."""


class _Replay:
    """h's answers as given, handed out in order, as HeuristicCheck asks (``judge_check``), each
    read as h's answer is (``UserHeuristic.checked``: UserCodeError naming the board for one that
    is not a non-negative int); the check calls it as it is, with no wrapper (one call a state)."""

    def __init__(self, values: list[object], filename: str) -> None:
        self.values = values
        self.used = 0
        self.reader = UserHeuristic(self, filename, "")

    def __call__(self, tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        used = self.used
        if used == len(self.values):
            raise _ValuesEnded()
        value = self.values[used]
        self.used = used + 1
        if type(value) is int and 0 <= value <= MAX_H:
            return value
        return self.reader.checked(value, tiles)


FED_MARGIN = REPORT_EVERY + 1
"""Values a judged check that waits for more needs at hand before it walks on: the most h is
asked between two looks (REPORT_EVERY states; ten of Korf's instances with their moves, fewer)."""


class JudgedCheck(HeuristicCheck):
    """A check whose h answers with the values another worker gave (``judge_check``); with
    ``more``, values still come (``feed``), and the walk waits for them (``waiting``)."""

    def __init__(self, values: Sequence[object], goal: Board, filename: str, stopped: str | None,
                 seconds: float | None, more: bool = False) -> None:
        self.replay = _Replay(list(values), filename)
        super().__init__(self.replay.reader, goal, math.inf)
        self.heuristic = self.replay.reader
        self._h = self.replay  # what the walks call: each value read by the replay itself
        self.claimed = stopped
        self.seconds = seconds
        self.more = more
        self.most = check_board_count(goal, self.sample_states)

    def feed(self, values: Sequence[object], final: bool, stopped: str | None = None,
             seconds: float | None = None) -> None:
        """More of h's values, in order; ``final``: the last (with why they stop short, and the
        check's seconds). ValueError past the boards the check asks about, or after the last."""
        if not self.more:
            raise ValueError("this check has had its last values")
        if len(self.replay.values) + len(values) > self.most:
            raise ValueError(f"{len(self.replay.values) + len(values):,} values for a check of {self.most:,} boards")
        if stopped is not None and stopped not in STOPS:
            raise ValueError(f"a check stops for one of {', '.join(STOPS)}, not {stopped!r}")
        self.replay.values.extend(values)
        if final:
            self.more = False
            self.claimed, self.seconds = stopped, seconds
        self.waiting = self._starved()

    def _starved(self) -> bool:
        self.waiting = self.more and len(self.replay.values) - self.replay.used < FED_MARGIN
        return self.waiting

    def _exhaustive(self) -> Work:
        """``HeuristicCheck``'s walk over every state, reading the values given: a block of
        REPORT_EVERY states in which nothing is wrong passes at once (walk.py's ``Walk.passes``),
        any other is walked state by state as the check walks it (``_walk_slowly``), which names
        what is wrong. The result is the check's own: the same counts, examples and sums."""
        walk = exhaustive_walk(self.goal)
        stop = yield from self._pause(math.inf)
        if stop:
            return stop
        values = self.replay.values
        values[0] = self._see_goal()  # (read as h's answer: what a later move compares with)
        t = self.tally
        first, deadline = 1, self._deadline
        while first < walk.states:
            end = min(first + REPORT_EVERY, walk.states)
            passed = walk.passes(values, first, end) if len(values) >= end else None
            if passed is None:
                self._walk_slowly(walk, first, end)
            else:
                self.replay.used = end
                self._add(end - first, 2 * (walk.starts[end] - walk.starts[first]), passed[0], passed[1],
                          walk.distance[end - 1])
            full, first = end - first == REPORT_EVERY, end
            if full:
                stop = yield from self._pause(deadline)
                if stop:
                    return stop
        return None

    def _walk_slowly(self, walk: Walk, first: int, end: int) -> None:
        """The states ``first`` to ``end`` of the walk, one at a time, each value read as h's
        answer (the replay: UserCodeError naming the board, or the end of the values) and kept as
        read; each overestimate and inconsistent move told to the tally."""
        rows, cols, goal = self.rows, self.cols, self.goal.tiles
        h, values, t = self._h, self.replay.values, self.tally
        table = distance_table(self.goal)
        numbering, neighbours = table.numbering, table.neighbours
        prefix, suffix, split, weights = numbering.prefix, numbering.suffix, numbering.split, numbering.weights
        codes, distance, place = walk.codes, walk.distance, walk.place
        self.replay.used = first
        states = edges = exact = d = 0
        ratio_sum = 0.0
        try:
            for i in range(first, end):
                code = codes[i]
                tiles = numbering.tiles(code)
                hv = values[i] = h(tiles, goal, rows, cols)
                d = distance[i]
                states += 1
                if hv > d:
                    t.overestimate(tiles, hv, d)
                elif hv == d:
                    exact += 1
                ratio_sum += hv / d
                blank = tiles.index(0)
                wb = weights[blank]
                for cell in neighbours[blank]:
                    other = code + tiles[cell] * (wb - weights[cell])
                    j = place[prefix[other // split] + suffix[other % split]]
                    if j > i:
                        continue  # not walked yet: this move is checked when it is
                    hc = cast(int, values[j])  # (every place before i holds an answer as read)
                    edges += 2
                    if hv - hc > 1:
                        t.inconsistent_edge(tiles, _slide(tiles, blank, cell), hv, hc)
                    if hc - hv > 1:
                        t.inconsistent_edge(_slide(tiles, blank, cell), tiles, hc, hv)
        finally:  # what was walked counts, however the block ends
            self._add(states, edges, exact, ratio_sum, d)

    def _ending(self, exc: BaseException) -> str | None:
        if self.claimed is None:
            raise UserCodeError(
                f"{self.heuristic.filename}: the worker that runs your code answered h on {self.replay.used:,} of "
                f"{self.most:,} boards without saying why it stopped", "returned")
        return self.claimed

    def _finish(self, stopped: str | None) -> None:
        if stopped is None and self.replay.used != len(self.replay.values):
            raise UserCodeError(
                f"{self.heuristic.filename}: the worker that runs your code answered h on {len(self.replay.values):,} "
                f"boards, more than the {self.replay.used:,} the check asks about", "returned")
        super()._finish(stopped)


def judge_check(values: Sequence[object], goal: Board, filename: str = DEFAULT_FILENAME,
                stopped: str | None = None, seconds: float | None = None, more: bool = False) -> JudgedCheck:
    """The check of the heuristic whose answers on ``check_boards(goal)`` are ``values`` (in
    that order; a ``HeuristicValues`` answer), as a job: the same ``HeuristicCheck``, asking
    the values instead of h, so its verdict is that of a check that called h itself. Each value
    is checked as h's answer would be (UserCodeError for a non-int or a negative number);
    ``stopped`` (``time-limit``, ``cancelled``) says why there are fewer values than boards, and
    the result is then not complete; fewer without a reason, or more than the boards, is a
    UserCodeError. ``seconds``: what the result says the check took (else the judging's own).
    ``more``: values still come, given to its ``feed`` as they do (the last with ``final``); the
    walk waits for them, so judging goes on while h is still being asked."""
    if stopped is not None and stopped not in STOPS:
        raise ValueError(f"a check stops for one of {', '.join(STOPS)}, not {stopped!r}")
    return JudgedCheck(values, goal, filename, stopped, seconds, more)


_CORNER_FLIPS = {0: (False, False), 3: (False, True), 12: (True, False), 15: (True, True)}
"""For each corner of a 4x4, whether rows and columns are flipped to take cell 0 there (a
reflection, or both: the turn by 180 degrees)."""


def korf_instances(goal: Board) -> Iterator[tuple[Tiles, int]]:
    """Korf's 100 instances (for the blank-first goal) as boards of ``goal`` with the same
    optimal lengths: reflected so that the blank's goal cell matches, then relabelled
    (the tile at cell ``p`` of the reflected blank-first goal becomes ``goal``'s tile
    there). None unless ``goal`` is a 4x4 with the blank in a corner.

    >>> from npuzzle import Board
    >>> first = next(korf_instances(Board.goal(4, 4, "blank-last")))
    >>> first[1], first[0][:4]
    (57, (13, 6, 8, 12))
    """
    if (goal.rows, goal.cols) != (4, 4) or goal.blank not in _CORNER_FLIPS:
        return
    flip_rows, flip_cols = _CORNER_FLIPS[goal.blank]
    cell_of = []  # cell_of[p]: where cell p of the blank-first goal goes
    for cell in range(16):
        r, c = divmod(cell, 4)
        cell_of.append((3 - r if flip_rows else r) * 4 + (3 - c if flip_cols else c))
    for _, length, tiles in korf100():
        board = [0] * 16
        for cell, tile in enumerate(tiles):
            board[cell_of[cell]] = goal.tiles[cell_of[tile]]
        yield tuple(board), length


def check_heuristic(h: HeuristicFunction, goal: Board, time_limit: float = DEFAULT_TIME_LIMIT,
                    progress: Callable[[CheckProgress], bool | None] | None = None) -> CheckResult:
    """Check ``h`` against ``goal``'s exact distances (see the module), to the end or the
    time limit; ``progress`` is called now and then and may return True to cancel."""
    return run(HeuristicCheck(h, goal, time_limit), progress)
