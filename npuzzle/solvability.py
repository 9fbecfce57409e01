"""Whether a board can reach a goal, answered without search, with the reason.

Count inversions in the tile list read row-major with the blank left out.
A horizontal slide never changes that list. A vertical slide moves one tile
past ``cols - 1`` others, so it changes the inversion count by an odd number
when ``cols`` is even and an even number when ``cols`` is odd. Hence:

* odd width: solvable iff the board's and the goal's inversion counts have
  the same parity;
* even width: solvable iff ``inversions + blank row`` has the same parity for
  the board and the goal (each vertical slide flips both parts).

The number of rows plays no part, so the rule holds for every R x C board.

>>> from npuzzle.board import Board
>>> explain_solvability(Board.from_string("8 6 7 2 5 4 3 0 1"), Board.goal(3)).solvable
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import BLANK, Board, Tiles, check_same_shape


def _parity(n: int) -> str:
    return "even" if n % 2 == 0 else "odd"


def count_inversions(tiles: Tiles) -> int:
    """Pairs of tiles (blank excluded) that stand in the wrong order, row-major.

    Quadratic, which is instant at the largest board (16x16: 32,640 pairs).
    """
    seq = [t for t in tiles if t != BLANK]
    return sum(1 for i, a in enumerate(seq) for b in seq[i + 1 :] if a > b)


@dataclass(frozen=True)
class Solvability:
    """The parity argument for one board and goal, ready to display."""

    solvable: bool
    cols: int
    inversions: int
    goal_inversions: int
    blank_row: int
    """Row of the blank on the board, counted from 1 at the top."""
    goal_blank_row: int

    @property
    def width_is_even(self) -> bool:
        """Whether the blank row enters the rule (it does for even widths)."""
        return self.cols % 2 == 0

    def explanation(self) -> str:
        """One or two sentences a student can check by hand."""
        verdict = "solvable" if self.solvable else "unsolvable"
        if not self.width_is_even:
            return (
                f"The board has {self.inversions} inversions ({_parity(self.inversions)}) and "
                f"the goal has {self.goal_inversions} ({_parity(self.goal_inversions)}). "
                f"With an odd width every move keeps that parity, so the board is {verdict}."
            )
        own = self.inversions + self.blank_row
        goal = self.goal_inversions + self.goal_blank_row
        return (
            f"The board has {self.inversions} inversions with the blank on row {self.blank_row}: "
            f"{self.inversions} + {self.blank_row} = {own} ({_parity(own)}). The goal has "
            f"{self.goal_inversions} + {self.goal_blank_row} = {goal} ({_parity(goal)}). "
            f"With an even width every move keeps the parity of that sum, so the board is {verdict}."
        )

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form, explanation included."""
        return {
            "solvable": self.solvable,
            "inversions": self.inversions,
            "goal_inversions": self.goal_inversions,
            "blank_row": self.blank_row,
            "goal_blank_row": self.goal_blank_row,
            "width_is_even": self.width_is_even,
            "explanation": self.explanation(),
        }


def explain_solvability(board: Board, goal: Board) -> Solvability:
    """The parity facts that decide whether ``board`` can reach ``goal``."""
    check_same_shape(board, goal)
    inversions = count_inversions(board.tiles)
    goal_inversions = count_inversions(goal.tiles)
    blank_row = board.blank // board.cols + 1
    goal_blank_row = goal.blank // goal.cols + 1
    if board.cols % 2:
        solvable = (inversions - goal_inversions) % 2 == 0
    else:
        solvable = (inversions + blank_row - goal_inversions - goal_blank_row) % 2 == 0
    return Solvability(solvable, board.cols, inversions, goal_inversions, blank_row, goal_blank_row)


def is_solvable(board: Board, goal: Board) -> bool:
    """Whether ``board`` can be slid into ``goal``."""
    return explain_solvability(board, goal).solvable
