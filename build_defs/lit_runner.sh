#!/usr/bin/env bash
# Runs one lit test file under `bazel test`.
# Usage: lit_runner.sh TEST_FILE TOOL...
# Each TOOL's directory goes on lit's PATH, after which the system LLVM tools
# (FileCheck, not, count, split-file) come.
set -euo pipefail
test_file="$1"
shift
paths=()
for tool in "$@"; do
  paths+=(--path "$(cd "$(dirname "$tool")" && pwd)")
done
export FILECHECK_OPTS="--enable-var-scope"
exec /usr/lib/llvm-22/bin/lit -v "${paths[@]}" --path /usr/lib/llvm-22/bin \
  "$test_file"
