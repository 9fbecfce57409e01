"""Staged solving for big boards: fill the outer lines by beams that see the whole board.

The reduction (reduction.py) fills a line a tile at a time; each tile's trip is
short, but it scatters the tiles it passes, so a big board ends at about three
times the Manhattan distance. Here a line's tiles are brought home together by a
beam over the *whole* board that ranks a state by

    STAGE_WEIGHT x (Manhattan distance of the stage's tiles)
    + NEAR_WEIGHT x (the blank's distance to the nearest stage tile not yet home)
    + (every other free tile's Manhattan distance, weighted by how soon its line
       comes: AHEAD_WEIGHTS),

so among the ways of bringing the line home the beam keeps those that carry the
tiles of the next lines toward their cells too (a move costs the same whoever it
helps), while tiles whose turn is far off, and will be moved again before it,
count little. A long line's first tiles go ``CHUNK`` at a time; then one beam
brings the rest of the line home, its last two tiles included (the beam finds the
turn that slips the last one in). Where it cannot, a beam brings every tile but
the last home and the last just inside the line's end, and the last two finish as
in the reduction. A beam that stops getting nearer (``STALL`` moves) walks to the
nearest state it reached, and the next beam or the reduction places the rest.
Lines are filled from the outside in, away from the blank's goal
(``reduction.plan_lines``), down to a core of at most ``CORE`` rows and columns,
which a beam over the core alone solves (with the 5x5 pattern databases when they
are loaded, else linear conflict; line by line if that beam finds nothing
shorter).

A beam's states are told apart by where the stage's tiles and the blank are (a
Zobrist hash of those): of the boards alike there it keeps the one whose other
tiles are nearest home (by their weighted distance). Children are ranked from
their parent's sums (one tile moves: one table read), and only the ``width`` kept
ones are copied.
"""

from __future__ import annotations

import functools
import time
from array import array
from operator import itemgetter
from typing import Generator

from ..heuristics import compile_heuristic, strongest_heuristic
from .beam import beam_search
from .problem import Problem, zobrist_keys
from .reduction import Path, Reduction, plan_lines
from .result import Progress

STAGE_WEIGHT = 4
"""What a cell of a stage tile's trip counts in a beam's ranking (a cell of a tile's trip
whose line comes more than three lines later counts 1)."""
NEAR_WEIGHT = 2
"""What a cell of the blank's distance to the nearest stage tile not yet home counts."""
AHEAD_WEIGHTS = (4, 2, 2, 1)
"""What a cell of another free tile's trip counts, by how many lines after the stage's
its line is filled: the next line's tiles (and the rest of the stage's own line) count as
much as the stage's, the two lines after that half as much, every later one and the core
a quarter (10x10, width 128, 16 boards: 2.29 x Manhattan with every tile counted alike,
2.10 with these; 16x16, width 32: 2.74 and 2.45). A tile whose line is far off will be
moved again before its turn: bringing it nearer now buys little."""
PAUSE_EVERY = 2048
"""A beam yields after expanding this many states (a few ms in CPython)."""
STALL = 100
"""A line's beam that has not brought its tiles nearer home for this many moves is stuck:
it stops at the nearest it got, and the rest of the line is filled by the next beam or tile
by tile (a whole line's beam may take a while to slip its last tile in: 60 gave 1.99 x
Manhattan on 10x10, 100 gives 1.98)."""
CHUNK = 8
"""A long line's first tiles are placed this many at a time, as long as more than this many
and the last two are left; then one beam brings the rest home."""
HURRY_WIDTH = 8
"""A staged solution in a hurry (past the time it was given) ends with beams this wide."""
CORE = 5
"""Lines are filled until at most this many rows and columns are left (the core): a
beam over the core with linear conflict or the 5x5 pattern databases solves it far
shorter than lines would."""
CORE_WIDTH = 4
"""The core's beam is this many times as wide as the lines' beams (it is cheap: the core
is small and its depth short)."""


def _back(history: list[tuple[array[int], array[int]]], depth: int, index: int) -> Path:
    """The blank positions that lead to state ``index`` of layer ``depth`` of a beam whose
    layers hold each state's parent's index and blank position."""
    blanks = []
    for step in range(depth, -1, -1):
        parents, at = history[step]
        blanks.append(at[index])
        index = parents[index]
    blanks.reverse()
    return blanks


@functools.lru_cache(maxsize=8)
def _tables(rows: int, cols: int) -> tuple[list[int], list[list[int]]]:
    """For a shape: the Manhattan distance between cells (``[p * n + t]``, and the same as a
    list per cell)."""
    n = rows * cols
    between = [abs(p // cols - t // cols) + abs(p % cols - t % cols) for p in range(n) for t in range(n)]
    return between, [between[p * n : p * n + n] for p in range(n)]


@functools.lru_cache(maxsize=32)
def _weighted_rows(rows: int, cols: int, weight: int) -> list[list[int]]:
    """Per cell, ``weight`` times the Manhattan distance from it to every cell."""
    return [[weight * d for d in row] for row in _tables(rows, cols)[1]]


@functools.lru_cache(maxsize=8)
def _line_order(rows: int, cols: int, blank_goal: int, core: int) -> tuple[int, ...]:
    """Per goal cell, the index of the line it is in, in the order staged solving fills
    them (``plan_lines``); the core's cells get the number of lines."""
    goal_row, goal_col = divmod(blank_goal, cols)
    plan = plan_lines(rows, cols, goal_row, goal_col, (0, rows - 1, 0, cols - 1), core)
    order = [len(plan)] * (rows * cols)
    for index, (line, _, _) in enumerate(plan):
        for cell in line:
            order[cell] = index
    return tuple(order)


class Staged(Reduction):
    """A reduction whose lines are placed by whole-board beams of ``width``."""

    def __init__(self, problem: Problem, width: int) -> None:
        super().__init__(problem, together=width)
        self.expanded = 0
        """States expanded by the lines' beams (roughly: counted in steps of PAUSE_EVERY)."""
        self.stage_weight = STAGE_WEIGHT
        self.ahead = AHEAD_WEIGHTS
        self.chunk = CHUNK
        self.between, self.between_rows = _tables(problem.rows, problem.cols)
        self.zobrist = zobrist_keys(problem.size)
        self.order = _line_order(problem.rows, problem.cols, problem.goal.index(0), CORE)
        self.hurry = float("inf")
        """From this time (``time.perf_counter()``) on, beams are at most HURRY_WIDTH wide."""

    def place_together(self, cells: list[int], width: int, max_depth: int) -> Generator[None, None, bool]:
        """Bring the tiles of goal ``cells`` home by a beam over the whole board."""
        return (yield from self.place_labels([self.goal[c] for c in cells], cells, width, max_depth))

    def place_labels(self, stage_labels: list[int], cells: list[int], width: int, max_depth: int) -> Generator[None, None, bool]:
        """Bring tiles ``stage_labels`` to ``cells`` by a beam over the whole board (see the
        module's text); True if it did within ``max_depth`` moves. A beam that gets stuck
        stops at the state nearest the goal it reached (False)."""
        if time.perf_counter() >= self.hurry:
            width = min(width, HURRY_WIDTH)
        board = self.cells
        n = len(board)
        goal = self.goal
        fixed = self.fixed
        neighbours = self.neighbours
        between = self.between
        zobrist = self.zobrist
        stage_weight = self.stage_weight
        targets = tuple(cells)
        where = tuple(board.index(label) for label in stage_labels)
        if where == targets:
            return True
        slot = [-1] * (n + 1)
        for i, label in enumerate(stage_labels):
            slot[label] = i
        # other[label * n + p]: the weighted Manhattan distance of a free tile outside the
        # stage (from its goal cell, a row of ``_weighted_rows``), by how many lines after
        # the stage's its own line comes.
        other = [0] * ((n + 1) * n)
        ahead = self.ahead
        order = self.order
        here = min(order[c] for c in cells)
        weighted = [_weighted_rows(self.rows, self.cols, w) for w in ahead]
        last = len(ahead) - 1
        for p in range(n):
            label = goal[p]
            if label and not fixed[p] and slot[label] < 0:
                base = label * n
                other[base : base + n] = weighted[min(max(order[p] - here - 1, 0), last)][p]

        rows = self.between_rows

        start = array("H", board)  # labels reach 256 on 16x16: two bytes each
        blank0 = self.blank
        o0 = sum(other[label * n + p] for p, label in enumerate(start) if label)
        t0 = sum(between[p * n + t] for p, t in zip(where, targets))
        s0 = 0
        for label in stage_labels:
            s0 ^= zobrist[label * n + board.index(label)]
        # A state: (cells, blank, the cell the blank came from, the stage tiles' cells, their
        # distance home, the cells of those not home, the other tiles' distance, the hash of where the
        # stage tiles are, that and the blank's cell). States are told apart by where the
        # stage tiles and the blank are: of the boards alike there, the beam keeps the one
        # whose other tiles are nearest home, and comes back to a state only nearer.
        layer = [(start, blank0, -1, where, t0, tuple(p for p, t in zip(where, targets) if p != t), o0, s0)]
        seen = {s0 ^ zobrist[blank0]: o0}
        history: list[tuple[array[int], array[int]]] = []  # per layer: parents' indices, blanks
        expanded = 0
        best_total, best_at = t0, -1
        # The blank's moves from each cell, fixed cells left out (they stay fixed in a stage).
        moves = [tuple(nb for nb in neighbours[p] if not fixed[nb]) for p in range(n)]
        near_weight = NEAR_WEIGHT
        first = itemgetter(0)
        for _ in range(max_depth):
            children: list[tuple[int, int, int, tuple[int, ...], int, tuple[int, ...], int, int, int]] = []
            for index, (state, blank, back, pos, total, un, o, z) in enumerate(layer):
                expanded += 1
                if expanded % PAUSE_EVERY == 0:
                    self.expanded += PAUSE_EVERY
                    yield
                for nb in moves[blank]:
                    if nb == back:
                        continue
                    label = state[nb]
                    base = label * n
                    i = slot[label]
                    if i >= 0:
                        moved = list(pos)
                        moved[i] = blank
                        child_pos = tuple(moved)
                        t = targets[i]
                        child_total = total - between[nb * n + t] + between[blank * n + t]
                        # The tile moved is next to the blank (the nearest a tile can be)
                        # unless it arrived home.
                        near = 1
                        if nb == t:  # leaves home
                            child_un = un + (blank,)
                        else:
                            j = un.index(nb)
                            if blank == t:
                                child_un = un[:j] + un[j + 1 :]
                                near = min(map(rows[nb].__getitem__, child_un)) if child_un else 0
                            else:
                                child_un = un[:j] + (blank,) + un[j + 1 :]
                        zs = z ^ zobrist[base + nb] ^ zobrist[base + blank]
                        key = zs ^ zobrist[nb]
                        if seen.get(key, 1 << 30) <= o:
                            continue
                        if child_total:
                            score = stage_weight * child_total + near_weight * near + o
                        else:  # every stage tile home: first, the one with the other tiles nearest home first
                            score = o - (1 << 40)
                        children.append((score, index, nb, child_pos, child_total, child_un, o, zs, key))
                    else:
                        child_o = o + other[base + blank] - other[base + nb]
                        key = z ^ zobrist[nb]
                        if seen.get(key, 1 << 30) <= child_o:
                            continue
                        score = stage_weight * total + near_weight * min(map(rows[nb].__getitem__, un)) + child_o
                        children.append((score, index, nb, pos, total, un, child_o, z, key))
            if not children:
                break
            children.sort(key=first)  # stable: of equal scores, the first made first
            kept = []
            taken = set()
            for child in children:
                key = child[8]
                if key in taken:
                    continue
                taken.add(key)
                kept.append(child)
                seen[key] = child[6]
                if len(kept) == width:
                    break
            yield
            history.append((array("I", [c[1] for c in kept]), array("H", [c[2] for c in kept])))
            if kept[0][4] < best_total:
                best_total, best_at = kept[0][4], len(history) - 1
            elif len(history) - 1 - best_at > STALL:
                break
            next_layer = []
            for _, index, nb, child_pos, child_total, child_un, child_o, zs, _ in kept:
                state, blank = layer[index][0], layer[index][1]
                cells_now = array("H", state)
                cells_now[blank] = cells_now[nb]
                cells_now[nb] = 0
                next_layer.append((cells_now, nb, blank, child_pos, child_total, child_un, child_o, zs))
                if not child_total:
                    self.walk(_back(history, len(history) - 1, len(next_layer) - 1))
                    return True
            layer = next_layer
        # Stuck (or out of depth): go as far as the beam got, for the caller to finish.
        if best_at >= 0:
            self.walk(_back(history, best_at, 0))
        return False

    def fill_line(self, line: list[int], inward: int) -> Generator[None, None, None]:
        """Fill the goal cells ``line`` (ending at the line's last two cells): a long line's
        first tiles a chunk at a time, then one beam brings the rest home, the last two
        included (a wide beam finds the turn that slips the last tile in); if it cannot,
        one that brings every tile but the last home and the last just inside the line's
        end, and the two finish as in the reduction."""
        goal = self.goal
        t2 = line[-1]
        if len(line) > 2:
            # A long line's first tiles go a few at a time: a beam bringing a dozen tiles
            # home at once shuffles them along the line and loses its way.
            first = 0
            size = self.chunk
            while len(line) - 2 - first > size:
                chunk = line[first : first + size]
                if not (yield from self.place_labels([goal[c] for c in chunk], chunk, self.together, 100 * size)):
                    break
                for cell in chunk:
                    self.fixed[cell] = 1
                first += size
            # The whole line at once: 10x10, width 128, 16 boards: 1.98 x Manhattan against
            # 2.10 with the last two tiles finished as in the reduction.
            if (yield from self.place_labels([goal[c] for c in line], line, self.together, 100 * len(line))):
                for cell in line:
                    self.fixed[cell] = 1
                return
            targets = line[:-1] + [t2 + inward]
            labels = [goal[c] for c in line[:-1]] + [goal[t2]]
            if (yield from self.place_labels(labels, targets, self.together, 100 * len(line))):
                for cell in line[:-2]:
                    self.fixed[cell] = 1
        yield from super().fill_line(line, inward)


def core_tables(rows: int, cols: int, blank_goal: int) -> tuple[int, int, int] | None:
    """The shape and blank's goal cell of the core that staged solving leaves on a board
    of ``rows`` x ``cols`` whose blank's goal is ``blank_goal``, when the 5x5 pattern
    databases apply to it: lines are filled away from the blank's goal, so with that goal
    in a corner the core is that corner's 5x5 block, with its blank in the same corner.
    None for other goals and for boards with fewer than 5 rows or columns."""
    row, col = divmod(blank_goal, cols)
    if rows < CORE or cols < CORE or row not in (0, rows - 1) or col not in (0, cols - 1):
        return None
    return CORE, CORE, (0 if row == 0 else CORE - 1) * CORE + (0 if col == 0 else CORE - 1)


Improver = Generator[Progress, bool, "list[int] | None"]


def staged_solution(problem: Problem, width: int, deadline: float, best: int,
                    stage_weight: int = STAGE_WEIGHT, chunk: int = CHUNK, hurry: float = float("inf")) -> Improver:
    """A staged solution with line beams of ``width`` (weighting a line's tiles by
    ``stage_weight``, a long line's first tiles ``chunk`` at a time) and a core beam
    ``CORE_WIDTH`` times as wide (the core filled line by line if that beam finds nothing
    shorter), as an improver of the anytime solver: the path (blank positions, start
    included) if it is shorter than ``best`` moves, else None (it gives up as soon as it
    cannot be, and at ``deadline``). From ``hurry`` on, its beams are HURRY_WIDTH wide, so
    that a run that took longer than planned still ends, with its outer lines as wide as
    planned, before the deadline. Yields progress; send True to cancel."""
    started = time.perf_counter()
    staged = Staged(problem, width)
    staged.stage_weight = stage_weight
    staged.chunk = chunk
    staged.hurry = hurry

    def progress(extra: int = 0) -> Progress:
        count = staged.expanded + extra
        return Progress(count, count, 0, width, time.perf_counter() - started)

    lines = staged.run_to(CORE)
    while True:
        try:
            next(lines)
        except StopIteration as done:
            top, bottom, left, right = done.value
            break
        if len(staged.path) >= best or time.perf_counter() >= deadline or (yield progress()):
            lines.close()
            return None
    sub, region = staged.region_problem(top, bottom, left, right)
    start = [problem.start.index(0)]
    if sub.start == sub.goal:
        return start + staged.path if len(staged.path) < best else None
    # The core line by line (milliseconds): what its beam must beat, and the answer when
    # the beam loses its way.
    core = [sub.start.index(0)] + _drain(Reduction(sub).run())
    cap = min(best - len(staged.path), len(core) - 1) - 1
    found: list[int] | None = None
    if cap >= 1:
        blank_goal = sub.goal.index(0)
        name = strongest_heuristic(sub.rows, sub.cols, blank_goal, ready_only=True)
        core_width = CORE_WIDTH * (width if time.perf_counter() < hurry else min(width, HURRY_WIDTH))
        steps = beam_search(sub, compile_heuristic(name, sub.rows, sub.cols, blank_goal), core_width,
                            deadline, max_depth=cap)
        cancel = False
        while True:
            try:
                p = steps.send(cancel) if cancel else next(steps)
            except StopIteration as done:
                found = done.value
                break
            cancel = bool((yield progress(p.expanded)))
        if cancel:
            return None
    if found is None:
        found = core
    if len(staged.path) + len(found) - 1 >= best:
        return None
    return start + staged.path + [region[p] for p in found[1:]]


def _drain(steps: Generator[None, None, Path]) -> Path:
    """Run a reduction's steps to its end; its path."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            path: Path = done.value
            return path
