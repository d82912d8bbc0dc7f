#!/usr/bin/env bash
# Runs the conformance harness's own tests (harness_selftest.py) under
# `bazel test` with Debian's Python; they need neither tinygrad nor tiny.
set -euo pipefail
cd "$(dirname "$0")"
export PYTHONDONTWRITEBYTECODE=1
exec /usr/bin/python3 -m pytest -q -p no:cacheprovider \
  --basetemp="${TEST_TMPDIR:-$(mktemp -d)}/pytest" harness_selftest.py
