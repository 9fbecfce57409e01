#!/usr/bin/env bash
# The test command (README): installs what the tests need and is missing on a fresh Debian
# machine with Python 3.11+ and Node 20, then runs the tests.
#   bash tests/run.sh                # everything: the fast tier, then the page tests in every engine
#   bash tests/run.sh --fast         # the fast tier: every test that needs no browser, builds
#                                    # nothing from scratch (marker from_scratch: the site, the
#                                    # bytecode, a shipped table) and is not marked thorough (a
#                                    # proof over every state, fuzzing, long searches: seconds
#                                    # each), mypy and the Node tests; installs no browser
#   bash tests/run.sh --fast -k cli  # the fast tier, its pytest run narrowed
#   bash tests/run.sh -k board       # extra arguments: one pytest run, as asked (engines in turn)
# Nothing is installed that is already there: the browsers only when missing (never for --fast),
# `npm ci` only when node_modules/ does not hold what package-lock.json pins, pip only when
# .venv/ lacks the stamp of pyproject.toml's test pins.
# Engines: NPUZZLE_CHROMIUM, NPUZZLE_FIREFOX and NPUZZLE_WEBKIT_DRIVER may name the
# executables (GitHub's Ubuntu runners: Google Chrome and Firefox, since Ubuntu's apt
# chromium and firefox are snap stubs); otherwise Debian's chromium, firefox-esr and
# webkit2gtk-driver (+ xvfb), installed if missing. An engine that cannot be had is skipped,
# and the end of the run says which and why.
# NPUZZLE_TEST_WORKERS: the fast tier's pytest processes (pytest-xdist; default: one per CPU).
set -euo pipefail
cd "$(dirname "$0")/.."

fast=0
if [ "${1:-}" = "--fast" ]; then
  fast=1
  shift
fi

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# 1. The browser engines (Playwright cannot download its own browsers here); not for --fast.
#    A variable that names something not executable is a mistake: stop.
if [ "$fast" -eq 0 ]; then
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
fi

# 2. Pyodide, CodeMirror, esbuild, axe-core, pinned by package-lock.json: `npm ci` only when
#    node_modules/ does not hold them (npm's own record of what it installed,
#    node_modules/.package-lock.json, against the lock: every package this machine installs,
#    at its version and integrity, and nothing else).
npm_installed() {
  node - <<'JS'
const fs = require("fs");
const read = (path) => { try { return JSON.parse(fs.readFileSync(path, "utf8")).packages; } catch { return null; } };
const want = read("package-lock.json"), have = read("node_modules/.package-lock.json");
const here = (e) => (!e.os || e.os.includes(process.platform)) && (!e.cpu || e.cpu.includes(process.arch));
let ok = Boolean(want && have);
for (const [path, entry] of Object.entries(ok ? want : {})) {
  if (path === "" || (entry.optional && !here(entry))) continue;
  const got = have[path];
  ok &&= Boolean(got) && got.version === entry.version && (!entry.integrity || got.integrity === entry.integrity)
    && fs.existsSync(`${path}/package.json`);
}
for (const path of Object.keys(ok ? have : {})) ok &&= path in want;
process.exit(ok ? 0 : 1);
JS
}
if ! npm_installed; then
  npm ci --no-audit --no-fund
fi

# 3. Python test tools, pinned in pyproject.toml, in a project-local venv: pip only when the
#    venv's stamp is not that of the test pins (and this Python).
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
pins="$(.venv/bin/python - <<'PY'
import hashlib, sys, tomllib
with open("pyproject.toml", "rb") as f:
    pins = tomllib.load(f)["project"]["optional-dependencies"]["test"]
print(hashlib.sha256("\n".join([sys.version, *sorted(pins)]).encode()).hexdigest())
PY
)"
stamp=.venv/npuzzle-test-pins
if [ "$(cat "$stamp" 2>/dev/null)" != "$pins" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
  echo "$pins" >"$stamp"
fi

# Extra arguments (without --fast): one pytest run, as asked (engines in turn).
if [ "$fast" -eq 0 ] && [ "$#" -gt 0 ]; then
  exec .venv/bin/python -m pytest "$@"
fi

# 4. The fast tier: mypy and the Node tests, beside every test that needs no browser
#    (pytest-xdist: one process per CPU; a file's tests that share a module-scoped fixture
#    go to one process, which makes it once). Browser tests are marked by tests/conftest.py.
fast_tier() { # fast_tier MARKERS [PYTEST ARGUMENTS...]
  local markers="$1" started=$SECONDS work status=0 mypy_status=0 node_status=0
  shift
  work="$(mktemp -d)"
  .venv/bin/python -m mypy >"$work/mypy.log" 2>&1 &
  local mypy_pid=$!
  node --test tests/js/ >"$work/node.log" 2>&1 &  # the page's JavaScript units that need no browser
  local node_pid=$!
  # (--output: pytest-playwright empties its output folder at the start of every run; this
  # one's is its own, so the page tests' logs and artifacts in test-results/ stay.)
  .venv/bin/python -m pytest -n "${NPUZZLE_TEST_WORKERS:-auto}" --dist loadgroup -m "$markers" \
    --output test-results/playwright-fast "$@" || status=$?
  wait "$mypy_pid" || mypy_status=$?
  wait "$node_pid" || node_status=$?
  echo "==================== mypy ===================="
  cat "$work/mypy.log"
  echo "==================== node --test tests/js/ ===================="
  if [ "$node_status" -ne 0 ]; then cat "$work/node.log"; else grep -E '^# (tests|pass|fail)' "$work/node.log" || true; fi
  rm -rf "$work"
  echo "tests/run.sh: fast tier: pytest exit $status, mypy exit $mypy_status, node exit $node_status, $((SECONDS - started)) s"
  if [ "$status" -eq 5 ]; then status=0; fi # no test selected (-k matched none) is not a failure
  for code in "$status" "$mypy_status" "$node_status"; do
    if [ "$code" -ne 0 ]; then return "$code"; fi
  done
  return 0
}

if [ "$fast" -eq 1 ]; then
  fast_status=0
  fast_tier "not browser and not slow and not from_scratch and not thorough" "$@" || fast_status=$?
  exit "$fast_status"
fi

# Everything: the site built once, for the fast tier's build tests and every engine's page tests.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
.venv/bin/python build.py --out "$work/site/npuzzle" >/dev/null
export NPUZZLE_SITE="$work/site/npuzzle"

fast_status=0
fast_tier "not browser and not slow" || fast_status=$?  # the tests that build from scratch too
mkdir -p test-results

# 5. The page tests, in every engine: two pytest runs at once (a 2-core machine would take
#    twice as long for them in turn): Firefox's, and Chromium's with WebKit's core set. The
#    end says, for each engine, whether it ran (or why not) and how long its tests took.
started=$SECONDS

echo "tests/run.sh: Firefox's page tests run alongside; their output follows (also in test-results/firefox.log)"
NPUZZLE_ONLY_ENGINES=firefox NPUZZLE_ENGINE_REPORT="$work/firefox.json" \
  .venv/bin/python -m pytest --browser firefox -m "browser and not slow" -p no:cacheprovider --output test-results/playwright-firefox \
  >test-results/firefox.log 2>&1 &
firefox_pid=$!

status=0
NPUZZLE_ENGINE_REPORT="$work/main.json" \
  .venv/bin/python -m pytest --browser chromium -m "browser and not slow" --output test-results/playwright-main 2>&1 | tee test-results/main.log \
  || status=$?
firefox_status=0
wait "$firefox_pid" || firefox_status=$?
echo
echo "==================== Firefox's page tests (test-results/firefox.log) ===================="
cat test-results/firefox.log

echo
echo "==================== browser engines (the two runs) ===================="
echo "page tests: $((SECONDS - started)) s (seconds per engine: its tests' own time)"
reports=()
for name in main firefox; do
  if [ -f "$work/$name.json" ]; then reports+=("$work/$name.json"); fi
done
.venv/bin/python - "${reports[@]}" <<'PY'
import json, sys
from tests.conftest import engine_lines
print("\n".join(engine_lines([json.load(open(path)) for path in sys.argv[1:]])))
PY
# The runs' closing lines, as pytest wrote them.
echo "fast tier: $([ "$fast_status" -eq 0 ] && echo passed || echo "FAILED (exit $fast_status)")"
for name in main firefox; do
  tail -n 1 "test-results/$name.log"
done
# 5 (no test collected) is not a failure of a run that selects by engine or marker.
if [ "$fast_status" -ne 0 ]; then exit "$fast_status"; fi
for code in "$status" "$firefox_status"; do
  if [ "$code" -ne 0 ] && [ "$code" -ne 5 ]; then exit "$code"; fi
done
