"""A person's heuristic as the searches take one: a ``HeuristicInfo`` entry of its own.

The searches work on relabelled cells (board.relabel: label ``L`` belongs at cell
``L - 1``); the person was promised the real tiles and the real goal, so the compiled
form maps each search state back (label ``L`` is the goal's tile at cell ``L - 1``)
before calling ``h``: a heuristic that depends on tile numbers gets what it expects.
The entry is for one goal, is not in ``HEURISTICS``, and says it is neither admissible
nor consistent: nothing is known of it, so a search with it proves nothing by itself
(its result's ``optimal_if_admissible`` says what it would prove if it were).
"""

from __future__ import annotations

from typing import Sequence

from ..board import Board
from ..heuristics import Compiled, HeuristicInfo
from .check import CheckResult
from .heuristic import UserHeuristic


def heuristic_entry(heuristic: UserHeuristic, goal: Board, check: CheckResult | None = None) -> HeuristicInfo:
    """The entry a search takes for ``heuristic`` towards ``goal`` (``Search(...,
    heuristic=entry)``); its ``compile`` calls ``h`` with the real tiles and goal. With the
    ``check`` of this heuristic towards this goal, it is admissible (and consistent) when
    the check proved it (every state checked): a search with it then proves what it would
    with a built-in one. ValueError for a check of another goal.

    >>> from npuzzle.board import relabel
    >>> from npuzzle.custom import load_heuristic
    >>> first_tile = load_heuristic("def h(tiles, goal, rows, cols):\\n    return tiles[0]\\n", "my_h.py")
    >>> goal = Board.from_string("3 1 2 0")
    >>> entry = heuristic_entry(first_tile, goal)
    >>> entry.name, entry.admissible
    ('custom:my_h.py', False)
    >>> cells = relabel(Board.from_string("3 1 0 2"), goal)   # what a search works on
    >>> cells, entry.compile(2, 2, 3).evaluate(cells)         # h sees tile 3, not label 1
    ((1, 2, 0, 3), 3)
    """
    rows, cols, target = goal.rows, goal.cols, goal.tiles
    back = (0,) + target  # back[label]: the real tile
    admissible = consistent = False
    if check is not None:
        if (check.rows, check.cols, check.goal) != (rows, cols, target):
            raise ValueError(f"that check of {heuristic.name} was for another goal")
        admissible, consistent = check.admissible is True, check.consistent is True

    def compile_for(r: int, c: int, blank_goal: int) -> Compiled:
        if (r, c, blank_goal) != (rows, cols, goal.blank):
            raise ValueError(f"{heuristic.name} was prepared for a {goal.shape} goal, not a {r}x{c} one")

        def evaluate(cells: Sequence[int]) -> int:
            return heuristic(tuple([back[label] for label in cells]), target, rows, cols)

        return Compiled(heuristic.name, evaluate)

    return HeuristicInfo(
        heuristic.name, f"Your heuristic ({heuristic.name.split(':', 1)[1]})", admissible, consistent,
        "A heuristic written in Python by the person using the solver: admissible and consistent "
        "only if the check (python -m npuzzle check) finds it so.",
        compile_for, strength=-1,
    )
