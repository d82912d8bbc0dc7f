#!/usr/bin/env bash
# Smoke run of bench-kernels: small sizes, result checks on. Where tinygrad
# is there ($TINYGRAD_PATH or ../shared/tinygrad beside the checkout), its
# column must come out: no failed kernel, no failed script. Timings are
# printed, never asserted.
#   quick.sh BENCH_KERNELS TINYGRAD_KERNELS_PY
set -uo pipefail
output=$("$1" --quick --scaling --tinygrad-script="$2")
status=$?
echo "$output"
if [[ $status -ne 0 ]]; then
  exit "$status"
fi
# The second grep reads all its input (no -q) so the first never dies of
# SIGPIPE, which under pipefail would make this test pass on a failure.
if grep -E '^tinygrad: absent' <<<"$output" | grep -v 'no tinygrad checkout' >/dev/null; then
  echo "quick.sh: tinygrad is there but its column failed" >&2
  exit 1
fi
# --scaling's rows: each size up to 256 on one thread.
for n in 64 128 256; do
  if ! grep -qE "^matmul +${n}\^3 f32 +1 " <<<"$output"; then
    echo "quick.sh: no one-thread scaling row for ${n}^3" >&2
    exit 1
  fi
done
# The memory-bound rows, each checked against a loop in double.
for kernel in chain softmax layernorm; do
  if ! grep -qE "^${kernel} +[0-9x]+ f32 " <<<"$output"; then
    echo "quick.sh: no ${kernel} row" >&2
    exit 1
  fi
done
# The matmul shapes' rows (small ones with --quick), each checked against
# sgemm: a row per shape on one thread.
for row in 'matmul +100\^3' 'matmul +256x16x256' 'bmm +4x32\^3' 'gemv +1x256x256'; do
  if ! grep -qE "^${row} f32 +1 " <<<"$output"; then
    echo "quick.sh: no one-thread shapes row '${row}'" >&2
    exit 1
  fi
done
if grep -qE '^tinygrad [a-z_]+ [0-9]+: ' <<<"$output"; then
  echo "quick.sh: a kernel failed in tinygrad" >&2
  exit 1
fi
# --pack-ab: the scaling table alone, each size also compiled with packing
# off (its pass option set, or the run fails) and checked against sgemm.
ab=$("$1" --quick --sizes=96 --pack-ab)
status=$?
echo "$ab"
if [[ $status -ne 0 ]]; then
  exit "$status"
fi
if ! grep -qE "^matmul +96\^3 f32 +1 .* [0-9.]+ +[0-9.]+ +load " <<<"$ab"; then
  echo "quick.sh: no --pack-ab row for 96^3" >&2
  exit 1
fi
