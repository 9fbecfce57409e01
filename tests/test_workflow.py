"""The GitHub Pages workflow: it runs the README's commands and publishes what build.py writes.

It cannot run here (no GitHub runner); what can be checked is checked: the file parses,
every action is one of GitHub's own, pinned to a full commit, the test job runs exactly
the README's test command (as CI does), the site is built by the README's build command
only after the tests pass, and the folder uploaded is the one build.py writes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def readme_commands() -> tuple[str, str]:
    """The README's two commands (build and serve; test), from its "Two commands" block."""
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Two commands.*?```sh\n(.*?)```", text, re.S)
    assert block, "the README has no 'Two commands' block"
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert len(commands) == 2, commands
    build, test = commands
    assert build.startswith("python3 build.py") and test.startswith("bash tests/"), commands
    return build, test


def workflow() -> dict[Any, Any]:
    doc = yaml.safe_load(WORKFLOW.read_text())
    assert isinstance(doc, dict)
    return doc


def runs(job: dict[str, Any]) -> list[str]:
    return [step["run"].strip() for step in job["steps"] if "run" in step]


def test_it_parses_and_runs_on_a_push_to_main() -> None:
    doc = workflow()
    on = doc.get("on", doc.get(True))  # YAML 1.1 reads a bare `on` as true
    assert on["push"]["branches"] == ["main"]
    assert set(doc["jobs"]) == {"test", "build", "deploy"}


def test_every_action_is_githubs_own_and_pinned_to_a_commit() -> None:
    uses = [step["uses"] for job in workflow()["jobs"].values() for step in job["steps"] if "uses" in step]
    assert uses
    for use in uses:
        assert re.fullmatch(r"actions/[a-z-]+@[0-9a-f]{40}", use), use
    names = {use.split("@")[0] for use in uses}
    assert {"actions/upload-pages-artifact", "actions/deploy-pages"} <= names


def test_the_tests_run_the_readme_command_and_gate_the_deploy() -> None:
    build, test = readme_commands()
    jobs = workflow()["jobs"]
    assert runs(jobs["test"]) == [test]
    assert (ROOT / ".ci" / "run").read_text().strip().endswith(f"exec {test}")
    assert jobs["build"]["needs"] == "test" and jobs["deploy"]["needs"] == "build"
    # The build job runs the README's build command without serving, and nothing else.
    assert runs(jobs["build"]) == [build.replace(" --serve", "")]


def test_the_artifact_is_the_folder_build_py_writes() -> None:
    sys.path.insert(0, str(ROOT))
    import build

    steps = workflow()["jobs"]["build"]["steps"]
    upload = [s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert len(upload) == 1
    assert (ROOT / upload[0]["with"]["path"]).resolve() == build.OUT.resolve()


def test_the_deploy_job_may_publish_and_nothing_else_may() -> None:
    doc = workflow()
    assert doc["permissions"] == {"contents": "read"}
    deploy = doc["jobs"]["deploy"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert "permissions" not in doc["jobs"]["test"] and "permissions" not in doc["jobs"]["build"]


def test_the_engine_variables_are_what_the_tests_launch() -> None:
    """The test job names its Chrome and Firefox in variables (Ubuntu's apt packages of both
    are snap stubs); tests/run.sh checks them and the fixtures launch them. WebKit needs no
    variable there: the test command installs webkit2gtk-driver and xvfb with apt."""
    sys.path.insert(0, str(ROOT))
    from tests.conftest import ENGINES

    env = workflow()["jobs"]["test"]["env"]
    run_sh = (ROOT / "tests" / "run.sh").read_text()
    for engine, variable in (("chromium", "NPUZZLE_CHROMIUM"), ("firefox", "NPUZZLE_FIREFOX")):
        assert env[variable].startswith("/"), variable
        assert ENGINES[engine].variable == variable
        assert f"need {variable} " in run_sh
    assert "NPUZZLE_WEBKIT_DRIVER" not in env  # installed by the test command, then found
    assert ENGINES["webkit"].variable == "NPUZZLE_WEBKIT_DRIVER"
    assert "need NPUZZLE_WEBKIT_DRIVER WebKitWebDriver webkit2gtk-driver" in run_sh and "missing+=(xvfb)" in run_sh
