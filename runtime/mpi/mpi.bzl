"""Compiling against and linking the system Open MPI (Debian's libopenmpi-dev).

The headers are reached through /usr/include/x86_64-linux-gnu/mpi, the
alternatives link Debian keeps to /usr/lib/x86_64-linux-gnu/openmpi/include,
so that Bazel's header check finds them under a system include directory.
The C++ bindings (deprecated since MPI 2.2) are left out.
"""

MPI_COPTS = [
    "-isystem",
    "/usr/include/x86_64-linux-gnu/mpi",
    "-DOMPI_SKIP_MPICXX=1",
]

MPI_LINKOPTS = ["-lmpi"]
