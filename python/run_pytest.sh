#!/usr/bin/env bash
# Runs the Python package's tests under `bazel test` with Debian's Python
# (which has numpy and pytest), against the library Bazel built.
set -euo pipefail
cd "$(dirname "$0")"
export TINY_C_LIBRARY="$PWD/../capi/libtiny_c.so"
export PYTHONPATH="$PWD" PYTHONDONTWRITEBYTECODE=1
exec /usr/bin/python3 -m pytest -q -p no:cacheprovider tests
