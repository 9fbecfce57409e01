"""Fuzzing the two ways in: the web API with any JSON, the CLI with any arguments and input.

Whatever arrives, the web API answers an object with ``ok`` (an error names a field and says
what is wrong), leaks no job and, when it refuses a request, changes nothing; the CLI exits
0, 2 or 3, with exactly one line on standard error when it refuses, never a traceback.
Op names, option names, registry names and CLI flags are read from the modules.

The default run is short. ``NPUZZLE_FUZZ_EXAMPLES=N`` runs N examples per test instead:

    NPUZZLE_FUZZ_EXAMPLES=3000 .venv/bin/python -m pytest tests/test_fuzz.py
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import re
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import event as _event
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from npuzzle import ALGORITHMS, HEURISTICS, Board, cli, webapi
from npuzzle.board import DIRECTIONS, GOAL_NAMES, MAX_SIDE, MIN_SIDE
from npuzzle.heuristics import heuristic_applies
from npuzzle.random_boards import random_board, random_unsolvable, scramble
from npuzzle.search.registry import algorithm_options

FUZZ_EXAMPLES = int(os.environ.get("NPUZZLE_FUZZ_EXAMPLES") or 0)
"""Examples per test when set (a long run); else each test's own small default."""

MAX_MESSAGE = 400
"""An error message quotes what it refuses, shortened: never the whole of a huge input."""

INTERNAL_WORDING = (
    "Traceback", "Exceeds the limit", "int too large", "unhashable type", "has no attribute",
    "not supported between", "NoneType", "object is not", "invalid literal", "could not convert",
    "maximum recursion",
)
"""Python's own words for a crash: an error message that says one of these has not been
written for the input it refuses."""


def fuzz(default: int, **extra: Any) -> settings:
    """Each test's settings: ``default`` examples, or NPUZZLE_FUZZ_EXAMPLES when set."""
    return settings(
        max_examples=FUZZ_EXAMPLES or default, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
        **extra,
    )


def event(text: str) -> None:
    """Count what happened, for ``--hypothesis-show-statistics`` (outside hypothesis: nothing)."""
    with contextlib.suppress(InvalidArgument):
        _event(text)


def mostly(usual: st.SearchStrategy[Any], other: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``usual`` four times in five, else ``other`` (``usual | other`` would give each branch
    of a ``one_of`` the same share)."""
    return st.integers(0, 4).flatmap(lambda i: usual if i else other)


# --- Values --------------------------------------------------------------------------------

MARKUP = [
    "<script>alert(1)</script>", "<b>1</b> 2 3 0", "\"'><img src=x onerror=alert(1)>", "&amp;",
    "1 2 3 0<br>", "javascript:alert(1)", "{{7*7}}", "${7*7}", "%s%n", "\\", "'", "\"",
]
UNICODE = [
    "\u0661 \u0662 \u0663 \u0660", "\uff11 \uff12 \uff13 \uff10", "\u00b2", "\u202e1 2 3 0", "\u200b",
    "1\u00a02\u00a03\u00a00", "\U0001f600", "\udcff", "\x00", "\u2028", "\r\n", "\x1b[31m",
    "\u0663x\u0663", "\u00d7", "\u2164",
]
NUMBER_TEXTS = [
    "0", "-1", "1e999", "nan", "inf", "-inf", "10**100", str(10**100), "9" * 5000, "0x10", "1_000",
    "3x3", "2x16", "16x2", "17", "0x0", "-3x3", "3x-3", "1.5", " 3 ", "٣", "3X4", "3*4", "3×4",
]
HUGE = [10**100, -(10**100), 10**400, -(10**400), 10**4000, 2**63, 2**64 + 1, -(2**63)]
FLOATS = [math.nan, math.inf, -math.inf, 1e308, -1e308, 5e-324, -0.0, 0.0, 0.5, 1.5, 1e-9]

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from(HUGE),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(FLOATS),
    st.text(max_size=30), st.sampled_from(MARKUP + UNICODE + NUMBER_TEXTS),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


def nested(depth: int) -> Any:
    """A list nested ``depth`` deep."""
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


# --- Boards ---------------------------------------------------------------------------------

SHAPES = [(r, c) for r in range(MIN_SIDE, 5) for c in range(MIN_SIDE, 5)]
"""Small shapes, so that any search a fuzzed request starts answers its slices quickly."""


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A valid small board: uniform solvable, unsolvable, or a few moves from the goal."""
    rows, cols = draw(st.sampled_from(SHAPES))
    seed = draw(st.integers(0, 10**6))
    kind = draw(st.sampled_from(["random", "unsolvable", "near"]))
    if kind == "random":
        return random_board(rows, cols, seed=seed)
    if kind == "unsolvable":
        return random_unsolvable(rows, cols, seed=seed)
    return scramble(Board.goal(rows, cols), draw(st.integers(0, 12)), seed)


def written(board: Board, style: str) -> str:
    """``board`` in one of the README's formats (rectangular ones in rows, which carry the shape)."""
    if style == "rows" or board.rows != board.cols:
        rows = [board.tiles[r * board.cols:(r + 1) * board.cols] for r in range(board.rows)]
        return " / ".join(" ".join("_" if t == 0 else str(t) for t in row) for row in rows)
    if style == "spaces":
        return " ".join(map(str, board.tiles))
    if style == "lines":
        return board.to_grid()
    return board.to_string()


@st.composite
def board_texts(draw: st.DrawFn) -> str:
    """A board's text: valid, valid with something hostile spliced in, or anything."""
    kind = draw(st.sampled_from(["valid", "valid", "spliced", "hostile", "text"]))
    if kind == "text":
        return draw(st.text(max_size=60))
    if kind == "hostile":
        return draw(st.sampled_from(MARKUP + UNICODE + NUMBER_TEXTS + ["", " ", "\n", "0 0 0 0", "1 " * 5000, "9" * 20_000]))
    text = written(draw(boards()), draw(st.sampled_from(["commas", "spaces", "rows", "lines"])))
    if kind == "spliced":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(MARKUP + UNICODE + NUMBER_TEXTS) | st.text(max_size=5)) + text[at:]
    return text


sizes = st.one_of(
    st.builds(lambda r, c: f"{r}x{c}", st.integers(-2, MAX_SIDE + 2), st.integers(-2, MAX_SIDE + 2)),
    st.integers(-2, MAX_SIDE + 2).map(str), st.sampled_from(NUMBER_TEXTS + MARKUP + UNICODE), st.text(max_size=8),
)
goals = st.one_of(
    st.sampled_from(GOAL_NAMES), st.sampled_from([g.upper() for g in GOAL_NAMES]),
    boards().map(Board.to_string), board_texts(),
)


# --- The web API ------------------------------------------------------------------------------

OPS = tuple(webapi._OPS)
OPTIONS = tuple(algorithm_options())


def documented_fields(optional: bool = True) -> dict[str, tuple[str, ...]]:
    """Each op's request fields (or only its required ones, those not marked ``?``), read
    from the web API's docstring (``<option>`` stands for every algorithm option)."""
    fields: dict[str, tuple[str, ...]] = {}
    for line in (webapi.__doc__ or "").splitlines():
        match = re.match(r"``(\w+)``(.*)", line)
        if match:
            names: list[str] = []
            for group in re.findall(r"\{([^}]*)\}", match.group(2)):
                for part in group.split(","):
                    name = part.strip().rstrip("?")
                    if part.strip().endswith("?") and not optional:
                        continue
                    if name == "<option>":
                        names.extend(OPTIONS)
                    elif name and name != "...":
                        names.append(name)
            fields[match.group(1)] = tuple(dict.fromkeys(names))
    return fields


FIELDS = documented_fields()
REQUIRED = documented_fields(optional=False)
ALL_FIELDS = tuple(sorted({name for names in FIELDS.values() for name in names} | {"budget_ms"}))
ERROR_FIELDS = set(ALL_FIELDS) | {"request", "op", "tables"}
"""What an error may name: the request, its op, one of the documented fields, or the tables."""

small_budgets = st.integers(1, 20)
"""Valid budgets stay small, so that every example is quick; hostile ones are refused."""
hostile_numbers: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from(HUGE + FLOATS + [0, -1, True, False, None, "30", "", [], {}]),
    st.integers(), st.floats(),
)


def job_numbers() -> st.SearchStrategy[Any]:
    """Job numbers: small ones (some running, some finished, from this test or others),
    any others, and anything."""
    return st.one_of(st.integers(-5, 300), st.integers(), st.sampled_from(HUGE), json_scalars)


def values_for(name: str) -> st.SearchStrategy[Any]:
    """Values for a request field: the ones it means (valid or nearly), and anything."""
    anything = json_values
    targeted: dict[str, st.SearchStrategy[Any]] = {
        "board": board_texts(),
        "goal": goals,
        "size": sizes,
        "algorithm": st.sampled_from(list(ALGORITHMS) + [a.upper() for a in ALGORITHMS]),
        "heuristic": st.sampled_from(list(HEURISTICS)),
        "max_nodes": st.integers(1, 10**5) | st.sampled_from([webapi.MAX_NODES_CAP, webapi.MAX_NODES_CAP + 1]) | hostile_numbers,
        "time_limit": st.floats(0.001, 2.0) | st.sampled_from([webapi.TIME_LIMIT_CAP, webapi.TIME_LIMIT_CAP + 1]) | hostile_numbers,
        "budget_ms": small_budgets | st.sampled_from([1001, 10**9]) | hostile_numbers,
        "job": job_numbers(),
        "tile": st.integers(-2, 20) | st.sampled_from(HUGE) | hostile_numbers,
        "direction": st.sampled_from(list(DIRECTIONS) + [d.lower() for d in DIRECTIONS] + ["UP", "", "\u2191"]),
        "seed": st.integers() | st.text(max_size=20) | st.sampled_from(HUGE),
        "moves": st.integers(0, 300) | st.sampled_from([-1, 100_001, 10**100, 1.5]),
        "unsolvable": st.booleans(),
    }
    for option, (info, _takers) in algorithm_options().items():
        targeted[option] = st.floats(info.minimum, info.maximum) | st.sampled_from(
            [info.minimum, info.maximum, info.minimum - 1, info.maximum + 1]) | hostile_numbers
    return mostly(targeted[name], anything) if name in targeted else anything


def valid_values(name: str, board: Board) -> st.SearchStrategy[Any]:
    """Values a field takes for ``board`` (with its goal blank-last; a custom goal may not
    suit the heuristic)."""
    valid: dict[str, st.SearchStrategy[Any]] = {
        "board": st.sampled_from(["commas", "spaces", "rows", "lines"]).map(lambda style: written(board, style)),
        "goal": st.sampled_from(GOAL_NAMES) | st.integers(0, 100).map(
            lambda seed: random_board(board.rows, board.cols, seed=seed).to_string()),
        "size": st.just(f"{board.rows}x{board.cols}"),
        "algorithm": st.sampled_from(list(ALGORITHMS)),
        "heuristic": st.sampled_from([name for name in HEURISTICS if heuristic_applies(
            name, board.rows, board.cols, board.size - 1)]),
        "max_nodes": st.integers(1, 10**5),
        "time_limit": st.floats(0.001, 2.0),
        "budget_ms": small_budgets,
        "job": st.integers(1, 300),
        "tile": st.integers(1, board.size - 1),
        "direction": st.sampled_from(list(DIRECTIONS)),
        "seed": st.integers() | st.text(max_size=20),
        "moves": st.integers(0, 300),
        "unsolvable": st.booleans(),
    }
    for option, (info, _takers) in algorithm_options().items():
        valid[option] = st.floats(info.minimum, info.maximum)
    return valid.get(name, json_values)


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    """A request: a real op with valid fields for a board but one, or with any of its
    fields (valid or not), some extra ones and unknown keys; or an op that is not one."""
    op = draw(mostly(st.sampled_from(OPS), json_scalars))
    request: dict[str, Any] = {"op": op}
    if isinstance(op, str) and op in FIELDS and draw(st.booleans()):
        board = draw(boards())
        names: list[str] = []
        for name in FIELDS[op]:
            if name in REQUIRED[op] or draw(st.booleans()):
                names.append(name)
                request[name] = draw(valid_values(name, board))
        takes = {option.name for option in ALGORITHMS[request.get("algorithm") or "anytime"].options}
        names = [name for name in names if name not in OPTIONS or name in takes]  # ask the registry
        request = {key: value for key, value in request.items() if key not in OPTIONS or key in takes}
        if draw(st.booleans()) and names:
            bad = draw(st.sampled_from(names))
            request[bad] = draw(values_for(bad))
        if op in ("solve", "compare", "prepare", "step"):
            request["budget_ms"] = draw(small_budgets)
        return request
    for name in FIELDS.get(op, ()) if isinstance(op, str) else ():
        if draw(st.integers(0, 9)) < 8:
            request[name] = draw(values_for(name))
    for name in draw(st.lists(st.sampled_from(ALL_FIELDS) | st.text(max_size=8), max_size=3)):
        request[name] = draw(values_for(name))
    if op in ("solve", "compare", "prepare", "step") and draw(st.integers(0, 9)) < 8:
        request["budget_ms"] = draw(small_budgets)  # quick slices, most of the time
    return request


def _no_constant(name: str) -> Any:
    raise AssertionError(f"the answer holds {name}, which JavaScript's JSON.parse refuses")


def check_answer(answer: Any) -> None:
    """The contract of every answer."""
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), answer
    if answer["ok"]:
        return
    error = answer.get("error")
    assert isinstance(error, dict), answer
    field, message = error.get("field"), error.get("message")
    assert isinstance(field, str) and field in ERROR_FIELDS, answer
    assert isinstance(message, str) and message.strip(), answer
    assert len(message) <= MAX_MESSAGE, (len(message), message[:200])
    assert not any(words in message for words in INTERNAL_WORDING), message


def send(request: Any) -> dict[str, Any]:
    """One request as the worker sends it (JSON text both ways) when it can be written as
    JSON, else as a decoded value; the answer is checked and returned."""
    try:
        text = json.dumps(request)
    except (ValueError, RecursionError):  # an int over 4,300 digits, nesting too deep
        answer = webapi.handle_dict(request)
        json.dumps(answer, allow_nan=False)
    else:
        answer = json.loads(webapi.handle(text), parse_constant=_no_constant)
    check_answer(answer)
    op = request.get("op") if isinstance(request, dict) else None
    event(f"{op if isinstance(op, str) and op in OPS else 'other'}: {answer.get('type', 'ok') if answer['ok'] else 'refused'}")
    if answer["ok"] and isinstance(answer.get("job"), int):
        job = answer["job"]
        # A job is in the table exactly while it runs: a final answer removes it.
        assert (job in webapi._jobs) == (answer["type"] == "progress"), answer
    return answer


def cancel_leftovers(before: set[int]) -> None:
    """Cancel the jobs a test started and left running."""
    for job in set(webapi._jobs) - before:
        assert send({"op": "cancel", "job": job})["ok"]
    assert set(webapi._jobs) <= before


def test_the_docstring_documents_every_op() -> None:
    assert set(FIELDS) == set(OPS)
    assert REQUIRED["solve"] == ("board",) and REQUIRED["step"] == ("job",) and REQUIRED["info"] == ()
    assert {"board", "goal", "size", "job", "max_nodes", "time_limit", "budget_ms"} <= set(ALL_FIELDS)
    assert set(OPTIONS) <= set(ALL_FIELDS)


@pytest.mark.thorough
@fuzz(500)
@given(json_values)
@example({"op": ["solve"]})
@example({"op": {"a": 1}})
@example({"op": "step", "job": nested(50)})
@example({"op": "unknown" * 2000})
@example({"op": "solve", "board": "1 2 3 0", "algorithm": []})
@example({"op": "solve", "board": "1 2 3 0", "heuristic": {"a": 1}})
@example({"op": "solve", "board": "1 2 3 0", "max_nodes": 10**400})
@example({"op": "solve", "board": "1 2 3 0", "time_limit": -(10**400)})
@example({"op": "solve", "board": "1 2 3 0", "algorithm": "wastar", "weight": 10**400})
@example({"op": "move", "board": "1 2 3 0", "tile": 10**4000})
@example({"op": "analyze", "board": "1 2 3 " + "9" * 5000})
@example({"op": "analyze", "board": "1 2 3 0", "size": "9" * 5000})
@example({"op": "goal", "size": "2x" + "0" * 4400 + "3"})
@example({"op": "analyze", "board": "1 2 3 0", "goal": "1 2 0 " + "9" * 5000})
def test_any_json_value_gets_an_answer(value: Any) -> None:
    """Any JSON value (any type, huge numbers, NaN, markup, nesting) gets an answer."""
    before = set(webapi._jobs)
    send(value)
    cancel_leftovers(before)


@pytest.mark.parametrize("field", ["job", "tile", "max_nodes", "time_limit", "budget_ms", "seed", "moves", *OPTIONS])
def test_numbers_too_long_to_print(field: str) -> None:
    """An int over 4,300 digits cannot come through JSON (``handle`` refuses it), but
    ``handle_dict`` takes decoded values: it answers too (hypothesis cannot print one)."""
    before = set(webapi._jobs)
    for op in OPS:
        base = {"board": "1 2 3 0", "size": "2", "tile": 3, "job": 1}
        check_answer(webapi.handle_dict({**base, "op": op, field: 10**5000}))
    cancel_leftovers(before)


@fuzz(500)
@given(st.text(max_size=200) | st.sampled_from(["", "{", "[" * 100_000, '{"a":' * 50_000, "NaN", "1e999", "9" * 5000]))
@example("[" * 100_000)
@example('{"op": ' * 50_000)
@example('{"op": "step", "job": ' + "9" * 5000 + "}")
def test_any_text_gets_an_answer(text: str) -> None:
    """Any text, JSON or not, gets a JSON answer."""
    answer = json.loads(webapi.handle(text), parse_constant=_no_constant)
    check_answer(answer)


@pytest.mark.thorough
@fuzz(800)
@given(requests())
@example({"op": "compare", "board": "1 2 3 0", "budget_ms": 0})
@example({"op": "prepare", "size": "3", "budget_ms": "soon"})
@example({"op": "random", "size": "3", "moves": 10**400})
def test_any_request_gets_an_answer(request: dict[str, Any]) -> None:
    """Requests built from the real ops and fields, with hostile values: an answer, and
    no job left behind by a refusal."""
    before = {job: _state(obj) for job, obj in webapi._jobs.items()}
    answer = send(request)
    if not answer["ok"]:
        assert {job: _state(obj) for job, obj in webapi._jobs.items()} == before
    cancel_leftovers(set(before))


def _state(job: object) -> dict[str, Any]:
    """A running job's attributes, containers copied, and those of the job it wraps (the
    web API's adapter holds the search, comparison, check or table loading): what a request
    could change."""
    state = {k: (type(v)(v) if isinstance(v, (list, dict, set)) else v) for k, v in vars(job).items()}
    if "job" in state:
        state["job"] = _state(state["job"])
    return state


class WebApiSession(RuleBasedStateMachine):
    """A page's conversation: starting jobs, stepping, cancelling, stale and foreign job
    numbers and bad requests in between. Every job it starts ends up out of the table."""

    def __init__(self) -> None:
        super().__init__()
        self.before = set(webapi._jobs)
        self.running: set[int] = set()
        self.ended: set[int] = set()

    def send(self, request: Any) -> dict[str, Any]:
        before = {job: _state(obj) for job, obj in webapi._jobs.items()}
        answer = send(request)
        if not answer["ok"]:
            # A refusal changes nothing: the same jobs, in the same state, still steppable.
            assert {job: _state(obj) for job, obj in webapi._jobs.items()} == before, request
            for job in sorted(self.running)[:1]:
                again = send({"op": "step", "job": job, "budget_ms": 1})
                assert again["ok"], again
                self.track(again)
        else:
            self.track(answer)
        return answer

    def track(self, answer: dict[str, Any]) -> None:
        job = answer.get("job")
        if answer["ok"] and isinstance(job, int):
            if answer["type"] == "progress":
                if job not in self.before:
                    self.running.add(job)
            else:
                self.running.discard(job)
                self.ended.add(job)

    @rule(request=requests())
    def anything(self, request: dict[str, Any]) -> None:
        self.send(request)

    @rule(board=boards(), seed=st.integers(0, 1000), op=st.sampled_from(["solve", "compare"]),
          algorithm=st.sampled_from([None, *ALGORITHMS]), budget=st.integers(1, 5),
          time_limit=st.sampled_from([None, 0.01, 0.5]))
    def start(self, board: Board, seed: int, op: str, algorithm: str | None, budget: int, time_limit: float | None) -> None:
        """A job: a small board, or a 4x4 one, which takes more than one slice."""
        if seed % 2:
            board = random_board(4, 4, seed=seed)
        request: dict[str, Any] = {"op": op, "board": written(board, "rows"), "budget_ms": budget}
        if algorithm is not None and op == "solve":
            request["algorithm"] = algorithm
        if time_limit is not None:
            request["time_limit"] = time_limit
        self.send(request)

    @rule(size=st.sampled_from([f"{r}x{c}" for r, c in SHAPES] + ["5"]), goal=st.sampled_from(GOAL_NAMES), budget=small_budgets)
    def prepare(self, size: str, goal: str, budget: int) -> None:
        self.send({"op": "prepare", "size": size, "goal": goal, "budget_ms": budget})

    # Whether a job ends in a slice depends on the clock, so these rules take an index
    # into the jobs there are, not a precondition (hypothesis replays draws, not time).

    @rule(index=st.integers(0, 20), budget=small_budgets)
    def step(self, index: int, budget: int) -> None:
        if self.running:
            job = sorted(self.running)[index % len(self.running)]
            assert self.send({"op": "step", "job": job, "budget_ms": budget})["ok"]

    @rule(index=st.integers(0, 20))
    def cancel(self, index: int) -> None:
        if self.running:
            job = sorted(self.running)[index % len(self.running)]
            answer = self.send({"op": "cancel", "job": job})
            assert answer["ok"] and answer["type"] != "progress" and job not in webapi._jobs

    @rule(index=st.integers(0, 20), budget=st.sampled_from([0, -1, 1001, 10**400, math.nan, math.inf, "30", [], True]))
    def refused_step(self, index: int, budget: Any) -> None:
        """A running job stepped with a budget it refuses: the job goes on as before."""
        if self.running:
            job = sorted(self.running)[index % len(self.running)]
            answer = self.send({"op": "step", "job": job, "budget_ms": budget})
            # (send checked that the refusal left the job as it was, then stepped it: that
            # step may have finished it.)
            assert not answer["ok"] and answer["error"]["field"] == "budget_ms"

    @rule(index=st.integers(0, 20), op=st.sampled_from(["step", "cancel"]))
    def stale(self, index: int, op: str) -> None:
        """A finished or cancelled job: stepped again, cancelled twice."""
        if self.ended:
            job = sorted(self.ended)[index % len(self.ended)]
            answer = self.send({"op": op, "job": job})
            assert not answer["ok"] and answer["error"]["field"] == "job"

    @rule(job=job_numbers())
    def foreign(self, job: Any) -> None:
        if isinstance(job, int) and job in webapi._jobs:
            return
        answer = self.send({"op": "step", "job": job})
        assert not answer["ok"] and answer["error"]["field"] == "job"

    @invariant()
    def jobs_are_in_the_table_while_they_run(self) -> None:
        assert self.running <= set(webapi._jobs)
        assert not self.ended & set(webapi._jobs)

    def teardown(self) -> None:
        for job in sorted(self.running):
            answer = self.send({"op": "cancel", "job": job})
            assert answer["ok"] and answer["type"] != "progress"
        assert not (self.running | self.ended) & set(webapi._jobs)
        cancel_leftovers(self.before)


WebApiSession.TestCase.settings = fuzz(100, stateful_step_count=12)
TestWebApiSession = WebApiSession.TestCase
TestWebApiSession.pytestmark = [pytest.mark.thorough]


# --- The command line -----------------------------------------------------------------------

def subcommands() -> dict[str, argparse.ArgumentParser]:
    """The CLI's subcommands (``tables build`` as ``tables``'s own), read from its parser."""
    found: dict[str, argparse.ArgumentParser] = {}

    def walk(parser: argparse.ArgumentParser, prefix: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found[f"{prefix}{name}"] = sub
                    walk(sub, f"{prefix}{name} ")

    walk(cli._build_parser(), "")
    return found


COMMANDS = subcommands()
FLAGS = {
    name: sorted(flag for action in parser._actions for flag in action.option_strings)
    for name, parser in COMMANDS.items()
}
CHOICES = sorted({str(c) for p in COMMANDS.values() for a in p._actions if a.choices and not isinstance(
    a, argparse._SubParsersAction) for c in a.choices})
LIMITS = {"solve": ["--time-limit", "0.2", "--max-nodes", "3000"],
          "compare": ["--time-limit", "0.01", "--max-nodes", "200"]}
"""Put first, so that any solve or compare is quick (a later valid value could replace
them: the tokens below never hold a large one)."""

HOSTILE_TOKENS = NUMBER_TEXTS + MARKUP + UNICODE + [
    "a\nb", "--x\ny", "1 2\n3 0", "\n", "\t", "-\n", "--json\n", "--=", "--goal=", "-1", "-0", "+3",
    "0" * 5000 + "3", "1e5", "1 2 3 0\u2028",
]
"""Arguments that have broken command lines: new lines, huge numbers, markup, odd digits."""
flag_values = st.one_of(
    st.sampled_from(CHOICES + list(GOAL_NAMES)), st.sampled_from(HOSTILE_TOKENS),
    st.sampled_from(["0.05", "0.1", "1", "2", "1.5", "1000", "1001", "-", "--", "100000", "100001"]),
    st.integers(-10, 400).map(str), st.text(max_size=12), st.text("ab1 \n\t-", max_size=6),
)
tokens = st.one_of(
    st.sampled_from(sorted({f for flags in FLAGS.values() for f in flags})),
    st.sampled_from(sorted(COMMANDS) + ["-", "--", "-h", "--help", "--json", "-x", "--no-such"]),
    st.sampled_from(HOSTILE_TOKENS), flag_values, boards().map(Board.to_string),
    boards().map(lambda b: " ".join(map(str, b.tiles))),
)
standard_inputs = st.one_of(st.just(""), st.text(max_size=80), board_texts())


@st.composite
def invocations(draw: st.DrawFn) -> tuple[list[str], str]:
    """Arguments and standard input: a real subcommand (or not; solve and compare more
    often), its limits, then its own flags, boards and random tokens."""
    command = draw(mostly(st.sampled_from(sorted(COMMANDS) + ["solve", "compare"]), tokens | st.none()))
    stdin = draw(standard_inputs)
    argv = command.split(" ") if command in COMMANDS else [] if command is None else [command]
    argv += LIMITS.get(command, [])
    own = [f for f in FLAGS.get(command, []) if f not in ("--time-limit", "--max-nodes")]
    if command in ("solve", "compare") and draw(st.booleans()):
        # Meant to be answered: a board (or "-"), maybe an algorithm, heuristic, goal, --json.
        board = draw(boards())
        argv += draw(st.sampled_from([["-"], [written(board, "rows")], list(map(str, board.tiles))
                                      if board.rows == board.cols else [written(board, "rows")]]))
        if argv[-1] == "-" and draw(st.integers(0, 4)):
            stdin = written(board, draw(st.sampled_from(["rows", "lines", "commas"])))
        for flag, values in (("--algorithm", list(ALGORITHMS)), ("--heuristic", list(HEURISTICS)),
                             ("--goal", list(GOAL_NAMES)), ("--json", [])):
            if flag in own and draw(st.booleans()):
                argv += [flag, draw(st.sampled_from(values))] if values else [flag]
        fewer = 2
    else:
        fewer = 6
    for _ in range(draw(st.integers(0, fewer))):
        if draw(st.booleans()) and own:
            argv.append(draw(st.sampled_from(own)))
            if draw(st.integers(0, 4)):
                argv.append(draw(flag_values))
        else:
            argv.append(draw(tokens))
    return argv, stdin


def run_cli(argv: list[str], stdin: str) -> tuple[int, str, str]:
    """``main`` in this process; the exit status, standard output and standard error (what
    argparse writes to ``sys.stdout`` for ``--help`` included). ``tables build`` is stubbed:
    it takes minutes."""
    out, err = io.StringIO(), io.StringIO()
    built: list[object] = []
    with mock.patch.object(cli, "build_shipped_tables", lambda *args: built.append(args)), \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
        except SystemExit as exc:  # argparse's --help
            status = exc.code if isinstance(exc.code, int) else -1
            assert status == 0 and out.getvalue(), (argv, exc.code)
    return status, out.getvalue(), err.getvalue()


def check_run(argv: list[str], stdin: str) -> None:
    status, out, err = run_cli(argv, stdin)
    event(f"{argv[0] if argv and argv[0] in COMMANDS else 'other'}: exit {status}")
    assert status in (cli.EXIT_OK, cli.EXIT_INVALID, cli.EXIT_LIMIT), (argv, status, err)
    assert "Traceback" not in err + out
    if status == cli.EXIT_INVALID:
        lines = err.splitlines()
        assert len(lines) == 1 and err.endswith("\n") and err.count("\n") == 1, (argv, err)
        assert lines[0].startswith("npuzzle: error: ") and lines[0][len("npuzzle: error: "):].strip(), err
        assert not any(words in err for words in INTERNAL_WORDING), err
    else:
        assert err == "", (argv, err)


@pytest.mark.thorough
@fuzz(600)
@given(invocations())
@example(([], ""))
@example((["solve", *LIMITS["solve"], "1 2 3 0", "--size", "9" * 5000], ""))
@example((["solve", *LIMITS["solve"], "-"], "1 2 3\n4 5 6\n7 8 " + "9" * 5000))
@example((["solve", *LIMITS["solve"], "1 2 3 0", "unrecognised\nsecond line"], ""))
@example((["solve", *LIMITS["solve"], "1 2 3 0", "--nope\nline"], ""))
@example((["random", "--size", "3", "--moves", "9" * 30], ""))
@example((["random", "--size", "3", "--moves", "9" * 5000], ""))
@example((["tables", "build", "--out", "\n"], ""))
def test_any_command_line(invocation: tuple[list[str], str]) -> None:
    """Any arguments and standard input: exit status 0, 2 or 3; a refusal is one line on
    standard error; nothing else there, and never a traceback."""
    check_run(*invocation)


@pytest.mark.parametrize("argv", [[name, *LIMITS.get(name, [])] for name in COMMANDS])
def test_each_subcommand_without_its_arguments(argv: list[str]) -> None:
    check_run(argv, "")
