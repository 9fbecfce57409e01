"""Shipped table files: where they live, and how a heuristic says which it needs.

Some heuristics read precomputed tables too slow to build on demand. Their
files ship in ``npuzzle/data/`` (in the browser the worker fetches them into
the same folder when Python says they are missing). A heuristic that needs
such files declares it in its registry entry with a ``TableFiles``; the CLI,
the web API, ``compare`` and the searches ask the registry, never a name, through
one function, ``heuristics.table_needs``; a refusal for missing files is worded by
``needs_sentence``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

DATA_DIR = Path(__file__).resolve().parent / "data"
"""Where shipped table files are read from."""


def data_path(name: str) -> Path:
    """Where the shipped table file ``name`` is (or would be)."""
    return DATA_DIR / name


def needs_sentence(who: str, files: Iterable[str]) -> str:
    """The refusal of work whose table files are missing: ``who`` (``the pdb heuristic``,
    ``the comparison``) and the files.

    >>> needs_sentence("the pdb heuristic", ["pdb-4x4-663x2.bin"])
    'the pdb heuristic needs pdb-4x4-663x2.bin'
    """
    return f"{who} needs {', '.join(files)}"


@dataclass(frozen=True)
class TableFiles:
    """What a table-backed heuristic needs for one board shape and blank goal cell."""

    files: Callable[[int, int, int], tuple[str, ...]]
    """``files(rows, cols, blank_goal)``: the file names it reads there (none when it
    builds its tables on demand)."""
    loading: Callable[[int, int, int], Iterator[None] | None]
    """``loading(rows, cols, blank_goal)``: steps that load those files, each short
    (a caller stays responsive between them), or None when they are already loaded
    or missing."""
    stage: str
    """What the page and the CLI say while they load, e.g. ``Loading pattern databases``."""

    def missing(self, rows: int, cols: int, blank_goal: int) -> list[str]:
        """The files needed here that are not in ``DATA_DIR``."""
        return [name for name in self.files(rows, cols, blank_goal) if not data_path(name).is_file()]
