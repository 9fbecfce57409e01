"""Every example the README and docs/*.md print runs, exactly as printed.

* Command lines in code blocks (``python -m npuzzle ...`` or ``python3 -m npuzzle ...``,
  after a ``$ `` prompt or not) are examples: each runs in a terminal of its own
  (tests/terminal.py: progress lines are drawn, as for a person), through ``bash`` with this
  checkout's Python first on the PATH, in a folder of its own per document, after the block's
  other lines (``python -c ...`` making a file) have run; it must exit 0 without a traceback.
  docs/*.md show every command in a ``console`` block with its output after it: the screen
  must match it line by line (``...`` stands for anything within a line, such as
  milliseconds or the rest of a long JSON line). The README's one command shows no output:
  the solution it prints is replayed to the goal and its length held to a breadth-first
  search's.
* A line with placeholders (``BOARD``, ``[--goal G]``) is a synopsis, not run; its flags
  must be the parser's.
* Mentions in the text (``python -m npuzzle check --heuristic-file``) name a command and its
  flags: each must exist. None has values (an example with values belongs in a block).
* Python blocks that import npuzzle run: doctest blocks (``>>>``) as doctests, the others as
  scripts, where ``print(...)  # text`` says what the line prints.

Left out: commands other than the package's (``python3 build.py --serve``, ``bash
tests/run.sh``, ``bench/...``: the network, browsers, minutes), and ``tables build`` (13
minutes; it rewrites the shipped tables: ``test_pattern_db.py`` rebuilds one table, and a slow
test all of one), which the docs only mention.
"""

from __future__ import annotations

import argparse
import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from npuzzle import Board
from npuzzle.cli import _build_parser
from npuzzle.webapi import handle_dict

from . import oracles
from .helpers import ROOT
from .terminal import Run, run_all
from .test_analysis_doors import exact_3x3

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMAND = re.compile(r"^(?:\$ )?(python3? -m npuzzle(?: .*)?)$")
INLINE = re.compile(r"`(python3? -m npuzzle[^`]*)`")
PLACEHOLDER = re.compile(r"\[|\||\b(?:BOARD|[A-Z]|RxC|N\|RxC|DIR)\b")
FENCE = re.compile(r"^```(\w*)\s*$")


@dataclass
class Block:
    """A fenced code block: where, its language and its lines."""

    doc: Path
    line: int
    language: str
    lines: list[str]


def blocks(doc: Path) -> list[Block]:
    found: list[Block] = []
    current: Block | None = None
    for number, line in enumerate(doc.read_text().splitlines(), 1):
        fence = FENCE.match(line)
        if fence and current is None:
            current = Block(doc, number, fence.group(1), [])
        elif line.startswith("```") and current is not None:
            found.append(current)
            current = None
        elif current is not None:
            current.lines.append(line)
    return found


def prose(doc: Path) -> str:
    """The document without its code blocks."""
    text, inside = [], False
    for line in doc.read_text().splitlines():
        if line.startswith("```"):
            inside = not inside
        elif not inside:
            text.append(line)
    return "\n".join(text)


def command_blocks() -> list[Block]:
    return [block for doc in DOCS for block in blocks(doc)
            if any(COMMAND.match(line) and not PLACEHOLDER.search(line) for line in block.lines)]


def examples() -> list[tuple[Block, str, list[str] | None]]:
    """Every command to run: its block, the line, and the output shown after it (console
    blocks only, else None)."""
    found = []
    for block in command_blocks():
        for i, line in enumerate(block.lines):
            match = COMMAND.match(line)
            if not match or PLACEHOLDER.search(line):
                continue
            shown = None
            if block.language == "console":
                rest = block.lines[i + 1:]
                end = next((j for j, later in enumerate(rest) if later.startswith("$ ")), len(rest))
                shown = rest[:end]
            found.append((block, match.group(1), shown))
    return found


def example_id(example: tuple[Block, str, list[str] | None]) -> str:
    block, command, _ = example
    return f"{block.doc.name}:{block.line}: {command[:70]}"


EXAMPLES = examples()


def test_the_docs_print_examples() -> None:
    """The README's "Try it" line and docs/cli.md's examples are found (a change of format
    that hid them from this test would fail here)."""
    commands = [command for _, command, _ in EXAMPLES]
    assert 'python3 -m npuzzle solve "8 6 7 / 2 5 4 / 3 0 1"' in commands
    assert len(commands) >= 12
    assert {shlex.split(c)[3] for c in commands} == {"solve", "compare", "check", "analyse", "random", "optimize", "moves", "replay"}
    assert any(shown for _, _, shown in EXAMPLES)


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    """Every example, in a folder of its own per document (after its blocks' other lines,
    which make the files the examples read), four at a time."""
    python = Path(sys.executable).parent
    env_path = f"{python}{os.pathsep}{os.environ.get('PATH', '')}"
    folders: dict[Path, Path] = {}
    for block in command_blocks():
        folder = folders.setdefault(block.doc, tmp_path_factory.mktemp(block.doc.stem))
        for line in block.lines:
            line = line.removeprefix("$ ")
            if line.startswith(("python -c ", "python3 -c ")):
                done = subprocess.run(["bash", "-c", line], cwd=folder, env={**os.environ, "PATH": env_path},
                                      capture_output=True, text=True)
                assert done.returncode == 0, done.stderr
    runs = {example_id(example): Run(["/usr/bin/env", f"PATH={env_path}", "bash", "-c", example[1]],
                                     folders[example[0].doc]) for example in EXAMPLES}
    run_all(list(runs.values()), at_once=4)
    return runs


def matches(shown: str, line: str) -> bool:
    """``line`` is what the docs show, ``...`` standing for anything."""
    pattern = ".*".join(re.escape(part) for part in shown.split("..."))
    return re.fullmatch(pattern, line) is not None


def test_every_example_shows_its_output() -> None:
    """docs/*.md show what each command prints (a console block), so that the test below
    compares it line by line. The README's one command shows none (its page is short): what it
    prints is checked as a solution instead (``check_solution``)."""
    unshown = [example_id(example) for example in EXAMPLES if example[2] is None]
    assert unshown == [example_id(example) for example in EXAMPLES if example[0].doc.name == "README.md"]
    assert len(unshown) == 1 and all(shlex.split(example[1])[3] == "solve" for example in EXAMPLES if example[2] is None)


def check_solution(command: str, screen: list[str]) -> None:
    """What ``solve`` printed for a 3x3 board: the board, then a solution said optimal whose
    numbered steps, replayed here (tests/oracles.py), reach the goal printed after it in as many
    moves as a breadth-first search says the board is from the goal."""
    board = tuple(int(t) for t in shlex.split(command)[4].replace("/", " ").split())
    grid = [" ".join(str(t) if t else "." for t in board[r * 3:r * 3 + 3]) for r in range(3)]
    assert screen[:4] == ["Board (3x3, goal blank-last):", *grid], screen[:4]
    found = re.match(r"Solution: (\d+) moves \(optimal\); ", screen[4])
    assert found, screen[4]
    steps = [re.fullmatch(r" +(\d+)\. +(\d+) (left|right|up|down)", line) for line in screen]
    moves = [step for step in steps if step]
    assert [int(step.group(1)) for step in moves] == list(range(1, int(found.group(1)) + 1))
    boards = oracles.play(board, 3, [int(step.group(2)) for step in moves])
    assert [oracles.direction(before, 3, int(step.group(2))) for before, step in zip(boards, moves)] == \
        [step.group(3)[0].upper() for step in moves]
    goal = tuple(range(1, 9)) + (0,)
    assert boards[-1] == goal and len(moves) == exact_3x3(board)
    assert screen[-4:] == ["Goal reached:", "1 2 3", "4 5 6", "7 8 ."]


@pytest.mark.parametrize("example", EXAMPLES, ids=example_id)
def test_every_example_runs_as_printed(example: tuple[Block, str, list[str] | None], ran: dict[str, Run]) -> None:
    """Each command exits 0 without a traceback, and prints what its doc shows (each line
    matched, ``...`` standing for anything within the line, and as many lines); the README's
    solve (which shows no output) prints a shortest solution."""
    block, command, shown = example
    run = ran[example_id(example)]
    assert run.status == 0, run.received
    assert "Traceback" not in run.received, run.received
    screen = [line for line in run.screen if line]
    assert screen, run.received
    if shown is None:
        check_solution(command, screen)
        return
    expected = [line for line in shown if line]
    assert len(screen) == len(expected), "\n".join(screen)
    for want, got in zip(expected, screen):
        assert matches(want, got), f"{block.doc.name}:{block.line}: shown {want!r}, printed {got!r}"


# -- synopses and mentions --------------------------------------------------------------


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(actions[0].choices) if actions else {}


def flags_of(words: list[str]) -> tuple[list[str], set[str]]:
    """The commands named first (``solve``; ``tables build``) and the flags they take."""
    parser = _build_parser()
    named = []
    for word in words:
        sub = subcommands(parser).get(word)
        if sub is None:
            break
        named.append(word)
        parser = sub
    return named, {option for action in parser._actions for option in action.option_strings}


def test_synopses_and_mentions_name_real_commands_and_flags() -> None:
    checked = mentioned = 0
    for doc in DOCS:
        lines = [line for block in blocks(doc) for line in block.lines
                 if COMMAND.match(line) and PLACEHOLDER.search(line)]
        mentions = INLINE.findall(prose(doc))
        for text in lines + mentions:
            words = text.split()[3:]
            named, flags = flags_of(words)
            assert named or not words, f"{doc.name}: {text}"
            used = set(re.findall(r"(?<![\w-])--[\w-]+", text))
            assert used <= flags, f"{doc.name}: {text}: {sorted(used - flags)}"
            if text in mentions:  # a mention names a command and flags, never values
                assert all(word in named or word.startswith("--") for word in words), f"{doc.name}: {text}"
                mentioned += 1
            checked += 1
    assert checked >= 10 and mentioned >= 3


# -- the library's examples -------------------------------------------------------------


def python_blocks() -> list[Block]:
    return [block for doc in DOCS for block in blocks(doc) if block.language == "python"
            and any(re.search(r"\b(from|import) npuzzle\b", line) for line in block.lines)]


@pytest.mark.parametrize("block", python_blocks(), ids=lambda b: f"{b.doc.name}:{b.line}")
def test_every_library_example_runs(block: Block, tmp_path: Path) -> None:
    text = "\n".join(block.lines) + "\n"
    if text.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(text, {}, f"{block.doc.name}:{block.line}", str(block.doc), block.line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        out: list[str] = []
        runner.run(test, out=out.append)
        assert runner.failures == 0 and runner.tries >= 2, "".join(out)
        return
    done = subprocess.run([sys.executable, "-c", text], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    printed = done.stdout.splitlines()
    # Each example says what at least one of its prints prints (a comment after it), and prints it.
    said = [(line, found.group(1)) for line in block.lines if (found := re.match(r"\s*print\(.*\)\s+# (.+)$", line))]
    assert said, f"{block.doc.name}:{block.line}: no print(...) with what it prints in a comment after it"
    assert all(text in printed for _, text in said), (said, printed[-5:])


def test_the_readme_board_to_paste_is_the_one_it_solves() -> None:
    """The board the README gives to paste into the page is what the page reads (the web
    API's analyze, as the editor asks it), solvable, and the same as its command line's and
    its library call's."""
    readme = ROOT / "README.md"
    text_blocks = [block for block in blocks(readme) if block.language == "text"]
    pasted = "\n".join(text_blocks[0].lines)
    answer = handle_dict({"op": "analyze", "board": pasted})
    assert answer["ok"] and answer["solvability"]["solvable"] and answer["rows"] == answer["cols"] == 3
    board = Board.from_string(pasted)
    command = next(c for b, c, _ in EXAMPLES if b.doc == readme)
    assert Board.from_string(shlex.split(command)[4]) == board
    library = next(b for b in python_blocks() if b.doc == readme)
    assert f'Board.from_string("{board.to_string().replace(",", " ")}")' in " ".join(library.lines) or \
        f'Board.from_string("{shlex.split(command)[4]}")' in " ".join(library.lines)
