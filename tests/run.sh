#!/usr/bin/env bash
# The test command (README): installs everything the tests need on a fresh
# Debian machine with Python 3.11+ and Node 20, then runs every test.
#   bash tests/run.sh            # all tests
#   bash tests/run.sh -k board   # extra arguments go to pytest
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# 1. A real Chromium. NPUZZLE_CHROMIUM may name one (GitHub's Ubuntu runners:
#    Google Chrome, since Ubuntu's apt chromium is a snap stub); otherwise Debian's
#    chromium, installed if missing (Playwright cannot download its own browser here).
if [ -n "${NPUZZLE_CHROMIUM:-}" ]; then
  if [ ! -x "$NPUZZLE_CHROMIUM" ]; then
    echo "tests/run.sh: NPUZZLE_CHROMIUM=$NPUZZLE_CHROMIUM is not an executable" >&2
    exit 2
  fi
elif ! command -v chromium >/dev/null 2>&1; then
  echo "tests/run.sh: installing Debian's chromium"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi

# 2. Pyodide, pinned by package-lock.json (build.py copies it into the site).
npm ci --no-audit --no-fund

# 3. Python test tools, pinned in pyproject.toml, in a project-local venv.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

# 4. Static type check of the package, then every test (the browser tests build
#    and serve the site themselves).
.venv/bin/python -m mypy
exec .venv/bin/python -m pytest "$@"
