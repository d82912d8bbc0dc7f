#!/usr/bin/env bash
# Runs a cross-rank allreduce of allreduce.mlir with one algorithm and
# checks it:
#   allreduce.sh TINY_RUN ALGORITHM NP
# `mpirun -np NP tiny-run --allreduce=ALGORITHM --print-rank-bytes` on the
# program with two devices on each rank, and tiny-run alone on the same
# program with the devices renamed to 2 NP devices of one process. The
# results (one per device) must match numpy's, and each other, as
# allreduce_check.py says; the bytes each rank sent to each other rank
# must be the ones the algorithm sends (computed by hand there).
set -euo pipefail
here="$(dirname "$0")"
source "$here/mpirun.sh"
tiny_run="$(realpath "$1")" algorithm="$2" np="$3"
unset TEST_PREMATURE_EXIT_FILE
py=/usr/bin/python3
dir="$TMPDIR/allreduce-$algorithm-$np"
mkdir -p "$dir"
entry=$([ "$np" -eq 2 ] && echo two_ranks || echo three_ranks)
devices=$((2 * np))

# Inputs: one row of 130 floats per device, from a fixed seed.
"$py" -c "
import numpy as np
x = np.random.default_rng(18).uniform(-4, 4, ($devices, 130)).astype(np.float32)
for k in range($devices): np.save('$dir/x%d.npy' % k, x[k])"
inputs=() local=() ranks=()
for ((k = 0; k < devices; k++)); do
  inputs+=(-i "$dir/x$k.npy")
  local+=(-o "$dir/local$k.npy")
  ranks+=(-o "$dir/ranks$k.npy")
done
# "CPU:K@R" is device 2R + K of one process.
"$py" -c "
import re, sys
text = open(sys.argv[1]).read()
def local(m):
    return '\"CPU:%d\"' % (2 * int(m.group(2) or 0) + int(m.group(1) or 0))
print(re.sub(r'\"CPU(?::(\d+))?(?:@(\d+))?\"', local, text), end='')
" "$here/allreduce.mlir" >"$dir/local.mlir"

"$tiny_run" "$dir/local.mlir" --entry="$entry" --allreduce="$algorithm" \
  "${inputs[@]}" "${local[@]}"

timeout 120 bash -c 'source "$0"; tiny_mpirun "$@"' "$here/mpirun.sh" "$np" \
  "$tiny_run" "$here/allreduce.mlir" --entry="$entry" \
  --allreduce="$algorithm" "${inputs[@]}" "${ranks[@]}" --mpi-timeout=20 \
  --print-rank-bytes >"$dir/bytes.txt"
cat "$dir/bytes.txt"
"$py" "$here/allreduce_check.py" "$algorithm" "$np" "$dir"

# The counters are MPI's: alone, the flag is refused with a reason.
if "$tiny_run" "$dir/local.mlir" --entry="$entry" "${inputs[@]}" \
  --print-rank-bytes >"$dir/alone.txt" 2>&1; then
  echo "FAIL: --print-rank-bytes ran without MPI"
  exit 1
fi
grep -qF -- "--print-rank-bytes counts the bytes between MPI ranks: run under mpirun, or give --mpi" \
  "$dir/alone.txt" || { echo "FAIL: no reason given"; cat "$dir/alone.txt"; exit 1; }
echo "OK: --print-rank-bytes alone is refused"
