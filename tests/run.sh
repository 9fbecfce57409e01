#!/usr/bin/env bash
# The test command (README): installs everything the tests need on a fresh
# Debian machine with Python 3.11+ and Node 20, then runs every test, in every
# browser engine the machine can have.
#   bash tests/run.sh            # all tests, the engines in parallel (see 5.)
#   bash tests/run.sh -k board   # extra arguments go to one pytest run, engines in turn
# Engines: NPUZZLE_CHROMIUM, NPUZZLE_FIREFOX and NPUZZLE_WEBKIT_DRIVER may name the
# executables (GitHub's Ubuntu runners: Google Chrome and Firefox, since Ubuntu's
# apt chromium and firefox are snap stubs); otherwise Debian's chromium,
# firefox-esr and webkit2gtk-driver (+ xvfb), installed if missing. An engine
# that cannot be had is skipped, and the end of the run says which and why.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# 1. The browser engines (Playwright cannot download its own browsers here).
#    A variable that names something not executable is a mistake: stop.
missing=()
need() { # need VARIABLE COMMAND PACKAGE
  local named="${!1:-}"
  if [ -n "$named" ]; then
    if [ ! -x "$named" ]; then
      echo "tests/run.sh: $1=$named is not an executable" >&2
      exit 2
    fi
  elif ! command -v "$2" >/dev/null 2>&1; then
    missing+=("$3")
  fi
}
need NPUZZLE_CHROMIUM chromium chromium
need NPUZZLE_FIREFOX firefox-esr firefox-esr
need NPUZZLE_WEBKIT_DRIVER WebKitWebDriver webkit2gtk-driver
if [ -z "${DISPLAY:-}" ] && ! command -v Xvfb >/dev/null 2>&1; then
  missing+=(xvfb) # WebKitGTK needs a display; the tests start an Xvfb of their own
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1; }; then
    echo "tests/run.sh: installing ${missing[*]}"
    as_root apt-get update -q || true
    for package in "${missing[@]}"; do # one at a time: one that cannot be had skips its engine only
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$package" \
        || echo "tests/run.sh: could not install $package; its engine's tests will be skipped" >&2
    done
  else
    echo "tests/run.sh: cannot install ${missing[*]} (no apt-get, or no root); their engines' tests will be skipped" >&2
  fi
fi

# 2. Pyodide, pinned by package-lock.json (build.py copies it into the site).
npm ci --no-audit --no-fund

# 3. Python test tools, pinned in pyproject.toml, in a project-local venv.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

# 4. Static type check of the package.
.venv/bin/python -m mypy
node --test tests/js/  # the page's JavaScript units that need no browser (URL codec, link state, player)

# 5. Every test. With extra arguments: one pytest run, as asked (engines in turn).
if [ "$#" -gt 0 ]; then
  exec .venv/bin/python -m pytest "$@"
fi

# Without: the engines in parallel on one built site (a 2-core machine would take
# about 30 minutes for them in turn). Two pytest runs at once: Firefox's page tests,
# and everything else (the Python tests, Chromium's and WebKit's page tests). Then
# the timing tests (how many ms the page takes to answer), alone, in each engine, so
# that the other run's load does not decide them. The end says, for each engine,
# whether it ran (or why not) and how long its tests took.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p test-results
.venv/bin/python build.py --out "$work/site/npuzzle" >/dev/null
export NPUZZLE_SITE="$work/site/npuzzle"
started=$SECONDS

echo "tests/run.sh: Firefox's page tests run alongside; their output follows (also in test-results/firefox.log)"
NPUZZLE_ONLY_ENGINES=firefox NPUZZLE_ENGINE_REPORT="$work/firefox.json" \
  .venv/bin/python -m pytest --browser firefox -m "not slow and not timing" -p no:cacheprovider --output test-results/playwright-firefox \
  >test-results/firefox.log 2>&1 &
firefox_pid=$!

status=0
NPUZZLE_ENGINE_REPORT="$work/main.json" \
  .venv/bin/python -m pytest --browser chromium -m "not slow and not timing" --output test-results/playwright-main 2>&1 | tee test-results/main.log \
  || status=$?
firefox_status=0
wait "$firefox_pid" || firefox_status=$?
echo
echo "==================== Firefox's page tests (test-results/firefox.log) ===================="
cat test-results/firefox.log
parallel=$((SECONDS - started))

echo
echo "==================== timing tests, alone, in each engine ===================="
timing_status=0
NPUZZLE_ENGINE_REPORT="$work/timing.json" \
  .venv/bin/python -m pytest -m "timing and not slow" -p no:cacheprovider --output test-results/playwright-timing 2>&1 | tee test-results/timing.log \
  || timing_status=$?

echo
echo "==================== browser engines (the three runs) ===================="
echo "parallel runs: ${parallel} s; everything: $((SECONDS - started)) s (seconds per engine: its tests' own time)"
reports=()
for name in main firefox timing; do
  if [ -f "$work/$name.json" ]; then reports+=("$work/$name.json"); fi
done
.venv/bin/python - "${reports[@]}" <<'PY'
import json, sys
from tests.conftest import engine_lines
print("\n".join(engine_lines([json.load(open(path)) for path in sys.argv[1:]])))
PY
# The three runs' closing lines, as pytest wrote them.
for name in main firefox timing; do
  tail -n 1 "test-results/$name.log"
done
# 5 (no test collected) is not a failure of a run that selects by engine or marker.
for code in "$status" "$firefox_status" "$timing_status"; do
  if [ "$code" -ne 0 ] && [ "$code" -ne 5 ]; then exit "$code"; fi
done
