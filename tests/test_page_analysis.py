"""The analysis of a game in the page (issue 30), in Chromium and Firefox, one page per engine
for the module (each test opens its game by changing the address, as a link does): held-out
3x3 and 4x4 games opened through a link, every distance, mistake and best-move set equal to
exact ones found another way (a plain breadth-first search, IDA*), the chart's points and
marks present, the link carrying the game; a game played in play mode (undos as played, and
taken out); the solution on the page; the notations round-trip; bad games refused in one
sentence with the right index while nothing else changes; Stop; bounds on a 5x5 shown as
bounds; the chart and the table by keyboard; the best finish played to the goal and "try
again from here" judging a slide; the exports; the layout at a phone's and a desktop's size.
It reads the page's data-* (the panel's, each chart point's, each table row's), never its
words, and asserts counts and outcomes, never seconds."""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Callable, Iterator

import pytest
from playwright.sync_api import expect

from npuzzle import Board, Limits, Search
from npuzzle.analysis import NOTATIONS, Game, read_game
from npuzzle.known import korf100
from npuzzle.random_boards import random_board

from .browsers import watch
from .pages import SIZES, download, sticking_out
from . import oracles
from .test_analysis_doors import HELD_3_GAME, exact_3x3, exact_4x4, held_4x4, random_game

pytestmark = pytest.mark.browser

PANEL = "#analysis-panel"
JS_PANEL = f"({{...document.querySelector('{PANEL}').dataset}})"
JS_POINTS = "[...document.querySelectorAll('#analysis-chart circle[data-position]')].map((c) => ({...c.dataset, cls: c.getAttribute('class')}))"
JS_ROWS = "[...document.querySelectorAll('#analysis-table tbody tr')].map((r) => ({...r.dataset}))"
JS_ERROR = "({...document.getElementById('analysis-error').dataset, hidden: document.getElementById('analysis-error').hidden})"
START_3 = Board.from_string("1 2 3 / 4 5 6 / 0 7 8")


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    """One page for the module (Python loads once), failing on any console or page error,
    foreign request or policy violation; the clipboard allowed (Chromium asks for it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    if browser.browser_type.name == "chromium":
        context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    problems = watch(page, site_url)
    page.set_default_timeout(90_000)
    page.goto(site_url + "#board=1,2,3,4,5,6,0,7,8")
    expect(page.locator("#solver-state")).to_have_attribute("data-kind", "ready", timeout=120_000)
    yield page
    context.close()
    assert problems == []


def go(app: Any, fragment: str) -> None:
    """Open ``fragment`` in the page as a link does (the address changes; the page stays)."""
    app.evaluate("(fragment) => { location.hash = fragment; }", fragment)


def open_game(app: Any, game: Game, notation: str, extra: str = "", state: str = "analysed") -> dict[str, str]:
    """Open ``game`` through a link (its moves in ``notation``) and wait for its analysis."""
    moves = game.write(notation).replace(" ", ",")
    go(app, f"#board={game.start.to_string()}&goal={game.goal.goal_name()}&view=analysis&moves={moves}&notation={notation}{extra}")
    return wait_for(app, game.start, game.moves, state)


def wait_for(app: Any, start: Board, moves: int, state: str = "analysed") -> dict[str, str]:
    panel = app.locator(PANEL)
    expect(panel).to_have_attribute("data-start", start.to_string())
    expect(panel).to_have_attribute("data-moves", str(moves))
    expect(panel).to_have_attribute("data-state", state, timeout=120_000)
    data: dict[str, str] = app.evaluate(JS_PANEL)
    return data


def check_exact(app: Any, game: Game, distance: Callable[[tuple[int, ...]], int]) -> None:
    """Every point's distance and best moves, every row's verdict and distances, as the exact ones
    (the boards replayed from the game's moves by tests/oracles.py)."""
    size = game.start.rows
    boards = [Board(size, size, tiles) for tiles in oracles.play(game.start.tiles, size, game.tiles)]
    points, rows = app.evaluate(JS_POINTS), app.evaluate(JS_ROWS)
    assert len(points) == game.moves + 1 and len(rows) == game.moves
    for i, (board, point) in enumerate(zip(boards, points)):
        d = distance(board.tiles)
        best = {t for t in oracles.movable(board.tiles, size, size) if distance(oracles.slide(board.tiles, size, t)) < d}
        assert (int(point["position"]), point["distance"], point["lower"], point["upper"]) == (i, str(d), str(d), str(d))
        assert {int(t) for t in point["best"].split(",") if t} == best, i
    for n, row in enumerate(rows, 1):
        before, after = distance(boards[n - 1].tiles), distance(boards[n].tiles)
        verdict = "optimal" if after < before else "mistake"
        assert (row["number"], row["tile"], row["verdict"], row["lost"]) == (str(n), str(game.tiles[n - 1]), verdict, "0" if verdict == "optimal" else "2")
        assert (row["before"], row["after"]) == (f"{before}:{before}", f"{after}:{after}")
    mistakes = sum(row["verdict"] == "mistake" for row in rows)
    assert sum("mistake" in p["cls"] for p in points) == mistakes  # each mistake marked on the chart
    data = app.evaluate(JS_PANEL)
    assert (data["mistakes"], data["exact"], data["complete"], data["marks"]) == (str(mistakes), "true", "true", str(game.moves))
    assert data["optimalLength"] == str(distance(game.start.tiles))
    assert data["excess"] == str(game.moves - (distance(game.start.tiles) - distance(game.end.tiles)))
    assert app.locator("#analysis-chart svg .optimal-path").count() == 1


def exact_table(game: Game) -> tuple[list[dict[str, str]], int, int]:
    """A 3x3 game's per-move table as the exports write it (number, tile, move, undo, before,
    after, verdict, lost, best: the letters of the best moves, in any order), its mistakes and
    its excess, from the breadth-first distances and the game's moves replayed here."""
    boards = oracles.play(game.start.tiles, 3, game.tiles)
    rows = []
    for n, tile in enumerate(game.tiles, 1):
        before, after = exact_3x3(boards[n - 1]), exact_3x3(boards[n])
        best = {oracles.direction(boards[n - 1], 3, t) for t in oracles.movable(boards[n - 1], 3, 3)
                if exact_3x3(oracles.slide(boards[n - 1], 3, t)) < before}
        rows.append({"number": str(n), "tile": str(tile), "move": oracles.direction(boards[n - 1], 3, tile),
                     "undo": "false", "before": str(before), "after": str(after),
                     "verdict": "optimal" if after < before else "mistake", "lost": "0" if after < before else "2",
                     "best": "".join(sorted(best))})
    mistakes = sum(row["verdict"] == "mistake" for row in rows)
    return rows, mistakes, game.moves - (exact_3x3(boards[0]) - exact_3x3(boards[-1]))


def test_a_held_out_3x3_game_opened_through_a_link_equals_a_breadth_first_search(app: Any) -> None:
    game = HELD_3_GAME
    data = open_game(app, game, "page", "&step=7")
    assert (data["origin"], data["method"], data["selected"]) == ("link", "table", "7")
    check_exact(app, game, exact_3x3)
    expect(app.locator("#board")).to_have_attribute("data-board", game.boards()[7].to_string())
    assert re.search(r"step=7&view=analysis&moves=\w+&notation=page", app.url), app.url


def test_a_held_out_4x4_game_opened_through_a_link_equals_ida_star(app: Any) -> None:
    game = held_4x4()
    data = open_game(app, game, "slidysim")
    assert data["method"] == "search"
    check_exact(app, game, exact_4x4)


def test_a_game_played_in_play_mode_is_analysed_as_played_and_without_its_undos(app: Any) -> None:
    go(app, "#board=1,2,3,4,5,6,0,7,8")
    board = app.locator("#board")
    expect(board).to_have_attribute("data-board", "1,2,3,4,5,6,0,7,8")
    app.get_by_label("Play: slide tiles").check()
    board.focus()
    for key, after in [("ArrowLeft", "1,2,3,4,5,6,7,0,8"), ("ArrowDown", "1,2,3,4,0,6,7,5,8")]:
        app.keyboard.press(key)
        expect(board).to_have_attribute("data-board", after)
    app.get_by_role("button", name="Undo").click()
    expect(board).to_have_attribute("data-board", "1,2,3,4,5,6,7,0,8")
    board.focus()
    app.keyboard.press("ArrowLeft")
    expect(board).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    app.get_by_role("button", name="Analyse my moves").click()
    data = wait_for(app, START_3, 4)
    # 7 left (2 -> 1), 5 down (1 -> 2: the mistake), 5 up (its undo, 2 -> 1), 8 left (1 -> 0): counted by hand.
    assert (data["origin"], data["undos"], data["selected"]) == ("play", "as-played", "4")  # it opens where the person is
    assert (data["mistakes"], data["excess"], data["optimalLength"]) == ("1", "2", "2")
    assert [r["undo"] for r in app.evaluate(JS_ROWS)] == ["false", "false", "true", "false"]
    expect(board).to_have_attribute("data-board", "1,2,3,4,5,6,7,8,0")
    app.locator("#analysis-undos").select_option("without-undos")
    data = wait_for(app, START_3, 2)
    assert (data["undos"], data["played"], data["mistakes"], data["excess"]) == ("without-undos", "4", "0", "0")
    assert "undos=without-undos" in app.url
    app.get_by_label("Edit: swap two tiles").check()


def test_the_solution_on_the_page_is_analysed(app: Any) -> None:
    go(app, "#board=8,6,7,2,5,4,3,0,1&goal=blank-last")
    expect(app.locator("#board")).to_have_attribute("data-board", "8,6,7,2,5,4,3,0,1")
    app.get_by_role("button", name="Solve").click()
    expect(app.locator("#status")).to_have_attribute("data-state", "solved")
    app.get_by_role("button", name="Analyse this solution").click()
    data = wait_for(app, Board.from_string("8 6 7 2 5 4 3 0 1"), 31)
    assert (data["origin"], data["optimalMoves"], data["mistakes"], data["excess"]) == ("solution", "31", "0", "0")


def test_the_notations_round_trip(app: Any) -> None:
    game = random_game(START_3, Board.goal(3), 12, 21)
    _, mistakes, excess = exact_table(game)
    go(app, f"#board={START_3.to_string()}")
    expect(app.locator("#board")).to_have_attribute("data-board", START_3.to_string())
    paste = app.locator("#analysis-paste")
    if paste.get_attribute("open") is None:
        app.locator("#analysis-paste > summary").click()
    for notation in NOTATIONS:
        app.get_by_label("Moves played from the board on screen").fill(game.write(notation))
        app.get_by_label("Written as").select_option(notation)
        app.get_by_role("button", name="Analyse", exact=True).click()
        expect(app.locator(PANEL)).to_have_attribute("data-notation", notation)
        data = wait_for(app, START_3, game.moves)
        assert (data["origin"], data["mistakes"], data["excess"]) == ("text", str(mistakes), str(excess))
        assert [r["tile"] for r in app.evaluate(JS_ROWS)] == [str(t) for t in game.tiles]
        for other in NOTATIONS:  # Python writes the moves back in every notation
            app.locator("#analysis-write-notation").select_option(other)
            app.get_by_role("button", name="Write the moves").click()
            expect(app.locator("#analysis-written")).to_have_value(game.write(other))


BAD = [
    # (moves, notation, field, data the error carries)
    ("LRX", "page", "moves", {"character": "3"}),
    ("L0", "slidysim", "moves", {"character": "2"}),
    ("LLL", "page", "moves", {"move": "3", "board": "1,2,3,4,5,6,7,8,0"}),
    ("7 15", "numbers", "moves", {}),
    ("L" * 5001, "page", "moves", {}),
    ("LL", "", "notation", {}),
]


def test_bad_games_are_refused_in_one_sentence_and_nothing_else_changes(app: Any) -> None:
    go(app, f"#board={START_3.to_string()}")
    expect(app.locator("#board")).to_have_attribute("data-board", START_3.to_string())
    app.get_by_label("Moves played from the board on screen").fill("LL")
    app.get_by_label("Written as").select_option("page")
    app.get_by_role("button", name="Analyse", exact=True).click()
    wait_for(app, START_3, 2)
    before = (app.evaluate(JS_PANEL), app.evaluate(JS_ROWS), app.url, app.locator("#board").get_attribute("data-board"),
              app.locator("#status").inner_text())
    for moves, notation, field, details in BAD:
        app.get_by_label("Moves played from the board on screen").fill(moves)
        app.get_by_label("Written as").select_option(notation)
        app.get_by_role("button", name="Analyse", exact=True).click()
        error = app.locator("#analysis-error")
        expect(error).to_have_attribute("data-field", field)
        data = app.evaluate(JS_ERROR)
        assert data["hidden"] is False and {k: data[k] for k in details} == details, (moves, data)
        assert error.inner_text().count(". ") == 0 and error.inner_text().endswith(".")  # one sentence
        after = (app.evaluate(JS_PANEL), app.evaluate(JS_ROWS), app.url, app.locator("#board").get_attribute("data-board"),
                 app.locator("#status").inner_text())
        assert after == before, moves
    # A link's bad game: said so, and the board is shown without an analysis of it.
    go(app, "#board=1,2,3,4,5,6,0,7,8&view=analysis&moves=L,L,L&notation=page")
    expect(app.locator("#analysis-error")).to_contain_text("This link's game cannot be analysed: move 3")
    expect(app.locator("#analysis-error")).to_have_attribute("data-move", "3")
    expect(app).not_to_have_url(re.compile("moves="))


def test_stop_keeps_what_was_found(app: Any) -> None:
    # Korf's #1 (57 moves from the goal) solved by the reduction: the positions near the goal are
    # marked at once, then proving the start's distance takes a while, so Stop comes meanwhile.
    goal = Board.goal(4, 4, "blank-first")
    start = Board(4, 4, tuple(next(tiles for ident, _, tiles in korf100() if ident == 1)))
    first = Search(start, goal, "anytime", limits=Limits(max_nodes=1)).run()
    game = Game(start, goal, first.tiles)
    open_game(app, game, "page", state="analysing")
    expect(app.locator(PANEL)).not_to_have_attribute("data-marks", "0")
    app.locator("#analysis-stop").click()
    data = wait_for(app, game.start, game.moves, "stopped")
    assert data["stopped"] == "cancelled" and data["complete"] == "false"
    assert int(data["marks"]) > 0
    assert len(app.evaluate(JS_POINTS)) == game.moves + 1


def test_bounds_on_a_5x5_are_shown_as_bounds(app: Any) -> None:
    goal = Board.goal(5)
    game = random_game(random_board(5, 5, goal, seed=8), goal, 3, 9)
    data = open_game(app, game, "page")
    assert data["method"] == "bounds" and data["exact"] == "false"
    points = app.evaluate(JS_POINTS)
    assert len(points) == game.moves + 1
    for point in points:
        assert point["distance"] == "" and int(point["lower"]) < int(point["upper"])
    for row, cell in zip(app.evaluate(JS_ROWS), app.locator("#analysis-table tbody tr td:nth-child(4)").all(), strict=True):
        assert row["verdict"] == "unknown" and "\u2013" in cell.inner_text()  # a range, never a number alone
    assert app.locator("#analysis-chart svg .bounds").count() == game.moves + 1


def test_the_chart_and_the_table_work_by_keyboard(app: Any) -> None:
    game = HELD_3_GAME
    open_game(app, game, "page")
    boards = game.boards()
    chart = app.locator("#analysis-chart")
    chart.focus()
    for key, selected in [("End", game.moves), ("Home", 0), ("ArrowRight", 1), ("PageUp", 11), ("ArrowLeft", 10)]:
        app.keyboard.press(key)
        expect(app.locator(PANEL)).to_have_attribute("data-selected", str(selected))
        expect(chart).to_have_attribute("aria-valuenow", str(selected))
        expect(app.locator("#board")).to_have_attribute("data-board", boards[selected].to_string())
    first_mistake = next(n for n, r in enumerate(app.evaluate(JS_ROWS), 1) if r["verdict"] == "mistake")
    app.keyboard.press("Home")
    app.get_by_role("button", name="Next mistake").click()
    expect(app.locator(PANEL)).to_have_attribute("data-selected", str(first_mistake - 1))
    # A move of the table, by keyboard: the position after it.
    button = app.locator("#analysis-table tbody button[data-position='5']")
    button.focus()
    app.keyboard.press("Enter")
    expect(app.locator(PANEL)).to_have_attribute("data-selected", "5")
    expect(button).to_have_attribute("aria-current", "step")
    # A click on the chart: the nearest position.
    point = app.locator("#analysis-chart circle[data-position='3']")
    point.click()
    expect(app.locator(PANEL)).to_have_attribute("data-selected", "3")


def test_the_best_finish_plays_to_the_goal_and_try_again_judges_a_slide(app: Any) -> None:
    game = random_game(START_3, Board.goal(3), 6, 30)
    open_game(app, game, "page")
    app.locator("#analysis-chart").focus()
    app.keyboard.press("End")
    expect(app.locator(PANEL)).to_have_attribute("data-selected", str(game.moves))
    app.locator("#speed").select_option("16")
    app.get_by_role("button", name="Best finish from here", exact=True).click()
    expect(app.locator("#board")).to_have_attribute("data-board", Board.goal(3).to_string())
    expect(app.locator("#analysis-note")).to_have_attribute("data-finish-from", str(game.moves))
    # Try again from the position before the last move.
    i = game.moves - 1
    app.locator(f"#analysis-chart circle[data-position='{i}']").click()
    expect(app.locator(PANEL)).to_have_attribute("data-selected", str(i))
    app.get_by_role("button", name="Try again from here").click()
    board = app.locator("#board")
    expect(board).to_have_attribute("data-board", game.boards()[i].to_string())
    expect(app.get_by_label("Play: slide tiles")).to_be_checked()
    position = game.boards()[i]
    d = exact_3x3(position.tiles)
    best = {t for t in oracles.movable(position.tiles, 3, 3) if exact_3x3(oracles.slide(position.tiles, 3, t)) < d}
    worse = [t for t in oracles.movable(position.tiles, 3, 3) if t not in best]
    assert len(best) >= 1 and len(worse) >= 1  # the game (seed 30) has both here: each is tried
    for tile, verdict in [(worse[0], "not-best"), (sorted(best)[0], "best")]:
        board.locator(f"[data-tile='{tile}']").click()
        expect(app.locator("#analysis-note")).to_have_attribute("data-try-verdict", verdict)
        expect(app.locator("#analysis-note")).to_have_attribute("data-try-tile", str(tile))
        app.get_by_role("button", name="Undo").click()
        expect(board).to_have_attribute("data-board", position.to_string())
    app.get_by_label("Edit: swap two tiles").check()


def test_the_table_exports_are_pythons(app: Any) -> None:
    """The CSV and the Markdown the page exports hold the game's table with the exact distances
    (found here), and the best finish it writes reaches the goal in the start's distance."""
    game = random_game(START_3, Board.goal(3), 10, 40)
    open_game(app, game, "numbers")
    rows, mistakes, _ = exact_table(game)
    text = download(app, app.get_by_role("button", name="Download CSV").click, "npuzzle-analysis.csv")
    assert text.splitlines()[0] == "number,tile,move,undo,before,after,verdict,lost,best"
    got = list(csv.DictReader(io.StringIO(text)))
    assert len(got) == game.moves == len(rows)
    assert [{**row, "best": "".join(sorted(row["best"]))} for row in got] == rows
    if app.context.browser.browser_type.name == "chromium":  # Firefox's BiDi cannot read the clipboard
        app.get_by_role("button", name="Copy table as Markdown").click()
        expect(app.locator("#analysis-export-state")).to_have_text("Table copied as Markdown.")
        markdown = app.evaluate("navigator.clipboard.readText()").splitlines()
        assert markdown[0].startswith(f"{game.moves} moves (") and f": {mistakes} mistakes, {2 * mistakes} moves lost;" in markdown[0]
        assert markdown[2] == "| # | tile | move | distance before | after | verdict | lost | best moves |"
        cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in markdown[4:]]
        assert len(cells) == game.moves
        assert [[c[0], c[1], c[2], c[3], c[4], c[5], c[6], "".join(sorted(c[7]))] for c in cells] == \
            [[r["number"], r["tile"], r["move"], r["before"], r["after"], r["verdict"], r["lost"], r["best"]] for r in rows]
    app.locator("#analysis-chart").focus()
    app.keyboard.press("Home")
    app.locator("#analysis-write-notation").select_option("slidysim")
    app.get_by_role("button", name="Write the best finish from here").click()
    expect(app.locator("#analysis-written")).to_have_value(re.compile(r"^[UDLR][UDLR0-9]*$"))  # Slidysim's letters
    finish = read_game(game.start, game.goal, app.locator("#analysis-written").input_value(), "slidysim")
    boards = oracles.play(game.start.tiles, 3, finish.tiles)
    assert len(finish.tiles) == exact_3x3(game.start.tiles) and boards[-1] == game.goal.tiles


@pytest.mark.parametrize(("name", "size"), SIZES, ids=[name for name, _ in SIZES])
def test_the_analysis_fits_a_phone_and_a_desktop(app: Any, name: str, size: dict[str, int]) -> None:
    app.set_viewport_size(size)
    game = random_game(Board.from_string("8 6 7 / 2 5 4 / 3 0 1"), Board.goal(3), 100, 50 + size["width"])
    open_game(app, game, "page")
    app.locator(PANEL).scroll_into_view_if_needed()
    assert sticking_out(app) == []
    box = app.locator("#analysis-chart svg").bounding_box()
    assert box is not None and box["width"] <= size["width"] - 16 and box["height"] >= 150
    app.set_viewport_size({"width": 1280, "height": 900})
