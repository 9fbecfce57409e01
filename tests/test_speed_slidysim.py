"""Slidysim's scrambles and replay links (npuzzle/speed/slidysim.py), against links written by
Slidysim's own code (tests/data/slidysim/, its README says how): every one read as Slidysim
reads it and replayed to the goal, the page's links written again byte for byte, round
trips, and every kind of bad input refused naming its field (and move)."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote, unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npuzzle import Board, is_solvable
from npuzzle.speed.slidysim import (
    FIELDS,
    MAX_SLIDES,
    MAX_TEXT,
    MAX_UNPACKED,
    REPLAY_PAGE,
    Replay,
    ReplayError,
    Score,
    read_replay,
    read_scramble,
    write_replay_file,
    write_replay_link,
    write_scramble,
)

DATA = Path(__file__).resolve().parent / "data" / "slidysim"
MANIFEST: dict[str, dict[str, Any]] = json.loads((DATA / "manifest.json").read_text())
ONE_SOLVE = sorted(name for name, entry in MANIFEST.items() if entry.get("moves") is not None)
CUSTOM_BY_PAGE = sorted(name for name in MANIFEST if name.startswith("custom-"))
UNFINISHED = {"custom-4x4-unfinished-times.txt"}
GOAL_3X3 = "1 2 3/4 5 6/7 8 0"


def text_of(name: str) -> str:
    return (DATA / name).read_text()


def pack(data: object, text: str | None = None) -> str:
    """A link holding ``data`` (or the raw ``text``), packed as Slidysim packs it."""
    raw = text if text is not None else json.dumps(data, separators=(",", ":"))
    return f"{REPLAY_PAGE}?r=" + quote(base64.b64encode(zlib.compress(raw.encode(), 9)).decode(), safe="")


def packed_solve_data(text: str) -> str:
    return base64.b64encode(zlib.compress(text.encode(), 9)).decode()


def leaderboard(solution: str, width: object = 3, height: object = 3, times: str = "[]") -> str:
    """A leaderboard link of one solve, shaped as the leaderboard's replay page writes it."""
    item = {"width": width, "height": height, "controls": "Mouse", "gameMode": "Standard", "displayType": "Standard",
            "nameFilter": "someone", "avglen": 1, "time": 1000, "moves": 1000, "tps": 1000, "timestamp": 1}
    solve_data = packed_solve_data(f"{solution};1.000;1;1.000;-1.000;{times}")
    return pack([item, solve_data, {"isTrusted": True}, 1000, width, height, "<span>x</span>", -1, "alpha", False])


def slid(board: Board, moves: str) -> Board:
    """``board`` after the moves, each checked with the board's own rules (not the module's)."""
    for move in moves:
        board = board.slide(board.tile_sliding(move))
    return board


def refused(call: Callable[[], object], field: str, move: int | None = None, words: str = "") -> ReplayError:
    """The ReplayError ``call`` raises: its field, move, a message of one sentence on one line."""
    with pytest.raises(ReplayError) as caught:
        call()
    error = caught.value
    assert error.field == field, str(error)
    assert error.field in FIELDS
    assert error.move == move, str(error)
    message = str(error)
    assert "\n" not in message and not re.search(r"\.\s+[A-Z]", message), message
    assert words.lower() in message.lower(), message
    return error


# Every link Slidysim wrote, read as Slidysim reads it.


@pytest.mark.parametrize("name", ONE_SOLVE)
def test_every_link_reads_as_slidysims_code_reads_it(name: str) -> None:
    expected = MANIFEST[name]
    replay = read_replay(text_of(name))
    assert (replay.board.cols, replay.board.rows) == (expected["width"], expected["height"])
    assert write_scramble(replay.board) == expected["scramble"]
    assert replay.moves == expected["moves"]
    assert replay.solution == re.sub(r"(.)\1+", lambda m: m.group(1) + str(len(m.group())), expected["moves"])
    assert replay.tps == round(expected["tps"]) / 1000
    if expected["times"] == -1:
        assert replay.times is None
    else:
        assert replay.times == tuple(expected["times"])
        assert len(replay.times) == len(replay.moves)
        assert replay.time == replay.times[-1]
    if expected["form"] == "leaderboard":
        assert replay.score == Score(
            player=expected["player"], timestamp=expected["timestamp"], time=expected["time"],
            controls=expected["controls"], mode=expected["mode"], display=expected["display"],
            video=expected["video"] if expected["video"] != -1 else None, world_record=expected["worldRecord"])
    else:
        assert replay.score is None


@pytest.mark.parametrize("name", ONE_SOLVE)
def test_every_solve_replays_legally_to_slidysims_goal(name: str) -> None:
    replay = read_replay(text_of(name))
    end = slid(replay.board, replay.moves)
    assert end == replay.end
    # Slidysim's solved puzzle (createPuzzle): 1, 2, ... row by row, the blank last.
    goal = Board.goal(replay.board.rows, replay.board.cols, "blank-last")
    assert replay.goal == goal
    assert goal.tiles == (*range(1, goal.size), 0)
    assert (end == goal) == (name not in UNFINISHED) == replay.solved


def test_the_fixtures_cover_sizes_shapes_times_and_both_forms() -> None:
    shapes = {(entry["width"], entry["height"]) for entry in MANIFEST.values()}
    assert {(2, 2), (3, 3), (4, 4), (5, 5), (8, 8), (10, 10), (16, 16)} <= shapes
    assert {(6, 4), (3, 5), (5, 3), (4, 5)} <= shapes  # rectangles, wide and tall
    forms = {(entry["form"], entry.get("times") == -1) for entry in MANIFEST.values() if "moves" in entry}
    assert forms == {("custom", True), ("custom", False), ("leaderboard", True), ("leaderboard", False)}


def test_a_real_world_record_reads_with_its_score() -> None:
    replay = read_replay(text_of("leaderboard-4x4-real.txt"))
    assert replay.solution == "R2ULDLULU2R3D3L3UR2U2L2"
    assert write_scramble(replay.board) == "7 1 0 3/5 9 2 8/13 6 11 4/10 14 15 12"
    assert replay.tps == 28.603 and replay.time == 909 and len(replay.moves) == 26
    assert replay.score is not None
    assert (replay.score.player, replay.score.world_record, replay.score.controls) == ("dphdmn", True, "Mouse")


# Writing: the page's own bytes, and round trips.


@pytest.mark.parametrize("name", CUSTOM_BY_PAGE)
def test_writing_gives_the_pages_link_byte_for_byte(name: str) -> None:
    text = text_of(name)
    replay = read_replay(text)
    assert write_replay_link(replay) == text.strip()
    assert write_replay_file(replay) == text


@pytest.mark.parametrize("name", ONE_SOLVE)
def test_every_replay_read_back_from_what_is_written(name: str) -> None:
    replay = read_replay(text_of(name))
    again = read_replay(write_replay_link(replay))
    assert again == replace(replay, score=None)  # a custom link carries no leaderboard score
    assert read_replay(write_replay_file(again)) == again


def test_slidysims_documented_scrambles_read_and_write_back() -> None:
    # SLIDYSIM_README.md, "Scramble format"; slidyreplay's README, --scramble.
    for text in ("5 3 8 9/0 2 4 1/7 10 14 13/12 11 6 15", "4 1 2/7 8 3/6 5 0"):
        assert write_scramble(read_scramble(text)) == text
    board = read_scramble("5 3 8 9/0 2 4 1/7 10 14 13/12 11 6 15")
    assert (board.rows, board.cols, board.tiles[4]) == (4, 4, 0)
    wide = read_scramble("1 2 3 4 5/6 7 8 9 0")
    assert (wide.rows, wide.cols) == (2, 5)
    assert read_scramble(" 1  2 / 3 0 \n") == Board(2, 2, (1, 2, 3, 0))  # spaces read leniently


def undo(moves: str) -> str:
    opposite = {"U": "D", "D": "U", "L": "R", "R": "L"}
    return "".join(opposite[move] for move in reversed(moves))


@st.composite
def replays(draw: st.DrawFn) -> Replay:
    """A replay of a random walk's scramble (any shape, rectangles too), solved by undoing the
    walk, with or without times and a speed."""
    rows, cols = draw(st.integers(2, 16)), draw(st.integers(2, 16))
    rng = random.Random(draw(st.integers(0, 2**32)))
    scramble, walk = Board.goal(rows, cols), ""
    for _ in range(draw(st.integers(1, 120))):
        tile, move = rng.choice(list(scramble.movable()))
        scramble, walk = scramble.slide(tile), walk + move
    solution = undo(walk)
    times = None
    if draw(st.booleans()):
        steps = draw(st.lists(st.sampled_from([0, 1, 17, 60, 250]), min_size=len(solution), max_size=len(solution)))
        times = tuple(sum(steps[:i + 1]) for i in range(len(steps)))
    tps = draw(st.one_of(st.none(), st.integers(1, 10**7).map(lambda t: t / 1000)))
    return Replay(scramble, solution, times, tps)


@settings(max_examples=150, deadline=None)
@given(replays())
def test_any_replay_reads_back_from_its_link(replay: Replay) -> None:
    again = read_replay(write_replay_link(replay))
    assert again.solved and replay.solved
    if replay.tps is not None:
        assert again == replay
    else:  # written with the solve's own speed (or the default), read back with it
        assert again == replace(replay, tps=again.tps) and again.tps is not None and again.tps > 0


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 16), st.integers(2, 16), st.randoms(use_true_random=False))
def test_any_scramble_reads_back(rows: int, cols: int, rng: random.Random) -> None:
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)
    board = Board(rows, cols, tuple(tiles))
    if not is_solvable(board, Board.goal(rows, cols)):
        board = Board(rows, cols, tuple(tiles[1::-1] + tiles[2:]) if 0 not in tiles[:2]
                      else tuple(tiles[:-2] + tiles[:-3:-1]))
    assert is_solvable(board, Board.goal(rows, cols))
    text = write_scramble(board)
    assert read_scramble(text) == board
    assert text.count("/") == rows - 1 and re.fullmatch(r"[0-9]+( [0-9]+)*(/[0-9]+( [0-9]+)*)*", text)


def test_a_replay_made_directly_is_checked_and_normalised() -> None:
    board = read_scramble("1 2 3/4 5 6/7 0 8")
    replay = Replay(board, "L", [0.4], 12.3456)  # type: ignore[arg-type]  # a list, as a person may pass
    assert replay.times == (0,) and replay.tps == 12.346 and replay.solved and replay.time == 0
    unfinished = Replay(board, "RL")
    assert not unfinished.solved and unfinished.end == board and unfinished.time is None
    assert write_replay_link(unfinished) == write_replay_link(replace(unfinished, tps=15.0))  # the default speed
    assert read_replay(write_replay_link(Replay(board, "RLL", (0, 100, 200)))).tps == 15.0  # 3 moves in 0.2 s


# Every way a link is given.


def test_a_link_is_read_whole_by_its_query_alone_or_as_a_file() -> None:
    text = text_of("custom-3x3-times.txt")
    link = text.strip()
    expected = read_replay(link)
    query = link.split("?", 1)[1]
    value = query.split("=", 1)[1]
    for given_text in (text, "?" + query, query, value, f"\n\n{link}\n", f"[3x3 solved](<{link}>) gg",
                       f"Solved! [3x3 sliding puzzle]({link})", link.replace("/replay?", "/?other=1&"),
                       "https://slidysim.online/replay?" + query + "#top",
                       link.replace("%2B", "%252B").replace("%2F", "%252F")):  # encoded twice: the page decodes twice
        assert read_replay(given_text) == expected, given_text[:60]
    unquoted = link.replace("%2B", "+").replace("%2F", "/").replace("%3D", "=")
    assert read_replay(unquoted) == expected


# Bad input, each refused naming what is wrong.


def custom(solution: object = "L", tps: object = 1000, scramble: object = "1 2 3/4 5 6/7 0 8",
           times: object = -1) -> str:
    return pack([solution, tps, scramble, times])


@pytest.mark.parametrize(("scramble", "words"), [
    ("1 2 3/4 5 6/7 7 0", "tile 7 appears twice"),
    ("1 2 3/4 5 0/0 7 8", "the blank (0) appears twice"),
    ("1 2 3 4/5 6 7/8 9 10 11/12 13 14 0", "row 2 has 3 tiles where row 1 has 4"),
    ("1 2 3/4 5 6/7 8 9", "tile 9 is out of range"),
    ("1 2 3/4 5 6/8 7 0", "cannot be solved"),
    ("2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0", "cannot be solved"),
    ("1 2 3/4 5 6//7 8 0", "row 3 is empty"),
    ("1 2 3/4 5 6/7 8 _", "'_' at character 17"),
    ("1,2,3/4,5,6/7,8,0", "',' at character 2"),
    ("1 2 3 0", "1 row of 4 tiles"),
    ("", "empty"),
    ("/".join(" ".join(str(r * 17 + c + 1) for c in range(17)) for r in range(17)), "17 rows of 17 tiles"),
])
def test_a_bad_scramble_is_refused_saying_what_is_wrong(scramble: str, words: str) -> None:
    refused(lambda: read_scramble(scramble), "scramble", words=words)
    refused(lambda: read_replay(custom(scramble=scramble)), "scramble", words=words)


def test_an_illegal_move_is_refused_with_its_number_and_the_board_before_it() -> None:
    goal = read_scramble(GOAL_3X3)
    error = refused(lambda: read_replay(custom("U", scramble=GOAL_3X3)), "solution", 1,
                    "move 1 (U) is illegal: no tile is below the blank")
    assert error.board == goal.tiles
    error = refused(lambda: read_replay(custom("R2DR", scramble=GOAL_3X3)), "solution", 4,
                    "move 4 (R) is illegal: no tile is to the left of the blank")
    assert error.board == slid(goal, "RRD").tiles
    error = refused(lambda: read_replay(custom("R3", scramble=GOAL_3X3)), "solution", 3, "no tile is to the left")
    assert error.board == slid(goal, "RR").tiles
    # A huge count is illegal where the row ends, found without counting that far.
    error = refused(lambda: read_replay(custom("DR99999999999999999999999", scramble=GOAL_3X3)), "solution", 4)
    assert error.board == slid(goal, "DRR").tiles
    refused(lambda: Replay(goal, "RRRR"), "solution", 3, "move 3 (R) is illegal")
    error = refused(lambda: read_replay(custom("DL", scramble=GOAL_3X3)), "solution", 2,
                    "move 2 (L) is illegal: no tile is to the right of the blank")
    assert error.board == slid(goal, "D").tiles


@pytest.mark.parametrize(("solution", "words"), [
    ("R0", "count of 0 at character 2"),
    ("3R", "count 3 at character 1 follows no move letter"),
    ("Rx", "'x' at character 2"),
    ("rdlu", "'r' at character 1"),
    ("", "no moves"),
    (["R"], "should be text"),
])
def test_a_bad_solution_is_refused(solution: object, words: str) -> None:
    refused(lambda: read_replay(custom(solution, scramble=GOAL_3X3)), "solution", words=words)


def test_a_solution_over_the_limit_is_refused_without_playing_it_all() -> None:
    refused(lambda: read_replay(custom("RL" * (MAX_SLIDES // 2 + 1), scramble=GOAL_3X3)), "solution",
            words=f"more than {MAX_SLIDES:,} moves")
    refused(lambda: read_replay(custom("R2L2" * 30_000, scramble=GOAL_3X3)), "solution", words="has 120,000 moves")
    refused(lambda: Replay(read_scramble(GOAL_3X3), "RL" * (MAX_SLIDES // 2 + 1)), "solution", words="at most")


@pytest.mark.parametrize(("times", "move", "words"), [
    ([0], None, "1 move times for 2 moves"),
    ([0, 5, 9], None, "3 move times for 2 moves"),
    ([], None, "0 move times for 2 moves"),
    ([10, 5], 2, "move 2's time, 5 ms, is before move 1's, 10 ms"),
    ([-1, 5], 1, "out of range"),
    ([0, "5"], 2, "move 2's time is text"),
    ([0, None], 2, "move 2's time is null"),
    ([0, True], 2, "true or false"),
    ([0, 1e300], 2, "out of range"),
    ("0,5", None, "should be a list"),
])
def test_bad_move_times_are_refused(times: object, move: int | None, words: str) -> None:
    refused(lambda: read_replay(custom("LR", scramble="1 2 3/4 5 6/7 0 8", times=times)), "times", move, words)


def test_bad_leaderboard_move_times_are_refused() -> None:
    refused(lambda: read_replay(leaderboard("L", times="[0,5]")), "times", words="2 move times for 1 moves")
    refused(lambda: read_replay(leaderboard("L2", times="[9,x]")), "times", 2, "move 2's time is 'x'")
    refused(lambda: read_replay(leaderboard("L2", times="[9,5]")), "times", 2, "before move 1's")
    assert read_replay(leaderboard("L2", times="[0,5]")).times == (0, 5)
    assert read_replay(leaderboard("L2", times="[]")).times is None
    assert read_replay(leaderboard("L2", times="[7]")).times is None  # one entry: the page reads no times


@pytest.mark.parametrize("tps", [0, -5, 0.4, "15", None, [15], 1e300])
def test_a_bad_speed_is_refused(tps: object) -> None:
    refused(lambda: read_replay(custom(tps=tps)), "tps")


def test_a_bad_speed_given_directly_is_refused() -> None:
    refused(lambda: Replay(read_scramble("1 2 3/4 5 6/7 0 8"), "L", tps=0.0), "tps")


def cut_short(name: str) -> str:
    """The base64 of a link's data with its second half left out."""
    value = unquote(text_of(name).strip().split("?r=")[1])
    return value[:len(value) // 8 * 4]


def zip_bomb() -> str:
    return f"{REPLAY_PAGE}?r=" + quote(base64.b64encode(zlib.compress(b"[" + b" " * 60_000_000, 9)).decode(), safe="")


@pytest.mark.parametrize(("make", "words"), [
    (lambda: "x" * (MAX_TEXT + 1), f"at most {MAX_TEXT:,}"),
    (lambda: "   \n", "empty"),
    (lambda: "https://slidysim.github.io/replay", "no replay link"),
    (lambda: "hello world", "no replay link"),
    (lambda: f"{REPLAY_PAGE}?r=", "r= is empty"),
    (lambda: f"{REPLAY_PAGE}?r=eNq-_abc", "'-' at character 4, which is not base64"),
    (lambda: f"{REPLAY_PAGE}?r=eNo%3Dabcd", "'=' at character 4"),
    (lambda: f"{REPLAY_PAGE}?r=aGVsbG8gd29ybGQh", "does not unpack"),  # "hello world!"
    (lambda: f"{REPLAY_PAGE}?r=" + quote(cut_short("custom-4x4-times.txt"), safe=""), "cut short"),
    (lambda: f"{REPLAY_PAGE}?r=eNqrr", "cut short"),
    (lambda: pack(None, "[" * 100_000), "nests lists more than"),
    (lambda: pack(None, "[" + "9" * 5000 + "]"), "not JSON"),
    (lambda: pack(None, '["R", NaN, "1 0/2 3", -1]'), "not JSON"),
    (lambda: pack(None, "not json"), "not JSON"),
    (lambda: pack({"r": 1}), "is an object, not a Slidysim replay"),
    (lambda: pack(["R", 1000]), "has 2 items where a replay has 4"),
    (lambda: custom() + " " + custom(), "2 replay links"),
    (zip_bomb, f"more than {MAX_UNPACKED:,} bytes"),
    (lambda: text_of("leaderboard-4x4-average-of-5.txt"), "holds 5 solves"),
    (lambda: pack([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), "score should be an object"),
    (lambda: pack([{}, "aGVsbG8gd29ybGQh", {}, 1000, 3, 3, "", -1, "", False]), "solve data does not unpack"),
])
def test_a_bad_link_is_refused(make: Callable[[], str], words: str) -> None:
    refused(lambda: read_replay(make()), "link", words=words)


def test_a_leaderboard_link_that_cannot_be_replayed_is_refused() -> None:
    refused(lambda: read_replay(leaderboard("L", width=20, height=20)), "scramble", words="width is 20")
    refused(lambda: read_replay(leaderboard("L", width=3, height=1)), "scramble", words="height is 1")
    refused(lambda: read_replay(leaderboard("L", width="3")), "scramble", words="width is text")
    # A last move D leaves the blank above where it was: below the bottom row before it.
    refused(lambda: read_replay(leaderboard("LD")), "solution", 2,
            "cannot have solved a board of 3 rows and 3 columns: undone from the solved puzzle, its move 2 (D) "
            "takes the blank off the board")
    refused(lambda: read_replay(leaderboard("")), "solution", words="no solution")
    refused(lambda: read_replay(leaderboard("R9")), "solution", 9)
    # The scramble is the solution undone from the goal (parseScramble).
    replay = read_replay(leaderboard("L2U", times="[0,1,2]"))
    assert replay.board == slid(read_scramble(GOAL_3X3), "DRR") and replay.solved


def test_any_change_to_a_link_is_read_or_refused_never_anything_else() -> None:
    rng = random.Random(7)
    links = [text_of(name).strip() for name in ("custom-4x4-times.txt", "leaderboard-4x4-real.txt")]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789%+/=&?r "
    outcomes = {"read": 0, "refused": 0}
    for _ in range(600):
        link = list(rng.choice(links))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(link))
            kind = rng.random()
            if kind < 0.4:
                link[at] = rng.choice(alphabet)
            elif kind < 0.7:
                del link[at:at + rng.randint(1, 30)]
            else:
                link.insert(at, rng.choice(alphabet))
        try:
            read_replay("".join(link))
            outcomes["read"] += 1
        except ReplayError as error:
            assert error.field in FIELDS and "\n" not in str(error)
            outcomes["refused"] += 1
    assert outcomes["refused"] > 300


def test_any_text_as_a_scramble_or_a_solution_is_read_or_refused() -> None:
    rng = random.Random(11)
    for _ in range(400):
        text = "".join(rng.choice("0123456789 /\nRUDLx,") for _ in range(rng.randint(0, 40)))
        for call in (lambda: read_scramble(text), lambda: read_replay(custom(text, scramble=GOAL_3X3))):
            try:
                call()
            except ReplayError as error:
                assert error.field in FIELDS
