"""docs/speed.md is generated from bench/results/ by bench/speed_doc.py and kept current."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "speed_doc.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_docs_speed_matches_the_results() -> None:
    done = run("--check")
    assert done.returncode == 0, done.stderr


def test_check_fails_on_a_page_edited_by_hand(tmp_path: Path) -> None:
    page = tmp_path / "speed.md"
    page.write_text((ROOT / "docs" / "speed.md").read_text().replace("Speed", "Speedy", 1))
    done = run("--check", "--out", str(page))
    assert done.returncode == 1
    assert "python bench/speed_doc.py" in done.stderr and "Speedy" in done.stderr


def test_a_changed_result_changes_the_page(tmp_path: Path) -> None:
    results = tmp_path / "results"
    shutil.copytree(ROOT / "bench" / "results", results)
    page = tmp_path / "speed.md"
    assert run("--results", str(results), "--out", str(page)).returncode == 0
    assert page.read_text() == (ROOT / "docs" / "speed.md").read_text()

    stem = results / "korf100-cpython.json"
    rows = json.loads(stem.read_text())
    rows[0]["expanded"] += 100 * len(rows)  # the mean grows by exactly 100
    stem.write_text(json.dumps(rows))
    done = run("--check", "--results", str(results), "--out", str(page))
    assert done.returncode == 1
    assert "139,367 (282,425)" in done.stderr
    assert run("--results", str(results), "--out", str(page)).returncode == 0
    assert "| CPython, blank-first goal | 139,367 (282,425) |" in page.read_text()


def test_a_missing_results_file_is_named(tmp_path: Path) -> None:
    results = tmp_path / "results"
    shutil.copytree(ROOT / "bench" / "results", results)
    (results / "tree-browser.json").unlink()
    done = run("--results", str(results), "--out", str(tmp_path / "speed.md"))
    assert done.returncode != 0
    assert "tree-browser.json is missing" in done.stderr
