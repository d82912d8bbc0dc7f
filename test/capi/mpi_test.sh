#!/usr/bin/env bash
# Runs a case of MpiTest (tiny-c/Mpi.h) on 2 local ranks:
#   mpi_test.sh MPI_TEST MPIRUN_SH CASE...
# Both ranks must report their checks passed ("rank R: N checks, 0 failed")
# and mpirun must end within the time limit, with status 0 but for
# `silent`.
set -euo pipefail
test_binary="$(realpath "$1")" mpirun_sh="$(realpath "$2")"
shift 2
unset TEST_PREMATURE_EXIT_FILE
# A rank that leaves without MPI_Finalize (after a failed join, as
# `silent`'s ranks) makes mpirun end with a non-zero status; a hang ends
# with timeout's 124.
status=0
out="$(timeout 120 bash -c 'source "$0"; tiny_mpirun 2 "$@"' "$mpirun_sh" \
  "$test_binary" "$@" 2>&1)" || status=$?
echo "$out"
if [ "$status" -eq 124 ] || { [ "$1" != silent ] && [ "$status" -ne 0 ]; }; then
  echo "FAIL: mpirun ended with status $status"
  exit 1
fi
for rank in 0 1; do
  grep -q "^rank $rank: [0-9]* checks, 0 failed$" <<<"$out" ||
    { echo "FAIL: rank $rank did not pass"; exit 1; }
done
echo "OK: both ranks passed"
