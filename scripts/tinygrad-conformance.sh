#!/usr/bin/env bash
# Runs tinygrad's own tests with every realize going through tiny, and
# compares the outcome with the checked-in expected failures
# (test/tinygrad/<suite>.xfail). Prints one summary line per suite,
#   test_ops: P passed, F failed, S skipped
#   test_dtype_alu: P passed, F failed, S skipped
# each after the list of its differences (NEW FAILURE, UNEXPECTED PASS, ...).
#
# Usage: scripts/tinygrad-conformance.sh [--reference] [--shard I/N]
#                                        [--suite NAME]... [--keep DIR] [-k EXPR]
#   --reference   run on tinygrad's own CPU backend, without tiny; only the
#                 [both] groups of the expected failures apply.
#   --shard I/N   run the I-th (0-based) of N interleaved slices of each suite
#                 (under `bazel test` the shard comes from Bazel instead).
#   --suite NAME  test_ops, test_dtype_alu, test_nn, test_optim,
#                 test_setitem, test_edgecases, test_multitensor or
#                 test_arange (test/backend/NAME.py); may repeat; default:
#                 test_ops and test_dtype_alu, in that order
#                 (test_multitensor, sharded tensors on CPU:1..CPU:4, and
#                 test_arange take minutes: run them by name).
#   --keep DIR    write the pytest logs and results files into DIR.
#   -k EXPR       run only the tests pytest's -k EXPR selects (for a look at
#                 a few tests; the summary then counts only those).
#
# tinygrad is found in $TINYGRAD_PATH, else ../shared/tinygrad beside the
# checkout; without either the script prints why and exits 0 (nothing to
# test). The tiny library is $TINY_C_LIBRARY, else the
# one Bazel built (bazel-bin/capi/libtiny_c.so, or the runfiles under
# `bazel test`).
#
# Exit status: 0 when every suite matches its expected failures, 1 when some
# test differs, 2 when a run is broken (no results, a usage error).
set -uo pipefail

reference=0
shard=""
suites=()
keep=""
select=()
while [ $# -gt 0 ]; do
  case "$1" in
    --reference) reference=1 ;;
    --shard) shard="${2:?--shard wants I/N}"; shift ;;
    --suite) suites+=("${2:?--suite wants a name}"); shift ;;
    --keep) keep="${2:?--keep wants a folder}"; shift ;;
    -k) select=(-k "${2:?-k wants an expression}"); shift ;;
    -h|--help) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1 (see --help)"; exit 2 ;;
  esac
  shift
done
[ "${#suites[@]}" -gt 0 ] || suites=(test_ops test_dtype_alu)

# The real checkout (where ../shared/tinygrad lies) and the tree the files
# come from: the same, except under `bazel test`, where the files are the
# runfiles and the script is a link into the checkout.
checkout="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
if [ -n "${TEST_SRCDIR:-}" ]; then
  tree="$TEST_SRCDIR/${TEST_WORKSPACE:-tiny}"
else
  tree="$checkout"
fi

# Bazel's test sharding protocol: the shard comes from the environment.
if [ -n "${TEST_TOTAL_SHARDS:-}" ]; then
  shard="${TEST_SHARD_INDEX}/${TEST_TOTAL_SHARDS}"
  [ -n "${TEST_SHARD_STATUS_FILE:-}" ] && touch "$TEST_SHARD_STATUS_FILE"
fi

if [ -n "${TINYGRAD_PATH:-}" ]; then
  if [ ! -f "$TINYGRAD_PATH/tinygrad/tensor.py" ]; then
    echo "error: TINYGRAD_PATH=$TINYGRAD_PATH holds no tinygrad source"
    exit 2
  fi
  tinygrad="$(cd "$TINYGRAD_PATH" && pwd)"
elif [ -f "$checkout/../shared/tinygrad/tinygrad/tensor.py" ]; then
  tinygrad="$(cd "$checkout/../shared/tinygrad" && pwd)"
else
  echo "SKIPPED: tinygrad conformance: no tinygrad source (\$TINYGRAD_PATH" \
    "is not set and $(dirname "$checkout")/shared/tinygrad does not exist)"
  exit 0
fi

python=/usr/bin/python3
tiny_args=()
if [ "$reference" -eq 0 ]; then
  if [ -z "${TINY_C_LIBRARY:-}" ]; then
    for candidate in "$tree/capi/libtiny_c.so" "$checkout/bazel-bin/capi/libtiny_c.so"; do
      if [ -f "$candidate" ]; then export TINY_C_LIBRARY="$candidate"; break; fi
    done
  fi
  if [ ! -f "${TINY_C_LIBRARY:-}" ]; then
    echo "error: no tiny library: build //capi:libtiny_c.so or set TINY_C_LIBRARY"
    exit 2
  fi
  tiny_args=(--tiny)
fi

# The results, logs and the tests' own files (hypothesis's example database,
# tinygrad's compile cache) go to a scratch folder: the tinygrad folder is
# read-only in CI.
if [ -n "$keep" ]; then
  mkdir -p "$keep" && work="$(cd "$keep" && pwd)"
elif [ -n "${TEST_UNDECLARED_OUTPUTS_DIR:-}" ]; then
  work="$TEST_UNDECLARED_OUTPUTS_DIR"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
# Under `bazel test` the caches go to the test's scratch folder, not into
# the outputs Bazel keeps.
scratch="${TEST_TMPDIR:-$work}"
mkdir -p "$scratch/home"
export PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH="$tree/test/tinygrad:$tree/python:$tree/frontends/tinygrad:$tinygrad"
export HOME="$scratch/home" XDG_CACHE_HOME="$scratch/home/.cache"
export HYPOTHESIS_STORAGE_DIRECTORY="$scratch/hypothesis"
# Fixed hypothesis examples: the expected failures must not depend on luck.
export DERANDOMIZE_CI=1

# A crash in compiled code ends the pytest process; the plugin then records
# the test it was in as crashed and the next session resumes after it.
max_sessions=20
status=0
for suite in "${suites[@]}"; do
  case "$suite" in
    test_ops|test_dtype_alu|test_multitensor|test_setitem|test_edgecases|test_arange) slow=() ;;
    # tinygrad marks these whole files slow (test/helpers.py).
    test_nn|test_optim) slow=(RUN_SLOW=1) ;;
    *) echo "unknown suite: $suite (test_ops, test_dtype_alu, test_nn, test_optim, test_setitem, test_edgecases, test_multitensor, test_arange)"; exit 2 ;;
  esac
  results="$work/$suite.results"
  log="$work/$suite.log"
  rm -f "$results" "$log"
  shard_args=("${select[@]}")
  [ -n "$shard" ] && shard_args+=(--tiny-shard "$shard")
  for ((session = 1; session <= max_sessions; session++)); do
    (cd "$scratch" && env "${slow[@]}" "$python" -m pytest --noconftest -p no:cacheprovider \
      -p tiny_pytest_plugin "${tiny_args[@]}" "${shard_args[@]}" \
      --tiny-results "$results" --tiny-test-timeout 300 \
      --rootdir "$tinygrad" -q -rN "$tinygrad/test/backend/$suite.py") \
      >>"$log" 2>&1
    code=$?
    # 0: all passed, 1: some failed, 5: nothing left to run.
    case "$code" in 0|1|5) break ;; esac
    echo "note: $suite: pytest ended with status $code; resuming after the crashed test" >>"$log"
  done
  compare_args=()
  [ "$reference" -eq 1 ] && compare_args+=(--reference)
  [ -z "$shard" ] && [ "${#select[@]}" -eq 0 ] && compare_args+=(--whole)
  "$python" "$tree/test/tinygrad/compare_expected.py" "${compare_args[@]}" \
    "$suite" "$results" "$tree/test/tinygrad/$suite.xfail"
  code=$?
  if [ "$code" -ne 0 ]; then
    if [ -n "$keep" ] || [ -n "${TEST_UNDECLARED_OUTPUTS_DIR:-}" ]; then
      echo "pytest log: $log"
    else
      echo "pytest log ($suite, last 40 lines):"
      tail -n 40 "$log"
    fi
  fi
  [ "$code" -gt "$status" ] && status="$code"
done
exit "$status"
