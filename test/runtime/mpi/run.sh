#!/usr/bin/env bash
# Runs a test binary on NP ranks: run.sh BINARY NP [ARGS...]. Passes when
# every rank passes.
set -uo pipefail
source "$(dirname "$0")/mpirun.sh"
binary="$1" np="$2"
shift 2
# Every rank is a gtest process; Bazel's premature-exit file is one path for
# them all, which each would create and remove.
unset TEST_PREMATURE_EXIT_FILE
# A hang would be a bug of its own: the transport's waits all time out.
timeout 240 bash -c 'source "$0"; tiny_mpirun "$@"' \
  "$(dirname "$0")/mpirun.sh" "$np" "$binary" "$@"
