"""``python -m warbench``: the ``warbench`` command, for a checkout without its script."""

import sys

from warbench.cli import main

sys.exit(main())
