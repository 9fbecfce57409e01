"""Running a command as a person does, in a terminal: a pseudo-terminal (``pty.fork``) as
its controlling terminal, standard input, output and error, 80 columns wide, so that
whatever draws only on a terminal (the command line's progress line) is drawn, and Ctrl-C
is a real SIGINT from the terminal. Several commands run at once (``run_all``), read by one
``select`` loop, so a test file of many runs stays short without threads.

What the terminal received is kept whole (``received``: the bytes as text, progress lines,
carriage returns and all), and ``screen`` replays it the way a terminal shows it: what is
left on screen once the command has ended.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from .helpers import ROOT

COLUMNS = 80
ROWS = 24
TIMEOUT = 180.0
"""Seconds a run may take before it is killed and the test fails (a hang, not a speed check)."""
CTRL_C = b"\x03"


@dataclass
class Run:
    """A command to run in a terminal, and then what it did."""

    argv: Sequence[str]
    cwd: Path = ROOT
    interrupt_after: str | None = None
    """Press Ctrl-C once the terminal has received this text."""
    raw: bytearray = field(default_factory=bytearray)
    status: int | None = None
    interrupted: bool = False

    @property
    def received(self) -> str:
        """Everything the terminal received, as text (the terminal turns each newline into
        ``\\r\\n``)."""
        return self.raw.decode("utf-8", "replace")

    @property
    def screen(self) -> list[str]:
        """The lines left on screen, as a terminal shows them: a carriage return goes back to
        the line's start and what follows overwrites it; trailing blanks dropped."""
        lines: list[str] = []
        line: list[str] = []
        column = 0
        for char in self.received:
            if char == "\n":
                lines.append("".join(line).rstrip())
                line, column = [], 0
            elif char == "\r":
                column = 0
            else:
                if column < len(line):
                    line[column] = char
                else:
                    line.append(char)
                column += 1
        if line:
            lines.append("".join(line).rstrip())
        return lines

    @property
    def text(self) -> str:
        """The screen as one text (lines joined by newlines)."""
        return "\n".join(self.screen)


def _start(run: Run) -> tuple[int, int]:
    """Fork ``run``'s command onto a new pseudo-terminal: (pid, the terminal's master side)."""
    pid, master = pty.fork()
    if pid == 0:  # the child: its terminal is the pty (stdin, stdout, stderr, controlling)
        try:
            # A person's shell leaves Ctrl-C's signal to the command; a test run started in the
            # background (``&``) ignores it, and an ignored signal stays ignored across exec.
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            os.chdir(run.cwd)
            env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
            env["TERM"] = "xterm"
            os.execve(run.argv[0], list(run.argv), env)
        finally:
            os._exit(127)
    return pid, master


def run_all(runs: Sequence[Run], at_once: int = 2) -> None:
    """Run every command, ``at_once`` at a time, each in its own terminal, until each ends;
    fill in what each terminal received and each exit status."""
    waiting = list(runs)
    running: dict[int, tuple[Run, int]] = {}  # master fd -> (run, pid)
    deadline = time.monotonic() + TIMEOUT * max(1, len(runs) // at_once)
    while waiting or running:
        while waiting and len(running) < at_once:
            run = waiting.pop(0)
            pid, master = _start(run)
            running[master] = (run, pid)
        if time.monotonic() > deadline:
            for run, pid in running.values():
                os.kill(pid, signal.SIGKILL)
            raise TimeoutError(f"still running: {[' '.join(r.argv[1:]) for r, _ in running.values()]}")
        ready, _, _ = select.select(list(running), [], [], 0.5)
        for master in ready:
            run, pid = running[master]
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the command ended and the terminal closed
                data = b""
            if data:
                run.raw += data
                if run.interrupt_after and not run.interrupted and run.interrupt_after in run.received:
                    os.write(master, CTRL_C)  # the terminal sends SIGINT to the command
                    run.interrupted = True
                continue
            os.close(master)
            del running[master]
            _, wait_status = os.waitpid(pid, 0)
            run.status = os.waitstatus_to_exitcode(wait_status)


def npuzzle(*args: str, interrupt_after: str | None = None, cwd: Path = ROOT) -> Run:
    """``python -m npuzzle ARGS`` to run in a terminal (this interpreter, this checkout)."""
    return Run([sys.executable, "-m", "npuzzle", *args], cwd, interrupt_after)
