#!/usr/bin/env bash
# Runs an entry of spmd.mlir across ranks and checks it:
#   spmd.sh TINY_RUN ENTRY NP
# `mpirun -np NP tiny-run` on the program, whose devices live on several
# ranks ("CPU@R", docs/device-names.md), and tiny-run alone on the same
# program with local devices ("CPU:R"); both results must match numpy's
# (spmd_check.py) and each other, bit for bit. Exactly one rank, the
# owner of the result's device, prints the result.
set -euo pipefail
here="$(dirname "$0")"
source "$here/mpirun.sh"
tiny_run="$(realpath "$1")" entry="$2" np="$3"
unset TEST_PREMATURE_EXIT_FILE
py=/usr/bin/python3
dir="$TMPDIR/spmd-$entry-$np"
mkdir -p "$dir"

# The input: 1024 floats from a fixed seed.
"$py" -c "import numpy as np; np.save('$dir/x.npy', np.random.default_rng(18).uniform(-4, 4, 1024).astype(np.float32))"
sed -E 's/"CPU@([0-9]+)"/"CPU:\1"/g' "$here/spmd.mlir" >"$dir/local.mlir"

"$tiny_run" "$dir/local.mlir" --entry="$entry" -i "$dir/x.npy" -o "$dir/local.npy"
"$py" "$here/spmd_check.py" "$entry" "$dir/x.npy" "$dir/local.npy"

timeout 120 bash -c 'source "$0"; tiny_mpirun "$@"' "$here/mpirun.sh" "$np" \
  "$tiny_run" "$here/spmd.mlir" --entry="$entry" -i "$dir/x.npy" \
  -o "$dir/ranks.npy" --mpi-timeout=20
"$py" "$here/spmd_check.py" "$entry" "$dir/x.npy" "$dir/ranks.npy"
cmp "$dir/local.npy" "$dir/ranks.npy"
echo "OK: $np ranks and one process agree"

# Printed rather than written: one rank prints, one line.
timeout 120 bash -c 'source "$0"; tiny_mpirun "$@"' "$here/mpirun.sh" "$np" \
  "$tiny_run" "$here/spmd.mlir" --entry="$entry" -i "$dir/x.npy" \
  --mpi-timeout=20 >"$dir/printed.txt"
lines=$(grep -c ' : tensor<[0-9x]*f32>$' "$dir/printed.txt" || true)
[ "$lines" -eq 1 ] || { echo "FAIL: $lines ranks printed the result"; cat "$dir/printed.txt"; exit 1; }
echo "OK: one rank printed the result"
