"""Grading a submission outside its code: a job (npuzzle/job.py) that asks the code's side for
raw answers and judges them where no one's code runs.

The job never calls the graded code. While it works it has at most one **ask** outstanding
(``Grading.ask``: what the code's side must answer, with the request to send it), and it waits
(``waiting``) until the answer is ``feed``-ed to it. The asks, in order:

* heuristic task, **check** (``kind: check_values``), when admissible, consistent or dominates
  Manhattan is chosen: h on every board of ``custom.check.check_boards`` (every state up to 9
  cells, which then is h's table on every state, on which A* runs with no more asks; the sampled
  boards beyond). The code's side's values arrive in several feeds (the last ``final``;
  ``assignment_answer`` with ``kind: check``, a job answered as ``check_values`` is, its prints
  counted); they go, in order, into the same ``JudgedCheck`` the page's Check uses;
* heuristic task, **rounds** (``kind: values``; beyond 9 cells, or with no check): A* on each
  board in turn (astar.py) says which boards' h it needs and does not have yet, and the best
  boards of its open list; the judge asks h on those it needs and on the boards up to
  ``PREFETCH_DEPTH`` moves beyond them and beyond the open list's best (at most ``MAX_BATCH`` a
  round), and goes on with the answer (on 3x3, about one round per 12 expansions);
* search task (``kind: search``): the search's moves on each board in turn, replayed here
  (``Board.replay``).

A* counts every board unless ``within_time`` is chosen; without it, counting stops once the
expansions in all pass every node criterion's bound (``max_mean`` times the boards, ``max_share``
times Manhattan's total), since each of them has then failed: a weak h costs the judge little.

Each criterion's result is ``pass``, ``fail`` or ``not-judged``, with its evidence and a sentence;
the score is the weights passed over all the weights, as a percentage (``not-judged`` passes
nothing). Whatever the code does (raise, hang, return nonsense, print without end, answer out of
turn) fails the criteria that needed that answer, with a sentence; the grader itself only raises
for a feed that breaks the page's protocol (``ProtocolError``: the wrong ask's id).
Time is the page's clock: each feed's ``seconds`` is how long the code's side took to answer,
as the page measured it, never what the code says.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Generator, Mapping, Sequence, cast

from ..board import Board, MoveError, Tiles
from ..custom.check import DEFAULT_TIME_LIMIT as CHECK_TIME_LIMIT, JudgedCheck, check_boards
from ..custom.heuristic import DEFAULT_FILENAME, MAX_H, UserCodeError, UserHeuristic, board_text
from ..custom.search import DEFAULT_MAX_NODES as SEARCH_MAX_NODES
from ..distance_table import TABLE_CELLS, distance_table
from ..heuristics import table_needs
from ..search import Limits, Search, default_heuristic
from ..search.problem import neighbour_table
from ..search.result import StopReason
from .answers import MAX_ANSWER_MOVES, MAX_ASKED
from .assignment import Assignment
from .astar import AStarRun, Count, Lookup, counted_astar

ASTAR_MAX_NODES = 50_000
"""The most boards A* expands on one board, with h or with Manhattan's distance (past it, that
board's count is "more than" this and the node criteria fail, or Manhattan's are not judged)."""
PREFETCH_DEPTH = 3
"""How many moves beyond the boards A* needs a round also asks h about."""
MAX_BATCH = 512
"""The most boards one round asks h about."""
MAX_KEPT_CHILDREN = 100_000
"""The most boards whose children prefetching keeps (then it starts again: memory stays bounded)."""
OPTIMAL_LIMITS = Limits(max_nodes=20_000_000, time_limit=120.0)
"""The limits of the optimal solver that finds a board's shortest length beyond 9 cells."""
VERDICTS = ("pass", "fail", "not-judged")
STAGES = ("check", "astar", "search", "done")
MAX_ERROR = 300
"""The longest error text of a feed that is kept (the code's side's words, quoted)."""


class ProtocolError(ValueError):
    """A feed the grader cannot take: it answers another ask, or has the wrong shape."""


class NeedTables(ValueError):
    """Grading needs table files that are not here (the optimal solver's beyond 9 cells)."""

    def __init__(self, need: list[str]) -> None:
        super().__init__(f"grading needs the table files {', '.join(need)}")
        self.need = need


@dataclass(frozen=True)
class Ask:
    """What the judge needs from the code's side: ``kind`` (``check_values``, ``values`` or
    ``search``), for which board (its index), the boards to answer h on (``values``), the
    board to search (``search``), and the limits."""

    id: int
    kind: str
    board: int | None
    boards: tuple[Tiles, ...]
    time_limit: float
    max_nodes: int | None

    def request(self, assignment: Assignment) -> dict[str, Any]:
        """The request the page sends the code's worker, with the code's field added
        (``heuristic_code`` or ``search_code``): ``assignment_answer`` of the ask's kind
        (``check``: a job answered as ``check_values`` is, ``values`` or ``search``)."""
        common = {"size": assignment.size, "goal": assignment.goal_name, "time_limit": round(self.time_limit, 3)}
        if self.kind == "check_values":
            return {"op": "assignment_answer", "kind": "check", **common}
        if self.kind == "values":
            return {"op": "assignment_answer", "kind": "values", **common, "boards": [list(b) for b in self.boards]}
        return {"op": "assignment_answer", "kind": "search", **common, "board": list(self.boards[0]),
                "max_nodes": self.max_nodes}

    def to_dict(self, assignment: Assignment) -> dict[str, Any]:
        """JSON-ready form: ``id``, ``kind``, ``board`` (its index, or null), ``streams`` (whether
        its answer comes in several feeds, the last ``final``), ``request``."""
        return {"id": self.id, "kind": self.kind, "board": self.board, "streams": self.kind == "check_values",
                "request": self.request(assignment)}


@dataclass(frozen=True)
class Fed:
    """One answer from the code's side, as the page passes it on (``Grading.feed``)."""

    ask: int
    values: list[Any] | None
    moves: Any
    has_moves: bool
    final: bool
    stopped: Any
    seconds: float | None
    error: str | None


def read_fed(fed: Mapping[str, Any]) -> Fed:
    """A feed: ``{ask, values?, moves?, final?, stopped?, seconds?, error?}``; ProtocolError for
    a shape the page never sends (what the code answered inside it is judged, not refused)."""
    if not isinstance(fed, Mapping):
        raise ProtocolError("feed must be an object {ask, ...}")
    ask = fed.get("ask")
    if isinstance(ask, bool) or not isinstance(ask, int):
        raise ProtocolError("feed's ask must be the id of the ask it answers")
    seconds = fed.get("seconds")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 1e9):
        raise ProtocolError("feed's seconds must be a number of seconds (the page's clock)")
    final = fed.get("final", True)
    if not isinstance(final, bool):
        raise ProtocolError("feed's final must be true or false")
    error = fed.get("error")
    if error is not None:
        error = str(error)
        error = error if len(error) <= MAX_ERROR else error[: MAX_ERROR - 3] + "..."
    values = fed.get("values")  # anything but a list: an answer without values, judged so
    return Fed(ask, values if isinstance(values, list) else None, fed.get("moves"), "moves" in fed, final,
               fed.get("stopped"), None if seconds is None else float(seconds), error)


@dataclass
class CriterionResult:
    """One criterion's result: ``verdict`` (pass, fail, not-judged), whether it was ``sampled``
    (not proven on every state), its ``sentence`` and ``evidence``."""

    name: str
    label: str
    weight: int | float
    verdict: str
    sentence: str
    sampled: bool = False
    evidence: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"name": self.name, "label": self.label, "weight": self.weight, "verdict": self.verdict,
                "sentence": self.sentence, "sampled": self.sampled, "evidence": self.evidence}


@dataclass
class BoardRecord:
    """What grading found on one board of the assignment."""

    index: int
    tiles: Tiles
    nodes: int | None = None
    """A* with h: boards expanded (heuristic task)."""
    nodes_capped: bool = False
    manhattan_nodes: int | None = None
    manhattan_capped: bool = False
    length: int | None = None
    """The search's solution's length, once replayed to the goal (search task)."""
    optimal: int | None = None
    """The board's shortest length, when known."""
    seconds: float | None = None
    """The code's time on this board, on the page's clock (``estimated`` when derived)."""
    estimated: bool = False
    problem: str | None = None
    """Why the code's work on this board failed, in a sentence."""
    legal: bool | None = None
    move_error: dict[str, Any] | None = None
    answered: bool = True
    """False when the code's side gave no answer on this board (it failed, or ran out of time)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"index": self.index, "tiles": list(self.tiles), "nodes": self.nodes, "nodes_capped": self.nodes_capped,
                "manhattan_nodes": self.manhattan_nodes, "manhattan_capped": self.manhattan_capped,
                "length": self.length, "optimal": self.optimal,
                "seconds": None if self.seconds is None else round(self.seconds, 4), "estimated": self.estimated,
                "problem": self.problem, "legal": self.legal, "move_error": self.move_error, "answered": self.answered}


@dataclass(frozen=True)
class GradeProgress:
    """How far grading has got: its stage, the board it works on, asks made, seconds."""

    stage: str
    board: int | None
    boards: int
    asks: int
    waiting: bool
    seconds: float

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"stage": self.stage, "board": self.board, "boards": self.boards, "asks": self.asks,
                "waiting": self.waiting, "seconds": round(self.seconds, 4)}


@dataclass(frozen=True)
class GradeResult:
    """A submission's grade: each criterion's result, each board's record, the score."""

    assignment_id: str
    task: str
    criteria: tuple[CriterionResult, ...]
    boards: tuple[BoardRecord, ...]
    stopped: str | None
    seconds: float

    @property
    def total_weight(self) -> int | float:
        """All the criteria's weights."""
        return sum(c.weight for c in self.criteria)

    @property
    def passed_weight(self) -> int | float:
        """The weights of the criteria passed."""
        return sum(c.weight for c in self.criteria if c.verdict == "pass")

    @property
    def score(self) -> float:
        """The weights passed over all the weights, as a percentage (0 to 100)."""
        total = self.total_weight
        return 100.0 * self.passed_weight / total if total else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the web API's ``grade``)."""
        return {"assignment_id": self.assignment_id, "task": self.task, "score": round(self.score, 2),
                "passed_weight": self.passed_weight, "total_weight": self.total_weight,
                "criteria": [c.to_dict() for c in self.criteria], "boards": [b.to_dict() for b in self.boards],
                "stopped": self.stopped, "seconds": round(self.seconds, 4)}


Work = Generator[GradeProgress, None, None]


def _moves(count: int) -> str:
    return "1 move" if count == 1 else f"{count:,} moves"


def _nodes(count: int) -> str:
    return "1 node" if count == 1 else f"{count:,} nodes"


def _suffice(count: int) -> str:
    return "1 move suffices" if count == 1 else f"{count:,} moves suffice"


class Manhattan:
    """The Manhattan distance to one goal, computed by the judge (its own code)."""

    def __init__(self, goal: Board) -> None:
        rows, cols = goal.rows, goal.cols
        where = {tile: divmod(cell, cols) for cell, tile in enumerate(goal.tiles)}
        self.cost = [[0] * goal.size for _ in range(goal.size)]
        for tile in range(1, goal.size):
            gr, gc = where[tile]
            for cell in range(goal.size):
                r, c = divmod(cell, cols)
                self.cost[tile][cell] = abs(r - gr) + abs(c - gc)
        self.rows = rows

    def __call__(self, tiles: Sequence[int]) -> int:
        cost = self.cost
        return sum(cost[t][cell] for cell, t in enumerate(tiles))


class Grading:
    """The grading of one submission's code against an assignment, a job (npuzzle/job.py):
    ``step`` works until a slice ends or it waits for an answer (``waiting``, with ``ask``
    outstanding); ``feed`` hands it the code's side's answer; ``cancel`` ends it, the criteria
    not yet judged saying so; ``result`` once done. It never calls the graded code."""

    def __init__(self, assignment: Assignment, filename: str = DEFAULT_FILENAME) -> None:
        self.assignment = assignment
        self.goal = assignment.goal
        self.filename = filename
        self.records = [BoardRecord(i, b.tiles) for i, b in enumerate(assignment.boards)]
        self.results: dict[str, CriterionResult] = {}
        self.ask: Ask | None = None
        self.asks = 0
        self.waiting = False
        self.progress: GradeProgress | None = None
        self.result: GradeResult | None = None
        self._queue: list[Fed] = []
        self._stage = "check" if assignment.task == "heuristic" else "search"
        self._board: int | None = None
        self._started = time.perf_counter()
        self._manhattan = Manhattan(self.goal)
        self._work: Work | None = None
        self._check_failure: str | None = None
        self._check_seconds: float | None = None
        self._check_values = 0
        self._over_budget: tuple[BoardRecord, int] | None = None
        """The board on which A*'s expansions in all passed every node criterion's bound, and that bound."""
        if assignment.task == "search" and assignment.choice("optimal") and self.goal.size > TABLE_CELLS:
            need = table_needs([default_heuristic(self.goal.rows, self.goal.cols, self.goal.blank)],
                               self.goal.rows, self.goal.cols, self.goal.blank)
            if need:
                raise NeedTables(need)

    # The job's shape.

    @property
    def done(self) -> bool:
        """Whether the grade is in ``result``."""
        return self.result is not None

    def step(self, budget: float = 0.03) -> None:
        """Judge for about ``budget`` seconds, or until it waits for an answer."""
        if self.result is not None:
            return
        if self._work is None:
            self._started = time.perf_counter()
            self._work = self._run()
        end = time.perf_counter() + budget
        try:
            while True:
                self.progress = next(self._work)
                if self.waiting or time.perf_counter() >= end:
                    return
        except StopIteration:
            self._finish(None)

    def cancel(self) -> None:
        """Stop now: what is not judged yet says so."""
        if self.result is not None:
            return
        if self._work is not None:
            self._work.close()
        self._finish(StopReason.CANCELLED.value)

    def feed(self, fed: Mapping[str, Any]) -> bool:
        """An answer of the code's side to the outstanding ask (see ``read_fed``): True when
        taken; False, and ignored, when it answers an earlier ask the grader no longer waits
        for (a stream's values that came after the grader judged it had enough, or failed).
        ProtocolError for the wrong shape or an ask never made."""
        answer = read_fed(fed)
        if answer.ask > self.asks or answer.ask < 1:
            raise ProtocolError(f"the feed answers ask {answer.ask}, but the grader has made {self.asks} asks")
        if self.ask is None or answer.ask != self.ask.id:
            return False
        self._queue.append(answer)
        self.waiting = False
        return True

    def ask_json(self) -> dict[str, Any] | None:
        """The outstanding ask's JSON (None when none)."""
        return None if self.ask is None else self.ask.to_dict(self.assignment)

    # Judging.

    def _report(self) -> GradeProgress:
        return GradeProgress(self._stage, self._board, len(self.records), self.asks, self.waiting,
                             time.perf_counter() - self._started)

    def _new_ask(self, kind: str, board: int | None, boards: Sequence[Tiles], time_limit: float,
                 max_nodes: int | None = None) -> Ask:
        self.asks += 1
        self.ask = Ask(self.asks, kind, board, tuple(boards), time_limit, max_nodes)
        return self.ask

    def _answer(self) -> Generator[GradeProgress, None, Fed]:
        """The next feed for the outstanding ask, waiting (reporting) until it comes."""
        while not self._queue:
            self.waiting = True
            yield self._report()
        self.waiting = False
        fed = self._queue.pop(0)
        if fed.final:
            self.ask = None
        return fed

    def _set(self, name: str, verdict: str, sentence: str, evidence: dict[str, Any] | None = None,
             sampled: bool = False) -> None:
        choice = self.assignment.choice(name)
        if choice is not None:
            self.results[name] = CriterionResult(name, choice.info.label, choice.weight, verdict, sentence, sampled,
                                                 evidence or {})

    def _chosen(self, *names: str) -> bool:
        return any(self.assignment.choice(n) is not None for n in names)

    def _run(self) -> Work:
        if self.assignment.task == "heuristic":
            table = yield from self._check()
            if self._chosen("astar_mean_nodes", "astar_manhattan_share", "within_time"):
                self._stage = "astar"
                yield from self._astar(table)
        else:
            yield from self._searches()
        self._stage = "done"

    def _finish(self, stopped: str | None) -> None:
        self._work = None
        self.ask = None
        self.waiting = False
        why = ("grading was stopped before this was judged" if stopped else
               "grading ended before this was judged")
        criteria = tuple(self.results.get(c.name) or CriterionResult(c.name, c.info.label, c.weight, "not-judged", why)
                         for c in self.assignment.criteria)
        self.result = GradeResult(self.assignment.id, self.assignment.task, criteria, tuple(self.records), stopped,
                                  time.perf_counter() - self._started)

    # The heuristic task: the check.

    def _check(self) -> Generator[GradeProgress, None, "Lookup | _Known | None"]:
        """Ask h on every board of the check and judge admissible, consistent and dominates
        Manhattan; the table of h on every state (boards of at most 9 cells; None if the check
        did not finish) or the values of the boards checked, for A*."""
        exhaustive = self.goal.size <= TABLE_CELLS
        if not self._chosen("admissible", "consistent", "dominates_manhattan"):  # A* asks in rounds
            return _Known({})
        self._new_ask("check_values", None, (), CHECK_TIME_LIMIT)
        judged = JudgedCheck([], self.goal, self.filename, None, None, more=True)
        failure: str | None = None
        while not judged.done and failure is None:
            while self._queue and failure is None:
                fed = self._queue.pop(0)
                if fed.final:
                    self.ask = None
                if fed.error is not None:
                    failure = f"your code's worker failed while h answered the check's boards: {fed.error}"
                elif fed.values is None:
                    failure = "your code's worker answered the check without h's values"
                else:
                    try:
                        judged.feed(fed.values, fed.final, fed.stopped, fed.seconds)
                    except ValueError as exc:
                        failure = f"your code's worker answered the check with {exc}"
            if failure is not None:
                break
            try:
                judged.step(0.02)
            except UserCodeError as exc:
                failure = exc.message
                break
            if not judged.done:
                self.waiting = judged.waiting and not self._queue
                yield self._report()
        self.waiting = False
        if self.ask is not None and self.ask.kind == "check_values":
            self.ask = None  # a failure before its last feed: nothing more is taken from it
        result = judged.result
        if failure is None and result is not None and result.stopped is not None:
            failure = (f"h did not answer every board of the check within {CHECK_TIME_LIMIT:g} s: it answered "
                       f"{result.states:,} of {judged.most:,}" if result.stopped == StopReason.TIME_LIMIT.value
                       else f"the check stopped after {result.states:,} of {judged.most:,} boards ({result.stopped})")
        complete = failure is None and result is not None
        tally = judged.tally
        checked = tally.states
        words = judged.samples
        if self._chosen("admissible"):
            worst = tally.worst_over
            if worst is not None:
                self._set("admissible", "fail",
                          f"not admissible: h exceeds the true distance on {tally.overestimates:,} of the {checked:,} boards "
                          f"checked; worst: h {worst.h} on {board_text(worst.board)}, where {_suffice(worst.distance)}",
                          {"overestimates": tally.overestimates, "checked": checked, "worst": worst.to_dict(),
                           "examples": [o.to_dict() for o in tally.over_examples[:10]]}, not exhaustive)
            elif not complete:
                self._set("admissible", "fail", f"not judged admissible: {failure}", {"checked": checked}, not exhaustive)
            elif exhaustive:
                self._set("admissible", "pass", f"admissible: h never exceeds the true distance on all {checked:,} states",
                          {"checked": checked})
            else:
                self._set("admissible", "pass", f"sampled: no overestimate found on the {checked:,} boards checked "
                                                f"({words}); not proven on every state", {"checked": checked}, True)
        if self._chosen("consistent"):
            edge = tally.worst_edge
            if edge is not None:
                self._set("consistent", "fail",
                          f"not consistent: h drops by more than 1 along {tally.inconsistent:,} moves; worst: from "
                          f"{edge.h_before} on {board_text(edge.before)} to {edge.h_after} on {board_text(edge.after)}, "
                          "one move apart", {"inconsistent_moves": tally.inconsistent, "moves_checked": tally.edges,
                                             "worst": edge.to_dict(),
                                             "examples": [e.to_dict() for e in tally.edge_examples[:10]]}, not exhaustive)
            elif not complete:
                self._set("consistent", "fail", f"not judged consistent: {failure}", {"moves_checked": tally.edges},
                          not exhaustive)
            elif exhaustive:
                self._set("consistent", "pass", f"consistent: no move lowers h by more than 1 ({tally.edges:,} moves "
                                                "checked, every one)", {"moves_checked": tally.edges})
            else:
                self._set("consistent", "pass", f"sampled: no move lowers h by more than 1 among the {tally.edges:,} "
                                                f"moves checked ({words}); not proven on every move",
                          {"moves_checked": tally.edges}, True)
        values = judged.replay.values[: judged.replay.used]  # each read (checked) by the check
        table: list[int] | None = None
        numbering = None
        known: dict[Tiles, int] = {}
        below = 0
        first: dict[str, Any] | None = None
        manhattan = self._manhattan
        dominance = self._chosen("dominates_manhattan")
        count = len(values)
        if exhaustive:  # the check's boards are the table's states in the order found: no tiles needed
            distances = distance_table(self.goal)
            numbering = distances.numbering
            prefix, suffix, split, to_tiles = numbering.prefix, numbering.suffix, numbering.split, numbering.tiles
            table = [-1] * numbering.size if complete else None
            order = distances.order
            for at in range(0, count, 8192):
                for state, given in zip(order[at:at + 8192], values[at:at + 8192]):
                    value = cast(int, given)  # each read by the check: an int
                    if table is not None:
                        table[prefix[state // split] + suffix[state % split]] = value
                    if dominance:
                        tiles = to_tiles(state)
                        md = manhattan(tiles)
                        if value < md:
                            below += 1
                            if first is None:
                                first = {"board": list(tiles), "h": value, "manhattan": md}
                yield self._report()
        else:
            for tiles, given in zip(check_boards(self.goal), values):
                value = cast(int, given)  # each read by the check: an int
                known[tiles] = value
                if dominance:
                    md = manhattan(tiles)
                    if value < md:
                        below += 1
                        if first is None:
                            first = {"board": list(tiles), "h": value, "manhattan": md}
                if not len(known) % 4096:
                    yield self._report()
        if self._chosen("dominates_manhattan"):
            if first is not None:
                self._set("dominates_manhattan", "fail",
                          f"does not dominate Manhattan: h is below the Manhattan distance on {below:,} of the {count:,} "
                          f"boards h was asked about; first: h {first['h']} on {board_text(first['board'])}, where Manhattan "
                          f"says {first['manhattan']}", {"below": below, "checked": count, "first": first},
                          not exhaustive)
            elif not complete:
                self._set("dominates_manhattan", "fail", f"not judged: {failure}", {"checked": count}, not exhaustive)
            else:
                what = f"on all {count:,} states" if exhaustive else f"on the {count:,} boards h was asked about (sampled)"
                self._set("dominates_manhattan", "pass", f"h is at least the Manhattan distance {what}",
                          {"checked": count}, not exhaustive)
        self._check_failure = failure
        self._check_seconds = judged.seconds if complete else None
        self._check_values = count
        if exhaustive:
            if table is None or numbering is None:
                return None
            rank, code = numbering.rank, numbering.code
            by_rank = table

            def lookup(tiles: Tiles) -> int | None:
                return by_rank[rank(code(tiles))]
            return lookup
        return _Known(known)

    # The heuristic task: A*.

    def _drive(self, run: AStarRun, record: BoardRecord,
               known: "_Known | None") -> Generator[GradeProgress, None, Count | None]:
        """Run A* to its end, asking rounds of h (``known``: the values answered so far) when it
        needs some; None when the code's side failed on this board (``record.problem`` says why)."""
        limit = float(self.assignment.time_limit)
        try:
            asked = next(run)
            while True:
                if asked is None:
                    yield self._report()
                    asked = next(run)
                    continue
                if known is None:  # pragma: no cover - a table knows every state
                    raise RuntimeError("A* asked for h on a table")
                spent = record.seconds or 0.0
                batch = known.batch(asked.boards, asked.ahead, self.goal)
                self._new_ask("values", record.index, batch, max(limit - spent, 0.001))
                fed = yield from self._answer()
                record.seconds = spent + (fed.seconds or 0.0)
                why = self._take_values(fed, batch, known, record)
                if why is not None:
                    record.problem = why
                    return None
                if record.seconds > limit:
                    record.problem = (f"h took {record.seconds:.2f} s on board {record.index + 1} (the page's clock), more "
                                      f"than the {limit:g} s per board, before A* finished")
                    return None
                asked = run.send(None)
        except StopIteration as end:
            count: Count = end.value
            return count

    def _take_values(self, fed: Fed, batch: Sequence[Tiles], known: "_Known", record: BoardRecord) -> str | None:
        """The round's values into ``known``, each checked as h's answer is; why not, in a sentence."""
        where = f"on board {record.index + 1}"
        if fed.error is not None:
            return f"your code's worker failed while h answered A*'s boards {where}: {fed.error}"
        values = fed.values
        if values is None:
            return f"your code's worker answered A*'s boards {where} without h's values"
        if len(values) > len(batch):
            return f"your code's worker answered {len(values):,} values for {len(batch):,} boards {where}"
        reader = UserHeuristic(lambda *_: 0, self.filename, "")
        for tiles, value in zip(batch, values):
            if type(value) is not int or not 0 <= value <= MAX_H:
                try:
                    value = reader.checked(value, tiles)
                except UserCodeError as exc:
                    return exc.message
            known.values[tiles] = value
        if len(values) < len(batch):
            if fed.stopped == StopReason.TIME_LIMIT.value:
                return (f"h did not answer A*'s boards {where} within the {self.assignment.time_limit:g} s per board "
                        f"(it answered {len(values):,} of {len(batch):,})")
            return f"your code's worker answered h on {len(values):,} of {len(batch):,} boards {where} without saying why"
        return None

    def _node_budget(self) -> int | None:
        """The most expansions in all that can still pass a node criterion (the largest of their
        bounds: past it, every one of them fails), or None when every board must be counted
        (within_time is chosen, or no bound is known)."""
        if self._chosen("within_time"):
            return None
        bounds = []
        mean = self.assignment.choice("astar_mean_nodes")
        if mean is not None:
            bounds.append(int(mean.parameter("max_mean")) * len(self.records))
        share = self.assignment.choice("astar_manhattan_share")
        if share is not None:
            if any(r.manhattan_nodes is None or r.manhattan_capped for r in self.records):
                return None
            bounds.append(int(share.parameter("max_share") * sum(r.manhattan_nodes or 0 for r in self.records)))
        return max(bounds) if bounds else None

    def _astar(self, table: "Lookup | _Known | None") -> Work:
        goal, rows, cols = self.goal.tiles, self.goal.rows, self.goal.cols
        failure = self._check_failure
        known = table if isinstance(table, _Known) else None
        lookup: Lookup | None = known.get if known is not None else (None if isinstance(table, _Known) else table)
        if self._chosen("astar_manhattan_share"):  # Manhattan's counts first: they bound h's
            for record in self.records:
                self._board = record.index
                run = counted_astar(record.tiles, goal, rows, cols, self._manhattan, ASTAR_MAX_NODES)
                counted = yield from self._drive(run, record, None)
                if counted is not None:
                    record.manhattan_nodes = counted.expanded
                    record.manhattan_capped = counted.stopped is not None
        budget = self._node_budget()
        used = 0
        stopped_on: BoardRecord | None = None
        for record in self.records:
            if lookup is None or stopped_on is not None or self._over_budget is not None:
                break
            self._board = record.index
            if known is not None and record.seconds is None:
                record.seconds = 0.0  # what its rounds take (none, when earlier rounds asked all it needs)
            cap = ASTAR_MAX_NODES if budget is None else min(ASTAR_MAX_NODES, budget - used + 1)
            run = counted_astar(record.tiles, goal, rows, cols, lookup, cap)
            counted = yield from self._drive(run, record, known)
            if counted is None:
                stopped_on = record
                continue
            record.nodes = counted.expanded
            used += counted.expanded
            record.nodes_capped = counted.stopped is not None
            if budget is not None and used > budget:
                self._over_budget = (record, budget)
            if known is None and self._check_seconds is not None and self._check_values:
                record.seconds = self._check_seconds * counted.used / self._check_values
                record.estimated = True
        self._board = None
        if lookup is None:
            failure = failure or "the check of h did not finish"
            why = f"A* needs h on every state it reaches, and the check did not give it: {failure}"
        elif stopped_on is not None:
            why = stopped_on.problem or f"A* could not finish on board {stopped_on.index + 1}"
        else:
            why = None
        self._judge_nodes(why)
        self._judge_heuristic_time(why)

    def _judge_nodes(self, why: str | None) -> None:
        records = self.records
        nodes = [r.nodes for r in records]
        evidence: dict[str, Any] = {"nodes": nodes, "cap": ASTAR_MAX_NODES}
        capped = next((r for r in records if r.nodes_capped), None)
        over = self._over_budget
        spent = ""
        if over is not None:
            evidence["budget"] = over[1]
            spent = (f"A* with h expanded more than {over[1]:,} nodes in all by board {over[0].index + 1} of "
                     f"{len(records)} (the boards after it were not counted)")
        choice = self.assignment.choice("astar_mean_nodes")
        if choice is not None:
            most = choice.parameter("max_mean")
            if why is not None:
                self._set("astar_mean_nodes", "fail", why, evidence)
            elif over is not None:
                self._set("astar_mean_nodes", "fail", f"{spent}, so more than {most:,} on average", evidence)
            elif capped is not None:
                self._set("astar_mean_nodes", "fail", f"A* with h expanded more than {ASTAR_MAX_NODES:,} nodes on board "
                                                      f"{capped.index + 1} (the grader's cap per board)", evidence)
            else:
                mean = sum(n or 0 for n in nodes) / len(nodes)
                evidence.update(mean=round(mean, 3), max_mean=most)
                verdict = "pass" if mean <= most else "fail"
                self._set("astar_mean_nodes", verdict,
                          f"A* with h expands {mean:,.1f} nodes on average over {len(nodes)} boards, "
                          f"{'at most' if verdict == 'pass' else 'more than'} {most:,}", evidence)
        choice = self.assignment.choice("astar_manhattan_share")
        if choice is not None:
            most_share = choice.parameter("max_share")
            evidence = {**evidence, "manhattan_nodes": [r.manhattan_nodes for r in records]}
            unknown = next((r for r in records if r.manhattan_capped or r.manhattan_nodes is None), None)
            if why is not None:
                self._set("astar_manhattan_share", "fail", why, evidence)
            elif over is not None:
                base = sum(r.manhattan_nodes or 0 for r in records)
                self._set("astar_manhattan_share", "fail", f"{spent}, so more than {most_share:g} times Manhattan's "
                                                           f"{base:,}", evidence)
            elif capped is not None:
                self._set("astar_manhattan_share", "fail", f"A* with h expanded more than {ASTAR_MAX_NODES:,} nodes on "
                                                           f"board {capped.index + 1} (the grader's cap per board)", evidence)
            elif unknown is not None:
                self._set("astar_manhattan_share", "not-judged", f"A* with the Manhattan distance expanded more than "
                                                                 f"{ASTAR_MAX_NODES:,} nodes on board {unknown.index + 1}, so "
                                                                 "its count is not known", evidence)
            else:
                total = sum(r.nodes or 0 for r in records)
                base = sum(r.manhattan_nodes or 0 for r in records)
                ratio = total / base if base else (0.0 if total == 0 else float("inf"))
                evidence.update(total=total, manhattan_total=base, share=round(ratio, 6), max_share=most_share)
                verdict = "pass" if ratio <= most_share else "fail"
                self._set("astar_manhattan_share", verdict,
                          f"A* with h expands {_nodes(total)} in all, {ratio:.3f} times Manhattan's {base:,}: "
                          f"{'at most' if verdict == 'pass' else 'more than'} {most_share:g} times", evidence)

    def _judge_heuristic_time(self, why: str | None) -> None:
        if not self._chosen("within_time"):
            return
        limit = self.assignment.time_limit
        seconds = [None if r.seconds is None else round(r.seconds, 4) for r in self.records]
        estimated = any(r.estimated for r in self.records)
        evidence: dict[str, Any] = {"seconds": seconds, "limit": limit, "estimated": estimated}
        slow = next((r for r in self.records if r.seconds is not None and r.seconds > limit), None)
        if slow is not None:
            self._set("within_time", "fail", f"h took {slow.seconds:.2f} s on board {slow.index + 1}, more than the "
                                             f"{limit:g} s per board", evidence)
        elif why is not None:
            self._set("within_time", "fail", why, evidence)
        elif any(s is None for s in seconds):
            self._set("within_time", "not-judged", "the page did not say how long h took", evidence)
        else:
            how = (" (each board's time estimated from h's time per board over the whole check, on the page's clock, "
                   "times the boards A* looked h up on)") if estimated else " (the page's clock)"
            self._set("within_time", "pass", f"h answered within {limit:g} s on every board{how}", evidence)

    # The search task.

    def _searches(self) -> Work:
        limit = float(self.assignment.time_limit)
        for record in self.records:
            self._board = record.index
            self._new_ask("search", record.index, (record.tiles,), limit, SEARCH_MAX_NODES)
            fed = yield from self._answer()
            record.seconds = fed.seconds
            self._judge_moves(fed, record)
            if record.legal and self._chosen("optimal"):
                record.optimal = yield from self._optimal(record)
        self._board = None
        self._judge_searches()

    def _judge_moves(self, fed: Fed, record: BoardRecord) -> None:
        where = f"board {record.index + 1}"
        board = self.assignment.boards[record.index]
        record.legal = False
        if fed.error is not None:
            record.problem = f"your code's worker failed on {where}: {fed.error}"
            record.answered = False
            return
        moves = fed.moves
        if moves is None:
            record.answered = fed.stopped != StopReason.TIME_LIMIT.value
            if fed.stopped in (StopReason.NODE_LIMIT.value, StopReason.TIME_LIMIT.value):
                said = StopReason(fed.stopped).stopped_by()
                limit = (f"{SEARCH_MAX_NODES:,} expansions" if fed.stopped == StopReason.NODE_LIMIT.value
                         else f"{self.assignment.time_limit:g} s")
                record.problem = (f"the search returned no solution on {where}; its worker says it was stopped by "
                                  f"{said} ({limit})")
            else:
                record.problem = f"the search returned no solution on {where}, which can reach the goal"
            return
        if not isinstance(moves, list) or len(moves) > MAX_ANSWER_MOVES:
            record.problem = (f"the search's answer on {where} is not a list of at most {MAX_ANSWER_MOVES:,} moves")
            return
        try:
            played = board.replay(moves)
        except MoveError as exc:
            record.move_error = {"step": exc.number, "tile": exc.tile if type(exc.tile) is int else None,
                                 "before": list(exc.board.tiles)}
            record.problem = f"the search's move {exc.number} of {len(moves)} on {where} is illegal: {exc.why}"
            return
        if played.end != self.goal:
            record.problem = (f"the search's {_moves(len(moves))} on {where} end on {board_text(played.end.tiles)}, "
                              f"not on the goal")
            record.move_error = {"step": None, "tile": None, "end": list(played.end.tiles)}
            return
        record.legal = True
        record.length = len(moves)

    def _optimal(self, record: BoardRecord) -> Generator[GradeProgress, None, int | None]:
        board = self.assignment.boards[record.index]
        if self.goal.size <= TABLE_CELLS:
            table = distance_table(self.goal)
            while not table.complete:
                table.grow(20_000)
                yield self._report()
            return table.distance_of(board)
        search = Search(board, self.goal, "idastar", None, OPTIMAL_LIMITS)
        while not search.done:
            search.step(0.02)
            yield self._report()
        result = search.result
        if result is None or not result.optimal or result.length is None:
            return None
        return int(result.length)

    def _judge_searches(self) -> None:
        records = self.records
        failed = next((r for r in records if not r.legal), None)
        lengths = [r.length for r in records]
        if self._chosen("legal"):
            if failed is not None:
                self._set("legal", "fail", failed.problem or f"board {failed.index + 1} failed",
                          {"board": failed.index, "tiles": list(failed.tiles), "move_error": failed.move_error,
                           "lengths": lengths})
            else:
                self._set("legal", "pass", f"every move is legal and every solution ends on the goal, on all "
                                           f"{len(records)} boards", {"lengths": lengths})
        if self._chosen("optimal"):
            optimal = [r.optimal for r in records]
            evidence = {"lengths": lengths, "optimal": optimal}
            longer = next((r for r in records if r.legal and r.optimal is not None and r.length != r.optimal), None)
            if failed is not None:
                self._set("optimal", "fail", failed.problem or f"board {failed.index + 1} failed",
                          {**evidence, "board": failed.index})
            elif longer is not None:
                self._set("optimal", "fail", f"the solution on board {longer.index + 1} takes {_moves(longer.length or 0)}; "
                                             f"the shortest takes {longer.optimal}", {**evidence, "board": longer.index})
            elif any(o is None for o in optimal):
                unknown = next(r for r in records if r.optimal is None)
                self._set("optimal", "not-judged", f"the shortest length of board {unknown.index + 1} was not found "
                                                   "within the grader's limits", evidence)
            else:
                self._set("optimal", "pass", f"every solution is a shortest one, on all {len(records)} boards", evidence)
        if self._chosen("within_time"):
            limit = self.assignment.time_limit
            seconds = [None if r.seconds is None else round(r.seconds, 4) for r in records]
            timing: dict[str, Any] = {"seconds": seconds, "limit": limit, "estimated": False}
            slow = next((r for r in records if r.seconds is not None and r.seconds > limit), None)
            unanswered = next((r for r in records if not r.answered), None)
            if slow is not None:
                self._set("within_time", "fail", f"the search took {slow.seconds:.2f} s on board {slow.index + 1}, more "
                                                 f"than the {limit:g} s per board", timing)
            elif unanswered is not None:
                self._set("within_time", "fail", unanswered.problem or f"no answer on board {unanswered.index + 1}", timing)
            elif any(s is None for s in seconds):
                self._set("within_time", "not-judged", "the page did not say how long the search took", timing)
            else:
                self._set("within_time", "pass", f"the search answered within {limit:g} s on every board "
                                                 "(the page's clock)", timing)


class _Known:
    """The values of h the judge was given, by board (rounds beyond 9 cells)."""

    def __init__(self, values: dict[Tiles, int]) -> None:
        self.values = values
        self._children: dict[Tiles, list[Tiles]] = {}

    def get(self, tiles: Tiles) -> int | None:
        """h of ``tiles``, if given."""
        return self.values.get(tiles)

    def children(self, tiles: Tiles, neighbours: tuple[tuple[int, ...], ...]) -> list[Tiles]:
        """The boards one move from ``tiles`` (kept: prefetching walks the same region again)."""
        out = self._children.get(tiles)
        if out is None:
            blank = tiles.index(0)
            out = []
            for cell in neighbours[blank]:
                cells = list(tiles)
                cells[blank], cells[cell] = cells[cell], 0
                out.append(tuple(cells))
            if len(self._children) >= MAX_KEPT_CHILDREN:
                self._children.clear()
            self._children[tiles] = out
        return out

    def batch(self, needed: Sequence[Tiles], ahead: Sequence[Tiles], goal: Board) -> list[Tiles]:
        """The boards to ask about: ``needed``, then, breadth-first, those up to PREFETCH_DEPTH
        moves beyond them and beyond ``ahead`` (where A* goes next), not known yet, at most
        MAX_BATCH."""
        neighbours = neighbour_table(goal.rows, goal.cols)
        values = self.values
        most = min(MAX_BATCH, MAX_ASKED)
        out = [t for t in dict.fromkeys(needed) if t not in values][:most]
        seen = set(out) | set(ahead)
        layer = [*out, *ahead]
        for _ in range(PREFETCH_DEPTH):
            following = []
            for tiles in layer:
                for child in self.children(tiles, neighbours):
                    if child not in seen:
                        seen.add(child)
                        following.append(child)
                        if child not in values:
                            if len(out) >= most:
                                return out
                            out.append(child)
            layer = following
        return out


__all__ = ["ASTAR_MAX_NODES", "Ask", "BoardRecord", "CriterionResult", "GradeProgress", "GradeResult", "Grading",
           "MAX_BATCH", "NeedTables", "PREFETCH_DEPTH", "ProtocolError", "VERDICTS"]
