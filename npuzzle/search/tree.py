"""The tree a search built, node by node, for boards small enough to read (up to 3x3).

A ``TreeRecorder`` is handed to a search (``Search(..., tree=True)``, the CLI's
``solve --tree``, the web API's ``"tree": true``); the search calls it where it counts a
node, so the tree holds exactly what the search did: every node it generated, in order,
with g, h and f, which it expanded and when, and which it did not keep (a duplicate of a
state already reached as cheaply, a child pruned by IDA*'s f bound or IDDFS's depth
limit). The number of expanded nodes in the tree is the result's ``expanded``.

IDA* and IDDFS search in iterations: each iteration is a tree of its own, from its own
root (the start, expanded again). Their depth-first searches keep no frontier: a child is
expanded as soon as it is generated, or pruned.

The JSON form (``TreeRecorder.to_dict``, the ``"tree"`` key of a result)::

    {
      "expansions": 27,          # nodes expanded (the result's "expanded")
      "iterations": [{"bound": 12, "root": 0}, ...],  # one per tree; bound: IDA*'s f
                                 # bound or IDDFS's depth limit (null for the others)
      "nodes": [                 # in the order they were generated; a node's id is its index
        {"parent": null,         # its parent's id (null for a root)
         "board": [8, 6, 7, 2, 5, 4, 3, 0, 1],  # its tiles, row by row, 0 the blank
         "tile": null, "dir": null,  # the move that made it from its parent: the tile and
                                 # the direction it slid (U/D/L/R); null for a root
         "g": 0, "h": 21,        # moves from the start, the heuristic (null without one)
         "f": 21,                # what the search ordered or bounded it by: g + h (A*,
                                 # IDA*), g + w*h (weighted A*), h (greedy), null (BFS, IDDFS)
         "seen": 0,              # how many expansions came before it was generated
         "order": 1,             # its place in the expansion order (1 = first), or null
         "status": "open",       # "open" (kept: expanded or left on the frontier),
                                 # "duplicate" (its state was already reached with g no
                                 # larger: not kept), "pruned" (f over IDA*'s bound, or at
                                 # IDDFS's depth limit), "goal" (the goal, where the search
                                 # stopped)
         "replaced": null,       # A* and weighted A*: the expansion count at which a
                                 # shorter path to its state replaced it before it was
                                 # expanded (its heap entry is then stale), else null
         "iteration": 0},        # the index of its tree in "iterations"
        ...
      ]
    }

At expansion step k (after k expansions) the nodes with ``seen <= k`` exist (in a
depth-first search, which expands a child the moment it generates it, an expanded child
from its own expansion: ``order <= k``); those with ``order <= k`` are expanded (the k-th
is the one being expanded); open ones not expanded are the frontier. A page steps through
a search with nothing else.
"""

from __future__ import annotations

from ..board import slide_direction
from .problem import Problem

MAX_TREE_CELLS = 9
"""The largest board (in cells) whose tree is recorded: 3x3, 2x4, 4x2 and smaller."""
MAX_TREE_EXPANSIONS = 2000
"""The most expansions a tree search may take (its node limit): a tree past that is no
longer read, and its JSON would grow past a megabyte."""
MAX_TREE_NODES = 4 * MAX_TREE_EXPANSIONS + 1
"""The most nodes a recorded tree may hold: the start and at most four children per
expansion (the page refuses a tree of more from the worker that runs a person's code)."""
DEFAULT_TREE_EXPANSIONS = 200
"""The page's node limit for a tree when the person sets none."""


class TreeError(ValueError):
    """A tree that cannot be recorded: the board is too large (``field`` "board"), the node
    limit too high ("max_nodes") or the algorithm runs several searches at once
    ("algorithm")."""

    def __init__(self, message: str, field: str = "algorithm") -> None:
        super().__init__(message)
        self.field = field


def check_tree(cells: int, max_nodes: int) -> None:
    """TreeError unless a tree can be recorded for a board of ``cells`` cells under a node
    limit of ``max_nodes``."""
    if cells > MAX_TREE_CELLS:
        raise TreeError(
            f"the search tree is drawn for boards of up to {MAX_TREE_CELLS} cells (3x3); "
            f"this board has {cells}", "board",
        )
    if max_nodes > MAX_TREE_EXPANSIONS:
        raise TreeError(
            f"the search tree is drawn for at most {MAX_TREE_EXPANSIONS:,} expansions; "
            f"set max nodes to {MAX_TREE_EXPANSIONS:,} or fewer, not {max_nodes:,}", "max_nodes",
        )


class TreeRecorder:
    """Records the nodes a search generates and expands (see the module).

    Best-first searches and BFS call ``root``, then ``expand`` on each state they take from
    their frontier and ``child`` on each state they generate; depth-first ones (IDA*, IDDFS)
    call ``root`` at each iteration and ``dfs_child`` on each child (its parent is the node
    on the current path one level up). States are the searches' own (relabelled) cells.

    >>> from npuzzle.board import Board
    >>> problem = Problem.from_boards(Board.from_string("1 2 3 4 5 6 7 0 8"), Board.goal(3, 3))
    >>> tree = TreeRecorder(problem)
    >>> root = tree.root(bytes(problem.start), 1, 1, expanded=False)
    >>> tree.expand(bytes(problem.start))
    >>> tree.child(bytes(problem.goal), 1, 0, 1, "open")
    >>> tree.expansions, len(tree.parents)
    (1, 2)
    >>> tree.to_dict()["nodes"][1]["tile"], tree.to_dict()["nodes"][1]["dir"]
    (8, 'L')
    """

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.parents: list[int] = []
        """Each node's parent id (-1 for a root)."""
        self.states: list[bytes] = []
        self.g: list[int] = []
        self.h: list[int | None] = []
        self.f: list[float | None] = []
        self.seen: list[int] = []
        self.order: list[int | None] = []
        self.status: list[str] = []
        self.replaced: dict[int, int] = {}
        self.iteration: list[int] = []
        self.iterations: list[tuple[int | None, int]] = []
        """(bound, root id) per tree."""
        self.expansions = 0
        self._current = -1
        self._node_of: dict[bytes, int] = {}
        """Best-first searches and BFS: the node of a state's latest kept copy."""
        self._path: list[int] = []
        """Depth-first searches: the node at each depth of the current path."""

    def _add(self, parent: int, state: bytes, g: int, h: int | None, f: float | None, status: str) -> int:
        node = len(self.parents)
        self.parents.append(parent)
        self.states.append(state)
        self.g.append(g)
        self.h.append(h)
        self.f.append(f)
        self.seen.append(self.expansions)
        self.order.append(None)
        self.status.append(status)
        self.iteration.append(len(self.iterations) - 1)
        return node

    def _expand(self, node: int) -> None:
        self.expansions += 1
        self.order[node] = self.expansions
        self._current = node

    def root(self, state: bytes, h: int | None, f: float | None, bound: int | None = None,
             expanded: bool = True) -> int:
        """Start a tree (an iteration of IDA* or IDDFS, with its ``bound``) at the start
        state; ``expanded``: counted as expanded at once (depth-first searches)."""
        self.iterations.append((bound, len(self.parents)))
        node = self._add(-1, state, 0, h, f, "open")
        self._node_of = {state: node}
        self._path = [node]
        if expanded:
            self._expand(node)
        return node

    def expand(self, state: bytes) -> None:
        """A best-first search or BFS expands ``state`` (its latest kept node)."""
        self._expand(self._node_of[state])

    def reached_goal(self, state: bytes) -> None:
        """A best-first search took the goal from its frontier (and stopped)."""
        self.status[self._node_of[state]] = "goal"

    def child(self, state: bytes, g: int, h: int | None, f: float | None, status: str) -> None:
        """The node being expanded generated ``state``: ``status`` is ``open`` (kept),
        ``duplicate`` (not kept) or ``goal``."""
        node = self._add(self._current, state, g, h, f, status)
        if status != "duplicate":
            old = self._node_of.get(state)
            if old is not None and self.order[old] is None:
                self.replaced[old] = self.expansions  # a shorter path: its entry is now stale
            self._node_of[state] = node

    def dfs_child(self, depth: int, nb: int, h: int | None, f: float | None, status: str) -> None:
        """A depth-first search generated the child of the node at ``depth`` on its path
        whose blank moved to ``nb``: ``status`` is ``open`` (expanded at once), ``pruned``
        or ``goal``."""
        parent = self._path[depth]
        cells = bytearray(self.states[parent])
        blank = cells.index(0)
        cells[blank], cells[nb] = cells[nb], 0
        node = self._add(parent, bytes(cells), depth + 1, h, f, status)
        if status == "open":
            del self._path[depth + 1:]
            self._path.append(node)
            self._expand(node)

    def to_dict(self) -> dict[str, object]:
        """The JSON form described in the module's docstring, in the board's own tiles."""
        problem = self.problem
        tile_of = self._tile_names()
        cols = problem.cols
        nodes = []
        for node, parent in enumerate(self.parents):
            state = self.states[node]
            tile = direction_name = None
            if parent >= 0:
                before, after = self.states[parent].index(0), state.index(0)
                tile = tile_of[self.states[parent][after]]
                direction_name = slide_direction(before, after, cols)
            f = self.f[node]
            nodes.append({
                "parent": parent if parent >= 0 else None,
                "board": [tile_of[label] for label in state],
                "tile": tile,
                "dir": direction_name,
                "g": self.g[node],
                "h": self.h[node],
                "f": None if f is None else (int(f) if f == int(f) else round(f, 3)),
                "seen": self.seen[node],
                "order": self.order[node],
                "status": self.status[node],
                "replaced": self.replaced.get(node),
                "iteration": self.iteration[node],
            })
        return {
            "expansions": self.expansions,
            "iterations": [{"bound": bound, "root": root} for bound, root in self.iterations],
            "nodes": nodes,
        }

    def _tile_names(self) -> list[int]:
        """The board's tile for each label (label L is the tile the goal has at L - 1)."""
        goal = self.problem.goal_board.tiles
        names = [0] * (len(goal) + 1)
        for position, tile in enumerate(goal):
            if tile:
                names[position + 1] = tile
        return names
