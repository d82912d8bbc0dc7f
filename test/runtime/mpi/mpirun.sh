# Sourced by the MPI tests: `tiny_mpirun NP ARGS...` runs ARGS on NP local
# ranks with Open MPI's mpirun, as root if need be (CI containers) and with
# more ranks than cores, inside Bazel's sandbox or not. It execs mpirun, so
# call it in a shell of its own (`timeout N bash -c ...`): a timeout then
# signals mpirun itself, which takes its ranks down with it.

# Open MPI keeps its session directory under TMPDIR; the sandbox's own one
# is writable and short enough for its Unix sockets.
export TMPDIR="${TEST_TMPDIR:-${TMPDIR:-/tmp}}"
export OMPI_MCA_orte_tmpdir_base="$TMPDIR"
export HOME="${HOME:-$TMPDIR}"
# Every rank is local: no ssh, and shared memory (vader) or loopback tcp.
export OMPI_MCA_plm_rsh_agent=""
export OMPI_MCA_btl="self,vader,tcp"
export OMPI_MCA_btl_tcp_if_include="lo"
export OMPI_MCA_oob_tcp_if_include="lo"

tiny_mpirun() {
  local np="$1"
  shift
  exec mpirun --allow-run-as-root --oversubscribe --quiet -np "$np" "$@"
}
