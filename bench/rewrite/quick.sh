#!/usr/bin/env bash
# Smoke run of bench-rewrite: 10^3-op graphs, one run each; the program
# exits non-zero when the result does not verify or a rewrite did not fire.
set -euo pipefail
out=$("$1" --max-ops=1000 --reps=1)
echo "$out"
# Both shapes report a result line.
grep -q '^RESULT shape=chain ' <<<"$out"
grep -q '^RESULT shape=wide ' <<<"$out"
# So does the arith reference, which ends with as many ops as tiny.
grep -q '^ARITH shape=chain ' <<<"$out"
grep -q '^ARITH shape=wide ' <<<"$out"
