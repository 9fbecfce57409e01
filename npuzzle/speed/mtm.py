"""Optimal solving in the multi-tile metric (MTM), where sliding a run of tiles along one line
is one move.

In MTM the blank moves k >= 1 cells in a straight line (up, down, left or right) and the k
tiles it passes each slide one cell: one move, where the single-tile metric (STM) counts k.
Two facts shape everything below:

* **Moves alternate axes.** Two moves in a row along the same axis are along the same line
  (a vertical move keeps the blank in its column), and they can always be merged: whatever
  the blank does inside one line, the tiles of that line keep their order and only the
  blank's place among them changes, so the two moves do what one move of the blank from
  where it started to where it ended does, or nothing when it ends where it started.
  Removing such pairs only shortens a solution (a removed empty move may leave two moves of
  the other axis side by side, which merge in turn), so some shortest solution alternates
  vertical and horizontal moves, and a search need only try those.
* **Branching is three.** After a vertical move the next is horizontal: the blank goes to
  one of the other cells of its row (three on a 4x4). Other duplicates are rare (under 1% of
  the states 7 moves from the goal are reached twice).

**Boards of at most 9 cells** (3x3: 181,440 states; 2x4, 2x3, ...) get ``MtmTable``: every
state's exact MTM distance from one breadth-first search from the goal, grown in steps like
``distance_table.DistanceTable`` and numbered by its ``StateNumbering`` (a 3x3 in about half a
second). A solution walks down the table.

**The 4x4** is solved by IDA* over alternating moves with ``GroupEstimate``, built from *group
tables*: pattern databases in which tiles are told apart only by group, the kind of table
benwh1/slidy's MTM solver reads (its groups are the four goal rows: 252 million entries),
made small enough to build in seconds.

* A *grouping* splits the goal cells into three groups (say the top two rows, the left column
  below them, the rest). Keeping only the group of each tile maps a board onto an *abstract
  board* (a group per cell, and the blank). Every MTM move of a board is an MTM move of its
  abstract board along the same axis, and the goal maps onto the abstract goal.
* The table holds, for every abstract board and each axis, the fewest MTM moves to the
  abstract goal when the first move must be along that axis (``GroupTable.first[axis]``):
  one breadth-first search backwards from the abstract goal over (abstract board, axis)
  pairs, in which a board whose path starts with a vertical move is reached from a board one
  vertical move away whose path starts with a horizontal move, and the other way round.
* **Admissible.** A solution of a board whose moves alternate axes, the first along axis a,
  maps move by move onto an abstract path of the same length from the board's abstract board
  to the abstract goal, alternating and first along a; so it is at least ``first[a]`` of the
  abstract board long. In IDA* a node's next move is along the axis its last move was not
  (the root may start along either: its estimate is the smaller of the two), and alternating
  solutions include a shortest one, so the search stays optimal. The largest of several such
  bounds is a bound: we take it over each grouping read on the board and on its transpose
  (the mirror in the main diagonal maps MTM moves onto MTM moves with the axes swapped and the
  goal onto a goal whose blank is mirrored too; that goal's table is read with the axes
  swapped). Groupings cannot be summed: one MTM move may move tiles of every group.
* **Consistent** along alternating moves: each table entry is an exact distance between pairs
  in the abstract pair graph, and a move of the board is an edge of it, so no entry (and no
  largest of them) drops by more than one per move.

``GROUPINGS`` holds the two groupings the 4x4 uses, each read directly and transposed (four
lookups; 2,882,880 and 2,162,160 abstract boards, one byte per axis each: 10 MB; about 7 s to
build in CPython). On 60 random 4x4 boards whose MTM distance averages 31.4, the estimate
averages 22.0 at the start and 22.5 once the next axis is known; an MTM walking distance
(per axis, each row's count of tiles by goal row, the blank moving k rows at a time; the two
axes combined with the alternation) and a grouping of one goal row against the rest each
average about 17. On 20 random boards IDA* expands a median of about 700,000 nodes (2 s in
CPython; bench/mtm.py).

``mtm_search(problem, limits)`` follows the generator protocol of search/steps.py: it yields a
``Progress`` while it builds a table (with a ``stage``), every 1024 expansions and at the end of
each iteration, takes a sent True as a cancel, and returns an ``Outcome`` whose path lists the
blank's cell after every single slide (an MTM move of k cells gives k entries), the start's
first, and whose ``bound`` is the MTM length.

>>> from npuzzle.board import Board
>>> table = mtm_table(Board.goal(2, 3))
>>> table.grow_all().states, table.max_distance
(360, 20)
>>> table.distance_of(Board.from_string("1 2 3 / 0 4 5"))
1
"""

from __future__ import annotations

import math
import time
from array import array
from collections import OrderedDict
from typing import Sequence

from ..board import Board, Tiles
from ..distance_table import UNSEEN, StateNumbering
from ..search.problem import Problem
from ..search.result import Limits, Progress, StopReason
from ..search.steps import CHECK_EVERY_DFS, Outcome, Steps
from ..search.trace import Iteration
from ..solvability import is_solvable

MTM_TABLE_CELLS = 9
"""The largest boards (in cells) whose every state's MTM distance is tabled: 3x3, 2x4, 4x2."""
CACHED_MTM_TABLES = 4
"""How many goals' MTM tables are kept (a 3x3's takes about 1.3 MB)."""
GROW_STEP = 2048
"""States a table (or group table) search expands between two progress reports (a few ms)."""
TABLE_STAGE = "building the MTM distance table"
GROUP_STAGE = "building the MTM group tables"

VERTICAL, HORIZONTAL = 0, 1
"""The two axes: a vertical move keeps the blank in its column, a horizontal one in its row."""

GROUPINGS: tuple[str, ...] = (
    "1112111233333333",
    "1111111123332333",
)
"""The 4x4's groupings, a group (1 to 3) per goal cell, row-major, for a blank-last goal: the
top-left 2x3 block, the rest of the top two rows, the rest (2,882,880 abstract boards); the
top two rows, the left column below them, the rest (2,162,160). The group of the blank's goal
cell is ignored. Chosen by measuring pairs of some thirty groupings (estimate averages, then
IDA* nodes on random boards against the seconds the tables take): larger tables (7,207,200
boards for the two top-left 2x2 blocks) or a third grouping did not pay for themselves."""


class MtmUnsupported(ValueError):
    """Raised for a board size with no optimal MTM solver."""


def mtm_supported(rows: int, cols: int) -> bool:
    """Whether ``mtm_search`` solves rows x cols boards: at most 9 cells (a table of every
    state), or 4x4 (IDA* with group tables)."""
    return rows * cols <= MTM_TABLE_CELLS or (rows, cols) == (4, 4)


def check_mtm_supported(rows: int, cols: int) -> None:
    """MtmUnsupported unless ``mtm_supported(rows, cols)``."""
    if not mtm_supported(rows, cols):
        raise MtmUnsupported(
            f"optimal solving in the multi-tile metric is not available for a {rows}x{cols} board: "
            f"only boards of at most {MTM_TABLE_CELLS} cells (2x2, 2x3, 2x4, 3x3 and their "
            f"transposes) and the 4x4 are supported"
        )


def mtm_lines(rows: int, cols: int) -> tuple[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]], ...]:
    """Per blank cell and axis (``VERTICAL``, ``HORIZONTAL``), the cells the blank can move to
    in each direction, nearest first: an MTM move of k cells takes the first k of one run.

    >>> mtm_lines(3, 3)[4]
    (((1,), (7,)), ((3,), (5,)))
    """
    out = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        up = tuple((r - i) * cols + c for i in range(1, r + 1))
        down = tuple((r + i) * cols + c for i in range(1, rows - r))
        left = tuple(r * cols + c - i for i in range(1, c + 1))
        right = tuple(r * cols + c + i for i in range(1, cols - c))
        out.append((tuple(run for run in (up, down) if run), tuple(run for run in (left, right) if run)))
    return tuple(out)


# -- boards up to 9 cells: every state's distance ------------------------------------


class MtmTable:
    """The breadth-first search with MTM moves from one goal over every state that can reach
    it, grown by ``grow`` (the design of ``distance_table.DistanceTable``): ``distance[rank]``
    is a state's MTM distance (``UNSEEN`` until found), ``order`` the codes of the states found
    so far in the order found (distances never decrease along it), ``blanks`` their blank
    cells."""

    def __init__(self, goal: Board) -> None:
        if goal.size > MTM_TABLE_CELLS:
            raise ValueError(f"an MTM table is for boards of at most {MTM_TABLE_CELLS} cells, not a {goal.shape}")
        self.goal = goal
        self.numbering = StateNumbering(goal.size)
        self.lines = mtm_lines(goal.rows, goal.cols)
        self.total = math.factorial(goal.size) // 2
        """The states that can reach the goal: half of all orders of the tiles."""
        self.distance = bytearray([UNSEEN]) * self.numbering.size
        code = self.numbering.code(goal.tiles)
        self.distance[self.numbering.rank(code)] = 0
        self.order = array("i", [code])
        self.blanks = bytearray([goal.blank])
        self.expanded = 0
        """How many states of ``order`` the search has expanded (its queue is the rest)."""
        self._depth = 0
        self._layer_end = 1
        weights = self.numbering.weights
        moves = []
        for blank, axes in enumerate(self.lines):
            runs = []
            for run in axes[VERTICAL] + axes[HORIZONTAL]:
                steps = []
                before = blank
                for cell in run:  # the tile in `cell` slides into `before`, where the blank was
                    steps.append((weights[cell], weights[before] - weights[cell], cell))
                    before = cell
                runs.append(tuple(steps))
            moves.append(tuple(runs))
        self._moves = tuple(moves)
        """Per blank cell, per direction, each cell the blank can stop at: the moving tile's
        cell's weight, what the code gains per unit of that tile, and the cell."""

    @property
    def complete(self) -> bool:
        """Whether every state that can reach the goal has its distance."""
        return self.expanded == len(self.order)

    @property
    def states(self) -> int:
        """The states found so far."""
        return len(self.order)

    @property
    def max_distance(self) -> int:
        """The largest distance found so far (the last state found is the farthest)."""
        return self.distance[self.numbering.rank(self.order[-1])]

    def grow(self, expansions: int) -> MtmTable:
        """Expand up to ``expansions`` more states (fewer when the search ends first)."""
        numbering = self.numbering
        prefix, suffix, split, n = numbering.prefix, numbering.suffix, numbering.split, numbering.cells
        moves = self._moves
        distance, order, blanks = self.distance, self.order, self.blanks
        push, push_blank = order.append, blanks.append
        i = self.expanded
        limit = i + expansions
        layer_end, d1 = self._layer_end, self._depth + 1
        while i < limit:
            if i == layer_end:  # the next layer: its states were all found by the one before
                layer_end = len(order)
                if i == layer_end:
                    break
                d1 += 1
            code = order[i]
            for run in moves[blanks[i]]:
                child = code
                for wc, gain, cell in run:
                    child += code // wc % n * gain
                    rank = prefix[child // split] + suffix[child % split]
                    if distance[rank] == UNSEEN:
                        distance[rank] = d1
                        push(child)
                        push_blank(cell)
            i += 1
        self.expanded, self._layer_end, self._depth = i, layer_end, d1 - 1
        return self

    def grow_all(self) -> MtmTable:
        """Run the search to its end."""
        while not self.complete:
            self.grow(1 << 20)
        return self

    def rank_of(self, tiles: Sequence[int]) -> int:
        """A board's number in ``distance``."""
        return self.numbering.rank(self.numbering.code(tiles))

    def distance_of(self, board: Board | Sequence[int]) -> int | None:
        """A board's MTM distance to the goal, or None if the search has not reached it (yet, or
        ever: a board that cannot reach the goal)."""
        tiles = board.tiles if isinstance(board, Board) else board
        value = self.distance[self.rank_of(tiles)]
        return None if value == UNSEEN else value

    def solution(self, tiles: Sequence[int]) -> list[int]:
        """A shortest MTM solution from ``tiles`` as the blank's cell after every single slide,
        the start's blank first: each move to a neighbour one nearer the goal. ValueError
        unless the table holds the board's distance."""
        numbering = self.numbering
        cells = list(tiles)
        d = self.distance[numbering.rank(numbering.code(cells))]
        if d == UNSEEN:
            raise ValueError("the table does not hold this board's distance (yet)")
        blank = cells.index(0)
        path = [blank]
        while d:
            for run in self.lines[blank][VERTICAL] + self.lines[blank][HORIZONTAL]:
                trial = list(cells)
                before = blank
                for k, cell in enumerate(run):
                    trial[before], trial[cell] = trial[cell], 0
                    before = cell
                    if self.distance[numbering.rank(numbering.code(trial))] == d - 1:
                        path.extend(run[: k + 1])
                        cells, blank, d = trial, cell, d - 1
                        break
                else:
                    continue
                break
            else:  # pragma: no cover - a complete layer always has a parent one nearer
                raise RuntimeError("no neighbour one move nearer the goal")
        return path


_TABLES: OrderedDict[tuple[int, int, Tiles], MtmTable] = OrderedDict()


def mtm_table(goal: Board) -> MtmTable:
    """The MTM table of ``goal`` (possibly not complete yet: ``grow`` it), the same object for
    the same goal while it is among the last ``CACHED_MTM_TABLES`` asked for; ValueError for a
    board of more than ``MTM_TABLE_CELLS`` cells."""
    key = (goal.rows, goal.cols, goal.tiles)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = MtmTable(goal)
        while len(_TABLES) > CACHED_MTM_TABLES:
            _TABLES.popitem(last=False)
    else:
        _TABLES.move_to_end(key)
    return table


def forget_mtm_tables() -> None:
    """Drop every kept MTM table, group table and estimate (benchmarks time them built afresh)."""
    _TABLES.clear()
    _GROUP_TABLES.clear()
    _ESTIMATES.clear()


# -- group tables (any board of at most 16 cells; the 4x4's search uses them) ---------

SIDE = 4
CELLS = SIDE * SIDE
MAX_GROUP_CELLS = 16
"""The largest boards (in cells) a group table is made for: two bits per cell fit 32 bits."""
CACHED_GROUP_TABLES = 8
"""How many group tables are kept (two per grouping for a goal whose blank is off the main
diagonal; 4 to 6 MB each on the 4x4)."""
_SPREAD = 0x03030303
_GATHER = (1 << 24) | (1 << 18) | (1 << 12) | (1 << 6)
"""On a 4x4, ``(code >> 2c & _SPREAD) * _GATHER >> 24 & 255`` is column c's four labels side
by side, top first (the products land on distinct bits, so nothing carries)."""


def transpose_cell(cell: int, side: int = SIDE) -> int:
    """A cell of a side x side board mirrored in the main diagonal.

    >>> transpose_cell(1), transpose_cell(7, 3)
    (4, 5)
    """
    return cell % side * side + cell // side


def _multinomial(counts: Sequence[int]) -> int:
    value = math.factorial(sum(counts))
    for count in counts:
        value //= math.factorial(count)
    return value


def _smaller(counts: list[int], label: int) -> int:
    """How many label sequences of multiset ``counts`` start with a label below ``label``."""
    total = 0
    for v in range(label):
        if counts[v]:
            counts[v] -= 1
            total += _multinomial(counts)
            counts[v] += 1
    return total


_LOW_RANKS: list[int] = []


def _low_ranks() -> list[int]:
    """Per 16-bit half code (cells 0..7, two bits each): the rank of the labels of cells 7
    down to 0 among the orders of their own multiset (the same for every grouping)."""
    if not _LOW_RANKS:
        ranks = [0]
        counts = [[0, 0, 0, 0]]
        for cell in range(8):  # cell `cell` is read before the cells below it
            new_ranks = [0] * (len(ranks) * 4)
            new_counts: list[list[int]] = [[]] * (len(ranks) * 4)
            for code, (rank, have) in enumerate(zip(ranks, counts)):
                for label in range(4):
                    now = list(have)
                    now[label] += 1
                    index = code | label << (2 * cell)
                    new_ranks[index] = rank + _smaller(now, label)
                    new_counts[index] = now
            ranks, counts = new_ranks, new_counts
        _LOW_RANKS.extend(ranks)
    return _LOW_RANKS


def _high_ranks(counts: Sequence[int], cells: int) -> list[int]:
    """Per code of cells 8 and up (two bits each): the rank of their labels, the last cell
    first, among the orders of the whole board's multiset ``counts`` (0 for a part no board
    has), so that a board's rank is ``high[code >> 16] + low[code & 0xFFFF]``, one of 0 to
    ``multinomial(counts) - 1`` (with ``_low_ranks``; fewer than 9 cells: the low part alone)."""
    ranks = [0] * (1 << max(0, 2 * (cells - 8)))
    layer = {0: (0, list(counts))}
    for cell in range(cells - 1, 7, -1):
        following = {}
        for code, (rank, left) in layer.items():
            for label in range(4):
                if left[label]:
                    more = rank + _smaller(left, label)
                    rest = list(left)
                    rest[label] -= 1
                    following[code | label << (2 * (cell - 8))] = (more, rest)
        layer = following
    for code, (rank, _) in layer.items():
        ranks[code] = rank
    return ranks


def _line_moves(rows: int, cols: int, axis: int) -> list[list[tuple[tuple[int, int], ...]]]:
    """Per blank cell, per content of its line along ``axis`` (its labels two bits each, the
    top or left cell lowest), each MTM move: the blank's new cell and what the code gains."""
    table = []
    for blank in range(rows * cols):
        r, c = divmod(blank, cols)
        line = [i * cols + c for i in range(rows)] if axis == VERTICAL else [r * cols + j for j in range(cols)]
        n = len(line)
        here = line.index(blank)
        per_content: list[tuple[tuple[int, int], ...]] = [()] * (1 << (2 * n))
        for content in range(1 << (2 * n)):
            labels = [content >> (2 * i) & 3 for i in range(n)]
            if labels[here] or labels.count(0) != 1:
                continue
            moves = []
            for there in range(n):
                if there == here:
                    continue
                step = 1 if there > here else -1
                new = list(labels)
                for i in range(here, there, step):
                    new[i] = new[i + step]
                new[there] = 0
                gain = sum((new[i] - labels[i]) << (2 * line[i]) for i in range(n))
                moves.append((line[there], gain))
            per_content[content] = tuple(moves)
        table.append(per_content)
    return table


class GroupTable:
    """MTM distances of a board abstracted by a grouping (see the module docstring), grown by
    ``grow`` like ``MtmTable``: ``first[axis][rank]`` is the fewest MTM moves from an abstract
    board to the abstract goal whose first move is along ``axis`` (``UNSEEN`` until found).

    ``grouping`` gives a group, ``1`` to ``3``, to each goal cell, row-major (the blank's goal
    cell's is ignored). An abstract board's code holds its labels (0 the blank, else the group
    of the tile's goal cell) two bits per cell, cell 0 lowest; its rank is ``rank(code)``. The
    search runs over (board, axis) pairs: from a pair (b, a) at distance d it reaches, by the
    moves along the other axis, the boards whose best path starting with that axis goes
    through b."""

    def __init__(self, rows: int, cols: int, grouping: str, blank_goal: int) -> None:
        cells = rows * cols
        if cells > MAX_GROUP_CELLS or len(grouping) != cells or set(grouping) - set("123") \
                or not 0 <= blank_goal < cells:
            raise ValueError(f"bad grouping {grouping!r} or blank goal cell {blank_goal} for a {rows}x{cols} board")
        self.rows, self.cols = rows, cols
        self.grouping = grouping
        self.blank_goal = blank_goal
        counts = [1, 0, 0, 0]
        goal_code = 0
        for cell, group in enumerate(grouping):
            if cell != blank_goal:
                counts[int(group)] += 1
                goal_code |= int(group) << (2 * cell)
        self.size = _multinomial(counts)
        """How many abstract boards there are (each reaches the abstract goal)."""
        self.high = _high_ranks(counts, cells)
        self.low = _low_ranks()
        self._moves = _line_moves_of(rows, cols)
        self.first = (bytearray([UNSEEN]) * self.size, bytearray([UNSEEN]) * self.size)
        goal_rank = self.rank(goal_code)
        self.first[VERTICAL][goal_rank] = self.first[HORIZONTAL][goal_rank] = 0
        self._codes = (array("I", [goal_code]), array("I", [goal_code]))
        """The layer being expanded, per axis: the boards whose ``first[axis]`` is ``depth``."""
        self._blanks = (bytearray([blank_goal]), bytearray([blank_goal]))
        self._next: tuple[array[int], array[int]] = (array("I"), array("I"))
        self._next_blanks = (bytearray(), bytearray())
        self._axis = VERTICAL
        self._index = 0
        self.depth = 0
        """The distance of the layer being expanded (the largest distance, once complete)."""
        self.expanded = 0
        """How many (board, axis) pairs the search has expanded (``2 * size`` in the end)."""

    def rank(self, code: int) -> int:
        """An abstract board's number, from its code."""
        return self.high[code >> 16] + self.low[code & 0xFFFF]

    @property
    def complete(self) -> bool:
        """Whether every abstract board has both its distances."""
        return not self._codes[VERTICAL] and not self._codes[HORIZONTAL]

    def _content(self, code: int, blank: int, axis: int) -> int:
        """The labels of the blank's line along ``axis``, two bits each, top or left first."""
        rows, cols = self.rows, self.cols
        r, c = divmod(blank, cols)
        if axis == HORIZONTAL:
            return code >> (2 * cols * r) & ((1 << (2 * cols)) - 1)
        return sum((code >> (2 * (i * cols + c)) & 3) << (2 * i) for i in range(rows))

    def grow(self, expansions: int) -> GroupTable:
        """Expand up to ``expansions`` more (board, axis) pairs."""
        high, low = self.high, self.low
        fast = (self.rows, self.cols) == (SIDE, SIDE)
        budget = expansions
        while budget > 0 and not self.complete:
            axis = self._axis
            other = 1 - axis
            codes, blanks = self._codes[axis], self._blanks[axis]
            start = self._index
            stop = min(len(codes), start + budget)
            first = self.first[other]
            push, push_blank = self._next[other].append, self._next_blanks[other].append
            d1 = self.depth + 1
            moves = self._moves[other]
            if fast and other == HORIZONTAL:  # the 4x4: a row is one byte of the code
                for i in range(start, stop):
                    code, blank = codes[i], blanks[i]
                    for cell, gain in moves[blank][code >> (blank >> 2 << 3) & 255]:
                        child = code + gain
                        rank = high[child >> 16] + low[child & 0xFFFF]
                        if first[rank] == UNSEEN:
                            first[rank] = d1
                            push(child)
                            push_blank(cell)
            elif fast:  # the 4x4: a column gathered by one multiplication
                for i in range(start, stop):
                    code, blank = codes[i], blanks[i]
                    for cell, gain in moves[blank][(code >> ((blank & 3) << 1) & _SPREAD) * _GATHER >> 24 & 255]:
                        child = code + gain
                        rank = high[child >> 16] + low[child & 0xFFFF]
                        if first[rank] == UNSEEN:
                            first[rank] = d1
                            push(child)
                            push_blank(cell)
            else:
                content = self._content
                for i in range(start, stop):
                    code, blank = codes[i], blanks[i]
                    for cell, gain in moves[blank][content(code, blank, other)]:
                        child = code + gain
                        rank = high[child >> 16] + low[child & 0xFFFF]
                        if first[rank] == UNSEEN:
                            first[rank] = d1
                            push(child)
                            push_blank(cell)
            self.expanded += stop - start
            budget -= stop - start
            if stop < len(codes):
                self._index = stop
            elif axis == VERTICAL:
                self._axis, self._index = HORIZONTAL, 0
            else:  # the layer is done: the next one
                self._codes, self._blanks = self._next, self._next_blanks
                self._next, self._next_blanks = (array("I"), array("I")), (bytearray(), bytearray())
                self._axis, self._index = VERTICAL, 0
                if self._codes[VERTICAL] or self._codes[HORIZONTAL]:
                    self.depth += 1
        return self

    def grow_all(self) -> GroupTable:
        """Run the search to its end."""
        while not self.complete:
            self.grow(1 << 20)
        return self


_LINE_MOVES: dict[tuple[int, int], tuple[list[list[tuple[tuple[int, int], ...]]], ...]] = {}


def _line_moves_of(rows: int, cols: int) -> tuple[list[list[tuple[tuple[int, int], ...]]], ...]:
    moves = _LINE_MOVES.get((rows, cols))
    if moves is None:
        moves = _LINE_MOVES[rows, cols] = tuple(_line_moves(rows, cols, axis) for axis in (VERTICAL, HORIZONTAL))
    return moves


_GROUP_TABLES: OrderedDict[tuple[int, int, str, int], GroupTable] = OrderedDict()


def group_table(rows: int, cols: int, grouping: str, blank_goal: int) -> GroupTable:
    """The group table of ``grouping`` for a rows x cols goal whose blank is in ``blank_goal``
    (possibly not complete yet), kept among the last ``CACHED_GROUP_TABLES`` asked for."""
    key = (rows, cols, grouping, blank_goal)
    table = _GROUP_TABLES.get(key)
    if table is None:
        table = _GROUP_TABLES[key] = GroupTable(rows, cols, grouping, blank_goal)
        while len(_GROUP_TABLES) > CACHED_GROUP_TABLES:
            _GROUP_TABLES.popitem(last=False)
    else:
        _GROUP_TABLES.move_to_end(key)
    return table


# -- the estimate ---------------------------------------------------------------------


def symmetry_to_corner(rows: int, cols: int, blank_goal: int) -> tuple[int, ...]:
    """A symmetry of the board (a map of cells, its own inverse) taking ``blank_goal`` into the
    bottom-right quarter, which the groupings are made for (a blank-first goal's blank goes to
    the last cell): a mirror of the rows, of the columns, both or neither. Either mirror maps
    each MTM move onto an MTM move along the same axis.

    >>> symmetry_to_corner(2, 2, 0)
    (3, 2, 1, 0)
    """
    r, c = divmod(blank_goal, cols)
    flip_rows, flip_cols = r < rows // 2, c < cols // 2
    return tuple(
        (rows - 1 - i if flip_rows else i) * cols + (cols - 1 - j if flip_cols else j)
        for i in range(rows) for j in range(cols)
    )


class GroupEstimate:
    """An admissible MTM estimate for relabelled boards (label ``L`` belongs in cell ``L - 1``,
    0 is the blank, whose goal is ``blank_goal``): the largest, over ``groupings`` and, on a
    square board, over each grouping read transposed too (``lookups``), of the group table
    entry for the axis of the next move. ``tables`` must be complete (``grow``) before use.

    A search keeps the abstract codes of a board packed in one integer, 32 bits per lookup
    (``code``), and updates them with one addition per tile slid: ``parts[label][cell]`` is
    what a tile adds where it stands."""

    def __init__(self, rows: int, cols: int, blank_goal: int, groupings: Sequence[str]) -> None:
        self.rows, self.cols = rows, cols
        self.blank_goal = blank_goal
        self.tables: list[GroupTable] = []
        square = rows == cols
        n = rows * cols
        self.lookups: list[tuple[GroupTable, bool, int]] = []
        """Per lookup: its table, whether it reads the board transposed, its bit offset."""
        parts = [[0] * n for _ in range(n + 1)]
        for grouping in groupings:
            for transposed in ((False, True) if square else (False,)):
                table = group_table(rows, cols, grouping, transpose_cell(blank_goal, rows) if transposed else blank_goal)
                if table not in self.tables:
                    self.tables.append(table)
                offset = 32 * len(self.lookups)
                self.lookups.append((table, transposed, offset))
                for label in range(1, n + 1):
                    goal_cell = label - 1
                    if goal_cell == blank_goal:
                        continue
                    group = int(grouping[transpose_cell(goal_cell, rows) if transposed else goal_cell])
                    for cell in range(n):
                        where = transpose_cell(cell, rows) if transposed else cell
                        parts[label][cell] += group << (offset + 2 * where)
        self.parts = parts

    @property
    def ready(self) -> bool:
        """Whether every table is complete."""
        return all(table.complete for table in self.tables)

    def grow(self) -> GroupEstimate:
        """Complete every table."""
        for table in self.tables:
            table.grow_all()
        return self

    def code(self, cells: Sequence[int]) -> int:
        """The packed abstract codes of a board."""
        return sum(self.parts[label][cell] for cell, label in enumerate(cells) if label)

    def values(self, cells: Sequence[int], axis: int) -> list[int]:
        """Each lookup's value for a board whose next move is along ``axis``."""
        packed = self.code(cells)
        out = []
        for table, transposed, offset in self.lookups:
            code = packed >> offset & 0xFFFFFFFF
            out.append(table.first[1 - axis if transposed else axis][table.rank(code)])
        return out

    def estimate(self, cells: Sequence[int], axis: int | None = None) -> int:
        """A lower bound on the MTM moves to the goal when the next move must be along
        ``axis`` (either, when None: the smaller of the two axes' values)."""
        if axis is None:
            return min(max(self.values(cells, a)) for a in (VERTICAL, HORIZONTAL))
        return max(self.values(cells, axis))


_ESTIMATES: dict[tuple[int, int, int, tuple[str, ...]], GroupEstimate] = {}


def group_estimator(rows: int, cols: int, blank_goal: int, groupings: Sequence[str] | None = None) -> GroupEstimate:
    """The estimate for a rows x cols goal whose blank is in ``blank_goal`` (its tables
    possibly not complete), by default with the 4x4's ``GROUPINGS``."""
    key = (rows, cols, blank_goal, tuple(GROUPINGS if groupings is None else groupings))
    estimate = _ESTIMATES.get(key)
    if estimate is None or any(t is not _GROUP_TABLES.get((rows, cols, t.grouping, t.blank_goal)) for t in estimate.tables):
        estimate = _ESTIMATES[key] = GroupEstimate(rows, cols, blank_goal, key[3])
    return estimate


def group_estimate(board: Board, goal: Board, axis: int | None = None, groupings: Sequence[str] | None = None) -> int:
    """An admissible estimate of the MTM moves from ``board`` to ``goal`` when the next move
    must be along ``axis`` (either, by default), with ``groupings`` (the 4x4's ``GROUPINGS``
    by default), building the tables on first use (seconds on a 4x4): see the module
    docstring. The goal's blank is first moved into the bottom-right quarter (a mirror).

    >>> group_estimate(Board.from_string("1 2 3 / 4 5 0 / 7 8 6"), Board.goal(3), groupings=["112112333"])
    1
    """
    if board.size > MAX_GROUP_CELLS or (board.rows, board.cols) != (goal.rows, goal.cols):
        raise MtmUnsupported(f"the MTM group estimate is for boards of at most {MAX_GROUP_CELLS} cells, "
                             f"not a {board.shape}")
    if groupings is None and (board.rows, board.cols) != (SIDE, SIDE):
        raise MtmUnsupported(f"the default groupings are for the 4x4, not a {board.shape}")
    sigma = symmetry_to_corner(board.rows, board.cols, goal.blank)
    moved_board, moved_goal = [0] * board.size, [0] * board.size
    for cell in range(board.size):
        moved_board[sigma[cell]] = board.tiles[cell]
        moved_goal[sigma[cell]] = goal.tiles[cell]
    place = {tile: cell for cell, tile in enumerate(moved_goal)}
    cells = [place[tile] + 1 if tile else 0 for tile in moved_board]
    return group_estimator(board.rows, board.cols, place[0], groupings).grow().estimate(cells, axis)


# -- the search -----------------------------------------------------------------------


def mtm_search(problem: Problem, limits: Limits) -> Steps:
    """An optimal MTM solution of ``problem``, as a generator (search/steps.py's protocol):
    down the ``MtmTable`` on boards of at most 9 cells, IDA* with ``GroupEstimate`` on the 4x4.
    MtmUnsupported at once for any other size."""
    check_mtm_supported(problem.rows, problem.cols)
    if problem.size <= MTM_TABLE_CELLS:
        return _table_steps(problem, limits)
    return _group_steps(problem, limits)


def _unsolvable() -> Outcome:
    return Outcome(StopReason.UNSOLVABLE, None, 0, 0, 0, None)


def _table_steps(problem: Problem, limits: Limits) -> Steps:
    started = time.perf_counter()
    deadline = started + limits.time_limit
    if not is_solvable(problem.start_board, problem.goal_board):
        return _unsolvable()
    table = mtm_table(problem.goal_board)
    tiles = problem.start_board.tiles
    rank = table.rank_of(tiles)
    expanded_before, states_before = table.expanded, table.states

    def counts() -> tuple[int, int, int]:
        return table.expanded - expanded_before, table.states - states_before, table.states - table.expanded

    while table.distance[rank] == UNSEEN:
        expanded, generated, frontier = counts()
        if expanded >= limits.max_nodes:
            return Outcome(StopReason.NODE_LIMIT, None, expanded, generated, frontier, None)
        table.grow(min(GROW_STEP, limits.max_nodes - expanded))
        expanded, generated, frontier = counts()
        now = time.perf_counter()
        if now >= deadline and table.distance[rank] == UNSEEN:
            return Outcome(StopReason.TIME_LIMIT, None, expanded, generated, frontier, None)
        if (yield Progress(expanded, generated, frontier, frontier, now - started, stage=TABLE_STAGE)):
            return Outcome(StopReason.CANCELLED, None, expanded, generated, frontier, None)
    path = table.solution(tiles)
    length = table.distance[rank]
    expanded, generated, frontier = counts()
    return Outcome(StopReason.SOLVED, path, expanded + length, generated, frontier, length)


def _group_steps(problem: Problem, limits: Limits) -> Steps:
    started = time.perf_counter()
    deadline = started + limits.time_limit
    if not is_solvable(problem.start_board, problem.goal_board):
        return _unsolvable()
    # Move the goal's blank into the corner the groupings are made for; a mirror of rows or
    # columns maps MTM moves onto MTM moves of the same axis, and is its own inverse.
    sigma = symmetry_to_corner(SIDE, SIDE, problem.goal.index(0))
    cells = [0] * CELLS
    for cell, label in enumerate(problem.start):
        cells[sigma[cell]] = sigma[label - 1] + 1 if label else 0
    blank_goal = sigma[problem.goal.index(0)]
    estimator = group_estimator(SIDE, SIDE, blank_goal)
    for table in estimator.tables:
        while not table.complete:
            table.grow(GROW_STEP)
            now = time.perf_counter()
            if now >= deadline:
                return Outcome(StopReason.TIME_LIMIT, None, 0, 0, 0, None)
            if (yield Progress(0, 0, 0, 0, now - started, stage=GROUP_STAGE)):
                return Outcome(StopReason.CANCELLED, None, 0, 0, 0, None)
    outcome = yield from _idastar(cells, blank_goal, estimator, limits, started)
    if outcome.path is None:
        return outcome
    return Outcome(outcome.stop, [sigma[cell] for cell in outcome.path], outcome.expanded, outcome.generated,
                   outcome.max_frontier, outcome.bound, iteration=outcome.iteration)


def _single_slides(blanks: Sequence[int]) -> list[int]:
    """The blank's cell after every single slide, from its cell after every MTM move."""
    path = [blanks[0]]
    for before, after in zip(blanks, blanks[1:]):
        step = (1 if after > before else -1) if before // SIDE == after // SIDE else (SIDE if after > before else -SIDE)
        path.extend(range(before + step, after + step, step))
    return path


def _idastar(cells0: list[int], blank_goal: int, estimator: GroupEstimate, limits: Limits,
             started: float) -> Steps:
    """IDA* over alternating MTM moves on relabelled 4x4 cells, the estimate read from the
    group tables (complete) with the axis of the next move.

    Memory is linear in the depth: per depth, the board (a copy), its packed abstract codes and
    the children still to visit, which were tested against the bound when generated. Each
    lookup stops as soon as one exceeds what is left of the bound."""
    deadline = started + limits.time_limit
    max_nodes = limits.max_nodes
    goal = [label + 1 for label in range(CELLS)]
    goal[blank_goal] = 0
    low = _low_ranks()
    lookups = []
    for table, transposed, offset in estimator.lookups:
        by_axis = (table.first[HORIZONTAL], table.first[VERTICAL]) if transposed else table.first
        lookups.append((by_axis, table.high, offset, offset + 16))
    parts = estimator.parts
    runs: list[tuple[tuple[tuple[tuple[int, tuple[int, ...]], ...], ...], ...]] = []
    """``runs[blank][axis]``: per direction, each cell the blank can stop at, nearest first,
    with what the packed codes gain per label of the tile that slides out of it."""
    for blank, axes in enumerate(mtm_lines(SIDE, SIDE)):
        per_axis = []
        for directions in axes:
            out = []
            for cells in directions:
                steps = []
                before = blank
                for cell in cells:  # the tile in `cell` slides into `before`
                    steps.append((cell, tuple(parts[label][before] - parts[label][cell] for label in range(CELLS + 1))))
                    before = cell
                out.append(tuple(steps))
            per_axis.append(tuple(out))
        runs.append(tuple(per_axis))

    shifts = [[(slice(0), slice(0))] * CELLS for _ in range(CELLS)]
    """``shifts[blank][cell]``: the move of the blank to ``cell`` as one slice assignment,
    ``board[into] = board[out_of]`` (the tiles between slide one cell toward the blank)."""
    for blank in range(CELLS):
        for cell in range(CELLS):
            if cell != blank and (cell // SIDE == blank // SIDE or cell % SIDE == blank % SIDE):
                step = (1 if cell > blank else -1) if cell // SIDE == blank // SIDE else (SIDE if cell > blank else -SIDE)
                shifts[blank][cell] = (slice(blank, cell, step), slice(blank + step, cell + step if cell + step >= 0 else None, step))
    if len(lookups) < 4:  # pragma: no cover - GROUPINGS holds two groupings or more, each read twice
        raise RuntimeError("the 4x4 search is written out for four lookups or more")
    tables = tuple(tuple(by_axis[nxt] for by_axis, _, _, _ in lookups[:4]) for nxt in (VERTICAL, HORIZONTAL))
    """``tables[axis]``: the first four lookups' tables for boards whose next move is along ``axis``."""
    h0, h1, h2, h3 = (high for _, high, _, _ in lookups[:4])
    more = tuple(tuple((by_axis[nxt], high, lo, hi) for by_axis, high, lo, hi in lookups[4:]) for nxt in (VERTICAL, HORIZONTAL))
    """The lookups after the first four (read only when those four leave a child in)."""
    inf = 1 << 30
    packed0 = estimator.code(cells0)
    blank0 = cells0.index(0)
    values = [estimator.values(cells0, axis) for axis in (VERTICAL, HORIZONTAL)]
    bound = min(max(v) for v in values)
    expanded = generated = max_depth = 0
    began_expanded = began_generated = 0
    began = started
    blanks = [blank0]

    def done(stop: StopReason, path: list[int] | None) -> Outcome:
        now = time.perf_counter()
        last = Iteration(bound, expanded - began_expanded, generated - began_generated,
                         now - began, now - started, stop.value)
        return Outcome(stop, path, expanded, generated, max_depth, bound, iteration=last)

    if cells0 == goal:
        return done(StopReason.SOLVED, blanks)

    while True:
        next_bound = inf
        # The root: children along both axes.
        kids: list[tuple[int, int, int]] = []
        for axis in (VERTICAL, HORIZONTAL):
            nxt = 1 - axis
            for run in runs[blank0][axis]:
                packed = packed0
                for cell, gains in run:
                    packed += gains[cells0[cell]]
                    generated += 1
                    for by_axis, high, lo, hi in lookups:
                        v = by_axis[nxt][high[packed >> hi & 0xFFFF] + low[packed >> lo & 0xFFFF]]
                        if v >= bound:
                            if v + 1 < next_bound:
                                next_bound = v + 1
                            break
                    else:
                        kids.append((cell, packed, axis))
        expanded += 1
        least = inf
        boards = [cells0]
        blanks = [blank0]
        stack = [kids]
        while stack:
            kids = stack[-1]
            if not kids:
                stack.pop()
                boards.pop()
                blanks.pop()
                continue
            cell, packed, axis = kids.pop()
            parent = boards[-1]
            into, out_of = shifts[blanks[-1]][cell]
            board = parent[:]
            board[into] = parent[out_of]
            board[cell] = 0
            depth = len(stack)
            if board == goal:
                blanks.append(cell)
                return done(StopReason.SOLVED, _single_slides(blanks))
            expanded += 1
            if depth > max_depth:
                max_depth = depth
            if expanded >= max_nodes:
                return done(StopReason.NODE_LIMIT, None)
            if not expanded & CHECK_EVERY_DFS:
                now = time.perf_counter()
                if now >= deadline:
                    return done(StopReason.TIME_LIMIT, None)
                if (yield Progress(expanded, generated, depth, max_depth, now - started, bound)):
                    return done(StopReason.CANCELLED, None)
            left = bound - depth - 1
            # The children move along the other axis than this node's move: a second move
            # along the same axis stays in the same line, where the tiles keep their order and
            # only the blank's place among them changes, so the two moves would be one move (or
            # none) and a shorter path exists. Their own children move along this node's axis,
            # which is the axis their estimate is read for.
            t0, t1, t2, t3 = tables[axis]
            nxt = axis
            axis = 1 - axis
            children = []
            for run in runs[cell][axis]:
                p = packed
                for at, gains in run:
                    p += gains[board[at]]
                    # Lookup i's code is bits 32i..32i+31 of p (GroupEstimate.lookups' offsets).
                    v = t0[h0[p >> 16 & 0xFFFF] + low[p & 0xFFFF]]
                    if v <= left:
                        v = t1[h1[p >> 48 & 0xFFFF] + low[p >> 32 & 0xFFFF]]
                        if v <= left:
                            v = t2[h2[p >> 80 & 0xFFFF] + low[p >> 64 & 0xFFFF]]
                            if v <= left:
                                v = t3[h3[p >> 112 & 0xFFFF] + low[p >> 96 & 0xFFFF]]
                                if v <= left:
                                    for t, h, lo, hi in more[nxt]:
                                        v = t[h[p >> hi & 0xFFFF] + low[p >> lo & 0xFFFF]]
                                        if v > left:
                                            break
                                    else:
                                        children.append((at, p, axis))
                                        continue
                    if v < least:
                        least = v
                generated += len(run)
            if least + depth + 1 < next_bound:
                next_bound = least + depth + 1
            least = inf
            stack.append(children)
            boards.append(board)
            blanks.append(cell)
        if next_bound == inf:  # pragma: no cover - a solvable board always has a child to try
            return done(StopReason.UNSOLVABLE, None)
        now = time.perf_counter()
        ended = Iteration(bound, expanded - began_expanded, generated - began_generated, now - began, now - started)
        began_expanded, began_generated, began = expanded, generated, now
        bound = next_bound
        if (yield Progress(expanded, generated, 0, max_depth, now - started, bound, iteration=ended)):
            return done(StopReason.CANCELLED, None)
