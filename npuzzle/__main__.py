"""``python -m npuzzle``: see npuzzle.cli."""

import sys

from .cli import main

sys.exit(main())
