"""Every byte a person's code can make its worker hold is counted (issue 35), tried under Node
against the runtime the sandbox runs: Pyodide with build.py's sealed pyodide.asm.mjs (BRIDGE_DOORS
and SHUT_DOORS, written beside node_modules/pyodide as the build's bundle does) and
web/custom/sandbox-seal.js's memory cap and seal, as web/custom/sandbox-worker.js applies them.

Each case is Python run as the worker runs a person's code (inside the Budget's guard), filling
one place where the runtime keeps bytes in JavaScript memory, slowly (many small writes) and at
once (one big write): a pipe, a socket, a socket pair, a link's target, names, a device, host
names looked up, file descriptors, paths kept with open folders, a traceback that reaches
JavaScript. Each must be refused or stopped within the budget, with the words of its limit, and
JavaScript's heap (with its array buffers, after a collection) must not have grown by more than
the budget allows. One Pyodide for the module; the Budget's counts are set back to zero and the
case's files removed between cases."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from sitebuild.seal import SHUT_DOORS, sealed_pyodide

from .helpers import ROOT

pytestmark = pytest.mark.thorough  # every case runs in one module fixture (a terminal each, or one Pyodide): the full command's run

MB = 2**20
FILE_BYTES = 32 * MB
"""sandbox-seal.js's budget for files, names and links' targets together."""
HELD = FILE_BYTES + 16 * MB
"""What a case may leave JavaScript holding: the budget, and room for the runtime's own."""

EPERM, EINVAL, ENAMETOOLONG, ENOSPC = 63, 28, 37, 51  # Emscripten's numbers (Python's errno there)
EAI_FAIL = -4
NOT_ALLOWED = "which the worker that runs it does not allow"
FILES_FULL = r"your code tried to write more than 32 MB into files, the limit of the worker that runs it"


@dataclass(frozen=True)
class Case:
    """Python run as a person's code, in its own folder FOLDER; it ends raising ``raised`` (with
    ``errno``), or raising nothing (None). ``refused``: a pattern the Budget's words match (None:
    no limit was hit). ``escapes``: the code's exception reaches JavaScript (not caught in Python).
    ``saw``: what the code appended to ``saw``, when that matters; ``tail``: how the message of
    an exception that reached JavaScript ends."""

    name: str
    code: str
    raised: str | None
    errno: int | None = None
    refused: str | None = None
    escapes: bool = False
    saw: tuple[object, ...] | None = None
    tail: str = ""


CASES = [
    # A pipe: what is written and never read stays in PIPEFS's buckets, in JavaScript memory.
    Case("pipe-slowly", "import os\nr, w = os.pipe()\nchunk = bytes(2**20)\nfor i in range(256):\n    os.write(w, chunk)",
         "PermissionError", EPERM, f"tried to use a pipe, {NOT_ALLOWED}"),
    Case("pipe-at-once", "import os\nr, w = os.pipe()\nos.write(w, bytes(200 * 2**20))",
         "PermissionError", EPERM, f"tried to use a pipe, {NOT_ALLOWED}"),
    # A socket: datagrams sent to no one wait in SOCKFS's queue.
    Case("socket-slowly", "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\nchunk = bytes(60_000)\n"
         "for i in range(4000):\n    s.sendto(chunk, ('10.0.0.1', 9))",
         "PermissionError", EPERM, f"tried to use a socket, {NOT_ALLOWED}"),
    Case("socket-at-once", "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
         "s.sendto(bytes(200 * 2**20), ('10.0.0.1', 9))",
         "PermissionError", EPERM, f"tried to use a socket, {NOT_ALLOWED}"),
    # A socket pair: made of sockets.
    Case("socketpair", "import socket\na, b = socket.socketpair()\nfor i in range(256):\n    a.send(bytes(2**20))",
         "PermissionError", EPERM, f"tried to use a socket, {NOT_ALLOWED}"),
    # A link's target, kept in its node.
    Case("link-target-slowly", "import os\nfor i in range(64):\n    os.symlink('t' * 2**20 + str(i), f'{FOLDER}/link{i}')",
         "OSError", ENOSPC, FILES_FULL),
    Case("link-target-at-once", "import os\nos.symlink('t' * (100 * 2**20), f'{FOLDER}/link')",
         "OSError", ENOSPC, FILES_FULL),
    # Names, kept in their nodes and folders.
    Case("names-slowly", "import os\nfor i in range(500):\n    os.mkdir(f'{FOLDER}/{i}' + 'n' * 200_000)",
         "OSError", ENOSPC, FILES_FULL),
    Case("name-at-once", "import os\nos.mkdir(f'{FOLDER}/' + 'n' * (100 * 2**20))",
         "OSError", ENOSPC, FILES_FULL),
    # A file grown without a write, by truncate.
    Case("file-grown", "import os\nfd = os.open(f'{FOLDER}/big', os.O_RDWR | os.O_CREAT)\n"
         "os.ftruncate(fd, 20 * 2**20)\nos.truncate(f'{FOLDER}/big', 100 * 2**20)",
         "OSError", ENOSPC, FILES_FULL),
    # A terminal device: the TTY keeps a line's bytes until its end, one JavaScript number each.
    Case("device-slowly", "import os\nfd = os.open('/dev/tty', os.O_WRONLY)\nchunk = b'x' * 2**20\nfor i in range(32):\n"
         "    os.write(fd, chunk)",
         "PermissionError", EPERM, f"tried to use a device, {NOT_ALLOWED}"),
    Case("device-at-once", "import os\nfd = os.open('/dev/tty1', os.O_WRONLY)\nos.write(fd, b'x' * (32 * 2**20))",
         "PermissionError", EPERM, f"tried to use a device, {NOT_ALLOWED}"),
    # Host names looked up: Emscripten's DNS keeps each name it made an address up for.
    Case("host-names-slowly", "import socket\nfor i in range(256):\n    socket.getaddrinfo(b'%d' % i + b'h' * 2**20, 80)",
         "gaierror", EAI_FAIL, rf"tried to use the network \(a host's name\), {NOT_ALLOWED}"),
    Case("host-name-at-once", "import socket\nsocket.getaddrinfo(b'h' * (200 * 2**20), 80)",
         "gaierror", EAI_FAIL, rf"tried to use the network \(a host's name\), {NOT_ALLOWED}"),
    Case("host-names-by-gethostbyname_ex", "import socket\nfor i in range(400_000):\n"
         "    name, aliases, addresses = socket.gethostbyname_ex(f'h{i}.' + 'x' * 60 + '.' + 'y' * 60 + '.' + 'z' * 60)\n"
         "saw.append(addresses)",
         "gaierror", EAI_FAIL, rf"tried to use the network \(a host's name\), {NOT_ALLOWED}"),
    # File descriptors: F_DUPFD asks for any number, past the runtime's own limit of 4096.
    Case("descriptors", "import fcntl, os\nfd = os.open(f'{FOLDER}/file', os.O_RDWR | os.O_CREAT)\n"
         "for i in range(1_000_000):\n    fcntl.fcntl(fd, fcntl.F_DUPFD, 5000 + i)",
         "OSError", EINVAL),
    # A path kept with each open folder, copied whole when it is listed.
    Case("long-paths", "import os\nfolder = f'{FOLDER}/' + 'd' * (10 * 2**20)\nos.mkdir(folder)\n"
         "for i in range(32):\n    os.listdir(os.open(folder, os.O_RDONLY))",
         "OSError", ENAMETOOLONG),
    # A traceback that reaches JavaScript: Python prints it into a device the runtime reads back.
    Case("traceback", "raise SystemExit('x' * (20 * 2**20))", "SystemExit", escapes=True, tail="x" * 200 + "\n"),
    Case("many-lines-traceback", "class Escape(BaseException):\n    pass\n"
         "raise Escape('\\n'.join(f'line {i}' for i in range(200_000)))",
         "Escape", escapes=True, tail="line 199998\nline 199999\n"),
    Case("short-traceback", "class Escape(BaseException):\n    pass\ndef deep(n):\n    return deep(n - 1) if n else 1 / 0\n"
         "try:\n    deep(3)\nexcept ZeroDivisionError:\n    raise Escape('out of h')",
         "Escape", escapes=True, tail='File "<string>", line 8, in <module>\nEscape: out of h\n'),
    # What a person's code may do with files still works.
    Case("ordinary-files", "import json, mmap, os, random, tempfile, uuid\nrandom.seed()\nsaw.append(len(str(uuid.uuid4())))\n"
         "with tempfile.TemporaryFile() as f:\n    f.write(b'abc')\n    f.seek(0)\n    saw.append(f.read().decode())\n"
         "    saw.append(mmap.mmap(f.fileno(), 3)[:].decode())\n"
         "os.makedirs(f'{FOLDER}/a/b')\nos.symlink(f'{FOLDER}/a', f'{FOLDER}/l')\nos.rename(f'{FOLDER}/l', f'{FOLDER}/m')\n"
         "saw.append(sorted(os.listdir(os.readlink(f'{FOLDER}/m'))))\nprint('printed')\n"
         "try:\n    input()\nexcept EOFError:\n    saw.append('EOF')",
         None, saw=(36, "abc", "abc", ["b"], "EOF")),
]

# Loads Pyodide from node_modules with the sealed runtime, caps and seals it as the worker does,
# then runs each case inside the Budget's guard and writes what happened.
RUN = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, sealedScript, sealScript, casesFile, resultsFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const sealed = await import(pathToFileURL(sealedScript).href);
const { Budget, capMemory, seal } = await import(pathToFileURL(sealScript).href);
const budget = new Budget();
capMemory(512 * 2 ** 20, budget);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, createPyodideModule: sealed.default });
pyodide.runPython(`
import json, os, shutil

def attack(code, folder):
    saw = []
    try:
        exec(code, {"saw": saw, "FOLDER": folder})
    except BaseException as e:
        return json.dumps({"raised": type(e).__name__, "errno": getattr(e, "errno", None), "saw": saw})
    return json.dumps({"raised": None, "errno": None, "saw": saw})

def escape(code, folder):
    exec(code, {"saw": [], "FOLDER": folder})
    return json.dumps({"raised": None, "errno": None, "saw": []})

def prepare(folder):
    os.makedirs(folder)

def tidy(folder):
    shutil.rmtree(folder, ignore_errors=True)
`);
const [attack, escape, prepare, tidy] = ["attack", "escape", "prepare", "tidy"].map((name) => pyodide.globals.get(name));
seal(pyodide, sealed.sealBridge, budget);
const held = () => {
  global.gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const results = [];
for (const [index, { code, escapes }] of JSON.parse(readFileSync(casesFile, "utf8")).entries()) {
  const folder = `/tmp/case${index}`;
  prepare(folder);
  Object.assign(budget, { bytes: 0, nodes: 0, printed: 0, refused: null });
  const before = held();
  let python = null;
  let thrown = null;
  try {
    python = JSON.parse(budget.guard(() => (escapes ? escape : attack)(code, folder)));
  } catch (error) {
    thrown = String(error && error.message ? error.message : error);
  }
  const grew = held() - before;
  results.push({ python, refused: budget.refused, grew, thrown: thrown && { length: thrown.length, end: thrown.slice(-300) } });
  thrown = null;
  tidy(folder);
}
writeFileSync(resultsFile, JSON.stringify(results));
"""


@pytest.fixture(scope="module")
def outcomes() -> dict[str, dict[str, object]]:
    """What each case did, by its name (one Node process, one Pyodide, every case in turn)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    runtime = ROOT / "node_modules" / "pyodide"
    if not (runtime / "pyodide.asm.mjs").exists():
        pytest.skip("node_modules/pyodide is missing: run npm ci")
    # Beside node_modules' packages, as build.py's sandbox_bundle writes it.
    with tempfile.TemporaryDirectory(dir=runtime.parent, prefix=".sealed-") as folder:
        work = Path(folder)
        sealed = work / "pyodide.asm.mjs"
        sealed.write_text(sealed_pyodide((runtime / "pyodide.asm.mjs").read_text(encoding="utf-8")), encoding="utf-8")
        (work / "run.mjs").write_text(RUN)
        (work / "cases.json").write_text(json.dumps([{"code": c.code, "escapes": c.escapes} for c in CASES]))
        done = subprocess.run(
            [node, "--expose-gc", "--max-old-space-size=8192", str(work / "run.mjs"), str(runtime), str(sealed),
             str(ROOT / "web" / "custom" / "sandbox-seal.js"), str(work / "cases.json"), str(work / "results.json")],
            capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0 and (work / "results.json").exists(), done.stderr[-3000:]
        results = json.loads((work / "results.json").read_text())
    return {case.name: result for case, result in zip(CASES, results, strict=True)}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_what_the_code_makes_the_sandbox_hold_is_counted(outcomes: dict[str, dict[str, object]], case: Case) -> None:
    outcome = outcomes[case.name]
    grew = int(outcome["grew"])  # type: ignore[call-overload]
    assert grew < HELD, f"JavaScript's heap grew by {grew / MB:.0f} MB: {outcome}"
    refused = outcome["refused"]
    if case.refused is None:
        assert refused is None, outcome
    else:
        assert isinstance(refused, str) and re.search(case.refused, refused), outcome
    if case.escapes:
        thrown = outcome["thrown"]
        assert isinstance(thrown, dict), outcome
        assert thrown["length"] < 80 * 1024, outcome  # the traceback's end only
        assert thrown["end"].endswith(case.tail), outcome
    else:
        python = outcome["python"]
        assert isinstance(python, dict), outcome
        assert (python["raised"], python["errno"]) == (case.raised, case.errno), outcome
        if case.saw is not None:
            assert python["saw"] == list(case.saw), outcome


def test_each_shut_door_names_what_it_is() -> None:
    """build.SHUT_DOORS: a refusal C understands and words for each, and the sealed runtime
    asks the gate at the head of each (before its arguments are read); a Pyodide without one
    stops the build."""
    source = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    sealed = sealed_pyodide(source)
    for door, (refusal, what) in SHUT_DOORS.items():
        head = f"function {door}("
        at = sealed.index(head)
        body = sealed[sealed.index("{", at) + 1:]
        assert body.startswith(f"if(__npuzzleShut({door!r},{what!r}))return {refusal};"), door
        assert what and int(refusal) <= 0
    with pytest.raises(SystemExit, match="___syscall_pipe"):
        sealed_pyodide(source.replace("function ___syscall_pipe(", "function ___syscall_pipe2("))
