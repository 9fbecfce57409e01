"""A teacher's assignment (issue 39): its format, link and file forms, submissions, and grading
outside the graded code, held to oracles computed here (a breadth-first search for exact
distances, a plain A* written from astar.py's description, Manhattan written here)."""

from __future__ import annotations

import base64
import heapq
import json
import zlib
from typing import Any, Callable

import pytest

from npuzzle.assign import AssignmentError, make_submission, read_assignment, read_assignment_text, read_submission_text
from npuzzle.assign.assignment import LIMITS, draw_boards
from npuzzle.assign.grade import ASTAR_MAX_NODES, Grading
from npuzzle.assign.link import pack, packed_limit
from npuzzle.assign.local import grade_locally
from npuzzle.board import Board
from npuzzle.custom import SEARCH_TEMPLATE, TEMPLATE
from npuzzle.solvability import is_solvable

from .helpers import call
from .oracles import bfs_distances, neighbours

Tiles = tuple[int, ...]


def spec(**changes: Any) -> dict[str, Any]:
    """An assignment's JSON, with ``changes``."""
    base: dict[str, Any] = {"format": "npuzzle-assignment", "version": 1, "title": "Admissible h", "task": "heuristic",
                            "size": "2x3", "boards": {"seed": 3, "count": 6},
                            "criteria": [{"name": "admissible", "weight": 2}, {"name": "consistent", "weight": 1}]}
    base.update(changes)
    return base


def h_code(body: str) -> str:
    """A heuristic file whose h returns ``body`` (an expression of tiles, goal, rows, cols; ``md``
    is the Manhattan distance)."""
    return (
        "def md(tiles, goal, rows, cols):\n"
        "    where = {t: divmod(i, cols) for i, t in enumerate(goal)}\n"
        "    total = 0\n"
        "    for i, t in enumerate(tiles):\n"
        "        if t:\n"
        "            r, c = where[t]\n"
        "            total += abs(r - i // cols) + abs(c - i % cols)\n"
        "    return total\n\n"
        "def h(tiles, goal, rows, cols):\n"
        f"    return {body}\n")


# Oracles, written here.

def manhattan(tiles: Tiles, goal: Tiles, cols: int) -> int:
    where = {t: divmod(i, cols) for i, t in enumerate(goal)}
    return sum(abs(where[t][0] - i // cols) + abs(where[t][1] - i % cols) for i, t in enumerate(tiles) if t)


def plain_astar(start: Tiles, goal: Tiles, rows: int, cols: int, h: Callable[[Tiles], int], cap: int) -> int | None:
    """A* as astar.py's docstring describes it: heap on (f, h, serial), children below, above,
    right, left of the blank, pushed when g improves, stale entries skipped, reopening; the
    expansions, or None past ``cap``."""
    h0 = h(start)
    heap = [(h0, h0, 0, 0, start)]
    best = {start: 0}
    serial = expanded = 0
    while heap:
        _, _, _, g, state = heapq.heappop(heap)
        if g > best[state]:
            continue
        if state == goal:
            return expanded
        if expanded >= cap:
            return None
        expanded += 1
        blank = state.index(0)
        r, c = divmod(blank, cols)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                cell = (r + dr) * cols + c + dc
                child = list(state)
                child[blank], child[cell] = child[cell], 0
                after = tuple(child)
                if g + 1 < best.get(after, 10**9):
                    best[after] = g + 1
                    serial += 1
                    hc = h(after)
                    heapq.heappush(heap, (g + 1 + hc, hc, serial, g + 1, after))
    return None


def oracle_verdicts(h: Callable[[Tiles], int], goal: Tiles, rows: int, cols: int) -> dict[str, bool]:
    """Admissible, consistent and dominates Manhattan over every state, by BFS."""
    dist = bfs_distances(goal, rows, cols)
    near = neighbours(rows, cols)
    values = {s: h(s) for s in dist}
    consistent = True
    for s in dist:
        blank = s.index(0)
        for cell in near[blank]:
            t = list(s)
            t[blank], t[cell] = t[cell], 0
            if values[s] - values[tuple(t)] > 1:
                consistent = False
    return {"admissible": all(values[s] <= d for s, d in dist.items()), "consistent": consistent,
            "dominates_manhattan": all(values[s] >= manhattan(s, goal, cols) for s in dist)}


def verdicts(result: Any) -> dict[str, str]:
    return {c.name: c.verdict for c in result.criteria}


# The format.

def test_an_assignment_round_trips_through_its_link_and_its_file() -> None:
    a = read_assignment(spec(instructions="Write h.\nKeep it admissible.", starter_code=TEMPLATE, time_limit=2.0))
    assert read_assignment_text(a.link_value()) == a
    assert read_assignment_text(f"https://example.org/npuzzle/#board=1,2,3&assignment={a.link_value()}") == a
    assert read_assignment_text(f"?assignment={a.link_value()}") == a
    assert read_assignment_text(a.file_text()) == a
    assert json.loads(a.file_text()) == a.to_dict()
    assert a.time_limit == 2 and isinstance(a.time_limit, int)  # 2.0 is written as 2: one canonical text
    inflated = zlib.decompress(base64.urlsafe_b64decode(a.link_value() + "=" * (-len(a.link_value()) % 4)), -15)
    assert inflated.decode() == a.canonical_json()


def test_the_id_is_the_canonical_text_s_hash_whatever_the_key_order() -> None:
    a = read_assignment(spec())
    shuffled = dict(reversed(list(spec().items())))
    assert read_assignment(shuffled).id == a.id
    import hashlib
    assert a.id == hashlib.sha256(a.canonical_json().encode()).hexdigest()[:16]
    assert read_assignment(spec(title="Another")).id != a.id
    assert read_assignment(spec(boards={"seed": 4, "count": 6})).id != a.id


def test_random_boards_are_drawn_from_the_seed_each_solvable_and_of_the_size() -> None:
    a = read_assignment(spec(size="3x3", boards={"seed": 11, "count": 8}))
    b = read_assignment(spec(size="3x3", boards={"seed": 11, "count": 8}))
    assert [x.tiles for x in a.boards] == [x.tiles for x in b.boards]
    assert len(a.boards) == 8 and len({x.tiles for x in a.boards}) == 8
    goal = Board.goal(3, 3)
    assert all(x.rows == 3 and x.cols == 3 and is_solvable(x, goal) for x in a.boards)
    scrambled = read_assignment(spec(size="4x4", boards={"seed": 1, "count": 3, "moves": 12}))
    assert all(manhattan(x.tiles, Board.goal(4, 4).tiles, 4) <= 12 for x in scrambled.boards)
    assert [x.tiles for x in draw_boards(3, 3, goal, 11, 8, None)] == [x.tiles for x in a.boards]


@pytest.mark.parametrize("changes, field, words", [
    ({"version": 2}, "version", "unknown assignment version 2"),
    ({"format": "npuzzle-submission"}, "format", "not an assignment"),
    ({"task": "sort"}, "task", "unknown task"),
    ({"size": "5x5"}, "size", "too large for an assignment"),
    ({"size": "3x3", "boards": [[1, 2, 3, 4, 5, 6, 8, 7, 0]]}, "boards[0]", "cannot reach the goal"),
    ({"boards": [[1, 2, 3, 4, 5, 6, 7, 8, 0]]}, "boards[0]", "not the 6 of a 2x3 board"),
    ({"boards": [[1, 2, 3, 4, 0, 5]] * 51}, "boards", "too many boards"),
    ({"boards": {"seed": 1, "count": 51}}, "boards.count", "at most 50"),
    ({"boards": []}, "boards", "empty"),
    ({"criteria": [{"name": "fast", "weight": 1}]}, "criteria[0].name", "unknown criterion"),
    ({"criteria": [{"name": "legal", "weight": 1}]}, "criteria[0].name", "does not apply to a heuristic task"),
    ({"criteria": [{"name": "admissible", "weight": 1}, {"name": "admissible", "weight": 1}]}, "criteria[1].name", "twice"),
    ({"criteria": [{"name": "admissible", "weight": -1}]}, "criteria[0].weight", "at least 0"),
    ({"criteria": [{"name": "admissible", "weight": 0}, {"name": "consistent", "weight": 0}]}, "criteria", "weighs 0"),
    ({"criteria": [{"name": "astar_mean_nodes", "weight": 1}]}, "criteria[0].max_mean", "needs max_mean"),
    ({"criteria": [{"name": "admissible", "weight": 1, "max_mean": 3}]}, "criteria[0].max_mean", "no parameter"),
    ({"criteria": [{"name": "astar_manhattan_share", "weight": 1, "max_share": 0}]}, "criteria[0].max_share", "above 0"),
    ({"criteria": []}, "criteria", "empty"),
    ({"title": "a\u0007b"}, "title", "control character"),
    ({"title": "x" * 201}, "title", "too long"),
    ({"instructions": "<b>" * 3000}, "instructions", "too long"),
    ({"time_limit": 0}, "time_limit", "above 0"),
    ({"colour": "red"}, "colour", "no key"),
])
def test_reading_refuses_what_is_wrong_naming_the_field(changes: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(AssignmentError) as caught:
        read_assignment(spec(**changes))
    assert caught.value.field == field
    assert words in caught.value.message


def test_a_node_cap_below_the_set_s_mean_optimal_length_is_refused() -> None:
    a = read_assignment(spec(size="3x3", boards={"seed": 5, "count": 4}))
    goal = Board.goal(3, 3).tiles
    dist = bfs_distances(goal, 3, 3)
    mean = sum(dist[b.tiles] for b in a.boards) / 4
    below = int(mean) - 1 if mean == int(mean) else int(mean)  # the largest whole number below the mean
    with pytest.raises(AssignmentError) as caught:
        read_assignment(spec(size="3x3", boards={"seed": 5, "count": 4},
                             criteria=[{"name": "astar_mean_nodes", "weight": 1, "max_mean": below}]))
    assert caught.value.field == "criteria[0].max_mean" and "no heuristic can pass" in caught.value.message
    assert f"{mean:.1f}" in caught.value.message
    read_assignment(spec(size="3x3", boards={"seed": 5, "count": 4},
                         criteria=[{"name": "astar_mean_nodes", "weight": 1, "max_mean": int(mean) + 1}]))


def test_links_that_are_garbled_cut_or_bombs_are_refused() -> None:
    a = read_assignment(spec())
    value = a.link_value()
    for text in (value[:-6], "!!!", value + "x" * 3):
        with pytest.raises(AssignmentError):
            read_assignment_text(text)
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = bomb.compress(b"{" + b" " * 10_000_000) + bomb.flush()
    packed = base64.urlsafe_b64encode(data).decode().rstrip("=")
    assert len(packed) < packed_limit(LIMITS["json_bytes"])  # small as a link, huge inflated
    with pytest.raises(AssignmentError) as caught:
        read_assignment_text(packed)
    assert "too large" in caught.value.message
    with pytest.raises(AssignmentError) as caught:
        read_assignment_text("https://example.org/#submission=abc")
    assert "no assignment= parameter" in caught.value.message
    with pytest.raises(AssignmentError) as caught:
        read_assignment_text(pack("[1, 2"))
    assert "not valid JSON" in caught.value.message


@pytest.mark.parametrize("text, words", [
    # A key twice: other readers take the first or the last; this one refuses (the red team's forged title).
    ('{"format": "npuzzle-assignment", "title": "First", "title": "Second"}', 'repeats the key "title" in one object'),
    # Python's own cap (4,300 digits) was worded in its terms ("use sys.set_int_max_str_digits()").
    ('{"format": "npuzzle-assignment", "boards": {"seed": ' + "9" * 5000 + '}}', "a whole number of 5,000 digits, more than 30"),
    # A binary file loaded as the assignment: said as such, not as a link without its parameter.
    (bytes(range(256)).decode("latin-1") * 4, "it holds a control character (U+0000), as a binary file does"),
], ids=["key-twice", "digits", "binary"])
def test_json_read_otherwise_elsewhere_and_binary_files_are_refused_in_words(text: str, words: str) -> None:
    for what, read in (("assignment", read_assignment_text), ("submission", read_submission_text)):
        body = text.replace("npuzzle-assignment", f"npuzzle-{what}")
        for given in (body, pack(body)) if body.startswith("{") else (body,):
            with pytest.raises(AssignmentError) as caught:
                read(given)
            assert words in caught.value.message, caught.value.message
            assert "set_int_max_str_digits" not in caught.value.message


# Submissions.

def test_a_submission_round_trips_and_is_matched_to_its_assignment() -> None:
    a = read_assignment(spec())
    s = make_submission(a, "  Ada Lovelace ", TEMPLATE, claimed={"score": 100})
    back = read_submission_text(s.link_value())
    assert back == s and back.name == "Ada Lovelace" and back.assignment == a
    assert read_submission_text(s.file_text()) == s
    assert back.against(a) == {"matches": True, "flag": None}
    other = read_assignment(spec(title="Another"))
    flagged = back.against(other)
    assert flagged["matches"] is False and "another assignment" in flagged["flag"]


def test_a_submission_whose_id_does_not_match_its_assignment_is_refused() -> None:
    a = read_assignment(spec())
    raw = make_submission(a, "Ada", TEMPLATE).to_dict()
    raw["assignment"]["title"] = "Edited"
    with pytest.raises(AssignmentError) as caught:
        read_submission_text(json.dumps(raw))
    assert caught.value.field == "assignment_id"
    for name, words in [("", "empty"), ("x" * 81, "too long"), ("a\nb", "line break")]:
        with pytest.raises(AssignmentError) as caught:
            make_submission(a, name, TEMPLATE)
        assert caught.value.field == "name" and words in caught.value.message


# Grading a heuristic on boards of at most 9 cells: every state.

HEURISTICS = {
    "manhattan": "md(tiles, goal, rows, cols)",
    "zero": "0",
    "twice": "2 * md(tiles, goal, rows, cols)",
    "misplaced": "sum(1 for t, g in zip(tiles, goal) if t and t != g)",
    "halved": "md(tiles, goal, rows, cols) // 2 * 2",
    "jumpy": "md(tiles, goal, rows, cols) if tiles[0] == goal[0] else 0",
}


def python_h(body: str) -> Callable[..., int]:
    namespace: dict[str, Any] = {}
    exec(h_code(body), namespace)
    return namespace["h"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", list(HEURISTICS))
@pytest.mark.parametrize("size", ["2x3", "2x4"])
def test_every_verdict_and_count_equals_the_oracles(name: str, size: str) -> None:
    rows, cols = map(int, size.split("x"))
    body = HEURISTICS[name]
    a = read_assignment(spec(size=size, boards={"seed": 9, "count": 5}, criteria=[
        {"name": "admissible", "weight": 1}, {"name": "consistent", "weight": 1},
        {"name": "dominates_manhattan", "weight": 1}, {"name": "astar_mean_nodes", "weight": 1, "max_mean": 40},
        {"name": "astar_manhattan_share", "weight": 1, "max_share": 0.9}, {"name": "within_time", "weight": 1}]))
    result = grade_locally(a, h_code(body))  # within_time: every board counted, whatever the others
    goal = Board.goal(rows, cols).tiles
    h = python_h(body)
    oracle = oracle_verdicts(lambda t: h(t, goal, rows, cols), goal, rows, cols)
    got = verdicts(result)
    for criterion in ("admissible", "consistent", "dominates_manhattan"):
        assert got[criterion] == ("pass" if oracle[criterion] else "fail"), (criterion, result.criteria)
    nodes = [plain_astar(b.tiles, goal, rows, cols, lambda t: h(t, goal, rows, cols), ASTAR_MAX_NODES) for b in a.boards]
    md_nodes = [plain_astar(b.tiles, goal, rows, cols, lambda t: manhattan(t, goal, cols), ASTAR_MAX_NODES)
                for b in a.boards]
    assert len(nodes) == 5 and None not in nodes and None not in md_nodes
    assert [r.nodes for r in result.boards] == nodes
    assert [r.manhattan_nodes for r in result.boards] == md_nodes
    mean = sum(n for n in nodes if n is not None) / 5
    assert got["astar_mean_nodes"] == ("pass" if mean <= 40 else "fail")
    share = sum(n for n in nodes if n is not None) / sum(n for n in md_nodes if n is not None)
    assert got["astar_manhattan_share"] == ("pass" if share <= 0.9 else "fail")
    assert got["within_time"] == "pass"
    passed = sum(1 for v in got.values() if v == "pass")
    assert result.score == pytest.approx(100 * passed / 6)


@pytest.mark.parametrize("body, most", [("0", 30), ("md(tiles, goal, rows, cols)", 40),
                                        ("md(tiles, goal, rows, cols)", 5000)])
def test_counting_stops_once_no_node_criterion_can_pass(body: str, most: int) -> None:
    """Without within_time, A* stops counting once the expansions in all are past every node
    criterion's bound: the boards counted equal the plain A*'s, the verdict the oracle's."""
    a = read_assignment(spec(size="2x4", boards={"seed": 9, "count": 6}, criteria=[
        {"name": "astar_mean_nodes", "weight": 1, "max_mean": most}]))
    result = grade_locally(a, h_code(body))
    goal = Board.goal(2, 4).tiles
    h = python_h(body)
    nodes = [plain_astar(b.tiles, goal, 2, 4, lambda t: h(t, goal, 2, 4), 10**6) for b in a.boards]
    assert len(nodes) == 6 and None not in nodes
    mean = sum(n or 0 for n in nodes) / 6
    criterion = result.criteria[0]
    assert criterion.verdict == ("pass" if mean <= most else "fail")
    budget = most * 6
    running = [sum(nodes[: i + 1]) for i in range(6)]  # type: ignore[arg-type]
    cut = next((i for i, total in enumerate(running) if total > budget), None)
    expected: list[int | None] = list(nodes) if cut is None else [
        *nodes[:cut], budget - (running[cut - 1] if cut else 0) + 1, *[None] * (5 - cut)]
    assert [r.nodes for r in result.boards] == expected
    assert ("were not counted" in criterion.sentence) == (cut is not None)


def test_the_evidence_names_the_overestimating_board_and_the_inconsistent_move() -> None:
    a = read_assignment(spec(size="2x3", criteria=[{"name": "admissible", "weight": 1}, {"name": "consistent", "weight": 1}]))
    result = grade_locally(a, h_code("2 * md(tiles, goal, rows, cols)"))
    goal = Board.goal(2, 3).tiles
    dist = bfs_distances(goal, 2, 3)
    admissible, consistent = result.criteria
    worst = admissible.evidence["worst"]
    assert admissible.verdict == "fail"
    assert worst["h"] == 2 * manhattan(tuple(worst["board"]), goal, 3) and worst["distance"] == dist[tuple(worst["board"])]
    assert worst["h"] > worst["distance"] and "worst: h" in admissible.sentence
    edge = consistent.evidence["worst"]
    assert consistent.verdict == "fail" and edge["h_before"] - edge["h_after"] > 1
    assert sum(x != y for x, y in zip(edge["before"], edge["after"])) == 2  # one move apart


# Beyond 9 cells: rounds.

@pytest.mark.parametrize("body", ["md(tiles, goal, rows, cols)", "md(tiles, goal, rows, cols) * 3 // 2",
                                  "md(tiles, goal, rows, cols) if tiles[-1] == 0 else md(tiles, goal, rows, cols) // 2"])
def test_rounds_count_what_a_plain_astar_with_the_same_h_counts(body: str) -> None:
    a = read_assignment(spec(size="3x4", boards={"seed": 2, "count": 4, "moves": 20},
                             criteria=[{"name": "astar_mean_nodes", "weight": 1, "max_mean": 5000},
                                       {"name": "within_time", "weight": 1}]))  # every board counted
    grading = Grading(a)
    rounds = 0
    h = python_h(body)
    goal = Board.goal(3, 4).tiles
    while not grading.done:
        grading.step(1.0)
        if grading.waiting and grading.ask is not None:
            rounds += 1
            ask = grading.ask
            assert ask.kind == "values" and 0 < len(ask.boards) <= 512
            grading.feed({"ask": ask.id, "values": [h(t, goal, 3, 4) for t in ask.boards], "seconds": 0.001})
    result = grading.result
    assert result is not None
    nodes = [plain_astar(b.tiles, goal, 3, 4, lambda t: h(t, goal, 3, 4), ASTAR_MAX_NODES) for b in a.boards]
    assert len(nodes) == 4 and all(n is not None for n in nodes)
    assert [r.nodes for r in result.boards] == nodes
    assert rounds >= 4  # at least one a board, asked as A* went


def test_a_sampled_check_says_sampled() -> None:
    a = read_assignment(spec(size="4x4", boards={"seed": 1, "count": 2, "moves": 10},
                             criteria=[{"name": "admissible", "weight": 1}, {"name": "consistent", "weight": 1}]))
    result = grade_locally(a, TEMPLATE)
    assert [c.verdict for c in result.criteria] == ["pass", "pass"]
    assert all(c.sampled and "sampled" in c.sentence for c in result.criteria)
    bad = grade_locally(a, h_code("md(tiles, goal, rows, cols) + 2"))
    assert bad.criteria[0].verdict == "fail" and bad.criteria[0].evidence["worst"]["distance"] == 0


# Searches.

def test_a_search_is_replayed_by_the_judge_and_its_lengths_held_to_the_exact_distance() -> None:
    a = read_assignment(spec(task="search", size="2x4", boards={"seed": 4, "count": 3}, criteria=[
        {"name": "legal", "weight": 1}, {"name": "optimal", "weight": 1}, {"name": "within_time", "weight": 1}]))
    goal = Board.goal(2, 4).tiles
    dist = bfs_distances(goal, 2, 4)
    good = grade_locally(a, SEARCH_TEMPLATE)
    assert verdicts(good) == {"legal": "pass", "optimal": "pass", "within_time": "pass"}
    assert [r.length for r in good.boards] == [dist[b.tiles] for b in a.boards]
    detour = SEARCH_TEMPLATE.replace("return moves[::-1]",
                                     "first = problem.successors(problem.start)[0][0]\n"
                                     "            return [first, first] + moves[::-1]")
    longer = grade_locally(a, detour)
    assert verdicts(longer) == {"legal": "pass", "optimal": "fail", "within_time": "pass"}
    assert [r.length for r in longer.boards] == [dist[b.tiles] + 2 for b in a.boards]
    illegal = "def search(problem):\n    return [5, 5, 5]\n"
    result = grade_locally(a, illegal)
    assert verdicts(result)["legal"] == "fail" and verdicts(result)["optimal"] == "fail"
    legal = result.criteria[0]
    assert "illegal" in legal.sentence or "end on" in legal.sentence
    short = "def search(problem):\n    return []\n"
    assert "not on the goal" in grade_locally(a, short).criteria[0].sentence
    none = "def search(problem):\n    return None\n"
    assert "no solution" in grade_locally(a, none).criteria[0].sentence


# Hostile code: the criterion fails with a sentence, never the grader.

HOSTILE = {
    "raises": ("(_ for _ in ()).throw(ValueError('boom'))", "raised ValueError: boom"),
    "negative": ("-1", "a negative number"),
    "huge": ("10 ** 100", "no board is that far"),
    "text": ("'three'", "not an int"),
    "prints": ("print('x' * 10000) or 0", "printed more than"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_heuristics_fail_their_criteria_with_a_sentence(name: str) -> None:
    body, words = HOSTILE[name]
    a = read_assignment(spec(criteria=[{"name": "admissible", "weight": 1},
                                       {"name": "astar_mean_nodes", "weight": 1, "max_mean": 100}]))
    result = grade_locally(a, h_code(body))
    assert [c.verdict for c in result.criteria] == ["fail", "fail"]
    assert all(words in c.sentence for c in result.criteria), result.criteria
    assert result.score == 0


@pytest.mark.wall_clock
def test_an_h_slower_than_the_limit_fails_in_time_on_a_big_board() -> None:
    a = read_assignment(spec(size="3x4", boards={"seed": 2, "count": 2, "moves": 20}, time_limit=0.3,
                             criteria=[{"name": "astar_mean_nodes", "weight": 1, "max_mean": 5000},
                                       {"name": "within_time", "weight": 1}]))
    code = "import time\n" + h_code("time.sleep(0.05) or md(tiles, goal, rows, cols)")
    result = grade_locally(a, code)
    assert [c.verdict for c in result.criteria] == ["fail", "fail"]
    assert all("0.3 s" in c.sentence for c in result.criteria), result.criteria


def test_a_code_side_that_answers_nonsense_is_judged_by_the_judge() -> None:
    """The judge checks each raw value itself: a code's side that skips the checks fails."""
    a = read_assignment(spec(size="3x4", boards={"seed": 2, "count": 1, "moves": 10},
                             criteria=[{"name": "astar_mean_nodes", "weight": 1, "max_mean": 5000}]))
    for value, words in [(-1, "negative"), ("7", "not an int"), (10**100, "no board is that far"), (True, "not an int")]:
        grading = Grading(a)
        while not grading.done:
            grading.step(1.0)
            if grading.waiting and grading.ask is not None:
                grading.feed({"ask": grading.ask.id, "values": [value] * len(grading.ask.boards), "seconds": 0.0})
        assert grading.result is not None
        criterion = grading.result.criteria[0]
        assert criterion.verdict == "fail" and words in criterion.sentence, (value, criterion.sentence)


def test_cancelling_leaves_what_is_not_judged_not_judged() -> None:
    a = read_assignment(spec())
    grading = Grading(a)
    grading.step(0.1)
    assert grading.waiting and grading.ask is not None and grading.ask.kind == "check_values"
    grading.cancel()
    assert grading.result is not None and [c.verdict for c in grading.result.criteria] == ["not-judged", "not-judged"]
    assert grading.result.score == 0 and grading.result.stopped == "cancelled"


# The web API: the page's two workers, simulated.

def grade_by_the_web_api(assignment: dict[str, Any], code: str, field: str = "heuristic_code") -> dict[str, Any]:
    """What the page does: the judge's asks sent to the code's side (check_values, assignment_answer)
    with the code, their answers fed back to the judge, until the grade."""
    answer = call({"op": "assignment_grade", "assignment": assignment, "budget_ms": 500})
    assert answer["ok"], answer
    while answer["type"] == "progress":
        feed = None
        ask = answer["ask"]
        if answer["waiting"] and ask is not None:
            request = {**ask["request"], field: code}
            if ask["streams"]:  # each report's values go on at once, as the page passes them
                reply = call({**request, "budget_ms": 5})
                while reply.get("type") == "progress":
                    delta = reply["progress"]["values_delta"]
                    answer = call({"op": "step", "job": answer["job"], "budget_ms": 5,
                                   "feed": {"ask": ask["id"], "values": delta, "final": False}})
                    assert answer["ok"] and answer["type"] == "progress", answer
                    reply = call({"op": "step", "job": reply["job"], "budget_ms": 5})
                feed = ({"ask": ask["id"], "values": reply["values"], "stopped": reply["stopped"], "final": True,
                         "seconds": 0.5} if reply["ok"] else {"ask": ask["id"], "error": reply["error"]["message"]})
            else:
                reply = call(request)
                feed = ({"ask": ask["id"], **{k: reply[k] for k in ("values", "moves", "stopped") if k in reply},
                         "seconds": 0.01} if reply["ok"] else {"ask": ask["id"], "error": reply["error"]["message"]})
        answer = call({"op": "step", "job": answer["job"], "budget_ms": 500, **({"feed": feed} if feed else {})})
        assert answer["ok"], answer
    assert answer["type"] == "grade"
    return answer["grade"]  # type: ignore[no-any-return]


def test_the_web_api_grades_as_the_local_driver_does() -> None:
    raw = spec(criteria=[{"name": "admissible", "weight": 1}, {"name": "dominates_manhattan", "weight": 1},
                         {"name": "astar_mean_nodes", "weight": 1, "max_mean": 40}])
    for body in ("md(tiles, goal, rows, cols)", "0", "-1"):
        grade = grade_by_the_web_api(raw, h_code(body))
        local = grade_locally(read_assignment(raw), h_code(body)).to_dict()
        assert [(c["name"], c["verdict"]) for c in grade["criteria"]] == [(c["name"], c["verdict"]) for c in local["criteria"]]
        assert [b["nodes"] for b in grade["boards"]] == [b["nodes"] for b in local["boards"]]
        assert grade["score"] == local["score"]
    rounds = spec(size="3x4", boards={"seed": 2, "count": 2, "moves": 16},
                  criteria=[{"name": "astar_mean_nodes", "weight": 1, "max_mean": 500}])
    grade = grade_by_the_web_api(rounds, h_code("md(tiles, goal, rows, cols)"))
    local = grade_locally(read_assignment(rounds), h_code("md(tiles, goal, rows, cols)")).to_dict()
    assert [b["nodes"] for b in grade["boards"]] == [b["nodes"] for b in local["boards"]]
    assert len(grade["boards"]) == 2 and None not in [b["nodes"] for b in grade["boards"]]
    search = spec(task="search", criteria=[{"name": "legal", "weight": 1}, {"name": "optimal", "weight": 1}])
    grade = grade_by_the_web_api(search, SEARCH_TEMPLATE, "search_code")
    assert [c["verdict"] for c in grade["criteria"]] == ["pass", "pass"] and grade["score"] == 100


def test_the_web_api_reads_and_writes_assignments_and_submissions() -> None:
    written = call({"op": "assignment_write", "assignment": spec()})
    assert written["ok"] and written["type"] == "assignment"
    read = call({"op": "assignment_read", "text": f"https://x.org/#assignment={written['link_value']}"})
    assert read["ok"] and read["id"] == written["id"] and read["assignment"] == written["assignment"]
    assert call({"op": "assignment_read", "text": written["file"]})["id"] == written["id"]
    assert len(read["boards"]) == 6 and read["total_weight"] == 3
    bad = call({"op": "assignment_write", "assignment": spec(criteria=[{"name": "optimal", "weight": 1}])})
    assert not bad["ok"] and bad["error"]["field"] == "assignment" and bad["error"]["key"] == "criteria[0].name"
    sub = call({"op": "submission_write", "assignment": written["link_value"], "name": "Ada", "code": TEMPLATE})
    assert sub["ok"] and sub["assignment_id"] == written["id"]
    again = call({"op": "submission_read", "text": f"#submission={sub['link_value']}", "assignment": spec()})
    assert again["ok"] and again["matches"] is True and again["name"] == "Ada" and again["code"] == TEMPLATE
    other = call({"op": "submission_read", "text": sub["file"], "assignment": spec(title="Other")})
    assert other["ok"] and other["matches"] is False and "another assignment" in other["flag"]
    noname = call({"op": "submission_write", "assignment": spec(), "name": "", "code": TEMPLATE})
    assert not noname["ok"] and noname["error"]["field"] == "name"


def test_the_judge_never_takes_code_and_refuses_a_feed_for_another_ask() -> None:
    refused = call({"op": "assignment_grade", "assignment": spec(), "heuristic_code": TEMPLATE})
    assert not refused["ok"] and refused["error"]["field"] == "heuristic_code"
    started = call({"op": "assignment_grade", "assignment": spec()})
    assert started["ok"] and started["ask"]["kind"] == "check_values" and started["waiting"]
    wrong = call({"op": "step", "job": started["job"], "feed": {"ask": started["ask"]["id"] + 5, "values": []}})
    assert not wrong["ok"] and wrong["error"]["field"] == "feed" and "made 1 asks" in wrong["error"]["message"]
    shaped = call({"op": "step", "job": started["job"], "feed": {"ask": "one"}})
    assert not shaped["ok"] and shaped["error"]["field"] == "feed"
    broken = call({"op": "step", "job": started["job"], "feed": {"ask": 1, "values": ["x"], "final": True}})
    assert broken["ok"] and broken["type"] == "grade"  # h's nonsense judged: the grade ends, failed
    assert [c["verdict"] for c in broken["grade"]["criteria"]] == ["fail", "fail"]
    started = call({"op": "assignment_grade", "assignment": spec()})
    assert call({"op": "cancel", "job": started["job"]})["type"] == "grade"


def test_info_lists_the_criteria_the_limits_and_the_link_parameters() -> None:
    info = call({"op": "info"})
    assignment = info["assignment"]
    assert [c["name"] for c in assignment["criteria"]] == [
        "admissible", "consistent", "dominates_manhattan", "astar_mean_nodes", "astar_manhattan_share", "legal",
        "optimal", "within_time"]
    assert assignment["limits"]["boards"] == 50 and assignment["parameters"] == ["assignment", "submission"]
    assert info["link"]["assignment"] >= len(read_assignment(spec(starter_code="x" * 10_000)).link_value())
    assert info["submission"]["limits"]["name"] == 80
    assert assignment["grading"]["astar_max_nodes"] == ASTAR_MAX_NODES


def test_the_class_table_writes_each_row_s_verdicts_and_keeps_names_inert() -> None:
    raw = spec(criteria=[{"name": "admissible", "weight": 1}, {"name": "dominates_manhattan", "weight": 1}])
    good = grade_locally(read_assignment(raw), h_code("md(tiles, goal, rows, cols)")).to_dict()
    zero = grade_locally(read_assignment(raw), h_code("0")).to_dict()
    rows = [{"name": "Ada", "grade": good}, {"name": "=HYPERLINK(\"x\")|<b>", "grade": zero},
            {"name": "Bob", "error": "the code's worker stopped answering"}]
    table = call({"op": "class_table", "assignment": raw, "rows": rows})
    assert table["ok"], table
    assert table["header"] == ["name", "Admissible", "Dominates Manhattan", "score", "seconds", "note"]
    lines = table["csv"].splitlines()
    assert len(lines) == 4
    assert lines[1].startswith("Ada,pass,pass,100,")
    assert lines[2].startswith("\"'=HYPERLINK(\"\"x\"\")|<b>\",pass,fail,50,")
    assert lines[3] == "Bob,,,,,the code's worker stopped answering"
    markdown = table["markdown"].splitlines()
    assert len(markdown) == 7 and markdown[5].startswith("| =HYPERLINK(\"x\")\\|&lt;b&gt; | pass | fail | 50 |")
    assert table["rows"][1]["verdicts"] == {"admissible": "pass", "dominates_manhattan": "fail"}
    forged = call({"op": "class_table", "assignment": raw, "rows": [{"name": "Eve", "grade": {
        "criteria": [{"name": "admissible", "verdict": "excellent"}], "score": 100}}]})
    assert not forged["ok"] and forged["error"]["field"] == "rows" and forged["error"]["key"] == "rows[0].grade"


def test_a_worker_the_page_ended_fails_the_criteria_that_needed_it() -> None:
    """A hang, a crash or memory exhausted: the page ends the code's worker and feeds the error."""
    a = read_assignment(spec(criteria=[{"name": "admissible", "weight": 1}, {"name": "consistent", "weight": 1}]))
    grading = Grading(a)
    grading.step(0.1)
    assert grading.ask is not None
    first = grading.ask.id
    assert grading.feed({"ask": first, "values": [0] * 10, "final": False})
    grading.step(0.1)
    assert grading.waiting
    assert grading.feed({"ask": first, "error": "your code's worker stopped answering for 10 s", "seconds": 10.2})
    grading.step(0.1)
    assert grading.result is not None
    assert [c.verdict for c in grading.result.criteria] == ["fail", "fail"]
    assert all("stopped answering for 10 s" in c.sentence for c in grading.result.criteria)
    assert not grading.feed({"ask": first, "values": [0], "final": True})  # too late: ignored


def test_a_feed_for_an_earlier_ask_is_ignored_while_the_next_waits() -> None:
    a = read_assignment(spec(task="search", criteria=[{"name": "legal", "weight": 1}]))
    grading = Grading(a)
    grading.step(0.1)
    assert grading.ask is not None and grading.ask.kind == "search" and grading.ask.board == 0
    goal = Board.goal(2, 3)
    tiles = a.boards[0].tiles
    dist = bfs_distances(goal.tiles, 2, 3)
    path: list[int] = []
    state = tiles
    while dist[state]:  # walk down the exact distances: a shortest solution, found here
        blank = state.index(0)
        for cell in neighbours(2, 3)[blank]:
            after = list(state)
            after[blank], after[cell] = after[cell], 0
            if dist.get(tuple(after)) == dist[state] - 1:
                path.append(state[cell])
                state = tuple(after)
                break
    assert grading.feed({"ask": 1, "moves": path, "seconds": 0.01})
    grading.step(0.1)
    assert grading.ask is not None and grading.ask.id == 2 and grading.ask.board == 1
    assert not grading.feed({"ask": 1, "moves": [], "seconds": 0.01})
    assert grading.waiting and grading.records[0].length == len(path) == dist[tiles]


@pytest.mark.wall_clock
def test_a_search_slower_than_the_limit_fails_in_time() -> None:
    a = read_assignment(spec(task="search", boards={"seed": 3, "count": 1}, time_limit=0.2,
                             criteria=[{"name": "legal", "weight": 1}, {"name": "within_time", "weight": 1}]))
    slow = SEARCH_TEMPLATE.replace("def search(problem):\n", "def search(problem):\n    import time\n    time.sleep(0.4)\n")
    result = grade_locally(a, slow)  # its Problem's clock stops it: no solution within the limit
    assert verdicts(result) == {"legal": "fail", "within_time": "fail"}
    assert "stopped by the time limit (0.2 s)" in result.criteria[0].sentence
    assert "more than the 0.2 s per board" in result.criteria[1].sentence


def test_code_that_prints_without_end_while_loading_fails_with_a_sentence() -> None:
    a = read_assignment(spec(criteria=[{"name": "astar_mean_nodes", "weight": 1, "max_mean": 100}]))
    code = "for _ in range(10**6):\n    print('all work and no play')\n" + h_code("md(tiles, goal, rows, cols)")
    result = grade_locally(a, code)
    assert result.criteria[0].verdict == "fail" and "printed more than 65,536 characters" in result.criteria[0].sentence
    answer = call({"op": "assignment_answer", "kind": "values", "size": "2x3", "boards": [[1, 2, 3, 4, 5, 0]],
                   "heuristic_code": code})
    assert not answer["ok"] and answer["error"]["field"] == "heuristic_code" and answer["error"]["kind"] == "printed"


def test_claimed_results_are_carried_as_plain_json_and_never_graded() -> None:
    a = read_assignment(spec())
    hostile: tuple[Any, ...] = (float("nan"), [[[]]] * 2000, "x" * 5000)
    for claimed in hostile:
        with pytest.raises(AssignmentError) as caught:
            make_submission(a, "Eve", TEMPLATE, claimed=claimed)
        assert caught.value.field == "claimed"
    deep: Any = 0
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(AssignmentError):
        make_submission(a, "Eve", TEMPLATE, claimed=deep)
    wrong = h_code("2 * md(tiles, goal, rows, cols)")
    boast = make_submission(a, "Eve", wrong, claimed={"score": 100, "criteria": {"admissible": "pass"}})
    honest = make_submission(a, "Eve", wrong)
    graded = grade_locally(boast.assignment, boast.code)
    plain = grade_locally(honest.assignment, honest.code)
    assert [(c.verdict, c.sentence) for c in graded.criteria] == [(c.verdict, c.sentence) for c in plain.criteria]
    assert graded.score == plain.score == 0.0  # the check's, not the claim's 100


def test_a_board_already_at_the_goal_and_its_neighbour() -> None:
    boards = [[1, 2, 3, 4, 5, 0], "1 2 3 / 4 0 5"]
    heuristic = read_assignment(spec(boards=boards, criteria=[
        {"name": "astar_mean_nodes", "weight": 1, "max_mean": 1}, {"name": "within_time", "weight": 1}]))
    result = grade_locally(heuristic, TEMPLATE)
    assert [r.nodes for r in result.boards] == [0, 1] and verdicts(result) == {"astar_mean_nodes": "pass", "within_time": "pass"}
    assert all(r.seconds is not None for r in result.boards)
    search = read_assignment(spec(task="search", boards=boards, criteria=[
        {"name": "legal", "weight": 1}, {"name": "optimal", "weight": 1}]))
    found = grade_locally(search, SEARCH_TEMPLATE)
    assert [r.length for r in found.boards] == [0, 1] and found.score == 100
