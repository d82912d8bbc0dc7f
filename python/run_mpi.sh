#!/usr/bin/env bash
# Runs tests/mpi_ranks.py (tiny.mpi) on 2 ranks of mpirun with Debian's
# Python, against libtiny_c_mpi.so, through the C API's MPI test script:
#   run_mpi.sh MPI_TEST_SH MPIRUN_SH
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export TINY_C_LIBRARY="$here/../capi/libtiny_c_mpi.so"
export PYTHONPATH="$here" PYTHONDONTWRITEBYTECODE=1
exec bash "$1" /usr/bin/python3 "$2" "$here/tests/mpi_ranks.py"
