"""``python -m checker.cli``: the same as ``rulekb``."""

import sys

from . import main

sys.exit(main())
