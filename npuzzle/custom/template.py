"""The starting template of a person's heuristic: the Manhattan distance, written plainly.

``TEMPLATE`` is the text the page's editor opens with and that a person can save as
``my_h.py`` for ``python -m npuzzle check --heuristic-file my_h.py``. It runs as it is
(admissible and consistent: tests/test_custom.py checks it on every 3x3 state).
"""

from __future__ import annotations

TEMPLATE = '''\
"""My heuristic: the Manhattan distance, written plainly.

h(tiles, goal, rows, cols) estimates how many moves take the board to the goal.

tiles: the board, a tuple of ints in row-major order (left to right, top to
       bottom), 0 for the blank. The 8-puzzle
           1 2 3
           4 5 6
           7 . 8
       is (1, 2, 3, 4, 5, 6, 7, 0, 8).
goal:  the goal, in the same form: (1, 2, 3, 4, 5, 6, 7, 8, 0) for blank-last.
rows, cols: the board's shape (3 and 3 for the 8-puzzle).

Return a non-negative int. It is admissible if it never exceeds the real number
of moves (then A* and IDA* find shortest solutions), and consistent if one move
never changes it by more than one. Never count the blank: it is not a tile.
The same goal comes back for every board of a search, so what you derive from
it can be kept (here: where each tile belongs, for each goal and width).
"""

_goal_cells = {}  # (goal, cols) -> {tile: (row, col) where it belongs}


def h(tiles, goal, rows, cols):
    # The key holds cols too: a 2x3 and a 3x2 goal can be the same tuple.
    where = _goal_cells.get((goal, cols))
    if where is None:
        where = {tile: divmod(cell, cols) for cell, tile in enumerate(goal)}
        _goal_cells[(goal, cols)] = where
    total = 0
    for cell, tile in enumerate(tiles):
        if tile == 0:
            continue  # the blank is not counted
        row, col = divmod(cell, cols)
        goal_row, goal_col = where[tile]
        total += abs(row - goal_row) + abs(col - goal_col)
    return total
'''
"""A heuristic file that runs as it is: the Manhattan distance, with the interface in
its docstring."""

TEMPLATE_FILENAME = "my_heuristic.py"
"""The name the template goes by when saved."""
