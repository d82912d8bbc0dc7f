#!/usr/bin/env python3
"""Inputs and reference results for matmul-packed.mlir and
matmul-few-rows.mlir (needs numpy).

  matmul_packed.py gen DIR [PREFIX]    writes DIR/<case>.a.npy (M x K) and
      DIR/<case>.b.npy (K x N), flat
  matmul_packed.py check DIR [PREFIX]  reads DIR/<case>.out.npy, compares
      it with the product computed here in int64, prints one line per case
      and exits 1 on any difference.

The cases are those whose names start with PREFIX (default mm_packed_).

The inputs are small integers (|a|, |b| <= 4, K <= 4096: every partial sum
is below 2^17), so every product and partial sum is exact in f32 and the
results must match exactly, whatever the order of the additions.
"""

import sys

import numpy as np

# name: (M, N, K, relu)
CASES = {
    "mm_packed_512": (16, 512, 512, False),
    "mm_packed_cols": (8, 2048, 256, False),
    "mm_packed_odd": (24, 1023, 1023, False),
    "mm_packed_relu": (16, 1024, 1024, True),
    "mm_packed_auto": (16, 1024, 4096, False),
    "mm_few_2": (2, 2048, 512, False),
    "mm_few_3": (3, 1024, 1024, True),
    "mm_few_4": (4, 2048, 256, False),
}


def inputs(name):
    m, n, k, _ = CASES[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    a = rng.integers(-4, 5, size=(m, k)).astype(np.float32)
    b = rng.integers(-4, 5, size=(k, n)).astype(np.float32)
    return a, b


def expected(name):
    # An integer matmul: exact, and independent of any float summation order.
    a, b = inputs(name)
    product = a.astype(np.int64) @ b.astype(np.int64)
    return np.maximum(product, 0) if CASES[name][3] else product


def main():
    mode, directory = sys.argv[1], sys.argv[2]
    prefix = sys.argv[3] if len(sys.argv) > 3 else "mm_packed_"
    cases = {name: case for name, case in CASES.items()
             if name.startswith(prefix)}
    if mode == "gen":
        for name in cases:
            a, b = inputs(name)
            np.save(f"{directory}/{name}.a.npy", a.reshape(-1))
            np.save(f"{directory}/{name}.b.npy", b.reshape(-1))
        return 0
    failed = False
    for name, (m, n, _, _) in cases.items():
        out = np.load(f"{directory}/{name}.out.npy")
        want = expected(name)
        # Every product is an integer below 2^24 in magnitude: exact in f32.
        out = out.astype(np.int64) if np.array_equal(out, np.round(out)) \
            else out.astype(np.float64)
        if out.shape != want.shape:
            print(f"{name}: shape {out.shape}, expected {want.shape}")
            failed = True
        elif not np.array_equal(out, want):
            bad = np.argwhere(out != want)
            print(f"{name}: {len(bad)} elements differ, first at "
                  f"{tuple(bad[0])}: {out[tuple(bad[0])]} vs "
                  f"{want[tuple(bad[0])]}")
            failed = True
        else:
            print(f"{name}: {m}x{n} exact")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
