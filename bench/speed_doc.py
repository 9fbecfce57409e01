"""Write docs/speed.md from the saved benchmark results in bench/results/ and its template.

The prose lives in ``bench/speed.template.md``; every figure there is a named placeholder such
as ``{korf100.cpython_mean_nodes}``, filled here from a results file (JSON, or the Markdown the
same benchmark wrote beside it). Each function below reads one group of results and returns its
figures by name (``Figures``); each section names its files and the command that made them (as
the results file records it: ``{group.source}``). A brace the prose means literally is
written twice in the template (``{{``), as ``str.format`` reads it. Standard library only.

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
import string
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
RESULTS = BENCH / "results"
TEMPLATE = BENCH / "speed.template.md"
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


# -- figures, one group of results each ---------------------------------------------------

Figures = dict[str, Any]
"""A group's figures by name, as the template's ``{group.name}`` reads them (strings, or numbers
the template formats itself)."""


def rows_of(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table of variable length, as one figure."""
    return "\n".join(table(header, rows))


def korf24(r: Results) -> Figures:
    """Korf & Felner's 24-puzzles by the anytime default: CPython at 10 s and 60 s, the site's worker."""
    c10 = r.json("anytime-korf24-cpython")["rows"]
    c60 = r.json("anytime-korf24-cpython-60s")["rows"]
    br = r.json("anytime-korf24-browser")["rows"]
    aims = r.md_match("anytime-korf24-cpython",
                      r"targets \(issue 9\): first solution within ([\d.]+) s; after 10 s mean <= "
                      r"([\d.]+) x optimal \(<= ([\d.]+) moves\), none over ([\d.]+) x")
    aim_first, aim_mean, aim_moves, aim_max = (float(aims.group(i)) for i in range(1, 5))

    def ratio(rows: list[dict[str, Any]], key: str) -> list[float]:
        return [row[key] / row["optimal"] for row in rows]

    first_max = max(row["first_seconds"] for row in c10)
    r10 = ratio(c10, "length_10s")
    over10 = sum(x > aim_max for x in r10)
    r60 = ratio(c60, "length_60s")
    at_opt = [f"#{row['id']}" for row in c60 if row["length_60s"] == row["optimal"]]
    bound10 = ratio(c10, "lower_bound")
    b_first = [row["first_ms"] for row in br]
    b10 = ratio(br, "length_10s")
    b_over = [row for row in br if row["length_10s"] / row["optimal"] > aim_max]
    b_over_text = ", ".join(f"{row['name']}, {row['length_10s']} moves for {row['optimal']}" for row in b_over)
    earlier = r.json("anytime-korf24-cpython-nov27")["rows"]
    return {
        "nodes_median": n(median(row["expanded"] for row in c10)),
        "earlier_nodes_median": n(median(row["expanded"] for row in earlier)),
        "earlier_ratio": f(mean(ratio(earlier, "length_10s")), 3),
        "earlier_max": f(max(ratio(earlier, "length_10s")), 3),
        "earlier_source": r.source("anytime-korf24-cpython-nov27"),
        "count": len(c10), "first_max": f(first_max, 3),
        "first_median": f(median(row["first_seconds"] for row in c10), 3),
        "first_ratio": f(mean(ratio(c10, "first_length"))), "aim_first": f(aim_first, 0),
        "first_verdict": met(first_max <= aim_first),
        "at1_mean": f(mean(row["length_1s"] for row in c10)), "at1_ratio": f(mean(ratio(c10, "length_1s")), 3),
        "at1_max": f(max(ratio(c10, "length_1s")), 3),
        "at10_mean": f(mean(row["length_10s"] for row in c10)), "at10_ratio": f(mean(r10), 3),
        "optimal_mean": f(mean(row["optimal"] for row in c10)), "at10_max": f(max(r10), 3),
        "at10_over": over10, "aim_max": f(aim_max), "at10_over_110": sum(x > 1.10 for x in r10),
        "aim_moves": f(aim_moves, 1), "aim_mean": f(aim_mean),
        "issue9_verdict": met(mean(r10) <= aim_mean and over10 == 0),
        "issue31_mean_verdict": met(mean(r10) <= 1.03), "issue31_max_verdict": met(max(r10) <= 1.10),
        "bound10": f(mean(bound10), 3),
        "bound10_words": "never above it" if max(bound10) <= 1 else "**above it on some boards**",
        "at60_mean": f(mean(row["length_60s"] for row in c60)), "at60_ratio": f(mean(r60), 3),
        "at60_max": f(max(r60), 3), "at60_optimal": len(at_opt), "count60": len(c60),
        "at60_optimal_ids": ", ".join(at_opt), "bound60": f(mean(ratio(c60, "bound_60s")), 3),
        "at10_in_60": f(mean(ratio(c60, "length_10s")), 3),
        "browser_count": len(br), "browser_first_max": n(max(b_first)), "browser_first_median": n(median(b_first)),
        "browser_at1": f(mean(ratio(br, "length_1s")), 3),
        "browser_at10_mean": f(mean(row["length_10s"] for row in br)), "browser_at10_ratio": f(mean(b10), 3),
        "browser_at10_max": f(max(b10), 3), "browser_over": len(b_over),
        "browser_over_list": f" ({b_over_text})" if b_over else "",
        "first_gap": n(br[0]["max_gap_ms"]), "rest_gap": n(max(row["max_gap_ms"] for row in br[1:])),
        "browser_rest": len(br) - 1, "browser_longtasks": r.json("anytime-korf24-browser")["main_thread"]["longtasks"],
        "browser_issue9_mean": met(mean(b10) <= aim_mean), "browser_issue9_max": met(not b_over),
        "browser_issue9_over": f" ({len(b_over)} of {len(br)})" if b_over else "",
        "browser_issue31_mean": met(mean(b10) <= 1.04), "browser_issue31_max": met(max(b10) <= 1.10),
        "browser_issue31_over": "" if max(b10) <= 1.10 else f" ({sum(x > 1.10 for x in b10)} of {len(br)})",
        "source": r.source("anytime-korf24-cpython", "anytime-korf24-cpython-60s", "anytime-korf24-browser",
                           "vs-slidingpuzzle-korf24", "beam-profile-cpython", "beam-profile-pyodide"),
    }


def beam(r: Results) -> Figures:
    """The 24-puzzle beam's child loop, before and now, in each runtime (bench/beam_profile.py)."""
    out: Figures = {}
    for runtime in ("cpython", "pyodide"):
        prof = r.json(f"beam-profile-{runtime}")
        schemes = prof["schemes"]
        before, now = (median(sum(run.values()) for run in schemes[name]["runs"]) for name in ("bytes", "zobrist"))
        parts = schemes["zobrist"]["us_per_child"]
        top = max(parts, key=parts.__getitem__)
        out.update({f"{runtime}_before": f(before, 2), f"{runtime}_now": f(now, 2), f"{runtime}_gain": f(before / now),
                    f"{runtime}_width": prof["width"], f"{runtime}_runs": len(schemes["zobrist"]["runs"]),
                    f"{runtime}_top": top, f"{runtime}_top_us": f(parts[top], 2)})
    return out


def levers24(r: Results) -> Figures:
    """Issue 40's 24-puzzle levers (bench/korf24_levers.py): windows of the 10 s path solved
    again optimally, and a beam from the goal beside the one from the start."""
    w = r.json("korf24-levers-windows")["results"]
    windows = [v for e in w for v in e["windows"].values()]
    tails = [(int(k), t) for e in w for k, t in e["tails"].items()]
    b = r.json("korf24-levers-bidirectional")["results"]
    optimal = sum(e["optimal"] for e in b)
    widths = sorted({int(k.split("_")[1]) for e in b for k in e if k.startswith("forward_") and not k.endswith("seconds")})

    def ratio(key: Callable[[dict[str, Any]], int]) -> str:
        return f(sum(key(e) for e in b) / optimal, 3)

    rows = [[str(width), ratio(lambda e: e[f"forward_{width}"]), ratio(lambda e: e[f"backward_{width}"]),
             ratio(lambda e: min(e[f"forward_{width}"], e[f"backward_{width}"]))] for width in widths]
    pairs = [(width, sum(min(e[f"forward_{width}"], e[f"backward_{width}"]) for e in b),
              sum(e[f"forward_{2 * width}"] for e in b)) for width in widths if 2 * width in widths]
    verdict = "; ".join(
        f"the shorter of two beams {width} wide, {f(two / optimal, 3)} x, against one {2 * width} wide, "
        f"{f(one / optimal, 3)} x: {'it pays' if two < one else 'it does not pay'}" for width, two, one in pairs)
    return {
        "verdict": (verdict[0].upper() + verdict[1:] + ".") if verdict else "",
        "boards": ", ".join(f"#{e['id']}" for e in w),
        "lengths": ", ".join(sorted({k for e in w for k in e["windows"]}, key=int)),
        "searched": n(sum(v["searched"] for v in windows)), "cut_off": n(sum(v["cut_off"] for v in windows)),
        "saved": n(sum(v["saved"] for v in windows)),
        "tails": ", ".join(str(k) for k in sorted({k for k, _ in tails})),
        "tails_searched": n(len(tails)), "tails_shorter": n(sum(1 for k, t in tails if t["length"] is not None and t["length"] < k)),
        "tails_saved": n(sum(k - t["length"] for k, t in tails if t["length"] is not None)),
        "tails_cut": n(sum(1 for _, t in tails if t["length"] is None)),
        "bidir_boards": ", ".join(f"#{e['id']}" for e in b),
        "bidir_table": rows_of(["width", "forward", "backward", "the shorter of the two"], rows),
        "source": r.source("korf24-levers-windows", "korf24-levers-bidirectional"),
    }


def peers24(r: Results) -> Figures:
    """Our anytime default against slidingpuzzle's weighted A* on the 24-puzzles."""
    vs = r.json("vs-slidingpuzzle-korf24")
    runs = vs["runs"]
    ours = [run for run in runs if run["ours"]["length"] is not None]
    theirs = [run for run in runs if run["theirs"]["length"] is not None]
    both = [run for run in ours if run["theirs"]["length"] is not None]

    def ratios(chosen: list[dict[str, Any]], side: str) -> list[float]:
        return [run[side]["length"] / run["optimal"] for run in chosen]

    return {
        "version": vs["slidingpuzzle"], "weight": f(vs["theirs"]["weight"], 0), "count": len(runs),
        "time_limit": f(vs["time_limit"], 0), "ours_solved": len(ours), "ours_mean": f(mean(ratios(ours, "ours")), 3),
        "ours_max": f(max(ratios(ours, "ours")), 3), "theirs_solved": len(theirs),
        "their_stops": sum(run["theirs"]["stopped"] == "time-limit" for run in runs),
        "theirs_mean": f(mean(ratios(theirs, "theirs")), 3), "theirs_max": f(max(ratios(theirs, "theirs")), 3),
        "both": len(both), "both_ours": f(mean(ratios(both, "ours")), 3),
        "both_theirs": f(mean(ratios(both, "theirs")), 3),
    }


def big(r: Results) -> Figures:
    """Random big boards by the anytime default: CPython at 1, 10 and 60 s, a sample in the page."""
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
    return {
        "seeds": span(row["seed"] for row in rows), "time_limit": f(data["time_limit"], 0),
        "per_size_table": rows_of(["size", "boards", "at 1 s", "at 10 s", "at 60 s", "through the site's worker at 10 s",
                                   "length / lower bound at 10 s", "slidingpuzzle's weighted A* answered (10 s)"], per_size),
        "verdicts": ", ".join(verdicts), "browser_verdicts": ", ".join(b_verdicts),
        "table": rows_of(["size", "first solution (s)", f"length at {f(data['time_limit'], 0)} s", "x the lower bound",
                          "x Manhattan (mean)"], out),
        "browser_sizes": ", ".join(dict.fromkeys(row["name"].split()[0] for row in b_rows)),
        "browser_first_max": n(max(b_first)), "browser_first_median": n(median(b_first)),
        "browser_max_gap": n(max(row["max_gap_ms"] for row in b_rows)),
        "browser_longtasks": br["main_thread"]["longtasks"], "browser_close": f(100 * max(close), 0),
        "browser_equal": sum(x == 0 for x in close), "browser_compared": len(close),
        "growth_first": f"{f(growth[squares[0]], 1)} x the Manhattan distance on {squares[0]}",
        "growth_middle": ", ".join(f"{f(growth[s], 1)} x on {s}" for s in squares[1:-1]),
        "growth_last": f"{f(growth[squares[-1]], 1)} x on {squares[-1]}",
        "cubes": f(mean(row["length"] for row in of(largest)) / side**3, 1), "largest": largest,
        "source": r.source("anytime-big-cpython", "anytime-big-cpython-60s", "anytime-big-browser"),
        "source_10s": r.source("anytime-big-cpython", "anytime-big-browser"),
    }


def page(r: Results) -> Figures:
    """The page as a person uses it (bench/page_browser.py): fresh links and every size."""
    fresh = r.json("page-fresh-link-browser")
    rows = fresh["rows"]

    def firsts(size: str, variant: str) -> float:
        return median(row["first_ms"] for row in rows if row["size"] == size and row["variant"] == variant)

    s_rows = r.json("page-sizes-browser")["rows"]
    worst = max(s_rows, key=lambda row: row["first_ms"])
    kinds = list(dict.fromkeys(row["size"] for row in s_rows))
    return {
        "at_once_4x4": n(firsts("4x4", "at once")), "at_once_5x5": n(firsts("5x5", "at once")),
        "baseline": n(fresh["targets_ms"]["issue_baseline_first_4x4"]),
        "waited": sum(bool(row["waited_for_tables"]) for row in rows if row["variant"] == "at once"),
        "at_once_runs": sum(row["variant"] == "at once" for row in rows),
        "idle_4x4": n(firsts("4x4", "idle")), "idle_5x5": n(firsts("5x5", "idle")),
        "smallest": kinds[0], "largest": max(kinds, key=lambda s: int(s.split("x")[0]) * int(s.split("x")[1])),
        "oblong": ", ".join(k for k in kinds if k.split("x")[0] != k.split("x")[1]),
        "worst_first": f(worst["first_ms"] / 1000), "worst_size": worst["size"],
        "median_first": n(median(row["first_ms"] for row in s_rows)),
        "status_gap": n(max(row["status_max_gap_ms"] for row in s_rows)),
        "stop": n(max(row["stop_ms"] for row in s_rows if row["stop_ms"] is not None)),
        "kept": sum(row["replay_problem"] is None and bool(row["play_enabled_after"]) for row in s_rows),
        "count": len(s_rows), "longest_task": n(max(row["main_thread"]["longest_ms"] for row in s_rows)),
        "source": r.source("page-fresh-link-browser", "page-sizes-browser"),
    }


def visit_median(results: Any, visit: str, value: Callable[[Any], float] = lambda row: row["solve"], **where: str) -> float:
    """The median of ``value`` (milliseconds; default: Solve enabled) over the rows of a page's
    start (bench/first_seconds.py's or bench/ready_ab.py's results) of ``visit`` and whose other
    fields are ``where``'s (its ``mode`` or its ``site``)."""
    return median(value(row) for row in results["rows"]
                  if row["visit"] == visit and all(row[key] == want for key, want in where.items()))


def python_start(row: Any) -> float:
    """A visit's time from the worker's script running to Python started (restored), in ms."""
    return float(row["worker"]["runtime"] - row["worker"]["script"])


PROGRESS_GAP = r"\| throttled, 5x5: longest gap between progress writes[^|]*\| ([\d,]+) ms"
"""bench/first_seconds.py's line of the longest gap between progress messages, throttled."""


def first_seconds(r: Results) -> Figures:
    """The first seconds of a shared link (bench/first_seconds.py), with and without precompiled Python."""
    data = r.json("first-seconds")
    targets = data["targets"]

    def solve(results: Any, mode: str, visit: str) -> str:
        return f(visit_median(results, visit, mode=mode) / 1000)

    def verdict(value: float, target: float) -> str:
        return f"aim {f(target / 1000, 1)} s: {met(value <= target).replace('*', '')}"

    def ms(pattern: str) -> float:
        return float(r.md_match("first-seconds", pattern).group(1).replace(",", ""))

    out: Figures = {"visitors": max(row["visitor"] for row in data["rows"]),
                    "throttled": sum(row["mode"] == "throttled" for row in data["rows"])}
    visits = {"first": "first", "repeat": "repeat", "repeat 2": "repeat2"}
    for visit, name in visits.items():
        out[f"{name}"] = solve(data, "unthrottled", visit)
        out[f"{name}_aim"] = verdict(visit_median(data, visit, mode="unthrottled"), targets[str(("unthrottled", visit))])
        if visit != "first":
            out[f"phone_{name}"] = solve(data, "throttled", visit)
            out[f"phone_{name}_aim"] = verdict(visit_median(data, visit, mode="throttled"), targets[str(("throttled", visit))])
    gap = ms(PROGRESS_GAP)
    first = ms(r"\| throttled, 5x5: Solve pressed to the first solution shown \| ([\d,]+) ms")
    stop = ms(r"\| throttled, 5x5: Stop to the status saying it stopped \| ([\d,]+) ms")
    none, full = r.json("first-seconds-stdlib-none"), r.json("first-seconds-stdlib-all")
    py_start = [visit_median(data, v, python_start, mode="unthrottled") for v in visits]
    out.update({
        "first_solution": f(first / 1000), "first_solution_aim": verdict(first, targets["first_solution"]),
        "stop": f(stop / 1000), "stop_aim": verdict(stop, targets["stop"]),
        "gap": f(gap / 1000), "gap_aim": verdict(gap, targets["progress_gap"]),
        "stock": " / ".join(solve(none, "unthrottled", v) for v in visits),
        "compiled": " / ".join(solve(full, "unthrottled", v) for v in visits),
        "load_pyodide": span((x / 1000 for x in py_start), lambda x: f(x, 1)),
        "source": r.source("first-seconds", "first-seconds-stdlib-none", "first-seconds-stdlib-all"),
    })
    return out


def engines(r: Results) -> Figures:
    """Firefox (bench/ready_ab.py: the build of issue 31's start, its first site, against main, its
    last) and WebKitGTK (bench/webkit_start.py's printed medians) beside Chromium."""
    ab = r.json("ready-ab-firefox-wasm-pieces")
    before, after = ab["sites"][0], ab["sites"][-1]

    def solve(site: str, visit: str) -> str:
        return f(visit_median(ab, visit, site=site) / 1000)

    webkit = [float(r.md_match("webkit-start-issue31", rf"`--site SITES/{site}/npuzzle`:\s*median ready after ([\d.]+) s").group(1))
              for site in ("oldsite", "cur5")]
    out: Figures = {"firefox": ab["version"], "visitors": max(row["visitor"] for row in ab["rows"]),
                    "webkit": f(webkit[1], 1), "webkit_before": f(webkit[0], 1),
                    "source": r.source("ready-ab-firefox-wasm-pieces", "webkit-start-issue31")}
    for visit, name in (("first", "first"), ("repeat", "repeat"), ("repeat 2", "repeat2")):
        out[name], out[f"{name}_before"] = solve(after, visit), solve(before, visit)
    return out


def startup40(r: Results) -> Figures:
    """Issue 40's start-up levers: the build before them against the build after, in Chromium and
    Firefox (bench/ready_ab.py), and WebKitGTK's start (bench/webkit_start.py's printed medians)."""
    out: Figures = {}
    for engine, stem in (("chromium", "ready-ab-issue40"), ("firefox", "ready-ab-issue40-firefox")):
        ab = r.json(stem)
        before, after = ab["sites"][0], ab["sites"][-1]
        out[f"{engine}_version"] = ab["version"]
        out[f"{engine}_visitors"] = str(max(row["visitor"] for row in ab["rows"]))
        for visit, name in (("first", "first"), ("repeat", "repeat"), ("repeat 2", "repeat2")):
            now, was = (visit_median(ab, visit, site=site) / 1000 for site in (after, before))
            out[f"{engine}_{name}"], out[f"{engine}_{name}_before"] = f(now), f(was)
            out[f"{engine}_{name}_ratio"] = f(now / was)
            if visit != "first":
                out[f"{engine}_{name}_aim"] = (met(now <= 0.6) if engine == "chromium" else met(now <= was))
        created = [visit_median(ab, "repeat", lambda row: row["worker"]["created"], site=site) for site in (before, after)]
        out[f"{engine}_created"] = f"{n(created[0])} -> {n(created[1])}"
        out[f"{engine}_runtime"] = n(visit_median(ab, "repeat", python_start, site=after))
    pre = r.json("first-seconds-pre40")
    for visit, name in (("repeat", "repeat"), ("repeat 2", "repeat2")):
        out[f"phone_{name}_before"] = f(visit_median(pre, visit, mode="throttled") / 1000)
    gap = r.md_match("first-seconds-pre40", PROGRESS_GAP)
    out["gap_before"] = f(float(gap.group(1).replace(",", "")) / 1000)
    webkit = [float(r.md_match("webkit-start-issue40", rf"`--site {site}`:\s*median:? ready after ([\d.]+) s").group(1))
              for site in ("BEFORE", "AFTER")]
    out.update({"webkit": f(webkit[1], 1), "webkit_before": f(webkit[0], 1),
                "source": r.source("ready-ab-issue40", "ready-ab-issue40-firefox", "webkit-start-issue40", "first-seconds-pre40")})
    return out


def tree(r: Results) -> Figures:
    """The search tree view in the page (bench/tree_browser.py)."""
    rows = r.json("tree-browser")["rows"]
    out = []
    for budget in sorted({row["budget"] for row in rows}):
        group = [row for row in rows if row["budget"] == budget]
        building = [ms for row in group for ms in row["long_tasks_building_ms"]]
        stepping = [ms for row in group for ms in row["long_tasks_stepping_ms"]]
        out.append([n(budget), span(row["nodes"] for row in group),
                    span((row["appears_s"] for row in group), lambda x: f(x, 2)),
                    f"{span(row['step_median_ms'] for row in group)} (at most {n(max(row['step_max_ms'] for row in group))})",
                    f"{len(building)}" + (f" ({span(building)} ms)" if building else ""),
                    f"{len(stepping)}" + (f" ({span(stepping)} ms)" if stepping else "")])
    return {
        "algorithms": ", ".join(dict.fromkeys(
            row["algorithm"] + (f" + {row['heuristic']}" if row["heuristic"] else "") for row in rows)),
        "table": rows_of(["expansions", "nodes", "on screen after the click (s)", "one step, median ms",
                          "tasks over 50 ms while building", "while stepping"], out),
        "source": r.source("tree-browser"),
    }


def check(r: Results) -> Figures:
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
    return {"table": rows_of(head, out), "source": r.source("check-heuristic-cpython", "check-heuristic-page")}


def assign(r: Results) -> Figures:
    """A class of 30 graded in the page, and a student's Check (issue 39), bench/assign.py."""
    page = r.json("assign-browser")
    rows = [
        [f"the class of {page['students']} graded in the page (Chromium), click to done", "90 s",
         f(page["grade_median"], 1), ", ".join(f(v, 1) for v in page["grade_seconds"]), met(page["grade_median"] <= 90)],
        ["a student's Check, click to score", "5 s", f(page["check_median"], 2),
         f"first {f(page['check_first'], 2)} (its sandbox's start); then {', '.join(f(v, 2) for v in page['check_seconds'])}",
         met(page["check_median"] <= 5 and page["check_first"] <= 5)],
        [f"both halves in one CPython (`grade_locally`), the same {page['students']}", "", f(page["local_seconds"], 1), "", ""],
    ]
    return {"table": rows_of(["measure", "aim", "median s", "runs s", "met"], rows), "source": r.source("assign-browser")}


def analysis(r: Results) -> Figures:
    """The analysis of a game (issue 30) in CPython and Pyodide, and in the page."""
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
    return {
        "moves": span(g["moves"] for g in games), "optimal": span(g["optimal"] for g in games),
        "mistakes": span(g["mistakes"] for g in games),
        "table": rows_of(["runtime", "3x3 with its table, median s", "3x3, median CPU s", "4x4, median s",
                          "4x4, median CPU s", "4x4 first marks, median s", "4x4 nodes, median",
                          "peak MB (3x3 / 4x4)"], rows),
        "source": r.source("analysis-cpython", "analysis-pyodide"),
        "page_3x3_median": f(ps["3x3_median_seconds"]), "page_3x3_max": f(ps["3x3_max_seconds"]),
        "page_3x3_games": len(page["3x3"]), "page_3x3_kept": f(ps["3x3_median_kept_seconds"]),
        "page_3x3_aim": f"{page['aims']['3x3_seconds']:g}", "page_3x3_met": met(page["met"]["3x3"]),
        "page_4x4_moves": span(g["moves"] for g in warm), "page_4x4_median": f(ps["4x4_median_seconds"]),
        "page_4x4_max": f(ps["4x4_max_seconds"]), "page_4x4_games": len(warm),
        "page_4x4_aim": f"{page['aims']['4x4_median_seconds']:g}", "page_4x4_met": met(page["met"]["4x4"]),
        "page_marks_median": f(ps["4x4_median_first_marks"]), "page_marks_max": f(ps["4x4_max_first_marks"]),
        "page_marks_aim": f"{page['aims']['first_marks_seconds']:g}", "page_marks_met": met(page["met"]["first_marks"]),
        "page_first_4x4": f(ps["4x4_first_in_page_seconds"]),
        "page_first_4x4_marks": f(ps["4x4_first_in_page_first_marks"]),
        "page_memory_3x3": f(ps["3x3_memory_mib"], 0), "page_memory": f(ps["memory_mib"], 0),
        "page_source": r.source("analysis-browser"),
    }


def speed_solver(r: Results) -> Figures:
    """The speed-solver's bench (issue 37): every shortest solution, shortening, the fewest multi-tile moves."""
    every = r.json("all-optimal-cpython")
    rows = every["rows"]
    ratio = every["median_ratio"]
    ratios = [row["ratio"] for row in rows]
    page = r.json("speed-browser-all")
    walls = [row["wall_seconds"] for row in page["rows"]]
    slowest = max(page["rows"], key=lambda row: row["wall_seconds"])
    shorten = r.json("shorten-cpython")
    short = shorten["rows"]
    reached = shorten["median_ratio"]
    mtm = r.json("mtm-cpython")
    mtm_page = r.json("speed-browser-mtm")
    page_walls = [row["wall_seconds"] for row in mtm_page["rows"]]
    return {
        "all_ratio": f(ratio), "all_mean": f(mean(ratios)), "all_max": f(max(ratios)),
        "all_seconds": f(median(row["all_seconds"] for row in rows)),
        "one_seconds": f(median(row["one_seconds"] for row in rows)), "all_met": met(ratio <= 2),
        "page_boards": len(walls), "page_median": f(median(walls)), "page_max": f(max(walls), 1),
        "page_slowest": slowest["length"], "page_met": met(median(walls) <= 2),
        "given": f(median(row["given"] / row["optimal"] for row in short)), "shorten_boards": len(short),
        "reached": f(reached, 3), "proven": sum(row["proven"] for row in short),
        "shorten_seconds": f(median(row["seconds"] for row in short)), "shorten_met": met(reached <= 1.2),
        "mtm_boards": len(mtm["boards"]), "mtm_median": f(mtm["median_seconds"]), "mtm_nodes": n(mtm["median_nodes"]),
        "mtm_max": f(max(b["seconds"] for b in mtm["boards"]), 1), "mtm_tables": f(mtm["table_seconds"], 1),
        "mtm_met": met(mtm["median_seconds"] <= 10),
        "mtm_page_boards": len(page_walls), "mtm_page_median": f(median(page_walls)),
        "mtm_page_max": f(max(page_walls), 1), "mtm_page_proven": sum(1 for row in mtm_page["rows"] if row["optimal"]),
        "mtm_page_limit": n(mtm_page.get("time_limit", 120)), "mtm_page_tables": f(mtm_page.get("warm_up_seconds", 0), 1),
        "mtm_page_met": met(median(page_walls) <= 20),
        "all_nodes": n(sum(row["all_nodes"] for row in rows)), "one_nodes": n(sum(row["one_nodes"] for row in rows)),
        "source": r.source("all-optimal-cpython", "shorten-cpython", "speed-browser-all", "mtm-cpython",
                           "speed-browser-mtm"),
    }


def load(r: Results) -> Figures:
    """One page, hundreds of solves (bench/load_browser.py)."""
    data = r.json("load-browser")
    s = data["summary"]
    args = data["args"]
    left = data["left"]
    heap = s["js_heap"]
    js_growth = s["heap_snapshot_growth"]["bytes_by_group"].get("JavaScript", 0)
    return {
        "solves": s["solves"], "cycle": args["cycle_length"], "compares": s["compares"],
        "minutes": f(data["seconds"] / 60, 1), "wrong": s["wrong"], "wasm_warm": mb(s["wasm_size"][1]),
        "warm_after": s["warm_sample_after"], "wasm_end": mb(s["wasm_size"][2]),
        "objects_warm": n(s["py_objects"][1]), "objects_end": n(s["py_objects"][2]),
        "heap_warm": mb(heap[1], 2), "heap_end": mb(heap[2], 2),
        "js_growth": f"{'+' if js_growth >= 0 else ''}{f(js_growth / 1000, 1)}",
        "nodes_warm": n(s["attached_nodes"][1]), "nodes_end": n(s["attached_nodes"][2]),
        "jobs_left": s["jobs_left"], "jobs": left["jobs_handed_out"], "registry": left["python_registry"],
        "unanswered": len(left["requests_unanswered"]), "first_cycle": n(s["first_cycle_median_ms"]),
        "last_cycle": n(s["last_cycle_median_ms"]), "source": r.source("load-browser"),
    }


def memory(r: Results) -> Figures:
    """The worker's memory in every engine (bench/memory_engines.py)."""
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
    stop, whole = f(short["args"]["stop_after"], 0), f(full["args"]["stop_after"], 0)
    return {
        "stop_after": stop, "whole": whole,
        "table": rows_of(["engine", "ready", "after 3x3", "after 4x4", f"after 5x5 ({stop} s)", f"after 5x5 ({whole} s)"],
                         rows),
        "aim": mib(aim), "met": met(peak < aim and not short["missed"] and not full["missed"]),
        "peak": mib(peak), "peak_mb": mb(peak, 0), "load_peak": mib(max(r.json("load-browser")["summary"]["wasm_size"])),
        "pss": ", ".join(f"{span((v / 2**20 for v in values))} MiB ({engine_name(short['engines'][key], key)})"
                         for key, values in pss.items()),
        "source": r.source("memory-engines", "memory-engines-full"),
    }


def korf100(r: Results) -> Figures:
    """Korf's 100 by IDA* with the pattern databases, in CPython and the site's worker, and beside it."""
    first = r.json("korf100-cpython")
    last = r.json("korf100-cpython-blank-last")
    b_rows = r.json("korf100-browser")["rows"]
    out: Figures = {"count": len(first)}
    for name, rows, stem in (("cpython", first, "korf100-cpython"), ("blank_last", last, "korf100-cpython-blank-last"),
                             ("browser", b_rows, "korf100-browser")):
        out.update({
            f"{name}_mean_nodes": f"{n(mean(row['expanded'] for row in rows))} ({n(mean(row['generated'] for row in rows))})",
            f"{name}_median": f(median(row["seconds"] for row in rows)),
            f"{name}_max": f(max(row["seconds"] for row in rows), 1), f"{name}_total": n(sum(row["seconds"] for row in rows)),
            f"{name}_right": f"{sum(bool(row['match']) for row in rows)} of {len(rows)}", f"{name}_command": r.command(stem),
        })
    out["browser_under_1s"] = sum(row["seconds"] < 1 for row in b_rows)
    out["published"] = r.md_match(
        "korf100-cpython", r"published mean nodes per instance \(IDA\*, Korf & Felner 2002\): ([^\n]+)").group(1)
    names = {"B1": "one 6-6-3 partition read directly", "A": "partition A with its reflection",
             "B": "partition B with its reflection", "A+B": "all four lookups"}
    out["ablation"] = "; ".join(f"{names.get(k, k)}, {n(mean(row['expanded'] for row in v))}"
                                for k, v in r.json("pdb-ablation").items())

    def easy(stem: str) -> dict[str, Any]:
        return next(row for row in r.json(stem)["rows"]
                    if row["set"] == "4x4-korf-easy" and row["algorithm"] == "idastar" and row["heuristic"] == "pdb")

    cpy, pyo = easy("search-cpython"), easy("search-pyodide")
    warm = r.json("korf100-browser")["table_warmup"]
    vs = r.json("vs-slidingpuzzle")
    runs = vs["runs"]
    both = [run for run in runs if run["ours"]["length"] is not None and run["theirs"]["length"] is not None]
    ours_med = median(run["ours"]["seconds"] for run in both)
    theirs_med = median(run["theirs"]["seconds"] for run in both)
    out.update({
        "cpython_knps": n(cpy["nodes_per_second"] / 1000), "pyodide_knps": n(pyo["nodes_per_second"] / 1000),
        "easy": cpy["total"], "table_mb": mb(warm["tables"]["bytes"]), "download_ms": n(warm["tables"]["download_ms"]),
        "decode": f(warm["setup_seconds"]), "browser_gap": n(max(row["max_gap_ms"] for row in b_rows)),
        "browser_solves": len(b_rows), "peers_version": vs["slidingpuzzle"], "peers_count": len(runs),
        "peers_limit": f(vs["time_limit"], 0), "peers_ours": sum(run["ours"]["length"] is not None for run in runs),
        "peers_theirs": sum(run["theirs"]["length"] is not None for run in runs), "peers_both": len(both),
        "peers_ours_median": f(ours_med, 3), "peers_theirs_median": f(theirs_med, 1),
        "peers_factor": n(theirs_med / ours_med),
        "source": r.source("korf100-cpython", "korf100-cpython-blank-last", "korf100-browser", "pdb-ablation",
                           "search-cpython", "search-pyodide", "vs-slidingpuzzle"),
    })
    return out


def eight(r: Results) -> Figures:
    """The 8-puzzle and the other algorithms (bench/search.py), CPython beside Pyodide."""
    cpy = r.json("search-cpython")
    pyo = r.json("search-pyodide")

    def hardest(data: Any) -> float:
        return float(next(row["median_ms"] for row in data["default_solver"] if row["set"] == "3x3-hardest"))

    def key(row: dict[str, Any]) -> tuple[str, str, str | None]:
        return row["set"], row["algorithm"], row["heuristic"]

    mine = {key(row): row for row in cpy["rows"]}
    ratios = [mine[key(row)]["nodes_per_second"] / row["nodes_per_second"] for row in pyo["rows"]
              if key(row) in mine and row["nodes_per_second"] and mine[key(row)]["nodes_per_second"]]
    return {
        "python": cpy["python"], "states": n(cpy["all_3x3"]["states"]),
        "cpython_all": f"{f(cpy['all_3x3']['median_ms'])} ms / {f(cpy['all_3x3']['p99_ms'])} ms",
        "pyodide_all": f"{f(pyo['all_3x3']['median_ms'])} ms / {f(pyo['all_3x3']['p99_ms'])} ms",
        "cpython_hardest": f(hardest(cpy)), "pyodide_hardest": f(hardest(pyo)),
        "cpython_cold": n(cpy["first_call_in_process"]["first_solve_ms"]),
        "pyodide_cold": n(pyo["first_call_in_process"]["first_solve_ms"]),
        "slower": f(median(ratios), 1), "pairs": len(ratios), "slower_min": f(min(ratios), 1),
        "slower_max": f(max(ratios), 1), "source": r.source("search-cpython", "search-pyodide"),
    }


GROUPS: dict[str, Callable[[Results], Figures]] = {
    "korf24": korf24, "levers24": levers24, "beam": beam, "peers24": peers24, "big": big, "page": page, "first_seconds": first_seconds,
    "engines": engines, "startup40": startup40, "tree": tree, "check": check, "assign": assign, "analysis": analysis, "speed_solver": speed_solver,
    "load": load, "memory": memory, "korf100": korf100, "eight": eight,
}
"""Each ``{group.figure}`` of the template: its group's function, run only when the template uses it."""


class Group:
    """One group's figures, computed on first use, with an error naming a figure the template
    asks for and the group does not give."""

    def __init__(self, name: str, results: Results) -> None:
        self.name = name
        self._results = results
        self._figures: Figures | None = None

    def __getattr__(self, figure: str) -> Any:
        if figure.startswith("_"):
            raise AttributeError(figure)
        if self._figures is None:
            self._figures = GROUPS[self.name](self._results)
        if figure not in self._figures:
            raise SystemExit(f"speed_doc: the template asks for {{{self.name}.{figure}}}, which "
                             f"{GROUPS[self.name].__name__}() in bench/speed_doc.py does not give")
        return self._figures[figure]


class Groups(Mapping[str, Group]):
    """The template's names: every group, and nothing else."""

    def __init__(self, results: Results) -> None:
        self._groups = {name: Group(name, results) for name in GROUPS}

    def __getitem__(self, name: str) -> Group:
        if name not in self._groups:
            raise SystemExit(f"speed_doc: the template names {{{name}...}}, which is no group of "
                             f"bench/speed_doc.py ({', '.join(GROUPS)})")
        return self._groups[name]

    def __iter__(self) -> Any:
        return iter(self._groups)

    def __len__(self) -> int:
        return len(self._groups)


def render(results: Path, template: Path = TEMPLATE) -> str:
    """The whole of docs/speed.md: ``template`` with its figures read from ``results``."""
    return string.Formatter().vformat(template.read_text(), (), Groups(Results(results)))


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or with ``--check``, compare) docs/speed.md; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results folder (default bench/results)")
    parser.add_argument("--template", type=Path, default=TEMPLATE,
                        help="the page's prose with its named figures (default bench/speed.template.md)")
    parser.add_argument("--out", type=Path, default=OUT, help="the page to write (default docs/speed.md)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if --out differs from what the results give")
    args = parser.parse_args(argv)
    text = render(args.results, args.template)
    if args.check:
        current = args.out.read_text() if args.out.is_file() else ""
        if current == text:
            print(f"{args.out} matches {args.results}")
            return 0
        diff = difflib.unified_diff(current.splitlines(), text.splitlines(), f"{args.out} (as it is)",
                                    f"{args.out} (from {args.results})", lineterm="", n=0)
        shown = list(diff)
        print(f"speed_doc: {args.out} differs from what {args.results} gives: run `{COMMAND}` "
              f"(edit the prose in bench/speed.template.md, never the page).", file=sys.stderr)
        print("\n".join(shown[:40]) + ("\n..." if len(shown) > 40 else ""), file=sys.stderr)
        return 1
    args.out.write_text(text)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
