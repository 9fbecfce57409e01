"""The two ways speed-solvers count a solution's moves, and the transformations of move strings.

* **single-tile moves** (STM): every slide counts;
* **multi-tile moves** (MTM): a run of slides of one line in one direction (the blank moving
  straight, several tiles pushed at once) counts once: in this page's letters (the direction
  each tile slides), the runs of equal letters. ``RRDLLU`` is 6 STM and 4 MTM.

Move strings here are this page's letters, one per slide (notation.py's ``page``):

* ``invert``: the moves that undo them, from the board they end on back to the one they
  started from (reversed, each letter its opposite);
* ``mirror``: the board reflected in its main diagonal and the moves with it (U and L swap, D
  and R swap); analysis.notation's ``mirror_board`` renames the tiles so that the goal is the
  goal again;
* ``simplify``: every slide that a later one undoes taken out with it (``RLU`` is ``U``),
  which can only shorten a solution; runs are joined when written with counts (``slidysim``).

>>> stm_length("RRDLLU"), mtm_length("RRDLLU")
(6, 4)
>>> invert("RRDL"), mirror_moves("RRDL"), simplify("RDUL")
('RULL', 'DDRU', '')
"""

from __future__ import annotations

from ..board import OPPOSITE

MIRRORED = {"U": "L", "L": "U", "D": "R", "R": "D"}
"""The direction a move takes on the board reflected in its main diagonal."""


def stm_length(moves: str) -> int:
    """Single-tile moves: every slide."""
    return len(moves)


def mtm_length(moves: str) -> int:
    """Multi-tile moves: the runs of equal letters (a run is one line pushed one way)."""
    return sum(1 for i, move in enumerate(moves) if i == 0 or move != moves[i - 1])


def invert(moves: str) -> str:
    """The moves that undo ``moves``: reversed, each the opposite way."""
    return "".join(OPPOSITE[move] for move in reversed(moves))


def mirror_moves(moves: str) -> str:
    """The moves on the board reflected in its main diagonal (rows become columns)."""
    return "".join(MIRRORED[move] for move in moves)


def simplify(moves: str) -> str:
    """``moves`` with every slide that a later one undoes taken out with it (a stack: ``RUDL``
    leaves nothing). The result reaches the same board in as many moves or fewer."""
    stack: list[str] = []
    for move in moves:
        if stack and stack[-1] == OPPOSITE[move]:
            stack.pop()
        else:
            stack.append(move)
    return "".join(stack)
