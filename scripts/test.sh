#!/usr/bin/env bash
# Runs every test (lit tests and unit tests) under Bazel, after installing
# what is missing. Ends with a "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh || exit 1
log="$(mktemp)"
# Test results are not taken from the cache: every run executes every test.
bazel test --nocache_test_results //... 2>&1 | tee "$log"
status="${PIPESTATUS[0]}"
passed=$(grep -cE '^//\S+\s+(\(cached\) )?PASSED' "$log")
failed=$(grep -cE '^//\S+\s+(\(cached\) )?(FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)' "$log")
rm -f "$log"
echo "tests: ${passed} passed, ${failed} failed"
exit "$status"
