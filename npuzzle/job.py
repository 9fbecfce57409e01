"""One shape for every long piece of work: a ``Job``.

A search, a comparison, a heuristic check, loading a heuristic's tables and the analysis of
a game are all the same thing to whoever drives them (the web API's worker, the command
line, a test): started from a request (the job's constructor, given already-read values),
stepped with a budget of seconds, cancelled, and asked for its progress or its result::

    job = SomeJob(...)
    while not job.done:
        job.step(0.03)          # about 30 ms of work
        show(job.progress)      # the latest progress (None before the first report)
    use(job.result)

``run`` does that loop for a caller that wants the result and, now and then, the progress.
A job never raises for being cancelled: ``cancel`` makes it done at once, with a result that
says it was stopped. The front doors turn progress and results into JSON or words; a job
itself knows nothing of either.
"""

from __future__ import annotations

from typing import Callable, Protocol, TypeVar

__all__ = ["Job", "run"]

P_co = TypeVar("P_co", covariant=True)
R_co = TypeVar("R_co", covariant=True)
P = TypeVar("P")
R = TypeVar("R")


class Job(Protocol[P_co, R_co]):
    """Work done a slice at a time: stepped with a budget, cancelled, answering progress
    (type ``P_co``) while it runs and a result (type ``R_co``) once done."""

    @property
    def done(self) -> bool:
        """Whether the job has its result (no more work to do)."""

    @property
    def progress(self) -> P_co | None:
        """The latest progress report (None before the first one)."""

    @property
    def result(self) -> R_co | None:
        """The result, once done (None before)."""

    def step(self, budget: float) -> None:
        """Work for about ``budget`` seconds (less if the job ends first)."""

    def cancel(self) -> None:
        """Stop now: the job is done and its result says it was stopped."""


def run(job: Job[P, R], on_progress: Callable[[P], bool | None] | None = None,
        interval: float = 0.1) -> R:
    """Step ``job`` to its end and return its result, calling ``on_progress`` with its
    progress about every ``interval`` seconds; ``on_progress`` may return True to cancel."""
    while not job.done:
        job.step(interval)
        if job.done:
            break
        progress = job.progress
        if on_progress is not None and progress is not None and on_progress(progress):
            job.cancel()
    result = job.result
    if result is None:  # a job that is done has a result: a broken job, not bad input
        raise RuntimeError(f"{type(job).__name__} ended without a result")
    return result
