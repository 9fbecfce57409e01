"""Exact answers found without the package: the oracles the tests hold npuzzle's answers to.

Nothing here imports npuzzle. A board is a tuple of tiles, row-major, 0 the blank; a goal is
the same. The searches are written plainly (a breadth-first search over every state; IDA*
with the Manhattan distance plus linear conflicts, computed in full at every node), so they
share no table, heuristic or search step with the code they check: slow, and meant for
boards that are small or near the goal.
"""

from __future__ import annotations

from collections import deque
from typing import Iterable

Tiles = tuple[int, ...]


def neighbours(rows: int, cols: int) -> list[list[int]]:
    """For each cell, the cells next to it (the blank's possible moves)."""
    near = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        near.append([(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                     if 0 <= r + dr < rows and 0 <= c + dc < cols])
    return near


def slide(tiles: Tiles, cols: int, tile: int) -> Tiles:
    """``tiles`` after ``tile`` slides into the blank next to it (ValueError if it is not next to it)."""
    blank, at = tiles.index(0), tiles.index(tile)
    rows = len(tiles) // cols
    if at not in neighbours(rows, cols)[blank]:
        raise ValueError(f"tile {tile} is not next to the blank")
    board = list(tiles)
    board[blank], board[at] = tile, 0
    return tuple(board)


def play(tiles: Tiles, cols: int, moves: Iterable[int]) -> list[Tiles]:
    """Every board of a game: ``tiles``, then after each tile slid."""
    boards = [tiles]
    for tile in moves:
        boards.append(slide(boards[-1], cols, tile))
    return boards


def direction(tiles: Tiles, cols: int, tile: int) -> str:
    """The way ``tile`` slides into the blank next to it: L, R, U or D (the page's letters)."""
    blank, at = tiles.index(0), tiles.index(tile)
    return {-1: "L", 1: "R", -cols: "U", cols: "D"}[blank - at]


def movable(tiles: Tiles, rows: int, cols: int) -> list[int]:
    """The tiles next to the blank (those that can slide)."""
    return [tiles[cell] for cell in neighbours(rows, cols)[tiles.index(0)]]


def bfs_distances(goal: Tiles, rows: int, cols: int, radius: int | None = None) -> dict[Tiles, int]:
    """Every state's distance to ``goal`` (those that can reach it), or of every state within
    ``radius`` moves of it, by a breadth-first search."""
    near = neighbours(rows, cols)
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        d = dist[state] + 1
        if radius is not None and d > radius:
            break
        blank = state.index(0)
        for cell in near[blank]:
            board = list(state)
            board[blank], board[cell] = board[cell], 0
            after = tuple(board)
            if after not in dist:
                dist[after] = d
                queue.append(after)
    return dist


def manhattan_linear_conflict(tiles: Tiles, goal: Tiles, rows: int, cols: int) -> int:
    """The Manhattan distance plus two moves per tile that must leave its goal row or column to
    let another pass (Hansson, Mayer and Yung's linear conflicts: admissible)."""
    home = {tile: divmod(cell, cols) for cell, tile in enumerate(goal)}
    total = 0
    for cell, tile in enumerate(tiles):
        if tile:
            r, c = divmod(cell, cols)
            total += abs(r - home[tile][0]) + abs(c - home[tile][1])
    lines = [[(r, c) for c in range(cols)] for r in range(rows)] + [[(r, c) for r in range(rows)] for c in range(cols)]
    for index, line in enumerate(lines):
        in_row = index < rows
        # The tiles in this line whose goal is in this line, in order, by their goal place along it.
        along = [home[t][1] if in_row else home[t][0] for t in (tiles[r * cols + c] for r, c in line)
                 if t and (home[t][0] == line[0][0] if in_row else home[t][1] == line[0][1])]
        # Each conflict is a pair out of order: the fewest tiles to take out of the line so that the
        # rest are in order is the line's length less its longest increasing run.
        longest = [1] * len(along)
        for i in range(len(along)):
            for j in range(i):
                if along[j] < along[i]:
                    longest[i] = max(longest[i], longest[j] + 1)
        total += 2 * (len(along) - max(longest, default=0))
    return total


class Distances:
    """Exact distances to ``goal``: a breadth-first search out to ``radius`` moves around the
    goal, and beyond it a plain IDA* on the Manhattan distance plus linear conflicts that stops
    on that perimeter (a state outside it is at least ``radius + 1`` away). Each answer is kept."""

    def __init__(self, goal: Tiles, rows: int, cols: int, radius: int) -> None:
        self.goal, self.rows, self.cols, self.radius = goal, rows, cols, radius
        self.near = neighbours(rows, cols)
        self.known = bfs_distances(goal, rows, cols, radius)

    def __call__(self, tiles: Tiles, limit: int = 80) -> int:
        """The length of a shortest solution from ``tiles``; ValueError past ``limit`` moves."""
        if tiles in self.known:
            return self.known[tiles]
        near, known, outside = self.near, self.known, self.radius + 1
        board = list(tiles)

        def search(g: int, bound: int, blank: int, came: int) -> int:
            state = tuple(board)
            rest = known.get(state)
            if rest is None:
                rest = max(outside, manhattan_linear_conflict(state, self.goal, self.rows, self.cols))
            elif g + rest <= bound:
                return -1  # inside the perimeter: the rest is exact
            if g + rest > bound:
                return g + rest
            least = 1 << 30
            for cell in near[blank]:
                if cell == came:
                    continue
                board[blank], board[cell] = board[cell], 0
                found = search(g + 1, bound, cell, blank)
                board[cell], board[blank] = board[blank], 0
                if found == -1:
                    return -1
                least = min(least, found)
            return least

        bound = max(outside, manhattan_linear_conflict(tiles, self.goal, self.rows, self.cols))
        while bound <= limit:
            found = search(0, bound, tiles.index(0), -1)
            if found == -1:
                self.known[tiles] = bound
                return bound
            bound = found
        raise ValueError(f"no solution within {limit} moves")
