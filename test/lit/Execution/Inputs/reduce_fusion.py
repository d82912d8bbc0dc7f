#!/usr/bin/env python3
"""Inputs and reference results for reduce-fusion.mlir (needs numpy).

  reduce_fusion.py gen DIR    writes the inputs: DIR/a40.npy (40x32),
      DIR/a19.npy (19x32), DIR/b.npy (32x24), DIR/b32.npy (32x32),
      DIR/bias.npy (24)
  reduce_fusion.py check DIR  reads DIR/<case>.npy, compares it with the
      result computed here, prints one line per case and exits 1 on any
      difference.

The inputs are small integers, so every product and partial sum is an
integer well inside f32's exact range: results must match exactly.
"""

import sys

import numpy as np


def inputs():
    rng = np.random.default_rng(12)
    return {
        "a40": rng.integers(-3, 4, size=(40, 32)).astype(np.float32),
        "a19": rng.integers(-3, 4, size=(19, 32)).astype(np.float32),
        "b": rng.integers(-3, 4, size=(32, 24)).astype(np.float32),
        "b32": rng.integers(-3, 4, size=(32, 32)).astype(np.float32),
        "bias": rng.integers(-8, 9, size=(24,)).astype(np.float32),
    }


def expected(x):
    # Products in float64: exact for these integers.
    mm = x["a40"].astype(np.float64) @ x["b"].astype(np.float64)
    tail = x["a19"].astype(np.float64) @ x["b32"].astype(np.float64)
    return {
        "max_matmul": np.maximum(mm, 0),
        "max_matmul_tail": np.maximum(tail, 0),
        "bias_max_matmul": np.maximum(mm + x["bias"], 0),
        "mask_matmul": (mm > 0).astype(np.float64),
        "flip_matmul": mm + mm[::-1, :],
        "relu_matmul": np.where(mm > 0, mm, 0),
        "bias_relu_matmul": np.where(mm + x["bias"] > 0, mm + x["bias"], 0),
        "square_matmul": mm * mm,
        "two_outputs_matmul.0": np.where(mm > 0, mm, 0),
        "two_outputs_matmul.1": 2 * mm,
    }


def main():
    mode, folder = sys.argv[1], sys.argv[2]
    x = inputs()
    if mode == "gen":
        for name, value in x.items():
            np.save(f"{folder}/{name}.npy", value.reshape(-1))
        return 0
    failed = False
    for name, want in expected(x).items():
        got = np.load(f"{folder}/{name}.npy")
        shape = "x".join(str(d) for d in want.shape)
        if got.shape != want.shape:
            print(f"{name}: shape {got.shape}, expected {want.shape}")
            failed = True
        elif not np.array_equal(got.astype(np.float64), want):
            where = np.argwhere(got != want)[0]
            print(f"{name}: {shape} differs at {tuple(where)}: "
                  f"{got[tuple(where)]} != {want[tuple(where)]}")
            failed = True
        else:
            print(f"{name}: {shape} exact")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
