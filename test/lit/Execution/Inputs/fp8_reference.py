"""Expected values of fp8-casts.mlir, computed from the formats' definitions.

Each fp8 format is described by its widths, bias and special encodings; its
256 codes are decoded to exact fractions, and a value is encoded by picking
the nearest finite code (ties to the even code), after clamping a finite
magnitude to the largest (tinygrad saturates). No bit tricks are shared with
the lowering under test: rounding here is a search over exact rationals.

Usage:
  fp8_reference.py            print the RUN inputs and CHECK lines
  fp8_reference.py --tinygrad compare every value with tinygrad's own
                              float_to_fp8 / fp8_to_float (PYTHONPATH must
                              reach tinygrad); prints the number compared
"""

import math
import struct
import sys
from fractions import Fraction

# name -> (exponent bits, mantissa bits, bias, kind)
#   kind: "fn" (no inf, S.1111.111 is NaN), "ieee" (inf and NaNs in the top
#   exponent), "fnuz" (0x80 is the only NaN, no inf, no -0)
FORMATS = {
    "f8E4M3FN": (4, 3, 7, "fn"),
    "f8E5M2": (5, 2, 15, "ieee"),
    "f8E4M3FNUZ": (4, 3, 8, "fnuz"),
    "f8E5M2FNUZ": (5, 2, 16, "fnuz"),
}
TINYGRAD = {"f8E4M3FN": "fp8e4m3", "f8E5M2": "fp8e5m2",
            "f8E4M3FNUZ": "fp8e4m3fnuz", "f8E5M2FNUZ": "fp8e5m2fnuz"}


def decode(fmt, code):
    """The value of `code`: a Fraction, "nan", "inf" or "-inf"; -0 is
    ("-0",)."""
    ebits, mbits, bias, kind = FORMATS[fmt]
    sign = code >> 7
    exponent = (code >> mbits) & ((1 << ebits) - 1)
    mantissa = code & ((1 << mbits) - 1)
    if kind == "fnuz" and code == 0x80:
        return "nan"
    if kind == "fn" and code & 0x7F == 0x7F:
        return "nan"
    if kind == "ieee" and exponent == (1 << ebits) - 1:
        if mantissa:
            return "nan"
        return "-inf" if sign else "inf"
    if exponent == 0:
        magnitude = Fraction(mantissa, 1 << mbits) * Fraction(2) ** (1 - bias)
    else:
        magnitude = (1 + Fraction(mantissa, 1 << mbits)) * \
            Fraction(2) ** (exponent - bias)
    if magnitude == 0 and sign:
        return ("-0",)
    return -magnitude if sign else magnitude


def finite_codes(fmt):
    """(value, code) of the non-negative finite codes, ascending."""
    out = [(decode(fmt, c), c) for c in range(0x80)]
    return [(v, c) for v, c in out if isinstance(v, Fraction)]


def encode(fmt, x):
    """The code tinygrad's rules give the Python float `x`."""
    kind = FORMATS[fmt][3]
    negative = math.copysign(1.0, x) < 0
    sign = 0x80 if negative else 0
    if math.isnan(x):
        return 0x80 if kind == "fnuz" else sign | 0x7F
    if math.isinf(x):
        if kind == "fnuz":
            return 0x80
        return sign | (0x7C if kind == "ieee" else 0x7F)
    codes = finite_codes(fmt)
    magnitude = min(abs(Fraction(x)), codes[-1][0])
    best = min(codes, key=lambda vc: (abs(vc[0] - magnitude), vc[1] & 1))
    code = best[1]
    if kind == "fnuz" and code == 0:
        return 0
    return sign | code


def f32_bits(value):
    """The f32 bits of a decoded fp8 value (exact); NaN as tiny makes it."""
    if value == "nan":
        return None
    if value == "inf":
        return 0x7F800000
    if value == "-inf":
        return 0xFF800000
    if value == ("-0",):
        return 0x80000000
    return struct.unpack("<I", struct.pack("<f", float(value)))[0]


def extend_bits(fmt, code):
    """What tiny's extf gives for `code`: the exact f32, and for a NaN a
    quiet NaN with the code's sign (fnuz: positive)."""
    bits = f32_bits(decode(fmt, code))
    if bits is not None:
        return bits
    sign = code >> 7 if FORMATS[fmt][3] != "fnuz" else 0
    return (sign << 31) | 0x7FC00000


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


# f32 inputs, as bits: signed zeros, ties, saturation, inf/NaN, subnormals.
def _bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


F32_INPUTS = [
    0x00000000, 0x80000000,                       # +0, -0
    _bits(1.0), _bits(-1.0), _bits(0.1), _bits(-3.14159),
    # ties and near-ties of the 3-bit mantissa (1 + 1/16 is halfway
    # between 1 and 1.125) and the 2-bit one (1 + 1/8, 1 + 3/8)
    _bits(1.0625), _bits(1.1875), _bits(1.125), _bits(1.375),
    _bits(1.0625) + 1, _bits(1.125) + 1, _bits(-1.1875),
    # the largest finite values and beyond (saturation)
    _bits(240.0), _bits(248.0), _bits(249.0), _bits(448.0), _bits(464.0),
    _bits(465.0), _bits(-480.0), _bits(57344.0), _bits(61440.0),
    _bits(61441.0), _bits(-65536.0), _bits(1e30), 0x7F7FFFFF,
    # infinities and NaNs (both signs)
    0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001,
    # subnormals of each format, their halves (ties to 0) and 1.5x (ties
    # to the even 2x), and rounding up into the smallest normal
    _bits(2.0 ** -9), _bits(2.0 ** -10), _bits(3 * 2.0 ** -10),
    _bits(2.0 ** -10) + 1, _bits(7.5 * 2.0 ** -9), _bits(-2.0 ** -9),
    _bits(2.0 ** -16), _bits(2.0 ** -17), _bits(3 * 2.0 ** -17),
    _bits(2.0 ** -18), _bits(-2.0 ** -17), _bits(2.0 ** -11),
    _bits(-1e-10), 0x00000001, 0x80000001,        # f32 subnormals
]

# f64 inputs where rounding through f32 first would round twice, and an
# f64 beyond the f32 range.
F64_INPUTS = [1 + 2.0 ** -4 + 2.0 ** -40, 1 + 2.0 ** -3 + 2.0 ** -40,
              -(1 + 2.0 ** -4 + 2.0 ** -40), 1e300, -1e300, 2.0 ** -20]

# i32 inputs: a tie (17 lies between 16 and 18 in e4m3), saturation.
I32_INPUTS = [0, 17, -3, 100, 1000000, -2147483648]

# add(a, b) on codes: ties of the sum, saturation, NaN, signed zeros.
ADD_INPUTS = {
    # 1 + 1/16 (a tie: 1.0), 1.125 + 0.0625 (a tie: 1.25), 448 + 448,
    # -448 - 448, NaN + 1, 0 + -0, -0 + -0, 1 + -1
    "f8E4M3FN": [(0x38, 0x18), (0x39, 0x18), (0x7E, 0x7E), (0xFE, 0xFE),
                 (0x7F, 0x38), (0x00, 0x80), (0x80, 0x80), (0x38, 0xB8)],
    # 1 + 0.125 (a tie: 1.0), 57344 + 57344 (saturates), inf + 1, inf - inf,
    # 0 + -0, -0 + -0, 1 + -1, 2^-16 + 2^-16
    "f8E5M2": [(0x3C, 0x30), (0x7B, 0x7B), (0x7C, 0x3C), (0x7C, 0xFC),
               (0x00, 0x80), (0x80, 0x80), (0x3C, 0xBC), (0x01, 0x01)],
    # 240 + 240 (saturates), NaN + 1, 1 + -1 (+0, no -0), 1 + 1/16 (tie)
    "f8E4M3FNUZ": [(0x7F, 0x7F), (0x80, 0x40), (0x40, 0xC0), (0x40, 0x20),
                   (0xFF, 0xFF), (0x01, 0x81), (0x00, 0x00), (0x01, 0x01)],
    "f8E5M2FNUZ": [(0x7F, 0x7F), (0x80, 0x40), (0x40, 0xC0), (0x40, 0x34),
                   (0xFF, 0xFF), (0x01, 0x81), (0x00, 0x00), (0x01, 0x01)],
}


def add_code(fmt, a, b):
    """tinygrad's add of two codes: the f32 sum of the decoded values,
    rounded to fp8."""
    x, y = f32(extend_bits(fmt, a)), f32(extend_bits(fmt, b))
    total = struct.unpack("<f", struct.pack("<f", x + y))[0] \
        if math.isfinite(x + y) else x + y
    return encode(fmt, total)


def expectations():
    """(RUN inputs, {prefix: expected line}) for fp8-casts.mlir."""
    lines = {}
    for fmt in FORMATS:
        codes = [encode(fmt, f32(b)) for b in F32_INPUTS]
        lines["F32_TO_" + fmt] = codes
        codes = [encode(fmt, x) for x in F64_INPUTS]
        lines["F64_TO_" + fmt] = codes
        codes = [encode(fmt, float(x)) for x in I32_INPUTS]
        lines["I32_TO_" + fmt] = codes
        lines["TO_F32_" + fmt] = [extend_bits(fmt, c) for c in range(256)]
        pairs = ADD_INPUTS[fmt]
        lines["ADD_" + fmt] = [add_code(fmt, a, b) for a, b in pairs]
    # fp8 -> fp8: through the exact f32 value
    lines["E5M2_TO_E4M3FN"] = [encode("f8E4M3FN", f32(extend_bits("f8E5M2", c)))
                               for c in range(256)]
    lines["E4M3FN_TO_E5M2"] = [encode("f8E5M2", f32(extend_bits("f8E4M3FN", c)))
                               for c in range(256)]
    return lines


def check_tinygrad():
    from tinygrad import dtypes
    from tinygrad.dtype import float_to_fp8, fp8_to_float
    compared = 0
    for fmt in FORMATS:
        dt = getattr(dtypes, TINYGRAD[fmt])
        inputs = [f32(b) for b in F32_INPUTS] + F64_INPUTS + \
            [float(x) for x in I32_INPUTS]
        for x in inputs:
            ours, theirs = encode(fmt, x), float_to_fp8(x, dt)
            assert ours == theirs, (fmt, x, ours, theirs)
            compared += 1
        for c in range(256):
            ours, theirs = f32(extend_bits(fmt, c)), fp8_to_float(c, dt)
            same = (math.isnan(ours) and math.isnan(theirs)) or (
                ours == theirs and
                math.copysign(1, ours) == math.copysign(1, theirs))
            assert same, (fmt, hex(c), ours, theirs)
            compared += 1
    print("matches tinygrad on", compared, "values")


def main():
    if sys.argv[1:] == ["--tinygrad"]:
        check_tinygrad()
        return
    print("f32 bits:", ",".join(str(b) for b in F32_INPUTS))
    print("f64:", ",".join(repr(x) for x in F64_INPUTS))
    print("i32:", ",".join(str(x) for x in I32_INPUTS))
    for fmt in FORMATS:
        pairs = ADD_INPUTS[fmt]
        print("add %s a:" % fmt, ",".join(str(a) for a, _ in pairs))
        print("add %s b:" % fmt, ",".join(str(b) for _, b in pairs))
    for prefix, values in expectations().items():
        print("// %s: [%s]" % (prefix, ", ".join(str(v) for v in values)))


if __name__ == "__main__":
    main()
