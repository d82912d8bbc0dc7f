#!/usr/bin/env bash
# Runs bench-rewrite and, when TINYGRAD_PATH names a tinygrad checkout, the
# same graphs through tinygrad's graph_rewrite(sink, symbolic), then prints
# tiny's ops/s over tinygrad's per size.
#
#   bench/rewrite/run.sh [--max-ops=N] [--shape=chain|wide|both] [--reps=K]
#   TINYGRAD_PATH=/path/to/tinygrad bench/rewrite/run.sh
#
# The flags go to both programs. BENCH_REWRITE_BIN names a built
# bench-rewrite to use instead of building one with Bazel.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

bin=${BENCH_REWRITE_BIN:-}
if [[ -z $bin ]]; then
  (cd "$root" && bazel build //bench/rewrite:bench-rewrite)
  bin=$root/bazel-bin/bench/rewrite/bench-rewrite
fi

results=$(mktemp)
trap 'rm -f "$results"' EXIT
"$bin" "$@" | tee "$results"

if [[ -n ${TINYGRAD_PATH:-} ]]; then
  echo
  py_args=()
  for arg in "$@"; do
    case $arg in
      --max-ops=*|--shape=*|--reps=*) py_args+=("$arg") ;;
    esac
  done
  python3 "$here/tinygrad_rewrite.py" --tiny-results "$results" "${py_args[@]}"
else
  echo
  echo "TINYGRAD_PATH is not set: no tinygrad comparison."
fi
