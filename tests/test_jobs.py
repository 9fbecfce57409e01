"""One job shape (npuzzle/job.py) for every long piece of work, and one door each: the
search, the comparison, the heuristic check, the table loading and the analysis of a game are stepped, cancelled
and asked for progress and a result alike; the web API answers any of them through one
adapter (``WebJob``, with one ``JOB_JSON`` entry per kind), the command line runs any of
them in one loop (``_drive``) and draws their progress with one printer (``ProgressLine``,
one ``PROGRESS_WORDS`` entry per kind)."""

from __future__ import annotations

import ast
import inspect
import io
from typing import Any, Callable

import pytest

from npuzzle import Board, Limits, Progress, Search, SearchResult, StopReason, webapi
from npuzzle.analysis import AnalysisProgress, AnalysisResult, GameAnalysis, read_game
from npuzzle.assign.answers import QuietValues
from npuzzle.assign.grade import Grading
from npuzzle.compare import Comparison, ComparisonProgress
from npuzzle.custom import TEMPLATE, CheckProgress, CheckResult, HeuristicCheck, HeuristicValues, load_heuristic
from npuzzle.custom.check import JudgedCheck, Values, ValuesProgress, check_boards, judge_check
from npuzzle.job import run
from npuzzle.report import PROGRESS_WORDS, ProgressLine
from npuzzle.speed.all_optimal import AllOptimal
from npuzzle.speed.mtm_solve import MtmSolve
from npuzzle.speed.optimize import Optimize
from npuzzle.search.preparation import TableLoading, TablesLoaded

from .helpers import ROOT, advance

HARD = Board.from_string("8 6 7 / 2 5 4 / 3 0 1")  # 31 moves
GOAL = Board.goal(3)
MANHATTAN = load_heuristic(TEMPLATE)
GOAL_2X4 = Board.goal(2, 4)
NEAR_4X4 = Board.from_string("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15")  # a 4x4 game near its goal

JOBS: dict[str, Callable[[], Any]] = {
    "search": lambda: Search(HARD, GOAL, "idastar", "manhattan", Limits(max_nodes=10**8)),
    "comparison": lambda: Comparison(HARD, GOAL, Limits(max_nodes=2_000, time_limit=5)),
    "check": lambda: HeuristicCheck(MANHATTAN, Board.goal(2, 4)),
    "check_values": lambda: HeuristicValues(MANHATTAN, Board.goal(2, 4)),
    "judged_check": lambda: judge_check([MANHATTAN(b, GOAL_2X4.tiles, 2, 4) for b in check_boards(GOAL_2X4)], GOAL_2X4),
    "tables": lambda: TableLoading("pdb", 4, 4, 15),
    "analysis": lambda: GameAnalysis(read_game(NEAR_4X4, Board.goal(4), "RLDUL", "page")),
}
"""Each kind of job, made fresh, long enough that a step of 1 ms leaves it running (each
reports after a thousand nodes or fewer, 63 boards checked, one table loaded), short
enough to run to the end in a fraction of a second (the 4x4 tables in about one, which the
analysis of a short 4x4 game loads first)."""
KINDS = {"search": (Progress, SearchResult), "comparison": (ComparisonProgress, list),
         "check": (CheckProgress, CheckResult), "check_values": (ValuesProgress, Values),
         "judged_check": (CheckProgress, CheckResult), "tables": (Progress, TablesLoaded),
         "analysis": (AnalysisProgress, AnalysisResult)}


@pytest.fixture(autouse=True)
def fresh_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 4x4 tables unloaded, so that loading them takes steps (and is left loaded after)."""
    from npuzzle import pattern_db

    monkeypatch.setattr(pattern_db, "_LOADED", {})


@pytest.mark.parametrize("kind", JOBS)
def test_every_job_steps_reports_and_ends_with_its_result(kind: str) -> None:
    progress_type, result_type = KINDS[kind]
    job = JOBS[kind]()
    assert not job.done and job.result is None and job.progress is None
    assert job.step(0.001) is None  # step answers nothing: progress and result are asked
    assert not job.done and isinstance(job.progress, progress_type)
    seen: list[object] = []
    result = run(job, seen.append, interval=0.05)
    assert job.done and result is job.result and isinstance(result, result_type)
    assert all(isinstance(p, progress_type) for p in seen)
    assert advance(job, 0.01) is result  # a job that is done stays done


@pytest.mark.parametrize("kind", JOBS)
def test_every_job_cancels_at_once_and_says_so(kind: str) -> None:
    job = JOBS[kind]()
    job.step(0.001)
    assert job.cancel() is None and job.done
    result = job.result
    job.cancel()  # twice: nothing changes
    assert job.result is result
    stopped = {
        "search": lambda r: r.stop is StopReason.CANCELLED,
        "comparison": lambda r: len(r) == 1 and r[0].stop is StopReason.CANCELLED,
        "check": lambda r: r.stopped == "cancelled" and r.admissible is None,
        "check_values": lambda r: r.stopped == "cancelled" and 0 < len(r.values) < r.total,
        "judged_check": lambda r: r.stopped == "cancelled" and r.admissible is None,
        "tables": lambda r: r.stopped,
        "analysis": lambda r: r.stopped == "cancelled" and not r.complete,
    }[kind]
    assert stopped(result), result


def test_run_cancels_when_asked_by_the_progress_callback() -> None:
    job = Search(HARD, GOAL, "idastar", "hamming", Limits(max_nodes=10**8))  # millions of nodes
    calls: list[Progress] = []
    result = run(job, lambda p: calls.append(p) is None and len(calls) == 2, interval=0.01)
    assert len(calls) == 2 and result.stop is StopReason.CANCELLED and result.expanded >= calls[-1].expanded


def test_the_old_entry_points_still_work() -> None:
    """``solve``, ``Search.run`` and ``compare`` keep their shapes (they run a job now)."""
    from npuzzle import solve
    from npuzzle.compare import compare

    assert solve(HARD, algorithm="idastar", heuristic="manhattan").length == 31
    assert Search(HARD, GOAL, "astar", "manhattan").run().length == 31
    seen: list[SearchResult] = []
    results = compare(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), on_result=seen.append)
    assert seen == results and all(r.length == 2 for r in results)


# -- one adapter in the web API -----------------------------------------------------


def test_the_web_api_answers_every_job_through_one_adapter() -> None:
    """Each job class an op starts has one JSON entry, and only the adapter steps a job."""
    assert set(webapi.JOB_JSON) == {Search, Comparison, HeuristicCheck, HeuristicValues, JudgedCheck, TableLoading, GameAnalysis,
                                    AllOptimal, Optimize, MtmSolve, QuietValues, Grading}
    tree = ast.parse((ROOT / "npuzzle" / "webapi.py").read_text())
    classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
    steppers = [
        node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
        and any(isinstance(item, ast.FunctionDef) and item.name == "step" for item in node.body)
    ]
    assert steppers == ["WebJob"], classes
    step_calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
                  and isinstance(node.func, ast.Attribute) and node.func.attr == "step"]
    assert len(step_calls) == 2  # WebJob.step, and _slice calling it


@pytest.mark.parametrize("kind", JOBS)
def test_the_adapter_answers_each_kind_in_its_own_json(kind: str) -> None:
    web = webapi.WebJob(JOBS[kind]())
    web.step(0.001)
    answer = web.answer(7)
    assert answer["type"] == "progress" and answer["job"] == 7 and isinstance(answer["progress"], dict)
    web.cancel()
    last = web.answer(7)
    expected = {"search": ("result", {"result"}), "comparison": ("comparison", {"results"}),
                "check": ("check", {"check"}), "tables": ("prepared", {"heuristic", "seconds"}),
                "check_values": ("check_values", {"values", "values_from", "total", "stopped", "seconds"}),
                "judged_check": ("check", {"check"}),
                "analysis": ("analysis", {"analysis"})}[kind]
    assert (last["type"], set(last) - {"type", "job"}) == expected


def test_a_new_kind_of_job_is_one_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A job the web API and the command line do not know yet: one JSON entry and one
    words entry make both doors drive it."""

    class Count:
        """Counts to three, a step at a time."""

        def __init__(self) -> None:
            self.progress: int | None = None
            self.result: str | None = None

        @property
        def done(self) -> bool:
            return self.result is not None

        def step(self, budget: float) -> None:
            self.progress = (self.progress or 0) + 1
            if self.progress == 3:
                self.result = "three"

        def cancel(self) -> None:
            self.result = self.result or "stopped"

    monkeypatch.setitem(webapi.JOB_JSON, Count, webapi.JobJson[Count](
        "counted", lambda job, told: {"said": job.result}, lambda job, told: {"progress": job.progress}))
    answer = webapi._begin(Count(), 0.01)
    assert (answer["type"], answer["progress"]) == ("progress", 1)
    answer = webapi.handle_dict({"op": "step", "job": answer["job"]})
    answer = webapi.handle_dict({"op": "step", "job": answer["job"]})
    assert (answer["type"], answer["said"], answer["ok"]) == ("counted", "three", True)

    from npuzzle.cli import _drive

    monkeypatch.setitem(PROGRESS_WORDS, int, lambda n: f"counted {n}")
    stream = io.StringIO()
    assert _drive(Count(), ProgressLine(stream)) == "three"
    assert "\r  counted 1" in stream.getvalue() and "\r  counted 2" in stream.getvalue()


# -- one loop and one printer in the command line ------------------------------------


def test_the_command_line_runs_every_job_in_one_loop() -> None:
    from npuzzle import cli

    tree = ast.parse(inspect.getsource(cli))
    callers = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
               for call in ast.walk(node) if isinstance(call, ast.Call)
               and isinstance(call.func, ast.Attribute) and call.func.attr in ("step", "run")}
    assert callers == {"_drive"}
    writers = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
               and "\\r" in ast.unparse(node)}
    assert not writers, "progress is drawn by report.ProgressLine alone"


@pytest.mark.parametrize("kind", JOBS)
def test_every_kind_of_progress_has_words(kind: str) -> None:
    job = JOBS[kind]()
    job.step(0.001)
    stream = io.StringIO()
    line = ProgressLine(stream)
    line.show(job.progress)
    drawn = stream.getvalue()
    assert drawn.startswith("\r  ") and len(drawn) <= 80 and "None" not in drawn
    line.clear()
    assert stream.getvalue().endswith("\r") and line.drawn == 0
    job.cancel()


@pytest.mark.parametrize("progress", [
    Progress(0, 0, 0, 0, 0.0, best=31),  # the anytime solver's first answer: no bound yet (the old crash)
    Progress(0, 0, 0, 0, 0.2, best=31, stage="Loading pattern databases"),
    Progress(500, 900, 20, 20, 1.5, best=40, lower_bound=36),
    Progress(0, 0, 0, 0, 0.4, stage="Loading pattern databases"),
    Progress(64, 120, 55, 60, 0.1),
    Progress(1024, 2000, 31, 31, 0.1, bound=29),
])
def test_every_shape_of_a_search_progress_is_drawn(progress: Progress) -> None:
    stream = io.StringIO()
    ProgressLine(stream).show(progress)
    assert "None" not in stream.getvalue() and stream.getvalue().startswith("\r  ")
