"""Put the CPython and Pyodide search benchmarks side by side.

    python bench/compare_runtimes.py [cpython.json] [pyodide.json]

Defaults to bench/results/search-cpython.json and search-pyodide.json; writes
bench/results/search-runtimes.md and prints it. Only pairs run in both are compared.
A ratio is "Pyodide / CPython": 2.0 means Pyodide took twice as long (or did half the
nodes per second). Median-ms ratios are only given when both solved the same boards.
Nodes per CPU second (process CPU time) is the figure least disturbed by other load on
the machine, so its ratio is the one to quote.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

from common import RESULTS, machine_header, write_results


def ratio(a: float | None, b: float | None) -> float | None:
    return None if not a or not b else b / a


def fmt(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:,.{digits}f}"


def main(argv: list[str]) -> int:
    cp_path = Path(argv[0]) if argv else RESULTS / "search-cpython.json"
    py_path = Path(argv[1]) if len(argv) > 1 else RESULTS / "search-pyodide.json"
    cp = json.loads(cp_path.read_text())
    py = json.loads(py_path.read_text())

    def key(r: dict[str, Any]) -> tuple[str, str, str | None]:
        return (r["set"], r["algorithm"], r["heuristic"])

    py_rows = {key(r): r for r in py["rows"]}
    out = [
        "# Search benchmark: Pyodide vs CPython",
        "",
        f"- CPython: `{cp['command']}`; {machine_header(cp)[2:]}",
        f"- Pyodide {py['host'].get('pyodide_version')} in Node {py['host'].get('node')}: "
        f"`{py['command']}`; {machine_header(py)[2:]}",
        "- ratio = Pyodide / CPython (time, or CPython nodes/s over Pyodide nodes/s)",
        "",
        f"- CPU time / wall time over the run: CPython {cp.get('cpu_share')}, Pyodide {py.get('cpu_share')} "
        "(1.0 = had a CPU to itself the whole time)",
        "",
        "| set | algorithm | heuristic | solved (CPy / Pyo) | median ms CPy | median ms Pyo | "
        "ratio | nodes/s CPy | nodes/s Pyo | ratio | nodes/CPU-s CPy | nodes/CPU-s Pyo | ratio |",
        "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    nps_ratios = []
    cpu_ratios = []
    for r in cp["rows"]:
        p = py_rows.get(key(r))
        if p is None:
            continue
        same = r["solved"] == p["solved"] and r["attempted"] == p["attempted"]
        t_ratio = ratio(r["median_ms"], p["median_ms"]) if same else None
        n_ratio = ratio(p["nodes_per_second"], r["nodes_per_second"])
        c_ratio = ratio(p.get("nodes_per_cpu_second"), r.get("nodes_per_cpu_second"))
        if n_ratio:
            nps_ratios.append(n_ratio)
        if c_ratio:
            cpu_ratios.append(c_ratio)
        out.append(
            f"| {r['set']} | {r['algorithm']} | {r['heuristic'] or '-'} | {r['solved']}/{r['total']} / "
            f"{p['solved']}/{p['total']} | {fmt(r['median_ms'])} | {fmt(p['median_ms'])} | "
            f"{fmt(t_ratio)} | {fmt(r['nodes_per_second'], 0)} | {fmt(p['nodes_per_second'], 0)} | "
            f"{fmt(n_ratio)} | {fmt(r.get('nodes_per_cpu_second'), 0)} | "
            f"{fmt(p.get('nodes_per_cpu_second'), 0)} | {fmt(c_ratio)} |")
    for label, values in (("wall-clock nodes/s", nps_ratios), ("nodes per CPU second", cpu_ratios)):
        if values:
            out += ["", f"Ratio of {label} over {len(values)} pairs: median "
                    f"{statistics.median(values):.2f}, range {min(values):.2f} to {max(values):.2f}."]
    out += ["", "## Default solver (warm)", "",
            "| set | median ms CPy | median ms Pyo | max ms CPy | max ms Pyo | best-of-n max CPy | "
            "best-of-n max Pyo | median CPU ms CPy | median CPU ms Pyo |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    py_def = {d["set"]: d for d in py["default_solver"]}
    for d in cp["default_solver"]:
        p = py_def.get(d["set"])
        if p:
            out.append(f"| {d['set']} | {fmt(d['median_ms'])} | {fmt(p['median_ms'])} | {fmt(d['max_ms'])} | "
                       f"{fmt(p['max_ms'])} | {fmt(d.get('max_best_ms'))} | {fmt(p.get('max_best_ms'))} | "
                       f"{fmt(d.get('median_cpu_ms'))} | {fmt(p.get('median_cpu_ms'))} |")
    fc, pc = cp["first_call_in_process"], py["first_call_in_process"]
    out += ["", "## Cold", "",
            f"- first default 3x3 solve in the process: CPython {fc['first_solve_ms']} ms, "
            f"Pyodide {pc['first_solve_ms']} ms; `import npuzzle`: CPython {fc['import_npuzzle_ms']} ms, "
            f"Pyodide {pc['import_npuzzle_ms']} ms; loadPyodide: {py['host'].get('load_ms')} ms"]
    for name, data in (("CPython", cp), ("Pyodide", py)):
        e = data.get("all_3x3")
        if e:
            out.append(f"- all 181,440 3x3 states, {name}: median {e['median_ms']} ms, p99 {e['p99_ms']} ms, "
                       f"max {e['max_ms']} ms, over 10 ms {e['over_target']} "
                       f"(after best-of-3 re-timing: {e['over_target_after_retime']}), "
                       f"length mismatches {e['mismatch_count']}")
    write_results("search-runtimes", out)
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
