"""The time a solve took, move by move: what a replay's times say beside its analysis.

Times are given as **gaps**: for each move, the milliseconds since the move before it (the
first: since the start), written ``120,85,90`` as a link carries them (``times=``) and as
Slidysim's times become (speed/slidysim.py gives them so). From them: the solve's time, its
speed in tiles per second (moves over the time, as Slidysim counts it), and the **pauses**:
the moves that came after a gap of at least ``PAUSE_FACTOR`` times the solve's median gap and
at least ``PAUSE_MIN_MS``, where the person stopped to think.

>>> timing = read_gaps("0,100,100,900,100", 5)
>>> timing.total_ms, timing.tps, [p.move for p in timing.pauses]
(1200, 4.167, [4])
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

__all__ = ["MAX_GAP_MS", "PAUSE_FACTOR", "PAUSE_MIN_MS", "Pause", "Timing", "TimingError", "gaps_of", "read_gaps"]

PAUSE_FACTOR = 4
"""A gap this many times the median gap (and at least PAUSE_MIN_MS) is a pause."""
PAUSE_MIN_MS = 500
MAX_GAP_MS = 86_400_000
"""The longest gap read (a day): beyond, the times are not a solve's."""


class TimingError(ValueError):
    """Times that cannot be a solve's: the message says which and why."""


@dataclass(frozen=True)
class Pause:
    """A move made after a pause: its number (from 1) and the gap before it."""

    move: int
    ms: int

    def to_dict(self) -> dict[str, int]:
        return {"move": self.move, "ms": self.ms}


@dataclass(frozen=True)
class Timing:
    """A solve's gaps, one per move, and what they say."""

    gaps: tuple[int, ...]

    @property
    def total_ms(self) -> int:
        return sum(self.gaps)

    @property
    def tps(self) -> float | None:
        """Tiles (moves) per second over the whole solve, to 0.001; None for a solve of no time."""
        return round(len(self.gaps) / (self.total_ms / 1000), 3) if self.total_ms else None

    @property
    def pause_ms(self) -> int:
        """The gap from which a move counts as made after a pause."""
        median = statistics.median(self.gaps) if self.gaps else 0
        return max(PAUSE_MIN_MS, int(PAUSE_FACTOR * median))

    @property
    def pauses(self) -> tuple[Pause, ...]:
        threshold = self.pause_ms
        return tuple(Pause(i, gap) for i, gap in enumerate(self.gaps, 1) if gap >= threshold)

    def to_dict(self) -> dict[str, object]:
        return {"gaps": list(self.gaps), "total_ms": self.total_ms, "tps": self.tps, "pause_ms": self.pause_ms,
                "pauses": [p.to_dict() for p in self.pauses]}

    def text(self) -> str:
        """The gaps as a link writes them."""
        return ",".join(map(str, self.gaps))


def read_gaps(text: str, moves: int) -> Timing:
    """The timing ``text`` writes (gaps in whole milliseconds, separated by commas), one per
    move of a game of ``moves`` moves; TimingError saying what is wrong and where otherwise."""
    if not isinstance(text, str):
        raise TimingError(f"times must be text like 120,85,90 (a gap in milliseconds per move), not {type(text).__name__}")
    parts = [p.strip() for p in text.split(",")] if text.strip() else []
    if len(parts) != moves:
        raise TimingError(f"there {'is 1 time' if len(parts) == 1 else f'are {len(parts):,} times'} for "
                          f"{moves:,} move{'' if moves == 1 else 's'}: give one gap in milliseconds per move")
    gaps = []
    for number, part in enumerate(parts, 1):
        if not (part.isascii() and part.isdigit()) or len(part) > 9 or int(part) > MAX_GAP_MS:
            shown = repr(part) if len(part) <= 12 else repr(part[:12] + "...")
            raise TimingError(f"time {number} ({shown}) is not a gap of whole milliseconds from 0 to "
                              f"{MAX_GAP_MS:,}")
        gaps.append(int(part))
    return Timing(tuple(gaps))


def gaps_of(times: tuple[int, ...]) -> tuple[int, ...]:
    """Milliseconds since the start (one per move, never decreasing) as gaps."""
    return tuple(t - (times[i - 1] if i else 0) for i, t in enumerate(times))
