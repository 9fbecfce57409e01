"""The criteria an assignment may choose from: a closed set, each with the task it applies to
and its parameters (``CRITERIA``, a registry the page reads through ``info``).

A criterion chosen in an assignment is a ``Choice``: the criterion's name, its weight and its
parameters' values. Each is judged outside the graded code (grade.py), from the code's raw
answers: h's values on the boards the judge chose, or a search's moves.

>>> [c.name for c in CRITERIA.values() if "search" in c.tasks]
['legal', 'optimal', 'within_time']
"""

from __future__ import annotations

from dataclasses import dataclass, field

TASKS = ("heuristic", "search")
"""What an assignment asks for: a heuristic ``h(tiles, goal, rows, cols)`` or a search
``search(problem)`` (npuzzle/custom/)."""


@dataclass(frozen=True)
class Parameter:
    """One parameter of a criterion: a number between ``minimum`` and ``maximum``."""

    name: str
    label: str
    whole: bool
    minimum: float
    maximum: float
    exclusive_minimum: bool = False
    """Whether ``minimum`` itself is refused (a share must be above 0)."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (``info``'s)."""
        return {"name": self.name, "label": self.label, "whole": self.whole, "minimum": self.minimum,
                "maximum": self.maximum, "exclusive_minimum": self.exclusive_minimum}


@dataclass(frozen=True)
class CriterionInfo:
    """A criterion of the closed set: its name (the JSON's), label, what it asks in words,
    the tasks it applies to, and its parameters."""

    name: str
    label: str
    description: str
    tasks: tuple[str, ...]
    parameters: tuple[Parameter, ...] = field(default=())

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (``info``'s ``assignment.criteria``)."""
        return {"name": self.name, "label": self.label, "description": self.description,
                "tasks": list(self.tasks), "parameters": [p.to_dict() for p in self.parameters]}


MAX_MEAN_NODES = 10_000_000
"""The largest average node count an A* criterion may allow."""
MAX_SHARE = 100.0
"""The largest share of Manhattan's nodes an A* criterion may allow."""

CRITERIA: dict[str, CriterionInfo] = {c.name: c for c in (
    CriterionInfo(
        "admissible", "Admissible",
        "h never exceeds the true distance: proven on every state on boards of at most 9 cells; beyond, "
        "sampled against exact distances (the states nearest the goal, and Korf's instances on 4x4), and "
        "the verdict says sampled", ("heuristic",)),
    CriterionInfo(
        "consistent", "Consistent",
        "no move lowers h by more than 1: proven on every move on boards of at most 9 cells; beyond, "
        "sampled on the moves between the states checked, and the verdict says sampled", ("heuristic",)),
    CriterionInfo(
        "dominates_manhattan", "Dominates Manhattan",
        "h is at least the Manhattan distance on every state checked (every state up to 9 cells; the "
        "sampled states beyond)", ("heuristic",)),
    CriterionInfo(
        "astar_mean_nodes", "A* nodes (average)",
        "A* with h expands at most max_mean nodes on average over the assignment's boards",
        ("heuristic",), (Parameter("max_mean", "most nodes on average", True, 1, MAX_MEAN_NODES),)),
    CriterionInfo(
        "astar_manhattan_share", "A* nodes (share of Manhattan's)",
        "A* with h expands at most max_share times the nodes A* with the Manhattan distance expands, "
        "in total over the assignment's boards", ("heuristic",),
        (Parameter("max_share", "most nodes as a share of Manhattan's", False, 0, MAX_SHARE, True),)),
    CriterionInfo(
        "legal", "Legal solutions",
        "on every board the search returns moves that are each legal and end on the goal", ("search",)),
    CriterionInfo(
        "optimal", "Shortest solutions",
        "on every board the search's solution is legal and as short as the shortest one (the exact "
        "distance table up to 9 cells; the package's optimal solver beyond)", ("search",)),
    CriterionInfo(
        "within_time", "Within the time limit",
        "every board's work (a search; h on the states A* needs) takes at most the assignment's time "
        "limit per board, on the page's clock", ("heuristic", "search")),
)}
"""Every criterion an assignment may choose, by name."""


__all__ = ["CRITERIA", "MAX_MEAN_NODES", "MAX_SHARE", "TASKS", "CriterionInfo", "Parameter"]
