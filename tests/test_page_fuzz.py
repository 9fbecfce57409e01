"""The page under 306 random and hostile URL fragments (issue 10): markup, `javascript:`
strings, unicode, broken percent escapes, huge boards, repeated, unknown and empty keys, odd
sizes, steps, weights, names and goals, fragments of 100 kB.

300 fragments are tried in one loaded page by changing `location.hash` (the page reads the
link again on `hashchange`), and 6 of the nastiest as fresh loads (start-up reads the link
by another path). After each one the page must answer, show what it made of the link, and
hold no element built from the link's markup; the `app` fixture fails the test on any
console error, page error, dialog (an `alert` that ran), request to another origin or
Content-Security-Policy violation. After every tenth fragment, after each fresh load and
after the last fragment, a board typed into the editor must be drawn.

What the page should show is worked out here, not guessed: the fragment as the browser
keeps it is read the way `web/link/url-state.js` reads it (so whether the link notice shows is
known), and the board, goal and size it carries go through `npuzzle.webapi.handle`, the
function the page's worker calls, so the board drawn or Python's message under the editor
is known exactly."""

from __future__ import annotations

import base64
import json
import random
import re
import time
import zlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import pytest

from npuzzle.webapi import handle

from .helpers import ROOT
from .pages import editor, open_link

pytestmark = pytest.mark.browser

SEED = 10  # the number: the same fragments on every run
HASH_FRAGMENTS = 300  # tried by changing location.hash in one loaded page
EDITOR_EVERY = 10  # the editor is checked after every tenth fragment (and after the last)
SETTLE_S = 30.0  # how long the page may take to show a fragment's outcome (a loaded machine)

INFO = json.loads(handle(json.dumps({"op": "info"})))
ALGORITHMS = [a["name"] for a in INFO["algorithms"]]
HEURISTICS = [h["name"] for h in INFO["heuristics"]]
METRICS = [m["name"] for m in INFO["metrics"]]
OPTION_RANGES = {o["name"]: (o["minimum"], o["maximum"]) for a in INFO["algorithms"] for o in a["options"]}
GOALS = list(INFO["goals"])
DEFAULT_GOAL = INFO["defaults"]["goal"]
DEFAULT_BOARD = "8 6 7\n2 5 4\n3 0 1"  # the board the page starts with (web/board/board-editor.js)
# The keys a link may carry, read from the page's own list (as test_page_links.py does).
_URL_STATE = (ROOT / "web" / "link" / "url-state.js").read_text()
LINK_KEYS = re.findall(r'"(\w+)"', re.search(r"LINK_KEYS = \[(.*?)\]", _URL_STATE).group(1))
VIEWS = re.findall(r'"(\w+)"', re.search(r"VIEWS = \[(.*?)\]", _URL_STATE).group(1))

# -- the page's reading of a fragment, as web/link/url-state.js and web/link/link-state.js do it -------


class Garbled(ValueError):
    """decodeURIComponent would throw a URIError."""


def decode_uri_component(text: str) -> str:
    """JavaScript's decodeURIComponent: %XX escapes as strict UTF-8 (no surrogates, no
    overlong forms), anything else kept; a broken escape raises Garbled."""
    out: list[str] = []
    i = 0

    def byte_at(j: int) -> int:
        if text[j:j + 1] != "%" or not re.fullmatch(r"[0-9A-Fa-f]{2}", text[j + 1:j + 3]):
            raise Garbled(text)
        return int(text[j + 1:j + 3], 16)

    while i < len(text):
        if text[i] != "%":
            out.append(text[i])
            i += 1
            continue
        lead = byte_at(i)
        ones = 0  # the leading one bits of the first byte: 0 (ASCII), else the sequence's length
        while ones < 8 and lead & (0x80 >> ones):
            ones += 1
        length = 1 if ones == 0 else ones
        if ones == 1 or ones > 4:
            raise Garbled(text)
        raw = bytes(byte_at(i + 3 * k) for k in range(length))
        if any(b & 0xC0 != 0x80 for b in raw[1:]):
            raise Garbled(text)
        try:
            out.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise Garbled(text) from None
        i += 3 * length
    return "".join(out)


def form_problem(key: str, value: str) -> bool:
    """Whether url-state.js's checkForm refuses `value` for `key`."""
    if key == "step":
        return not re.fullmatch(r"[0-9]{1,6}", value)
    if key == "weight":
        return not (re.fullmatch(r"[0-9]{1,7}(\.[0-9]{1,7})?", value) and float(value) >= 1)
    if key == "size":
        return not re.fullmatch(r"[0-9]{1,2}([xX][0-9]{1,2})?", value)
    if key == "view":
        return value not in VIEWS
    if key in ("hcode", "scode"):  # a person's code, deflated and in base64url
        return not (len(value) <= 60_000 and re.fullmatch(r"[A-Za-z0-9_-]+={0,2}", value))
    if key == "moves":  # a game's moves: their form only (Python reads them)
        return len(value) > 50_000
    if key in ("notation", "undos", "metric"):
        return not re.fullmatch(r"[a-zA-Z-]{1,20}", value)
    if key == "times":  # a game's gaps in ms: their form only (Python reads them against the moves)
        return not (len(value) <= 100_000 and re.fullmatch(r"[0-9]{1,9}(,[0-9]{1,9})*", value))
    if key == "replay":  # a Slidysim replay: its length only (Python reads it)
        return len(value) > 200_000
    if key in ("assignment", "submission"):  # their JSON deflated, in base64url (Python reads what it says)
        return not (len(value) <= int(INFO["link"][key]) and re.fullmatch(r"[A-Za-z0-9_-]+={0,2}", value))
    return False


GAME_KEYS = ("notation", "undos", "times", "view")
REPLAY_REPLACES = ("board", "goal", "size", "moves", "notation", "undos", "times", "view", "step")


def unreadable_code(packed: str) -> bool:
    """Whether a link's code in its form (base64url, deflate-raw, UTF-8) cannot be read, or
    unpacks past Python's cap (web/custom/code-link.js unpack: the code panel says so)."""
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed.rstrip("=")) % 4))
        inflater = zlib.decompressobj(-15)
        raw = inflater.decompress(data)
        if not inflater.eof or inflater.unused_data:
            return True
        return len(raw.decode("utf-8")) > int(INFO["link"]["code"])
    except (ValueError, zlib.error):
        return True


def read_fragment(hash_: str) -> tuple[dict[str, str], int]:
    """The parameters a fragment gives the page and how many problems its link notice lists
    (url-state.js readFragment, link-state.js read and checkNames, the code panel's unreadable code)."""
    params: dict[str, str] = {}
    refused: set[str] = set()
    problems = 0
    text = hash_[1:] if hash_.startswith("#") else hash_
    for part in text.split("&") if text else []:
        if not part:
            continue
        raw_key, eq, raw_value = part.partition("=")
        try:
            key = decode_uri_component(raw_key.replace("+", " "))
            value = decode_uri_component(raw_value.replace("+", " "))
        except Garbled:
            problems += 1
            continue
        if key not in LINK_KEYS or key in params or not eq or value == "" or form_problem(key, value):
            problems += 1
            if key in LINK_KEYS and key not in params and eq and value != "":
                refused.add(key)
        else:
            params[key] = value
    # What goes with a game, or what a replay replaces (link-state.js read): named.
    if "replay" in params:
        problems += any(key in params for key in REPLAY_REPLACES)
    elif "moves" in refused:
        dropped = [key for key in (*GAME_KEYS, "step") if key in params and (key != "view" or params[key] == "analysis")]
        for key in dropped:
            del params[key]
        problems += bool(dropped)
    elif "moves" not in params and params.get("view") != "analysis":
        problems += any(key in params for key in GAME_KEYS if key != "view")
    for key in ("hcode", "scode"):
        problems += key in params and unreadable_code(params[key])
    for key, names in (("algorithm", ALGORITHMS), ("heuristic", HEURISTICS), ("metric", METRICS)):
        # A link with a heuristic's code may choose it: "custom" (shown, run once allowed).
        if key in params and params[key] not in names and not (key == "heuristic" and params[key] == "custom" and "hcode" in params):
            problems += 1
    for key, (low, high) in OPTION_RANGES.items():  # link-state.js checks them against the registry
        if key in params and not low <= float(params[key]) <= high:
            problems += 1
    return params, problems


def analyze(board: str, goal: str, size: str | None) -> dict[str, Any]:
    """Python's answer to the page's analysis of a board (web/board/board-editor.js runAnalyze)."""
    request = {"op": "analyze", "board": board, "goal": goal}
    if size:
        request["size"] = size
    return json.loads(handle(json.dumps(request)))


@dataclass
class Expected:
    """What the page should show once it has read a fragment or a typed board."""

    board: str | None  # the board drawn (data-board), for a valid board; else None
    problem: str | None  # Python's message, shown under the editor, for a refused one
    notice: bool | None  # whether the link notice shows (None: either; a solve may add one)
    solving: bool  # the link asks for a step, the comparison or the tree: the page is busy with the board


@dataclass
class Model:
    """What the page holds between links (web/board/board-editor.js, goal-choice.js, web/link/link-state.js)."""

    text: str = DEFAULT_BOARD  # a link without a board keeps the board text before it
    goal: str = DEFAULT_GOAL
    pending_step: bool = False  # a link's step waits for a solvable board to be shown
    pending_view: str | None = None  # a link's view (compare, tree), for the next board shown
    pending_game: bool = False  # a link's game (moves, or view=analysis), analysed on the next board shown

    def link(self, hash_: str) -> Expected:
        params, problems = read_fragment(hash_)
        if params.get("board"):
            self.text = params["board"]
        self.goal = params.get("goal") or DEFAULT_GOAL
        self.pending_step = "step" in params
        self.pending_view = params.get("view") if params.get("view") in VIEWS else None
        self.pending_game = "moves" in params or self.pending_view == "analysis"
        reply = analyze(self.text, self.goal, params.get("size"))
        if reply["ok"]:  # a name the registry has that this board is not offered (SolverChoice.unmet): named
            applicable = reply["applicable"]
            for key, names in (("algorithm", ALGORITHMS), ("heuristic", HEURISTICS)):
                problems += params.get(key) in names and params[key] not in applicable[f"{key}s"]
            problems += params.get("metric", "stm") != "stm" and params["metric"] in METRICS and params["metric"] not in applicable["metrics"]
        return self.show(reply, notice=problems > 0)

    def typed(self, text: str) -> Expected:
        self.text = text
        return self.show(analyze(text, self.goal, None), notice=None)

    def show(self, reply: dict[str, Any], notice: bool | None) -> Expected:
        if not reply["ok"]:
            message = reply["error"]["message"]
            return Expected(None, message.removeprefix("goal: "), notice, False)
        solvable = reply["solvability"]["solvable"]
        viewing, self.pending_view = (self.pending_view if solvable else None), None  # a view is for one board
        # A link's game is analysed on its board (web/analysis/), which takes the step as its position.
        analysing = self.pending_game and viewing in (None, "analysis") and solvable
        self.pending_game = False
        solving = not viewing and not analysing and self.pending_step and solvable
        if solving or analysing or viewing in ("tree", "diagram"):  # the tree's search takes the step as its own
            self.pending_step = False
        # Every shortest solution is searched for on boards of up to 16 cells; a larger one is
        # refused by Python at once (the speed panel says so), and the page is not busy.
        counting = viewing == "optimal" and reply["rows"] * reply["cols"] <= 16
        busy = (bool(viewing) and viewing != "optimal") or counting or solving or analysing
        return Expected(reply["board"], None, None if busy else notice, busy)


# -- the fragments ---------------------------------------------------------------------------

MARKUP = [
    "<img src=x onerror=alert(1)>", "<script>alert(1)</script>", '"><svg onload=alert(1)>',
    "'><iframe src=javascript:alert(1)>", '<a href="javascript:alert(1)">x</a>',
    "</textarea><img src=x onerror=alert(1)>", "<b>bold</b>", "&lt;img&gt;&amp;", "{{7*7}}", "${alert(1)}",
    "<style>*{display:none}</style>", '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    "<math><mtext><img src=x onerror=alert(1)>", "<!--", "]]>", "<object data=javascript:alert(1)>",
]
SCHEMES = [
    "javascript:alert(1)", "JaVaScRiPt:alert(document.domain)", "javascript://%0aalert(1)", " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "https://evil.example/x.js",
    "//evil.example/", "http://127.0.0.2:1/", "file:///etc/passwd", "blob:https://evil.example/x",
]
UNICODE = [
    "\u202e1,2,3,0", "1,2,3,\u200f0", "\U0001f9e9", "\U0001f9e9" * 40, "1\u0301,2,3,0", "\uff11,\uff12,\uff13,0",
    "\u0661,\u0662,\u0663,\u0660", "\ufeff1,2,3,0", "\u00a01 2 3 0", "\ufb01", "\U0001d7d9,\U0001d7da,0,\U0001d7db",
    "1,2,3,0\u0000", "\u0000", "\u2028\u2029", "e\u0301\u0301\u0301\u0301\u0301\u0301", "\u0130\u0131", "\uffff\ufffe",
    "\u200b1,2,3,0", "\u00bd,1,2,0", "\u2460,\u2461,\u2462,0",
]
NUMBERS = [
    "1e308,1,2,0", "99999999999999999999,1,2,0", "9" * 5000, "-1,1,2,0", "1.5,2,3,0", "0x1,2,3,0", "Infinity,NaN,1,0",
    "0,0,0,0", "1,1,1,1", "4294967296,1,2,0", "-0,1,2,3", "256," + ",".join(map(str, range(255))),
    ",".join(map(str, range(17 * 17))), ",".join(map(str, range(10_000))), "1,2,3", "1", "0", ",,,,", "1,,2,3,0",
]
MISC = [
    " ", "null", "undefined", "[object Object]", "true", "%s%n%x", "../../../etc/passwd", "\\", "'", '"', "`",
    "\r\n", "\t", "=", "&", "#", "?", "__proto__", "constructor", "toString", "blank-last ", "BLANK-LAST",
    "custom", "blank-middle", "-1", "NaN", "Infinity", "1e3", "0x10",
]
HOSTILE = MARKUP + SCHEMES + UNICODE + NUMBERS + MISC
# Put into a fragment as they are: escapes a browser keeps and decodeURIComponent refuses or reads.
RAW_BITS = [
    "%00", "%ED%A0%80", "%ED%BF%BF", "%C0%AF", "%E0%80%80", "%E0%A4%A", "%", "%%", "%zz", "%F4%90%80%80", "%FF",
    "%2", "%E2%80%AE", "%F0%9F%A7%A9", "%0A", "%0D%0A", "%26", "%3D", "%23", "+", "#", "%C3", "%80", "%u0041",
    "%EF%BB%BF", "%F8%88%80%80%80", "%25", "%2C",
]
SHAPES = ["2x2", "2x3", "3x2", "3x3", "3x3", "3x3", "2x5", "4x4", "3x5", "5x5", "4x6", "8x8", "16x16"]
SIZES = ["0x0", "99x99", "16x17", "1x1", "2x2", "3x3", "4X4", "3x5", "5x3", "16", "16x16", "00x04", "3x", "x3",
         "-3x3", "3x3x3", "1e1", "Infinity", "3\u00d73", "\uff13x3", "3 x 3"]
STEPS = ["-1", "0", "1", "5", "31", "999999", "1000000", "1e3", "12.5", " 3", "0x1f", "NaN", "\u0663", "+1", "9" * 40]
WEIGHTS = ["0", "0.5", "1", "1.5", "2.50", "1000", "1001", "99999999999999999999", "1" * 400, "1e308", "-2", "NaN",
           "Infinity", "1.", ".5", "1,5", "\uff12"]
NAMES = ["quantum", "ASTAR", "a*", "A*", "constructor", "__proto__", "toString", "hasOwnProperty", "idastar ",
         " pdb", "walking distance", "linear_conflict"]
UNKNOWN_KEYS = ["evil", "__proto__", "constructor", "toString", "Board", "board ", " board", "step[]", "",
                "javascript:alert(1)", "<img src=x onerror=alert(1)>", "\u202eboard", "bo\u0430rd", "x" * 200]


def random_board(rng: random.Random, shape: str, *, goal: str = "blank-last") -> list[int]:
    """A board of `shape` from the web API's own random boards (solvable or not)."""
    request = {"op": "random", "size": shape, "seed": rng.randrange(10**9), "goal": goal,
               "unsolvable": rng.random() < 0.2}
    return list(json.loads(handle(json.dumps(request)))["tiles"])


def written(rng: random.Random, tiles: list[int], cols: int) -> str:
    """`tiles` in one of the board formats the page reads."""
    style = rng.randrange(6)
    cells = [str(t) for t in tiles]
    if style == 1:
        cells = [rng.choice(["_", "."]) if t == 0 else str(t) for t in tiles]
    rows = [" ".join(cells[i:i + cols]) for i in range(0, len(cells), cols)]
    if style == 2:
        return " / ".join(rows)
    if style == 3:
        return "\n".join(rows)
    if style == 4:
        return " ".join(cells)
    if style == 5 and len(tiles) == 9:
        return "".join(cells)
    return ",".join(cells)


# Code as a link carries it: deflate-raw, base64url (web/custom/code-link.js).
CODES = [base64.urlsafe_b64encode(zlib.compress(text.encode(), wbits=-15)).decode().rstrip("=") for text in (
    "def h(tiles, goal, rows, cols):\n    return 0\n",
    "def search(problem):\n    while True:\n        pass\n",
    "<script>alert(1)</script>",
)]


def value_for(rng: random.Random, key: str) -> tuple[str, str | None]:
    """A value for `key` and, for a valid board, its shape (a rectangle may need `size`)."""
    if rng.random() < 0.3:
        return rng.choice(HOSTILE), None
    if key == "board":
        shape = rng.choice(SHAPES)
        cols = int(shape.split("x")[1])
        return written(rng, random_board(rng, shape), cols), shape
    if key == "goal":
        pick = rng.random()
        if pick < 0.5:
            return rng.choice(GOALS), None
        shape = rng.choice(SHAPES[:8])
        return ",".join(map(str, random_board(rng, shape, goal="blank-first"))), None
    if key == "size":
        return rng.choice(SIZES), None
    if key in ("algorithm", "heuristic"):
        return rng.choice((ALGORITHMS if key == "algorithm" else HEURISTICS) + NAMES), None
    if key == "weight":
        return rng.choice(WEIGHTS), None
    if key == "step":
        return rng.choice(STEPS), None
    if key == "view":
        return rng.choice(VIEWS + ["Tree", "Compare", "compare ", "trees", ""]), None
    if key == "metric":
        return rng.choice(METRICS + ["MTM", "xtm", "mtm ", ""]), None
    if key in ("hcode", "scode"):  # base64url that inflates to code, or to nothing
        return rng.choice(CODES + ["AAAA", "q1ZK", "x" * 61_000]), None
    return rng.choice(HOSTILE + ["1", ""]), None


def encoded(rng: random.Random, value: str) -> str:
    """`value` as it goes into the fragment: percent-encoded as a link would be (commas
    readable), left raw for the browser to encode what it must, or with a raw escape put in."""
    mode = rng.random()
    if mode < 0.65:
        return quote(value, safe=",")
    if mode < 0.8:
        return value
    cut = rng.randrange(len(value) + 1)
    return quote(value[:cut], safe=",") + rng.choice(RAW_BITS) + quote(value[cut:], safe=",")


def random_fragment(rng: random.Random) -> str:
    """A fragment of one to six parts: mostly link keys (a board in most), some repeated,
    unknown or empty, and now and then a part with no `=`, a lone `=` or a raw escape."""
    keys = ["board"] if rng.random() < 0.8 else []
    keys += rng.choices(LINK_KEYS + ["unknown"], k=rng.randrange(0, 5))
    if rng.random() < 0.15 and keys:
        keys.insert(rng.randrange(len(keys) + 1), rng.choice(keys))  # a repeated key
    rng.shuffle(keys)
    parts = []
    shape = None
    for key in keys:
        value, board_shape = value_for(rng, key)
        if key == "board" and board_shape:
            shape = board_shape
        name = rng.choice(UNKNOWN_KEYS) if key == "unknown" else key
        form = rng.random()
        if form < 0.04:
            parts.append(quote(name, safe=""))  # no "="
        elif form < 0.08:
            parts.append(f"{quote(name, safe='')}=")  # an empty value
        else:
            parts.append(f"{quote(name, safe='')}={encoded(rng, value)}")
    if shape and rng.random() < 0.5 and "size" not in keys:
        parts.append(f"size={shape}")  # a rectangle written on one line needs its size
    if rng.random() < 0.08:
        parts.insert(rng.randrange(len(parts) + 1), rng.choice(["", "=", "=x", "&", rng.choice(RAW_BITS)]))
    return "#" + "&".join(parts)


HARD = "8,6,7,2,5,4,3,0,1"
# Tried first, in this order.
FIXED = [
    "#", "##", "#&&&", "#=", "#board", "#board=", "#board=&board=&board=", "#bo%61rd=1,2,3,0",
    "#board=1,2,3,0#goal=blank-first", "#%", "#%%", "#board=%", "#board=1%2C2%2C3%2C0", "#board=1+2+3+0",
    "#javascript:alert(1)", "#board=javascript:alert(1)", "#board=javascript%3Aalert(1)%2F%2F",
    f"#board={HARD}&goal=blank-first&size=3x3&step=3", f"#board={HARD}&step=999999",
    "#board=" + quote('"><svg onload=alert(1)>', safe="") + "&goal=" + quote("<script>alert(1)</script>", safe=""),
    f"#board={HARD}&algorithm=wastar&weight=" + "1" * 400,
    f"#board={HARD}&algorithm=wastar&weight=99999999999999999999",
    f"#board={HARD}&algorithm=wastar&weight=1000.5",
    "#board=%ED%A0%80&goal=%E0%A4%A&size=99x99", "#board=%E2%80%AE1,2,3,0%00&goal=%F0%9F%A7%A9",
    "#__proto__=1&constructor=x&toString=y&step=-1&weight=NaN&hasOwnProperty=1",
    "#board=1,2,3,4,5,6,7,8,0&goal=8,7,6,5,4,3,2,1,0&step=999999",
    "#board=" + ",".join(map(str, range(1, 256))) + ",0&size=16x16",
    "#board=" + ",".join(map(str, range(1, 256))) + ",0&size=16x17",
    "#board=1,2,3,0&size=0x0", "#board=1,2,3,0&goal=0,1,2,3,4,5,6,7,8",
    "#board=" + "x" * 100_000,
    "#board=" + ",".join(map(str, range(10_000))),
    "#" + "&".join(f"k{i}=v" for i in range(8000)),
    "#" + "&".join(["board=1,2,3,0"] * 5000),
    "#goal=" + "1," * 50_000,
    "#board=" + quote("\U0001f9e9" * 10_000, safe=""),
    "#board=" + "%E0%A4%A" * 10_000,
]
# Indexes into FIXED of the ones also tried as fresh loads (the first opens the page): markup in
# the board and goal, a weight too big for a number, broken UTF-8 and a 99x99 size, keys named
# like Object's properties, a board to solve up to a step past its end, 100 kB of a bad board.
FRESH = [19, 20, 23, 25, 26, 31]


def fragments() -> list[str]:
    rng = random.Random(SEED)
    result = list(FIXED)
    while len(result) < HASH_FRAGMENTS:
        result.append(random_fragment(rng))
    return result


# -- watching the page -------------------------------------------------------------------------

# Installed before the page's own scripts: records every value the board's data-board takes
# (also several set in one task) and counts the changes to the message under the editor, so
# that a check never reads the state a previous fragment left.
WATCH = """
window.__fuzz = { boards: [], messages: 0 };
document.addEventListener("DOMContentLoaded", () => {
  const board = document.getElementById("board");
  const message = document.getElementById("board-message");
  if (!board || !message) return; // not the puzzle's page (about:blank)
  new MutationObserver((records) => {
    for (let i = 1; i < records.length; i++) window.__fuzz.boards.push(records[i].oldValue);
    window.__fuzz.boards.push(board.dataset.board);
  }).observe(board, { attributes: true, attributeFilter: ["data-board"], attributeOldValue: true });
  new MutationObserver(() => { window.__fuzz.messages += 1; })
    .observe(message, { childList: true, characterData: true, subtree: true, attributes: true });
});
"""
INJECTED = ("img, iframe, object, embed, script:not([src]), [onerror], [onload], [onclick], [onmouseover], "
            "a[href^='javascript' i], meta[http-equiv='refresh' i], base, body style")
STATE = """([boardsSince, injected]) => {
  const el = (id) => document.getElementById(id);
  const shown = (e) => (e.hidden ? null : e.textContent);
  return {
    boards: window.__fuzz.boards.slice(boardsSince),
    boardCount: window.__fuzz.boards.length,
    messages: window.__fuzz.messages,
    message: shown(el("board-message")),
    notice: shown(el("link-notice")) !== null && el("link-notice").textContent !== "",
    solveDisabled: el("solve").disabled,
    injected: document.querySelectorAll(injected).length + (window.__pwned === undefined ? 0 : 1),
  };
}"""
SET_HASH = "(h) => { const before = location.hash; location.hash = h; return [before, location.hash]; }"


@dataclass
class Watch:
    """The page and what it did since a point: board values drawn, message changes."""

    app: Any
    boards: int = 0
    messages: int = 0
    trouble: list[str] = field(default_factory=list)  # console errors, page errors, dialogs

    def state(self) -> dict[str, Any]:
        return dict(self.app.evaluate(STATE, [self.boards, INJECTED]))

    def mark(self) -> None:
        state = self.state()
        self.boards, self.messages = state["boardCount"], state["messages"]

    def settle(self, expected: Expected, what: str, *, solve_enabled: bool = False) -> dict[str, Any]:
        """Wait until the page shows `expected` (drawn since the mark, or its message
        rewritten since the mark); fail with the fragment and what the page shows."""
        deadline = time.monotonic() + SETTLE_S
        while True:
            state = self.state()
            assert state["injected"] == 0, f"{what}: an element from the link's markup is on the page"
            assert not self.trouble, f"{what}: {self.trouble}"
            if met(expected, state, self.messages, solve_enabled):
                return state
            if time.monotonic() > deadline:
                shown = {k: (v[-3:] if k == "boards" else v) for k, v in state.items()}
                raise AssertionError(f"{what[:300]}: expected {expected}, the page shows {shown}"[:3000])
            self.app.wait_for_timeout(25)


def met(expected: Expected, state: dict[str, Any], messages: int, solve_enabled: bool) -> bool:
    if expected.notice is not None and state["notice"] != expected.notice:
        return False
    if expected.board is not None:
        drawn = expected.board in state["boards"] and state["message"] is None
        return drawn and (not solve_enabled or not state["solveDisabled"])
    message = state["message"]
    return (state["messages"] > messages and message is not None and expected.problem in message
            and state["solveDisabled"])


def link_written_reads_back(app: Any, expected: Expected, what: str) -> None:
    """The link the page writes for a board it drew opens that board, and the page reads it
    without a notice (a value it took from a link must not come back as one it refuses)."""
    hash_ = str(app.evaluate("() => location.hash"))
    params, problems = read_fragment(hash_)
    assert problems == 0 and params.get("board") == expected.board, (
        f"{what[:300]}: the page wrote {hash_[:500]}, a link it would not read cleanly ({problems} problems)")


TYPED = ["1 2 3\n4 5 6\n7 0 8", "2 1\n3 0", "1 2 3 / 4 5 6 / 0 7 8", "3 1 2\n4 5 6\n7 8 0",
         "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15", "1 2 3\n4 5 0"]


def editor_works(app: Any, watch: Watch, model: Model, turn: int, what: str) -> None:
    """Type a valid board into the Tiles editor: it is drawn. The board typed is one that
    suits the goal the link left; when none does (a broken goal), the goal menu is first
    set to the default."""
    candidates = TYPED[turn % len(TYPED):] + TYPED[:turn % len(TYPED)]
    valid = [t for t in candidates if analyze(t, model.goal, None)["ok"]]
    if not valid:
        app.get_by_label("Goal", exact=True).select_option(DEFAULT_GOAL)
        model.goal = DEFAULT_GOAL
        valid = candidates
    text = valid[0]
    watch.mark()
    expected = model.typed(text)
    assert expected.board, expected
    editor(app).fill(text)
    watch.settle(expected, f"typing {text!r} after {what}", solve_enabled=not expected.solving)


# -- the test ------------------------------------------------------------------------------------


def test_the_page_survives_hostile_fragments_and_the_editor_still_works(app: Any, site_url: str) -> None:
    """306 fragments (300 by location.hash, 6 fresh loads): the page answers, shows the board
    or Python's message and a link notice exactly when the link has a problem, builds no
    element from the link, fires no dialog, requests nothing off the site, and the
    editor draws a typed board after every tenth fragment and after each fresh load."""
    watch = Watch(app)
    app.on("console", lambda m: watch.trouble.append(f"console {m.text}"[:300]) if m.type == "error" else None)
    app.on("pageerror", lambda e: watch.trouble.append(f"page error {e}"[:300]))
    app.on("dialog", lambda d: watch.trouble.append(f"dialog {d.message}"[:300]))
    app.add_init_script(WATCH)
    all_fragments = fragments()
    loads = [FIXED[j] for j in FRESH]
    fresh_at = {round(i * HASH_FRAGMENTS / len(loads)): load for i, load in enumerate(loads)}
    tried = 0
    started = time.monotonic()
    model = Model()
    for index, fragment in enumerate(all_fragments):
        if index in fresh_at:
            load = fresh_at[index]
            what = f"fresh load of {load[:200]!r}"
            app.goto("about:blank")  # else a new fragment on the same page is not a new load
            open_link(app, site_url, load, valid_board=False)
            tried += 1
            model = Model()
            watch.boards = watch.messages = 0
            expected = model.link(str(app.evaluate("(u) => new URL(u).hash", site_url + load)))
            watch.settle(expected, what)
            if expected.board:
                link_written_reads_back(app, expected, what)
            editor_works(app, watch, model, index, what)
        what = f"fragment {index} {fragment[:200]!r}"
        watch.mark()
        before, after = app.evaluate(SET_HASH, fragment)
        tried += 1
        if before == after:  # the address already was this: no hashchange, nothing to read
            assert app.evaluate("() => 1 + 1") == 2
            continue
        expected = model.link(after)
        watch.settle(expected, what)
        if expected.board:
            link_written_reads_back(app, expected, what)
        if index % EDITOR_EVERY == EDITOR_EVERY - 1 or index == len(all_fragments) - 1:
            editor_works(app, watch, model, index, what)
    print(f"\n{tried} fragments tried ({HASH_FRAGMENTS} by location.hash, {len(loads)} fresh loads) "
          f"in {time.monotonic() - started:.1f} s")
    assert tried == HASH_FRAGMENTS + len(loads) == 306
