"""What a search did over time, for a chart: samples of its counts, and the iterations of
IDA* and IDDFS.

A ``Trace`` is recorded by ``solver.Search`` when asked (``Search(..., trace=True)``, the
CLI's ``solve --trace``, the web API's ``"trace": true``) from the progress reports the
searches yield anyway (every 64 expansions for best-first searches, every 1024 for
depth-first ones), so recording costs the searches nothing. Its JSON form
(``Trace.to_dict``, the ``"trace"`` key of a result)::

    {
      "cap": 512,          # the most samples kept
      "stride": 4,         # one progress report in this many became a sample
      "samples": [         # in time order; the last one is the result's own counts
        {"seconds": 0.0123, "expanded": 4096, "generated": 9120,
         "frontier": 2210,  # open-list size (best-first searches), else null
         "bound": 31,       # the f bound (IDA*, A*), depth limit (IDDFS), depth (BFS), else null
         "best": null,      # the anytime solver: its best length so far, else null
         "lower_bound": null},  # the anytime solver: its proven lower bound, else null
        ...
      ],
      "iterations": [      # IDA* and IDDFS: one row per iteration, else []
        {"bound": 31,      # IDA*'s f bound, IDDFS's depth limit
         "expanded": 1234, "generated": 2345,  # in that iteration exactly
         "seconds": 0.0021,  # the time the iteration took
         "ended": 0.0044,    # seconds from the search's start to the iteration's end
         "outcome": "exhausted"},  # or the search's end in it: "solved", "unsolvable",
        ...                        # "node-limit", "time-limit", "cancelled"
      ]
    }

The rows' ``expanded`` add up to the result's ``expanded``, and with an admissible
heuristic the last row of a solved IDA* search has the solution's length as its bound.
The trace stays small on a search of any length: when ``cap`` samples are kept, every
other one is dropped and from then on only every other report is sampled (``stride``
doubles), so the samples stay spread evenly over the whole search.

While the search runs, ``after(serial)`` gives the samples kept since a reader last looked
(the web API keeps the number and sends what is new with each progress answer, as
``"trace_delta"``, so that a page draws a live chart by appending)::

    {"stride": 4, "samples": [...], "iterations": [...]}

A sample sent in a delta may later be dropped from the trace by thinning; the result's
full trace is the one to redraw the chart from.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

MAX_SAMPLES = 512
"""The most samples a trace keeps."""


@dataclass(frozen=True)
class Sample:
    """A search's counts at one moment."""

    seconds: float
    expanded: int
    generated: int
    frontier: int | None = None
    """Open-list size of a best-first search (None for the others)."""
    bound: int | None = None
    """The f bound (IDA*, A*), depth limit (IDDFS) or depth (BFS), when the search has one."""
    best: int | None = None
    """The anytime solver: the length of its best solution so far."""
    lower_bound: int | None = None
    """The anytime solver: its proven lower bound on the shortest length so far."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (every key, null where the search has no such count)."""
        return {
            "seconds": round(self.seconds, 4),
            "expanded": self.expanded,
            "generated": self.generated,
            "frontier": self.frontier,
            "bound": self.bound,
            "best": self.best,
            "lower_bound": self.lower_bound,
        }


@dataclass(frozen=True)
class Iteration:
    """One iteration of an iterative-deepening search: IDA*'s f bound or IDDFS's depth
    limit, and the nodes expanded and generated in it exactly.

    Equality leaves out the clock (``seconds``, ``ended``): two runs that searched alike
    have equal iterations (and so equal outcomes)."""

    bound: int
    expanded: int
    generated: int
    seconds: float = field(compare=False)
    """The time the iteration took."""
    ended: float = field(compare=False)
    """Seconds from the search's start to the iteration's end."""
    outcome: str = "exhausted"
    """``exhausted`` when every node within the bound was searched, else how the search
    ended in it: a ``StopReason`` value (``solved``, ``time-limit``, ...)."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "bound": self.bound,
            "expanded": self.expanded,
            "generated": self.generated,
            "seconds": round(self.seconds, 6),
            "ended": round(self.ended, 4),
            "outcome": self.outcome,
        }


class Trace:
    """The samples and iterations one search records, bounded in size (see the module).

    >>> trace = Trace(cap=4)
    >>> for n in range(6):
    ...     trace.add(Sample(seconds=n / 10, expanded=n, generated=n))
    >>> [s.expanded for s in trace.samples], trace.stride
    ([0, 2, 4], 2)
    >>> samples, seen = trace.after(-1)
    >>> [s.expanded for s in samples], trace.after(seen)
    ([0, 2, 4], ([], 4))
    >>> for n in range(6, 9):  # 6 is kept, then thinned away with 2: the reader gets 8
    ...     trace.add(Sample(seconds=n / 10, expanded=n, generated=n))
    >>> [s.expanded for s in trace.samples], [s.expanded for s in trace.after(seen)[0]]
    ([0, 4, 8], [8])
    """

    def __init__(self, cap: int = MAX_SAMPLES) -> None:
        if cap < 4:
            raise ValueError(f"a trace keeps at least 4 samples, not {cap}")
        self.cap = cap
        self.samples: list[Sample] = []
        """The kept samples, in time order."""
        self.iterations: list[Iteration] = []
        """IDA*'s and IDDFS's iterations, in order."""
        self.stride = 1
        """One sample is kept for this many offered (doubles each time the samples thin)."""
        self.finished = False
        self._offered = 0
        self._serials: list[int] = []
        """Each kept sample's number (how many were kept before it, thinned ones included),
        so that ``after`` finds what is new after thinning."""
        self._kept = 0

    def add(self, sample: Sample) -> None:
        """Offer a sample: kept when it falls on the stride; when the trace is full, every
        other sample is dropped and the stride doubles."""
        offered = self._offered
        self._offered = offered + 1
        if offered % self.stride:
            return
        self.samples.append(sample)
        self._serials.append(self._kept)
        self._kept += 1
        if len(self.samples) >= self.cap:
            del self.samples[1::2], self._serials[1::2]
            self.stride *= 2

    def add_iteration(self, iteration: Iteration) -> None:
        """Record an iteration that ended (or the one a search ended in)."""
        self.iterations.append(iteration)

    def finish(self, sample: Sample, iteration: Iteration | None = None) -> None:
        """End the trace with the result's counts (always kept, as the last sample) and
        the iteration the search ended in; later calls change nothing."""
        if self.finished:
            return
        self.finished = True
        if iteration is not None:
            self.iterations.append(iteration)
        self.samples.append(sample)
        self._serials.append(self._kept)
        self._kept += 1

    def after(self, serial: int) -> tuple[list[Sample], int]:
        """The samples kept after the one numbered ``serial`` (-1: all of them), and the
        number of the newest (``serial`` again when there is none): a reader that keeps the
        number it was last given finds what is new, even after the trace thinned."""
        samples = self.samples[bisect_right(self._serials, serial):]
        return samples, (self._serials[-1] if samples else serial)

    def to_dict(self) -> dict[str, object]:
        """The JSON form described in the module's docstring."""
        return {
            "cap": self.cap,
            "stride": self.stride,
            "samples": [s.to_dict() for s in self.samples],
            "iterations": [i.to_dict() for i in self.iterations],
        }
