"""What the front doors say about a result: its JSON form and what it proves, in words.

A ``SearchResult`` holds facts (``optimal``, ``suboptimality``, ``lower_bound``, the
``factor`` rounded up); the words the page shows and ``--json`` prints (``quality``: "at
most 2 × optimal", ``quality_short``: "≤ 2×") and why a search stopped early ("the time
limit", ``StopReason.stopped_by``) are made here, once, for the web API and the command line
(whose text output writes ``x`` and ``<=`` itself).

>>> from npuzzle import Board, solve
>>> result = solve(Board.from_string("1 2 3 / 4 5 6 / 0 7 8"), algorithm="wastar", options={"weight": 2})
>>> quality(result), quality_short(result)
('at most 2 × optimal', '≤ 2×')
"""

from __future__ import annotations

from typing import Any

from .search import SearchResult
from .speed.metrics import mtm_length


def unfinished(result: SearchResult) -> str | None:
    """``not finished (node limit)`` for a search a limit (or a cancel) stopped before it found
    any solution: it proved nothing either way (never "not optimal"); else None."""
    if result.stop.finished or result.solved:
        return None
    return f"not finished ({result.stop.stopped_by(short=True)})"


def quality(result: SearchResult, times: str = "\u00d7") -> str:
    """How good the solution is proven to be: ``optimal``, ``at most 2 × optimal`` or
    ``not proven optimal`` (``times``: the sign for "times"; a terminal's is ``x``); with a
    person's heuristic, ``optimal only if the heuristic is admissible``; ``not finished (node
    limit)`` when a limit stopped it before any solution."""
    if (why := unfinished(result)) is not None:
        return why
    if result.metric == "mtm":
        return "fewest multi-tile moves" if result.mtm_optimal else "not proven fewest multi-tile moves"
    if result.optimal:
        return "optimal"
    if result.optimal_if_admissible:
        return "optimal only if the heuristic is admissible"
    if result.suboptimality is not None:
        return f"at most {result.suboptimality:g} {times} optimal"
    return "not proven optimal"


def quality_short(result: SearchResult, times: str = "\u00d7", at_most: str = "\u2264") -> str:
    """``quality`` for a table column: ``yes``, ``≤ 2×`` or ``no`` (a terminal's signs:
    ``x`` and ``<=``); ``if admissible`` with a person's heuristic; ``not finished (node
    limit)`` when a limit stopped it before any solution."""
    if (why := unfinished(result)) is not None:
        return why
    if result.metric == "mtm":
        return "fewest MTM" if result.mtm_optimal else "no"
    if result.optimal:
        return "yes"
    if result.optimal_if_admissible:
        return "if admissible"
    if result.suboptimality is not None:
        return f"{at_most} {result.suboptimality:g}{times}"
    return "no"


def result_json(result: SearchResult) -> dict[str, Any]:
    """The JSON object of a result, promised by ``solve --json`` and the web API: its facts
    (``SearchResult.to_dict``, ``factor`` included), its length in the multi-tile metric
    (``mtm``), and the words ``quality`` and ``quality_short``."""
    out: dict[str, Any] = result.to_dict()
    # Both metrics on every solution: ``length`` counts every slide (STM), ``mtm`` a run of
    # slides of one line in one direction once (speed/metrics.py).
    out["mtm"] = mtm_length(result.moves) if result.length is not None else None
    out["metric"] = result.metric  # what the search minimised (stm or mtm)
    out["mtm_optimal"] = result.mtm_optimal
    out["quality"] = quality(result)
    out["quality_short"] = quality_short(result)
    return out
