#!/usr/bin/env bash
# Smoke run of bench-conv: three batch-1 shapes, each checked against
# oneDNN, on one thread and on two. Timings are printed, never asserted.
#   conv_quick.sh BENCH_CONV
set -uo pipefail
output=$("$1" --quick)
status=$?
echo "$output"
if [[ $status -ne 0 ]]; then
  exit "$status"
fi
for shape in '1x1/2 256>512 @14' '3x3/2 128>256 @28' '3x3 512>512 @7'; do
  if ! grep -qE "^$shape +1 \|" <<<"$output"; then
    echo "conv_quick.sh: no row for $shape" >&2
    exit 1
  fi
done
