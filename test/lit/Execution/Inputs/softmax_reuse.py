#!/usr/bin/env python3
"""Inputs and reference results for softmax-reuse.mlir (needs numpy).

  softmax_reuse.py gen DIR    writes the inputs: DIR/<case>.x.npy (f32)
  softmax_reuse.py check DIR  reads DIR/<case>.npy, compares it with the
      softmax computed here in float64, prints one line per case and exits
      1 on a difference beyond f32 rounding.
"""

import sys

import numpy as np

INF = np.inf
BIG = np.finfo(np.float32).max


def inputs():
    rng = np.random.default_rng(37)
    special = np.array([
        # -inf beside finite values: exp of -inf is 0.
        [-INF, 0.0, 1.0, -INF, 2.0],
        # The largest floats: x - max overflows to -inf for the smallest.
        [BIG, -BIG, BIG, 0.0, -1.0],
        # One value far above the others: the result is one-hot.
        [1e30, 1.0, -1e30, 0.0, 3.0],
        # Every value -inf: x - max is NaN, as numpy computes it.
        [-INF, -INF, -INF, -INF, -INF],
    ])
    return {
        "softmax_3x5": (rng.standard_normal((3, 5)) * 4).astype(np.float32),
        "softmax_7x4097":
        (rng.standard_normal((7, 4097)) * 3 +
         rng.standard_normal((7, 1)) * 10).astype(np.float32),
        "softmax_special": special.astype(np.float32),
    }


def softmax(x):
    with np.errstate(invalid="ignore", over="ignore"):
        e = np.exp(x - x.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)


def main():
    mode, folder = sys.argv[1], sys.argv[2]
    failed = False
    for name, x in inputs().items():
        if mode == "gen":
            np.save(f"{folder}/{name}.x.npy", x.reshape(-1))
            continue
        want = softmax(x.astype(np.float64))
        got = np.load(f"{folder}/{name}.npy").astype(np.float64)
        shape = "x".join(str(d) for d in want.shape)
        if got.shape != want.shape:
            print(f"{name}: shape {got.shape}, expected {want.shape}")
            failed = True
            continue
        # f32 rounding of exp and of the row's sum: a few ulps.
        close = np.isclose(got, want, rtol=1e-5, atol=1e-7, equal_nan=True)
        if not close.all():
            where = tuple(np.argwhere(~close)[0])
            print(f"{name}: {shape} differs at {where}: "
                  f"{got[where]} != {want[where]}")
            failed = True
        else:
            print(f"{name}: {shape} close")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
