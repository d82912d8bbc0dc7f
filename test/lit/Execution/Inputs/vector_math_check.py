#!/usr/bin/env python3
"""Accuracy check of exp2, log2 and sin on CPU vectors (glibc's libmvec).

Used by vector-math.mlir:
  vector_math_check.py gen DIR          writes DIR/<dtype>.<fn>.in.npy
  vector_math_check.py check DIR SUFFIX reads DIR/<dtype>.<fn>.SUFFIX.npy,
      prints the largest error in ulp of each input range and exits 1 if
      one exceeds its bound or a special value is not exact.

The inputs and the reference (Python's math module in double precision)
are transcendental_check.py's: the same ranges, special values and ulp.

The bound is 4 ulp for every function: the accuracy glibc promises for
libmvec's functions (its manual's "vector math functions" are held to
4 ulp, where the scalar ones aim at about 1). Measured on x86-64 with
AVX-512 (glibc 2.36), the errors are about 1 ulp in f32 and within 1 ulp of
glibc's scalar results in f64 (the vector-math.mlir header has the
figures). Results that are exact by definition are required exactly,
whatever the bound: NaN for NaN, exp2 0 for -inf and below the subnormal
range, inf for +inf and past the overflow edge, log2 -inf for +-0 and NaN
below 0, sin NaN for +-inf.
"""

import math
import sys

import npy
import transcendental_check as tc

FORMATS = ("f32", "f64")
FUNCTIONS = ("exp2", "log2", "sin")
BOUND = 4.0
# The f64 sin arguments whose reduction is hardest (transcendental_check's
# HARD_SIN, with exact references): glibc's scalar sin is 5 ulp off on two
# of them, and libmvec's gives the same results; these are held to 6 ulp.
HARD_BOUND = 6.0

# Exact results by definition, with the input's bit-exact output checked
# apart from the ulp measure: (function, input, expected).
EXACT = [
    ("exp2", -math.inf, 0.0), ("exp2", math.inf, math.inf),
    ("exp2", math.nan, math.nan), ("exp2", 0.0, 1.0), ("exp2", -0.0, 1.0),
    ("log2", 0.0, -math.inf), ("log2", -0.0, -math.inf),
    ("log2", -1.0, math.nan), ("log2", math.inf, math.inf),
    ("log2", math.nan, math.nan), ("log2", 1.0, 0.0),
    ("sin", math.inf, math.nan), ("sin", -math.inf, math.nan),
    ("sin", math.nan, math.nan), ("sin", 0.0, 0.0), ("sin", -0.0, -0.0),
]


def same(y, want):
    if math.isnan(want):
        return math.isnan(y)
    return y == want and math.copysign(1, y) == math.copysign(1, want)


def gen(directory):
    for fmt in FORMATS:
        _, _, _, descr, code = tc.FORMATS[fmt]
        for fn in FUNCTIONS:
            _, values = tc.all_inputs(fmt, fn)
            npy.write_npy("%s/%s.%s.in.npy" % (directory, fmt, fn), descr,
                          code, values)


def check(directory, suffix):
    failed = False
    for fmt in FORMATS:
        code = tc.FORMATS[fmt][4]
        for fn in FUNCTIONS:
            parts, inputs = tc.all_inputs(fmt, fn)
            outputs = npy.read_npy(
                "%s/%s.%s.%s.npy" % (directory, fmt, fn, suffix), code)
            if len(outputs) != len(inputs):
                sys.exit("%s %s: %d values, expected %d" %
                         (fmt, fn, len(outputs), len(inputs)))
            start = 0
            for label, values in parts:
                worst, where, ok = 0.0, None, True
                bound = BOUND
                for i, x in enumerate(values):
                    error = tc.error_ulp(fmt, fn, x, outputs[start + i])
                    if where is None or error > worst:
                        worst, where = error, (x, outputs[start + i])
                    hard = fmt == "f64" and fn == "sin" and abs(x) in tc.EXACT_SIN
                    if hard:
                        bound = HARD_BOUND
                    ok &= error <= (HARD_BOUND if hard else BOUND)
                start += len(values)
                failed |= not ok
                tc.report("%s %s %s: max %.3f ulp (bound %g): %s" % (
                    fmt, fn, label, worst, bound, "ok" if ok else "FAIL"))
                if not ok:
                    tc.report("  worst: " + tc.describe(fmt, fn, *where))
            # The special values are among the inputs (transcendental_check's
            # specials); each exact one is found by its bits.
            exact_ok = True
            for name, x, want in EXACT:
                if name != fn:
                    continue
                found = [i for i, v in enumerate(inputs) if same(v, x)]
                if not found:
                    sys.exit("%s %s: input %r is not among the inputs" %
                             (fmt, fn, x))
                for i in found:
                    if not same(outputs[i], want):
                        exact_ok = False
                        tc.report("  %s %s(%r) = %r, expected %r" % (
                            fmt, fn, x, outputs[i], want))
            failed |= not exact_ok
            tc.report("%s %s exact values: %s" % (
                fmt, fn, "ok" if exact_ok else "FAIL"))
    return 1 if failed else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "gen":
        gen(sys.argv[2])
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == "check":
        return check(sys.argv[2], sys.argv[3])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
