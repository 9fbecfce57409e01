"""Replays through the front doors (issue 37): a Slidysim replay read by the web API and the
command line, analysed with its time (moves per second, each move's time, the pauses), a game
written as a replay and read back, and bad replays and times refused naming their field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from npuzzle import Board
from npuzzle.speed.slidysim import read_replay
from npuzzle.speed.timing import PAUSE_MIN_MS, TimingError, gaps_of, read_gaps
from npuzzle.webapi import handle_dict

from .helpers import run_job, run_npuzzle

FIXTURES = Path(__file__).parent / "data" / "slidysim"


def test_gaps_read_and_pauses_found() -> None:
    timing = read_gaps("0,100,120,2000,90,110", 6)
    assert timing.total_ms == 2420 and timing.tps == round(6 / 2.42, 3)
    assert [p.move for p in timing.pauses] == [4] and timing.pause_ms == max(PAUSE_MIN_MS, 4 * 105)
    assert gaps_of((0, 100, 220, 2220)) == (0, 100, 120, 2000)
    for text, moves, what in (("1,2", 3, "2 times for 3"), ("1,x,3", 3, "time 2"), ("1,-2,3", 3, "time 2"),
                              ("1,99999999999,3", 3, "time 2"), ("", 1, "0 times for 1")):
        with pytest.raises(TimingError, match=what):
            read_gaps(text, moves)


def test_a_replay_read_and_analysed_with_its_time() -> None:
    text = (FIXTURES / "custom-3x3-times.txt").read_text()
    replay = read_replay(text)
    read = handle_dict({"op": "slidysim", "action": "read", "text": text})
    assert read["ok"] and read["moves"] == replay.moves and read["board"] == replay.board.to_string()
    assert read["times"] == ",".join(map(str, gaps_of(replay.times)))
    answer = run_job(handle_dict({"op": "analyse", "board": read["board"], "moves": read["moves"], "notation": "page",
                                  "times": read["times"]}))
    timing = answer["analysis"]["timing"]
    assert timing["gaps"] == list(gaps_of(replay.times)) and timing["total_ms"] == replay.times[-1]
    assert len(answer["analysis"]["moves"]) == len(replay.moves)


def test_a_game_written_as_a_replay_reads_back() -> None:
    written = handle_dict({"op": "slidysim", "action": "write", "board": "1 2 3/4 5 6/0 7 8", "moves": "7 8",
                           "notation": "numbers", "times": "0,250"})
    assert written["ok"] and written["link"].startswith("https://slidysim.github.io/replay?r=")
    back = read_replay(written["link"])
    assert back.board == Board.from_string("1 2 3/4 5 6/0 7 8") and back.moves == "LL" and back.times == (0, 250)


@pytest.mark.parametrize("request_fields,field,details", [
    ({"action": "read", "text": "https://slidysim.github.io/replay?r=abc"}, "text", {}),
    ({"action": "read", "text": "x" * 300_000}, "text", {}),
    ({"action": "open", "text": "x"}, "action", {}),
    ({"action": "write", "board": "1 2 3/4 5 6/0 7 8", "moves": "LLL", "notation": "page"}, "moves", {"move": 3}),
    ({"action": "write", "board": "1 2 3/4 5 6/0 7 8", "moves": "LL", "notation": "page", "goal": "blank-first"}, "goal", {}),
    ({"action": "write", "board": "1 2 3/4 5 6/0 7 8", "moves": "LL", "notation": "page", "times": "5"}, "times", {}),
])
def test_bad_replays_are_refused_naming_the_field(request_fields, field, details) -> None:
    answer = handle_dict({"op": "slidysim", **request_fields})
    assert not answer["ok"] and answer["error"]["field"] == field, answer
    for key, value in details.items():
        assert answer["error"][key] == value


def test_an_illegal_move_in_a_replay_names_it_and_the_board() -> None:
    import base64
    import zlib
    data = json.dumps(["LLL", 1000, "1 2 3/4 5 6/0 7 8", -1], separators=(",", ":"))
    link = "https://slidysim.github.io/replay?r=" + base64.b64encode(zlib.compress(data.encode(), 9)).decode()
    answer = handle_dict({"op": "slidysim", "action": "read", "text": link})
    assert answer["error"]["field"] == "text" and answer["error"]["move"] == 3
    assert answer["error"]["board"] == [1, 2, 3, 4, 5, 6, 7, 8, 0]


def test_the_command_line_reads_analyses_and_writes_replays() -> None:
    text = (FIXTURES / "custom-3x3-times.txt").read_text()
    replay = read_replay(text)
    out = run_npuzzle("replay", "read", text.strip())
    assert out.returncode == 0 and f"{len(replay.moves)} moves" in out.stdout
    analysed = run_npuzzle("replay", "read", "-", "--analyse", "--json", stdin=text)
    assert analysed.returncode == 0
    data = json.loads(analysed.stdout)
    assert data["timing"]["total_ms"] == replay.times[-1] and data["single_tile_moves"] == len(replay.moves)
    words = run_npuzzle("replay", "read", "-", "--analyse", stdin=text)
    assert "moves per second" in words.stdout
    link = run_npuzzle("replay", "write", "1 2 3/4 5 6/0 7 8", "LL", "--times", "0,250").stdout.strip()
    assert read_replay(link).times == (0, 250)
    bad = run_npuzzle("replay", "read", "https://slidysim.github.io/replay?r=abc")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    bad = run_npuzzle("replay", "write", "1 2 3/4 5 6/0 7 8", "LLL")
    assert bad.returncode == 2 and "move 3" in bad.stderr and "--moves" not in bad.stderr


def _link(data: object) -> str:
    import base64
    import zlib
    return base64.b64encode(zlib.compress(json.dumps(data).encode(), 9)).decode()


# Found by a red team that had not read the code (issue 37); each failed before its fix.

@pytest.mark.parametrize("data,part", [
    (["L2", 10**400, "1 2 3/4 5 6/0 7 8", -1], "tps"),
    (["L2", -10**400, "1 2 3/4 5 6/0 7 8", -1], "tps"),
    (["L2", 8000, "1 2 3/4 5 6/0 7 8", [0, 10**400]], "times"),
    (["L2", 8000, "1 2 3/4 5 6/0 7 8", -10**400], "times"),
    ([10**400, 8000, "1 2 3/4 5 6/0 7 8", -1], "solution"),
])
def test_a_number_too_large_for_a_float_is_refused_not_a_crash(data, part) -> None:
    answer = handle_dict({"op": "slidysim", "action": "read", "text": _link(data)})
    assert answer["error"]["field"] == "text" and answer["error"]["part"] == part, answer
    assert "401 digits" in answer["error"]["message"]


def test_replay_read_from_standard_input_stops_reading_past_a_replay() -> None:
    import subprocess
    import sys
    endless = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        done = subprocess.run([sys.executable, "-m", "npuzzle", "replay", "read", "-"], stdin=endless.stdout,
                              capture_output=True, text=True, timeout=120, cwd=Path(__file__).parent.parent)
    finally:
        endless.kill()
    assert done.returncode == 2 and "200,000" in done.stderr and done.stderr.count("\n") == 1


def test_a_rectangular_replay_is_analysed_on_its_own_shape() -> None:
    text = (FIXTURES / "custom-3x5-no-times.txt").read_text().strip()
    out = run_npuzzle("replay", "read", text, "--analyse", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["rows"], data["cols"]) == (read_replay(text).board.rows, read_replay(text).board.cols)


def test_writing_names_the_fields_a_write_has() -> None:
    answer = handle_dict({"op": "slidysim", "action": "write", "board": "1 2 3/4 5 6/8 0 7", "moves": "L",
                          "notation": "page"})
    assert answer["error"]["field"] == "board", answer
    bad = run_npuzzle("replay", "write", "1 2 3/4 5 6/8 0 7", "L")
    assert bad.returncode == 2 and "--text" not in bad.stderr and "--board" not in bad.stderr
    assert handle_dict({"op": "slidysim"})["error"]["message"] == "action is missing: choose read or write"


def test_a_replay_too_long_to_analyse_is_said_so_when_it_is_for_an_analysis() -> None:
    text = _link(["RL" * 2600, 8000, "1 2 3/4 5 6/7 8 0", -1])
    assert handle_dict({"op": "slidysim", "action": "read", "text": text})["ok"]
    answer = handle_dict({"op": "slidysim", "action": "read", "text": text, "analyse": True})
    assert answer["error"]["field"] == "text" and "5,200 moves: at most 5,000 can be analysed" in answer["error"]["message"]
    bad = run_npuzzle("replay", "read", text, "--analyse")
    assert bad.returncode == 2 and "--moves" not in bad.stderr and "5,200 moves" in bad.stderr


def test_a_goal_or_size_without_a_board_is_refused_by_moves() -> None:
    for key, value in (("goal", "nope"), ("size", "99x99"), ("goal", "blank-first")):
        answer = handle_dict({"op": "moves", "action": "invert", "moves": "LL", "notation": "page", key: value})
        assert answer["error"]["field"] == key, answer
    assert run_npuzzle("moves", "invert", "LL").returncode == 0  # the command line's default goal is not "given"
    bad = run_npuzzle("moves", "invert", "LL", "--size", "3x3")
    assert bad.returncode == 2


def test_every_shortest_solution_refuses_a_choice_it_does_not_take() -> None:
    for key in ("algorithm", "heuristic"):
        answer = handle_dict({"op": "all_optimal", "board": "1 2 3 4 5 6 7 0 8", key: "astar"})
        assert answer["error"]["field"] == key


def test_counts_of_one_are_said_in_the_singular() -> None:
    assert "there is 1 time for 2 moves" in handle_dict({"op": "analyse", "board": "1 2 3/4 5 6/0 7 8", "moves": "LL",
                                                         "notation": "page", "times": "5"})["error"]["message"]
    assert "the move ends on" in handle_dict({"op": "optimize", "board": "1 2 3/4 5 6/0 7 8", "moves": "L",
                                               "notation": "page"})["error"]["message"]
