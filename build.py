#!/usr/bin/env python3
"""Build the static site into dist/ and, with --serve, serve it on 127.0.0.1.

    python3 build.py            # build dist/
    python3 build.py --serve    # build, then serve http://127.0.0.1:8000/

The steps are the modules of sitebuild/ (its docstring says what the site holds).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sitebuild.bytecode import STDLIB_PYC
from sitebuild.server import serve
from sitebuild.site import OUT, build


def main(argv: list[str] | None = None) -> int:
    """Command line of build.py."""
    parser = argparse.ArgumentParser(description="Build (and optionally serve) the npuzzle site.")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default dist/)")
    parser.add_argument("--serve", action="store_true", help="serve the site after building")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument("--stdlib-pyc", choices=STDLIB_PYC, default="imported",
                        help="standard-library modules shipped as bytecode: those the solver imports (default), all, "
                        "or none (Pyodide's stock zip; no Node needed)")
    args = parser.parse_args(argv)
    out = build(args.out.resolve(), args.stdlib_pyc)
    if args.serve:
        serve(out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
