"""A first solution for any board, fast: fill it a line at a time, as a person does.

The board is shrunk one row or column at a time, away from the blank's goal
cell, until at most 3x3 cells are left; those are solved optimally by IDA*.
A line is filled tile by tile: each tile is brought home by an A* over the
pair (tile's cell, blank's cell) with a near-exact estimate (a tile moving one
cell costs about five moves of the blank), never crossing tiles already
placed. The last two tiles of a line cannot be placed one after the other, so
the first of them is brought home, the second just inside the line's end, and
a breadth-first search over (first tile, second tile, blank) in the 3x3 window
at the line's end finishes both, shortest.

It works on the relabelled cells of ``problem.Problem`` (label ``L`` belongs
at cell ``L - 1``, 0 is the blank) and produces the path as blank positions,
like every search here. The solutions are long (for a random 24-puzzle about
twice the optimum) but come in milliseconds, and in a few seconds for 16x16:
they are where the anytime solver starts.
"""

from __future__ import annotations

from collections import deque
from heapq import heappop, heappush
from typing import Generator

from ..board import Board
from ..heuristics import compile_heuristic
from .idastar import idastar
from .problem import Problem
from .result import Limits
from .steps import Outcome

Path = list[int]
"""Blank positions, one per move (the start's blank position not included)."""
FINISH_SECONDS = 3600.0
"""No real limit on the last region's IDA* (at most 3x3: milliseconds, at worst a second)."""


def _blanks(parent: dict[int, int], start: int, end: int, n: int) -> Path:
    """The blank positions from ``start`` to ``end`` by following ``parent`` links back;
    states are numbers whose remainder modulo ``n`` (the cells) is the blank's cell."""
    blanks = []
    while end != start:
        blanks.append(end % n)
        end = parent[end]
    blanks.reverse()
    return blanks


def rectangle_problem(cells: list[int] | tuple[int, ...], goal: list[int] | tuple[int, ...],
                      box: tuple[int, int, int, int], cols: int) -> tuple[Problem, list[int]]:
    """The puzzle from ``cells`` to ``goal`` (both the whole board's) inside ``box`` (top,
    bottom, left, right), every other cell left as it is, and the box's cells (the
    problem's cell ``i`` is the board's ``region[i]``)."""
    top, bottom, left, right = box
    region = [r * cols + c for r in range(top, bottom + 1) for c in range(left, right + 1)]
    number = {label: i + 1 for i, label in enumerate(sorted(goal[p] for p in region if goal[p]))}
    number[0] = 0
    height, width = bottom - top + 1, right - left + 1
    start = Board(height, width, tuple(number[cells[p]] for p in region))
    target = Board(height, width, tuple(number[goal[p]] for p in region))
    return Problem.from_boards(start, target), region


def plan_lines(rows: int, cols: int, goal_row: int, goal_col: int, free: tuple[int, int, int, int],
               core: int) -> list[tuple[list[int], int, tuple[int, int, int, int]]]:
    """The lines a reduction fills, in order, from the free rectangle ``free`` (top, bottom,
    left, right) until at most ``core`` rows and ``core`` columns are left: each line's
    cells (ending at its last two), the step from a line cell into the rest, and the free
    rectangle after it. Lines go away from the blank's goal cell (``goal_row``,
    ``goal_col``): a row while the rectangle is at least as tall as it is wide, filled
    toward the goal's column, else a column, filled toward the goal's row."""
    top, bottom, left, right = free
    plan = []
    while bottom - top + 1 > core or right - left + 1 > core:
        height, width = bottom - top + 1, right - left + 1
        if height >= width and height > 2:
            row = top if goal_row > top else bottom
            columns = list(range(left, right + 1))
            if goal_col < (left + right) / 2:
                columns.reverse()
            inward = cols if row == top else -cols
            line = [row * cols + c for c in columns]
            if row == top:
                top += 1
            else:
                bottom -= 1
        else:
            col = left if goal_col > left else right
            rows_ = list(range(top, bottom + 1))
            if goal_row < (top + bottom) / 2:
                rows_.reverse()
            inward = 1 if col == left else -1
            line = [r * cols + col for r in rows_]
            if col == left:
                left += 1
            else:
                right -= 1
        plan.append((line, inward, (top, bottom, left, right)))
    return plan


class Reduction:
    """The state of a reduction in progress: the cells, the cells already placed, the path."""

    def __init__(self, problem: Problem, together: int = 0) -> None:
        self.rows = problem.rows
        self.cols = problem.cols
        self.neighbours = problem.neighbours
        self.cells = list(problem.start)
        self.goal = problem.goal
        self.blank = self.cells.index(0)
        self.fixed = bytearray(problem.size)
        self.path: Path = []
        self.together = together
        """Beam width for placing a line's tiles together (0: one at a time)."""
        goal_blank = problem.goal.index(0)
        self.goal_row, self.goal_col = divmod(goal_blank, self.cols)
        self.free = (0, self.rows - 1, 0, self.cols - 1)
        """The rectangle of cells not yet filled: top, bottom, left, right."""

    # -- moving the blank ---------------------------------------------------------

    def walk(self, blanks: Path) -> None:
        """Move the blank along ``blanks`` (each next to the one before)."""
        cells = self.cells
        blank = self.blank
        for nb in blanks:
            cells[blank] = cells[nb]
            cells[nb] = 0
            blank = nb
        self.blank = blank
        self.path.extend(blanks)

    def _distance(self, a: int, b: int) -> int:
        cols = self.cols
        return abs(a // cols - b // cols) + abs(a % cols - b % cols)

    def bring(self, label: int, target: int) -> None:
        """Bring tile ``label`` to cell ``target`` without crossing fixed cells.

        A* over (tile cell, blank cell). The estimate counts five moves per cell the
        tile still has to travel (the blank circles round it) plus the blank's walk to
        the tile: not admissible, but close to exact, so the search goes nearly
        straight and its paths are nearly shortest.
        """
        tile = self.cells.index(label)
        if tile == target:
            return
        n = len(self.cells)
        fixed = self.fixed
        neighbours = self.neighbours
        dist = self._distance
        start = tile * n + self.blank

        def estimate(t: int, b: int) -> int:
            m = dist(t, target)
            return 2 * m + dist(b, t) - 1 if m else 0

        parent: dict[int, int] = {start: -1}
        best = {start: 0}
        heap = [(estimate(tile, self.blank), 0, start)]
        end = -1
        while heap:
            _, g, key = heappop(heap)
            if g > best[key]:
                continue
            t, b = divmod(key, n)
            if t == target:
                end = key
                break
            g1 = g + 1
            for nb in neighbours[b]:
                if fixed[nb]:
                    continue
                nt = b if nb == t else t
                child = nt * n + nb
                old = best.get(child)
                if old is not None and old <= g1:
                    continue
                best[child] = g1
                parent[child] = key
                heappush(heap, (g1 + estimate(nt, nb), g1, child))
        if end < 0:
            raise RuntimeError(f"tile {label} cannot reach cell {target}")  # a bug, never input
        self.walk(_blanks(parent, start, end, n))

    def finish_pair(self, first: int, second: int, window: list[int]) -> None:
        """Bring tiles ``first`` and ``second`` home (their goal cells are in ``window``),
        shortest, moving the blank only inside ``window`` (all three must be in it)."""
        n = len(self.cells)
        inside = set(window)
        cells = self.cells
        a, b, z = cells.index(first), cells.index(second), self.blank
        goal_a, goal_b = first - 1, second - 1
        start = (a * n + b) * n + z
        parent: dict[int, int] = {start: -1}
        queue = deque([start])
        end = -1
        neighbours = self.neighbours
        while queue:
            key = queue.popleft()
            rest, z = divmod(key, n)
            a, b = divmod(rest, n)
            if a == goal_a and b == goal_b:
                end = key
                break
            for nb in neighbours[z]:
                if nb not in inside:
                    continue
                na = z if nb == a else a
                nb2 = z if nb == b else b
                child = (na * n + nb2) * n + nb
                if child not in parent:
                    parent[child] = key
                    queue.append(child)
        if end < 0:
            raise RuntimeError("the last two tiles of a line cannot be placed")  # a bug
        self.walk(_blanks(parent, start, end, n))

    def park_blank(self, away_from: set[int], window: list[int]) -> None:
        """Move the blank into ``window`` if it is not there, not through fixed cells."""
        if self.blank in window:
            return
        targets = set(window) - away_from
        parent = {self.blank: -1}
        queue = deque([self.blank])
        end = -1
        while queue:
            pos = queue.popleft()
            if pos in targets:
                end = pos
                break
            for nb in self.neighbours[pos]:
                if not self.fixed[nb] and nb not in away_from and nb not in parent:
                    parent[nb] = pos
                    queue.append(nb)
        if end < 0:
            raise RuntimeError("the blank cannot reach the window")  # a bug
        blanks = []
        while end != self.blank:
            blanks.append(end)
            end = parent[end]
        blanks.reverse()
        self.walk(blanks)

    # -- lines --------------------------------------------------------------------------

    def fill_line(self, line: list[int], inward: int) -> Generator[None, None, None]:
        """Fill the goal cells ``line`` (in order, ending at the line's last two cells);
        ``inward`` is the step from a line cell to the next cell of the free region."""
        cells = self.cells
        goal = self.goal
        if self.together and len(line) > 2 and (yield from self.place_together(line[:-2], self.together, 40 * len(line))):
            for cell in line[:-2]:
                self.fixed[cell] = 1
            yield
        for cell in line[:-2]:
            if self.fixed[cell]:
                continue
            self.bring(goal[cell], cell)
            self.fixed[cell] = 1
            yield
        t1, t2 = line[-2], line[-1]
        first, second = goal[t1], goal[t2]
        if not (cells[t1] == first and cells[t2] == second):
            along = t2 - t1
            self.bring(first, t1)
            if cells[t2] != second:
                self.fixed[t1] = 1
                self.bring(second, t2 + inward)
                self.fixed[t1] = 0
            window = self._window(t2, inward, along)
            self.park_blank({t1, t2, cells.index(second)}, window)
            self.finish_pair(first, second, window)
        self.fixed[t1] = self.fixed[t2] = 1
        yield

    def place_together(self, cells: list[int], width: int, max_depth: int) -> Generator[None, None, bool]:
        """Bring the tiles of goal ``cells`` home together by a beam search over where
        those tiles and the blank are (the other free tiles are alike to it), never
        through fixed cells; True if it did (within ``max_depth`` moves).

        The estimate ranks states by the tiles' Manhattan distances to their cells plus
        the blank's distance to the nearest tile not yet home, so the beam favours
        moves that bring several tiles along at once. Yields every few hundred states.
        """
        goal = self.goal
        labels = [goal[c] for c in cells]
        where = [self.cells.index(label) for label in labels]
        targets = list(cells)
        if where == targets:
            return True
        cols = self.cols
        fixed = self.fixed
        neighbours = self.neighbours
        k = len(labels)

        def estimate(pos: list[int] | tuple[int, ...], blank: int) -> int:
            total = 0
            near = 1 << 20
            for p, t in zip(pos, targets):
                if p != t:
                    d = abs(p // cols - t // cols) + abs(p % cols - t % cols)
                    total += d
                    b = abs(p // cols - blank // cols) + abs(p % cols - blank % cols)
                    if b < near:
                        near = b
            return 0 if near == 1 << 20 else 4 * total + near

        start = tuple(where)
        layer: list[tuple[tuple[int, ...], int, int]] = [(start, self.blank, -1)]
        seen = {start + (self.blank,)}
        history: list[list[tuple[int, int]]] = []  # per layer: (parent index, blank)
        goal_key = tuple(targets)
        for _ in range(max_depth):
            children: list[tuple[int, int, tuple[int, ...], int, int, int]] = []
            order = 0
            for index, (pos, blank, back) in enumerate(layer):
                if not index & 255:
                    yield
                for nb in neighbours[blank]:
                    if nb == back or fixed[nb]:
                        continue
                    if nb in pos:
                        moved = list(pos)
                        moved[pos.index(nb)] = blank
                        child = tuple(moved)
                    else:
                        child = pos
                    key = child + (nb,)
                    if key in seen:
                        continue
                    seen.add(key)
                    order += 1
                    children.append((estimate(child, nb), order, child, nb, index, blank))
            if not children:
                return False
            if len(children) > width:
                yield
                children.sort()
                del children[width:]
                yield
            history.append([(c[4], c[3]) for c in children])
            layer = [(c[2], c[3], c[5]) for c in children]
            for i, (pos, _, _) in enumerate(layer):
                if pos == goal_key:
                    blanks = []
                    for step in range(len(history) - 1, -1, -1):
                        parent, blank = history[step][i]
                        blanks.append(blank)
                        i = parent
                    blanks.reverse()
                    self.walk(blanks)
                    return True
        return False

    def _window(self, corner: int, inward: int, along: int) -> list[int]:
        """The free cells of the 3x3 square at a line's end: ``corner`` and up to two
        steps inward and two steps back along the line from it."""
        cols = self.cols

        def vector(step: int) -> tuple[int, int]:
            return (step // cols, 0) if abs(step) == cols else (0, step)

        (ir, ic), (ar, ac) = vector(inward), vector(along)
        r0, c0 = divmod(corner, cols)
        window = []
        for i in range(3):
            for j in range(3):
                r, c = r0 + i * ir - j * ar, c0 + i * ic - j * ac
                if 0 <= r < self.rows and 0 <= c < cols and not self.fixed[r * cols + c]:
                    window.append(r * cols + c)
        return window

    def run(self) -> Generator[None, None, Path]:
        """Reduce to at most 3x3 free cells, then solve those optimally; returns the path."""
        self.finish_small(*(yield from self.run_to(3)))
        yield
        return self.path

    def run_to(self, core: int) -> Generator[None, None, tuple[int, int, int, int]]:
        """Fill lines (from the free rectangle ``self.free``) until at most ``core`` rows
        and ``core`` columns are free; returns that rectangle (top, bottom, left, right)."""
        for line, inward, free in plan_lines(self.rows, self.cols, self.goal_row, self.goal_col, self.free, core):
            yield from self.fill_line(line, inward)
            self.free = free
        return self.free

    def region_problem(self, top: int, bottom: int, left: int, right: int) -> tuple[Problem, list[int]]:
        """The free rectangle as a problem of its own, and its cells (the problem's cell
        ``i`` is the board's ``region[i]``)."""
        return rectangle_problem(self.cells, self.goal, (top, bottom, left, right), self.cols)

    def finish_small(self, top: int, bottom: int, left: int, right: int) -> None:
        """Solve the free rectangle (at most 3x3) optimally: IDA* with Manhattan distance
        on the sub-problem of its cells alone."""
        sub, region = self.region_problem(top, bottom, left, right)
        height, width = sub.rows, sub.cols
        manhattan = compile_heuristic("manhattan", height, width, sub.goal.index(0))
        steps = idastar(sub, manhattan, Limits(max_nodes=1 << 62, time_limit=FINISH_SECONDS), {})
        while True:
            try:
                next(steps)
            except StopIteration as done:
                out: Outcome = done.value
                break
        if out.path is None:
            raise RuntimeError(f"the last {height}x{width} cells were not solved: {out.stop}")  # a bug
        self.walk([region[p] for p in out.path[1:]])


def reduce(problem: Problem, together: int = 0) -> Generator[None, None, Path]:
    """Steps (one per tile placed) that end with a solution: blank positions after the
    start. With ``together``, each line's tiles are first placed together by a beam of
    that width (shorter, slower)."""
    return Reduction(problem, together).run()
