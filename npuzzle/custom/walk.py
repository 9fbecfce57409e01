"""The exhaustive check's walk over every state of a small board, laid out once per goal.

An exhaustive check (check.py) walks every state that can reach the goal in the order the
breadth-first search from the goal finds them. Two halves walk it many times when a class is
graded (issue 39): where the code runs, h is asked on each board in that order; where no code
runs, the judge reads h's values back in that order. Both lay the walk out once per goal and
keep it, so each later walk is a pass over flat arrays:

* ``walk_boards``: every board of the walk, as one ``bytes`` (a board's tiles, one byte each,
  board after board): a board is a slice, not a number to decode (the half that calls h);
* ``exhaustive_walk``: each state's code and distance by its place in the walk, and every move
  between a state and one walked before it, as two arrays of places (the judge's half, which
  then checks a block of states with a few passes over slices: ``Walk.passes``).

A walk's layout depends on the goal alone, never on h.
"""

from __future__ import annotations

import functools
from array import array
from dataclasses import dataclass
from functools import reduce
from itertools import chain
from operator import add, eq, gt, sub, truediv
from typing import Sequence

from ..board import Board
from ..distance_table import distance_table
from .heuristic import MAX_H


@functools.lru_cache(maxsize=2)
def walk_boards(goal: Board) -> bytes:
    """Every state that can reach ``goal`` (at most 9 cells), in the breadth-first order the
    exhaustive check walks them, as ``goal.size`` bytes a board; kept for the last two goals.

    >>> list(walk_boards(Board.goal(2, 2)))[:8]
    [1, 2, 3, 0, 1, 0, 3, 2]
    """
    table = distance_table(goal).grow_all()
    return bytes(chain.from_iterable(map(table.numbering.tiles, table.order)))


@dataclass(frozen=True)
class Walk:
    """The exhaustive walk of one goal: ``codes[i]`` and ``distance[i]`` of its ``i``-th state;
    each move between a state and one walked before it, ``later[e]`` and ``earlier[e]`` (places
    in the walk), listed by the later state, whose moves are ``starts[i]`` to ``starts[i + 1]``."""

    codes: array[int]
    distance: bytes
    place: array[int]
    """The place in the walk of each state, by its rank in the table's numbering."""
    later: array[int]
    earlier: array[int]
    starts: array[int]

    @property
    def states(self) -> int:
        """The states walked (the goal's included)."""
        return len(self.codes)

    def passes(self, values: Sequence[object], first: int, end: int) -> tuple[int, float] | None:
        """Whether the states ``first`` to ``end`` (walk places; ``values`` h's answers by place, at
        hand for every place before ``end``) pass with nothing to tell: every value a plain int of
        0 to MAX_H, none above its distance, no move to an earlier state changing h by more than 1.
        Then how many are exact and the sum of h over the distance, added left to right as the
        state-by-state walk adds them (the goal, of distance 0, is never in a block); else None:
        the block is walked state by state, which names what is wrong."""
        block = values[first:end]
        if set(map(type, block)) != {int}:
            return None
        answers: Sequence[int] = block  # type: ignore[assignment]  # (every one an int, just seen)
        if min(answers) < 0 or max(answers) > MAX_H:
            return None
        distance = self.distance[first:end]
        if any(map(gt, answers, distance)):
            return None
        low, high = self.starts[first], self.starts[end]
        if high > low:
            at = values.__getitem__
            steps = list(map(sub, map(at, self.later[low:high]), map(at, self.earlier[low:high])))
            if max(steps) > 1 or min(steps) < -1:
                return None
        return sum(map(eq, answers, distance)), reduce(add, map(truediv, answers, distance), 0.0)


@functools.lru_cache(maxsize=2)
def exhaustive_walk(goal: Board) -> Walk:
    """The walk of ``goal`` (at most 9 cells) laid out (``Walk``); kept for the last two goals.

    >>> walk = exhaustive_walk(Board.goal(2, 3))
    >>> walk.states, len(walk.later), walk.distance[0], max(walk.distance)
    (360, 420, 0, 21)
    """
    table = distance_table(goal).grow_all()
    numbering = table.numbering
    prefix, suffix, split, n, weights = numbering.prefix, numbering.suffix, numbering.split, numbering.cells, numbering.weights
    codes = table.order
    place = array("i", [-1]) * numbering.size
    ranks = [prefix[code // split] + suffix[code % split] for code in codes]
    for i, rank in enumerate(ranks):
        place[rank] = i
    distance = bytes(map(table.distance.__getitem__, ranks))
    moves = tuple(tuple((weights[cell], weights[blank] - weights[cell]) for cell in cells)
                  for blank, cells in enumerate(table.neighbours))
    later, earlier, starts = array("i"), array("i"), array("i", [0])
    for i, code in enumerate(codes):
        for wc, gain in moves[table.blanks[i]]:
            other = code + code // wc % n * gain
            j = place[prefix[other // split] + suffix[other % split]]
            if j < i:
                later.append(i)
                earlier.append(j)
        starts.append(len(later))
    return Walk(codes, distance, place, later, earlier, starts)


__all__ = ["Walk", "exhaustive_walk", "walk_boards"]
