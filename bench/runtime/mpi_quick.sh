#!/usr/bin/env bash
# Smoke run of bench-mpi-allreduce on 2 local ranks: small sizes, result
# checks on. For the full run: mpirun -np N bench-mpi-allreduce.
set -uo pipefail
source test/runtime/mpi/mpirun.sh
timeout 240 bash -c 'source test/runtime/mpi/mpirun.sh; tiny_mpirun "$@"' \
  _ 2 "$1" --quick
