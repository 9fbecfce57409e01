"""The distance of every position of a game to the goal, three ways, by the board's size.

* ``table`` (boards of at most 9 cells): the breadth-first search from the goal over every
  state (distance_table.py), built once per goal and kept; each position's distance, best
  moves and a shortest finish are then read from it.
* ``search`` (boards of 10 to 16 cells; the 4x4 with its pattern databases): bounded
  depth-first searches that share what they prove (bounded.py). Every move changes the
  distance by exactly one, so each neighbour ``q`` of a position at distance ``d`` is at
  ``d - 1`` or ``d + 1``, and one search within ``d - 1`` moves decides which. A position is
  *settled* when each of its neighbours is decided (the one the game moved to first: that
  decides the move's verdict): its best moves follow. Most neighbours need no search: one
  already known (the position before, a board on a shortest path found earlier, such as the
  next move of the position's own shortest path), a lower bound above ``d - 1`` (the
  heuristic, or an earlier failed search), or the rest of the game itself when it reaches the
  goal in ``d - 1`` moves. A neighbour at ``d + 1`` gets a shortest path too: back to the
  position, then its path. The order: first the positions nearest the goal, back from the
  last one on it (or, in a game that does not reach it, from the one the heuristic puts
  nearest, solved first by IDA*) while they are nearer than ``BACKWARD_DISTANCE``: their
  searches are cheap, so the first marks come in milliseconds. Then IDA* solves the start
  (its bounds one after the other) and the other positions are settled forward from it, each
  one's distance decided by the position before it.
* ``bounds`` (bigger boards): the anytime solver (search/anytime.py) on each position for
  ``position_seconds``: its best length is an upper bound, its proven bound a lower one;
  bounds are then carried between neighbouring positions (a move changes the distance by
  one) and to the goal's parity. Shown as bounds, never as exact.

Each is a generator (``Work``) that fills in a ``Sheet`` and yields now and then (True
when it waits for something outside, such as a table file being fetched); the analysis
job (analysis.py) drives it a slice of time at a time, and stops it by closing it.
"""

from __future__ import annotations

from typing import Callable, Generator, Sequence

from ..board import Board, Tiles, relabel, relabel_tiles
from ..distance_table import TABLE_CELLS, distance_table
from ..heuristics import compile_heuristic, heuristic_loading, table_needs
from ..search import Limits, Search
from .bounded import BoundedSearch, Probe
from .game import Game

SEARCH_CELLS = 16
"""The largest boards (in cells) whose distances are searched for exactly: the 4x4, and
2x5 to 2x8, 3x4, 3x5 and their turns (each under the analysis's limits)."""
METHODS = {
    "table": f"a table of every state's distance (boards up to {TABLE_CELLS} cells)",
    "search": "IDA* on the start, then one bounded search per position's neighbour, sharing what they prove",
    "bounds": "the anytime solver on each position: bounds, not exact distances",
}
BACKWARD_DISTANCE = 24
"""The search method first settles the positions at the end of a game that reaches the goal,
back from the goal while they are nearer than this (their searches are cheap: the first
marks come at once), then the others forward from the start."""
GROW_STEP = 2048
"""States the table's search expands between two yields (about 3 ms in CPython)."""

Work = Generator[bool, None, None]
"""A method's work: yields now and then (True: pause, it waits for something outside)."""


def analysis_method(rows: int, cols: int) -> str:
    """How a board's distances are found: ``table``, ``search`` or ``bounds``."""
    cells = rows * cols
    if cells <= TABLE_CELLS:
        return "table"
    return "search" if cells <= SEARCH_CELLS else "bounds"


def parity(board: Sequence[int], goal: Sequence[int], cols: int) -> int:
    """The parity of every path from ``board`` to ``goal``: the blank's Manhattan distance
    to its goal cell, modulo 2."""
    a, b = list(board).index(0), list(goal).index(0)
    return (abs(a // cols - b // cols) + abs(a % cols - b % cols)) % 2


class Sheet:
    """What is known of each position of a game so far: bounds on its distance, its best
    moves and a shortest finish; a method fills it in, the job reads it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.boards: list[Board] = game.boards()
        count = len(self.boards)
        self.lower: list[int | None] = [None] * count
        self.upper: list[int | None] = [None] * count
        self.best: list[tuple[int, ...] | None] = [None] * count
        self.finish: list[tuple[int, ...] | None] = [None] * count
        self.finished = [False] * count
        """Per position: whether its distance, best moves and finish are known."""
        self.done = 0
        """Positions finished."""
        self.expanded = 0
        self.stage = "starting"
        self.states = 0
        self.total_states = 0
        cols = game.goal.cols
        self.parities = [parity(b.tiles, game.goal.tiles, cols) for b in self.boards]
        self.ends: list[int] = [-1] * count
        """Per position: the next position on the goal (itself included), or -1."""
        self.rest: list[int | None] = [None] * count
        """Per position: the moves the game takes from it to the goal (a path: an upper bound)."""
        self.stale = False
        """Whether bounds changed since the last ``propagate`` (the job propagates before it
        reports: once a slice, not once a position)."""
        self.carried = 0
        """Positions visited by ``propagate`` and ``carry`` (work counted: linear in the moves)."""
        goal_at = -1
        for i in range(count - 1, -1, -1):
            if self.boards[i] == game.goal:
                goal_at = i
                self.set_exact(i, 0)
            self.ends[i] = goal_at
            if goal_at >= 0:
                self.rest[i] = self.upper[i] = goal_at - i

    def set_exact(self, index: int, distance: int) -> None:
        """Position ``index`` is exactly ``distance`` from the goal."""
        self.lower[index] = self.upper[index] = distance

    def propagate(self) -> None:
        """Carry bounds between neighbouring positions (a move changes the distance by one,
        so ``|d(i) - d(i + 1)| = 1``), and round them to each position's parity."""
        lower, upper = self.lower, self.upper
        count = len(lower)
        self.stale = False
        self.carried += 3 * count
        for order in (range(1, count), range(count - 2, -1, -1)):
            for i in order:
                j = i - 1 if order.step == 1 else i + 1
                if lower[j] is not None and (lower[i] is None or lower[j] - 1 > lower[i]):  # type: ignore[operator]
                    lower[i] = lower[j] - 1  # type: ignore[operator]
                if upper[j] is not None and (upper[i] is None or upper[j] + 1 < upper[i]):  # type: ignore[operator]
                    upper[i] = upper[j] + 1  # type: ignore[operator]
        for i in range(count):
            lo, up = lower[i], upper[i]
            if lo is not None:
                lower[i] = lo = max(lo, 0) + (max(lo, 0) - self.parities[i]) % 2
            if up is not None:
                upper[i] = up - (up - self.parities[i]) % 2

    def carry(self, index: int) -> None:
        """Carry the bounds of position ``index - 1`` to ``index`` (one step of ``propagate``'s
        forward pass, at its parity): what a walk forward needs, in constant time."""
        self.carried += 1
        if index <= 0:
            return
        lo, up = self.lower[index - 1], self.upper[index - 1]
        p = self.parities[index]
        if lo is not None:
            lo = max(lo - 1, 0)
            lo += (lo - p) % 2
            if self.lower[index] is None or lo > self.lower[index]:  # type: ignore[operator]
                self.lower[index] = lo
        if up is not None:
            up = up + 1 - (up + 1 - p) % 2
            if self.upper[index] is None or up < self.upper[index]:  # type: ignore[operator]
                self.upper[index] = up

    def finish_tiles(self, index: int, blanks: Sequence[int]) -> tuple[int, ...]:
        """The tiles moved along a path of the blank's cells from position ``index``."""
        return self.boards[index].tiles_along(blanks)


# -- boards up to 9 cells: the table ---------------------------------------------


def table_work(sheet: Sheet) -> Work:
    """Every position's distance, best moves and shortest finish, from the goal's table."""
    goal = sheet.game.goal
    table = distance_table(goal)
    sheet.total_states = table.total
    sheet.stage = "building the table of every state's distance"
    while not table.complete:
        table.grow(GROW_STEP)
        sheet.states = table.states
        yield False
    sheet.states = table.states
    sheet.stage = "reading the distances"
    neighbours = table.neighbours
    rank_of, distance = table.rank_of, table.distance
    for i, board in enumerate(sheet.boards):
        tiles = board.tiles
        d = distance[rank_of(tiles)]
        sheet.set_exact(i, d)
        blank = tiles.index(0)
        best = []
        for cell in neighbours[blank]:
            cells = list(tiles)
            cells[blank], cells[cell] = cells[cell], 0
            if distance[rank_of(cells)] < d:
                best.append(tiles[cell])
        sheet.best[i] = tuple(best)
        sheet.finish[i] = table_finish(table.distance, rank_of, neighbours, tiles)
        sheet.finished[i] = True
        sheet.done = i + 1
        if i % 64 == 63:
            yield False


def table_finish(distance: bytearray, rank: Callable[[Sequence[int]], int], neighbours: Sequence[Sequence[int]],
                 tiles: Tiles) -> tuple[int, ...]:
    """A shortest solution from ``tiles``, down the table (``rank``: its ``rank_of``): each
    move to a neighbour one nearer the goal."""
    cells = list(tiles)
    d = distance[rank(cells)]
    moved = []
    while d:
        blank = cells.index(0)
        for cell in neighbours[blank]:
            tile = cells[cell]
            cells[blank], cells[cell] = tile, 0
            if distance[rank(cells)] < d:
                moved.append(tile)
                d -= 1
                break
            cells[blank], cells[cell] = 0, tile
    return tuple(moved)


# -- 10 to 16 cells: bounded searches --------------------------------------------


def load_heuristic_steps(sheet: Sheet, name: str, fetching: bool) -> Work:
    """The heuristic's tables loaded a step at a time; with ``fetching``, first waits
    (pausing) while its files are missing (the caller fetches them)."""
    goal = sheet.game.goal
    where = (goal.rows, goal.cols, goal.blank)
    while fetching and table_needs([name], *where):
        sheet.stage = "waiting for the heuristic's tables"
        yield True
    sheet.stage = "loading the heuristic's tables"
    loading = heuristic_loading(name, *where)
    if loading is not None:
        for _ in loading:
            yield False


def search_work(sheet: Sheet, heuristic: str, fetching: bool = False) -> Work:
    """Every position's exact distance and best moves by bounded searches (see the module)."""
    game = sheet.game
    goal = game.goal
    yield from load_heuristic_steps(sheet, heuristic, fetching)
    compiled = compile_heuristic(heuristic, goal.rows, goal.cols, goal.blank)
    labels = relabel(goal, goal)
    searches = BoundedSearch(goal.rows, goal.cols, labels, compiled)
    cells = [list(relabel_tiles(board.tiles, goal.tiles)) for board in sheet.boards]
    blanks = [board.blank for board in sheet.boards]
    count = len(cells)
    for i in range(count):  # what the heuristic says of each position, before any search
        sheet.lower[i] = max(sheet.lower[i] or 0, searches.lower(cells[i]))
    sheet.propagate()
    neighbours = searches.neighbours
    ends, rest = sheet.ends, sheet.rest

    def settle(i: int) -> Generator[bool, None, None]:
        """Position ``i``, whose distance is known: the distance of each neighbour (the one
        the game moved to first), hence its best moves, and its shortest finish."""
        here = cells[i]
        d = searches.exact(here)
        assert d is not None  # every position is settled after its distance is known
        sheet.set_exact(i, d)
        blank = blanks[i]
        children = list(neighbours[blank])
        if i + 1 < count:  # the move played first: it decides the move's verdict
            children.remove(blanks[i + 1])
            children.insert(0, blanks[i + 1])
        best = []
        for cell in children:
            child = list(here)
            child[blank], child[cell] = child[cell], 0
            if d == 0:
                searches.learn_exact(child, 1, blank)
                continue
            known = searches.exact(child)
            if known is None and i + 1 < count and cell == blanks[i + 1] and rest[i + 1] == d - 1:
                searches.learn(child, blanks[i + 1:ends[i + 1] + 1])  # the rest of the game is a shortest path
                known = d - 1
            if known is None:
                known = yield from decide(child, d, blank)
            if known < d:
                best.append(sheet.boards[i].tiles[cell])
        sheet.best[i] = tuple(best)
        sheet.finish[i] = sheet.finish_tiles(i, searches.path_from(here))
        for j in (i - 1, i + 1):  # the neighbouring positions' distances are known now
            if 0 <= j < count:
                known = searches.exact(cells[j])
                if known is not None:
                    sheet.set_exact(j, known)
        sheet.finished[i] = True
        sheet.done += 1
        yield False

    def solve(i: int) -> Work:
        """Position ``i``'s distance by IDA* (bounded searches at rising bounds) and a
        shortest path from it."""
        board = cells[i]
        bound = searches.at_parity(board, searches.lower(board))
        while searches.exact(board) is None:
            probe = yield from _drive(sheet, searches, board, bound)
            if probe.path is not None:
                searches.learn(board, probe.path)
            else:
                bound = searches.at_parity(board, max(probe.next_bound, bound + 1))
                searches.learn_lower(board, bound)
                sheet.lower[i] = bound
                sheet.propagate()
                yield False
        sheet.set_exact(i, searches.exact(board))  # type: ignore[arg-type]

    def decide(cells_: list[int], near: int, towards: int) -> Generator[bool, None, int]:
        """The distance of a board one move from a board at distance ``near`` (whose blank
        is at cell ``towards``): ``near - 1`` or ``near + 1``, and a shortest path either way."""
        if searches.lower(cells_) > near - 1:
            searches.learn_exact(cells_, near + 1, towards)
            return near + 1
        probe = yield from _drive(sheet, searches, cells_, near - 1)
        if probe.path is not None:
            searches.learn(cells_, probe.path)
            return near - 1
        searches.learn_exact(cells_, near + 1, towards)
        return near + 1

    # First the positions nearest the goal, back from the nearest one (the last on the goal,
    # if the game reaches it; else the last of those the heuristic puts nearest, solved first
    # if near enough): cheap searches, so the first marks come at once. Then the others,
    # forward from the start.
    sheet.stage = "the positions nearest the goal"
    anchor = min(range(count), key=lambda j: (sheet.lower[j], -j))
    if sheet.lower[anchor] is not None and sheet.lower[anchor] < BACKWARD_DISTANCE:  # type: ignore[operator]
        yield from solve(anchor)
        yield from settle(anchor)
        i = anchor - 1
        while i >= 0 and sheet.lower[i + 1] < BACKWARD_DISTANCE:  # type: ignore[operator]
            if searches.exact(cells[i]) is None:
                yield from decide(cells[i], sheet.lower[i + 1], blanks[i + 1])  # type: ignore[arg-type]
            yield from settle(i)
            i -= 1
    if not sheet.finished[0]:
        sheet.stage = "solving the start"
        yield from solve(0)
    sheet.stage = "the positions, from the start"
    for i in range(count):
        if not sheet.finished[i]:
            yield from settle(i)


def _drive(sheet: Sheet, searches: BoundedSearch, cells: list[int], bound: int) -> Generator[bool, None, Probe]:
    """One bounded search, yielding as it goes; the sheet's node count kept up to date."""
    steps = searches.probe(cells, bound)
    try:
        while True:
            sheet.expanded = next(steps)
            yield False
    except StopIteration as stop:
        sheet.expanded = searches.expanded
        probe: Probe = stop.value
        return probe


# -- bigger boards: bounds ---------------------------------------------------------


def bounds_work(sheet: Sheet, heuristic: str, position_seconds: float, max_nodes: int, fetching: bool = False) -> Work:
    """Bounds on every position's distance from the anytime solver, ``position_seconds``
    each (a position whose bounds already meet is skipped), carried between neighbours."""
    game = sheet.game
    goal = game.goal
    sheet.stage = "bounding the positions, from the start"
    # One full propagation first (what the game's own end tells each position), then each
    # position takes what the positions before it learnt by one carry from its predecessor:
    # the same bounds as a full propagation before each position, in linear time (nothing
    # after the position has changed since). The job propagates in full before each report.
    sheet.propagate()
    for i, board in enumerate(sheet.boards):
        sheet.carry(i)
        if sheet.lower[i] is not None and sheet.lower[i] == sheet.upper[i]:
            sheet.finished[i] = True
            sheet.done = i + 1
            yield False  # a slice ends on time even when every position is already decided
            continue
        search = Search(board, game.goal, "anytime", heuristic,
                        limits=Limits(max(1, max_nodes - sheet.expanded), position_seconds), fetching=fetching)
        counted = sheet.expanded
        while search.result is None:
            search.step(0.02)
            if search.progress is not None:
                sheet.expanded = counted + search.progress.expanded
            yield fetching and bool(table_needs([search.heuristic], goal.rows, goal.cols, goal.blank))
        result = search.result
        sheet.expanded = counted + result.expanded
        if result.lower_bound is not None:
            sheet.lower[i] = max(sheet.lower[i] or 0, result.lower_bound)
        if result.length is not None:
            sheet.upper[i] = result.length if sheet.upper[i] is None else min(sheet.upper[i], result.length)  # type: ignore[type-var]
        if result.optimal and result.length is not None:
            sheet.set_exact(i, result.length)
            sheet.finish[i] = result.tiles
        sheet.stale = True
        sheet.finished[i] = True
        sheet.done = i + 1
    sheet.propagate()
