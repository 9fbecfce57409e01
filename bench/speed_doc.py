"""Write docs/speed.md from the saved benchmark results in bench/results/.

The prose lives here; every figure is read from a results file (JSON, or the Markdown the
same benchmark wrote beside it), and each section names its files and the command that
made them (as the results file records it). Standard library only.

    python bench/speed_doc.py            # regenerate docs/speed.md
    python bench/speed_doc.py --check    # exit 1 if docs/speed.md differs from what the results give
    python bench/speed_doc.py --results DIR --out FILE
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
RESULTS = BENCH / "results"
OUT = ROOT / "docs" / "speed.md"
COMMAND = "python bench/speed_doc.py"


class Results:
    """The results folder: JSON and Markdown files by stem, read once each."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._json: dict[str, Any] = {}
        self._md: dict[str, str] = {}

    def json(self, stem: str) -> Any:
        """The parsed ``STEM.json``."""
        if stem not in self._json:
            self._json[stem] = json.loads(self._path(f"{stem}.json").read_text())
        return self._json[stem]

    def md(self, stem: str) -> str:
        """The text of ``STEM.md``."""
        if stem not in self._md:
            self._md[stem] = self._path(f"{stem}.md").read_text()
        return self._md[stem]

    def _path(self, name: str) -> Path:
        path = self.folder / name
        if not path.is_file():
            raise SystemExit(f"speed_doc: {path} is missing: run the benchmark that writes it "
                             f"(bench/README.md) or restore it")
        return path

    def md_match(self, stem: str, pattern: str) -> re.Match[str]:
        """The first match of ``pattern`` in ``STEM.md``; a clear error when there is none."""
        found = re.search(pattern, self.md(stem))
        if found is None:
            raise SystemExit(f"speed_doc: bench/results/{stem}.md has no line matching {pattern!r}")
        return found

    def command(self, stem: str) -> str:
        """The command line that wrote ``STEM``, as its Markdown records it."""
        return self.md_match(stem, r"[Cc]ommand: `([^`]+)`").group(1)

    def when(self, stem: str) -> str:
        """When the results were taken and the load average, from the Markdown header."""
        text = self.md(stem)
        date = re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d(?::\d\d)? UTC", text)
        load = re.search(r"load average[^0-9]*([\d.]+ [\d.]+ [\d.]+)", text)
        cpus = re.search(r"\((\d+) CPUs", text)
        parts = [date.group(0) if date else "date not recorded"]
        if cpus:
            parts.append(f"{cpus.group(1)} CPUs")
        if load:
            parts.append(f"load average {load.group(1)}")
        return ", ".join(parts)

    def source(self, *stems: str) -> str:
        """One line naming each results file, the command that made it and when."""
        items = []
        for stem in stems:
            files = [f"[`{stem}.json`](../bench/results/{stem}.json)"] if (self.folder / f"{stem}.json").is_file() else []
            files.append(f"[`.md`](../bench/results/{stem}.md)" if files else f"[`{stem}.md`](../bench/results/{stem}.md)")
            items.append(f"{' / '.join(files)} from `{self.command(stem)}` ({self.when(stem)})")
        return "*Source:* " + "; ".join(items) + "."


# -- formatting ---------------------------------------------------------------------------

def n(value: float) -> str:
    """An integer with thousands separators: 139,267."""
    return f"{round(value):,}"


def f(value: float, digits: int = 2) -> str:
    """A fixed-point number: 0.13."""
    return f"{value:,.{digits}f}"


def span(values: Iterable[float], fmt: Callable[[float], str] = n) -> str:
    """``low-high`` of the values, or one value when they agree."""
    items = list(values)
    low, high = fmt(min(items)), fmt(max(items))
    return low if low == high else f"{low}-{high}"


def mib(size: float) -> str:
    """Bytes as whole MiB."""
    return n(size / 2**20)


def mb(size: float, digits: int = 1) -> str:
    """Bytes as MB (10^6)."""
    return f(size / 1e6, digits)


def median(values: Iterable[float]) -> float:
    """The median of the values."""
    return float(statistics.median(list(values)))


def mean(values: Iterable[float]) -> float:
    """The mean of the values."""
    return float(statistics.mean(list(values)))


def met(ok: bool) -> str:
    """The verdict against an aim."""
    return "**met**" if ok else "**missed**"


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


# -- sections -----------------------------------------------------------------------------

def head(r: Results) -> list[str]:
    return [
        "# Speed",
        "",
        "<!-- Generated by `python bench/speed_doc.py` from bench/results/: do not edit by hand. -->",
        "",
        f"Generated by `{COMMAND}` from the saved results in `bench/results/`; every figure here",
        "is read from one of those files, and each section names its files and the command (a",
        "script in `bench/`, see [bench/README.md](../bench/README.md)) that wrote them. To change",
        f"the prose, edit `bench/speed_doc.py`; after a benchmark run, run `{COMMAND}` again",
        f"(`{COMMAND} --check` fails when this page and the results disagree; the tests run it).",
        "Back to the [README](../README.md).",
        "",
        "Times are wall clock on the machine each file names, with its load average: a run on a",
        "busy machine is slower, so compare figures from the same file.",
        "",
    ]


def korf24_lines(r: Results) -> list[str]:
    c10 = r.json("anytime-korf24-cpython")["rows"]
    c60 = r.json("anytime-korf24-cpython-60s")["rows"]
    br = r.json("anytime-korf24-browser")["rows"]
    aims = r.md_match("anytime-korf24-cpython",
                      r"targets \(issue 9\): first solution within ([\d.]+) s; after 10 s mean <= "
                      r"([\d.]+) x optimal \(<= ([\d.]+) moves\), none over ([\d.]+) x")
    aim_first, aim_mean, aim_moves, aim_max = (float(aims.group(i)) for i in range(1, 5))

    def ratio(rows: list[dict[str, Any]], key: str) -> list[float]:
        return [row[key] / row["optimal"] for row in rows]

    optimal_mean = mean(row["optimal"] for row in c10)
    first_max = max(row["first_seconds"] for row in c10)
    r10 = ratio(c10, "length_10s")
    over10 = sum(x > aim_max for x in r10)
    mean10 = mean(row["length_10s"] for row in c10)
    r60 = ratio(c60, "length_60s")
    at_opt = [f"#{row['id']}" for row in c60 if row["length_60s"] == row["optimal"]]
    bound10 = ratio(c10, "lower_bound")
    b_first = [row["first_ms"] for row in br]
    b10 = ratio(br, "length_10s")
    b_over = [row for row in br if row["length_10s"] / row["optimal"] > aim_max]
    b_over_text = ", ".join(f"{row['name']}, {row['length_10s']} moves for {row['optimal']}" for row in b_over)
    first_gap = br[0]["max_gap_ms"]
    rest_gap = max(row["max_gap_ms"] for row in br[1:])
    b_main = r.json("anytime-korf24-browser")["main_thread"]
    vs = r.json("vs-slidingpuzzle-korf24")
    vs_runs = vs["runs"]
    ours_ok = [run for run in vs_runs if run["ours"]["length"] is not None]
    theirs_ok = [run for run in vs_runs if run["theirs"]["length"] is not None]
    both = [run for run in vs_runs if run["ours"]["length"] is not None and run["theirs"]["length"] is not None]

    def vs_ratio(runs: list[dict[str, Any]], side: str) -> list[float]:
        return [run[side]["length"] / run["optimal"] for run in runs]

    their_stops = sum(run["theirs"]["stopped"] == "time-limit" for run in vs_runs)
    profiles = []
    for runtime in ("cpython", "pyodide"):
        prof = r.json(f"beam-profile-{runtime}")
        schemes = prof["schemes"]
        sums = [median(sum(run.values()) for run in schemes[name]["runs"]) for name in ("bytes", "zobrist")]
        now = schemes["zobrist"]["us_per_child"]
        top = max(now, key=now.__getitem__)
        profiles.append(("CPython" if runtime == "cpython" else "Pyodide", sums, prof["width"],
                         len(schemes["zobrist"]["runs"]), top, now[top]))
    rows = [
        [f"Korf & Felner's {len(c10)} 24-puzzles, CPython: first solution",
         f"max {f(first_max, 3)} s (median {f(median(row['first_seconds'] for row in c10), 3)} s), "
         f"mean {f(mean(ratio(c10, 'first_length')))} x optimal",
         f"within {f(aim_first, 0)} s: {met(first_max <= aim_first)}"],
        ["the same, length at 1 s",
         f"mean {f(mean(row['length_1s'] for row in c10))} ({f(mean(ratio(c10, 'length_1s')), 3)} x optimal), "
         f"max {f(max(ratio(c10, 'length_1s')), 3)} x", ""],
        ["the same, length at 10 s",
         f"**mean {f(mean10)} ({f(mean(r10), 3)} x optimal; optimal mean {f(optimal_mean)}), "
         f"max {f(max(r10), 3)} x; {over10} of {len(c10)} over {f(aim_max)} x, "
         f"{sum(x > 1.10 for x in r10)} over 1.10 x**",
         f"issue 9: mean <= {f(aim_moves, 1)} ({f(aim_mean)} x), none over {f(aim_max)} x: "
         f"{met(mean(r10) <= aim_mean and over10 == 0)}; issue 31: mean <= 1.03 x: {met(mean(r10) <= 1.03)}, "
         f"none over 1.10 x: {met(max(r10) <= 1.10)}"],
        ["the same, lower bound at 10 s",
         f"mean {f(mean(bound10), 3)} of the optimum (5x5 pattern databases and IDA*), "
         f"{'never above it' if max(bound10) <= 1 else '**above it on some boards**'}", "at most the optimum"],
        ["the same with a 60 s limit",
         f"**at 60 s mean {f(mean(row['length_60s'] for row in c60))} ({f(mean(r60), 3)} x optimal), "
         f"max {f(max(r60), 3)} x**; {len(at_opt)} of {len(c60)} at the published optimum ({', '.join(at_opt)}); "
         f"lower bound {f(mean(ratio(c60, 'bound_60s')), 3)} of the optimum (the schedule plans its widest "
         f"beam for the whole minute, so this run's 10 s figure, {f(mean(ratio(c60, 'length_10s')), 3)} x, "
         f"is not the 10 s limit's)", ""],
        [f"the {len(br)} through the site's worker in Chromium",
         f"first solution in the page within {n(max(b_first))} ms (median {n(median(b_first))} ms); "
         f"at 1 s {f(mean(ratio(br, 'length_1s')), 3)} x; **at 10 s mean {f(mean(row['length_10s'] for row in br))} "
         f"({f(mean(b10), 3)} x), max {f(max(b10), 3)} x; {len(b_over)} over {f(aim_max)} x"
         f"{' (' + b_over_text + ')' if b_over else ''}**; longest silence from the worker {n(first_gap)} ms "
         f"on the first board ({n(rest_gap)} ms on the other {len(br) - 1}); "
         f"{b_main['longtasks']} long tasks on the page",
         f"issue 9: mean <= {f(aim_mean)} x: {met(mean(b10) <= aim_mean)}; none over {f(aim_max)} x: "
         f"{met(not b_over)}{'' if not b_over else f' ({len(b_over)} of {len(br)})'}; issue 31: mean <= 1.04 x: "
         f"{met(mean(b10) <= 1.04)}, none over 1.10 x: {met(max(b10) <= 1.10)}"
         f"{'' if max(b10) <= 1.10 else f' ({sum(x > 1.10 for x in b10)} of {len(br)})'}"],
        ["the beam's child loop (5x5 tables), microseconds per child, each part timed by cutting the loop "
         "after it: the loop before (a copy of each child's board as its key) and now (Zobrist int keys, "
         "boards for the kept children only)",
         "; ".join(
             f"{runtime}: {f(prof[0], 2)} -> **{f(prof[1], 2)}** ({f(prof[0] / prof[1])}x; width "
             f"{width}, {runs} runs a version); its largest part now: {top} ({f(top_us, 2)})"
             for runtime, prof, width, runs, top, top_us in profiles),
         "(issue 20) a profile in Pyodide, and a cheaper hot loop: done"],
        [f"side by side with slidingpuzzle {vs['slidingpuzzle']}'s weighted A* "
         f"(w = {f(vs['theirs']['weight'], 0)}, linear conflict), same {len(vs_runs)} boards, "
         f"{f(vs['time_limit'], 0)} s each, one run",
         f"ours {len(ours_ok)}/{len(vs_runs)} solved, mean {f(mean(vs_ratio(ours_ok, 'ours')), 3)} x, "
         f"max {f(max(vs_ratio(ours_ok, 'ours')), 3)} x; theirs {len(theirs_ok)}/{len(vs_runs)} "
         f"({their_stops} stopped by the time limit), mean {f(mean(vs_ratio(theirs_ok, 'theirs')), 3)} x, "
         f"max {f(max(vs_ratio(theirs_ok, 'theirs')), 3)} x; on the {len(both)} both solved: ours "
         f"{f(mean(vs_ratio(both, 'ours')), 3)} x, theirs {f(mean(vs_ratio(both, 'theirs')), 3)} x", ""],
    ]
    return [
        "## Every board, anytime",
        "",
        "The default solver (anytime: a first solution at once, better ones while it runs, and a",
        f"proven lower bound) on Korf & Felner's {len(c10)} 24-puzzles, whose optimal lengths are published.",
        "The aims are issue 9's, as `bench/anytime.py` writes them into its results, and issue 31's (at 10 s:",
        "at most 1.03 x optimal on average in CPython, 1.04 through the site's worker, none over 1.10 x).",
        "",
        *table(["what", "measured", "aim"], rows),
        "",
        r.source("anytime-korf24-cpython", "anytime-korf24-cpython-60s", "anytime-korf24-browser",
                 "vs-slidingpuzzle-korf24", "beam-profile-cpython", "beam-profile-pyodide"),
        "",
    ]


def big_lines(r: Results) -> list[str]:
    data = r.json("anytime-big-cpython")
    rows = data["rows"]
    sizes = list(dict.fromkeys(row["size"] for row in rows))

    def of(size: str) -> list[dict[str, Any]]:
        return [row for row in rows if row["size"] == size]

    out = []
    for size in sizes:
        group = of(size)
        factors = [row["length"] / row["lower_bound"] for row in group]
        out.append([f"{size} ({len(group)} boards: both goals, seeds {span(row['seed'] for row in group)})",
                    span((row["first_seconds"] for row in group), lambda x: f(x, 2)),
                    f"{span(row['length'] for row in group)} (Parberry's expected "
                    f"{span(row['parberry_expected'] for row in group)})",
                    f"{span(factors, lambda x: f(x, 2))} (mean {f(mean(factors))})",
                    f(mean(row["length"] / row["manhattan"] for row in group))])
    br = r.json("anytime-big-browser")
    b_rows = br["rows"]
    for row in b_rows:
        row.setdefault("size", row["name"].split()[0])
    b_first = [row["first_ms"] for row in b_rows]
    b_sizes = list(dict.fromkeys(row["name"].split()[0] for row in b_rows))
    close = []
    for row in b_rows:
        size, goal, _, seed = row["name"].split()
        twin = [c for c in rows if c["size"] == size and c["goal"] == goal and str(c["seed"]) == seed]
        if twin:
            close.append(abs(row["length_10s"] - twin[0]["length_10s"]) / twin[0]["length_10s"])
    squares = [s for s in sizes if s.split("x")[0] == s.split("x")[1]]
    growth = {s: mean(row["length"] / row["manhattan"] for row in of(s)) for s in squares}
    largest = max(squares, key=lambda s: int(s.split("x")[0]))
    side = int(largest.split("x")[0])
    cubes = mean(row["length"] for row in of(largest)) / side**3
    # Issue 20: per size, length / Manhattan (mean and max) at 1 s, 10 s and 60 s.
    long = r.json("anytime-big-cpython-60s")["rows"]

    def ratios(group: list[dict[str, Any]], key: str) -> str:
        values = [row[key] / row["manhattan"] for row in group if row.get(key)]
        return f"{f(mean(values))} / {f(max(values))}" if values and len(values) == len(group) else "-"

    per_size = []
    verdicts = []
    b_verdicts = []
    for size in sizes:
        group, longer = of(size), [row for row in long if row["size"] == size]
        in_page = [row for row in b_rows if row["size"] == size]
        at10 = [row["length_10s"] / row["manhattan"] for row in group]
        bounds = [row["length_10s"] / row["bound_10s"] for row in group]
        theirs = [row["theirs"] for row in group if row.get("theirs")]
        per_size.append([size, str(len(group)), ratios(group, "length_1s"), ratios(group, "length_10s"),
                         f"{ratios(longer, 'length_60s')} ({len(longer)} boards)" if longer else "-",
                         f"{ratios(in_page, 'length_10s')} ({len(in_page)} boards)" if in_page else "-",
                         f"{f(mean(bounds))} / {f(max(bounds))}",
                         f"{sum(1 for t in theirs if t['length'])} of {len(theirs)}" if theirs else "-"])
        verdicts.append(f"{size} {met(mean(at10) <= 2.0 and max(at10) <= 2.2)}")
        page10 = [row["length_10s"] / row["manhattan"] for row in in_page if row.get("length_10s")]
        if page10 and len(page10) == len(in_page):
            b_verdicts.append(f"{size} {met(mean(page10) <= 2.0 and max(page10) <= 2.2)}")
    return [
        f"**Random big boards, length / Manhattan distance** (mean / max over the boards of each size; "
        f"seeds {span(row['seed'] for row in rows)}, both goals; CPython, and a sample through the site's worker "
        "in Chromium):",
        "",
        *table(["size", "boards", "at 1 s", "at 10 s", "at 60 s", "through the site's worker at 10 s",
                "length / lower bound at 10 s", "slidingpuzzle's weighted A* answered (10 s)"], per_size),
        "",
        "Targets (issue 31, at 10 s: mean at most 2.0 x Manhattan on every size from 6x6 to 16x16, square or not, "
        "no board over 2.2), in CPython: " + ", ".join(verdicts) + "; through the site's worker (the sample): "
        + ", ".join(b_verdicts) + ".",
        "",
        r.source("anytime-big-cpython", "anytime-big-cpython-60s", "anytime-big-browser"),
        "",
        f"**Random big boards** ({f(data['time_limit'], 0)} s each, CPython; lower bound: the solver's own, "
        "so the factor is at most this far from the shortest):",
        "",
        *table(["size", "first solution (s)", f"length at {f(data['time_limit'], 0)} s", "x the lower bound",
                "x Manhattan (mean)"], out),
        "",
        f"Through the site's worker ({', '.join(b_sizes)}, both goals): first solution in the page within "
        f"{n(max(b_first))} ms (median {n(median(b_first))} ms), the worker never silent for more than "
        f"{n(max(row['max_gap_ms'] for row in b_rows))} ms, {br['main_thread']['longtasks']} long tasks on the "
        f"page; lengths at 10 s within {f(100 * max(close), 0)}% of CPython's on the same boards (equal on "
        f"{sum(x == 0 for x in close)} of {len(close)}).",
        "",
        f"Lengths grow from about {f(growth[squares[0]], 1)} x the Manhattan distance on {squares[0]} to "
        + ", ".join(f"{f(growth[s], 1)} x on {s}" for s in squares[1:-1])
        + f" and {f(growth[squares[-1]], 1)} x on {squares[-1]} (Manhattan grows as 2/3 n^3, so about {f(cubes, 1)} n^3 moves on {largest}, below Parberry's "
        "8/3 n^3).",
        "",
        r.source("anytime-big-cpython", "anytime-big-browser"),
        "",
    ]


def page_lines(r: Results) -> list[str]:
    fresh = r.json("page-fresh-link-browser")
    rows = fresh["rows"]

    def firsts(size: str, variant: str) -> list[float]:
        return [row["first_ms"] for row in rows if row["size"] == size and row["variant"] == variant]

    waited = sum(bool(row["waited_for_tables"]) for row in rows if row["variant"] == "at once")
    sizes = r.json("page-sizes-browser")
    s_rows = sizes["rows"]
    worst = max(s_rows, key=lambda row: row["first_ms"])
    stops = [row["stop_ms"] for row in s_rows if row["stop_ms"] is not None]
    longest_task = max(row["main_thread"]["longest_ms"] for row in s_rows)
    kinds = list(dict.fromkeys(row["size"] for row in s_rows))
    kept = sum(row["replay_problem"] is None and bool(row["play_enabled_after"]) for row in s_rows)
    return [
        "## The page as a person uses it",
        "",
        "Solve pressed the moment a fresh 4x4 or 5x5 link's page allows it (tables still downloading)",
        f"shows a playable solution in a median {n(median(firsts('4x4', 'at once')))} ms (4x4) and "
        f"{n(median(firsts('5x5', 'at once')))} ms (5x5), against "
        f"{n(fresh['targets_ms']['issue_baseline_first_4x4'])} ms before (issue 9's baseline); "
        f"{waited} of {sum(row['variant'] == 'at once' for row in rows)} such runs waited for the tables. "
        f"Once the page is idle: {n(median(firsts('4x4', 'idle')))} and {n(median(firsts('5x5', 'idle')))} ms.",
        f"On every size from {kinds[0]} to {max(kinds, key=lambda s: int(s.split('x')[0]) * int(s.split('x')[1]))} "
        f"and {', '.join(k for k in kinds if k.split('x')[0] != k.split('x')[1])}, both goals: first solution "
        f"within {f(worst['first_ms'] / 1000)} s ({worst['size']}; median {n(median(row['first_ms'] for row in s_rows))} ms), "
        f"the status changes at least every {n(max(row['status_max_gap_ms'] for row in s_rows))} ms, Stop answers "
        f"within {n(max(stops))} ms, {kept} of {len(s_rows)} keep a solution that plays, and the longest task on "
        f"the page's main thread is {n(longest_task)} ms.",
        "",
        r.source("page-fresh-link-browser", "page-sizes-browser"),
        "",
    ]


def first_seconds_lines(r: Results) -> list[str]:
    data = r.json("first-seconds")
    targets = data["targets"]

    def med(results: Any, mode: str, visit: str, key: str) -> float:
        return median(row[key] for row in results["rows"] if row["mode"] == mode and row["visit"] == visit)

    def solve(results: Any, mode: str, visit: str) -> str:
        return f(med(results, mode, visit, "solve") / 1000)

    def verdict(value: float, target: float) -> str:
        return f"aim {f(target / 1000, 1)} s: {met(value <= target).replace('*', '')}"

    un = [("first", "a first visit"), ("repeat", "the first repeat visit served by the service worker"),
          ("repeat 2", "the next")]
    parts = []
    for visit, words in un:
        value = med(data, "unthrottled", visit, "solve")
        parts.append(f"**{solve(data, 'unthrottled', visit)} s** on {words} "
                     f"({verdict(value, targets[str(('unthrottled', visit))])})")
    throttled = [row for row in data["rows"] if row["mode"] == "throttled"]
    phone = []
    for visit in ("repeat", "repeat 2"):
        value = med(data, "throttled", visit, "solve")
        phone.append(f"**{solve(data, 'throttled', visit)} s** on {'a repeat visit' if visit == 'repeat' else 'the next'} "
                     f"({verdict(value, targets[str(('throttled', visit))])})")
    gap = r.md_match("first-seconds", r"\| throttled, 5x5: longest gap between progress writes[^|]*\| ([\d,]+) ms")
    first = r.md_match("first-seconds", r"\| throttled, 5x5: Solve pressed to the first solution shown \| ([\d,]+) ms")
    stop = r.md_match("first-seconds", r"\| throttled, 5x5: Stop to the status saying it stopped \| ([\d,]+) ms")

    def ms(found: re.Match[str]) -> float:
        return float(found.group(1).replace(",", ""))

    none = r.json("first-seconds-stdlib-none")
    full = r.json("first-seconds-stdlib-all")
    stock = " / ".join(solve(none, "unthrottled", v) for v, _ in un)
    compiled = " / ".join(solve(full, "unthrottled", v) for v, _ in un)
    py_start = [median(row["worker"]["runtime"] - row["worker"]["script"] for row in data["rows"]
                       if row["mode"] == "unthrottled" and row["visit"] == v) for v, _ in un]
    visitors = max(row["visitor"] for row in data["rows"])
    return [
        "## The first seconds of a shared link",
        "",
        f"{visitors} visitors each way, each a new browser context; Solve enabled, median from the navigation's "
        "start, on a 4x4 link: " + ", ".join(parts) + "; with the page's CPU throttled 4x on a phone screen, "
        "a 5x5 link: " + " and ".join(phone) + f", the first solution {f(ms(first) / 1000)} s after Solve "
        f"({verdict(ms(first), targets['first_solution'])}), Stop {f(ms(stop) / 1000)} s "
        f"({verdict(ms(stop), targets['stop'])}), and the longest gap between progress messages "
        f"{f(ms(gap) / 1000)} s ({verdict(ms(gap), targets['progress_gap'])}; the worker is silent that long while the "
        "board's 5x5 tables are fetched and loaded: a single call that does not yield; the throttling slows the "
        "page only: Chromium refuses `Emulation.setCPUThrottlingRate` for a worker, so Python runs at this "
        f"machine's speed there). {len(throttled)} throttled visits in all.",
        "",
        "Precompiled Python (see \"Precompiled Python\" in [architecture.md](architecture.md)): with Pyodide's "
        f"stock standard library (`--stdlib-pyc none`) Solve was enabled after {stock} s (first / repeat / "
        f"repeat 2), with all of it precompiled (`--stdlib-pyc all`, the same session) after {compiled} s. What is "
        f"left is starting the interpreter itself (`loadPyodide`: {span((x / 1000 for x in py_start), lambda x: f(x, 1))} s "
        "of the medians above) and, on the first repeat visit, compiling Pyodide's WebAssembly again: Chromium "
        "keeps compiled code only beside the response it compiled, and the first visit's worker is not served "
        "by the service worker (it starts before it), so only from the second repeat visit is the compiled code "
        "read from the service worker's cache.",
        "",
        r.source("first-seconds", "first-seconds-stdlib-none", "first-seconds-stdlib-all"),
        "",
        *other_engines_lines(r),
    ]


def other_engines_lines(r: Results) -> list[str]:
    """Firefox (bench/ready_ab.py: the build of issue 31's start, its first site, against main, its
    last) and WebKitGTK (bench/webkit_start.py's printed medians) beside Chromium."""
    ab = r.json("ready-ab-firefox-wasm-pieces")
    before, after = ab["sites"][0], ab["sites"][-1]

    def solve(site: str, visit: str) -> float:
        return median(row["solve"] for row in ab["rows"] if row["site"] == site and row["visit"] == visit)

    visits = [("first", "a first visit"), ("repeat", "a repeat visit"), ("repeat 2", "the next")]
    firefox = ", ".join(f"**{f(solve(after, v) / 1000)} s** on {words} (before: {f(solve(before, v) / 1000)} s)"
                        for v, words in visits)
    webkit = [float(r.md_match("webkit-start-issue31", rf"`--site SITES/{site}/npuzzle`:\s*median ready after ([\d.]+) s").group(1))
              for site in ("oldsite", "cur5")]
    visitors = max(row["visitor"] for row in ab["rows"])
    return [
        f"**The other engines.** Firefox {ab['version']} ({visitors} visitors per site, the sites taking turns; "
        f"Solve enabled, median from the navigation's start, on the same 4x4 link): {firefox}; \"before\" is the "
        "build when issue 31 was filed (8bd9fa4). WebKitGTK (a 3x3 link, fresh pages, the solver ready): "
        f"**{f(webkit[1], 1)} s** (before: {f(webkit[0], 1)} s).",
        "",
        r.source("ready-ab-firefox-wasm-pieces", "webkit-start-issue31"),
        "",
    ]


def tree_lines(r: Results) -> list[str]:
    rows = r.json("tree-browser")["rows"]
    budgets = sorted({row["budget"] for row in rows})
    algorithms = ", ".join(dict.fromkeys(
        row["algorithm"] + (f" + {row['heuristic']}" if row["heuristic"] else "") for row in rows))
    out = []
    for budget in budgets:
        group = [row for row in rows if row["budget"] == budget]
        building = [ms for row in group for ms in row["long_tasks_building_ms"]]
        stepping = [ms for row in group for ms in row["long_tasks_stepping_ms"]]
        out.append([n(budget), span(row["nodes"] for row in group),
                    span((row["appears_s"] for row in group), lambda x: f(x, 2)),
                    f"{span(row['step_median_ms'] for row in group)} (at most {n(max(row['step_max_ms'] for row in group))})",
                    f"{len(building)}" + (f" ({span(building)} ms)" if building else ""),
                    f"{len(stepping)}" + (f" ({span(stepping)} ms)" if stepping else "")])
    return [
        "## The search tree view",
        "",
        f"{algorithms} on a 31-move 8-puzzle (no budget solves it, so every tree is full size):",
        "",
        *table(["expansions", "nodes", "on screen after the click (s)", "one step, median ms",
                "tasks over 50 ms while building", "while stepping"], out),
        "",
        r.source("tree-browser"),
        "",
    ]


def check_lines(r: Results) -> list[str]:
    """The exhaustive 3x3 check of a person's heuristic, in CPython and in the page (since issue 35
    judged in the solver's worker from h's values, each code text in a fresh worker: the page's
    figures are the build before it and this one, side by side in one run)."""
    cpython = {row["heuristic"]: row for row in r.json("check-heuristic-cpython")["rows"]}
    rows = r.json("check-heuristic-page")["rows"]
    page = {(row.get("site", "now"), row["heuristic"]): row for row in rows}
    before = any(site == "before" for site, _ in page)
    out = []
    for name, row in cpython.items():
        now = page.get(("now", name))
        old = page.get(("before", name))
        cells = [name, f(row["median_seconds"], 2)]
        if before:
            cells.append(f(old["median_seconds"], 2) if old else "not measured")
        cells += [f(now["first_seconds"], 2) if now and "first_seconds" in now else "not measured",
                  f(now["median_seconds"], 2) if now else "not measured"]
        if before:
            cells.append(f(now["median_seconds"] / old["median_seconds"], 2) if now and old else "")
        cells += ["yes" if row["admissible"] else "no", "yes" if row["consistent"] else "no"]
        out.append(cells)
    head = ["heuristic", "CPython, median s"]
    if before:
        head.append("the page before issue 35, median s")
    head += ["the page, the first check of a text, s", "the page, then median s"]
    if before:
        head.append("now / before")
    head += ["admissible", "consistent"]
    return [
        "## Checking a person's heuristic (Your code)",
        "",
        "Every one of the 181,440 3x3 states and 483,840 moves checked against its exact distance, the",
        "distances by breadth-first search included; in the page, from the click on Check to the verdict on",
        "screen (a code's worker already started). Since issue 35 the code's worker only answers h's values",
        "and the solver's worker judges them as they come, each code text in a fresh worker of its own (one",
        "kept started ahead): the first check of a text builds the boards' order there anew, later ones",
        "reuse its worker. The aim: within 1.5 x the check before issue 35.",
        "",
        *table(head, out),
        "",
        r.source("check-heuristic-cpython", "check-heuristic-page"),
        "",
    ]


def analysis_lines(r: Results) -> list[str]:
    """The analysis of a game (issue 30): a 3x3 game with its table, 4x4 games analysed exactly."""
    runs = {name: r.json(f"analysis-{name}") for name in ("cpython", "pyodide")}
    rows = []
    for name, data in runs.items():
        s = data["summary"]
        rows.append([
            "CPython" if name == "cpython" else "Pyodide (Node)",
            f"{f(s['3x3_median_seconds'], 3)} (max {f(s['3x3_max_seconds'], 3)})",
            f(s["3x3_median_cpu_seconds"], 3),
            f"{f(s['4x4_median_seconds'], 2)} (max {f(s['4x4_max_seconds'], 2)})",
            f(s["4x4_median_cpu_seconds"], 2),
            f"{f(s['4x4_median_first_marks'], 3)} (max {f(s['4x4_max_first_marks'], 3)})",
            n(s["4x4_median_nodes"]),
            f"{s['3x3_peak_mb']} / {s['4x4_peak_mb']}",
        ])
    games = runs["cpython"]["4x4"]
    page = r.json("analysis-browser")
    ps = page["summary"]
    warm = [g for g in page["4x4"] if not g["first_in_page"]]
    return [
        "## Analysing a game",
        "",
        "Where were moves lost? Every position's exact distance to the goal, each move marked, the best",
        "moves at every position (`npuzzle.analysis`). A 3x3 game of 100 random moves, its table of every",
        f"state's distance built afresh; 4x4 games of {span(g['moves'] for g in games)} moves (random boards "
        "solved by the",
        "reduction, a line at a time as a person solves; optimal lengths "
        f"{span(g['optimal'] for g in games)}, {span(g['mistakes'] for g in games)} mistakes) analysed",
        "exactly, the pattern databases loaded first. Seconds from the start of the job, stepped in 30 ms",
        "slices as the page's worker steps it (CPU seconds beside them, Node's in Pyodide: on a busy",
        "machine the seconds wait for a core, the CPU time less so):",
        "",
        *table(["runtime", "3x3 with its table, median s", "3x3, median CPU s", "4x4, median s", "4x4, median CPU s",
                "4x4 first marks, median s", "4x4 nodes, median", "peak MB (3x3 / 4x4)"], rows),
        "",
        "Peak MB: Python's allocations during one analysis (tracemalloc), beside the 4x4 pattern databases.",
        "",
        r.source("analysis-cpython", "analysis-pyodide"),
        "",
        "In the page (headless Chromium, the site's own worker), from the click on Analyse to the whole",
        "per-move table on screen, timed by the page itself (the games' moves pasted as tile numbers):",
        "",
        *table(["what", "measured", "aim (issue 30)"], [
            ["a 100-move 3x3 game, in a fresh page: its table of every state's distance built for it",
             f"median {f(ps['3x3_median_seconds'])} s, max {f(ps['3x3_max_seconds'])} s "
             f"({len(page['3x3'])} games; with the table kept, median {f(ps['3x3_median_kept_seconds'])} s)",
             f"within {page['aims']['3x3_seconds']:g} s: {met(page['met']['3x3'])}"],
            [f"a 4x4 game of {span(g['moves'] for g in warm)} moves (a random board solved by the reduction), "
             "the pattern databases loaded",
             f"median {f(ps['4x4_median_seconds'])} s, max {f(ps['4x4_max_seconds'])} s ({len(warm)} games)",
             f"a median under {page['aims']['4x4_median_seconds']:g} s: {met(page['met']['4x4'])}"],
            ["its first marks on the chart",
             f"median {f(ps['4x4_median_first_marks'])} s, max {f(ps['4x4_max_first_marks'])} s",
             f"within {page['aims']['first_marks_seconds']:g} s: {met(page['met']['first_marks'])}"],
            ["the page's first 4x4 analysis, Analyse clicked as soon as the board was shown: its pattern databases "
             "downloaded and decoded meanwhile",
             f"{f(ps['4x4_first_in_page_seconds'])} s, first marks {f(ps['4x4_first_in_page_first_marks'])} s", ""],
            ["the worker's memory (Pyodide's heap, `data-worker-memory`)",
             f"{f(ps['3x3_memory_mib'], 0)} MiB after a 3x3 analysis, at most {f(ps['memory_mib'], 0)} MiB with the 4x4 "
             "pattern databases", ""],
        ]),
        "",
        r.source("analysis-browser"),
        "",
    ]


def speed_solver_lines(r: Results) -> list[str]:
    every = r.json("all-optimal-cpython")
    rows = every["rows"]
    ratio = every["median_ratio"]
    ratios = [row["ratio"] for row in rows]
    one_nodes = sum(row["one_nodes"] for row in rows)
    all_nodes = sum(row["all_nodes"] for row in rows)
    page = r.json("speed-browser-all")
    walls = [row["wall_seconds"] for row in page["rows"]]
    slowest = max(page["rows"], key=lambda row: row["wall_seconds"])
    shorten = r.json("shorten-cpython")
    short = shorten["rows"]
    given = median(row["given"] / row["optimal"] for row in short)
    reached = shorten["median_ratio"]
    proven = sum(row["proven"] for row in short)
    out = [
        ["every shortest solution of Korf's 100 (CPython): the time to count them all over the time to find one",
         f"median ratio {f(ratio)} (mean {f(mean(ratios))}, max {f(max(ratios))}; median "
         f"{f(median(row['all_seconds'] for row in rows))} s against {f(median(row['one_seconds'] for row in rows))} s)",
         f"at most 2: {met(ratio <= 2)}"],
        [f"every shortest solution of a random 4x4 in the page (Chromium, the site's worker, {len(walls)} boards)",
         f"median {f(median(walls))} s (max {f(max(walls), 1)} s: a {slowest['length']}-move board)",
         f"within 2 s: {met(median(walls) <= 2)}"],
        [f"a 4x4 solve of about twice the optimum (the reduction's, median {f(given)}x) shortened in 2 s (CPython, "
         f"{len(short)} random boards)",
         f"median {f(reached, 3)}x the optimum, {proven} of {len(short)} proven shortest, median "
         f"{f(median(row['seconds'] for row in short))} s",
         f"within 1.2x in 2 s: {met(reached <= 1.2)}"],
    ]
    mtm = r.json("mtm-cpython")
    mtm_page = r.json("speed-browser-mtm")
    page_walls = [row["wall_seconds"] for row in mtm_page["rows"]]
    page_solved = sum(1 for row in mtm_page["rows"] if row["optimal"])
    out += [
        [f"the fewest multi-tile moves of {len(mtm['boards'])} random 4x4s (CPython)",
         f"median {f(mtm['median_seconds'])} s ({n(mtm['median_nodes'])} nodes; max "
         f"{f(max(b['seconds'] for b in mtm['boards']), 1)} s); its tables built once in {f(mtm['table_seconds'], 1)} s",
         f"within 10 s: {met(mtm['median_seconds'] <= 10)}"],
        [f"the fewest multi-tile moves of {len(page_walls)} other random 4x4s in the page (Chromium, the site's worker)",
         f"median {f(median(page_walls))} s (max {f(max(page_walls), 1)} s; {page_solved} of {len(page_walls)} proven "
         f"within the {n(mtm_page.get('time_limit', 120))} s limit); its tables built once in "
         f"{f(mtm_page.get('warm_up_seconds', 0), 1)} s, before the first",
         f"within 20 s: {met(median(page_walls) <= 20)}"],
    ]
    return [
        "## The speed-solver's bench",
        "",
        "Every shortest solution, counted against finding one (IDA* with the pattern databases, the tables",
        "loaded first), a person-like solve shortened, and the fewest multi-tile moves (issue 37's aims):",
        "",
        *table(["what", "measured", "aim"], out),
        "",
        "Why the count misses its aim: finding one solution stops where IDA* meets the first one in its",
        "last iteration; counting them all must search that iteration to its end "
        f"({n(all_nodes)} nodes in all against {n(one_nodes)}).",
        "Tried, measured, not enough alone: counting each state reached at the same depth by different",
        "paths once (a table of the last iteration's transpositions) would search 17% to 30% fewer nodes of",
        "that iteration (Korf #1, #2, #8, #16, #20: 43,164 nodes against 35,831 distinct, ..., 94,153",
        "against 73,398), for a hash of every board. What would close it: that table with a perimeter",
        "(every board within a few moves of the goal and its count of shortest finishes, found once per",
        "goal, so the last iteration stops that many moves short), or a stronger table for the last",
        "iteration only.",
        "",
        r.source("all-optimal-cpython", "shorten-cpython", "speed-browser-all", "mtm-cpython", "speed-browser-mtm"),
        "",
    ]


def load_lines(r: Results) -> list[str]:
    data = r.json("load-browser")
    s = data["summary"]
    args = data["args"]
    left = data["left"]
    heap = s["js_heap"]
    js_growth = s["heap_snapshot_growth"]["bytes_by_group"].get("JavaScript", 0)
    return [
        "## Load: one page, hundreds of solves",
        "",
        f"One page, never reloaded, {s['solves']} solves across a cycle of {args['cycle_length']} boards "
        f"(by link and typed) and {s['compares']} compares, {f(data['seconds'] / 60, 1)} min: "
        f"{s['wrong']} answers wrong (lengths against the optimum, move lists replayed); the worker's WebAssembly "
        f"memory {mb(s['wasm_size'][1])} MB after warm-up (solve {s['warm_sample_after']}) and "
        f"{mb(s['wasm_size'][2])} MB at the end; Python's tracked objects {n(s['py_objects'][1])} and "
        f"{n(s['py_objects'][2])}; the page's JS heap after a forced GC {mb(heap[1], 2)} MB then {mb(heap[2], 2)} MB "
        f"(its own JavaScript objects {'+' if js_growth >= 0 else ''}{f(js_growth / 1000, 1)} kB in heap snapshots: "
        f"the rest is Chromium's records and compiled code); DOM nodes in the document {n(s['attached_nodes'][1])} "
        f"and {n(s['attached_nodes'][2])}; {s['jobs_left']} of {left['jobs_handed_out']} jobs left alive, "
        f"{left['python_registry']} in Python's registry, {len(left['requests_unanswered'])} requests unanswered; "
        f"median click to final status on the same {args['cycle_length']} boards {n(s['first_cycle_median_ms'])} ms "
        f"in the first cycle, {n(s['last_cycle_median_ms'])} ms in the last.",
        "",
        r.source("load-browser"),
        "",
    ]


def memory_lines(r: Results) -> list[str]:
    short = r.json("memory-engines")
    full = r.json("memory-engines-full")

    def engine_name(entry: dict[str, Any], key: str) -> str:
        words = entry["browser"].split(" (")[0]
        return "WebKitGTK" if key == "webkit" else words.replace("chromium", "Chromium").replace("firefox", "Firefox")

    def step(entry: dict[str, Any], name: str) -> float:
        return float(next(s["memory"] for s in entry["steps"] if s["name"] == name))

    rows = []
    peak = 0.0
    for key, entry in short["engines"].items():
        other = full["engines"].get(key)
        late = step(other, "5x5") if other else None
        peak = max(peak, step(entry, "5x5"), late or 0.0)
        rows.append([engine_name(entry, key), mib(entry["ready"]["memory"]), mib(step(entry, "3x3")),
                     mib(step(entry, "4x4")), mib(step(entry, "5x5")), mib(late) if late is not None else "-"])
    pss = {key: [run["engines"][key]["pss"]["largest"] for run in (short, full) if key in run["engines"]]
           for key in short["engines"]}
    aim = short["aim_bytes"]
    load_peak = max(r.json("load-browser")["summary"]["wasm_size"])
    return [
        "## Memory on a phone",
        "",
        "The worker sends the size of Pyodide's WebAssembly memory (its whole heap; it grows and never shrinks)",
        "with every answer, in every engine, and the page keeps it as `data-worker-memory` on `#solver-state`.",
        f"One page, a 3x3 link, then a 4x4 (Korf #60) and a 5x5 (Korf-Felner #1), in MiB; the 5x5 stopped after "
        f"{f(short['args']['stop_after'], 0)} s of search, or its whole {f(full['args']['stop_after'], 0)} s:",
        "",
        *table(["engine", "ready", "after 3x3", "after 4x4",
                f"after 5x5 ({f(short['args']['stop_after'], 0)} s)", f"after 5x5 ({f(full['args']['stop_after'], 0)} s)"],
               rows),
        "",
        f"The aim is the worker under {mib(aim)} MiB: {met(peak < aim and not short['missed'] and not full['missed'])} "
        f"in every engine; the most seen here is {mib(peak)} MiB ({mb(peak, 0)} MB; `load_browser.py` saw "
        f"{mib(load_peak)} MiB). The browser's own processes are larger than the worker: the largest had a PSS of "
        + ", ".join(f"{span((v / 2**20 for v in values))} MiB ({engine_name(short['engines'][key], key)})"
                    for key, values in pss.items())
        + " after the 5x5.",
        "",
        r.source("memory-engines", "memory-engines-full"),
        "",
    ]


def korf100_lines(r: Results) -> list[str]:
    first = r.json("korf100-cpython")
    last = r.json("korf100-cpython-blank-last")
    br = r.json("korf100-browser")
    b_rows = br["rows"]
    published = r.md_match("korf100-cpython", r"published mean nodes per instance \(IDA\*, Korf & Felner 2002\): ([^\n]+)")

    def summary(rows: list[dict[str, Any]], label: str, stem: str, extra: str = "") -> list[str]:
        right = sum(bool(row["match"]) for row in rows)
        return [label, f"{n(mean(row['expanded'] for row in rows))} ({n(mean(row['generated'] for row in rows))})",
                f"{f(median(row['seconds'] for row in rows))} s", f"{f(max(row['seconds'] for row in rows), 1)} s",
                f"{n(sum(row['seconds'] for row in rows))} s{extra}", f"{right} of {len(rows)}", f"`{r.command(stem)}`"]

    under = sum(row["seconds"] < 1 for row in b_rows)
    ablation = r.json("pdb-ablation")
    names = {"B1": "one 6-6-3 partition read directly", "A": "partition A with its reflection",
             "B": "partition B with its reflection", "A+B": "all four lookups"}
    parts = "; ".join(f"{names.get(k, k)}, {n(mean(row['expanded'] for row in v))}" for k, v in ablation.items())
    cpy = next(row for row in r.json("search-cpython")["rows"]
               if row["set"] == "4x4-korf-easy" and row["algorithm"] == "idastar" and row["heuristic"] == "pdb")
    pyo = next(row for row in r.json("search-pyodide")["rows"]
               if row["set"] == "4x4-korf-easy" and row["algorithm"] == "idastar" and row["heuristic"] == "pdb")
    warm = br["table_warmup"]
    vs = r.json("vs-slidingpuzzle")
    runs = vs["runs"]
    both = [run for run in runs if run["ours"]["length"] is not None and run["theirs"]["length"] is not None]
    ours_med = median(run["ours"]["seconds"] for run in both)
    theirs_med = median(run["theirs"]["seconds"] for run in both)
    return [
        "## Optimal 15-puzzle solutions",
        "",
        "IDA* with the two reflected 6-6-3 pattern databases, which `bench/korf100.py` names explicitly (the",
        f"anytime default runs the same IDA* for its proof), on Korf's {len(first)} random instances:",
        "",
        *table(["", "mean nodes expanded (generated)", "median", "max", f"all {len(first)}", "published optimum", "command"], [
            summary(first, "CPython, blank-first goal", "korf100-cpython"),
            summary(last, "CPython, converted to blank-last", "korf100-cpython-blank-last"),
            summary(b_rows, "the site's worker in headless Chromium (Pyodide), wall time per solve",
                    "korf100-browser", f"; {under} under 1 s"),
        ]),
        "",
        f"- Published mean nodes per instance for IDA* (Korf & Felner 2002, as `bench/korf100.py` records them): "
        f"{published.group(1)}.",
        f"- What each part is worth (IDA*, blank-last): {parts} mean nodes.",
        f"- IDA* with the four lookups runs about {n(cpy['nodes_per_second'] / 1000)}k nodes per second in CPython "
        f"and {n(pyo['nodes_per_second'] / 1000)}k in Pyodide (Korf's {cpy['total']} easiest instances, `bench/search.py`).",
        f"- In the browser, the first 4x4 solve downloads the {mb(warm['tables']['bytes'])} MB table file "
        f"({n(warm['tables']['download_ms'])} ms from a local server) and decodes it ({f(warm['setup_seconds'])} s). "
        f"The worker answered at least every {n(max(row['max_gap_ms'] for row in b_rows))} ms throughout the "
        f"{len(b_rows)} solves.",
        f"- Against the PyPI package `slidingpuzzle` {vs['slidingpuzzle']} (the {len(runs)} easiest instances, "
        f"{f(vs['time_limit'], 0)} s limit): ours solved "
        f"{sum(run['ours']['length'] is not None for run in runs)}/{len(runs)}, its best optimal search (A* with "
        f"linear conflict) {sum(run['theirs']['length'] is not None for run in runs)}/{len(runs)}. Median on the "
        f"{len(both)} both solved: {f(ours_med, 3)} s against {f(theirs_med, 1)} s, about {n(theirs_med / ours_med)}x.",
        "",
        r.source("korf100-cpython", "korf100-cpython-blank-last", "korf100-browser", "pdb-ablation",
                 "search-cpython", "search-pyodide", "vs-slidingpuzzle"),
        "",
    ]


def eight_lines(r: Results) -> list[str]:
    cpy = r.json("search-cpython")
    pyo = r.json("search-pyodide")

    def hardest(data: Any) -> float:
        return float(next(row["median_ms"] for row in data["default_solver"] if row["set"] == "3x3-hardest"))

    def key(row: dict[str, Any]) -> tuple[str, str, str | None]:
        return row["set"], row["algorithm"], row["heuristic"]

    mine = {key(row): row for row in cpy["rows"]}
    ratios = [mine[key(row)]["nodes_per_second"] / row["nodes_per_second"] for row in pyo["rows"]
              if key(row) in mine and row["nodes_per_second"] and mine[key(row)]["nodes_per_second"]]
    states = cpy["all_3x3"]["states"]
    return [
        "## The 8-puzzle and the other algorithms",
        "",
        *table(["what", "CPython " + cpy["python"], "Pyodide (Node)"], [
            [f"default solver, all {n(states)} 8-puzzle states: median / p99",
             f"{f(cpy['all_3x3']['median_ms'])} ms / {f(cpy['all_3x3']['p99_ms'])} ms",
             f"{f(pyo['all_3x3']['median_ms'])} ms / {f(pyo['all_3x3']['p99_ms'])} ms"],
            ["default solver, the two 31-move boards (median)", f"{f(hardest(cpy))} ms", f"{f(hardest(pyo))} ms"],
            ["first solve in a fresh process (builds the 3x3 tables)",
             f"{n(cpy['first_call_in_process']['first_solve_ms'])} ms",
             f"{n(pyo['first_call_in_process']['first_solve_ms'])} ms"],
        ]),
        "",
        f"Pyodide runs the same code about {f(median(ratios), 1)}x slower than CPython (median of the nodes per "
        f"second over the {len(ratios)} algorithm/heuristic pairs run in both; range {f(min(ratios), 1)}-"
        f"{f(max(ratios), 1)}x). Every algorithm and heuristic, per board set: the tables in "
        "[`search-cpython.md`](../bench/results/search-cpython.md), "
        "[`search-pyodide.md`](../bench/results/search-pyodide.md) and "
        "[`search-runtimes.md`](../bench/results/search-runtimes.md) (`python bench/compare_runtimes.py`).",
        "",
        r.source("search-cpython", "search-pyodide"),
        "",
    ]


def dropped_lines(r: Results) -> list[str]:
    return [
        "## Not here",
        "",
        "Figures measured once without a results file are left out rather than typed in: the playback's frame",
        "rate while the worker searches, and where the worker's memory goes (the tables measured in Pyodide in",
        "Node, no search). Both are in this page's history (`git log -p docs/speed.md`, and commit dfd4eba for",
        "the memory) until a benchmark saves them.",
        "",
    ]


SECTIONS: tuple[Callable[[Results], list[str]], ...] = (
    head, korf24_lines, big_lines, page_lines, first_seconds_lines, tree_lines, check_lines, analysis_lines, speed_solver_lines,
    load_lines, memory_lines, korf100_lines, eight_lines, dropped_lines,
)


def render(results: Path) -> str:
    """The whole of docs/speed.md, from the results in ``results``."""
    r = Results(results)
    lines: list[str] = []
    for section in SECTIONS:
        lines += section(r)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or with ``--check``, compare) docs/speed.md; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results folder (default bench/results)")
    parser.add_argument("--out", type=Path, default=OUT, help="the page to write (default docs/speed.md)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if --out differs from what the results give")
    args = parser.parse_args(argv)
    text = render(args.results)
    if args.check:
        current = args.out.read_text() if args.out.is_file() else ""
        if current == text:
            print(f"{args.out} matches {args.results}")
            return 0
        diff = difflib.unified_diff(current.splitlines(), text.splitlines(), f"{args.out} (as it is)",
                                    f"{args.out} (from {args.results})", lineterm="", n=0)
        shown = list(diff)
        print(f"speed_doc: {args.out} differs from what {args.results} gives: run `{COMMAND}` "
              f"(edit the prose in bench/speed_doc.py, never the page).", file=sys.stderr)
        print("\n".join(shown[:40]) + ("\n..." if len(shown) > 40 else ""), file=sys.stderr)
        return 1
    args.out.write_text(text)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
