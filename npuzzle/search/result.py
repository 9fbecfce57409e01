"""What every search takes (limits) and gives back (progress, result)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping

from ..board import Board, Tiles
from .trace import Iteration, Trace
from .tree import TreeRecorder

DEFAULT_MAX_NODES = 1_000_000
DEPTH_FIRST_MAX_NODES = 100_000_000
"""The default node limit of searches whose memory stays linear in the depth (IDA*,
IDDFS): there the time limit is what binds; the others store every state they see."""
DEFAULT_TIME_LIMIT = 60.0
FACTOR_PLACES = 4
"""Decimals of the JSON ``factor``, rounded up (a proven bound stays one)."""


def round_up(numerator: int, denominator: int, places: int) -> float:
    """``numerator / denominator`` rounded up to ``places`` decimals, computed exactly: a
    proven upper bound (such as length / lower bound) must stay one when shown.

    >>> round_up(111, 97, 3), round(111 / 97, 3)
    (1.145, 1.144)
    """
    scale: int = 10**places
    return -(-numerator * scale // denominator) / scale


class StopReason(Enum):
    """Why a search ended."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    NODE_LIMIT = "node-limit"
    TIME_LIMIT = "time-limit"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        """True when the search answered (solved or proved unsolvable)."""
        return self in (StopReason.SOLVED, StopReason.UNSOLVABLE)

    def stopped_by(self, cancelled: str = "cancellation", short: bool = False) -> str:
        """Why a job stopped early, in words: what follows "stopped by", ``the node limit`` or
        ``the time limit``, and for a cancel ``cancelled``, who cancelled it as each front door
        says it ("you", "you (Ctrl-C)"); ``short``: a table cell's ``node limit``, ``time limit``
        or ``cancelled``. The one wording of these values in Python (the page's is
        web/common/stops.js); ValueError for a reason that is not an early stop.

        >>> StopReason.NODE_LIMIT.stopped_by(), StopReason.CANCELLED.stopped_by("you")
        ('the node limit', 'you')
        >>> StopReason("time-limit").stopped_by(short=True)
        'time limit'
        """
        if self is StopReason.CANCELLED:
            return "cancelled" if short else cancelled
        limits = {StopReason.NODE_LIMIT: "node limit", StopReason.TIME_LIMIT: "time limit"}
        if self not in limits:
            raise ValueError(f"{self.value!r} is not an early stop")
        return limits[self] if short else f"the {limits[self]}"


EARLY_STOPS: tuple[StopReason, ...] = tuple(reason for reason in StopReason if not reason.finished)
"""The reasons a job stops before it answers: the values of every JSON answer's ``stopped``
key (a search's, an analysis's, a check's, a person's search's), listed by the web API's
``info`` (``stop_reasons``)."""


@dataclass(frozen=True)
class Limits:
    """Bounds every search runs under: nodes expanded and seconds of wall time."""

    max_nodes: int = DEFAULT_MAX_NODES
    time_limit: float = DEFAULT_TIME_LIMIT

    def __post_init__(self) -> None:
        if isinstance(self.max_nodes, bool) or not isinstance(self.max_nodes, int) or self.max_nodes < 1:
            raise ValueError(f"max_nodes must be a whole number of at least 1, not {self.max_nodes!r}")
        if isinstance(self.time_limit, bool) or not isinstance(self.time_limit, (int, float)) or not (
            0 < self.time_limit < float("inf")
        ):
            raise ValueError(f"time_limit must be a positive number of seconds, not {self.time_limit!r}")


@dataclass(frozen=True)
class Progress:
    """Counts so far, reported while a search runs."""

    expanded: int
    generated: int
    frontier: int
    """Open-list size (A*) or current depth (depth-first searches)."""
    max_frontier: int
    seconds: float
    bound: int | None = None
    """Current f bound (IDA*) or the f of the node being expanded (A*)."""
    stage: str | None = None
    """What is being done before the search starts (loading tables), or None while searching."""
    best: int | None = None
    """Anytime searches: the length of the best solution so far."""
    lower_bound: int | None = None
    """Anytime searches: the best proven lower bound on the shortest length so far."""
    path: tuple[int, ...] | None = None
    """Anytime searches: a better solution found since the last report (blank positions,
    start included); solver.Search turns it into tiles and moves."""
    iteration: Iteration | None = None
    """IDA* and IDDFS: set on the report that ends an iteration (``bound`` is then the
    next iteration's); solver.Search adds it to the trace. Not in ``to_dict``."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (``stage`` only while preparing; ``best`` and ``lower_bound``
        only from anytime searches)."""
        out: dict[str, object] = {
            "expanded": self.expanded,
            "generated": self.generated,
            "frontier": self.frontier,
            "max_frontier": self.max_frontier,
            "seconds": round(self.seconds, 4),
            "bound": self.bound,
        }
        if self.stage is not None:
            out["stage"] = self.stage
        if self.best is not None:
            out["best"] = self.best
        if self.lower_bound is not None:
            out["lower_bound"] = self.lower_bound
        return out


@dataclass(frozen=True)
class Improvement:
    """One step of an anytime search's history: when a shorter solution (or a higher
    lower bound) was found."""

    seconds: float
    length: int | None
    lower_bound: int | None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"seconds": round(self.seconds, 4), "length": self.length, "lower_bound": self.lower_bound}


@dataclass(frozen=True)
class SearchResult:
    """The outcome of one search, in the same form for every algorithm."""

    algorithm: str
    heuristic: str | None
    start: Board
    goal: Board
    stop: StopReason
    tiles: Tiles = ()
    """The tile moved at each step, start to goal (empty without a solution)."""
    moves: str = ""
    """The direction each of those tiles slides: one of U, D, L, R per step."""
    expanded: int = 0
    generated: int = 0
    max_frontier: int = 0
    seconds: float = 0.0
    optimal: bool = False
    """True only when the algorithm proves the solution shortest."""
    solvable: bool = True
    bound: int | None = None
    """Optimal algorithms: the last f bound reached, a lower bound on the optimal length."""
    weight: float | None = None
    """The weight w of weighted A*."""
    suboptimality: float | None = None
    """When set, the solution is proven to be at most this factor times the optimal length."""
    setup_seconds: float = 0.0
    """Time spent preparing the heuristic (building or loading its tables), not in ``seconds``."""
    options: Mapping[str, float] = field(default_factory=dict)
    """The algorithm's option values (weighted A*: ``{"weight": w}``)."""
    lower_bound: int | None = None
    """The best proven lower bound on the shortest length (the length itself when optimal)."""
    history: tuple[Improvement, ...] = ()
    """Anytime searches: each shorter solution and each higher lower bound, in time order."""
    trace: Trace | None = None
    """What the search did over time (samples, iterations), when it was asked to record it."""
    tree: TreeRecorder | None = None
    """The tree the search built, node by node (boards up to 3x3), when it was asked to."""
    optimal_if_admissible: bool | None = None
    """Set only for a person's heuristic (custom/), whose admissibility is not known, so
    ``optimal`` stays False: whether the solution would be proven shortest if that
    heuristic is admissible (``python -m npuzzle check`` finds out)."""
    metric: str = "stm"
    """What the search minimised: ``stm``, every slide (every algorithm), or ``mtm``, a run of
    slides of one line in one direction once (speed/mtm_solve.py; ``bound`` then counts those)."""
    mtm_optimal: bool = False
    """An ``mtm`` search: whether the solution is proven to have the fewest multi-tile moves."""

    @property
    def solved(self) -> bool:
        """Whether a solution was found (an anytime search stopped by a limit may have one)."""
        return self.stop is StopReason.SOLVED or bool(self.tiles)

    @property
    def length(self) -> int | None:
        """Number of moves in the solution, or None without one."""
        return len(self.tiles) if self.solved else None

    @property
    def factor(self) -> float | None:
        """Proven: length <= factor x the shortest length (length / lower bound), when known."""
        if self.length is None or self.lower_bound is None:
            return None
        if self.length == 0:
            return 1.0
        return self.length / self.lower_bound if self.lower_bound else None

    def factor_up(self, places: int) -> float | None:
        """``factor`` rounded up to ``places`` decimals (still a proven bound), when known."""
        if self.factor is None or self.length is None or self.lower_bound is None:
            return None
        return round_up(self.length, self.lower_bound, places) if self.length else 1.0

    def to_dict(self) -> dict[str, object]:
        """The result's facts as JSON, with a ``"trace"`` key (``Trace.to_dict``) and a
        ``"tree"`` key (``TreeRecorder.to_dict``) only when the search recorded them; ``factor``
        rounded up to ``FACTOR_PLACES`` decimals. The object the CLI (``--json``) and the web
        API promise is ``npuzzle.answer.result_json``, which adds the words."""
        out: dict[str, object] = {
            "solvable": self.solvable,
            "optimal": self.optimal,
            "length": self.length,
            "tiles": list(self.tiles),
            "moves": self.moves,
            "expanded": self.expanded,
            "generated": self.generated,
            "max_frontier": self.max_frontier,
            "seconds": round(self.seconds, 6),
            "algorithm": self.algorithm,
            "heuristic": self.heuristic,
            "stopped": None if self.stop.finished else self.stop.value,
            "bound": self.bound,
            "weight": self.weight,
            "suboptimality": self.suboptimality,
            "setup_seconds": round(self.setup_seconds, 6),
            "options": dict(self.options),
            "lower_bound": self.lower_bound,
            "factor": self.factor_up(FACTOR_PLACES),
            "history": [step.to_dict() for step in self.history],
            "start": list(self.start.tiles),
            "goal": list(self.goal.tiles),
            "rows": self.start.rows,
            "cols": self.start.cols,
        }
        if self.optimal_if_admissible is not None:  # a person's heuristic: only then
            out["optimal_if_admissible"] = self.optimal_if_admissible
        if self.trace is not None:
            out["trace"] = self.trace.to_dict()
        if self.tree is not None:
            out["tree"] = self.tree.to_dict()
        return out
