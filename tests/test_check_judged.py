"""A check judged outside the code it checks (npuzzle/custom/check.py: ``HeuristicValues`` in
the code's worker, ``judge_check`` in the solver's; the web API's ``check_values`` and
``judge_check``): the boards h is asked about depend on the goal alone, the judged verdict is
the verdict of a check that calls h itself (on every small shape, for heuristics right and
wrong), and answers that are not h's kind, too few or too many are refused.

The oracle for "the same verdict" is the one-worker ``HeuristicCheck``, itself tested against a
direct computation over exact distances in tests/test_custom_check.py; the order is tested by
recording the calls it makes."""

from __future__ import annotations

import json
import re
import zlib
from typing import Any

import pytest

from npuzzle import Board
from npuzzle.custom import TEMPLATE, UserCodeError, load_heuristic
from npuzzle.custom.check import HeuristicCheck, HeuristicValues, check_board_count, check_boards, judge_check
from npuzzle.job import run
from npuzzle.webapi import handle

Tiles = tuple[int, ...]
MANHATTAN = load_heuristic(TEMPLATE)


def noisy(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
    """Manhattan give or take one, by a hash of the board: wrong on some boards, the same on
    every call."""
    return max(0, MANHATTAN(tiles, goal, rows, cols) + zlib.crc32(bytes(tiles)) % 3 - 1)


def doubled(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
    return 2 * MANHATTAN(tiles, goal, rows, cols)


def without_time(result: Any) -> dict[str, Any]:
    out: dict[str, Any] = result.to_dict()
    del out["seconds"], out["heuristic"]
    return out


SHAPES = [(2, 2, "blank-last"), (2, 3, "blank-first"), (3, 2, "blank-last"), (2, 4, "blank-last"), (3, 3, "blank-last")]


@pytest.mark.thorough
@pytest.mark.parametrize("rows,cols,goal_name", SHAPES)
@pytest.mark.parametrize("h", [MANHATTAN, noisy, doubled], ids=["manhattan", "noisy", "doubled"])
def test_a_judged_check_says_what_a_check_that_calls_h_says(rows: int, cols: int, goal_name: str, h: Any) -> None:
    goal = Board.goal(rows, cols, goal_name)
    asked: list[Tiles] = []

    def recorded(tiles: Tiles, g: Tiles, r: int, c: int) -> int:
        asked.append(tiles)
        return int(h(tiles, g, r, c))

    direct = run(HeuristicCheck(recorded, goal))
    boards = list(check_boards(goal))
    assert asked == boards, "the check asks h about check_boards, in that order"
    assert len(boards) == len(set(boards)) == check_board_count(goal)
    values = run(HeuristicValues(h, goal))
    assert (len(values.values), values.total, values.stopped) == (len(boards), len(boards), None)
    assert list(values.values) == [h(b, goal.tiles, rows, cols) for b in boards]
    judged = run(judge_check(values.values, goal, "mine.py"))
    assert without_time(judged) == without_time(direct)
    assert judged.heuristic == "custom:mine.py"


def test_a_sampled_check_is_judged_the_same_on_4x4() -> None:
    goal = Board.goal(4, 4, "blank-last")
    direct = run(HeuristicCheck(noisy, goal, sample_states=3000))
    values = run(HeuristicValues(noisy, goal, sample_states=3000))
    assert len(values.values) == check_board_count(goal, 3000) > 3000 + 100 * 3  # Korf's 100, each with 2 to 4 moves
    job = judge_check(values.values, goal, "mine.py")
    job.sample_states = 3000
    judged = run(job)
    assert without_time(judged) == without_time(direct)
    assert judged.admissible is False and judged.exhaustive is False


def test_the_boards_asked_depend_on_the_goal_alone() -> None:
    goal = Board.goal(3, 3)
    first = list(check_boards(goal))
    again = list(check_boards(goal))
    assert first == again and first[0] == goal.tiles
    assert len(first) == 181_440


def request(**fields: Any) -> dict[str, Any]:
    """A web API job run to its end."""
    answer: dict[str, Any] = json.loads(handle(json.dumps(fields)))
    values: list[int] = []  # check_values' news, put together
    while answer.get("ok") and answer.get("type") == "progress":
        values += answer["progress"].get("values_delta", [])
        answer = json.loads(handle(json.dumps({"op": "step", "job": answer["job"], "budget_ms": 1000})))
    if answer.get("type") == "check_values":
        answer["values"] = values + answer["values"]
        answer["values_from"] = 0
    return answer


def test_the_web_api_halves_give_the_check_op_s_verdict() -> None:
    code = "def h(tiles, goal, rows, cols):\n    return 2 * sum(t != g for t, g in zip(tiles, goal) if t)\n"
    whole = request(op="check", heuristic_code=code, size="2x4", heuristic_filename="twice.py")
    values = request(op="check_values", heuristic_code=code, size="2x4", heuristic_filename="twice.py")
    assert values["type"] == "check_values" and values["values_from"] == 0 and len(values["values"]) == 20_160 == values["total"]
    assert "check" not in values and "verdict" not in json.dumps(values)
    judged = request(op="judge_check", values=values["values"], size="2x4", heuristic_filename="twice.py", seconds=2.5)
    assert judged["type"] == "check" and judged["check"]["seconds"] == 2.5
    for key in ("seconds",):
        del whole["check"][key], judged["check"][key]
    assert judged["check"] == whole["check"]
    assert judged["check"]["admissible"] is False


@pytest.mark.parametrize("values,stopped,field,message", [
    ([0] * 100, None, "heuristic_code", "answered h on 100 of 20,160 boards without saying why it stopped"),
    ([0] * 20_161, None, "values", "20,161 values for a check of 20,160 boards"),
    ([0, -3], "cancelled", "heuristic_code", "h returned -3, a negative number, on board"),
    ([0, True], "cancelled", "heuristic_code", "h returned True (bool), not an int"),
    ([0, "1"], "cancelled", "heuristic_code", "h returned '1' (str), not an int"),
    ([0, 2**40], "cancelled", "heuristic_code", "h returned a number, more than"),
    ("0,1", None, "values", "values must be a list"),
    ([0], "done", "stopped", "stopped must be one of time-limit, cancelled or null"),
])
def test_answers_that_are_not_h_s_are_refused(values: Any, stopped: Any, field: str, message: str) -> None:
    answer = request(op="judge_check", values=values, stopped=stopped, size="2x4")
    assert answer["ok"] is False
    assert answer["error"]["field"] == field
    assert message in answer["error"]["message"]


class Quirky(int):
    """An int of another type: h's answer read through its int value, as a check reads it."""


def one_wrong(place: int, value: object) -> list[object]:
    """Manhattan's values on the 3x3 check's boards, with ``value`` at ``place`` in the walk."""
    goal = Board.goal(3, 3)
    values: list[object] = [MANHATTAN(b, goal.tiles, 3, 3) for b in check_boards(goal)]
    values[place] = value
    return values


@pytest.mark.parametrize("place,value", [
    (70_000, 40),          # one overestimate deep in the walk, after blocks with nothing wrong
    (70_000, 0),           # one state whose moves to states walked before drop h by more than 1
    (181_439, 31),         # the last state walked: the farthest, overestimated by one
    (1, 5),                # the first state after the goal: an overestimate and inconsistent moves
    (90_001, Quirky(3)),   # an answer of another int type, read as h's answer, compared as read
], ids=["overestimate", "inconsistent", "last", "first", "int-subclass"])
def test_a_judged_check_names_one_wrong_answer_deep_in_the_walk_as_a_check_that_calls_h(place: int, value: object) -> None:
    """The judge passes a block of states with nothing to tell at once and walks any other state
    by state (custom/walk.py): its result is still the one-worker check's, to every count and
    example, whichever block the one wrong answer falls in."""
    goal = Board.goal(3, 3)
    values = one_wrong(place, value)
    answers = dict(zip(check_boards(goal), values))

    def given(tiles: Tiles, g: Tiles, r: int, c: int) -> int:
        return answers[tiles]  # type: ignore[return-value]

    direct = run(HeuristicCheck(given, goal))
    judged = run(judge_check(values, goal, "mine.py"))
    assert without_time(judged) == without_time(direct)
    assert direct.overestimates + direct.inconsistent_edges > 0 or isinstance(value, Quirky)


@pytest.mark.parametrize("place,value,message", [
    (120_000, -1, "h returned -1, a negative number"),
    (120_000, True, "h returned True (bool), not an int"),
    (120_000, 2.0, "h returned 2.0 (float), not an int"),
])
def test_a_judged_check_refuses_a_bad_answer_deep_in_the_walk_naming_its_board(place: int, value: object, message: str) -> None:
    goal = Board.goal(3, 3)
    values = one_wrong(place, value)
    board = ",".join(map(str, list(check_boards(goal))[place]))
    with pytest.raises(UserCodeError, match=f"{re.escape(message)}.*on board {board}$"):
        run(judge_check(values, goal, "mine.py"))


def test_a_judged_check_of_too_few_values_without_a_reason_says_how_many() -> None:
    goal = Board.goal(3, 3)
    values = one_wrong(0, 0)[:100_000]
    with pytest.raises(UserCodeError, match="answered h on 100,000 of 181,440 boards without saying why it stopped"):
        run(judge_check(values, goal, "mine.py"))


@pytest.mark.parametrize("size", ["3x3", "10"])
def test_a_bad_first_value_is_worded_once_as_h_s_answer(size: str) -> None:
    # The goal's value was read through h's wrapper as well as the replay's own reading, so a
    # None came back as "h raised UserCodeError: ... h returned None (NoneType) ..., on board
    # ..., on board ...": Python's words, the board twice (over 400 characters on a 10x10).
    answer = request(op="judge_check", values=[None], size=size)
    assert answer["ok"] is False
    message = answer["error"]["message"]
    assert message.startswith("your_heuristic.py: h returned None, not an int (is a return missing?), on board 1,2,3,")
    assert message.count("on board") == 1 and "raised" not in message and "NoneType" not in message
    assert answer["error"]["kind"] == "returned"


def test_values_that_stop_short_with_a_reason_prove_nothing() -> None:
    goal = Board.goal(3, 3)
    values = [MANHATTAN(b, goal.tiles, 3, 3) for _, b in zip(range(5000), check_boards(goal))]
    judged = run(judge_check(values, goal, stopped="time-limit"))
    assert judged.states == 5000
    assert (judged.admissible, judged.consistent, judged.exhaustive, judged.stopped) == (None, None, False, "time-limit")
    assert judged.verdict().startswith("no overestimate found on 5,000 boards (stopped by the time limit)")


def test_an_exception_in_h_is_the_code_s_own_error_in_the_values_half() -> None:
    def broken(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
        raise ZeroDivisionError("no")

    with pytest.raises(UserCodeError, match="z.py: h raised ZeroDivisionError: .* at line 2, on board 1,2,3,4,5,6,7,8,0"):
        run(HeuristicValues(load_heuristic("def h(t, g, r, c):\n    return 1 // 0\n", "z.py"), Board.goal(3, 3)))
    with pytest.raises(UserCodeError, match="h raised ZeroDivisionError: no, on board 1,2,3,0"):
        run(HeuristicValues(broken, Board.goal(2, 2)))


@pytest.mark.thorough
def test_a_check_judged_while_h_is_still_being_asked() -> None:
    """The page's way: each report of check_values brings the values since the last, and the
    judge, started with more: true, is fed them as they come; it waits (its slices end at once)
    when it has judged all it has. The verdict is the check op's."""
    code = "def h(tiles, goal, rows, cols):\n    return sum(t != g for t, g in zip(tiles, goal) if t) + (tiles[0] == 3)\n"
    whole = request(op="check", heuristic_code=code, size="3x3")
    asked = json.loads(handle(json.dumps({"op": "check_values", "heuristic_code": code, "size": "3x3", "budget_ms": 20})))
    judge: dict[str, Any] | None = None
    got = 0
    waits = feeds = 0
    while True:
        part = asked["progress"] if asked["type"] == "progress" else asked
        news = part["values_delta"] if asked["type"] == "progress" else part["values"]
        assert part["values_from"] == got, "each answer brings the values after the last"
        got += len(news)
        final = asked["type"] == "check_values"
        fed = {"values": news, "final": final, "stopped": asked.get("stopped"), "seconds": 3.0 if final else None}
        if judge is None:
            judge = json.loads(handle(json.dumps({"op": "judge_check", "values": news, "more": True, "size": "3x3", "budget_ms": 20})))
        else:
            feeds += 1
            judge = json.loads(handle(json.dumps({"op": "step", "job": judge["job"], "budget_ms": 300, "feed": fed})))
        if final:
            break
        waits += judge.get("waiting") is True
        asked = json.loads(handle(json.dumps({"op": "step", "job": asked["job"], "budget_ms": 20})))
    assert got == 181_440 and feeds > 3 and waits > 0
    while judge["type"] == "progress":
        judge = json.loads(handle(json.dumps({"op": "step", "job": judge["job"], "budget_ms": 1000})))
    assert judge["type"] == "check" and judge["check"]["seconds"] == 3.0
    del judge["check"]["seconds"], whole["check"]["seconds"]
    assert judge["check"] == whole["check"]


@pytest.mark.parametrize("feed,message", [
    ({"values": [0], "final": "yes"}, "feed must be {values: [...], final: true or false}"),
    ({"values": "0", "final": True}, "feed must be"),
    ({"values": [0] * 20_160, "final": True}, "20,161 values for a check of 20,160 boards"),
    ({"values": [], "final": True, "stopped": "bored"}, "a check stops for one of time-limit, cancelled"),
    ({"values": [], "final": True, "seconds": -1}, "feed's seconds must be a number of seconds"),
])
def test_a_feed_that_is_not_more_values_is_refused(feed: Any, message: str) -> None:
    judge = json.loads(handle(json.dumps({"op": "judge_check", "values": [0], "more": True, "size": "2x4", "budget_ms": 5})))
    assert judge["type"] == "progress"
    answer = json.loads(handle(json.dumps({"op": "step", "job": judge["job"], "budget_ms": 5, "feed": feed})))
    assert answer["ok"] is False and answer["error"]["field"] == "feed" and message in answer["error"]["message"]


def test_only_a_judge_started_with_more_takes_values() -> None:
    # A judge of all 181,440 boards' values (9!/2), none more to come: far more than 1 ms of work
    # (the clock is read every REPORT_EVERY = 63 boards), so it is still running when fed.
    judge = json.loads(handle(json.dumps({"op": "judge_check", "values": [0] * 181_440, "size": "3x3", "budget_ms": 1})))
    assert judge["type"] == "progress"
    answer = json.loads(handle(json.dumps({"op": "step", "job": judge["job"], "budget_ms": 1, "feed": {"values": [0], "final": True}})))
    assert answer["ok"] is False and "this check has had its last values" in answer["error"]["message"]
    assert json.loads(handle(json.dumps({"op": "cancel", "job": judge["job"]})))["type"] == "check"
    solve = json.loads(handle(json.dumps({"op": "solve", "board": "8,6,7,2,5,4,3,0,1", "algorithm": "bfs", "budget_ms": 1})))
    answer = json.loads(handle(json.dumps({"op": "step", "job": solve["job"], "feed": {"values": [0], "final": True}})))
    assert answer["ok"] is False and "only a judge_check started with more: true" in answer["error"]["message"]
    json.loads(handle(json.dumps({"op": "cancel", "job": solve["job"]})))
