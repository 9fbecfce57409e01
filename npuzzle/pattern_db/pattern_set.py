"""A set of pattern tables for one board shape and blank goal cell, as built or read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class PatternSet:
    """Tables for patterns of one board shape and blank goal cell.

    ``build_pattern_set`` makes one for a partition (disjoint patterns covering
    every goal cell but the blank's); a shipped file may hold several partitions,
    and ``partition`` picks one out.
    """

    rows: int
    cols: int
    blank_goal: int
    patterns: tuple[tuple[int, ...], ...]
    tables: tuple[bytearray, ...]
    over_manhattan: bool = False
    """Whether the tables hold halved excesses over Manhattan (``excess_table``)."""

    @property
    def name(self) -> str:
        """Like ``6-6-3``."""
        return "-".join(str(len(p)) for p in self.patterns)

    def partition(self, patterns: Sequence[Sequence[int]]) -> PatternSet:
        """The tables of ``patterns`` only; KeyError if one is missing."""
        by_pattern = dict(zip(self.patterns, self.tables))
        chosen = tuple(tuple(p) for p in patterns)
        return PatternSet(
            self.rows, self.cols, self.blank_goal, chosen, tuple(by_pattern[p] for p in chosen),
            self.over_manhattan,
        )


def check_partition(rows: int, cols: int, blank_goal: int, patterns: Sequence[Sequence[int]]) -> None:
    """ValueError unless ``patterns`` cover every goal cell but the blank's, once each."""
    cells = sorted(c for p in patterns for c in p)
    if cells != sorted(set(range(rows * cols)) - {blank_goal}):
        raise ValueError("patterns must cover every goal cell but the blank's, once each")
