"""The expected result of a program, computed with numpy (docs/semantics.md).

Every value is a `Val`: its elements `v` (the dtype's storage), a bound `e`
on how far a correct implementation may be from `v` (float64; 0 where the
result is exact), and a mask `p` of elements no correct implementation is
held to ("poison": a float cast to an integer out of its range, a shift by
the width or more, a comparison of inexact floats too close to call, a
bitcast of a NaN's payload). Elementwise ops that IEEE rounds correctly
(add, mul, max, reciprocal, sqrt, casts) are exact on exact inputs;
transcendentals, fdiv (tiny multiplies by the reciprocal), pow and float
reductions (any order, half floats accumulated in f32, products of a sum
contracted into FMAs) carry a bound, which flows on through the ops after
them. A value whose bound reaches the dtype's overflow is poison.
"""

import math

import numpy as np

from . import dtypes
from . import ir


class Val:
    __slots__ = ("v", "e", "p")

    def __init__(self, v, e=None, p=None):
        self.v = np.asarray(v)
        self.e = np.zeros(self.v.shape) if e is None else np.asarray(
            e, dtype=np.float64)
        self.p = np.zeros(self.v.shape, bool) if p is None else np.asarray(
            p, dtype=bool)

    @property
    def shape(self):
        return self.v.shape

    def map(self, fn):
        """The same movement of elements applied to v, e and p."""
        return Val(fn(self.v), fn(self.e), fn(self.p))


# Ulps by which the CPU's exp2 / log2 / sin may miss the correctly rounded
# result (test/lit/Execution/transcendental-accuracy.mlir: at most 2 on f32
# and f64; half floats are computed in f32 and rounded: at most 1), plus the
# reference's own rounding.
_TRANSCENDENTAL_ULPS = {"f16": 1.0, "bf16": 1.0, "f32": 3.0, "f64": 4.0}


def _f64(x):
    return np.asarray(x, dtype=np.float64)


def _scaled(x, e):
    """|x| * e, 0 where e is 0 (also where x is infinite)."""
    return np.where(e == 0, 0.0, np.abs(_f64(x)) * e)


def _finish_float(dtype, v, e, p, certain=None):
    """Marks as poison the elements whose bound reaches overflow or that are
    not finite while inexact (unless `certain`: a special value a correct
    implementation must give exactly, such as log2(0) = -inf)."""
    v = np.asarray(v, dtype=dtypes.storage(dtype))
    e = np.asarray(e, dtype=np.float64)
    if certain is not None:
        e = np.where(certain, 0.0, e)
    with np.errstate(all="ignore"):
        bad = (e > 0) & (~np.isfinite(_f64(v)) | ~np.isfinite(e) |
                         (np.abs(_f64(v)) + e >= dtypes.max_finite(dtype)))
    e = np.where(np.isfinite(e), e, 0.0)
    return Val(v, e, p | bad)


def _round_exact(dtype, x64):
    """Correctly rounded: the exact result (x64, from float64 arithmetic on
    values of `dtype`) rounded to `dtype`. For f16, bf16 and f32, float64
    holds the exact sum / product / quotient / square root closely enough
    that rounding twice is rounding once (53 >= 2 * 24 + 2)."""
    return dtypes.round_float(dtype, x64)


def _rounding_ulp(dtype, v, e, inexact=None):
    """The result's rounding may land one ulp apart once inputs are inexact
    (`inexact`, by default where the propagated bound `e` is not 0; a zero
    times an inexact value has no propagated bound, but an unknown sign)."""
    inexact = e > 0 if inexact is None else inexact
    return np.where(inexact, e + dtypes.ulp(dtype, v), 0.0)


#===------------------------------------------------------------------===#
# Elementwise
#===------------------------------------------------------------------===#


def _broadcast(vals, shape):
    return [Val(np.broadcast_to(x.v, shape), np.broadcast_to(x.e, shape),
                np.broadcast_to(x.p, shape)) for x in vals]


def _ieee_max(a, b):
    """IEEE 754-2019 maximum: NaN wins, -0 < +0."""
    a64, b64 = _f64(a), _f64(b)
    out = np.where(a64 > b64, a, b)
    both_zero = (a64 == 0) & (b64 == 0)
    out = np.where(both_zero & ~np.signbit(a64), a, out)
    return np.where(np.isnan(a64) | np.isnan(b64), np.nan, out).astype(
        a.dtype)


def _float_binary(op, dtype, a, b):
    a64, b64 = _f64(a.v), _f64(b.v)
    p = a.p | b.p
    if op in ("add", "sub"):
        r = a64 + b64 if op == "add" else a64 - b64
        v = _round_exact(dtype, r)
        return _finish_float(dtype, v, _rounding_ulp(dtype, v, a.e + b.e), p)
    if op == "mul":
        v = _round_exact(dtype, a64 * b64)
        e = _scaled(a64, b.e) + _scaled(b64, a.e) + a.e * b.e
        return _finish_float(dtype, v, _rounding_ulp(
            dtype, v, e, (a.e + b.e) > 0), p)
    if op == "max":
        return _finish_float(dtype, _ieee_max(a.v, b.v), np.maximum(a.e, b.e),
                             p)
    if op == "fdiv":
        v = _round_exact(dtype, a64 / b64)
        # tiny computes a * (1 / b): two roundings, within 2 ulp; exact on
        # the IEEE special cases (x / 0, infinities, NaN).
        special = (b64 == 0) | ~np.isfinite(a64) | ~np.isfinite(b64)
        e = np.where(special, 0.0, 2 * dtypes.ulp(dtype, v))
        # |a/b - a'/b'| <= (|a| eb / |b| + ea) / (|b| - eb), in an order
        # that does not overflow.
        room = np.abs(b64) - b.e
        safe_b = np.where(b64 != 0, np.abs(b64), 1.0)
        e = e + np.where(((a.e + b.e) > 0) & (room > 0),
                         (np.abs(a64) * (b.e / safe_b) + a.e) /
                         np.where(room > 0, room, 1.0), 0.0)
        # 1 / b overflows, or loses bits as a subnormal.
        p = p | ((np.abs(b64) - b.e <= 0) & ((a.e + b.e) > 0))
        p = p | (~special & ((np.abs(b64) < 1 / dtypes.max_finite(dtype)) |
                             (np.abs(b64) > 1 / dtypes.smallest_normal(dtype))))
        return _finish_float(dtype, v, e, p, certain=special & (a.e + b.e == 0))
    if op == "pow":
        return _pow(dtype, a, b, a64, b64, p)
    raise ValueError(op)


def _pow(dtype, a, b, a64, b64, p):
    """C's pow (docs/semantics.md: a negative base with an integral
    exponent, and 0^0 = 1). tiny computes exp2(log2(a) * b): the relative
    error grows with |b * log2(a)|, each of the three ops rounding."""
    ref = np.power(a64, b64)
    v = _round_exact(dtype, ref)
    special = (np.isnan(a64) | np.isnan(b64) | (a64 == 0) | np.isinf(a64) |
               np.isinf(b64) | (b64 == 0) | (a64 == 1) |
               ((a64 < 0) & (b64 != np.trunc(b64))))
    t = np.where(special, 0.0, np.abs(b64 * np.log2(np.where(
        special, 1.0, np.abs(a64)))))
    unit = 2.0 * dtypes.unit_roundoff(dtype)
    e = np.where(special, 0.0,
                 np.abs(ref) * (3 * t + 4) * unit + dtypes.ulp(dtype, v))
    inexact = (a.e + b.e) > 0
    p = p | (inexact & ((a64 - a.e <= 0) | special))
    safe_a = np.where(a64 - a.e > 0, a64, 1.0)
    growth = (np.abs(np.log(safe_a)) * b.e +
              (np.abs(b64) + b.e) * np.log(safe_a / np.maximum(
                  safe_a - a.e, 1e-300)))
    e = e + np.where(inexact, np.abs(ref) * np.expm1(growth), 0.0)
    # Overflow is certain past twice the largest finite value.
    certain = special | (np.isinf(v) & (np.abs(ref) > 2 * dtypes.max_finite(
        dtype)))
    return _finish_float(dtype, v, e, p, certain=certain & ~inexact)


def _float_unary(op, dtype, a):
    x = _f64(a.v)
    p = a.p
    inexact = a.e > 0
    ulps = _TRANSCENDENTAL_ULPS[dtype]
    if op == "neg":
        return Val(-a.v, a.e, p)
    if op == "trunc":
        p = p | (inexact & (np.trunc(x - a.e) != np.trunc(x + a.e)))
        return Val(np.trunc(a.v), None, p)
    if op == "reciprocal":
        v = _round_exact(dtype, 1.0 / x)
        room = np.abs(x) - a.e
        p = p | (inexact & (room <= 0))
        e = np.where(inexact, a.e / (np.abs(x) * np.where(room > 0, room, 1.0)),
                     0.0)
        return _finish_float(dtype, v, _rounding_ulp(dtype, v, e), p)
    if op == "sqrt":
        v = _round_exact(dtype, np.sqrt(x))
        negative = x + a.e < 0  # NaN however inexact
        p = p | (inexact & (x - a.e < 0) & ~negative)
        e = np.where(inexact, np.sqrt(np.abs(x)) - np.sqrt(np.maximum(
            x - a.e, 0.0)), 0.0)
        return _finish_float(dtype, v, _rounding_ulp(dtype, v, e), p,
                             certain=negative)
    if op == "exp2":
        ref = np.exp2(x)
        v = _round_exact(dtype, ref)
        certain = np.isnan(x) | np.isinf(x) | (
            np.abs(ref) > 2 * dtypes.max_finite(dtype))
        e = ulps * dtypes.ulp(dtype, v) + np.where(
            inexact, np.abs(ref) * np.expm1(a.e * math.log(2)), 0.0)
        return _finish_float(dtype, v, e, p, certain=certain & ~inexact)
    if op == "log2":
        ref = np.log2(x)
        v = _round_exact(dtype, ref)
        certain = np.isnan(x) | (x <= 0) | np.isinf(x)
        negative = x + a.e < 0  # NaN however inexact
        room = x - a.e
        p = p | (inexact & (room <= 0) & ~negative)
        e = ulps * dtypes.ulp(dtype, v) + np.where(
            inexact & (room > 0), np.log2(x / np.where(room > 0, room, 1.0)),
            0.0)
        return _finish_float(dtype, v, e, p,
                             certain=(certain & ~inexact) | negative)
    if op == "sin":
        v = _round_exact(dtype, np.sin(x))
        certain = ~np.isfinite(x)
        e = ulps * dtypes.ulp(dtype, v) + np.minimum(a.e, 2.0)
        return _finish_float(dtype, v, e, p, certain=certain & ~inexact)
    raise ValueError(op)


def _compare(op, dtype, a, b):
    p = a.p | b.p
    if dtypes.is_float(dtype):
        x, y = _f64(a.v), _f64(b.v)
        slack = a.e + b.e
        p = p | ((slack > 0) & ~(np.abs(x - y) > slack))
    else:
        x, y = a.v, b.v
    result = {
        "cmplt": lambda: x < y,
        "cmpgt": lambda: x > y,
        "cmple": lambda: x <= y,
        "cmpge": lambda: x >= y,
        "cmpeq": lambda: x == y,
        "cmpne": lambda: x != y,
    }[op]()
    return Val(np.asarray(result, bool), None, p)


def _int_division(op, dtype, a, b):
    """C and Python division that never traps (division-by-zero.mlir): x / 0
    gives quotient 0 (floordiv: -1 for a negative x) and remainder x; signed
    MIN / -1 gives MIN, remainder 0."""
    lo, _ = dtypes.int_range(dtype)
    shape = a.v.shape
    xs, ys = dtypes.to_python_ints(a.v), dtypes.to_python_ints(b.v)
    out = []
    for x, y in zip(xs, ys):
        if y == 0:
            r = {"cdiv": 0, "cmod": x, "floordiv": -1 if x < 0 else 0,
                 "floormod": x}[op]
        elif x == lo and y == -1 and lo < 0:
            r = lo if op in ("cdiv", "floordiv") else 0
        else:
            floor_q = x // y
            trunc_q = abs(x) // abs(y) * (1 if (x >= 0) == (y > 0) else -1)
            r = {"cdiv": trunc_q, "cmod": x - y * trunc_q,
                 "floordiv": floor_q, "floormod": x - y * floor_q}[op]
        out.append(r)
    return Val(dtypes.wrap_ints(dtype, out, shape), None, a.p | b.p)


def _int_binary(op, dtype, a, b):
    p = a.p | b.p
    if op in dtypes_ops_int_div:
        return _int_division(op, dtype, a, b)
    if op in ("shl", "shr"):
        width = dtypes.bits(dtype)
        amount = b.v.astype(np.float64)
        bad = (amount < 0) | (amount >= width)
        unsigned = np.dtype(f"uint{width}")
        safe = np.where(bad, 0, amount).astype(unsigned)
        if op == "shl":
            r = np.left_shift(a.v.astype(unsigned), safe).astype(a.v.dtype)
        else:
            r = np.right_shift(a.v, safe.astype(a.v.dtype))
        return Val(np.asarray(r, dtype=a.v.dtype), None, p | bad)
    fn = {
        "add": np.add, "sub": np.subtract, "mul": np.multiply,
        "max": np.maximum, "xor": np.bitwise_xor, "or": np.bitwise_or,
        "and": np.bitwise_and,
    }[op]
    if dtype == "i1" and op == "max":
        fn = np.logical_or
    return Val(np.asarray(fn(a.v, b.v), dtype=a.v.dtype), None, p)


dtypes_ops_int_div = set(ir.INT_DIVISION)


def _binary(op, dtype, a, b):
    if op in ir.COMPARES:
        return _compare(op, dtype, a, b)
    if dtypes.is_float(dtype):
        return _float_binary(op, dtype, a, b)
    return _int_binary(op, dtype, a, b)


def _cast(a, src, dst):
    p = a.p
    if src == dst:
        return Val(a.v.copy(), a.e, p)
    if dtypes.is_float(src):
        x = _f64(a.v)
        inexact = a.e > 0
        if dst == "i1":
            p = p | (inexact & (np.abs(x) <= a.e))
            return Val(x != 0, None, p)
        if dtypes.is_float(dst):
            v = dtypes.round_float(dst, x)
            return _finish_float(dst, v, _rounding_ulp(dst, v, a.e), p)
        # Truncation toward zero; out of range (or NaN) is undefined.
        lo, hi = dtypes.int_range(dst)
        with np.errstate(all="ignore"):
            t = np.trunc(x)
            # float(hi) + 1 is 2^bits (or 2^(bits-1)) exactly, even where
            # float(hi) rounds up to it.
            p = p | ~np.isfinite(x) | (t < lo) | (t >= float(hi) + 1.0)
            p = p | (inexact & (np.trunc(x - a.e) != np.trunc(x + a.e)))
        ints = [0 if bad else int(value) for bad, value in
                zip(p.reshape(-1).tolist(), np.where(p, 0, t).reshape(-1).tolist())]
        return Val(dtypes.wrap_ints(dst, ints, a.v.shape), None, p)
    ints = dtypes.to_python_ints(a.v)
    if dtypes.is_float(dst):
        v = dtypes.int_to_float(dst, ints).reshape(a.v.shape)
        return Val(dtypes.round_float(dst, v), None, p)
    if dst == "i1":
        return Val(a.v != 0, None, p)
    return Val(dtypes.wrap_ints(dst, ints, a.v.shape), None, p)


#===------------------------------------------------------------------===#
# Reductions
#===------------------------------------------------------------------===#

# Half floats accumulate in f32.
_ACCUMULATOR = {"f16": "f32", "bf16": "f32", "f32": "f32", "f64": "f64"}


def _exact_sum(x, total):
    """`total` (the sum of the |x|) in units of the coarsest power of two
    that every x is a multiple of, or None: every partial sum, in any order,
    is exact when this is below 2^p."""
    for scale in (1.0, 4.0, 256.0, 65536.0):
        scaled = x * scale
        if np.all(np.isfinite(scaled)) and np.all(scaled == np.rint(scaled)):
            return total * scale
    return None


def _reduce_float(kind, dtype, x, e, p, contracted=False):
    """One output: x, e, p are the reduced elements (1-D). `contracted`:
    the elements are products that the sum may take unrounded (FMA)."""
    acc = _ACCUMULATOR[dtype]
    unit = dtypes.unit_roundoff(acc)
    n = x.size
    poisoned = bool(p.any())
    finite = np.isfinite(x)
    if kind == "max":
        if n == 0:
            return -np.inf, 0.0, False
        m = _f64(np.max(x))
        if m == 0:
            m = 0.0 if np.any((x == 0) & ~np.signbit(x)) else -0.0
        return m, float(e.max()), poisoned
    if kind == "add":
        if not finite.all():
            nans = np.isnan(x).any() or (np.isposinf(x).any() and
                                        np.isneginf(x).any())
            value = np.nan if nans else float(x[~finite][0])
            # Finite elements that may overflow to an infinity of the other
            # sign first make the result order-dependent.
            overflow = np.sum(np.abs(x[finite])) >= dtypes.max_finite(acc)
            # A product that overflowed to inf may be taken unrounded,
            # finite, by an FMA.
            overflow = overflow or contracted
            return value, 0.0, poisoned or bool((e > 0).any()) or \
                bool(overflow and not np.isnan(x).any())
        total = float(np.sum(x))
        magnitude = float(np.sum(np.abs(x))) + float(np.sum(e))
        if magnitude >= dtypes.max_finite(acc):
            return total, 0.0, True
        if n and not np.any(x) and np.all(np.signbit(x)):
            # Only -0 terms: IEEE adds them to -0, a sum from the identity
            # +0 gives +0 (reduce does, allreduce does not);
            # docs/semantics.md pins neither, so either zero is held.
            return -0.0, 5e-324, poisoned
        # Sums of small integers (or multiples of one power of two) are
        # exact in every order.
        scaled = _exact_sum(x, float(np.sum(np.abs(x))))
        if scaled is not None and not e.any() and not contracted and \
                scaled * dtypes.unit_roundoff(dtype) < 1:
            return total, 0.0, poisoned
        bound = float(np.sum(e)) + (n + 2) * unit * magnitude
        return total, bound, poisoned
    # mul
    if not finite.all() or np.any(np.isnan(x)):
        zeros = np.any(x == 0)
        nans = np.isnan(x).any() or (zeros and np.isinf(x).any())
        sign = -1.0 if np.sum(np.signbit(x)) % 2 else 1.0
        # Finite elements whose product may underflow to 0 first make
        # inf * 0 = NaN possible.
        with np.errstate(all="ignore"):
            low = float(np.prod(np.minimum(np.abs(x[finite]), 1.0)))
        underflow = low < dtypes.smallest_normal(acc)
        return (np.nan if nans else sign * np.inf), 0.0, \
            poisoned or bool((e > 0).any()) or bool(underflow and not nans)
    product = float(np.prod(x))
    if np.any((x == 0) & (e == 0)):
        # Zero, unless the other factors overflow to inf first: inf * 0.
        with np.errstate(all="ignore"):
            high = float(np.prod(np.maximum(np.abs(x) + e, 1.0)))
        return product, 0.0, poisoned or high >= dtypes.max_finite(acc)
    if np.any(np.abs(x) <= e):
        return product, 0.0, True
    with np.errstate(all="ignore"):
        low = float(np.prod(np.minimum(np.abs(x) - e, 1.0)))
        high = float(np.prod(np.maximum(np.abs(x) + e, 1.0)))
    if low < dtypes.smallest_normal(acc) or high >= dtypes.max_finite(acc):
        return product, 0.0, True
    if not e.any() and np.all(x == np.rint(x)) and \
            abs(product) * dtypes.unit_roundoff(dtype) < 1:
        return product, 0.0, poisoned
    rel = (n + 2) * unit + float(np.sum(e / np.abs(x)))
    rel = rel + rel * rel  # second order
    return product, abs(product) * rel, poisoned


def _reduce(kind, dtype, a, axes, contracted=False):
    out_shape = tuple(1 if i in axes else d for i, d in enumerate(a.shape))
    if not axes:
        return Val(a.v.copy(), a.e, a.p)
    keep = [i for i in range(len(a.shape)) if i not in axes]
    order = keep + list(axes)
    kept_shape = tuple(a.shape[i] for i in keep)
    n = math.prod(a.shape[i] for i in axes)
    v = np.transpose(a.v, order).reshape(kept_shape + (n,))
    e = np.transpose(a.e, order).reshape(kept_shape + (n,))
    p = np.transpose(a.p, order).reshape(kept_shape + (n,))
    rp = np.array(p.any(axis=-1)) if n else np.zeros(kept_shape, bool)
    if not dtypes.is_float(dtype):
        storage = dtypes.storage(dtype)
        if dtype == "i1":
            fn = {"add": np.any, "max": np.any, "mul": np.all}[kind]
            rv = fn(v, axis=-1)
        elif kind == "add":
            rv = np.sum(v, axis=-1, dtype=storage)
        elif kind == "mul":
            rv = np.prod(v, axis=-1, dtype=storage)
        else:
            lo = 0 if dtypes.is_unsigned(dtype) else dtypes.int_range(dtype)[0]
            rv = np.max(v, axis=-1, initial=lo)
        return Val(np.asarray(rv, storage).reshape(out_shape), None,
                   rp.reshape(out_shape))
    rv = np.zeros(kept_shape)
    re = np.zeros(kept_shape)
    for index in np.ndindex(*kept_shape):
        value, bound, poisoned = _reduce_float(kind, dtype, _f64(v[index]),
                                               e[index], p[index],
                                               contracted)
        rv[index], re[index] = value, bound
        rp[index] = rp[index] or poisoned
    value = dtypes.round_float(dtype, rv)
    bound = np.where(re > 0, re + dtypes.ulp(dtype, value), 0.0)
    return _finish_float(dtype, value.reshape(out_shape),
                         bound.reshape(out_shape), rp.reshape(out_shape))


#===------------------------------------------------------------------===#
# Movement
#===------------------------------------------------------------------===#


def _bitcast(a, src, dst):
    inner = a.shape[-1] if a.shape else None
    raw = dtypes.to_bits(src, a.v)
    bad = a.p | (a.e > 0)
    if dtypes.is_float(src):
        bad = bad | np.isnan(_f64(a.v))  # the payload is not held to
    size_in, size_out = dtypes.byte_size(src), dtypes.byte_size(dst)
    bad_bytes = np.repeat(bad[..., None], size_in, axis=-1)
    lead = a.shape[:-1] if a.shape else ()
    if a.shape:
        count = inner * size_in // size_out
        raw = raw.reshape(lead + (count, size_out))
        bad_bytes = bad_bytes.reshape(lead + (count, size_out))
    v = dtypes.from_bits(dst, raw)
    return Val(v, None, bad_bytes.any(axis=-1))


def _index(src, indices):
    shape = ir.broadcast_shapes(*[i.shape for i in indices])
    idx = _broadcast(indices, shape)
    bad = np.zeros(shape, bool)
    positions = []
    for axis, i in enumerate(idx):
        values = i.v.astype(np.int64) if i.v.dtype != np.uint64 else \
            np.minimum(i.v, np.uint64(2 ** 62)).astype(np.int64)
        out = (values < 0) | (values >= src.shape[axis])
        bad |= out | i.p
        positions.append(np.where(out, 0, values))
    key = tuple(positions)
    tail = (slice(None),) * (len(src.shape) - len(indices))
    rest = src.shape[len(indices):]
    expand = bad.reshape(bad.shape + (1,) * len(rest))
    return Val(src.v[key + tail], src.e[key + tail],
               src.p[key + tail] | expand)


#===------------------------------------------------------------------===#
# Programs
#===------------------------------------------------------------------===#


def _products(node):
    """True when `node` is an f32 / f64 product seen through views: a sum
    of it may fuse each product into an FMA (ScalarAlu's reduce combine)."""
    while node.op in ("reshape", "permute", "expand", "shrink", "flip"):
        node = node.operands[0]
    return node.op in ("mul", "fdiv") and \
        node.type.dtype in ("f32", "f64")


class Multi:
    """A value with one, possibly different, Val per device (an mstack)."""

    def __init__(self, parts):
        self.parts = list(parts)


def _multi(node, args):
    a = node.attrs
    op = node.op
    if op == "mstack":
        return Multi(args)
    if op == "mselect":
        x = args[0]
        return x.parts[a["index"]] if isinstance(x, Multi) else x
    if op == "unshard":
        parts = args[0].parts
        return Val(np.concatenate([x.v for x in parts], a["axis"]),
                   np.concatenate([x.e for x in parts], a["axis"]),
                   np.concatenate([x.p for x in parts], a["axis"]))
    if op == "allreduce":
        parts = args[0].parts
        stacked = Val(np.stack([x.v for x in parts]),
                      np.stack([x.e for x in parts]),
                      np.stack([x.p for x in parts]))
        total = _reduce(a["kind"], node.type.dtype, stacked, [0])
        total = total.map(lambda x: x.reshape(x.shape[1:]))
        return Multi([total] * len(parts))
    raise ValueError(op)


def evaluate_node(node, args):
    a = node.attrs
    op = node.op
    t = node.type
    if op in ("mstack", "mselect", "unshard", "allreduce"):
        return _multi(node, args)
    if op == "const":
        value = np.full(t.shape, a["value"], dtype=dtypes.storage(t.dtype))
        return Val(value)
    if op in ir.MARKERS or op == "copy":
        return args[0]
    if op in ("neg",) and not dtypes.is_float(t.dtype):
        x = args[0]
        return Val(np.asarray(np.negative(x.v), x.v.dtype), None, x.p)
    if op in ir.ELEMENTWISE_UNARY or op == "neg":
        return _float_unary(op, t.dtype, args[0])
    if op == "not":
        return Val(~args[0].v, None, args[0].p)
    if op == "cast":
        return _cast(args[0], node.operands[0].type.dtype, t.dtype)
    if op in ir.BINARY:
        x, y = _broadcast(args, t.shape)
        return _binary(op, node.operands[0].type.dtype, x, y)
    if op == "where":
        c, x, y = _broadcast(args, t.shape)
        return Val(np.where(c.v, x.v, y.v), np.where(c.v, x.e, y.e),
                   c.p | np.where(c.v, x.p, y.p))
    if op == "mulacc":
        x, y, z = _broadcast(args, t.shape)
        product = _binary("mul", t.dtype, x, y)
        return _binary("add", t.dtype, product, z)
    if op == "reshape" and isinstance(args[0], Multi):
        return Multi([x.map(lambda y: y.reshape(a["shape"]))
                      for x in args[0].parts])
    if op == "reshape":
        return args[0].map(lambda x: x.reshape(a["shape"]))
    if op == "permute":
        return args[0].map(lambda x: np.transpose(x, a["order"]))
    if op == "expand":
        return args[0].map(lambda x: np.broadcast_to(x, a["shape"]).copy())
    if op == "pad":
        widths = list(zip(a["low"], a["high"]))
        return args[0].map(lambda x: np.pad(x, widths))
    if op == "shrink":
        key = tuple(slice(s, e) for s, e in zip(a["starts"], a["ends"]))
        return args[0].map(lambda x: x[key])
    if op == "flip":
        return args[0].map(lambda x: np.flip(x, a["axes"]) if a["axes"]
                           else x.copy())
    if op == "index":
        return _index(args[0], args[1:])
    if op == "stack":
        return Val(np.stack([x.v for x in args]),
                   np.stack([x.e for x in args]),
                   np.stack([x.p for x in args]))
    if op == "bitcast":
        return _bitcast(args[0], node.operands[0].type.dtype, t.dtype)
    if op == "reduce":
        return _reduce(a["kind"], t.dtype, args[0], list(a["axes"]),
                       _products(node.operands[0]))
    if op == "call":
        callee = a["callee"]
        layouts = a.get("layouts") or [None] * len(args)
        inputs = []
        for arg, param, layout in zip(args, callee.params, layouts):
            if layout is None:
                inputs.append(arg.map(lambda x, s=param.type.shape:
                                      x.reshape(s)))
                continue
            # A sharded argument: each device's shard, flat.
            n = len(param.type.device)
            inputs.append(Multi([arg.map(
                lambda x, i=i: np.split(x, n, axis=layout)[i].reshape(-1))
                for i in range(n)]))
        return evaluate_function(callee, inputs)
    if op == "gettuple":
        return args[0][a["index"]]
    raise ValueError(f"no reference for {op}")


def _evaluate_all(function, inputs):
    values = {param.id: value for param, value in zip(function.params, inputs)}
    with np.errstate(all="ignore"):
        for node in ir.topo_order(function.outputs):
            if node.id in values:
                continue
            values[node.id] = evaluate_node(
                node, [values[o.id] for o in node.operands])
    return values


def evaluate_function(function, inputs):
    """The function's result: a Val, or a list of them for a tuple."""
    values = _evaluate_all(function, inputs)
    results = [values[o.id] for o in function.outputs]
    return results[0] if len(results) == 1 else results


def _entry_inputs(program):
    return [Val(np.asarray(x, dtype=dtypes.storage(p.type.dtype)))
            for x, p in zip(program.inputs, program.entry.params)]


def evaluate(program):
    """The entry's results, one Val per returned tensor."""
    values = _evaluate_all(program.entry, _entry_inputs(program))
    return [values[o.id] for o in program.entry.outputs]


def evaluate_nodes(program):
    """The value of every node of the entry function, by node id."""
    return _evaluate_all(program.entry, _entry_inputs(program))


#===------------------------------------------------------------------===#
# Comparison
#===------------------------------------------------------------------===#


def compare(dtype, got, want, stats=None, signed_zero=True, limit=4):
    """Mismatches of `got` (a numpy array from tiny-run) against `want` (a
    Val of `dtype`), as text; empty when they agree. Exact float elements
    must have the same sign of zero unless not `signed_zero`. Counts the
    elements held exactly, held within a bound, and not held (poison) in
    `stats`."""
    expected_dtype = dtypes.npy_dtype(dtype)
    if got.shape != want.shape:
        return [f"shape {got.shape}, expected {want.shape}"]
    if got.dtype != expected_dtype:
        return [f"dtype {got.dtype}, expected {expected_dtype}"]
    held = ~want.p
    if dtypes.is_float(dtype):
        g, w = _f64(got), _f64(want.v)
        both_nan = np.isnan(g) & np.isnan(w)
        exact = (want.e == 0)
        same = (g == w) & ((np.signbit(g) == np.signbit(w)) |
                           (not signed_zero))
        close = np.abs(g - w) <= want.e * (1 + 1e-9)
        ok = both_nan | np.where(exact, same, close)
    else:
        exact = np.ones(got.shape, bool)
        ok = got == want.v
    if stats is not None:
        stats["exact"] += int(np.sum(held & exact))
        stats["bounded"] += int(np.sum(held & ~exact))
        stats["poison"] += int(np.sum(~held))
    bad = (held & ~ok).reshape(-1)
    flat_got, flat_want = got.reshape(-1), want.v.reshape(-1)
    flat_e = want.e.reshape(-1)
    out = []
    for i in np.nonzero(bad)[0]:
        if len(out) == limit:
            out.append(f"... {int(bad.sum())} elements differ")
            break
        where = [int(k) for k in np.unravel_index(i, got.shape)]
        bound = f" (+-{flat_e[i]:.3g})" if flat_e[i] else ""
        out.append(f"at {where}: got {flat_got[i]!r}, expected "
                   f"{flat_want[i]!r}{bound}")
    return out
