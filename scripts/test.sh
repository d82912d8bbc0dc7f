#!/usr/bin/env bash
# Runs every test (lit tests and unit tests) under Bazel, after installing
# what is missing. Ends with a "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh || exit 1
log="$(mktemp)"
stamp="$(mktemp)"  # test logs newer than this one are from this run
# Test results are not taken from the cache: every run executes every test.
bazel test --nocache_test_results //... 2>&1 | tee "$log"
status="${PIPESTATUS[0]}"
passed=$(grep -cE '^//\S+\s+(\(cached\) )?PASSED' "$log")
failed=$(grep -cE '^//\S+\s+(\(cached\) )?(FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)' "$log")
# tinygrad's tests through tiny (//test/tinygrad): the shards' summary lines
# added up per suite, or why they were skipped.
find -L bazel-testlogs/test/tinygrad -name test.log -newer "$stamp" -print0 2>/dev/null |
  xargs -0 -r cat | awk '
    /^SKIPPED: tinygrad conformance/ { if (!skip++) print }
    /^test_[a-z_]+: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$/ {
      name = $1; sub(":", "", name)
      if (!(name in p)) order[n++] = name
      p[name] += $2; f[name] += $4; s[name] += $6
    }
    END { for (i = 0; i < n; i++)
            printf "tinygrad %s through tiny: %d passed, %d failed, %d skipped\n",
                   order[i], p[order[i]], f[order[i]], s[order[i]] }'
# The MPI transport's tests (//test/runtime/mpi) are part of //...: each runs
# mpirun on 2 or 3 local ranks; their count, apart, shows they ran.
mpi_passed=$(grep -cE '^//test/runtime/mpi:\S+\s+(\(cached\) )?PASSED' "$log")
mpi_all=$(grep -cE '^//test/runtime/mpi:\S+\s' "$log")
echo "MPI transport tests (mpirun -np 2 and 3): ${mpi_passed} of ${mpi_all} passed"
rm -f "$log" "$stamp"
echo "tests: ${passed} passed, ${failed} failed"
exit "$status"
