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
