"""The package's import graph: no cycle, no import hidden in a function to dodge one, and
the offline table builder out of everything the browser loads."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from sitebuild.archive import OFFLINE_ONLY, package_sources

from .helpers import ROOT

PACKAGE = ROOT / "npuzzle"
BUILDER = "npuzzle.pattern_db.builder"
LAZY_IMPORTS = {("npuzzle.pattern_db", BUILDER)}
"""The only imports a function may make: the offline builder, loaded when one of its names
is asked for (never by the browser, whose archive lacks it), not to dodge a cycle."""


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    in_function: bool
    type_only: bool


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports() -> list[Import]:
    """Every import of a package module by another, wherever it is written: at the top, in
    a function, or under ``if TYPE_CHECKING``. ``from .x import y`` counts as importing
    ``x.y`` when that is a module, else ``x``."""
    known = modules()
    found = []
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(), str(path))
        where: dict[ast.AST, tuple[bool, bool]] = {}

        def visit(node: ast.AST, in_function: bool, type_only: bool) -> None:
            for child in ast.iter_child_nodes(node):
                child_function = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
                child_type = type_only or (
                    isinstance(node, ast.If) and child in node.body and "TYPE_CHECKING" in ast.unparse(node.test))
                where[child] = (child_function, child_type)
                visit(child, child_function, child_type)

        visit(tree, False, False)
        for node, (in_function, type_only) in where.items():
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name.split(".")[0] == "npuzzle"]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    start = ".".join(base + ([node.module] if node.module else []))
                elif node.module and node.module.split(".")[0] == "npuzzle":
                    start = node.module
                else:
                    continue
                for alias in node.names:
                    sub = f"{start}.{alias.name}"
                    targets.append(sub if sub in known else start)
            for target in dict.fromkeys(targets):
                assert target in known, f"{name} imports {target}, which is not a module of the package"
                found.append(Import(name, target, in_function, type_only))
    return found


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle in the graph (its modules, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_graph_finder_sees_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_package_has_no_import_cycle() -> None:
    """Every import counts, even one written inside a function or for type checkers only
    (an import moved into a function to dodge a cycle still makes one)."""
    edges: dict[str, set[str]] = {}
    for found in imports():
        edges.setdefault(found.source, set()).add(found.target)
    assert len(edges) > 30  # the whole package was read
    assert "npuzzle.search.solver" not in edges["npuzzle.search.reduction"]
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


def test_no_function_imports_a_module_of_the_package_but_the_lazy_builder() -> None:
    inside = {(i.source, i.target) for i in imports() if i.in_function}
    assert inside == LAZY_IMPORTS


def reachable(start: str) -> set[str]:
    """The modules that importing ``start`` runs (imports at the top, not in functions nor
    for type checkers), and the packages above each."""
    edges: dict[str, set[str]] = {}
    for found in imports():
        if not found.in_function and not found.type_only:
            edges.setdefault(found.source, set()).add(found.target)
    seen: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]  # a module's packages load first
        todo += sorted(edges.get(name, ()))
    return seen


def test_the_browser_never_loads_the_offline_builder_or_the_command_line() -> None:
    """The worker imports npuzzle.webapi; nothing it loads imports the builder or the command
    line, and the package archive the browser downloads leaves them out (and holds all the rest)."""
    loaded = reachable("npuzzle.webapi")
    assert {"npuzzle.pattern_db", "npuzzle.pattern_db.bfs", "npuzzle.search.anytime"} <= loaded
    assert BUILDER not in loaded
    archive = {module_name(ROOT / name) for name in package_sources()}
    assert BUILDER not in archive
    assert OFFLINE_ONLY == {"npuzzle/pattern_db/builder.py", "npuzzle/cli.py", "npuzzle/__main__.py"}
    assert loaded <= archive
    assert set(modules()) - archive == {BUILDER, "npuzzle.cli", "npuzzle.__main__"}


def test_solving_through_the_web_api_never_imports_the_builder() -> None:
    """In a fresh interpreter: info, and a 3x3 solve with pattern databases built on demand."""
    script = (
        "import json, sys\n"
        "from npuzzle import pattern_db, webapi\n"
        "assert json.loads(webapi.handle(json.dumps({'op': 'info'})))['ok']\n"
        "pattern_db._BUILT.clear()\n"
        "answer = json.loads(webapi.handle(json.dumps({'op': 'solve', 'board': '8 6 7 / 2 5 4 / 3 0 1',"
        " 'algorithm': 'idastar', 'heuristic': 'pdb', 'budget_ms': 1000})))\n"
        "while answer['type'] == 'progress':\n"
        "    answer = json.loads(webapi.handle(json.dumps({'op': 'step', 'job': answer['job'], 'budget_ms': 1000})))\n"
        "assert answer['type'] == 'result' and answer['result']['length'] == 31, answer\n"
        "assert pattern_db._BUILT, 'the 3x3 tables were built on demand'\n"
        f"print({BUILDER!r} in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_the_builder_names_are_still_handed_out_by_the_package() -> None:
    from npuzzle import pattern_db
    from npuzzle.pattern_db import builder

    assert pattern_db.excess_table is builder.excess_table
    assert pattern_db.build_pattern_set is builder.build_pattern_set
    assert pattern_db.manhattan_table is builder.manhattan_table
    assert callable(pattern_db.build_shipped_tables)


# -- bench/ under the same rule ------------------------------------------------------

BENCH = ROOT / "bench"
BENCH_LAZY = {("vs_slidingpuzzle", "korf100")}
"""The only bench modules a function may import: korf100 imports the package at its top, and
vs_slidingpuzzle's ``--worker`` runs in slidingpuzzle's own venv, which has no npuzzle (the
reason is the worker, not a cycle: every import counts in the cycle test below)."""


def bench_imports() -> list[Import]:
    """Every import of a bench module by another (a script's folder is on its path, so
    ``import common`` and ``from korf100 import ...``), wherever it is written."""
    known = {path.stem for path in BENCH.glob("*.py")}
    found = []
    for path in sorted(BENCH.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        functions = [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
        inside = {id(inner) for function in functions for inner in ast.walk(function)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                targets = [node.module]
            else:
                continue
            for target in targets:
                if target in known:
                    found.append(Import(path.stem, target, id(node) in inside, False))
    return found


def test_bench_has_no_import_cycle_and_no_import_hidden_in_a_function() -> None:
    """The package's rule for bench/ too: an import inside a function still counts, and a
    function imports a bench module only for a reason written in BENCH_LAZY."""
    found = bench_imports()
    edges: dict[str, set[str]] = {}
    for imp in found:
        edges.setdefault(imp.source, set()).add(imp.target)
    assert len(edges) > 10 and "common" in edges["anytime"]  # the folder was read
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])
    assert {(i.source, i.target) for i in found if i.in_function} == BENCH_LAZY


def test_bench_imports_only_names_the_package_has() -> None:
    """Every ``from npuzzle... import name`` in bench/ names something that exists (bench has
    no tests of its own to catch a name moved or removed)."""
    import importlib

    missing = []
    for path in sorted(BENCH.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "npuzzle":
                module = importlib.import_module(node.module)
                missing += [f"{path.name}: {node.module}.{a.name}" for a in node.names
                            if not hasattr(module, a.name) and f"{node.module}.{a.name}" not in modules()]
    assert not missing
