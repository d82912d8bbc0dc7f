#!/usr/bin/env bash
# The main job: install what is missing, build tiny-opt, and run the example
# program through it, printing the verified, canonicalized IR.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
bazel build //tools/tiny-opt
bazel-bin/tools/tiny-opt/tiny-opt --canonicalize examples/scale_add.mlir
