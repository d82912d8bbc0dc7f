"""tiny's dtypes as numpy sees them: storage, rounding, ulps and limits.

Every value of a dtype lives in a numpy array of its storage dtype. bf16 has
no numpy dtype: its values live in float32 arrays holding only values that
bf16 represents, and every result is rounded to bf16 again.
"""

import numpy as np

INTS = ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"]
FLOATS = ["f16", "bf16", "f32", "f64"]
ALL = ["i1"] + INTS + FLOATS

_STORAGE = {
    "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32,
    "i64": np.int64, "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32,
    "ui64": np.uint64, "f16": np.float16, "bf16": np.float32,
    "f32": np.float32, "f64": np.float64,
}

# Significand bits (with the implicit one), the smallest normal exponent and
# the largest finite value of each float dtype.
_FLOAT_FORMAT = {
    "f16": (11, -14, 65504.0),
    "bf16": (8, -126, float.fromhex("0x1.fe00000000000p+127")),
    "f32": (24, -126, float(np.finfo(np.float32).max)),
    "f64": (53, -1022, float(np.finfo(np.float64).max)),
}


def storage(dtype):
    """The numpy dtype that holds values of `dtype`."""
    return np.dtype(_STORAGE[dtype])


def is_float(dtype):
    return dtype in FLOATS


def is_int(dtype):
    return dtype in INTS


def is_unsigned(dtype):
    return dtype.startswith("ui")


def bits(dtype):
    """Width in bits (1 for i1)."""
    if dtype == "i1":
        return 1
    if dtype == "bf16":
        return 16
    return storage(dtype).itemsize * 8


def byte_size(dtype):
    return 1 if dtype == "i1" else bits(dtype) // 8


def int_range(dtype):
    """(min, max) of an integer dtype as Python ints."""
    if dtype == "i1":
        return 0, 1
    info = np.iinfo(storage(dtype))
    return int(info.min), int(info.max)


def max_finite(dtype):
    return _FLOAT_FORMAT[dtype][2]


def round_float(dtype, x):
    """float64 array `x` rounded to nearest even in `dtype` (as its storage).

    Handles subnormals and overflow to infinity; NaN and infinities pass.
    """
    x = np.asarray(x, dtype=np.float64)
    if dtype == "f64":
        return x.copy()
    if dtype in ("f16", "f32"):
        # numpy's own conversions from float64 round once, to nearest even.
        with np.errstate(all="ignore"):
            return x.astype(storage(dtype))
    precision, emin, fmax = _FLOAT_FORMAT[dtype]
    with np.errstate(all="ignore"):
        finite = np.isfinite(x)
        safe = np.where(finite, x, 0.0)
        _, exponent = np.frexp(safe)  # safe = m * 2**exponent, 0.5 <= |m| < 1
        scale = np.maximum(exponent - 1, emin) - (precision - 1)
        rounded = np.ldexp(np.rint(np.ldexp(safe, -scale)), scale)
        rounded = np.where(np.abs(rounded) > fmax,
                           np.copysign(np.inf, safe), rounded)
        out = np.where(finite, rounded, x)
    return out.astype(storage(dtype))


def ulp(dtype, x):
    """The spacing of `dtype` at each |x| (float64), subnormals included."""
    precision, emin, _ = _FLOAT_FORMAT[dtype]
    x = np.abs(np.asarray(x, dtype=np.float64))
    with np.errstate(all="ignore"):
        safe = np.where(np.isfinite(x), x, 0.0)
        _, exponent = np.frexp(safe)
        return np.ldexp(1.0, np.maximum(exponent - 1, emin) - (precision - 1))


def unit_roundoff(dtype):
    """2^-p: half the relative spacing of `dtype`."""
    return 2.0 ** -_FLOAT_FORMAT[dtype][0]


def smallest_normal(dtype):
    return 2.0 ** _FLOAT_FORMAT[dtype][1]


def int_to_float(dtype, values):
    """Integers (Python ints) rounded once to nearest even in float `dtype`."""
    precision = _FLOAT_FORMAT[dtype][0]
    fmax = max_finite(dtype)
    out = []
    for v in values:
        magnitude = abs(int(v))
        shift = magnitude.bit_length() - precision
        if shift > 0:
            q, r = divmod(magnitude, 1 << shift)
            half = 1 << (shift - 1)
            if r > half or (r == half and q & 1):
                q += 1
            magnitude = q << shift
        f = float(magnitude) if magnitude <= fmax else np.inf
        out.append(-f if v < 0 else f)
    return np.array(out, dtype=np.float64)


def to_python_ints(array):
    return [int(v) for v in np.asarray(array).reshape(-1).tolist()]


def wrap_ints(dtype, values, shape):
    """Python ints wrapped into `dtype` (two's complement), as an array."""
    width = bits(dtype)
    lo, _ = int_range(dtype)
    out = []
    for v in values:
        v %= 1 << width
        if lo < 0 and v >= 1 << (width - 1):
            v -= 1 << width
        out.append(v)
    return np.array(out, dtype=storage(dtype)).reshape(shape)


def to_bits(dtype, array):
    """The raw bytes of `array` (values of `dtype`) as a uint8 array with one
    more trailing axis of the dtype's byte size."""
    array = np.array(array, order="C")  # (ascontiguousarray makes 0-d 1-d)
    if dtype == "bf16":
        raw = (array.astype(np.float32).view(np.uint32) >> 16).astype(
            np.uint16)
    elif dtype == "i1":
        raw = array.astype(np.uint8)
    else:
        raw = array
    return raw.reshape(-1).view(np.uint8).reshape(
        array.shape + (byte_size(dtype),))


def from_bits(dtype, raw):
    """Inverse of `to_bits`: a uint8 array whose last axis is one element."""
    raw = np.array(raw, dtype=np.uint8, order="C")
    shape = raw.shape[:-1]
    if dtype == "bf16":
        halves = raw.reshape(-1).view(np.uint16).astype(np.uint32) << 16
        return halves.view(np.float32).reshape(shape)
    if dtype == "i1":
        return (raw.reshape(shape) != 0)
    return raw.reshape(-1).view(storage(dtype)).reshape(shape)


def npy_dtype(dtype):
    """The dtype a .npy file of tiny-run carries for `dtype`; None when numpy
    has none (bf16: it travels as f32 and is cast in the program)."""
    return None if dtype == "bf16" else storage(dtype)
