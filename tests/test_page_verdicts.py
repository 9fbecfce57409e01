"""A verdict the checked code cannot write (issue 35): a link's code that replaces everything it
can reach in its own interpreter (the check's classes, h's wrapper, builtins, sys.modules, the
distance table in memory) changes neither the verdict on other code checked later in the same
tab, nor its own verdict beyond the values it answers. Each code runs in a worker of its own,
and the verdict is made by the solver's worker from h's values
(web/custom/code-runner.js, npuzzle/custom/check.py's judge_check).

The oracle is CPython's own check of the same text (``check_heuristic``), which is what a fresh
tab shows; before the fix, the second check in the tab said "admissible ... on all 181,440
states" of a heuristic that overestimates on 181,439 of them."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from npuzzle import Board
from npuzzle.custom import check_heuristic, load_heuristic

from .pages import HARD, check, open_link, packed_code, write

pytestmark = pytest.mark.browser

FORGED = ("admissible: h never exceeds the true distance on all 181,440 states; consistent: no move lowers h by "
          "more than 1 (483,840 moves checked)")

HOSTILE = f'''"""Looks like the Manhattan distance; replaces what it can reach first."""
import builtins, sys
import npuzzle.custom.check as check
import npuzzle.custom.heuristic as heuristic
import npuzzle.distance_table as tables
from npuzzle import Board

FORGED = {FORGED!r}
check.CheckResult.verdict = lambda self: FORGED
check.CheckResult.admissible = property(lambda self: True)
check.CheckResult.consistent = property(lambda self: True)
check.CheckResult.overestimates = 0
heuristic.UserHeuristic.__call__ = lambda self, tiles, goal, rows, cols: 0   # every later h says 0
check._Tally.overestimate = lambda self, *args: None
check._Tally.inconsistent_edge = lambda self, *args: None
table = tables.distance_table(Board.goal(3, 3))
while not table.complete:
    table.grow(100000)
for rank in range(len(table.distance)):
    table.distance[rank] = 200                                            # every board far away
real_max = builtins.max
builtins.max = lambda *args, **kw: 0 if args and args[0] == 0 else real_max(*args, **kw)
sys.modules["npuzzle.custom.check"] = check
sys.modules["json"].dumps = (lambda dumps: lambda value, *a, **k: dumps(value, *a, **k).replace('"admissible": false', '"admissible": true'))(sys.modules["json"].dumps)


def h(tiles, goal, rows, cols):
    total = 0
    for cell, tile in enumerate(tiles):
        if tile:
            at = goal.index(tile)
            total += abs(cell // cols - at // cols) + abs(cell % cols - at % cols)
    return total
'''

TWICE = ("def h(tiles, goal, rows, cols):\n    total = 0\n    for cell, tile in enumerate(tiles):\n        if tile:\n"
         "            at = goal.index(tile)\n            total += abs(cell // cols - at // cols) + abs(cell % cols - at % cols)\n"
         "    return 2 * total + 1\n")
"""Plainly inadmissible: over the true distance on every board but none."""


def fresh_verdict(code: str) -> str:
    """What a check of ``code`` says where nothing else ran: CPython's own check."""
    return check_heuristic(load_heuristic(code), Board.goal(3, 3)).verdict()


def run_link_code(app: Any) -> None:
    """Press the consent's Run (which checks the link's heuristic) and wait for its verdict."""
    consent = app.locator("#code-consent")
    expect(consent).to_be_visible(timeout=60_000)
    app.get_by_role("button", name="Run", exact=True).click()
    expect(app.locator("#check-result")).to_be_visible(timeout=120_000)


def test_a_link_s_code_cannot_forge_the_verdict_on_code_checked_after_it(app: Any, site_url: str) -> None:
    expected = fresh_verdict(TWICE)
    assert expected.startswith("not admissible: h exceeds the true distance on 165,734 of 181,440 boards")
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&hcode={packed_code(HOSTILE)}")
    run_link_code(app)
    # Its own verdict: the values it answered (every patch above ran in its own interpreter, after
    # the package made its answer's values; the judging ran elsewhere).
    own = app.locator("#check-verdict")
    expect(own).not_to_have_text("")
    # The visitor's own code, in the same tab: the verdict of a fresh tab.
    write(app, app.get_by_role("textbox", name="Your heuristic (Python)"), TWICE)  # (the link opened its part)
    result = check(app)
    expect(app.locator("#check-verdict")).to_have_text(expected, timeout=120_000)
    expect(result).to_have_attribute("data-admissible", "false")
    expect(result).to_have_attribute("data-states", "181440")


def test_a_second_link_in_the_same_tab_gets_its_own_verdict(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&hcode={packed_code(HOSTILE)}")
    run_link_code(app)
    app.goto(f"{site_url}#board={HARD}&goal=blank-last&hcode={packed_code(TWICE)}")
    expect(app.locator("#code-consent")).to_be_visible(timeout=60_000)
    app.get_by_role("button", name="Run", exact=True).click()
    expect(app.locator("#check-verdict")).to_have_text(fresh_verdict(TWICE), timeout=120_000)


ONE = "def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else 1\n"
HUNDRED = "def h(tiles, goal, rows, cols):\n    return 0 if tiles == goal else 100\n"


def test_a_second_link_opened_while_the_first_is_checked_gets_its_own_verdict(app: Any, site_url: str) -> None:
    """A red team's: link A's check still running (its worker still starting) when link B is
    opened and Run: B's code was shown with A's "admissible ... consistent"."""
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&hcode={packed_code(ONE)}")
    expect(app.locator("#code-consent")).to_be_visible(timeout=60_000)
    app.get_by_role("button", name="Run", exact=True).click()
    expect(app.locator("#check-status")).to_have_attribute("data-state", "checking")
    app.goto(f"{site_url}#board={HARD}&goal=blank-last&hcode={packed_code(HUNDRED)}")
    expect(app.locator("#code-consent")).to_be_visible(timeout=60_000)
    # Nothing of link A's check is left (issue 36): no verdict, no status, no progress.
    expect(app.locator("#check-status")).to_have_attribute("data-state", "")
    expect(app.locator("#check-status")).to_have_text("")
    expect(app.locator("#check-result")).to_be_hidden()
    expect(app.locator("#check-progress")).to_be_hidden()
    app.get_by_role("button", name="Run", exact=True).click()
    expect(app.locator("#check-verdict")).to_have_text(fresh_verdict(HUNDRED), timeout=120_000)
    expect(app.locator("#check-result")).to_have_attribute("data-admissible", "false")


def test_a_verdict_is_never_left_under_edited_code(app: Any, site_url: str) -> None:
    """A red team's: the code replaced while its check ran kept that check's verdict under it."""
    open_link(app, site_url, f"#board={HARD}&goal=blank-last&hcode={packed_code(ONE)}")
    run_link_code(app)
    expect(app.locator("#check-result")).to_have_attribute("data-admissible", "true")
    box = app.get_by_role("textbox", name="Your heuristic (Python)")
    # HUNDRED, slowed (a loop in each call): its check still runs when the code is edited
    # (plain HUNDRED's check could end first in Firefox: then "changed since its check").
    slow = HUNDRED.replace("):\n", "):\n    for _ in range(400):\n        pass\n", 1)
    write(app, box, slow)
    expect(app.locator("#check-result")).to_be_hidden()
    expect(app.locator("#check-status")).to_have_attribute("data-state", "stale")
    assert app.locator("#check-result").get_attribute("data-admissible") is None
    app.get_by_role("button", name="Check", exact=True).click()
    expect(app.locator("#check-progress")).to_be_visible()
    edited = ONE + "# edited while checked\n"
    write(app, box, edited)  # while it runs
    expect(app.locator("#check-status")).to_contain_text("Check stopped: the code changed while it was being checked")
    # Every verdict shown from now on, until the edited code's own check has ended.
    app.evaluate("""() => {
      window.__verdicts = [];
      const result = document.getElementById("check-result"), verdict = document.getElementById("check-verdict");
      new MutationObserver(() => { if (!result.hidden) window.__verdicts.push(verdict.textContent); })
        .observe(result, { attributes: true, childList: true, subtree: true, characterData: true });
    }""")
    app.get_by_role("button", name="Check", exact=True).click()
    expect(app.locator("#check-verdict")).to_have_text(fresh_verdict(edited), timeout=120_000)
    assert set(app.evaluate("window.__verdicts")) == {fresh_verdict(edited)}


FORGER = '''
import copy, sys
webapi = sys.modules["npuzzle.webapi"]
answer = webapi.handle_dict


def forged(request):
    reply = copy.deepcopy(answer(request))
    if reply.get("type") == "comparison":
        for row in reply["results"]:
            if row.get("algorithm") == "bfs":
                row.update(tiles=[1, 2], moves="UU", length=2, quality_short="yes (proven)")  # illegal here
    result = reply.get("result")
    if reply.get("type") == "result" and isinstance(result, dict) and result.get("length") == 1:
        # a legal detour of 3 moves, with a forged lower bound that calls it shortest
        result.update(tiles=[6, 6, 6], moves="DUD", length=3, lower_bound=3, bound=3, factor=1.0)
    return reply


webapi.handle_dict = forged


def h(tiles, goal, rows, cols):
    return sum(1 for i, t in enumerate(tiles) if t and t != goal[i])
'''
"""A second red team's: the code's worker rewrites the answers its package gives the page (a
comparison's row with illegal moves and a proof it has not; a solve's detour with a lower bound
that calls it shortest)."""
NEAR = "1,2,3,4,5,0,7,8,6"  # one move from the goal


def use_forger(app: Any, site_url: str) -> None:
    open_link(app, site_url, f"#board={NEAR}&goal=blank-last&hcode={packed_code(FORGER)}")
    run_link_code(app)
    app.get_by_role("button", name="Use in the Heuristic menu").click()
    expect(app.get_by_label("Heuristic", exact=True)).to_have_value("custom")


def test_a_forged_comparison_row_is_never_shown(app: Any, site_url: str) -> None:
    use_forger(app, site_url)
    app.locator("#compare").click()
    expect(app.locator("#status")).to_contain_text(
        "Could not compare: your code's worker answered with a comparison's row with moves that are not legal", timeout=120_000)
    assert "yes (proven)" not in app.locator("#compare-table").inner_text()


def test_a_forged_lower_bound_never_calls_a_detour_shortest(app: Any, site_url: str) -> None:
    use_forger(app, site_url)
    app.locator("#solve").click()
    status = app.locator("#status")
    expect(status).to_contain_text("Solved: 3 moves (2 moves longer than the shortest (1 move, the solver's exact distance))",
                                   timeout=120_000)
    assert "at least 3 moves" not in status.inner_text()
    assert "at least 3 moves" not in app.locator("#result").inner_text()
