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
exec /usr/bin/python3 -m pytest -q -rs -p no:cacheprovider tests
