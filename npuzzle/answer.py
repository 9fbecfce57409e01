"""What the front doors answer about a result: its JSON form and what it proves, in words.

A ``SearchResult`` holds facts (``optimal``, ``suboptimality``, ``lower_bound``); the
words the page shows and ``--json`` prints (``quality``: "at most 2 × optimal",
``quality_short``: "≤ 2×") and the factor rounded up for showing are made here, once, for
the web API and the command line (whose text output writes ``x`` and ``<=`` itself).

>>> from npuzzle import Board, solve
>>> result = solve(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), algorithm="wastar", options={"weight": 2})
>>> quality(result), quality_short(result)
('at most 2 × optimal', '≤ 2×')
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

FACTOR_PLACES = 4
"""Decimals of the JSON ``factor``, rounded up (a proven bound stays one)."""


class Proven(Protocol):
    """What a result proves (``SearchResult`` has it; this module imports nothing of the
    package, so that the domain's old ``quality`` names can point here without a cycle)."""

    @property
    def optimal(self) -> bool:
        """Whether the solution is proven shortest."""

    @property
    def suboptimality(self) -> float | None:
        """When set, the solution is proven at most this factor times the shortest."""

    @property
    def optimal_if_admissible(self) -> bool | None:
        """Set for a person's heuristic only: whether the solution would be proven shortest
        if that heuristic is admissible."""


class Result(Proven, Protocol):
    """A search's result, as ``result_json`` reads it."""

    def to_dict(self) -> Mapping[str, object]:
        """Its facts as JSON."""

    def factor_up(self, places: int) -> float | None:
        """Length / lower bound rounded up to ``places`` decimals, when known."""


def quality(result: Proven, times: str = "\u00d7") -> str:
    """How good the solution is proven to be: ``optimal``, ``at most 2 × optimal`` or
    ``not proven optimal`` (``times``: the sign for "times"; a terminal's is ``x``); with a
    person's heuristic, ``optimal only if the heuristic is admissible``."""
    if result.optimal:
        return "optimal"
    if result.optimal_if_admissible:
        return "optimal only if the heuristic is admissible"
    if result.suboptimality is not None:
        return f"at most {result.suboptimality:g} {times} optimal"
    return "not proven optimal"


def quality_short(result: Proven, times: str = "\u00d7", at_most: str = "\u2264") -> str:
    """``quality`` for a table column: ``yes``, ``≤ 2×`` or ``no`` (a terminal's signs:
    ``x`` and ``<=``); ``if admissible`` with a person's heuristic."""
    if result.optimal:
        return "yes"
    if result.optimal_if_admissible:
        return "if admissible"
    if result.suboptimality is not None:
        return f"{at_most} {result.suboptimality:g}{times}"
    return "no"


def result_json(result: Result) -> dict[str, Any]:
    """The JSON object of a result, promised by ``solve --json`` and the web API: its facts
    (``SearchResult.to_dict``) with ``quality``, ``quality_short`` and ``factor`` (length /
    lower bound, rounded up to 4 decimals)."""
    out: dict[str, Any] = dict(result.to_dict())
    out["quality"] = quality(result)
    out["quality_short"] = quality_short(result)
    out["factor"] = result.factor_up(FACTOR_PLACES)
    return out
