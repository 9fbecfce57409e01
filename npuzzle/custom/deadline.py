"""Stopping a person's code that never returns: a hard time limit, where Python allows one.

A check or a search looks at the clock between calls of ``h``; an ``h`` that never
returns is stopped only from outside. In CPython's main thread on a system with
``signal.setitimer`` (not Windows, not Pyodide, where the page ends the code's worker
instead), ``hard_time_limit(seconds)`` raises ``HeuristicTimeout`` into whatever runs
when the time is up, and again every ``REPEAT`` seconds until it gets out (so that a bare
``except:`` in the person's code does not keep it), and clears the timer on the way out.
Code that catches every one of ``TRIES`` raises (a bare ``except:`` inside a loop inside
a loop) cannot be stopped by an exception: then ``last_resort`` is called (the command
line writes its one line and ends the process). Elsewhere it does nothing
(``hard_time_limit_available()`` says which).
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Callable, Iterator

from .heuristic import HeuristicTimeout

REPEAT = 0.1
"""Seconds between two raises, until one gets out of the person's code."""
TRIES = 10
"""Raises before ``last_resort``."""


def hard_time_limit_available() -> bool:
    """Whether ``hard_time_limit`` can stop code here (CPython's main thread, setitimer)."""
    return hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM") and (
        threading.current_thread() is threading.main_thread())


@contextmanager
def hard_time_limit(seconds: float, last_resort: Callable[[], None] | None = None) -> Iterator[None]:
    """Raise ``HeuristicTimeout`` into the running code after ``seconds`` (where available),
    again every ``REPEAT`` seconds, and after ``TRIES`` raises call ``last_resort`` (if given)."""
    if not hard_time_limit_available():
        yield
        return
    tries = [0]

    def alarm(signum: int, frame: FrameType | None) -> None:
        tries[0] += 1
        if tries[0] > TRIES and last_resort is not None:
            last_resort()
        raise HeuristicTimeout(seconds)

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds, REPEAT)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
