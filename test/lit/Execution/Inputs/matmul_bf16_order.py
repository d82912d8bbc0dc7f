"""Inputs and checks of Execution/matmul-bf16-order.mlir.

gen DIR: writes DIR/a.txt and DIR/b.txt, the comma-separated inputs of a
40x64 by 64x80 matmul, every value exact in bf16 (8 significant bits) and
in decimal, each scaled by a power of two from 2^-12 to 1 so that the f32
sums round.

gen-subnormal DIR: writes inputs that are all 2^-70 (normal in bf16), whose
products 2^-140 and sums 64 * 2^-140 = 2^-134 are subnormal in f32.

check-subnormal OUT.npy: prints how many sums are 2^-134 (the f32 path's
exact sums) and how many 0 (what vdpbf16ps, which flushes subnormal
results to zero, gives), and fails on any other value.

run DIR PROGRAM OUT.npy: runs `tiny-run PROGRAM` on them (lit's shell
cannot put a file's text in an argument), its result written to OUT.npy.

check DIR OUT.npy ORDER: compares OUT.npy, bit for bit, with the sums in
f32 accumulated over k in ORDER, each step rounded once as an FMA rounds it
(products of two bf16 are exact; the sums are computed as fractions and
rounded to nearest even): `in-order` k = 0, 1, 2, ...; `pairs-swapped`
k = 1, 0, 3, 2, ..., each pair (k, k + 1) added second first, as vdpbf16ps
does with the first in its even element. It fails if the inputs gave the
same sums in both orders: they must tell the two apart.
"""
import subprocess
import sys
from fractions import Fraction

import numpy as np

M, K, N = 40, 64, 80


def round_to_f32(x):
    """x rounded to the nearest f32 (ties to even); normal range only."""
    if x == 0:
        return Fraction(0)
    exponent = abs(x).numerator.bit_length() - abs(x).denominator.bit_length()
    while abs(x) >= Fraction(2) ** (exponent + 1):
        exponent += 1
    while abs(x) < Fraction(2) ** exponent:
        exponent -= 1
    scale = Fraction(2) ** (exponent - 23)
    return round(x / scale) * scale


def accumulate(a, b, order):
    out = np.zeros((M, N), dtype=np.float32)
    for i in range(M):
        for j in range(N):
            acc = Fraction(0)
            for k in order:
                acc = round_to_f32(acc + a[i][k] * b[k][j])
            out[i, j] = float(acc)
    return out


def load(directory):
    a = [Fraction(v) for v in open(f"{directory}/a.txt").read().split(",")]
    b = [Fraction(v) for v in open(f"{directory}/b.txt").read().split(",")]
    return ([a[i * K:(i + 1) * K] for i in range(M)],
            [b[k * N:(k + 1) * N] for k in range(K)])


def main():
    command, directory = sys.argv[1], sys.argv[2]
    if command == "gen":
        rng = np.random.default_rng(17)
        a = rng.integers(-255, 256, M * K) * 2.0 ** rng.integers(-12, 1, M * K)
        b = rng.integers(-255, 256, K * N) * 2.0 ** rng.integers(-12, 1, K * N)
        for name, values in (("a", a), ("b", b)):
            with open(f"{directory}/{name}.txt", "w") as f:
                f.write(",".join(repr(float(v)) for v in values))
        return
    if command == "gen-subnormal":
        for name, count in (("a", M * K), ("b", K * N)):
            with open(f"{directory}/{name}.txt", "w") as f:
                f.write(",".join([repr(2.0 ** -70)] * count))
        return
    if command == "check-subnormal":
        out = np.load(directory)
        exact = int((out == np.float32(2.0 ** -134)).sum())
        flushed = int((out.view(np.uint32) == 0).sum())
        print(f"{exact} sums 2^-134, {flushed} flushed to 0, "
              f"{out.size - exact - flushed} other")
        sys.exit(0 if exact + flushed == out.size else 1)
    if command == "run":
        inputs = [open(f"{directory}/{name}.txt").read() for name in "ab"]
        sys.exit(subprocess.call(["tiny-run", sys.argv[3], "-i", inputs[0],
                                  "-i", inputs[1], "-o", sys.argv[4]]))
    out = np.load(sys.argv[3])
    order = sys.argv[4]
    a, b = load(directory)
    sums = {"in-order": accumulate(a, b, range(K)),
            "pairs-swapped": accumulate(a, b, [k ^ 1 for k in range(K)])}
    differ = int((sums["in-order"].view(np.uint32) !=
                  sums["pairs-swapped"].view(np.uint32)).sum())
    if differ == 0:
        sys.exit("the inputs do not tell the two orders apart")
    wrong = int((out.view(np.uint32) != sums[order].view(np.uint32)).sum())
    print(f"{wrong} of {M * N} sums differ from the {order} ones "
          f"({differ} of the two orders' differ)")
    sys.exit(1 if wrong else 0)

if __name__ == "__main__":
    main()
