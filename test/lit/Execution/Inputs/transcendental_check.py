#!/usr/bin/env python3
"""Accuracy check of tiny's polynomial exp2 / log2 / sin.

Used by transcendental-accuracy.mlir:
  transcendental_check.py gen DIR    writes DIR/<dtype>.<fn>.in.npy
  transcendental_check.py check DIR  reads DIR/<dtype>.<fn>.out.npy (the
      approximation) and, when present, DIR/<dtype>.<fn>.native.npy (the
      ops through tiny-run's own pipeline, shown for comparison, and held
      to NATIVE_BOUNDS where tiny computes them itself); prints the largest
      error in ulp of each input range and exits 1 if one exceeds its bound.

The reference is Python's math module in double precision, independent of
the tool. For f32, f16 and bf16 results its own error (below 1e-16
relative) is negligible; for f64 results the measured error includes the
reference's, which for glibc is within about 0.5 ulp.

An ulp is that of the exact result in the result's format (at the bottom of
the subnormal range, the smallest subnormal). A NaN must give NaN, a result
that rounds past the largest float must give that infinity, an exact zero
must give zero of the same sign.
"""

import math
import random
import struct
import sys
from decimal import Decimal, getcontext

import npy

N = 65536  # the size of every input; the .mlir functions take this many

# Precision p (with the leading bit), smallest normal exponent, largest
# exponent, and how the values are stored in the .npy files.
FORMATS = {
    "f32": (24, -126, 127, "<f4", "f"),
    "f64": (53, -1022, 1023, "<f8", "d"),
    "f16": (11, -14, 15, "<f2", "e"),
    "bf16": (8, -126, 127, "<f4", "f"),  # bf16 values travel as f32
}


def largest(fmt):
    p, _, emax, _, _ = FORMATS[fmt]
    return (2.0 - 2.0 ** (1 - p)) * 2.0 ** emax


def round_to(fmt, v):
    """v (a double) rounded to nearest even in fmt; inf past the largest."""
    if math.isnan(v) or math.isinf(v) or v == 0:
        return v
    p, emin, emax, _, _ = FORMATS[fmt]
    exponent = max(math.frexp(v)[1] - 1, emin)
    scale = 2.0 ** (exponent - p + 1)
    r = round(v / scale) * scale
    if abs(r) > largest(fmt):
        return math.copysign(math.inf, v)
    return r


def ulp(fmt, v):
    p, emin, _, _, _ = FORMATS[fmt]
    exponent = emin if v == 0 else max(math.frexp(v)[1] - 1, emin)
    return 2.0 ** (exponent - p + 1)


def reference(fn, x):
    if math.isnan(x):
        return math.nan
    if fn == "exp2":
        if math.isinf(x):
            return math.inf if x > 0 else 0.0
        try:
            return math.exp2(x)
        except OverflowError:
            return math.inf
    if fn == "log2":
        if x < 0:
            return math.nan
        if x == 0:
            return -math.inf
        return math.inf if math.isinf(x) else math.log2(x)
    if math.isinf(x):
        return math.nan
    if abs(x) in EXACT_SIN:
        value = float(Decimal(EXACT_SIN[abs(x)]))
        return value if x > 0 else -value
    return math.sin(x)


def error_ulp(fmt, fn, x, y):
    """The error of y = fn(x) in ulp; inf for a wrong special value."""
    v = reference(fn, x)
    if math.isnan(v):
        return 0.0 if math.isnan(y) else math.inf
    rounded = round_to(fmt, v)
    if math.isinf(rounded) or v == 0:
        same = y == rounded and math.copysign(1, y) == math.copysign(1, v)
        return 0.0 if same else math.inf
    if math.isnan(y) or math.isinf(y):
        return math.inf
    return abs(y - v) / ulp(fmt, v)


#===-----------------------------------------------------------------------===#
# Inputs
#===-----------------------------------------------------------------------===#

def uniform(rng, fmt, lo, hi):
    return lambda: round_to(fmt, rng.uniform(lo, hi))


def log_uniform(rng, fmt, lo, hi, signed=False):
    def sample():
        v = round_to(fmt, math.exp(rng.uniform(math.log(lo), math.log(hi))))
        return -v if signed and rng.random() < 0.5 else v
    return sample


def near_half_pi_multiples(rng, fmt, kmax, kmin=1):
    """The floats nearest to k * pi/2, where reduction cancels the most."""
    getcontext().prec = 60
    half_pi = Decimal("1.57079632679489661923132169163975144209858469968755291")

    def sample():
        k = rng.randrange(kmin, kmax)
        v = round_to(fmt, float(k * half_pi))
        # one of the few floats around it
        return v + rng.randrange(-2, 3) * ulp(fmt, v)
    return sample


HARD_SIN = {
    # x = M * 2^e: 16367173 * 2^73, 10741887 * 2^12, 16367173 * 2^74
    "f32": [1.5458357838905804e+29, 43998769152.0, 3.0916715677811608e+29],
    # 6381956970095103 * 2^798, 5520028710995367 * 2^-33 (Cody-Waite's
    # range), 7763785107565477 * 2^-28, 5916243447979695 * 2^80
    "f64": [1.0638745296653083e+256, 642615.9188844458, 28922353.34055676,
            7.152299459388533e+39],
}

# sin of the f64 cases above to 25 digits (mpmath, 4000 bits): glibc's sin
# is several ulp off on the first and the last, so they need their own.
EXACT_SIN = {
    1.0638745296653083e+256: "-9.374331848509255222245166e-19",
    642615.9188844458: "8.859201669192259041519781e-17",
    28922353.34055676: "3.397007659797200758923554e-18",
    7.152299459388533e+39: "3.641713275476434578609463e-18",
}


def specials(fmt):
    big = largest(fmt)
    _, emin, _, _, _ = FORMATS[fmt]
    p = FORMATS[fmt][0]
    tiny = 2.0 ** (emin - p + 1)
    values = [math.inf, -math.inf, math.nan, 0.0, -0.0, 1.0, -1.0, 2.0, 0.5,
              tiny, -tiny, 2.0 ** emin, big, -big, 3.0, -7.5]
    # exp2 around overflow and the subnormal bottom
    emax = FORMATS[fmt][2]
    values += [emax + 1.0, emax + 0.5, emax - 0.25, float(emin),
               float(emin - p + 1), float(emin - p), float(emin - p - 1)]
    # sin: the floats closest to a multiple of pi/2 (found with continued
    # fractions), with sin(x) = +-sin(r) for a tiny r, and the boundary
    # between the two reductions
    values += [-v for v in HARD_SIN[fmt]] + HARD_SIN[fmt]
    values += [4096.0, math.nextafter(4096.0, 0), 2.0 ** 20,
               math.nextafter(2.0 ** 20, 0)]
    return [round_to(fmt, v) for v in values]


# The bound, in ulp, on the error of each function in each format. f32 was
# measured at 1.06 (exp2), 0.70 (log2) and 1.43 (sin) ulp; f64 at 1 ulp from
# glibc for each (1.09, 0.72 and 1.39 from mpmath); f16 and bf16 at 0.5 ulp
# (correctly rounded).
BOUNDS = {
    ("f32", "exp2"): 1.5, ("f32", "log2"): 1.0, ("f32", "sin"): 2.0,
    ("f64", "exp2"): 2.0, ("f64", "log2"): 2.0, ("f64", "sin"): 2.0,
    ("f16", "exp2"): 1.0, ("f16", "log2"): 1.0, ("f16", "sin"): 1.0,
    ("bf16", "exp2"): 1.0, ("bf16", "log2"): 1.0, ("bf16", "sin"): 1.0,
}

# Bounds on the native results that tiny computes itself rather than
# calling a library: f32 exp2, inline in CPU kernels (-tiny-inline-exp2).
# The other native results are printed for comparison only.
NATIVE_BOUNDS = {("f32", "exp2"): 1.0}


def sections(fmt, fn, rng):
    """(label, values) for one function in one format."""
    if fmt in ("f16", "bf16"):
        # every bit pattern, finite or not
        if fmt == "f16":
            values = [struct.unpack("<e", struct.pack("<H", b))[0]
                      for b in range(1 << 16)]
        else:
            values = [struct.unpack("<f", struct.pack("<I", b << 16))[0]
                      for b in range(1 << 16)]
        return [("all %d %s values" % (len(values), fmt), values)]
    is64 = fmt == "f64"
    if fn == "exp2":
        plan = [("[-100, 100]", 44000, uniform(rng, fmt, -100, 100))]
        if is64:
            plan += [("[-1000, 1000]", 12000,
                      uniform(rng, fmt, -1000, 1000)),
                     ("[-1080, 1025] (subnormal and overflow edges)", 0,
                      uniform(rng, fmt, -1080, 1025))]
        else:
            plan += [("[-155, 129] (subnormal and overflow edges)", 0,
                      uniform(rng, fmt, -155, 129))]
    elif fn == "log2":
        if is64:
            plan = [("[1e-300, 1e300]", 40000,
                     log_uniform(rng, fmt, 1e-300, 1e300)),
                    ("[0.5, 2]", 12000, uniform(rng, fmt, 0.5, 2.0)),
                    ("subnormals [5e-324, 2.2e-308]", 0,
                     log_uniform(rng, fmt, 5e-324, 2.2e-308))]
        else:
            plan = [("[1e-30, 1e30]", 40000,
                     log_uniform(rng, fmt, 1e-30, 1e30)),
                    ("[0.5, 2]", 12000, uniform(rng, fmt, 0.5, 2.0)),
                    ("subnormals [1.4e-45, 1.2e-38]", 0,
                     log_uniform(rng, fmt, 1.4e-45, 1.17e-38))]
    else:
        # Below 4096 (f32) or 2^20 (f64) the reduction is Cody-Waite's,
        # above it Payne-Hanek's; near multiples of pi/2 it cancels most.
        if is64:
            plan = [("[-1000, 1000]", 30000,
                     uniform(rng, fmt, -1000, 1000)),
                    ("near k*pi/2 < 2^20", 8000,
                     near_half_pi_multiples(rng, fmt, 667000)),
                    ("near k*pi/2 in [2^20, 2^50]", 8000,
                     near_half_pi_multiples(rng, fmt, 1 << 50, 667000)),
                    ("|x| in [2^20, 1.8e308]", 0,
                     log_uniform(rng, fmt, 2.0 ** 20, 1.79e308, True))]
        else:
            plan = [("[-1000, 1000]", 30000,
                     uniform(rng, fmt, -1000, 1000)),
                    ("near k*pi/2 < 4096", 8000,
                     near_half_pi_multiples(rng, fmt, 2600)),
                    ("near k*pi/2 in [4096, 2^24]", 8000,
                     near_half_pi_multiples(rng, fmt, 1 << 24, 2608)),
                    ("|x| in [4096, 3.4e38]", 0,
                     log_uniform(rng, fmt, 4096.0, 3.4e38, True))]
    special = specials(fmt)
    remaining = N - len(special)
    result = []
    for i, (label, count, sample) in enumerate(plan):
        if i == len(plan) - 1:
            count = remaining
        remaining -= count
        result.append((label, [sample() for _ in range(count)]))
    result.append(("special values (inf, nan, 0, -0, edges)", special))
    return result


def all_inputs(fmt, fn):
    # One seed per (format, function): the same inputs in gen and check.
    rng = random.Random("%s.%s" % (fmt, fn))
    parts = sections(fmt, fn, rng)
    return parts, [v for _, values in parts for v in values]


#===-----------------------------------------------------------------------===#
# Commands
#===-----------------------------------------------------------------------===#

FUNCTIONS = ("exp2", "log2", "sin")


def gen(directory):
    for fmt, (_, _, _, descr, code) in FORMATS.items():
        for fn in FUNCTIONS:
            _, values = all_inputs(fmt, fn)
            assert len(values) == N
            npy.write_npy("%s/%s.%s.in.npy" % (directory, fmt, fn), descr,
                          code, values)


def report(line):
    """stdout goes to FileCheck; stderr, the same, to the test's log."""
    print(line)
    print(line, file=sys.stderr)


def describe(fmt, fn, x, y):
    return "%s(%r) = %r, expected %r" % (fn, x, y, reference(fn, x))


def check(directory):
    failed = False
    for fmt, (_, _, _, _, code) in FORMATS.items():
        for fn in FUNCTIONS:
            parts, _ = all_inputs(fmt, fn)
            stem = "%s/%s.%s" % (directory, fmt, fn)
            outputs = npy.read_npy(stem + ".out.npy", code)
            try:
                native = npy.read_npy(stem + ".native.npy", code)
            except FileNotFoundError:
                native = None
            if len(outputs) != N:
                sys.exit("%s.out.npy: %d values, expected %d" %
                         (stem, len(outputs), N))
            start = 0
            bound = BOUNDS[fmt, fn]
            for label, values in parts:
                worst, where = 0.0, None
                native_worst = 0.0
                for i, x in enumerate(values):
                    y = outputs[start + i]
                    error = error_ulp(fmt, fn, x, y)
                    if error > worst or where is None:
                        worst, where = error, (x, y)
                    if native is not None:
                        native_worst = max(
                            native_worst,
                            error_ulp(fmt, fn, x, native[start + i]))
                start += len(values)
                ok = worst <= bound
                failed |= not ok
                line = "%s %s %s: max %.3f ulp (bound %g): %s" % (
                    fmt, fn, label, worst, bound, "ok" if ok else "FAIL")
                if native is not None:
                    line += "; native %.3f ulp" % native_worst
                    native_bound = NATIVE_BOUNDS.get((fmt, fn))
                    if native_bound is not None:
                        native_ok = native_worst <= native_bound
                        failed |= not native_ok
                        line += " (bound %g): %s" % (
                            native_bound, "ok" if native_ok else "FAIL")
                report(line)
                if not ok:
                    report("  worst: " + describe(fmt, fn, *where))
    return 1 if failed else 0


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("gen", "check"):
        sys.exit(__doc__)
    if sys.argv[1] == "gen":
        gen(sys.argv[2])
        return 0
    return check(sys.argv[2])


if __name__ == "__main__":
    sys.exit(main())
