#!/usr/bin/env bash
# Smoke run of bench-lowp at 256^3: bf16 and f16, each checked against
# sgemm on the widened inputs (the benchmark stops on a mismatch), on one
# thread and on two. Timings are printed, never asserted.
#   lowp_quick.sh BENCH_LOWP
set -uo pipefail
output=$("$1" --quick)
status=$?
echo "$output"
if [[ $status -ne 0 ]]; then
  exit "$status"
fi
for type in bf16 f16 bf16t f16t; do
  if ! grep -qE "^$type +256\^3 +1 \|" <<<"$output"; then
    echo "lowp_quick.sh: no 1-thread row for $type" >&2
    exit 1
  fi
done
# Bad arguments get a usage message and a failing status, not a run.
for bad in --size=7 --size=x --print-program=f64 --nonsense; do
  if "$1" "$bad" >/dev/null 2>&1; then
    echo "lowp_quick.sh: $bad was accepted" >&2
    exit 1
  fi
done
