"""`import tiny.tinygrad`: tinygrad as a frontend of tiny.

A thin shim over the package in frontends/tinygrad (tiny_tinygrad) of this
checkout: realize(*tensors), enable(), disable(), export(*tensors). tinygrad
itself must be importable (PYTHONPATH, or $TINYGRAD_PATH).
"""

import os
import sys

_FRONTEND = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "frontends", "tinygrad")
if os.path.isdir(_FRONTEND) and _FRONTEND not in sys.path:
    sys.path.append(_FRONTEND)
_TINYGRAD = os.environ.get("TINYGRAD_PATH")
if _TINYGRAD and _TINYGRAD not in sys.path:
    sys.path.append(_TINYGRAD)

from tiny_tinygrad import (ExportError, disable, enable, enabled,  # noqa: E402
                           export, realize, stats)

__all__ = ["ExportError", "disable", "enable", "enabled", "export",
           "realize", "stats"]
