#!/usr/bin/env bash
# Errors and faults of programs across ranks (spmd.mlir):
#   spmd_fault.sh TINY_RUN CASE
# Each case must end with a clear error on every rank that reports one,
# within the transport's timeout (--mpi-timeout=2) plus slack, and the job
# must end on its own. Cases:
#   alone    a program naming rank 1 run without mpirun
#   few      a program naming rank 2 run on 2 ranks
#   program  rank 1 runs another entry: the handshake refuses it
#   dead     rank 1 is killed (SIGKILL) after joining, while rank 0 waits
#            for its copy: rank 0 must report it and leave within its
#            timeout (the job itself is ended here, see below)
#   silent   rank 1 joins, then stops answering (blocked reading its input)
#            past the timeout
#   dead_before_init
#            rank 1 is killed (SIGKILL) before it starts tiny-run, so it
#            never reaches MPI_Init: rank 0's MPI_Init, which waits for
#            every rank without a limit, must be ended by its watchdog
#            within the timeout
set -uo pipefail
here="$(dirname "$0")"
source "$here/mpirun.sh"
tiny_run="$(realpath "$1")" case="$2"
unset TEST_PREMATURE_EXIT_FILE
py=/usr/bin/python3
dir="$TMPDIR/spmd-fault-$case"
mkdir -p "$dir"
out="$dir/out.log"
"$py" -c "import numpy as np; np.save('$dir/x.npy', np.arange(1024, dtype=np.float32))"
prog="$here/spmd.mlir"
run=("$tiny_run" "$prog" --entry=there_and_back -i "$dir/x.npy" --mpi-timeout=2)
keep_up=(--mca orte_abort_on_non_zero_status 0)

fail() {
  echo "FAIL: $*"
  # Ends what the dead case left running (mpirun by way of its timeout).
  [ -z "${writer:-}" ] || kill "$writer" 2>/dev/null
  [ -z "${job:-}" ] || kill "$job" 2>/dev/null
  [ ! -s "$dir/rank0.pid" ] || kill "$(cat "$dir/rank0.pid")" 2>/dev/null
  echo "--- output:"
  cat "$out"
  exit 1
}
# expect WORDS...: the output holds each of WORDS.
expect() {
  for word in "$@"; do
    grep -qF -- "$word" "$out" || fail "no '$word'"
  done
}
mpi() {
  timeout 60 bash -c 'source "$0"; tiny_mpirun "$@"' "$here/mpirun.sh" "$@" \
    >"$out" 2>&1
}
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'; }

start=$(date +%s.%N)
case "$case" in
alone)
  "${run[@]}" >"$out" 2>&1 && fail "ran"
  expect "device 'CPU@1' belongs to MPI rank 1, but this process runs alone" \
    "under mpirun with at least 2 ranks"
  ;;
few)
  mpi 2 "$tiny_run" "$prog" --entry=ring3 -i "$dir/x.npy" --mpi-timeout=2 &&
    fail "ran"
  expect "rank 0: device 'CPU@2' belongs to MPI rank 2, but the job has 2 ranks" \
    "rank 1: device 'CPU@2'"
  ;;
program)
  # MPMD: rank 1 runs the other entry; the program tag is the text's and
  # the entry's.
  # (With the job kept up mpirun exits 0: the output tells.)
  mpi 1 "${keep_up[@]}" "${run[@]}" : -np 1 "$tiny_run" "$prog" \
    --entry=result_on_rank1 -i "$dir/x.npy" --mpi-timeout=2
  expect "cannot join the MPI job: MISMATCH: creating the MPI transport on rank 0" \
    "cannot join the MPI job: MISMATCH: creating the MPI transport on rank 1" \
    "rank 1 runs program"
  ;;
dead | silent)
  # Rank 1 joins, then blocks opening its input, a FIFO nobody writes yet,
  # while rank 0 has sent x and waits for x * x + 1.
  mkfifo "$dir/fifo.npy"
  rank1=(bash -c 'echo $$ >"$0"; exec "$@"' "$dir/rank1.pid" "$tiny_run" "$prog"
    --entry=there_and_back -i "$dir/fifo.npy" --mpi-timeout=2)
  rank0=(bash -c 'echo $$ >"$0"; exec "$@"' "$dir/rank0.pid" "${run[@]}")
  # In the background as a plain command, so that $! is timeout's pid: a
  # TERM to it reaches mpirun.
  timeout 60 bash -c 'source "$0"; tiny_mpirun "$@"' "$here/mpirun.sh" \
    1 "${keep_up[@]}" "${rank0[@]}" : -np 1 "${rank1[@]}" >"$out" 2>&1 &
  job=$!
  for _ in $(seq 100); do [ -s "$dir/rank1.pid" ] && break; sleep 0.1; done
  if [ "$case" = dead ]; then
    # Killed only once it has joined: rank 1 opens its input after
    # MPI_Init and the transport's handshake, and the open returns once a
    # writer holds the FIFO. (Killed before, after a fixed sleep as at
    # first, it left rank 0 in MPI_Init for good: with the job kept up,
    # Open MPI's start-up exchange waits for every rank without a limit.)
    (
      exec 3>"$dir/fifo.npy"
      : >"$dir/opened"
      exec sleep 60
    ) >/dev/null 2>&1 &
    writer=$!
    for _ in $(seq 300); do [ -e "$dir/opened" ] && break; sleep 0.1; done
    [ -e "$dir/opened" ] || fail "rank 1 never opened its input"
    kill -9 "$(cat "$dir/rank1.pid")"
    killed=$(date +%s.%N)
    # Rank 0 must report and leave on its own, within its 2 s timeout plus
    # slack for a loaded machine (the loop lasts about 15 s).
    for _ in $(seq 300); do
      kill -0 "$(cat "$dir/rank0.pid")" 2>/dev/null || break
      sleep 0.05
    done
    kill -0 "$(cat "$dir/rank0.pid")" 2>/dev/null &&
      fail "rank 0 still runs $(elapsed "$killed") s after rank 1 died"
    echo "--- dead: rank 0 left $(elapsed "$killed") s after rank 1 died"
    kill "$writer"
    # Open MPI 4.1.4's mpirun, kept up, never ends a job in which one rank
    # died from a signal and another then exited with a non-zero status
    # (both without MPI_Finalize), though no rank is left: a 2-rank C
    # program doing just that hangs mpirun too, while exit status 0 ends it
    # with 137. So the job is ended here once it had time to end itself.
    sleep 2
    kill -0 "$job" 2>/dev/null && echo "--- dead: mpirun still up; ending it"
    kill "$job" 2>/dev/null
  else
    sleep 4 # past rank 0's timeout; then rank 1 reads an empty file
    exec 3>"$dir/fifo.npy"
    exec 3>&-
  fi
  wait "$job"
  # The send of x does not block (it is waited for when the program
  # ends): the receive of x * x + 1 into a CPU buffer is the first wait.
  expect "rank 0: copy failed: copy from 'CPU@1' to 'CPU': TIMEOUT" \
    "no answer from rank 1 within 2 s"
  [ "$case" = dead ] || expect "rank 1: input 0"
  ;;
dead_before_init)
  rank0=(bash -c 'echo $$ >"$0"; exec "$@"' "$dir/rank0.pid" "${run[@]}")
  timeout 60 bash -c 'source "$0"; tiny_mpirun "$@"' "$here/mpirun.sh" \
    1 "${keep_up[@]}" "${rank0[@]}" : -np 1 bash -c 'kill -9 $$' \
    >"$out" 2>&1 &
  job=$!
  for _ in $(seq 300); do [ -s "$dir/rank0.pid" ] && break; sleep 0.05; done
  [ -s "$dir/rank0.pid" ] || fail "rank 0 never started"
  started=$(date +%s.%N)
  # Without the watchdog rank 0 stays in MPI_Init for good. Its 2 s
  # timeout, plus slack for a loaded machine (the loop lasts 15 s or more).
  for _ in $(seq 300); do
    kill -0 "$(cat "$dir/rank0.pid")" 2>/dev/null || break
    sleep 0.05
  done
  kill -0 "$(cat "$dir/rank0.pid")" 2>/dev/null &&
    fail "rank 0 still runs $(elapsed "$started") s after it started"
  echo "--- $case: rank 0 left $(elapsed "$started") s after it started"
  # mpirun, kept up, does not end once a rank died from a signal and
  # another exited with a non-zero status (see the dead case).
  sleep 1
  kill -0 "$job" 2>/dev/null && echo "--- $case: mpirun still up; ending it"
  kill "$job" 2>/dev/null
  wait "$job"
  expect "tiny-run: error: rank 0: MPI_Init did not complete within 2 s" \
    "a rank did not start or died before joining the MPI job"
  ;;
*)
  fail "unknown case $case"
  ;;
esac
wall=$(elapsed "$start")
echo "--- $case: error after $wall s"
grep -E 'error|TIMEOUT|MISMATCH' "$out"
awk -v w="$wall" 'BEGIN { exit !(w < 20) }' || fail "took $wall s"
grep -q ' : tensor<' "$out" && fail "a rank printed a result"
# The watchdog on MPI_Init is cancelled once it returns: in silent, rank 1
# outlives its timeout after joining and must report its own error.
[ "$case" = dead_before_init ] || ! grep -qF "MPI_Init did not" "$out" ||
  fail "MPI_Init's watchdog fired after MPI_Init"
echo "PASS: $case"
