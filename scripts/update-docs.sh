#!/usr/bin/env bash
# Regenerates the reference pages in docs/reference/ from ODS (the tiny
# dialect's ops, attributes, types and enums; the passes of passes/ and
# conversions/) with mlir-tblgen, through the build (//docs:reference), and
# copies them into the tree. //docs:reference_current fails until they are
# refreshed after a .td change.
set -euo pipefail
cd "$(dirname "$0")/.."
bazel build //docs:reference
bin="$(bazel info bazel-bin)"
for page in TinyDialect Passes ConversionPasses; do
  install -m 644 "$bin/docs/generated/$page.md" "docs/reference/$page.md"
  echo "docs/reference/$page.md"
done
