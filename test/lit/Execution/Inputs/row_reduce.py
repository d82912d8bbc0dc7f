#!/usr/bin/env python3
"""Inputs and reference results for row-reduce.mlir (needs numpy).

  row_reduce.py gen DIR    writes the input: DIR/x.npy (6x300 f32)
  row_reduce.py check DIR  reads DIR/<case>.npy, compares it with the
      result computed here in float64, prints one line per case and exits 1
      on a difference beyond f32 rounding.
"""

import sys

import numpy as np

ROWS, COLS = 6, 300


def inputs():
    rng = np.random.default_rng(17)
    x = rng.standard_normal((ROWS, COLS)) * 3 + rng.standard_normal((ROWS, 1))
    return x.astype(np.float32)


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layernorm(x):
    y = x - x.mean(axis=1, keepdims=True)
    return y / np.sqrt((y * y).mean(axis=1, keepdims=True) + 1e-5)


def expected(x):
    x = x.astype(np.float64)
    return {
        "softmax": softmax(x),
        "layernorm": layernorm(x),
        "softmax_t": softmax(x).T,
        "softmax_flat": softmax(x).reshape(-1),
        "softmax_assign": softmax(x).reshape(-1),
        "centered_twice.0": x - x.max(axis=1, keepdims=True),
        "centered_twice.1": x * x.max(axis=1, keepdims=True),
    }


def main():
    mode, folder = sys.argv[1], sys.argv[2]
    x = inputs()
    if mode == "gen":
        np.save(f"{folder}/x.npy", x.reshape(-1))
        return 0
    failed = False
    for name, want in expected(x).items():
        got = np.load(f"{folder}/{name}.npy").astype(np.float64)
        shape = "x".join(str(d) for d in want.shape)
        if got.shape != want.shape:
            print(f"{name}: shape {got.shape}, expected {want.shape}")
            failed = True
            continue
        # f32 rounding of the inputs' sums and of exp: a few ulps.
        close = np.isclose(got, want, rtol=1e-5, atol=1e-6)
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
