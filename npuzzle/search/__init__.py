"""Search algorithms behind one signature, and the registry that lists them."""

from .result import DEFAULT_MAX_NODES, DEFAULT_TIME_LIMIT, Limits, Progress, SearchResult, StopReason
from .registry import (
    ALGORITHMS,
    AlgorithmInfo,
    AlgorithmOption,
    DEFAULT_ALGORITHM,
    OptionError,
    algorithm_options,
    default_heuristic,
    default_max_nodes,
    get_algorithm,
)
from .solver import Search, solve
from .trace import MAX_SAMPLES, Iteration, Sample, Trace
from .tree import DEFAULT_TREE_EXPANSIONS, MAX_TREE_CELLS, MAX_TREE_EXPANSIONS, MAX_TREE_NODES, TreeError, TreeRecorder

__all__ = [
    "ALGORITHMS",
    "AlgorithmInfo",
    "AlgorithmOption",
    "OptionError",
    "DEFAULT_ALGORITHM",
    "DEFAULT_MAX_NODES",
    "DEFAULT_TIME_LIMIT",
    "DEFAULT_TREE_EXPANSIONS",
    "Iteration",
    "Limits",
    "MAX_SAMPLES",
    "MAX_TREE_CELLS",
    "MAX_TREE_EXPANSIONS",
    "MAX_TREE_NODES",
    "Progress",
    "Sample",
    "Search",
    "SearchResult",
    "StopReason",
    "Trace",
    "TreeError",
    "TreeRecorder",
    "algorithm_options",
    "default_max_nodes",
    "default_heuristic",
    "get_algorithm",
    "solve",
]
