"""Tests of the spendline package, run with the standard library only:

    python3 -m unittest discover -s sdks/python/tests -t sdks/python

The package is imported from ``src/`` (nothing needs installing); an installed copy is not used.
"""

import os
import sys

_SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
if _SRC not in sys.path:
    sys.path.insert(0, _SRC)

# The client logs every undelivered batch as a warning; the tests assert on the listener instead.
import logging  # noqa: E402

logging.getLogger("spendline").addHandler(logging.NullHandler())
logging.getLogger("spendline").propagate = False
