"""Finds tinygrad's source for the tests: $TINYGRAD_PATH, else
../shared/tinygrad beside the checkout (where CI machines keep it). Puts it,
the tiny package and the frontend on sys.path; `TINYGRAD` is None (and
`REASON` says why) when it is absent."""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_FRONTEND = os.path.dirname(_HERE)
_ROOT = os.path.dirname(os.path.dirname(_FRONTEND))


def _find():
    path = os.environ.get("TINYGRAD_PATH")
    if path:
        return path if os.path.isdir(os.path.join(path, "tinygrad")) else None
    # The checkout (or, under Bazel, the real workspace the runfiles link
    # to), then its parent's shared/ folder.
    for root in (_ROOT, os.path.dirname(os.path.realpath(
            os.path.join(_ROOT, "README.md")))):
        candidate = os.path.join(os.path.dirname(root), "shared", "tinygrad")
        if os.path.isdir(os.path.join(candidate, "tinygrad")):
            return candidate
    return None


TINYGRAD = _find()
REASON = None if TINYGRAD else (
    "tinygrad not found: set TINYGRAD_PATH or keep its source at "
    "../shared/tinygrad beside the checkout")
for p in (TINYGRAD, os.path.join(_ROOT, "python"), _FRONTEND):
    if p and p not in sys.path:
        sys.path.insert(0, p)
