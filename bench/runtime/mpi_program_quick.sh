#!/usr/bin/env bash
# Smoke run of bench-mpi-program on 2 local ranks: one small size, result
# checks on. For the full run: mpirun -np N bench-mpi-program.
set -uo pipefail
timeout 300 bash -c 'source test/runtime/mpi/mpirun.sh; tiny_mpirun "$@"' \
  _ 2 "$1" --quick
