"""What a search's end proves: whether its solution is shortest, a lower bound on the
shortest length, and how far from the shortest its solution can be.

Only with an admissible heuristic (or none): an optimal algorithm that solved proves its
solution shortest, and its last f bound is a lower bound when it stopped early; a bounded
one (weighted A*) proves length <= factor x optimal; the anytime solver proves what its
outcome says; and the heuristic's value at the start is a lower bound for any of them.
Lower bounds are rounded up to the parity every solution's length has.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .problem import Problem
from .registry import AlgorithmInfo
from .result import StopReason, round_up
from .steps import Options, Outcome


@dataclass(frozen=True)
class Proof:
    """What a search proved, for its result."""

    optimal: bool
    """Whether the solution is proven shortest."""
    lower_bound: int | None
    """The best proven lower bound on the shortest length (the length itself when optimal)."""
    suboptimality: float | None
    """length <= suboptimality x optimal, when proven (rounded up, for the anytime solver)."""
    bound: int | None
    """An optimal search's last f bound, or the anytime solver's lower bound (the result's ``bound``)."""


def prove(
    algorithm: AlgorithmInfo, options: Options, admissible: bool, problem: Problem, stop: StopReason,
    length: int | None, bound: int | None, h0: int | None, outcome: Outcome | None,
) -> Proof:
    """What a search of ``algorithm`` (with ``options``; its heuristic ``admissible`` or
    none) proved when it stopped for ``stop`` with a solution of ``length`` (None: none),
    its last f ``bound``, the heuristic's value ``h0`` at the start and its ``outcome``."""
    factor = algorithm.factor(options)
    # The anytime solver's proofs assume its heuristic admissible, as every built-in one is.
    optimal = (stop is StopReason.SOLVED and factor == 1 and admissible) or bool(outcome and outcome.proven and admissible)
    lower_bound = _lower_bound(problem, length, optimal, bound if factor == 1 and admissible else None,
                               factor if admissible else None, h0 if admissible else None,
                               outcome if admissible else None)
    bounded = stop is StopReason.SOLVED and factor is not None and not algorithm.optimal and admissible
    suboptimality = factor if bounded else None
    if algorithm.anytime and length and lower_bound and not optimal:
        suboptimality = round_up(length, lower_bound, 2)  # exact: 11/5 is 2.2, not 2.21
    proven_bound = bound if factor == 1 else (outcome.lower_bound if outcome and admissible else None)
    return Proof(optimal, lower_bound, suboptimality, proven_bound)


def _lower_bound(
    problem: Problem, length: int | None, optimal: bool, bound: int | None, factor: float | None,
    h0: int | None, outcome: Outcome | None,
) -> int | None:
    """The best lower bound on the shortest length that the search proved: the length
    itself when optimal; else the largest of an optimal search's last f bound, an
    anytime search's bound, length / factor for a bounded one, and the admissible
    heuristic's value at the start; rounded up to the parity of every solution."""
    if optimal and length is not None:
        return length
    candidates = [b for b in (bound, h0, outcome.lower_bound if outcome else None) if b is not None]
    if length is not None and factor:
        candidates.append(math.ceil(length / factor - 1e-9))
    if not candidates:
        return None
    return problem.at_parity(max(candidates))
