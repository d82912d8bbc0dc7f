#!/usr/bin/env bash
# One fault on NP ranks: fault.sh BINARY FAULT NP (see MpiFaultTest.cpp).
# The last rank misbehaves; every other rank (and for `silent` the culprit
# too) must print the expected error within the timeout, and no rank may
# print a result. The job must end on its own.
#
# Open MPI 4.1.4's mpirun kills every rank about 0.2 s after one dies from a
# signal or exits with a non-zero status, so the fault runs keep the job up
# (orte_abort_on_non_zero_status=0) to let the survivors report; `dead-abort`
# checks the default as well: the job ends at once, with the dead rank's
# status.
set -uo pipefail
source "$(dirname "$0")/mpirun.sh"
binary="$1" fault="$2" np="$3"
timeout_s=2
slack_s=3
culprit=$((np - 1))
out="$TMPDIR/fault-$fault-$np.log"

keep_up=(--mca orte_abort_on_non_zero_status 0)
run_fault="$fault"
if [ "$fault" = dead-abort ]; then
  keep_up=()
  run_fault=dead
fi
start=$(date +%s.%N)
timeout 60 bash -c 'source "$0"; tiny_mpirun "$@"' "$(dirname "$0")/mpirun.sh" \
  "$np" "${keep_up[@]}" "$binary" "$run_fault" "$timeout_s" >"$out" 2>&1
rc=$?
wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
echo "--- mpirun -np $np, fault $fault: exit $rc after $wall s"
grep -E '^rank|exited on signal' "$out"

fail() {
  echo "FAIL: $*"
  echo "--- full output:"
  cat "$out"
  exit 1
}
[ "$rc" -ne 124 ] || fail "the job hung (killed after 60 s)"
! grep -q '^rank [0-9]*: OK' "$out" || fail "a rank got a result"

# expect RANK CODE WORDS...: rank RANK printed CODE, each of WORDS, in time.
expect() {
  local rank="$1" code="$2"
  shift 2
  local line
  line=$(grep "^rank $rank: " "$out" | grep -v -E 'dying|absent') ||
    fail "rank $rank printed no outcome"
  [[ "$line" == "rank $rank: $code after "* ]] || fail "rank $rank: not $code"
  local seconds
  seconds=$(echo "$line" | sed -E 's/^rank [0-9]+: [A-Z_]+ after ([0-9.]+) s.*/\1/')
  awk -v s="$seconds" -v t="$timeout_s" -v k="$slack_s" 'BEGIN { exit !(s <= t + k) }' ||
    fail "rank $rank took $seconds s (timeout $timeout_s s)"
  for word in "$@"; do
    [[ "$line" == *"$word"* ]] || fail "rank $rank: no '$word'"
  done
}

survivors=$(seq 0 $((culprit - 1)))
case "$fault" in
dead)
  for r in $survivors; do
    expect "$r" TIMEOUT "no answer from rank $culprit within 2 s"
  done
  ;;
dead-mid)
  for r in $survivors; do
    expect "$r" TIMEOUT "no answer from rank $culprit within 2 s"
  done
  ;;
dead-abort)
  # mpirun passes the dead rank's end on: killed by signal 9, 128 + 9.
  [ "$rc" -eq 137 ] || fail "mpirun exited with $rc, not 137"
  awk -v w="$wall" 'BEGIN { exit !(w < 30) }' || fail "the job took $wall s to end"
  ;;
silent)
  for r in $survivors; do
    expect "$r" TIMEOUT "no answer from rank $culprit within 2 s"
  done
  expect "$culprit" TIMEOUT "no answer from rank"
  ;;
absent)
  for r in $survivors; do
    expect "$r" TIMEOUT "creating the MPI transport" \
      "no answer from rank $culprit within 2 s"
  done
  ;;
program)
  for r in $(seq 0 "$culprit"); do
    expect "$r" MISMATCH "runs program" "0xbad" "0x600d"
  done
  ;;
size)
  for r in $survivors; do
    expect "$r" MISMATCH "rank $culprit has 1001 elements per shard, rank $r has 1000"
  done
  expect "$culprit" MISMATCH "has 1000 elements per shard, rank $culprit has 1001"
  ;;
*)
  fail "unknown fault $fault"
  ;;
esac
echo "PASS: $fault on $np ranks"
