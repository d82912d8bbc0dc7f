"""tinygrad dtypes as tiny element types, and constants in tiny's IR text.

tiny spells dtypes as MLIR does (f32, ui8, i1); a constant is a dense
attribute whose literal must be exactly what tinygrad would store: integers
wrap to the width (tinygrad truncates a committed weak constant the same
way), floats round to the dtype, and values MLIR cannot spell as decimals
(inf, nan, -0.0 in a narrow type) are written as their bit pattern.
"""

import math
import struct

import numpy as np
from tinygrad.dtype import dtypes, float_to_fp8


class ExportError(Exception):
    """A tinygrad construct with no tiny mapping. The message names the op
    and where the tensor was made when tinygrad recorded it."""


# tinygrad dtype -> (MLIR element type, numpy dtype or None).
_TABLE = {
    dtypes.bool: ("i1", np.bool_),
    dtypes.int8: ("i8", np.int8), dtypes.uint8: ("ui8", np.uint8),
    dtypes.int16: ("i16", np.int16), dtypes.uint16: ("ui16", np.uint16),
    dtypes.int32: ("i32", np.int32), dtypes.uint32: ("ui32", np.uint32),
    dtypes.int64: ("i64", np.int64), dtypes.uint64: ("ui64", np.uint64),
    dtypes.float16: ("f16", np.float16), dtypes.bfloat16: ("bf16", None),
    dtypes.float32: ("f32", np.float32), dtypes.float64: ("f64", np.float64),
    dtypes.fp8e4m3: ("f8E4M3FN", None), dtypes.fp8e5m2: ("f8E5M2", None),
    dtypes.fp8e4m3fnuz: ("f8E4M3FNUZ", None),
    dtypes.fp8e5m2fnuz: ("f8E5M2FNUZ", None),
}
_FP8 = {"f8E4M3FN": dtypes.fp8e4m3, "f8E5M2": dtypes.fp8e5m2,
        "f8E4M3FNUZ": dtypes.fp8e4m3fnuz, "f8E5M2FNUZ": dtypes.fp8e5m2fnuz}


def mlir_dtype(dtype):
    """The MLIR spelling of a concrete tinygrad dtype."""
    entry = _TABLE.get(dtype)
    if entry is None:
        raise ExportError("tiny has no dtype for tinygrad's %s" % (dtype,))
    return entry[0]


def numpy_dtype(dtype):
    """The numpy dtype holding a tinygrad dtype's elements: for bf16 and fp8,
    which numpy lacks, unsigned integers of their width (raw bits)."""
    entry = _TABLE.get(dtype)
    if entry is None:
        raise ExportError("tiny has no dtype for tinygrad's %s" % (dtype,))
    if entry[1] is not None:
        return np.dtype(entry[1])
    return np.dtype("u%d" % dtype.itemsize)


_FLOAT_BITS = {"f16": (np.float16, np.uint16), "f32": (np.float32, np.uint32),
               "f64": (np.float64, np.uint64)}


def _bf16_bits(value):
    """The bits of `value` rounded to bfloat16 (nearest, ties to even)."""
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    if math.isnan(value):
        return 0x7FC0
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF


def const_literal(value, mlir):
    """The literal of a dense<...> attribute holding `value` as element type
    `mlir` (a string from mlir_dtype)."""
    if mlir == "i1":
        return "true" if value else "false"
    if mlir[0] in "iu":
        width = int(mlir.lstrip("ui"))
        if isinstance(value, float):
            if not math.isfinite(value):
                raise ExportError("a %s constant of %r" % (mlir, value))
            value = int(value)
        value = int(value) & ((1 << width) - 1)
        if mlir[0] == "i" and value >= 1 << (width - 1):
            value -= 1 << width
        return str(value)
    value = float(value)
    if mlir in _FLOAT_BITS:
        ftype, utype = _FLOAT_BITS[mlir]
        with np.errstate(over="ignore", invalid="ignore"):
            rounded = ftype(value)
        if math.isfinite(rounded) and not (rounded == 0 and
                                           math.copysign(1, rounded) < 0):
            return repr(float(rounded))
        return "0x%X" % int(rounded.view(utype))
    if mlir == "bf16":
        return "0x%X" % _bf16_bits(value)
    if mlir in _FP8:
        # tinygrad's own rounding (saturating, its NaN and -0 rules), which
        # MLIR's parser, rounding as APFloat does, would not give.
        return "0x%02X" % float_to_fp8(value, _FP8[mlir])
    if math.isfinite(value):
        return repr(value)
    raise ExportError("a %s constant of %r" % (mlir, value))
