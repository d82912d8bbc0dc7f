#!/usr/bin/env bash
# Runs tiny_tinygrad's tests under `bazel test` with Debian's Python, against
# the library Bazel built. tinygrad: $TINYGRAD_PATH (pass it with
# --test_env=TINYGRAD_PATH=...), else ../shared/tinygrad beside the real
# workspace, found through the runfiles' symlink to README.md (the sandbox
# hides the workspace's parent otherwise). Without tinygrad the tests skip
# and say why.
set -euo pipefail
cd "$(dirname "$0")"
if [[ -z "${TINYGRAD_PATH:-}" ]]; then
  workspace="$(dirname "$(readlink -f ../../README.md)")"
  if [[ -d "$workspace/../shared/tinygrad/tinygrad" ]]; then
    export TINYGRAD_PATH="$(cd "$workspace/../shared/tinygrad" && pwd)"
  fi
fi
export TINY_C_LIBRARY="$PWD/../../capi/libtiny_c.so"
export PYTHONPATH="$PWD:$PWD/../../python" PYTHONDONTWRITEBYTECODE=1
rc=0
/usr/bin/python3 -m pytest -q -rs -p no:cacheprovider tests || rc=$?
# Without tinygrad every test skips (pytest says so and why): pytest's
# "no tests collected" (5) is then a pass. With tinygrad it is a failure.
if [[ $rc == 5 && -z "${TINYGRAD_PATH:-}" ]]; then
  echo "tiny_tinygrad tests skipped: no tinygrad (TINYGRAD_PATH or ../shared/tinygrad)"
  rc=0
fi
exit $rc
