#!/usr/bin/env bash
# The main job: install what is missing, build the tools, then compile the
# example program through the whole pipeline (-tiny-to-llvm: simplify,
# rangeify, scf, LLVM) and run it on the CPU with the JIT, printing the
# kernel schedule and the result.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
bazel build //tools/tiny-opt //tools/tiny-run //capi:libtiny_c.so
echo "== kernels of examples/scale_add.mlir"
bazel-bin/tools/tiny-opt/tiny-opt examples/scale_add.mlir -tiny-simplify \
  -tiny-rangeify -tiny-print-schedule -o /dev/null
echo "== y = reshape(x, (2, 3)) * 2 + 1 for x = 1..6"
bazel-bin/tools/tiny-run/tiny-run examples/scale_add.mlir -i 1,2,3,4,5,6
