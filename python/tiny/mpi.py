"""Programs across the ranks of an MPI job (the C API's tiny-c/Mpi.h).

A program whose devices live on several ranks ("CPU@1") runs SPMD: every
rank compiles and calls the same programs with all their inputs, executes
the kernels of its own devices, and copies between ranks go over MPI. Each
rank joins the job first:

    TINY_C_LIBRARY=bazel-bin/capi/libtiny_c_mpi.so \\
        mpirun -np 2 python3 script.py

    import tiny, tiny.mpi
    with tiny.mpi.join(timeout=30, program_tag=1) as job:
        y = tiny.compile(text)(x)   # y: the result, on the rank owning it

The functions are in libtiny_c_mpi.so (libtiny_c.so with the MPI
transport), which the package loads under Open MPI's mpirun when it finds
it built, else through $TINY_C_LIBRARY. A result on a device of another
rank is that rank's: this rank's array for it holds zeros. A rank that
failed should leave the process without MPI_Finalize (`os._exit`), which
would wait for every rank.
"""

import ctypes

import tiny

__all__ = ["Job", "join"]


class _Options(ctypes.Structure):
    _fields_ = [("timeout_seconds", ctypes.c_double),
                ("program_tag", ctypes.c_uint64)]


def _functions():
    lib = tiny._lib
    if not hasattr(lib, "tiny_mpi_join"):
        raise tiny.TinyError(
            "FAILED_PRECONDITION",
            "tiny.mpi needs libtiny_c_mpi.so (`bazel build "
            "//capi:libtiny_c_mpi.so`), loaded instead of libtiny_c.so: set "
            "TINY_C_LIBRARY to it, or run under mpirun")
    handle = ctypes.c_void_p
    u64_p = ctypes.POINTER(ctypes.c_uint64)
    signatures = {
        "tiny_mpi_join": (ctypes.c_void_p, [ctypes.POINTER(_Options),
                                            ctypes.POINTER(handle)]),
        "tiny_mpi_rank": (ctypes.c_int, [handle]),
        "tiny_mpi_size": (ctypes.c_int, [handle]),
        "tiny_mpi_bytes_with": (ctypes.c_void_p, [handle, ctypes.c_int,
                                                  u64_p, u64_p]),
        "tiny_mpi_leave": (None, [handle]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


class Job:
    """This process's membership in the job: `rank`, `size`, and the bytes
    exchanged with each peer. Leave with `leave()` or a `with` block."""

    def __init__(self, handle):
        self._handle = handle
        self.rank = tiny._lib.tiny_mpi_rank(handle)
        self.size = tiny._lib.tiny_mpi_size(handle)

    def bytes_with(self, peer):
        """(sent, received): the bytes this rank sent to and received from
        rank `peer` so far."""
        if self._handle is None:
            raise tiny.TinyError("FAILED_PRECONDITION", "the job was left")
        sent, received = ctypes.c_uint64(), ctypes.c_uint64()
        tiny._check(tiny._lib.tiny_mpi_bytes_with(
            self._handle, peer, ctypes.byref(sent), ctypes.byref(received)))
        return sent.value, received.value

    def leave(self):
        """Stops this process's programs from reaching other ranks. MPI
        stays initialized (finalized at exit when joining initialized it)."""
        handle, self._handle = self._handle, None
        if handle:
            tiny._lib.tiny_mpi_leave(handle)
            tiny._in_mpi_job = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.leave()
        return False

    def __del__(self):
        if getattr(self, "_handle", None) and tiny._lib is not None:
            self.leave()


def join(timeout=0.0, program_tag=0):
    """Joins the MPI job (MPI_Init_thread when nothing initialized MPI yet,
    e.g. mpi4py), shaking hands with every rank: each must give the same
    `program_tag`. `timeout` (seconds, 0 for 60) bounds every wait for
    another rank. Raises TinyError (FAILED_PRECONDITION for different tags
    or a second join, UNAVAILABLE for a rank that does not answer)."""
    lib = _functions()
    options = _Options(float(timeout), int(program_tag))
    handle = ctypes.c_void_p()
    tiny._check(lib.tiny_mpi_join(ctypes.byref(options), ctypes.byref(handle)))
    tiny._in_mpi_job = True
    return Job(handle.value)
