"""tiny from Python: compile tiny programs and run them on numpy arrays.

    import numpy as np, tiny
    add = tiny.compile(open("prog.mlir").read())
    y = add(np.arange(6, dtype=np.float32))
    add.save("prog.tiny")           # compiled code and signature
    add = tiny.load("prog.tiny")    # later, with no compilation

`tiny.ir` builds programs op by op instead of from text; `tiny.mpi` runs
programs across the ranks of an MPI job.

Built on the C API (libtiny_c.so, tiny-c/Compiler.h) through ctypes. The
library is found through $TINY_C_LIBRARY, else in the Bazel output of the
checkout this package lives in (bazel-bin/capi/libtiny_c.so; under Open
MPI's mpirun, libtiny_c_mpi.so when it is built).
"""

import ctypes
import os

import numpy as np

__all__ = ["Program", "TensorInfo", "TinyError", "compile", "ir", "load"]


class TinyError(Exception):
    """A failed call: `code` is the status code's name ("INVALID_ARGUMENT"),
    the message holds tiny's diagnostics with their locations."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


_MAX_RANK = 16


class _LaunchInfo(ctypes.Structure):
    _fields_ = [("is_copy", ctypes.c_int), ("name", ctypes.c_char_p),
                ("flops", ctypes.c_int64), ("bytes", ctypes.c_int64)]


class _CompileOptions(ctypes.Structure):
    _fields_ = [("beam", ctypes.c_uint32), ("cpu_schedule", ctypes.c_char_p)]


class _TensorInfo(ctypes.Structure):
    _fields_ = [
        ("slot", ctypes.c_int64),
        ("dtype", ctypes.c_uint32),
        ("rank", ctypes.c_int64),
        ("shape", ctypes.c_int64 * _MAX_RANK),
        ("num_elements", ctypes.c_int64),
        ("num_bytes", ctypes.c_size_t),
        ("device", ctypes.c_char_p),
    ]


# tiny_dtype_e -> numpy dtype (None where numpy has no such dtype).
_DTYPES = {
    1: np.dtype(np.bool_), 2: np.dtype(np.int8), 3: np.dtype(np.int16),
    4: np.dtype(np.int32), 5: np.dtype(np.int64), 6: np.dtype(np.uint8),
    7: np.dtype(np.uint16), 8: np.dtype(np.uint32), 9: np.dtype(np.uint64),
    10: np.dtype(np.float16), 11: None, 12: np.dtype(np.float32),
    13: np.dtype(np.float64), 14: None, 15: None, 16: None, 17: None,
}
_DTYPE_NAMES = {11: "bf16", 14: "f8E4M3FN", 15: "f8E5M2", 16: "f8E4M3FNUZ",
                17: "f8E5M2FNUZ"}


def _find_library():
    path = os.environ.get("TINY_C_LIBRARY")
    if path:
        return path
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    # Under Open MPI's mpirun, the library with the MPI transport (tiny.mpi)
    # when it is built.
    with_mpi = os.path.join(root, "bazel-bin", "capi", "libtiny_c_mpi.so")
    if "OMPI_COMM_WORLD_SIZE" in os.environ and os.path.exists(with_mpi):
        return with_mpi
    return os.path.join(root, "bazel-bin", "capi", "libtiny_c.so")


def _load():
    path = _find_library()
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise ImportError(
            "tiny: cannot load the C library %s (%s); build it with "
            "`bazel build //capi:libtiny_c.so` or set TINY_C_LIBRARY"
            % (path, e)) from None
    status, program = ctypes.c_void_p, ctypes.c_void_p
    size_p = ctypes.POINTER(ctypes.c_size_t)
    ptr_p = ctypes.POINTER(ctypes.c_void_p)
    signatures = {
        "tiny_status_code": (ctypes.c_uint32, [status]),
        "tiny_status_message": (ctypes.c_char_p, [status]),
        "tiny_status_code_name": (ctypes.c_char_p, [ctypes.c_uint32]),
        "tiny_status_free": (None, [status]),
        "tiny_program_compile": (status, [
            ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
            ctypes.c_char_p, ctypes.POINTER(program)]),
        "tiny_program_compile_with_options": (status, [
            ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
            ctypes.c_char_p, ctypes.POINTER(_CompileOptions),
            ctypes.POINTER(program)]),
        "tiny_program_load_artifact": (status, [
            ctypes.c_char_p, ctypes.POINTER(program)]),
        "tiny_program_save_artifact": (status, [program, ctypes.c_char_p]),
        "tiny_program_release": (None, [program]),
        "tiny_program_num_inputs": (ctypes.c_size_t, [program]),
        "tiny_program_num_outputs": (ctypes.c_size_t, [program]),
        "tiny_program_input_info": (status, [
            program, ctypes.c_size_t, ctypes.POINTER(_TensorInfo)]),
        "tiny_program_output_info": (status, [
            program, ctypes.c_size_t, ctypes.POINTER(_TensorInfo)]),
        "tiny_program_run": (status, [
            program, ptr_p, size_p, ctypes.c_size_t, ptr_p, size_p,
            ctypes.c_size_t]),
        "tiny_program_num_launches": (ctypes.c_int64, [program]),
        "tiny_program_launch_info": (status, [
            program, ctypes.c_size_t, ctypes.POINTER(_LaunchInfo)]),
        "tiny_program_num_compilations": (ctypes.c_size_t, []),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


_lib = _load()

# Whether this process is in an MPI job (tiny.mpi.join, until it leaves).
_in_mpi_job = False


def _check(status):
    if not status:
        return
    code = _lib.tiny_status_code_name(_lib.tiny_status_code(status)).decode()
    message = _lib.tiny_status_message(status).decode(errors="replace")
    _lib.tiny_status_free(status)
    raise TinyError(code, message)


def _address(array):
    """The address of a contiguous array's data. `ndarray.ctypes` costs
    several microseconds a call; a writable, non-empty array has a cheaper
    way."""
    if array.flags.writeable and array.nbytes:
        return ctypes.addressof(ctypes.c_char.from_buffer(array))
    return array.ctypes.data


class TensorInfo:
    """One input or output: its slot (an input's param slot, an output's
    index), numpy dtype (None for bf16/f8, which numpy lacks), shape and
    device."""

    def __init__(self, info):
        self.slot = info.slot
        self.dtype = _DTYPES.get(info.dtype)
        self.dtype_name = (_DTYPE_NAMES.get(info.dtype) or
                           str(self.dtype))
        self.shape = tuple(info.shape[i] for i in range(info.rank))
        self.size = info.num_elements
        self.nbytes = info.num_bytes
        self.device = info.device.decode()

    def __repr__(self):
        return "TensorInfo(slot=%d, dtype=%s, shape=%s, device=%r)" % (
            self.slot, self.dtype_name, self.shape, self.device)


class Program:
    """A compiled program: call it with one numpy array per input (param
    slot order) to get its result, or a tuple of results. `owner` is kept
    alive as long as the program (tiny.ir's MLIR context, which a program
    compiled from a built module refers to)."""

    def __init__(self, handle, owner=None):
        self._handle = handle
        self._owner = owner
        self.inputs = [self._info(_lib.tiny_program_input_info, i)
                       for i in range(_lib.tiny_program_num_inputs(handle))]
        self.outputs = [self._info(_lib.tiny_program_output_info, i)
                        for i in range(_lib.tiny_program_num_outputs(handle))]
        # What every call passes the same, made once: ctypes array types
        # and arrays cost microseconds each. A checked input or output has
        # its tensor's byte count.
        sizes = (max(len(self.inputs), 1), max(len(self.outputs), 1))
        self._pointer_types = [ctypes.c_void_p * size for size in sizes]
        self._in_bytes = (ctypes.c_size_t * sizes[0])(
            *[info.nbytes for info in self.inputs])
        self._out_bytes = (ctypes.c_size_t * sizes[1])(
            *[info.nbytes for info in self.outputs])

    @property
    def launches(self):
        """What one call launches, in order, as tiny.schedule.Launch
        tuples (kind "kernel" or "copy", name, flops, bytes): its kernels
        with their static FLOP and byte estimates, and its copies between
        devices; None for a program loaded from an artifact or the disk
        cache, which keeps no IR to count them in."""
        from tiny.schedule import Launch
        count = _lib.tiny_program_num_launches(self._handle)
        if count < 0:
            return None
        launches = []
        for index in range(count):
            info = _LaunchInfo()
            _check(_lib.tiny_program_launch_info(self._handle, index,
                                                 ctypes.byref(info)))
            kind = "copy" if info.is_copy else "kernel"
            name = info.name.decode() if not info.is_copy else None
            launches.append(Launch(kind, name, info.flops, info.bytes))
        return launches

    def _info(self, function, index):
        info = _TensorInfo()
        _check(function(self._handle, index, ctypes.byref(info)))
        return TensorInfo(info)

    def __del__(self):
        handle, self._handle = getattr(self, "_handle", None), None
        if handle and _lib is not None:
            _lib.tiny_program_release(handle)

    def _input(self, index, value):
        info = self.inputs[index]
        what = "input %d (param slot %d)" % (index, info.slot)
        if info.dtype is None:
            raise TypeError("%s has dtype %s, which numpy cannot hold" %
                            (what, info.dtype_name))
        array = value if type(value) is np.ndarray else np.asarray(value)
        if array.dtype != info.dtype:
            raise TypeError("%s has dtype %s, expected %s" %
                            (what, array.dtype, info.dtype))
        if array.size != info.size:
            raise ValueError("%s has %d elements, expected %d (shape %s)" %
                             (what, array.size, info.size, info.shape))
        if array.flags.c_contiguous:
            return array
        return np.ascontiguousarray(array)

    def __call__(self, *args):
        if len(args) != len(self.inputs):
            raise TypeError("the program takes %d inputs, got %d" %
                            (len(self.inputs), len(args)))
        inputs = [self._input(i, value) for i, value in enumerate(args)]
        outputs = []
        for info in self.outputs:
            if info.dtype is None:
                raise TypeError("output %d has dtype %s, which numpy cannot "
                                "hold" % (info.slot, info.dtype_name))
            # In an MPI job (tiny.mpi), an output on a device of another
            # rank is not written here: zeros rather than whatever the
            # memory held.
            allocate = np.zeros if _in_mpi_job else np.empty
            outputs.append(allocate(info.shape, dtype=info.dtype))
        n, m = len(inputs), len(outputs)
        in_ptrs = self._pointer_types[0](*[_address(a) for a in inputs])
        out_ptrs = self._pointer_types[1](*[_address(a) for a in outputs])
        _check(_lib.tiny_program_run(self._handle, in_ptrs, self._in_bytes,
                                     n, out_ptrs, self._out_bytes, m))
        return outputs[0] if m == 1 else tuple(outputs)

    def save(self, path):
        """Writes the program to `path` as an artifact, which `tiny.load`
        (and tiny-run) run with no compilation."""
        _check(_lib.tiny_program_save_artifact(self._handle,
                                               os.fsencode(path)))

    def run_addresses(self, inputs, outputs):
        """Runs on raw host memory: `inputs` and `outputs` are addresses
        (ints; None for an empty buffer) of buffers holding each tensor's
        `nbytes`, in input and output order. For callers that own the
        memory (a framework's buffers, written in place) and checked the
        dtypes and sizes themselves."""
        n, m = len(inputs), len(outputs)
        if n != len(self.inputs) or m != len(self.outputs):
            raise TypeError("the program takes %d inputs and %d outputs, "
                            "got %d and %d" % (len(self.inputs),
                                               len(self.outputs), n, m))
        in_ptrs = self._pointer_types[0](*inputs)
        out_ptrs = self._pointer_types[1](*outputs)
        _check(_lib.tiny_program_run(self._handle, in_ptrs, self._in_bytes,
                                     n, out_ptrs, self._out_bytes, m))


def compile(source, entry=None, name=None, beam=0, cpu_schedule=None):
    """Compiles `entry` (default: the only tiny.function) of `source`, IR
    text (str) or text/bytecode (bytes). Raises TinyError with the
    diagnostics when it does not parse, verify or lower.

    `beam` > 0 searches each CPU kernel's schedule with a beam of that
    width (at most 64): candidates are compiled and timed on this machine
    and the heuristic's schedule is replaced by one at least 5% faster; the
    choices are kept in $TINY_BEAM_CACHE_DIR (else $TINY_CACHE_DIR/beam,
    else ~/.cache/tiny/beam), so a later compile of the same kernels times
    nothing. 0 keeps the heuristic's schedules.

    `cpu_schedule` sets -tiny-cpu-schedule's options for the CPU kernels,
    as a pass pipeline spells them ("pack=off hoist-threads=true"); not
    with `beam`."""
    if isinstance(beam, bool) or not isinstance(beam, int):
        raise TypeError("beam must be an int, got %r" % (beam,))
    if beam < 0:
        raise ValueError("beam must be at least 0, got %d" % beam)
    data = source.encode() if isinstance(source, str) else bytes(source)
    handle = ctypes.c_void_p()
    name = name.encode() if name else None
    entry = entry.encode() if entry else None
    if cpu_schedule is not None and not isinstance(cpu_schedule, str):
        raise TypeError("cpu_schedule must be a str, got %r" %
                        (cpu_schedule,))
    if beam or cpu_schedule:
        # Widths past uint32 would wrap; the C API refuses all above 64.
        options = _CompileOptions(
            min(beam, 2**32 - 1),
            cpu_schedule.encode() if cpu_schedule else None)
        _check(_lib.tiny_program_compile_with_options(
            data, len(data), name, entry, ctypes.byref(options),
            ctypes.byref(handle)))
    else:
        _check(_lib.tiny_program_compile(data, len(data), name, entry,
                                         ctypes.byref(handle)))
    return Program(handle)


def load(path):
    """Loads a program saved as an artifact (`Program.save`, or the tool
    tiny-compile) with no compilation. Raises TinyError for a file that is
    not an artifact, is damaged, or was compiled by another tiny or LLVM or
    for another CPU."""
    handle = ctypes.c_void_p()
    _check(_lib.tiny_program_load_artifact(os.fsencode(path),
                                           ctypes.byref(handle)))
    return Program(handle)


def num_compilations():
    """The programs compiled in this process so far (not from the cache)."""
    return _lib.tiny_program_num_compilations()


from . import ir  # noqa: E402 (ir builds on the names above)
