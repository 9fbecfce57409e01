"""The speed-solver's bench in the page (issue 37): every shortest solution counted, listed a
page at a time and shown on the board; a solution shortened; move strings transformed and bad
ones refused; the panel within a phone's width. Counts are checked against Python's own
counter (npuzzle.speed) and each solution shown is replayed."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from npuzzle import Board
from npuzzle.speed.all_optimal import AllOptimal, run

from .pages import HARD, SIZES, move_labels, moves_of, open_link, replay, sticking_out


def test_every_shortest_solution_listed_and_shown(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    app.get_by_role("button", name="All optimal solutions").click()
    panel = app.locator("#speed-panel")
    expect(panel).to_have_attribute("data-count", re.compile(r"\d"), timeout=90_000)
    expected = run(AllOptimal(Board.from_string(HARD), Board.goal(3, 3), limit=1000))
    assert panel.get_attribute("data-count") == str(expected.count) == "40"
    assert panel.get_attribute("data-count-exact") == "true"
    expect(app.locator("#speed-status")).to_contain_text("40 shortest solutions of 31 moves")
    rows = app.locator("#all-optimal-table tbody tr")
    expect(rows).to_have_count(20)
    mtm = [int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(20)]
    assert mtm == sorted(mtm) and mtm[0] == expected.solutions[0].mtm
    expect(app.locator("#all-optimal-first")).to_contain_text("29")
    # The second page, then the list the other way round.
    app.get_by_role("button", name="Next page").click()
    expect(app.locator("#all-optimal-page")).to_have_text(re.compile("21.40 of 40"))
    expect(rows).to_have_count(20)
    app.get_by_label("Sort the solutions").select_option("-mtm")
    first = int(rows.nth(0).locator("td").nth(2).inner_text())
    assert first == max(s.mtm for s in expected.solutions)
    # A solution shown on the board: its moves replayed reach the goal in 31.
    app.get_by_role("button", name="Show solution 3").click()
    expect(app.locator("#move-list li")).to_have_count(31)
    moves = moves_of(move_labels(app))
    boards = replay(Board.from_string(HARD), [tile for _, tile, _ in moves])
    assert boards[-1] == Board.goal(3, 3)


def test_a_solution_shortened_in_the_page(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,0,7,8&goal=blank-last")
    # A game with undone slides, analysed: its moves are then the ones the replay holds.
    app.locator("#analysis-paste summary").click()
    app.locator("#analysis-moves").fill("LRLLDU")
    app.locator("#analysis-notation").select_option("page")
    app.get_by_role("button", name="Analyse", exact=True).click()
    expect(app.locator("#analysis-totals")).to_be_visible(timeout=90_000)
    app.get_by_role("button", name="Shorten this solution").click()
    expect(app.locator("#speed-panel")).to_have_attribute("data-shortened", "2", timeout=90_000)
    expect(app.locator("#shorten-result")).to_contain_text("shortest length (proven)")
    app.get_by_role("button", name="Show the shortened solution").click()
    expect(app.locator("#move-list li")).to_have_count(2)


def test_move_strings_transformed_and_bad_ones_refused(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,0,7,8&goal=blank-last")
    app.locator("#moves-tools summary").click()
    app.locator("#moves-text").fill("L2")
    app.locator("#moves-notation").select_option("slidysim")
    app.locator("#moves-action").select_option("invert")
    app.locator("#moves-to").select_option("numbers")
    app.get_by_role("button", name="Transform the moves").click()
    expect(app.locator("#moves-out")).to_contain_text("8 7")
    expect(app.locator("#moves-out")).to_contain_text("2 moves (1 MTM)")
    # An illegal move: Python's sentence names it and the board before it; the board stays.
    app.locator("#moves-text").fill("LLL")
    app.locator("#moves-notation").select_option("page")
    app.get_by_role("button", name="Transform the moves").click()
    expect(app.locator("#moves-error")).to_contain_text("move 3")
    assert app.get_by_label("Puzzle board").get_attribute("data-board") == "1,2,3,4,5,6,0,7,8"


def test_the_list_fits_a_phone(app: Any, site_url: str) -> None:
    app.set_viewport_size(dict(SIZES)["phone"])
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    app.get_by_role("button", name="All optimal solutions").click()
    expect(app.locator("#speed-panel")).to_have_attribute("data-count", "40", timeout=90_000)
    assert sticking_out(app) == []


def _replay_link() -> tuple[str, Any]:
    from pathlib import Path

    from npuzzle.speed.slidysim import read_replay
    text = (Path(__file__).parent / "data" / "slidysim" / "custom-3x3-times.txt").read_text().strip()
    return text, read_replay(text)


def test_a_replay_link_opens_on_its_analysis_with_time(app: Any, site_url: str) -> None:
    from urllib.parse import quote
    text, replay = _replay_link()
    open_link(app, site_url, f"#replay={quote(text, safe='')}", valid_board=False)
    board = app.get_by_label("Puzzle board")
    expect(board).to_have_attribute("data-board", replay.board.to_string(), timeout=60_000)
    expect(app.locator("#analysis-totals")).to_contain_text("moves per second", timeout=90_000)
    bars = app.locator("#analysis-chart .time-gap")
    expect(bars).to_have_count(len(replay.moves))
    gaps = [int(bars.nth(i).get_attribute("data-ms")) for i in range(len(replay.moves))]
    assert sum(gaps) == replay.times[-1]
    # The time of a move, in words, at the position shown (the chart's bars are for the eye).
    app.locator("#analysis-chart").focus()
    app.keyboard.press("Home")
    app.keyboard.press("ArrowRight")
    expect(app.locator("#analysis-position")).to_contain_text(f"Move 1 came {gaps[0] / 1000:.3f} s after the one before")
    # The page's own link now carries the game and its times.
    assert "times=" in app.url and "view=analysis" in app.url
    # Written back as a Slidysim replay: the same moves and times.
    app.locator("#replay-tools summary").click()
    app.get_by_role("button", name="Write the solution shown as a Slidysim replay").click()
    link = app.locator("#replay-link a")
    expect(link).to_have_count(1)
    from npuzzle.speed.slidysim import read_replay
    back = read_replay(link.get_attribute("href"))
    assert (back.board, back.moves, back.times) == (replay.board, replay.moves, replay.times)
    # And as a replay file, which reads back the same.
    from .pages import download
    text = download(app, app.get_by_role("button", name="Download the replay file").click, "npuzzle-replay.txt")
    assert read_replay(text).moves == replay.moves and text.endswith("\n")


def test_a_replay_pasted_opens_and_a_bad_one_is_refused(app: Any, site_url: str) -> None:
    text, replay = _replay_link()
    open_link(app, site_url, "#board=1,2,3,4,5,6,0,7,8&goal=blank-last")
    app.locator("#replay-tools summary").click()
    app.locator("#replay-text").fill("https://slidysim.github.io/replay?r=abc")
    app.get_by_role("button", name="Open the replay").click()
    expect(app.locator("#replay-error")).to_contain_text("does not unpack")
    assert app.get_by_label("Puzzle board").get_attribute("data-board") == "1,2,3,4,5,6,0,7,8"
    app.locator("#replay-text").fill(text)
    app.get_by_role("button", name="Open the replay").click()
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", replay.board.to_string())
    expect(app.locator("#analysis-totals")).to_contain_text("moves per second", timeout=90_000)
    expect(app.locator("#replay-error")).to_be_hidden()  # the refusal before went with the replay opened
    expect(app.locator("#status")).to_contain_text("The replay's solve: ")  # pasted, not a link's


def test_a_replay_too_long_to_analyse_is_one_sentence(app: Any, site_url: str) -> None:
    import base64
    import json
    import zlib
    data = json.dumps(["RL" * 26000, 8000, "1 2 3/4 5 6/7 8 0", -1]).encode()
    open_link(app, site_url, "#board=1,2,3,4,5,6,0,7,8&goal=blank-last")
    app.locator("#replay-tools summary").click()
    app.locator("#replay-text").fill(base64.b64encode(zlib.compress(data, 9)).decode())
    app.get_by_role("button", name="Open the replay").click()
    expect(app.locator("#replay-error")).to_contain_text("52,000 moves: at most 5,000 can be analysed")
    assert app.get_by_label("Puzzle board").get_attribute("data-board") == "1,2,3,4,5,6,0,7,8"
    expect(app.locator("#analysis-body")).to_be_hidden()


def test_a_link_opens_on_every_shortest_solution(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&view=optimal")
    expect(app.locator("#speed-panel")).to_have_attribute("data-count", "40", timeout=90_000)
    assert "view=optimal" in app.url


def test_the_metric_menu_solves_in_multi_tile_moves_and_the_link_keeps_it(app: Any, site_url: str) -> None:
    from .test_speed_mtm import bfs

    exact = bfs(Board.goal(3, 3).tiles, 3, 3)
    open_link(app, site_url, f"#board={HARD}&goal=blank-last")
    app.get_by_label("Metric").select_option("mtm")
    assert app.get_by_label("Algorithm").is_disabled()
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_contain_text("Solved: 20 multi-tile moves (fewest multi-tile moves), 31 slides",
                                                   timeout=90_000)
    assert exact[Board.from_string(HARD).tiles] == 20
    moves = moves_of(move_labels(app))
    assert replay(Board.from_string(HARD), [tile for _, tile, _ in moves])[-1] == Board.goal(3, 3)
    letters = "".join(letter for _, _, letter in moves)
    assert sum(1 for i, m in enumerate(letters) if i == 0 or m != letters[i - 1]) == 20
    assert "metric=mtm" in app.url
    # A board the metric cannot solve (3x4): the menu offers single-tile moves only.
    open_link(app, site_url, "#board=1,2,3,4,5,6,7,8,9,10,0,11&size=3x4&metric=mtm")
    expect(app.get_by_label("Metric").locator("option")).to_have_count(1)
    assert not app.get_by_label("Algorithm").is_disabled()
    # A link's metric opens with it chosen; an unknown one is said and the default used.
    open_link(app, site_url, f"#board={HARD}&metric=mtm")
    expect(app.get_by_label("Metric")).to_have_value("mtm")
    open_link(app, site_url, f"#board={HARD}&metric=xtm")
    expect(app.locator("#link-notice")).to_contain_text('The link\'s metric "xtm" is not one of stm, mtm')


def test_a_replay_link_with_its_own_board_and_view_says_the_replay_replaced_them(app: Any, site_url: str) -> None:
    from urllib.parse import quote
    text, replay = _replay_link()
    open_link(app, site_url, f"#board={HARD}&view=tree&times=5,5&replay={quote(text, safe='')}", valid_board=False)
    expect(app.get_by_label("Puzzle board")).to_have_attribute("data-board", replay.board.to_string(), timeout=60_000)
    expect(app.locator("#analysis-totals")).to_contain_text("moves per second", timeout=90_000)
    # The replay's game is opened, and the notice (kept on the replay's own link) names what it replaced.
    expect(app.locator("#link-notice")).to_have_text(
        "The link gives a Slidysim replay and also its own board, times, view; the replay's scramble, moves and "
        "times are opened instead, and the link's are left out.")
    assert "view=analysis" in app.url and "view=tree" not in app.url


def test_moves_over_the_limit_open_no_analysis_of_an_empty_game(app: Any, site_url: str) -> None:
    open_link(app, site_url, "#board=1,2,3,4,5,6,0,7,8&view=analysis&notation=page&moves=" + "L" * 50_001)
    expect(app.locator("#link-notice")).to_contain_text(
        "The link's moves are longer than 50,000 characters; they are left out, and no game is analysed.")
    expect(app.locator("#link-notice")).to_contain_text("The link's notation, view go with its moves, which were refused")
    expect(app.get_by_role("button", name="Solve")).to_be_enabled()
    assert app.get_by_label("Puzzle board").get_attribute("data-board") == "1,2,3,4,5,6,0,7,8"
    expect(app.locator("#analysis-body")).to_be_hidden()
    assert "view=" not in app.url and "moves=" not in app.url and "notation=" not in app.url
